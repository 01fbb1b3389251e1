//! Reading a parsed fleet file (`tree::Node`) into `RawFleet`: the keys of
//! `shared/spec/fleet-file.md`, each value with its span, card references
//! still unresolved.
//!
//! Every unknown key and every value of the wrong shape is reported (codes
//! `unknown-key` and `shape`, input errors) and reading goes on, so that a
//! file's problems are all listed at once. The sideboard is the exception
//! the spec makes: a list under one of its sections or an unknown section
//! is a rule violation (`sideboard-slot`), so the reader keeps those entries
//! and `rules::sideboard` judges them.

use fleetcheck_input::diag::{Diagnostic, InputCode};
use fleetcheck_input::tree::{Entry, Node, NodeValue};
use std::ops::Range;

pub use fleetcheck_input::tree::Spanned;

/// An unresolved card reference: a string (id or name) or an inline table
/// that narrows the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRef {
    /// The span of the whole reference (the string or the inline table).
    pub span: Range<usize>,
    pub query: Query,
}

/// What a card reference asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Query {
    /// `"T240"` or `"Cloaking Device"`: an exact id, else a name.
    Text(String),
    /// `{ name = "Cloaking Device", faction = "dominion" }`.
    Table(RefTable),
}

/// The keys of an inline-table card reference.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct RefTable {
    pub id: Option<String>,
    pub name: Option<String>,
    pub faction: Option<String>,
    pub set: Option<String>,
    pub class: Option<String>,
    /// `type`: an upgrade slot type (`crew`) or a card type (`captain`).
    pub kind: Option<String>,
    /// `cost`: the card's cost where it stands (on its ship, after
    /// penalties and discounts), as a list states it; only candidates
    /// that cost that there remain.
    pub cost: Option<i64>,
}

impl CardRef {
    /// The reference as the user would recognise it in a message.
    pub fn label(&self) -> String {
        match &self.query {
            Query::Text(s) => format!("'{}'", shorten(s.trim())),
            Query::Table(t) => {
                let mut parts = Vec::new();
                for (k, v) in [
                    ("id", &t.id),
                    ("name", &t.name),
                    ("faction", &t.faction),
                    ("set", &t.set),
                    ("class", &t.class),
                    ("type", &t.kind),
                ] {
                    if let Some(v) = v {
                        parts.push(format!("{k} = {:?}", shorten(v)));
                    }
                }
                if let Some(c) = t.cost {
                    parts.push(format!("cost = {c}"));
                }
                format!("{{ {} }}", parts.join(", "))
            }
        }
    }
}

/// The fleet file as written.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawFleet {
    pub name: Option<Spanned<String>>,
    pub format: Option<Spanned<String>>,
    pub resource: Option<CardRef>,
    pub additional_points: Option<Spanned<i64>>,
    pub notes: Option<Spanned<String>>,
    pub as_of: Option<Spanned<String>>,
    pub sp_cap: Option<Spanned<i64>>,
    pub game: Option<Spanned<String>>,
    /// The player who submits the list (tournament events).
    pub player: Option<Spanned<String>>,
    pub ships: Vec<RawShip>,
    pub sideboard: Option<RawSideboard>,
    /// The file has no key at all (empty, or only comments).
    pub empty: bool,
}

/// Every card reference of one `[[ship]]` (`$ship`), each single-card key
/// then the upgrades and officers: the one list of a ship's references, for
/// the shared and the mutable walk (`$iter` is `iter` or `iter_mut`, `$r`
/// the matching `&` or `&mut`).
macro_rules! ship_references {
    ($ship:expr, $iter:ident, $($r:tt)+) => {
        [
            $($r)+ $ship.ship,
            $($r)+ $ship.captain,
            $($r)+ $ship.admiral,
            $($r)+ $ship.flagship,
            $($r)+ $ship.fleet_captain,
            $($r)+ $ship.ambassador,
            $($r)+ $ship.construction,
        ]
        .into_iter()
        .flatten()
        .chain($ship.upgrades.$iter())
        .chain($ship.officers.$iter())
    };
}

impl RawFleet {
    /// Every card reference of the fleet: the resource, each ship's, then
    /// the sideboard's.
    pub fn references(&self) -> impl Iterator<Item = &CardRef> {
        let ships = self.ships.iter().flat_map(|s| ship_references!(s, iter, &));
        let sideboard = self
            .sideboard
            .iter()
            .flat_map(|sb| sb.entries.iter().flat_map(|e| e.cards.iter()));
        self.resource.iter().chain(ships).chain(sideboard)
    }

    /// The card reference written at `span`, to change in memory (a
    /// question of `fix` answered, then the fleet resolved again with
    /// `Engine::resolve_fleet`, no TOML text in between).
    pub fn reference_at_mut(&mut self, span: &Range<usize>) -> Option<&mut CardRef> {
        let ships = self
            .ships
            .iter_mut()
            .flat_map(|s| ship_references!(s, iter_mut, &mut));
        let sideboard = self
            .sideboard
            .iter_mut()
            .flat_map(|sb| sb.entries.iter_mut().flat_map(|e| e.cards.iter_mut()));
        self.resource
            .iter_mut()
            .chain(ships)
            .chain(sideboard)
            .find(|r| r.span == *span)
    }
}

/// One `[[ship]]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawShip {
    /// The whole `[[ship]]` table.
    pub span: Range<usize>,
    pub ship: Option<CardRef>,
    pub captain: Option<CardRef>,
    pub admiral: Option<CardRef>,
    pub upgrades: Vec<CardRef>,
    pub flagship: Option<CardRef>,
    pub fleet_captain: Option<CardRef>,
    pub ambassador: Option<CardRef>,
    pub construction: Option<CardRef>,
    pub officers: Vec<CardRef>,
    /// `booster = true`: the ship of a Blind Booster event's booster.
    pub booster: Option<Spanned<bool>>,
}

/// `[sideboard]` as written: every key, known section or not.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RawSideboard {
    pub span: Range<usize>,
    pub entries: Vec<SideboardEntry>,
}

/// One key of `[sideboard]`.
#[derive(Debug, Clone, PartialEq)]
pub struct SideboardEntry {
    /// The key (`captain`, `crew`, ... or anything the user wrote).
    pub section: Spanned<String>,
    /// The cards under it: one, or several when written as a list.
    pub cards: Vec<CardRef>,
    /// Written as a list (a sideboard section holds one card).
    pub list: bool,
}

/// The top-level keys of a STAW fleet file.
pub const TOP_KEYS: &[&str] = &[
    "name",
    "format",
    "resource",
    "additional_points",
    "notes",
    "as_of",
    "sp_cap",
    "game",
    "player",
    "ship",
    "sideboard",
];

/// The keys of a `[[ship]]`.
pub const SHIP_KEYS: &[&str] = &[
    "ship",
    "captain",
    "admiral",
    "upgrades",
    "flagship",
    "fleet_captain",
    "ambassador",
    "construction",
    "officers",
    "booster",
];

/// The keys of an inline-table card reference.
pub const REF_KEYS: &[&str] = &["id", "name", "faction", "set", "class", "type", "cost"];

/// The sections of `[sideboard]`.
pub const SIDEBOARD_SECTIONS: &[&str] = &["captain", "talent", "crew", "tech", "weapon"];

/// Reads the root table of a fleet file. Problems go to `diags`; what could
/// be read is returned.
pub fn read(root: &Node, diags: &mut Vec<Diagnostic>) -> RawFleet {
    let mut fleet = RawFleet::default();
    let NodeValue::Table(entries) = &root.value else {
        // The parser always gives a table at the root.
        return fleet;
    };
    fleet.empty = entries.is_empty();
    for e in entries {
        match e.key.as_str() {
            "name" => fleet.name = string(e, diags),
            "format" => fleet.format = string(e, diags),
            "notes" => fleet.notes = string(e, diags),
            "game" => fleet.game = string(e, diags),
            "player" => fleet.player = string(e, diags),
            "resource" => fleet.resource = card_ref(&e.key, &e.node, diags),
            "additional_points" => fleet.additional_points = integer(e, diags),
            "sp_cap" => fleet.sp_cap = integer(e, diags),
            "as_of" => fleet.as_of = date(e, diags),
            "ship" => match &e.node.value {
                NodeValue::Array(items) => {
                    fleet.ships.reserve(items.len());
                    for item in items {
                        if let Some(s) = ship(item, diags) {
                            fleet.ships.push(s);
                        }
                    }
                }
                // `[ship]` instead of `[[ship]]`: one ship, say how to write it.
                NodeValue::Table(_) => {
                    diags.push(
                        Diagnostic::new(
                            InputCode::Shape,
                            "`ship` must be an array of tables: write each ship as `[[ship]]`",
                        )
                        .with_span(Some(e.key_span.clone()))
                        .with_help(
                            "a fleet file lists its ships as [[ship]] tables (two brackets)",
                        ),
                    );
                }
                other => diags.push(shape(
                    &e.key,
                    "an array of [[ship]] tables",
                    other,
                    &e.node.span,
                )),
            },
            "sideboard" => fleet.sideboard = sideboard(e, diags),
            _ => diags.push(unknown_key(e, TOP_KEYS, "at the top of a fleet file")),
        }
    }
    fleet
}

fn ship(node: &Node, diags: &mut Vec<Diagnostic>) -> Option<RawShip> {
    let NodeValue::Table(entries) = &node.value else {
        diags.push(shape("ship", "a [[ship]] table", &node.value, &node.span));
        return None;
    };
    let mut s = RawShip {
        span: node.span.clone(),
        ..RawShip::default()
    };
    for e in entries {
        let one = |diags: &mut Vec<Diagnostic>| card_ref(&e.key, &e.node, diags);
        match e.key.as_str() {
            "ship" => s.ship = one(diags),
            "captain" => s.captain = one(diags),
            "admiral" => s.admiral = one(diags),
            "flagship" => s.flagship = one(diags),
            "fleet_captain" => s.fleet_captain = one(diags),
            "ambassador" => s.ambassador = one(diags),
            "construction" => s.construction = one(diags),
            "upgrades" => s.upgrades = card_list(e, diags),
            "officers" => s.officers = card_list(e, diags),
            "booster" => s.booster = boolean(e, diags),
            _ => diags.push(unknown_key(e, SHIP_KEYS, "in a [[ship]]")),
        }
    }
    if s.ship.is_none() && !entries.iter().any(|e| e.key == "ship") {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                "this [[ship]] has no `ship` key naming its ship card",
            )
            .with_span(Some(header_span(node)))
            .with_help("add a line such as: ship = \"U.S.S. Enterprise-D\""),
        );
    }
    Some(s)
}

/// The first line of a table (its `[[ship]]` header), for messages about
/// the whole table.
fn header_span(node: &Node) -> Range<usize> {
    node.span.start..node.span.start + 1
}

fn sideboard(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<RawSideboard> {
    let NodeValue::Table(entries) = &e.node.value else {
        diags.push(shape(
            "sideboard",
            "a [sideboard] table",
            &e.node.value,
            &e.node.span,
        ));
        return None;
    };
    let mut sb = RawSideboard {
        span: e.key_span.clone(),
        entries: Vec::new(),
    };
    for s in entries {
        let section = Spanned {
            value: s.key.clone(),
            span: s.key_span.clone(),
        };
        match &s.node.value {
            NodeValue::Array(items) => {
                let cards = items
                    .iter()
                    .filter_map(|i| card_ref(&s.key, i, diags))
                    .collect();
                sb.entries.push(SideboardEntry {
                    section,
                    cards,
                    list: true,
                });
            }
            _ => {
                if let Some(c) = card_ref(&s.key, &s.node, diags) {
                    sb.entries.push(SideboardEntry {
                        section,
                        cards: vec![c],
                        list: false,
                    });
                }
            }
        }
    }
    Some(sb)
}

/// A list of card references; a single reference is read as a list of one.
fn card_list(e: &Entry, diags: &mut Vec<Diagnostic>) -> Vec<CardRef> {
    match &e.node.value {
        NodeValue::Array(items) => items
            .iter()
            .filter_map(|i| card_ref(&e.key, i, diags))
            .collect(),
        _ => card_ref(&e.key, &e.node, diags).into_iter().collect(),
    }
}

/// A card reference: a string, or an inline table of `REF_KEYS`.
fn card_ref(key: &str, node: &Node, diags: &mut Vec<Diagnostic>) -> Option<CardRef> {
    match &node.value {
        NodeValue::String(s) => {
            if s.trim().is_empty() {
                diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!("`{key}` names no card (empty string)"),
                    )
                    .with_span(Some(node.span.clone())),
                );
                return None;
            }
            Some(CardRef {
                span: node.span.clone(),
                query: Query::Text(s.clone()),
            })
        }
        NodeValue::Table(entries) => {
            let mut t = RefTable::default();
            let mut ok = true;
            for e in entries {
                if e.key == "cost" {
                    match cost(e, diags) {
                        Some(c) => t.cost = Some(c),
                        None => ok = false,
                    }
                    continue;
                }
                let slot = match e.key.as_str() {
                    "id" => &mut t.id,
                    "name" => &mut t.name,
                    "faction" => &mut t.faction,
                    "set" => &mut t.set,
                    "class" => &mut t.class,
                    "type" => &mut t.kind,
                    _ => {
                        diags.push(unknown_key(e, REF_KEYS, "in a card reference"));
                        ok = false;
                        continue;
                    }
                };
                match string(e, diags) {
                    Some(v) => *slot = Some(v.value),
                    None => ok = false,
                }
            }
            if t.id.is_none() && t.name.is_none() {
                if ok {
                    diags.push(
                        Diagnostic::new(
                            InputCode::Shape,
                            format!("the card reference under `{key}` has neither `id` nor `name`"),
                        )
                        .with_span(Some(node.span.clone()))
                        .with_help("write { name = \"...\" } or { id = \"...\" }, narrowed with faction, set, class, type or cost"),
                    );
                }
                return None;
            }
            ok.then(|| CardRef {
                span: node.span.clone(),
                query: Query::Table(t),
            })
        }
        NodeValue::Array(_) => {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("`{key}` takes one card, found an array"),
                )
                .with_span(Some(node.span.clone()))
                .with_help(format!("write one card: {key} = \"...\"")),
            );
            None
        }
        other => {
            diags.push(shape(
                key,
                "a card (a name or id in quotes, or an inline table such as { id = \"C209\" })",
                other,
                &node.span,
            ));
            None
        }
    }
}

fn string(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<Spanned<String>> {
    match &e.node.value {
        NodeValue::String(s) => Some(Spanned {
            value: s.clone(),
            span: e.node.span.clone(),
        }),
        other => {
            diags.push(shape(&e.key, "a string", other, &e.node.span));
            None
        }
    }
}

/// The most a stated `cost` may be (in absolute value): far above any
/// card's cost, a typo of many digits is an error rather than no match.
pub(crate) const MAX_CARD_COST: i64 = 1_000;

/// `cost` of a card reference: an integer (SP).
fn cost(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<i64> {
    match &e.node.value {
        NodeValue::Integer(i) if i.unsigned_abs() > MAX_CARD_COST.unsigned_abs() => {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "`cost` = {i} is out of range: a card's cost is -{MAX_CARD_COST} to {MAX_CARD_COST} SP"
                    ),
                )
                .with_span(Some(e.node.span.clone())),
            );
            None
        }
        NodeValue::Integer(i) => Some(*i),
        other => {
            diags.push(shape(
                &e.key,
                "an integer (the card's cost where it stands, in SP)",
                other,
                &e.node.span,
            ));
            None
        }
    }
}

fn boolean(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<Spanned<bool>> {
    match &e.node.value {
        NodeValue::Boolean(b) => Some(Spanned {
            value: *b,
            span: e.node.span.clone(),
        }),
        other => {
            diags.push(shape(&e.key, "true or false", other, &e.node.span));
            None
        }
    }
}

pub use fleetcheck_input::diag::shorten;

/// The largest `sp_cap` or `additional_points` (in absolute value) a fleet
/// may give: far above any real event, and a clear error rather than a
/// silent clamp for a typo of many digits.
pub const MAX_POINTS: i64 = 100_000;

fn integer(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<Spanned<i64>> {
    match &e.node.value {
        NodeValue::Integer(i)
            if i.unsigned_abs() > MAX_POINTS.unsigned_abs() || (e.key == "sp_cap" && *i < 0) =>
        {
            let range = if e.key == "sp_cap" {
                format!("0 to {MAX_POINTS}")
            } else {
                format!("-{MAX_POINTS} to {MAX_POINTS}")
            };
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("`{}` = {i} is out of range: it must be {range} SP", e.key),
                )
                .with_span(Some(e.node.span.clone())),
            );
            None
        }
        NodeValue::Integer(i) => Some(Spanned {
            value: *i,
            span: e.node.span.clone(),
        }),
        other => {
            diags.push(shape(&e.key, "an integer", other, &e.node.span));
            None
        }
    }
}

/// `as_of`: a TOML date (`2016-06-30`) or a string holding one.
fn date(e: &Entry, diags: &mut Vec<Diagnostic>) -> Option<Spanned<String>> {
    let text = match &e.node.value {
        NodeValue::String(s) => s.trim().to_string(),
        NodeValue::Datetime(s) => s.clone(),
        other => {
            diags.push(shape(&e.key, "a date (YYYY-MM-DD)", other, &e.node.span));
            return None;
        }
    };
    if parse_date(&text).is_none() {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!("`{}` is not a valid date: {text:?}", e.key),
            )
            .with_span(Some(e.node.span.clone()))
            .with_help("write a calendar date as YYYY-MM-DD, e.g. as_of = \"2016-06-30\""),
        );
        return None;
    }
    Some(Spanned {
        value: text,
        span: e.node.span.clone(),
    })
}

/// Parses a `YYYY-MM-DD` calendar date.
pub fn parse_date(s: &str) -> Option<time::Date> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(s, &fmt).ok()
}

fn shape(key: &str, expected: &str, found: &NodeValue, span: &Range<usize>) -> Diagnostic {
    Diagnostic::new(
        InputCode::Shape,
        format!("`{key}` must be {expected}, found {}", found.describe()),
    )
    .with_span(Some(span.clone()))
}

use fleetcheck_input::suggest::unknown_key;

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;
