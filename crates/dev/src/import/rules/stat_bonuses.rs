//! Values a card adds to its ship's Shield or Hull Value
//! (`rules.stat_bonuses`): the ship's starting values, which the resources
//! priced from the fleet read ("the total combined starting Shield Values
//! of all ships in your fleet", Emergency Force Field R020;
//! shared/rules/staw.md: "starting" values include what cards add).
//!
//! - "Your starting Shield Value is at +1" (Systems Upgrade T057);
//! - "Increase this ship's Shield Value by 1" (Temporal Shielding T296),
//!   "... by +1" (Systems Upgrade Q036, Front Line Retrofit R040), "+1 to
//!   Shield and Captain Skill values" (Rs40, the card of R040 on its ship);
//! - "Add +2 to this ship's Hull Value" (Reinforced Hull T286), "Add +1 to
//!   your ship's Shield value" (Immersion Shielding T026), "Add +1 to this
//!   Ships Hull value" (Fleet Commander R033b);
//! - "Your Primary Weapon and Shield values are at +1" (Assault Vessel
//!   Upgrade T053), "... Hull values are each at +1" (Combat Vessel Variant
//!   T201): the Shield or Hull part (no rule reads a raised Primary Weapon
//!   Value);
//! - "Replace the Shield Value of this ship with its printed Shield Value
//!   +2" (Type-3 Galor Class T262).
//!
//! - "* Miranda Class, Excelsior Class, or Galaxy Class - Increase this
//!   ship's Hull Value by 1" (Dominion War Retrofit Con004: an effect
//!   listed for some ships): the bonus holds on those ships only (`when`);
//!   a list of ships the importer cannot read gives no bonus.
//!
//! The "Hull Value ... is considered to be +1" of a ship with a Mission
//! Token (Improved Hull R029) is play, not a starting value; "+1 to either
//! its Shield or Hull value" (Fleet Commander R033) is the player's choice,
//! which its two cards R033a and R033b make.
//!
//! ```toml
//! [[card.rules.stat_bonuses]]
//! stat = "shields"
//! amount = 1
//! ```

use super::{span_of, target, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{Condition, StatBonus};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "stat_bonuses",
    apply,
};

/// "Increase this ship's Shield Value by 1", "Add +2 to this ship's Hull
/// Value": the amount before (`add`) or after (`increase`) the stat.
static RAISE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:increase|add \+?(\d+) to) (?:this|your) ships?'?s? (?:starting )?(shield|hull) values?(?: by \+?(\d+))?",
    )
    .unwrap()
});
/// "Your starting Shield Value is at +1", "Your Primary Weapon and Hull
/// values are each at +1".
static AT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\byour (?:starting )?((?:primary weapon|shield|hull)(?: and (?:primary weapon|shield|hull))?) values? (?:is|are) (?:each )?at \+(\d+)",
    )
    .unwrap()
});
/// "Adds 1 [weapon] slot and +1 to Shield and Captain Skill values"
/// (Front Line Retrofit Rs40).
static PLUS_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\+(\d+) to (shield|hull)(?: and [a-z ]+?)? values?\b").unwrap()
});
/// "Replace the Shield Value of this ship with its printed Shield Value
/// +2".
static REPLACE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\breplace the (shield|hull) value of this ship with its printed (?:shield|hull) value \+\s?(\d+)",
    )
    .unwrap()
});

/// The stat a word of card text names, if one a rule reads.
fn stat(word: &str) -> Option<&'static str> {
    match word.trim().to_lowercase().as_str() {
        "shield" => Some("shields"),
        "hull" => Some("hull"),
        _ => None,
    }
}

/// The ships an effect is listed for, when the phrase at `start` of the
/// sentence follows such a list ("* Miranda Class, ... - "): `Some(None)`
/// when it follows none, `None` when the list names no ship the importer
/// knows.
fn listed_for(cx: &Cx, sentence: &str, start: usize) -> Option<Option<Condition>> {
    let before = sentence[..start].trim_end();
    let Some(list) = before.strip_suffix('-') else {
        return Some(None);
    };
    let list = list.trim().trim_start_matches('*').replace(" ,", ",");
    target::ship(cx, list.trim()).map(Some)
}

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found: Vec<StatBonus> = Vec::new();
    let mut spans = Vec::new();
    // Whether the phrase gave a bonus.
    let mut push = |stat: Option<&str>, amount: Option<&str>, when: Option<Condition>| -> bool {
        let amount = amount
            .and_then(|a| a.parse::<i32>().ok())
            .filter(|a| *a > 0);
        let (Some(stat), Some(amount)) = (stat, amount) else {
            return false;
        };
        found.push(StatBonus {
            stat: stat.to_string(),
            amount,
            when,
        });
        true
    };
    for (at, t) in s.text.sentences() {
        for c in RAISE.captures_iter(t) {
            let amount = c.get(1).or(c.get(3)).map(|m| m.as_str());
            let start = c.get(0).map_or(0, |m| m.start());
            let Some(when) = listed_for(cx, t, start) else {
                continue;
            };
            if push(stat(&c[2]), amount, when) {
                spans.push(span_of(&c, at));
            }
        }
        for c in AT.captures_iter(t) {
            // Every stat named, those a rule reads kept.
            let mut any = false;
            for word in c[1].split(" and ") {
                any |= push(stat(word), Some(&c[2]), None);
            }
            if any {
                spans.push(span_of(&c, at));
            }
        }
        for c in PLUS_TO.captures_iter(t) {
            if push(stat(&c[2]), Some(&c[1]), None) {
                spans.push(span_of(&c, at));
            }
        }
        for c in REPLACE.captures_iter(t) {
            if push(stat(&c[1]), Some(&c[2]), None) {
                spans.push(span_of(&c, at));
            }
        }
    }
    s.text.consume_all(spans);
    s.card.rules.stat_bonuses.extend(found);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn bonuses(text: &str) -> Vec<StatBonus> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s.card.rules.stat_bonuses
    }

    fn run(text: &str) -> Vec<(String, i32)> {
        bonuses(text)
            .into_iter()
            .inspect(|b| assert_eq!(b.when, None, "{text}"))
            .map(|b| (b.stat, b.amount))
            .collect()
    }

    fn one(stat: &str, amount: i32) -> Vec<(String, i32)> {
        vec![(stat.to_string(), amount)]
    }

    #[test]
    fn real_phrases() {
        // T057 Systems Upgrade
        assert_eq!(run("You may fill any slot on your Upgrade Bar with this Upgrade. Add 1 [tech] icon to your Upgrade Bar. Your starting Shield Value is at +1. This Upgrade may only be purchased for a Federation ship."), one("shields", 1));
        // T296 Temporal Shielding
        assert_eq!(run("Increase this ship's Shield Value by 1. This ship's Shields cannot be ignored by attacks made with [weapon] Upgrades."), one("shields", 1));
        // T184 Enhanced Shield Emitters, T170 Metaphasic Shields
        assert_eq!(
            run("Increase this ship's Shield Value by 2. COMBAT PHASE: You may flip up to 2 Disabled Shield Tokens."),
            one("shields", 2)
        );
        assert_eq!(
            run("Increase this ships Shield Value by 1. Discard this card when this ship has no Active Shields."),
            one("shields", 1)
        );
        // Q036 Systems Upgrade, Con004 Dominion War Retrofit
        assert_eq!(run("Add 1 [tech] to this ship's Upgrade Bar and Increase this ship's Shield Value by +1."), one("shields", 1));
        assert_eq!(run("Add 1 [tech], [weapon], or [crew] to this ship's Upgrade Bar and increase this ship's Shield Value by 1."), one("shields", 1));
        // T286 Reinforced Hull, T253 Reinforced Shielding, T025 Unimatrix
        // Shielding, R033b Fleet Commander
        assert_eq!(run("Add +2 to this ship's Hull Value."), one("hull", 2));
        assert_eq!(
            run("Add +2 to this ship's Shield Value."),
            one("shields", 2)
        );
        assert_eq!(run("Add +2 to your ship's Shield value. When defending against an attack from a Borg ship, you may disable up to 2 of your Active Shields."), one("shields", 2));
        assert_eq!(
            run("Captain's Skill is increased +1. Add +1 to this Ships Hull value."),
            one("hull", 1)
        );
        // T053 Assault Vessel Upgrade, T201 Combat Vessel Variant
        assert_eq!(
            run("Your Primary Weapon and Shield values are at +1."),
            one("shields", 1)
        );
        assert_eq!(run("Your Primary Weapon and Hull values are each at +1. In addition, during the Activation Phase, you may perform a 5 [forward] Maneuver."), one("hull", 1));
        // Rs40 Front Line Retrofit (its ship's card)
        assert_eq!(
            run("Ship must have a hull of Hull 3 or less. Adds 1 [weapon] slot and +1 to Shield and Captain Skill values"),
            one("shields", 1)
        );
        // T262 Type-3 Galor Class
        assert_eq!(
            run("Replace the Shield Value of this ship with its printed Shield Value +2."),
            one("shields", 2)
        );
    }

    #[test]
    fn an_effect_listed_for_some_ships() {
        // Con004 Dominion War Retrofit (icons become their titles).
        let b = bonuses("Add 1 [tech], [weapon], or [crew] to this ship's Upgrade Bar and increase this ship's Shield Value by 1.\nIf equipped to 1 of the following non- Borg ships gain the listed effect:\n* Defiant Class or Intrepid Class - Increase this ship's Hull Value by 1.");
        assert_eq!(b.len(), 2);
        assert_eq!(
            (b[0].stat.as_str(), b[0].amount, &b[0].when),
            ("shields", 1, &None)
        );
        assert_eq!((b[1].stat.as_str(), b[1].amount), ("hull", 1));
        assert_eq!(
            b[1].when,
            Some(Condition::ShipClass {
                any: vec!["5003".into(), "intrepid_class".into()]
            })
        );
        // Ships the importer does not know: no bonus.
        assert!(bonuses("* Quux Class - Increase this ship's Hull Value by 1.").is_empty());
    }

    #[test]
    fn play_and_choices_are_no_starting_values() {
        // R029 Improved Hull, R033 Fleet Commander, W240, S059.
        assert!(run("For the remainder of the game, the Hull Value of each ship with a Mission Token on its Ship Card is considered to be +1.").is_empty());
        assert!(run("In addition, the ship to which the 2nd Captain is assigned gains +1 to either its Shield or Hull value (max 6 Hull).").is_empty());
        assert!(run("The Attack Value of this [weapon] is equal to the Defending ship's Printed Hull Value +1.").is_empty());
        assert!(run("All friendly Kazon ships with a Hull value of 4 or less within Range 1-2 of this ship gain +1 defense die.").is_empty());
    }
}
