//! Restriction clauses about the ship's class rather than the ship card:
//! its maneuver dial, its firing arcs and its name (the engine's
//! `class_facts`). Read inside the target phrases of the restriction kind
//! (`restrictions::parse_target` takes them out before splitting the rest):
//!
//! - "a ship that does not have a [come-about] Maneuver on its Maneuver
//!   Dial" -> not `ship-maneuver` `come-about` (Klingon Helmsman C234 says
//!   it "cannot be deployed to" such a ship, so the card needs the
//!   maneuver);
//! - "a ship that does not have a 4 or higher on its Maneuver Dial" ->
//!   `max-speed-at-most` 3 (Warp Drive Refit T212);
//! - "... that does not have a rear firing arc" -> not `rear-arc` (Aft
//!   Torpedo Launcher Q002);
//! - "a Unique ship whose name (ignoring registry number) listed after
//!   'U.S.S.' is the same as the ship class" -> `name-is-class`
//!   (Federation Prototype Con001).
//!
//! ```toml
//! [[card.rules.restrictions]]
//! kind = "ship-maneuver"
//! maneuver = "come-about"
//! ```

use fleetcheck_data::model::Condition;
use regex::{Captures, Regex};
use std::sync::LazyLock;

/// A clause pattern and the condition it stands for.
type Clause = (Regex, fn(&Captures) -> Option<Condition>);

static CLAUSES: LazyLock<Vec<Clause>> = LazyLock::new(|| {
    vec![
        (
            Regex::new(r"(?i)\s*(?:that|the|which) does not have an? \[([a-z-]+)\] maneuver on its maneuver dial").unwrap(),
            |c: &Captures| {
                let m = c[1].to_lowercase();
                fleetcheck_data::validate::MANEUVERS
                    .contains(&m.as_str())
                    .then(|| Condition::Not {
                        not: Box::new(Condition::ShipManeuver { maneuver: m }),
                    })
            },
        ),
        (
            Regex::new(r"(?i)\s*(?:that|the|which) does not have an? (\d+) or higher on its maneuver dial").unwrap(),
            |c: &Captures| {
                let n: i32 = c[1].parse().ok()?;
                Some(Condition::MaxSpeedAtMost { value: n - 1 })
            },
        ),
        (
            Regex::new(r"(?i)\s*(?:that|which) does not have a rear firing arc").unwrap(),
            |_: &Captures| Some(Condition::Not { not: Box::new(Condition::RearArc) }),
        ),
        (
            Regex::new(r"(?i)\s*whose name \(ignoring registry number\) listed after '?U\.S\.S\.'? is the same as (?:the|its) ship class").unwrap(),
            |_: &Captures| Some(Condition::NameIsClass),
        ),
    ]
});

/// Takes the class clauses out of a target phrase: their conditions, and
/// the phrase without them. `None` when a clause is recognised but its
/// value is not (an unknown maneuver).
pub fn take(phrase: &str) -> Option<(Vec<Condition>, String)> {
    let mut rest = phrase.to_string();
    let mut out = Vec::new();
    for (re, make) in CLAUSES.iter() {
        let Some(c) = re.captures(&rest) else {
            continue;
        };
        out.push(make(&c)?);
        let m = c.get(0).map_or(0..0, |m| m.range());
        rest = format!("{}{}", &rest[..m.start], &rest[m.end..]);
    }
    Some((out, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not(c: Condition) -> Condition {
        Condition::Not { not: Box::new(c) }
    }

    #[test]
    fn clauses_of_real_cards() {
        // C234 Klingon Helmsman (the "the" is a typo of the card for "that").
        assert_eq!(
            take("a ship the does not have a [come-about] Maneuver on its Maneuver Dial"),
            Some((
                vec![not(Condition::ShipManeuver {
                    maneuver: "come-about".into()
                })],
                "a ship".into()
            ))
        );
        // T212 Warp Drive Refit.
        assert_eq!(
            take("a ship that does not have a 4 or higher on its Maneuver Dial"),
            Some((
                vec![Condition::MaxSpeedAtMost { value: 3 }],
                "a ship".into()
            ))
        );
        // Q002 Aft Torpedo Launcher.
        assert_eq!(
            take("a ship with a Hull of 4 or greater that does not have a rear firing arc"),
            Some((
                vec![not(Condition::RearArc)],
                "a ship with a Hull of 4 or greater".into()
            ))
        );
        // Con001 Federation Prototype.
        assert_eq!(
            take("a Unique ship whose name (ignoring registry number) listed after 'U.S.S.' is the same as the ship class"),
            Some((vec![Condition::NameIsClass], "a Unique ship".into()))
        );
        assert_eq!(
            take("a Klingon ship"),
            Some((Vec::new(), "a Klingon ship".into()))
        );
        assert_eq!(
            take("a ship that does not have a [warp] Maneuver on its Maneuver Dial"),
            None
        );
    }
}
