//! Tests of `staw::condition`.

use super::*;

fn ship(factions: &[&str], hull: i32, name: &str) -> Card {
    Card {
        id: "S1".into(),
        name: name.into(),
        factions: factions.iter().map(|s| s.to_string()).collect(),
        hull: Some(hull),
        ..Card::default()
    }
}

#[test]
fn conditions_on_a_ship_and_on_no_ship() {
    let s = ship(&["vulcan"], 3, "Ni'Var");
    let view = ShipView {
        ship: &s,
        factions: &s.factions,
        captain: None,
        captain_factions: &[],
        sub_factions: true,
        entry: None,
        class: None,
        dial: None,
        other_factions: &[],
    };
    let fed = Condition::ShipFaction {
        any: vec!["federation".into()],
    };
    assert!(view.holds(&fed));
    assert!(view.holds(&Condition::HullAtMost { value: 3 }));
    assert!(!view.holds(&Condition::HullAtLeast { value: 4 }));
    assert!(view.holds(&Condition::ShipName {
        any: vec!["ni’var".into()]
    }));
    assert!(!view.holds(&Condition::CaptainSkillAtMost { value: 9 }));
    assert!(!Holder::None.holds(&fed));
    assert!(!Holder::None.holds(&Condition::HullAtMost { value: 99 }));
    assert!(Holder::None.holds(&Condition::Not {
        not: Box::new(fed.clone())
    }));
    assert!(view.holds(&Condition::Not {
        not: Box::new(Condition::HullAtLeast { value: 4 })
    }));
    assert_eq!(describe(&Database::default(), &fed), "a Federation ship");
}

// ---- messages: one test per condition kind, with the exact text --------

use crate::fleet::{Placed, ShipEntry};
use fleetcheck_data::model::ShipClass;

fn card(id: &str, name: &str, factions: &[&str]) -> Card {
    Card {
        id: id.into(),
        name: name.into(),
        factions: factions.iter().map(|s| s.to_string()).collect(),
        ..Card::default()
    }
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|s| s.to_string()).collect()
}

/// The cards and classes of the message tests: the U.S.S. Enterprise-D
/// (Galaxy Class: dial to speed 4, no rear arc) with Jean-Luc Picard,
/// the admiral K'Mpec and Data.
struct Scene {
    db: Database,
    ship: Card,
    captain: Card,
    admiral: Card,
    data: Card,
}

fn scene() -> Scene {
    let class = |id: &str, name: &str| ShipClass {
        id: id.into(),
        name: name.into(),
        front_arc: Some(90),
        max_speed: Some(4),
        maneuvers: strings(&["straight", "bank", "turn", "reverse"]),
        ..ShipClass::default()
    };
    let db = Database::of_classes(vec![
        class("galaxy_class", "Galaxy Class"),
        class("5014", "Jem'Hadar Attack Ship"),
    ]);
    let mut ship = card("S207", "U.S.S. Enterprise-D", &["federation"]);
    ship.class = Some("galaxy_class".into());
    ship.unique = true;
    ship.attack = Some(4);
    ship.hull = Some(5);
    ship.shields = Some(3);
    ship.actions = strings(&["target-lock", "evade", "scan"]);
    let mut captain = card("Cap906", "Jean-Luc Picard", &["federation"]);
    captain.skill = Some(9);
    captain.talents = Some(1);
    Scene {
        db,
        ship,
        captain,
        admiral: card("A031", "K'Mpec", &["klingon"]),
        data: card("C209", "Data", &["federation"]),
    }
}

/// The restriction message of `c` for "Test Card (X1)" on ship 1 of
/// the scene, which carries `others` as the factions of other ships
/// and, if `crewed`, its captain, admiral and Data.
fn message(c: &Condition, crewed: bool, others: &[&str]) -> String {
    message_on(c, crewed, others, |_| {})
}

/// `message`, with the ship changed by `change` first.
fn message_on(c: &Condition, crewed: bool, others: &[&str], change: impl Fn(&mut Card)) -> String {
    let mut sc = scene();
    change(&mut sc.ship);
    let placed = |card| Placed { card, span: 0..0 };
    let entry = ShipEntry {
        ship: placed(&sc.ship),
        captain: crewed.then(|| placed(&sc.captain)),
        admiral: crewed.then(|| placed(&sc.admiral)),
        upgrades: if crewed {
            vec![placed(&sc.data)]
        } else {
            Vec::new()
        },
        flagship: None,
        fleet_captain: None,
        ambassador: None,
        construction: None,
        officers: Vec::new(),
    };
    let others: Vec<std::borrow::Cow<str>> = others.iter().map(|&o| o.into()).collect();
    let view = ShipView {
        ship: &sc.ship,
        factions: &sc.ship.factions,
        captain: crewed.then_some(&sc.captain),
        captain_factions: &sc.captain.factions,
        sub_factions: true,
        entry: Some(&entry),
        class: sc.db.class("galaxy_class"),
        dial: sc.db.class("galaxy_class"),
        other_factions: &others,
    };
    assert!(!view.holds(c), "the condition must fail: {c:?}");
    unmet(
        &sc.db,
        c,
        &view,
        "Test Card (X1)",
        "ship 1 (U.S.S. Enterprise-D)",
    )
}

fn any(s: &[&str]) -> Vec<String> {
    strings(s)
}

const HEAD: &str = "Test Card (X1) may only be purchased for";

fn check(c: Condition, want: &str) {
    assert_eq!(message(&c, true, &[]), format!("{HEAD} {want}"));
}

#[test]
fn ship_faction_message() {
    check(
        Condition::ShipFaction {
            any: any(&["vulcan"]),
        },
        "a Vulcan ship; ship 1 (U.S.S. Enterprise-D) is Federation",
    );
    check(
        Condition::ShipFaction {
            any: any(&["klingon", "independent"]),
        },
        "a Klingon or Independent ship; ship 1 (U.S.S. Enterprise-D) is Federation",
    );
}

#[test]
fn ship_class_message() {
    check(
        Condition::ShipClass {
            any: any(&["5014"]),
        },
        "a Jem'Hadar Attack Ship; ship 1 (U.S.S. Enterprise-D) is a Galaxy Class ship",
    );
}

#[test]
fn ship_name_message() {
    check(
        Condition::ShipName {
            any: any(&["U.S.S. Voyager"]),
        },
        "the U.S.S. Voyager, not for ship 1 (U.S.S. Enterprise-D)",
    );
}

#[test]
fn captain_faction_message() {
    check(
        Condition::CaptainFaction {
            any: any(&["klingon"]),
        },
        "a ship with a Klingon captain; ship 1 (U.S.S. Enterprise-D) is captained by \
         Jean-Luc Picard (Cap906), who is Federation",
    );
    let no_captain = Condition::CaptainFaction {
        any: any(&["independent"]),
    };
    assert_eq!(
        message(&no_captain, false, &[]),
        format!(
            "{HEAD} a ship with an Independent captain; ship 1 (U.S.S. Enterprise-D) has no \
             captain"
        )
    );
}

#[test]
fn captain_name_message() {
    check(
        Condition::CaptainName {
            any: any(&["Annorax", "Obrist"]),
        },
        "a ship captained by Annorax or Obrist; ship 1 (U.S.S. Enterprise-D) is captained by \
         Jean-Luc Picard (Cap906)",
    );
}

#[test]
fn captain_species_message() {
    check(
        Condition::CaptainSpecies {
            any: any(&["tholian"]),
        },
        "a ship with a Tholian captain; ship 1 (U.S.S. Enterprise-D) is captained by \
         Jean-Luc Picard (Cap906), who is not Tholian",
    );
}

#[test]
fn admiral_species_message() {
    check(
        Condition::AdmiralSpecies {
            any: any(&["hirogen"]),
        },
        "a ship with a Hirogen admiral; ship 1 (U.S.S. Enterprise-D) has the admiral K'Mpec \
         (A031), who is not Hirogen",
    );
    let c = Condition::AdmiralSpecies {
        any: any(&["hirogen"]),
    };
    assert!(message(&c, false, &[]).ends_with("ship 1 (U.S.S. Enterprise-D) has no admiral"));
}

#[test]
fn ship_maneuver_message() {
    check(
        Condition::ShipManeuver {
            maneuver: "come-about".into(),
        },
        "a ship with a [come-about] maneuver on its dial; ship 1 (U.S.S. Enterprise-D) has no \
         [come-about] maneuver on its dial",
    );
}

#[test]
fn max_speed_message() {
    check(
        Condition::MaxSpeedAtMost { value: 3 },
        "a ship whose dial goes no higher than speed 3; ship 1 (U.S.S. Enterprise-D) has a \
         dial that goes up to speed 4",
    );
}

#[test]
fn rear_arc_message() {
    check(
        Condition::RearArc,
        "a ship with a rear firing arc; ship 1 (U.S.S. Enterprise-D) has no rear firing arc",
    );
}

#[test]
fn captain_talents_message() {
    check(
        Condition::CaptainTalentsAtLeast { value: 2 },
        "a ship whose captain shows at least 2 [talent] icons; ship 1 (U.S.S. Enterprise-D) \
         is captained by Jean-Luc Picard (Cap906), who shows 1 [talent] icon",
    );
}

#[test]
fn other_ship_faction_message() {
    let c = Condition::OtherShipFaction {
        any: any(&["romulan"]),
    };
    assert_eq!(
        message(&c, true, &[]),
        format!(
            "{HEAD} a ship in a fleet with another Romulan ship; ship 1 (U.S.S. Enterprise-D) \
             is the fleet's only ship"
        )
    );
    assert_eq!(
        message(&c, true, &["federation", "klingon"]),
        format!(
            "{HEAD} a ship in a fleet with another Romulan ship; ship 1 (U.S.S. Enterprise-D) \
             is in a fleet whose other ships are Federation and Klingon"
        )
    );
}

#[test]
fn ship_has_card_message() {
    check(
        Condition::ShipHasCard {
            any: any(&["Federation Prototype"]),
        },
        "a ship equipped with Federation Prototype; ship 1 (U.S.S. Enterprise-D) is not \
         equipped with Federation Prototype",
    );
}

#[test]
fn name_is_class_message() {
    check(
        Condition::NameIsClass,
        "a U.S.S. ship named after its class; ship 1 (U.S.S. Enterprise-D) is a Galaxy Class \
         ship",
    );
}

#[test]
fn stat_messages() {
    let ship = "ship 1 (U.S.S. Enterprise-D)";
    for (c, want) in [
        (
            Condition::HullAtMost { value: 3 },
            format!("a ship with a hull of 3 or less; {ship} has hull 5"),
        ),
        (
            Condition::HullAtLeast { value: 6 },
            format!("a ship with a hull of 6 or more; {ship} has hull 5"),
        ),
        (
            Condition::ShieldsAtMost { value: 2 },
            format!("a ship with shields of 2 or less; {ship} has shields 3"),
        ),
        (
            Condition::ShieldsAtLeast { value: 4 },
            format!("a ship with shields of 4 or more; {ship} has shields 3"),
        ),
        (
            Condition::AttackAtMost { value: 2 },
            format!(
                "a ship with a primary weapon value of 2 or less; {ship} has a primary \
                 weapon value of 4"
            ),
        ),
        (
            Condition::AttackAtLeast { value: 5 },
            format!(
                "a ship with a primary weapon value of 5 or more; {ship} has a primary \
                 weapon value of 4"
            ),
        ),
    ] {
        check(c, &want);
    }
}

#[test]
fn captain_skill_messages() {
    check(
        Condition::CaptainSkillAtMost { value: 5 },
        "a ship whose captain has a skill of 5 or less; ship 1 (U.S.S. Enterprise-D) is \
         captained by Jean-Luc Picard (Cap906), whose skill is 9",
    );
    check(
        Condition::CaptainSkillAtLeast { value: 10 },
        "a ship whose captain has a skill of 10 or more; ship 1 (U.S.S. Enterprise-D) is \
         captained by Jean-Luc Picard (Cap906), whose skill is 9",
    );
}

#[test]
fn unique_and_generic_ship_messages() {
    assert_eq!(
        message_on(&Condition::UniqueShip, true, &[], |s| s.unique = false),
        format!("{HEAD} a unique ship; ship 1 (U.S.S. Enterprise-D) is not unique")
    );
    check(
        Condition::GenericShip,
        "a non-unique ship; ship 1 (U.S.S. Enterprise-D) is unique",
    );
    check(
        Condition::Not {
            not: Box::new(Condition::UniqueShip),
        },
        "a non-unique ship; ship 1 (U.S.S. Enterprise-D) is unique",
    );
}

#[test]
fn ship_action_message() {
    check(
        Condition::ShipAction {
            action: "battlestations".into(),
        },
        "a ship with the [battlestations] action; ship 1 (U.S.S. Enterprise-D) has no \
         [battlestations] action",
    );
}

#[test]
fn any_of_messages() {
    // Causality Paradox (E042): "Annorax or any other Krenim Captain".
    check(
        Condition::AnyOf {
            any: vec![
                Condition::CaptainName {
                    any: any(&["Annorax"]),
                },
                Condition::CaptainSpecies {
                    any: any(&["krenim"]),
                },
            ],
        },
        "a ship captained by Annorax or with a Krenim captain; ship 1 (U.S.S. Enterprise-D) \
         is captained by Jean-Luc Picard (Cap906), who is not Krenim",
    );
    // Relics (E187): "a Hirogen Captain or Admiral".
    check(
        Condition::AnyOf {
            any: vec![
                Condition::CaptainSpecies {
                    any: any(&["hirogen"]),
                },
                Condition::AdmiralSpecies {
                    any: any(&["hirogen"]),
                },
            ],
        },
        "a ship with a Hirogen captain or with a Hirogen admiral; ship 1 (U.S.S. \
         Enterprise-D) is captained by Jean-Luc Picard (Cap906), who is not Hirogen, and has \
         the admiral K'Mpec (A031), who is not Hirogen",
    );
    check(
        Condition::AnyOf {
            any: vec![
                Condition::ShipFaction {
                    any: any(&["vulcan"]),
                },
                Condition::ShipClass {
                    any: any(&["5014"]),
                },
            ],
        },
        "a Vulcan ship or a Jem'Hadar Attack Ship; ship 1 (U.S.S. Enterprise-D) is Federation \
         and is a Galaxy Class ship",
    );
    check(
        Condition::AnyOf {
            any: vec![Condition::ShipName {
                any: any(&["U.S.S. Voyager", "U.S.S. Defiant"]),
            }],
        },
        "the U.S.S. Voyager or the U.S.S. Defiant, not for ship 1 (U.S.S. Enterprise-D)",
    );
}

#[test]
fn negated_messages() {
    let not = |c| Condition::Not { not: Box::new(c) };
    check(
        not(Condition::ShipFaction {
            any: any(&["federation"]),
        }),
        "a non-Federation ship; ship 1 (U.S.S. Enterprise-D) is Federation",
    );
    check(
        not(Condition::CaptainFaction {
            any: any(&["federation"]),
        }),
        "a ship without a Federation captain; ship 1 (U.S.S. Enterprise-D) is captained by \
         Jean-Luc Picard (Cap906), who is Federation",
    );
    check(
        not(Condition::ShipName {
            any: any(&["U.S.S. Enterprise-D"]),
        }),
        "any ship but the U.S.S. Enterprise-D, not for ship 1 (U.S.S. Enterprise-D)",
    );
    check(
        not(Condition::HullAtMost { value: 5 }),
        "a ship with a hull of 6 or more; ship 1 (U.S.S. Enterprise-D) has hull 5",
    );
    check(
        not(Condition::ShipAction {
            action: "evade".into(),
        }),
        "a ship without the [evade] action; ship 1 (U.S.S. Enterprise-D) has the [evade] \
         action",
    );
    check(
        not(Condition::ShipHasCard {
            any: any(&["Data"]),
        }),
        "a ship not equipped with Data; ship 1 (U.S.S. Enterprise-D) is equipped with Data \
         (C209)",
    );
    check(
        not(Condition::ShipClass {
            any: any(&["galaxy_class"]),
        }),
        "any ship but a Galaxy Class ship; ship 1 (U.S.S. Enterprise-D) is a Galaxy Class \
         ship",
    );
}
