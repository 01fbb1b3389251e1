//! What a captain may field beyond its talent icons: "You may field the
//! 'Secret Research' [talent] Upgrade" (Telek R'Mor, who shows no talent
//! icon), "Kurn may field 1 Klingon [talent] Upgrade", "Akorem Laan can
//! field up to 2 Bajoran [talent] Upgrades": added [talent] slots that take
//! only those cards (`AddSlot::only`; the engine's `slot_terms`).
//!
//! "During the Gather Forces step, if there is at least one other Romulan
//! Ship in your starting fleet, Tebok may field 1 Romulan [talent] at a
//! cost of -1 SP" (Cap329): that slot, with its discount, while another
//! ship of the fleet is Romulan (`AddSlot::when`).
//!
//! A captain that already shows a talent icon needs no slot for it: "You
//! may field the 'Kuvah'Magh' [talent] Upgrade at a cost of -2" (Kohlar)
//! is then the discount on that card (`rules.discounts`, named).
//!
//! ```toml
//! [[card.rules.adds_slots]]
//! slot = ["talent"]
//! only = { names = ["Secret Research"] }
//! ```

use super::{faction_of, number, push_all_unique, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{AddSlot, CardFilter, CardType, Condition, Discount};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "talent_permissions",
    apply,
};

/// "may field the 'X' [talent] Upgrade [at a cost of -N]".
static NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(?:may|can) field the (?:"([^"]+)"|'([^']+)'|([A-Z][\w' -]+?)) \[talent\] upgrade\b(?: at a cost of -(\d+)(?:\s?sp)?)?"#,
    )
    .unwrap()
});
/// "may field 1 Klingon [talent] Upgrade", "can field up to 2 Bajoran
/// [talent] Upgrades", "if there is at least one other Romulan Ship in
/// your starting fleet, Tebok may field 1 Romulan [talent] at a cost of -1
/// SP".
static OF_FACTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:\bif there is at least one other ([\w' -]+?) ship in your starting fleet, [\w' -]+? )?\b(?:may|can) field (?:up to )?(\d+|one|an?) ([\w' -]+?) \[talent\](?: upgrades?)?(?: at a cost of -(\d+)\s?sp)?\b")
        .unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    if !matches!(s.card.kind, CardType::Captain) {
        return Ok(());
    }
    let has_icon = s.card.talents.unwrap_or(0) > 0;
    let mut spans = Vec::new();
    let mut slots = Vec::new();
    let mut discounts = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in NAMED.captures_iter(t) {
            let name = c
                .get(1)
                .or(c.get(2))
                .or(c.get(3))
                .map_or("", |m| m.as_str().trim());
            let Some(name) = cx.card_names.get(&fleetcheck_data::normalize(name)) else {
                continue;
            };
            let only = CardFilter {
                names: vec![name.clone()],
                ..CardFilter::default()
            };
            let discount = c
                .get(4)
                .and_then(|m| m.as_str().parse::<i32>().ok())
                .map(|n| Discount::off_on_ship(n, only.clone()));
            if has_icon {
                // Its own talent slot fields it; only the discount is new.
                let Some(d) = discount else { continue };
                discounts.push(d);
            } else {
                let mut slot = AddSlot::plain(vec!["talent".into()], 1);
                slot.only = Some(only);
                slot.discount = discount;
                slots.push(slot);
            }
            spans.push(span_of(&c, at));
        }
        for c in OF_FACTION.captures_iter(t) {
            let (Some(n), Some(f)) = (number(&c[2]), faction_of(&c[3])) else {
                continue;
            };
            let other = match c.get(1) {
                Some(m) => match faction_of(m.as_str()) {
                    Some(o) => Some(Condition::OtherShipFaction {
                        any: vec![o.to_string()],
                    }),
                    None => continue,
                },
                None => None,
            };
            let mut slot = AddSlot::plain(vec!["talent".into()], n);
            slot.discount = c
                .get(4)
                .and_then(|m| m.as_str().parse::<i32>().ok())
                .map(|d| Discount::off_on_ship(d, CardFilter::default()));
            slot.only = Some(CardFilter {
                factions: vec![f.to_string()],
                ..CardFilter::default()
            });
            slot.when = other;
            slots.push(slot);
            spans.push(span_of(&c, at));
        }
    }
    push_all_unique(&mut s.card.rules.adds_slots, slots);
    push_all_unique(&mut s.card.rules.discounts, discounts);
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str, talents: u32) -> Subject<'static> {
        let mut s = subject(
            "X1",
            text,
            json!({"type": "captain", "skill": 3, "talents": talents}),
        );
        let mut cx = cx();
        for n in ["Secret Research", "Grand Nagus", "Kuvah'Magh"] {
            cx.card_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        apply(&cx, &mut s).unwrap();
        s
    }

    fn only(names: &[&str], factions: &[&str], count: u32) -> AddSlot {
        let mut a = AddSlot::plain(vec!["talent".into()], count);
        a.only = Some(CardFilter {
            names: names.iter().map(|s| s.to_string()).collect(),
            factions: factions.iter().map(|s| s.to_string()).collect(),
            ..CardFilter::default()
        });
        a
    }

    #[test]
    fn named_talents_of_captains_without_an_icon() {
        // Cap303 Telek R'Mor, Cap404 Brunt (no quotes).
        let s = run("Each time you defend, if you have at least 1 [scan] Token beside your ship, roll +1 defense die. You may field the \"Secret Research\" [talent] Upgrade.", 0);
        assert_eq!(
            s.card.rules.adds_slots,
            [only(&["Secret Research"], &[], 1)]
        );
        assert!(s.text.is_consumed(s.text.text.find("may field").unwrap()));
        let s = run("You may field the Grand Nagus [talent] Upgrade. If you use the Action listed on it, you must discard this card as well.", 0);
        assert_eq!(s.card.rules.adds_slots, [only(&["Grand Nagus"], &[], 1)]);
        // A name that is no card stays unmodeled.
        let s = run("You may field the \"Nothing\" [talent] Upgrade.", 0);
        assert!(s.card.rules.adds_slots.is_empty());
    }

    #[test]
    fn talents_of_a_faction() {
        // Cap539 Kurn, Cap219 Akorem Laan.
        let s = run("Kurn may field 1 Klingon [talent] Upgrade.", 0);
        assert_eq!(s.card.rules.adds_slots, [only(&[], &["klingon"], 1)]);
        let s = run(
            "Akorem Laan can field up to 2 Bajoran [talent] Upgrades.",
            0,
        );
        assert_eq!(s.card.rules.adds_slots, [only(&[], &["bajoran"], 2)]);
    }

    #[test]
    fn tebok_with_another_romulan_ship() {
        let s = run("During the Gather Forces step, if there is at least one other Romulan Ship in your starting fleet, Tebok may field 1 Romulan [talent] at a cost of -1 SP.", 0);
        let a = &s.card.rules.adds_slots[0];
        assert_eq!(a.only.as_ref().unwrap().factions, ["romulan"]);
        assert_eq!(a.discount.as_ref().map(|d| d.amount), Some(-1));
        assert_eq!(
            a.when,
            Some(Condition::OtherShipFaction {
                any: vec!["romulan".into()]
            })
        );
        assert!(s.text.is_consumed(s.text.text.find("if there").unwrap()));
    }

    #[test]
    fn a_captain_with_an_icon_gets_the_discount_only() {
        // Cap333 Kohlar shows a talent icon.
        let s = run(
            "You may field the \"Kuvah'Magh\" [talent] Upgrade at a cost of -2.",
            1,
        );
        assert!(s.card.rules.adds_slots.is_empty());
        assert_eq!(s.card.rules.discounts.len(), 1);
        assert_eq!(s.card.rules.discounts[0].amount, -2);
        assert_eq!(s.card.rules.discounts[0].applies_to.names, ["Kuvah'Magh"]);
        assert!(s.text.is_consumed(s.text.text.find("may field").unwrap()));
    }
}
