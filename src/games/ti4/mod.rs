//! Twilight Imperium (fourth edition) command tokens, `game = "ti4"`
//! (seed 002).
//!
//! A file holds each player's command sheet (tactic, fleet and strategy
//! pools; the systems holding one of their command tokens; optionally their
//! reinforcements) and the ships they have in each system. Checked: the
//! token supply (pools + board + reinforcements = 16), the 3/3/2 setup when
//! `setup = true`, no two of a player's tokens in one system, and every
//! system's non-fighter ships against the player's fleet pool (units on
//! planets and units carried in capacity do not count).
//!
//! A system is named by a planet in it ("Mecatol Rex", "Lodor"), by its
//! own name ("Creuss Gate", "Nebula") or by the number printed on its tile
//! (18, or "18"): all name the same system, one of the base game's tiles of
//! `data/ti4/tiles.toml`. Any other name is an input error, with "did you
//! mean" when it is close to a known one.
//!
//! ```toml
//! game = "ti4"
//! [[player]]
//! name = "Alice"
//! tactic = 2
//! fleet = 3
//! strategy = 2
//! tokens = ["Quann"]
//! [[player.system]]
//! name = "Quann"
//! ships = { dreadnought = 2, carrier = 1, fighter = 3 }
//! carried = { infantry = 4 }
//! ```

pub mod data;

use crate::games::input::{self, count, loose, Fields};
use crate::games::Checked;
use crate::games::{run, Game, RuleSet, Summary};
use crate::input::diag::{Diagnostic, InputCode, Source};
use crate::input::tree::{Node, NodeValue, Spanned};
use data::{Facts, Kind, Lookup};
use serde_json::{json, Value};
use std::ops::Range;

/// The Twilight Imperium rule set.
pub const GAME: Game = Game {
    id: "ti4",
    title: "Twilight Imperium (fourth edition) command tokens",
    codes: Code::TABLE,
    check,
};

crate::input::diag::codes! {
    /// The diagnostic codes of this rule set (besides the shared
    /// `InputCode`s); the README's table of them is generated from here.
    pub enum Code: Rule {
        TokenTotal = ("token-total", Error, "a player's pools + tokens on the board + reinforcements are not 16 (without `reinforcements`: the pools and the board already hold more than 16)"),
        SetupTokens = ("setup-tokens", Error, "with `setup = true`: a player's pools are not 3 tactic / 3 fleet / 2 strategy, or a token is on the board"),
        TokenSystem = ("token-system", Error, "two of one player's command tokens in the same system, however the system is named (`\"Mecatol Rex\"` and `18` are one system)"),
        FleetPool = ("fleet-pool", Error, "more non-fighter ships in a system's space area than tokens in the player's fleet pool (fighters, units on planets and carried units do not count)"),
    }
}

const TOP_KEYS: &[&str] = &["setup", "player"];
const PLAYER_KEYS: &[&str] = &[
    "name",
    "faction",
    "tactic",
    "fleet",
    "strategy",
    "reinforcements",
    "tokens",
    "system",
];
const SYSTEM_KEYS: &[&str] = &["name", "ships", "carried", "planets"];

/// Units of one place, by unit index, with counts.
type Units = Vec<(usize, i64)>;

/// One system where a player has units.
#[derive(Debug, Clone)]
struct System {
    /// Index into `Facts::tiles`.
    tile: usize,
    /// The `name` value as written, and where.
    written: String,
    span: Range<usize>,
    /// Ships in the space area (not carried).
    ships: Units,
    ships_span: Range<usize>,
    /// Units carried in capacity.
    carried: Units,
    /// Units on each planet (the planet's name as printed).
    planets: Vec<(String, Units)>,
}

/// A command token on the board: the system as written, and the tile it
/// names (index into `Facts::tiles`).
#[derive(Debug, Clone)]
struct Token {
    written: Spanned<String>,
    tile: usize,
}

/// One player's command sheet and units.
#[derive(Debug, Clone)]
struct Player {
    name: String,
    span: Range<usize>,
    faction: Option<String>,
    tactic: Spanned<i64>,
    fleet: Spanned<i64>,
    strategy: Spanned<i64>,
    reinforcements: Option<Spanned<i64>>,
    /// Systems holding one of the player's tokens.
    tokens: Vec<Token>,
    systems: Vec<System>,
}

impl Player {
    fn pools(&self) -> i64 {
        self.tactic.value + self.fleet.value + self.strategy.value
    }

    /// Reinforcements as given, or what the supply leaves (none when the
    /// sheet already holds more than the supply).
    fn reinforcements(&self, f: &Facts) -> i64 {
        self.reinforcements.as_ref().map_or_else(
            || (f.tokens.per_faction - self.pools() - self.tokens.len() as i64).max(0),
            |r| r.value,
        )
    }

    fn total(&self, f: &Facts) -> i64 {
        self.pools() + self.tokens.len() as i64 + self.reinforcements(f)
    }
}

/// The file as read.
struct State {
    name: Option<String>,
    setup: bool,
    players: Vec<Player>,
}

/// Checks a Twilight Imperium file.
pub fn check(source: Source) -> Checked {
    run(
        &RuleSet {
            id: GAME.id,
            name: "Twilight Imperium",
            facts: data::facts,
            read,
            title: |s| s.name.clone(),
            rules,
            summary,
            details,
        },
        source,
    )
}

fn read(source: &Source, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<State> {
    let root = input::parse(source, diags)?;
    let (top, name) = input::top_level(&root, TOP_KEYS, "in a Twilight Imperium file", diags)?;
    let setup = top.boolean("setup", diags).is_some_and(|b| b.value);
    let mut players: Vec<Player> = Vec::new();
    for node in top.tables("player", diags) {
        if let Some(p) = player(node, f, diags) {
            if players.iter().any(|o| loose(&o.name) == loose(&p.name)) {
                diags.push(
                    Diagnostic::new(
                        InputCode::Shape,
                        format!("two players are named `{}`", p.name),
                    )
                    .with_span(Some(input::header(node))),
                );
            }
            players.push(p);
        }
    }
    if top.entry("player").is_none() {
        diags.push(
            Diagnostic::new(
                InputCode::Empty,
                "nothing to check: the file has no [[player]]",
            )
            .with_span(Some(0..0))
            .with_help("add a [[player]] with name, tactic, fleet and strategy"),
        );
    }
    Some(State {
        name,
        setup,
        players,
    })
}

fn player(node: &Node, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<Player> {
    let t = Fields::new(node, "a [[player]]", "in a [[player]]", PLAYER_KEYS, diags)?;
    let mut ok = t.require("name", "name = \"Alice\"", diags);
    for (k, example) in [
        ("tactic", "tactic = 3"),
        ("fleet", "fleet = 3"),
        ("strategy", "strategy = 2"),
    ] {
        ok &= t.require(k, example, diags);
    }
    let name = t.string("name", diags);
    let faction = t.string("faction", diags).map(|s| s.value);
    let tactic = t.integer("tactic", 0, diags);
    let fleet = t.integer("fleet", 0, diags);
    let strategy = t.integer("strategy", 0, diags);
    let reinforcements = t.integer("reinforcements", 0, diags);
    let mut tokens = Vec::new();
    if let Some(e) = t.entry("tokens") {
        match &e.node.value {
            NodeValue::Array(items) => {
                for item in items {
                    let Some(written) = system_value(item, "each entry of `tokens`", diags) else {
                        continue;
                    };
                    if let Some(tile) = resolve(f, &written, diags) {
                        tokens.push(Token { written, tile });
                    }
                }
            }
            other => diags.push(input::shape(
                "tokens",
                "a list of the systems holding one of the player's command tokens",
                other,
                &e.node.span,
            )),
        }
    }
    let mut systems: Vec<System> = Vec::new();
    for s in t.tables("system", diags) {
        if let Some(sys) = system(s, f, diags) {
            if let Some(first) = systems.iter().find(|o| o.tile == sys.tile) {
                let label = f.tiles[sys.tile].label();
                let message = if same_spelling(&first.written, &sys.written) {
                    format!("the system {label} is listed twice for this player")
                } else {
                    format!(
                        "the system {label} is listed twice for this player (as `{}` and `{}`)",
                        first.written, sys.written
                    )
                };
                diags.push(
                    Diagnostic::new(InputCode::Shape, message)
                        .with_span(Some(sys.span.clone()))
                        .with_help("list each system once, with all of the player's units there"),
                );
                continue;
            }
            systems.push(sys);
        }
    }
    let (Some(name), Some(tactic), Some(fleet), Some(strategy), true) =
        (name, tactic, fleet, strategy, ok)
    else {
        return None;
    };
    Some(Player {
        name: name.value.trim().to_string(),
        span: node.span.clone(),
        faction,
        tactic,
        fleet,
        strategy,
        reinforcements,
        tokens,
        systems,
    })
}

fn system(node: &Node, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<System> {
    let t = Fields::new(
        node,
        "a [[player.system]]",
        "in a [[player.system]]",
        SYSTEM_KEYS,
        diags,
    )?;
    t.require(
        "name",
        "name = \"Mecatol Rex\"   # or its tile number: 18",
        diags,
    );
    let name = t
        .entry("name")
        .and_then(|e| system_value(&e.node, "name", diags));
    let tile = name.as_ref().and_then(|n| resolve(f, n, diags));
    let ships = t.entry("ships").map_or_else(Vec::new, |e| {
        units(&e.key, &e.node, f, "in a space area", &[Kind::Ship], diags)
    });
    let carried = t.entry("carried").map_or_else(Vec::new, |e| {
        units(
            &e.key,
            &e.node,
            f,
            "in capacity",
            &[Kind::Ship, Kind::GroundForce],
            diags,
        )
    });
    // Only fighters among ships can be carried.
    for (u, _) in &carried {
        let unit = &f.units[*u];
        if unit.kind == Kind::Ship && unit.fleet_pool {
            if let Some(e) = t.entry("carried") {
                diags.push(
                    Diagnostic::new(
                        InputCode::WrongCardType,
                        format!("{} cannot be carried: only fighters and ground forces travel in capacity", unit.name),
                    )
                    .with_span(Some(e.node.span.clone()))
                    .with_help(format!("list the {} under `ships`", unit.name.to_lowercase())),
                );
            }
        }
    }
    let mut planets = Vec::new();
    if let Some(e) = t.entry("planets") {
        match &e.node.value {
            NodeValue::Table(entries) => {
                for p in entries {
                    let us = units(
                        &p.key,
                        &p.node,
                        f,
                        "on a planet",
                        &[Kind::GroundForce, Kind::Structure],
                        diags,
                    );
                    // A planet of another system is an input error.
                    let Some(tile) = tile.map(|i| &f.tiles[i]) else {
                        continue;
                    };
                    match tile.planet(&p.key) {
                        Some(planet) => planets.push((planet.name.clone(), us)),
                        None => diags.push(not_a_planet(tile, &p.key, &p.key_span)),
                    }
                }
            }
            other => diags.push(input::shape(
                "planets",
                "a table of planet = { unit = count }",
                other,
                &e.node.span,
            )),
        }
    }
    let (Some(name), Some(tile)) = (name, tile) else {
        return None;
    };
    Some(System {
        tile,
        written: name.value,
        span: name.span,
        ships,
        ships_span: t
            .entry("ships")
            .map_or(input::header(node), |e| e.node.span.clone()),
        carried,
        planets,
    })
}

/// A system as written: a name, or a tile number (an integer or a string
/// of digits).
fn system_value(node: &Node, key: &str, diags: &mut Vec<Diagnostic>) -> Option<Spanned<String>> {
    let value = match &node.value {
        NodeValue::String(s) => s.trim().to_string(),
        NodeValue::Integer(n) => n.to_string(),
        other => {
            diags.push(input::shape(
                key,
                "a system's name or tile number",
                other,
                &node.span,
            ));
            return None;
        }
    };
    Some(Spanned {
        value,
        span: node.span.clone(),
    })
}

/// The tile a system's name or number means (index into `Facts::tiles`);
/// an input error when it means none, or several.
fn resolve(f: &Facts, written: &Spanned<String>, diags: &mut Vec<Diagnostic>) -> Option<usize> {
    let (lo, hi) = f.tile_range();
    let how = format!(
        "name a system by a planet in it (such as Mecatol Rex) or by the number printed on its tile ({lo}-{hi}, the base game)"
    );
    let d = match f.system(&written.value) {
        Lookup::Found(t) => return f.tiles.iter().position(|x| x.number == t.number),
        Lookup::NoTile(n) => {
            let d = Diagnostic::new(
                InputCode::UnknownCard,
                format!("there is no system tile {n} in the base game (tiles {lo}-{hi})"),
            );
            if n > hi {
                d.with_help(format!(
                    "tiles from {} on belong to the expansions (Prophecy of Kings and later), whose systems fleetcheck does not know",
                    hi + 1
                ))
            } else {
                d.with_help(how)
            }
        }
        Lookup::Ambiguous(ns) => Diagnostic::new(
            InputCode::AmbiguousCard,
            format!(
                "`{}` names {} systems (tiles {})",
                written.value,
                ns.len(),
                ns.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
            ),
        )
        .with_help("name the system by its tile number"),
        Lookup::Unknown(Some(close)) => {
            let d = Diagnostic::new(
                InputCode::UnknownCard,
                format!("unknown system `{}`", written.value),
            );
            match f.system(&close) {
                Lookup::Found(t) => {
                    d.with_help(format!("did you mean `{close}` (tile {})?", t.number))
                }
                _ => d.with_help(format!("did you mean `{close}`?")),
            }
        }
        Lookup::Unknown(None) => Diagnostic::new(
            InputCode::UnknownCard,
            format!("unknown system `{}`", written.value),
        )
        .with_help(how),
    };
    diags.push(d.with_span(Some(written.span.clone())));
    None
}

/// An input error for a planet that is not in its system.
fn not_a_planet(tile: &data::Tile, key: &str, span: &Range<usize>) -> Diagnostic {
    let d = Diagnostic::new(
        InputCode::UnknownCard,
        format!("`{}` is not a planet of {}", key.trim(), tile.label()),
    )
    .with_span(Some(span.clone()));
    let names = tile.planets.iter().map(|p| p.name.as_str());
    match input::suggest(key, names.clone()) {
        Some(p) => d.with_help(format!("did you mean `{p}`?")),
        None if tile.planets.is_empty() => d.with_help("this system has no planets"),
        None => d.with_help(format!(
            "its planets: {}",
            names.collect::<Vec<_>>().join(", ")
        )),
    }
}

/// Two ways of writing a system that read the same ("Quann", "quann").
fn same_spelling(a: &str, b: &str) -> bool {
    loose(a).replace(' ', "") == loose(b).replace(' ', "")
}

/// Reads `{ unit = count }`; each unit must be of one of `kinds`.
fn units(
    key: &str,
    node: &Node,
    f: &Facts,
    place: &str,
    kinds: &[Kind],
    diags: &mut Vec<Diagnostic>,
) -> Units {
    let NodeValue::Table(entries) = &node.value else {
        diags.push(input::shape(
            key,
            "a table of unit = count, such as { dreadnought = 2, fighter = 3 }",
            &node.value,
            &node.span,
        ));
        return Vec::new();
    };
    let mut out: Units = Vec::new();
    for e in entries {
        let Some(ui) = f
            .units
            .iter()
            .position(|u| f.unit(&e.key).is_some_and(|x| x.id == u.id))
        else {
            diags.push(input::unknown_value(
                InputCode::UnknownCard,
                "unit",
                &e.key,
                &e.key_span,
                f.units.iter().map(|u| u.name.as_str()),
            ));
            continue;
        };
        let unit = &f.units[ui];
        if !kinds.contains(&unit.kind) {
            diags.push(
                Diagnostic::new(
                    InputCode::WrongCardType,
                    format!(
                        "{} is {} and cannot be {place}",
                        unit.name,
                        unit.kind.article()
                    ),
                )
                .with_span(Some(e.key_span.clone()))
                .with_help(match unit.kind {
                    Kind::Ship => "ships go under `ships`",
                    Kind::GroundForce => "ground forces go under `carried` (in space) or `planets`",
                    Kind::Structure => "structures go under `planets`",
                }),
            );
            continue;
        }
        let Some(n) = input::integer_node(&e.key, &e.node, 0, diags) else {
            continue;
        };
        if out.iter().any(|(u, _)| *u == ui) {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("{} is listed twice here", unit.name),
                )
                .with_span(Some(e.key_span.clone())),
            );
            continue;
        }
        out.push((ui, n.value));
    }
    out
}

/// Non-fighter ships of a system.
fn fleet_ships(sys: &System, f: &Facts) -> i64 {
    sys.ships
        .iter()
        .filter(|(u, _)| f.units[*u].fleet_pool)
        .map(|(_, n)| n)
        .sum()
}

/// "2 Dreadnought, 1 Carrier".
fn unit_list(us: &Units, f: &Facts, only_fleet: bool) -> String {
    let parts: Vec<String> = us
        .iter()
        .filter(|(u, n)| *n > 0 && (!only_fleet || f.units[*u].fleet_pool))
        .map(|(u, n)| format!("{n} {}", f.units[*u].name))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(", ")
    }
}

fn total(us: &Units) -> i64 {
    us.iter().map(|(_, n)| n).sum()
}

fn rules(s: &State, f: &Facts, diags: &mut Vec<Diagnostic>) {
    let supply = f.tokens.per_faction;
    for p in &s.players {
        let board = p.tokens.len() as i64;
        match &p.reinforcements {
            Some(r) if p.total(f) != supply => diags.push(
                Diagnostic::new(
                    Code::TokenTotal,
                    format!(
                        "{} has {} command tokens (tactic {}, fleet {}, strategy {}, on the board {board}, reinforcements {}); a faction has {supply}",
                        p.name,
                        p.total(f),
                        p.tactic.value,
                        p.fleet.value,
                        p.strategy.value,
                        r.value
                    ),
                )
                .with_span(Some(r.span.clone())),
            ),
            None if p.pools() + board > supply => diags.push(
                Diagnostic::new(
                    Code::TokenTotal,
                    format!(
                        "{} has {} command tokens outside reinforcements (tactic {}, fleet {}, strategy {}, on the board {board}); a faction has {supply}",
                        p.name,
                        p.pools() + board,
                        p.tactic.value,
                        p.fleet.value,
                        p.strategy.value,
                    ),
                )
                .with_span(Some(input::header_of(&p.span))),
            ),
            _ => {}
        }
        if s.setup {
            let want = f.tokens.setup;
            if (p.tactic.value, p.fleet.value, p.strategy.value)
                != (want.tactic, want.fleet, want.strategy)
            {
                diags.push(
                    Diagnostic::new(
                        Code::SetupTokens,
                        format!(
                            "at setup {} has tactic {}, fleet {}, strategy {}; every player starts with {} tactic, {} fleet and {} strategy tokens",
                            p.name,
                            p.tactic.value,
                            p.fleet.value,
                            p.strategy.value,
                            want.tactic,
                            want.fleet,
                            want.strategy
                        ),
                    )
                    .with_span(Some(p.tactic.span.clone())),
                );
            }
            if let Some(first) = p.tokens.first() {
                diags.push(
                    Diagnostic::new(
                        Code::SetupTokens,
                        format!(
                            "at setup no command token is on the board; {} has {} ({})",
                            p.name,
                            board,
                            p.tokens
                                .iter()
                                .map(|t| t.written.value.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                    .with_span(Some(first.written.span.clone())),
                );
            }
        }
        for (i, t) in p.tokens.iter().enumerate() {
            // Reported once, at the second token in the system.
            if p.tokens[..i].iter().filter(|o| o.tile == t.tile).count() != 1 {
                continue;
            }
            let here: Vec<&Token> = p.tokens.iter().filter(|o| o.tile == t.tile).collect();
            // The different ways the file names the system.
            let mut spellings: Vec<&str> = Vec::new();
            for o in &here {
                if !spellings.iter().any(|s| same_spelling(s, &o.written.value)) {
                    spellings.push(&o.written.value);
                }
            }
            let same = if spellings.len() > 1 {
                let quoted: Vec<String> = spellings.iter().map(|s| format!("`{s}`")).collect();
                format!(
                    ", named {}",
                    match quoted.split_last() {
                        Some((last, rest)) if !rest.is_empty() =>
                            format!("{} and {last}", rest.join(", ")),
                        _ => quoted.join(""),
                    }
                )
            } else {
                String::new()
            };
            diags.push(
                Diagnostic::new(
                    Code::TokenSystem,
                    format!(
                        "{} has {} command tokens in {}{same}; a player never places a token into a system that already holds one of theirs",
                        p.name,
                        here.len(),
                        f.tiles[t.tile].label()
                    ),
                )
                .with_span(Some(t.written.span.clone()))
                .with_help("the token returns to reinforcements (its effects still happen)"),
            );
        }
        for sys in &p.systems {
            let n = fleet_ships(sys, f);
            if n > p.fleet.value {
                diags.push(
                    Diagnostic::new(
                        Code::FleetPool,
                        format!(
                            "{} has {} in {}, more than the {} in their fleet pool: {}",
                            p.name,
                            count(n, "non-fighter ship", "non-fighter ships"),
                            f.tiles[sys.tile].label(),
                            count(p.fleet.value, "token", "tokens"),
                            unit_list(&sys.ships, f, true),
                        ),
                    )
                    .with_span(Some(sys.ships_span.clone()))
                    .with_help(
                        "fighters, units on planets and units carried in capacity do not count",
                    ),
                );
            }
        }
    }
}

fn summary(s: &State, f: &Facts) -> Summary {
    let setup = f.tokens.setup;
    let mut out = Summary::from(format!(
        "Command tokens: {} per faction; setup {} tactic, {} fleet, {} strategy{}\n",
        f.tokens.per_faction,
        setup.tactic,
        setup.fleet,
        setup.strategy,
        if s.setup { " (this is the setup)" } else { "" }
    ));
    let rows = s
        .players
        .iter()
        .map(|p| {
            vec![
                p.name.clone(),
                p.faction.clone().unwrap_or_else(|| "-".into()),
                p.tactic.value.to_string(),
                p.fleet.value.to_string(),
                p.strategy.value.to_string(),
                p.tokens.len().to_string(),
                match &p.reinforcements {
                    Some(r) => r.value.to_string(),
                    None => format!("{} (rest)", p.reinforcements(f)),
                },
                p.total(f).to_string(),
            ]
        })
        .collect();
    out.text("\nCommand sheets\n");
    out.table(
        &[
            "Player",
            "Faction",
            "Tactic",
            "Fleet",
            "Strategy",
            "On board",
            "Reinforcements",
            "Total",
        ],
        rows,
        &[2, 3, 4, 5, 6, 7],
    );
    out.text("\n");
    let mut rows = Vec::new();
    for p in &s.players {
        for sys in &p.systems {
            let n = fleet_ships(sys, f);
            let fighters: i64 = sys
                .ships
                .iter()
                .filter(|(u, _)| !f.units[*u].fleet_pool)
                .map(|(_, n)| n)
                .sum();
            let on_planets: i64 = sys.planets.iter().map(|(_, us)| total(us)).sum();
            rows.push(vec![
                p.name.clone(),
                f.tiles[sys.tile].label(),
                if n > 0 {
                    format!("{n} ({})", unit_list(&sys.ships, f, true))
                } else {
                    "0".into()
                },
                fighters.to_string(),
                total(&sys.carried).to_string(),
                on_planets.to_string(),
                p.fleet.value.to_string(),
                if n > p.fleet.value {
                    format!("{} over", n - p.fleet.value)
                } else {
                    "ok".into()
                },
            ]);
        }
    }
    if !rows.is_empty() {
        out.text("\nFleets\n");
        out.table(
            &[
                "Player",
                "System",
                "Non-fighter ships",
                "Fighters",
                "Carried",
                "On planets",
                "Fleet pool",
                "Status",
            ],
            rows,
            &[3, 4, 5, 6],
        );
        out.text("\n");
    }
    out
}

fn units_json(us: &Units, f: &Facts) -> Value {
    let mut m = serde_json::Map::new();
    for (u, n) in us {
        m.insert(f.units[*u].id.clone(), json!(n));
    }
    Value::Object(m)
}

fn details(s: &State, f: &Facts) -> Value {
    let players: Vec<Value> = s
        .players
        .iter()
        .map(|p| {
            let systems: Vec<Value> = p
                .systems
                .iter()
                .map(|sys| {
                    let n = fleet_ships(sys, f);
                    let planets: serde_json::Map<String, Value> = sys
                        .planets
                        .iter()
                        .map(|(name, us)| (name.clone(), units_json(us, f)))
                        .collect();
                    json!({
                        "name": f.tiles[sys.tile].name(),
                        "tile": f.tiles[sys.tile].number,
                        "ships": units_json(&sys.ships, f),
                        "carried": units_json(&sys.carried, f),
                        "planets": planets,
                        "non_fighter_ships": n,
                        "over_fleet_pool": n > p.fleet.value,
                    })
                })
                .collect();
            json!({
                "name": p.name,
                "faction": p.faction,
                "tactic": p.tactic.value,
                "fleet": p.fleet.value,
                "strategy": p.strategy.value,
                "board": p.tokens.iter().map(|t| t.written.value.clone()).collect::<Vec<_>>(),
                "board_tiles": p.tokens.iter().map(|t| f.tiles[t.tile].number).collect::<Vec<_>>(),
                "reinforcements": p.reinforcements(f),
                "reinforcements_listed": p.reinforcements.is_some(),
                "total": p.total(f),
                "systems": systems,
            })
        })
        .collect();
    json!({
        "tokens_per_faction": f.tokens.per_faction,
        "setup": s.setup,
        "players": players,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::diag::Severity;

    fn run(text: &str) -> Checked {
        check(Source {
            path: "t.toml".into(),
            text: text.into(),
        })
    }

    fn msgs(c: &Checked) -> Vec<(&str, &str)> {
        c.diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.message.as_str()))
            .collect()
    }

    #[test]
    fn a_setup_sheet_is_legal() {
        let c = run("game = \"ti4\"\nsetup = true\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\nreinforcements = 8\n");
        assert_eq!(msgs(&c), vec![]);
        assert_eq!(c.details.clone().unwrap()["players"][0]["total"], 16);
    }

    #[test]
    fn supply_setup_stacking_and_fleet_pool_are_checked() {
        let c = run("game = \"ti4\"\nsetup = true\n[[player]]\nname = \"A\"\ntactic = 2\nfleet = 2\nstrategy = 2\nreinforcements = 8\ntokens = [\"Quann\", \"quann\"]\n[[player.system]]\nname = \"Quann\"\nships = { dreadnought = 2, cruiser = 1, fighter = 6 }\ncarried = { infantry = 4, fighter = 2 }\nplanets = { Quann = { infantry = 2, pds = 1 } }\n");
        assert_eq!(
            msgs(&c),
            vec![
                ("setup-tokens", "at setup A has tactic 2, fleet 2, strategy 2; every player starts with 3 tactic, 3 fleet and 2 strategy tokens"),
                ("setup-tokens", "at setup no command token is on the board; A has 2 (Quann, quann)"),
                ("token-system", "A has 2 command tokens in Quann (tile 25); a player never places a token into a system that already holds one of theirs"),
                ("fleet-pool", "A has 3 non-fighter ships in Quann (tile 25), more than the 2 tokens in their fleet pool: 2 Dreadnought, 1 Cruiser"),
            ]
        );
    }

    #[test]
    fn units_in_the_wrong_place_are_input_errors() {
        let c = run("game = \"ti4\"\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\n[[player.system]]\nname = \"Quann\"\nships = { infantry = 2, dreadnougt = 1 }\ncarried = { carrier = 1 }\n");
        assert_eq!(
            msgs(&c),
            vec![
                (
                    "wrong-card-type",
                    "Infantry is a ground force and cannot be in a space area"
                ),
                ("unknown-card", "unknown unit `dreadnougt`"),
                (
                    "wrong-card-type",
                    "Carrier cannot be carried: only fighters and ground forces travel in capacity"
                ),
            ]
        );
        assert_eq!(c.exit_code(), 2);
    }

    const SHEET: &str =
        "game = \"ti4\"\n[[player]]\nname = \"A\"\ntactic = 3\nfleet = 3\nstrategy = 2\n";

    #[test]
    fn a_system_by_name_and_by_tile_number_is_one_system() {
        let c = run(&format!(
            "{SHEET}tokens = [\"Mecatol Rex\", 18, \"Hercant\", \"26\", \"Arretze\", \"lodor\", \"hercant\"]\n"
        ));
        assert_eq!(
            msgs(&c),
            vec![
                ("token-system", "A has 2 command tokens in Mecatol Rex (tile 18), named `Mecatol Rex` and `18`; a player never places a token into a system that already holds one of theirs"),
                ("token-system", "A has 3 command tokens in Arretze / Hercant / Kamdorn (tile 16), named `Hercant` and `Arretze`; a player never places a token into a system that already holds one of theirs"),
                ("token-system", "A has 2 command tokens in Lodor (tile 26), named `26` and `lodor`; a player never places a token into a system that already holds one of theirs"),
            ]
        );
        assert!(c.diagnostics.iter().all(|d| d.severity == Severity::Error));
        let d = c.details.clone().unwrap();
        assert_eq!(
            d["players"][0]["board_tiles"],
            json!([18, 18, 16, 26, 16, 26, 16])
        );
        // A number as an integer or as a string is the same spelling.
        let c = run(&format!("{SHEET}tokens = [18, \"18\"]\n"));
        assert_eq!(
            msgs(&c),
            vec![("token-system", "A has 2 command tokens in Mecatol Rex (tile 18); a player never places a token into a system that already holds one of theirs")]
        );
        // Tokens of two players may share a system.
        let c = run(&format!("{SHEET}tokens = [18]\n[[player]]\nname = \"B\"\ntactic = 3\nfleet = 3\nstrategy = 2\ntokens = [\"Mecatol Rex\"]\n"));
        assert_eq!(msgs(&c), vec![]);
    }

    #[test]
    fn a_system_listed_twice_by_name_and_number_is_an_input_error() {
        let c = run(&format!(
            "{SHEET}[[player.system]]\nname = \"Lodor\"\nships = {{ cruiser = 1 }}\n[[player.system]]\nname = 26\nships = {{ carrier = 1 }}\n"
        ));
        assert_eq!(
            msgs(&c),
            vec![(
                "shape",
                "the system Lodor (tile 26) is listed twice for this player (as `Lodor` and `26`)"
            )]
        );
        assert_eq!(c.exit_code(), 2);
    }

    #[test]
    fn unknown_systems_and_planets_are_input_errors_with_did_you_mean() {
        let c = run(&format!(
            "{SHEET}tokens = [\"Mecatol Rx\", 52, \"Asteroid Field\", \"Ixth\", true]\n[[player.system]]\nname = \"Quann\"\nplanets = {{ Lodor = {{ infantry = 1 }}, Quan = {{ pds = 1 }} }}\n[[player.system]]\nname = \"Arretze/Hercant/Kamdorn\"\nplanets = {{ Hercant = {{ infantry = 1 }} }}\n"
        ));
        assert_eq!(
            msgs(&c),
            vec![
                ("unknown-card", "unknown system `Mecatol Rx`"),
                ("unknown-card", "there is no system tile 52 in the base game (tiles 1-51)"),
                ("ambiguous-card", "`Asteroid Field` names 2 systems (tiles 44, 45)"),
                ("unknown-card", "unknown system `Ixth`"),
                ("shape", "each entry of `tokens` must be a system's name or tile number, found a boolean"),
                ("unknown-card", "`Lodor` is not a planet of Quann (tile 25)"),
                ("unknown-card", "`Quan` is not a planet of Quann (tile 25)"),
            ]
        );
        let help: Vec<&str> = c
            .diagnostics
            .iter()
            .map(|d| d.help.first().map_or("", String::as_str))
            .collect();
        assert_eq!(help[0], "did you mean `Mecatol Rex` (tile 18)?");
        assert_eq!(help[1], "tiles from 52 on belong to the expansions (Prophecy of Kings and later), whose systems fleetcheck does not know");
        assert_eq!(help[2], "name the system by its tile number");
        assert_eq!(help[3], "name a system by a planet in it (such as Mecatol Rex) or by the number printed on its tile (1-51, the base game)");
        assert_eq!(help[5], "its planets: Quann");
        assert_eq!(help[6], "did you mean `Quann`?");
        assert_eq!(c.exit_code(), 2);
        for d in &c.diagnostics {
            assert!(d.span.is_some());
        }
    }
}
