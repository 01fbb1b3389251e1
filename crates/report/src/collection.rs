//! `fleetcheck collection show FILE`: what a collection holds, as its
//! wire type (the `collection` payload of the JSON report) and its text:
//! the expansions and loose cards as written, then every card held (each
//! counted once, by its first printing) by type and faction, with copies.

use super::table::draw_within;
use super::RenderOptions;
use fleetcheck_data::model::CardType;
use fleetcheck_data::Database;
use fleetcheck_staw::collection::{Collection, Shelf};
use fleetcheck_staw::words::factions_and;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Write};

/// What a collection holds.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Holdings {
    /// The collection file, as given.
    pub file: String,
    /// `[sets]`, in file order.
    pub sets: Vec<Line>,
    /// `[cards]`, in file order.
    pub cards: Vec<Line>,
    /// The cards held (reprints one card), and their copies.
    pub distinct: usize,
    pub copies: u32,
    /// The cards held by type and faction, by type then faction.
    pub by_type_and_faction: Vec<Group>,
}

/// One line of `[sets]` or `[cards]`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Line {
    pub id: String,
    pub name: String,
    /// Copies owned.
    pub count: u32,
}

/// The cards of one type and faction(s) held.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Group {
    #[serde(rename = "type")]
    pub kind: String,
    /// The factions' ids (several for a card of several factions).
    pub factions: Vec<String>,
    pub cards: usize,
    pub copies: u32,
}

/// What `collection` holds, by the cards of its `shelf`.
pub fn holdings(db: &Database, collection: &Collection, shelf: &Shelf) -> Holdings {
    let line = |h: &fleetcheck_staw::collection::Held| Line {
        id: h.id.clone(),
        name: h.name.clone(),
        count: h.count,
    };
    let mut groups: BTreeMap<(CardType, Vec<String>), (usize, u32)> = BTreeMap::new();
    let (mut distinct, mut copies) = (0, 0);
    for (card, n) in shelf.cards(db) {
        distinct += 1;
        copies += n;
        let g = groups
            .entry((card.kind, card.factions.clone()))
            .or_default();
        g.0 += 1;
        g.1 += n;
    }
    Holdings {
        file: shelf.name.clone(),
        sets: collection.sets.iter().map(line).collect(),
        cards: collection.cards.iter().map(line).collect(),
        distinct,
        copies,
        by_type_and_faction: groups
            .into_iter()
            .map(|((kind, factions), (cards, copies))| Group {
                kind: kind.as_str().to_string(),
                factions,
                cards,
                copies,
            })
            .collect(),
    }
}

/// The text of `collection show`.
pub fn render(w: &mut dyn Write, h: &Holdings, opts: &RenderOptions) -> io::Result<()> {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let boxes: u32 = h.sets.iter().map(|s| s.count).sum();
    writeln!(
        w,
        "{}: {} ({}), {}; {} held, {}",
        h.file,
        plural(h.sets.len(), "expansion", "expansions"),
        plural(boxes as usize, "box", "boxes"),
        plural(h.cards.len(), "loose card", "loose cards"),
        plural(h.distinct, "card", "cards"),
        plural(h.copies as usize, "copy", "copies"),
    )?;
    for (title, lines) in [("Expansions", &h.sets), ("Loose cards", &h.cards)] {
        if lines.is_empty() {
            continue;
        }
        writeln!(w, "{title}:")?;
        for l in lines {
            writeln!(w, "  {} ({}) x{}", l.name, l.id, l.count)?;
        }
    }
    if h.by_type_and_faction.is_empty() {
        return Ok(());
    }
    let rows: Vec<Vec<Cow<'_, str>>> = h
        .by_type_and_faction
        .iter()
        .map(|g| {
            vec![
                g.kind.replace('-', " ").into(),
                factions_and(&g.factions).into(),
                g.cards.to_string().into(),
                g.copies.to_string().into(),
            ]
        })
        .collect();
    writeln!(
        w,
        "{}",
        draw_within(
            &["Type", "Faction", "Cards", "Copies"],
            rows,
            &[2, 3],
            opts,
            (&[], "-o json has all")
        )
    )
}
