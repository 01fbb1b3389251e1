//! One priced ship in Utopia's layout. The slots are the engine's
//! (`staw::analysis::slots_of`): the ship's printed slots, then the talent
//! slots of its cards, then the slots the ship card adds, then the slots
//! other cards add; `owners` reads which card each belongs to from the
//! engine's list. Where Utopia's builder
//! holds a card elsewhere than the engine counts it, the layout follows
//! Utopia (its loader puts each saved card into the slot at its index):
//!
//! - the ship's printed upgrade bar is its `upgrades`; the slots the ship
//!   card adds are its `upgradeSlots`;
//! - a fleet captain's slots are its talent slots, then tech, weapon and
//!   crew (Utopia makes them from the card's counts in that order);
//! - an officer card stands in the slot of the crew upgrade it is assigned
//!   to, that crew in the officer's first slot, the officer's own slots
//!   after it (Utopia's Officer Cards resource lets crew slots take
//!   officers); a crew takes at most two officers, the second beneath the
//!   first;
//! - a card that takes no slot (Unremarkable Species, Coffee, Black) stands
//!   in a printed [tech], [weapon] or [crew] slot of the ship and gives
//!   that slot back as its first slot, where the card the slot held goes
//!   (Utopia's card rules: a `question` card whose `upgradeSlots` is one
//!   slot of the type of the slot it stands in, `getSlotType`).

use super::{Node, Problem};
use fleetcheck_data::model::CardType;
use fleetcheck_staw::analysis::{self, ShipState};
use fleetcheck_staw::cost::Role;
use fleetcheck_staw::fleet::resolve::upgrade_types;
use fleetcheck_staw::fleet::Placed;
use std::collections::HashMap;

/// Who holds a slot of a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Owner {
    /// The ship's printed upgrade bar.
    Ship,
    /// A slot the ship card adds.
    ShipAdded,
    /// The card at this index of `analysis::cards_of`.
    Card(usize),
}

/// The owner of each slot of the engine's list (`ShipState::slots`, in
/// `analysis::slots_of` order): the card that adds it (`Slot::by`), else
/// the ship, whose printed upgrade bar comes first. Read from the engine's
/// own list, never recounted from the cards: a talent icon that an added
/// slot stands for (Elim Garak's), a face-down card's slots and a slot
/// whose terms are off are the engine's to count.
fn owners(ship: &fleetcheck_data::model::Card, slots: &[fleetcheck_staw::Slot]) -> Vec<Owner> {
    slots
        .iter()
        .enumerate()
        .map(|(j, s)| match s.by {
            Some(k) => Owner::Card(k),
            None if j < ship.slots.len() => Owner::Ship,
            None => Owner::ShipAdded,
        })
        .collect()
}

/// The order Utopia gives a fleet captain's slots, by type.
const FLEET_CAPTAIN_ORDER: [&str; 4] = ["talent", "tech", "weapon", "crew"];

/// The position of each slot among its owner's slots, as Utopia holds
/// them.
fn positions(owners: &[Owner], list: &[(Role, &Placed)], state: &ShipState) -> Vec<usize> {
    let mut groups: HashMap<Owner, Vec<usize>> = HashMap::new();
    for (j, o) in owners.iter().enumerate() {
        groups.entry(*o).or_default().push(j);
    }
    let mut within = vec![0; owners.len()];
    for (o, mut slots) in groups {
        let fleet_captain =
            matches!(o, Owner::Card(k) if list[k].1.card.kind == CardType::FleetCaptain);
        if fleet_captain {
            let rank = |j: usize| {
                let first = state.slots.get(j).and_then(|s| s.accepts.first());
                FLEET_CAPTAIN_ORDER
                    .iter()
                    .position(|t| Some(t) == first)
                    .unwrap_or(FLEET_CAPTAIN_ORDER.len())
            };
            slots.sort_by_key(|&j| (rank(j), j));
        }
        for (n, j) in slots.into_iter().enumerate() {
            within[j] = n;
        }
    }
    within
}

/// What a ship's cards and slots are, for building the cards' nodes.
struct Tree<'t, 'a> {
    list: &'t [(Role, &'a Placed<'a>)],
    owners: &'t [Owner],
    /// The position of each slot among its owner's slots.
    within: &'t [usize],
    slot_of: &'t [Option<usize>],
    /// For each officer, the crew card it is assigned to.
    crew_of: &'t [Option<usize>],
    /// For each card that takes no slot, the printed slot it stands in.
    hosts: &'t [Option<usize>],
    cost: &'t dyn Fn(usize) -> i32,
}

impl<'a> Tree<'_, 'a> {
    /// Card `k` with the cards in the slots it adds (nested at most 8 deep:
    /// slots hold cards that add slots only a level or two down). An
    /// officer's first slot holds its crew (see `placed`).
    fn build(&self, k: usize, depth: usize) -> Node<'a> {
        let mut node = Node::new(self.list[k].1.card, (self.cost)(k));
        let first = usize::from(self.list[k].0 == Role::Officer || self.hosts[k].is_some());
        let count = self.owners.iter().filter(|o| **o == Owner::Card(k)).count();
        node.upgrade_slots = vec![None; first + count];
        if depth > 8 {
            return node;
        }
        for (c, s) in self.slot_of.iter().enumerate() {
            let Some(j) = *s else { continue };
            if c != k && self.owners.get(j) == Some(&Owner::Card(k)) {
                let child = self.placed(c, depth + 1);
                if let Some(slot) = node.upgrade_slots.get_mut(first + self.within[j]) {
                    *slot = Some(child);
                }
            }
        }
        node
    }

    /// Card `k` as it stands in its slot: beneath the officers assigned to
    /// it, the first officer outermost.
    fn placed(&self, k: usize, depth: usize) -> Node<'a> {
        let mut node = self.build(k, depth);
        for o in (0..self.crew_of.len()).rev() {
            if self.crew_of[o] == Some(k) {
                let mut officer = self.build(o, depth);
                officer.upgrade_slots[0] = Some(node);
                node = officer;
            }
        }
        node
    }
}

/// A card that may fill either of two slot types and sits in a slot
/// another card added, while a printed slot of the ship that takes it is
/// free, moves to the printed slot: the other builders fill the ship's own
/// slots first (the U.S.S. Voyager's third crew slot before B'Elanna
/// Torres's extra tech slot). The card's cost does not depend on it.
fn prefer_printed(
    slot_of: &mut [Option<usize>],
    list: &[(Role, &Placed)],
    owners: &[Owner],
    state: &ShipState,
) {
    for k in 0..list.len() {
        let card = list[k].1.card;
        let Some(j) = slot_of[k] else { continue };
        // A slot with terms (a held card, a discount) is where the engine
        // priced the card: it stays.
        let terms = state.slots.get(j).is_some_and(|s| s.added.is_some());
        if upgrade_types(card).count() < 2 || owners.get(j) == Some(&Owner::Ship) || terms {
            continue;
        }
        let types: Vec<&str> = upgrade_types(card).collect();
        let free = (0..owners.len()).find(|&j2| {
            owners[j2] == Owner::Ship
                && !slot_of.contains(&Some(j2))
                && state
                    .slots
                    .get(j2)
                    .is_some_and(|s| s.accepts.iter().any(|a| types.contains(a)))
        });
        if let Some(j2) = free {
            slot_of[k] = Some(j2);
        }
    }
}

/// Among slots that take the same types, the cards go in file order, the
/// ship's printed slots first (the engine's assignment may have swapped two
/// torpedoes, or put the first tech card in a flagship's slot): so does a
/// player, and so do the other builders. A slot with terms on what fills
/// it (a card held beneath another, a slot for some cards only, one whose
/// card costs less or more) keeps the engine's card: another card may not
/// meet its terms.
///
/// Utopia holds a slot a card adds beneath that card, so no card may end
/// up beneath itself (in a slot of a card that stands, at some depth, in
/// one of its own slots). The engine's assignment may do that (two crew
/// cards that each add a [crew] slot, Ezri Dax and Chakotay, each in the
/// other's): the cards that add slots of the group then go first, into the
/// printed slots, the others in file order after them.
fn in_file_order(slot_of: &mut [Option<usize>], owners: &[Owner], state: &ShipState) {
    let mut groups: Vec<(&[&str], Vec<usize>)> = Vec::new();
    for j in 0..owners.len() {
        let Some(slot) = state.slots.get(j).filter(|s| s.added.is_none()) else {
            continue;
        };
        match groups.iter_mut().find(|g| g.0 == slot.accepts.as_slice()) {
            Some(g) => g.1.push(j),
            None => groups.push((slot.accepts.as_slice(), vec![j])),
        }
    }
    for (_, slots) in groups {
        let mut cards: Vec<usize> = (0..slot_of.len())
            .filter(|&k| slot_of[k].is_some_and(|j| slots.contains(&j)))
            .collect();
        cards.sort_unstable();
        let mut taken: Vec<usize> = cards.iter().filter_map(|&k| slot_of[k]).collect();
        taken.sort_by_key(|&j| (owners[j] != Owner::Ship, j));
        let adds = |k: usize| slots.iter().any(|&j| owners[j] == Owner::Card(k));
        let mut adders_first = cards.clone();
        adders_first.sort_by_key(|&k| (!adds(k), k));
        let before = slot_of.to_vec();
        for order in [cards, adders_first] {
            for (&k, &j) in order.iter().zip(&taken) {
                slot_of[k] = Some(j);
            }
            if !(0..slot_of.len()).any(|k| beneath_itself(k, slot_of, owners)) {
                break;
            }
            slot_of.copy_from_slice(&before);
        }
    }
}

/// Whether card `k` stands, at some depth, in a slot of its own: the
/// owner of its slot, the owner of that card's slot, ... comes back to it.
fn beneath_itself(k: usize, slot_of: &[Option<usize>], owners: &[Owner]) -> bool {
    let mut at = k;
    for _ in 0..=slot_of.len() {
        match slot_of[at].and_then(|j| owners.get(j)) {
            Some(Owner::Card(m)) if *m == k => return true,
            Some(Owner::Card(m)) => at = *m,
            _ => return false,
        }
    }
    // A loop that does not pass through `k`: some other card is in it.
    false
}

/// The crew card each officer is assigned to: the crew upgrades in the
/// ship's printed slots first, then the others, in file order, two
/// officers at most each.
fn assign_officers(
    list: &[(Role, &Placed)],
    slot_of: &[Option<usize>],
    owners: &[Owner],
    types: &[(String, Option<String>)],
) -> Vec<Option<usize>> {
    let mut crews: Vec<usize> = (0..list.len())
        .filter(|&c| list[c].0 == Role::Upgrade && types[c].1.as_deref() == Some("crew"))
        .filter(|&c| slot_of[c].is_some())
        .collect();
    crews.sort_by_key(|&c| (slot_of[c].map(|j| owners[j]) != Some(Owner::Ship), c));
    let mut taken: HashMap<usize, usize> = HashMap::new();
    (0..list.len())
        .map(|o| {
            if list[o].0 != Role::Officer {
                return None;
            }
            let c = crews
                .iter()
                .copied()
                .find(|c| taken.get(c).copied().unwrap_or(0) < 2)?;
            *taken.entry(c).or_default() += 1;
            Some(c)
        })
        .collect()
}

/// The printed slot each card that takes no slot stands in: a [tech],
/// [weapon] or [crew] slot of the ship, a free one first, one per card.
fn hosts(
    list: &[(Role, &Placed)],
    slot_of: &[Option<usize>],
    owners: &[Owner],
    state: &ShipState,
) -> Vec<Option<usize>> {
    let mut taken: Vec<usize> = Vec::new();
    (0..list.len())
        .map(|k| {
            let card = list[k].1.card;
            if list[k].0 != Role::Upgrade || slot_of[k].is_some() || !card.rules.no_slot {
                return None;
            }
            let open = |j: &usize| {
                owners[*j] == Owner::Ship
                    && !taken.contains(j)
                    && state.slots.get(*j).is_some_and(|s| {
                        s.accepts
                            .iter()
                            .any(|a| ["tech", "weapon", "crew"].contains(a))
                    })
            };
            let j = (0..owners.len())
                .filter(open)
                .find(|j| !slot_of.contains(&Some(*j)))
                .or_else(|| (0..owners.len()).find(open))?;
            taken.push(j);
            Some(j)
        })
        .collect()
}

/// Lays out one priced ship; also the slot type each card is counted as.
pub(super) fn ship<'a>(
    state: &ShipState<'a>,
    index: usize,
    problems: &mut Vec<Problem>,
) -> (Node<'a>, Vec<(String, Option<String>)>) {
    let e = state.entry;
    let list = analysis::cards_of(e);
    let owners = owners(e.ship.card, &state.slots);
    let label = state.label(index);
    // The priced state of each listed card.
    let priced: Vec<Option<&analysis::CardState>> = list
        .iter()
        .map(|(_, p)| state.cards.iter().find(|c| std::ptr::eq(c.placed, *p)))
        .collect();
    let cost = |k: usize| priced[k].map_or(list[k].1.card.cost, |c| c.price.cost);
    let within = positions(&owners, &list, state);
    let count_of = |o: Owner| owners.iter().filter(|x| **x == o).count();
    // Which slot each card fills (None: not in a slot).
    let mut slot_of: Vec<Option<usize>> = priced
        .iter()
        .map(|c| c.and_then(|c| c.slot_index))
        .collect();
    in_file_order(&mut slot_of, &owners, state);
    prefer_printed(&mut slot_of, &list, &owners, state);
    // The type each card is counted as where it now stands.
    let types: Vec<(String, Option<String>)> = list
        .iter()
        .zip(&slot_of)
        .map(|((_, p), s)| {
            let t = s.and_then(|j| state.slots.get(j)).and_then(|slot| {
                let mine: Vec<&str> = upgrade_types(p.card).collect();
                slot.accepts
                    .iter()
                    .find(|a| mine.contains(a))
                    .or(slot.accepts.first())
                    .map(|t| t.to_string())
            });
            (p.card.id.clone(), t)
        })
        .collect();
    // Never dropped silently: a card beneath itself would be in no node.
    for k in (0..list.len()).filter(|&k| beneath_itself(k, &slot_of, &owners)) {
        let card = list[k].1.card;
        problems.push(Problem::error(format!(
            "{label}: {} ({}) stands in a slot added by a card that stands in one of its own slots, and Utopia holds an added slot beneath the card that adds it",
            card.name, card.id
        )));
    }
    let crew_of = assign_officers(&list, &slot_of, &owners, &types);
    let hosts = hosts(&list, &slot_of, &owners, state);
    let tree = Tree {
        list: &list,
        owners: &owners,
        within: &within,
        slot_of: &slot_of,
        crew_of: &crew_of,
        hosts: &hosts,
        cost: &cost,
    };
    let mut node = Node::new(e.ship.card, state.price.cost);
    node.upgrades = vec![None; count_of(Owner::Ship)];
    node.upgrade_slots = vec![None; count_of(Owner::ShipAdded)];
    for (k, (role, p)) in list.iter().enumerate() {
        let what = format!("{} ({})", p.card.name, p.card.id);
        match role {
            Role::Captain => node.captain = Some(Box::new(tree.build(k, 0))),
            Role::Admiral => node.admiral = Some(Box::new(tree.build(k, 0))),
            Role::Ambassador => node.ambassador = Some(Box::new(tree.build(k, 0))),
            Role::Construction => node.construction = Some(Box::new(tree.build(k, 0))),
            Role::Officer => {
                if crew_of[k].is_none() {
                    problems.push(Problem::error(format!(
                        "{label}: officer {what} has no crew upgrade to stand beneath, and Utopia holds an officer card with the crew it is assigned to"
                    )));
                }
            }
            Role::Flagship | Role::FleetCaptain | Role::ShipResource if slot_of[k].is_none() => {
                if node.resource.is_some() {
                    problems.push(Problem::error(format!(
                        "{label}: {what} cannot be carried: Utopia holds one resource card per ship"
                    )));
                    continue;
                }
                let mut r = tree.build(k, 0);
                if p.card.kind == CardType::Flagship {
                    // Utopia saves a flagship with a copy of its (empty)
                    // slot list as well.
                    r.upgrades = vec![None; r.upgrade_slots.len()];
                }
                node.resource = Some(Box::new(r));
            }
            _ => match slot_of[k] {
                // Beneath the card that takes no slot standing there.
                Some(j) if hosts.contains(&Some(j)) => {}
                Some(j) => {
                    let at = within[j];
                    let slot = match owners.get(j) {
                        Some(Owner::Ship) => node.upgrades.get_mut(at),
                        Some(Owner::ShipAdded) => node.upgrade_slots.get_mut(at),
                        // A card's slot: built with that card.
                        _ => None,
                    };
                    if let Some(slot) = slot {
                        *slot = Some(tree.placed(k, 0));
                    }
                }
                None => match hosts[k] {
                    Some(j) => {
                        let mut n = tree.build(k, 0);
                        if let Some(c) = (0..list.len()).find(|&c| c != k && slot_of[c] == Some(j)) {
                            n.upgrade_slots[0] = Some(tree.placed(c, 0));
                        }
                        if let Some(slot) = node.upgrades.get_mut(within[j]) {
                            *slot = Some(n);
                        }
                    }
                    None if p.card.rules.no_slot => problems.push(Problem::error(format!(
                        "{label}: {what} needs no upgrade slot, but Utopia holds such a card in a [tech], [weapon] or [crew] slot of the ship (giving that slot back beneath it), and another such card already stands in each"
                    ))),
                    None => problems.push(Problem::error(format!(
                        "{label}: {what} is in no upgrade slot, and a Utopia fleet holds every upgrade in a slot"
                    ))),
                },
            },
        }
    }
    (node, types)
}
