//! The vocabulary of `rules.unmodeled`: a card's fleet-building rules that
//! the database does not model are recorded as kind tags from the fixed list
//! `TAGS`, never as the card's own words (data is facts: no ability text).
//! The list is the data crate's (`fleetcheck_data::unmodeled`); this module
//! owns the classifier that picks a tag for a rule phrase the detector found
//! ([`classify`]).
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

use fleetcheck_data::model::CardType;
use regex::Regex;
use std::sync::LazyLock;

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

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::unmodeled::{self, TAGS, UNKNOWN_ICON};

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

    /// Every tag the classifier picks is in the vocabulary.
    #[test]
    fn every_shape_tag_is_in_the_vocabulary() {
        for (_, tag) in SHAPES.iter() {
            assert!(unmodeled::is_tag(tag), "{tag}");
        }
    }
}
