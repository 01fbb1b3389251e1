//! The card being priced or matched (`Target`), where a card sits (`At`),
//! and whether a card filter of a rule matches it (`filter_matches`): what
//! pricing (`cost`) and the rules share.

use super::faction::shares_faction;
use super::view::Role;
use fleetcheck_data::model::{Card, CardFilter};
use fleetcheck_data::normalize;

/// Where a granting card sits: (ship index, card index on that ship).
/// The ship card itself has index `SHIP_CARD`.
pub type At = (usize, usize);

/// The index of the ship card among its ship's cards.
pub const SHIP_CARD: usize = usize::MAX;

/// The card being priced.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub card: &'a Card,
    pub role: Role,
    /// The slot type it is counted as (upgrades).
    pub slot: Option<&'a str>,
    pub at: At,
    /// The card's cost on its ship, when a filter that reads it
    /// (`CardFilter::max_cost`) must see it; `None`: its printed cost is
    /// used there.
    pub cost: Option<i32>,
    /// The format's sub-faction switch: a filter's factions match as the
    /// faction penalty's do (a Vulcan card is a Federation card for "All
    /// of your Federation [crew] Upgrades" when sub-factions are on).
    pub sub_factions: bool,
}

/// Whether a discount's or waiver's filter covers the target.
pub fn filter_matches(f: &CardFilter, t: &Target) -> bool {
    let role = t.role.as_str();
    let type_ok = if f.types.is_empty() {
        t.role == Role::Upgrade
    } else {
        f.types.iter().any(|x| x == role)
    };
    let slot_ok = f.slots.is_empty()
        || match t.slot {
            Some(s) => f.slots.iter().any(|x| x == s),
            None => super::upgrade_types(t.card).any(|s| f.slots.iter().any(|x| x == s)),
        };
    let faction_ok = (f.factions.is_empty()
        || shares_faction(&t.card.factions, &f.factions, t.sub_factions))
        && !shares_faction(&t.card.factions, &f.not_factions, t.sub_factions);
    let name_ok = f.names.is_empty() || {
        let n = normalize(&t.card.name);
        f.names.iter().any(|x| normalize(x) == n)
    };
    // A word of the name: "Torpedo" names Photon Torpedoes too.
    let word_ok = f.name_words.is_empty() || {
        let n = normalize(&t.card.name);
        f.name_words
            .iter()
            .any(|w| n.split(' ').any(|x| x.starts_with(&normalize(w))))
    };
    let cost_ok = f
        .max_cost
        .is_none_or(|m| t.cost.unwrap_or(t.card.cost) <= m)
        && f.max_printed_cost.is_none_or(|m| t.card.cost <= m);
    type_ok
        && slot_ok
        && faction_ok
        && name_ok
        && word_ok
        && cost_ok
        && super::card_refs::matches(f, t.card)
}
