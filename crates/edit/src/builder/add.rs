//! `add`: a card put where it belongs, in the file's own layout.

use super::place::{pick_ship, ship_label, ships_mut, Place};
use super::reference::{describe_item, label, reference, resolve_query, Query};
use super::{layout, parse, EditError, Edited, Kind};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_staw::fleet::read::{SHIP_KEYS, SIDEBOARD_SECTIONS};
use fleetcheck_staw::fleet::resolve::{upgrade_types, Position, SideboardSection};
use fleetcheck_staw::{CheckOptions, Engine};
use toml_edit::{Item, Table, Value};

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
            fleetcheck_staw::fleet::resolve::describe_kind(card),
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
        (Ok(c), Err(u)) if u.is(InputCode::AmbiguousCard) => {
            both(format!("a captain, {}, and several upgrades", label(c)))
        }
        (Err(c), Ok(u)) if c.is(InputCode::AmbiguousCard) => {
            both(format!("several captains and an upgrade, {}", label(u)))
        }
        (Ok(c), _) => Ok(c),
        (Err(_), Ok(u)) => Ok(u),
        // Neither fits: the upgrade's message says what is wrong, unless
        // the name is a captain's and only that failed as ambiguous.
        (Err(c), Err(u)) => Err(if c.is(InputCode::AmbiguousCard) { c } else { u }),
    }
}

/// Adds a card to the fleet text ([`add_on`] with the default check
/// options). Nothing is written: the caller checks the result and writes
/// it.
pub fn add(
    db: &Database,
    text: &str,
    kind: Kind,
    query: &Query,
    place: &Place,
) -> Result<Edited, EditError> {
    add_on(
        &Engine::new(db, CheckOptions::default()),
        text,
        kind,
        query,
        place,
    )
}

/// Adds a card to the fleet text, a name several cards share resolved on
/// its ship through the engine as `check` resolves it there (the
/// candidates ranked on that ship, the fleet's policy applied). Nothing is
/// written: the caller checks the result and writes it.
pub fn add_on(
    engine: &Engine,
    text: &str,
    kind: Kind,
    query: &Query,
    place: &Place,
) -> Result<Edited, EditError> {
    let db = engine.db();
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
            if let Some(old) = doc.get("resource").filter(|i| i.is_value()) {
                let what = describe_item(db, old, Position::Resource);
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
                fleetcheck_staw::fleet::read::TOP_KEYS,
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
                let what = describe_item(db, old, pos);
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
            let n = pick_ship(db, &doc, place.ship)?;
            let (card, note) = on_ship(engine, text, n - 1, pos, query)?;
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
                    let what = describe_item(db, old, pos);
                    return Err(EditError::new(format!(
                        "{where_} already has a {}: {what}",
                        kind.noun()
                    ))
                    .help(format!(
                        "remove it first: fleetcheck remove FILE {} --ship {n}",
                        kind.word()
                    )));
                }
                layout::insert_ordered(table, key, Item::Value(value), SHIP_KEYS);
                if let Some(c) = comment {
                    set_comment(table, key, &c);
                }
            }
            let mut done = format!("added {} {} to {where_}", kind.noun(), label(card));
            if let Some(note) = note {
                done.push_str(&format!(": {}", note.message));
            }
            done
        }
    };
    Ok(Edited {
        text: doc.to_string(),
        done,
    })
}

/// The card `query` names at `pos` of ship `ship` (0-based) of the fleet
/// `text`, and the engine's note when the fleet decided it. A name that
/// alone comes to one card is that card; one that several cards share is
/// resolved on the ship, through the engine, on the fleet as read.
fn on_ship<'db>(
    engine: &Engine<'db>,
    text: &str,
    ship: usize,
    pos: Position,
    query: &Query,
) -> Result<(&'db Card, Option<Diagnostic>), EditError> {
    match resolve_query(engine.db(), query, pos) {
        Err(e) if e.is(InputCode::AmbiguousCard) => {
            let source = Source {
                path: String::new(),
                text: text.to_string(),
            };
            engine
                .resolve_text(source)
                .find_on(ship, pos, &query.card_ref())
                .map_err(|d| EditError::from_diag(*d))
        }
        r => r.map(|c| (c, None)),
    }
}

/// Puts `# comment` after the value of `key` on its line.
fn set_comment(table: &mut Table, key: &str, comment: &str) {
    if let Some(Item::Value(v)) = table.get_mut(key) {
        v.decor_mut().set_suffix(format!("  # {comment}"));
    }
}
