//! Hand corrections (`data/staw/corrections.toml`), applied by the importer
//! after parsing so that a re-import keeps them. The schema (also written at
//! the top of the file):
//!
//! ```toml
//! [[correction]]
//! id = "C261"               # the card (id or alias id)
//! reason = "why"            # required
//! evidence = "Not a physical card, used internally on Utopia"
//!                           # the card's own words it rests on (or a list)
//! drop = true               # leave the card out (listed in excluded.toml)
//!
//! [[correction]]
//! id = "R011a"
//! reason = "why"
//! evidence = "The First Officer Card has an [talent] icon"
//! evidence_in = "R011"      # another card's text holds the evidence
//! set = { talents = 1 }     # replace facts (any card field but id/rules)
//!
//! [[correction]]
//! id = "Cap447"
//! reason = "why"
//! no_evidence = "name"      # not about the text: why there is no quote
//! set = { species = ["gorn"] }
//! rules = { unmodeled = ["cost"] }             # replace rule fields
//! add_rules = { restrictions = [{ kind = "ship-faction", any = ["vulcan"] }] }
//!                           # append to rule lists (or set a rule scalar)
//! ```
//!
//! Every correction must name an existing card, give a reason, and either
//! quote its evidence or say why it has none; a field that is not part of
//! the card model is an error, so stale or misspelt corrections never apply
//! silently. `unmodeled` takes only the tags of
//! `crate::import::unmodeled` (so no card text gets in this way either).
//!
//! The evidence is checked against the card's text as the importer reads it
//! (`text::clean`: markup stripped, icons as `[crew]`, spaces collapsed; see
//! [`quote_form`]): a correction whose card no longer says what it quotes
//! is an error of the import, so a changed raw text never keeps a stale
//! correction. `no_evidence` is one of:
//!
//! - `name`: a fact the card's name states (the species of "Gorn Captain"):
//!   every value the correction sets must be a word of the card's name;
//! - `character`: a fact of the character the card portrays that the card
//!   does not print (Loskene is the Tholian commander of TOS "The Tholian
//!   Web"); the reason names the source;
//! - `errata`: a published erratum or ruling the card does not print; the
//!   reason names it.

use super::{Excluded, ImportError};
use fleetcheck_data::model::Card;
use fleetcheck_data::unmodeled;
use serde::Deserialize;
use std::collections::BTreeMap;

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
    /// The card's own words the correction rests on.
    #[serde(default)]
    pub evidence: Option<Evidence>,
    /// The card whose text holds the evidence, when it is not the corrected
    /// card (a resource's rules about its cards).
    #[serde(default)]
    pub evidence_in: Option<String>,
    /// Why a correction that is not about the card's text quotes none.
    #[serde(default)]
    pub no_evidence: Option<NoEvidence>,
    #[serde(default)]
    pub drop: bool,
    #[serde(default)]
    pub set: Option<toml::Table>,
    #[serde(default)]
    pub rules: Option<toml::Table>,
    #[serde(default)]
    pub add_rules: Option<toml::Table>,
}

/// A correction's evidence: one quote, or several.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Evidence {
    One(String),
    Many(Vec<String>),
}

impl Evidence {
    pub fn quotes(&self) -> &[String] {
        match self {
            Evidence::One(q) => std::slice::from_ref(q),
            Evidence::Many(q) => q,
        }
    }
}

/// Why a correction quotes no evidence (see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoEvidence {
    Name,
    Character,
    Errata,
}

/// The card texts the evidence is read in: card id (and alias id) -> its
/// text as the importer reads it (`text::clean`).
pub type Texts = BTreeMap<String, String>;

/// A text as evidence is compared: `text::clean`'s lines joined, spaces
/// collapsed, no space before `,`, `.`, `;`, `:` or `)` (an icon's title
/// stands between spaces: "a intrepid Class , sovereign Class").
pub fn quote_form(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() && !word.starts_with([',', '.', ';', ':', ')']) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// What is wrong with a correction's evidence, if anything: it has none
/// and does not say why, it has both, a quote is not in its card's text, or
/// a value it sets from the name is not in the name.
fn evidence_problem(c: &Correction, card: &Card, texts: &Texts) -> Option<String> {
    match (&c.evidence, c.no_evidence) {
        (None, None) => Some(
            "a correction needs its evidence: `evidence` (the card's own words) or \
             `no_evidence` (why it has none: \"name\", \"character\" or \"errata\")"
                .into(),
        ),
        (Some(_), Some(_)) => Some("`evidence` and `no_evidence` exclude each other".into()),
        (Some(e), None) => {
            let holder = c.evidence_in.as_deref().unwrap_or(&c.id);
            let Some(text) = texts.get(holder) else {
                return Some(format!(
                    "`evidence_in` names {holder:?}, no card of the import"
                ));
            };
            let text = quote_form(text);
            e.quotes()
                .iter()
                .find(|q| q.trim().is_empty() || !text.contains(&quote_form(q)))
                .map(|q| format!("the evidence {q:?} is not in the text of {holder}"))
        }
        (None, Some(_)) if c.evidence_in.is_some() => {
            Some("`evidence_in` without `evidence`".into())
        }
        (None, Some(NoEvidence::Name)) => {
            let name = fleetcheck_data::normalize(&card.name);
            let words: Vec<&str> = name.split(' ').collect();
            let mut values = Vec::new();
            for v in c.set.iter().flat_map(|t| t.values()) {
                match v {
                    toml::Value::String(s) => values.push(s.clone()),
                    toml::Value::Array(a) => {
                        values.extend(a.iter().filter_map(|x| x.as_str().map(str::to_string)))
                    }
                    _ => values.push(v.to_string()),
                }
            }
            if values.is_empty() {
                return Some("`no_evidence = \"name\"` sets nothing the name could state".into());
            }
            values
                .iter()
                .find(|v| !words.contains(&fleetcheck_data::normalize(v).as_str()))
                .map(|v| format!("{v:?} is not a word of the card's name {:?}", card.name))
        }
        (None, Some(NoEvidence::Character | NoEvidence::Errata)) => None,
    }
}

/// Applies the corrections in `text` to `cards` (dropped cards move to
/// `excluded`); each correction's evidence must be in `texts`.
pub fn apply(
    text: &str,
    cards: &mut Vec<Card>,
    excluded: &mut Vec<Excluded>,
    texts: &Texts,
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
        if let Some(problem) = evidence_problem(&c, &cards[i], texts) {
            return Err(err(problem));
        }
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
            name: "Gorn Testa".into(),
            slot: Some("crew".into()),
            factions: vec!["federation".into()],
            cost: 3,
            ..Card::default()
        }]
    }

    /// C1's text as the importer reads it, and R1's (a resource about it).
    fn texts() -> Texts {
        [
            ("C1", "This Upgrade costs 2 SP.\nIt may only be purchased for a intrepid Class , sovereign Class ship."),
            ("R1", "The Testa card shows a [talent] icon."),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }

    fn run(text: &str) -> Result<Vec<Card>, String> {
        let mut c = cards();
        apply(text, &mut c, &mut Vec::new(), &texts())
            .map(|()| c)
            .map_err(|e| e.to_string())
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
evidence = "This Upgrade costs 2 SP"
set = { cost = 2 }
add_rules = { restrictions = [{ kind = "ship-faction", any = ["vulcan"] }] }
"#,
            &mut c,
            &mut ex,
            &texts(),
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
            "[[correction]]\nid = \"C1\"\nreason = \"helper\"\nevidence = \"costs 2 SP\"\ndrop = true\n",
            &mut c,
            &mut ex,
            &texts(),
        )
        .unwrap();
        assert!(c.is_empty());
        assert_eq!(ex[0].reason, "helper");
    }

    #[test]
    fn unmodeled_takes_tags_only() {
        let c = run(
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"character\"\nrules = { unmodeled = [\"talents\", \"cost\", \"talents\"] }\n",
        )
        .unwrap();
        // Stored in vocabulary order, once each.
        assert_eq!(c[0].rules.unmodeled, ["cost", "talents"]);
        for bad in [
            "rules = { unmodeled = [\"Testa pays no faction penalty.\"] }",
            "add_rules = { unmodeled = [\"cost\", \"Costs -1 SP per Testa\"] }",
        ] {
            let text = format!(
                "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"character\"\n{bad}\n"
            );
            let e = run(&text).unwrap_err();
            assert!(
                e.starts_with("corrections.toml: card C1: `unmodeled` holds \"")
                    && e.contains("which is no unmodeled tag (one of: restriction, cost, "),
                "{e}"
            );
        }
    }

    #[test]
    fn errors_name_the_card() {
        for bad in [
            "[[correction]]\nid = \"C9\"\nreason = \"x\"\nno_evidence = \"character\"\n",
            "[[correction]]\nid = \"C1\"\nreason = \"\"\nno_evidence = \"character\"\n",
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"character\"\nset = { costt = 1 }\n",
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"character\"\nrules = { max_per_ship = -1 }\n",
        ] {
            let e = run(bad).unwrap_err();
            assert!(e.contains("corrections.toml"), "{e}");
        }
    }

    #[test]
    fn evidence_is_the_cards_own_words() {
        let one = |fields: &str| {
            run(&format!(
                "[[correction]]\nid = \"C1\"\nreason = \"x\"\n{fields}\nset = {{ cost = 2 }}\n"
            ))
        };
        // Found across a line break and with the icon titles' spaces
        // before commas; a list: every quote.
        assert!(one("evidence = \"costs 2 SP. It may only be purchased\"").is_ok());
        assert!(one("evidence = \"for a intrepid Class, sovereign Class ship\"").is_ok());
        assert!(one("evidence = [\"costs 2 SP\", \"sovereign Class ship\"]").is_ok());
        // In another card's text.
        assert!(one("evidence = \"shows a [talent] icon\"\nevidence_in = \"R1\"").is_ok());
        let cases = [
            (
                "evidence = \"costs 3 SP\"",
                "corrections.toml: card C1: the evidence \"costs 3 SP\" is not in the text of C1",
            ),
            (
                "evidence = [\"costs 2 SP\", \"for free\"]",
                "corrections.toml: card C1: the evidence \"for free\" is not in the text of C1",
            ),
            (
                "evidence = \"costs 2 SP\"\nevidence_in = \"R1\"",
                "corrections.toml: card C1: the evidence \"costs 2 SP\" is not in the text of R1",
            ),
            (
                "evidence = \"x\"\nevidence_in = \"R9\"",
                "corrections.toml: card C1: `evidence_in` names \"R9\", no card of the import",
            ),
            (
                "evidence = \"\"",
                "corrections.toml: card C1: the evidence \"\" is not in the text of C1",
            ),
            (
                "",
                "corrections.toml: card C1: a correction needs its evidence: `evidence` (the card's own words) or `no_evidence` (why it has none: \"name\", \"character\" or \"errata\")",
            ),
            (
                "evidence = \"costs 2 SP\"\nno_evidence = \"character\"",
                "corrections.toml: card C1: `evidence` and `no_evidence` exclude each other",
            ),
        ];
        for (fields, want) in cases {
            assert_eq!(one(fields).unwrap_err(), want, "{fields}");
        }
        let e = one("no_evidence = \"lore\"").unwrap_err();
        assert!(e.contains("unknown variant `lore`"), "{e}");
        let e = one("evidence = \"costs 2 SP\"\nquote = \"x\"").unwrap_err();
        assert!(e.contains("unknown field `quote`"), "{e}");
    }

    #[test]
    fn a_fact_of_the_name_is_a_word_of_the_name() {
        let c = run(
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"name\"\nset = { species = [\"gorn\"] }\n",
        )
        .unwrap();
        assert_eq!(c[0].species, ["gorn"]);
        let e = run(
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"name\"\nset = { species = [\"tholian\"] }\n",
        )
        .unwrap_err();
        assert_eq!(
            e,
            "corrections.toml: card C1: \"tholian\" is not a word of the card's name \"Gorn Testa\""
        );
        let e = run(
            "[[correction]]\nid = \"C1\"\nreason = \"x\"\nno_evidence = \"name\"\nrules = { unmodeled = [] }\n",
        )
        .unwrap_err();
        assert_eq!(
            e,
            "corrections.toml: card C1: `no_evidence = \"name\"` sets nothing the name could state"
        );
    }
}
