//! `fleetcheck sideboard` (table output): the Reinforcements Sideboard's
//! cards with their prices, the total against 20 SP and the resource's own
//! cost, then the swap plan as a matrix (sideboard cards as rows, ships as
//! columns) with a numbered note for every refusal and Auxiliary Power
//! token.

use super::model::{FleetReport, SwapReport};
use super::table;
use super::{Checked, RenderOptions};
use std::borrow::Cow;
use std::io::{self, Write};

/// Renders the sideboard and swap plan of one checked file, then its
/// diagnostics and verdict.
pub fn render(w: &mut dyn Write, checked: &Checked, opts: &RenderOptions) -> io::Result<()> {
    let r = &checked.report;
    table::header(w, r)?;
    match &r.sideboard {
        Some(sb) if table::has_costs(r) => {
            writeln!(w, "{}", table::sideboard_table(sb, opts))?;
            writeln!(
                w,
                "{}, not part of the fleet total",
                table::sideboard_line(sb.total, sb.cap)
            )?;
            if let Some(res) = &r.resource {
                writeln!(
                    w,
                    "Resource {} ({}): {} SP in the fleet total",
                    res.name, res.id, res.cost
                )?;
            }
            writeln!(w)?;
            swap_matrix(w, r, opts)?;
        }
        _ if table::has_costs(r) => writeln!(w, "This fleet has no [sideboard].")?,
        _ => {}
    }
    table::diagnostics(w, checked, opts)?;
    table::verdict(w, checked, opts)
}

fn swap_matrix(w: &mut dyn Write, r: &FleetReport, opts: &RenderOptions) -> io::Result<()> {
    let plan = r.swap_plan.as_deref().unwrap_or_default();
    if r.ships.is_empty() || plan.is_empty() {
        return writeln!(w, "Swap plan: no ship to swap with.");
    }
    writeln!(
        w,
        "Swap plan (once per round, a ship's Action; AP = an Auxiliary Power token is placed):"
    )?;
    let mut header = vec!["Sideboard card".to_string()];
    header.extend(
        r.ships
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}. {}", i + 1, s.ship.name)),
    );
    let mut notes: Vec<String> = Vec::new();
    let mut rows: Vec<(String, String)> = Vec::new();
    for s in plan {
        let key = (s.section.clone(), s.card.id.clone());
        if !rows.contains(&key) {
            rows.push(key);
        }
    }
    let mut cells = Vec::with_capacity(rows.len());
    for (section, id) in &rows {
        let of_card: Vec<&SwapReport> = plan
            .iter()
            .filter(|s| &s.section == section && &s.card.id == id)
            .collect();
        let name = of_card.first().map_or("", |s| s.card.name.as_str());
        let mut row: Vec<Cow<'_, str>> = vec![format!("{section}: {name} ({id})").into()];
        for ship in 1..=r.ships.len() {
            let text = match of_card.iter().find(|s| s.ship_index == ship) {
                Some(s) => cell_text(s, &mut notes),
                None => "-".to_string(),
            };
            row.push(text.into());
        }
        cells.push(row);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    writeln!(w, "{}", table::draw(&header, cells, &[], opts))?;
    for (i, n) in notes.iter().enumerate() {
        writeln!(w, "  [{}] {n}", i + 1)?;
    }
    Ok(())
}

/// The swap plan's note on a captain exchange.
pub(crate) const CAPTAIN_SWAP_NOTE: &str = "exchanging captains places no Auxiliary Power token: rule 4 of the Reinforcements Sideboard speaks of upgrades only";

/// One cell: "equip", "exchange X", "no [n]", with "+AP [n]" when a token
/// is placed; the reasons go into `notes`.
fn cell_text(s: &SwapReport, notes: &mut Vec<String>) -> String {
    // The same reason on several ships gets one number.
    let mut note = |text: String| match notes.iter().position(|n| *n == text) {
        Some(i) => i + 1,
        None => {
            notes.push(text);
            notes.len()
        }
    };
    if let Some(why) = &s.not_allowed {
        return format!("no [{}]", note(why.clone()));
    }
    let mut parts = Vec::new();
    if s.equip {
        parts.push("equip".to_string());
    }
    for x in &s.exchange {
        parts.push(format!("exchange {x}"));
    }
    if parts.is_empty() {
        parts.push(format!(
            "no [{}]",
            note("no free slot of its type and nothing of its type to exchange".into())
        ));
        return parts.join("\n");
    }
    if let Some(why) = &s.auxiliary_power {
        parts.push(format!("+AP [{}]", note(why.clone())));
    }
    if s.section == "captain" && !s.exchange.is_empty() {
        // Players ask: rule 4 speaks of upgrades only.
        parts.push(format!("no AP [{}]", note(CAPTAIN_SWAP_NOTE.into())));
    }
    parts.join("\n")
}
