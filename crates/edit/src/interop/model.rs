//! A fleet as card ids, the common ground of every import and export: read
//! from a fleet file with the engine's own reader and resolver, and
//! written back as a fleet file.

use crate::builder::reference;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_input::tree::comment_text;
use fleetcheck_report::Checked;
use fleetcheck_staw::fleet::read::RawFleet;
use fleetcheck_staw::fleet::resolve::Fleet;
use fleetcheck_staw::fleet::resolve::{Position, SideboardSection};
use fleetcheck_staw::CheckOptions;
use std::fmt::Write as _;

/// One ship: card ids by key of the fleet file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShipModel {
    pub ship: String,
    pub captain: Option<String>,
    pub admiral: Option<String>,
    pub flagship: Option<String>,
    pub fleet_captain: Option<String>,
    pub ambassador: Option<String>,
    pub construction: Option<String>,
    pub officers: Vec<String>,
    pub upgrades: Vec<String>,
}

/// A whole fleet by card ids.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FleetModel {
    pub name: Option<String>,
    pub notes: Option<String>,
    pub format: Option<String>,
    pub additional_points: Option<i64>,
    pub resource: Option<String>,
    pub ships: Vec<ShipModel>,
    /// (section, card id), in section order.
    pub sideboard: Vec<(String, String)>,
}

/// Something an import or export could not carry over: always reported,
/// never dropped silently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Exit code 2 (a card lost) or only a warning (a cost override
    /// ignored).
    pub error: bool,
    pub message: String,
}

impl Problem {
    pub fn error(m: impl Into<String>) -> Problem {
        Problem {
            error: true,
            message: m.into(),
        }
    }

    pub fn warning(m: impl Into<String>) -> Problem {
        Problem {
            error: false,
            message: m.into(),
        }
    }
}

impl FleetModel {
    /// An import that found no ship has nothing a fleet file can hold (a
    /// fleet without ships is an input error of `check`): an error that
    /// says so (`why`), unless an error already says what was lost.
    pub fn refuse_if_shipless(&self, why: String, problems: &mut Vec<Problem>) {
        if self.ships.is_empty() && !problems.iter().any(|p| p.error) {
            problems.push(Problem::error(why));
        }
    }

    /// Reads a fleet file. A file with an input error gives the check that
    /// shows it.
    pub fn from_source(db: &Database, source: &Source) -> Result<FleetModel, Box<Checked>> {
        // The cards and their places do not depend on the evaluation date.
        let opts = CheckOptions::default();
        crate::with_analysis(db, source, &opts, |a| FleetModel::of(a.raw, a.fleet))
    }

    /// The model of a fleet read and resolved by the engine.
    pub fn of(raw: &RawFleet, fleet: &Fleet) -> FleetModel {
        let id = |p: &Option<fleetcheck_staw::fleet::Placed>| p.as_ref().map(|p| p.card.id.clone());
        FleetModel {
            name: raw.name.as_ref().map(|n| n.value.clone()),
            notes: raw.notes.as_ref().map(|n| n.value.clone()),
            format: raw.format.as_ref().map(|n| n.value.clone()),
            additional_points: raw.additional_points.as_ref().map(|a| a.value),
            resource: id(&fleet.resource),
            ships: fleet
                .ships
                .iter()
                .map(|s| ShipModel {
                    ship: s.ship.card.id.clone(),
                    captain: id(&s.captain),
                    admiral: id(&s.admiral),
                    flagship: id(&s.flagship),
                    fleet_captain: id(&s.fleet_captain),
                    ambassador: id(&s.ambassador),
                    construction: id(&s.construction),
                    officers: s.officers.iter().map(|p| p.card.id.clone()).collect(),
                    upgrades: s.upgrades.iter().map(|p| p.card.id.clone()).collect(),
                })
                .collect(),
            sideboard: fleet
                .sideboard
                .as_ref()
                .map(|sb| {
                    sb.cards
                        .iter()
                        .map(|c| (c.section.value.clone(), c.card.card.id.clone()))
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    /// The same fleet with list order ignored (builders sort upgrades their
    /// own way), for comparing round trips.
    pub fn normalized(&self) -> FleetModel {
        let mut m = self.clone();
        for s in &mut m.ships {
            s.upgrades.sort();
            s.officers.sort();
        }
        m.sideboard.sort();
        m
    }

    /// The cards only (no name, notes, format), normalised: what both
    /// builders' formats carry.
    pub fn cards(&self) -> FleetModel {
        FleetModel {
            name: None,
            notes: None,
            format: None,
            additional_points: None,
            ..self.normalized()
        }
    }

    /// The fleet as a fleet file: `header` (comment lines, without `#`)
    /// first, then every card as a name or `{ id = ... }` with a comment.
    /// `notes` lines (`# ...`) follow a card that could not be imported.
    pub fn to_toml(&self, db: &Database, header: &[String]) -> String {
        let mut out = String::new();
        for h in header {
            let _ = writeln!(out, "# {}", comment_text(h));
        }
        let quote = |s: &str| toml_edit::Value::from(s).to_string();
        if let Some(n) = &self.name {
            let _ = writeln!(out, "name = {}", quote(n));
        }
        if let Some(f) = &self.format {
            let _ = writeln!(out, "format = {}", quote(f));
        }
        if let Some(r) = &self.resource {
            let _ = writeln!(out, "resource = {}", card(db, r, Position::Resource));
        }
        if let Some(a) = self.additional_points.filter(|a| *a != 0) {
            let _ = writeln!(out, "additional_points = {a}");
        }
        if let Some(n) = &self.notes {
            let _ = writeln!(out, "notes = {}", quote(n));
        }
        for s in &self.ships {
            let _ = writeln!(out, "\n[[ship]]");
            let _ = writeln!(out, "ship = {}", card(db, &s.ship, Position::Ship));
            let one = |out: &mut String, key: &str, v: &Option<String>, pos| {
                if let Some(v) = v {
                    let _ = writeln!(out, "{key} = {}", card(db, v, pos));
                }
            };
            one(&mut out, "captain", &s.captain, Position::Captain);
            one(&mut out, "admiral", &s.admiral, Position::Admiral);
            one(&mut out, "flagship", &s.flagship, Position::Flagship);
            one(
                &mut out,
                "fleet_captain",
                &s.fleet_captain,
                Position::FleetCaptain,
            );
            one(&mut out, "ambassador", &s.ambassador, Position::Ambassador);
            one(
                &mut out,
                "construction",
                &s.construction,
                Position::Construction,
            );
            for (key, list, pos) in [
                ("officers", &s.officers, Position::Officer),
                ("upgrades", &s.upgrades, Position::Upgrade),
            ] {
                if list.is_empty() {
                    continue;
                }
                let _ = writeln!(out, "{key} = [");
                for id in list {
                    let (v, comment) = card_parts(db, id, pos);
                    let _ = writeln!(out, "  {v},{}", comment.unwrap_or_default());
                }
                let _ = writeln!(out, "]");
            }
        }
        if !self.sideboard.is_empty() {
            let _ = writeln!(out, "\n[sideboard]");
            // A section holds one card: several under one (a builder's
            // fleet that breaks the rule) are written as a list, which
            // the reader keeps and the check reports (`sideboard-slot`),
            // never as a key written twice (no TOML file).
            let mut sections: Vec<&str> = Vec::new();
            for (section, _) in &self.sideboard {
                if !sections.contains(&section.as_str()) {
                    sections.push(section);
                }
            }
            for section in sections {
                let pos = Position::Sideboard(SideboardSection::of(section));
                let ids: Vec<&String> = self
                    .sideboard
                    .iter()
                    .filter(|(s, _)| s == section)
                    .map(|(_, id)| id)
                    .collect();
                if let [id] = ids.as_slice() {
                    let _ = writeln!(out, "{section} = {}", card(db, id, pos));
                    continue;
                }
                let _ = writeln!(out, "{section} = [");
                for id in ids {
                    let (v, comment) = card_parts(db, id, pos);
                    let _ = writeln!(out, "  {v},{}", comment.unwrap_or_default());
                }
                let _ = writeln!(out, "]");
            }
        }
        out
    }
}

/// A card written as in a fleet file, with its comment when by id.
fn card(db: &Database, id: &str, pos: Position) -> String {
    let (v, comment) = card_parts(db, id, pos);
    format!("{v}{}", comment.unwrap_or_default())
}

/// The value and its "  # comment" (when written by id).
fn card_parts(db: &Database, id: &str, pos: Position) -> (String, Option<String>) {
    match db.by_id(id) {
        Some(c) => {
            let (v, comment) = reference(db, c, pos);
            (
                v.to_string().trim().to_string(),
                comment.map(|c| format!("  # {}", comment_text(&c))),
            )
        }
        None => (format!("{{ id = {} }}", toml_edit::Value::from(id)), None),
    }
}
