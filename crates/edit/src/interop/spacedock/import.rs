//! Importing Space Dock squads: every record through the mapping, an id it
//! does not know by title and type, and whatever cannot be mapped reported
//! with its title and id, never dropped.

use super::{Entry, Mapping, Unmapped};
use crate::interop::json;
use crate::interop::model::{FleetModel, Problem, ShipModel};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use serde_json::Value;
use std::collections::HashMap;

impl Mapping {
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
}

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
                    fleetcheck_staw::fleet::resolve::describe_kind(c),
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
            json::excerpt(v)
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
                json::excerpt(c)
            )));
            None
        }
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

/// A squad being read: the database, the mapping and what went wrong.
struct Reader<'a, 'm> {
    db: &'a Database,
    map: Lookup<'m>,
    problems: Vec<Problem>,
}

impl<'a> Reader<'a, '_> {
    /// The card of an entry that names one by `upgradeId` and
    /// `upgradeTitle` (a captain, an upgrade), of one of `types`, with the
    /// slot of its Space Dock record; a cost override is reported.
    fn card(
        &mut self,
        u: &Value,
        label: &str,
        types: &[CardType],
    ) -> Option<(&'a Card, Option<String>)> {
        self.override_note(u, label);
        let id = required_id(u, "upgradeId", label, &mut self.problems)?;
        map_card(
            self.db,
            &self.map,
            &id,
            text(u, "upgradeTitle"),
            types,
            &mut self.problems,
        )
    }

    /// The captain of a ship (or of the sideboard).
    fn captain(&mut self, s: &Value, label: &str) -> Option<&'a Card> {
        let c = captain_entry(s, label, &mut self.problems)?;
        self.card(c, label, &[CardType::Captain]).map(|(c, _)| c)
    }

    /// A cost override is reported, never obeyed.
    fn override_note(&mut self, u: &Value, label: &str) {
        if u.get("costIsOverridden").and_then(Value::as_bool) == Some(true) {
            let to = u
                .get("overriddenCost")
                .map(|c| c.to_string())
                .unwrap_or_else(|| "?".into());
            self.problems.push(Problem::warning(format!(
                "{label}: the cost of {} ({}) is overridden to {to} SP in the squad; fleetcheck prices it by the rules instead",
                text(u, "upgradeTitle"),
                text(u, "upgradeId")
            )));
        }
    }

    /// The sideboard entry: its captain and upgrades, each in the section
    /// of its slot.
    fn sideboard(&mut self, s: &Value, fleet: &mut FleetModel) {
        let label = "the sideboard";
        if let Some(card) = self.captain(s, label) {
            fleet.sideboard.push(("captain".into(), card.id.clone()));
        }
        for u in s["upgrades"].as_array().into_iter().flatten() {
            let Some((card, slot)) = self.card(u, label, &[CardType::Upgrade]) else {
                continue;
            };
            let section = slot
                .or_else(|| card.slot.clone())
                .or_else(|| {
                    fleetcheck_staw::fleet::resolve::upgrade_types(card)
                        .next()
                        .map(str::to_string)
                })
                .unwrap_or_else(|| "crew".into());
            fleet.sideboard.push((section, card.id.clone()));
        }
    }

    /// One ship entry.
    fn ship(&mut self, s: &Value, label: &str) -> Option<ShipModel> {
        let ship_id = required_id(s, "shipId", label, &mut self.problems)?;
        let (ship, _) = map_card(
            self.db,
            &self.map,
            &ship_id,
            text(s, "shipTitle"),
            &[CardType::Ship],
            &mut self.problems,
        )?;
        let mut m = ShipModel {
            ship: ship.id.clone(),
            ..ShipModel::default()
        };
        if let Some(fid) = optional_id(s, "flagship", label, &mut self.problems) {
            m.flagship = map_record(
                self.db,
                &self.map,
                &fid,
                CardType::Flagship,
                &mut self.problems,
            );
        }
        m.captain = self.captain(s, label).map(|c| c.id.clone());
        for u in s["upgrades"].as_array().into_iter().flatten() {
            let Some((card, _)) = self.card(u, label, SHIP_CARDS) else {
                continue;
            };
            match card.kind {
                CardType::Admiral if m.admiral.is_none() => m.admiral = Some(card.id.clone()),
                CardType::FleetCaptain if m.fleet_captain.is_none() => {
                    m.fleet_captain = Some(card.id.clone())
                }
                CardType::Officer => m.officers.push(card.id.clone()),
                CardType::Upgrade | CardType::ShipResource => m.upgrades.push(card.id.clone()),
                _ => self.problems.push(Problem::error(format!(
                    "{label}: a second {} ({}, {}): a ship has one; not imported",
                    card.kind.as_str(),
                    card.name,
                    id_of(u, "upgradeId").unwrap_or_default()
                ))),
            }
        }
        Some(m)
    }
}

/// Imports one squad.
pub fn import(db: &Database, map: &Mapping, squad: &Value) -> (FleetModel, Vec<Problem>) {
    let mut r = Reader {
        db,
        map: map.by_spacedock(),
        problems: Vec::new(),
    };
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
            _ => r.problems.push(Problem::error(format!(
                "additionalPoints {v} is not a whole number of points (at most {MAX_ADDITIONAL_POINTS} either way); not imported"
            ))),
        },
    }
    for key in ["name", "notes"] {
        if let Some(v) = squad.get(key).filter(|v| !v.is_string() && !v.is_null()) {
            r.problems.push(Problem::error(format!(
                "the squad's {key} is {}, not text; not imported",
                json_kind(v)
            )));
        }
    }
    if let Some(rid) = optional_id(squad, "resource", "the squad", &mut r.problems) {
        fleet.resource = map_record(db, &r.map, &rid, CardType::Resource, &mut r.problems);
    }
    for (i, s) in squad["ships"].as_array().into_iter().flatten().enumerate() {
        if s.get("sideboard").and_then(Value::as_bool).unwrap_or(false) {
            r.sideboard(s, &mut fleet);
            continue;
        }
        let label = format!("ship {} ({})", i + 1, text(s, "shipTitle"));
        if let Some(m) = r.ship(s, &label) {
            fleet.ships.push(m);
        }
    }
    fleet.refuse_if_shipless(
        "the squad holds no ship: nothing to import".into(),
        &mut r.problems,
    );
    (fleet, r.problems)
}
