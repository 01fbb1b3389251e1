//! Space Dock squad files (`.spacedock`: one squad; `.spacedocksquads`: a
//! list of them) and the mapping from Space Dock's card ids to ours.
//!
//! Space Dock names cards by its own ids (`1011`, `3039`,
//! `tahna_los_op6prize`). The mapping (`data/interop/spacedock.toml`) is
//! project data, derived from Space Dock's card data (`Data.xml`, see
//! `../shared/reference/spacedock/`) and the hand corrections
//! (`data/interop/spacedock-corrections.toml`) by `derive` in
//! `spacedock_derive` (tooling, compiled for tests and the `reference`
//! feature only), whose module header lists the rules. Space Dock records that are no card of ours, or that no rule
//! decides, are listed in the file as `[[unmapped]]` with the reason; import
//! reports such a card with that reason and does not import it. Import maps
//! an id the file does not know at all by title and type against the
//! database; whatever still cannot be mapped is reported with its title and
//! id. Export uses the mapping; a card without a Space Dock id is reported
//! and nothing is written.
//!
//! A squad: `{name, notes, additionalPoints, resource, ships: [{shipId,
//! shipTitle, flagship, captain: {upgradeId, upgradeTitle}, upgrades: [...]}]}`;
//! admirals, fleet captains and officers are in `upgrades`; the sideboard
//! is a ship entry with `"sideboard": true`. Cost overrides
//! (`costIsOverridden`, `overriddenCost`) are reported, never obeyed.

use super::model::{FleetModel, Problem, ShipModel};
use crate::data::model::{Card, CardType};
use crate::data::{normalize, Database};
use crate::input::diag::Source;
use crate::staw::CheckOptions;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;

#[cfg(any(test, feature = "reference"))]
pub use super::spacedock_derive::{
    derive, derive_explained, parse_corrections, parse_data_xml, Correction, Derived, Record, Rule,
    SpaceDockData, CORRECTIONS_PATH, MERGED,
};

/// One Space Dock card mapped to ours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The Space Dock id.
    pub spacedock: String,
    /// Our card id.
    pub id: String,
    /// Space Dock's title (written in exported squads).
    pub title: String,
    /// For a card that may fill either of two slots, Space Dock has one
    /// record per slot type: the slot this record is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// Another Space Dock record of the same card (a reprint, another of
    /// the per-slot records of a card that takes no slot, or an id merged
    /// into another): read on import, never written on export.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alias: bool,
}

/// A Space Dock card that maps to no card of ours, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unmapped {
    /// The Space Dock id.
    pub spacedock: String,
    /// Space Dock's title.
    pub title: String,
    /// Space Dock's type (`Ship`, `Captain`, `Crew`, ...).
    pub kind: String,
    /// Why it maps to no card of ours (import reports it).
    pub why: String,
}

/// The mapping file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mapping {
    /// The records that map to a card of ours.
    #[serde(default)]
    pub card: Vec<Entry>,
    /// The records that do not, with the reason.
    #[serde(default)]
    pub unmapped: Vec<Unmapped>,
}

/// Where the mapping lives, relative to `data/`.
pub const MAPPING_PATH: &str = "interop/spacedock.toml";

impl Mapping {
    /// The mapping embedded in the binary (empty if the file is missing).
    pub fn embedded() -> Mapping {
        crate::data::embedded::FILES
            .iter()
            .find(|(p, _)| *p == MAPPING_PATH)
            .and_then(|(_, text)| toml::from_str(text).ok())
            .unwrap_or_default()
    }

    fn by_spacedock(&self) -> Lookup<'_> {
        Lookup {
            cards: self
                .card
                .iter()
                .map(|e| (e.spacedock.as_str(), e))
                .collect(),
            unmapped: self
                .unmapped
                .iter()
                .map(|u| (u.spacedock.as_str(), u))
                .collect(),
        }
    }

    /// The Space Dock record to write for our card `id` counted as `slot`.
    pub fn export_id(&self, id: &str, slot: Option<&str>) -> Option<&Entry> {
        let mine: Vec<&Entry> = self
            .card
            .iter()
            .filter(|e| e.id.eq_ignore_ascii_case(id) && !e.alias)
            .collect();
        mine.iter()
            .find(|e| e.slot.is_some() && e.slot.as_deref() == slot)
            .or_else(|| mine.iter().find(|e| e.slot.is_none()))
            .or_else(|| mine.first())
            .copied()
    }

    /// The file's text: a header, then every entry.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# Space Dock card ids -> fleetcheck card ids. Generated from Space Dock's card\n\
             # data (Data.xml, data version 2018-01-03@06-12) and the hand corrections\n\
             # (spacedock-corrections.toml: edit those, never this file) by\n\
             # `interop::spacedock::derive`; the test `interop::spacedock_mapping_is_fresh`\n\
             # checks it (UPDATE_SPACEDOCK_MAP=1 rewrites it). Facts only: ids, titles, slot\n\
             # types.\n",
        );
        out.push_str(&toml::to_string(self).expect("the mapping serialises"));
        out
    }
}

// ---- import -------------------------------------------------------------

/// The mapping by Space Dock id.
struct Lookup<'m> {
    cards: HashMap<&'m str, &'m Entry>,
    unmapped: HashMap<&'m str, &'m Unmapped>,
}

impl Lookup<'_> {
    /// Space Dock's title of a record the mapping knows.
    fn title(&self, id: &str) -> String {
        self.cards
            .get(id)
            .map(|e| e.title.clone())
            .or_else(|| self.unmapped.get(id).map(|u| u.title.clone()))
            .unwrap_or_default()
    }
}

/// Our card for a Space Dock id: the mapping; a record it lists as no card
/// of ours is an error with the reason; an id it does not know is looked up
/// by the title (and the type the place implies) in the database.
/// The id of our card for a record that carries no title of its own (a
/// resource, a flagship): the mapping's title names it in problems.
fn map_record(
    db: &Database,
    map: &Lookup<'_>,
    id: &str,
    kind: CardType,
    problems: &mut Vec<Problem>,
) -> Option<String> {
    let title = map.title(id);
    map_card(db, map, id, &title, &[kind], problems).map(|(c, _)| c.id.clone())
}

fn map_card<'a>(
    db: &'a Database,
    map: &Lookup<'_>,
    id: &str,
    title: &str,
    types: &[CardType],
    problems: &mut Vec<Problem>,
) -> Option<(&'a Card, Option<String>)> {
    if let Some(e) = map.cards.get(id) {
        if let Some(c) = db.by_id(&e.id) {
            if !types.contains(&c.kind) {
                let wanted: Vec<&str> = types.iter().map(|t| t.as_str()).collect();
                problems.push(Problem::error(format!(
                    "Space Dock card {title:?} ({id}) is {} ({}), which cannot stand where the squad puts it (a {}); not imported",
                    crate::staw::fleet::resolve::describe_kind(c),
                    c.id,
                    wanted.join(" or ")
                )));
                return None;
            }
            return Some((c, e.slot.clone()));
        }
    }
    if let Some(u) = map.unmapped.get(id) {
        // Never by title: the title may name another card of ours (Space
        // Dock's crew "Lursa" is not our captain Lursa).
        problems.push(Problem::error(format!(
            "cannot map Space Dock card {:?} ({id}, {}): {}; not imported",
            u.title, u.kind, u.why
        )));
        return None;
    }
    let found: Vec<&Card> = db
        .by_name(title)
        .into_iter()
        .filter(|c| types.contains(&c.kind))
        .collect();
    let mut ids: Vec<&str> = found.iter().map(|c| c.id.as_str()).collect();
    ids.dedup();
    if let [one] = found.as_slice() {
        problems.push(Problem::warning(format!(
            "Space Dock card {title:?} ({id}) is not in the mapping; imported by its title as {} ({})",
            one.name, one.id
        )));
        return Some((one, None));
    }
    let why = if found.is_empty() {
        "no card of ours has that title".to_string()
    } else {
        format!(
            "{} cards of ours have that title ({})",
            found.len(),
            ids.join(", ")
        )
    };
    problems.push(Problem::error(format!(
        "cannot map Space Dock card {title:?} ({id}): {why}; not imported"
    )));
    None
}

/// The largest `additionalPoints` imported: far beyond any fleet, small
/// enough that every sum of points stays exact.
const MAX_ADDITIONAL_POINTS: u64 = 1_000_000;

/// "a number", "a list", ... for a JSON value in messages.
fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The id of an entry that must have one: a missing or non-text id is a
/// problem (the entry is not imported), never a silent skip.
fn required_id(v: &Value, key: &str, label: &str, problems: &mut Vec<Problem>) -> Option<String> {
    let id = id_of(v, key);
    if id.is_none() {
        let what = match v.get(key) {
            None => "no".to_string(),
            Some(x) => format!("{} as", json_kind(x)),
        };
        problems.push(Problem::error(format!(
            "{label}: an entry with {what} {key} ({}); not imported",
            excerpt_json(v)
        )));
    }
    id
}

/// An id that may be absent (null, `""` or missing: nothing there); any
/// other non-id value is a problem, never a silent skip.
fn optional_id(v: &Value, key: &str, label: &str, problems: &mut Vec<Problem>) -> Option<String> {
    match v.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.is_empty() => None,
        Some(Value::Object(o)) if o.is_empty() => None,
        Some(_) => required_id(v, key, label, problems),
    }
}

/// A ship's `captain` entry: an object, or nothing (absent, null); any
/// other value is a problem.
fn captain_entry<'v>(s: &'v Value, label: &str, problems: &mut Vec<Problem>) -> Option<&'v Value> {
    match s.get("captain") {
        None | Some(Value::Null) => None,
        // `{}`: an empty captain slot.
        Some(Value::Object(o)) if o.is_empty() => None,
        Some(c @ Value::Object(_)) => Some(c),
        Some(c) => {
            problems.push(Problem::error(format!(
                "{label}: the captain is {}, not a card ({}); not imported",
                json_kind(c),
                excerpt_json(c)
            )));
            None
        }
    }
}

/// A JSON value in a message, shortened.
fn excerpt_json(v: &Value) -> String {
    let s = v.to_string();
    match s.char_indices().nth(80) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s,
    }
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The Space Dock id of an entry (ids are strings; an old file may hold a
/// number).
fn id_of(v: &Value, key: &str) -> Option<String> {
    match v.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Imports the squads of a `.spacedock` (one object) or
/// `.spacedocksquads` (a list) file.
pub fn import_text(
    db: &Database,
    map: &Mapping,
    text: &str,
) -> Result<Vec<(FleetModel, Vec<Problem>)>, String> {
    let v: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| format!("not a Space Dock squad file: the JSON does not parse ({e})"))?;
    let squads: Vec<&Value> = match &v {
        Value::Array(items) if items.is_empty() => {
            return Err("not a Space Dock squad file: the list of squads is empty".into())
        }
        Value::Array(items) => items.iter().collect(),
        Value::Object(_) => vec![&v],
        _ => {
            return Err("not a Space Dock squad file: neither a squad nor a list of squads".into())
        }
    };
    if squads
        .iter()
        .any(|s| !s.get("ships").is_some_and(Value::is_array))
    {
        return Err("not a Space Dock squad file: a squad has no `ships` list".into());
    }
    Ok(squads.into_iter().map(|s| import(db, map, s)).collect())
}

const SHIP_CARDS: &[CardType] = &[
    CardType::Upgrade,
    CardType::Admiral,
    CardType::FleetCaptain,
    CardType::Officer,
    CardType::ShipResource,
];

/// Imports one squad.
pub fn import(db: &Database, map: &Mapping, squad: &Value) -> (FleetModel, Vec<Problem>) {
    let by_id = map.by_spacedock();
    let mut problems = Vec::new();
    let mut fleet = FleetModel {
        name: Some(text(squad, "name").to_string()).filter(|s| !s.trim().is_empty()),
        notes: Some(text(squad, "notes").to_string()).filter(|s| !s.trim().is_empty()),
        ..FleetModel::default()
    };
    match squad.get("additionalPoints") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_i64() {
            Some(a) if a.unsigned_abs() <= MAX_ADDITIONAL_POINTS => {
                fleet.additional_points = Some(a)
            }
            _ => problems.push(Problem::error(format!(
                "additionalPoints {v} is not a whole number of points (at most {MAX_ADDITIONAL_POINTS} either way); not imported"
            ))),
        },
    }
    for key in ["name", "notes"] {
        if let Some(v) = squad.get(key).filter(|v| !v.is_string() && !v.is_null()) {
            problems.push(Problem::error(format!(
                "the squad's {key} is {}, not text; not imported",
                json_kind(v)
            )));
        }
    }
    if let Some(rid) = optional_id(squad, "resource", "the squad", &mut problems) {
        fleet.resource = map_record(db, &by_id, &rid, CardType::Resource, &mut problems);
    }
    for (i, s) in squad["ships"].as_array().into_iter().flatten().enumerate() {
        let sideboard = s.get("sideboard").and_then(Value::as_bool).unwrap_or(false);
        let label = if sideboard {
            "the sideboard".to_string()
        } else {
            format!("ship {} ({})", i + 1, text(s, "shipTitle"))
        };
        let override_note = |u: &Value, problems: &mut Vec<Problem>| {
            if u.get("costIsOverridden").and_then(Value::as_bool) == Some(true) {
                let to = u
                    .get("overriddenCost")
                    .map(|c| c.to_string())
                    .unwrap_or_else(|| "?".into());
                problems.push(Problem::warning(format!(
                    "{label}: the cost of {} ({}) is overridden to {to} SP in the squad; fleetcheck prices it by the rules instead",
                    text(u, "upgradeTitle"),
                    text(u, "upgradeId")
                )));
            }
        };
        if sideboard {
            if let Some(c) = captain_entry(s, &label, &mut problems) {
                override_note(c, &mut problems);
                if let Some(id) = required_id(c, "upgradeId", &label, &mut problems) {
                    if let Some((card, _)) = map_card(
                        db,
                        &by_id,
                        &id,
                        text(c, "upgradeTitle"),
                        &[CardType::Captain],
                        &mut problems,
                    ) {
                        fleet.sideboard.push(("captain".into(), card.id.clone()));
                    }
                }
            }
            for u in s["upgrades"].as_array().into_iter().flatten() {
                override_note(u, &mut problems);
                let Some(id) = required_id(u, "upgradeId", &label, &mut problems) else {
                    continue;
                };
                let Some((card, slot)) = map_card(
                    db,
                    &by_id,
                    &id,
                    text(u, "upgradeTitle"),
                    &[CardType::Upgrade],
                    &mut problems,
                ) else {
                    continue;
                };
                let section = slot
                    .or_else(|| card.slot.clone())
                    .or_else(|| {
                        crate::staw::fleet::resolve::upgrade_types(card)
                            .next()
                            .map(str::to_string)
                    })
                    .unwrap_or_else(|| "crew".into());
                fleet.sideboard.push((section, card.id.clone()));
            }
            continue;
        }
        let Some(ship_id) = required_id(s, "shipId", &label, &mut problems) else {
            continue;
        };
        let Some((ship, _)) = map_card(
            db,
            &by_id,
            &ship_id,
            text(s, "shipTitle"),
            &[CardType::Ship],
            &mut problems,
        ) else {
            continue;
        };
        let mut m = ShipModel {
            ship: ship.id.clone(),
            ..ShipModel::default()
        };
        if let Some(fid) = optional_id(s, "flagship", &label, &mut problems) {
            m.flagship = map_record(db, &by_id, &fid, CardType::Flagship, &mut problems);
        }
        if let Some(c) = captain_entry(s, &label, &mut problems) {
            if let Some(id) = required_id(c, "upgradeId", &label, &mut problems) {
                if let Some((card, _)) = map_card(
                    db,
                    &by_id,
                    &id,
                    text(c, "upgradeTitle"),
                    &[CardType::Captain],
                    &mut problems,
                ) {
                    m.captain = Some(card.id.clone());
                }
            }
        }
        for u in s["upgrades"].as_array().into_iter().flatten() {
            override_note(u, &mut problems);
            let Some(id) = required_id(u, "upgradeId", &label, &mut problems) else {
                continue;
            };
            let Some((card, _)) = map_card(
                db,
                &by_id,
                &id,
                text(u, "upgradeTitle"),
                SHIP_CARDS,
                &mut problems,
            ) else {
                continue;
            };
            match card.kind {
                CardType::Admiral if m.admiral.is_none() => m.admiral = Some(card.id.clone()),
                CardType::FleetCaptain if m.fleet_captain.is_none() => {
                    m.fleet_captain = Some(card.id.clone())
                }
                CardType::Officer => m.officers.push(card.id.clone()),
                CardType::Upgrade | CardType::ShipResource => m.upgrades.push(card.id.clone()),
                _ => problems.push(Problem::error(format!(
                    "{label}: a second {} ({}, {}): a ship has one; not imported",
                    card.kind.as_str(),
                    card.name,
                    id
                ))),
            }
        }
        fleet.ships.push(m);
    }
    (fleet, problems)
}

// ---- export -------------------------------------------------------------

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

fn json(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
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
        super::priced::with_analysis(db, source, &CheckOptions::default(), |a| {
            super::priced::layout(a)
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
                fields.push(format!(
                    "      \"captain\": {{\n        \"upgradeId\": {},\n        \"upgradeTitle\": {}\n      }}",
                    json(&sid),
                    json(&title)
                ));
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
                    fields.push(format!(
                        "      \"captain\": {{\n        \"upgradeId\": {},\n        \"upgradeTitle\": {}\n      }}",
                        json(&sid),
                        json(&title)
                    ));
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
