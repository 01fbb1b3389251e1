//! Conditions on the ship's class: its maneuver dial, its firing arcs and
//! its name (`ship-maneuver`, `max-speed-at-most`, `rear-arc`,
//! `name-is-class`).
//!
//! - "cannot be deployed to a ship that does not have a [come-about]
//!   Maneuver on its Maneuver Dial" (Klingon Helmsman C234):
//!   `ship-maneuver` `come-about`;
//! - "may only be purchased for a ship that does not have a 4 or higher on
//!   its Maneuver Dial" (Warp Drive Refit T212): `max-speed-at-most` 3;
//! - "... that does not have a rear firing arc" (Aft Torpedo Launcher
//!   Q002): not `rear-arc`;
//! - "a Unique ship whose name (ignoring registry number) listed after
//!   'U.S.S.' is the same as the ship class" (Federation Prototype Con001):
//!   `name-is-class` (and `unique-ship`).
//!
//! The dial and arcs are facts of the ship's class entry (`classes.toml`,
//! from the raw `ship_classes.json`; `ShipView::dial`); its name is the
//! class the ship prints (`ShipView::class`: a "Galaxy Class (MU)" ship
//! has the Mirror Universe dial and is a Galaxy Class ship, [`is_of`]). A
//! ship whose class has no known dial (a class the importer created) meets
//! no dial condition, so "not rear-arc" holds.
//!
//! ```toml
//! [[card.rules.restrictions]]
//! kind = "max-speed-at-most"
//! value = 3
//! ```

use super::view::ShipView;

/// `ship-class`: the ship is of one of these classes: the class it prints,
/// or its class entry itself.
pub(crate) fn is_of(v: &ShipView, any: &[String]) -> bool {
    let named = |k: &str| any.iter().any(|a| a == k);
    v.class.is_some_and(|c| named(&c.id)) || v.ship.class.as_deref().is_some_and(named)
}

/// `ship-maneuver`: the dial has this maneuver kind.
pub(crate) fn has_maneuver(v: &ShipView, maneuver: &str) -> bool {
    v.dial
        .is_some_and(|c| c.maneuvers.iter().any(|m| m == maneuver))
}

/// `max-speed-at-most`: the dial's highest speed is at most `value`.
pub(crate) fn max_speed_at_most(v: &ShipView, value: i32) -> bool {
    v.dial.and_then(|c| c.max_speed).is_some_and(|m| m <= value)
}

/// `rear-arc`: the class has a rear firing arc.
pub(crate) fn rear_arc(v: &ShipView) -> bool {
    v.dial.is_some_and(|c| c.rear_arc.is_some())
}

/// `name-is-class`: "U.S.S. Prometheus" is of the Prometheus Class, "U.S.S.
/// Intrepid NCC-74600" of the Intrepid Class (the registry number is
/// ignored).
pub(crate) fn name_is_class(v: &ShipView) -> bool {
    let Some(class) = v.class else { return false };
    let name = v.ship.name.trim();
    let Some(rest) = name
        .get(..6)
        .filter(|p| p.eq_ignore_ascii_case("U.S.S."))
        .map(|_| &name[6..])
    else {
        return false;
    };
    let words: Vec<&str> = rest
        .split_whitespace()
        .filter(|w| !is_registry(w))
        .collect();
    let key = |s: &str| -> String {
        s.split_whitespace()
            .filter(|w| !w.eq_ignore_ascii_case("class"))
            .flat_map(|w| w.chars())
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    let n = key(&words.join(" "));
    !n.is_empty() && n == key(&class.name)
}

/// "NCC-74600", "NX-01", "NCC-1701-A".
fn is_registry(word: &str) -> bool {
    let w = word.to_ascii_uppercase();
    ["NCC-", "NCC", "NX-", "NX"].iter().any(|p| {
        w.strip_prefix(p)
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// The ship's dial in the terms of a `ship-maneuver` condition: "has no
/// [come-about] maneuver on its dial".
pub(crate) fn actual_maneuver(v: &ShipView, maneuver: &str) -> String {
    match v.dial {
        Some(c) if !c.maneuvers.is_empty() => {
            let has = if has_maneuver(v, maneuver) { "a" } else { "no" };
            format!("has {has} [{maneuver}] maneuver on its dial")
        }
        _ => "has no known maneuver dial".into(),
    }
}

/// The ship's dial in the terms of a `max-speed-at-most` condition: "has a
/// dial that goes up to speed 4".
pub(crate) fn actual_speed(v: &ShipView) -> String {
    match v.dial.and_then(|c| c.max_speed) {
        Some(m) => format!("has a dial that goes up to speed {m}"),
        None => "has no known maneuver dial".into(),
    }
}

/// The ship's firing arcs in the terms of a `rear-arc` condition: "has a
/// 90-degree rear firing arc", "has no rear firing arc".
pub(crate) fn actual_arc(v: &ShipView) -> String {
    match v.dial {
        Some(c) => match c.rear_arc {
            Some(d) => format!("has a {d}-degree rear firing arc"),
            None => "has no rear firing arc".into(),
        },
        None => "has no known firing arcs".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::model::{Card, ShipClass};

    fn view<'a>(ship: &'a Card, class: &'a ShipClass) -> ShipView<'a> {
        ShipView {
            ship,
            factions: &ship.factions,
            captain: None,
            captain_factions: &[],
            sub_factions: false,
            entry: None,
            class: Some(class),
            dial: Some(class),
            other_factions: &[],
        }
    }

    #[test]
    fn names_that_are_their_class() {
        let class = |n: &str| ShipClass {
            id: "x".into(),
            name: n.into(),
            ..ShipClass::default()
        };
        let ship = |n: &str| Card {
            name: n.into(),
            ..Card::default()
        };
        let intrepid = class("Intrepid Class");
        for (name, want) in [
            ("U.S.S. Intrepid NCC-74600", true),
            ("U.S.S. Intrepid", true),
            ("U.S.S. Voyager", false),
            ("I.S.S. Intrepid", false),
            ("Intrepid", false),
        ] {
            let s = ship(name);
            assert_eq!(name_is_class(&view(&s, &intrepid)), want, "{name}");
        }
        let s = ship("U.S.S. Defiant");
        assert!(name_is_class(&view(&s, &class("Defiant Class"))));
    }
}
