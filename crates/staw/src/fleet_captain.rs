//! Fleet Captain rule 5 (shared/rules/staw.md, "Fleet Captain rule 5"; the
//! Fleet Captain resource R010): "If your Captain Card already has one or
//! more [talent] Upgrade icons on it, you may either choose to take the
//! bonus [talent] Upgrade OR forego taking the bonus [talent] Upgrade and
//! equip your Captain with 1 of his [talent] Upgrades for free."
//!
//! A rule of the resource (`Rules::free_talent_for_bonus`, on R010), and
//! a slot choice, as every slot choice: after the slot assignment, when the
//! captain's talents fit its printed talent slots (the fleet captain's
//! bonus talent slot is not needed), the bonus is forgone and the talent
//! that saves most costs 0 in place of its printed cost. Its faction
//! penalty and additional costs stay (a fixed cost: `cost::SetCost`). The
//! report shows it as a `set-cost` modifier from the fleet captain card.
//! When the talents need the bonus slot, the bonus is taken.

use super::cost::{At, Effect, Grant, Role};
use super::slots::Slot;
use crate::fleet::Placed;
use fleetcheck_data::model::{Card, CardFilter, Scope, SetCost};
use std::sync::LazyLock;

/// The fixed cost of the talent taken for free.
static FREE: LazyLock<SetCost> = LazyLock::new(|| SetCost {
    amount: 0,
    scope: Scope::Ship,
    applies_to: CardFilter {
        slots: vec!["talent".into()],
        ..CardFilter::default()
    },
    max_cards: None,
    exceed_restrictions: false,
    face_down: false,
});

/// The talents of a ship that rule 5 may make free, and the grant that
/// does it (to be limited to the one chosen).
pub(crate) struct Forgone<'a> {
    /// List indices of the talents in the captain's printed talent slots
    /// and the fleet captain's bonus slot.
    pub candidates: Vec<usize>,
    pub fleet_captain: &'a Card,
    pub at: At,
}

impl<'a> Forgone<'a> {
    /// The grant that makes the card at `target` free.
    pub(crate) fn grant(&self, target: At) -> Grant<'a> {
        Grant {
            at: self.at,
            from: self.fleet_captain,
            effect: Effect::SetCost(&FREE),
            only: Some(vec![target]),
        }
    }
}

/// Whether rule 5 applies on ship `ship` (its cards `list`, its `slots`,
/// `taken[k]` the slot the k-th card took): a captain with printed talent
/// slots, a fleet captain with a bonus talent slot, and no more talents in
/// those slots than the captain's printed ones.
pub(crate) fn forgone<'a>(
    ship: usize,
    list: &[(Role, &'a Placed<'a>)],
    slots: &[Slot],
    taken: &[Option<usize>],
) -> Option<Forgone<'a>> {
    let (ck, captain) = list
        .iter()
        .enumerate()
        .find(|(_, (r, _))| *r == Role::Captain)
        .map(|(k, (_, p))| (k, p.card))?;
    captain.talents.filter(|&n| n > 0)?;
    let (fk, fc) = list
        .iter()
        .enumerate()
        .find(|(_, (r, _))| *r == Role::FleetCaptain)
        .map(|(k, (_, p))| (k, p.card))?;
    let talent = |s: &Slot| s.accepts.len() == 1 && s.accepts[0] == "talent" && s.added.is_none();
    if !fc
        .rules
        .adds_slots
        .iter()
        .any(|a| a.slot.len() == 1 && a.slot[0] == "talent")
    {
        return None;
    }
    // The captain's printed icons, also when they carry terms (Duras:
    // "Upgrades equipped to this Captain cost 3 SP", `AddSlot::icons`).
    let own_icons = |s: &Slot| {
        s.by == Some(ck)
            && s.accepts.len() == 1
            && s.accepts[0] == "talent"
            && s.added
                .is_some_and(|(_, n)| captain.rules.adds_slots.get(n).is_some_and(|a| a.icons))
    };
    let printed: Vec<usize> = (0..slots.len())
        .filter(|&j| (talent(&slots[j]) && slots[j].source == captain.name) || own_icons(&slots[j]))
        .collect();
    let bonus: Vec<usize> = (0..slots.len())
        .filter(|&j| talent(&slots[j]) && slots[j].source == fc.name)
        .collect();
    let candidates: Vec<usize> = (0..list.len())
        .filter(|&k| {
            taken
                .get(k)
                .copied()
                .flatten()
                .is_some_and(|j| printed.contains(&j) || bonus.contains(&j))
        })
        .collect();
    (!candidates.is_empty() && candidates.len() <= printed.len()).then_some(Forgone {
        candidates,
        fleet_captain: fc,
        at: (ship, fk),
    })
}
