//! The ti4 state summary: text and tables for the report, and the
//! same as a tree of values for the JSON report.

use super::*;

pub(super) fn summary(s: &State, f: &Facts) -> Summary {
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

pub(super) fn details(s: &State, f: &Facts) -> Value {
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
