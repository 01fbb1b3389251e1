//! `remove`: a card (or a ship) taken out, its neighbours' comments kept.

use super::place::{pick_ship, ship_count, ship_label, ships_mut, Place};
use super::reference::{describe_written, resolved, Query};
use super::{layout, parse, EditError, Edited, Kind};
use fleetcheck_data::model::Card;
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::InputCode;
use fleetcheck_staw::fleet::read::SIDEBOARD_SECTIONS;
use fleetcheck_staw::fleet::resolve::{find, Position, SideboardSection};
use toml_edit::{DocumentMut, Item, Value};

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
        Err(d) if d.is(InputCode::AmbiguousCard) => Ok(Wanted::Name(normalize(&q.text))),
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
