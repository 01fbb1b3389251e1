//! Discounts a card grants to other cards (`rules.discounts`).
//!
//! "All of your [crew] Upgrades cost -1 SP" (this card's ship), "All of your
//! Klingon Upgrades cost -1 SP", "All of your Vulcan and Federation [tech]
//! Upgrades cost -2 SP", "Ferengi Upgrades equipped to this ship cost -1SP",
//! "... for all ships in your fleet (including your own ship)" (the whole
//! fleet), "(min 1)" floors, named cards ("The 'Bio-Neural Circuitry' and
//! 'Variable Geometry Pylons' [tech] Upgrades equipped to this ship cost -1
//! SP"), and "If this card is assigned to an Independent
//! ship, all of your Upgrades cost -1 SP" (`when` the ship is Independent).
//! The discount applies to upgrades only, never to the granting card itself
//! (Calvin Hudson costs his printed 3).
//!
//! Also "All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP"
//! (`max_cost`, the cost on the ship before this discount), "all of your non-Borg [tech] and
//! [weapon] Upgrades" (`not_factions`), also after another clause joined
//! with "and".
//!
//! A cap on the saving ("All of your [weapon] Upgrades cost -1SP, -5 Max",
//! Dolim) becomes `max_cards` (5 cards of -1); "even if it exceeds your
//! ship's restrictions" after a named discount (Vrax) is
//! `exceed_restrictions`.
//!
//! Not modeled (left in `unmodeled`): other conditions.
//!
//! ```toml
//! [[card.rules.discounts]]
//! amount = -1
//! scope = "fleet"
//! applies_to = { slots = ["crew"] }
//! ```

use super::{faction_of, push_all_unique, slot_of, span_of, target, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardFilter, Discount, Scope};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "discounts",
    apply,
};

/// The end of a discount phrase: "Upgrades [equipped to this ship] cost -N
/// SP [for all ships in your fleet ...] [(min N)]"; its subject is read
/// backwards from there (`subject`).
static TAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\bupgrades( equipped to this ship)?(?: with a cost of (?P<max>\d+) or less)? cost -\s?(\d+)\s?(?:sp|squadron points?)\b( (?:for|to) all ships in your fleet(?: \(including your own ship\))?)?(?:\s*\((?:min|minimum) (\d+)\))?",
    )
    .unwrap()
});
/// What may stand before the qualifiers: "All of your", "All your", "All",
/// "Your", or a condition on this card's ship.
static LEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)(?:^|\b)(all of your|all your|all|your)\s*$").unwrap());

/// "The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech]
/// Upgrades equipped to this ship cost -1 SP", "The Borg Ablative Hull Armor
/// [borg] Upgrade costs -3 SP to equip to this ship".
static NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^the ((?:'[^']+'(?:,|,? and)? ?)+|[A-Z][\w' -]+?) (?:\[([a-z]+)\] )?upgrades? (?:equipped to this ship )?costs? -\s?(\d+)\s?sp(?: to equip to this ship)?\b",
    )
    .unwrap()
});
static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"'([^']+)'").unwrap());

/// "One of your Dominion Upgrades costs -2 Squadron Points", "One of your
/// [talent] Upgrades costs -1 SP (min 0)": a discount on one card.
static ONE_OF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^one of your ((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades costs? -\s?(\d+)\s?(?:sp|squadron points?)\b(?:\s*\((?:min|minimum) (\d+)\))?",
    )
    .unwrap()
});

/// "You may deploy the \"Reman Bodyguards\" Upgrade to your ship at a cost of
/// -2 SP", "You may field the \"Kuvah'Magh\" [talent] Upgrade at a cost of
/// -2": a discount on a named card. Only "deploy"/"equip" with nothing
/// after it is fully modeled; "may field" also grants a permission, and
/// "even if it exceeds your ship's restrictions" overrides restrictions,
/// neither of which is modeled.
static NAMED_AT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\byou may (deploy|equip|field) the (?:"([^"]+)"|'([^']+)'|([^"\[]+?)) (?:\[[a-z]+\] )?upgrade\b[^.]*?\bat a cost of -(\d+)(?:\s?sp)?\b"#,
    )
    .unwrap()
});

/// "..., even if it exceeds your ship's restrictions".
static EXCEEDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^,? ?even if it exceeds (?:its|your ship's|this ship's) re(?:s)?trictions$")
        .unwrap()
});
/// A cap after a discount: ", -5 Max".
static CAP: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^,\s*-\s?(\d+)\s?(?:sp\s)?max\b").unwrap());

static IF_ASSIGNED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bif this (?:card|captain|upgrade) is (?:assigned|equipped) to (.+?),\s*$")
        .unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        if let Some(c) = NAMED_AT.captures(t) {
            let name = c
                .get(2)
                .or(c.get(3))
                .or(c.get(4))
                .map_or("", |m| m.as_str().trim());
            let amount: i32 = c[5].parse().unwrap_or(0);
            if let (Some(n), true) = (
                cx.card_names.get(&fleetcheck_data::normalize(name)),
                amount != 0,
            ) {
                found.push(Discount::off_on_ship(
                    amount,
                    CardFilter {
                        names: vec![n.clone()],
                        ..CardFilter::default()
                    },
                ));
                let m = c.get(0).map_or(0..0, |m| m.range());
                let rest = t[m.end..].trim().trim_end_matches('.');
                // "..., even if it exceeds your ship's restrictions" (Vrax).
                let exceeds = EXCEEDS.is_match(rest);
                if let (true, Some(d)) = (exceeds, found.last_mut()) {
                    d.exceed_restrictions = true;
                }
                if (rest.is_empty() || exceeds) && !c[1].eq_ignore_ascii_case("field") {
                    spans.push((at + m.start, at + t.len()));
                }
                continue;
            }
        }
        if let Some(c) = ONE_OF.captures(t) {
            if let Some((_, applies_to, None)) = subject(cx, &c[1]) {
                let amount: i32 = c[2].parse().unwrap_or(0);
                if amount != 0 {
                    found.push(Discount {
                        min: c.get(3).and_then(|m| m.as_str().parse().ok()),
                        max_cards: Some(1),
                        ..Discount::off_on_ship(amount, applies_to)
                    });
                    spans.push(span_of(&c, at));
                    continue;
                }
            }
        }
        if let Some(c) = NAMED.captures(t) {
            let quoted: Vec<String> = if c[1].contains('\'') {
                QUOTED
                    .captures_iter(&c[1])
                    .map(|q| q[1].to_string())
                    .collect()
            } else {
                vec![c[1].trim().to_string()]
            };
            // Every name must be a card's ("The selected Upgrades" names none).
            let names: Option<Vec<String>> = quoted
                .iter()
                .map(|n| cx.card_names.get(&fleetcheck_data::normalize(n)).cloned())
                .collect();
            let amount: i32 = c[3].parse().unwrap_or(0);
            if let (Some(names), true) = (names, amount != 0) {
                found.push(Discount::off_on_ship(
                    amount,
                    CardFilter {
                        names,
                        slots: c
                            .get(2)
                            .map(|m| vec![m.as_str().to_lowercase()])
                            .unwrap_or_default(),
                        ..CardFilter::default()
                    },
                ));
                spans.push(span_of(&c, at));
                continue;
            }
        }
        for c in TAIL.captures_iter(t) {
            let tail = c.get(0).map_or(0..0, |m| m.range());
            let Some((begin, applies_to, when)) = subject(cx, &t[..tail.start]) else {
                continue;
            };
            let amount: i32 = c[3].parse().unwrap_or(0);
            if amount == 0 {
                continue;
            }
            // A cap on the whole saving ("-1SP, -5 Max"): each card saves
            // the whole amount, so N SP at most is N / amount cards (those
            // the engine picks to save most; `max_cards`).
            let mut end = tail.end;
            let mut max_cards = None;
            if let Some(cap) = CAP.captures(&t[tail.end..]) {
                let total: i32 = cap[1].parse().unwrap_or(0);
                if total <= 0 || total % amount != 0 {
                    continue;
                }
                max_cards = Some((total / amount) as u32);
                end += cap.get(0).map_or(0, |m| m.end());
            } else if t[tail.end..].trim_start().starts_with(", -") {
                continue;
            }
            let mut applies_to = applies_to;
            applies_to.max_cost = c.name("max").and_then(|m| m.as_str().parse().ok());
            found.push(Discount {
                amount: -amount,
                scope: if c.get(4).is_some() {
                    Scope::Fleet
                } else {
                    Scope::Ship
                },
                applies_to,
                min: c.get(5).and_then(|m| m.as_str().parse().ok()),
                max_cards,
                when,
                exceed_restrictions: false,
            });
            spans.push((at + begin, at + end));
        }
    }
    s.text.consume_all(spans);
    push_all_unique(&mut s.card.rules.discounts, found);
    Ok(())
}

type Subject3 = (usize, CardFilter, Option<fleetcheck_data::model::Condition>);

/// Reads the subject before "Upgrades ... cost -N": the qualifier words
/// (factions and slot icons joined by "and"/"or"), then "All of your" /
/// "Your" / nothing at the sentence start, or "If this card is assigned to
/// an Independent ship, all of your". Returns where the phrase begins, the
/// filter and the condition; `None` when anything else stands there.
fn subject(cx: &Cx, before: &str) -> Option<Subject3> {
    let mut f = CardFilter::default();
    let mut rest = before.trim_end();
    loop {
        let (head, word) = match rest.rfind(' ') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => ("", rest),
        };
        let wl = word.trim_end_matches(',').to_lowercase();
        if wl.is_empty() {
            break;
        }
        if let Some(slot) = slot_of(&wl).filter(|_| wl.starts_with('[')) {
            f.slots.insert(0, slot.to_string());
        } else if let Some(fa) = faction_of(&wl) {
            f.factions.insert(0, fa.to_string());
        } else if let Some(fa) = wl.strip_prefix("non-").and_then(faction_of) {
            // "all of your non-Borg [tech] and [weapon] Upgrades"
            f.not_factions.insert(0, fa.to_string());
        } else if !matches!(wl.as_str(), "and" | "or") {
            break;
        }
        rest = head.trim_end();
    }
    dedup(&mut f.slots);
    dedup(&mut f.factions);
    dedup(&mut f.not_factions);
    let lead = LEAD.captures(rest);
    let prefix = match &lead {
        Some(c) => &rest[..c.get(1).map_or(0, |m| m.start())],
        None => rest,
    };
    // A clause of its own after "... and" ("you may only have ... assigned
    // to your ship and all of your non-Borg [tech] Upgrades cost -1 SP").
    let after_and = lead.is_some() && prefix.trim_end().to_lowercase().ends_with(" and");
    if prefix.trim().is_empty() || after_and {
        let begin = lead
            .and_then(|c| c.get(1))
            .map_or(rest.len(), |m| m.start());
        return Some((begin, f, None));
    }
    // "If this card is assigned to an Independent ship, all of your".
    lead.as_ref()?;
    let c = IF_ASSIGNED.captures(prefix)?;
    let when = target::ship(cx, &c[1])?;
    Some((c.get(0).map_or(0, |m| m.start()), f, Some(when)))
}

fn dedup(v: &mut Vec<String>) {
    let mut seen = Vec::new();
    v.retain(|x| {
        let new = !seen.contains(x);
        seen.push(x.clone());
        new
    });
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, cx_with_cards, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s
    }

    fn d(
        amount: i32,
        scope: Scope,
        factions: &[&str],
        slots: &[&str],
        min: Option<i32>,
    ) -> Discount {
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
            max_cards: None,
            exceed_restrictions: false,
        }
    }

    #[test]
    fn hugh_crew_discount() {
        // Cap424 Hugh
        let s = run("All of your [crew] Upgrades cost -1 SP.");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-1, Scope::Ship, &[], &["crew"], None)]
        );
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn variants() {
        let s = run("All of your Vulcan and Federation [tech] Upgrades cost -2 SP.");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(
                -2,
                Scope::Ship,
                &["vulcan", "federation"],
                &["tech"],
                None
            )]
        );
        // R010e Independent (Klingon) fleet captain.
        let s = run("All of your [crew] Upgrades cost -1 SP for all ships in your fleet (including your own ship).");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-1, Scope::Fleet, &[], &["crew"], None)]
        );
        let s = run("Ferengi Upgrades equipped to this ship cost -1SP.");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-1, Scope::Ship, &["ferengi"], &[], None)]
        );
        let s = run("All of your Klingon Upgrades cost -1 SP.");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-1, Scope::Ship, &["klingon"], &[], None)]
        );
        let s = run("All of your [weapon] Upgrades cost -1 Squadron Point (min 1).");
        assert_eq!(
            s.card.rules.discounts,
            vec![d(-1, Scope::Ship, &[], &["weapon"], Some(1))]
        );
    }

    #[test]
    fn named_upgrades() {
        // S386 U.S.S. Intrepid
        let s = run("The 'Bio-Neural Circuitry' and 'Variable Geometry Pylons' [tech] Upgrades equipped to this ship cost -1 SP.");
        let mut want = d(-1, Scope::Ship, &[], &["tech"], None);
        want.applies_to.names = vec![
            "Bio-Neural Circuitry".into(),
            "Variable Geometry Pylons".into(),
        ];
        assert_eq!(s.card.rules.discounts, vec![want]);
        // S139 Tactical Cube 138
        let s =
            run("The Borg Ablative Hull Armor [borg] Upgrade costs -3 SP to equip to this ship.");
        let mut want = d(-3, Scope::Ship, &[], &["borg"], None);
        want.applies_to.names = vec!["Borg Ablative Hull Armor".into()];
        assert_eq!(s.card.rules.discounts, vec![want]);
    }

    #[test]
    fn one_of_your_upgrades() {
        // Cap325 Luaran
        let s = run("One of your Dominion Upgrades costs -2 Squadron Points.");
        let mut want = d(-2, Scope::Ship, &["dominion"], &[], None);
        want.max_cards = Some(1);
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(0));
        // C051 Marlena Moreau
        let s = run("One of your [talent] Upgrades costs -1 SP (min 0).");
        let mut want = d(-1, Scope::Ship, &[], &["talent"], Some(0));
        want.max_cards = Some(1);
        assert_eq!(s.card.rules.discounts, vec![want]);
    }

    #[test]
    fn named_card_at_a_cost() {
        let mut s = subject(
            "X1",
            "You may deploy the \"Reman Bodyguards\" Upgrade to your ship at a cost of -2 SP, even if it exceeds your ship's restrictions.",
            json!({}),
        );
        let cx = cx_with_cards(&["Reman Bodyguards"]);
        apply(&cx, &mut s).unwrap();
        let mut want = d(-2, Scope::Ship, &[], &[], None);
        want.applies_to.names = vec!["Reman Bodyguards".into()];
        want.exceed_restrictions = true;
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(s.text.text.find("may deploy").unwrap()));
    }

    #[test]
    fn unknown_names_are_not_discounts() {
        // E237: "the selected Upgrades" are chosen in play.
        let s = run("The selected Upgrades cost -2 SP each.");
        assert!(s.card.rules.discounts.is_empty());
    }

    #[test]
    fn calvin_hudson_on_an_independent_ship() {
        // Cap518 Calvin Hudson
        let s = run(
            "If this card is assigned to an Independent ship, all of your Upgrades cost -1 SP.",
        );
        let mut want = d(-1, Scope::Ship, &[], &[], None);
        want.when = Some(fleetcheck_data::model::Condition::ShipFaction {
            any: vec!["independent".into()],
        });
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn conditional_discounts_stay_unmodeled() {
        let s = run("If you have a Klingon ship, all of your Upgrades cost -1 SP.");
        assert!(s.card.rules.discounts.is_empty());
    }

    #[test]
    fn caps_and_restriction_overrides() {
        // Cap801 Dolim.
        let s = run("All of your [weapon] Upgrades cost -1SP, -5 Max");
        let mut want = d(-1, Scope::Ship, &[], &["weapon"], None);
        want.max_cards = Some(5);
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(s.text.text.find("Max").unwrap()));
        // Cap331 Vrax.
        let mut s = subject("X1", "You may deploy the \"Bio-Neural Circuitry\" Upgrade to your ship at a cost of -2 SP, even if it exceeds your ship's restrictions.", json!({}));
        apply(&cx(), &mut s).unwrap();
        assert!(s.card.rules.discounts[0].exceed_restrictions);
        assert!(s.text.is_consumed(s.text.text.find("even").unwrap()));
    }

    #[test]
    fn cost_bounds_and_negated_factions() {
        // C134 Sakonna.
        let s = run("Add 1 additional [weapon] Upgrade slot to your Upgrade Bar. All of your [weapon] Upgrades with a cost of 5 or less cost -2 SP.");
        let mut want = d(-2, Scope::Ship, &[], &["weapon"], None);
        want.applies_to.max_cost = Some(5);
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(s.text.text.find("All of").unwrap()));
        // C039 Romulan Hijackers, after another clause.
        let s = run("While this card is assigned to your ship, you may only have a Romulan Captain and Romulan [crew] Upgrades assigned to your ship and all of your non-Borg [tech] and [weapon] Upgrades cost -1 SP.");
        let mut want = d(-1, Scope::Ship, &[], &["tech", "weapon"], None);
        want.applies_to.not_factions = vec!["borg".into()];
        assert_eq!(s.card.rules.discounts, vec![want]);
        assert!(s.text.is_consumed(s.text.text.find("all of").unwrap()));
    }
}
