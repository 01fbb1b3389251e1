//! The rule-phrase detector: finds every phrase of a card's text that looks
//! like a fleet-building rule, and reports those no rule kind consumed: the
//! card gets the phrase's kind tag in `rules.unmodeled`
//! (`crate::import::unmodeled`: our words, never the card's), and the
//! phrase itself (the clause, without timing headers, at most ~200
//! characters) stays in memory for `data check --unmodeled --from`.
//! Nothing rule-like is ignored silently.
//!
//! What counts as a fleet-building phrase (the triggers below): purchase
//! eligibility ("may only be purchased", "can only be equipped", "may not be
//! deployed", "may not equip", a sentence starting "Ship must have", "(<class>
//! Only)"), signed SP amounts ("+5 SP", "-1 SP", "costs +5"), exact or
//! derived costs ("costs exactly 4 SP", "cost ... equal to", "costs 3 SP
//! plus"), "No ship may be
//! equipped with more than", slots added to the upgrade bar ("Add ... to
//! your Upgrade Bar"), the faction penalty, slots ("without
//! requiring an Upgrade slot", "counts as a [crew]", "may fill", "can only be
//! filled", "swap a [tech] slot", "fills 2 [weapon] Upgrade slots"), added
//! factions, what a captain may field ("may field", "may only equip"), costs
//! set by other cards ("at a cost of 3 SP", "for free", "for 0 SP", "cost 3
//! SP", "reduced by 1 SP"), fleet composition ("Your fleet may include",
//! "cannot deploy", "same fleet as", "may purchase", "must assign a", "may
//! only include"), the "Fleet Construction" step, and cards held beneath
//! another ("place 1 [tech] Upgrade ... face down beneath this card"; not
//! "place those Upgrades beneath this card", which happens during play). ("Gather Forces" is not a
//! trigger: most cards name it for what happens at the start of play.)
//! Unsigned costs used to pick cards during play ("discard an
//! Upgrade with a cost of 5 SP or less", "a printed cost of 4 SP or less",
//! "dice equal to the SP cost") are gameplay, not fleet building, and are
//! not counted: no trigger matches them. Neither are "This ability may only
//! be used ...", "Your ship must have ... in order to use this ability" and
//! "supported by your ship's Upgrade Bar" (conditions of play).

use super::Subject;
use crate::import::unmodeled::classify;
use fleetcheck_data::unmodeled;
use regex::Regex;
use std::sync::LazyLock;

static TRIGGERS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)
        \b(?:may|can|my)\ only\ be\ (?:purchased|equipped|deployed|assigned|fielded)
      | \b(?:may|can|my)\ not\ be\ (?:purchased|equipped|deployed|assigned|fielded)
      | \bcannot\ be\ (?:purchased|deployed|equipped)\ (?:to|for|on)
      | \bmay\ not\ equip\b
      | \bcannot\ (?:equip|assign)\ an?\ (?:captain|admiral)\b
      | \b(?:may|can)\ only\ field\b
      | \bcan\ only\ be\ filled\b
      | \bmust\ be\ filled\ with\b
      | \bequip\b[^.]*\bignoring\ (?:it'?s\ |its\ |their\ )?restrictions\b
      | \bupgrades?\ fill\b
      | \bswap\ an?\ \[
      | \bat\ a\ cost\ of\ \d
      | \byour\ fleet\ may\ include\b
      | \bcannot\ deploy\b
      | \bcannot\ have\ an\ (?:admiral|ambassador)\b
      | \bsame\ (?:ship\ or\ )?fleet\ as\b
      | ^you\ may\ deploy\b
      | \bmay\ purchase\b
      | \binstead\ of\ purchasing\b
      | \bfor\ (?:free|0\ sp)\b
      | \b(?:may|can)\ (?:only\ )?field\b
      | \bmay\ only\ equip\b
      | \bcost\ \d+\s?sp\b
      | \bat\ a\ cost\ of\ [+-]\d
      | \breduced\ by\ \d+\s?sp\b
      | \bswitch\ one\ of\ your\b[^.]*\bslots?\b
      | \bfills\ \d+\ \[
      | \bcannot\ have\ a\ cost\ greater\ than\b
      | \bcost\b[^.]{0,40}\bcannot\ be\ greater\ than\b
      | \bmust\ assign\ an?\b
      | \bmay\ not\ assign\b
      | \bmay\ only\ include\b
      | \bfleet\ construction\b
      | ^ship\ must\ have\b
      | \b(?:class|ship|vessel|warbird|cruiser)s?\ only\s*\)?\.?$
      | [+-]\s?\d+\s?(?:sp|squadron\ points?)\b
      | \bcosts?\ [+-]\s?\d
      | \bcosts?\ (?:of\ )?exactly\ \d
      | \bcost\ of\ exactly\ \d
      | \bcosts?\b[^.]{0,60}?\b(?:is|are)\ equal\ to
      | \bcost\ of\ this\ (?:card|resource)\ is\b
      | \bcosts?\ \d+\s?sp\ plus\b
      | \bno\ (?:ship|squadron)\ may\ (?:be\ equipped|have)
      | \b(?:add|adds|gain|gains)\b[^.]{0,80}?\bupgrade\ bar\b
      | \bslots\ on\ your\ upgrade\ bar\ as\b
      | \bfaction\ penalt
      | \bwithout\ requiring\b
      | \bdoes\ not\ require\ an?\ (?:upgrade\ )?slot
      | \bcounts\ as\ (?:either\ )?an?\ \[
      | \b(?:may|can)\ fill\b
      | \bfill\ (?:one\ of\ your|any\ slot)
      | \bin\ addition\ to\ (?:its|their)\ (?:original\ )?faction
      | \bgains\ the\ [\w\ ]+?\ faction
      | \bregardless\ of\ faction
      | \b(?:place|choose)\s+(?:up\ to\s+)?(?:\d+|an?|one|two|three)\s+(?:[a-z0-9'-]+\s+){0,2}(?:\[[a-z]+\]\s+upgrades?|captains?(?:\ cards?)?)\b[^.]{0,100}?\b(?:beneath|under)\s+this\ card
    ",
    )
    .unwrap()
});

/// The restriction and cost phrases among the triggers (the coverage
/// target counts the cards that carry one).
static RESTRICTION_OR_COST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)
        \b(?:may|can|my)\ only\ be\ (?:purchased|equipped|deployed|assigned|fielded)
      | \b(?:may|can|my)\ not\ be\ (?:purchased|equipped|deployed|assigned|fielded)
      | \bcannot\ be\ (?:purchased|deployed|equipped)\ (?:to|for|on)
      | \bship\ must\ have\b
      | \b(?:class|ship|vessel|warbird|cruiser)s?\ only\s*\)?\.?$
      | [+-]\s?\d+\s?(?:sp|squadron\ points?)\b
      | \bcosts?\ [+-]\s?\d
      | \bcosts?\ (?:of\ )?exactly\ \d
      | \bcosts?\b[^.]{0,60}?\b(?:is|are)\ equal\ to
      | \bno\ (?:ship|squadron)\ may\ (?:be\ equipped|have)
    ",
    )
    .unwrap()
});

/// A timing header ("WHEN ATTACKING:", "ACTION:", "COMBAT PHASE:") that
/// starts a clause; never part of a stored phrase.
static HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[A-Z][A-Z0-9 ,'()/\-]*[A-Z)]\s*:\s*").unwrap());

/// The longest stored phrase, in characters.
pub const MAX_PHRASE: usize = 200;

/// Whether `text` holds a fleet-building phrase at all (for coverage).
pub fn has_rule_phrase(text: &str) -> bool {
    text.lines().any(|l| TRIGGERS.is_match(l))
}

/// Whether `text` holds a purchase restriction or cost phrase.
pub fn has_restriction_or_cost_phrase(text: &str) -> bool {
    text.lines().any(|l| RESTRICTION_OR_COST.is_match(l))
}

/// Records the phrases no kind consumed: each one's tag in
/// `rules.unmodeled`, the phrase in `Subject::phrases` (memory only).
pub fn fill_unmodeled(s: &mut Subject) {
    let mut phrases: Vec<String> = Vec::new();
    let text = &s.text;
    for (at, sentence) in text.sentences() {
        for m in TRIGGERS.find_iter(sentence) {
            // Gold-Pressed Latinum ("cost +1 GPLT") is an in-game currency.
            if sentence[m.end()..].trim_start().starts_with("GPLT") {
                continue;
            }
            let pos = at + m.start();
            // A trigger inside or right at the edge of a consumed span is
            // modeled (the span may end just before a trailing "Only)").
            if text.is_consumed(pos) {
                continue;
            }
            let phrase = clause(sentence, m.start());
            if !phrase.is_empty() && !phrases.contains(&phrase) {
                phrases.push(phrase);
            }
        }
    }
    let mut tagged: Vec<(&'static str, String)> = phrases
        .into_iter()
        .map(|p| (classify(&p, s.card.kind), p))
        .collect();
    for title in crate::import::text::img_titles(s.raw.text()) {
        if title.contains('?') && !tagged.iter().any(|(_, p)| p.contains(&title)) {
            tagged.push((
                unmodeled::UNKNOWN_ICON,
                format!("icon with an unknown title {title:?}"),
            ));
        }
    }
    for (tag, p) in tagged {
        s.unmodeled(tag, p);
    }
}

/// The clause of `sentence` around byte `at`: without timing headers,
/// trimmed, at most `MAX_PHRASE` characters.
pub fn clause(sentence: &str, at: usize) -> String {
    // Start after the last timing header before the trigger.
    let mut start = 0;
    for h in HEADER.find_iter(sentence) {
        if h.end() <= at {
            start = h.end();
        }
    }
    let mut end = sentence.len();
    // A header after the trigger starts another clause.
    if let Some(h) = HEADER.find_at(sentence, at) {
        end = end.min(h.start());
    }
    let mut piece = sentence[start..end].trim();
    if piece.chars().count() > MAX_PHRASE {
        // Narrow to the comma/semicolon-delimited part holding the trigger.
        let rel = at.saturating_sub(start).min(piece.len());
        let s = piece[..rel].rfind([';', ',']).map_or(0, |i| i + 1);
        let e = piece[rel..]
            .find([';', ','])
            .map_or(piece.len(), |i| rel + i);
        piece = piece[s..e].trim();
    }
    let mut out: String = piece.chars().take(MAX_PHRASE).collect();
    if piece.chars().count() > MAX_PHRASE {
        out.push_str("...");
    }
    out.trim().to_string()
}

#[cfg(test)]
mod tests {
    //! Invented texts (about an invented "Testa") of the shapes the cards
    //! use: no card's text in the repository.
    use super::super::testing::subject;
    use super::*;
    use serde_json::json;

    /// The tags a text leaves unmodeled, and the phrases with their tags.
    fn unmodeled(text: &str) -> (Vec<String>, Vec<(&'static str, String)>) {
        let mut s = subject("X1", text, json!({}));
        fill_unmodeled(&mut s);
        let phrases = s.phrases.into_iter().map(|p| (p.tag, p.text)).collect();
        (s.card.rules.unmodeled, phrases)
    }

    #[test]
    fn gameplay_costs_are_not_rule_phrases() {
        for text in [
            "ACTION: Discard a [crew] Upgrade of Testa's with a cost of 3 SP or less.",
            "SETUP: Pick a Captain Card for Testa with a printed cost of 2 SP or less.",
            "Roll attack dice equal to the printed SP cost of Testa's [tech] Upgrade.",
        ] {
            assert_eq!(unmodeled(text), (vec![], vec![]), "{text}");
        }
        assert!(!has_rule_phrase(
            "Add the [scan] Action to Testa's Action Bar."
        ));
    }

    #[test]
    fn latinum_costs_are_gameplay() {
        assert_eq!(
            unmodeled("Testa's effects that cost any GPLT cost +2 GPLT."),
            (vec![], vec![])
        );
    }

    #[test]
    fn the_card_keeps_tags_and_the_phrases_stay_in_memory() {
        assert_eq!(
            unmodeled("This upgrade may only be purchased by Testa or any other Vulcan Captain."),
            (
                vec!["restriction".to_string()],
                vec![(
                    "restriction",
                    "This upgrade may only be purchased by Testa or any other Vulcan Captain."
                        .to_string()
                )]
            )
        );
        // A phrase is its clause, without timing headers.
        assert_eq!(
            unmodeled("COMBAT PHASE: Place 2 tokens. WHEN DEFENDING: If Testa is on a Bajoran ship, all of your Upgrades cost -2 SP."),
            (
                vec!["cost".to_string()],
                vec![(
                    "cost",
                    "If Testa is on a Bajoran ship, all of your Upgrades cost -2 SP.".to_string()
                )]
            )
        );
    }

    #[test]
    fn tags_are_listed_once_in_vocabulary_order() {
        let (tags, phrases) = unmodeled(
            "Testa costs -1 SP for each [crew] Upgrade. This card may only be purchased for \
             Testa's ship. Testa costs +1 SP for each [tech] Upgrade.",
        );
        assert_eq!(tags, ["restriction", "cost"]);
        let kinds: Vec<&str> = phrases.iter().map(|p| p.0).collect();
        assert_eq!(kinds, ["cost", "restriction", "cost"]);
    }

    #[test]
    fn consumed_phrases_are_modeled() {
        let mut s = subject(
            "X1",
            "This Upgrade costs +4 SP for any ship without Testa.",
            json!({}),
        );
        s.text.consume(0, 40);
        fill_unmodeled(&mut s);
        assert!(s.card.rules.unmodeled.is_empty());
        assert!(s.phrases.is_empty());
    }

    #[test]
    fn unknown_icon_titles_are_reported() {
        assert_eq!(
            unmodeled("A <img src='x' title='?? Class'> thing."),
            (
                vec!["unknown-icon".to_string()],
                vec![(
                    "unknown-icon",
                    "icon with an unknown title \"?? Class\"".to_string()
                )]
            )
        );
    }
}
