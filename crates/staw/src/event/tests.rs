use super::*;
use crate::{CheckOptions, Engine};
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;

fn db() -> Database {
    Database::embedded().expect("the embedded data loads")
}

/// Martok (Cap813, 5 SP, Klingon) on the U.S.S. Defiant pays +1; the
/// event prices him at 2.
const MARTOK: &str = "[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap813\" }\n";

fn priced(db: &Database, costs: Vec<Recost>) -> (Price, i32, i32) {
    let engine = Engine::new(
        db,
        CheckOptions {
            today: "2026-12-01".into(),
            costs,
            ..CheckOptions::default()
        },
    );
    let source = Source {
        path: "f.toml".into(),
        text: MARTOK.into(),
    };
    engine
        .analyse_text(source, |a| {
            (
                a.ships[0].cards[0].price.clone().into_owned(),
                a.ships[0].total,
                a.total,
            )
        })
        .priced
        .expect("priced")
}

#[test]
fn the_event_price_replaces_the_base_cost_and_keeps_the_other_modifiers() {
    let db = db();
    let (before, ship, total) = priced(&db, Vec::new());
    assert_eq!((before.base, before.cost, ship, total), (5, 6, 30, 30));
    let martok = Recost {
        cards: vec![Named {
            id: "Cap813".into(),
            name: "Martok".into(),
        }],
        cost: 2,
    };
    let (after, ship, total) = priced(&db, vec![martok]);
    assert_eq!((after.base, after.cost, ship, total), (5, 3, 27, 27));
    let kinds: Vec<(ModifierKind, i32)> =
        after.modifiers.iter().map(|m| (m.kind, m.amount)).collect();
    assert_eq!(
        kinds,
        [
            (ModifierKind::EventCost, -3),
            (ModifierKind::FactionPenalty, 1)
        ]
    );
    assert_eq!(
        after.modifiers[0].source,
        "the event's [[cost]]: Martok (Cap813) costs 2 SP in place of 5"
    );
}
