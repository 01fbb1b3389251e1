//! At most N copies per ship (`rules.max_per_ship`).
//!
//! From the `OnePerShip` flag (also misspelt `oneperShip`) and from the text
//! "No ship may be equipped with more than one <card> Upgrade", with the
//! raw data's variants ("more then", "No Ship", "may have", "more than on",
//! "No squadron may ..."), and "You cannot deploy more than 1 <card> Upgrade
//! to any ship".
//!
//! ```toml
//! [card.rules]
//! max_per_ship = 1
//! ```

use super::{number, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "max_per_ship",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:no (?:ship|squadron) may (?:be equipped with|be equipped have|have|be equipped)|you cannot deploy) more th[ae]n (one|on|two|three|\d+)\b.*$"#,
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut max: Option<u32> = None;
    if s.raw.flag("OnePerShip")? || s.raw.flag("oneperShip")? {
        max = Some(1);
    }
    let mut spans = Vec::new();
    for (at, sentence) in s.text.sentences() {
        if let Some(c) = PHRASE.captures(sentence) {
            // "more than on" is a typo of "one".
            let n = if c[1].eq_ignore_ascii_case("on") {
                Some(1)
            } else {
                number(&c[1])
            };
            if let Some(n) = n {
                max = Some(max.map_or(n, |m| m.min(n)));
                spans.push(span_of(&c, at));
            }
        }
    }
    s.text.consume_all(spans);
    if max.is_some() {
        s.card.rules.max_per_ship = max;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str, extra: serde_json::Value) -> Subject<'static> {
        let mut s = subject("X1", text, extra);
        apply(&cx(), &mut s).unwrap();
        s
    }

    #[test]
    fn tactical_station_one_per_ship_flag() {
        // W091 Tactical Station carries OnePerShip.
        let s = run(
            "Add 1 [weapon] Upgrade slot to your Upgrade Bar.",
            json!({"OnePerShip": true}),
        );
        assert_eq!(s.card.rules.max_per_ship, Some(1));
        let s = run("", json!({"oneperShip": true}));
        assert_eq!(s.card.rules.max_per_ship, Some(1));
    }

    #[test]
    fn text_variants() {
        for t in [
            "This Upgrade may only be purchased for a Xindi ship and no ship may be equipped with more then one \"Biometric Hologram\" Upgrade.",
            "No Ship may be equipped with more than 1 \"Fluidic Space\" Upgrade.",
            "no ship may have more than 1 \"Prototype Cloaking Device\" Upgrade.",
            "No ship may be equipped with more than on \"X\" Upgrade.",
            "No squadron may be equipped with more than one \"Cover Fire\" Upgrade.",
            "You cannot deploy more than 1 \"Hive Mind\" [borg] Upgrade to any ship.",
        ] {
            let s = run(t, json!({}));
            assert_eq!(s.card.rules.max_per_ship, Some(1), "{t}");
            let l = t.to_lowercase();
            let at = l
                .find("no ship")
                .or(l.find("no squadron"))
                .or(l.find("you cannot"))
                .unwrap();
            assert!(s.text.is_consumed(at), "{t}");
        }
        let s = run(
            "No ship may be equipped with more than 2 \"X\" Upgrades.",
            json!({}),
        );
        assert_eq!(s.card.rules.max_per_ship, Some(2));
    }
}
