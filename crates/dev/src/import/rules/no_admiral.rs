//! No admiral on this ship (`rules.no_admiral`): "You may not equip an
//! Admiral to this ship" (Arturis, the U.S.S. Dauntless); no admiral and no
//! ambassador (`rules.no_ambassador` too): "You cannot have an Admiral
//! and/or Ambassador equipped to this ship" (Iden); no captain and no
//! admiral (`rules.captains = 0` too): "You cannot equip a Captain or
//! Admiral to this ship" (the Dreadnought, a Dominion Starship).
//!
//! ```toml
//! [card.rules]
//! no_admiral = true
//! ```

use super::{consume_matches, Cx, Kind, Subject};
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
/// "You cannot have an Admiral and/or Ambassador equipped to this ship"
/// (Iden): neither.
static NEITHER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou cannot have an admiral (?:and/or|or|and) (?:an )?ambassador equipped to this ship\b").unwrap()
});

/// "You cannot equip a Captain or Admiral to this ship" (the Dreadnought
/// S221 and S265, the Dominion Starship S264): no captain either
/// (`rules.captains = 0`).
static NO_COMMAND: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou cannot (?:equip|assign) an? captain or (?:an? )?admiral to this ship\b")
        .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if consume_matches(s, &PHRASE) {
        s.card.rules.no_admiral = true;
    }
    if consume_matches(s, &NEITHER) {
        s.card.rules.no_admiral = true;
        s.card.rules.no_ambassador = true;
    }
    if consume_matches(s, &NO_COMMAND) {
        s.card.rules.no_admiral = true;
        s.card.rules.captains = Some(0);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn ships_without_captain_or_admiral() {
        // S264, S265 and S221 (the Dreadnought).
        for t in [
            "You cannot equip a Captain or Admiral to this ship.",
            "You cannot assign a Captain or an Admiral to this ship.",
        ] {
            let mut s = subject("X1", t, json!({}));
            apply(&cx(), &mut s).unwrap();
            assert!(s.card.rules.no_admiral, "{t}");
            assert_eq!(s.card.rules.captains, Some(0), "{t}");
            crate::import::rules::detect::fill_unmodeled(&mut s);
            assert!(s.card.rules.unmodeled.is_empty(), "{t}");
        }
    }

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
