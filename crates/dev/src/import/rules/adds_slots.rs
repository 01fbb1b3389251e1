//! Slots a card adds to its ship (`rules.adds_slots`).
//!
//! Structured: fleet captains' `talentAdd`/`techAdd`/`weaponAdd`/`crewAdd`,
//! and the `upgradeSlots` of flagships and ship resources (an officer's
//! `upgradeSlots` only holds the crew it is stacked under: not a slot). Text: "Add 1 [tech] to this ship's Upgrade
//! Bar", "Add 1 [crew] Upgrade slot to your Upgrade Bar", "Add 2 additional
//! [weapon] icons to your ship's Upgrade Bar", "Add 1 additional [weapon]
//! icon and 1 additional [tech] icon ..." (two slots), "Add either 1 [tech]
//! or 1 [borg] ..." and "Add 1 [weapon] or [crew] Upgrade ... (your choice)"
//! (one slot, the player's choice: `slot = ["tech", "borg"]`), "Add 1
//! Upgrade slot to your Upgrade bar ([tech] or [weapon])", "This card adds
//! an extra [crew] and [talent] slot". A text slot that repeats a structured
//! one (Front Line Retrofit's weapon slot) is not added twice.
//!
//! ```toml
//! [[card.rules.adds_slots]]
//! slot = ["tech", "borg"]
//! count = 1
//! ```

use super::{number, slot_of, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::AddSlot;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "adds_slots",
    apply,
};

static TO_BAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:add|gain) (.+?) to (?:this|your|you) (?:ship'?s'?|ships|attack squadron'?s) ?upgrade bar(?:\s*\(your choice\))?|\b(?:add|gain) (.+?) to your upgrade bar(?:\s*\(your choice\))?",
    )
    .unwrap()
});
static SLOT_CHOICE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\badd (\d+|one|two|an?) upgrade slots? (?:to your upgrade bar \(([^)]*)\)|\(([^)]*)\) to your upgrade bar)").unwrap()
});
static EXTRA: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:this card )?adds (?:an extra|\d+|one) ((?:\[[a-z]+\](?:,| and| or)?\s*)+)slots?",
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut structured = structured(s)?;
    let mut from_text = Vec::new();
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        for c in TO_BAR.captures_iter(t) {
            let list = c.get(1).or(c.get(2)).map_or("", |m| m.as_str());
            if let Some(slots) = parse_list(list) {
                from_text.extend(slots);
                spans.push(span_of(&c, at));
            }
        }
        for c in SLOT_CHOICE.captures_iter(t) {
            let list = c.get(2).or(c.get(3)).map_or("", |m| m.as_str());
            if let Some(mut slots) = parse_list(list) {
                if slots.len() == 1 {
                    slots[0].count = number(&c[1]).unwrap_or(1);
                    from_text.extend(slots);
                    spans.push(span_of(&c, at));
                }
            }
        }
        for c in EXTRA.captures_iter(t) {
            if let Some(slots) = parse_list(&c[1]) {
                from_text.extend(slots);
                spans.push(span_of(&c, at));
            }
        }
    }
    s.text.consume_all(spans);
    let mut out = Vec::new();
    for t in from_text {
        if let Some(i) = structured.iter().position(|x| *x == t) {
            out.push(structured.remove(i));
        } else {
            out.push(t);
        }
    }
    out.extend(structured);
    s.card.rules.adds_slots = out;
    Ok(())
}

/// The slots of the raw structured fields.
fn structured(s: &Subject) -> Result<Vec<AddSlot>, ImportError> {
    let raw = s.raw;
    let mut out = Vec::new();
    for (key, slot) in [
        ("crewAdd", "crew"),
        ("techAdd", "tech"),
        ("weaponAdd", "weapon"),
        ("talentAdd", "talent"),
    ] {
        let n = raw.int(key)?.unwrap_or(0);
        if n > 0 {
            out.push(AddSlot::plain(vec![slot.to_string()], n as u32));
        }
    }
    // An officer's `upgradeSlots` is Utopia's holder for the crew card the
    // officer is stacked under (Officer Cards, R011), not a slot of the
    // ship: an officer adds only the slots of its own text.
    let holder_only = s.card.kind == fleetcheck_data::model::CardType::Officer;
    if let Some(v) = raw.get("upgradeSlots").filter(|_| !holder_only) {
        let list = v
            .as_array()
            .ok_or_else(|| raw.error("`upgradeSlots` is not a list"))?;
        for entry in list {
            let types = entry
                .get("type")
                .and_then(|t| t.as_array())
                .ok_or_else(|| raw.error("an `upgradeSlots` entry has no type list"))?;
            let mut slot = Vec::new();
            for t in types {
                let t = t.as_str().unwrap_or("");
                let st = slot_of(t).ok_or_else(|| {
                    raw.error(format!("unknown slot type {t:?} in `upgradeSlots`"))
                })?;
                slot.push(st.to_string());
            }
            out.push(AddSlot::plain(slot, 1));
        }
    }
    Ok(out)
}

/// Parses "1 [tech]", "either 1 [tech] or 1 [borg]", "1 additional [weapon]
/// icon and 1 additional [tech] icon", "[tech] or [weapon]". `None` when a
/// word is not part of a slot list.
pub fn parse_list(list: &str) -> Option<Vec<AddSlot>> {
    let mut groups: Vec<AddSlot> = Vec::new();
    for group in list.split(" and ") {
        let mut slot = Vec::new();
        let mut count = None;
        let cleaned = group.replace(',', " ");
        for word in cleaned.split_whitespace() {
            let w = word.to_lowercase();
            if let Some(st) = slot_of(&w).filter(|_| w.starts_with('[')) {
                if !slot.contains(&st.to_string()) {
                    slot.push(st.to_string());
                }
            } else if let Some(n) = number(&w) {
                // "either 1 [tech] or 1 [borg]": the counts of a choice agree.
                count = Some(count.map_or(n, |c: u32| c.max(n)));
            } else if !matches!(
                w.as_str(),
                "either"
                    | "gain"
                    | "or"
                    | "additional"
                    | "extra"
                    | "up"
                    | "to"
                    | "upgrade"
                    | "upgrades"
                    | "slot"
                    | "slots"
                    | "icon"
                    | "icons"
            ) {
                return None;
            }
        }
        if slot.is_empty() {
            return None;
        }
        groups.push(AddSlot::plain(slot, count.unwrap_or(1)));
    }
    (!groups.is_empty()).then_some(groups)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use serde_json::json;

    fn add(slot: &[&str], count: u32) -> AddSlot {
        AddSlot::plain(slot.iter().map(|s| s.to_string()).collect(), count)
    }

    fn run(text: &str, extra: serde_json::Value) -> Vec<AddSlot> {
        let mut s = subject("X1", text, extra);
        apply(&cx(), &mut s).unwrap();
        s.card.rules.adds_slots
    }

    #[test]
    fn text_phrases() {
        let none = json!({});
        assert_eq!(
            run("Add 1 [tech] to this ship's Upgrade Bar.", none.clone()),
            vec![add(&["tech"], 1)]
        );
        assert_eq!(
            run(
                "Add 1 [crew] Upgrade slot to your Upgrade Bar.",
                none.clone()
            ),
            vec![add(&["crew"], 1)]
        );
        // C422 Seven of Nine
        assert_eq!(
            run(
                "Add either 1 [tech] or 1 [borg] to this ship's Upgrade bar.",
                none.clone()
            ),
            vec![add(&["tech", "borg"], 1)]
        );
        // Cap518 Calvin Hudson
        assert_eq!(
            run(
                "Add 1 [tech], [weapon] or [crew] Upgrade to your Upgrade Bar (your choice).",
                none.clone()
            ),
            vec![add(&["tech", "weapon", "crew"], 1)]
        );
        // C154
        assert_eq!(
            run("Add 1 additional [weapon] icon and 1 additional [tech] icon to your ship's Upgrade Bar.", none.clone()),
            vec![add(&["weapon"], 1), add(&["tech"], 1)]
        );
        assert_eq!(
            run("Add two [crew] to this ship's Upgrade Bar.", none.clone()),
            vec![add(&["crew"], 2)]
        );
        assert_eq!(
            run(
                "Add 1 Upgrade slot to your Upgrade bar ([tech] or [weapon]).",
                none.clone()
            ),
            vec![add(&["tech", "weapon"], 1)]
        );
        // T013 Cargo Hold
        assert_eq!(
            run(
                "Add 2 Upgrade slots ([crew] or [tech]) to your Upgrade Bar.",
                none.clone()
            ),
            vec![add(&["crew", "tech"], 2)]
        );
        // Q021 First Maje
        assert_eq!(
            run("While this Upgrade is equipped to your ship, you gain 1 additional [tech] Upgrade slot to your Upgrade Bar and your Captain Skill increases by 2.", none.clone()),
            vec![add(&["tech"], 1)]
        );
        assert_eq!(
            run(
                "This card adds an extra [crew] and [talent] slot which applies the special rules.",
                none.clone()
            ),
            vec![add(&["crew"], 1), add(&["talent"], 1)]
        );
        // E101: which slots is not said.
        assert!(run("Add 2 Upgrade slots to your Upgrade Bar.", none).is_empty());
    }

    #[test]
    fn structured_slots() {
        // R010e Independent (Klingon) fleet captain.
        assert_eq!(
            run(
                "",
                json!({"talentAdd": 1, "techAdd": 0, "weaponAdd": 0, "crewAdd": 2})
            ),
            vec![add(&["crew"], 2), add(&["talent"], 1)]
        );
        // R011b Tactical Officer: its text's weapon slot; the raw crew
        // holder is no slot.
        assert_eq!(
            run(
                "Add 1 [weapon] Upgrade slot to your Upgrade Bar.",
                json!({"type": "officer", "factions": ["independent"], "upgradeSlots": [{"type": ["crew"], "source": "x"}]})
            ),
            vec![add(&["weapon"], 1)]
        );
        // A flagship's slots.
        assert_eq!(
            run(
                "",
                json!({"type": "flagship", "attack": 1, "agility": 1, "hull": 0, "shields": 1, "upgradeSlots": [{"type": ["talent"], "source": "x"}, {"type": ["weapon"], "source": "x"}]})
            ),
            vec![add(&["talent"], 1), add(&["weapon"], 1)]
        );
        // Rs40 Front Line Retrofit: text repeats the structured slot.
        assert_eq!(
            run(
                "Adds 1 [weapon] slot and +1 to Shield",
                json!({"upgradeSlots": [{"type": ["weapon"], "source": "x"}]})
            ),
            vec![add(&["weapon"], 1)]
        );
    }
}
