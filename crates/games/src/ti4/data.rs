//! Twilight Imperium facts (`data/ti4/*.toml`): the command token supply
//! and setup pools, the unit types (where each can be, and whether it
//! counts against the fleet pool) and the base game's system tiles (number,
//! planets with their resources and influence). Loaded once from the
//! embedded data and validated.

use crate::input::loose;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Where a unit type can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Kind {
    Ship,
    GroundForce,
    Structure,
}

impl Kind {
    /// "a ship", "a ground force", "a structure".
    pub(crate) fn article(self) -> &'static str {
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
pub(crate) struct Unit {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    /// Counts against the fleet pool in a space area.
    pub fleet_pool: bool,
}

/// The pools at setup.
#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub(crate) struct Pools {
    pub tactic: i64,
    pub fleet: i64,
    pub strategy: i64,
}

/// The command token facts.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CommandTokens {
    /// Command tokens of one faction (16).
    pub per_faction: i64,
    pub setup: Pools,
}

/// A planet as printed on its system tile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Planet {
    pub name: String,
    pub resources: i64,
    pub influence: i64,
}

/// One system tile of the base game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Tile {
    /// The number printed on the tile.
    pub number: i64,
    /// The tile's own name, where it has one (the Creuss Gate).
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub wormhole: Option<String>,
    #[serde(default)]
    pub anomaly: Option<String>,
    #[serde(default)]
    pub planets: Vec<Planet>,
}

impl Tile {
    /// What the system is called: its own name, its planets ("Arretze /
    /// Hercant / Kamdorn"), its anomaly or wormhole ("Gravity Rift",
    /// "Alpha Wormhole"), or "Empty System".
    pub(crate) fn name(&self) -> String {
        let title = |s: &str| {
            s.split('-')
                .map(|w| {
                    let mut c = w.chars();
                    c.next()
                        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(n) = &self.name {
            n.clone()
        } else if !self.planets.is_empty() {
            self.planets
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(" / ")
        } else if let Some(a) = &self.anomaly {
            title(a)
        } else if let Some(w) = &self.wormhole {
            format!("{} Wormhole", title(w))
        } else {
            "Empty System".into()
        }
    }

    /// "Mecatol Rex (tile 18)".
    pub(crate) fn label(&self) -> String {
        format!("{} (tile {})", self.name(), self.number)
    }

    /// The planet a name means, in this system.
    pub(crate) fn planet(&self, name: &str) -> Option<&Planet> {
        self.planets
            .iter()
            .find(|p| compact(&p.name) == compact(name))
    }
}

/// What a system name or number means.
#[derive(Debug, Clone)]
pub(crate) enum Lookup<'a> {
    Found(&'a Tile),
    /// A name shared by several tiles (the two asteroid fields): their
    /// numbers.
    Ambiguous(Vec<i64>),
    /// A number that is no base-game tile.
    NoTile(i64),
    /// A name of no system; the closest known name, if it is close.
    Unknown(Option<String>),
}

/// All TI4 facts.
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    pub tokens: CommandTokens,
    pub units: Vec<Unit>,
    pub tiles: Vec<Tile>,
    /// Every name of a system (compacted) and the tiles it names.
    names: HashMap<String, Vec<usize>>,
    /// The names as written in the data, for "did you mean".
    spellings: Vec<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct DataFile {
    command_tokens: Option<CommandTokens>,
    #[serde(default)]
    unit: Vec<Unit>,
    #[serde(default)]
    tile: Vec<Tile>,
}

/// A name made comparable, spaces and punctuation left out too:
/// "Arretze/Hercant/Kamdorn" is "Arretze / Hercant / Kamdorn", "Tarmann"
/// is "Tar'mann".
fn compact(s: &str) -> String {
    loose(s).replace(' ', "")
}

impl Facts {
    /// The unit a name means: "war sun", "War_Sun", "warsuns", "space-dock".
    pub(crate) fn unit(&self, name: &str) -> Option<&Unit> {
        let compact = |s: &str| loose(s).replace(' ', "");
        let c = compact(name);
        let find = |c: &str| {
            self.units
                .iter()
                .find(|u| compact(&u.name) == c || compact(&u.id) == c)
        };
        find(&c).or_else(|| c.strip_suffix('s').and_then(find))
    }

    /// The system a name or tile number means: "Mecatol Rex", "18",
    /// "Lodor", "Arretze / Hercant / Kamdorn", "Creuss Gate", "Nebula".
    pub(crate) fn system(&self, s: &str) -> Lookup<'_> {
        let t = s.trim();
        let digits = t.strip_prefix('#').unwrap_or(t);
        if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            return match digits.parse::<i64>() {
                Ok(n) => self.system_number(n),
                Err(_) => Lookup::NoTile(i64::MAX),
            };
        }
        match self.names.get(&compact(t)).map(Vec::as_slice) {
            Some([one]) => Lookup::Found(&self.tiles[*one]),
            Some(many) if !many.is_empty() => {
                Lookup::Ambiguous(many.iter().map(|i| self.tiles[*i].number).collect())
            }
            _ => Lookup::Unknown(
                crate::input::suggest(t, self.spellings.iter().map(String::as_str))
                    .map(str::to_string),
            ),
        }
    }

    /// The system of a tile number.
    pub(crate) fn system_number(&self, n: i64) -> Lookup<'_> {
        self.tiles
            .iter()
            .find(|t| t.number == n)
            .map_or(Lookup::NoTile(n), Lookup::Found)
    }

    /// The lowest and highest tile numbers.
    pub(crate) fn tile_range(&self) -> (i64, i64) {
        let nums = self.tiles.iter().map(|t| t.number);
        (nums.clone().min().unwrap_or(0), nums.max().unwrap_or(0))
    }
}

/// The embedded facts, or what is wrong with them.
pub(crate) fn facts() -> Result<&'static Facts, String> {
    static FACTS: OnceLock<Result<Facts, String>> = OnceLock::new();
    FACTS
        .get_or_init(|| load(fleetcheck_data::embedded::files("ti4")))
        .as_ref()
        .map_err(Clone::clone)
}

/// Parses and validates the data files given as (path, text).
pub(crate) fn load<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Facts, String> {
    let mut tokens = None;
    let mut units: Vec<Unit> = Vec::new();
    let mut tiles: Vec<Tile> = Vec::new();
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
        for t in f.tile {
            if tiles.iter().any(|o| o.number == t.number) {
                return Err(format!("data/ti4/{path}: tile {} given twice", t.number));
            }
            for p in &t.planets {
                if tiles.iter().any(|o| o.planet(&p.name).is_some())
                    || t.planets
                        .iter()
                        .filter(|q| compact(&q.name) == compact(&p.name))
                        .count()
                        > 1
                {
                    return Err(format!(
                        "data/ti4/{path}: the planet {} is on two tiles",
                        p.name
                    ));
                }
                if p.resources < 0 || p.influence < 0 {
                    return Err(format!(
                        "data/ti4/{path}: the planet {} has a negative value",
                        p.name
                    ));
                }
            }
            tiles.push(t);
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
    if !tiles.iter().any(|t| t.number == 18) {
        return Err("data/ti4/: no tile 18 (Mecatol Rex)".into());
    }
    tiles.sort_by_key(|t| t.number);
    // A system is named by its number, by its own name, by a planet in it,
    // or, without planets, by what it is (an anomaly, a wormhole).
    let mut names: HashMap<String, Vec<usize>> = HashMap::new();
    let mut spellings = Vec::new();
    for (i, t) in tiles.iter().enumerate() {
        let mut own: Vec<String> = t.planets.iter().map(|p| p.name.clone()).collect();
        own.push(t.name());
        for n in own {
            let tiles_named = names.entry(compact(&n)).or_default();
            if !tiles_named.contains(&i) {
                tiles_named.push(i);
            }
            if !spellings.contains(&n) {
                spellings.push(n);
            }
        }
    }
    Ok(Facts {
        tokens,
        units,
        tiles,
        names,
        spellings,
    })
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
    fn embedded_tiles_are_the_base_game() {
        let f = facts().unwrap();
        let numbers: Vec<i64> = f.tiles.iter().map(|t| t.number).collect();
        assert_eq!(numbers, (1..=51).collect::<Vec<_>>());
        assert_eq!(f.tile_range(), (1, 51));
        let planets: Vec<&Planet> = f.tiles.iter().flat_map(|t| &t.planets).collect();
        assert_eq!(planets.len(), 59);
        let sum = |v: fn(&Planet) -> i64| planets.iter().map(|p| v(p)).sum::<i64>();
        assert_eq!((sum(|p| p.resources), sum(|p| p.influence)), (110, 93));
        let number = |s: &str| match f.system(s) {
            Lookup::Found(t) => t.number,
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(number("Mecatol Rex"), 18);
        assert_eq!(number(" mecatol-rex "), 18);
        assert_eq!(number("18"), 18);
        assert_eq!(number("#18"), 18);
        assert_eq!(number("Hercant"), 16);
        assert_eq!(number("Arretze/Hercant/Kamdorn"), 16);
        assert_eq!(number("tarmann"), 22);
        assert_eq!(number("[0.0.0]"), 6);
        assert_eq!(number("Creuss Gate"), 17);
        assert_eq!(number("Creuss"), 51);
        assert_eq!(number("Nebula"), 42);
        assert_eq!(number("alpha wormhole"), 39);
        let t = &f.tiles[17];
        assert_eq!(t.label(), "Mecatol Rex (tile 18)");
        assert_eq!((t.planets[0].resources, t.planets[0].influence), (1, 6));
        assert_eq!(f.tiles[15].label(), "Arretze / Hercant / Kamdorn (tile 16)");
        assert_eq!(f.tiles[40].label(), "Gravity Rift (tile 41)");
        assert_eq!(f.tiles[46].label(), "Empty System (tile 47)");
        assert!(matches!(f.system("Asteroid Field"), Lookup::Ambiguous(n) if n == [44, 45]));
        assert!(matches!(f.system("Empty System"), Lookup::Ambiguous(n) if n.len() == 5));
        assert!(matches!(f.system("52"), Lookup::NoTile(52)));
        assert!(matches!(f.system("0"), Lookup::NoTile(0)));
        assert!(matches!(f.system("Mecatol Rx"), Lookup::Unknown(Some(s)) if s == "Mecatol Rex"));
        assert!(matches!(f.system("Ixth"), Lookup::Unknown(None)));
    }

    #[test]
    fn a_planet_on_two_tiles_is_refused() {
        let tokens = "[command_tokens]\nper_faction = 16\n[command_tokens.setup]\ntactic = 3\nfleet = 3\nstrategy = 2\n[[unit]]\nid = \"fighter\"\nname = \"Fighter\"\nkind = \"ship\"\nfleet_pool = false\n";
        let tiles = "[[tile]]\nnumber = 18\nplanets = [{ name = \"A\", resources = 1, influence = 6 }]\n[[tile]]\nnumber = 19\nplanets = [{ name = \"a\", resources = 1, influence = 1 }]\n";
        let e = load([("c.toml", tokens), ("t.toml", tiles)].into_iter()).unwrap_err();
        assert_eq!(e, "data/ti4/t.toml: the planet a is on two tiles");
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
