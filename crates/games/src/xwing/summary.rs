//! What an X-Wing file's check shows besides its findings: the human
//! summary (the deck, the inventory, the ships, the card count) and the
//! same as JSON (`report.details`), for a damage state and for a deck file.

use super::data::Deck;
use super::rules::places;
use super::state::{self, Pile, State};
use crate::Summary;
use serde_json::{json, Value};

/// A deck file's composition: one row per card, then the total.
pub(crate) fn deck_summary(deck: &Deck) -> Summary {
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
pub(crate) fn deck_details(deck: &Deck) -> Value {
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
