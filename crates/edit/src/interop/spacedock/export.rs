//! Exporting a fleet as a Space Dock squad file: every card by the record
//! the mapping writes for it (an either-slot card by the slot the engine
//! assigns it); a card without a Space Dock id is a problem.

use super::Mapping;
use crate::interop::json::string as json;
use crate::interop::model::{FleetModel, Problem};
use fleetcheck_data::model::CardType;
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::Source;
use fleetcheck_staw::CheckOptions;
use std::fmt::Write as _;

/// Space Dock's order of a ship's upgrades: admiral, fleet captain,
/// talents, crew, tech, weapon (then the rest), each by title.
/// The `"upgrades"` field of a Space Dock ship: its upgrades as (rank,
/// normalised title, Space Dock id, title), written in rank and title order.
fn push_upgrades(fields: &mut Vec<String>, mut ups: Vec<(usize, String, String, String)>) {
    if ups.is_empty() {
        return;
    }
    ups.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let list: Vec<String> = ups
        .into_iter()
        .map(|(_, _, sid, title)| {
            format!(
                "        {{\n          \"upgradeId\": {},\n          \"upgradeTitle\": {}\n        }}",
                json(&sid),
                json(&title)
            )
        })
        .collect();
    fields.push(format!(
        "      \"upgrades\": [\n{}\n      ]",
        list.join(",\n")
    ));
}

/// The `"captain"` field of a Space Dock ship (or of the sideboard).
fn captain_field(sid: &str, title: &str) -> String {
    format!(
        "      \"captain\": {{\n        \"upgradeId\": {},\n        \"upgradeTitle\": {}\n      }}",
        json(sid),
        json(title)
    )
}

fn rank(kind: CardType, slot: Option<&str>) -> usize {
    match (kind, slot) {
        (CardType::Admiral, _) => 0,
        (CardType::FleetCaptain, _) => 1,
        (_, Some("talent")) => 2,
        (_, Some("crew")) => 3,
        (_, Some("tech")) => 4,
        (_, Some("weapon")) => 5,
        (_, Some("borg")) => 6,
        (_, Some("squadron")) => 7,
        (CardType::Officer, _) => 8,
        _ => 9,
    }
}

/// The squad file of a fleet. The slots the engine assigns decide which
/// record an either-slot card is written as.
pub fn export(
    db: &Database,
    map: &Mapping,
    fleet: &FleetModel,
    source: &Source,
) -> (String, Vec<Problem>) {
    let mut problems = Vec::new();
    // The slot type each upgrade is counted as, per ship, in file order.
    let slots: Vec<Vec<(String, Option<String>)>> =
        crate::interop::priced::with_analysis(db, source, &CheckOptions::default(), |a| {
            crate::interop::priced::layout(a)
                .ships
                .into_iter()
                .map(|s| s.types)
                .collect()
        })
        .unwrap_or_default();
    let entry = |id: &str,
                 slot: Option<&str>,
                 problems: &mut Vec<Problem>|
     -> Option<(String, String)> {
        match map.export_id(id, slot) {
            Some(e) => Some((e.spacedock.clone(), e.title.clone())),
            None => {
                let name = db.by_id(id).map_or(id.to_string(), |c| c.name.clone());
                problems.push(Problem::error(format!(
                    "{name} ({id}) has no Space Dock id (Space Dock's 2018 card data has no such card, or it could not be told apart)"
                )));
                None
            }
        }
    };
    let mut ships = Vec::new();
    for (i, s) in fleet.ships.iter().enumerate() {
        let mut fields = Vec::new();
        if let Some(e) = entry(&s.ship, None, &mut problems) {
            fields.push(format!("      \"shipId\": {}", json(&e.0)));
            fields.push(format!("      \"shipTitle\": {}", json(&e.1)));
        }
        if let Some(f) = &s.flagship {
            if let Some(e) = entry(f, None, &mut problems) {
                fields.push(format!("      \"flagship\": {}", json(&e.0)));
            }
        }
        if let Some(c) = &s.captain {
            if let Some((sid, title)) = entry(c, None, &mut problems) {
                fields.push(captain_field(&sid, &title));
            }
        }
        if s.ambassador.is_some() || s.construction.is_some() {
            for id in s.ambassador.iter().chain(&s.construction) {
                let name = db.by_id(id).map_or(id.clone(), |c| c.name.clone());
                problems.push(Problem::error(format!(
                    "{name} ({id}): Space Dock squads have no place for ambassadors or starship construction cards"
                )));
            }
        }
        let mut ups: Vec<(usize, String, String, String)> = Vec::new();
        let mut assigned = slots.get(i).cloned().unwrap_or_default();
        let mut add = |id: &str, kind: CardType, problems: &mut Vec<Problem>| {
            let slot = assigned
                .iter()
                .position(|(c, _)| c == id)
                .map(|k| assigned.remove(k).1)
                .unwrap_or(None);
            let card = db.by_id(id);
            let slot = slot
                .filter(|s| s != "none")
                .or_else(|| card.and_then(|c| c.slot.clone()));
            if let Some((sid, title)) = entry(id, slot.as_deref(), problems) {
                ups.push((rank(kind, slot.as_deref()), normalize(&title), sid, title));
            }
        };
        for a in s.admiral.iter() {
            add(a, CardType::Admiral, &mut problems);
        }
        for f in s.fleet_captain.iter() {
            add(f, CardType::FleetCaptain, &mut problems);
        }
        for o in &s.officers {
            add(o, CardType::Officer, &mut problems);
        }
        for u in &s.upgrades {
            let kind = db.by_id(u).map_or(CardType::Upgrade, |c| c.kind);
            add(u, kind, &mut problems);
        }
        push_upgrades(&mut fields, ups);
        ships.push(format!("    {{\n{}\n    }}", fields.join(",\n")));
    }
    if !fleet.sideboard.is_empty() {
        let mut fields = vec!["      \"sideboard\": true".to_string()];
        let mut ups = Vec::new();
        for (section, id) in &fleet.sideboard {
            if section == "captain" {
                if let Some((sid, title)) = entry(id, None, &mut problems) {
                    fields.push(captain_field(&sid, &title));
                }
            } else if let Some((sid, title)) = entry(id, Some(section), &mut problems) {
                ups.push((
                    rank(CardType::Upgrade, Some(section)),
                    normalize(&title),
                    sid,
                    title,
                ));
            }
        }
        push_upgrades(&mut fields, ups);
        ships.push(format!("    {{\n{}\n    }}", fields.join(",\n")));
    }
    let mut out = String::from("{\n");
    let name = fleet.name.clone().unwrap_or_else(|| {
        std::path::Path::new(&source.path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    let _ = writeln!(out, "  \"name\": {},", json(&name));
    let _ = writeln!(
        out,
        "  \"notes\": {},",
        json(fleet.notes.as_deref().unwrap_or(""))
    );
    let _ = writeln!(
        out,
        "  \"additionalPoints\": {},",
        fleet.additional_points.unwrap_or(0)
    );
    if let Some(r) = &fleet.resource {
        if let Some((sid, _)) = entry(r, None, &mut problems) {
            let _ = writeln!(out, "  \"resource\": {},", json(&sid));
        }
    }
    let _ = writeln!(out, "  \"ships\": [\n{}\n  ]", ships.join(",\n"));
    out.push_str("}\n");
    (out, problems)
}
