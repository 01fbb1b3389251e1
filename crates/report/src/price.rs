//! The cost breakdown (`fleetcheck price`, table output): every card with
//! its base cost, each modifier on its own line (kind, signed amount, the
//! card or rule that caused it), the card's cost, per ship and in total.
//! The JSON output of `price` is the ordinary report (`super::json`), which
//! carries the same modifiers.

use super::model::{FleetReport, Modifier};
use super::table;
use super::{Checked, RenderOptions};
use fleetcheck_data::names;
use std::borrow::Cow;
use std::io::{self, Write};

/// Renders the breakdown of one checked file, then its diagnostics and
/// verdict.
pub fn render(w: &mut dyn Write, checked: &Checked, opts: &RenderOptions) -> io::Result<()> {
    let r = &checked.report;
    table::header(w, r)?;
    if table::has_costs(r) {
        writeln!(w, "{}", breakdown(r, opts))?;
        if let Some(sb) = &r.sideboard {
            writeln!(
                w,
                "{}, not part of the fleet total",
                table::sideboard_line(sb.total, sb.cap)
            )?;
        }
        if let Some(total) = r.total {
            writeln!(w, "{}", table::total_line(total, r.cap))?;
        }
    } else if let Some(text) = &checked.text {
        write!(w, "{text}")?;
    }
    table::diagnostics(w, checked, opts)?;
    table::verdict(w, checked, opts)
}

type Rows<'r> = Vec<Vec<Cow<'r, str>>>;

/// Adds a card's rows: the first modifier on the card's own row, the others
/// on continuation rows, so that every modifier is one line.
fn add_card<'r>(rows: &mut Rows<'r>, label: String, base: i32, mods: &'r [Modifier], cost: i32) {
    let first = mods.first();
    let mut row: Vec<Cow<'r, str>> = vec![label.into(), base.to_string().into()];
    row.extend(modifier_cells(first));
    row.push(cost.to_string().into());
    rows.push(row);
    for m in mods.iter().skip(1) {
        let mut row: Vec<Cow<'r, str>> = vec!["".into(), "".into()];
        row.extend(modifier_cells(Some(m)));
        row.push("".into());
        rows.push(row);
    }
}

fn modifier_cells(m: Option<&Modifier>) -> [Cow<'_, str>; 3] {
    match m {
        Some(m) => [
            m.kind.as_str().into(),
            format!("{:+}", m.amount).into(),
            m.source.as_str().into(),
        ],
        None => ["".into(), "".into(), "".into()],
    }
}

fn subtotal(rows: &mut Rows<'_>, label: String, amount: i32) {
    let mut row: Vec<Cow<'_, str>> = vec![label.into()];
    row.extend(["", "", "", ""].map(Cow::from));
    row.push(amount.to_string().into());
    rows.push(row);
}

fn breakdown(r: &FleetReport, opts: &RenderOptions) -> String {
    let mut rows = Rows::new();
    for (n, ship) in r.ships.iter().enumerate() {
        let base = table::base_of(ship.cost, &ship.modifiers);
        add_card(
            &mut rows,
            format!("{}. {} ({})", n + 1, ship.ship.name, ship.ship.id),
            base,
            &ship.modifiers,
            ship.cost,
        );
        for c in &ship.cards {
            let slot = c
                .slot
                .as_deref()
                .map_or(String::new(), |s| format!(", {}", names::slot(s)));
            add_card(
                &mut rows,
                format!(
                    "   {} ({}; {}{slot})",
                    c.name,
                    c.id,
                    c.kind.replace('-', " ")
                ),
                c.base,
                &c.modifiers,
                c.cost,
            );
        }
        subtotal(
            &mut rows,
            format!("   ship total: {}", ship.ship.name),
            ship.total,
        );
    }
    if let Some(res) = &r.resource {
        let base = table::base_of(res.cost, &res.modifiers);
        add_card(
            &mut rows,
            format!("resource: {} ({})", res.name, res.id),
            base,
            &res.modifiers,
            res.cost,
        );
    }
    if let Some(points) = r.additional_points.filter(|&p| p != 0) {
        subtotal(&mut rows, "additional points".into(), points);
    }
    if let Some(sb) = &r.sideboard {
        for c in &sb.cards {
            add_card(
                &mut rows,
                format!("sideboard {}: {} ({})", c.section, c.card.name, c.card.id),
                c.card.base,
                &c.card.modifiers,
                c.card.cost,
            );
        }
    }
    table::draw(
        &["Card", "Base", "Modifier", "Amount", "Source", "Cost"],
        rows,
        &[1, 3, 5],
        opts,
    )
}
