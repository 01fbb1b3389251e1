//! Evaluating and describing `Condition`s (purchase restrictions and the
//! conditions of cost modifiers) against the ship a card is bought for.
//!
//! The Reinforcements Sideboard is no ship: there, every condition about the
//! ship, its class, faction or captain counts as not met (`Holder::None`),
//! so "+5 SP for any ship other than the U.S.S. Defiant" applies and
//! "-1 SP on a Klingon ship" does not.

use super::faction::counts_as;
pub use super::view::{Holder, ShipView};
use super::words::{
    a, and_list, class_ship, count, factions_and, factions_or, is_factions, non_faction_ship,
    or_list, species_or,
};
use super::{class_facts, ship_cards, species};
use fleetcheck_data::model::{Card, Condition};
use fleetcheck_data::{normalize, Database};

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
            Condition::ShipClass { any } => class_facts::is_of(self, any),
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

/// The ship a condition asks for, as a noun phrase that fits after "may
/// only be purchased for" and "+5 SP on": "a Vulcan ship", "a Galaxy Class
/// ship", "the U.S.S. Defiant", "a ship with a hull of 3 or less", "a ship
/// captained by Annorax or with a Krenim captain".
pub fn describe(db: &Database, c: &Condition) -> String {
    match c {
        Condition::ShipFaction { any } => a(&format!("{} ship", factions_or(any))),
        Condition::ShipClass { any } => {
            or_list(&any.iter().map(|id| class_ship(db, id)).collect::<Vec<_>>())
        }
        Condition::ShipName { any } => {
            or_list(&any.iter().map(|n| format!("the {n}")).collect::<Vec<_>>())
        }
        Condition::CaptainFaction { any } => {
            format!(
                "a ship with {}",
                a(&format!("{} captain", factions_or(any)))
            )
        }
        Condition::CaptainName { any } => format!("a ship captained by {}", or_list(any)),
        Condition::CaptainSpecies { any } => {
            format!("a ship with {}", a(&format!("{} captain", species_or(any))))
        }
        Condition::AdmiralSpecies { any } => {
            format!("a ship with {}", a(&format!("{} admiral", species_or(any))))
        }
        Condition::ShipManeuver { maneuver } => {
            format!(
                "a ship with {} on its dial",
                a(&format!("[{maneuver}] maneuver"))
            )
        }
        Condition::MaxSpeedAtMost { value } => {
            format!("a ship whose dial goes no higher than speed {value}")
        }
        Condition::RearArc => "a ship with a rear firing arc".into(),
        Condition::CaptainTalentsAtLeast { value } => format!(
            "a ship whose captain shows at least {}",
            count(*value, "[talent] icon", "[talent] icons")
        ),
        Condition::OtherShipFaction { any } => {
            format!("a ship in a fleet with another {} ship", factions_or(any))
        }
        Condition::ShipHasCard { any } => format!("a ship equipped with {}", or_list(any)),
        Condition::NameIsClass => "a U.S.S. ship named after its class".into(),
        Condition::HullAtMost { value } => format!("a ship with a hull of {value} or less"),
        Condition::HullAtLeast { value } => format!("a ship with a hull of {value} or more"),
        Condition::ShieldsAtMost { value } => format!("a ship with shields of {value} or less"),
        Condition::ShieldsAtLeast { value } => format!("a ship with shields of {value} or more"),
        Condition::AttackAtMost { value } => {
            format!("a ship with a primary weapon value of {value} or less")
        }
        Condition::AttackAtLeast { value } => {
            format!("a ship with a primary weapon value of {value} or more")
        }
        Condition::CaptainSkillAtMost { value } => {
            format!("a ship whose captain has a skill of {value} or less")
        }
        Condition::CaptainSkillAtLeast { value } => {
            format!("a ship whose captain has a skill of {value} or more")
        }
        Condition::UniqueShip => "a unique ship".into(),
        Condition::GenericShip => "a non-unique ship".into(),
        Condition::ShipAction { action } => format!("a ship with the [{action}] action"),
        Condition::AnyOf { any } => {
            let each: Vec<String> = any.iter().map(|c| describe(db, c)).collect();
            // "a ship captained by Karr or with a Hirogen captain", not "a
            // ship captained by Karr or a ship with a Hirogen captain".
            let rests: Option<Vec<String>> = each
                .iter()
                .map(|d| d.strip_prefix("a ship ").map(str::to_string))
                .collect();
            match rests {
                Some(rests) if rests.len() > 1 => format!("a ship {}", or_list(&rests)),
                _ => or_list(&each),
            }
        }
        Condition::Not { not } => negated(db, not),
    }
}

/// The ship a negated condition asks for: "a non-Borg ship", "a ship
/// without a rear firing arc", "any ship but the U.S.S. Defiant".
fn negated(db: &Database, c: &Condition) -> String {
    let without = |d: String| match d.strip_prefix("a ship with ") {
        Some(rest) => format!("a ship without {rest}"),
        None => format!("any ship but {d}"),
    };
    match c {
        Condition::ShipFaction { any } => non_faction_ship(any),
        Condition::ShipName { .. } | Condition::ShipClass { .. } | Condition::AnyOf { .. } => {
            format!("any ship but {}", describe(db, c))
        }
        Condition::CaptainName { any } => format!("a ship not captained by {}", or_list(any)),
        Condition::ShipHasCard { any } => format!("a ship not equipped with {}", or_list(any)),
        Condition::OtherShipFaction { any } => {
            format!("a ship in a fleet with no other {} ship", factions_or(any))
        }
        Condition::NameIsClass => "a ship not named after its class".into(),
        Condition::MaxSpeedAtMost { value } => {
            format!("a ship whose dial goes higher than speed {value}")
        }
        Condition::HullAtMost { value } => format!("a ship with a hull of {} or more", value + 1),
        Condition::HullAtLeast { value } => format!("a ship with a hull of {} or less", value - 1),
        Condition::ShieldsAtMost { value } => {
            format!("a ship with shields of {} or more", value + 1)
        }
        Condition::ShieldsAtLeast { value } => {
            format!("a ship with shields of {} or less", value - 1)
        }
        Condition::AttackAtMost { value } => {
            format!(
                "a ship with a primary weapon value of {} or more",
                value + 1
            )
        }
        Condition::AttackAtLeast { value } => {
            format!(
                "a ship with a primary weapon value of {} or less",
                value - 1
            )
        }
        Condition::CaptainTalentsAtLeast { value } => format!(
            "a ship without a captain showing at least {}",
            count(*value, "[talent] icon", "[talent] icons")
        ),
        Condition::CaptainSkillAtMost { value } => {
            format!("a ship without a captain of skill {value} or less")
        }
        Condition::CaptainSkillAtLeast { value } => {
            format!("a ship without a captain of skill {value} or more")
        }
        Condition::UniqueShip => "a non-unique ship".into(),
        Condition::GenericShip => "a unique ship".into(),
        Condition::Not { not } => describe(db, not),
        _ => without(describe(db, c)),
    }
}

/// What the ship is, in the terms of a condition, as the predicate of a
/// clause whose subject names the ship: "is Federation", "has hull 5", "is
/// captained by Turanj (Cap036), who is not Tholian". The facts are the
/// same whether the condition holds or not, so that a negated condition
/// ("a non-Borg ship") is answered by the same words ("is Borg"). `None`
/// where naming the ship says it all (a condition on the ship's name).
pub fn actual(db: &Database, c: &Condition, v: &ShipView) -> Option<String> {
    let s = v.ship;
    let n = |x: Option<i32>| x.unwrap_or(0);
    let captained = |then: &dyn Fn(&Card) -> String| match v.captain {
        Some(c) => format!("is captained by {} ({}){}", c.name, c.id, then(c)),
        None => "has no captain".into(),
    };
    Some(match c {
        Condition::ShipFaction { .. } => is_factions(v.factions),
        Condition::ShipClass { .. } | Condition::NameIsClass => match v.class {
            Some(k) => format!("is {}", class_ship(db, &k.id)),
            None => "has no known class".into(),
        },
        Condition::ShipName { .. } => return None,
        Condition::CaptainFaction { .. } => {
            captained(&|_| format!(", who {}", is_factions(v.captain_factions)))
        }
        Condition::CaptainName { .. } => captained(&|_| String::new()),
        Condition::CaptainSpecies { any } => {
            captained(&|c| format!(", who {}", species::actual(c, any)))
        }
        Condition::AdmiralSpecies { any } => species::admiral(v, any),
        Condition::ShipManeuver { maneuver } => class_facts::actual_maneuver(v, maneuver),
        Condition::MaxSpeedAtMost { .. } => class_facts::actual_speed(v),
        Condition::RearArc => class_facts::actual_arc(v),
        Condition::CaptainTalentsAtLeast { .. } => captained(&|c| {
            format!(
                ", who shows {}",
                count(c.talents.unwrap_or(0), "[talent] icon", "[talent] icons")
            )
        }),
        Condition::ShipHasCard { any } => ship_cards::actual(v, any),
        Condition::OtherShipFaction { .. } => {
            if v.other_factions.is_empty() {
                "is the fleet's only ship".into()
            } else {
                format!(
                    "is in a fleet whose other ships are {}",
                    factions_and(v.other_factions)
                )
            }
        }
        Condition::HullAtMost { .. } | Condition::HullAtLeast { .. } => {
            format!("has hull {}", n(s.hull))
        }
        Condition::ShieldsAtMost { .. } | Condition::ShieldsAtLeast { .. } => {
            format!("has shields {}", n(s.shields))
        }
        Condition::AttackAtMost { .. } | Condition::AttackAtLeast { .. } => {
            format!("has a primary weapon value of {}", n(s.attack))
        }
        Condition::CaptainSkillAtMost { .. } | Condition::CaptainSkillAtLeast { .. } => {
            captained(&|c| format!(", whose skill is {}", c.skill.unwrap_or(0)))
        }
        Condition::UniqueShip | Condition::GenericShip => {
            if s.unique || s.mirror_unique {
                "is unique".into()
            } else {
                "is not unique".into()
            }
        }
        Condition::ShipAction { action } => {
            if s.actions.iter().any(|a| a == action) {
                format!("has the [{action}] action")
            } else {
                format!("has no [{action}] action")
            }
        }
        Condition::AnyOf { any } => {
            let each: Vec<String> = any.iter().filter_map(|c| actual(db, c, v)).collect();
            // "is captained by Turanj (Cap036)" says less than "is captained
            // by Turanj (Cap036), who is not Tholian": keep the fuller one.
            let mut kept: Vec<String> = Vec::new();
            for p in &each {
                if each.iter().any(|q| q != p && q.starts_with(p.as_str())) || kept.contains(p) {
                    continue;
                }
                kept.push(p.clone());
            }
            if kept.is_empty() {
                return None;
            }
            // A comma inside a part ("..., who is not Hirogen") needs one
            // before the "and" that joins the parts.
            if kept.iter().any(|p| p.contains(", ")) {
                kept.join(", and ")
            } else {
                and_list(&kept)
            }
        }
        Condition::Not { not } => return actual(db, not, v),
    })
}

/// A purchase restriction that does not hold, in words: "Vulcan Commandos
/// (C101) may only be purchased for a Vulcan ship; ship 1 (U.S.S.
/// Enterprise-D) is Federation". `card` names the card, `ship` the ship.
pub(crate) fn unmet(db: &Database, c: &Condition, v: &ShipView, card: &str, ship: &str) -> String {
    let wanted = describe(db, c);
    match actual(db, c, v) {
        Some(is) => format!("{card} may only be purchased for {wanted}; {ship} {is}"),
        None => format!("{card} may only be purchased for {wanted}, not for {ship}"),
    }
}

/// Whether a condition reads only the ship card, its captain and factions
/// and the other ships' factions, not the ship's other cards (as
/// `ship-has-card` and `admiral-species` do).
pub(crate) fn reads_no_cards(c: &Condition) -> bool {
    // Every kind named, so that a new kind is decided here.
    match c {
        Condition::ShipHasCard { .. } | Condition::AdmiralSpecies { .. } => false,
        Condition::Not { not } => reads_no_cards(not),
        Condition::AnyOf { any } => any.iter().all(reads_no_cards),
        Condition::ShipFaction { .. }
        | Condition::ShipClass { .. }
        | Condition::ShipName { .. }
        | Condition::CaptainFaction { .. }
        | Condition::CaptainName { .. }
        | Condition::CaptainSpecies { .. }
        | Condition::ShipManeuver { .. }
        | Condition::MaxSpeedAtMost { .. }
        | Condition::RearArc
        | Condition::CaptainTalentsAtLeast { .. }
        | Condition::OtherShipFaction { .. }
        | Condition::NameIsClass
        | Condition::HullAtMost { .. }
        | Condition::HullAtLeast { .. }
        | Condition::ShieldsAtMost { .. }
        | Condition::ShieldsAtLeast { .. }
        | Condition::AttackAtMost { .. }
        | Condition::AttackAtLeast { .. }
        | Condition::CaptainSkillAtMost { .. }
        | Condition::CaptainSkillAtLeast { .. }
        | Condition::UniqueShip
        | Condition::GenericShip
        | Condition::ShipAction { .. } => true,
    }
}

#[cfg(test)]
#[path = "condition_tests.rs"]
mod tests;
