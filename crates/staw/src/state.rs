//! The priced fleet's state: each ship with its cards, prices and slots,
//! and the priced sideboard. Built by `analysis`, read by the pricing of
//! the resource and the slot terms, and by every check.

use super::cost::{Price, Role, SHIP_CARD};
use super::slots::Slot;
use super::view::ShipView;
use crate::fleet::{Placed, ShipEntry, SideboardCard};
use fleetcheck_data::model::{Card, ShipClass};
use std::borrow::Cow;
use std::sync::Arc;

/// One priced ship.
#[derive(Debug)]
pub struct ShipState<'a> {
    pub entry: &'a ShipEntry<'a>,
    /// The ship's factions plus those its flagship and upgrades add
    /// (borrowed from the cards while none adds one).
    pub factions: std::borrow::Cow<'a, [String]>,
    /// The captain's factions plus those its fleet captain adds.
    pub captain_factions: std::borrow::Cow<'a, [String]>,
    /// The ship card's own cost (borrowed from the fleet a copy was priced
    /// beside, where it is the same: [`CardState::price`]).
    pub price: Cow<'a, Price>,
    /// The ship's class as printed, if the database knows it.
    pub class: Option<&'a ShipClass>,
    /// The ship's maneuver dial and firing arcs (its class entry).
    pub dial: Option<&'a ShipClass>,
    /// The factions of the fleet's other ships (borrowed from the cards
    /// while none adds one); shared by the copies of a ship that a change
    /// did not touch, as its slots are.
    pub other_factions: Arc<[std::borrow::Cow<'a, str>]>,
    /// Captain, admiral, resource cards, then upgrades in file order.
    pub cards: Vec<CardState<'a>>,
    pub slots: Arc<[Slot<'a>]>,
    /// The ship's cost plus every card on it.
    pub total: i32,
    /// What its slots were assigned from ([`Needs`]).
    pub(crate) needs: Needs<'a>,
}

/// The cards of a priced ship that needed a slot, each with the slot
/// types it may be counted as and its cost as each: what the slot
/// assignment was made from, kept so that the ship with one quiet upgrade
/// added is assigned from them without pricing its other cards again
/// (`analysis::price_ship`). Known only for a base's ships (a fleet
/// priced to price its changes beside), not for a ship priced alone,
/// beside a base or moved onto a copy (`ShipState::moved_to`): nothing is
/// priced beside those. Not part of what the ship is: its `Debug` shows
/// nothing of it.
#[derive(Clone, Default)]
pub(crate) struct Needs<'a> {
    pub(crate) known: bool,
    /// (list index, slot type, cost): each card's options in a row, the
    /// cards in list order.
    pub(crate) options: Vec<(usize, &'a str, i32)>,
}

impl<'a> Needs<'a> {
    /// What a slot assignment was made from: `needing[n]`'s options are
    /// `options[n]`.
    pub(crate) fn of(needing: &[usize], options: &[crate::slots::Options<'a>]) -> Needs<'a> {
        Needs {
            known: true,
            options: needing
                .iter()
                .zip(options)
                .flat_map(|(&k, o)| o.iter().map(move |&(t, c)| (k, t, c)))
                .collect(),
        }
    }

    /// The cards that needed a slot and their options, as [`Needs::of`]
    /// was given them (a card with no option has none to keep: it never
    /// needed a slot, `upgrade_types` being empty), with room for one card
    /// more (the one a change adds).
    pub(crate) fn unpacked(
        &self,
    ) -> (
        smallvec::SmallVec<[usize; 8]>,
        Vec<crate::slots::Options<'a>>,
    ) {
        let mut needing = smallvec::SmallVec::new();
        let cards = 1 + self.options.windows(2).filter(|w| w[0].0 != w[1].0).count();
        let mut options: Vec<crate::slots::Options> = Vec::with_capacity(cards + 1);
        for &(k, t, c) in &self.options {
            if needing.last() != Some(&k) {
                needing.push(k);
                options.push(crate::slots::Options::new());
            }
            if let Some(o) = options.last_mut() {
                o.push((t, c));
            }
        }
        (needing, options)
    }
}

impl std::fmt::Debug for Needs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("..")
    }
}

/// One priced card on a ship.
#[derive(Debug)]
pub struct CardState<'a> {
    pub placed: &'a Placed<'a>,
    pub role: Role,
    /// Upgrades: the slot type it went into, or `none` for cards that need
    /// no slot; `None` when it fits no free slot (see `unplaced`).
    pub slot: Option<&'a str>,
    /// An upgrade that needs a slot and found none.
    pub unplaced: bool,
    /// The index in `ShipState::slots` of the slot it took.
    pub slot_index: Option<usize>,
    /// Face down (held beneath another card, in a face-down slot, or bought
    /// face down at a fixed cost): its text is not in play (`face_down`).
    pub face_down: bool,
    /// Its price; borrowed from the fleet a copy of this one was priced
    /// beside (`analysis::Beside`) where the card kept it there, so that
    /// pricing a change does not copy the prices it kept.
    pub price: Cow<'a, Price>,
}

/// The priced Reinforcements Sideboard.
#[derive(Debug)]
pub struct SideboardState<'a> {
    /// Each card with its price (borrowed as a ship card's is).
    pub cards: Vec<(&'a SideboardCard<'a>, Cow<'a, Price>)>,
    pub total: i32,
}

impl<'a> ShipState<'a> {
    /// The ship as conditions see it.
    pub fn view(&self, sub_factions: bool) -> ShipView<'_> {
        ShipView {
            ship: self.entry.ship.card,
            factions: &self.factions,
            captain: self.entry.captain.as_ref().map(|c| c.card),
            captain_factions: &self.captain_factions,
            sub_factions,
            entry: Some(self.entry),
            class: self.class,
            dial: self.dial,
            other_factions: &self.other_factions,
        }
    }

    /// The cards whose text is in play, each with its index among `cards`:
    /// the ship card first (`SHIP_CARD`), then the cards not face down.
    pub(crate) fn cards_in_play(&self) -> impl Iterator<Item = (usize, &'a Card)> + '_ {
        std::iter::once((SHIP_CARD, self.entry.ship.card)).chain(
            self.cards
                .iter()
                .enumerate()
                .filter(|(_, c)| !c.face_down)
                .map(|(k, c)| (k, c.placed.card)),
        )
    }

    /// The slots no card took.
    pub fn free_slots(&self) -> impl Iterator<Item = &Slot<'a>> {
        // The taken slots once (not a scan of every card per slot: a ship
        // may carry 100,000 cards).
        let mut taken = vec![false; self.slots.len()];
        for j in self.cards.iter().filter_map(|c| c.slot_index) {
            if let Some(t) = taken.get_mut(j) {
                *t = true;
            }
        }
        self.slots
            .iter()
            .zip(taken)
            .filter(|(_, taken)| !taken)
            .map(|(s, _)| s)
    }

    /// This priced ship moved onto `entry`, a copy of its own entry whose
    /// cards are `list` (`cards_of`): the same prices, slots and factions,
    /// every card state on the copy's card. `None` when the copy's cards
    /// are not this ship's.
    pub(crate) fn moved_to<'e>(
        &'e self,
        entry: &'e ShipEntry<'e>,
        list: &[(Role, &'e Placed<'e>)],
    ) -> Option<ShipState<'e>>
    where
        'a: 'e,
    {
        let same = std::ptr::eq(entry.ship.card, self.entry.ship.card)
            && list.len() == self.cards.len()
            && list
                .iter()
                .zip(&self.cards)
                .all(|((role, p), c)| *role == c.role && std::ptr::eq(p.card, c.placed.card));
        if !same {
            return None;
        }
        Some(ShipState {
            entry,
            factions: self.factions.clone(),
            captain_factions: self.captain_factions.clone(),
            price: Cow::Borrowed(&*self.price),
            class: self.class,
            dial: self.dial,
            other_factions: Arc::clone(&self.other_factions),
            cards: list
                .iter()
                .zip(&self.cards)
                .map(|(&(role, placed), c)| CardState {
                    placed,
                    role,
                    slot: c.slot,
                    unplaced: c.unplaced,
                    slot_index: c.slot_index,
                    face_down: c.face_down,
                    price: Cow::Borrowed(&*c.price),
                })
                .collect(),
            slots: Arc::clone(&self.slots),
            total: self.total,
            needs: Needs::default(),
        })
    }

    /// "ship 2 (U.S.S. Enterprise-D)".
    pub fn label(&self, index: usize) -> String {
        format!("ship {} ({})", index + 1, self.entry.ship.card.name)
    }
}
