//! Twilight Imperium facts (`data/ti4/*.toml`): the command token supply
//! and setup pools, and the unit types (where each can be, and whether it
//! counts against the fleet pool). Loaded once from the embedded data and
//! validated.

use crate::games::input::loose;
use serde::Deserialize;
use std::sync::OnceLock;

/// Where a unit type can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Ship,
    GroundForce,
    Structure,
}

impl Kind {
    /// "a ship", "a ground force", "a structure".
    pub fn article(self) -> &'static str {
        match self {
            Kind::Ship => "a ship",
            Kind::GroundForce => "a ground force",
            Kind::Structure => "a structure",
        }
    }
}

/// One unit type.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// Counts against the fleet pool in a space area.
    pub fleet_pool: bool,
}

/// The pools at setup.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pools {
    pub tactic: i64,
    pub fleet: i64,
    pub strategy: i64,
}

/// The command token facts.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandTokens {
    /// Command tokens of one faction (16).
    pub per_faction: i64,
    pub setup: Pools,
}

/// All TI4 facts.
#[derive(Debug, Clone)]
pub struct Facts {
    pub tokens: CommandTokens,
    pub units: Vec<Unit>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DataFile {
    command_tokens: Option<CommandTokens>,
    #[serde(default)]
    unit: Vec<Unit>,
}

impl Facts {
    /// The unit a name means: "war sun", "War_Sun", "warsuns", "space-dock".
    pub fn unit(&self, name: &str) -> Option<&Unit> {
        let compact = |s: &str| loose(s).replace(' ', "");
        let c = compact(name);
        let find = |c: &str| {
            self.units
                .iter()
                .find(|u| compact(&u.name) == c || compact(&u.id) == c)
        };
        find(&c).or_else(|| c.strip_suffix('s').and_then(find))
    }
}

/// The embedded facts, or what is wrong with them.
pub fn facts() -> Result<&'static Facts, String> {
    static FACTS: OnceLock<Result<Facts, String>> = OnceLock::new();
    FACTS
        .get_or_init(|| load(crate::data::embedded::files("ti4")))
        .as_ref()
        .map_err(Clone::clone)
}

/// Parses and validates the data files given as (path, text).
pub fn load<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Facts, String> {
    let mut tokens = None;
    let mut units: Vec<Unit> = Vec::new();
    for (path, text) in files {
        let f: DataFile =
            toml::from_str(text).map_err(|e| format!("data/ti4/{path}: {}", e.message()))?;
        if let Some(t) = f.command_tokens {
            if tokens.replace(t).is_some() {
                return Err(format!("data/ti4/{path}: [command_tokens] given twice"));
            }
        }
        for u in f.unit {
            if units
                .iter()
                .any(|o| o.id == u.id || loose(&o.name) == loose(&u.name))
            {
                return Err(format!("data/ti4/{path}: unit {} given twice", u.id));
            }
            units.push(u);
        }
    }
    let tokens = tokens.ok_or("data/ti4/ has no [command_tokens]")?;
    let setup = tokens.setup;
    if setup.tactic + setup.fleet + setup.strategy > tokens.per_faction {
        return Err("data/ti4/: the setup pools hold more tokens than a faction has".into());
    }
    if !units.iter().any(|u| u.kind == Kind::Ship && !u.fleet_pool) {
        return Err("data/ti4/: no ship is exempt from the fleet pool (fighters)".into());
    }
    Ok(Facts { tokens, units })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_facts_are_exact() {
        let f = facts().expect("the embedded TI4 data is valid");
        assert_eq!(f.tokens.per_faction, 16);
        assert_eq!(
            f.tokens.setup,
            Pools {
                tactic: 3,
                fleet: 3,
                strategy: 2
            }
        );
        let pool: Vec<_> = f
            .units
            .iter()
            .filter(|u| u.fleet_pool)
            .map(|u| u.id.as_str())
            .collect();
        assert_eq!(
            pool,
            vec![
                "war-sun",
                "dreadnought",
                "cruiser",
                "carrier",
                "destroyer",
                "flagship"
            ]
        );
        assert_eq!(f.unit("Fighters").unwrap().kind, Kind::Ship);
        assert!(!f.unit("fighter").unwrap().fleet_pool);
        assert_eq!(f.unit("war_suns").unwrap().id, "war-sun");
        assert_eq!(f.unit("Space Dock").unwrap().kind, Kind::Structure);
        assert_eq!(f.unit("pds").unwrap().id, "pds");
        assert_eq!(f.unit("Infantry").unwrap().kind, Kind::GroundForce);
        assert!(f.unit("titan").is_none());
    }

    #[test]
    fn missing_token_facts_are_refused() {
        let e = load(
            [(
                "u.toml",
                "[[unit]]\nid = \"x\"\nname = \"X\"\nkind = \"ship\"\nfleet_pool = false\n",
            )]
            .into_iter(),
        )
        .unwrap_err();
        assert_eq!(e, "data/ti4/ has no [command_tokens]");
    }
}
