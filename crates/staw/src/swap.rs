//! The Reinforcements Sideboard's swap plan (resource R003, rules 2-4):
//! for each sideboard card and each ship of the fleet, what the ship's
//! action may do with it in play, and whether that places an Auxiliary
//! Power token.
//!
//! - An upgrade may be *equipped* into a free slot of its type, or
//!   *exchanged* with an upgrade of the same type on the ship (rule 2a/b).
//! - An upgrade that may only be purchased for some ships may only go to
//!   those ships (rule 3): every purchase restriction of the card must hold
//!   for the ship, as in `restriction`.
//! - A captain may be exchanged with the ship's captain (rule 2c); a ship
//!   that takes no captain, or has none, offers no exchange.
//! - An Auxiliary Power token is placed when the upgrade moved onto the
//!   ship is of a different faction (the faction penalty's matching, with
//!   the format's sub-factions) or would have an additional cost on that
//!   ship (one of its own `cost_modifiers` applies there) (rule 4). Rule 4
//!   speaks of upgrades only, so a captain exchange places none.

use super::analysis::{Analysis, ShipState};
use super::condition::{actual, describe, Holder};
use super::cost::{applies, Role};
use super::faction::shares_faction;
use super::words::is_factions;
use crate::fleet::resolve::SideboardSection;
use fleetcheck_data::model::{Card, CardType};

/// One sideboard card against one ship: whether the ship's Action may
/// equip it into a free slot, which of the ship's cards it may be exchanged
/// with, why it may not go there at all (a purchase restriction, no captain
/// to exchange), and whether moving it there places an Auxiliary Power
/// token, and why. (`report::model::SwapReport` is its wire form.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swap {
    pub section: String,
    pub card_id: String,
    pub card_name: String,
    /// The ship's position in the file (1-based) and its name.
    pub ship: usize,
    pub ship_name: String,
    pub equip: bool,
    pub exchange: Vec<String>,
    pub not_allowed: Option<String>,
    pub auxiliary_power: Option<String>,
}

/// The swap plan of a priced fleet: every sideboard card (in the sections
/// it fits) against every ship, in file order.
pub fn plan(a: &Analysis) -> Vec<Swap> {
    let Some(sb) = &a.fleet.sideboard else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for c in &sb.cards {
        let card = c.card.card;
        let section = SideboardSection::of(&c.section.value);
        if !section.fits(card) {
            continue;
        }
        for (i, s) in a.ships.iter().enumerate() {
            let mut row = Swap {
                section: c.section.value.clone(),
                card_id: card.id.clone(),
                card_name: card.name.clone(),
                ship: i + 1,
                ship_name: s.entry.ship.card.name.clone(),
                equip: false,
                exchange: Vec::new(),
                not_allowed: None,
                auxiliary_power: None,
            };
            match section {
                SideboardSection::Captain => captain(s, &mut row),
                SideboardSection::Upgrade(kind) => upgrade(a, s, kind, card, &mut row),
                SideboardSection::Other => continue,
            }
            out.push(row);
        }
    }
    out
}

fn captain(s: &ShipState, row: &mut Swap) {
    match &s.entry.captain {
        Some(c) => row
            .exchange
            .push(format!("{} ({})", c.card.name, c.card.id)),
        None => row.not_allowed = Some("the ship has no captain to exchange".into()),
    }
}

/// An upgrade of the sideboard section `kind` (the type it is counted as
/// there, even for a card that may fill either of two types).
fn upgrade(a: &Analysis, s: &ShipState, kind: &str, card: &Card, row: &mut Swap) {
    let sub = a.format.sub_factions;
    let view = s.view(sub);
    if let Some(cond) = card.rules.restrictions.iter().find(|c| !view.holds(c)) {
        let wanted = describe(a.db, cond);
        row.not_allowed = Some(match actual(a.db, cond, &view) {
            Some(is) => format!("{} may only go to {wanted}; the ship {is}", card.name),
            None => format!("{} may only go to {wanted}", card.name),
        });
        return;
    }
    row.equip = s.free_slots().any(|slot| slot.accepts.contains(&kind));
    row.exchange = s
        .cards
        .iter()
        .filter(|c| c.role == Role::Upgrade && c.slot == Some(kind))
        .map(|c| format!("{} ({})", c.placed.card.name, c.placed.card.id))
        .collect();
    let mut why = Vec::new();
    if card.kind == CardType::Upgrade && !shares_faction(&card.factions, &s.factions, sub) {
        why.push(format!(
            "{} {} but the ship {}",
            card.name,
            is_factions(&card.factions),
            is_factions(&s.factions)
        ));
    }
    let extra: i32 = card
        .rules
        .cost_modifiers
        .iter()
        .filter(|m| m.amount > 0 && applies(m, &Holder::Ship(view)))
        .map(|m| m.amount)
        .sum();
    if extra > 0 {
        // Name the card unless the faction clause before already has.
        let who = if why.is_empty() {
            card.name.as_str()
        } else {
            "it"
        };
        why.push(format!("{who} would cost {extra} SP more on this ship"));
    }
    if !why.is_empty() {
        row.auxiliary_power = Some(why.join("; "));
    }
}
