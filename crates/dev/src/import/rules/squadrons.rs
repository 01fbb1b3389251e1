//! The attack squadron resources (`rules.squadrons`): "Players may only
//! include 1 Attack Squadron when building their fleets for the
//! tournament" and "Attack Squadrons can not be equipped with any upgrades
//! or captain cards" (Hideki Class Attack Fighters R005, Federation Attack
//! Fighters R006).
//!
//! ```toml
//! [card.rules.squadrons]
//! max = 1
//! bare = true
//! ```

use super::{number, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardType, SquadronLimit};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "squadrons",
    apply,
};

static ONLY_INCLUDE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bplayers may only include (\d+|one|an?) attack squadrons? when building their fleets for the tournament").unwrap()
});
static BARE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\battack squadrons can ?not be equipped with any upgrades or captain cards")
        .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if s.card.kind != CardType::Resource {
        return Ok(());
    }
    let mut max = None;
    let mut bare = None;
    for (at, t) in s.text.sentences() {
        if let Some(c) = ONLY_INCLUDE.captures(t) {
            let m = c.get(0).map_or(0..0, |m| m.range());
            max = number(&c[1]).map(|n| (n, (at + m.start, at + m.end)));
        }
        if let Some(m) = BARE.find(t) {
            bare = Some((at + m.start(), at + m.end()));
        }
    }
    if let Some((n, span)) = max {
        s.card.rules.squadrons = Some(SquadronLimit {
            max: n,
            bare: bare.is_some(),
        });
        s.text.consume(span.0, span.1);
        if let Some((a, b)) = bare {
            s.text.consume(a, b);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    #[test]
    fn hideki_class_attack_fighters() {
        let mut s = subject("R005", "1. Players may only include 1 Attack Squadron when building their fleets for the tournament. This counts as their one resource for the tournament. 2. Attack Squadrons are treated as normal ships with the following exceptions: a. Attack Squadrons can only attack enemy ships at a range 1-2. b. Attack Squadrons can not be equipped with any upgrades or captain cards.", json!({"type": "resource"}));
        apply(&cx(), &mut s).unwrap();
        assert_eq!(
            s.card.rules.squadrons,
            Some(SquadronLimit { max: 1, bare: true })
        );
        for w in ["Players may", "Attack Squadrons can not"] {
            assert!(s.text.is_consumed(s.text.text.find(w).unwrap()), "{w}");
        }
    }
}
