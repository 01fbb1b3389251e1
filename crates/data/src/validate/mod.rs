//! Validation of a card database (`fleetcheck data check`, and the importer
//! before it writes anything): unique ids and alias ids, every reference
//! resolves (sets, classes, factions, slot types, class ids, ship and
//! captain names in conditions, retirement resources), every rule is well
//! formed, and no ability text or markup anywhere (`rules.unmodeled` holds
//! only the tags of `crate::unmodeled`).

use crate::model::{CardFilter, CardType, Condition, CostModifier, ACTIONS, SLOT_TYPES};
use crate::names::{FACTIONS, SPECIES};
use crate::{normalize, Database};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

mod card;
use card::check_card;

/// The longest name or other string a card may hold: card names are short;
/// anything longer is ability text that slipped in.
pub const MAX_STRING: usize = 80;

/// Markup and ability-text markers that must never appear in the data.
pub(crate) const FORBIDDEN: &[&str] = &[
    "<b>",
    "<img ",
    "</",
    "<hr",
    "<br",
    "WHEN ATTACKING",
    "WHEN DEFENDING",
    "ACTION:",
    "_text]",
    "http://",
    "https://",
];

/// The maneuver kinds of `ShipClass::maneuvers`.
pub const MANEUVERS: &[&str] = &[
    "straight",
    "bank",
    "turn",
    "come-about",
    "reverse",
    "spin",
    "flank",
    "stop",
    "45-degree-rotate",
    "90-degree-rotate",
];

/// What to check.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Check formats and retirements (a full database; the importer's output
    /// alone has no formats).
    pub formats: bool,
}

impl Options {
    /// A full database (`data check`).
    pub fn full() -> Options {
        Options { formats: true }
    }

    /// The importer's generated files.
    pub fn importer() -> Options {
        Options { formats: false }
    }
}

/// One problem found.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Problem {
    /// The data file (relative to the database directory).
    pub file: String,
    /// The card, set, class or format id, if the problem is about one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "{}: {}: {}", self.file, id, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

struct Checker<'a> {
    db: &'a Database,
    problems: Vec<Problem>,
    file: String,
    id: String,
    classes: BTreeSet<&'a str>,
    ship_names: BTreeSet<String>,
    captain_names: BTreeSet<String>,
}

impl Checker<'_> {
    fn problem(&mut self, message: impl Into<String>) {
        self.problems.push(Problem {
            file: self.file.clone(),
            id: Some(self.id.clone()),
            message: message.into(),
        });
    }

    fn faction(&mut self, f: &str, what: &str) {
        if !FACTIONS.contains(&f) {
            self.problem(format!("unknown faction {f:?} in {what}"));
        }
    }

    fn slot(&mut self, s: &str, what: &str) {
        if !SLOT_TYPES.contains(&s) {
            self.problem(format!("unknown slot type {s:?} in {what}"));
        }
    }

    fn text(&mut self, s: &str, what: &str, max: usize) {
        if s.chars().count() > max {
            self.problem(format!(
                "{what} is longer than {max} characters (ability text?)"
            ));
        }
        for f in FORBIDDEN {
            if s.contains(f) {
                self.problem(format!("{what} holds markup or ability text ({f:?})"));
            }
        }
        if s.contains('<') || s.contains('>') {
            self.problem(format!("{what} holds HTML"));
        }
    }

    fn condition(&mut self, c: &Condition, what: &str) {
        match c {
            Condition::ShipFaction { any } | Condition::CaptainFaction { any } => {
                self.nonempty(any.len(), what);
                for f in any {
                    self.faction(f, what);
                }
            }
            Condition::ShipClass { any } => {
                self.nonempty(any.len(), what);
                for id in any {
                    if !self.classes.contains(id.as_str()) {
                        self.problem(format!("unknown class id {id:?} in {what}"));
                    }
                }
            }
            Condition::ShipName { any } => {
                self.nonempty(any.len(), what);
                for n in any {
                    if !self.ship_names.contains(&normalize(n)) {
                        self.problem(format!("{what} names {n:?}, which is no ship"));
                    }
                }
            }
            Condition::CaptainName { any } => {
                self.nonempty(any.len(), what);
                for n in any {
                    if !self.captain_names.contains(&normalize(n)) {
                        self.problem(format!("{what} names {n:?}, which is no captain"));
                    }
                }
            }
            Condition::CaptainSpecies { any } | Condition::AdmiralSpecies { any } => {
                self.nonempty(any.len(), what);
                for sp in any {
                    if !SPECIES.contains(&sp.as_str()) {
                        self.problem(format!("unknown species {sp:?} in {what}"));
                    }
                }
            }
            Condition::HullAtMost { value }
            | Condition::HullAtLeast { value }
            | Condition::ShieldsAtMost { value }
            | Condition::ShieldsAtLeast { value }
            | Condition::AttackAtMost { value }
            | Condition::AttackAtLeast { value }
            | Condition::CaptainSkillAtMost { value }
            | Condition::CaptainSkillAtLeast { value } => {
                if !(0..=20).contains(value) {
                    self.problem(format!("{what} has an implausible bound {value}"));
                }
            }
            Condition::CaptainTalentsAtLeast { value } => {
                if !(0..=5).contains(value) {
                    self.problem(format!("{what} has an implausible talent count {value}"));
                }
            }
            Condition::ShipHasCard { any } => {
                self.nonempty(any.len(), what);
                for n in any {
                    if self.db.by_name(n).is_empty() {
                        self.problem(format!("{what} names {n:?}, which is no card"));
                    }
                }
            }
            Condition::OtherShipFaction { any } => {
                self.nonempty(any.len(), what);
                for f in any {
                    self.faction(f, what);
                }
            }
            Condition::UniqueShip
            | Condition::GenericShip
            | Condition::RearArc
            | Condition::NameIsClass => {}
            Condition::ShipManeuver { maneuver } => {
                if !MANEUVERS.contains(&maneuver.as_str()) {
                    self.problem(format!("unknown maneuver {maneuver:?} in {what}"));
                }
            }
            Condition::MaxSpeedAtMost { value } => {
                if !(0..=10).contains(value) {
                    self.problem(format!("{what} has an implausible speed {value}"));
                }
            }
            Condition::ShipAction { action } => {
                if !ACTIONS.contains(&action.as_str()) {
                    self.problem(format!("unknown action {action:?} in {what}"));
                }
            }
            Condition::Not { not } => self.condition(not, what),
            Condition::AnyOf { any } => {
                self.nonempty(any.len(), what);
                for c in any {
                    self.condition(c, what);
                }
            }
        }
    }

    fn nonempty(&mut self, n: usize, what: &str) {
        if n == 0 {
            self.problem(format!("{what} has an empty list"));
        }
    }

    fn filter(&mut self, f: &CardFilter, what: &str) {
        const TYPES: &[&str] = &[
            "ship",
            "captain",
            "admiral",
            "ambassador",
            "upgrade",
            "resource",
            "fleet-captain",
            "officer",
            "flagship",
            "construction",
            "ship-resource",
        ];
        for t in &f.types {
            if !TYPES.contains(&t.as_str()) {
                self.problem(format!("unknown card type {t:?} in {what}"));
            }
        }
        for s in &f.slots {
            self.slot(s, what);
        }
        for fa in f.factions.iter().chain(&f.not_factions) {
            self.faction(fa, what);
        }
        for n in f.names.iter().chain(&f.name_words) {
            self.text(n, what, MAX_STRING);
        }
        if f.max_cost.is_some_and(|m| !(0..=40).contains(&m)) {
            self.problem(format!("{what} has an implausible max_cost"));
        }
        if f.max_printed_cost.is_some_and(|m| !(0..=40).contains(&m)) {
            self.problem(format!("{what} has an implausible max_printed_cost"));
        }
        for id in &f.restricted_to {
            if !self.classes.contains(id.as_str()) {
                self.problem(format!("unknown class id {id:?} in {what}"));
            }
        }
    }

    fn modifier(&mut self, m: &CostModifier) {
        if m.amount == 0 {
            self.problem("a cost modifier has amount 0");
        }
        if let Some(c) = &m.when {
            self.condition(c, "a cost modifier");
        }
        if let Some(c) = &m.unless {
            self.condition(c, "a cost modifier");
        }
    }
}

/// Every problem of the database (empty: clean).
pub fn check(db: &Database, options: Options) -> Vec<Problem> {
    let mut ck = Checker {
        db,
        problems: Vec::new(),
        file: String::new(),
        id: String::new(),
        classes: db.classes.iter().map(|c| c.id.as_str()).collect(),
        ship_names: db
            .cards
            .iter()
            .filter(|c| c.kind == CardType::Ship)
            .map(|c| normalize(&c.name))
            .collect(),
        captain_names: db
            .cards
            .iter()
            .filter(|c| c.kind == CardType::Captain)
            .map(|c| normalize(&c.name))
            .collect(),
    };
    check_sets_and_classes(&mut ck);
    let mut ids: BTreeMap<String, String> = BTreeMap::new();
    for (i, card) in db.cards.iter().enumerate() {
        ck.file = db.card_files.get(i).cloned().unwrap_or_default();
        ck.id = card.id.clone();
        for id in std::iter::once(&card.id).chain(card.alias_ids.iter()) {
            if id.trim().is_empty() {
                ck.problem("empty id");
            }
            if let Some(prev) = ids.insert(id.to_lowercase(), card.id.clone()) {
                ck.problem(format!("id {id} is also card {prev}"));
            }
        }
        check_card(&mut ck, card);
    }
    if options.formats {
        ck.file = "formats.toml".into();
        if db.formats.is_empty() {
            ck.problems.push(Problem {
                file: ck.file.clone(),
                id: None,
                message: "no formats".into(),
            });
        }
        for r in &db.retirements {
            ck.id = r.resource.clone();
            match db.by_id(&r.resource) {
                Some(c) if c.kind == CardType::Resource => {}
                Some(_) => ck.problem("retirement names a card that is not a resource"),
                None => ck.problem("retirement names no card"),
            }
            if time::Date::parse(
                &r.retired,
                &time::format_description::well_known::Iso8601::DATE,
            )
            .is_err()
            {
                ck.problem(format!("retirement date {:?} is not a date", r.retired));
            }
        }
    }
    ck.problems.sort();
    ck.problems.dedup();
    ck.problems
}

fn check_sets_and_classes(ck: &mut Checker) {
    let mut seen = BTreeSet::new();
    ck.file = "sets.toml".into();
    for s in &ck.db.sets {
        ck.id = s.id.clone();
        if !seen.insert(s.id.clone()) {
            ck.problem("duplicate set id");
        }
        let name = s.name.clone();
        ck.text(&name, "the set name", MAX_STRING);
        let valid = time::Date::parse(
            &s.release_date,
            &time::format_description::well_known::Iso8601::DATE,
        )
        .is_ok()
            && s.release_date.len() == 10;
        if !valid {
            ck.problem(format!(
                "release date {:?} is not an ISO date",
                s.release_date
            ));
        }
    }
    let mut seen = BTreeSet::new();
    ck.file = "classes.toml".into();
    for c in &ck.db.classes {
        ck.id = c.id.clone();
        if !seen.insert(c.id.clone()) {
            ck.problem("duplicate class id");
        }
        let name = c.name.clone();
        ck.text(&name, "the class name", MAX_STRING);
        for m in c.maneuvers.clone() {
            if !MANEUVERS.contains(&m.as_str()) {
                ck.problem(format!("unknown maneuver {m:?}"));
            }
        }
    }
}

#[cfg(test)]
mod tests;
