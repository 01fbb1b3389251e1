//! Either slot (`rules.either_slot`): the card may fill one slot of any of
//! the listed types. Question cards ("This Upgrade counts as either a [crew]
//! Upgrade or a [tech] Upgrade (your choice)", "This card may fill a
//! [weapon] or [tech] Slot", "You may fill one of your [crew], [tech] or
//! [weapon] Upgrade slots with this card", and the raw typo "counts as a
//! [crew] Upgrade for a [tech] Upgrade"), and "You may fill any slot on your
//! Upgrade Bar with this Upgrade" (all five upgrade slot types).
//!
//! The raw `countsAsUpgrade` flag marks some of these cards; the text names
//! the slots. A flagged card whose text names none is reported in
//! `unmodeled` rather than guessed.
//!
//! ```toml
//! [card.rules]
//! either_slot = ["crew", "tech"]
//! ```

use super::{push_all_unique, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "either_slot",
    apply,
};

/// The slot types "any slot on your Upgrade Bar" stands for.
pub const ANY_SLOT: &[&str] = &["crew", "tech", "weapon", "talent", "borg"];

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:counts as|(?:may|can) fill|fill)\s+((?:(?:an?|either|one of your|or|for|upgrades?|,)\s*)*\[[a-z]+\](?:(?:\s*(?:,|or|an?|for|upgrades?))*\s*\[[a-z]+\])+)(?:\s*upgrades?)?(?:\s*slots?)?(?: on your upgrade bar)?(?: with (?:this|his) (?:upgrade|card))?(?:\s*\(your choice\))?",
    )
    .unwrap()
});
static ANY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may fill any slot on your upgrade bar with this (?:upgrade|card)")
        .unwrap()
});
static ICON: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[([a-z]+)\]").unwrap());

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut slots: Vec<String> = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in PHRASE.captures_iter(t) {
            let found: Vec<&str> = ICON
                .captures_iter(&c[1])
                .filter_map(|i| slot_of(&i[1]))
                .collect();
            if found.len() >= 2 {
                push_all_unique(&mut slots, found.into_iter().map(str::to_string));
                spans.push(span_of(&c, at));
            }
        }
        if let Some(m) = ANY.find(t) {
            push_all_unique(&mut slots, ANY_SLOT.iter().map(|f| f.to_string()));
            spans.push((at + m.start(), at + m.end()));
        }
    }
    s.text.consume_all(spans);
    if !slots.is_empty() {
        s.card.rules.either_slot = slots;
    } else if s.raw.flag("countsAsUpgrade")? {
        // Our words, not the card's: the raw flag says the card fills a
        // slot of another type, and the text names none.
        s.unmodeled(
            "slot-fill",
            "the raw countsAsUpgrade flag is set, but the text names no slot types".into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Vec<String> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        if !s.card.rules.either_slot.is_empty() {
            let at = text.find("counts as").or(text.find("fill")).unwrap();
            assert!(s.text.is_consumed(at), "{text}");
        }
        s.card.rules.either_slot
    }

    #[test]
    fn emergency_medical_hologram_q024() {
        assert_eq!(
            run(
                "This Upgrade counts as either a [crew] Upgrade or a [tech] Upgrade (your choice)."
            ),
            vec!["crew", "tech"]
        );
    }

    #[test]
    fn variants() {
        assert_eq!(
            run("This card may fill a [weapon] or [tech] Slot."),
            vec!["weapon", "tech"]
        );
        assert_eq!(
            run(
                "You may fill one of your [crew], [tech] or [weapon] Upgrade slots with this card."
            ),
            vec!["crew", "tech", "weapon"]
        );
        assert_eq!(
            run("This card counts as a [crew] Upgrade for a [tech] Upgrade."),
            vec!["crew", "tech"]
        );
        assert_eq!(
            run("This Upgrade counts as either a [crew], an [talent], a [tech], or a [weapon] Upgrade (your choice)."),
            vec!["crew", "talent", "tech", "weapon"]
        );
        assert_eq!(
            run("You may fill any slot on your Upgrade Bar with this Upgrade."),
            ANY_SLOT.to_vec()
        );
        assert_eq!(
            run("This Upgrade may only be purchased for a Constitution Class ship and you may fill a [crew] or [weapon] slot on your Upgrade Bar with this Upgrade."),
            vec!["crew", "weapon"]
        );
    }

    #[test]
    fn flag_without_slots_is_reported() {
        let mut s = subject("X1", "Nothing here.", json!({"countsAsUpgrade": true}));
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.either_slot.is_empty());
        assert_eq!(s.card.rules.unmodeled, ["slot-fill"]);
    }

    #[test]
    fn gameplay_is_not_either_slot() {
        assert!(run("If you do, it counts as a Captain instead of a [crew] Upgrade.").is_empty());
    }
}
