//! The Fleet Captain resource's own rules (R010):
//!
//! - rule 5 (`rules.free_talent_for_bonus`): "If your Captain Card already
//!   has one or more [talent] Upgrade icons on it, you may either choose to
//!   take the bonus [talent] Upgrade OR forego taking the bonus [talent]
//!   Upgrade and equip your Captain with 1 of his [talent] Upgrades for
//!   free." The engine makes that slot choice (`staw::fleet_captain`);
//! - rule 6 (`rules.unique_fleet_captain`): "You may not assign a
//!   non-unique Captain as your Fleet Captain" (`staw::restriction`).
//!
//! ```toml
//! [card.rules]
//! free_talent_for_bonus = true
//! unique_fleet_captain = true
//! ```

use super::{consume_matches, Cx, Kind, Subject};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "fleet_captain",
    apply,
};

static FORGO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bforego taking the bonus \[talent\] upgrade and equip your captain with 1 of (?:his|her|their)(?: \[sic\])? \[talent\] upgrades for free").unwrap()
});

static UNIQUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may not assign a non-unique captain as your fleet captain\b").unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if consume_matches(s, &FORGO) {
        s.card.rules.free_talent_for_bonus = true;
    }
    if consume_matches(s, &UNIQUE) {
        s.card.rules.unique_fleet_captain = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn rule_6_of_the_fleet_captain_resource() {
        let mut s = subject(
            "X1",
            "6) You may not assign a non-unique Captain as your Fleet Captain.",
            json!({}),
        );
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.unique_fleet_captain);
        crate::import::rules::detect::fill_unmodeled(&mut s);
        assert!(s.card.rules.unmodeled.is_empty(), "{:?}", s.phrases);
    }

    #[test]
    fn rule_5_of_the_fleet_captain_resource() {
        // R010 Fleet Captain, rule 5.
        let mut s = subject("X1", "5) If your Captain Card already has one or more [talent_text] Upgrade icons on it, you may either choose to take the bonus [talent_text] Upgrade OR forego taking the bonus [talent_text] Upgrade and equip your Captain with 1 of his [sic] [talent_text] Upgrades for free.", json!({"type": "resource"}));
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.free_talent_for_bonus);
        crate::import::rules::detect::fill_unmodeled(&mut s);
        assert!(s.card.rules.unmodeled.is_empty(), "{:?}", s.phrases);
    }
}
