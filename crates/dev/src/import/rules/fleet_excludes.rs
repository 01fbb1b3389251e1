//! Cards that may not be in the same fleet (`rules.fleet_excludes`): "You
//! cannot deploy this card to the same fleet as \"Assimilated Vessel 80279.\"",
//! "This ship cannot be in the same fleet as Kruge's Bird-of-Prey", "You
//! cannot assign this card to the same ship or fleet as \"Hugh\"", "Cannot be
//! equipped to a ship in the same fleet as that has Jean-Luc Picard equipped
//! to a ship". The named card must exist (by name).
//!
//! ```toml
//! [card.rules]
//! fleet_excludes = ["Jean-Luc Picard"]
//! ```

use super::{push_unique, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "fleet_excludes",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:cannot|can not) (?:deploy|assign|be equipped to|be in)\b[^.]*?\bsame (?:ship or )?fleet as (?:that has )?["']?(.+?)["']?(?: equipped to a ship)?\s*\.?["']?\s*$"#,
    )
    .unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        let Some(c) = PHRASE.captures(t) else {
            continue;
        };
        let name = c[1].trim().trim_end_matches(['.', '"', '\'']).trim();
        if let Some(n) = cx.card_names.get(&fleetcheck_data::normalize(name)) {
            push_unique(&mut s.card.rules.fleet_excludes, n.clone());
            spans.push(span_of(&c, at));
        }
    }
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx_with_cards, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        let cx = cx_with_cards(&[
            "Assimilated Vessel 80279",
            "Kruge's Bird-of-Prey",
            "Hugh",
            "Jean-Luc Picard",
        ]);
        apply(&cx, &mut s).unwrap();
        s
    }

    #[test]
    fn real_phrases() {
        for (t, want) in [
            ("You cannot deploy this card to the same fleet as \"Assimilated Vessel 80279.\"", "Assimilated Vessel 80279"),
            ("This ship cannot be in the same fleet as Kruge's Bird-of-Prey.", "Kruge's Bird-of-Prey"),
            ("You cannot assign this card to the same ship or fleet as \"Hugh\".", "Hugh"),
            ("You cannot deploy this card to the same ship or fleet as \"Jean-Luc Picard.\"", "Jean-Luc Picard"),
            ("Cannot be equipped to a ship in the same fleet as that has Jean-Luc Picard equipped to a ship.", "Jean-Luc Picard"),
        ] {
            let s = run(t);
            assert_eq!(s.card.rules.fleet_excludes, vec![want.to_string()], "{t}");
            assert!(s.text.is_consumed(t.to_lowercase().find("same").unwrap()), "{t}");
        }
        assert!(
            run("You cannot deploy this card to the same fleet as Nobody.")
                .card
                .rules
                .fleet_excludes
                .is_empty()
        );
    }
}
