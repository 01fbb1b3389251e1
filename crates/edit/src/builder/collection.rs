//! `collection add` and `collection remove`: a collection file's `[sets]`
//! edited in place with `toml_edit`, as the fleet edits are: every comment
//! and the layout kept, the expansion named by the one resolver
//! (`staw::collection::find_set`: id or name, "did you mean"), and the new
//! text read back by the collection reader before it is given back (an
//! edit that would leave the file unreadable is refused).
//!
//! The file is read first (`staw::collection::read`): the caller refuses
//! a file with problems, so an edit starts from a [`Collection`] whose
//! keys are known: one expansion written by its name is found again when
//! named by its id, and its count raised rather than written twice.

use super::{EditError, Edited};
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_staw::collection::{self, Collection, Held, MAX_COPIES};
use toml_edit::{DocumentMut, Item, Key, Table, TableLike, Value};

/// `count` more copies of the expansion `words` names: its line's count
/// raised, or a new line `ID = COUNT # NAME` at the end of `[sets]` (the
/// table made when there is none).
pub fn add_set(
    db: &Database,
    source: &Source,
    held: &Collection,
    words: &str,
    count: u32,
) -> Result<Edited, EditError> {
    let set = collection::find_set(db, None, words).map_err(EditError::from_diag)?;
    if count == 0 || i64::from(count) > MAX_COPIES {
        return Err(EditError::new(format!(
            "the copies to add must be a whole number from 1 to {MAX_COPIES}, found {count}"
        )));
    }
    let mut doc = parse(&source.text)?;
    let before = held.sets.iter().find(|h| h.id == set.id);
    let now = before.map_or(0, |h| h.count) + count;
    if i64::from(now) > MAX_COPIES {
        return Err(EditError::new(format!(
            "{} ({}) would have {now} copies; a collection holds at most {MAX_COPIES} of one expansion",
            set.name, set.id
        )));
    }
    let sets = sets_table(&mut doc)?;
    match before {
        Some(h) => {
            let Some(v) = sets.get_mut(&h.written).and_then(Item::as_value_mut) else {
                return Err(EditError::new(format!(
                    "`sets`: the line of {:?} could not be edited",
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
            v.decor_mut().set_suffix(format!(" # {}", set.name));
            // The id quoted, as the documentation writes it: "71268" = 1.
            let key = Key::parse(&format!("{:?}", set.id))
                .ok()
                .and_then(|mut k| k.pop())
                .unwrap_or_else(|| Key::new(set.id.clone()));
            match doc.get_mut("sets") {
                Some(Item::Table(t)) => {
                    t.insert_formatted(&key, Item::Value(v));
                }
                Some(Item::Value(Value::InlineTable(t))) => {
                    v.decor_mut().set_suffix(" ");
                    t.insert_formatted(&key, v);
                }
                _ => return Err(EditError::new("`sets` is not a table")),
            }
        }
    }
    let done = format!(
        "added {count} {} ({}): {now} {} now",
        set.name,
        set.id,
        collection::copies_word(now)
    );
    read_back(db, source, doc.to_string(), done, &set.id, now)
}

/// The expansion `words` names taken out of `[sets]` (its line, every copy).
pub fn remove_set(
    db: &Database,
    source: &Source,
    held: &Collection,
    words: &str,
) -> Result<Edited, EditError> {
    let set = collection::find_set(db, None, words).map_err(EditError::from_diag)?;
    let Some(h) = held.sets.iter().find(|h| h.id == set.id) else {
        let list: Vec<String> = held
            .sets
            .iter()
            .map(|h| format!("{} ({})", h.name, h.id))
            .collect();
        return Err(EditError::new(format!(
            "{} ({}) is not in the collection's [sets]",
            set.name, set.id
        ))
        .help(if list.is_empty() {
            "the collection holds no expansion".to_string()
        } else {
            format!("it holds {}", list.join(", "))
        }));
    };
    let mut doc = parse(&source.text)?;
    let sets = sets_table(&mut doc)?;
    if sets.remove(&h.written).is_none() {
        return Err(EditError::new(format!(
            "`sets`: the line of {:?} could not be edited",
            h.written
        )));
    }
    let done = removed(h);
    read_back(db, source, doc.to_string(), done, &set.id, 0)
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

/// `[sets]` (or `sets = { ... }`), made when there is none.
fn sets_table(doc: &mut DocumentMut) -> Result<&mut dyn TableLike, EditError> {
    if doc.get("sets").is_none() {
        doc.insert("sets", Item::Table(Table::new()));
    }
    doc.get_mut("sets")
        .and_then(Item::as_table_like_mut)
        .ok_or_else(|| EditError::new("`sets` is not a table"))
}

/// The edited text, once the collection reader reads it with `id` held
/// `count` times (none for 0).
fn read_back(
    db: &Database,
    source: &Source,
    text: String,
    done: String,
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
    let held = read.sets.iter().find(|h| h.id == id).map_or(0, |h| h.count);
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
