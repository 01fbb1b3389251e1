//! A card as the user names it (`Query`) and as the file writes it: the
//! value written for a card, the card a written value resolves to, and how
//! both are named in messages.

use super::EditError;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_staw::fleet::read::{CardRef, Query as RefQuery, RefTable};
use fleetcheck_staw::fleet::resolve::{find, find_alone, upgrade_types, Position};
use toml_edit::{InlineTable, Item, Value};

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
                cost: None,
            })
        } else {
            RefQuery::Text(self.text.clone())
        };
        CardRef { span: 0..0, query }
    }
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
    if find_alone(db, &by_name, pos).is_some_and(|c| c.id == card.id) {
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
        Some(fleetcheck_input::tree::comment_text(&comment)),
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
                    cost: t.get("cost").and_then(|v| v.as_integer()),
                }),
            })
        }
        _ => None,
    }
}

/// The card a written value resolves to, if it does.
pub(super) fn resolved<'a>(db: &'a Database, v: &Value, pos: Position) -> Option<&'a Card> {
    card_ref_of(v).and_then(|r| find(db, &r, pos).ok())
}

/// Resolves the user's card for a position; failures are refused edits
/// with the resolver's message.
pub(super) fn resolve_query<'a>(
    db: &'a Database,
    q: &Query,
    pos: Position,
) -> Result<&'a Card, EditError> {
    find(db, &q.card_ref(), pos).map_err(|d| EditError::from_diag(*d))
}

/// A written value in messages: the card it resolves to, else its text.
pub(super) fn describe_written(card: Option<&Card>, v: &Value) -> String {
    match card {
        Some(c) => label(c),
        None => v.to_string().trim().to_string(),
    }
}

/// What a key of the file holds, in messages: the card its value resolves
/// to where `pos` stands, else its text.
pub(super) fn describe_item(db: &Database, item: &Item, pos: Position) -> String {
    match item.as_value() {
        Some(v) => describe_written(resolved(db, v, pos), v),
        None => item.to_string().trim().to_string(),
    }
}
