//! The collection file (`collection.toml`) read as the event file is read:
//! parsed once into the spanned tree (`input::tree`), then walked by hand,
//! so that every problem of the file is reported at once, each on its key
//! or value: `unknown-key` (with "did you mean") for a top-level key other
//! than `sets` and `cards`, `unknown-set` and `unknown-card` (with the
//! closest names), `shape` for a count that is not a positive whole number
//! and for one expansion or card named twice (by its id and by its name),
//! `parse` for a key written twice.

use super::{Collection, Held, SetRef};
use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use fleetcheck_input::diag::{shorten, Diagnostic, InputCode, Source};
use fleetcheck_input::suggest;
use fleetcheck_input::tree::{self, Entry, NodeValue};

/// The top-level keys of a collection file.
pub const COLLECTION_KEYS: &[&str] = &["sets", "cards"];

/// The most copies of one expansion or card a collection may hold: far
/// above any real shelf, and a clear error for a typo of many digits.
pub const MAX_COPIES: i64 = 1_000;

/// Reads a collection file: the collection, or every problem of the file
/// (input errors, each located in it, in file order).
pub fn read(db: &Database, source: &Source) -> Result<Collection, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let Some(root) = tree::parse_reported(&source.text, &mut diags) else {
        return Err(diags);
    };
    let mut out = Collection::default();
    if let NodeValue::Table(entries) = &root.value {
        for e in entries {
            match e.key.as_str() {
                "sets" => out.sets = table(e, &mut diags, |k| set(db, k)),
                "cards" => out.cards = table(e, &mut diags, |k| card(db, k)),
                _ => diags.push(suggest::unknown_key(
                    e,
                    COLLECTION_KEYS,
                    "at the top of a collection file",
                )),
            }
        }
    }
    if diags.is_empty() {
        return Ok(out);
    }
    diags.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    Err(diags)
}

/// What a key of `[sets]` or `[cards]` names: its id and name, or the
/// diagnostic that says why it names none (without its place).
type Named = Result<(String, String), Diagnostic>;

/// The entries of `[sets]` or `[cards]`: each key named by `name`, each
/// value a count of copies.
fn table(e: &Entry, diags: &mut Vec<Diagnostic>, name: impl Fn(&str) -> Named) -> Vec<Held> {
    let NodeValue::Table(entries) = &e.node.value else {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!(
                    "`{}` must be a table of counts, found {}",
                    e.key,
                    e.node.value.describe()
                ),
            )
            .with_span(Some(e.node.span.clone()))
            .with_help(format!(
                "write it as [{}] with one line per {}, e.g. {}",
                e.key,
                if e.key == "sets" { "expansion" } else { "card" },
                if e.key == "sets" {
                    "\"71120\" = 1"
                } else {
                    "W122 = 2"
                }
            )),
        );
        return Vec::new();
    };
    let mut out: Vec<Held> = Vec::new();
    for k in entries {
        let named = match name(&k.key) {
            Ok(n) => Some(n),
            Err(d) => {
                diags.push(d.with_span(Some(k.key_span.clone())));
                None
            }
        };
        let count = copies(&e.key, k, diags);
        let (Some((id, name)), Some(count)) = (named, count) else {
            continue;
        };
        if let Some(first) = out.iter().find(|h| h.id == id) {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "`{}`: {:?} names {name} ({id}) again, which {:?} names already",
                        e.key,
                        shorten(&k.key),
                        shorten(&first.written)
                    ),
                )
                .with_span(Some(k.key_span.clone()))
                .with_help(format!(
                    "give {name} one line, with the copies added up: {:?} = {}",
                    first.written,
                    first.count + count
                )),
            );
            continue;
        }
        out.push(Held {
            id,
            name,
            count,
            written: k.key.clone(),
            span: k.key_span.start..k.node.span.end,
        });
    }
    out
}

/// A count of copies: a whole number from 1 to [`MAX_COPIES`].
fn copies(table: &str, k: &Entry, diags: &mut Vec<Diagnostic>) -> Option<u32> {
    let found = match &k.node.value {
        NodeValue::Integer(n) if (1..=MAX_COPIES).contains(n) => return u32::try_from(*n).ok(),
        NodeValue::Integer(n) => n.to_string(),
        v => v.describe().to_string(),
    };
    diags.push(
        Diagnostic::new(
            InputCode::Shape,
            format!(
                "`{table}`: the copies of {:?} must be a whole number from 1 to {MAX_COPIES}, found {found}",
                shorten(&k.key)
            ),
        )
        .with_span(Some(k.node.span.clone()))
        .with_help("write how many you own, e.g. 1 (leave out what you do not own)"),
    );
    None
}

/// An expansion by id (product number) or name (`Database::sets_named`).
fn set(db: &Database, words: &str) -> Named {
    find_set(db, Some("sets"), words).map(|s| (s.id, s.name))
}

/// THE resolver of an expansion by id (product number) or name
/// (`Database::sets_named`), for the collection file, the `collection`
/// commands and the event file's `ban_sets` alike: the one set `words`
/// names, or the `unknown-set` diagnostic (without its place; its message
/// under `key`, the file's key, when there is one) that says why it names
/// none (with "did you mean") or several (with them listed).
pub fn find_set(db: &Database, key: Option<&str>, words: &str) -> Result<SetRef, Diagnostic> {
    let key = key.map_or(String::new(), |k| format!("`{k}`: "));
    match db.sets_named(words).as_slice() {
        [s] => Ok(SetRef {
            id: s.id.clone(),
            name: s.name.clone(),
        }),
        [] => {
            let names = db.sets.iter().map(|s| (s.name.as_str(), s));
            let close: Vec<String> = suggest::ranked(words, names, 3)
                .into_iter()
                .map(|s| format!("{:?} ({})", s.name, s.id))
                .collect();
            Err(Diagnostic::new(
                InputCode::UnknownSet,
                format!("{key}no expansion has the id or name {:?}", shorten(words)),
            )
            .with_help(if close.is_empty() {
                "give an expansion's product number or its name, as `fleetcheck search` shows it"
                    .to_string()
            } else {
                format!("did you mean {}?", close.join(", "))
            }))
        }
        several => {
            let list: Vec<String> = several
                .iter()
                .take(5)
                .map(|s| format!("{:?} ({})", s.name, s.id))
                .collect();
            Err(Diagnostic::new(
                InputCode::UnknownSet,
                format!(
                    "{key}{:?} names {} expansions",
                    shorten(words),
                    several.len()
                ),
            )
            .with_help(format!(
                "name one by its id or whole name: {}{}",
                list.join(", "),
                if several.len() > 5 { ", ..." } else { "" }
            )))
        }
    }
}

/// A loose card of `[cards]`: by id, or by a name that names one card.
fn card(db: &Database, words: &str) -> Named {
    find_card(db, Some("cards"), words).map(|c| (c.id.clone(), c.name.clone()))
}

/// THE resolver of a loose card of a collection, for the collection file's
/// `[cards]` and `collection add`/`remove --card` alike: the card with the
/// id `words` (that printing), or the one card the name `words` names (its
/// printings are one card, [`fleetcheck_data::model::Card::is_reprint_of`]:
/// then its first printing, by which the shelf counts); else the
/// `unknown-card` diagnostic (without its place; its message under `key`,
/// the file's key, when there is one) with "did you mean", or with the ids
/// of the cards the name names.
pub fn find_card<'d>(
    db: &'d Database,
    key: Option<&str>,
    words: &str,
) -> Result<&'d Card, Diagnostic> {
    if let Some(c) = db.by_id(words) {
        return Ok(c);
    }
    let key = key.map_or(String::new(), |k| format!("`{k}`: "));
    let cards = crate::fleet::dedupe(db.by_name(words));
    match cards.as_slice() {
        [one] => Ok(db
            .first_printing_at(one)
            .and_then(|i| db.cards.get(i))
            .unwrap_or(one)),
        [] => {
            let mut d = Diagnostic::new(
                InputCode::UnknownCard,
                format!(
                    "{key}no card has the id or name {:?}",
                    shorten(words.trim())
                ),
            );
            let mut names: Vec<String> = Vec::new();
            for c in db.suggest(words, &[], 5) {
                let n = format!("{:?}", c.name);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
            if !names.is_empty() {
                d = d.with_help(format!("did you mean {}?", names.join(", ")));
            }
            Err(d)
        }
        several => {
            let mut ids: Vec<&str> = several.iter().map(|c| c.id.as_str()).collect();
            ids.sort_by_cached_key(|id| fleetcheck_data::natural_key(id));
            ids.truncate(8);
            Err(Diagnostic::new(
                InputCode::UnknownCard,
                format!(
                    "{key}{:?} names {} cards",
                    shorten(words.trim()),
                    several.len()
                ),
            )
            .with_help(format!(
                "give one by its id: {}{} (`fleetcheck card {:?}` lists them)",
                ids.join(", "),
                if several.len() > 8 { ", ..." } else { "" },
                words.trim()
            )))
        }
    }
}
