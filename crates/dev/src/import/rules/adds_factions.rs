//! Factions a card adds (`rules.adds_factions`).
//!
//! - Independent flagships (R004f-i, faction independent): the ship "is now
//!   independent faction in addition to its original faction" (R004).
//! - Independent fleet captains (R010e-h): "That Captain is considered to be
//!   both Independent as well as their own Faction" (R010): the captain
//!   counts as Independent too, so it pays no faction penalty on an
//!   Independent ship and +1 as usual on a ship of another faction
//!   (shared/rules/staw.md, "Independent fleet captain"). No waiver.
//! - Text "This ship gains the Independent Faction" (Q011 Captured).
//!
//! The resources R004 and R010 state these rules for their cards; their
//! phrases are consumed here because the cards carry them.
//!
//! ```toml
//! [card.rules]
//! adds_factions = ["independent"]
//! ```

use super::{faction_of, push_unique, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::CardType;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "adds_factions",
    apply,
};

static GAINS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bthis ship gains the ([\w ]+?) faction\b").unwrap());
/// The rule sentences of the Flagship and Fleet Captain resources.
static RESOURCE_RULES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:if an independent option is chosen|independent faction flagship is now independent|considered to be both independent)").unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let independent = s.card.factions.iter().any(|f| f == "independent");
    match s.card.kind {
        CardType::Flagship if independent => {
            push_unique(&mut s.card.rules.adds_factions, "independent".to_string());
        }
        CardType::FleetCaptain if independent => {
            push_unique(&mut s.card.rules.adds_factions, "independent".to_string());
        }
        _ => {}
    }
    let mut spans = Vec::new();
    let is_rule_resource = matches!(s.card.id.as_str(), "R004" | "R010");
    for (at, t) in s.text.sentences() {
        for c in GAINS.captures_iter(t) {
            if let Some(f) = faction_of(&c[1]) {
                push_unique(&mut s.card.rules.adds_factions, f.to_string());
                spans.push(span_of(&c, at));
            }
        }
        if is_rule_resource && RESOURCE_RULES.is_match(t) {
            spans.push((at, at + t.len()));
        }
    }
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn captured_gains_independent() {
        // Q011 Captured
        let mut s = subject("Q011", "This Upgrade does not require an Upgrade Slot\nThis ship gains the Independent Faction.", json!({}));
        apply(&cx(), &mut s).unwrap();
        assert_eq!(s.card.rules.adds_factions, vec!["independent"]);
    }

    #[test]
    fn independent_flagship_and_fleet_captain() {
        let mut s = subject(
            "R004i",
            "",
            json!({"type": "flagship", "factions": ["independent"], "attack": 1, "agility": 0, "hull": 1, "shields": 1, "cost": 10}),
        );
        apply(&cx(), &mut s).unwrap();
        assert_eq!(s.card.rules.adds_factions, vec!["independent"]);
        let mut s = subject(
            "R010e",
            "",
            json!({"type": "fleet-captain", "factions": ["independent"], "cost": 5}),
        );
        apply(&cx(), &mut s).unwrap();
        assert_eq!(s.card.rules.adds_factions, vec!["independent"]);
        assert!(
            s.card.rules.penalty.is_empty(),
            "an Independent fleet captain is no penalty waiver"
        );
        let mut s = subject(
            "R010a",
            "",
            json!({"type": "fleet-captain", "factions": ["federation"], "cost": 5}),
        );
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.adds_factions.is_empty());
    }
}
