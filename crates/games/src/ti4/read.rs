//! Reading a Twilight Imperium file: players, their command sheets and
//! systems, every system name resolved to its tile; every problem at once.

use super::*;

pub(super) fn read(
    _: &Source,
    _: &Open,
    root: &Node,
    f: &Facts,
    diags: &mut Vec<Diagnostic>,
) -> Option<State> {
    let (top, name) = input::top_level(root, TOP_KEYS, "in a Twilight Imperium file", diags)?;
    let setup = top.boolean("setup", diags).is_some_and(|b| b.value);
    let mut players: Vec<Player> = Vec::new();
    // The names met so far, as compared (one set: linear in the players).
    let mut names = std::collections::HashSet::new();
    for node in top.tables("player", diags) {
        if let Some(p) = player(node, f, diags) {
            if !names.insert(loose(&p.name)) {
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
pub(super) fn same_spelling(a: &str, b: &str) -> bool {
    loose(a).replace(' ', "") == loose(b).replace(' ', "")
}

/// Reads `{ unit = count }`; each unit must be of one of `kinds`.
pub(super) fn units(
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
