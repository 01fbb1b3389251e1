//! Pricing the fleet's resource (shared/rules/staw.md "Resources").
//!
//! - Most resources cost what their card says.
//! - Resources that attach cards to ships (Flagship R004 and its cards
//!   R004a-i, Fleet Captain R010 and R010a-h, Officer Cards R011 and
//!   R011a-d, Fleet Commander, Sick Bay, ...) are paid once: the attached
//!   card's cost is in its ship's total, and the resource adds nothing to
//!   the fleet total. Chosen but attached to no ship, the resource is
//!   charged at fleet level (the `resource` rule warns about it).
//! - Three resources price themselves from the fleet: Emergency Force
//!   Field (half the fleet's total shields, rounded up), Improved Hull
//!   (half the total hull, rounded up) and Main Power Grid (3 + 2 for each
//!   ship with hull above 3).
//!
//! A card belongs to a resource when its id is the resource's id plus a
//! letter (`R004f` -> `R004`) or, failing that, when it has the resource's
//! name (`Rs40` Front Line Retrofit).

use super::cost::{ModifierKind, Price, Role};
use super::state::ShipState;
use super::words::count;
use crate::fleet::Placed;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;

/// Emergency Force Field: half the fleet's shields, rounded up.
pub(crate) const EMERGENCY_FORCE_FIELD: &str = "R020";
/// Main Power Grid: 3 + 2 per ship with hull above 3.
pub(crate) const MAIN_POWER_GRID: &str = "R024";
/// Improved Hull: half the fleet's hull, rounded up.
pub(crate) const IMPROVED_HULL: &str = "R029";

/// The priced resource.
#[derive(Debug)]
pub struct ResourceState<'a> {
    pub placed: &'a Placed<'a>,
    /// `base` is the printed cost; `cost` what it adds to the fleet total.
    pub price: Price,
    /// The resource attaches cards to ships (flagship, fleet captain, ...).
    pub attaches: bool,
    /// (ship index, card index) of the cards of this resource on ships.
    pub carried: Vec<(usize, usize)>,
}

/// Whether a role is a card some resource attaches to a ship.
pub(crate) fn is_attached(role: Role) -> bool {
    matches!(
        role,
        Role::Flagship | Role::FleetCaptain | Role::Officer | Role::ShipResource
    )
}

/// The resource a ship-attached card belongs to.
pub(crate) fn resource_of<'a>(db: &'a Database, card: &Card) -> Option<&'a Card> {
    let stem = card.id.trim_end_matches(|c: char| c.is_ascii_lowercase());
    if stem != card.id {
        if let Some(r) = db.by_id(stem).filter(|r| r.kind == CardType::Resource) {
            return Some(r);
        }
    }
    db.by_name(&card.name)
        .into_iter()
        .find(|r| r.kind == CardType::Resource)
}

/// Whether a resource attaches cards to ships (some card of an attached
/// kind belongs to it).
fn attaches(db: &Database, resource: &Card) -> bool {
    let attached_kind = |c: &&Card| {
        matches!(
            c.kind,
            CardType::Flagship
                | CardType::FleetCaptain
                | CardType::Officer
                | CardType::ShipResource
        )
    };
    db.by_id(&format!("{}a", resource.id))
        .filter(attached_kind)
        .is_some()
        || db.by_name(&resource.name).iter().any(attached_kind)
}

/// Prices the resource against the priced ships.
pub(crate) fn price<'a>(
    db: &Database,
    placed: &'a Placed<'a>,
    ships: &[ShipState],
) -> ResourceState<'a> {
    let card = placed.card;
    let mut price = Price {
        base: card.cost,
        modifiers: Vec::new(),
        cost: card.cost,
    };
    let push = |price: &mut Price, kind, amount, source| price.push(kind, amount, source);
    let stat = |f: fn(&Card) -> Option<i32>| -> i32 {
        ships
            .iter()
            .map(|s| f(s.entry.ship.card).unwrap_or(0))
            .sum()
    };
    match card.id.as_str() {
        EMERGENCY_FORCE_FIELD => {
            let shields = stat(|c| c.shields);
            let set = (shields + 1) / 2;
            push(
                &mut price,
                ModifierKind::FleetResource,
                set - card.cost,
                format!("half the fleet's total shields of {shields}, rounded up"),
            );
        }
        IMPROVED_HULL => {
            let hull = stat(|c| c.hull);
            let set = (hull + 1) / 2;
            push(
                &mut price,
                ModifierKind::FleetResource,
                set - card.cost,
                format!("half the fleet's total hull of {hull}, rounded up"),
            );
        }
        MAIN_POWER_GRID => {
            let big = ships
                .iter()
                .filter(|s| s.entry.ship.card.hull.unwrap_or(0) > 3)
                .count() as i32;
            let set = 3 + 2 * big;
            push(
                &mut price,
                ModifierKind::FleetResource,
                set - card.cost,
                format!(
                    "3 + 2 for each ship with a hull above 3 ({})",
                    count(big, "ship", "ships")
                ),
            );
        }
        _ => {}
    }
    let mut carried = Vec::new();
    for (i, s) in ships.iter().enumerate() {
        for (k, c) in s.cards.iter().enumerate() {
            if is_attached(c.role)
                && resource_of(db, c.placed.card).is_some_and(|r| std::ptr::eq(r, card))
            {
                carried.push((i, k));
            }
        }
    }
    let attaches = !carried.is_empty() || attaches(db, card);
    if attaches && !carried.is_empty() && price.cost != 0 {
        let (i, k) = carried[0];
        let on = &ships[i].cards[k].placed.card;
        let amount = -price.cost;
        push(
            &mut price,
            ModifierKind::Attached,
            amount,
            format!(
                "paid on ship {} ({}) with {} ({})",
                i + 1,
                ships[i].entry.ship.card.name,
                on.name,
                on.id
            ),
        );
    }
    ResourceState {
        placed,
        price,
        attaches,
        carried,
    }
}
