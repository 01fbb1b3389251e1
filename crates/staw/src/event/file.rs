//! The event file (`event.toml`) read as a fleet file is read: parsed once
//! into the spanned tree (`input::tree`), then walked by hand, so that
//! every problem of the file is reported at once, each on its key or value
//! (`unknown-key` with "did you mean", `shape` for a value of the wrong
//! type or range and for a bad date, `unknown-format`, `unknown-card` with
//! the closest names, `unknown-faction`, `unknown-set`). The cards, sets and
//! factions it names are resolved here, against the one database and the
//! one list of factions (`fleetcheck_data::names::FACTIONS`); what the
//! event asks is handed to [`crate::event::check`] as [`EventRules`].

use super::{EventRules, Named, NamedSet, Recost, Restricted, BOOSTER_SP, REST_SP};
use crate::fleet::read::{parse_date, MAX_POINTS};
use fleetcheck_data::Database;
use fleetcheck_input::diag::{shorten, Diagnostic, InputCode, Source};
use fleetcheck_input::suggest;
use fleetcheck_input::tree::{self, Entry, Node, NodeValue};
use std::ops::Range;

/// The top-level keys of an event file.
pub const EVENT_KEYS: &[&str] = &[
    "name",
    "date",
    "format",
    "sp_cap",
    "require_player",
    "ban",
    "ban_factions",
    "factions",
    "resources",
    "restrict",
    "blind_booster",
    "min_ships",
    "max_ships",
    "ship_sp_cap",
    "faction_penalties",
    "ban_sets",
    "cost",
    "max_copies",
];

/// The keys of a `[[restrict]]`.
pub const RESTRICT_KEYS: &[&str] = &["cards", "max"];

/// The keys of a `[[cost]]`.
pub const COST_KEYS: &[&str] = &["card", "cost"];

/// The most ships, or copies of a card, an event file may ask for: far
/// above any real fleet, and a clear error for a typo of many digits.
const MAX_COUNT: i64 = 1_000;

/// An event file read and its cards, sets and factions resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub name: String,
    /// The evaluation date of every list (YYYY-MM-DD).
    pub date: String,
    /// The format every list is checked under.
    pub format: String,
    /// `sp_cap` as written.
    pub sp_cap: Option<i32>,
    /// Every list names its player.
    pub require_player: bool,
    /// What the event adds to its format.
    pub rules: EventRules,
}

impl Event {
    /// The cap the event sets itself, in place of the format's: `sp_cap`,
    /// else a Blind Booster event's 130.
    pub fn own_cap(&self) -> Option<i32> {
        self.sp_cap
            .or(self.rules.blind_booster.then_some(BOOSTER_SP + REST_SP))
    }

    /// The SP cap every list is checked against: the event's own, else
    /// its format's.
    pub fn cap(&self, db: &Database) -> Option<i32> {
        self.own_cap()
            .or_else(|| db.format(&self.format).and_then(|f| f.sp_cap))
    }
}

/// Reads an event file: the event, or every problem of the file (input
/// errors, each located in it, in file order).
pub fn read(db: &Database, source: &Source) -> Result<Event, Vec<Diagnostic>> {
    let mut r = Reader {
        db,
        diags: Vec::new(),
    };
    let Some(root) = tree::parse_reported(&source.text, &mut r.diags) else {
        return Err(r.diags);
    };
    let event = r.event(&root);
    let mut diags = r.diags;
    if diags.is_empty() {
        return Ok(event);
    }
    diags.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    Err(diags)
}

struct Reader<'d> {
    db: &'d Database,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn event(&mut self, root: &Node) -> Event {
        let mut event = Event {
            name: String::new(),
            date: String::new(),
            format: crate::DEFAULT_FORMAT.to_string(),
            sp_cap: None,
            require_player: false,
            rules: EventRules::default(),
        };
        let NodeValue::Table(entries) = &root.value else {
            // The parser always gives a table at the root.
            return event;
        };
        let (mut name, mut date) = (false, false);
        let mut ship_counts: Vec<(&Entry, usize)> = Vec::new();
        for e in entries {
            let rules = &mut event.rules;
            match e.key.as_str() {
                "name" => {
                    name = true;
                    if let Some(s) = self.string(e) {
                        event.name = s;
                    }
                }
                "date" => {
                    date = true;
                    if let Some(d) = self.date(e) {
                        event.date = d;
                    }
                }
                "format" => {
                    if let Some(f) = self.format(e) {
                        event.format = f;
                    }
                }
                "sp_cap" => event.sp_cap = self.integer(e, 0, MAX_POINTS).map(|n| n as i32),
                "require_player" => event.require_player = self.boolean(e).unwrap_or(false),
                "blind_booster" => rules.blind_booster = self.boolean(e).unwrap_or(false),
                "ban" => rules.banned_cards = self.cards(e),
                "resources" => rules.resources = Some(self.cards(e)),
                "ban_factions" => rules.banned_factions = self.factions(e),
                "factions" => rules.factions = Some(self.factions(e)),
                "restrict" => rules.restricted = self.restrict(e),
                "min_ships" | "max_ships" => {
                    if let Some(n) = self.integer(e, 0, MAX_COUNT) {
                        let n = n as usize;
                        ship_counts.push((e, n));
                        if e.key == "min_ships" {
                            rules.min_ships = Some(n);
                        } else {
                            rules.max_ships = Some(n);
                        }
                    }
                }
                "ship_sp_cap" => {
                    rules.ship_sp_cap = self.integer(e, 0, MAX_POINTS).map(|n| n as i32)
                }
                "faction_penalties" => {
                    rules.no_faction_penalties = self.boolean(e) == Some(false);
                }
                "ban_sets" => rules.banned_sets = self.sets(e),
                "cost" => rules.costs = self.costs(e),
                "max_copies" => {
                    rules.max_copies = self.integer(e, 1, MAX_COUNT).map(|n| n as usize);
                }
                _ => self.diags.push(suggest::unknown_key(
                    e,
                    EVENT_KEYS,
                    "at the top of an event file",
                )),
            }
        }
        if let (Some(min), Some(max)) = (event.rules.min_ships, event.rules.max_ships) {
            if min > max {
                let at = ship_counts
                    .iter()
                    .find(|(e, _)| e.key == "min_ships")
                    .map(|(e, _)| e.node.span.clone());
                self.diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!(
                            "min_ships = {min} is more than max_ships = {max}: no fleet could play"
                        ),
                    )
                    .with_span(at),
                );
            }
        }
        for (key, given) in [("name", name), ("date", date)] {
            if !given {
                self.diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!("the event file has no `{key}`: `name` and `date` are required"),
                    )
                    .with_help(match key {
                        "name" => "add a line such as: name = \"Regional 2025\"",
                        _ => "add a line such as: date = \"2025-06-01\"",
                    }),
                );
            }
        }
        event
    }

    fn shape(&mut self, e_key: &str, expected: &str, node: &Node) {
        self.diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!(
                    "`{e_key}` must be {expected}, found {}",
                    node.value.describe()
                ),
            )
            .with_span(Some(node.span.clone())),
        );
    }

    fn string(&mut self, e: &Entry) -> Option<String> {
        match &e.node.value {
            NodeValue::String(s) => Some(s.clone()),
            _ => {
                self.shape(&e.key, "a string", &e.node);
                None
            }
        }
    }

    fn boolean(&mut self, e: &Entry) -> Option<bool> {
        match &e.node.value {
            NodeValue::Boolean(b) => Some(*b),
            _ => {
                self.shape(&e.key, "true or false", &e.node);
                None
            }
        }
    }

    /// A whole number from `min` to `max`.
    fn integer(&mut self, e: &Entry, min: i64, max: i64) -> Option<i64> {
        self.integer_node(&e.key, &e.node, min, max)
    }

    fn integer_node(&mut self, key: &str, node: &Node, min: i64, max: i64) -> Option<i64> {
        match &node.value {
            NodeValue::Integer(i) if (min..=max).contains(i) => Some(*i),
            NodeValue::Integer(i) => {
                self.diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!("`{key}` = {i} is out of range: it must be {min} to {max}"),
                    )
                    .with_span(Some(node.span.clone())),
                );
                None
            }
            _ => {
                self.shape(key, "a whole number", node);
                None
            }
        }
    }

    /// `date`: a TOML date (`2025-06-01`) or a string holding one.
    fn date(&mut self, e: &Entry) -> Option<String> {
        let text = match &e.node.value {
            NodeValue::String(s) => s.trim().to_string(),
            NodeValue::Datetime(s) => s.clone(),
            _ => {
                self.shape(&e.key, "a date (YYYY-MM-DD)", &e.node);
                return None;
            }
        };
        if parse_date(&text).is_none() {
            self.diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("`date` is not a valid date: {:?}", shorten(&text)),
                )
                .with_span(Some(e.node.span.clone()))
                .with_help("write a calendar date as YYYY-MM-DD, e.g. date = \"2025-06-01\""),
            );
            return None;
        }
        Some(text)
    }

    fn format(&mut self, e: &Entry) -> Option<String> {
        let f = self.string(e)?;
        if self.db.format(f.trim()).is_some() {
            return Some(f.trim().to_string());
        }
        let known: Vec<&str> = self.db.formats.iter().map(|f| f.id.as_str()).collect();
        self.diags.push(
            Diagnostic::new(
                InputCode::UnknownFormat,
                format!("unknown format {:?}", shorten(&f)),
            )
            .with_span(Some(e.node.span.clone()))
            .with_help(suggest::help(&f, "formats", known)),
        );
        None
    }

    /// The strings of a list (`key = ["a", "b"]`), each with its node.
    fn strings<'n>(&mut self, key: &str, node: &'n Node, what: &str) -> Vec<(String, &'n Node)> {
        let NodeValue::Array(items) = &node.value else {
            self.shape(key, &format!("a list of {what} in quotes"), node);
            if let Some(d) = self.diags.last_mut() {
                d.help.push(format!("write {key} = [\"...\"]"));
            }
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            match &item.value {
                NodeValue::String(s) if !s.trim().is_empty() => out.push((s.clone(), item)),
                NodeValue::String(_) => self.diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!("`{key}` holds an empty string: it names no {what}"),
                    )
                    .with_span(Some(item.span.clone())),
                ),
                _ => self.shape(key, &format!("a list of {what} in quotes"), item),
            }
        }
        out
    }

    fn cards(&mut self, e: &Entry) -> Vec<Named> {
        self.cards_of(&e.key, &e.node)
    }

    fn cards_of(&mut self, key: &str, node: &Node) -> Vec<Named> {
        let list = self.strings(key, node, "cards (an id or a name)");
        list.into_iter()
            .flat_map(|(q, n)| self.card(key, &q, &n.span))
            .collect()
    }

    /// By id: that card; by name: every card of that name (every printing
    /// of a banned card is banned).
    fn card(&mut self, key: &str, q: &str, span: &Range<usize>) -> Vec<Named> {
        let named = |c: &fleetcheck_data::model::Card| Named {
            id: c.id.clone(),
            name: c.name.clone(),
        };
        if let Some(c) = self.db.by_id(q) {
            return vec![named(c)];
        }
        let by_name = self.db.by_name(q);
        if !by_name.is_empty() {
            return by_name.into_iter().map(named).collect();
        }
        let mut d = Diagnostic::new(
            InputCode::UnknownCard,
            format!(
                "`{key}`: no card has the id or name {:?}",
                shorten(q.trim())
            ),
        )
        .with_span(Some(span.clone()));
        let mut names: Vec<String> = Vec::new();
        for c in self.db.suggest(q, &[], 5) {
            let n = format!("{:?}", c.name);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        if !names.is_empty() {
            d = d.with_help(format!("did you mean {}?", names.join(", ")));
        }
        self.diags.push(d);
        Vec::new()
    }

    /// Faction ids of the one list of factions.
    fn factions(&mut self, e: &Entry) -> Vec<String> {
        let list = self.strings(&e.key, &e.node, "faction ids");
        let known = fleetcheck_data::names::FACTIONS;
        let mut out = Vec::new();
        for (f, n) in list {
            match known.iter().find(|k| k.eq_ignore_ascii_case(f.trim())) {
                Some(k) => out.push(k.to_string()),
                None => self.diags.push(
                    Diagnostic::new(
                        InputCode::UnknownFaction,
                        format!("`{}`: no faction has the id {:?}", e.key, shorten(&f)),
                    )
                    .with_span(Some(n.span.clone()))
                    .with_help(suggest::help(
                        &f,
                        "factions",
                        known.iter().copied(),
                    )),
                ),
            }
        }
        out
    }

    /// Expansions by id (product number) or name (`collection::find_set`).
    fn sets(&mut self, e: &Entry) -> Vec<NamedSet> {
        let list = self.strings(&e.key, &e.node, "expansions (an id or a name)");
        let mut out: Vec<NamedSet> = Vec::new();
        for (words, n) in list {
            match crate::collection::find_set(self.db, Some(&e.key), &words) {
                Ok(s) => {
                    if !out.iter().any(|o| o.id == s.id) {
                        out.push(NamedSet {
                            id: s.id,
                            name: s.name,
                        });
                    }
                }
                Err(d) => self.diags.push(d.with_span(Some(n.span.clone()))),
            }
        }
        out
    }

    /// The tables of an array of tables (`[[restrict]]`, `[[cost]]`).
    fn tables<'n>(&mut self, e: &'n Entry) -> Vec<&'n Node> {
        let NodeValue::Array(items) = &e.node.value else {
            self.shape(
                &e.key,
                &format!("an array of [[{}]] tables", e.key),
                &e.node,
            );
            if let Some(d) = self.diags.last_mut() {
                d.help.push(format!(
                    "write each one as a [[{}]] table (two brackets)",
                    e.key
                ));
            }
            return Vec::new();
        };
        let mut out = Vec::new();
        for item in items {
            if matches!(item.value, NodeValue::Table(_)) {
                out.push(item);
            } else {
                self.shape(&e.key, &format!("a [[{}]] table", e.key), item);
            }
        }
        out
    }

    /// A table's missing required key, said on its first line.
    fn missing(&mut self, table: &str, key: &str, node: &Node, example: &str) {
        self.diags.push(
            Diagnostic::new(InputCode::Shape, format!("this [[{table}]] has no `{key}`"))
                .with_span(Some(node.span.start..node.span.start + 1))
                .with_help(format!("add a line such as: {example}")),
        );
    }

    fn restrict(&mut self, e: &Entry) -> Vec<Restricted> {
        let mut out = Vec::new();
        for t in self.tables(e) {
            let NodeValue::Table(entries) = &t.value else {
                continue;
            };
            let (mut cards, mut max) = (None, None);
            for k in entries {
                match k.key.as_str() {
                    "cards" => cards = Some(self.cards(k)),
                    "max" => max = Some(self.integer(k, 0, MAX_COUNT)),
                    _ => {
                        self.diags
                            .push(suggest::unknown_key(k, RESTRICT_KEYS, "in a [[restrict]]"))
                    }
                }
            }
            if cards.is_none() {
                self.missing("restrict", "cards", t, "cards = [\"Photon Torpedoes\"]");
            }
            if max.is_none() {
                self.missing("restrict", "max", t, "max = 2");
            }
            if let (Some(cards), Some(Some(max))) = (cards, max) {
                out.push(Restricted {
                    cards,
                    max: max as usize,
                });
            }
        }
        out
    }

    fn costs(&mut self, e: &Entry) -> Vec<Recost> {
        let mut out = Vec::new();
        for t in self.tables(e) {
            let NodeValue::Table(entries) = &t.value else {
                continue;
            };
            let (mut cards, mut cost) = (None, None);
            for k in entries {
                match k.key.as_str() {
                    "card" => {
                        cards = Some(match &k.node.value {
                            NodeValue::String(s) if !s.trim().is_empty() => {
                                self.card("card", s, &k.node.span)
                            }
                            _ => {
                                self.shape("card", "a card (an id or a name in quotes)", &k.node);
                                Vec::new()
                            }
                        });
                    }
                    "cost" => cost = Some(self.integer(k, 0, MAX_POINTS)),
                    _ => self
                        .diags
                        .push(suggest::unknown_key(k, COST_KEYS, "in a [[cost]]")),
                }
            }
            if cards.is_none() {
                self.missing("cost", "card", t, "card = \"Cloaking Device\"");
            }
            if cost.is_none() {
                self.missing("cost", "cost", t, "cost = 3");
            }
            if let (Some(cards), Some(Some(cost))) = (cards, cost) {
                if !cards.is_empty() {
                    out.push(Recost {
                        cards,
                        cost: cost as i32,
                    });
                }
            }
        }
        out
    }
}

#[cfg(test)]
#[path = "file_tests.rs"]
mod tests;
