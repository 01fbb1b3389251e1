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

/// The example fleets of `fleets/` (STAW's, at its top), in name order.
fn example_fleets() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fleets");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("fleets/ is there")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Each fleet file's name and text.
fn texts(files: &[std::path::PathBuf]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("a fleet file");
            (f.display().to_string(), text)
        })
        .collect()
}

/// A change priced beside the fleet it was made from (the ships it did
/// not touch taken from there, the sideboard rule's findings kept after a
/// ship's change) is priced exactly as the changed fleet priced whole:
/// every ship, card, price, slot, the resource, the sideboard, the total
/// and every diagnostic, for cards added to each ship and to the
/// sideboard, removed and replaced, on every example fleet.
#[test]
fn a_change_priced_beside_its_fleet_is_priced_as_the_whole_changed_fleet() {
    let db = db();
    let engine = Engine::new(&db, opts());
    let files = example_fleets();
    assert!(files.len() >= 10, "{files:?}");
    let tried: Vec<&Card> = db
        .cards
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            // Every card that grants, waives or adds a faction (what a
            // ship not touched is priced against), and a sample of the
            // rest.
            let r = &c.rules;
            let grants = !r.discounts.is_empty()
                || !r.set_costs.is_empty()
                || !r.penalty.is_empty()
                || !r.adds_factions.is_empty();
            // Independent upgrades: what Iden's cost counts (below).
            let independent = c.factions.iter().any(|f| f == "independent") && i % 3 == 0;
            // Cards banned from organised play: the `op-banned` rule's
            // findings, kept for the other cards added (`added_leaves`).
            (grants || independent || c.op_banned || i % 11 == 0)
                && matches!(
                    c.kind,
                    fleetcheck_data::model::CardType::Upgrade
                        | fleetcheck_data::model::CardType::Captain
                        | fleetcheck_data::model::CardType::Admiral
                )
        })
        .map(|(_, c)| c)
        .collect();
    let whole = |a: &Analysis| format!("{:?}", (&a.ships, &a.resource, &a.sideboard, a.total));
    let taken = || crate::analysis::TAKEN.load(std::sync::atomic::Ordering::Relaxed);
    let reused = || crate::analysis::REUSED.load(std::sync::atomic::Ordering::Relaxed);
    let (mut compared, before, reused_before) = (0, taken(), reused());
    let mut fleets = texts(&files);
    // Cards whose own price reads their ship's cards, on a ship that a
    // quiet upgrade is added to: Iden costs 1 SP less for each
    // Independent upgrade of his ship.
    fleets.push((
        "Iden".into(),
        "[[ship]]\nship = \"Val Jean\"\ncaptain = \"Iden\"\nupgrades = []\n".into(),
    ));
    // A slot added with terms: B'Elanna Torres's [borg] slot takes 1 SP
    // off its card for each printed slot left unused, which a card added
    // into a printed slot changes.
    fleets.push((
        "B'Elanna Torres".into(),
        "[[ship]]\nship = { id = \"S105\" }\nupgrades = [\"C357\", \"B005\"]\n".into(),
    ));
    // A captain that limits the other cards of its ship (the `restriction`
    // rule reads them): K'Temoc may only field Klingon [talent] Upgrades.
    fleets.push((
        "K'Temoc".into(),
        "[[ship]]\nship = { id = \"S002\" }\ncaptain = { id = \"Cap504\" }\n".into(),
    ));
    // A format that excludes cards banned from organised play.
    fleets.push((
        "organised play".into(),
        "format = \"organised-play\"\n[[ship]]\nship = \"Koranak\"\ncaptain = { id = \"Cap721\" }\n".into(),
    ));
    for (file, text) in &fleets {
        let resolved = engine.resolve_text(source(text));
        let Some(fleet) = resolved.fleet() else {
            continue;
        };
        let mut changes = Vec::new();
        for (ship, e) in fleet.ships.iter().enumerate() {
            for &card in &tried {
                let position = match card.kind {
                    fleetcheck_data::model::CardType::Captain => Position::Captain,
                    fleetcheck_data::model::CardType::Admiral => Position::Admiral,
                    _ => Position::Upgrade,
                };
                changes.push(Change::Add {
                    ship,
                    position,
                    card,
                });
            }
            // Fleet captains: some discount every ship's cards.
            for card in db
                .cards
                .iter()
                .filter(|c| c.kind == fleetcheck_data::model::CardType::FleetCaptain)
            {
                changes.push(Change::Add {
                    ship,
                    position: Position::FleetCaptain,
                    card,
                });
            }
            for index in 0..e.upgrades.len() {
                changes.push(Change::Remove {
                    ship,
                    position: Position::Upgrade,
                    index,
                });
                changes.push(Change::Replace {
                    ship,
                    position: Position::Upgrade,
                    index,
                    card: tried[index % tried.len()],
                });
            }
        }
        for section in crate::fleet::read::SIDEBOARD_SECTIONS {
            for &card in tried.iter().step_by(5) {
                changes.push(Change::AddSideboard { section, card });
            }
        }
        resolved
            .base(|base| {
                for change in &changes {
                    let Some(changed) = resolved.with(*change) else {
                        continue;
                    };
                    let (mut d1, mut d2) = (Vec::new(), Vec::new());
                    let beside = changed.analyse_rules_beside(base, &mut d1, whole);
                    let alone = changed.analyse_rules(&mut d2, whole);
                    assert_eq!(beside, alone, "{file}: {change:?}");
                    assert_eq!(format!("{d1:?}"), format!("{d2:?}"), "{file}: {change:?}");
                    compared += 1;
                }
            })
            .expect("an example fleet is priced");
    }
    assert!(compared > 5_000, "{compared}");
    // Most changes leave a ship to take (the test would hold of a pricing
    // that took none).
    assert!(taken() - before > 5_000, "{}", taken() - before);
    // Most upgrades added leave the other cards of their ship to take.
    assert!(
        reused() - reused_before > 5_000,
        "{}",
        reused() - reused_before
    );
}

/// `Base::sure_to_break` is sure: every card it names, put where it says
/// on every example fleet, makes the whole pricing of the changed fleet
/// find that rule broken once more than the fleet did (what `options`
/// leaves out unpriced). Every card of the database is asked of every
/// ship as an upgrade (captains and admirals in their places), and of the
/// sideboard.
#[test]
fn a_card_sure_to_break_a_rule_breaks_it_when_priced_whole() {
    use fleetcheck_data::model::CardType;
    let db = db();
    let engine = Engine::new(&db, opts());
    let files = example_fleets();
    let mut fleets = texts(&files);
    // What lifts a restriction without a card face down (the example
    // fleet with Lore also holds one face down): Lore's waiver of faction
    // restrictions, and a slot whose terms let its card exceed them.
    for (name, ship) in [
        ("Lore", "ship = \"Soong\"\ncaptain = \"Lore\""),
        // The I.K.S. K'Tanco lets one Klingon [tech] exceed them.
        ("K'Tanco", "ship = \"I.K.S. K'Tanco\""),
        // Quark's [tech] slot takes a card that exceeds them (the ship's
        // own [tech] slot taken).
        (
            "Quark",
            "ship = \"Soong\"\nupgrades = [\"Quark\", \"Long Range Tachyon Scan\"]",
        ),
    ] {
        fleets.push((name.into(), format!("[[ship]]\n{ship}\n")));
    }
    let count =
        |d: &[Diagnostic], code: crate::Code| d.iter().filter(|d| d.code == code.code()).count();
    let mut sure: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut asked = 0;
    for (file, text) in &fleets {
        let resolved = engine.resolve_text(source(text));
        let Some(fleet) = resolved.fleet() else {
            continue;
        };
        let ships = fleet.ships.len();
        resolved
            .base(|base| {
                let mut before = Vec::new();
                resolved.analyse_rules(&mut before, |_| ());
                let mut ask = |change: Change, card: &Card, upgrade_on: Option<usize>| {
                    asked += 1;
                    let Some(code) = base.sure_to_break(card, upgrade_on) else {
                        return;
                    };
                    let changed = resolved.with(change).expect("a place for the card");
                    let mut after = Vec::new();
                    changed.analyse_rules(&mut after, |_| ());
                    assert!(
                        count(&after, code) > count(&before, code),
                        "{file}: {change:?} is sure to break {}, but does not",
                        code.as_str()
                    );
                    *sure.entry(code.as_str()).or_default() += 1;
                };
                for card in db.cards.iter() {
                    for ship in 0..ships {
                        let (position, upgrade_on) = match card.kind {
                            CardType::Upgrade => (Position::Upgrade, Some(ship)),
                            CardType::Captain => (Position::Captain, None),
                            CardType::Admiral => (Position::Admiral, None),
                            _ => continue,
                        };
                        let change = Change::Add {
                            ship,
                            position,
                            card,
                        };
                        if resolved.with(change).is_some() {
                            ask(change, card, upgrade_on);
                        }
                    }
                    let Some(section) = crate::fleet::read::SIDEBOARD_SECTIONS
                        .iter()
                        .find(|s| crate::upgrade_types(card).any(|t| t == **s))
                    else {
                        continue;
                    };
                    let change = Change::AddSideboard { section, card };
                    if resolved.with(change).is_some() {
                        ask(change, card, None);
                    }
                }
            })
            .expect("an example fleet is priced");
    }
    assert!(asked > 20_000, "{asked}");
    // Both kinds are found, many times (the test would hold of a
    // `sure_to_break` that named none).
    assert!(
        sure.get("restriction").is_some_and(|n| *n > 1_000),
        "{sure:?}"
    );
    assert!(sure.get("card-pool").is_some_and(|n| *n > 100), "{sure:?}");
}

/// `Base::sure_to_break` names a card's own unmet restriction only for a
/// quiet card (`analysis::quiet`): an upgrade that gives its ship the
/// faction its restriction asks for meets it once added, where the same
/// upgrade without that faction breaks it.
#[test]
fn a_card_that_meets_its_own_restriction_once_added_is_not_sure_to_break_it() {
    use fleetcheck_data::model::Condition;
    let db = db();
    let engine = Engine::new(&db, opts());
    let resolved = engine.resolve_text(source(TWO_SHIPS));
    let upgrade = db.by_name("Tetryon Emissions")[0];
    let klingon_only = |adds: Vec<String>| -> &'static Card {
        let mut card = upgrade.clone();
        card.rules.restrictions = vec![Condition::ShipFaction {
            any: vec!["klingon".into()],
        }];
        card.rules.adds_factions = adds;
        Box::leak(Box::new(card))
    };
    let breaking = klingon_only(Vec::new());
    let meeting = klingon_only(vec!["klingon".into()]);
    let restrictions = |card: &'static Card| {
        let change = Change::Add {
            ship: 0,
            position: Position::Upgrade,
            card,
        };
        let mut found = Vec::new();
        resolved
            .with(change)
            .expect("a place for the card")
            .analyse_rules(&mut found, |_| ());
        found
            .iter()
            .filter(|d| d.code == crate::Code::Restriction.code())
            .count()
    };
    assert_eq!(restrictions(breaking), 1);
    assert_eq!(restrictions(meeting), 0);
    resolved
        .base(|base| {
            assert_eq!(
                base.sure_to_break(breaking, Some(0)),
                Some(crate::Code::Restriction)
            );
            assert_eq!(base.sure_to_break(meeting, Some(0)), None);
        })
        .expect("the fleet is priced");
}

/// A fleet of many references looks each distinct name up once
/// (`resolve::Lookups`): a name repeated on many ships, at different
/// places, resolves at each as it does in a file of that ship alone, and
/// an unknown name repeated is an error at each of its places.
#[test]
fn a_repeated_name_resolves_at_each_place_as_alone() {
    let db = db();
    let engine = Engine::new(&db, opts());
    let ships = [
        "[[ship]]\nship = { name = \"Dominion Starship\", class = \"Cardassian Keldon Class\" }\ncaptain = \"Brunt\"\nupgrades = [\"Tetryon Emissions\"]\n",
        "[[ship]]\nship = { name = \"Dominion Starship\", class = \"Cardassian Keldon Class\" }\ncaptain = \"Gul Ranor\"\nupgrades = [\"Brunt\", \"No Such Card\"]\n",
        "[[ship]]\nship = { name = \"Dominion Starship\", class = \"Jem'Hadar Attack Ship\" }\nupgrades = [\"No Such Card\", \"Tetryon Emissions\"]\n",
    ];
    // Each ship's cards (id, type), and the diagnostics (code, message).
    type Pairs = Vec<(String, String)>;
    let ids = |text: &str| -> (Vec<Pairs>, Pairs) {
        let r = engine.resolve_text(source(text));
        let cards = r.fleet().map_or_else(Vec::new, |f| {
            f.ships
                .iter()
                .map(|e| {
                    std::iter::once(&e.ship)
                        .chain(crate::view::each_card(e).map(|(_, p)| p))
                        .map(|p| (p.card.id.clone(), p.card.kind.as_str().to_string()))
                        .collect()
                })
                .collect()
        });
        let diags = r
            .diagnostics()
            .iter()
            .map(|d| (d.code.to_string(), d.message.clone()))
            .collect();
        (cards, diags)
    };
    // Resolved whole, the fleet is not resolved (two unknown names): the
    // references are compared through the fleet without them.
    let known: Vec<String> = ships
        .iter()
        .map(|s| {
            s.replace(", \"No Such Card\"", "")
                .replace("\"No Such Card\", ", "")
        })
        .collect();
    // 22 times the three ships: 66 ships, more references than a fleet
    // looks up each (`LOOKUPS_KEPT_FROM`).
    let (whole, _) = ids(&known.concat().repeat(22));
    let alone: Vec<Vec<(String, String)>> = known.iter().flat_map(|s| ids(s).0).collect();
    assert_eq!(whole.len(), 66);
    for (i, ship) in whole.iter().enumerate() {
        assert_eq!(ship, &alone[i % 3], "ship {}", i + 1);
    }
    // The Keldon twice, the attack ship once; Brunt a captain, then a crew.
    assert_eq!(whole[0][0], whole[1][0]);
    assert_ne!(whole[0][0], whole[2][0]);
    assert_eq!(whole[0][1], ("Cap404".to_string(), "captain".to_string()));
    assert_eq!(whole[1][2], ("C066".to_string(), "upgrade".to_string()));
    // The unknown name is an error at both of its places, told alike.
    let (_, diags) = ids(&ships.concat().repeat(22));
    let unknown: Vec<&(String, String)> =
        diags.iter().filter(|(c, _)| c == "unknown-card").collect();
    assert_eq!(unknown.len(), 44, "{diags:?}");
    assert!(unknown.iter().all(|u| u == &unknown[0]), "{unknown:?}");
}
