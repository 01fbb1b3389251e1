//! Slots of a card's ship that take more upgrade types
//! (`rules.slots_also`): "During the Gather Forces step, you may treat any
//! of the [crew] or [tech] Upgrade slots on your Upgrade Bar as [weapon]
//! Upgrade slots" (Dolim Cap801): every crew and tech slot of the ship also
//! takes a weapon.
//!
//! ```toml
//! [[card.rules.slots_also]]
//! slots = ["crew", "tech"]
//! also = ["weapon"]
//! ```

use super::{push_all_unique, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::SlotsAlso;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "slots_also",
    apply,
};

static TREAT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may treat any of the ((?:\[[a-z]+\](?:,| or)? ?)+)upgrade slots on your upgrade bar as ((?:\[[a-z]+\](?:,| or)? ?)+)upgrade slots").unwrap()
});

/// "[crew] or [tech] " -> ["crew", "tech"].
fn slots(list: &str) -> Option<Vec<String>> {
    list.split([',', ' '])
        .filter(|w| !w.is_empty() && *w != "or")
        .map(|w| slot_of(w).map(str::to_string))
        .collect()
}

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut spans = Vec::new();
    let mut found = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in TREAT.captures_iter(t) {
            if let (Some(from), Some(also)) = (slots(&c[1]), slots(&c[2])) {
                found.push(SlotsAlso { slots: from, also });
                spans.push(span_of(&c, at));
            }
        }
    }
    push_all_unique(&mut s.card.rules.slots_also, found);
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn dolim() {
        let mut s = subject("X1", "During the Gather Forces step, you may treat any of the [crew] or [tech] Upgrade slots on your Upgrade Bar as [weapon] Upgrade slots All of your [weapon] Upgrades cost -1SP, -5 Max", json!({}));
        apply(&cx(), &mut s).unwrap();
        assert_eq!(
            s.card.rules.slots_also,
            [SlotsAlso {
                slots: vec!["crew".into(), "tech".into()],
                also: vec!["weapon".into()],
            }]
        );
        assert!(s.text.is_consumed(s.text.text.find("treat").unwrap()));
    }
}
