//! Cost from the fleet's ships (`rules.cost_from_fleet`), a resource that
//! prices itself: "The cost of this resource is a number of SP equal to
//! the total combined starting Shield Values of all ships in your fleet
//! divided by 2 (round up)" (R020: shields, starting, half the total;
//! R029 says the same of "starting Hull values"), and "This resource
//! costs 3 SP plus 2 SP for each Hull Value greater than 3" (R024: hull,
//! printed, 3 plus 2 for each ship whose hull is above 3, as
//! shared/rules/staw.md "Resources" reads it).
//!
//! ```toml
//! [card.rules.cost_from_fleet]
//! stat = "shields"
//! starting = true
//! half_total = true
//!
//! [card.rules.cost_from_fleet]
//! stat = "hull"
//! base = 3
//! per_ship = 2
//! above = 3
//! ```

use super::{span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::CostFromFleet;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "cost_from_fleet",
    apply,
};

/// "The cost of this resource is a number of SP equal to the total
/// combined [starting] <stat> values of all [of your] ships in your fleet
/// divided by 2 (round up) | rounding up".
static HALF_TOTAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bthe cost of this (?:resource|card) is a number of sp equal to the total combined (starting )?(shield|hull) values? of all (?:of your )?ships in your fleet divided by 2,? (?:\(round(?:ed|ing)? up\)|round(?:ed|ing)? up)",
    )
    .unwrap()
});

/// "This resource costs 3 SP plus 2 SP for each [starting] <stat> Value
/// greater than 3".
static PER_SHIP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bthis (?:resource|card) costs (\d+) sp plus (\d+) sp for each (starting )?(shield|hull) values? (?:greater than|above) (\d+)",
    )
    .unwrap()
});

fn stat(word: &str) -> String {
    if word.eq_ignore_ascii_case("hull") {
        "hull".into()
    } else {
        "shields".into()
    }
}

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let number = |m: Option<regex::Match>| m.map_or(0, |m| m.as_str().parse().unwrap_or(0));
    let mut found = None;
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in HALF_TOTAL.captures_iter(t) {
            found = Some(CostFromFleet {
                stat: stat(&c[2]),
                starting: c.get(1).is_some(),
                half_total: true,
                base: 0,
                per_ship: 0,
                above: 0,
            });
            spans.push(span_of(&c, at));
        }
        for c in PER_SHIP.captures_iter(t) {
            found = Some(CostFromFleet {
                stat: stat(&c[4]),
                starting: c.get(3).is_some(),
                half_total: false,
                base: number(c.get(1)),
                per_ship: number(c.get(2)),
                above: number(c.get(5)),
            });
            spans.push(span_of(&c, at));
        }
    }
    s.text.consume_all(spans);
    if found.is_some() {
        s.card.rules.cost_from_fleet = found;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Option<CostFromFleet> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s.card.rules.cost_from_fleet
    }

    fn half(stat: &str) -> Option<CostFromFleet> {
        Some(CostFromFleet {
            stat: stat.into(),
            starting: true,
            half_total: true,
            base: 0,
            per_ship: 0,
            above: 0,
        })
    }

    #[test]
    fn real_phrases() {
        // R020 Emergency Force Field
        assert_eq!(run("If a ship uses either ability, place an Auxiliary Power Token beside that ship. The cost of this resource is a number of SP equal to the total combined starting Shield Values of all ships in your fleet divided by 2 (round up). For example, if your fleet has a total combined Shield Value of 15, the cost of this resource would be 8."), half("shields"));
        // R029 Improved Hull
        assert_eq!(run("The cost of this resource is a number of SP equal to the total combined starting Hull values of all of your ships in your fleet divided by 2 rounding up. For example if your fleet has a total combined hull value of 15, the cost of this resource would be 8."), half("hull"));
        // R024 Main Power Grid
        assert_eq!(
            run("This card explains the rules for the Main Power Grid Resource Card and serves as a reference to remind players of its effect. This resource costs 3 SP plus 2 SP for each Hull Value greater than 3."),
            Some(CostFromFleet {
                stat: "hull".into(),
                starting: false,
                half_total: false,
                base: 3,
                per_ship: 2,
                above: 3,
            })
        );
    }

    #[test]
    fn other_costs_are_not_from_the_fleet() {
        // R020's worked example, alone: no rule.
        assert_eq!(
            run("For example, if your fleet has a total combined Shield Value of 15, the cost of this resource would be 8."),
            None
        );
        // W231 Torpedo Fusillade: a cost from its own ship (cost_from_ship).
        assert_eq!(
            run("The cost and Attack Value of this [weapon] are equal to this ship's Primary Weapon Value."),
            None
        );
    }

    #[test]
    fn the_phrases_are_rule_phrases_and_modeled() {
        for text in [
            "The cost of this resource is a number of SP equal to the total combined starting Shield Values of all ships in your fleet divided by 2 (round up).",
            "This resource costs 3 SP plus 2 SP for each Hull Value greater than 3.",
        ] {
            // Unread, the detector reports the phrase; read, nothing is left.
            let mut s = subject("X1", text, json!({}));
            super::super::detect::fill_unmodeled(&mut s);
            assert_eq!(s.card.rules.unmodeled, ["cost"], "{text}");
            let mut s = subject("X1", text, json!({}));
            apply(&cx(), &mut s).unwrap();
            super::super::detect::fill_unmodeled(&mut s);
            assert!(s.card.rules.unmodeled.is_empty(), "{text}");
        }
    }
}
