//! The rules of a damage state: every card of the deck is somewhere, once
//! (`missing-card`, `surplus-card`), and an empty draw pile is said
//! (`deck-empty`).

use super::state::{Pile, State};
use super::Code;
use fleetcheck_input::diag::Diagnostic;
use std::ops::Range;

/// Where the copies of one card are in the damage state.
pub(super) struct Places {
    /// (where, count, span of each entry in file order).
    pub(super) places: Vec<(String, i64)>,
    pub(super) entries: Vec<(i64, Range<usize>)>,
    pub(super) total: i64,
}

pub(super) fn places(s: &State, card: usize) -> Places {
    let mut p = Places {
        places: Vec::new(),
        entries: Vec::new(),
        total: 0,
    };
    // The label is written only for a place that holds the card.
    let mut add = |label: &dyn Fn() -> String, pile: &Pile| {
        let n = pile.count(card);
        if n > 0 {
            p.places.push((label(), n));
            p.total += n;
        }
        for e in pile.entries.iter().filter(|e| e.card == card) {
            p.entries.push((e.count, e.span.clone()));
        }
    };
    for ship in &s.ships {
        add(&|| format!("{} face up", ship.name), &ship.face_up);
        add(&|| format!("{} face down", ship.name), &ship.face_down);
    }
    if let Some(d) = &s.draw_pile {
        add(&|| "draw pile".into(), d);
    }
    if let Some(d) = &s.discard_pile {
        add(&|| "discard pile".into(), d);
    }
    p
}

pub(super) fn rules(s: &State, diags: &mut Vec<Diagnostic>) {
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
                            crate::input::count(c.copies, "copy", "copies"),
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
                            crate::input::count(found, "copy", "copies"),
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
                        crate::input::count(p.total, "copy", "copies"),
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
                            crate::input::count(c.copies, "copy", "copies"),
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
                    crate::input::count(n, "damage card", "damage cards"),
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
