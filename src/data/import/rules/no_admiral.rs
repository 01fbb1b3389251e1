//! No admiral on this ship (`rules.no_admiral`): "You may not equip an
//! Admiral to this ship" (Arturis, the U.S.S. Dauntless); no admiral and no
//! ambassador (`rules.no_ambassador` too): "You cannot have an Admiral
//! and/or Ambassador equipped to this ship" (Iden).
//!
//! ```toml
//! [card.rules]
//! no_admiral = true
//! ```

use super::{Cx, Kind, Subject};
use crate::data::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "no_admiral",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may not (?:equip|assign) an admiral(?: card)? to this ship\b").unwrap()
});
/// "You cannot have an Admiral and/or Ambassador equipped to this ship"
/// (Iden): neither.
static NEITHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou cannot have an admiral (?:and/or|or|and) (?:an )?ambassador equipped to this ship\b").unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let spans: Vec<(usize, usize)> = s
        .text
        .sentences()
        .flat_map(|(at, t)| {
            PHRASE
                .find_iter(t)
                .map(move |m| (at + m.start(), at + m.end()))
        })
        .collect();
    if !spans.is_empty() {
        s.card.rules.no_admiral = true;
    }
    let neither: Vec<(usize, usize)> = s
        .text
        .sentences()
        .flat_map(|(at, t)| {
            NEITHER
                .find_iter(t)
                .map(move |m| (at + m.start(), at + m.end()))
        })
        .collect();
    if !neither.is_empty() {
        s.card.rules.no_admiral = true;
        s.card.rules.no_ambassador = true;
    }
    let spans: Vec<(usize, usize)> = spans.into_iter().chain(neither).collect();
    for (a, b) in spans {
        s.text.consume(a, b);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn arturis_and_dauntless() {
        for t in [
            "You may not equip an Admiral to this ship.",
            "You may not equip an Admiral Card to this ship.",
        ] {
            let mut s = subject("X1", t, json!({}));
            apply(&cx(), &mut s).unwrap();
            assert!(s.card.rules.no_admiral, "{t}");
            assert!(s.text.is_consumed(0));
        }
        let mut s = subject(
            "X1",
            "Both Admirals may not be equipped to the same ship.",
            json!({}),
        );
        apply(&cx(), &mut s).unwrap();
        assert!(!s.card.rules.no_admiral);
        // Cap037 Iden.
        let mut s = subject(
            "X1",
            "You cannot have an Admiral and/or Ambassador equipped to this ship.",
            json!({}),
        );
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.no_admiral && s.card.rules.no_ambassador);
        assert!(s.text.is_consumed(0));
    }
}
