//! Cards that may exceed their purchase restrictions where they stand:
//!
//! - in a slot whose terms allow it (`AddSlot::exceed_restrictions`:
//!   Sakharov's extra upgrade);
//! - when another card's discount or fixed cost that allows it reaches
//!   them (`Discount::exceed_restrictions`, `SetCost::exceed_restrictions`:
//!   Vrax's "You may deploy the 'Reman Bodyguards' Upgrade to your ship at
//!   a cost of -2 SP, even if it exceeds your ship's restrictions", the
//!   Enterprise NX-01's Enhanced Hull Plating "for free even if it exceeds
//!   your ship's restrictions"). A grant limited to some cards
//!   (`max_cards`) allows it only for the cards it went to.
//!
//! The `restriction` rule skips the purchase restrictions of such cards;
//! a card a grant lets exceed them needs no slot either (the ship's upgrade
//! bar is one of the ship's restrictions: `slot_terms::freed`).

use super::analysis::{Analysis, CardState, ShipState};
use super::cost::{filter_matches, Target};
use super::slot_terms;
use fleetcheck_data::model::{Card, CardFilter, Scope};

/// The cards of the fleet with a grant that lets other cards exceed their
/// restrictions: (ship, index among its cards or `SHIP_CARD`, card). Found
/// once per fleet: [`allowed`] looks only through these.
pub(crate) fn grantors<'a>(a: &Analysis<'a>) -> Vec<(usize, usize, &'a Card)> {
    let mut out = Vec::new();
    for (j, other) in a.ships.iter().enumerate() {
        for (gk, from) in other.cards_in_play() {
            if grants(from).next().is_some() {
                out.push((j, gk, from));
            }
        }
    }
    out
}

/// Whether the card `c`, the `k`th card of ship `i`, may exceed its
/// purchase restrictions (`grantors`: [`grantors`] of the fleet; filters
/// that name factions match with the format's `sub_factions`).
pub(crate) fn allowed(
    grantors: &[(usize, usize, &Card)],
    s: &ShipState,
    i: usize,
    k: usize,
    c: &CardState,
    sub_factions: bool,
) -> bool {
    if slot_terms::of(s, i, c.slot_index).is_some_and(|t| t.add.exceed_restrictions) {
        return true;
    }
    let t = Target {
        card: c.placed.card,
        role: c.role,
        slot: c.slot.filter(|s| *s != "none"),
        at: (i, k),
        cost: Some(c.price.cost),
        sub_factions,
    };
    for &(j, gk, from) in grantors {
        if (j, gk) == t.at {
            continue;
        }
        for (scope, filter, limited) in grants(from) {
            if scope == Scope::Ship && j != i {
                continue;
            }
            if !filter_matches(filter, &t) {
                continue;
            }
            let source = format!("{} ({})", from.name, from.id);
            if !limited
                || c.price
                    .modifiers
                    .iter()
                    .any(|m| m.source.starts_with(&source))
            {
                return true;
            }
        }
    }
    false
}

/// The card's grants that allow exceeding restrictions: (scope, filter,
/// limited to some cards).
fn grants(card: &Card) -> impl Iterator<Item = (Scope, &CardFilter, bool)> {
    let r = &card.rules;
    r.discounts
        .iter()
        .filter(|d| d.exceed_restrictions)
        .map(|d| (d.scope, &d.applies_to, d.max_cards.is_some()))
        .chain(
            r.set_costs
                .iter()
                .filter(|c| c.exceed_restrictions)
                .map(|c| (c.scope, &c.applies_to, c.max_cards.is_some())),
        )
}
