//! A face-down card's text is not in play (shared/rules/staw.md): a card
//! held face down beneath another (`AddSlot::beneath`), in a face-down slot
//! (Balance of Terror) or bought face down at a fixed cost (Tahna Los,
//! Kirk, Khan Singh: `SetCost::face_down`) adds no slot, grants
//! no discount or waiver, adds no faction and lifts or sets no restriction
//! or limit while it is face down. Its own cost (printed cost, faction
//! penalty, additional costs) is paid as for any upgrade.
//!
//! Which cards are face down is the slot assignment's result: `analysis`
//! prices the fleet, finds the held cards with such text ([`has_text`]),
//! and prices it again with their text out of play. The assignment prefers
//! to hold a card without such text (`slot_terms`).

use crate::data::model::{Card, PenaltyRule};

/// Whether a card's text acts on other cards or on its ship: slots it adds
/// (talent icons too), discounts, fixed costs, penalty waivers, factions,
/// cards it frees from a slot, widened slots, extra admirals, limits, the
/// values it adds to the ship's starting stats.
pub fn has_text(card: &Card) -> bool {
    let r = &card.rules;
    card.talents.unwrap_or(0) > 0
        || !r.adds_slots.is_empty()
        || !r.discounts.is_empty()
        || !r.set_costs.is_empty()
        || r.penalty
            .iter()
            .any(|p| matches!(p, PenaltyRule::Waive { .. } | PenaltyRule::Double { .. }))
        || !r.adds_factions.is_empty()
        || !r.no_slot_for.is_empty()
        || !r.slots_also.is_empty()
        || !r.extra_admirals.is_empty()
        || !r.ship_limits.is_empty()
        || !r.stat_bonuses.is_empty()
}
