//! Discounts on cards the player picks, or under a condition on the ship's
//! other cards (`rules.discounts` with `max_cards` or `when`):
//!
//! - "Select 1 [tech] Upgrade, 1 [weapon] Upgrade, and/or 1 [crew] Upgrade
//!   equipped to this ship. ... The selected Upgrades cost -2 SP each" (It
//!   Won't Be Installed Until Tuesday E237): one discount of at most one
//!   card per listed type;
//! - "Your ship costs -2SP and each Upgrade assigned to your ship costs
//!   -1SP. (max -5SP total)" (Jean-Luc Picard Cap803): the ship card's
//!   discount, and the upgrades' on the cards the rest of the cap allows
//!   (5 - 2 = 3 cards of -1; a ship always costs 2 SP or more);
//! - "If this ship is a support ship, you may equip 1 Upgrade (of your
//!   choice) at -2 SP to this ship" (Sphere 936 S240): a Borg support ship
//!   is one that carries the Borg Support Vehicle Token (Utopia's card for
//!   that status, Q008), so `when` the ship carries it;
//! - "If this ship is equipped with the 'Federation Prototype' [hook],
//!   Prometheus Class Restricted Upgrades equipped to this ship cost -2 SP
//!   and cannot be affected by opposing Upgrades" (U.S.S. Prometheus S362):
//!   `when` the ship carries that card, for the cards restricted to the
//!   class (`restricted_to`; the rest of the sentence is play).
//!
//! ```toml
//! [[card.rules.discounts]]
//! amount = -2
//! max_cards = 1
//! when = { kind = "ship-has-card", any = ["Borg Support Vehicle Token"] }
//! ```

use super::{number, push_all_unique, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardFilter, Condition, Discount};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "discount_choices",
    apply,
};

/// The card that makes a Borg ship a support ship.
const SUPPORT_TOKEN: &str = "Borg Support Vehicle Token";

static SELECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?-i:[A-Z][A-Z ]*):\s*)?select ((?:(?:\d+|one|an?) \[[a-z]+\] upgrade(?:,? (?:and/or|and|or) |, )?)+) equipped to this ship\.?$").unwrap()
});
static SELECTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^the selected upgrades cost -\s?(\d+)\s?sp each\.?$").unwrap()
});
static ONE_SELECTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)(\d+|one|an?) \[([a-z]+)\] upgrade").unwrap());
static SHIP_AND_EACH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?-i:[A-Z][A-Z ]*):\s*)?your ship costs -\s?(\d+)\s?sp and each upgrade assigned to your ship costs -\s?(\d+)\s?sp\.?$").unwrap()
});
static MAX_TOTAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\(max -\s?(\d+)\s?sp total\)\.?$").unwrap());
static SUPPORT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?-i:[A-Z][A-Z ]*):\s*)?if this ship is a support ship, you may equip (\d+|one|an?) upgrade \(of your choice\) at -\s?(\d+)\s?sp to this ship\b").unwrap()
});
static WITH_CARD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:(?-i:[A-Z][A-Z ]*):\s*)?if this ship is equipped with the '([^']+)'(?: \[[a-z]+\])?, ?(.+?) class restricted upgrades equipped to this ship cost -\s?(\d+)\s?sp\b").unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let sentences = s.text.trimmed_sentences();
    let mut found = Vec::new();
    let mut spans = Vec::new();
    for (n, (at, t)) in sentences.iter().enumerate() {
        let whole = (*at, at + t.len());
        // E237: the selection, then (a sentence or two later) its discount.
        if let Some(c) = SELECT.captures(t) {
            let later = sentences[n + 1..]
                .iter()
                .take(2)
                .find_map(|(a, u)| SELECTED.captures(u).map(|d| (*a, u.len(), d)));
            if let Some((a, len, d)) = later {
                let amount: i32 = d[1].parse().unwrap_or(0);
                let picks: Option<Vec<(u32, &str)>> = ONE_SELECTION
                    .captures_iter(&c[1])
                    .map(|p| Some((number(&p[1])?, slot_of(p.get(2)?.as_str())?)))
                    .collect();
                if let (Some(picks), true) = (picks, amount > 0) {
                    for (count, slot) in picks {
                        let mut d = Discount::off_on_ship(
                            amount,
                            CardFilter {
                                slots: vec![slot.to_string()],
                                ..CardFilter::default()
                            },
                        );
                        d.max_cards = Some(count);
                        found.push(d);
                    }
                    spans.push(whole);
                    spans.push((a, a + len));
                }
            }
        }
        // Cap803: the ship and each upgrade, with a cap in the next sentence.
        if let Some(c) = SHIP_AND_EACH.captures(t) {
            let cap = sentences
                .get(n + 1)
                .and_then(|(a, u)| MAX_TOTAL.captures(u).map(|m| (*a, u.len(), m)));
            let (ship, each): (i32, i32) = (c[1].parse().unwrap_or(0), c[2].parse().unwrap_or(0));
            if let (Some((a, len, m)), true) = (cap, ship > 0 && each > 0) {
                let total: i32 = m[1].parse().unwrap_or(0);
                let rest = total - ship;
                if rest >= 0 && rest % each == 0 {
                    found.push(Discount::off_on_ship(
                        ship,
                        CardFilter {
                            types: vec!["ship".into()],
                            ..CardFilter::default()
                        },
                    ));
                    let mut d = Discount::off_on_ship(each, CardFilter::default());
                    d.max_cards = Some((rest / each) as u32);
                    found.push(d);
                    spans.push(whole);
                    spans.push((a, a + len));
                }
            }
        }
        // S240: on a support ship.
        if let Some(c) = SUPPORT.captures(t) {
            let token = cx
                .card_names
                .get(&fleetcheck_data::normalize(SUPPORT_TOKEN));
            let (count, amount) = (number(&c[1]), c[2].parse::<i32>().ok());
            if let (Some(token), Some(count), Some(amount)) = (token, count, amount) {
                let mut d = Discount::off_on_ship(amount, CardFilter::default());
                d.max_cards = Some(count);
                d.when = Some(Condition::ShipHasCard {
                    any: vec![token.clone()],
                });
                found.push(d);
                spans.push(span_of(&c, *at));
            }
        }
        // S362: with a card on the ship, for cards restricted to a class.
        if let Some(c) = WITH_CARD.captures(t) {
            let card = cx.card_names.get(&fleetcheck_data::normalize(&c[1]));
            let classes = cx.classes.lookup(&c[2]);
            let amount = c[3].parse::<i32>().ok();
            if let (Some(card), false, Some(amount)) = (card, classes.is_empty(), amount) {
                let mut d = Discount::off_on_ship(
                    amount,
                    CardFilter {
                        restricted_to: classes,
                        ..CardFilter::default()
                    },
                );
                d.when = Some(Condition::ShipHasCard {
                    any: vec![card.clone()],
                });
                found.push(d);
                // "... and cannot be affected by opposing Upgrades" is play.
                spans.push(whole);
            }
        }
    }
    push_all_unique(&mut s.card.rules.discounts, found);
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx_with_cards, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let cx = cx_with_cards(&[SUPPORT_TOKEN, "Federation Prototype"]);
        let mut s = subject("X1", text, json!({}));
        apply(&cx, &mut s).unwrap();
        s
    }

    fn limited(amount: i32, slots: &[&str], max: Option<u32>) -> Discount {
        let mut d = Discount::off_on_ship(
            amount,
            CardFilter {
                slots: slots.iter().map(|s| s.to_string()).collect(),
                ..CardFilter::default()
            },
        );
        d.max_cards = max;
        d
    }

    #[test]
    fn selected_upgrades() {
        // E237 It Won't Be Installed Until Tuesday.
        let s = run("This Upgrade may be equipped to a Captain without requiring an [talent] Upgrade slot. GATHER FORCES STEP: Select 1 [tech] Upgrade, 1 [weapon] Upgrade, and/or 1 [crew] Upgrade equipped to this ship. The selected Upgrades cost -2 SP each. START OF THE GAME: You must place 3 Tokens on each Upgrade selected during Gather Forces Step.");
        assert_eq!(
            s.card.rules.discounts,
            [
                limited(2, &["tech"], Some(1)),
                limited(2, &["weapon"], Some(1)),
                limited(2, &["crew"], Some(1))
            ]
        );
        assert!(s
            .text
            .is_consumed(s.text.text.find("The selected").unwrap()));
    }

    #[test]
    fn ship_and_upgrades_with_a_cap() {
        // Cap803 Jean-Luc Picard.
        let s = run("Your ship costs -2SP and each Upgrade assigned to your ship costs -1SP. (max -5SP total)");
        let ship = Discount::off_on_ship(
            2,
            CardFilter {
                types: vec!["ship".into()],
                ..CardFilter::default()
            },
        );
        assert_eq!(s.card.rules.discounts, [ship, limited(1, &[], Some(3))]);
        assert!(s.text.is_consumed(s.text.text.find("(max").unwrap()));
    }

    #[test]
    fn with_a_card_on_the_ship() {
        // S240 Sphere 936.
        let s = run("If this ship is a support ship, you may equip 1 Upgrade (of your choice) at -2 SP to this ship and you may use a 1 [straight], 2 [straight], or 3 [straight] Maneuver Template to place it in the play area when it becomes Active.");
        let mut want = limited(2, &[], Some(1));
        want.when = Some(Condition::ShipHasCard {
            any: vec![SUPPORT_TOKEN.into()],
        });
        assert_eq!(s.card.rules.discounts, [want]);
        // S362 U.S.S. Prometheus.
        let s = run("If this ship is equipped with the 'Federation Prototype' [hook], Prometheus Class Restricted Upgrades equipped to this ship cost -2 SP and cannot be affected by opposing Upgrades.");
        let mut want = Discount::off_on_ship(
            2,
            CardFilter {
                restricted_to: vec!["prometheus_class".into()],
                ..CardFilter::default()
            },
        );
        want.when = Some(Condition::ShipHasCard {
            any: vec!["Federation Prototype".into()],
        });
        assert_eq!(s.card.rules.discounts, [want]);
        assert!(s.text.is_consumed(0));
    }
}
