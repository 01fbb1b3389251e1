use super::*;
use crate::fleet::read::{CardRef, Query, RawShip};
use fleetcheck_data::model::Card;

const TWO_SHIPS: &str = r#"
[[ship]]
ship = "Koranak"
captain = { id = "Cap721" }
admiral = "Female Changeling"
upgrades = ["Captured Intelligence", "Boheeka"]

[[ship]]
ship = { name = "Dominion Starship", class = "Cardassian Keldon Class" }
captain = "Gul Ranor"
upgrades = ["Tetryon Emissions"]
"#;

fn db() -> Database {
    Database::embedded().expect("the embedded data loads")
}

fn source(text: &str) -> Source {
    Source {
        path: "f.toml".into(),
        text: text.into(),
    }
}

fn opts() -> CheckOptions {
    CheckOptions {
        today: "2026-12-01".into(),
        ..CheckOptions::default()
    }
}

/// What a priced fleet is, spans aside: the total, every card's id and
/// cost by ship, every diagnostic's code and message.
type Outcome = (Option<i32>, Vec<Vec<(String, i32)>>, Vec<(String, String)>);

fn outcome<R>(a: &Analysed<R>, f: impl Fn(&R) -> (i32, Vec<Vec<(String, i32)>>)) -> Outcome {
    let (total, ships) = a.priced.as_ref().map(&f).unzip();
    let diags = a
        .diagnostics
        .iter()
        .map(|d| (d.code.to_string(), d.message.clone()))
        .collect();
    (total, ships.unwrap_or_default(), diags)
}

fn priced(a: &Analysis) -> (i32, Vec<Vec<(String, i32)>>) {
    let ships = a
        .ships
        .iter()
        .map(|s| {
            std::iter::once((s.entry.ship.card.id.clone(), s.price.cost))
                .chain(
                    s.cards
                        .iter()
                        .map(|c| (c.placed.card.id.clone(), c.price.cost)),
                )
                .collect()
        })
        .collect();
    (a.total, ships)
}

fn card<'d>(db: &'d Database, name: &str) -> &'d Card {
    let r = CardRef {
        span: 0..0,
        query: Query::Text(name.into()),
    };
    resolve::find(db, &r, Position::Upgrade).expect("one card of that name")
}

/// A card added in memory is priced and checked exactly as the file that
/// names it is: same total, same cost of every card, same diagnostics.
#[test]
fn a_card_added_in_memory_is_priced_as_the_file_that_names_it() {
    let db = db();
    let engine = Engine::new(&db, opts());
    let without = TWO_SHIPS.replace("upgrades = [\"Tetryon Emissions\"]\n", "");
    let resolved = engine.resolve_text(source(&without));
    let tetryon = card(&db, "Tetryon Emissions");
    let added = resolved
        .with(Change::Add {
            ship: 1,
            position: Position::Upgrade,
            card: tetryon,
        })
        .expect("ship 2 exists");
    let in_memory = outcome(&added.analyse(priced), |p| p.clone());
    let written = outcome(&engine.analyse_text(source(TWO_SHIPS), priced), |p| {
        p.clone()
    });
    assert_eq!(in_memory, written);
    // The values the file gives, not only the same as it.
    assert_eq!(in_memory.0, Some(68));
    assert_eq!(in_memory.1[1].last(), Some(&("T234".to_string(), 3)));
}

/// A card removed in memory gives what the file without it gives.
#[test]
fn a_card_removed_in_memory_is_the_file_without_it() {
    let db = db();
    let engine = Engine::new(&db, opts());
    let resolved = engine.resolve_text(source(TWO_SHIPS));
    let removed = resolved
        .with(Change::Remove {
            ship: 0,
            position: Position::Upgrade,
            index: 1,
        })
        .expect("ship 1 has a second upgrade");
    let without = TWO_SHIPS.replace(", \"Boheeka\"]", "]");
    assert_eq!(
        outcome(&removed.analyse(priced), |p| p.clone()),
        outcome(&engine.analyse_text(source(&without), priced), |p| p
            .clone())
    );
    // No such place: no fleet.
    assert!(resolved
        .with(Change::Remove {
            ship: 0,
            position: Position::Upgrade,
            index: 2,
        })
        .is_none());
    assert!(resolved
        .with(Change::Add {
            ship: 2,
            position: Position::Upgrade,
            card: card(&db, "Boheeka"),
        })
        .is_none());
}

/// A fleet value built in memory (no TOML text) is analysed as the file
/// that writes it.
#[test]
fn a_fleet_value_is_analysed_as_its_file() {
    let db = db();
    let engine = Engine::new(&db, opts());
    let r = |s: &str| CardRef {
        span: 0..0,
        query: Query::Text(s.into()),
    };
    let raw = RawFleet {
        ships: vec![RawShip {
            ship: Some(r("Koranak")),
            captain: Some(r("Cap721")),
            upgrades: vec![r("Captured Intelligence"), r("Boheeka")],
            ..RawShip::default()
        }],
        ..RawFleet::default()
    };
    let value = engine.resolve_fleet(source(""), raw).analyse(priced);
    let text = "[[ship]]\nship = \"Koranak\"\ncaptain = \"Cap721\"\nupgrades = [\"Captured Intelligence\", \"Boheeka\"]\n";
    let file = engine.analyse_text(source(text), priced);
    assert_eq!(
        outcome(&value, |p| p.clone()),
        outcome(&file, |p| p.clone())
    );
    assert!(value.priced.is_some());
}

/// Each resolution and each pricing counts one run; a change costs one
/// pricing, never a resolution.
#[test]
fn the_engine_counts_its_runs() {
    let db = db();
    let engine = Engine::new(&db, opts());
    assert_eq!(engine.runs(), 0);
    engine.analyse_text(source(TWO_SHIPS), |_| ());
    assert_eq!(engine.runs(), 2);
    let resolved = engine.resolve_text(source(TWO_SHIPS));
    assert_eq!(engine.runs(), 3);
    let boheeka = card(&db, "Boheeka");
    for ship in 0..2 {
        let changed = resolved
            .with(Change::Add {
                ship,
                position: Position::Upgrade,
                card: boheeka,
            })
            .unwrap();
        changed.analyse(|_| ());
    }
    assert_eq!(engine.runs(), 5);
    // A file that cannot be read is resolved but never priced.
    engine.analyse_text(source("[[ship]\n"), |_| ());
    assert_eq!(engine.runs(), 6);
}
