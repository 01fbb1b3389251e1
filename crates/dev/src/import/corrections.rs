//! Hand corrections (`data/staw/corrections.toml`), applied by the importer
//! after parsing so that a re-import keeps them. The schema (also written at
//! the top of the file):
//!
//! ```toml
//! [[correction]]
//! id = "C261"               # the card (id or alias id)
//! reason = "why"            # required
//! drop = true               # leave the card out (listed in excluded.toml)
//!
//! [[correction]]
//! id = "Cap518"
//! reason = "why"
//! set = { cost = 3 }        # replace facts (any card field but id/rules)
//! rules = { unmodeled = ["cost"] }             # replace rule fields
//! add_rules = { restrictions = [{ kind = "ship-faction", any = ["vulcan"] }] }
//!                           # append to rule lists (or set a rule scalar)
//! ```
//!
//! Every correction must name an existing card and give a reason; a field
//! that is not part of the card model is an error, so stale or misspelt
//! corrections never apply silently. `unmodeled` takes only the tags of
//! `crate::import::unmodeled` (so no card text gets in this way either).

use super::{Excluded, ImportError};
use fleetcheck_data::model::Card;
use fleetcheck_data::unmodeled;
use serde::Deserialize;

/// `corrections.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorrectionsFile {
    #[serde(default)]
    pub correction: Vec<Correction>,
}

/// One correction of one card.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    pub id: String,
    pub reason: String,
    #[serde(default)]
    pub drop: bool,
    #[serde(default)]
    pub set: Option<toml::Table>,
    #[serde(default)]
    pub rules: Option<toml::Table>,
    #[serde(default)]
    pub add_rules: Option<toml::Table>,
}

/// Applies the corrections in `text` to `cards` (dropped cards move to
/// `excluded`).
pub fn apply(
    text: &str,
    cards: &mut Vec<Card>,
    excluded: &mut Vec<Excluded>,
) -> Result<(), ImportError> {
    let file: CorrectionsFile =
        toml::from_str(text).map_err(|e| ImportError::Corrections(e.to_string()))?;
    for c in file.correction {
        let err = |m: String| ImportError::Corrections(format!("card {}: {m}", c.id));
        if c.reason.trim().is_empty() {
            return Err(err("a correction needs a reason".into()));
        }
        let Some(i) = cards
            .iter()
            .position(|k| k.id == c.id || k.alias_ids.contains(&c.id))
        else {
            return Err(err("no such card in the import".into()));
        };
        if c.drop {
            let card = cards.remove(i);
            excluded.push(Excluded {
                id: std::iter::once(card.id.clone())
                    .chain(card.alias_ids.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(", "),
                name: card.name.clone(),
                file: "corrections.toml".into(),
                reason: c.reason.trim().to_string(),
            });
            continue;
        }
        let mut value = toml::Table::try_from(&cards[i]).map_err(|e| err(e.to_string()))?;
        if let Some(set) = &c.set {
            for (k, v) in set {
                if k == "id" || k == "rules" {
                    return Err(err(format!("`set` may not change `{k}`")));
                }
                value.insert(k.clone(), v.clone());
            }
        }
        let mut rules = match value.remove("rules") {
            Some(toml::Value::Table(t)) => t,
            _ => toml::Table::new(),
        };
        if let Some(r) = &c.rules {
            for (k, v) in r {
                rules.insert(k.clone(), v.clone());
            }
        }
        if let Some(r) = &c.add_rules {
            for (k, v) in r {
                match (rules.get_mut(k), v) {
                    (Some(toml::Value::Array(existing)), toml::Value::Array(more)) => {
                        for m in more {
                            if !existing.contains(m) {
                                existing.push(m.clone());
                            }
                        }
                    }
                    _ => {
                        rules.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        value.insert("rules".into(), toml::Value::Table(rules));
        let mut card: Card = toml::Value::Table(value)
            .try_into()
            .map_err(|e: toml::de::Error| err(e.message().to_string()))?;
        // `unmodeled` holds kind tags, never a card's words.
        if let Some(u) = card.rules.unmodeled.iter().find(|u| !unmodeled::is_tag(u)) {
            return Err(err(format!(
                "`unmodeled` holds {u:?}, which is no unmodeled tag (one of: {}); \
                 name the kind of rule, never its text",
                unmodeled::tag_list()
            )));
        }
        unmodeled::normalize(&mut card.rules.unmodeled);
        cards[i] = card;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::model::{CardType, Condition};

    fn cards() -> Vec<Card> {
        vec![Card {
            id: "C1".into(),
            kind: CardType::Upgrade,
            name: "Test".into(),
            slot: Some("crew".into()),
            factions: vec!["federation".into()],
            cost: 3,
            ..Card::default()
        }]
    }

    #[test]
    fn replace_add_and_drop() {
        let mut c = cards();
        let mut ex = Vec::new();
        apply(
            r#"
[[correction]]
id = "C1"
reason = "errata"
set = { cost = 2 }
add_rules = { restrictions = [{ kind = "ship-faction", any = ["vulcan"] }] }
"#,
            &mut c,
            &mut ex,
        )
        .unwrap();
        assert_eq!(c[0].cost, 2);
        assert_eq!(
            c[0].rules.restrictions,
            vec![Condition::ShipFaction {
                any: vec!["vulcan".into()]
            }]
        );
        apply(
            "[[correction]]\nid = \"C1\"\nreason = \"helper\"\ndrop = true\n",
            &mut c,
            &mut ex,
        )
        .unwrap();
        assert!(c.is_empty());
        assert_eq!(ex[0].reason, "helper");
    }

    #[test]
    fn unmodeled_takes_tags_only() {
        let mut c = cards();
        let mut ex = Vec::new();
        apply(
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nrules = { unmodeled = [\"talents\", \"cost\", \"talents\"] }\n",
            &mut c,
            &mut ex,
        )
        .unwrap();
        // Stored in vocabulary order, once each.
        assert_eq!(c[0].rules.unmodeled, ["cost", "talents"]);
        for bad in [
            "rules = { unmodeled = [\"Testa pays no faction penalty.\"] }",
            "add_rules = { unmodeled = [\"cost\", \"Costs -1 SP per Testa\"] }",
        ] {
            let text = format!("[[correction]]\nid = \"C1\"\nreason = \"x\"\n{bad}\n");
            let e = apply(&text, &mut cards(), &mut ex).unwrap_err().to_string();
            assert!(
                e.starts_with("corrections.toml: card C1: `unmodeled` holds \"")
                    && e.contains("which is no unmodeled tag (one of: restriction, cost, "),
                "{e}"
            );
        }
    }

    #[test]
    fn errors_name_the_card() {
        let mut ex = Vec::new();
        for bad in [
            "[[correction]]\nid = \"C9\"\nreason = \"x\"\n",
            "[[correction]]\nid = \"C1\"\nreason = \"\"\n",
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nset = { costt = 1 }\n",
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nrules = { max_per_ship = -1 }\n",
        ] {
            let e = apply(bad, &mut cards(), &mut ex).unwrap_err().to_string();
            assert!(e.contains("corrections.toml"), "{e}");
        }
    }
}
