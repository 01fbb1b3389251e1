//! A condition on the ship a card is bought for (purchase restrictions,
//! conditional costs, filters of discounts and limits).

use serde::{Deserialize, Serialize};

/// A condition on the ship a card is bought for (and that ship's captain).
/// Used by purchase restrictions and by conditional cost modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Condition {
    /// The ship has one of these factions.
    ShipFaction {
        any: Vec<String>,
    },
    /// The ship is of one of these class ids.
    ShipClass {
        any: Vec<String>,
    },
    /// The ship has one of these names (ship names, not ids: a card for
    /// "the U.S.S. Defiant" fits every printing of it).
    ShipName {
        any: Vec<String>,
    },
    /// The ship's captain has one of these factions.
    CaptainFaction {
        any: Vec<String>,
    },
    /// The ship's captain has one of these names.
    CaptainName {
        any: Vec<String>,
    },
    /// The ship's captain is of one of these species (`Card::species`):
    /// "Loskene or any other Tholian Captain".
    CaptainSpecies {
        any: Vec<String>,
    },
    /// The ship's admiral is of one of these species ("a Hirogen Captain
    /// or Admiral").
    AdmiralSpecies {
        any: Vec<String>,
    },
    /// The ship's maneuver dial (its class's) has this maneuver kind ("a
    /// [come-about] Maneuver on its Maneuver Dial"). Not met for a class
    /// without a known dial.
    ShipManeuver {
        maneuver: String,
    },
    /// The highest speed on the ship's maneuver dial is at most `value`
    /// ("does not have a 4 or higher on its Maneuver Dial": 3). Not met for
    /// a class without a known dial.
    MaxSpeedAtMost {
        value: i32,
    },
    /// The ship's class has a rear firing arc.
    RearArc,
    /// The ship's captain shows at least `value` talent icons ("If the
    /// Captain's card does not have an [talent] icon": not 1).
    CaptainTalentsAtLeast {
        value: i32,
    },
    /// Another ship of the fleet has one of these factions ("if there is at
    /// least one other Romulan Ship in your starting fleet").
    OtherShipFaction {
        any: Vec<String>,
    },
    /// The ship carries a card with one of these names ("If this ship is
    /// equipped with the 'Federation Prototype'", a Borg support ship: one
    /// with the Borg Support Vehicle Token).
    ShipHasCard {
        any: Vec<String>,
    },
    /// The ship's name after "U.S.S." (its registry number ignored) is its
    /// class's name ("U.S.S. Prometheus", a Prometheus Class ship).
    NameIsClass,
    /// The ship's printed hull is at most `value`.
    HullAtMost {
        value: i32,
    },
    HullAtLeast {
        value: i32,
    },
    ShieldsAtMost {
        value: i32,
    },
    ShieldsAtLeast {
        value: i32,
    },
    /// The ship's primary weapon value is at most `value`.
    AttackAtMost {
        value: i32,
    },
    AttackAtLeast {
        value: i32,
    },
    CaptainSkillAtMost {
        value: i32,
    },
    CaptainSkillAtLeast {
        value: i32,
    },
    /// The ship is a unique ship.
    UniqueShip,
    /// The ship is a non-unique (generic) ship.
    GenericShip,
    /// The ship has this action on its action bar.
    ShipAction {
        action: String,
    },
    /// Any one of the inner conditions holds.
    AnyOf {
        any: Vec<Condition>,
    },
    /// The inner condition does not hold ("a non-Borg ship").
    Not {
        not: Box<Condition>,
    },
}

impl Condition {
    /// The captain is the one named `name` or of the species `species`
    /// ("Loskene or any other Tholian Captain").
    pub fn captain_named_or_of_species(name: &str, species: &str) -> Condition {
        Condition::AnyOf {
            any: vec![
                Condition::CaptainName {
                    any: vec![name.into()],
                },
                Condition::CaptainSpecies {
                    any: vec![species.into()],
                },
            ],
        }
    }
}
