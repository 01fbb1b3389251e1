//! A face-down card's text is not in play (shared/rules/staw.md): a card
//! held face down beneath another (`AddSlot::beneath`), in a face-down slot
//! (Balance of Terror) or bought face down at a fixed cost (Tahna Los,
//! Kirk, Khan Singh: `SetCost::face_down`) adds no slot, grants
//! no discount or waiver, adds no faction and lifts or sets no restriction
//! or limit while it is face down. Its own cost (printed cost, faction
//! penalty, additional costs) is paid as for any upgrade.
//!
//! Which cards are face down is the slot assignment's result: `analysis`
//! prices the fleet, finds the held cards with such text ([`has_text`]),
//! and prices every choice of which of them go face down, their text out
//! of play ([`choose`]). The assignment prefers to hold a card without
//! such text (`slot_terms`).

use super::state::ShipState;
use super::target::{At, SHIP_CARD};
use fleetcheck_data::model::{Card, PenaltyRule};

/// Whether a card's text acts on other cards or on its ship: slots it adds
/// (talent icons too), discounts, fixed costs, penalty waivers, factions,
/// cards it frees from a slot, widened slots, extra admirals, limits, the
/// values it adds to the ship's starting stats.
pub(crate) fn has_text(card: &Card) -> bool {
    let r = &card.rules;
    card.talents.unwrap_or(0) > 0
        || !r.adds_slots.is_empty()
        || !r.discounts.is_empty()
        || !r.set_costs.is_empty()
        || r.penalty
            .iter()
            .any(|p| matches!(p, PenaltyRule::Waive { .. } | PenaltyRule::Double { .. }))
        || !r.adds_factions.is_empty()
        || !r.no_slot_for.is_empty()
        || !r.slots_also.is_empty()
        || !r.extra_admirals.is_empty()
        || !r.ship_limits.is_empty()
        || !r.stat_bonuses.is_empty()
}

/// Which cards are face down while the fleet is priced: the cards whose
/// text is out of play (`muted`), and the cards with such text that may
/// not go face down (`kept_up`), as (ship, index among its cards).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Holding {
    pub muted: Vec<At>,
    pub kept_up: Vec<At>,
}

impl Holding {
    /// The card indices of ship `i` in `of` (`muted` or `kept_up`).
    pub(crate) fn on_ship(of: &[At], i: usize) -> Vec<usize> {
        of.iter()
            .filter(|(j, _)| *j == i)
            .map(|(_, k)| *k)
            .collect()
    }
}

/// The most choices of face-down cards priced for one ship.
pub(crate) const MAX_CHOICES: usize = 32;

/// How a pricing ranks: cards left without a slot, then the fleet's cost.
type Key = (usize, i64);

/// No card with text went face down: `choose` keeps the first pricing.
pub(crate) fn holds_no_text(ships: &[ShipState]) -> bool {
    held_with_text(ships).is_empty()
}

/// The cards face down whose text acts (`has_text`), by ship.
fn held_with_text(ships: &[ShipState]) -> Vec<At> {
    let mut out = Vec::new();
    for (i, s) in ships.iter().enumerate() {
        for (k, c) in s.cards.iter().enumerate() {
            if c.face_down && has_text(c.placed.card) {
                out.push((i, k));
            }
        }
    }
    out
}

/// The pricing of the fleet whose face-down cards are the ones it mutes.
///
/// Which cards are face down is the slot assignment's result, and a
/// face-down card's text is out of play, which changes the assignment (a
/// card held face down adds no slot). `first` is the fleet priced with
/// every text in play; when a card whose text acts went face down there,
/// every choice of which such cards go face down is priced
/// (shared/rules/staw.md: "Face-down choices are searched"): the chosen
/// cards' text muted, the ship's other cards with text kept face up. A
/// choice counts when exactly its cards end face down; of those, the one
/// that leaves the fewest cards without a slot, then costs least
/// (`cost`), wins, the one with fewer cards face down on a tie.
///
/// The search is bounded: per ship, the choices of at most as many cards
/// as it held face down or has face-down slots, fewest cards first, at
/// most [`MAX_CHOICES`]; ship after ship, each with the choices of the
/// ships before it kept. A fleet where no card with such text goes face
/// down is priced once. If no choice holds, the fleet is priced with the
/// first pricing's face-down cards muted.
pub(crate) fn choose<'a>(
    first: Vec<ShipState<'a>>,
    price: impl Fn(&Holding) -> Vec<ShipState<'a>>,
    cost: impl Fn(&[ShipState<'a>]) -> i64,
) -> Vec<ShipState<'a>> {
    let held = held_with_text(&first);
    if held.is_empty() {
        return first;
    }
    let mut searched: Vec<usize> = held.iter().map(|(i, _)| *i).collect();
    searched.dedup();
    // Per searched ship: its cards with text, and how many it may hold.
    let candidates: Vec<(usize, Vec<usize>, usize)> = searched
        .iter()
        .map(|&i| {
            let s = &first[i];
            let with_text: Vec<usize> = (0..s.cards.len())
                .filter(|&k| {
                    s.cards[k].role == super::view::Role::Upgrade
                        && has_text(s.cards[k].placed.card)
                })
                .collect();
            let slots = s
                .slots
                .iter()
                .filter(|slot| face_down_slot(s, slot.added))
                .count();
            let held_here = s.cards.iter().filter(|c| c.face_down).count();
            (i, with_text, slots.max(held_here))
        })
        .collect();
    let holding_of = |chosen: &[Vec<usize>]| {
        let mut h = Holding::default();
        for ((i, with_text, _), muted) in candidates.iter().zip(chosen) {
            h.muted.extend(muted.iter().map(|&k| (*i, k)));
            h.kept_up.extend(
                with_text
                    .iter()
                    .filter(|k| !muted.contains(k))
                    .map(|&k| (*i, k)),
            );
        }
        h
    };
    let mut chosen: Vec<Vec<usize>> = vec![Vec::new(); candidates.len()];
    let mut best: Option<(Key, Vec<ShipState<'a>>)> = None;
    for (c, (_, with_text, holds)) in candidates.iter().enumerate() {
        let mut best_here: Option<(Key, Vec<usize>, Vec<ShipState<'a>>)> = None;
        for choice in subsets(with_text, *holds, MAX_CHOICES) {
            let mut trial = chosen.clone();
            trial[c] = choice.clone();
            let h = holding_of(&trial);
            let ships = price(&h);
            if held_with_text(&ships) != h.muted {
                continue;
            }
            let unplaced = ships
                .iter()
                .flat_map(|s| &s.cards)
                .filter(|c| c.unplaced)
                .count();
            let key = (unplaced, cost(&ships));
            if best_here.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best_here = Some((key, choice, ships));
            }
        }
        if let Some((key, choice, ships)) = best_here {
            chosen[c] = choice;
            best = Some((key, ships));
        }
    }
    match best {
        Some((_, ships)) => ships,
        None => price(&Holding {
            muted: held,
            kept_up: Vec::new(),
        }),
    }
}

/// Whether the slot a card added (`Slot::added`: that card's index, or
/// `SHIP_CARD`, and its `adds_slots` entry) is a face-down one.
fn face_down_slot(s: &ShipState, added: Option<(usize, usize)>) -> bool {
    let Some((k, n)) = added else { return false };
    let card = if k == SHIP_CARD {
        Some(s.entry.ship.card)
    } else {
        s.cards.get(k).map(|c| c.placed.card)
    };
    card.and_then(|c| c.rules.adds_slots.get(n))
        .is_some_and(|a| a.is_face_down())
}

/// The subsets of `items` of at most `most` items, fewest first (each
/// size in order), at most `limit` of them.
fn subsets(items: &[usize], most: usize, limit: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = vec![Vec::new()];
    let mut layer: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..most.min(items.len()) {
        let mut next = Vec::new();
        for s in &layer {
            let from = s.last().map_or(0, |&last| {
                items
                    .iter()
                    .position(|&x| x == last)
                    .map_or(items.len(), |p| p + 1)
            });
            for &x in &items[from..] {
                if out.len() + next.len() >= limit {
                    break;
                }
                let mut t = s.clone();
                t.push(x);
                next.push(t);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
        if out.len() >= limit {
            break;
        }
    }
    out.truncate(limit);
    out
}

#[cfg(test)]
mod tests {
    use super::subsets;

    #[test]
    fn subsets_fewest_first_and_bounded() {
        assert_eq!(
            subsets(&[4, 7, 9], 2, 32),
            [
                vec![],
                vec![4],
                vec![7],
                vec![9],
                vec![4, 7],
                vec![4, 9],
                vec![7, 9]
            ]
        );
        assert_eq!(subsets(&[4, 7, 9], 1, 32).len(), 4);
        assert_eq!(subsets(&[1, 2, 3, 4, 5, 6, 7, 8], 8, 10).len(), 10);
        assert_eq!(subsets(&[], 3, 32), [Vec::<usize>::new()]);
    }
}
