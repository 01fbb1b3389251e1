//! The fleet builder: create a fleet file (`new`) and edit it in place
//! (`add`, `remove`), keeping the user's comments, key order and formatting.
//!
//! Edits go through `toml_edit` (`layout` keeps comments with the entries
//! they were written after). Every card reference is resolved against the
//! database before anything changes, with the fleet reader's own resolver
//! (`fleet::resolve::find`): an unknown or ambiguous card is refused with
//! the resolver's message and its "did you mean" or candidate list. The
//! caller checks the new text and writes it atomically (`crate::input::fs`).
//!
//! What a new reference looks like in the file: the card's name when the
//! name alone resolves to exactly that card where it stands, else
//! `{ id = "..." }` with a comment naming the card, as the sample fleets
//! do.

pub mod layout;
pub mod options;

use crate::data::model::{Card, CardType};
use crate::data::{normalize, Database};
use crate::input::diag::Diagnostic;
use crate::staw::fleet::read::{
    CardRef, Query as RefQuery, RefTable, SHIP_KEYS, SIDEBOARD_SECTIONS,
};
use crate::staw::fleet::resolve::{find, upgrade_types, Position, SideboardSection};
use toml_edit::{ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

/// What an edit adds or removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ship,
    Captain,
    Admiral,
    Upgrade,
    Resource,
    Sideboard,
    Flagship,
    FleetCaptain,
    Ambassador,
    Construction,
    Officer,
}

impl Kind {
    /// The key it is written under (`upgrades` and `officers` are lists).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Ship => "ship",
            Kind::Captain => "captain",
            Kind::Admiral => "admiral",
            Kind::Upgrade => "upgrades",
            Kind::Resource => "resource",
            Kind::Sideboard => "sideboard",
            Kind::Flagship => "flagship",
            Kind::FleetCaptain => "fleet_captain",
            Kind::Ambassador => "ambassador",
            Kind::Construction => "construction",
            Kind::Officer => "officers",
        }
    }

    /// How it is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Ship => "ship",
            Kind::Captain => "captain",
            Kind::Admiral => "admiral",
            Kind::Upgrade => "upgrade",
            Kind::Resource => "resource",
            Kind::Sideboard => "sideboard card",
            Kind::Flagship => "flagship",
            Kind::FleetCaptain => "fleet captain",
            Kind::Ambassador => "ambassador",
            Kind::Construction => "starship construction card",
            Kind::Officer => "officer",
        }
    }

    /// Where the card stands, for the resolver (not for the sideboard).
    fn position(self) -> Position {
        match self {
            Kind::Ship => Position::Ship,
            Kind::Captain => Position::Captain,
            Kind::Admiral => Position::Admiral,
            Kind::Upgrade => Position::Upgrade,
            Kind::Resource => Position::Resource,
            Kind::Sideboard => Position::Sideboard(SideboardSection::Other),
            Kind::Flagship => Position::Flagship,
            Kind::FleetCaptain => Position::FleetCaptain,
            Kind::Ambassador => Position::Ambassador,
            Kind::Construction => Position::Construction,
            Kind::Officer => Position::Officer,
        }
    }

    fn list(self) -> bool {
        matches!(self, Kind::Upgrade | Kind::Officer)
    }
}

/// A card as the user names it on the command line: an id or a name,
/// narrowed like an inline-table reference.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pub text: String,
    pub faction: Option<String>,
    pub set: Option<String>,
    pub class: Option<String>,
    /// An upgrade slot type or card type.
    pub kind: Option<String>,
}

impl Query {
    /// A query for a plain id or name.
    pub fn text(t: &str) -> Query {
        Query {
            text: t.to_string(),
            ..Query::default()
        }
    }

    /// The card reference it stands for.
    pub fn card_ref(&self) -> CardRef {
        let narrowed = self.faction.is_some()
            || self.set.is_some()
            || self.class.is_some()
            || self.kind.is_some();
        let query = if narrowed {
            RefQuery::Table(RefTable {
                name: Some(self.text.clone()),
                faction: self.faction.clone(),
                set: self.set.clone(),
                class: self.class.clone(),
                kind: self.kind.clone(),
                id: None,
            })
        } else {
            RefQuery::Text(self.text.clone())
        };
        CardRef { span: 0..0, query }
    }
}

/// A refused edit (exit code 2): what is wrong, and how to go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditError {
    pub code: String,
    pub message: String,
    pub help: Vec<String>,
}

impl EditError {
    fn new(message: impl Into<String>) -> EditError {
        EditError {
            code: "edit".into(),
            message: message.into(),
            help: Vec::new(),
        }
    }

    fn help(mut self, h: impl Into<String>) -> EditError {
        self.help.push(h.into());
        self
    }

    fn from_diag(d: Diagnostic) -> EditError {
        EditError {
            code: d.code,
            message: d.message,
            help: d.help,
        }
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        for h in &self.help {
            write!(f, "\n  help: {h}")?;
        }
        Ok(())
    }
}

/// An edit done in memory: the new text and one line saying what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edited {
    pub text: String,
    pub done: String,
}

/// Where an edit applies: the ship (1-based) and the sideboard section.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub ship: Option<usize>,
    pub section: Option<String>,
}

/// The text of a new fleet file: a short commented header, the name and
/// the format.
pub fn new_fleet(name: &str, format: &str) -> String {
    let mut doc = DocumentMut::new();
    doc.insert("name", toml_edit::value(name));
    doc.insert("format", toml_edit::value(format));
    format!(
        "# A Star Trek: Attack Wing fleet (fleetcheck fleet file).\n\
         # Add cards with `fleetcheck add FILE ship|captain|upgrade|... CARD`,\n\
         # check it with `fleetcheck check FILE`.\n{doc}"
    )
}

fn parse(text: &str) -> Result<DocumentMut, EditError> {
    text.parse::<DocumentMut>().map_err(|e| {
        EditError::new(format!(
            "the file is not valid TOML, so it cannot be edited: {}",
            e.message().trim()
        ))
        .help("fix the syntax error first (`fleetcheck check FILE` shows where it is)")
    })
}

/// "Jean-Luc Picard (Cap906)".
pub fn label(card: &Card) -> String {
    format!("{} ({})", card.name, card.id)
}

/// The value written for `card` where `pos` stands, and the comment that
/// goes with an id.
pub fn reference(db: &Database, card: &Card, pos: Position) -> (Value, Option<String>) {
    let by_name = CardRef {
        span: 0..0,
        query: RefQuery::Text(card.name.clone()),
    };
    if find(db, &by_name, pos).is_ok_and(|c| c.id == card.id) {
        return (Value::from(card.name.clone()), None);
    }
    let mut t = InlineTable::new();
    t.insert("id", Value::from(card.id.clone()));
    let kind = match (card.kind, &card.slot) {
        (CardType::Upgrade, Some(s)) => s.clone(),
        (CardType::Upgrade, None) => upgrade_types(card).collect::<Vec<_>>().join("/"),
        (k, _) => k.as_str().to_string(),
    };
    let comment = format!(
        "{} ({kind}, {}, {} SP)",
        card.name,
        card.factions.join("/"),
        card.cost
    );
    (
        Value::InlineTable(t),
        Some(crate::input::tree::comment_text(&comment)),
    )
}

/// The card reference written in a value (a string or an inline table).
fn card_ref_of(v: &Value) -> Option<CardRef> {
    match v {
        Value::String(s) => Some(CardRef {
            span: 0..0,
            query: RefQuery::Text(s.value().clone()),
        }),
        Value::InlineTable(t) => {
            let get = |k: &str| t.get(k).and_then(|v| v.as_str()).map(str::to_string);
            Some(CardRef {
                span: 0..0,
                query: RefQuery::Table(RefTable {
                    id: get("id"),
                    name: get("name"),
                    faction: get("faction"),
                    set: get("set"),
                    class: get("class"),
                    kind: get("type"),
                }),
            })
        }
        _ => None,
    }
}

/// The card a written value resolves to, if it does.
fn resolved<'a>(db: &'a Database, v: &Value, pos: Position) -> Option<&'a Card> {
    card_ref_of(v).and_then(|r| find(db, &r, pos).ok())
}

/// Resolves the user's card for a position; failures are refused edits
/// with the resolver's message.
fn resolve_query<'a>(db: &'a Database, q: &Query, pos: Position) -> Result<&'a Card, EditError> {
    find(db, &q.card_ref(), pos).map_err(|d| EditError::from_diag(*d))
}

fn ships_mut(doc: &mut DocumentMut) -> Result<&mut ArrayOfTables, EditError> {
    if doc.get("ship").is_none() {
        doc.insert("ship", Item::ArrayOfTables(ArrayOfTables::new()));
    }
    match doc.get_mut("ship") {
        Some(Item::ArrayOfTables(a)) => Ok(a),
        _ => Err(EditError::new(
            "the file's `ship` is not a list of [[ship]] tables, so its ships cannot be edited",
        )
        .help("write each ship as a [[ship]] table")),
    }
}

fn ship_count(doc: &DocumentMut) -> usize {
    doc.get("ship")
        .and_then(Item::as_array_of_tables)
        .map_or(0, ArrayOfTables::len)
}

/// "ship 2 (U.S.S. Reliant)".
fn ship_label(db: &Database, t: &Table, n: usize) -> String {
    let name = t
        .get("ship")
        .and_then(Item::as_value)
        .and_then(|v| {
            resolved(db, v, Position::Ship)
                .map(|c| c.name.clone())
                .or_else(|| v.as_str().map(str::to_string))
        })
        .unwrap_or_else(|| "no ship card".into());
    format!("ship {n} ({name})")
}

/// The 1-based ship number to edit: `--ship N`, or the only ship.
fn pick_ship(db: &Database, doc: &DocumentMut, ship: Option<usize>) -> Result<usize, EditError> {
    let count = ship_count(doc);
    let list = || {
        let ships = doc.get("ship").and_then(Item::as_array_of_tables);
        ships
            .map(|a| {
                a.iter()
                    .enumerate()
                    .map(|(i, t)| ship_label(db, t, i + 1))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    };
    match ship {
        Some(n) if n >= 1 && n <= count => Ok(n),
        Some(n) if count == 0 => Err(EditError::new(format!(
            "there is no ship {n}: the fleet has no ships yet"
        ))
        .help("add one first: fleetcheck add FILE ship CARD")),
        Some(n) => Err(EditError::new(format!(
            "there is no ship {n}: the fleet has {count} ship{} ({})",
            if count == 1 { "" } else { "s" },
            list()
        ))),
        None if count == 1 => Ok(1),
        None if count == 0 => Err(EditError::new("the fleet has no ships yet")
            .help("add one first: fleetcheck add FILE ship CARD")),
        None => Err(EditError::new(format!(
            "which ship? the fleet has {count} ships ({})",
            list()
        ))
        .help("pass --ship N")),
    }
}

/// The section of the sideboard a card goes to: `--section`, else the
/// one its type names.
fn sideboard_section(card: &Card, section: Option<&str>) -> Result<String, EditError> {
    if let Some(s) = section {
        let s = s.trim().to_lowercase();
        if !SIDEBOARD_SECTIONS.contains(&s.as_str()) {
            return Err(EditError::new(format!(
                "`{s}` is not a sideboard section (sections: {})",
                SIDEBOARD_SECTIONS.join(", ")
            )));
        }
        return Ok(s);
    }
    let types: Vec<&str> = match card.kind {
        CardType::Captain => vec!["captain"],
        CardType::Upgrade => upgrade_types(card)
            .filter(|t| SIDEBOARD_SECTIONS.contains(t))
            .collect(),
        _ => Vec::new(),
    };
    match types.as_slice() {
        [one] => Ok(one.to_string()),
        [] => Err(EditError::new(format!(
            "{} is {}, which has no sideboard section (sections: {})",
            label(card),
            crate::staw::fleet::resolve::describe_kind(card),
            SIDEBOARD_SECTIONS.join(", ")
        ))
        .help("pass --section SECTION to put it under a section anyway")),
        many => Err(EditError::new(format!(
            "{} may go under {}: say which",
            label(card),
            many.join(" or ")
        ))
        .help("pass --section SECTION")),
    }
}

/// The card meant for the sideboard when no section is given: a captain
/// or an upgrade of that name; both is ambiguous.
fn sideboard_card<'a>(db: &'a Database, query: &Query) -> Result<&'a Card, EditError> {
    let captain = resolve_query(db, query, Position::Captain);
    let upgrade = resolve_query(db, query, Position::Upgrade);
    let both = |what: String| {
        Err(
            EditError::new(format!("'{}' names {what}: say which", query.text.trim()))
                .help("pass --section captain, or the upgrade's section (--section crew, ...)"),
        )
    };
    match (captain, upgrade) {
        (Ok(c), Ok(u)) if c.id != u.id => both(format!(
            "a captain, {}, and an upgrade, {}",
            label(c),
            label(u)
        )),
        (Ok(c), Err(u)) if u.code == "ambiguous-card" => {
            both(format!("a captain, {}, and several upgrades", label(c)))
        }
        (Err(c), Ok(u)) if c.code == "ambiguous-card" => {
            both(format!("several captains and an upgrade, {}", label(u)))
        }
        (Ok(c), _) => Ok(c),
        (Err(_), Ok(u)) => Ok(u),
        // Neither fits: the upgrade's message says what is wrong, unless
        // the name is a captain's and only that failed as ambiguous.
        (Err(c), Err(u)) => Err(if c.code == "ambiguous-card" { c } else { u }),
    }
}

/// Adds a card to the fleet text. Nothing is written: the caller checks
/// the result and writes it.
pub fn add(
    db: &Database,
    text: &str,
    kind: Kind,
    query: &Query,
    place: &Place,
) -> Result<Edited, EditError> {
    let mut doc = parse(text)?;
    let done = match kind {
        Kind::Ship => {
            let card = resolve_query(db, query, Position::Ship)?;
            let (value, comment) = reference(db, card, Position::Ship);
            let ships = ships_mut(&mut doc)?;
            let mut t = Table::new();
            t.insert("ship", Item::Value(value));
            if let Some(c) = comment {
                set_comment(&mut t, "ship", &c);
            }
            t.decor_mut().set_prefix("\n");
            ships.push(t);
            format!("added ship {} as ship {}", label(card), ships.len())
        }
        Kind::Resource => {
            let card = resolve_query(db, query, Position::Resource)?;
            if let Some(old) = doc.get("resource").and_then(Item::as_value) {
                let what = resolved(db, old, Position::Resource)
                    .map(label)
                    .unwrap_or_else(|| old.to_string().trim().to_string());
                return Err(EditError::new(format!(
                    "the fleet already has a resource: {what} (a fleet has at most one)"
                ))
                .help("remove it first: fleetcheck remove FILE resource"));
            }
            let (value, comment) = reference(db, card, Position::Resource);
            layout::insert_ordered(
                doc.as_table_mut(),
                "resource",
                Item::Value(value),
                crate::staw::fleet::read::TOP_KEYS,
            );
            if let Some(c) = comment {
                set_comment(doc.as_table_mut(), "resource", &c);
            }
            format!("added resource {}", label(card))
        }
        Kind::Sideboard => {
            let card = match &place.section {
                Some(s) => {
                    let pos = Position::Sideboard(SideboardSection::of(&s.trim().to_lowercase()));
                    resolve_query(db, query, pos)?
                }
                None => sideboard_card(db, query)?,
            };
            let section = sideboard_section(card, place.section.as_deref())?;
            let pos = Position::Sideboard(SideboardSection::of(&section));
            if doc.get("sideboard").is_none() {
                let mut t = Table::new();
                t.decor_mut().set_prefix("\n");
                doc.insert("sideboard", Item::Table(t));
            }
            let Some(sb) = doc["sideboard"].as_table_mut() else {
                return Err(EditError::new(
                    "the file's `sideboard` is not a [sideboard] table, so it cannot be edited",
                ));
            };
            if let Some(old) = sb.get(&section) {
                let what = old
                    .as_value()
                    .and_then(|v| resolved(db, v, pos))
                    .map(label)
                    .unwrap_or_else(|| old.to_string().trim().to_string());
                return Err(EditError::new(format!(
                    "the sideboard's {section} section already holds {what} (one card per section)"
                ))
                .help(format!(
                    "remove it first: fleetcheck remove FILE sideboard {section}"
                )));
            }
            let (value, comment) = reference(db, card, pos);
            layout::insert_ordered(sb, &section, Item::Value(value), SIDEBOARD_SECTIONS);
            if let Some(c) = comment {
                set_comment(sb, &section, &c);
            }
            format!("added {} to the sideboard's {section} section", label(card))
        }
        _ => {
            let pos = kind.position();
            let card = resolve_query(db, query, pos)?;
            let n = pick_ship(db, &doc, place.ship)?;
            let (value, comment) = reference(db, card, pos);
            let table = ships_mut(&mut doc)?
                .get_mut(n - 1)
                .expect("ship number checked");
            let where_ = ship_label(db, table, n);
            let key = kind.key();
            if kind.list() {
                match table.get_mut(key) {
                    None => {
                        let mut a = toml_edit::Array::new();
                        a.set_trailing("\n");
                        layout::push(&mut a, value, comment.as_deref());
                        layout::insert_ordered(table, key, Item::Value(a.into()), SHIP_KEYS);
                    }
                    Some(Item::Value(Value::Array(a))) => {
                        layout::push(a, value, comment.as_deref())
                    }
                    Some(Item::Value(single @ (Value::String(_) | Value::InlineTable(_)))) => {
                        // One reference written without brackets: make it a list.
                        let mut old = single.clone();
                        old.decor_mut().clear();
                        let mut a = toml_edit::Array::new();
                        a.push_formatted(old);
                        layout::push(&mut a, value, None);
                        let suffix = single.decor().suffix().cloned();
                        let mut v = Value::Array(a);
                        v.decor_mut().set_prefix(" ");
                        if let Some(s) = suffix {
                            v.decor_mut().set_suffix(s);
                        }
                        *single = v;
                    }
                    Some(_) => {
                        return Err(EditError::new(format!(
                            "`{key}` of {where_} is not a list of cards, so it cannot be edited"
                        )))
                    }
                }
            } else {
                if let Some(old) = table.get(key) {
                    let what = old
                        .as_value()
                        .and_then(|v| resolved(db, v, pos))
                        .map(label)
                        .unwrap_or_else(|| old.to_string().trim().to_string());
                    return Err(EditError::new(format!(
                        "{where_} already has a {}: {what}",
                        kind.noun()
                    ))
                    .help(format!(
                        "remove it first: fleetcheck remove FILE {} --ship {n}",
                        cli_kind(kind)
                    )));
                }
                layout::insert_ordered(table, key, Item::Value(value), SHIP_KEYS);
                if let Some(c) = comment {
                    set_comment(table, key, &c);
                }
            }
            format!("added {} {} to {where_}", kind.noun(), label(card))
        }
    };
    Ok(Edited {
        text: doc.to_string(),
        done,
    })
}

/// The `add`/`remove` word for a kind.
fn cli_kind(kind: Kind) -> &'static str {
    match kind {
        Kind::FleetCaptain => "fleet-captain",
        Kind::Upgrade => "upgrade",
        Kind::Officer => "officer",
        k => k.key(),
    }
}

/// Puts `# comment` after the value of `key` on its line.
fn set_comment(table: &mut Table, key: &str, comment: &str) {
    if let Some(Item::Value(v)) = table.get_mut(key) {
        v.decor_mut().set_suffix(format!("  # {comment}"));
    }
}

/// What the user asked to remove, resolved as far as it goes.
enum Wanted<'a> {
    /// Anything under the key (single-card keys without a query).
    Any,
    Card(&'a Card),
    /// A name that is ambiguous in the database: matched against the
    /// names of the cards in the file.
    Name(String),
}

impl Wanted<'_> {
    fn matches(&self, card: Option<&Card>, written: &Value) -> bool {
        match self {
            Wanted::Any => true,
            Wanted::Card(c) => card.is_some_and(|x| x.id == c.id || x.is_reprint_of(c)),
            Wanted::Name(n) => {
                card.is_some_and(|x| normalize(&x.name) == *n || x.id.eq_ignore_ascii_case(n))
                    || written.as_str().is_some_and(|s| normalize(s) == *n)
            }
        }
    }
}

fn wanted<'a>(
    db: &'a Database,
    query: Option<&Query>,
    pos: Position,
) -> Result<Wanted<'a>, EditError> {
    let Some(q) = query else {
        return Ok(Wanted::Any);
    };
    match find(db, &q.card_ref(), pos) {
        Ok(c) => Ok(Wanted::Card(c)),
        Err(d) if d.code == "ambiguous-card" => Ok(Wanted::Name(normalize(&q.text))),
        // A card the database does not know may still be written in the
        // file (removing it is how the user fixes that).
        Err(_) => Ok(Wanted::Name(normalize(&q.text))),
    }
}

/// Removes a card from the fleet text.
pub fn remove(
    db: &Database,
    text: &str,
    kind: Kind,
    query: Option<&Query>,
    place: &Place,
) -> Result<Edited, EditError> {
    let mut doc = parse(text)?;
    let done = match kind {
        Kind::Ship => remove_ship(db, &mut doc, query, place)?,
        Kind::Resource => {
            let w = wanted(db, query, Position::Resource)?;
            let Some(old) = doc.get("resource").and_then(Item::as_value).cloned() else {
                return Err(EditError::new("the fleet has no resource"));
            };
            let card = resolved(db, &old, Position::Resource);
            if !w.matches(card, &old) {
                return Err(EditError::new(format!(
                    "the fleet's resource is {}, not {}",
                    describe_written(card, &old),
                    query.map(|q| q.text.as_str()).unwrap_or_default()
                )));
            }
            let kept = layout::remove_key(doc.as_table_mut(), "resource");
            keep_comments(&mut doc, kept);
            format!("removed resource {}", describe_written(card, &old))
        }
        Kind::Sideboard => {
            let Some(sb) = doc.get_mut("sideboard").and_then(Item::as_table_mut) else {
                return Err(EditError::new("the fleet has no [sideboard]"));
            };
            // A section name, from --section or as the card argument.
            let section = place.section.clone().or_else(|| {
                query
                    .map(|q| q.text.trim().to_lowercase())
                    .filter(|t| SIDEBOARD_SECTIONS.contains(&t.as_str()) && sb.contains_key(t))
            });
            let key = match section {
                Some(s) => {
                    if !sb.contains_key(&s) {
                        return Err(EditError::new(format!("the sideboard has no {s} section")));
                    }
                    s
                }
                None => {
                    let w = wanted(db, query, Position::Sideboard(SideboardSection::Other))?;
                    let hits: Vec<String> = sb
                        .iter()
                        .filter(|(k, item)| {
                            item.as_value().is_some_and(|v| {
                                let pos = Position::Sideboard(SideboardSection::of(k));
                                w.matches(resolved(db, v, pos), v)
                            })
                        })
                        .map(|(k, _)| k.to_string())
                        .collect();
                    match hits.as_slice() {
                        [one] => one.clone(),
                        [] => {
                            return Err(EditError::new(format!(
                                "no card of the sideboard matches {}",
                                query.map(|q| q.text.as_str()).unwrap_or_default()
                            )))
                        }
                        many => {
                            return Err(EditError::new(format!(
                                "several sideboard sections match: {}",
                                many.join(", ")
                            ))
                            .help("pass --section SECTION"))
                        }
                    }
                }
            };
            let pos = Position::Sideboard(SideboardSection::of(&key));
            let what = sb
                .get(&key)
                .and_then(Item::as_value)
                .map(|v| describe_written(resolved(db, v, pos), v))
                .unwrap_or_default();
            let kept = layout::remove_key(sb, &key);
            keep_comments(&mut doc, kept);
            format!("removed {what} from the sideboard's {key} section")
        }
        _ => {
            let pos = kind.position();
            let w = wanted(db, query, pos)?;
            if kind.list() && matches!(w, Wanted::Any) {
                return Err(EditError::new(format!(
                    "say which {} to remove",
                    kind.noun()
                )));
            }
            let n = pick_ship(db, &doc, place.ship)?;
            let table = ships_mut(&mut doc)?
                .get_mut(n - 1)
                .expect("ship number checked");
            let where_ = ship_label(db, table, n);
            let key = kind.key();
            let asked = query.map(|q| q.text.clone()).unwrap_or_default();
            if kind.list() {
                let Some(item) = table.get_mut(key) else {
                    return Err(EditError::new(format!("{where_} has no {key}")));
                };
                match item {
                    Item::Value(Value::Array(a)) => {
                        let hits: Vec<(usize, String)> = a
                            .iter()
                            .enumerate()
                            .filter_map(|(i, v)| {
                                let card = resolved(db, v, pos);
                                w.matches(card, v).then(|| (i, describe_written(card, v)))
                            })
                            .collect();
                        let Some((last, what)) = hits.last().cloned() else {
                            return Err(EditError::new(format!(
                                "no {} of {where_} matches {asked}",
                                kind.noun()
                            )));
                        };
                        let mut names: Vec<&String> = hits.iter().map(|(_, w)| w).collect();
                        names.dedup();
                        if names.len() > 1 {
                            return Err(EditError::new(format!(
                                "{asked} matches several cards of {where_}: {}",
                                names
                                    .iter()
                                    .map(|s| s.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ))
                            .help("name the card by its id"));
                        }
                        // Of identical copies, the last one goes.
                        layout::remove(a, last);
                        format!("removed {} {what} from {where_}", kind.noun())
                    }
                    Item::Value(single) => {
                        let card = resolved(db, single, pos);
                        if !w.matches(card, single) {
                            return Err(EditError::new(format!(
                                "no {} of {where_} matches {asked}",
                                kind.noun()
                            )));
                        }
                        let what = describe_written(card, single);
                        let kept = layout::remove_key(table, key);
                        keep_comments(&mut doc, kept);
                        format!("removed {} {what} from {where_}", kind.noun())
                    }
                    _ => {
                        return Err(EditError::new(format!(
                            "`{key}` of {where_} is not a list of cards, so it cannot be edited"
                        )))
                    }
                }
            } else {
                let Some(old) = table.get(key).and_then(Item::as_value).cloned() else {
                    return Err(EditError::new(format!("{where_} has no {}", kind.noun())));
                };
                let card = resolved(db, &old, pos);
                if !w.matches(card, &old) {
                    return Err(EditError::new(format!(
                        "the {} of {where_} is {}, not {asked}",
                        kind.noun(),
                        describe_written(card, &old)
                    )));
                }
                let kept = layout::remove_key(table, key);
                keep_comments(&mut doc, kept);
                format!(
                    "removed {} {} from {where_}",
                    kind.noun(),
                    describe_written(card, &old)
                )
            }
        }
    };
    Ok(Edited {
        text: doc.to_string(),
        done,
    })
}

/// A removed key's own comment lines that found no key after it: they go
/// to the end of the file rather than being lost.
fn keep_comments(doc: &mut DocumentMut, kept: Option<String>) {
    if let Some(c) = kept {
        let old = doc.trailing().as_str().unwrap_or("").to_string();
        doc.set_trailing(format!("{old}{c}"));
    }
}

fn describe_written(card: Option<&Card>, v: &Value) -> String {
    match card {
        Some(c) => label(c),
        None => v.to_string().trim().to_string(),
    }
}

fn remove_ship(
    db: &Database,
    doc: &mut DocumentMut,
    query: Option<&Query>,
    place: &Place,
) -> Result<String, EditError> {
    let count = ship_count(doc);
    // `remove FILE ship 2`: a ship number.
    let number = query
        .filter(|q| q.faction.is_none() && q.set.is_none() && q.class.is_none())
        .and_then(|q| q.text.trim().parse::<usize>().ok());
    let n = match (place.ship, number) {
        (Some(n), _) | (None, Some(n)) => pick_ship(db, doc, Some(n))?,
        (None, None) => {
            let w = wanted(db, query, Position::Ship)?;
            if matches!(w, Wanted::Any) {
                return Err(EditError::new("say which ship: its number or its card"));
            }
            let ships = doc.get("ship").and_then(Item::as_array_of_tables);
            let hits: Vec<usize> = ships
                .map(|a| {
                    a.iter()
                        .enumerate()
                        .filter(|(_, t)| {
                            t.get("ship")
                                .and_then(Item::as_value)
                                .is_some_and(|v| w.matches(resolved(db, v, Position::Ship), v))
                        })
                        .map(|(i, _)| i + 1)
                        .collect()
                })
                .unwrap_or_default();
            match hits.as_slice() {
                [one] => *one,
                [] => {
                    return Err(EditError::new(format!(
                        "no ship of the fleet matches {}",
                        query.map(|q| q.text.as_str()).unwrap_or_default()
                    ))
                    .help(format!(
                        "the fleet has {count} ships; give the ship's number"
                    )))
                }
                many => {
                    return Err(EditError::new(format!(
                        "ships {} match; say which",
                        many.iter()
                            .map(|n| n.to_string())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ))
                    .help("give the ship's number: fleetcheck remove FILE ship N"))
                }
            }
        }
    };
    let ships = ships_mut(doc)?;
    let label = ship_label(db, ships.get(n - 1).expect("checked"), n);
    // Comment lines above the removed [[ship]] header stay, in front of
    // what follows it.
    let prefix = ships
        .get(n - 1)
        .and_then(|t| t.decor().prefix())
        .and_then(|p| p.as_str())
        .unwrap_or("")
        .to_string();
    let comments: String = prefix
        .split_inclusive('\n')
        .filter(|l| l.trim_start().starts_with('#'))
        .collect();
    ships.remove(n - 1);
    if !comments.is_empty() {
        if let Some(next) = ships.get_mut(n - 1) {
            let old = next
                .decor()
                .prefix()
                .and_then(|p| p.as_str())
                .unwrap_or("")
                .to_string();
            next.decor_mut().set_prefix(format!("{comments}{old}"));
        } else {
            keep_comments(doc, Some(comments));
        }
    }
    Ok(format!("removed {label}"))
}
