//! `import text`: a fleet pasted from a forum post or Utopia's text export
//! (`Ship [cost]`, `- Captain 9 (Captain) [6]`, `- Upgrade [3]`, `- - a
//! card in a card's slot`, `Resource: ...`, with or without set names as
//! `Name (Set)` or Utopia's `Name (Set, Set)`, costs in brackets or
//! parentheses, other bullets) read into a fleet file (`parse`). Each line
//! is settled to one card by what it says and by what the list prints of
//! the fleet (`resolve`); a card settled is written as the fleet file
//! names it (its name, or `{ id = ... }` with a comment). A name still
//! shared by cards that differ there is written as the player wrote it and
//! left for `fix`. Every line that could not be read or resolved is
//! reported with its line number; nothing is dropped silently (an unread
//! line stays as a comment).

mod parse;
mod resolve;

use super::super::fix::questions;
use crate::builder::reference;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_input::diag::{shorten, Source};
use fleetcheck_input::tree::comment_text;
use fleetcheck_staw::fleet::resolve::{Position, SideboardSection};
use fleetcheck_staw::{CheckOptions, Engine};
use parse::{Entry, Listing, Place};
use std::fmt::Write as _;

/// A line the import could not read or resolve, or whose cost the fleet
/// does not give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    /// 1-based line of the pasted text.
    pub line: usize,
    pub message: String,
    pub level: Level,
}

/// How much an `Unread` line matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A card that is not in the fleet file as meant (exit 2).
    Error,
    /// An ambiguous name left for `fix` (exit 2).
    Note,
    /// The card is read, but the fleet gives it (or its ship) another cost
    /// than the list prints: the other builder prices it otherwise, or the
    /// list is wrong.
    Warning,
}

/// The fleet file key of a card under a ship.
fn key_of(kind: CardType) -> &'static str {
    match kind {
        CardType::Captain => "captain",
        CardType::Admiral => "admiral",
        CardType::Flagship => "flagship",
        CardType::FleetCaptain => "fleet_captain",
        CardType::Ambassador => "ambassador",
        CardType::Construction => "construction",
        CardType::Officer => "officers",
        _ => "upgrades",
    }
}

/// The position of a fleet file key.
fn position(key: &str) -> Position {
    match key {
        "ship" => Position::Ship,
        "captain" => Position::Captain,
        "admiral" => Position::Admiral,
        "flagship" => Position::Flagship,
        "fleet_captain" => Position::FleetCaptain,
        "ambassador" => Position::Ambassador,
        "construction" => Position::Construction,
        "officers" => Position::Officer,
        "resource" => Position::Resource,
        "upgrades" => Position::Upgrade,
        section => Position::Sideboard(SideboardSection::of(section)),
    }
}

/// How an entry is written.
enum Value<'a> {
    /// By id, plainly (pricing candidates).
    Id(&'a Card),
    /// As the fleet file names the card, with its comment.
    Card(&'a Card),
    /// The name as the player wrote it.
    Name(String),
}

/// The fleet file of a listing: each entry written as `value` gives it
/// (`None`: left out, and a ship left out leaves its cards out); the spans
/// of the values with their entries; lines of a second captain (and the
/// like) that have no key left.
fn emit<'a>(
    db: &Database,
    listing: &Listing,
    header: &[String],
    keys: &dyn Fn(usize) -> &'static str,
    value: &dyn Fn(usize) -> Option<Value<'a>>,
) -> (String, resolve::Spans, Vec<usize>) {
    let mut out = String::new();
    for h in header {
        let _ = writeln!(out, "# {}", comment_text(h));
    }
    let quote = |s: &str| toml_edit::Value::from(s).to_string().trim().to_string();
    if let Some(n) = &listing.name {
        let _ = writeln!(out, "name = {}", quote(n));
    }
    if let Some(f) = &listing.format {
        let _ = writeln!(out, "format = {}", quote(f));
    }
    if let Some(d) = &listing.as_of {
        let _ = writeln!(out, "as_of = {}", quote(d));
    }
    if let Some(c) = listing.sp_cap {
        let _ = writeln!(out, "sp_cap = {c}");
    }
    let mut spans = Vec::new();
    let mut extra = Vec::new();
    // `key = value  # comment`, or an item of a list.
    let mut put = |out: &mut String, i: usize, key: &str, item: bool| {
        let Some(v) = value(i) else { return };
        let (text, comment) = match v {
            Value::Id(c) => (format!("{{ id = {} }}", quote(&c.id)), None),
            Value::Card(c) => {
                let (v, comment) = reference(db, c, position(key));
                (v.to_string().trim().to_string(), comment)
            }
            Value::Name(n) => (quote(&n), None),
        };
        if item {
            out.push_str("  ");
        } else {
            let _ = write!(out, "{key} = ");
        }
        spans.push((out.len()..out.len() + text.len(), i));
        out.push_str(&text);
        if item {
            out.push(',');
        }
        if let Some(c) = comment {
            let _ = write!(out, "  # {c}");
        }
        out.push('\n');
    };
    let entries = &listing.entries;
    for (i, e) in entries.iter().enumerate() {
        if e.place == Place::Resource {
            put(&mut out, i, "resource", false);
        }
    }
    if let Some(a) = listing.additional_points.filter(|a| *a != 0) {
        let _ = writeln!(out, "additional_points = {a}");
    }
    for (i, e) in entries.iter().enumerate() {
        if e.place != Place::Ship || value(i).is_none() {
            continue;
        }
        out.push_str("\n[[ship]]\n");
        put(&mut out, i, "ship", false);
        let mine: Vec<usize> = (0..entries.len())
            .filter(|&j| entries[j].place == Place::OnShip && entries[j].ship == e.ship)
            .collect();
        let mut used = Vec::new();
        for &j in &mine {
            let key = keys(j);
            if key == "upgrades" || key == "officers" {
                continue;
            }
            if used.contains(&key) {
                extra.push(j);
                continue;
            }
            used.push(key);
            put(&mut out, j, key, false);
        }
        for list in ["officers", "upgrades"] {
            let items: Vec<usize> = mine
                .iter()
                .copied()
                .filter(|&j| keys(j) == list && value(j).is_some())
                .collect();
            if items.is_empty() {
                continue;
            }
            let _ = writeln!(out, "{list} = [");
            for j in items {
                put(&mut out, j, list, true);
            }
            out.push_str("]\n");
        }
    }
    let board: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].place == Place::Sideboard && !keys(i).is_empty())
        .collect();
    if !board.is_empty() {
        out.push_str("\n[sideboard]\n");
        for i in board {
            put(&mut out, i, keys(i), false);
        }
    }
    (out, spans, extra)
}

/// The fleet file of a pasted list, and what could not be read.
pub fn import(db: &Database, text: &str, from: &str, opts: &CheckOptions) -> (String, Vec<Unread>) {
    import_on(&Engine::new(db, opts.clone()), text, from)
}

/// [`import`] on an engine the caller holds (whose [`Engine::runs`] then
/// counts the pricings of the candidates).
pub fn import_on(engine: &Engine, text: &str, from: &str) -> (String, Vec<Unread>) {
    let (db, opts) = (engine.db(), engine.check_options());
    let listing = parse::read(db, text);
    let entries = &listing.entries;
    let cands: Vec<Vec<&Card>> = entries.iter().map(|e| resolve::candidates(db, e)).collect();
    let sections = resolve::sections(&listing, &cands);
    let pricing = |choice: &[Option<&Card>]| {
        let keys = |i: usize| key(&entries[i], choice[i].as_slice(), sections[i]);
        let (text, spans, _) = emit(db, &listing, &[], &keys, &|i| {
            let ship_ok = entries[i].place != Place::OnShip
                || entries.iter().enumerate().any(|(s, x)| {
                    x.place == Place::Ship && x.ship == entries[i].ship && choice[s].is_some()
                });
            choice[i].filter(|_| ship_ok).map(Value::Id)
        });
        (text, spans)
    };
    let picks = resolve::settle(engine, &listing, cands, &pricing);

    let mut unread = Vec::new();
    let mut header = vec![format!("Imported from text ({from}) by fleetcheck.")];
    for (line, t) in &listing.unread {
        header.push(format!("line {line} not read: {t}"));
        unread.push(Unread {
            line: *line,
            message: format!("cannot read '{}'", shorten(t)),
            level: Level::Error,
        });
    }
    for &i in &picks.same_there {
        let cs = &picks.cands[i];
        let ids: Vec<&str> = cs.iter().map(|c| c.id.as_str()).collect();
        header.push(format!(
            "line {}: '{}' may be {}, the same there; took {}",
            entries[i].line,
            shorten(&entries[i].name),
            ids.join(", "),
            ids[0]
        ));
    }
    for (i, e) in entries.iter().enumerate() {
        if e.place == Place::Sideboard && sections[i].is_none() {
            header.push(format!("line {} not read: {}", e.line, e.name));
            unread.push(Unread {
                line: e.line,
                message: format!("'{}': no free sideboard section fits it", shorten(&e.name)),
                level: Level::Error,
            });
        }
    }
    let value = |i: usize| {
        let cs = &picks.cands[i];
        Some(if cs.len() == 1 || picks.same_there.contains(&i) {
            Value::Card(cs[0])
        } else {
            Value::Name(written(&entries[i]))
        })
    };
    let keys = |i: usize| {
        let cs = &picks.cands[i];
        let one = cs.len() == 1 || picks.same_there.contains(&i);
        key(&entries[i], if one { &cs[..1] } else { cs }, sections[i])
    };
    // A second captain (admiral, ...) under one ship has no key left: its
    // line is kept as a comment.
    let (_, _, extra) = emit(db, &listing, &header, &keys, &value);
    for j in extra {
        let message = format!(
            "'{}' is a second {} under one ship; not imported",
            shorten(&entries[j].name),
            keys(j).replace('_', " ")
        );
        header.push(format!("line {} not imported: {message}", entries[j].line));
        unread.push(Unread {
            line: entries[j].line,
            message,
            level: Level::Error,
        });
    }
    let (out, spans, _) = emit(db, &listing, &header, &keys, &value);
    let source = Source {
        path: from.to_string(),
        text: out.clone(),
    };
    for q in questions(db, &source, opts) {
        let line = spans
            .iter()
            .find(|(s, _)| *s == q.span)
            .map_or(0, |(_, i)| entries[*i].line);
        let ambiguous = q.message.contains(" names ");
        unread.push(Unread {
            line,
            message: if ambiguous {
                format!("{} (left for `fleetcheck fix`)", q.message)
            } else {
                q.message.clone()
            },
            level: if ambiguous { Level::Note } else { Level::Error },
        });
    }
    for (line, message) in resolve::differences(engine, &listing, &picks, &pricing) {
        unread.push(Unread {
            line,
            message,
            level: Level::Warning,
        });
    }
    unread.sort_by_key(|u| u.line);
    (out, unread)
}

/// The key an entry goes under: its cards' type under a ship, its section
/// in the sideboard (empty: none fits).
fn key(e: &Entry, cands: &[&Card], section: Option<&'static str>) -> &'static str {
    match e.place {
        Place::Ship => "ship",
        Place::Resource => "resource",
        Place::Sideboard => section.unwrap_or(""),
        Place::OnShip => match (e.marker, cands.first()) {
            (Some(m), _) => key_of(m.kind()),
            (None, Some(c)) => key_of(c.kind),
            (None, None) => "upgrades",
        },
    }
}

/// A name left for `fix`, as the player wrote it.
fn written(e: &Entry) -> String {
    e.name.clone()
}
