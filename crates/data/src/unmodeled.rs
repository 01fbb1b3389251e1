//! The vocabulary of `rules.unmodeled`: a card's fleet-building rules that
//! the database does not model are recorded as kind tags from the fixed list
//! [`TAGS`], never as the card's own words (data is facts: no ability text).
//! The importer's classifier (`fleetcheck-dev`, `import::unmodeled`) picks a
//! tag for each rule phrase it finds; `fleetcheck data check --unmodeled`
//! lists the cards with their tags' descriptions, and the validator accepts
//! only these tags. A tagged phrase ([`Phrase`]) lives only in memory
//! (`fleetcheck-dev unmodeled --from DIR` quotes the phrases from the raw
//! source at run time).

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
