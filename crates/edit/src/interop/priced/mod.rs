//! The fleet laid out as the Utopia builder holds it, priced by the engine:
//! each ship with its captain, admiral, ship resource (flagship, fleet
//! captain, ...) and its upgrade slots in card order, every card in the
//! slot the engine assigned it, and slots added by a card held by that
//! card (`ship`). The Utopia link and the text list are both written from
//! it.

use super::model::Problem;
use fleetcheck_data::model::Card;
use fleetcheck_staw::analysis::Analysis;

mod ship;

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
    /// The evaluation date and the SP cap the file sets (`as_of`,
    /// `sp_cap`), which the text list carries.
    pub as_of: Option<String>,
    pub sp_cap: Option<i64>,
    /// Cards the layout has no place for.
    pub problems: Vec<Problem>,
}

pub use crate::with_analysis;

/// The sections of the Reinforcements Sideboard in Utopia's slot order.
pub(crate) const SIDEBOARD_ORDER: &[&str] = &["captain", "talent", "crew", "tech", "weapon"];

/// Lays out the priced fleet.
pub fn layout<'a>(a: &Analysis<'a>) -> Priced<'a> {
    let mut problems = Vec::new();
    let ships = a
        .ships
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (node, types) = ship::ship(s, i, &mut problems);
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
                    Some(i) => {
                        // Utopia saves a card with its own (empty) slots
                        // wherever it stands.
                        let card = c.card.card;
                        let mut n = Node::new(card, price.cost);
                        let slots = card.plain_talent_icons()
                            + card.rules.adds_slots.iter().map(|a| a.count).sum::<u32>();
                        n.upgrade_slots = vec![None; slots as usize];
                        node.upgrade_slots[i] = Some(n);
                    }
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
        as_of: a.raw.as_of.as_ref().map(|d| d.value.clone()),
        sp_cap: a.raw.sp_cap.as_ref().map(|c| c.value),
        problems,
    }
}
