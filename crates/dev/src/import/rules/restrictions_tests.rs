//! Tests of `data::import::rules::restrictions`.

use super::super::testing::{cx, subject};
use super::*;
use serde_json::json;

fn run(text: &str, extra: serde_json::Value) -> Subject<'static> {
    let mut s = subject("X1", text, extra);
    apply(&cx(), &mut s).unwrap();
    s
}

#[test]
fn vulcan_commandos_vulcan_ship() {
    // C005 Vulcan Commandos (flag and text).
    let s = run(
        "This Upgrade may only be purchased for a Vulcan ship.",
        json!({"shipVulcan": true}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipFaction {
            any: vec!["vulcan".into()]
        }]
    );
    assert!(s.text.is_consumed(s.text.text.find("may").unwrap()));
}

#[test]
fn captain_assigned_to_ship() {
    let s = run(
        "This Upgrade may only be purchased for a Klingon Captain assigned to a Klingon ship.",
        json!({}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![
            Condition::CaptainFaction {
                any: vec!["klingon".into()]
            },
            Condition::ShipFaction {
                any: vec!["klingon".into()]
            }
        ]
    );
}

#[test]
fn ramming_attack_hull_flag_and_text() {
    // E007-style: "Hull value of 3 or less" plus hullConstraint "3-".
    let s = run(
        "This Upgrade may only be purchased for a ship with a Hull value of 3 or less.",
        json!({"hullConstraint": "3-"}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::HullAtMost { value: 3 }]
    );
}

#[test]
fn class_flags_and_only_notes() {
    let s = run(
        "COMBAT PHASE: Friendly ships may treat your [target-lock] Tokens as their own.\nK'Vort Class and B'Rel Class Only",
        json!({"kvortLimit": true, "brelLimit": true}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipClass {
            any: vec!["5018".into(), "5020".into()]
        }]
    );
    let s = run("(Romulan Drone Ship Only)", json!({}));
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipClass {
            any: vec!["romulan_drone_ship".into()]
        }]
    );
}

#[test]
fn stat_flags() {
    let s = run(
        "",
        json!({"csConstraint": "5-", "attackConstraint": "3-", "shieldConstraint": "3+"}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![
            Condition::ShieldsAtLeast { value: 3 },
            Condition::AttackAtMost { value: 3 },
            Condition::CaptainSkillAtMost { value: 5 },
        ]
    );
    let mut bad = subject("X2", "", json!({"hullConstraint": "3"}));
    assert!(apply(&cx(), &mut bad).is_err());
}

#[test]
fn unknown_targets_stay_unconsumed() {
    // Vidiian is neither a faction nor a species of the database.
    let s = run(
        "This upgrade may only be purchased by Loskene or any other Vidiian Captain.",
        json!({}),
    );
    assert!(s.card.rules.restrictions.is_empty());
    assert!(!s.text.is_consumed(10));
}

#[test]
fn species_captains() {
    // E103 Tholian Punctuality, E051 Tholian Assembly.
    let s = run(
        "This upgrade may only be purchased by Loskene or any other Tholian Captain.",
        json!({}),
    );
    let loskene = Condition::AnyOf {
        any: vec![
            Condition::CaptainName {
                any: vec!["Loskene".into()],
            },
            Condition::CaptainSpecies {
                any: vec!["tholian".into()],
            },
        ],
    };
    assert_eq!(s.card.rules.restrictions, vec![loskene.clone()]);
    assert!(s.text.is_consumed(s.text.text.find("may").unwrap()));
    let s = run(
        "This Upgrade may only be purchased for Loskene or any other Tholian Captain on a Xindi Weapon.",
        json!({}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![
            loskene,
            Condition::ShipClass {
                any: vec!["71225".into()]
            }
        ]
    );
}

#[test]
fn captain_skill_action_and_typos() {
    // R039a Captain's Chair
    let s = run("This card can only be assigned to a ship that has a Captain with a printed Captain Skill of 5 or higher.", json!({}));
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::CaptainSkillAtLeast { value: 5 }]
    );
    // R042 Sick Bay
    let s = run(
        "This card can only be assigned to one of your ships that has a Hull Value of 4 or more.",
        json!({}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::HullAtLeast { value: 4 }]
    );
    // E145 Standby Battle Stations
    let s = run("This card may only be purchased for a ship that has the [battlestations] icon on its Action Bar", json!({}));
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipAction {
            action: "battlestations".into()
        }]
    );
    // Q003 Astrogator: the restriction ends at "and you may".
    let s = run("This Upgrade may only be purchased for a Raptor Class ship and you may fill a [crew] or [weapon] slot on your Upgrade Bar with this Upgrade.", json!({}));
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipClass {
            any: vec!["raptor_class".into()]
        }]
    );
}

#[test]
fn faction_flagships_and_fleet_captains() {
    let mut s = subject(
        "R004a",
        "",
        json!({"type": "flagship", "factions": ["romulan"], "attack": 1, "agility": 1, "hull": 0, "shields": 1, "cost": 10}),
    );
    apply(&cx(), &mut s).unwrap();
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::ShipFaction {
            any: vec!["romulan".into()]
        }]
    );
    let mut s = subject(
        "R010d",
        "",
        json!({"type": "fleet-captain", "factions": ["klingon"], "cost": 5}),
    );
    apply(&cx(), &mut s).unwrap();
    assert_eq!(
        s.card.rules.restrictions,
        vec![
            Condition::CaptainFaction {
                any: vec!["klingon".into()]
            },
            Condition::ShipFaction {
                any: vec!["klingon".into()]
            }
        ]
    );
    let mut s = subject(
        "R004i",
        "",
        json!({"type": "flagship", "factions": ["independent"], "attack": 1, "agility": 0, "hull": 1, "shields": 1, "cost": 10}),
    );
    apply(&cx(), &mut s).unwrap();
    assert!(s.card.rules.restrictions.is_empty());
}

#[test]
fn negated_targets() {
    // E078 Borg Alliance
    let s = run(
        "This Upgrade may only be purchased for a non-Borg ship with a non-Borg Captain.",
        json!({}),
    );
    let not = |c| Condition::Not { not: Box::new(c) };
    assert_eq!(
        s.card.rules.restrictions,
        vec![
            not(Condition::ShipFaction {
                any: vec!["borg".into()]
            }),
            not(Condition::CaptainFaction {
                any: vec!["borg".into()]
            })
        ]
    );
    // Q004 Unremarkable Species
    let s = run(
        "This Upgrade does not require an Upgrade slot and my not be deployed to a Borg ship.",
        json!({}),
    );
    assert_eq!(
        s.card.rules.restrictions,
        vec![not(Condition::ShipFaction {
            any: vec!["borg".into()]
        })]
    );
    assert!(s.text.is_consumed(s.text.text.find("my not").unwrap()));
    // A044: "the same ship" is no target.
    let s = run(
        "Both Admirals may not be equipped to the same ship.",
        json!({}),
    );
    assert!(s.card.rules.restrictions.is_empty());
}

#[test]
fn ship_must_have() {
    // Rs40 Front Line Retrofit.
    let s = run("Ship must have a hull of Hull 3 or less", json!({}));
    assert_eq!(
        s.card.rules.restrictions,
        vec![Condition::HullAtMost { value: 3 }]
    );
}
