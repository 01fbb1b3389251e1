//! Property tests (proptest) over generated fleets of real cards:
//!
//! - any fleet is checked without a panic, and its total is the sum of its
//!   parts (every card: base plus its modifiers; every ship: its cost plus
//!   its cards; the fleet: its ships, its resource and its additional
//!   points);
//! - the ship order does not matter: the same total and the same
//!   diagnostic codes whatever order the `[[ship]]` tables are in;
//! - a builder edit keeps every comment and leaves the rest of the fleet
//!   as it was.
//!
//! Fleets reference cards by id (`{ id = "..." }`), so every reference
//! resolves; the combinations are random, so most fleets break some rule,
//! which is what exercises the rules.

use fleetcheck::cli::check::check_bytes;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_edit::builder::{self, Kind, Place, Query};
use fleetcheck_report::Checked;
use fleetcheck_staw::CheckOptions;
use proptest::prelude::*;
use proptest::sample::Index;
use std::sync::OnceLock;

/// The database and its cards by kind, loaded once.
struct Cards {
    db: Database,
    ships: Vec<usize>,
    captains: Vec<usize>,
    admirals: Vec<usize>,
    upgrades: Vec<usize>,
    resources: Vec<usize>,
    formats: Vec<String>,
}

fn cards() -> &'static Cards {
    static CARDS: OnceLock<Cards> = OnceLock::new();
    CARDS.get_or_init(|| {
        let db = Database::embedded().unwrap();
        let of = |t: CardType| -> Vec<usize> {
            (0..db.cards.len())
                .filter(|&i| db.cards[i].kind == t)
                .collect()
        };
        Cards {
            ships: of(CardType::Ship),
            captains: of(CardType::Captain),
            admirals: of(CardType::Admiral),
            upgrades: of(CardType::Upgrade),
            resources: of(CardType::Resource),
            formats: db.formats.iter().map(|f| f.id.clone()).collect(),
            db,
        }
    })
}

/// One generated ship: indexes into the card lists.
#[derive(Debug, Clone)]
struct GenShip {
    ship: Index,
    captain: Option<Index>,
    admiral: Option<Index>,
    upgrades: Vec<Index>,
}

#[derive(Debug, Clone)]
struct GenFleet {
    format: Index,
    resource: Option<Index>,
    additional_points: Option<i32>,
    ships: Vec<GenShip>,
}

fn gen_ship() -> impl Strategy<Value = GenShip> {
    (
        any::<Index>(),
        proptest::option::weighted(0.9, any::<Index>()),
        proptest::option::weighted(0.2, any::<Index>()),
        proptest::collection::vec(any::<Index>(), 0..6),
    )
        .prop_map(|(ship, captain, admiral, upgrades)| GenShip {
            ship,
            captain,
            admiral,
            upgrades,
        })
}

fn gen_fleet() -> impl Strategy<Value = GenFleet> {
    (
        any::<Index>(),
        proptest::option::weighted(0.3, any::<Index>()),
        proptest::option::weighted(0.2, -20..20i32),
        proptest::collection::vec(gen_ship(), 1..5),
    )
        .prop_map(|(format, resource, additional_points, ships)| GenFleet {
            format,
            resource,
            additional_points,
            ships,
        })
}

fn card(list: &[usize], i: &Index) -> &'static Card {
    let c = cards();
    &c.db.cards[list[i.index(list.len())]]
}

/// The `[[ship]]` table of one generated ship, with a comment on every
/// line (`# ship N ...`) for the builder property.
fn ship_text(n: usize, s: &GenShip) -> String {
    let c = cards();
    let mut t = format!("# ship {n} comes next\n[[ship]]\n");
    let ship = card(&c.ships, &s.ship);
    t += &format!("ship = {{ id = \"{}\" }}  # ship {n} card\n", ship.id);
    if let Some(i) = &s.captain {
        t += &format!(
            "captain = {{ id = \"{}\" }}  # ship {n} captain\n",
            card(&c.captains, i).id
        );
    }
    if let Some(i) = &s.admiral {
        t += &format!(
            "admiral = {{ id = \"{}\" }}  # ship {n} admiral\n",
            card(&c.admirals, i).id
        );
    }
    if !s.upgrades.is_empty() {
        t += "upgrades = [\n";
        for (k, u) in s.upgrades.iter().enumerate() {
            t += &format!(
                "  {{ id = \"{}\" }},  # ship {n} upgrade {k}\n",
                card(&c.upgrades, u).id
            );
        }
        t += "]\n";
    }
    t
}

/// The fleet file, ships in the given order.
fn fleet_text(f: &GenFleet, order: &[usize]) -> String {
    let c = cards();
    let mut t = String::from("# A generated fleet.\nname = \"generated\"  # its name\n");
    t += &format!(
        "format = \"{}\"\n",
        c.formats[f.format.index(c.formats.len())]
    );
    if let Some(i) = &f.resource {
        t += &format!(
            "resource = {{ id = \"{}\" }}  # the resource\n",
            card(&c.resources, i).id
        );
    }
    if let Some(p) = f.additional_points {
        t += &format!("additional_points = {p}\n");
    }
    for &k in order {
        t += "\n";
        t += &ship_text(k + 1, &f.ships[k]);
    }
    t
}

fn check(text: &str) -> Checked {
    let opts = CheckOptions {
        today: "2025-06-01".to_string(),
        ..Default::default()
    };
    check_bytes(
        &cards().db,
        "generated.toml",
        text.as_bytes().to_vec(),
        &opts,
    )
}

fn codes(c: &Checked) -> Vec<String> {
    let mut v: Vec<String> = c.diagnostics.iter().map(|d| d.code.to_string()).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn total_is_the_sum_of_its_parts(f in gen_fleet()) {
        let text = fleet_text(&f, &(0..f.ships.len()).collect::<Vec<_>>());
        let checked = check(&text);
        let r = &checked.report;
        // Every reference is a real card of the right type: never an input error.
        prop_assert_ne!(checked.exit_code(), 2, "{}\n{:?}", text, checked.diagnostics);
        let mut sum = r.additional_points.unwrap_or(0);
        for s in &r.ships {
            let mut ship = s.cost;
            for c in &s.cards {
                let modifiers: i32 = c.modifiers.iter().map(|m| m.amount).sum();
                prop_assert_eq!(c.base + modifiers, c.cost, "{} in\n{}", c.id, text);
                ship += c.cost;
            }
            prop_assert_eq!(ship, s.total, "ship {} in\n{}", s.ship.id, text);
            sum += s.total;
        }
        if let Some(res) = &r.resource {
            sum += res.cost;
        }
        prop_assert_eq!(r.total, Some(sum), "{}", text);
    }

    #[test]
    fn ship_order_does_not_change_totals_or_codes(
        f in gen_fleet(),
        shuffle in any::<proptest::sample::Selector>(),
    ) {
        let n = f.ships.len();
        let mut order: Vec<usize> = (0..n).collect();
        // A random permutation, drawn by the selector.
        let mut permuted = Vec::new();
        while !order.is_empty() {
            let k = shuffle.select(0..order.len());
            permuted.push(order.remove(k));
        }
        let a = check(&fleet_text(&f, &(0..n).collect::<Vec<_>>()));
        let b = check(&fleet_text(&f, &permuted));
        prop_assert_eq!(a.report.total, b.report.total);
        prop_assert_eq!(codes(&a), codes(&b));
        prop_assert_eq!(a.exit_code(), b.exit_code());
    }

    #[test]
    fn builder_edits_keep_comments_and_the_rest(
        f in gen_fleet(),
        target in any::<Index>(),
        upgrade in any::<Index>(),
        new_ship in any::<Index>(),
    ) {
        let c = cards();
        let n = f.ships.len();
        let text = fleet_text(&f, &(0..n).collect::<Vec<_>>());
        let k = target.index(n);
        let up = card(&c.upgrades, &upgrade);
        let place = Place { ship: Some(k + 1), section: None };
        let ship = card(&c.ships, &new_ship);
        // Adding a real ship by id always works; adding an upgrade may be
        // refused (a card the ship cannot take), and then changes nothing.
        let added = builder::add(&c.db, &text, Kind::Ship, &Query::text(&ship.id), &Place::default());
        prop_assert!(added.is_ok(), "adding {} failed: {:?}", ship.id, added);
        let edits = [
            added,
            builder::add(&c.db, &text, Kind::Upgrade, &Query::text(&up.id), &place),
        ];
        for edited in edits.into_iter().flatten() {
            // Every comment is still there, once.
            for line in text.lines() {
                if let Some(at) = line.find('#') {
                    let comment = &line[at..];
                    prop_assert_eq!(
                        edited.text.matches(comment).count(), 1,
                        "{:?} lost or doubled:\n{}", comment, edited.text
                    );
                }
            }
            // The fleet still reads, and the ships not edited are unchanged.
            let before: toml::Table = toml::from_str(&text).unwrap();
            let after: toml::Table = toml::from_str(&edited.text).unwrap();
            let ships = |t: &toml::Table| t["ship"].as_array().unwrap().clone();
            let (sb, sa) = (ships(&before), ships(&after));
            for i in 0..n {
                if i != k || edited.done.starts_with("added ship") {
                    prop_assert_eq!(&sb[i], &sa[i], "ship {} changed:\n{}", i + 1, edited.text);
                }
            }
            for key in ["name", "format", "resource", "additional_points"] {
                prop_assert_eq!(before.get(key), after.get(key));
            }
        }
    }
}
