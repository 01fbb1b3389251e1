//! The species of a captain or admiral that is no faction
//! (`Card::species`): "This card counts as a Gorn Captain" (Lahr), "Idrin
//! counts as a Hirogen Captain", "This card counts as an Andorian Captain"
//! (Telev). The species known are `facts::SPECIES`; captains whose text
//! does not say it (Loskene, S'Sesslak, Karr...) get it in
//! `corrections.toml`, with a reason.
//!
//! The conditions that name a species ("Loskene or any other Tholian
//! Captain", "a Hirogen Captain or Admiral") are read by `target::captain`
//! for the restriction and cost-modifier kinds.
//!
//! ```toml
//! [[card]]
//! id = "Cap732"
//! species = ["gorn"]
//! ```

use super::{push_unique, span_of, species_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::CardType;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "species",
    apply,
};

static COUNTS_AS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bcounts as an? ([A-Za-z']+) (?:captain|admiral)\b").unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if !matches!(s.card.kind, CardType::Captain | CardType::Admiral) {
        return Ok(());
    }
    let mut spans = Vec::new();
    for (at, sentence) in s.text.sentences() {
        for c in COUNTS_AS.captures_iter(sentence) {
            if let Some(sp) = species_of(&c[1]) {
                push_unique(&mut s.card.species, sp.to_string());
                spans.push(span_of(&c, at));
            }
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

    fn species(text: &str, kind: &str) -> Vec<String> {
        let mut s = subject(
            "X1",
            text,
            json!({"type": kind, "skill": 3, "factions": ["independent"]}),
        );
        apply(&cx(), &mut s).unwrap();
        if !s.card.species.is_empty() {
            assert!(s.text.is_consumed(s.text.text.find("counts").unwrap()));
        }
        s.card.species
    }

    #[test]
    fn counts_as_a_species_captain() {
        // Cap732 Lahr, Cap339 Idrin, Cap501 Telev.
        assert_eq!(
            species(
                "This card counts as a Gorn Captain.\nAT THE END OF THE DEAL DAMAGE STEP: Spend this ship's [target-lock] Token.",
                "captain"
            ),
            ["gorn"]
        );
        assert_eq!(
            species("Idrin counts as a Hirogen Captain.", "captain"),
            ["hirogen"]
        );
        assert_eq!(
            species("This card counts as an Andorian Captain.", "captain"),
            ["andorian"]
        );
        // A faction is no species; an upgrade has none.
        assert!(species("This card counts as a Klingon Captain.", "captain").is_empty());
        assert!(species("This card counts as a Gorn Captain.", "crew").is_empty());
    }
}
