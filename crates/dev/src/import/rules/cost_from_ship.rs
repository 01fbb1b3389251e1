//! Cost from the ship's stats (`rules.cost_from_ship`): "The cost and
//! Attack Value of this [weapon] are equal to this ship's Primary Weapon
//! Value" (attack, plus 0), "the cost of this [weapon] is equal to this
//! ship's Primary Weapon Value +1" (plus 1), "the SP cost of this card is
//! equal to this ship's printed Hull Value +2" (hull, plus 2), "The
//! Attack Value and cost of this [weapon] are this ship's Printed Primary
//! Weapon Value" (W199, attack). Any card type: a weapon, a starship
//! construction.
//!
//! ```toml
//! [card.rules.cost_from_ship]
//! stat = "attack"
//! plus = 1
//! ```

use super::{span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::CostFromShip;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "cost_from_ship",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:sp )?(?:cost(?: and attack value)?|attack value and cost)(?: of this (?:card|upgrade|\[[a-z]+\]))? (?:is|are) (?:equal to )?(?:this|the) ships?'?s? (?:printed )?(primary weapon|hull|shields?|agility) value(?:\s*([+-])\s*(\d+))?",
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = None;
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in PHRASE.captures_iter(t) {
            let stat = match c[1].to_lowercase().as_str() {
                "primary weapon" => "attack",
                "hull" => "hull",
                "agility" => "agility",
                _ => "shields",
            };
            let n: i32 = c.get(3).map_or(0, |m| m.as_str().parse().unwrap_or(0));
            let plus = if c.get(2).is_some_and(|m| m.as_str() == "-") {
                -n
            } else {
                n
            };
            found = Some(CostFromShip {
                stat: stat.to_string(),
                plus,
            });
            spans.push(span_of(&c, at));
        }
    }
    s.text.consume_all(spans);
    if found.is_some() {
        s.card.rules.cost_from_ship = found;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Option<CostFromShip> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s.card.rules.cost_from_ship
    }

    fn cfs(stat: &str, plus: i32) -> Option<CostFromShip> {
        Some(CostFromShip {
            stat: stat.into(),
            plus,
        })
    }

    #[test]
    fn real_phrases() {
        // W231 Torpedo Fusillade
        assert_eq!(run("The cost and Attack Value of this [weapon] are equal to this ship's Primary Weapon Value."), cfs("attack", 0));
        // W223 Dorsal Phaser Array
        assert_eq!(run("The Attack Value of this [weapon] is equal to this ship's Primary Weapon Value and the cost of this [weapon] is equal to this ship's Primary Weapon Value +1."), cfs("attack", 1));
        // W057 Dorsal Phaser Array (older printing)
        assert_eq!(run("This Upgrade may only be purchased for a Federation ship with a Hull Value of 4 or greater and the SP cost is equal to the ship's Primary Weapon Value +1."), cfs("attack", 1));
        // W199 Bio-Molecular Torpedo
        assert_eq!(run("The Attack Value and cost of this [weapon] are this ship's Printed Primary Weapon Value."), cfs("attack", 0));
        // W226 Quantum Torpedoes: its attack only, not its cost.
        assert_eq!(
            run("The Attack Value of this [weapon] is this ship's Primary Weapon Value +1."),
            None
        );
        // W156
        assert_eq!(run("This Upgrade may only be purchased for a Xindi ship and the SP cost is equal to the ships Primary Weapon Value."), cfs("attack", 0));
        // Con002 Ablative Generator
        assert_eq!(run("This card can only be equipped to a Unique/Mirror Unique ship and the SP cost of this card is equal to this ship's printed Hull Value +2."), cfs("hull", 2));
        assert_eq!(run("Roll a number of attack dice equal to the printed SP cost of the target [crew] Upgrade."), None);
    }
}
