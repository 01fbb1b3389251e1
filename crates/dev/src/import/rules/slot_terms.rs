//! Terms on the cards that fill the slots a card adds (`AddSlot::only`,
//! `same_faction`, `discount`, `set_cost`, `exceed_restrictions`; the
//! engine's `slot_terms`). Runs after `adds_slots`; a phrase applies to the
//! card's one added-slot entry (a card with several entries keeps the
//! phrase unmodeled):
//!
//! - "That Upgrade costs -1 SP" (Tuvok Cap507), "... -1 SP (min 1) and must
//!   be a Romulan [tech] Upgrade" (Nijil C235): a discount, and `only`;
//! - "If the additional [weapon] Upgrade is a Xindi [weapon] Upgrade, its
//!   cost is -2 SP" (Thalen E161), "The cost of these Upgrades is -1 SP
//!   each if they are Dominion [crew] Upgrades" (Weyoun Cap717): a discount
//!   for matching cards;
//! - "These Upgrades cannot have a cost greater than 4 SP" (Cargo Hold
//!   T013): `only` with `max_cost`;
//! - Balance of Terror (C035, E035, T044, W027): "The chosen Upgrade will be
//!   placed face down below your ship card for a cost of exactly 3 SP. The
//!   Upgrade must be of the same faction as the ship and have an SP cost of
//!   5 or less": the Balance of Terror card is Utopia's stand-in for that
//!   face-down slot and itself costs the 3 SP, so the card in its slot
//!   costs the rest (`set_cost` = 3 - the card's own cost = 0),
//!   `same_faction`, and `only` with `max_cost` 5;
//! - "This card adds an extra [crew] and [talent] slot ... This [crew] may
//!   equip a [talent] at the cost of +1SP" (Senior Staff R036a): the card
//!   in the added [talent] slot costs 1 SP more (a positive `discount`: a
//!   `surcharge`);
//! - "This Upgrade must be filled with a Photon Torpedoes Upgrade" (Torpedo
//!   Bay W146): `only` with `names`, a card the database knows;
//! - "This slot can only be filled by [question] Upgrades" (Reginald
//!   Barclay C463): `only` with the filter's qualifiers (`qualifiers`:
//!   here the ? type, `question`);
//! - "Add 1 [borg] to this ship's Upgrade Bar. The [borg] Upgrade equipped
//!   to this ship using that [borg] Upgrade Slot cost -1SP for each unused
//!   Upgrade Slot on that ship's printed Upgrade Bar" (B'Elanna Torres
//!   C357): a discount of 1 per unused printed slot
//!   (`per_unused_printed_slot`);
//! - "you may purchase 1 additional [crew] or [tech] Upgrade for this ship.
//!   This Upgrade may exceed the ship's restrictions and cost -2 SP (min
//!   0)" (Sakharov S051): an added slot with a discount and
//!   `exceed_restrictions`.
//!
//! ```toml
//! [[card.rules.adds_slots]]
//! slot = ["tech"]
//! only = { slots = ["tech"], factions = ["romulan"] }
//! discount = { amount = -1, min = 1 }
//! ```

use super::{faction_of, number, qualifiers, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{AddSlot, CardFilter, Discount, Scope, SetCost};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "slot_terms",
    apply,
};

static THAT_COSTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthat upgrade costs -\s?(\d+)\s?sp(?:\s*\(min (\d+)\))?(?: and must be an? ((?:[\w'-]+ )*?\[[a-z]+\]) upgrade)?").unwrap()
});
static IF_ADDITIONAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bif the additional \[[a-z]+\] upgrade is an? ((?:[\w'-]+ )*?\[[a-z]+\]) upgrade, its cost is -\s?(\d+)\s?sp").unwrap()
});
static THESE_EACH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe cost of these upgrades is -\s?(\d+)\s?sp each if they are ((?:[\w'-]+ )*?\[[a-z]+\]) upgrades").unwrap()
});
static NOT_GREATER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthese upgrades cannot have a cost greater than (\d+)\s?sp").unwrap()
});
static FACE_DOWN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe chosen upgrade will be placed face down below your ship card for a cost of exactly (\d+)\s?sp").unwrap()
});
static SAME_FACTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe upgrade must be of the same faction as the ship and have an sp cost of (\d+) or less").unwrap()
});
static PURCHASE_ADDITIONAL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may purchase (\d+|one|an?) additional ((?:\[[a-z]+\](?:,| or)? ?)+)upgrades? for this ship").unwrap()
});
/// "This [crew] may equip a [talent] at the cost of +1SP" (Senior Staff
/// R036a): the card in the added [talent] slot costs 1 SP more.
static AT_THE_COST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthis \[[a-z]+\] may equip an? \[([a-z]+)\] at the cost of \+\s?(\d+)\s?sp\b")
        .unwrap()
});
/// "This Upgrade must be filled with a Photon Torpedoes Upgrade" (Torpedo
/// Bay W146): the added slot takes that card only.
static FILLED_WITH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthis upgrade must be filled with an? (.+?) upgrade\b").unwrap()
});
/// "This slot can only be filled by [question] Upgrades" (Reginald
/// Barclay C463).
static ONLY_FILLED_BY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthis slot can only be filled by ((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades\b")
        .unwrap()
});
/// "The [borg] Upgrade equipped to this ship using that [borg] Upgrade
/// Slot cost -1SP for each unused Upgrade Slot on that ship's printed
/// Upgrade Bar" (B'Elanna Torres C357): a discount per unused printed slot.
static PER_UNUSED_PRINTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe \[([a-z]+)\] upgrade equipped to this ship using that \[[a-z]+\] upgrade slot costs? -\s?(\d+)\s?sp for each unused upgrade slot on that ship'?s printed upgrade bar").unwrap()
});
static MAY_EXCEED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^this upgrade may exceed the ship's restrictions and cost -\s?(\d+)\s?sp(?:\s*\(min (\d+)\))?").unwrap()
});

/// A filter from "Romulan [tech]", "Xindi [weapon]".
fn filter(words: &str) -> Option<CardFilter> {
    let mut f = CardFilter::default();
    for w in words.split_whitespace() {
        if let Some(s) = slot_of(w).filter(|_| w.starts_with('[')) {
            f.slots.push(s.to_string());
        } else {
            f.factions.push(faction_of(w)?.to_string());
        }
    }
    Some(f)
}

fn discount(amount: &str, min: Option<&str>, applies_to: CardFilter) -> Option<Discount> {
    let amount: i32 = amount.parse().ok().filter(|a| *a > 0)?;
    Some(Discount {
        min: min.and_then(|m| m.parse().ok()),
        ..Discount::off_on_ship(amount, applies_to)
    })
}

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let own_cost = s.card.cost;
    let mut spans = Vec::new();
    let mut added: Option<AddSlot> = None;
    let sentences: Vec<(usize, String)> = s
        .text
        .sentences()
        .map(|(at, t)| (at, t.to_string()))
        .collect();
    for (at, t) in &sentences {
        if let Some(c) = PURCHASE_ADDITIONAL.captures(t) {
            let slots: Option<Vec<String>> = c[2]
                .split([',', ' '])
                .filter(|w| !w.is_empty() && *w != "or")
                .map(|w| slot_of(w).map(str::to_string))
                .collect();
            if let (Some(slots), Some(n)) = (slots, number(&c[1])) {
                added = Some(AddSlot::plain(slots, n));
                spans.push(span_of(&c, *at));
            }
        }
    }
    if let Some(a) = added {
        s.card.rules.adds_slots.push(a);
    }
    // A surcharge names the slot type it is for, so it finds its entry
    // among several.
    for (at, t) in &sentences {
        if let Some(c) = AT_THE_COST.captures(t) {
            let slot = slot_of(&c[1]);
            let amount: i32 = c[2].parse().unwrap_or(0);
            let entry = s
                .card
                .rules
                .adds_slots
                .iter_mut()
                .find(|a| slot.is_some_and(|st| a.slot == [st]));
            if let (Some(entry), true) = (entry, amount > 0) {
                entry.discount = Some(Discount::off_on_ship(-amount, CardFilter::default()));
                spans.push(span_of(&c, *at));
            }
        }
    }
    if s.card.rules.adds_slots.len() != 1 {
        s.text.consume_all(spans);
        return Ok(());
    }
    let mut terms = s.card.rules.adds_slots[0].clone();
    for (at, t) in &sentences {
        if let Some(c) = THAT_COSTS.captures(t) {
            let only = match c.get(3) {
                Some(m) => filter(m.as_str()).map(Some),
                None => Some(None),
            };
            if let (Some(d), Some(only)) = (
                discount(&c[1], c.get(2).map(|m| m.as_str()), CardFilter::default()),
                only,
            ) {
                terms.discount = Some(d);
                terms.only = only.or(terms.only);
                spans.push(span_of(&c, *at));
            }
        }
        for (re, amount, words) in [(&*IF_ADDITIONAL, 2, 1), (&*THESE_EACH, 1, 2)] {
            if let Some(c) = re.captures(t) {
                if let Some(d) = filter(&c[words]).and_then(|f| discount(&c[amount], None, f)) {
                    terms.discount = Some(d);
                    spans.push(span_of(&c, *at));
                }
            }
        }
        if let Some(c) = NOT_GREATER.captures(t) {
            if let Ok(n) = c[1].parse::<i32>() {
                terms.only.get_or_insert_with(CardFilter::default).max_cost = Some(n);
                spans.push(span_of(&c, *at));
            }
        }
        if let Some(c) = FACE_DOWN.captures(t) {
            // The card with this text is the face-down slot's stand-in and
            // costs its share itself.
            if let Some(rest) = c[1].parse::<i32>().ok().map(|n| n - own_cost) {
                if rest >= 0 {
                    terms.set_cost = Some(SetCost {
                        amount: rest,
                        scope: Scope::Ship,
                        applies_to: CardFilter::default(),
                        max_cards: None,
                        exceed_restrictions: false,
                        face_down: true,
                    });
                    spans.push(span_of(&c, *at));
                }
            }
        }
        if let Some(c) = SAME_FACTION.captures(t) {
            if let Ok(n) = c[1].parse::<i32>() {
                terms.same_faction = true;
                terms.only.get_or_insert_with(CardFilter::default).max_cost = Some(n);
                spans.push(span_of(&c, *at));
            }
        }
        if let Some(c) = FILLED_WITH.captures(t) {
            // A card name the database knows, as printed.
            if let Some(name) = cx.card_names.get(&fleetcheck_data::normalize(&c[1])) {
                terms.only.get_or_insert_with(CardFilter::default).names = vec![name.clone()];
                spans.push(span_of(&c, *at));
            }
        }
        if let Some(c) = ONLY_FILLED_BY.captures(t) {
            if let Some(f) = qualifiers(&c[1]) {
                let only = terms.only.get_or_insert_with(CardFilter::default);
                only.question |= f.question;
                only.slots.extend(f.slots);
                only.factions.extend(f.factions);
                spans.push(span_of(&c, *at));
            }
        }
        if let Some(c) = PER_UNUSED_PRINTED.captures(t) {
            let same_slot = slot_of(&c[1]).is_some_and(|st| terms.slot == [st]);
            if let (Some(d), true) = (discount(&c[2], None, CardFilter::default()), same_slot) {
                terms.discount = Some(d);
                terms.per_unused_printed_slot = true;
                spans.push(span_of(&c, *at));
            }
        }
        if let Some(c) = MAY_EXCEED.captures(t) {
            if let Some(d) = discount(&c[1], c.get(2).map(|m| m.as_str()), CardFilter::default()) {
                terms.discount = Some(d);
                terms.exceed_restrictions = true;
                spans.push(span_of(&c, *at));
            }
        }
    }
    s.card.rules.adds_slots[0] = terms;
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    /// Runs `adds_slots` then this kind on a real text.
    fn run(text: &str, cost: i32) -> Subject<'static> {
        let mut s = subject("X1", text, json!({"cost": cost}));
        (super::super::adds_slots::KIND.apply)(&cx(), &mut s).unwrap();
        apply(&cx(), &mut s).unwrap();
        s
    }

    #[test]
    fn a_slot_for_one_named_card() {
        // W146 Torpedo Bay ("Photon Torpedoes" is a card of the context).
        let mut cx = cx();
        cx.card_names.insert(
            fleetcheck_data::normalize("Photon Torpedoes"),
            "Photon Torpedoes".into(),
        );
        let mut s = subject(
            "X1",
            "Add 1 [weapon_text] Upgrade slot to your Upgrade Bar. This Upgrade must be filled with a Photon Torpedoes Upgrade.",
            json!({}),
        );
        (super::super::adds_slots::KIND.apply)(&cx, &mut s).unwrap();
        apply(&cx, &mut s).unwrap();
        let only = s.card.rules.adds_slots[0].only.clone().unwrap();
        assert_eq!(only.names, ["Photon Torpedoes"]);
        // An unknown name stays unmodeled.
        let mut s = subject(
            "X1",
            "Add 1 [weapon_text] Upgrade slot to your Upgrade Bar. This Upgrade must be filled with a Quantum Widget Upgrade.",
            json!({}),
        );
        (super::super::adds_slots::KIND.apply)(&cx, &mut s).unwrap();
        apply(&cx, &mut s).unwrap();
        assert!(s.card.rules.adds_slots[0].only.is_none());
        crate::import::rules::detect::fill_unmodeled(&mut s);
        assert_eq!(s.card.rules.unmodeled, ["slot-fill"]);
    }

    fn d(amount: i32, min: Option<i32>, applies_to: CardFilter) -> Option<Discount> {
        Some(Discount {
            min,
            ..Discount::off_on_ship(-amount, applies_to)
        })
    }

    fn f(factions: &[&str], slots: &[&str]) -> CardFilter {
        CardFilter {
            factions: factions.iter().map(|s| s.to_string()).collect(),
            slots: slots.iter().map(|s| s.to_string()).collect(),
            ..CardFilter::default()
        }
    }

    fn consumed(s: &Subject, phrase: &str) -> bool {
        s.text.is_consumed(s.text.text.find(phrase).unwrap())
    }

    #[test]
    fn tuvok_and_nijil() {
        let s = run(
            "Add 1 [tech] Upgrade slot to your Upgrade Bar. That Upgrade costs -1 SP.",
            3,
        );
        let a = &s.card.rules.adds_slots[0];
        assert_eq!((a.slot.clone(), a.count), (vec!["tech".to_string()], 1));
        assert_eq!(a.discount, d(-1, None, CardFilter::default()));
        assert!(consumed(&s, "That Upgrade"));
        let s = run("Add 1 [tech] Upgrade to your Upgrade Bar. That Upgrade costs -1 SP (min 1) and must be a Romulan [tech] Upgrade. ACTION: When defending this round, disable this card.", 5);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.discount, d(-1, Some(1), CardFilter::default()));
        assert_eq!(a.only, Some(f(&["romulan"], &["tech"])));
        assert!(consumed(&s, "must be"));
    }

    #[test]
    fn thalen_and_weyoun() {
        let s = run("Add 1 [weapon] Upgrade slot to your Upgrade bar. If the additional [weapon] Upgrade is a Xindi [weapon] Upgrade, its cost is -2 SP. When firing a secondary weapon, you may disable this card to gain +1 attack die (max 6).", 5);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.discount, d(-2, None, f(&["xindi"], &["weapon"])));
        assert!(a.only.is_none());
        assert!(consumed(&s, "its cost is"));
        let s = run("Add up to 2 additional [crew] Upgrade slots to you ship's Upgrade Bar. The cost of these Upgrades is -1 SP each if they are Dominion [crew] Upgrades.", 5);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.count, 2);
        assert_eq!(a.discount, d(-1, None, f(&["dominion"], &["crew"])));
    }

    #[test]
    fn cargo_hold_and_balance_of_terror() {
        let s = run("Add 2 Upgrade slots ([crew] or [tech]) to your Upgrade Bar. These Upgrades cannot have a cost greater than 4 SP.", 1);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!((a.count, a.slot.len()), (2, 2));
        assert_eq!(
            a.only,
            Some(CardFilter {
                max_cost: Some(4),
                ..CardFilter::default()
            })
        );
        let s = run("This card adds an extra [crew] slot which applies the special rules from the Balance of Terror OP. The chosen Upgrade will be placed face down below your ship card for a cost of exactly 3 SP. The Upgrade must be of the same faction as the ship and have an SP cost of 5 or less.", 3);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.slot, ["crew"]);
        assert_eq!(a.set_cost.as_ref().map(|c| c.amount), Some(0));
        assert!(a.same_faction);
        assert_eq!(a.only.as_ref().and_then(|o| o.max_cost), Some(5));
        assert!(consumed(&s, "exactly 3") && consumed(&s, "same faction"));
    }

    #[test]
    fn sakharov_purchases_one_more_upgrade() {
        let s = run("At the start of the game, during the Gather Forces Step, you may purchase 1 additional [crew] or [tech] Upgrade for this ship. This Upgrade may exceed the ship's restrictions and cost -2 SP (min 0).", 14);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.slot, ["crew", "tech"]);
        assert_eq!(a.discount, d(-2, Some(0), CardFilter::default()));
        assert!(a.exceed_restrictions);
        assert!(consumed(&s, "purchase 1") && consumed(&s, "may exceed"));
    }

    #[test]
    fn belanna_torres_per_unused_printed_slot() {
        let s = run("Add 1 [borg] to this ship's Upgrade Bar. The [borg] Upgrade equipped to this ship using that [borg] Upgrade Slot cost -1SP for each unused Upgrade Slot on that ship's printed Upgrade Bar.", 3);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.slot, ["borg"]);
        assert_eq!(a.discount, d(-1, None, CardFilter::default()));
        assert!(a.per_unused_printed_slot);
        assert!(consumed(&s, "for each unused"));
        let mut s = s;
        crate::import::rules::detect::fill_unmodeled(&mut s);
        assert!(s.card.rules.unmodeled.is_empty());
    }

    #[test]
    fn senior_staff_surcharge() {
        let s = run("This card adds an extra [crew] and [talent] slot which applies the special rules from the Senior Staff OP Resource. This [crew] may equip a [talent] at the cost of +1SP.", 0);
        let slots = &s.card.rules.adds_slots;
        assert_eq!(slots.len(), 2);
        assert_eq!(slots[0].discount, None);
        assert_eq!(slots[1].slot, ["talent"]);
        assert_eq!(slots[1].discount.as_ref().map(|d| d.amount), Some(1));
        assert!(consumed(&s, "may equip"));
    }

    #[test]
    fn several_added_entries_stay_unmodeled() {
        let s = run(
            "Add 1 [tech] and 1 [weapon] to your Upgrade Bar. That Upgrade costs -1 SP.",
            3,
        );
        assert!(s.card.rules.adds_slots.iter().all(|a| !a.has_terms()));
        assert!(!consumed(&s, "That Upgrade"));
    }
}
