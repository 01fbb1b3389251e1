//! Evaluating and describing `Condition`s (purchase restrictions and the
//! conditions of cost modifiers) against the ship a card is bought for.
//!
//! The Reinforcements Sideboard is no ship: there, every condition about the
//! ship, its class, faction or captain counts as not met (`Holder::None`),
//! so "+5 SP for any ship other than the U.S.S. Defiant" applies and
//! "-1 SP on a Klingon ship" does not.

use super::faction::counts_as;
use super::{class_facts, ship_cards, species};
use crate::db::model::{Card, Condition, ShipClass};
use crate::db::normalize;
use crate::fleet::ShipEntry;

/// What a card is bought for: a ship (with its faction as changed by other
/// cards, and its captain), or nothing (the sideboard).
#[derive(Debug, Clone, Copy)]
pub enum Holder<'a> {
    Ship(ShipView<'a>),
    None,
}

/// A ship as conditions see it.
#[derive(Debug, Clone, Copy)]
pub struct ShipView<'a> {
    pub ship: &'a Card,
    /// The ship's factions plus those other cards add (independent
    /// flagships).
    pub factions: &'a [String],
    pub captain: Option<&'a Card>,
    /// The captain's factions plus those an independent fleet captain adds.
    pub captain_factions: &'a [String],
    pub sub_factions: bool,
    /// Every card of the ship (its admiral, upgrades, ...), for conditions
    /// about them; `None` where only the ship and captain are known.
    pub entry: Option<&'a ShipEntry<'a>>,
    /// The ship's class (maneuver dial, firing arcs), if known.
    pub class: Option<&'a ShipClass>,
    /// The factions of the fleet's other ships.
    pub other_factions: &'a [String],
}

impl Holder<'_> {
    /// Whether the condition holds. With no ship every condition about the
    /// ship or its captain is not met, and the combinations follow: "not a
    /// Breen ship" holds on the sideboard, as "not the U.S.S. Defiant" does.
    pub fn holds(&self, c: &Condition) -> bool {
        match (self, c) {
            (Holder::Ship(v), c) => v.holds(c),
            (Holder::None, Condition::Not { not }) => !self.holds(not),
            (Holder::None, Condition::AnyOf { any }) => any.iter().any(|c| self.holds(c)),
            (Holder::None, _) => false,
        }
    }
}

impl ShipView<'_> {
    /// Whether the condition holds for this ship.
    pub fn holds(&self, c: &Condition) -> bool {
        let s = self.ship;
        let stat = |v: Option<i32>| v.unwrap_or(0);
        match c {
            Condition::ShipFaction { any } => counts_as(self.factions, any, self.sub_factions),
            Condition::ShipClass { any } => {
                s.class.as_ref().is_some_and(|k| any.iter().any(|a| a == k))
            }
            Condition::ShipName { any } => {
                let n = normalize(&s.name);
                any.iter().any(|a| normalize(a) == n)
            }
            Condition::CaptainFaction { any } => {
                self.captain.is_some() && counts_as(self.captain_factions, any, self.sub_factions)
            }
            Condition::CaptainName { any } => self.captain.is_some_and(|c| {
                let n = normalize(&c.name);
                any.iter().any(|a| normalize(a) == n)
            }),
            Condition::CaptainSpecies { any } => species::captain_is(self, any),
            Condition::AdmiralSpecies { any } => species::admiral_is(self, any),
            Condition::ShipManeuver { maneuver } => class_facts::has_maneuver(self, maneuver),
            Condition::MaxSpeedAtMost { value } => class_facts::max_speed_at_most(self, *value),
            Condition::RearArc => class_facts::rear_arc(self),
            Condition::CaptainTalentsAtLeast { value } => self
                .captain
                .is_some_and(|c| c.talents.unwrap_or(0) as i64 >= i64::from(*value)),
            Condition::ShipHasCard { any } => ship_cards::has(self, any),
            Condition::OtherShipFaction { any } => {
                counts_as(self.other_factions, any, self.sub_factions)
            }
            Condition::NameIsClass => class_facts::name_is_class(self),
            Condition::HullAtMost { value } => stat(s.hull) <= *value,
            Condition::HullAtLeast { value } => stat(s.hull) >= *value,
            Condition::ShieldsAtMost { value } => stat(s.shields) <= *value,
            Condition::ShieldsAtLeast { value } => stat(s.shields) >= *value,
            Condition::AttackAtMost { value } => stat(s.attack) <= *value,
            Condition::AttackAtLeast { value } => stat(s.attack) >= *value,
            Condition::CaptainSkillAtMost { value } => {
                self.captain.is_some_and(|c| c.skill.unwrap_or(0) <= *value)
            }
            Condition::CaptainSkillAtLeast { value } => {
                self.captain.is_some_and(|c| c.skill.unwrap_or(0) >= *value)
            }
            Condition::UniqueShip => s.unique || s.mirror_unique,
            Condition::GenericShip => !(s.unique || s.mirror_unique),
            Condition::ShipAction { action } => s.actions.iter().any(|a| a == action),
            Condition::AnyOf { any } => any.iter().any(|c| self.holds(c)),
            Condition::Not { not } => !self.holds(not),
        }
    }
}

/// The condition in words, for messages: "a vulcan ship", "a ship with hull
/// 3 or less".
pub fn describe(c: &Condition) -> String {
    match c {
        Condition::ShipFaction { any } => format!("a {} ship", or_list(any)),
        Condition::ShipClass { any } => format!("a ship of class {}", or_list(any)),
        Condition::ShipName { any } => format!("the {}", or_list(any)),
        Condition::CaptainFaction { any } => format!("a {} captain", or_list(any)),
        Condition::CaptainName { any } => format!("a ship captained by {}", or_list(any)),
        Condition::CaptainSpecies { any } => format!("a {} captain", or_list(any)),
        Condition::AdmiralSpecies { any } => format!("a {} admiral", or_list(any)),
        Condition::ShipManeuver { maneuver } => {
            format!("a ship with a {maneuver} maneuver on its dial")
        }
        Condition::MaxSpeedAtMost { value } => {
            format!("a ship whose dial goes no higher than speed {value}")
        }
        Condition::RearArc => "a ship with a rear firing arc".into(),
        Condition::NameIsClass => "a ship named after its class".into(),
        Condition::CaptainTalentsAtLeast { value } => {
            format!("a captain with at least {value} talent icon(s)")
        }
        Condition::ShipHasCard { any } => format!("a ship carrying {}", or_list(any)),
        Condition::OtherShipFaction { any } => {
            format!("a fleet with another {} ship", or_list(any))
        }
        Condition::HullAtMost { value } => format!("a ship with hull {value} or less"),
        Condition::HullAtLeast { value } => format!("a ship with hull {value} or more"),
        Condition::ShieldsAtMost { value } => format!("a ship with shields {value} or less"),
        Condition::ShieldsAtLeast { value } => format!("a ship with shields {value} or more"),
        Condition::AttackAtMost { value } => {
            format!("a ship with primary weapon {value} or less")
        }
        Condition::AttackAtLeast { value } => {
            format!("a ship with primary weapon {value} or more")
        }
        Condition::CaptainSkillAtMost { value } => format!("a captain of skill {value} or less"),
        Condition::CaptainSkillAtLeast { value } => {
            format!("a captain of skill {value} or more")
        }
        Condition::UniqueShip => "a unique ship".into(),
        Condition::GenericShip => "a non-unique ship".into(),
        Condition::ShipAction { action } => format!("a ship with the {action} action"),
        Condition::Not { not } => format!("not {}", describe(not)),
        Condition::AnyOf { any } => any.iter().map(describe).collect::<Vec<_>>().join(" or "),
    }
}

/// What the ship is, in the terms of the condition that failed: "U.S.S.
/// Enterprise-D is federation", "hull 5".
pub fn actual(c: &Condition, v: &ShipView) -> String {
    let s = v.ship;
    let n = |x: Option<i32>| x.unwrap_or(0);
    match c {
        Condition::ShipFaction { .. } => format!("it is {}", v.factions.join("/")),
        Condition::ShipClass { .. } => {
            format!("it is of class {}", s.class.as_deref().unwrap_or("none"))
        }
        Condition::ShipName { .. } => format!("it is the {}", s.name),
        Condition::CaptainFaction { .. } | Condition::CaptainName { .. } => match v.captain {
            Some(c) => format!(
                "its captain is {} ({})",
                c.name,
                v.captain_factions.join("/")
            ),
            None => "it has no captain".into(),
        },
        Condition::CaptainSpecies { .. } => species::actual(v, false),
        Condition::AdmiralSpecies { .. } => species::actual(v, true),
        Condition::ShipManeuver { .. } => class_facts::actual(v, "maneuvers"),
        Condition::MaxSpeedAtMost { .. } => class_facts::actual(v, "speed"),
        Condition::RearArc => class_facts::actual(v, "arc"),
        Condition::NameIsClass => class_facts::actual(v, "name"),
        Condition::CaptainTalentsAtLeast { .. } => match v.captain {
            Some(c) => format!(
                "its captain {} shows {} talent icon(s)",
                c.name,
                c.talents.unwrap_or(0)
            ),
            None => "it has no captain".into(),
        },
        Condition::ShipHasCard { .. } => ship_cards::actual(v),
        Condition::OtherShipFaction { .. } => {
            if v.other_factions.is_empty() {
                "the fleet has no other ship".into()
            } else {
                format!("the other ships are {}", v.other_factions.join("/"))
            }
        }
        Condition::HullAtMost { .. } | Condition::HullAtLeast { .. } => {
            format!("its hull is {}", n(s.hull))
        }
        Condition::ShieldsAtMost { .. } | Condition::ShieldsAtLeast { .. } => {
            format!("its shields are {}", n(s.shields))
        }
        Condition::AttackAtMost { .. } | Condition::AttackAtLeast { .. } => {
            format!("its primary weapon is {}", n(s.attack))
        }
        Condition::CaptainSkillAtMost { .. } | Condition::CaptainSkillAtLeast { .. } => {
            match v.captain {
                Some(c) => format!("its captain's skill is {}", c.skill.unwrap_or(0)),
                None => "it has no captain".into(),
            }
        }
        Condition::UniqueShip => "it is not unique".into(),
        Condition::GenericShip => "it is unique".into(),
        Condition::ShipAction { .. } => format!("its actions are {}", s.actions.join(", ")),
        Condition::AnyOf { .. } => "none of these holds".into(),
        Condition::Not { not } => format!("it is {}", describe(not)),
    }
}

fn or_list(items: &[String]) -> String {
    items.join(" or ")
}

#[cfg(test)]
mod tests {
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
        assert_eq!(describe(&fed), "a federation ship");
    }
}
