//! The vocabulary of `rules.unmodeled`: a card's fleet-building rules that
//! the database does not model are recorded as kind tags from the fixed list
//! [`TAGS`], never as the card's own words (data is facts: no ability text).
//! This module owns that list, the classifier that picks a tag for a rule
//! phrase the detector found ([`classify`]), and [`Phrase`], a phrase with
//! its tag, which lives only in memory (`fleetcheck data check --unmodeled
//! --from DIR` quotes the phrases from the raw source at run time).
//!
//! The classifier reads the phrase's wording, in a fixed order (the first
//! matching shape wins, so that "counts as a Captain ... Cost +3" is a role
//! change, not a cost), and the card's type only where the same words mean
//! two things ("fill a slot with this card": another role for a captain,
//! a slot choice for an upgrade): a token swap is play, then another role, the
//! faction penalty, slot changes, purchase options, [talent] counts, slot
//! filling, added slots and factions, per-ship and fleet limits,
//! restrictions, and last any other cost. A phrase of no known shape is
//! `other`.

use crate::model::CardType;
use regex::Regex;
use std::sync::LazyLock;

/// One tag of the vocabulary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    /// The tag as stored in `rules.unmodeled`.
    pub name: &'static str,
    /// What the card's rule does, in one line.
    pub description: &'static str,
}

/// Every tag `rules.unmodeled` may hold, in the order a card lists them.
pub const TAGS: &[Tag] = &[
    Tag {
        name: "restriction",
        description: "limits which cards may be purchased or assigned, in a way the restriction conditions cannot express",
    },
    Tag {
        name: "cost",
        description: "a cost fleetcheck cannot compute (taken from another card, counted per card or slot, or the player's option)",
    },
    Tag {
        name: "faction-penalty",
        description: "waives or changes the faction penalty (or the faction restriction) for some cards",
    },
    Tag {
        name: "adds-faction",
        description: "gives a card another faction under a condition",
    },
    Tag {
        name: "talents",
        description: "changes how many [talent] Upgrades a captain or ship may field",
    },
    Tag {
        name: "purchase-option",
        description: "an optional other way of buying cards (face down, or free in place of a bonus)",
    },
    Tag {
        name: "held",
        description: "holds other cards face down beneath it in a way the database cannot express",
    },
    Tag {
        name: "other-role",
        description: "the card may serve in another role (a Captain filling a [crew] slot, a [crew] Upgrade as the Captain)",
    },
    Tag {
        name: "no-slot",
        description: "the card needs no Upgrade slot under a condition",
    },
    Tag {
        name: "multi-slot",
        description: "the card fills more than one Upgrade slot",
    },
    Tag {
        name: "slot-fill",
        description: "lets cards fill slots of another type, or limits which cards may fill a slot",
    },
    Tag {
        name: "slot-swap",
        description: "changes the type of one of the ship's Upgrade slots",
    },
    Tag {
        name: "extra-slot",
        description: "adds Upgrade slots under a condition or of a kind the database cannot express",
    },
    Tag {
        name: "per-ship-limit",
        description: "limits how many of some cards one ship may carry",
    },
    Tag {
        name: "fleet",
        description: "a rule on the fleet's make-up (which cards, or how many, the fleet may include)",
    },
    Tag {
        name: "in-play",
        description: "an effect during play worded like a fleet-building rule: nothing to check when building",
    },
    Tag {
        name: "unknown-icon",
        description: "the source shows an icon without a name, so the rule cannot be read",
    },
    Tag {
        name: "other",
        description: "a fleet-building rule of none of the kinds above",
    },
];

/// The tag of an icon whose title the source leaves unknown ("??").
pub const UNKNOWN_ICON: &str = "unknown-icon";

/// One unmodeled rule phrase of a raw card text and its tag. In memory only:
/// the phrase is the card's own words and is never written to `data/`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Phrase {
    pub tag: &'static str,
    pub text: String,
}

/// The shapes of rule phrases, in the order they are tried, with the tag
/// each one means.
static SHAPES: LazyLock<Vec<(Regex, &'static str)>> = LazyLock::new(|| {
    [
        // Tokens are swapped during play ("swap" also names slot swaps).
        (r"\bswap\b[^.]*\btokens?\b", "in-play"),
        (
            r"\bcounts as an? (?:captain|admiral)\b|\bas the captain of\b",
            "other-role",
        ),
        (r"\bfaction penalt|\bregardless of faction", "faction-penalty"),
        (r"\b(?:beneath|under) this card\b", "held"),
        (r"\b(?:swap|switch)\b[^.]*\bslots?\b", "slot-swap"),
        (r"\bfills (?:\d+|two|three)\b", "multi-slot"),
        (
            r"\bwithout requiring\b|\bdoes not require an? (?:upgrade )?slot",
            "no-slot",
        ),
        (r"\binstead of purchasing\b|\bforego\b", "purchase-option"),
        (
            r"\b(?:may|can) (?:only )?field\b|\bin addition to any \[talent\]",
            "talents",
        ),
        (
            r"\bupgrades? fill\b|\bcan only be filled\b|\bmust be filled with\b|\b(?:may|can) fill\b|\bfill (?:one of your|any slot)\b|\bcounts as (?:either )?an? \[",
            "slot-fill",
        ),
        (
            r"\b(?:add|adds|gain|gains)\b[^.]*\bupgrade bar\b|\bslots on your upgrade bar as\b",
            "extra-slot",
        ),
        (
            r"\bin addition to (?:its|their) (?:original )?faction|\bgains the [\w ]+ faction",
            "adds-faction",
        ),
        (r"\bno (?:ship|squadron) may (?:be equipped|have)\b", "per-ship-limit"),
        (
            r"\byour fleet may include\b|\bcannot deploy\b|\bsame (?:ship or )?fleet as\b|^you may deploy\b|\bmay purchase\b|\bmay only include\b|\bfleet construction\b",
            "fleet",
        ),
        (
            r"\b(?:may|can|my) (?:only|not) be (?:purchased|equipped|deployed|assigned|fielded)\b|\bcannot be (?:purchased|deployed|equipped)\b|\bmay (?:not|only) equip\b|\bcannot (?:equip|assign) an? (?:captain|admiral)\b|\bignoring (?:it'?s |its |their )?restrictions\b|\bship must have\b|\bonly\s*\)?\.?$|\bmay not assign\b|\bmust assign\b|\bcannot have an? (?:admiral|ambassador|cost)\b|\bcannot be greater than\b",
            "restriction",
        ),
        (
            r"\bsp\b|\d\s?sp\b|\bcosts?\b|\bfor free\b|\bsquadron points?\b",
            "cost",
        ),
    ]
    .into_iter()
    .map(|(re, tag)| {
        let re = Regex::new(&format!("(?i){re}")).expect("a valid shape");
        (re, tag)
    })
    .collect()
});

/// A card that fills a slot: an upgrade filling one of several slot types,
/// any other card taking another role.
static FILL_WITH_THIS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\bfill\b[^.]*\bslots?\b[^.]*\bwith this card\b").unwrap());

/// The tag of a rule phrase of a card of type `kind` that the detector found
/// and no rule kind modeled.
pub fn classify(phrase: &str, kind: CardType) -> &'static str {
    let phrase = phrase.trim();
    if kind != CardType::Upgrade && !SHAPES[0].0.is_match(phrase) && FILL_WITH_THIS.is_match(phrase)
    {
        return "other-role";
    }
    SHAPES
        .iter()
        .find(|(re, _)| re.is_match(phrase))
        .map_or("other", |(_, tag)| tag)
}

/// The description of `tag`, if it is one of [`TAGS`].
pub fn description(tag: &str) -> Option<&'static str> {
    TAGS.iter().find(|t| t.name == tag).map(|t| t.description)
}

/// Whether `tag` is one of [`TAGS`].
pub fn is_tag(tag: &str) -> bool {
    description(tag).is_some()
}

/// The tag names, comma-separated (for messages).
pub fn tag_list() -> String {
    TAGS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
}

/// Sorts tags in the order of [`TAGS`] (unknown ones last, alphabetically)
/// and drops repeats.
pub fn normalize(tags: &mut Vec<String>) {
    let rank = |t: &str| TAGS.iter().position(|k| k.name == t).unwrap_or(TAGS.len());
    tags.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
    tags.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Invented sentences (about an invented "Testa") of the shapes the
    /// detector reports, one or more per tag: no card's text.
    const SHAPED: &[(&str, &str)] = &[
        ("Testa may swap an [evade] Token near this ship for a [scan] Token.", "in-play"),
        ("If Testa commands your ship, you may fill one [crew] Upgrade slot with this card.", "other-role"),
        ("Testa may fill one of your [crew] or [tech] Upgrade slots with this card.", "slot-fill"),
        ("Once aboard, Testa counts as a Captain rather than a [crew] Upgrade; its skill is its cost +2.", "other-role"),
        ("You may equip Testa as the Captain of this ship.", "other-role"),
        ("Pay no faction penalty for Testa's [tech] Upgrades.", "faction-penalty"),
        ("Testa's [crew] Upgrades may join this ship regardless of Faction.", "faction-penalty"),
        ("Before play, Testa may switch one of your [tech] Upgrade slots for a [crew] slot.", "slot-swap"),
        ("Swap a [weapon] slot with a [crew] slot on Testa's ship.", "slot-swap"),
        ("Testa's device fills 3 [tech] Upgrade slots.", "multi-slot"),
        ("This card joins a ship carrying 'Testa' without requiring an Upgrade slot.", "no-slot"),
        ("Testa may, instead of purchasing one [tech] Upgrade, take two face down for 5 SP.", "purchase-option"),
        ("Before play, place 2 [crew] Captains that share a name with Testa face down under this card.", "held"),
        ("Take Testa's bonus slot OR forego it and take one [talent] Upgrade for free.", "purchase-option"),
        ("Testa can field 2 [talent] Upgrades for each [crew] icon.", "talents"),
        ("Testa's [talent] Upgrade is in addition to any [talent] Upgrade a Captain has.", "talents"),
        ("With Testa aboard, you may have Vulcan [crew] Upgrades fill this ship's [tech] slots.", "slot-fill"),
        ("Testa's slot can only be filled by [weapon] Upgrades.", "slot-fill"),
        ("Testa counts as a [tech] Upgrade too.", "slot-fill"),
        ("With Testa aboard, add 1 [tech] slot to your Upgrade Bar.", "extra-slot"),
        ("This ship gains the Vulcan faction while Testa commands it.", "adds-faction"),
        ("No ship may be equipped with more than 2 [tech] Upgrades named Testa.", "per-ship-limit"),
        ("Your fleet may include up to 3 Testa cards.", "fleet"),
        ("This card may only be purchased for a ship with Testa aboard.", "restriction"),
        ("You may not assign a generic Captain as your Testa.", "restriction"),
        ("This card costs -1 SP for each Testa aboard this ship.", "cost"),
        ("The cost of this card is that of the Testa card at -2 SP (Min 0).", "cost"),
        ("Testa's cost is reduced by 1 SP.", "cost"),
        // No known shape: the fallback.
        ("Testa trades a [scan] Token for an [evade] Token.", "other"),
    ];

    #[test]
    fn each_shape_has_its_tag() {
        for (phrase, tag) in SHAPED {
            // The captain filling a slot is the one phrase whose tag depends
            // on the card: an upgrade filling a slot fills one of its types.
            let kind = if phrase.starts_with("If Testa commands") {
                CardType::Captain
            } else {
                CardType::Upgrade
            };
            assert_eq!(classify(phrase, kind), *tag, "{phrase}");
        }
        // Every tag but the detector's own (an icon without a name) has a
        // phrase shape.
        for t in TAGS.iter().filter(|t| t.name != UNKNOWN_ICON) {
            assert!(SHAPED.iter().any(|(_, tag)| *tag == t.name), "{}", t.name);
        }
    }

    #[test]
    fn the_vocabulary_is_fixed_and_described() {
        let names: Vec<&str> = TAGS.iter().map(|t| t.name).collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for t in TAGS {
            // Tags are short lowercase words joined by hyphens; descriptions
            // one line of prose.
            assert!(
                t.name.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                t.name
            );
            assert!(!t.description.contains('\n') && t.description.len() > 20);
        }
        // Every tag the classifier picks is in the vocabulary.
        for (_, tag) in SHAPES.iter() {
            assert!(is_tag(tag), "{tag}");
        }
        assert!(is_tag(UNKNOWN_ICON) && is_tag("other"));
        assert!(!is_tag("You pay no faction penalty."));
        assert_eq!(
            description("multi-slot"),
            Some("the card fills more than one Upgrade slot")
        );
    }

    #[test]
    fn normalize_sorts_in_vocabulary_order() {
        let mut tags = vec![
            "talents".to_string(),
            "cost".into(),
            "talents".into(),
            "restriction".into(),
        ];
        normalize(&mut tags);
        assert_eq!(tags, ["restriction", "cost", "talents"]);
    }
}
