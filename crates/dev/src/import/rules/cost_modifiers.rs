//! Additional costs (`rules.cost_modifiers`): the card costs `amount` more
//! unless (or when) a condition holds for its ship or captain.
//!
//! From flags: `cost<Faction> = "+2"` is +2 unless the ship is of that
//! faction (Romulan Ale: `costRomulan = "+3"`); `costHirogen` names the
//! Hirogen Warship class.
//!
//! From text, "costs +N SP" (or "Squadron Points", or no unit) followed by:
//! - "for any ship other than <ship>" / "if purchased for any ship that is
//!   not <ship>" -> unless that ship (name, faction or class);
//! - "for any non-<X> ship" / "if purchased for a non-<X> ship" -> unless X;
//! - "if not equipped to (either) a <A>, <B> or <C> ship" -> unless any;
//! - "if purchased for a Captain with a Skill greater than N" -> when the
//!   captain's skill is at least N+1;
//! - "for any Captain other than <captain>" -> unless that captain (a name,
//!   a faction or a species: "Karr or a Hirogen Captain");
//! - "If the Captain's card does not have an [talent] icon, this Upgrade
//!   costs +1 SP" -> unless the captain shows a talent icon.
//!
//! ```toml
//! [[card.rules.cost_modifiers]]
//! amount = 5
//! unless = { kind = "ship-name", any = ["U.S.S. Defiant"] }
//! ```

use super::target::{self, strip_article};
use super::{faction_of_flag, push_all_unique, push_unique, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{Condition, CostModifier};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "cost_modifiers",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bcosts? \+\s?(\d+)\s?(?:sp|squadron points?)?,? (if purchased for|if equipped to|if not equipped to|for|when purchased for) (.+?)\s*(?:\.?\s*$|,? and (?:no ship|may only|cannot|the sp|it)\b)",
    )
    .unwrap()
});
static NON: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:any |a |an )?non[- ]?(.+)$").unwrap());
static OTHER_THAN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:any|a|an) (?:ship|squadron) (?:other than|that is not|except) (.+)$")
        .unwrap()
});
/// "If the Captain's card does not have an [talent] icon, this Upgrade
/// costs +1 SP" (Covert Mission E133).
static NO_TALENT_ICON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bif the captain'?s card does not have an? \[talent\] icon, this upgrade costs \+\s?(\d+)\s?sp\b").unwrap()
});
/// "for any Captain other than Karr or a Hirogen Captain" (E056).
static CAPTAIN_OTHER_THAN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:any|a|an) captain (?:other than|except) (.+)$").unwrap());
static SKILL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^a captain with a (?:captain )?skill (?:greater|higher) than (\d+)$").unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = Vec::new();
    for (key, v) in s.raw.obj.iter() {
        let Some(f) = key.strip_prefix("cost").filter(|f| !f.is_empty()) else {
            continue;
        };
        // `costHirogen` names no faction but the Hirogen Warship class.
        let unless = match faction_of_flag(f) {
            Some(faction) => Condition::ShipFaction {
                any: vec![faction.to_string()],
            },
            None => match cx.classes.lookup_family(f) {
                ids if !ids.is_empty() => Condition::ShipClass { any: ids },
                _ => return Err(s.raw.error(format!("unknown cost flag `{key}`"))),
            },
        };
        let amount = v
            .as_str()
            .and_then(|a| a.trim().trim_start_matches('+').parse::<i32>().ok())
            .filter(|a| *a != 0)
            .ok_or_else(|| s.raw.error(format!("`{key}` has an unknown value {v}")))?;
        found.push(CostModifier {
            amount,
            when: None,
            unless: Some(unless),
        });
    }
    let mut spans = Vec::new();
    for (at, sentence) in s.text.sentences() {
        if let Some(c) = NO_TALENT_ICON.captures(sentence) {
            let amount: i32 = c[1].parse().unwrap_or(0);
            if amount != 0 {
                push_unique(
                    &mut found,
                    CostModifier {
                        amount,
                        when: None,
                        unless: Some(Condition::CaptainTalentsAtLeast { value: 1 }),
                    },
                );
                spans.push(span_of(&c, at));
            }
        }
        for c in PHRASE.captures_iter(sentence) {
            let amount: i32 = c[1].parse().unwrap_or(0);
            if amount == 0 {
                continue;
            }
            if let Some(m) = modifier(cx, amount, &c[2], &c[3]) {
                push_unique(&mut found, m);
                let whole = c.get(0).map_or(0..0, |m| m.range());
                let target_end = c.get(3).map_or(0, |m| m.end());
                spans.push((at + whole.start, at + target_end));
            }
        }
    }
    s.text.consume_all(spans);
    push_all_unique(&mut s.card.rules.cost_modifiers, found);
    Ok(())
}

/// The modifier for "+amount <connector> <target>", if understood.
pub fn modifier(cx: &Cx, amount: i32, connector: &str, target: &str) -> Option<CostModifier> {
    let connector = connector.to_lowercase();
    let target = target.trim();
    let unless = |c| CostModifier {
        amount,
        when: None,
        unless: Some(c),
    };
    if connector == "if not equipped to" {
        return ship_loose(cx, target).map(unless);
    }
    if let Some(c) = SKILL.captures(target) {
        let n: i32 = c[1].parse().ok()?;
        return Some(CostModifier {
            amount,
            when: Some(Condition::CaptainSkillAtLeast { value: n + 1 }),
            unless: None,
        });
    }
    if let Some(c) = OTHER_THAN.captures(target) {
        return ship_loose(cx, &c[1]).map(unless);
    }
    if let Some(c) = CAPTAIN_OTHER_THAN.captures(target) {
        let mut conds = target::captain(cx, &c[1])?;
        return (conds.len() == 1).then(|| unless(conds.remove(0)));
    }
    if let Some(c) = NON.captures(target) {
        let rest = c[1].trim();
        return ship_loose(cx, rest).map(unless);
    }
    None
}

/// A ship phrase, allowing a faction adjective before a class or name ("a
/// Federation Oberth Class": the class decides).
fn ship_loose(cx: &Cx, phrase: &str) -> Option<Condition> {
    let p = strip_article(phrase);
    let p = p.strip_prefix("either ").map_or(p, strip_article);
    if let Some(c) = target::ship(cx, p) {
        return Some(c);
    }
    let (first, rest) = p.split_once(' ')?;
    super::faction_of(first)?;
    match target::ship(cx, rest)? {
        c @ (Condition::ShipClass { .. } | Condition::ShipName { .. }) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str, extra: serde_json::Value) -> Subject<'static> {
        let mut s = subject("X1", text, extra);
        apply(&cx(), &mut s).unwrap();
        s
    }

    fn unless(amount: i32, c: Condition) -> CostModifier {
        CostModifier {
            amount,
            when: None,
            unless: Some(c),
        }
    }

    #[test]
    fn cloaking_device_t240() {
        let s = run("Instead of performing a normal Action, you may disable this card to perform the [cloak] Action.\nThis Upgrade costs +5 Squadron Points for any ship other than the U.S.S. Defiant.", json!({}));
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::ShipName {
                    any: vec!["U.S.S. Defiant".into()]
                }
            )]
        );
        let at = s.text.text.find("costs +5").unwrap();
        assert!(s.text.is_consumed(at));
    }

    #[test]
    fn romulan_ale_flag() {
        let s = run("", json!({"costRomulan": "+3"}));
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                3,
                Condition::ShipFaction {
                    any: vec!["romulan".into()]
                }
            )]
        );
        let mut bad = subject("X2", "", json!({"costRomulan": "lots"}));
        assert!(apply(&cx(), &mut bad).is_err());
    }

    #[test]
    fn non_faction_and_class_variants() {
        let s = run(
            "This Upgrade costs +5 SP if purchased for any non-Borg ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::ShipFaction {
                    any: vec!["borg".into()]
                }
            )]
        );
        // W103 Phased Polaron Beam.
        let s = run(
            "This Upgrade costs +5 Squadron Points for any non-Jem'Hadar ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::ShipClass {
                    any: vec![
                        "5014".into(),
                        "jem_hadar_battle_cruiser".into(),
                        "jem_hadar_battleship".into()
                    ]
                }
            )]
        );
        // T233: "non-Keldon class".
        let s = run(
            "This Upgrade costs +5 Squadron Points for any non-Keldon class ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::ShipClass {
                    any: vec!["5021".into()]
                }
            )]
        );
    }

    #[test]
    fn either_class_list() {
        // T300 Astrometrics Lab (one icon title is "??": not modeled).
        let s = run(
            "This Upgrade costs +2 SP if not equipped to either a Intrepid Class, Sovereign Class, or Galaxy Class ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                2,
                Condition::ShipClass {
                    any: vec![
                        "intrepid_class".into(),
                        "sovereign_class".into(),
                        "5000".into()
                    ]
                }
            )]
        );
        let s = run(
            "This Upgrade costs +2 SP if not equipped to either a Intrepid Class, Sovereign Class, or ?? Class ship.",
            json!({}),
        );
        assert!(s.card.rules.cost_modifiers.is_empty());
    }

    #[test]
    fn captain_skill() {
        // E060.
        let s = run(
            "This Upgrade costs +5 SP if purchased for a Captain with a Skill greater than 5.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![CostModifier {
                amount: 5,
                when: Some(Condition::CaptainSkillAtLeast { value: 6 }),
                unless: None
            }]
        );
    }

    #[test]
    fn captain_other_than_a_name_or_a_species() {
        // E056 Intercept Course.
        let s = run("This Upgrade may only be purchased for a Hirogen ship and costs +5 SP for any Captain other than Loskene or a Tholian Captain.", json!({}));
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::AnyOf {
                    any: vec![
                        Condition::CaptainName {
                            any: vec!["Loskene".into()]
                        },
                        Condition::CaptainSpecies {
                            any: vec!["tholian".into()]
                        }
                    ]
                }
            )]
        );
        let at = s.text.text.find("costs +5").unwrap();
        assert!(s.text.is_consumed(at));
    }

    #[test]
    fn captain_without_a_talent_icon() {
        // E133 Covert Mission.
        let s = run("This Upgrade may be fielded by any Captain. If the Captain's card does not have an [talent] icon, this Upgrade costs +1 SP. During the End Phase of each round, place 1 Mission Token on this card (max 3).", json!({}));
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(1, Condition::CaptainTalentsAtLeast { value: 1 })]
        );
        assert!(s.text.is_consumed(s.text.text.find("If the").unwrap()));
    }

    #[test]
    fn combined_with_restriction() {
        // W085: the restriction is the other kind's; this one takes the cost.
        let s = run("This Upgrade may only be purchased for a ship with a Hull value of 3 or less and costs +5 SP for any ship other than a Bajoran Interceptor.", json!({}));
        assert_eq!(
            s.card.rules.cost_modifiers,
            vec![unless(
                5,
                Condition::ShipClass {
                    any: vec!["bajoran_interceptor".into()]
                }
            )]
        );
    }
}
