//! Battlestar Galactica facts (`data/bsg/components.toml`): how many
//! Vipers, Raptors and basestars the game has, the destruction thresholds,
//! and every damage token with its class (Galactica or basestar), what it
//! counts for and what it does. Loaded once from the embedded data and
//! validated.

use crate::input::loose;
use serde::Deserialize;
use std::sync::OnceLock;

/// Which ship class draws a damage token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Galactica,
    Basestar,
}

/// A Galactica token's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum GalacticaKind {
    /// Stays on its location, which is disabled until repaired.
    Location,
    /// Costs a resource, then is removed from the game.
    Resource,
}

/// What a basestar token does while it stays on the basestar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Effect {
    /// Nothing but its damage (the critical hit).
    None,
    /// The basestar cannot launch Raiders or Heavy Raiders.
    NoLaunch,
    /// The basestar cannot attack Galactica.
    NoAttack,
    /// Attack rolls against the basestar get `attack_bonus`.
    AttackBonus,
}

/// One damage token.
#[derive(Debug, Clone)]
pub(crate) struct Token {
    pub id: String,
    pub name: String,
    pub class: Class,
    /// Galactica tokens only.
    pub kind: Option<GalacticaKind>,
    /// Damage it counts for (basestar tokens; 1 for Galactica's).
    pub damage: i64,
    pub effect: Effect,
    pub attack_bonus: i64,
    pub aliases: Vec<String>,
}

/// The numbers of the game.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Pieces {
    pub vipers: i64,
    pub raptors: i64,
    pub basestars: i64,
}

/// Destruction thresholds.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Thresholds {
    pub basestar_destroyed: i64,
    pub cylons_win: i64,
}

/// All BSG facts.
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    pub pieces: Pieces,
    pub thresholds: Thresholds,
    pub tokens: Vec<Token>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GalacticaRow {
    id: String,
    name: String,
    kind: GalacticaKind,
    #[serde(default)]
    aliases: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BasestarRow {
    id: String,
    name: String,
    damage: i64,
    effect: Effect,
    #[serde(default)]
    attack_bonus: i64,
    #[serde(default)]
    aliases: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    pieces: Pieces,
    thresholds: Thresholds,
    galactica_damage: Vec<GalacticaRow>,
    basestar_damage: Vec<BasestarRow>,
}

impl Facts {
    /// The token a name, id or alias means (case and punctuation ignored).
    pub(crate) fn token(&self, name: &str) -> Option<usize> {
        let l = loose(name);
        self.tokens.iter().position(|t| {
            loose(&t.name) == l || loose(&t.id) == l || t.aliases.iter().any(|a| loose(a) == l)
        })
    }
}

/// The embedded facts, or what is wrong with them.
pub(crate) fn facts() -> Result<&'static Facts, String> {
    static FACTS: OnceLock<Result<Facts, String>> = OnceLock::new();
    FACTS
        .get_or_init(|| {
            let (path, text) = crate::single_file("bsg", "components.toml")?;
            load(path, text)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Parses and validates the components file.
pub(crate) fn load(path: &str, text: &str) -> Result<Facts, String> {
    let f: DataFile =
        toml::from_str(text).map_err(|e| format!("data/bsg/{path}: {}", e.message()))?;
    if f.thresholds.basestar_destroyed < 1 || f.thresholds.cylons_win < 1 {
        return Err(format!(
            "data/bsg/{path}: the thresholds must be at least 1"
        ));
    }
    let mut tokens: Vec<Token> = f
        .galactica_damage
        .into_iter()
        .map(|g| Token {
            id: g.id,
            name: g.name,
            class: Class::Galactica,
            kind: Some(g.kind),
            damage: 1,
            effect: Effect::None,
            attack_bonus: 0,
            aliases: g.aliases,
        })
        .collect();
    for b in f.basestar_damage {
        if b.damage < 1 {
            return Err(format!(
                "data/bsg/{path}: {} counts for {} damage",
                b.id, b.damage
            ));
        }
        if (b.effect == Effect::AttackBonus) != (b.attack_bonus != 0) {
            return Err(format!(
                "data/bsg/{path}: {}: attack_bonus goes with effect = \"attack-bonus\"",
                b.id
            ));
        }
        tokens.push(Token {
            id: b.id,
            name: b.name,
            class: Class::Basestar,
            kind: None,
            damage: b.damage,
            effect: b.effect,
            attack_bonus: b.attack_bonus,
            aliases: b.aliases,
        });
    }
    for (i, t) in tokens.iter().enumerate() {
        let names: Vec<String> = std::iter::once(&t.name)
            .chain(&t.aliases)
            .chain(std::iter::once(&t.id))
            .map(|s| loose(s))
            .collect();
        for o in &tokens[..i] {
            let other: Vec<String> = std::iter::once(&o.name)
                .chain(&o.aliases)
                .chain(std::iter::once(&o.id))
                .map(|s| loose(s))
                .collect();
            if names.iter().any(|n| other.contains(n)) {
                return Err(format!(
                    "data/bsg/{path}: the tokens {} and {} share a name",
                    o.id, t.id
                ));
            }
        }
    }
    Ok(Facts {
        pieces: f.pieces,
        thresholds: f.thresholds,
        tokens,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_facts_are_exact() {
        let f = facts().expect("the embedded BSG data is valid");
        assert_eq!(
            (f.pieces.vipers, f.pieces.raptors, f.pieces.basestars),
            (8, 4, 2)
        );
        assert_eq!(
            (f.thresholds.basestar_destroyed, f.thresholds.cylons_win),
            (3, 6)
        );
        let count = |c: Class| f.tokens.iter().filter(|t| t.class == c).count();
        assert_eq!(count(Class::Galactica), 8);
        assert_eq!(count(Class::Basestar), 4);
        let locations = f
            .tokens
            .iter()
            .filter(|t| t.kind == Some(GalacticaKind::Location))
            .count();
        assert_eq!(locations, 6);
        let crit = &f.tokens[f.token("critical hit").unwrap()];
        assert_eq!(crit.damage, 2);
        let sd = &f.tokens[f.token("Structural Damage").unwrap()];
        assert_eq!((sd.effect, sd.attack_bonus), (Effect::AttackBonus, 2));
        assert_eq!(
            f.tokens[f.token("disabled hangar").unwrap()].id,
            "hangar-disabled"
        );
        assert_eq!(
            f.tokens[f.token("admirals quarters").unwrap()].id,
            "admirals-quarters"
        );
        assert_eq!(
            f.tokens[f.token("fuel").unwrap()].kind,
            Some(GalacticaKind::Resource)
        );
    }
}
