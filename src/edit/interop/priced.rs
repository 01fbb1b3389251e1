//! The fleet laid out as the Utopia builder holds it, priced by the engine:
//! each ship with its captain, admiral, ship resource (flagship, fleet
//! captain, officer, ...) and its upgrade slots in card order, every card
//! in the slot the engine assigned it, and slots added by a card held by
//! that card. The Utopia link and the text list are both written from it.
//!
//! The slot order is the engine's (`rules::analysis::slots_of`): the ship's
//! printed slots, then the talent slots of its cards, then the slots cards
//! add; `owners` recomputes which card each slot belongs to and checks the
//! count against the engine's list.

use super::model::Problem;
use crate::data::model::{Card, CardType};
use crate::staw::analysis::{self, Analysis, ShipState};
use crate::staw::cost::Role;
use crate::staw::fleet::resolve::upgrade_types;
use crate::staw::fleet::Placed;

/// One card and the cards it holds, as Utopia saves it.
#[derive(Debug, Clone, PartialEq)]
pub struct Node<'a> {
    pub card: &'a Card,
    /// Its cost where it stands (0 for sideboard-free cases as priced).
    pub cost: i32,
    pub resource: Option<Box<Node<'a>>>,
    pub captain: Option<Box<Node<'a>>>,
    pub admiral: Option<Box<Node<'a>>>,
    pub ambassador: Option<Box<Node<'a>>>,
    pub construction: Option<Box<Node<'a>>>,
    /// A ship's printed slots (a flagship's copy of its slots, empty).
    pub upgrades: Vec<Option<Node<'a>>>,
    /// Slots the card adds (talent slots of a captain, a flagship's slots,
    /// the sideboard's five sections).
    pub upgrade_slots: Vec<Option<Node<'a>>>,
}

impl<'a> Node<'a> {
    fn new(card: &'a Card, cost: i32) -> Node<'a> {
        Node {
            card,
            cost,
            resource: None,
            captain: None,
            admiral: None,
            ambassador: None,
            construction: None,
            upgrades: Vec::new(),
            upgrade_slots: Vec::new(),
        }
    }
}

/// One priced ship.
#[derive(Debug, Clone)]
pub struct PricedShip<'a> {
    pub node: Node<'a>,
    pub total: i32,
    /// Each card of the ship (id) with the slot type it is counted as
    /// (`None`: no slot).
    pub types: Vec<(String, Option<String>)>,
}

/// The priced fleet in Utopia's layout.
#[derive(Debug, Clone)]
pub struct Priced<'a> {
    pub name: Option<String>,
    pub format: Option<String>,
    pub ships: Vec<PricedShip<'a>>,
    /// The fleet resource; the sideboard's cards are in its slots.
    pub resource: Option<Node<'a>>,
    pub sideboard_total: Option<i32>,
    pub additional_points: i32,
    pub total: i32,
    pub cap: Option<i32>,
    /// Cards the layout has no place for.
    pub problems: Vec<Problem>,
}

pub use crate::edit::with_analysis;

/// Who holds a slot of a ship.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Owner {
    Ship,
    /// The card at this index of `analysis::cards_of`.
    Card(usize),
}

/// The owner of each slot, in the engine's slot order.
fn owners(e: &crate::staw::fleet::ShipEntry, cards: &[(Role, &Placed)]) -> Vec<Owner> {
    let ship = e.ship.card;
    let mut out = vec![Owner::Ship; ship.slots.len()];
    for (k, (_, p)) in cards.iter().enumerate() {
        out.extend(std::iter::repeat_n(
            Owner::Card(k),
            p.card.talents.unwrap_or(0) as usize,
        ));
    }
    for a in &ship.rules.adds_slots {
        out.extend(std::iter::repeat_n(Owner::Ship, a.count as usize));
    }
    for (k, (_, p)) in cards.iter().enumerate() {
        for a in &p.card.rules.adds_slots {
            out.extend(std::iter::repeat_n(Owner::Card(k), a.count as usize));
        }
    }
    out
}

/// What a ship's cards and slots are, for building the cards' nodes.
struct Tree<'t, 'a> {
    list: &'t [(Role, &'a Placed<'a>)],
    owners: &'t [Owner],
    /// The position of each slot among its owner's slots.
    within: &'t [usize],
    slot_of: &'t [Option<usize>],
    cost: &'t dyn Fn(usize) -> i32,
}

impl<'a> Tree<'_, 'a> {
    /// Card `k` with the cards in the slots it adds (nested at most 8 deep:
    /// slots hold cards that add slots only a level or two down).
    fn build(&self, k: usize, depth: usize) -> Node<'a> {
        let mut node = Node::new(self.list[k].1.card, (self.cost)(k));
        let count = self.owners.iter().filter(|o| **o == Owner::Card(k)).count();
        node.upgrade_slots = vec![None; count];
        if depth > 8 {
            return node;
        }
        for (c, s) in self.slot_of.iter().enumerate() {
            let Some(j) = *s else { continue };
            if c != k && self.owners.get(j) == Some(&Owner::Card(k)) {
                let child = self.build(c, depth + 1);
                if let Some(slot) = node.upgrade_slots.get_mut(self.within[j]) {
                    *slot = Some(child);
                }
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
        if card.slot.is_some() || owners.get(j) == Some(&Owner::Ship) {
            continue;
        }
        let types: Vec<&str> = upgrade_types(card).collect();
        let free = (0..owners.len()).find(|&j2| {
            owners[j2] == Owner::Ship
                && !slot_of.contains(&Some(j2))
                && state
                    .slots
                    .get(j2)
                    .is_some_and(|s| s.accepts.iter().any(|a| types.contains(&a.as_str())))
        });
        if let Some(j2) = free {
            slot_of[k] = Some(j2);
        }
    }
}

/// Among slots that take the same types, the cards go in file order, the
/// ship's printed slots first (the engine's assignment may have swapped two
/// torpedoes, or put the first tech card in a flagship's slot): so does a
/// player, and so do the other builders.
fn in_file_order(slot_of: &mut [Option<usize>], owners: &[Owner], state: &ShipState) {
    let mut groups: Vec<(&Vec<String>, Vec<usize>)> = Vec::new();
    for j in 0..owners.len() {
        let Some(slot) = state.slots.get(j) else {
            continue;
        };
        match groups.iter_mut().find(|g| *g.0 == slot.accepts) {
            Some(g) => g.1.push(j),
            None => groups.push((&slot.accepts, vec![j])),
        }
    }
    for (_, slots) in groups {
        let mut cards: Vec<usize> = (0..slot_of.len())
            .filter(|&k| slot_of[k].is_some_and(|j| slots.contains(&j)))
            .collect();
        cards.sort_unstable();
        let mut taken: Vec<usize> = cards.iter().filter_map(|&k| slot_of[k]).collect();
        taken.sort_by_key(|&j| (owners[j] != Owner::Ship, j));
        // A card never goes into a slot it adds itself.
        if cards
            .iter()
            .zip(&taken)
            .any(|(&k, &j)| owners[j] == Owner::Card(k))
        {
            continue;
        }
        for (k, j) in cards.into_iter().zip(taken) {
            slot_of[k] = Some(j);
        }
    }
}

/// Lays out one priced ship; also the slot type each card is counted as.
fn ship<'a>(
    state: &ShipState<'a>,
    index: usize,
    problems: &mut Vec<Problem>,
) -> (Node<'a>, Vec<(String, Option<String>)>) {
    let e = state.entry;
    let list = analysis::cards_of(e);
    let owners = owners(e, &list);
    let label = state.label(index);
    if owners.len() != state.slots.len() {
        problems.push(Problem::error(format!(
            "{label}: its slots could not be laid out ({} found, {} expected)",
            owners.len(),
            state.slots.len()
        )));
    }
    // The priced state of each listed card.
    let priced: Vec<Option<&analysis::CardState>> = list
        .iter()
        .map(|(_, p)| state.cards.iter().find(|c| std::ptr::eq(c.placed, *p)))
        .collect();
    let cost = |k: usize| priced[k].map_or(list[k].1.card.cost, |c| c.price.cost);
    // Position of each slot within its owner.
    let mut within = Vec::with_capacity(owners.len());
    let mut counts = std::collections::HashMap::new();
    for o in &owners {
        let n = counts.entry(*o).or_insert(0usize);
        within.push(*n);
        *n += 1;
    }
    let count_of = |o: Owner| counts.get(&o).copied().unwrap_or(0);
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
                    .find(|a| mine.contains(&a.as_str()))
                    .or(slot.accepts.first())
                    .cloned()
            });
            (p.card.id.clone(), t)
        })
        .collect();
    let tree = Tree {
        list: &list,
        owners: &owners,
        within: &within,
        slot_of: &slot_of,
        cost: &cost,
    };
    let node_of = |k: usize| tree.build(k, 0);
    let mut node = Node::new(e.ship.card, state.price.cost);
    node.upgrades = vec![None; count_of(Owner::Ship)];
    for (k, (role, p)) in list.iter().enumerate() {
        let what = format!("{} ({})", p.card.name, p.card.id);
        match role {
            Role::Captain => node.captain = Some(Box::new(node_of(k))),
            Role::Admiral => node.admiral = Some(Box::new(node_of(k))),
            Role::Ambassador => node.ambassador = Some(Box::new(node_of(k))),
            Role::Construction => node.construction = Some(Box::new(node_of(k))),
            Role::Flagship | Role::FleetCaptain | Role::Officer | Role::ShipResource
                if slot_of[k].is_none() =>
            {
                if node.resource.is_some() {
                    problems.push(Problem::error(format!(
                        "{label}: {what} cannot be carried: Utopia holds one resource card per ship"
                    )));
                    continue;
                }
                let mut r = node_of(k);
                if p.card.kind == CardType::Flagship {
                    // Utopia saves a flagship with a copy of its (empty)
                    // slot list as well.
                    r.upgrades = vec![None; r.upgrade_slots.len()];
                }
                node.resource = Some(Box::new(r));
            }
            _ => match slot_of[k] {
                Some(j) => {
                    if owners.get(j) == Some(&Owner::Ship) {
                        if let Some(slot) = node.upgrades.get_mut(within[j]) {
                            *slot = Some(node_of(k));
                        }
                    }
                    // Otherwise a card's slot: built with that card.
                }
                None => problems.push(Problem::error(format!(
                    "{label}: {what} is in no upgrade slot, and a Utopia fleet holds every upgrade in a slot"
                ))),
            },
        }
    }
    (node, types)
}

/// The sections of the Reinforcements Sideboard in Utopia's slot order.
pub const SIDEBOARD_ORDER: &[&str] = &["captain", "talent", "crew", "tech", "weapon"];

/// Lays out the priced fleet.
pub fn layout<'a>(a: &Analysis<'a>) -> Priced<'a> {
    let mut problems = Vec::new();
    let ships = a
        .ships
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (node, types) = ship(s, i, &mut problems);
            PricedShip {
                node,
                total: s.total,
                types,
            }
        })
        .collect();
    let resource = a.resource.as_ref().map(|r| {
        let mut node = Node::new(r.placed.card, r.price.cost);
        if let Some(sb) = &a.sideboard {
            node.upgrade_slots = vec![None; SIDEBOARD_ORDER.len()];
            for (c, price) in &sb.cards {
                let at = SIDEBOARD_ORDER
                    .iter()
                    .position(|s| *s == c.section.value)
                    .filter(|&i| node.upgrade_slots[i].is_none());
                match at {
                    Some(i) => node.upgrade_slots[i] = Some(Node::new(c.card.card, price.cost)),
                    None => problems.push(Problem::error(format!(
                        "the sideboard's {} ({}) under `{}` has no sideboard slot in Utopia",
                        c.card.card.name, c.card.card.id, c.section.value
                    ))),
                }
            }
        }
        node
    });
    if a.resource.is_none() && a.sideboard.is_some() {
        problems.push(Problem::error(
            "the [sideboard] has no Reinforcements Sideboard resource to sit in",
        ));
    }
    Priced {
        name: a.raw.name.as_ref().map(|n| n.value.clone()),
        format: Some(a.format.id.clone()),
        ships,
        resource,
        sideboard_total: a.sideboard.as_ref().map(|s| s.total),
        additional_points: a.additional_points,
        total: a.total,
        cap: a.cap.as_ref().map(|c| c.0),
        problems,
    }
}
