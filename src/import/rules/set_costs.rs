//! Fixed costs of other cards (`rules.set_costs`): "You may equip the Dahar
//! Master [talent] Upgrade to this card for 0 SP", "Place the Stone of Gol
//! [tech] Upgrade facedown under T'Paal for 0 SP", "Kurn may field the
//! \"Mauk-to'Vor\" [talent] Upgrade at a cost of 3 SP", "Romulan [talent] and
//! Klingon [talent] Upgrades equipped to this Captain cost 3 SP", "Any
//! Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron
//! Points", "One of the [tech] upgrades you purchase for Tahna Los's ship
//! costs exactly 3 Squadron Points" (at most one card), "Up to 3 of the
//! Upgrades you purchase for your ship cost exactly 4 SP each" (at most
//! three). Scope: this card's ship.
//!
//! What follows in the sentence ("even if it exceeds its restrictions",
//! "this Upgrade cannot refer to a specific ship or class") is not modeled:
//! the phrase then stays in `unmodeled` next to the set cost.
//!
//! ```toml
//! [[card.rules.set_costs]]
//! amount = 0
//! applies_to = { names = ["Dahar Master"] }
//! ```

use super::{faction_of, push_unique, slot_of, Cx, Kind, Subject};
use crate::db::model::{CardFilter, Scope, SetCost};
use crate::import::ImportError;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "set_costs",
    apply,
};

/// A named card for a fixed cost.
static NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:you may equip|place|[\w']+ may field|you may field) the (?:"([^"]+)"|'([^']+)'|([^"\[]+?)) (?:\[[a-z]+\] )?upgrade\b[^.]*?\b(?:for (0) sp|for (free)|at a cost of (\d+) sp)\b"#,
    )
    .unwrap()
});
/// Cards by faction and type: "Romulan [talent] and Klingon [talent]
/// Upgrades equipped to this Captain cost 3 SP", "Any Federation [talent]
/// Upgrades you purchase for Kirk cost exactly 3 Squadron Points".
static FILTERED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:any |all )?((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades (?:equipped to this captain|you purchase for [\w' ]+?) cost (?:exactly )?(\d+) (?:sp|squadron points?)\b",
    )
    .unwrap()
});
/// "One of the [tech] upgrades you purchase for X's ship costs exactly 3
/// Squadron Points", "Up to 3 of the Upgrades you purchase for your ship
/// cost exactly 4 SP each".
static COUNTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(one|up to (\d+)) of the ((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades you purchase for [\w' ]+? costs? exactly (\d+) (?:sp|squadron points?)(?: each)?\b",
    )
    .unwrap()
});

static FACE_DOWN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^and (?:is|are) placed face ?down [^;]*$").unwrap());

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        let mut take = |m: regex::Match, cost: SetCost, found: &mut Vec<SetCost>| {
            found.push(cost);
            // The whole sentence is modeled only when nothing but where the
            // card is placed ("and are placed face down beside ...") follows.
            let rest = t[m.end()..].trim().trim_end_matches('.');
            let end = if rest.is_empty() || FACE_DOWN.is_match(rest) {
                t.len()
            } else {
                m.start()
            };
            spans.push((at + m.start(), at + end.max(m.start())));
        };
        if let Some(c) = NAMED.captures(t) {
            let name = c
                .get(1)
                .or(c.get(2))
                .or(c.get(3))
                .map_or("", |m| m.as_str().trim());
            if let Some(n) = cx.card_names.get(&crate::db::normalize(name)) {
                let amount = c.get(6).map_or(0, |m| m.as_str().parse().unwrap_or(0));
                let cost = SetCost {
                    amount,
                    scope: Scope::Ship,
                    applies_to: CardFilter {
                        names: vec![n.clone()],
                        ..CardFilter::default()
                    },
                    max_cards: None,
                };
                take(c.get(0).unwrap(), cost, &mut found);
                continue;
            }
        }
        if let Some(c) = FILTERED.captures(t) {
            if let Some(applies_to) = filter(&c[1]) {
                let cost = SetCost {
                    amount: c[2].parse().unwrap_or(0),
                    scope: Scope::Ship,
                    applies_to,
                    max_cards: None,
                };
                take(c.get(0).unwrap(), cost, &mut found);
                continue;
            }
        }
        if let Some(c) = COUNTED.captures(t) {
            if let Some(applies_to) = filter(&c[3]) {
                let n = c.get(2).map_or(1, |m| m.as_str().parse().unwrap_or(1));
                let cost = SetCost {
                    amount: c[4].parse().unwrap_or(0),
                    scope: Scope::Ship,
                    applies_to,
                    max_cards: Some(n),
                };
                take(c.get(0).unwrap(), cost, &mut found);
            }
        }
    }
    for (a, b) in spans {
        if b > a {
            s.text.consume(a, b);
        }
    }
    for c in found {
        push_unique(&mut s.card.rules.set_costs, c);
    }
    Ok(())
}

/// Factions and slot icons ("Romulan [talent] and Klingon [talent] ").
fn filter(words: &str) -> Option<CardFilter> {
    let mut f = CardFilter::default();
    for w in words.split_whitespace() {
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
        let mut cx = cx();
        for n in [
            "Dahar Master",
            "Stone of Gol",
            "Mauk-to'Vor",
            "Romulan Cloaking Device",
        ] {
            cx.card_names.insert(crate::db::normalize(n), n.to_string());
        }
        apply(&cx, &mut s).unwrap();
        s
    }

    fn named(amount: i32, name: &str) -> SetCost {
        SetCost {
            amount,
            scope: Scope::Ship,
            applies_to: CardFilter {
                names: vec![name.into()],
                ..CardFilter::default()
            },
            max_cards: None,
        }
    }

    #[test]
    fn named_cards() {
        // Cap004 Kor
        let s = run("You may equip the Dahar Master [talent] Upgrade to this card for 0 SP.");
        assert_eq!(s.card.rules.set_costs, vec![named(0, "Dahar Master")]);
        assert!(s.text.is_consumed(0));
        // C369 T'Paal
        let s = run("Place the Stone of Gol [tech] Upgrade facedown under T'Paal for 0 SP.");
        assert_eq!(s.card.rules.set_costs, vec![named(0, "Stone of Gol")]);
        // Cap410 Kurn
        let s = run("Kurn may field the \"Mauk-to'Vor\" [talent] Upgrade at a cost of 3 SP.");
        assert_eq!(s.card.rules.set_costs, vec![named(3, "Mauk-to'Vor")]);
        // C384 T'Rul: the restriction override is not modeled.
        let s = run("You may equip the 'Romulan Cloaking Device' Upgrade to this ship for 0 SP even if it exceeds its restrictions.");
        assert_eq!(
            s.card.rules.set_costs,
            vec![named(0, "Romulan Cloaking Device")]
        );
        assert!(!s.text.is_consumed(0));
    }

    #[test]
    fn filtered_and_counted() {
        // Cap656 Duras
        let s = run(
            "Romulan [talent] and Klingon [talent] Upgrades equipped to this Captain cost 3 SP.",
        );
        assert_eq!(
            s.card.rules.set_costs,
            vec![SetCost {
                amount: 3,
                scope: Scope::Ship,
                applies_to: CardFilter {
                    slots: vec!["talent".into()],
                    factions: vec!["romulan".into(), "klingon".into()],
                    ..CardFilter::default()
                },
                max_cards: None
            }]
        );
        // Cap725 Khan Singh
        let s = run("Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each and are placed face down beside your Ship Card.");
        assert_eq!(s.card.rules.set_costs[0].amount, 4);
        assert_eq!(s.card.rules.set_costs[0].max_cards, Some(3));
        // Cap524 Tahna Los
        let s = run("One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3 Squadron Points and is placed face down beside his card; this Upgrade cannot refer to a specific ship or class of ship.");
        assert_eq!(s.card.rules.set_costs[0].max_cards, Some(1));
        assert_eq!(s.card.rules.set_costs[0].applies_to.slots, vec!["tech"]);
        assert!(!s.text.is_consumed(0));
        // Cap905 James T. Kirk
        let s = run("Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron Points and are placed face down beside his card.");
        assert_eq!(
            s.card.rules.set_costs[0].applies_to.factions,
            vec!["federation"]
        );
    }
}
