//! X-Wing (second edition) damage decks, `game = "xwing"` (seed 001).
//!
//! A file holds an inventory of a physical damage deck (`[inventory]`: how
//! many copies of each numbered card were found), a damage state (damage
//! cards face up and face down on each `[[ship]]`, the `draw_pile`, the
//! `discard_pile`), or both. Both are checked against the deck's
//! composition: a built-in deck (`data/xwing/`) or the user's own deck file
//! (`deck = { file = "..." }`, for a deck fleetcheck does not ship, such as
//! the huge-ship deck). Every card missing or surplus is named by number,
//! name and count. `edit` implements the EXPOSE and REPAIR moves that
//! `fleetcheck xwing expose|repair` applies to a state file.
//!
//! ```toml
//! game = "xwing"
//! deck = "standard"          # optional, the default; or { file = "decks/huge.toml" }
//! [[ship]]
//! name = "Red Five"
//! face_up = ["Console Fire"]
//! face_down = [14, 14]       # card numbers or names
//! ```
//!
//! A deck file itself (`[deck]` and `[[card]]`s, with `game = "xwing"`) is
//! also checked on its own: its composition is validated and listed, so that
//! a folder holding state files and their deck files checks cleanly.

pub mod data;
pub mod deckfile;
pub mod edit;
pub mod state;

use crate::games::{input, run, RuleSet};
use crate::games::{Checked, Summary};
use crate::input::diag::{Diagnostic, Source};
use data::Deck;
use serde_json::{json, Value};
use state::{Pile, State};
use std::ops::Range;

crate::games::rule_set! {
    /// The X-Wing rule set.
    id: "xwing",
    title: "X-Wing (second edition) damage deck",
    codes {
        MissingCard = ("missing-card", Error, "a card has fewer copies than the deck: in the inventory, or in the damage state when `draw_pile` is listed. Names the card's number and name, the copies found and how many are missing"),
        SurplusCard = ("surplus-card", Error, "a card has more copies than the deck: in the inventory, or across ships + draw pile + discard pile (a card counted twice). Names where each copy is"),
        DeckEmpty = ("deck-empty", Note, "the listed draw pile is empty: the cards on destroyed ships are flipped face down and shuffled into a new deck"),
    }
}

/// Checks a X-Wing file.
pub fn check(source: Source) -> Checked {
    run(
        &RuleSet {
            id: GAME.id,
            name: "X-Wing",
            facts: data::decks,
            read,
            title: |f| match f {
                File::State(s) => s.name.clone(),
                File::Deck(d) => Some(d.name.clone()),
            },
            rules: |f, _, d| {
                if let File::State(s) = f {
                    rules(s, d);
                }
            },
            summary: |f, _| match f {
                File::State(s) => summary(s),
                File::Deck(d) => deck_summary(d),
            },
            details: |f, _| match f {
                File::State(s) => details(s),
                File::Deck(d) => deck_details(d),
            },
        },
        source,
    )
}

/// What an X-Wing file holds.
#[derive(Debug, Clone)]
pub enum File {
    /// An inventory and/or a damage state.
    State(State),
    /// A deck file (`[deck]` and `[[card]]`s), checked on its own.
    Deck(Deck),
}

/// Reads an X-Wing file: a deck file or a state (see `data::is_deck_file`).
pub fn read(source: &Source, decks: &'static [Deck], diags: &mut Vec<Diagnostic>) -> Option<File> {
    let root = input::parse(source, diags)?;
    if data::is_deck_file(&root) {
        data::deck_from_tree(&root, diags).map(File::Deck)
    } else {
        state::from_tree(&root, source, decks, diags).map(File::State)
    }
}

/// A deck file's composition: one row per card, then the total.
pub fn deck_summary(deck: &Deck) -> Summary {
    let mut rows: Vec<Vec<String>> = deck
        .cards
        .iter()
        .map(|c| {
            vec![
                c.number.to_string(),
                c.name.clone(),
                c.trait_.clone(),
                c.copies.to_string(),
            ]
        })
        .collect();
    rows.push(vec![
        String::new(),
        "Total".into(),
        String::new(),
        deck.size.to_string(),
    ]);
    {
        let mut out = Summary::default();
        out.text(format!(
            "{} (deck id {}, {} cards)\n\nDamage deck\n",
            deck.name, deck.id, deck.size
        ));
        out.table(&["#", "Card", "Trait", "Copies"], rows, &[0, 3]);
        out.text("\n");
        out
    }
}

/// `[deck]` as JSON, with the deck file when it came from one.
fn deck_json(deck: &Deck) -> Value {
    let mut v = json!({ "id": deck.id, "name": deck.name, "size": deck.size });
    if let Some(f) = &deck.file {
        v["file"] = json!(f);
    }
    v
}

/// A deck file's composition as JSON (`report.details`).
pub fn deck_details(deck: &Deck) -> Value {
    let cards: Vec<Value> = deck
        .cards
        .iter()
        .map(|c| {
            json!({
                "number": c.number,
                "name": c.name,
                "trait": c.trait_,
                "copies": c.copies,
            })
        })
        .collect();
    json!({ "deck": deck_json(deck), "cards": cards })
}

/// Where the copies of one card are in the damage state.
struct Places {
    /// (where, count, span of each entry in file order).
    places: Vec<(String, i64)>,
    entries: Vec<(i64, Range<usize>)>,
    total: i64,
}

fn places(s: &State, card: usize) -> Places {
    let mut p = Places {
        places: Vec::new(),
        entries: Vec::new(),
        total: 0,
    };
    let mut add = |label: String, pile: &Pile| {
        let n = pile.count(card);
        if n > 0 {
            p.places.push((label, n));
            p.total += n;
        }
        for e in pile.entries.iter().filter(|e| e.card == card) {
            p.entries.push((e.count, e.span.clone()));
        }
    };
    for ship in &s.ships {
        add(format!("{} face up", ship.name), &ship.face_up);
        add(format!("{} face down", ship.name), &ship.face_down);
    }
    if let Some(d) = &s.draw_pile {
        add("draw pile".into(), d);
    }
    if let Some(d) = &s.discard_pile {
        add("discard pile".into(), d);
    }
    p
}

fn rules(s: &State, diags: &mut Vec<Diagnostic>) {
    let deck = &*s.deck;
    if let Some(inv) = &s.inventory {
        for (i, c) in deck.cards.iter().enumerate() {
            let found = inv.count(i);
            let at = inv
                .entries
                .iter()
                .find(|e| e.card == i)
                .map_or(inv.span.clone(), |e| e.span.clone());
            if found < c.copies {
                diags.push(
                    Diagnostic::new(
                        Code::MissingCard,
                        format!(
                            "{}: {found} of {} in the inventory, {} missing",
                            deck.label(i),
                            crate::games::input::count(c.copies, "copy", "copies"),
                            c.copies - found
                        ),
                    )
                    .with_span(Some(at)),
                );
            } else if found > c.copies {
                diags.push(
                    Diagnostic::new(
                        Code::SurplusCard,
                        format!(
                            "{}: {} in the inventory, the {} has {} ({} surplus)",
                            deck.label(i),
                            crate::games::input::count(found, "copy", "copies"),
                            deck.name,
                            c.copies,
                            found - c.copies
                        ),
                    )
                    .with_span(Some(at)),
                );
            }
        }
    }
    if !s.has_state() {
        return;
    }
    for (i, c) in deck.cards.iter().enumerate() {
        let p = places(s, i);
        let breakdown = || {
            p.places
                .iter()
                .map(|(w, n)| format!("{w} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if p.total > c.copies {
            // The entry at which the running count went past the deck's
            // copies: the one to look at first.
            let mut run = 0;
            let at = p
                .entries
                .iter()
                .find(|(n, _)| {
                    run += n;
                    run > c.copies
                })
                .map(|(_, s)| s.clone());
            diags.push(
                Diagnostic::new(
                    Code::SurplusCard,
                    format!(
                        "{}: {} in the damage state ({}), the {} has {} ({} surplus)",
                        deck.label(i),
                        crate::games::input::count(p.total, "copy", "copies"),
                        breakdown(),
                        deck.name,
                        c.copies,
                        p.total - c.copies
                    ),
                )
                .with_span(at)
                .with_help("a card is in one place only: on one ship, in the draw pile or in the discard pile"),
            );
        } else if let Some(draw) = &s.draw_pile {
            if p.total < c.copies {
                let where_ = if p.places.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", breakdown())
                };
                diags.push(
                    Diagnostic::new(
                        Code::MissingCard,
                        format!(
                            "{}: {} of {} in the damage state{where_}, {} missing",
                            deck.label(i),
                            p.total,
                            crate::games::input::count(c.copies, "copy", "copies"),
                            c.copies - p.total
                        ),
                    )
                    .with_span(Some(draw.span.clone()))
                    .with_help("with `draw_pile` listed, ships + draw pile + discard pile hold the whole deck"),
                );
            }
        }
    }
    if let Some(draw) = &s.draw_pile {
        if draw.total() == 0 {
            let destroyed: Vec<_> = s
                .ships
                .iter()
                .filter(|sh| sh.destroyed && sh.face_up.total() + sh.face_down.total() > 0)
                .collect();
            let n: i64 = destroyed
                .iter()
                .map(|sh| sh.face_up.total() + sh.face_down.total())
                .sum();
            let message = if destroyed.is_empty() {
                "the draw pile is empty and no destroyed ship holds damage cards: no damage card can be dealt".to_string()
            } else {
                format!(
                    "the draw pile is empty: the {} on destroyed ships ({}) are flipped face down and shuffled into a new deck",
                    crate::games::input::count(n, "damage card", "damage cards"),
                    destroyed
                        .iter()
                        .map(|sh| sh.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            diags.push(
                Code::DeckEmpty
                    .diag(message)
                    .with_span(Some(draw.span.clone())),
            );
        }
    }
}

/// A pile for the ships table, `-` when empty.
fn pile_text(s: &State, pile: &Pile) -> String {
    pile.describe(&s.deck).unwrap_or_else(|| "-".into())
}

fn status(have: i64, copies: i64) -> String {
    match have.cmp(&copies) {
        std::cmp::Ordering::Less => format!("{} missing", copies - have),
        std::cmp::Ordering::Greater => format!("{} surplus", have - copies),
        std::cmp::Ordering::Equal => "ok".into(),
    }
}

/// The human summary: the deck, the inventory, the ships, the card count.
pub fn summary(s: &State) -> Summary {
    let deck = &*s.deck;
    let mut out = Summary::from(match &deck.file {
        None => format!("{} ({} cards)\n", deck.name, deck.size),
        Some(f) => format!("{} ({} cards, from {f})\n", deck.name, deck.size),
    });
    if let Some(inv) = &s.inventory {
        let mut rows = Vec::new();
        for (i, c) in deck.cards.iter().enumerate() {
            let found = inv.count(i);
            rows.push(vec![
                c.number.to_string(),
                c.name.clone(),
                c.trait_.clone(),
                c.copies.to_string(),
                found.to_string(),
                status(found, c.copies),
            ]);
        }
        let found = inv.total();
        rows.push(vec![
            String::new(),
            "Total".into(),
            String::new(),
            deck.size.to_string(),
            found.to_string(),
            totals_status(s, |i| inv.count(i)),
        ]);
        out.text("\nInventory\n");
        out.table(
            &["#", "Card", "Trait", "Deck", "Found", "Status"],
            rows,
            &[0, 3, 4],
        );
        out.text("\n");
    }
    if !s.has_state() {
        return out;
    }
    if !s.ships.is_empty() {
        let rows = s
            .ships
            .iter()
            .map(|sh| {
                vec![
                    sh.name.clone(),
                    pile_text(s, &sh.face_up),
                    pile_text(s, &sh.face_down),
                    (sh.face_up.total() + sh.face_down.total()).to_string(),
                    if sh.destroyed { "yes" } else { "no" }.into(),
                ]
            })
            .collect();
        out.text("\nShips\n");
        out.table(
            &["Ship", "Face up", "Face down", "Cards", "Destroyed"],
            rows,
            &[3],
        );
        out.text("\n");
    }
    let mut rows = Vec::new();
    let sum = |f: &dyn Fn(&state::Ship) -> &Pile, i: usize| -> i64 {
        s.ships.iter().map(|sh| f(sh).count(i)).sum()
    };
    for (i, c) in deck.cards.iter().enumerate() {
        let p = places(s, i);
        let draw = match &s.draw_pile {
            Some(d) => d.count(i).to_string(),
            None => (c.copies - p.total).max(0).to_string(),
        };
        rows.push(vec![
            c.number.to_string(),
            c.name.clone(),
            c.copies.to_string(),
            sum(&|sh| &sh.face_up, i).to_string(),
            sum(&|sh| &sh.face_down, i).to_string(),
            draw,
            s.discard_pile
                .as_ref()
                .map_or(0, |d| d.count(i))
                .to_string(),
            if s.draw_pile.is_some() || p.total > c.copies {
                status(p.total, c.copies)
            } else {
                "ok".into()
            },
        ]);
    }
    let on =
        |f: &dyn Fn(&state::Ship) -> &Pile| -> i64 { s.ships.iter().map(|sh| f(sh).total()).sum() };
    let draw_total = match &s.draw_pile {
        Some(d) => d.total(),
        None => deck
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.copies - places(s, i).total).max(0))
            .sum(),
    };
    rows.push(vec![
        String::new(),
        "Total".into(),
        deck.size.to_string(),
        on(&|sh| &sh.face_up).to_string(),
        on(&|sh| &sh.face_down).to_string(),
        draw_total.to_string(),
        s.discard_pile.as_ref().map_or(0, Pile::total).to_string(),
        totals_status(s, |i| places(s, i).total),
    ]);
    out.text("\nDamage state\n");
    out.table(
        &[
            "#",
            "Card",
            "Deck",
            "Face up",
            "Face down",
            "Draw pile",
            "Discard",
            "Status",
        ],
        rows,
        &[0, 2, 3, 4, 5, 6],
    );
    out.text("\n");
    if s.draw_pile.is_none() {
        out.push_str("The draw pile is not listed: it holds the rest of the deck.\n");
    }
    out
}

/// "ok", or "2 missing, 1 surplus" over all cards.
fn totals_status(s: &State, have: impl Fn(usize) -> i64) -> String {
    let mut missing = 0;
    let mut surplus = 0;
    for (i, c) in s.deck.cards.iter().enumerate() {
        let h = have(i);
        if h < c.copies {
            missing += c.copies - h;
        } else {
            surplus += h - c.copies;
        }
    }
    let listed = s.inventory.is_some() || s.draw_pile.is_some();
    match (missing > 0 && listed, surplus > 0) {
        (false, false) => "ok".into(),
        (true, false) => format!("{missing} missing"),
        (false, true) => format!("{surplus} surplus"),
        (true, true) => format!("{missing} missing, {surplus} surplus"),
    }
}

fn cards_json(s: &State, pile: &Pile) -> Value {
    Value::Array(
        pile.by_card(&s.deck)
            .into_iter()
            .map(|(i, n)| {
                let c = &s.deck.cards[i];
                json!({ "number": c.number, "name": c.name, "count": n })
            })
            .collect(),
    )
}

/// The summary as JSON (`report.details`).
pub fn details(s: &State) -> Value {
    let deck = &*s.deck;
    let mut d = json!({ "deck": deck_json(deck) });
    if let Some(inv) = &s.inventory {
        let cards: Vec<Value> = deck
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({
                    "number": c.number,
                    "name": c.name,
                    "copies": c.copies,
                    "found": inv.count(i),
                })
            })
            .collect();
        let missing: i64 = deck
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.copies - inv.count(i)).max(0))
            .sum();
        let surplus: i64 = deck
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| (inv.count(i) - c.copies).max(0))
            .sum();
        d["inventory"] = json!({
            "found": inv.total(),
            "missing": missing,
            "surplus": surplus,
            "cards": cards,
        });
    }
    if s.has_state() {
        let ships: Vec<Value> = s
            .ships
            .iter()
            .map(|sh| {
                json!({
                    "name": sh.name,
                    "destroyed": sh.destroyed,
                    "face_up": cards_json(s, &sh.face_up),
                    "face_down": cards_json(s, &sh.face_down),
                })
            })
            .collect();
        let cards: Vec<Value> = deck
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let p = places(s, i);
                let face_up: i64 = s.ships.iter().map(|sh| sh.face_up.count(i)).sum();
                let face_down: i64 = s.ships.iter().map(|sh| sh.face_down.count(i)).sum();
                let draw = match &s.draw_pile {
                    Some(d) => d.count(i),
                    None => (c.copies - p.total).max(0),
                };
                json!({
                    "number": c.number,
                    "name": c.name,
                    "copies": c.copies,
                    "face_up": face_up,
                    "face_down": face_down,
                    "draw_pile": draw,
                    "discard_pile": s.discard_pile.as_ref().map_or(0, |d| d.count(i)),
                })
            })
            .collect();
        d["state"] = json!({
            "ships": ships,
            "draw_pile_listed": s.draw_pile.is_some(),
            "cards": cards,
        });
    }
    d
}

#[cfg(test)]
mod tests;
