//! Terms on the cards that fill a slot another card adds
//! (`AddSlot::only`, `same_faction`, `discount`, `set_cost`,
//! `exceed_restrictions`):
//!
//! - admission: only cards matching `only` (and sharing a faction with the
//!   ship as the faction penalty reads it, for `same_faction`: "of the
//!   same faction as the ship" names no faction, it asks the penalty's
//!   question) may take the slot: Nijil (C235) "That
//!   Upgrade ... must be a Romulan [tech] Upgrade", Cargo Hold (T013)
//!   "These Upgrades cannot have a cost greater than 4 SP", a captain that
//!   "may field the 'Secret Research' [talent] Upgrade";
//! - price: the card in the slot gets its `discount` (a `discount`
//!   modifier naming the card that added the slot: Tuvok's "That Upgrade
//!   costs -1 SP") or its fixed cost (`set-cost`: the face-down slot of
//!   Balance of Terror, whose own card carries the 3 SP);
//! - `exceed_restrictions`: the card in the slot may exceed its purchase
//!   restrictions (Sakharov: "This Upgrade may exceed the ship's
//!   restrictions"; see `restriction`);
//! - `no_penalty`: the card in the slot pays no faction penalty (Elim
//!   Garak's own [talent] icon, `icons`: "... when assigning Elim Garak or
//!   his [talent] Upgrade");
//! - `beneath`: the slot is beneath the card that adds it (Quark's face-down
//!   [tech]): the card there is held, takes no slot of the upgrade bar and
//!   is priced as an upgrade of the ship; at the same price a card goes
//!   into the upgrade bar rather than beneath a card, and the `held` note
//!   says which card is under which. No card fills a slot it adds itself.
//!
//! Also here: cards that another card of the ship lets go without a slot
//! (`Rules::no_slot_for`, [`freed`]).
//!
//! The fleet file does not say which slot a card takes: the assignment
//! (`slots::assign_grounded`) weighs each card at its cost in each slot, so
//! the cheapest legal assignment wins and the report says where each card
//! went: a card outside the slot that lets it exceed its restrictions, or
//! one that costs more where it stands than its shuttlecraft allows (3 SP),
//! weighs more than any price.
//!
//! ```toml
//! [[card.rules.adds_slots]]
//! slot = ["tech"]
//! only = { factions = ["romulan"], slots = ["tech"] }
//! discount = { amount = -1, min = 1 }
//! ```

use super::cost::{self, At, Effect, Grant, OnShip, Price, Role, Target, Waiver, SHIP_CARD};
use super::faction::shares_faction;
use super::slots::{self, Slot};
use super::state::ShipState;
use super::view::ShipView;
use crate::fleet::Placed;
use fleetcheck_data::model::{AddSlot, Card, CardFilter, Discount, Scope, ShipClass};

/// Every upgrade: the filter of a slot's own waiver (`AddSlot::no_penalty`).
static ANY_UPGRADE: std::sync::LazyLock<CardFilter> = std::sync::LazyLock::new(CardFilter::default);

/// The weight of a restricted card outside a slot that lets it exceed its
/// restrictions, and of a card that costs more where it stands than its
/// shuttlecraft allows: more than any fleet's SP, less than leaving a card
/// out.
const MISPLACED: i32 = 1 << 16;

/// The slots of one ship being priced, with what the assignment and the
/// prices need.
pub(crate) struct ShipSlots<'s, 'a> {
    /// The ship's index in the fleet.
    pub ship: usize,
    pub ship_card: &'a Card,
    /// The ship's cards in report order (`analysis::cards_of`).
    pub list: &'s [(Role, &'a Placed<'a>)],
    pub slots: &'s [Slot<'a>],
    pub on: &'s OnShip<'s>,
    /// The slots of the ship's printed upgrade bar no card took: what a
    /// discount counted per unused printed slot reads
    /// (`AddSlot::per_unused_printed_slot`). The printed bar is the first
    /// `ship_card.slots.len()` slots (`analysis::slots_of`).
    pub unused_printed: u32,
    /// The ship's cards (indices of `list`) that may not go face down: a
    /// choice of which cards are held keeps them face up
    /// (`face_down::choose`).
    pub kept_up: &'s [usize],
}

/// The terms of one added slot: the card that added it and its entry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Terms<'a> {
    pub from: &'a Card,
    /// Where the card that added it sits (ship index, card index).
    pub at: At,
    pub add: &'a AddSlot,
}

impl<'a> Terms<'a> {
    /// Whether the card in the slot is face down (`AddSlot::is_face_down`).
    pub(crate) fn is_face_down(&self) -> bool {
        self.add.is_face_down()
    }

    /// Whether the card (counted as slot type `slot`, costing `cost` on
    /// the ship outside this slot) may take the slot. A bound on the cost
    /// ("have an SP cost of 5 or less") reads that cost.
    pub(crate) fn admits(
        &self,
        card: &Card,
        slot: &str,
        cost: i32,
        view_factions: &[String],
        sub: bool,
    ) -> bool {
        let t = Target {
            card,
            role: Role::Upgrade,
            slot: Some(slot),
            at: (usize::MAX, usize::MAX),
            cost: Some(cost),
            sub_factions: sub,
        };
        self.add
            .only
            .as_ref()
            .is_none_or(|f| cost::filter_matches(f, &t))
            && (!self.add.same_faction || shares_faction(&card.factions, view_factions, sub))
    }

    /// Whether the card in the slot is face down: held beneath the card
    /// that adds it, or at the slot's face-down fixed cost when that cost
    /// is its (Balance of Terror's slot; Kirk's icons: "Any Federation
    /// [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron
    /// Points and are placed face down", not another talent there).
    pub(crate) fn face_down(&self, target: &Target) -> bool {
        self.add.beneath
            || self
                .add
                .set_cost
                .as_ref()
                .is_some_and(|c| c.face_down && cost::filter_matches(&c.applies_to, target))
    }

    /// The grants the slot gives the card at `target`; `counted`: its
    /// discount as counted for the assignment, in place of the entry's.
    fn grants<'g>(
        &'g self,
        target: At,
        counted: Option<&'g Discount>,
    ) -> impl Iterator<Item = Grant<'g>> + 'g
    where
        'a: 'g,
    {
        let effects = counted
            .or(self.add.discount.as_ref())
            .into_iter()
            .map(Effect::Discount)
            .chain(self.add.set_cost.iter().map(Effect::SetCost));
        effects.map(move |effect| Grant {
            at: self.at,
            from: self.from,
            effect,
            only: Some(vec![target]),
        })
    }
}

/// Whether the card at `k` of ship `i` goes without a slot because of
/// another card: the ship's `Rules::no_slot_for` ("You may equip the
/// 'Transporter Room' [tech] Upgrade to this ship without requiring an
/// Upgrade Slot"), or a discount or fixed cost that lets it exceed the
/// ship's restrictions, its upgrade bar included ("You may equip the
/// Enhanced Hull Plating [tech] Upgrade to your ship for free even if it
/// exceeds your ship's restrictions" on a ship with no [tech] slot).
///
/// `exempting`: the ship card and the cards of `list` with `no_slot_for`
/// terms, with their index ([`exempting`]), found once per ship.
pub(crate) fn freed(
    exempting: &[(usize, &Card)],
    list: &[(Role, &Placed)],
    i: usize,
    k: usize,
    grants: &[Grant],
    sub_factions: bool,
) -> bool {
    let Some((role, p)) = list.get(k) else {
        return false;
    };
    let t = Target {
        card: p.card,
        role: *role,
        slot: super::upgrade_types(p.card).next(),
        at: (i, k),
        cost: None,
        sub_factions,
    };
    let by_card = exempting.iter().filter(|(j, _)| *j != k).any(|(_, c)| {
        c.rules
            .no_slot_for
            .iter()
            .any(|f| cost::filter_matches(f, &t))
    });
    let exceeding = |g: &Grant| match g.effect {
        Effect::Discount(d) => d.exceed_restrictions,
        Effect::SetCost(c) => c.exceed_restrictions,
    };
    by_card
        || grants.iter().any(|g| {
            exceeding(g) && g.covers(&t) && g.only.as_ref().is_none_or(|o| o.contains(&t.at))
        })
}

/// The ship's slots, those whose terms' `when` does not hold for the ship
/// (Tebok's [talent] slot without another Romulan ship) taking nothing.
/// They stay in the list, so that every slot keeps its place (the
/// exporters lay the slots out by the cards that add them).
pub(crate) fn active<'a>(
    mut slots: Vec<Slot<'a>>,
    i: usize,
    ship: &Card,
    list: &[(Role, &Placed)],
    view: &ShipView,
) -> Vec<Slot<'a>> {
    for s in slots.iter_mut() {
        let off = terms_in(s, i, ship, |k| list.get(k).map(|(_, p)| p.card))
            .and_then(|t| t.add.when.as_ref())
            .is_some_and(|c| !view.holds(c));
        if off {
            s.accepts.clear();
        }
    }
    slots
}

/// The terms of the slot a ship's card took (`None` for a plain slot).
pub(crate) fn of<'a>(s: &ShipState<'a>, ship: usize, slot: Option<usize>) -> Option<Terms<'a>> {
    let slot = s.slots.get(slot?)?;
    terms_in(slot, ship, s.entry.ship.card, |k| {
        s.cards.get(k).map(|c| c.placed.card)
    })
}

/// The cards of a ship that free others from needing a slot
/// (`no_slot_for`), the ship card first: what [`freed`] looks through.
pub(crate) fn exempting<'a>(ship: &'a Card, list: &[(Role, &'a Placed)]) -> Vec<(usize, &'a Card)> {
    std::iter::once((SHIP_CARD, ship))
        .chain(list.iter().enumerate().map(|(j, (_, q))| (j, q.card)))
        .filter(|(_, c)| !c.rules.no_slot_for.is_empty())
        .collect()
}

fn terms_in<'a>(
    slot: &Slot,
    ship: usize,
    ship_card: &'a Card,
    card_at: impl Fn(usize) -> Option<&'a Card>,
) -> Option<Terms<'a>> {
    let (k, n) = slot.added?;
    let from = if k == SHIP_CARD {
        ship_card
    } else {
        card_at(k)?
    };
    Some(Terms {
        from,
        at: (ship, k),
        add: from.rules.adds_slots.get(n)?,
    })
}

/// What every edge of one ship's assignment reads: the terms of each slot,
/// and whether any slot lets its card exceed its restrictions.
struct Weighing<'a> {
    terms: Vec<Option<Terms<'a>>>,
    exceeding: bool,
}

impl<'s, 'a> ShipSlots<'s, 'a> {
    /// The terms of slot `j` (`None` for a plain slot).
    pub(crate) fn terms(&self, j: usize) -> Option<Terms<'a>> {
        let list = self.list;
        terms_in(&self.slots[j], self.ship, self.ship_card, |k| {
            list.get(k).map(|(_, p)| p.card)
        })
    }

    /// The slots of the printed upgrade bar a slot assignment leaves free.
    pub(crate) fn unused_printed_by(&self, assignment: &[Option<(usize, usize)>]) -> u32 {
        let printed = self.ship_card.slots.len().min(self.slots.len());
        let used = assignment
            .iter()
            .flatten()
            .filter(|(j, _)| *j < printed)
            .count();
        u32::try_from(printed - used.min(printed)).unwrap_or(u32::MAX)
    }

    /// The slot assignment (`slots::assign`), with each card weighed at its
    /// cost in each slot and kept out of slots whose terms refuse it.
    /// `needing[n]` is the list index of the n-th card that needs a slot,
    /// `options[n]` its slot types with their plain costs.
    ///
    /// A discount counted per unused slot of the printed upgrade bar
    /// (B'Elanna Torres) depends on the whole assignment, not on one card's
    /// slot: every printed slot a card takes costs that slot's card the
    /// discount's amount. Two assignments are weighed: the plain one (no
    /// such discount), and one where each card in a printed slot weighs the
    /// amount more and the slot's card has the discount of a bar left all
    /// free; each is then priced as it is (its own count of unused printed
    /// slots), and the one that places more cards, then costs less, wins
    /// (the plain one on a tie). This is the lowest total whenever no
    /// discount goes below the card's cost.
    pub(crate) fn assign(
        &self,
        needing: &[usize],
        options: &[slots::Options],
        made: Option<&slots::Assignments>,
    ) -> Vec<Option<(usize, usize)>> {
        // No card fills a slot it adds itself (Systems Upgrade's [tech]),
        // nor one of a card that stands in its own slots (`adders`).
        let adders = self.adders(needing);
        // A shuttlecraft weighs a card's cost there (`edge`).
        let shuttle = self.on.view.class.is_some_and(|c| c.shuttle);
        if !shuttle && self.slots.iter().all(|s| s.added.is_none()) {
            return match made {
                Some(made) => made.plain(self.slots, options, &adders),
                None => slots::assign_plain(self.slots, options, &adders),
            };
        }
        let terms: Vec<Option<Terms>> = (0..self.slots.len()).map(|j| self.terms(j)).collect();
        let w = Weighing {
            exceeding: terms.iter().flatten().any(|t| t.add.exceed_restrictions),
            terms,
        };
        let plain = ShipSlots {
            unused_printed: 0,
            ..*self
        };
        let found = plain.assign_weighed(needing, options, &adders, &w, 0);
        // The amount one printed slot is worth to the per-slot discounts.
        let per_slot: i32 = w
            .terms
            .iter()
            .flatten()
            .filter(|t| t.add.per_unused_printed_slot)
            .filter_map(|t| t.add.discount.as_ref())
            .map(|d| d.amount.saturating_abs())
            .fold(0, i32::saturating_add);
        if per_slot == 0 {
            return found;
        }
        let all_free = ShipSlots {
            unused_printed: u32::try_from(self.ship_card.slots.len()).unwrap_or(u32::MAX),
            ..*self
        };
        let leaving = all_free.assign_weighed(needing, options, &adders, &w, per_slot);
        // Each assignment as it is priced: placed cards first, then weight.
        let judged = |a: &[Option<(usize, usize)>]| {
            let priced = ShipSlots {
                unused_printed: self.unused_printed_by(a),
                ..*self
            };
            let weight: i64 = a
                .iter()
                .enumerate()
                .filter_map(|(n, p)| {
                    let (j, _) = (*p)?;
                    priced.edge(needing, options, &w, 0, n, j)
                })
                .map(|(_, w)| i64::from(w))
                .sum();
            (std::cmp::Reverse(a.iter().flatten().count()), weight)
        };
        if judged(&leaving) < judged(&found) {
            leaving
        } else {
            found
        }
    }

    /// For each slot, the card of `needing` that adds it, if it is one of
    /// them (`needing` is in the order of the ship's cards).
    fn adders(&self, needing: &[usize]) -> Vec<Option<usize>> {
        self.slots
            .iter()
            .map(|s| s.by.and_then(|k| needing.binary_search(&k).ok()))
            .collect()
    }

    /// `assign` with every card in a printed slot weighing `printed_weight`
    /// more.
    fn assign_weighed(
        &self,
        needing: &[usize],
        options: &[slots::Options],
        adders: &[Option<usize>],
        w: &Weighing,
        printed_weight: i32,
    ) -> Vec<Option<(usize, usize)>> {
        slots::assign_grounded(
            self.slots.len(),
            needing.len(),
            |j| adders[j],
            |n, j| self.edge(needing, options, w, printed_weight, n, j),
        )
    }

    /// The option card `n` is counted as in slot `j` and its weight there
    /// (`None`: it may not take the slot).
    fn edge(
        &self,
        needing: &[usize],
        options: &[slots::Options],
        w: &Weighing,
        printed_weight: i32,
        n: usize,
        j: usize,
    ) -> Option<(usize, i32)> {
        let view = &self.on.view;
        let Weighing { terms, exceeding } = w;
        // A card that breaks its purchase restrictions on this ship belongs
        // in a slot that lets it exceed them: anywhere else it weighs more
        // than any price difference, so that a legal assignment wins.
        let breaks =
            |card: &Card| *exceeding && card.rules.restrictions.iter().any(|c| !view.holds(c));
        // Of two slots at the same price, a card goes into the upgrade bar
        // rather than beneath another card, and a card whose text acts
        // (`face_down::has_text`: held, it is out of play) is the last one
        // held: weights are multiplied by 4, and a slot beneath a card
        // weighs 1 more for a plain card, 3 more for one with such text.
        let beneath = |j: usize, card: &Card| {
            if !terms[j].is_some_and(|t| t.add.beneath) {
                0
            } else if super::face_down::has_text(card) {
                3
            } else {
                1
            }
        };
        let slot = &self.slots[j];
        let card = self.list[needing[n]].1.card;
        // No card fills a slot it adds itself (it is not beneath itself);
        // a card kept face up goes into no face-down slot.
        if slot.by == Some(needing[n])
            || terms[j].is_some_and(|t| {
                t.at.1 == needing[n] || (t.is_face_down() && self.kept_up.contains(&needing[n]))
            })
        {
            return None;
        }
        let misplaced = breaks(card) && !terms[j].is_some_and(|t| t.add.exceed_restrictions);
        // On a shuttlecraft, a card that costs more where it stands than
        // the class allows (`small_craft`) weighs as a misplaced one: where
        // another slot would cost it less, the legal assignment wins.
        let shuttle = view.class.is_some_and(|c| c.shuttle);
        let printed = if j < self.ship_card.slots.len() {
            printed_weight
        } else {
            0
        };
        let weigh = |cost: i32| {
            let over = shuttle && cost > ShipClass::SHUTTLE_MAX_COST;
            let weight = if misplaced || over { MISPLACED } else { 0 };
            (cost + weight + printed).saturating_mul(4) + beneath(j, card)
        };
        options[n]
            .iter()
            .enumerate()
            .filter(|(_, (t, _))| slot.accepts.iter().any(|a| a == t))
            .filter_map(|(o, (t, plain))| match &terms[j] {
                None => Some((o, weigh(*plain))),
                Some(tm) => tm
                    .admits(card, t, *plain, view.factions, view.sub_factions)
                    .then(|| {
                        let target = Target {
                            card,
                            role: Role::Upgrade,
                            slot: Some(t),
                            at: (self.ship, needing[n]),
                            cost: None,
                            sub_factions: view.sub_factions,
                        };
                        (
                            o,
                            weigh(self.priced_by(Some(tm), &target, cost::cost_on_ship)),
                        )
                    }),
            })
            .min_by_key(|(_, c)| *c)
    }

    /// The price of a card in the slot it took (`None`: no slot).
    pub(crate) fn price(&self, slot: Option<usize>, target: &Target) -> Price {
        let terms = slot.and_then(|j| self.terms(j));
        self.priced(terms.as_ref(), target)
    }

    fn priced(&self, terms: Option<&Terms>, target: &Target) -> Price {
        self.priced_by(terms, target, cost::on_ship)
    }

    /// The card priced by `by` (its price, or its cost alone) against the
    /// fleet's grants and waivers and the slot's terms.
    fn priced_by<R>(
        &self,
        terms: Option<&Terms>,
        target: &Target,
        by: impl Fn(&Target, &OnShip) -> R,
    ) -> R {
        let Some(tm) = terms
            .filter(|t| t.add.discount.is_some() || t.add.set_cost.is_some() || t.add.no_penalty)
        else {
            return by(target, self.on);
        };
        // A discount per unused printed slot, counted for this assignment.
        let counted = tm
            .add
            .discount
            .as_ref()
            .filter(|_| tm.add.per_unused_printed_slot)
            .map(|d| Discount {
                amount: d
                    .amount
                    .saturating_mul(i32::try_from(self.unused_printed).unwrap_or(i32::MAX)),
                ..d.clone()
            });
        let mut grants: Vec<Grant> = self.on.grants.to_vec();
        grants.extend(tm.grants(target.at, counted.as_ref()));
        // "... or his [talent] Upgrade": a waiver for the card in the slot
        // (this price is the target's alone, so it may name every upgrade).
        let mut waivers: Vec<Waiver> = self.on.waivers.to_vec();
        if tm.add.no_penalty {
            waivers.push(Waiver {
                at: tm.at,
                from: tm.from,
                scope: Scope::Ship,
                filter: &ANY_UPGRADE,
                doubles: false,
                lifts_faction_restriction: false,
                when: None,
            });
        }
        let on = OnShip {
            grants: &grants,
            waivers: &waivers,
            ..*self.on
        };
        by(target, &on)
    }
}
