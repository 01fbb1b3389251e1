//! The facts of one raw card: id, name, type, slot, factions, cost,
//! uniqueness, sets, ship class and stats, actions, upgrade bar, skill and
//! talents. Rules come later (`rules`); this module never reads card text
//! except to decide which raw entries are builder helpers, not cards.

use super::raw::RawCard;
use super::ImportError;
use fleetcheck_data::model::{Card, CardType, ACTIONS, SLOT_TYPES};
use fleetcheck_data::names::FACTIONS;

/// Whether a raw card is a helper of another game mode of the builder
/// (set `80000` "Builder", or an id starting `AP`): imported, marked
/// `helper`, and kept out of the default card pool (`Card::helper`).
pub fn is_helper(raw: &RawCard) -> bool {
    raw.strings("set")
        .unwrap_or_default()
        .iter()
        .any(|s| s == "80000")
        || raw.ids.iter().any(|id| id.starts_with("AP"))
}

/// Why a raw entry is not a card of the database (`None`: it is one).
/// Builder helpers of another game mode are cards of the database (see
/// [`is_helper`]); the "UTOPIA USE ONLY" stand-ins, faction pseudo-cards
/// and rules tokens are not cards at all.
pub fn exclusion(raw: &RawCard) -> Option<String> {
    match raw.kind() {
        "faction" => {
            return Some(
                "faction pseudo-card of others.json (the builder's stand-in for a faction)".into(),
            )
        }
        "token" => return Some("rules reference token of others.json, not a card".into()),
        _ => {}
    }
    if raw.text().to_uppercase().contains("UTOPIA USE ONLY") {
        return Some("marked \"UTOPIA USE ONLY\": a builder helper, not a card".into());
    }
    None
}

/// The card type of a raw `type`.
pub fn card_type(raw: &RawCard) -> Result<CardType, ImportError> {
    Ok(match raw.kind() {
        "ship" => CardType::Ship,
        "captain" => CardType::Captain,
        "admiral" => CardType::Admiral,
        "ambassador" => CardType::Ambassador,
        "crew" | "tech" | "weapon" | "talent" | "borg" | "squadron" | "question" => {
            CardType::Upgrade
        }
        "resource" => CardType::Resource,
        "fleet-captain" => CardType::FleetCaptain,
        "officer" => CardType::Officer,
        "flagship" => CardType::Flagship,
        "starship_construction" => CardType::Construction,
        "ship-resource" => CardType::ShipResource,
        other => return Err(raw.error(format!("unknown card type {other:?}"))),
    })
}

/// Builds the facts of a card. `class` is the resolved class id of a ship.
pub fn card(raw: &RawCard, class: Option<String>) -> Result<Card, ImportError> {
    let kind = card_type(raw)?;
    let name = raw
        .str("name")?
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| raw.error("card has no name"))?
        .to_string();
    let factions = raw.strings("factions")?;
    for f in &factions {
        if !FACTIONS.contains(&f.as_str()) {
            return Err(raw.error(format!("unknown faction {f:?}")));
        }
    }
    if factions.is_empty() && !matches!(kind, CardType::Resource) {
        return Err(raw.error("card has no faction"));
    }
    // A cost of "*" (Ablative Generator) is set by the card's rule text.
    let cost = match raw.get("cost") {
        Some(serde_json::Value::String(s)) if s.trim() == "*" => 0,
        _ => raw
            .int("cost")?
            .ok_or_else(|| raw.error("card has no cost"))?,
    };
    let mut card = Card {
        id: raw.id().to_string(),
        alias_ids: raw.ids[1..].to_vec(),
        kind,
        name,
        factions,
        cost,
        sets: raw.strings("set")?,
        op_banned: raw.flag("opBanned")?,
        helper: is_helper(raw),
        ..Card::default()
    };
    let unique = raw.flag("unique")?;
    // The raw data has no Mirror Universe unique flag: Utopia treats a unique
    // card of the Mirror Universe faction as Mirror Universe unique (Worf
    // C096 clashes with no Federation Worf). Such a card is `mirror_unique`
    // and not `unique`: the two uniqueness kinds never clash.
    if unique && card.factions.iter().any(|f| f == "mirror-universe") {
        card.mirror_unique = true;
    } else {
        card.unique = unique;
    }
    match kind {
        CardType::Upgrade => {
            let t = raw.kind();
            if t != "question" {
                card.slot = Some(t.to_string());
            }
            // A few crew show a talent icon (Elim Garak C109: "his [talent]
            // Upgrade"): a talent slot on the ship, like a captain's.
            let talents = raw.int("talents")?.unwrap_or(0);
            if talents > 0 {
                card.talents = Some(talents as u32);
            }
        }
        CardType::Ship => {
            card.class = class;
            card.attack = Some(stat(raw, "attack")?);
            card.agility = Some(stat(raw, "agility")?);
            card.hull = Some(stat(raw, "hull")?);
            card.shields = Some(stat(raw, "shields")?);
            card.actions = actions(raw)?;
            card.slots = raw.strings("upgrades")?;
            for s in &card.slots {
                if !SLOT_TYPES.contains(&s.as_str()) {
                    return Err(raw.error(format!("unknown upgrade slot {s:?}")));
                }
            }
            card.squadron = raw.flag("squadron")?;
            card.skill = raw.int("skill")?;
        }
        CardType::Captain | CardType::Admiral => {
            // A skill of "*" (Borg drone captains: the number of Drone
            // Tokens) is no printed number: `skill` stays absent.
            card.skill = match raw.get("skill") {
                Some(serde_json::Value::String(s)) if s.trim() == "*" => None,
                _ => Some(
                    raw.int("skill")?
                        .ok_or_else(|| raw.error("captain has no skill"))?,
                ),
            };
            // `talent` is a misspelling of `talents` in two captains; a
            // captain without either shows no talent icon.
            let talents = match raw.int("talents")? {
                Some(t) => Some(t),
                None => raw.int("talent")?,
            }
            .unwrap_or(0);
            card.talents = Some(u32::try_from(talents).map_err(|_| raw.error("negative talents"))?);
        }
        CardType::FleetCaptain => {
            card.skill = raw.int("skill")?;
        }
        CardType::Flagship => {
            card.attack = Some(stat(raw, "attack")?);
            card.agility = Some(stat(raw, "agility")?);
            card.hull = Some(stat(raw, "hull")?);
            card.shields = Some(stat(raw, "shields")?);
            card.actions = actions(raw)?;
        }
        _ => {}
    }
    Ok(card)
}

fn stat(raw: &RawCard, key: &str) -> Result<i32, ImportError> {
    raw.int(key)?
        .ok_or_else(|| raw.error(format!("card has no {key}")))
}

fn actions(raw: &RawCard) -> Result<Vec<String>, ImportError> {
    let actions = raw.strings("actions")?;
    for a in &actions {
        if !ACTIONS.contains(&a.as_str()) {
            return Err(raw.error(format!("unknown action {a:?}")));
        }
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn raw(v: Value) -> RawCard {
        let obj = v.as_object().cloned().unwrap();
        let ids = match &obj["id"] {
            Value::Array(a) => a.iter().map(|i| i.as_str().unwrap().to_string()).collect(),
            i => vec![i.as_str().unwrap().to_string()],
        };
        RawCard {
            file: "test.json".into(),
            index: 0,
            ids,
            obj,
        }
    }

    #[test]
    fn helpers_are_excluded_with_a_reason() {
        let r = raw(json!({"type": "faction", "id": "faction_borg", "name": "Borg"}));
        assert!(exclusion(&r).unwrap().contains("faction"));
        // Builder helpers of another game mode are cards, marked helper.
        let r = raw(json!({"type": "crew", "id": "AP1001", "name": "x", "set": ["80000"]}));
        assert_eq!(exclusion(&r), None);
        assert!(is_helper(&r));
        let r = raw(json!({"type": "captain", "id": "AC0001", "name": "x", "set": ["80000"]}));
        assert!(is_helper(&r));
        let r = raw(json!({"type": "crew", "id": "AP22011", "name": "x", "set": ["72014"]}));
        assert!(is_helper(&r));
        let r = raw(
            json!({"type": "question", "id": "Q037", "name": "Kirk Admiral Slot",
            "text": "Equip this card. <b>UTOPIA USE ONLY</b>"}),
        );
        assert!(exclusion(&r).unwrap().contains("UTOPIA USE ONLY"));
        let r = raw(json!({"type": "crew", "id": "C212", "name": "Worf", "set": ["71120"]}));
        assert_eq!(exclusion(&r), None);
        assert!(!is_helper(&r));
    }

    #[test]
    fn mirror_universe_unique_is_its_own_kind() {
        // C096 Worf (Mirror Universe) and C212 Worf (Federation).
        let mu = card(
            &raw(
                json!({"type": "crew", "id": "C096", "name": "Worf ", "unique": true,
                "factions": ["mirror-universe"], "cost": 4, "set": ["71510b"]}),
            ),
            None,
        )
        .unwrap();
        assert!(mu.mirror_unique && !mu.unique);
        assert_eq!(mu.name, "Worf");
        let fed = card(
            &raw(
                json!({"type": "crew", "id": "C212", "name": "Worf", "unique": true,
                "factions": ["federation"], "cost": 3, "set": ["71120"]}),
            ),
            None,
        )
        .unwrap();
        assert!(fed.unique && !fed.mirror_unique);
        assert_eq!(fed.slot.as_deref(), Some("crew"));
    }

    #[test]
    fn captains_talents_and_skill() {
        let c = card(
            &raw(
                json!({"type": "captain", "id": "Cap1", "name": "A", "factions": ["klingon"],
                "cost": 3, "skill": 5, "talent": 1}),
            ),
            None,
        )
        .unwrap();
        assert_eq!((c.skill, c.talents), (Some(5), Some(1)));
        let c = card(
            &raw(
                json!({"type": "captain", "id": "Cap2", "name": "Drone", "factions": ["borg"],
                "cost": 0, "skill": "*"}),
            ),
            None,
        )
        .unwrap();
        assert_eq!((c.skill, c.talents), (None, Some(0)));
    }

    #[test]
    fn bad_values_name_the_card() {
        for (v, want) in [
            (
                json!({"type": "gadget", "id": "X1", "name": "A", "factions": ["borg"], "cost": 1}),
                "unknown card type",
            ),
            (
                json!({"type": "crew", "id": "X2", "name": "A", "factions": ["gorn"], "cost": 1}),
                "unknown faction",
            ),
            (
                json!({"type": "crew", "id": "X3", "name": " ", "factions": ["borg"], "cost": 1}),
                "no name",
            ),
            (
                json!({"type": "crew", "id": "X4", "name": "A", "factions": ["borg"], "cost": "lots"}),
                "not an integer",
            ),
            (
                json!({"type": "ship", "id": "X5", "name": "A", "factions": ["borg"], "cost": 1,
                    "attack": 1, "agility": 1, "hull": 1, "shields": 1, "actions": ["warp"]}),
                "unknown action",
            ),
        ] {
            let e = card(&raw(v), None).unwrap_err().to_string();
            assert!(e.starts_with("test.json: card X"), "{e}");
            assert!(e.contains(want), "{e}");
        }
    }
}
