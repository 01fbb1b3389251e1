//! `collection add` and `collection remove`: a collection file's `[sets]`
//! (expansions) and `[cards]` (loose cards) edited in place with
//! `toml_edit`, as the fleet edits are: every comment and the layout kept,
//! the expansion or card named by the one resolver of each
//! (`staw::collection::find_set`: id or name; `staw::collection::find_card`:
//! id, or a name that names one card; both with "did you mean"), and the
//! new text read back by the collection reader before it is given back
//! (an edit that would leave the file unreadable is refused).
//!
//! The file is read first (`staw::collection::read`): the caller refuses
//! a file with problems, so an edit starts from a [`Collection`] whose
//! keys are known: one expansion written by its name is found again when
//! named by its id, one card written by one printing's id is found again
//! when named by its name, and its count raised rather than written twice.

use super::{EditError, Edited};
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_staw::collection::{self, Collection, Held, MAX_COPIES};
use toml_edit::{DocumentMut, Item, Key, Table, TableLike, Value};

/// What an edit of a collection file adds or removes: an expansion
/// (`[sets]`) or a loose card (`[cards]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holding {
    Set,
    Card,
}

impl Holding {
    /// The table it is in.
    fn table(self) -> &'static str {
        match self {
            Holding::Set => "sets",
            Holding::Card => "cards",
        }
    }

    /// What one of it is called in a message.
    fn noun(self) -> &'static str {
        match self {
            Holding::Set => "expansion",
            Holding::Card => "card",
        }
    }

    fn held(self, c: &Collection) -> &[Held] {
        match self {
            Holding::Set => &c.sets,
            Holding::Card => &c.cards,
        }
    }
}

/// What `words` names: its id and name, and for a card the held line of
/// it (the same printing, or, named by its name, any printing of it).
struct Named<'h> {
    id: String,
    name: String,
    line: Option<&'h Held>,
}

fn named<'h>(
    db: &Database,
    held: &'h Collection,
    what: Holding,
    words: &str,
) -> Result<Named<'h>, EditError> {
    match what {
        Holding::Set => {
            let set = collection::find_set(db, None, words).map_err(EditError::from_diag)?;
            let line = held.sets.iter().find(|h| h.id == set.id);
            Ok(Named {
                id: set.id,
                name: set.name,
                line,
            })
        }
        Holding::Card => {
            let card = collection::find_card(db, None, words).map_err(|d| {
                let e = EditError::from_diag(d);
                // An expansion named where a card was meant.
                match collection::find_set(db, None, words) {
                    Ok(set) => e.help(format!(
                        "{} ({}) is an expansion: without --card, SET names one",
                        set.name, set.id
                    )),
                    Err(_) => e,
                }
            })?;
            let by_id = db.by_id(words).is_some();
            let first = db.first_printing(card);
            // The line of this printing; named by its name, of any printing.
            let line = held.cards.iter().find(|h| h.id == card.id).or_else(|| {
                let printings: Vec<&Held> = held
                    .cards
                    .iter()
                    .filter(|h| {
                        db.by_id(&h.id)
                            .is_some_and(|c| db.first_printing(c) == first)
                    })
                    .collect();
                match printings.as_slice() {
                    [one] if !by_id => Some(*one),
                    _ => None,
                }
            });
            Ok(Named {
                id: line.map_or_else(|| card.id.clone(), |h| h.id.clone()),
                name: card.name.clone(),
                line,
            })
        }
    }
}

/// `count` more copies of the expansion or card `words` names: its line's
/// count raised, or a new line `ID = COUNT # NAME` at the end of its table
/// (the table made when there is none).
pub fn add(
    db: &Database,
    source: &Source,
    held: &Collection,
    what: Holding,
    words: &str,
    count: u32,
) -> Result<Edited, EditError> {
    let it = named(db, held, what, words)?;
    if count == 0 || i64::from(count) > MAX_COPIES {
        return Err(EditError::new(format!(
            "the copies to add must be a whole number from 1 to {MAX_COPIES}, found {count}"
        )));
    }
    let mut doc = parse(&source.text)?;
    let now = it.line.map_or(0, |h| h.count) + count;
    if i64::from(now) > MAX_COPIES {
        return Err(EditError::new(format!(
            "{} ({}) would have {now} copies; a collection holds at most {MAX_COPIES} of one {}",
            it.name,
            it.id,
            what.noun()
        )));
    }
    let table = what.table();
    let lines = table_of(&mut doc, table)?;
    match it.line {
        Some(h) => {
            let Some(v) = lines.get_mut(&h.written).and_then(Item::as_value_mut) else {
                return Err(EditError::new(format!(
                    "`{table}`: the line of {:?} could not be edited",
                    h.written
                )));
            };
            let decor = v.decor().clone();
            *v = Value::from(i64::from(now));
            *v.decor_mut() = decor;
        }
        None => {
            let mut v = Value::from(i64::from(count));
            v.decor_mut().set_prefix(" ");
            v.decor_mut().set_suffix(format!(" # {}", it.name));
            // As the documentation writes them: an expansion's id quoted
            // ("71268" = 1), a card's bare where TOML allows (W137 = 1).
            let key = match what {
                Holding::Set => Key::parse(&format!("{:?}", it.id))
                    .ok()
                    .and_then(|mut k| k.pop())
                    .unwrap_or_else(|| Key::new(it.id.clone())),
                Holding::Card => Key::new(it.id.clone()),
            };
            match doc.get_mut(table) {
                Some(Item::Table(t)) => {
                    t.insert_formatted(&key, Item::Value(v));
                }
                Some(Item::Value(Value::InlineTable(t))) => {
                    v.decor_mut().set_suffix(" ");
                    t.insert_formatted(&key, v);
                }
                _ => return Err(EditError::new(format!("`{table}` is not a table"))),
            }
        }
    }
    let done = format!(
        "added {count} {} ({}): {now} {} now",
        it.name,
        it.id,
        collection::copies_word(now)
    );
    read_back(db, source, doc.to_string(), done, what, &it.id, now)
}

/// The expansion or card `words` names taken out of its table (its line,
/// every copy).
pub fn remove(
    db: &Database,
    source: &Source,
    held: &Collection,
    what: Holding,
    words: &str,
) -> Result<Edited, EditError> {
    let it = named(db, held, what, words)?;
    let table = what.table();
    let Some(h) = it.line else {
        let list: Vec<String> = what
            .held(held)
            .iter()
            .map(|h| format!("{} ({})", h.name, h.id))
            .collect();
        return Err(EditError::new(format!(
            "{} ({}) is not in the collection's [{table}]",
            it.name, it.id
        ))
        .help(if list.is_empty() {
            format!("the collection holds no {}", what.noun())
        } else {
            format!("it holds {}", list.join(", "))
        }));
    };
    let mut doc = parse(&source.text)?;
    let lines = table_of(&mut doc, table)?;
    if lines.remove(&h.written).is_none() {
        return Err(EditError::new(format!(
            "`{table}`: the line of {:?} could not be edited",
            h.written
        )));
    }
    let done = removed(h);
    read_back(db, source, doc.to_string(), done, what, &h.id, 0)
}

fn removed(h: &Held) -> String {
    format!(
        "removed {} ({}): {} {}",
        h.name,
        h.id,
        h.count,
        collection::copies_word(h.count)
    )
}

fn parse(text: &str) -> Result<DocumentMut, EditError> {
    text.parse::<DocumentMut>()
        .map_err(|e| EditError::new(format!("the file is not TOML: {e}")))
}

/// `[sets]` or `[cards]` (or `sets = { ... }`), made when there is none.
fn table_of<'d>(doc: &'d mut DocumentMut, table: &str) -> Result<&'d mut dyn TableLike, EditError> {
    if doc.get(table).is_none() {
        doc.insert(table, Item::Table(Table::new()));
    }
    doc.get_mut(table)
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| EditError::new(format!("`{table}` is not a table")))
}

/// The edited text, once the collection reader reads it with `id` held
/// `count` times (none for 0) in the table of `what`.
fn read_back(
    db: &Database,
    source: &Source,
    text: String,
    done: String,
    what: Holding,
    id: &str,
    count: u32,
) -> Result<Edited, EditError> {
    let after = Source {
        path: source.path.clone(),
        text,
    };
    let read = collection::read(db, &after).map_err(|diags| {
        let first = diags.into_iter().next();
        EditError::new(format!(
            "the edit would leave the collection file unreadable{}",
            first.map_or(String::new(), |d| format!(": {}", d.message))
        ))
    })?;
    let held = what
        .held(&read)
        .iter()
        .find(|h| h.id == id)
        .map_or(0, |h| h.count);
    if held != count {
        return Err(EditError::new(format!(
            "the edit would leave {held} copies of {id}, not {count}"
        )));
    }
    Ok(Edited {
        text: after.text,
        done,
    })
}
