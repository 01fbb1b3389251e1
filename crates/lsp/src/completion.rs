//! Completion in a STAW fleet file: inside a card string (or its
//! `id = "…"`), the cards that fit there; inside a `format`, `game` or
//! `faction` string, their values; at the start of a line, the keys of the
//! table the line is in.
//!
//! Where a card goes decides who lists the cards: a ship's `captain`,
//! `admiral` and `upgrades` and a `[sideboard]` section ask
//! `builder::options` (its ranking: penalty-free first, then by cost
//! there; with `Ask::breaking`, the cards that would break a rule after); the fleet's `resource` is asked of the engine, each resource
//! put into the fleet value (`Engine::resolve_fleet`) and priced there;
//! a ship card is listed by its printed cost (what it costs anywhere).
//!
//! A card is inserted in the form the file already uses: by name, or, when
//! most of the file's references are by id, as `{ id = "…" }` with its name
//! in a comment, written by `edit::fix::apply` (the writer of `fix`).

use crate::document::Document;
use crate::features::{key_of, string_at, without_element};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::{names, normalize, Database};
use fleetcheck_edit::builder::options::{options, Ask};
use fleetcheck_input::diag::{Fix, Source};
use fleetcheck_report::model::Modifier;
use fleetcheck_staw::fleet::read::{
    CardRef, Query, RawFleet, REF_KEYS, SHIP_KEYS, SIDEBOARD_SECTIONS, TOP_KEYS,
};
use fleetcheck_staw::fleet::resolve::SideboardSection;
use fleetcheck_staw::fleet::Position;
use fleetcheck_staw::{CheckOptions, Engine};
use lsp_types as lsp;
use std::collections::HashSet;
use std::ops::Range;

/// At most this many items in one answer (the list is asked again as
/// more is typed).
const MAX_ITEMS: usize = 100;

/// The table a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Table {
    Top,
    /// The n-th `[[ship]]` (1-based).
    Ship(usize),
    Sideboard,
    Other,
}

/// Whether `line` (trimmed) is a table header (`[[ship]]`, `[sideboard]`),
/// not an array's line.
fn header(line: &str) -> Option<&str> {
    let t = line.trim();
    let t = t.split('#').next().unwrap_or(t).trim();
    (t.starts_with('[') && !t.starts_with("[{") && !t.starts_with("[\"") && !t.starts_with("['"))
        .then_some(t)
}

/// The table the byte `at` is in, and where that table starts.
fn table_at(text: &str, at: usize) -> (Table, usize) {
    let mut table = (Table::Top, 0);
    let mut ships = 0;
    let mut start = 0;
    for line in text[..at].split_inclusive('\n') {
        let end = start + line.len();
        if end > at || !line.ends_with('\n') {
            break;
        }
        if let Some(h) = header(line) {
            let t = match h.replace(' ', "").as_str() {
                "[[ship]]" => {
                    ships += 1;
                    Table::Ship(ships)
                }
                "[sideboard]" => Table::Sideboard,
                _ => Table::Other,
            };
            table = (t, end);
        }
        start = end;
    }
    table
}

/// The keys written in the table that starts at `from`, up to the next
/// header.
fn keys_in(text: &str, from: usize) -> HashSet<&str> {
    text[from..]
        .lines()
        .take_while(|l| header(l).is_none())
        .filter(|l| !l.starts_with([' ', '\t', '{', '"']))
        .filter_map(key_of)
        .collect()
}

/// What the string being written is for.
struct Place<'t> {
    /// The key that names the card's place (`captain`, `upgrades`,
    /// `format`, a sideboard section).
    key: &'t str,
    /// The key of an inline table the string is the value of (`id`,
    /// `name`, `faction`), if it is one.
    inline: Option<&'t str>,
    /// The reference as written: the string with its quotes, or the inline
    /// table with its braces.
    element: Range<usize>,
}

/// The key just before `= "` that opens the string at `inner`, and whether
/// an inline table is open there.
fn direct_key<'t>(
    text: &'t str,
    line_start: usize,
    inner: &Range<usize>,
) -> (Option<&'t str>, Option<usize>) {
    let head = &text[line_start..inner.start.saturating_sub(1)];
    let brace = head.rfind('{').filter(|&b| !head[b..].contains('}'));
    let before = head.trim_end();
    let Some(before) = before.strip_suffix('=') else {
        return (None, brace.map(|b| line_start + b));
    };
    let before = before.trim_end();
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let key = &before[start..];
    (
        (!key.is_empty()).then_some(key),
        brace.map(|b| line_start + b),
    )
}

fn place<'t>(text: &'t str, inner: &Range<usize>) -> Option<Place<'t>> {
    let line_start = text[..inner.start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[inner.end..]
        .find('\n')
        .map_or(text.len(), |i| inner.end + i);
    let (direct, brace) = direct_key(text, line_start, inner);
    let closed = text[inner.end..].starts_with('"');
    let string = inner.start - 1..if closed { inner.end + 1 } else { inner.end };
    // The nearest `key =` at or above the string, in its table.
    let above = || {
        text[..inner.start]
            .lines()
            .rev()
            .take_while(|l| header(l).is_none())
            .find_map(key_of)
    };
    match (direct, brace) {
        (Some(k), Some(b)) if REF_KEYS.contains(&k) => {
            let close = text[inner.end..line_end]
                .find('}')
                .map(|i| inner.end + i + 1);
            Some(Place {
                key: above()?,
                inline: Some(k),
                element: b..close.unwrap_or(string.end),
            })
        }
        (Some(k), _) => Some(Place {
            key: k,
            inline: None,
            element: string,
        }),
        (None, _) => Some(Place {
            key: above()?,
            inline: None,
            element: string,
        }),
    }
}

/// Whether most of the references of `raw` are written by id (an inline
/// table with an `id`, or a string that is a card's id).
fn by_id(db: &Database, raw: &RawFleet) -> bool {
    let (mut ids, mut names) = (0, 0);
    for r in raw.references() {
        let id = match &r.query {
            Query::Table(t) => t.id.is_some(),
            Query::Text(s) => db.by_id(s.trim()).is_some(),
        };
        if id {
            ids += 1;
        } else {
            names += 1;
        }
    }
    ids > names
}

/// One card offered: what it costs there and what the detail says.
struct Offer<'db> {
    card: &'db Card,
    cost: i32,
    modifiers: Vec<Modifier>,
    breaks: bool,
}

impl Offer<'_> {
    fn detail(&self) -> String {
        let penalty = self
            .modifiers
            .iter()
            .any(|m| m.kind == "faction-penalty" || m.kind == "ship-penalty");
        let mut d = format!("{} SP there", self.cost);
        if penalty {
            d.push_str(", with a penalty");
        }
        if self.breaks {
            d.push_str(", breaks a rule there");
        }
        d
    }
}

/// Completion at `offset` of a STAW fleet document (also one that is not
/// valid TOML while it is typed).
pub(crate) fn completion(
    db: &Database,
    opts: &CheckOptions,
    workers: usize,
    doc: &Document,
    offset: usize,
) -> Option<lsp::CompletionResponse> {
    if !doc.staw && other_game(doc.text()) {
        return None;
    }
    let text = doc.text();
    let offset = offset.min(text.len());
    let items = match string_at(text, offset) {
        Some(inner) => {
            let place = place(text, &inner)?;
            let (table, _) = table_at(text, inner.start);
            let typed = &text[inner.start..offset.clamp(inner.start, inner.end)];
            match place.inline {
                Some("faction") => values(doc, &inner, typed, factions()),
                Some("id" | "name") => {
                    cards(db, opts, workers, doc, &place, table, &inner, offset)?
                }
                Some(_) => return None,
                None => match (place.key, table) {
                    ("format", Table::Top) => values(doc, &inner, typed, formats(db)),
                    ("game", Table::Top) => values(doc, &inner, typed, games()),
                    _ => cards(db, opts, workers, doc, &place, table, &inner, offset)?,
                },
            }
        }
        None => keys(doc, offset)?,
    };
    Some(lsp::CompletionResponse::List(lsp::CompletionList {
        // Asked again as more is typed: the list depends on it.
        is_incomplete: true,
        items,
    }))
}

/// Whether the file names another game than STAW (its `game` key).
fn other_game(text: &str) -> bool {
    text.lines()
        .take_while(|l| header(l).is_none())
        .filter(|l| key_of(l) == Some("game"))
        .any(|l| !l.to_lowercase().contains("staw"))
}

/// The factions, as a fleet file writes them (`faction = "federation"`).
fn factions() -> Vec<(String, String)> {
    names::FACTIONS
        .iter()
        .map(|f| (f.to_string(), names::faction(f).to_string()))
        .collect()
}

/// The formats: id, and its name and cap.
fn formats(db: &Database) -> Vec<(String, String)> {
    db.formats
        .iter()
        .map(|f| {
            let cap = f.sp_cap.map_or("no cap".to_string(), |c| format!("{c} SP"));
            (f.id.clone(), format!("{} ({cap})", f.name))
        })
        .collect()
}

/// The games a fleet file's `game` names.
fn games() -> Vec<(String, String)> {
    std::iter::once((
        fleetcheck_staw::GAME.to_string(),
        "Star Trek: Attack Wing".to_string(),
    ))
    .chain(
        fleetcheck_games::REGISTRY
            .iter()
            .map(|g| (g.id.to_string(), g.title.to_string())),
    )
    .collect()
}

/// Values (value, detail) that start with what is typed, in their order,
/// replacing the string's contents.
fn values(
    doc: &Document,
    inner: &Range<usize>,
    typed: &str,
    all: Vec<(String, String)>,
) -> Vec<lsp::CompletionItem> {
    let typed = normalize(typed).replace(' ', "-");
    let range = doc.lines.range(doc.text(), inner);
    all.into_iter()
        .filter(|(v, _)| normalize(v).replace(' ', "-").starts_with(&typed))
        .enumerate()
        .map(|(i, (value, detail))| lsp::CompletionItem {
            label: value.clone(),
            kind: Some(lsp::CompletionItemKind::ENUM_MEMBER),
            detail: Some(detail),
            sort_text: Some(format!("{i:05}")),
            filter_text: Some(value.clone()),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                range,
                new_text: value,
            })),
            ..lsp::CompletionItem::default()
        })
        .collect()
}

/// The keys of the table at `offset`, when the line so far is a key being
/// typed; the keys the table has already are left out.
fn keys(doc: &Document, offset: usize) -> Option<Vec<lsp::CompletionItem>> {
    let text = doc.text();
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let head = &text[line_start..offset];
    let word = head.trim_start();
    if !word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let (table, from) = table_at(text, line_start);
    let (all, what): (&[&str], &str) = match table {
        Table::Top => (TOP_KEYS, "a key of the fleet file"),
        Table::Ship(_) => (SHIP_KEYS, "a key of a [[ship]]"),
        Table::Sideboard => (SIDEBOARD_SECTIONS, "a section of the sideboard"),
        Table::Other => return None,
    };
    let written = keys_in(text, from);
    let start = offset - word.len();
    let range = doc.lines.range(text, &(start..offset));
    let items = all
        .iter()
        // `ship` and `sideboard` are tables: `[[ship]]`, `[sideboard]`.
        .filter(|k| !(table == Table::Top && matches!(**k, "ship" | "sideboard")))
        .filter(|k| !written.contains(**k) && k.starts_with(word))
        .enumerate()
        .map(|(i, k)| lsp::CompletionItem {
            label: k.to_string(),
            kind: Some(lsp::CompletionItemKind::PROPERTY),
            detail: Some(what.to_string()),
            sort_text: Some(format!("{i:05}")),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                range,
                new_text: format!("{k} = "),
            })),
            ..lsp::CompletionItem::default()
        })
        .collect();
    Some(items)
}

/// The cards that fit the place of the string at `inner`, ranked, each
/// inserted in the file's form.
#[allow(clippy::too_many_arguments)]
fn cards(
    db: &Database,
    opts: &CheckOptions,
    workers: usize,
    doc: &Document,
    place: &Place<'_>,
    table: Table,
    inner: &Range<usize>,
    offset: usize,
) -> Option<Vec<lsp::CompletionItem>> {
    let text = doc.text();
    // The fleet without the reference being written: the element (or the
    // key's line) taken out, so that a half-written name breaks nothing.
    let source = Source {
        path: doc.source.path.clone(),
        text: without_element(text, inner),
    };
    let engine = Engine::new(db, opts.clone());
    let resolved = engine.resolve_text(source.clone());
    let typed = normalize(&text[inner.start..offset.clamp(inner.start, inner.end)]);
    let offers = match (table, place.key) {
        (Table::Ship(n), "captain" | "admiral" | "upgrades") => {
            let slot = (place.key != "upgrades").then(|| place.key.to_string());
            let mut offers = asked(
                db,
                &source,
                opts,
                &Ask {
                    ship: Some(n),
                    slot,
                    any_faction: true,
                    breaking: true,
                    starting: Some(typed.clone()),
                    workers,
                    ..Ask::default()
                },
            )?;
            // `options` without a slot offers a free captain's or
            // admiral's place too: not in `upgrades`.
            if place.key == "upgrades" {
                offers.retain(|o| !matches!(o.card.kind, CardType::Captain | CardType::Admiral));
            }
            offers
        }
        (Table::Sideboard, section) if SIDEBOARD_SECTIONS.contains(&section) => asked(
            db,
            &source,
            opts,
            &Ask {
                sideboard: Some(section.to_string()),
                any_faction: true,
                breaking: true,
                starting: Some(typed.clone()),
                workers,
                ..Ask::default()
            },
        )?,
        (Table::Ship(_), "ship") => ships(db),
        (Table::Top, "resource") => resources(db, &engine, &resolved)?,
        _ => return None,
    };
    let ids = match place.inline {
        Some(k) => k == "id",
        None => by_id(db, resolved.raw()),
    };
    // Where the reference stands, for the engine to say what a name
    // written there comes to.
    let (ship, position) = match (table, place.key) {
        (Table::Ship(n), "captain") => (n - 1, Position::Captain),
        (Table::Ship(n), "admiral") => (n - 1, Position::Admiral),
        (Table::Ship(n), "ship") => (n - 1, Position::Ship),
        (Table::Ship(n), _) => (n - 1, Position::Upgrade),
        (Table::Sideboard, section) => (0, Position::Sideboard(SideboardSection::of(section))),
        _ => (0, Position::Resource),
    };
    // A name is written only when it comes to that card there (a name
    // several cards share may come to another, or to none): else its id.
    // What a shared name comes to is asked once per name, on the workers.
    let shares_name = |card: &Card| {
        let first = db.first_printing(card);
        db.named_as(card)
            .iter()
            .any(|c| db.first_printing(c) != first)
    };
    let mut shared: Vec<&str> = Vec::new();
    let index = &doc.lines;
    let shown: Vec<&Offer<'_>> = offers
        .iter()
        .filter(|o| {
            typed.is_empty()
                || o.card.name_key().starts_with(&typed)
                || normalize(&o.card.id).starts_with(&typed)
        })
        .take(MAX_ITEMS)
        .collect();
    if !ids && place.inline.is_none() {
        for o in &shown {
            if !shared.contains(&o.card.name.as_str()) && shares_name(o.card) {
                shared.push(&o.card.name);
            }
        }
    }
    let comes_to: Vec<Option<&str>> = fleetcheck_edit::on_workers(workers, &shared, |name| {
        let r = CardRef {
            span: 0..0,
            query: Query::Text(name.to_string()),
        };
        resolved
            .find_on(ship, position, &r)
            .ok()
            .map(|(c, _)| db.first_printing(c))
    });
    let name_is_it = |card: &Card| match shared.iter().position(|n| *n == card.name) {
        Some(k) => comes_to[k] == Some(db.first_printing(card)),
        None => true,
    };
    // Each item's insertion (which may ask the engine what a name comes
    // to on the ship) on the workers too.
    let mut items = fleetcheck_edit::on_workers(workers, &shown, |o| {
        let ids = ids || place.inline.is_none() && !name_is_it(o.card);
        let (range, new_text) = insertion(db, doc, place, inner, o.card, ids, offset);
        let filter = match place.inline {
            Some("id") => o.card.id.clone(),
            _ => o.card.name.clone(),
        };
        let start = index.offset(text, range.start);
        lsp::CompletionItem {
            label: format!("{} ({})", o.card.name, o.card.id),
            kind: Some(lsp::CompletionItemKind::VALUE),
            detail: Some(o.detail()),
            filter_text: Some(format!("{}{filter}", &text[start..inner.start])),
            text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit {
                range,
                new_text,
            })),
            ..lsp::CompletionItem::default()
        }
    });
    for (i, item) in items.iter_mut().enumerate() {
        item.sort_text = Some(format!("{i:05}"));
    }
    Some(items)
}

/// `options`' answer as offers, in its order.
fn asked<'db>(
    db: &'db Database,
    source: &Source,
    opts: &CheckOptions,
    ask: &Ask,
) -> Option<Vec<Offer<'db>>> {
    let found = options(db, source, opts, ask).ok()?;
    Some(
        found
            .options
            .into_iter()
            .filter_map(|c| {
                Some(Offer {
                    card: db.by_id(&c.id)?,
                    cost: c.cost,
                    modifiers: c.modifiers,
                    breaks: !c.breaks.is_empty(),
                })
            })
            .collect(),
    )
}

/// Every ship card (a reprint once), by printed cost, then name and id:
/// a ship pays no penalty.
fn ships(db: &Database) -> Vec<Offer<'_>> {
    let mut seen = HashSet::new();
    let mut out: Vec<Offer<'_>> = db
        .cards
        .iter()
        .filter(|c| c.kind == CardType::Ship && !c.helper)
        .filter(|c| seen.insert(db.first_printing(c)))
        .map(|card| Offer {
            card,
            cost: card.cost,
            modifiers: Vec::new(),
            breaks: false,
        })
        .collect();
    out.sort_by(|a, b| (a.cost, &a.card.name, &a.card.id).cmp(&(b.cost, &b.card.name, &b.card.id)));
    out
}

/// Every resource card (a reprint once), each put into the fleet value
/// and priced there by the engine: those that bring no new error first,
/// then by their cost there.
fn resources<'db>(
    db: &'db Database,
    engine: &Engine<'db>,
    resolved: &fleetcheck_staw::Resolved<'db>,
) -> Option<Vec<Offer<'db>>> {
    let errors =
        |d: &[fleetcheck_input::diag::Diagnostic]| d.iter().filter(|d| d.is_error()).count();
    let base = resolved.analyse(|_| ());
    base.priced.as_ref()?;
    let before = errors(&base.diagnostics);
    let source = base.source.clone();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for card in db
        .cards
        .iter()
        .filter(|c| c.kind == CardType::Resource && !c.helper)
        .filter(|c| seen.insert(db.first_printing(c)))
    {
        let mut raw = resolved.raw().clone();
        let at = source.text.len();
        raw.resource = Some(CardRef {
            span: at..at,
            query: Query::Text(card.id.clone()),
        });
        let priced = engine.resolve_fleet(source.clone(), raw).analyse(|a| {
            a.resource.as_ref().map(|r| {
                (
                    r.price.cost,
                    r.price
                        .modifiers
                        .iter()
                        .map(fleetcheck_report::staw::modifier)
                        .collect::<Vec<_>>(),
                )
            })
        });
        let Some(Some((cost, modifiers))) = priced.priced else {
            continue;
        };
        out.push(Offer {
            card,
            cost,
            modifiers,
            breaks: errors(&priced.diagnostics) > before,
        });
    }
    out.sort_by(|a, b| {
        (a.breaks, a.cost, &a.card.name, &a.card.id).cmp(&(
            b.breaks,
            b.cost,
            &b.card.name,
            &b.card.id,
        ))
    });
    Some(out)
}

/// What completing `card` writes: in the file's form (by name into the
/// string, or by id), as one edit of one line around `offset`.
fn insertion(
    db: &Database,
    doc: &Document,
    place: &Place<'_>,
    inner: &Range<usize>,
    card: &Card,
    ids: bool,
    offset: usize,
) -> (lsp::Range, String) {
    let (text, index) = (doc.text(), &doc.lines);
    let plain = |write: &str| (index.range(text, inner), write.to_string());
    let element = &text[place.element.clone()];
    // Only an element that is nothing but the reference is rewritten
    // whole (an inline table with other keys keeps them).
    let whole = match place.inline {
        Some("id") => element.split('=').count() == 2,
        Some(_) => false,
        None => ids,
    };
    if !whole {
        return plain(if ids { &card.id } else { &card.name });
    }
    // `fix`'s writer on the text with the card's name in place (so that
    // its comment is the name, not "written …").
    let named = format!(
        "\"{}\"",
        card.name.replace('\\', "\\\\").replace('"', "\\\"")
    );
    let mut t1 = text.to_string();
    t1.replace_range(place.element.clone(), &named);
    let span = place.element.start..place.element.start + named.len();
    let fix = Fix {
        label: card.name.clone(),
        write: format!("{{ id = \"{}\" }}", card.id),
        id: Some(card.id.clone()),
        legal: true,
    };
    let written = fleetcheck_edit::fix::apply(db, &t1, &[(span, fix)]);
    // The edit holds the string's contents (what the client filters by).
    match one_line_edit(text, &written, inner.start..inner.end.max(offset)) {
        Some((range, new)) => (index.range(text, &range), new),
        None => plain(&card.id),
    }
}

/// The one edit that turns `old` into `new` (their common start and end
/// kept), widened to hold `hold`; `None` when it is not within one line
/// of `old` (a completion's edit must be).
fn one_line_edit(old: &str, new: &str, hold: Range<usize>) -> Option<(Range<usize>, String)> {
    let mut p = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    let max_s = old.len().min(new.len()) - p;
    let mut s = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(max_s)
        .take_while(|(a, b)| a == b)
        .count();
    p = p.min(hold.start);
    s = s.min(old.len() - hold.end);
    while !old.is_char_boundary(p) || !new.is_char_boundary(p) {
        p -= 1;
    }
    while !old.is_char_boundary(old.len() - s) || !new.is_char_boundary(new.len() - s) {
        s -= 1;
    }
    let range = p..old.len() - s;
    if old[range.clone()].contains('\n') {
        return None;
    }
    Some((range, new[p..new.len() - s].to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_edit_of_one_line_holds_the_cursor() {
        let old = "a = [\n  \"Clo\",\n]\n";
        let new = "a = [\n  { id = \"T240\" },  # Cloaking Device\n]\n";
        let (range, write) = one_line_edit(old, new, 9..12).unwrap();
        assert_eq!(&old[range.clone()], "\"Clo\",");
        assert_eq!(write, "{ id = \"T240\" },  # Cloaking Device");
        // Widened to the start of what is typed in an id.
        let old = "c = { id = \"Cap63\" }\n";
        let new = "c = { id = \"Cap639\" }  # Benjamin Sisko\n";
        let (range, write) = one_line_edit(old, new, 12..17).unwrap();
        assert_eq!(&old[range.clone()], "Cap63\" }");
        assert_eq!(write, "Cap639\" }  # Benjamin Sisko");
        // A change over two lines is no completion's edit.
        assert_eq!(one_line_edit("a\nb", "c\nd", 1..1), None);
    }

    #[test]
    fn the_table_of_a_line() {
        let text = "name = \"x\"\n[[ship]]\nship = \"a\"\n[[ship]]\nca\n[sideboard]\nte";
        assert_eq!(table_at(text, 3).0, Table::Top);
        assert_eq!(
            table_at(text, text.find("ship = ").unwrap()).0,
            Table::Ship(1)
        );
        assert_eq!(table_at(text, text.find("ca").unwrap()).0, Table::Ship(2));
        assert_eq!(table_at(text, text.len()).0, Table::Sideboard);
    }
}
