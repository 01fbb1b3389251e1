//! Faction matching, with the per-format sub-faction switch
//! (`Format::sub_factions`, shared/rules/staw.md "Faction penalty").
//!
//! Two questions are asked of factions and they differ:
//! - the faction penalty: does a card share a faction with its ship? With
//!   sub-factions on, Vulcan and Bajoran count as Federation and Ferengi,
//!   Kazon and Xindi as Independent on both sides, so a Vulcan card on a
//!   Federation ship, a Federation card on a Vulcan ship and a Ferengi card
//!   on a Kazon ship all match;
//! - a faction condition ("may only be purchased for a Federation ship")
//!   and a faction a card filter names ("[Ferengi] Upgrades cost -1 SP",
//!   "a Xindi [crew] Upgrade" beneath Hatchery, `target::filter_matches`):
//!   with sub-factions on, a Vulcan or Bajoran ship or card also counts as
//!   Federation (and a Ferengi, Kazon or Xindi one as Independent), but
//!   never the reverse: a Federation ship is no Vulcan ship, an Independent
//!   card no Ferengi card, and a Kazon card no Xindi card.
//!
//! With sub-factions off (the 2014 and 2016 tournament formats) factions
//! match only when equal.

use fleetcheck_data::model::SUB_FACTIONS;

/// The prime faction of a sub-faction, or the faction itself.
pub(crate) fn prime(faction: &str) -> &str {
    SUB_FACTIONS
        .iter()
        .find(|(sub, _)| *sub == faction)
        .map_or(faction, |(_, p)| p)
}

/// Whether a card of `card` factions shares a faction with a ship of `ship`
/// factions, for the faction penalty.
pub(crate) fn shares_faction(card: &[String], ship: &[String], sub_factions: bool) -> bool {
    card.iter().any(|c| {
        ship.iter()
            .any(|s| c == s || (sub_factions && prime(c) == prime(s)))
    })
}

/// Whether something of `have` factions counts as one of the `wanted`
/// factions, for a condition or a card filter.
pub(crate) fn counts_as<S: AsRef<str>>(have: &[S], wanted: &[String], sub_factions: bool) -> bool {
    have.iter().map(AsRef::as_ref).any(|h| {
        wanted
            .iter()
            .any(|w| h == w || (sub_factions && prime(h) == w))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn penalty_matching_with_and_without_sub_factions() {
        let fed = v(&["federation"]);
        let vulcan = v(&["vulcan"]);
        assert!(shares_faction(&vulcan, &fed, true));
        assert!(shares_faction(&fed, &vulcan, true));
        assert!(!shares_faction(&vulcan, &fed, false));
        assert!(shares_faction(&v(&["ferengi"]), &v(&["kazon"]), true));
        assert!(!shares_faction(&v(&["ferengi"]), &v(&["kazon"]), false));
        assert!(!shares_faction(&v(&["klingon"]), &fed, true));
        assert!(shares_faction(&v(&["klingon", "federation"]), &fed, false));
    }

    #[test]
    fn conditions_count_sub_factions_one_way() {
        let fed = v(&["federation"]);
        let vulcan = v(&["vulcan"]);
        assert!(
            counts_as(&vulcan, &fed, true),
            "a Vulcan ship is a Federation ship"
        );
        assert!(
            !counts_as(&fed, &vulcan, true),
            "a Federation ship is no Vulcan ship"
        );
        assert!(!counts_as(&vulcan, &fed, false));
        assert!(counts_as(&v(&["xindi"]), &v(&["independent"]), true));
        assert!(!counts_as(&v(&["xindi"]), &v(&["kazon"]), true));
    }
}
