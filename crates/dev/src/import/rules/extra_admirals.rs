//! Admirals beyond the fleet's one (`rules.extra_admirals`): "If this card
//! is equipped to a Constitution Refit Class. Your fleet may include 1
//! additional Federation Admiral with a cost of 4 SP of less. Both Admirals
//! may not be equipped to the same ship." (James T. Kirk A044): one more
//! Federation admiral of 4 SP or less, while Kirk is on that class. A ship
//! holds one admiral at most, so the last sentence always holds.
//!
//! ```toml
//! [[card.rules.extra_admirals]]
//! count = 1
//! applies_to = { types = ["admiral"], factions = ["federation"], max_cost = 4 }
//! when = { kind = "ship-class", any = ["constitution_refit_class"] }
//! ```

use super::{faction_of, number, push_all_unique, target, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardFilter, ExtraAdmirals};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "extra_admirals",
    apply,
};

static MAY_INCLUDE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?-i:[A-Z][A-Z ]*):\s*)?your fleet may include (\d+|one|an?) additional (\w+) admirals? with a cost of (\d+) sp (?:or|of) less\.?$").unwrap()
});
static IF_ON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:[A-Z ]+:\s*)?if this card is equipped to (.+?)\s*\.?$").unwrap()
});
static BOTH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^both admirals may not be equipped to the same ship\.?$").unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let sentences = s.text.trimmed_sentences();
    let mut spans = Vec::new();
    let mut found = Vec::new();
    for (n, (at, t)) in sentences.iter().enumerate() {
        let Some(c) = MAY_INCLUDE.captures(t) else {
            continue;
        };
        let (Some(count), Some(f), Ok(max)) = (number(&c[1]), faction_of(&c[2]), c[3].parse())
        else {
            continue;
        };
        // "If this card is equipped to a Constitution Refit Class." before.
        let when = match n.checked_sub(1).map(|p| &sentences[p]) {
            Some((pa, p)) => match IF_ON.captures(p) {
                Some(w) => match target::ship(cx, &w[1]) {
                    Some(cond) => {
                        spans.push((*pa, pa + p.len()));
                        Some(cond)
                    }
                    None => continue,
                },
                None => None,
            },
            None => None,
        };
        found.push(ExtraAdmirals {
            count,
            applies_to: CardFilter {
                types: vec!["admiral".into()],
                factions: vec![f.to_string()],
                max_cost: Some(max),
                ..CardFilter::default()
            },
            when,
        });
        spans.push((*at, at + t.len()));
        if let Some((ba, b)) = sentences.get(n + 1).filter(|(_, b)| BOTH.is_match(b)) {
            spans.push((*ba, ba + b.len()));
        }
    }
    push_all_unique(&mut s.card.rules.extra_admirals, found);
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use fleetcheck_data::model::Condition;
    use serde_json::json;

    #[test]
    fn kirk_a044() {
        let mut s = subject("X1", "GATHER FORCES STEP: If this card is equipped to a Sovereign Class . Your fleet may include 1 additional Federation Admiral with a cost of 4 SP of less. Both Admirals may not be equipped to the same ship.", json!({}));
        apply(&cx(), &mut s).unwrap();
        assert_eq!(
            s.card.rules.extra_admirals,
            [ExtraAdmirals {
                count: 1,
                applies_to: CardFilter {
                    types: vec!["admiral".into()],
                    factions: vec!["federation".into()],
                    max_cost: Some(4),
                    ..CardFilter::default()
                },
                when: Some(Condition::ShipClass {
                    any: vec!["sovereign_class".into()]
                }),
            }]
        );
        for w in ["Your fleet", "Both"] {
            assert!(s.text.is_consumed(s.text.text.find(w).unwrap()), "{w}");
        }
    }
}
