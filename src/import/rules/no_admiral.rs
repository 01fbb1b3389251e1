//! No admiral on this ship (`rules.no_admiral`): "You may not equip an
//! Admiral to this ship" (Arturis, the U.S.S. Dauntless).
//!
//! ```toml
//! [card.rules]
//! no_admiral = true
//! ```

use super::{Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "no_admiral",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may not (?:equip|assign) an admiral(?: card)? to this ship\b").unwrap()
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
    }
}
