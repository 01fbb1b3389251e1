//! Fixed costs of other cards (`rules.set_costs`): "You may equip the Dahar
//! Master [talent] Upgrade to this card for 0 SP", "Place the Stone of Gol
//! [tech] Upgrade facedown under T'Paal for 0 SP", "Kurn may field the
//! \"Mauk-to'Vor\" [talent] Upgrade at a cost of 3 SP", "Romulan [talent] and
//! Klingon [talent] Upgrades equipped to this Captain cost 3 SP", "Any
//! Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron
//! Points", "One of the [tech] upgrades you purchase for Tahna Los's ship
//! costs exactly 3 Squadron Points" (at most one card), "Up to 3 of the
//! Upgrades you purchase for your ship cost exactly 4 SP each" (at most
//! three). Scope: this card's ship, except for a captain's "equipped to
//! this Captain" and "you purchase for Kirk" (its own name): those are the
//! captain's own slots (shared/rules/staw.md, "Equipped to this Captain"),
//! so the fixed cost is a term of its printed [talent] icons (an
//! `adds_slots` entry with `icons`, `own_icons`), never of a card in the
//! admiral's talent slot.
//!
//! Also "You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP
//! or less to this ship for free" (one card, `max_printed_cost`), and what may
//! follow in the sentence: "even if it exceeds its restrictions"
//! (`exceed_restrictions`), "this Upgrade cannot refer to a specific ship
//! or class of ship" (`not_ship_specific`), "without requiring an Upgrade
//! Slot" (`rules.no_slot_for`), and a sentence of its own after a counted
//! one: "The printed cost on those Upgrades cannot be greater than 6"
//! (`max_printed_cost`). Anything else that follows leaves the phrase in
//! `unmodeled` next to the set cost.
//!
//! ```toml
//! [[card.rules.set_costs]]
//! amount = 0
//! applies_to = { names = ["Dahar Master"] }
//! ```

use super::{own_icons, push_all_unique, qualifiers, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardFilter, CardType, Scope, SetCost};
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
        r"(?i)^(?:any |all )?((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades (equipped to this captain|you purchase for ([\w' ]+?)) cost (?:exactly )?(\d+) (?:sp|squadron points?)\b",
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

/// "You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP or
/// less to this ship for free" (one card).
static ONE_UP_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\byou may equip an? ((?:[\w'-]+ |\[[a-z]+\] )*?)upgrade with a printed cost of (\d+) sp or less to this ship for (?:(free)|(\d+) sp)\b",
    )
    .unwrap()
});

static FACE_DOWN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^and (?:is|are) placed face ?down [^;]*$").unwrap());
/// What may follow a set cost in its sentence.
static EXCEEDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^,? ?even if it exceeds (?:its|your ship's|this ship's) re(?:s)?trictions$")
        .unwrap()
});
static NO_SLOT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:and )?without requiring an upgrade slot$").unwrap());
static NOT_SPECIFIC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:and (?:is|are) placed face ?down [^;]*)?; this upgrade cannot refer to a specific ship or class of ship$").unwrap()
});
/// "The printed cost on those Upgrades cannot be greater than 6."
static THOSE_AT_MOST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^the printed cost on those upgrades cannot be greater than (\d+)\.?$").unwrap()
});
/// "You may equip the 'Transporter Room' [tech] Upgrade to this ship
/// without requiring an Upgrade Slot" (no cost named).
static NAMED_NO_SLOT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\byou may equip the (?:"([^"]+)"|'([^']+)'|([^"\[]+?)) (?:\[[a-z]+\] )?upgrade to this ship without requiring an upgrade slot\b"#).unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = Vec::new();
    let mut spans = Vec::new();
    let mut no_slot_for = Vec::new();
    // Fixed costs of the cards equipped to this captain.
    let mut own = Vec::new();
    for (at, t) in s.text.sentences() {
        if let Some(c) = THOSE_AT_MOST.captures(t.trim()) {
            // A bound on the cards of the counted set cost before it.
            let last = found
                .iter_mut()
                .rev()
                .find(|c: &&mut SetCost| c.max_cards.is_some());
            if let (Some(last), Ok(n)) = (last, c[1].parse::<i32>()) {
                last.applies_to.max_printed_cost = Some(n);
                spans.push((at, at + t.len()));
                continue;
            }
        }
        if let Some(c) = NAMED_NO_SLOT.captures(t) {
            let name = c
                .get(1)
                .or(c.get(2))
                .or(c.get(3))
                .map_or("", |m| m.as_str().trim());
            if let Some(n) = cx.card_names.get(&fleetcheck_data::normalize(name)) {
                no_slot_for.push(CardFilter {
                    names: vec![n.clone()],
                    ..CardFilter::default()
                });
                spans.push(span_of(&c, at));
                continue;
            }
        }
        let mut take = |m: regex::Match, mut cost: SetCost, found: &mut Vec<SetCost>| {
            // The whole sentence is modeled only when nothing but where the
            // card is placed ("and are placed face down beside ...") or one
            // of the known clauses follows.
            let rest = t[m.end()..].trim().trim_end_matches('.');
            let mut whole = rest.is_empty() || FACE_DOWN.is_match(rest);
            // "... and is placed face down beside his card": its text is
            // not in play.
            let lower = rest.to_lowercase();
            cost.face_down =
                lower.contains("placed face down") || lower.contains("placed facedown");
            if EXCEEDS.is_match(rest) {
                cost.exceed_restrictions = true;
                whole = true;
            } else if NOT_SPECIFIC.is_match(rest) {
                cost.applies_to.not_ship_specific = true;
                whole = true;
            } else if NO_SLOT.is_match(rest) {
                no_slot_for.push(cost.applies_to.clone());
                whole = true;
            }
            found.push(cost);
            let end = if whole { t.len() } else { m.start() };
            spans.push((at + m.start(), at + end.max(m.start())));
        };
        if let Some(c) = ONE_UP_TO.captures(t) {
            if let (Some(mut applies_to), Ok(max)) = (qualifiers(&c[1]), c[2].parse::<i32>()) {
                applies_to.max_printed_cost = Some(max);
                let cost = SetCost {
                    amount: c.get(4).map_or(0, |m| m.as_str().parse().unwrap_or(0)),
                    scope: Scope::Ship,
                    applies_to,
                    max_cards: Some(1),
                    exceed_restrictions: false,
                    face_down: false,
                };
                take(c.get(0).unwrap(), cost, &mut found);
                continue;
            }
        }
        if let Some(c) = NAMED.captures(t) {
            let name = c
                .get(1)
                .or(c.get(2))
                .or(c.get(3))
                .map_or("", |m| m.as_str().trim());
            if let Some(n) = cx.card_names.get(&fleetcheck_data::normalize(name)) {
                let amount = c.get(6).map_or(0, |m| m.as_str().parse().unwrap_or(0));
                let cost = SetCost {
                    amount,
                    scope: Scope::Ship,
                    applies_to: CardFilter {
                        names: vec![n.clone()],
                        ..CardFilter::default()
                    },
                    max_cards: None,
                    exceed_restrictions: false,
                    face_down: false,
                };
                take(c.get(0).unwrap(), cost, &mut found);
                continue;
            }
        }
        if let Some(c) = FILTERED.captures(t) {
            if let Some(applies_to) = qualifiers(&c[1]) {
                let cost = SetCost {
                    amount: c[4].parse().unwrap_or(0),
                    scope: Scope::Ship,
                    applies_to,
                    max_cards: None,
                    exceed_restrictions: false,
                    face_down: false,
                };
                take(c.get(0).unwrap(), cost, &mut found);
                // "equipped to this Captain", "you purchase for Kirk".
                let to_captain = match c.get(3) {
                    None => true,
                    Some(who) => fleetcheck_data::normalize(&s.card.name)
                        .split(' ')
                        .any(|w| w == fleetcheck_data::normalize(who.as_str())),
                };
                if to_captain && s.card.kind == CardType::Captain {
                    own.extend(found.pop());
                }
                continue;
            }
        }
        if let Some(c) = COUNTED.captures(t) {
            if let Some(applies_to) = qualifiers(&c[3]) {
                let n = c.get(2).map_or(1, |m| m.as_str().parse().unwrap_or(1));
                let cost = SetCost {
                    amount: c[4].parse().unwrap_or(0),
                    scope: Scope::Ship,
                    applies_to,
                    max_cards: Some(n),
                    exceed_restrictions: false,
                    face_down: false,
                };
                take(c.get(0).unwrap(), cost, &mut found);
            }
        }
    }
    s.text
        .consume_all(spans.into_iter().filter(|&(a, b)| b > a));
    // The captain's own slots: its [talent] icons take the fixed cost (a
    // captain without icons, of which the data has none, keeps it for its
    // ship).
    for cost in own {
        match own_icons(&mut s.card) {
            Some(icons) if icons.set_cost.is_none() => icons.set_cost = Some(cost),
            _ => found.push(cost),
        }
    }
    push_all_unique(&mut s.card.rules.set_costs, found);
    push_all_unique(&mut s.card.rules.no_slot_for, no_slot_for);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx_with_cards, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        let cx = cx_with_cards(&[
            "Dahar Master",
            "Stone of Gol",
            "Mauk-to'Vor",
            "Romulan Cloaking Device",
            "Phase Cannons",
            "Transporter Room",
        ]);
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
            exceed_restrictions: false,
            face_down: false,
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
        // C384 T'Rul: beyond its restrictions.
        let s = run("You may equip the 'Romulan Cloaking Device' Upgrade to this ship for 0 SP even if it exceeds its restrictions.");
        let mut want = named(0, "Romulan Cloaking Device");
        want.exceed_restrictions = true;
        assert_eq!(s.card.rules.set_costs, vec![want]);
        assert!(s.text.is_consumed(0));
        // C444 Malcolm Reed: free and without a slot.
        let s = run("You may equip the 'Phase Cannons' [weapon] Upgrade to this ship for free without requiring an Upgrade Slot.");
        assert_eq!(s.card.rules.set_costs, vec![named(0, "Phase Cannons")]);
        assert_eq!(
            s.card.rules.no_slot_for,
            vec![named(0, "Phase Cannons").applies_to]
        );
        assert!(s.text.is_consumed(0));
        // C477 Miles O'Brien: without a slot only.
        let s = run("You may equip the 'Transporter Room' [tech] Upgrade to this ship without requiring an Upgrade Slot.");
        assert!(s.card.rules.set_costs.is_empty());
        assert_eq!(s.card.rules.no_slot_for[0].names, ["Transporter Room"]);
        // S336 I.K.S. K'Tanco: one Klingon [tech] of 4 SP or less, free.
        let s = run("You may equip a Klingon [tech] Upgrade with a printed cost of 4 SP or less to this ship for free, even if it exceeds this ship's retrictions.");
        assert_eq!(
            s.card.rules.set_costs,
            vec![SetCost {
                amount: 0,
                scope: Scope::Ship,
                applies_to: CardFilter {
                    slots: vec!["tech".into()],
                    factions: vec!["klingon".into()],
                    max_printed_cost: Some(4),
                    ..CardFilter::default()
                },
                max_cards: Some(1),
                exceed_restrictions: true,
                face_down: false,
            }]
        );
        assert!(s.text.is_consumed(0));
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
                max_cards: None,
                exceed_restrictions: false,
                face_down: false,
            }]
        );
        // Cap725 Khan Singh
        let s = run("Up to 3 of the Upgrades you purchase for your ship cost exactly 4 SP each and are placed face down beside your Ship Card. Each Upgrade remains face down until you decide to use it. The printed cost on those Upgrades cannot be greater than 6.");
        assert_eq!(s.card.rules.set_costs[0].amount, 4);
        assert_eq!(s.card.rules.set_costs[0].max_cards, Some(3));
        assert_eq!(
            s.card.rules.set_costs[0].applies_to.max_printed_cost,
            Some(6)
        );
        assert!(s.text.is_consumed(s.text.text.find("The printed").unwrap()));
        // Cap524 Tahna Los
        let s = run("One of the [tech] upgrades you purchase for Tahna Los's ship costs exactly 3 Squadron Points and is placed face down beside his card; this Upgrade cannot refer to a specific ship or class of ship.");
        assert_eq!(s.card.rules.set_costs[0].max_cards, Some(1));
        assert_eq!(s.card.rules.set_costs[0].applies_to.slots, vec!["tech"]);
        assert!(s.card.rules.set_costs[0].applies_to.not_ship_specific);
        assert!(s.text.is_consumed(0));
        // Cap905 James T. Kirk
        let s = run("Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3 Squadron Points and are placed face down beside his card.");
        assert_eq!(
            s.card.rules.set_costs[0].applies_to.factions,
            vec!["federation"]
        );
    }
}
