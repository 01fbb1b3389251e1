//! Pricing the fleet's resource (shared/rules/staw.md "Resources").
//!
//! - Most resources cost what their card says.
//! - Resources that attach cards to ships (Flagship R004 and its cards
//!   R004a-i, Fleet Captain R010 and R010a-h, Officer Cards R011 and
//!   R011a-d, Fleet Commander, Sick Bay, ...) are paid once: the attached
//!   card's cost is in its ship's total, and the resource adds nothing to
//!   the fleet total. Chosen but attached to no ship, the resource is
//!   charged at fleet level (the `resource` rule warns about it).
//! - A resource with a `cost_from_fleet` rule prices itself from the
//!   fleet: half the fleet's total of a stat, rounded up (Emergency Force
//!   Field's starting shields, Improved Hull's starting hull), or a base
//!   plus an amount for each ship whose stat is above a value (Main Power
//!   Grid: 3 + 2 for each ship with a printed hull above 3). A ship's
//!   starting value is its printed value plus what its cards in play add
//!   ([`starting`]: Systems Upgrade's "Your starting Shield Value is at
//!   +1"; shared/rules/staw.md, "Starting" values include what cards add).
//!
//! A card belongs to a resource when its id is the resource's id plus a
//! letter (`R004f` -> `R004`) or, failing that, when it has the resource's
//! name (`Rs40` Front Line Retrofit).

use super::cost::{ModifierKind, Price, Role};
use super::state::ShipState;
use super::words::count;
use crate::fleet::Placed;
use fleetcheck_data::model::{Card, CardType, CostFromFleet};
use fleetcheck_data::Database;

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
pub fn resource_of<'a>(db: &'a Database, card: &Card) -> Option<&'a Card> {
    let stem = card.id.trim_end_matches(|c: char| c.is_ascii_lowercase());
    if stem != card.id {
        if let Some(r) = db.by_id(stem).filter(|r| r.kind == CardType::Resource) {
            return Some(r);
        }
    }
    db.named_as(card)
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
        || db.named_as(resource).iter().any(attached_kind)
}

/// A ship's starting Shield or Hull Value (`stat`: `shields`, `hull`): its
/// printed value plus what its cards in play add (`Rules::stat_bonuses`;
/// a face-down card's text is not in play), with each card that adds.
pub(crate) fn starting<'a>(
    s: &ShipState<'a>,
    stat: &str,
    sub_factions: bool,
) -> (i32, Vec<(&'a Card, i32)>) {
    let view = s.view(sub_factions);
    let printed = printed(s, stat);
    let mut by = Vec::new();
    for (_, card) in s.cards_in_play() {
        let n: i32 = card
            .rules
            .stat_bonuses
            .iter()
            .filter(|b| b.stat == stat && b.when.as_ref().is_none_or(|c| view.holds(c)))
            .map(|b| b.amount)
            .sum();
        if n != 0 {
            by.push((card, n));
        }
    }
    let total = by
        .iter()
        .map(|(_, n)| n)
        .fold(printed, |a, n| a.saturating_add(*n));
    (total, by)
}

/// A ship's printed Shield or Hull Value (`stat`: `shields`, `hull`).
fn printed(s: &ShipState, stat: &str) -> i32 {
    let ship = s.entry.ship.card;
    match stat {
        "shields" => ship.shields,
        "hull" => ship.hull,
        _ => None,
    }
    .unwrap_or(0)
}

/// A ship's value of the rule's stat, starting or printed as the rule
/// says, with each card that adds to it (as [`starting`]).
fn value<'a>(
    rule: &CostFromFleet,
    s: &ShipState<'a>,
    sub_factions: bool,
) -> (i32, Vec<(&'a Card, i32)>) {
    if rule.starting {
        starting(s, &rule.stat, sub_factions)
    } else {
        (printed(s, &rule.stat), Vec::new())
    }
}

/// The fleet's total Shield or Hull Value (starting or printed, as the
/// rule says), and the words that say what cards add to the printed values
/// (" (8 printed, +1 by Systems Upgrade (T057) on ship 1)"; empty when none
/// does).
fn fleet_total(rule: &CostFromFleet, ships: &[ShipState], sub_factions: bool) -> (i32, String) {
    let mut total = 0i32;
    let mut added = 0i32;
    let mut by = Vec::new();
    for (i, s) in ships.iter().enumerate() {
        let (n, cards) = value(rule, s, sub_factions);
        total = total.saturating_add(n);
        for (c, amount) in cards {
            added = added.saturating_add(amount);
            by.push(format!(
                "{amount:+} by {} ({}) on ship {}",
                c.name,
                c.id,
                i + 1
            ));
        }
    }
    if by.is_empty() {
        return (total, String::new());
    }
    let printed = total.saturating_sub(added);
    (total, format!(" ({printed} printed, {})", by.join(", ")))
}

/// What a `cost_from_fleet` resource costs with these ships, and the words
/// that say why.
fn fleet_cost(rule: &CostFromFleet, ships: &[ShipState], sub_factions: bool) -> (i32, String) {
    let starting = if rule.starting { "starting " } else { "" };
    if rule.half_total {
        // "The total combined starting Shield Values of all ships in your
        // fleet divided by 2 (round up)".
        let (total, why) = fleet_total(rule, ships, sub_factions);
        return (
            total.saturating_add(1) / 2,
            format!(
                "half the fleet's total {starting}{} of {total}{why}, rounded up",
                rule.stat
            ),
        );
    }
    let ships_above = ships
        .iter()
        .filter(|s| value(rule, s, sub_factions).0 > rule.above)
        .count() as i32;
    let with = match rule.stat.as_str() {
        "hull" => format!("a {starting}hull"),
        stat => format!("{starting}{stat}"),
    };
    (
        rule.base
            .saturating_add(rule.per_ship.saturating_mul(ships_above)),
        format!(
            "{} + {} for each ship with {with} above {} ({})",
            rule.base,
            rule.per_ship,
            rule.above,
            count(ships_above, "ship", "ships")
        ),
    )
}

/// Prices the resource against the priced ships; `attaching`: whether the
/// resource attaches cards to ships (`attaches`), when already known.
pub(crate) fn price<'a>(
    db: &Database,
    placed: &'a Placed<'a>,
    ships: &[ShipState],
    sub_factions: bool,
    attaching: Option<bool>,
) -> ResourceState<'a> {
    let card = placed.card;
    let mut price = Price {
        base: card.cost,
        modifiers: Vec::new(),
        cost: card.cost,
    };
    let push = |price: &mut Price, kind, amount, source| price.push(kind, amount, source);
    if let Some(rule) = &card.rules.cost_from_fleet {
        let (set, source) = fleet_cost(rule, ships, sub_factions);
        push(
            &mut price,
            ModifierKind::FleetResource,
            set.saturating_sub(card.cost),
            source,
        );
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
    let attaches = !carried.is_empty() || attaching.unwrap_or_else(|| attaches(db, card));
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
