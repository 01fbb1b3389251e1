//! Faction penalty waivers and changes (`rules.penalty`).
//!
//! - Flag `factionPenalty = 0` -> `no-penalty`.
//! - "You do not pay a faction penalty when equipping this card" / "for this
//!   card" / "when assigning Kurn to any ship" (the card's own name, or its
//!   first word: "Khan") -> `no-penalty`; "... this card to a Klingon ship"
//!   -> `no-penalty-on` those factions.
//! - "You may use any Upgrades without paying a Faction penalty", "... when
//!   deploying any Upgrades to your ship" -> `waive` (every upgrade on this
//!   card's ship); "... when assigning any Borg Upgrades to your ship" ->
//!   `waive` Borg upgrades; "... when equipping [weapon], [tech] Upgrades to
//!   this ship" -> `waive` those slots; "Romulan [weapon], Romulan [tech],
//!   Borg [weapon] and/or Borg [tech]" -> factions x slots; "for cards
//!   equipped to this ship" -> every card type.
//! - "You may assign any [talent] Upgrade to your ship, regardless of
//!   Faction restriction" (Lore) -> `waive` those cards with
//!   `faction_restriction = true`: their faction restriction is lifted as
//!   well as their penalty (shared/rules/staw.md, "Waivers of purchase
//!   restrictions"); the plain waiver of the same cards merges into it.
//! - "You do not pay a Faction penalty when assigning Elim Garak or his
//!   [talent] Upgrade to your ship" -> `no-penalty`, and his [talent] icon
//!   as an `adds_slots` entry (`icons`) whose card pays no penalty
//!   (`no_penalty`).
//! - "The faction penalty is doubled for any non-Klingon Upgrades assigned
//!   to your ship" -> `double` (K'Temoc).
//! - "if this card is assigned to a non-Romulan ship, you do not pay a
//!   Faction penalty for any of your Romulan upgrades (including this one)"
//!   -> `waive` Romulan upgrades (and `no-penalty`): on a Romulan ship they
//!   pay none anyway.
//! - "... when equipping this card or any Romulan [crew] Upgrades to this
//!   Federation ship" (Rekar) -> `no-penalty-on` Federation, and `waive`
//!   Romulan [crew] with `when` the ship is Federation.
//!
//! ```toml
//! [[card.rules.penalty]]
//! kind = "waive"
//! scope = "ship"
//! applies_to = { factions = ["borg"] }
//! ```

use super::{
    faction_of, own_icons, push_all_unique, push_unique, slot_of, span_of, Cx, Kind, Subject,
};
use crate::import::ImportError;
use fleetcheck_data::model::{CardFilter, Condition, PenaltyRule, Scope};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "penalty",
    apply,
};

static DO_NOT_PAY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:you|[a-z][\w']*) (?:do|does) not pay (?:a |any )?faction penalty (when|for) (?:(?:equipping|assigning|deploying|fielding|you equip) )?(.+?)\s*\.?$",
    )
    .unwrap()
});
/// "The faction penalty is doubled for any non-Klingon Upgrades assigned to
/// your ship" (K'Temoc).
static DOUBLED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe faction penalty is doubled for any (non-)?([\w' -]+?) upgrades assigned to your ship\b").unwrap()
});
/// "if this card is assigned to a non-Romulan ship, you do not pay a
/// Faction penalty for any of your Romulan upgrades (including this one)"
/// (Romulan Hijackers): on a Romulan ship its Romulan upgrades pay none
/// anyway, so the condition changes nothing.
static OWN_FACTION_ELSEWHERE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bif this card is assigned to a non-([\w' -]+?) ship, you do not pay a faction penalty for any of your ([\w' -]+?) upgrades( \(including this one\))?").unwrap()
});
/// "You may assign any [talent] Upgrade to your ship, regardless of
/// Faction restriction" (Lore).
static REGARDLESS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may assign (.+?) to your ship,? regardless of faction restrictions?\b")
        .unwrap()
});
/// "You do not pay faction penalty when equipping this card or any Romulan
/// [crew] Upgrades to this Federation ship" (Rekar Cap014).
static THIS_AND_ON: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou do not pay (?:a )?faction penalty when equipping this card or any ((?:[\w'-]+ |\[[a-z]+\] )*?upgrades) to this ([\w' -]+?) ship\b").unwrap()
});
/// "You do not pay a Faction penalty when assigning Elim Garak or his
/// [talent] Upgrade to your ship" (C109): the card itself (`no-penalty`),
/// and the card in the slot of its [talent] icon (an `adds_slots` entry
/// for its icons with `no_penalty`).
static OWN_SLOT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou do not pay a faction penalty when assigning (.+?) or (?:his|her|their) \[talent\] upgrades? to your ship").unwrap()
});
static USE_ANY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\byou may use any upgrades without paying a faction penalty").unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut rules = Vec::new();
    if s.raw.int("factionPenalty")? == Some(0) {
        rules.push(PenaltyRule::NoPenalty);
    }
    let name = s.card.name.clone();
    let mut spans = Vec::new();
    let mut own_icons_free = false;
    for (at, t) in s.text.sentences() {
        if let Some(c) = REGARDLESS.captures(t) {
            if let Some(applies_to) = filter(&c[1]) {
                push_unique(
                    &mut rules,
                    PenaltyRule::Waive {
                        scope: Scope::Ship,
                        applies_to,
                        faction_restriction: true,
                        when: None,
                    },
                );
                spans.push(span_of(&c, at));
            }
        }
        if let Some(m) = USE_ANY.find(t) {
            push_unique(&mut rules, waive(CardFilter::default()));
            spans.push((at + m.start(), at + m.end()));
        }
        if let Some(c) = DOUBLED.captures(t) {
            if let Some(f) = faction_of(&c[2]) {
                let mut applies_to = CardFilter::default();
                if c.get(1).is_some() {
                    applies_to.not_factions.push(f.to_string());
                } else {
                    applies_to.factions.push(f.to_string());
                }
                push_unique(
                    &mut rules,
                    PenaltyRule::Double {
                        scope: Scope::Ship,
                        applies_to,
                    },
                );
                spans.push(span_of(&c, at));
            }
        }
        if let Some(c) = OWN_FACTION_ELSEWHERE.captures(t) {
            let (a, b) = (faction_of(&c[1]), faction_of(&c[2]));
            if let (Some(a), true) = (a, a == b) {
                push_unique(
                    &mut rules,
                    waive(CardFilter {
                        factions: vec![a.to_string()],
                        ..CardFilter::default()
                    }),
                );
                if c.get(3).is_some() {
                    push_unique(&mut rules, PenaltyRule::NoPenalty);
                }
                spans.push(span_of(&c, at));
                continue;
            }
        }
        if let Some(c) = THIS_AND_ON.captures(t) {
            // "... when equipping this card or any Romulan [crew] Upgrades
            // to this Federation ship" (Rekar): itself on such a ship, and
            // those cards while it is on one.
            if let (Some(applies_to), Some(f)) = (filter(&c[1]), faction_of(&c[2])) {
                let factions = vec![f.to_string()];
                push_unique(
                    &mut rules,
                    PenaltyRule::NoPenaltyOn {
                        factions: factions.clone(),
                    },
                );
                push_unique(
                    &mut rules,
                    PenaltyRule::Waive {
                        scope: Scope::Ship,
                        applies_to,
                        faction_restriction: false,
                        when: Some(Condition::ShipFaction { any: factions }),
                    },
                );
                spans.push(span_of(&c, at));
                continue;
            }
        }
        if let Some(c) = OWN_SLOT.captures(t) {
            // "... when assigning Elim Garak or his [talent] Upgrade": the
            // card and the talent in its own [talent] icon's slot.
            let icons = s.card.talents.unwrap_or(0);
            if fleetcheck_data::normalize(&c[1]) == fleetcheck_data::normalize(&name) && icons > 0 {
                push_unique(&mut rules, PenaltyRule::NoPenalty);
                own_icons_free = true;
                spans.push(span_of(&c, at));
                continue;
            }
        }
        if let Some(c) = DO_NOT_PAY.captures(t) {
            let m = c.get(0).map_or(0..0, |m| m.range());
            // "if this card is assigned to a non-Romulan ship, you do not pay":
            // a conditional waiver.
            if t[..m.start].to_lowercase().contains("if ") {
                continue;
            }
            if let Some(found) = parse(&name, &c[1], &c[2]) {
                push_all_unique(&mut rules, found);
                spans.push((at + m.start, at + m.end));
            }
        }
    }
    s.text.consume_all(spans);
    // A waiver that lifts the faction restriction too covers the plain
    // waiver of the same cards.
    let lifting: Vec<(Scope, CardFilter)> = rules
        .iter()
        .filter_map(|r| match r {
            PenaltyRule::Waive {
                scope,
                applies_to,
                faction_restriction: true,
                when: None,
            } => Some((*scope, applies_to.clone())),
            _ => None,
        })
        .collect();
    rules.retain(|r| match r {
        PenaltyRule::Waive {
            scope,
            applies_to,
            faction_restriction: false,
            when: None,
        } => !lifting.iter().any(|(s, f)| s == scope && f == applies_to),
        _ => true,
    });
    push_all_unique(&mut s.card.rules.penalty, rules);
    if own_icons_free {
        if let Some(icons) = own_icons(&mut s.card) {
            icons.no_penalty = true;
        }
    }
    Ok(())
}

fn waive(applies_to: CardFilter) -> PenaltyRule {
    PenaltyRule::Waive {
        scope: Scope::Ship,
        applies_to,
        faction_restriction: false,
        when: None,
    }
}

/// The rules of "... (when|for) <objects> [to <ship>]".
fn parse(name: &str, connector: &str, rest: &str) -> Option<Vec<PenaltyRule>> {
    let lower = rest.to_lowercase();
    if connector.eq_ignore_ascii_case("for") {
        return match lower.as_str() {
            "this card" | "this upgrade" => Some(vec![PenaltyRule::NoPenalty]),
            "cards equipped to this ship" => Some(vec![waive(CardFilter {
                types: vec!["captain".into(), "admiral".into(), "upgrade".into()],
                ..CardFilter::default()
            })]),
            _ => None,
        };
    }
    let (objects, to) = match lower.rfind(" to ") {
        Some(i) => (&rest[..i], Some(lower[i + 4..].trim().to_string())),
        None => (rest, None),
    };
    let mut own = false;
    let mut filters = Vec::new();
    for obj in objects.split(" or ").flat_map(|o| o.split(", ")) {
        let o = obj.trim();
        let ol = o.to_lowercase();
        let first = name.split_whitespace().next().unwrap_or(name);
        if matches!(ol.as_str(), "this card" | "this upgrade")
            || o.eq_ignore_ascii_case(name)
            || o.eq_ignore_ascii_case(first)
        {
            own = true;
        } else {
            filters.push(filter(o)?);
        }
    }
    let mut out = Vec::new();
    match to.as_deref() {
        None | Some("this ship" | "your ship" | "any ship" | "this card" | "a ship") => {
            if own {
                out.push(PenaltyRule::NoPenalty);
            }
        }
        Some(ship) if own && filters.is_empty() => {
            let ship = ship
                .trim_start_matches("an ")
                .trim_start_matches("a ")
                .trim_end_matches(" ship");
            let f = faction_of(ship)?;
            out.push(PenaltyRule::NoPenaltyOn {
                factions: vec![f.to_string()],
            });
        }
        Some(_) => return None,
    }
    for f in filters {
        out.push(waive(f));
    }
    (!out.is_empty()).then_some(out)
}

/// "any Borg Upgrades", "a [crew] Upgrades", "Romulan [weapon], Romulan
/// [tech]", "Klingon [talent] Upgrade", "an [talent] Upgrade".
fn filter(phrase: &str) -> Option<CardFilter> {
    let mut f = CardFilter::default();
    let cleaned = phrase.replace(',', " ").replace("and/or", " ");
    let mut saw_upgrade = false;
    for w in cleaned.split_whitespace() {
        let wl = w.to_lowercase();
        if let Some(slot) = slot_of(&wl).filter(|_| wl.starts_with('[')) {
            push_unique(&mut f.slots, slot.to_string());
        } else if let Some(fa) = faction_of(&wl) {
            push_unique(&mut f.factions, fa.to_string());
        } else if matches!(wl.as_str(), "upgrade" | "upgrades") {
            saw_upgrade = true;
        } else if !matches!(wl.as_str(), "any" | "a" | "an" | "and" | "or" | "all") {
            return None;
        }
    }
    (saw_upgrade || !f.slots.is_empty()).then_some(f)
}

#[cfg(test)]
mod doubled_tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        s
    }

    #[test]
    fn k_temoc_doubles_and_hijackers_waive() {
        let s = run("All of your Klingon Upgrades cost -1 SP. The faction penalty is doubled for any non-Klingon Upgrades assigned to your ship.");
        assert_eq!(
            s.card.rules.penalty,
            [PenaltyRule::Double {
                scope: Scope::Ship,
                applies_to: CardFilter {
                    not_factions: vec!["klingon".into()],
                    ..CardFilter::default()
                }
            }]
        );
        assert!(s.text.is_consumed(s.text.text.find("doubled").unwrap()));
        let s = run("In addition, if this card is assigned to a non-Romulan ship, you do not pay a Faction penalty for any of your Romulan upgrades (including this one).");
        assert_eq!(
            s.card.rules.penalty,
            [
                waive(CardFilter {
                    factions: vec!["romulan".into()],
                    ..CardFilter::default()
                }),
                PenaltyRule::NoPenalty
            ]
        );
        assert!(s.text.is_consumed(s.text.text.find("if this").unwrap()));
    }

    #[test]
    fn rekar_on_a_federation_ship() {
        // Cap014 Rekar.
        let s = run("You do not pay faction penalty when equipping this card or any Romulan [crew_text] Upgrades to this Federation ship.");
        assert_eq!(
            s.card.rules.penalty,
            [
                PenaltyRule::NoPenaltyOn {
                    factions: vec!["federation".into()]
                },
                PenaltyRule::Waive {
                    scope: Scope::Ship,
                    applies_to: CardFilter {
                        slots: vec!["crew".into()],
                        factions: vec!["romulan".into()],
                        ..CardFilter::default()
                    },
                    faction_restriction: false,
                    when: Some(Condition::ShipFaction {
                        any: vec!["federation".into()]
                    }),
                }
            ]
        );
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn elim_garak_and_his_talent() {
        // C109 Elim Garak (one [talent] icon).
        let mut s = subject(
            "X1",
            "You do not pay a Faction penalty when assigning Elim Garak or his [talent_text] Upgrade to your ship.",
            json!({"name": "Elim Garak", "talents": 1}),
        );
        apply(&cx(), &mut s).unwrap();
        assert_eq!(s.card.rules.penalty, [PenaltyRule::NoPenalty]);
        let a = &s.card.rules.adds_slots[0];
        assert!(a.icons && a.no_penalty && a.slot == ["talent"] && a.count == 1);
        assert!(s.text.is_consumed(0));
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str, extra: serde_json::Value) -> Subject<'static> {
        let mut s = subject("X1", text, extra);
        apply(&cx(), &mut s).unwrap();
        s
    }

    fn waive_f(factions: &[&str], slots: &[&str]) -> PenaltyRule {
        waive(CardFilter {
            factions: factions.iter().map(|s| s.to_string()).collect(),
            slots: slots.iter().map(|s| s.to_string()).collect(),
            ..CardFilter::default()
        })
    }

    #[test]
    fn own_card() {
        let s = run("You do not pay a faction penalty for this card.", json!({}));
        assert_eq!(s.card.rules.penalty, vec![PenaltyRule::NoPenalty]);
        let s = run("", json!({"factionPenalty": 0}));
        assert_eq!(s.card.rules.penalty, vec![PenaltyRule::NoPenalty]);
        // C012
        let s = run(
            "You do not pay a faction penalty when assigning this card to a Klingon ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.penalty,
            vec![PenaltyRule::NoPenaltyOn {
                factions: vec!["klingon".into()]
            }]
        );
        assert!(s.text.is_consumed(0));
    }

    #[test]
    fn captains_waivers() {
        // Cap814 Khan Singh
        let s = run(
            "You may use any Upgrades without paying a Faction penalty.",
            json!({}),
        );
        assert_eq!(s.card.rules.penalty, vec![waive(CardFilter::default())]);
        // Cap424 Hugh
        let s = run(
            "You do not pay a Faction penalty when assigning any Borg Upgrades to your ship.",
            json!({}),
        );
        assert_eq!(s.card.rules.penalty, vec![waive_f(&["borg"], &[])]);
        // S013
        let s = run(
            "You do not pay a faction penalty when assigning any [crew] or [tech] Upgrades to this ship.",
            json!({}),
        );
        assert_eq!(
            s.card.rules.penalty,
            vec![waive_f(&[], &["crew"]), waive_f(&[], &["tech"])]
        );
        // T180
        let s = run("You do not pay Faction Penalty when equipping Romulan [weapon], Romulan [tech], Borg [weapon] and/or Borg [tech] Upgrades to this ship.", json!({}));
        assert_eq!(
            s.card.rules.penalty,
            vec![
                waive_f(&["romulan"], &["weapon"]),
                waive_f(&["romulan"], &["tech"]),
                waive_f(&["borg"], &["weapon", "tech"])
            ]
        );
    }

    #[test]
    fn lore_lifts_the_faction_restriction_of_talents() {
        // Cap711 Lore
        let s = run("You may assign any [talent] Upgrade to your ship, regardless of Faction restriction, and you do not pay a Faction penalty when assigning any [talent] Upgrade to your ship.", json!({}));
        assert_eq!(
            s.card.rules.penalty,
            vec![PenaltyRule::Waive {
                scope: Scope::Ship,
                applies_to: CardFilter {
                    slots: vec!["talent".into()],
                    ..CardFilter::default()
                },
                faction_restriction: true,
                when: None,
            }]
        );
        assert!(s.text.is_consumed(s.text.text.find("regardless").unwrap()));
        assert!(s.text.is_consumed(s.text.text.find("you do not").unwrap()));
    }

    #[test]
    fn conditional_waivers_stay_unmodeled() {
        // Another faction under the condition than in the waiver.
        let s = run("In addition, if this card is assigned to a non-Klingon ship, you do not pay a Faction penalty for any of your Romulan upgrades.", json!({}));
        assert!(s.card.rules.penalty.is_empty());
        assert!(s.text.consumed.is_empty());
        // Rekar's "to this Federation ship" is modeled (`when`):
        // `rekar_on_a_federation_ship`.
    }
}
