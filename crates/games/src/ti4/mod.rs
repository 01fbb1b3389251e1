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

pub(crate) mod data;
mod read;
mod summary;

use crate::input::{self, count, loose, Fields};
use crate::Checked;
use crate::{run, RuleSet, Summary};
use data::{Facts, Kind, Lookup};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::{Node, NodeValue, Open, Spanned};
use serde_json::{json, Value};
use std::ops::Range;

crate::rule_set! {
    /// The Twilight Imperium rule set.
    id: "ti4",
    title: "Twilight Imperium (fourth edition) command tokens",
    name: "Twilight Imperium",
    codes {
        TokenTotal = ("token-total", Error, "a player's pools + tokens on the board + reinforcements are not 16 (without `reinforcements`: the pools and the board already hold more than 16)"),
        SetupTokens = ("setup-tokens", Error, "with `setup = true`: a player's pools are not 3 tactic / 3 fleet / 2 strategy, or a token is on the board"),
        TokenSystem = ("token-system", Error, "two of one player's command tokens in the same system, however the system is named (`\"Mecatol Rex\"` and `18` are one system)"),
        FleetPool = ("fleet-pool", Error, "more non-fighter ships in a system's space area than tokens in the player's fleet pool (fighters, units on planets and carried units do not count)"),
    }
}

use read::{read, same_spelling};
use summary::{details, summary};

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

#[cfg(test)]
mod tests;
