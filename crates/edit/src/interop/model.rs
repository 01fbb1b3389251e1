//! A fleet as card ids, the common ground of every import and export: read
//! from a fleet file with the engine's own reader and resolver, and
//! written back as a fleet file.

use crate::builder::reference;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_input::tree::comment_text;
use fleetcheck_report::Checked;
use fleetcheck_staw::fleet::read::{
    CardRef, Query, RawFleet, RawShip, RawSideboard, RefTable, SideboardEntry, Spanned,
};
use fleetcheck_staw::fleet::resolve::Fleet;
use fleetcheck_staw::fleet::resolve::{Position, SideboardSection};
use fleetcheck_staw::CheckOptions;
use std::fmt::Write as _;
use std::ops::Range;

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
    pub as_of: Option<String>,
    pub sp_cap: Option<i64>,
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
    pub(crate) fn refuse_if_shipless(&self, why: String, problems: &mut Vec<Problem>) {
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
            as_of: raw.as_of.as_ref().map(|n| n.value.clone()),
            sp_cap: raw.sp_cap.as_ref().map(|n| n.value),
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
            as_of: None,
            sp_cap: None,
            additional_points: None,
            ..self.normalized()
        }
    }

    /// The fleet as a fleet file: `header` (comment lines, without `#`)
    /// first, then every card as a name or `{ id = ... }` with a comment
    /// (the one writer, [`FleetFile::to_toml`]).
    pub fn to_toml(&self, db: &Database, header: &[String]) -> String {
        self.file(header).to_toml(db)
    }

    /// The fleet file that writes this fleet, every card by its id.
    pub fn file(&self, header: &[String]) -> FleetFile {
        let slot = |id: &String| Slot::id(id.clone());
        let one = |v: &Option<String>| v.as_ref().map(slot);
        FleetFile {
            header: header.to_vec(),
            name: self.name.clone(),
            format: self.format.clone(),
            as_of: self.as_of.clone(),
            sp_cap: self.sp_cap,
            resource: one(&self.resource),
            additional_points: self.additional_points,
            notes: self.notes.clone(),
            ships: self
                .ships
                .iter()
                .map(|s| ShipFile {
                    ship: slot(&s.ship),
                    captain: one(&s.captain),
                    admiral: one(&s.admiral),
                    flagship: one(&s.flagship),
                    fleet_captain: one(&s.fleet_captain),
                    ambassador: one(&s.ambassador),
                    construction: one(&s.construction),
                    officers: s.officers.iter().map(slot).collect(),
                    upgrades: s.upgrades.iter().map(slot).collect(),
                })
                .collect(),
            sideboard: self
                .sideboard
                .iter()
                .map(|(section, id)| (section.clone(), slot(id)))
                .collect(),
        }
    }
}

/// How the one writer names a card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardText {
    /// A card id: written as the card's name where that name is the card
    /// there, else as `{ id = ... }` with a comment naming it.
    Id(String),
    /// A name as a player wrote it (one that several cards share there, or
    /// none), left for `fix`.
    Name(String),
    /// A name as a player wrote it with the cost the list states for it
    /// there, `{ name = "Photon Torpedoes", cost = 5 }`: `check` keeps
    /// the candidates that cost that there (the resolution policy).
    Stated { name: String, cost: i64 },
}

/// One card of a fleet file to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub card: CardText,
    /// Where the card was read from (`import text`: its line in the pasted
    /// text), so that the engine's findings on the fleet value
    /// ([`FleetFile::to_raw`]) point there; empty when it was read from
    /// nowhere a user sees.
    pub span: Range<usize>,
    /// A comment of the import's own after the card.
    pub note: Option<String>,
}

impl Slot {
    /// A card by its id, read from nowhere a user sees.
    pub fn id(id: impl Into<String>) -> Slot {
        Slot {
            card: CardText::Id(id.into()),
            span: 0..0,
            note: None,
        }
    }
}

/// One `[[ship]]` of a fleet file to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipFile {
    pub ship: Slot,
    pub captain: Option<Slot>,
    pub admiral: Option<Slot>,
    pub flagship: Option<Slot>,
    pub fleet_captain: Option<Slot>,
    pub ambassador: Option<Slot>,
    pub construction: Option<Slot>,
    pub officers: Vec<Slot>,
    pub upgrades: Vec<Slot>,
}

impl ShipFile {
    /// A ship with no card on it yet.
    pub fn new(ship: Slot) -> ShipFile {
        ShipFile {
            ship,
            captain: None,
            admiral: None,
            flagship: None,
            fleet_captain: None,
            ambassador: None,
            construction: None,
            officers: Vec::new(),
            upgrades: Vec::new(),
        }
    }

    /// The single cards (not the lists), with their keys and places, in
    /// the order they are written.
    fn singles(&self) -> [(&'static str, &Option<Slot>, Position); 6] {
        [
            ("captain", &self.captain, Position::Captain),
            ("admiral", &self.admiral, Position::Admiral),
            ("flagship", &self.flagship, Position::Flagship),
            ("fleet_captain", &self.fleet_captain, Position::FleetCaptain),
            ("ambassador", &self.ambassador, Position::Ambassador),
            ("construction", &self.construction, Position::Construction),
        ]
    }

    /// The single card of a key (`captain`, ...); `None` for another key.
    pub(crate) fn single_mut(&mut self, key: &str) -> Option<&mut Option<Slot>> {
        Some(match key {
            "captain" => &mut self.captain,
            "admiral" => &mut self.admiral,
            "flagship" => &mut self.flagship,
            "fleet_captain" => &mut self.fleet_captain,
            "ambassador" => &mut self.ambassador,
            "construction" => &mut self.construction,
            _ => return None,
        })
    }
}

/// A fleet file to write: THE writer of fleet files (`import`, `export`
/// and the model of every interop format write through it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FleetFile {
    /// Comment lines first (without `#`).
    pub header: Vec<String>,
    pub name: Option<String>,
    pub format: Option<String>,
    pub as_of: Option<String>,
    pub sp_cap: Option<i64>,
    pub resource: Option<Slot>,
    /// Written when not 0.
    pub additional_points: Option<i64>,
    pub notes: Option<String>,
    pub ships: Vec<ShipFile>,
    /// (section, card), in section order.
    pub sideboard: Vec<(String, Slot)>,
}

impl FleetFile {
    /// The sections of the sideboard in order, each with its cards.
    fn sections(&self) -> Vec<(&str, Vec<&Slot>)> {
        let mut sections: Vec<(&str, Vec<&Slot>)> = Vec::new();
        for (section, slot) in &self.sideboard {
            match sections.iter_mut().find(|(s, _)| *s == section.as_str()) {
                Some((_, v)) => v.push(slot),
                None => sections.push((section, vec![slot])),
            }
        }
        sections
    }

    /// The fleet file's text: the header as comments, then the keys, every
    /// card as [`CardText`] says (by id: as a name or `{ id = ... }` with
    /// a comment), its note after it.
    pub fn to_toml(&self, db: &Database) -> String {
        let mut out = String::new();
        for h in &self.header {
            let _ = writeln!(out, "# {}", comment_text(h));
        }
        let quote = |s: &str| toml_edit::Value::from(s).to_string();
        if let Some(n) = &self.name {
            let _ = writeln!(out, "name = {}", quote(n));
        }
        if let Some(f) = &self.format {
            let _ = writeln!(out, "format = {}", quote(f));
        }
        if let Some(d) = &self.as_of {
            let _ = writeln!(out, "as_of = {}", quote(d));
        }
        if let Some(c) = self.sp_cap {
            let _ = writeln!(out, "sp_cap = {c}");
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
            for (key, v, pos) in s.singles() {
                if let Some(v) = v {
                    let _ = writeln!(out, "{key} = {}", card(db, v, pos));
                }
            }
            for (key, list, pos) in [
                ("officers", &s.officers, Position::Officer),
                ("upgrades", &s.upgrades, Position::Upgrade),
            ] {
                if list.is_empty() {
                    continue;
                }
                let _ = writeln!(out, "{key} = [");
                for slot in list {
                    let (v, comment) = card_parts(db, slot, pos);
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
            for (section, slots) in self.sections() {
                let pos = Position::Sideboard(SideboardSection::of(section));
                if let [slot] = slots.as_slice() {
                    let _ = writeln!(out, "{section} = {}", card(db, slot, pos));
                    continue;
                }
                let _ = writeln!(out, "{section} = [");
                for slot in slots {
                    let (v, comment) = card_parts(db, slot, pos);
                    let _ = writeln!(out, "  {v},{}", comment.unwrap_or_default());
                }
                let _ = writeln!(out, "]");
            }
        }
        out
    }

    /// The fleet value that [`FleetFile::to_toml`]'s text reads as (the
    /// same keys, every card referred to as the text writes it), without
    /// the text: for [`fleetcheck_staw::Engine::resolve_fleet`]. Each
    /// card's reference has its slot's span; the keys' spans are empty.
    pub fn to_raw(&self, db: &Database) -> RawFleet {
        self.raw_with(&|slot, pos| card_ref(db, slot, pos))
    }

    /// [`FleetFile::to_raw`] with every card referred to by its id (a
    /// name as written stays a name): the same fleet, without looking up
    /// how the text would name each card (`import text` prices its
    /// candidates so).
    pub(crate) fn to_raw_by_id(&self) -> RawFleet {
        self.raw_with(&|slot, _| CardRef {
            span: slot.span.clone(),
            query: match &slot.card {
                CardText::Id(id) => Query::Table(RefTable {
                    id: Some(id.clone()),
                    ..RefTable::default()
                }),
                CardText::Name(n) => Query::Text(n.clone()),
                CardText::Stated { name, cost } => stated(name, *cost),
            },
        })
    }

    /// The fleet value, each card's reference as `card_ref` makes it.
    fn raw_with(&self, card_ref: &dyn Fn(&Slot, Position) -> CardRef) -> RawFleet {
        let at = |s: &Slot| s.span.start..s.span.start;
        let spanned = |v: &Option<String>| {
            v.as_ref().map(|v| Spanned {
                value: v.clone(),
                span: 0..0,
            })
        };
        let number = |v: Option<i64>| v.map(|value| Spanned { value, span: 0..0 });
        let additional_points = number(self.additional_points.filter(|a| *a != 0));
        let raw = RawFleet {
            name: spanned(&self.name),
            format: spanned(&self.format),
            resource: self
                .resource
                .as_ref()
                .map(|r| card_ref(r, Position::Resource)),
            additional_points,
            notes: spanned(&self.notes),
            as_of: spanned(&self.as_of),
            sp_cap: number(self.sp_cap),
            game: None,
            player: None,
            ships: self
                .ships
                .iter()
                .map(|s| {
                    let one = |v: &Option<Slot>, pos| v.as_ref().map(|v| card_ref(v, pos));
                    RawShip {
                        span: at(&s.ship),
                        ship: Some(card_ref(&s.ship, Position::Ship)),
                        captain: one(&s.captain, Position::Captain),
                        admiral: one(&s.admiral, Position::Admiral),
                        flagship: one(&s.flagship, Position::Flagship),
                        fleet_captain: one(&s.fleet_captain, Position::FleetCaptain),
                        ambassador: one(&s.ambassador, Position::Ambassador),
                        construction: one(&s.construction, Position::Construction),
                        officers: s
                            .officers
                            .iter()
                            .map(|v| card_ref(v, Position::Officer))
                            .collect(),
                        upgrades: s
                            .upgrades
                            .iter()
                            .map(|v| card_ref(v, Position::Upgrade))
                            .collect(),
                        booster: None,
                    }
                })
                .collect(),
            sideboard: (!self.sideboard.is_empty()).then(|| {
                let sections = self.sections();
                RawSideboard {
                    span: sections.first().map_or(0..0, |(_, v)| at(v[0])),
                    entries: sections
                        .into_iter()
                        .map(|(section, slots)| {
                            let pos = Position::Sideboard(SideboardSection::of(section));
                            SideboardEntry {
                                section: Spanned {
                                    value: section.to_string(),
                                    span: at(slots[0]),
                                },
                                list: slots.len() > 1,
                                cards: slots.iter().map(|s| card_ref(s, pos)).collect(),
                            }
                        })
                        .collect(),
                }
            }),
            empty: false,
        };
        let empty = raw.name.is_none()
            && raw.format.is_none()
            && raw.resource.is_none()
            && raw.additional_points.is_none()
            && raw.notes.is_none()
            && raw.as_of.is_none()
            && raw.sp_cap.is_none()
            && raw.ships.is_empty()
            && raw.sideboard.is_none();
        RawFleet { empty, ..raw }
    }
}

/// A card written as in a fleet file, with its comment when by id and its
/// note.
fn card(db: &Database, slot: &Slot, pos: Position) -> String {
    let (v, comment) = card_parts(db, slot, pos);
    format!("{v}{}", comment.unwrap_or_default())
}

/// How the writer writes a card.
enum Form {
    /// Its name (a string).
    Name(String),
    /// `{ id = ... }`, with the comment that names the card when it is
    /// one.
    Id(String, Option<String>),
    /// `{ name = ..., cost = ... }`.
    Stated(String, i64),
}

/// The reference `{ name = ..., cost = ... }`.
fn stated(name: &str, cost: i64) -> Query {
    Query::Table(RefTable {
        name: Some(name.to_string()),
        cost: Some(cost),
        ..RefTable::default()
    })
}

fn form(db: &Database, slot: &Slot, pos: Position) -> Form {
    match &slot.card {
        CardText::Name(n) => Form::Name(n.clone()),
        CardText::Stated { name, cost } => Form::Stated(name.clone(), *cost),
        CardText::Id(id) => match db.by_id(id) {
            Some(c) => match reference(db, c, pos) {
                (_, None) => Form::Name(c.name.clone()),
                (_, Some(comment)) => Form::Id(c.id.clone(), Some(comment)),
            },
            None => Form::Id(id.clone(), None),
        },
    }
}

/// The value and its "  # comment" (the card's when by id, then the
/// slot's note).
fn card_parts(db: &Database, slot: &Slot, pos: Position) -> (String, Option<String>) {
    let (v, comment) = match form(db, slot, pos) {
        Form::Name(name) => (
            toml_edit::Value::from(name).to_string().trim().to_string(),
            None,
        ),
        Form::Id(id, comment) => (
            format!("{{ id = {} }}", toml_edit::Value::from(id)),
            comment,
        ),
        Form::Stated(name, cost) => (
            format!(
                "{{ name = {}, cost = {cost} }}",
                toml_edit::Value::from(name)
            ),
            None,
        ),
    };
    let comments: Vec<String> = comment.into_iter().chain(slot.note.clone()).collect();
    let comment =
        (!comments.is_empty()).then(|| format!("  # {}", comment_text(&comments.join("; "))));
    (v, comment)
}

/// The reference [`FleetFile::to_toml`] writes for a card, as the reader
/// reads it.
fn card_ref(db: &Database, slot: &Slot, pos: Position) -> CardRef {
    let query = match form(db, slot, pos) {
        Form::Name(name) => Query::Text(name),
        Form::Id(id, _) => Query::Table(RefTable {
            id: Some(id),
            ..RefTable::default()
        }),
        Form::Stated(name, cost) => stated(&name, cost),
    };
    CardRef {
        span: slot.span.clone(),
        query,
    }
}
