//! Cards held face down beneath another card (`rules.adds_slots` with
//! `beneath = true`): "place 1 non-Borg [tech] Upgrade with a cost of 5 or
//! less face down beneath this card" (Quark), "place 2 [crew] Upgrades
//! each with a printed cost of 3 SP or less face down beneath this card"
//! (Daimon Solok), "choose a non-Borg [weapon] Upgrade and place it face
//! down beneath this card. The chosen Upgrade must have a cost of 5 SP or
//! less" (Triphasic Emitters), "place up to 3 Federation [tech] Upgrades,
//! each 4 SP or less, face down under this card" (Wesley Crusher), "Place
//! the Stone of Gol [tech] Upgrade facedown under T'Paal for 0 SP" (a named
//! card at the fixed cost `set_costs` read: the held slot's `set_cost`).
//!
//! Each holder is a slot it adds (shared/rules/staw.md, "Cards held beneath
//! another card"): the held card takes no slot of the upgrade bar, must
//! meet the holder's terms (`only`: the slot type, a faction or "non-"
//! faction, a word of its name such as "Torpedo", a cost read on the ship
//! or a printed cost), and is priced as an upgrade of the ship. When the
//! card's text lets the held card be equipped "even if it exceeds this
//! ship's restrictions" (or "ignoring restrictions"), the slot lets it
//! exceed them (`exceed_restrictions`).
//!
//! ```toml
//! [[card.rules.adds_slots]]
//! slot = ["tech"]
//! only = { slots = ["tech"], not_factions = ["borg"], max_cost = 5 }
//! exceed_restrictions = true
//! beneath = true
//! ```

use super::{faction_of, number, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{AddSlot, CardFilter, SetCost};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "held",
    apply,
};

/// "place [up to] N [qualifier] [slot] Upgrade(s) [terms] [and place it]
/// face down beneath this card", "choose a ... and place it face down ...".
static HOLD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:place|choose)\s+(?:up to\s+)?(\d+|an?|one|two|three)\s+(?:([a-z0-9'-]+)\s+)?(\[[a-z]+\])\s+upgrades?\b([^.]*?)\s*(?:and place (?:it|them)\s+)?face[ -]down\s+(?:beneath|under)\s+this card",
    )
    .unwrap()
});

/// A cost bound among the terms: "with a cost of 5 or less", "with a
/// printed SP cost of 5 or less", ", each 4 SP or less,", "each with a
/// printed cost of 3 SP or less".
static COST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[\s,]*(?:each\s+)?(?:with\s+an?\s+(printed\s+)?(?:sp\s+)?cost\s+of\s+)?(\d+)\s*(?:sp\s+)?or\s+less[\s,]*$").unwrap()
});

/// "The chosen Upgrade must have a cost of 5 SP or less." after the hold.
static CHOSEN_COST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bthe chosen upgrade must have an?\s+(printed\s+)?(?:sp\s+)?cost of (\d+)\s*(?:sp\s+)?or less").unwrap()
});

/// "Place the Stone of Gol [tech] Upgrade facedown under T'Paal for 0 SP"
/// (T'Paal C369): `set_costs` read the fixed cost of the named card; the
/// card is held beneath this one, so the fixed cost becomes the held
/// slot's.
static HOLD_NAMED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bplace the (.+?) (\[[a-z]+\]) upgrade face ?down (?:beneath|under) ([^.]+?) for \d+ sp").unwrap()
});

/// The held card may be equipped beyond the ship's restrictions.
static EXCEEDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:(?:deploy|equip)\b[^.]*?\b)?(?:even if it exceeds (?:your|this) ship'?s restrictions|ignoring restrictions)",
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let exceeds = s.text.sentences().any(|(_, t)| EXCEEDS.is_match(t));
    let mut held: Vec<AddSlot> = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in HOLD.captures_iter(t) {
            let Some(slot) = slot_of(&c[3]) else { continue };
            let Some(add) = hold(&c, slot, exceeds) else {
                continue;
            };
            held.push(add);
            spans.push(span_of(&c, at));
        }
        if let (Some(last), Some(c)) = (held.last_mut(), CHOSEN_COST.captures(t)) {
            let only = last.only.get_or_insert_with(CardFilter::default);
            let n = c[2].parse().ok();
            if c.get(1).is_some() {
                only.max_printed_cost = n;
            } else {
                only.max_cost = n;
            }
            spans.push(span_of(&c, at));
        }
    }
    s.text.consume_all(spans);
    // A named card placed under this one at a fixed cost (`set_costs`
    // read the cost; its phrase is consumed there).
    let own = fleetcheck_data::normalize(&s.card.name);
    let named: Vec<(String, &'static str)> = s
        .text
        .sentences()
        .flat_map(|(_, t)| HOLD_NAMED.captures_iter(t).collect::<Vec<_>>())
        .filter(|c| {
            let under = fleetcheck_data::normalize(&c[3]);
            under == own || under == "this card"
        })
        .filter_map(|c| Some((c[1].to_string(), slot_of(&c[2])?)))
        .collect();
    for (name, slot) in named {
        let n = fleetcheck_data::normalize(&name);
        let Some(i) = s.card.rules.set_costs.iter().position(|c| {
            c.applies_to.names.len() == 1 && fleetcheck_data::normalize(&c.applies_to.names[0]) == n
        }) else {
            continue;
        };
        let cost = s.card.rules.set_costs.remove(i);
        let mut add = AddSlot::plain(vec![slot.to_string()], 1);
        add.only = Some(CardFilter {
            slots: vec![slot.to_string()],
            names: cost.applies_to.names.clone(),
            ..CardFilter::default()
        });
        add.set_cost = Some(SetCost {
            applies_to: CardFilter::default(),
            ..cost
        });
        add.exceed_restrictions = exceeds;
        add.beneath = true;
        held.push(add);
    }
    // The held card equipped "ignoring restrictions" is this rule's
    // `exceed_restrictions`.
    if !held.is_empty() {
        super::consume_matches(s, &EXCEEDS);
    }
    s.card.rules.adds_slots.extend(held);
    Ok(())
}

/// The held slot of one match; `None` when a word of its terms is not
/// understood (then the phrase stays unmodeled and is listed).
fn hold(c: &regex::Captures, slot: &str, exceeds: bool) -> Option<AddSlot> {
    let count = number(&c[1])?;
    let mut only = CardFilter {
        slots: vec![slot.to_string()],
        ..CardFilter::default()
    };
    if let Some(q) = c.get(2).map(|m| m.as_str()) {
        if let Some(f) = q
            .strip_prefix("non-")
            .or_else(|| q.strip_prefix("Non-"))
            .and_then(faction_of)
        {
            only.not_factions.push(f.to_string());
        } else if let Some(f) = faction_of(q) {
            only.factions.push(f.to_string());
        } else if q.chars().next().is_some_and(char::is_uppercase) {
            // "a Torpedo [weapon] Upgrade": a word of the card's name.
            only.name_words.push(q.to_string());
        } else {
            return None;
        }
    }
    let terms = c.get(4).map_or("", |m| m.as_str()).trim();
    if !terms.is_empty() {
        let t = COST.captures(terms)?;
        let n = t[2].parse().ok()?;
        if t.get(1).is_some() {
            only.max_printed_cost = Some(n);
        } else {
            only.max_cost = Some(n);
        }
    }
    let mut add = AddSlot::plain(vec![slot.to_string()], count);
    add.only = Some(only);
    add.exceed_restrictions = exceeds;
    add.beneath = true;
    Some(add)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, cx_with_cards, subject};
    use super::*;
    use serde_json::json;

    fn run(text: &str) -> (Vec<AddSlot>, bool) {
        let mut s = subject("X1", text, json!({}));
        apply(&cx(), &mut s).unwrap();
        let consumed = s
            .text
            .sentences()
            .all(|(at, t)| t.is_empty() || s.text.is_consumed(at + t.len() / 2));
        (s.card.rules.adds_slots, consumed)
    }

    fn held(slot: &str, count: u32, only: CardFilter, exceed: bool) -> AddSlot {
        let mut a = AddSlot::plain(vec![slot.to_string()], count);
        a.only = Some(CardFilter {
            slots: vec![slot.to_string()],
            ..only
        });
        a.exceed_restrictions = exceed;
        a.beneath = true;
        a
    }

    #[test]
    fn holders_of_the_source() {
        // C114 Quark.
        assert_eq!(
            run("At the start of the game, place 1 non-Borg [tech_text] Upgrade with a cost of 5 or less face down beneath this card. At any time, you may discard Quark to flip the Upgrade that is beneath this card face up and deploy it to your ship, even if it exceeds your ship's restrictions.").0,
            [held("tech", 1, CardFilter { not_factions: vec!["borg".into()], max_cost: Some(5), ..CardFilter::default() }, true)]
        );
        // W048 Triphasic Emitters: the cost in the next sentence.
        let (slots, consumed) = run("At the start of the game, after Setup, choose a non-Borg [weapon_text] Upgrade and place it face down beneath this card. The chosen Upgrade must have a cost of 5 SP or less.");
        assert_eq!(
            slots,
            [held(
                "weapon",
                1,
                CardFilter {
                    not_factions: vec!["borg".into()],
                    max_cost: Some(5),
                    ..CardFilter::default()
                },
                false
            )]
        );
        assert!(consumed);
        // W215 Experimental Torpedo Bay: a word of the name, a printed cost.
        assert_eq!(
            run("START OF THE GAME: Place a Torpedo [weapon_text] Upgrade with a printed SP cost of 5 or less face down beneath this card. COMBAT PHASE: Flip the card beneath this card face up and equip it to this ship, ignoring restrictions.").0,
            [held("weapon", 1, CardFilter { name_words: vec!["Torpedo".into()], max_printed_cost: Some(5), ..CardFilter::default() }, true)]
        );
        // C217 Wesley Crusher: "up to 3", "each 4 SP or less", "under".
        assert_eq!(
            run("At the start of the game, place up to 3 Federation [tech_text] Upgrades, each 4 SP or less, face down under this card.").0,
            [held("tech", 3, CardFilter { factions: vec!["federation".into()], max_cost: Some(4), ..CardFilter::default() }, false)]
        );
        // Cap446 Daimon Solok.
        assert_eq!(
            run("SETUP: Place 2 GPLT on this card and place 2 [crew_text] Upgrades each with a printed cost of 3 SP or less face down beneath this card.").0,
            [held("crew", 2, CardFilter { max_printed_cost: Some(3), ..CardFilter::default() }, false)]
        );
        // E172 DNA Encoded Message: a faction, no cost.
        assert_eq!(
            run("SETUP: Place 3 Klingon [talent_text] Upgrades face down beneath this card.").0,
            [held(
                "talent",
                3,
                CardFilter {
                    factions: vec!["klingon".into()],
                    ..CardFilter::default()
                },
                false
            )]
        );
    }

    #[test]
    fn a_named_card_held_at_a_fixed_cost() {
        // C369 T'Paal: `set_costs` runs first and reads the fixed cost.
        let text = "Place the Stone of Gol [tech_text] Upgrade facedown under T'Paal for 0 SP.\n<hr> <b>EXECUTE MANEUVER STEP:</b> After this ship moves, discard this card and target an opposing ship. \n\n Discard 1 [tech_text] Upgrade equipped to the target ship.  Flip the Stone of Gol [tech_text] Upgrade under T'Paal face up and equip it to this ship, ignoring restrictions.";
        let cx = cx_with_cards(&["Stone of Gol"]);
        let mut s = subject("X1", text, json!({"name": "T'Paal"}));
        (super::super::set_costs::KIND.apply)(&cx, &mut s).unwrap();
        apply(&cx, &mut s).unwrap();
        assert!(s.card.rules.set_costs.is_empty());
        let a = &s.card.rules.adds_slots[0];
        assert!(a.beneath && a.exceed_restrictions);
        assert_eq!(a.only.as_ref().unwrap().names, ["Stone of Gol"]);
        assert_eq!(a.set_cost.as_ref().map(|c| c.amount), Some(0));
        crate::import::rules::detect::fill_unmodeled(&mut s);
        assert!(s.card.rules.unmodeled.is_empty(), "{:?}", s.phrases);
    }

    #[test]
    fn what_is_not_a_hold_stays_unmodeled() {
        // Discarded cards placed beneath during play (Bosus, Katric Ark).
        assert!(run("If an enemy ship causes any of your [crew_text] Upgrades to be discarded, place those Upgrades face down beneath this card.").0.is_empty());
        // Terms not understood.
        assert!(run("Place 1 [crew_text] Upgrade that shares a name with your Captain face down beneath this card.").0.is_empty());
    }
}
