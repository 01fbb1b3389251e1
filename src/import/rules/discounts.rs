//! Discounts a card grants to other cards (`rules.discounts`).
//!
//! "All of your [crew] Upgrades cost -1 SP" (this card's ship), "All of your
//! Klingon Upgrades cost -1 SP", "All of your Vulcan and Federation [tech]
//! Upgrades cost -2 SP", "Ferengi Upgrades equipped to this ship cost -1SP",
//! "... for all ships in your fleet (including your own ship)" (the whole
//! fleet), "(min 1)" floors, and "If this card is assigned to an Independent
//! ship, all of your Upgrades cost -1 SP" (`when` the ship is Independent).
//! The discount applies to upgrades only, never to the granting card itself
//! (Calvin Hudson costs his printed 3).
//!
//! Not modeled (left in `unmodeled`): other conditions, on one chosen card ("One
//! of your [talent] Upgrades costs -1 SP"), on cards by cost ("with a cost
//! of 5 or less"), negated filters ("non-Borg"), and caps ("-5 Max").
//!
//! ```toml
//! [[card.rules.discounts]]
//! amount = -1
//! scope = "fleet"
//! applies_to = { slots = ["crew"] }
//! ```

use super::{faction_of, push_unique, slot_of, target, Cx, Kind, Subject};
use crate::db::model::{CardFilter, Discount, Scope};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "discounts",
    apply,
};

static PHRASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)(?:^|\b)(?:(all of your|all your|all|your) )?((?:[\w'-]+,? |\[[a-z]+\],? )*?)upgrades( equipped to this ship)? cost -\s?(\d+)\s?(?:sp|squadron points?)\b( (?:for|to) all ships in your fleet(?: \(including your own ship\))?)?(?:\s*\((?:min|minimum) (\d+)\))?",
    )
    .unwrap()
});

static IF_ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bif this (?:card|captain|upgrade) is (?:assigned|equipped) to (.+?),\s*$").unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in PHRASE.captures_iter(t) {
            let m = c.get(0).map_or(0..0, |m| m.range());
            // "If this card is assigned to an Independent ship, all of your
            // ...": the discount holds when the ship fits. Any other
            // condition before it is not modeled.
            let before = &t[..m.start];
            let mut when = None;
            let mut start = m.start;
            if let Some(c) = IF_ASSIGNED.captures(before) {
                match target::ship(cx, &c[1]) {
                    Some(cond) => {
                        when = Some(cond);
                        start = c.get(0).map_or(m.start, |g| g.start());
                    }
                    None => continue,
                }
            } else if before.to_lowercase().contains("if ") {
                continue;
            }
            // A sentence that goes on with a cap ("-5 Max") is not modeled.
            if t[m.end..].trim_start().starts_with(", -") {
                continue;
            }
            let Some(applies_to) = qualifiers(&c[2]) else {
                continue;
            };
            let amount: i32 = c[4].parse().unwrap_or(0);
            if amount == 0 {
                continue;
            }
            found.push(Discount {
                amount: -amount,
                scope: if c.get(5).is_some() {
                    Scope::Fleet
                } else {
                    Scope::Ship
                },
                applies_to,
                min: c.get(6).and_then(|m| m.as_str().parse().ok()),
                when,
            });
            spans.push((at + start, at + m.end));
        }
    }
    for (a, b) in spans {
        s.text.consume(a, b);
    }
    for d in found {
        push_unique(&mut s.card.rules.discounts, d);
    }
    Ok(())
}

/// Factions and slots before "Upgrades" ("Vulcan and Federation [tech] ").
fn qualifiers(words: &str) -> Option<CardFilter> {
    let mut f = CardFilter::default();
    for w in words.replace(',', " ").split_whitespace() {
        let wl = w.to_lowercase();
        if let Some(slot) = slot_of(&wl).filter(|_| wl.starts_with('[')) {
            push_unique(&mut f.slots, slot.to_string());
        } else if let Some(fa) = faction_of(&wl) {
            push_unique(&mut f.factions, fa.to_string());
        } else if !matches!(wl.as_str(), "and" | "or") {
            return None;
        }
    }
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s
    }

    fn d(amount: i32, scope: Scope, factions: &[&str], slots: &[&str], min: Option<i32>) -> Discount {
        Discount {
            amount,
            scope,
            applies_to: CardFilter {
                factions: factions.iter().map(|s| s.to_string()).collect(),
                slots: slots.iter().map(|s| s.to_string()).collect(),
                ..CardFilter::default()
            },
            min,
            when: None,
        }
    }

    #[test]
    fn hugh_crew_discount() {
        // Cap424 Hugh
        let s = run("All of your [crew] Upgrades cost -1 SP.");
        assert_eq!(s.card.rules.discounts, vec![d(-1, Scope::Ship, &[], &["crew"], None)]);
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn variants() {
        let s = run("All of your Vulcan and Federation [tech] Upgrades cost -2 SP.");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-2, Scope::Ship, &["vulcan", "federation"], &["tech"], None)]
        );
        // R010e Independent (Klingon) fleet captain.
        let s = run("All of your [crew] Upgrades cost -1 SP for all ships in your fleet (including your own ship).");
        assert_eq!(s.card.rules.discounts, vec![d(-1, Scope::Fleet, &[], &["crew"], None)]);
        let s = run("Ferengi Upgrades equipped to this ship cost -1SP.");
        assert_eq!(s.card.rules.discounts, vec![d(-1, Scope::Ship, &["ferengi"], &[], None)]);
        let s = run("All of your Klingon Upgrades cost -1 SP.");
        assert_eq!(s.card.rules.discounts, vec![d(-1, Scope::Ship, &["klingon"], &[], None)]);
        let s = run("All of your [weapon] Upgrades cost -1 Squadron Point (min 1).");
        assert_eq!(s.card.rules.discounts, vec![d(-1, Scope::Ship, &[], &["weapon"], Some(1))]);
    }

    #[test]
    fn calvin_hudson_on_an_independent_ship() {
        // Cap518 Calvin Hudson
        let s = run("If this card is assigned to an Independent ship, all of your Upgrades cost -1 SP.");
        let mut want = d(-1, Scope::Ship, &[], &[], None);
        want.when = Some(crate::db::model::Condition::ShipFaction {
            any: vec!["independent".into()],
        });
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn conditional_discounts_stay_unmodeled() {
        let s = run("If you have a Klingon ship, all of your Upgrades cost -1 SP.");
        assert!(s.card.rules.discounts.is_empty());
        let s = run("All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP.");
        assert!(s.card.rules.discounts.is_empty());
        let s = run("All of your non-Borg [tech] and [weapon] Upgrades cost -1 SP.");
        assert!(s.card.rules.discounts.is_empty());
    }
}
