//! Star Trek CCG facts (`data/stccg/first-contact.toml`): the deck limits
//! of the First Contact supplement, the Borg Queen's names, and the card
//! types, affiliations and icons a deck list may name. Loaded once from the
//! embedded data and validated.

use crate::input::loose;
use serde::Deserialize;
use std::sync::OnceLock;

/// What the rules look at in a card type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Class {
    Mission,
    Personnel,
    Ship,
    Facility,
    Artifact,
    Other,
}

/// A card type.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CardType {
    pub id: String,
    pub name: String,
    pub class: Class,
    #[serde(default)]
    pub unique_by_default: bool,
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// An affiliation or an icon: an id and a display name.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Named {
    pub id: String,
    pub name: String,
}

/// The deck construction limits.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Limits {
    pub max_seed: i64,
    pub min_draw: i64,
    pub borg_queen: Vec<String>,
}

/// All STCCG facts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Facts {
    pub deck: Limits,
    #[serde(rename = "type")]
    pub types: Vec<CardType>,
    #[serde(rename = "affiliation")]
    pub affiliations: Vec<Named>,
    #[serde(rename = "icon")]
    pub icons: Vec<Named>,
}

fn find<'a>(list: &'a [Named], s: &str) -> Option<&'a Named> {
    let l = loose(s);
    list.iter()
        .find(|n| loose(&n.id) == l || loose(&n.name) == l)
}

impl Facts {
    /// The card type a name means ("outpost" is a facility).
    pub(crate) fn card_type(&self, s: &str) -> Option<&CardType> {
        let l = loose(s);
        self.types.iter().find(|t| {
            loose(&t.id) == l || loose(&t.name) == l || t.aliases.iter().any(|a| loose(a) == l)
        })
    }

    pub(crate) fn affiliation(&self, s: &str) -> Option<&Named> {
        find(&self.affiliations, s)
    }

    pub(crate) fn icon(&self, s: &str) -> Option<&Named> {
        find(&self.icons, s)
    }

    /// True for a name of the Borg Queen persona.
    pub(crate) fn is_borg_queen(&self, name: &str) -> bool {
        self.deck.borg_queen.iter().any(|q| loose(q) == loose(name))
    }
}

/// The embedded facts, or what is wrong with them.
pub(crate) fn facts() -> Result<&'static Facts, String> {
    static FACTS: OnceLock<Result<Facts, String>> = OnceLock::new();
    FACTS
        .get_or_init(|| {
            let (path, text) = crate::single_file("stccg", "first-contact.toml")?;
            load(path, text)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Parses and validates the facts file.
pub(crate) fn load(path: &str, text: &str) -> Result<Facts, String> {
    let f: Facts =
        toml::from_str(text).map_err(|e| format!("data/stccg/{path}: {}", e.message()))?;
    for (what, ids) in [
        ("type", f.types.iter().map(|t| &t.id).collect::<Vec<_>>()),
        (
            "affiliation",
            f.affiliations.iter().map(|a| &a.id).collect(),
        ),
        ("icon", f.icons.iter().map(|i| &i.id).collect()),
    ] {
        for (i, id) in ids.iter().enumerate() {
            if ids[..i].contains(id) {
                return Err(format!("data/stccg/{path}: {what} {id} given twice"));
            }
        }
    }
    for need in ["borg"] {
        if f.affiliation(need).is_none() {
            return Err(format!("data/stccg/{path}: no `{need}` affiliation"));
        }
    }
    if f.icon("borg-only").is_none() {
        return Err(format!("data/stccg/{path}: no `borg-only` icon"));
    }
    for class in [
        Class::Mission,
        Class::Personnel,
        Class::Ship,
        Class::Facility,
        Class::Artifact,
    ] {
        if !f.types.iter().any(|t| t.class == class) {
            return Err(format!(
                "data/stccg/{path}: no card type of class {class:?}"
            ));
        }
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_facts_are_exact() {
        let f = facts().expect("the embedded STCCG data is valid");
        assert_eq!((f.deck.max_seed, f.deck.min_draw), (30, 30));
        assert!(f.is_borg_queen("borg queen"));
        assert!(!f.is_borg_queen("Queen's Borg Cube"));
        assert_eq!(f.card_type("Outpost").unwrap().class, Class::Facility);
        assert!(f.card_type("mission").unwrap().unique_by_default);
        assert!(!f.card_type("personnel").unwrap().unique_by_default);
        assert_eq!(f.affiliation("Non-Aligned").unwrap().id, "non-aligned");
        assert_eq!(f.icon("borg only").unwrap().id, "borg-only");
    }
}
