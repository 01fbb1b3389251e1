//! Limits a card puts on the other cards of its ship
//! (`rules.ship_limits`; the engine's `ship_limits`):
//!
//! - "This ship may only be assigned Gareb or a Romulan Drone Pilot as its
//!   Captain" (S061, S266, S267): captains named so;
//! - "K'Temoc may only field Klingon [talent] Upgrades" (Cap504): talents
//!   of that faction;
//! - "You may only equip the \"Grand Nagus\" and \"Rules of Acquisition\"
//!   [talent] Upgrades to this Captain" (Gint, A033 and Cap223): talents of
//!   those names ("The Rules Of Acquisition"); Gint shows no talent icon,
//!   so he also gets a [talent] slot for each of them (`adds_slots` with
//!   `only`);
//! - "you may only have a Romulan Captain and Romulan [crew] Upgrades
//!   assigned to your ship" (Romulan Hijackers C039): the captain and the
//!   crew of that faction;
//! - "You cannot deploy a [borg] Upgrade with a cost greater than 5 to this
//!   ship" (S099, S111, S113) and "You may deploy [weapon] Upgrades with a
//!   cost of 4 SP or less to this ship" (S026, S027, S259): upgrades of
//!   that type up to that cost on the ship;
//! - "You may not equip the Science Vessel Variant [tech] Upgrade to this
//!   ship" (T265, T266): no card of that name.
//!
//! ```toml
//! [[card.rules.ship_limits]]
//! applies_to = { types = ["captain"] }
//! only = { names = ["Gareb", "Romulan Drone Pilot"] }
//! ```

use super::target::{alternatives, strip_article};
use super::{faction_of, push_all_unique, push_unique, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{AddSlot, CardFilter, CardType, ShipLimit};
use regex::{Captures, Regex};
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "ship_limits",
    apply,
};

static CAPTAIN_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthis ship may only be assigned (.+?) as its captain\b").unwrap()
});
static FIELD_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bmay only field ((?:[\w'-]+ )+?)\[([a-z]+)\] upgrades\b").unwrap()
});
static EQUIP_NAMED_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\bmay only equip the ((?:"[^"]+"(?:,| and| or)? ?)+)\[([a-z]+)\] upgrades to this captain\b"#).unwrap()
});
static HAVE_ONLY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\byou may only have (.+?) assigned to your ship\b").unwrap());
static NOT_GREATER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou cannot deploy an? \[([a-z]+)\] upgrade with a cost greater than (\d+)(?:\s?sp)? to this ship\b").unwrap()
});
static UP_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may deploy \[([a-z]+)\] upgrades with a cost of (\d+)(?:\s?sp)? or less to this ship\b").unwrap()
});
static NOT_EQUIP: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may not equip the (.+?) (?:\[[a-z]+\] )?upgrade to this ship\b").unwrap()
});
static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""([^"]+)""#).unwrap());

fn captains() -> CardFilter {
    CardFilter {
        types: vec!["captain".into()],
        ..CardFilter::default()
    }
}

fn slots(slot: &str) -> Option<CardFilter> {
    Some(CardFilter {
        slots: vec![slot_of(slot)?.to_string()],
        ..CardFilter::default()
    })
}

/// The limits of one phrase, if understood.
fn limits(cx: &Cx, re: usize, c: &Captures) -> Option<Vec<ShipLimit>> {
    let limit = |applies_to, only| ShipLimit { applies_to, only };
    Some(match re {
        // "Gareb or a Romulan Drone Pilot"
        0 => {
            let names: Option<Vec<String>> = alternatives(&c[1])
                .into_iter()
                .map(|a| {
                    cx.captain_names
                        .get(&fleetcheck_data::normalize(strip_article(a)))
                        .cloned()
                })
                .collect();
            vec![limit(
                captains(),
                Some(CardFilter {
                    names: names?,
                    ..CardFilter::default()
                }),
            )]
        }
        // "Klingon [talent]"
        1 => {
            let factions: Option<Vec<String>> = c[1]
                .split_whitespace()
                .map(|w| faction_of(w).map(str::to_string))
                .collect();
            vec![limit(
                slots(&c[2])?,
                Some(CardFilter {
                    factions: factions?,
                    ..CardFilter::default()
                }),
            )]
        }
        // "\"Grand Nagus\" and \"Rules of Acquisition\" [talent]" (the
        // card is "The Rules Of Acquisition")
        2 => {
            let names: Option<Vec<String>> = QUOTED
                .captures_iter(&c[1])
                .map(|q| {
                    let n = fleetcheck_data::normalize(&q[1]);
                    cx.card_names
                        .get(&n)
                        .or_else(|| cx.card_names.get(&format!("the {n}")))
                        .cloned()
                })
                .collect();
            vec![limit(
                slots(&c[2])?,
                Some(CardFilter {
                    names: names?,
                    ..CardFilter::default()
                }),
            )]
        }
        // "a Romulan Captain and Romulan [crew] Upgrades"
        3 => {
            let mut out = Vec::new();
            for part in c[1].split(" and ") {
                let words: Vec<&str> = strip_article(part).split_whitespace().collect();
                let (last, quals) = words.split_last()?;
                let last = last.to_lowercase();
                let mut only = CardFilter::default();
                let mut applies_to = match last.as_str() {
                    "captain" | "captains" => captains(),
                    "upgrade" | "upgrades" => CardFilter::default(),
                    _ => return None,
                };
                for q in quals {
                    if let Some(s) = slot_of(q).filter(|_| q.starts_with('[')) {
                        applies_to.slots.push(s.to_string());
                    } else {
                        only.factions.push(faction_of(q)?.to_string());
                    }
                }
                out.push(limit(applies_to, Some(only)));
            }
            out
        }
        // "[borg] ... greater than 5", "[weapon] ... 4 SP or less"
        4 | 5 => vec![limit(
            slots(&c[1])?,
            Some(CardFilter {
                max_cost: Some(c[2].parse().ok()?),
                ..CardFilter::default()
            }),
        )],
        // "the Science Vessel Variant"
        _ => {
            let name = cx
                .card_names
                .get(&fleetcheck_data::normalize(strip_article(&c[1])))?;
            vec![limit(
                CardFilter {
                    names: vec![name.clone()],
                    ..CardFilter::default()
                },
                None,
            )]
        }
    })
}

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let patterns: [&Regex; 7] = [
        &CAPTAIN_ONLY,
        &FIELD_ONLY,
        &EQUIP_NAMED_ONLY,
        &HAVE_ONLY,
        &NOT_GREATER,
        &UP_TO,
        &NOT_EQUIP,
    ];
    let mut spans = Vec::new();
    let mut found = Vec::new();
    for (at, t) in s.text.sentences() {
        for (i, re) in patterns.iter().enumerate() {
            for c in re.captures_iter(t) {
                if let Some(ls) = limits(cx, i, &c) {
                    found.extend(ls);
                    spans.push(span_of(&c, at));
                }
            }
        }
    }
    // A captain (or admiral) without a talent icon that "may only equip"
    // some named talents may field those: a talent slot for each.
    let no_icon = matches!(s.card.kind, CardType::Captain | CardType::Admiral)
        && s.card.talents.unwrap_or(0) == 0;
    for l in &found {
        let named_talents = l.applies_to.slots == ["talent"]
            && l.only.as_ref().is_some_and(|o| !o.names.is_empty());
        if no_icon && named_talents {
            let only = l.only.clone();
            let n = only.as_ref().map_or(0, |o| o.names.len() as u32);
            let mut slot = AddSlot::plain(vec!["talent".into()], n);
            slot.only = only;
            push_unique(&mut s.card.rules.adds_slots, slot);
        }
    }
    push_all_unique(&mut s.card.rules.ship_limits, found);
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Vec<ShipLimit> {
        let mut cx = cx();
        for n in ["Gareb", "Romulan Drone Pilot"] {
            cx.captain_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        for n in [
            "Grand Nagus",
            "The Rules Of Acquisition",
            "Science Vessel Variant",
        ] {
            cx.card_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        let mut s = subject("X1", text, json!({}));
        apply(&cx, &mut s).unwrap();
        if !s.card.rules.ship_limits.is_empty() {
            let at = s.text.text.to_lowercase().find("may").unwrap_or(0);
            assert!(s.text.is_consumed(at), "{text}");
        }
        s.card.rules.ship_limits
    }

    fn f(types: &[&str], slots: &[&str], factions: &[&str], names: &[&str]) -> CardFilter {
        let v = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
        CardFilter {
            types: v(types),
            slots: v(slots),
            factions: v(factions),
            names: v(names),
            ..CardFilter::default()
        }
    }

    #[test]
    fn captains_and_talents() {
        // S061 Prototype 01.
        assert_eq!(
            run("This ship may only be assigned Gareb or a Romulan Drone Pilot as its Captain."),
            [ShipLimit {
                applies_to: f(&["captain"], &[], &[], &[]),
                only: Some(f(&[], &[], &[], &["Gareb", "Romulan Drone Pilot"])),
            }]
        );
        // Cap504 K'Temoc.
        assert_eq!(
            run("K'Temoc may only field Klingon [talent] Upgrades."),
            [ShipLimit {
                applies_to: f(&[], &["talent"], &[], &[]),
                only: Some(f(&[], &[], &["klingon"], &[])),
            }]
        );
        // Cap223 Gint.
        assert_eq!(
            run("You may only equip the \"Grand Nagus\" and \"Rules of Acquisition\" [talent] Upgrades to this Captain."),
            [ShipLimit {
                applies_to: f(&[], &["talent"], &[], &[]),
                only: Some(f(
                    &[],
                    &[],
                    &[],
                    &["Grand Nagus", "The Rules Of Acquisition"]
                )),
            }]
        );
    }

    #[test]
    fn romulan_hijackers() {
        assert_eq!(
            run("While this card is assigned to your ship, you may only have a Romulan Captain and Romulan [crew] Upgrades assigned to your ship and all of your non-Borg [tech] and [weapon] Upgrades cost -1 SP."),
            [
                ShipLimit {
                    applies_to: f(&["captain"], &[], &[], &[]),
                    only: Some(f(&[], &[], &["romulan"], &[])),
                },
                ShipLimit {
                    applies_to: f(&[], &["crew"], &[], &[]),
                    only: Some(f(&[], &[], &["romulan"], &[])),
                }
            ]
        );
    }

    #[test]
    fn costs_and_names() {
        let up_to = |slot: &str, n: i32| ShipLimit {
            applies_to: f(&[], &[slot], &[], &[]),
            only: Some(CardFilter {
                max_cost: Some(n),
                ..CardFilter::default()
            }),
        };
        // S099 Scout 255, S026 Federation Starship.
        assert_eq!(
            run("You cannot deploy a [borg] Upgrade with a cost greater than 5 to this ship."),
            [up_to("borg", 5)]
        );
        assert_eq!(
            run("You may deploy [weapon] Upgrades with a cost of 4 SP or less to this ship."),
            [up_to("weapon", 4)]
        );
        // T265 Combat Vessel Variant.
        assert_eq!(
            run("You may not equip the Science Vessel Variant [tech] Upgrade to this ship."),
            [ShipLimit {
                applies_to: f(&[], &[], &[], &["Science Vessel Variant"]),
                only: None,
            }]
        );
        assert!(run("You may not equip the Nothing [tech] Upgrade to this ship.").is_empty());
    }
}
