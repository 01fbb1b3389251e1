//! Equipped without a slot (`rules.no_slot`): "This Upgrade may be equipped
//! to a ship without requiring an Upgrade slot", "This Upgrade does not
//! require an Upgrade slot", and the talent variant "may be equipped to a
//! Captain without requiring an [talent] Upgrade slot" (no slot either), and
//! "This Upgrade may be fielded by any Captain" (Covert Mission E133: a
//! talent that needs no talent icon of the captain, so no slot).
//!
//! Phrases that let *other* cards skip a slot ("You may equip the
//! 'Transporter Room' Upgrade to this ship without requiring an Upgrade
//! Slot") or that hold only under a condition ("to a ship with 'Jonathan
//! Archer' equipped") are not this rule; they stay unmodeled.
//!
//! ```toml
//! [card.rules]
//! no_slot = true
//! ```

use super::{consume_matches, Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "no_slot",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bthis (?:upgrades?|card) (?:(?:may|can) be (?:equipped|assigned) to (?:a|any|your) (?:ship|captain) without requiring an? (?:\[[a-z]+\] )?(?:upgrade )?slot|does not require an? (?:\[[a-z]+\] )?(?:upgrade )?slot|may be fielded by any captain\b)",
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if consume_matches(s, &PHRASE) {
        s.card.rules.no_slot = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn fielded_by_any_captain() {
        let s = run("This Upgrade may be fielded by any Captain. If the Captain's card does not have an [talent] icon, this Upgrade costs +1 SP.");
        assert!(s.card.rules.no_slot);
        assert!(s.text.is_consumed(0));
    }

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s
    }

    #[test]
    fn real_phrases() {
        for t in [
            // Q034 Tea, Earl Grey, Hot
            "This Upgrade may be equipped to a ship without requiring an Upgrade slot.",
            // Q022 Romulan Ale
            "This upgrade can be equipped to a ship without requiring an Upgrade Slot",
            // E237 It Won't Be Installed Until Tuesday
            "This Upgrade may be equipped to a Captain without requiring an [talent] Upgrade slot.",
            // Q009
            "This Upgrade may be assigned to any ship without requiring an Upgrade slot.",
            // Q021
            "This Upgrade does not require an Upgrade slot and may only be equipped to a Kazon ship with a Kazon Captain.",
        ] {
            let s = run(t);
            assert!(s.card.rules.no_slot, "{t}");
            assert!(s.text.is_consumed(0), "{t}");
        }
    }

    #[test]
    fn other_cards_slots_are_not_this_rule() {
        // C477: about another card.
        let s = run("You may equip the 'Transporter Room' [tech] Upgrade to this ship without requiring an Upgrade Slot.");
        assert!(!s.card.rules.no_slot);
        assert!(s.text.consumed.is_empty());
    }
}
