//! Engine tests on a small in-memory database (the real-card tests are in
//! `tests/engine.rs`): each rule and modifier kind once, with exact costs,
//! codes and lines.

use super::*;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_staw::CheckOptions;

fn check_source(db: &Database, source: Source, opts: &CheckOptions) -> Checked {
    super::check(db, source, opts)
}

const CARDS: &str = r#"
[[card]]
id = "S1"
type = "ship"
name = "U.S.S. Defiant"
factions = ["federation"]
cost = 24
unique = true
class = "defiant_class"
attack = 3
agility = 2
hull = 3
shields = 3
slots = ["crew", "crew", "tech", "weapon", "weapon"]
sets = ["set1"]

[[card]]
id = "S2"
type = "ship"
name = "I.K.S. Gr'oth"
factions = ["klingon"]
cost = 20
unique = true
hull = 5
shields = 2
slots = ["crew", "weapon"]
sets = ["set2"]

[[card]]
id = "Cap1"
type = "captain"
name = "Benjamin Sisko"
factions = ["federation"]
cost = 4
unique = true
skill = 8
talents = 1
sets = ["set1"]

[[card]]
id = "Cap2"
type = "captain"
name = "Federation"
factions = ["federation"]
cost = 0
skill = 1
sets = ["set1"]

[[card]]
id = "Cap3"
type = "captain"
name = "Gowron"
factions = ["klingon"]
cost = 4
unique = true
skill = 7
sets = ["set2"]
[[card.rules.discounts]]
amount = -1
applies_to = { slots = ["crew"] }

[[card]]
id = "A1"
type = "admiral"
name = "K'Mpec"
factions = ["klingon"]
cost = 4
unique = true
sets = ["set2"]

[[card]]
id = "T240"
type = "upgrade"
slot = "tech"
name = "Cloaking Device"
factions = ["federation"]
cost = 4
sets = ["set1"]
[[card.rules.cost_modifiers]]
amount = 5
unless = { kind = "ship-name", any = ["U.S.S. Defiant"] }

[[card]]
id = "C1"
type = "upgrade"
slot = "crew"
name = "Worf"
factions = ["federation"]
cost = 3
unique = true
sets = ["set1"]

[[card]]
id = "Q1"
type = "upgrade"
name = "Emergency Medical Hologram"
factions = ["federation"]
cost = 2
unique = true
sets = ["set1"]
[card.rules]
either_slot = ["crew", "tech"]

[[card]]
id = "B1"
type = "upgrade"
slot = "borg"
name = "Borg Alcove"
factions = ["borg"]
cost = 4
sets = ["set2"]

[[card]]
id = "W1"
type = "upgrade"
slot = "weapon"
name = "Ramming Attack"
factions = ["independent"]
cost = 3
sets = ["set2"]
[card.rules]
restrictions = [{ kind = "hull-at-most", value = 3 }]

[[card]]
id = "R003"
type = "resource"
name = "Reinforcements Sideboard"
factions = []
cost = 10
sets = ["set1"]

[[card]]
id = "R900"
type = "resource"
name = "Shield Lattice"
factions = []
cost = 1
sets = ["set1"]
rules = { cost_from_fleet = { stat = "shields", starting = true, half_total = true } }

[[card]]
id = "R901"
type = "resource"
name = "Power Relay"
factions = []
cost = 2
sets = ["set1"]
rules = { cost_from_fleet = { stat = "hull", base = 1, per_ship = 3, above = 4 } }

[[card]]
id = "R004"
type = "resource"
name = "Flagship"
factions = []
cost = 10
sets = ["set1"]

[[card]]
id = "R004a"
type = "flagship"
name = "Romulan"
factions = ["romulan"]
cost = 10
unique = true
sets = ["set1"]

[[card]]
id = "R004f"
type = "flagship"
name = "Independent (Romulan)"
factions = ["independent"]
cost = 10
unique = true
op_banned = true
sets = ["set1"]
[card.rules]
adds_factions = ["independent"]
adds_slots = [{ slot = ["weapon"] }, { slot = ["crew"] }]

[[card]]
id = "S3"
type = "ship"
name = "Dominion Ship"
factions = ["dominion"]
cost = 30
unique = true
class = "breen"
hull = 4
slots = ["crew", "tech", "weapon"]
sets = ["set2"]
[card.rules]
no_admiral = true

[[card]]
id = "Cap4"
type = "captain"
name = "Luaran"
factions = ["dominion"]
cost = 2
unique = true
sets = ["set2"]
[[card.rules.discounts]]
amount = -2
applies_to = { factions = ["dominion"] }
max_cards = 1

[[card]]
id = "C2"
type = "upgrade"
slot = "crew"
name = "Dominion Crewman"
factions = ["dominion"]
cost = 3
sets = ["set2"]
[card.rules]
fleet_excludes = ["Worf"]

[[card]]
id = "T2"
type = "upgrade"
slot = "tech"
name = "Shroud"
factions = ["dominion"]
cost = 1
sets = ["set2"]

[[card]]
id = "W2"
type = "upgrade"
slot = "weapon"
name = "Energy Dissipator"
factions = ["dominion"]
cost = 5
sets = ["set2"]
[[card.rules.cost_modifiers]]
amount = 5
when = { kind = "not", not = { kind = "ship-class", any = ["breen"] } }

[[card]]
id = "S4"
type = "ship"
name = "Balance"
factions = ["federation"]
cost = 20
unique = true
hull = 3
slots = ["crew", "crew"]
sets = ["set1"]
[[card.rules.set_costs]]
amount = 0
applies_to = { names = ["Worf"] }

[[set]]
id = "set1"
name = "Set One"
release_date = "2013-01-01"

[[set]]
id = "set2"
name = "Set Two"
release_date = "2015-01-01"
"#;

fn db() -> Database {
    let formats = include_str!("../../../data/staw/formats.toml");
    Database::from_files([
        ("cards.toml".to_string(), CARDS.to_string()),
        ("formats.toml".to_string(), formats.to_string()),
    ])
    .unwrap()
}

fn check(text: &str) -> Checked {
    check_source(
        &db(),
        Source {
            path: "t.toml".into(),
            text: text.into(),
        },
        &CheckOptions {
            today: "2020-01-01".into(),
            ..CheckOptions::default()
        },
    )
}

fn codes(c: &Checked) -> Vec<&str> {
    c.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

fn line_of(c: &Checked, code: &str) -> usize {
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == code)
        .unwrap();
    c.source
        .as_ref()
        .unwrap()
        .line_col(d.span.clone().unwrap().start)
        .0
}

// The resources priced from the fleet (`cost_from_fleet`), on the cards
// of `CARDS`.
#[path = "staw_resource_tests.rs"]
mod resource;

#[test]
fn admiral_of_another_faction_pays_three() {
    let c = check(
        "[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\nadmiral = \"K'Mpec\"\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(r.total, Some(35));
    let adm = &r.ships[0].cards[1];
    assert_eq!((adm.base, adm.cost), (4, 7));
    assert_eq!(adm.modifiers[0].kind, "faction-penalty");
    assert_eq!(adm.modifiers[0].amount, 3);
}

#[test]
fn ship_penalty_and_generic_captain() {
    let c = check("[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Federation\"\n[[ship]]\nship = \"U.S.S. Defiant\"\nupgrades = [\"T240\"]\n");
    let r = c.finish();
    // Generic 0-cost captain pays no penalty on a Klingon ship.
    assert_eq!(r.ships[0].total, 20);
    // The Defiant's own cloak has no surcharge there.
    assert_eq!(r.ships[1].total, 28);
    assert_eq!(codes(&c), ["no-captain"]);
}

#[test]
fn cloak_off_the_defiant_pays_both_penalties() {
    let c =
        check("[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\nupgrades = [\"T240\"]\n");
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(line_of(&c, "slot"), 4);
    let r = c.finish();
    let cloak = &r.ships[0].cards[1];
    let kinds: Vec<_> = cloak
        .modifiers
        .iter()
        .map(|m| (m.kind.as_str(), m.amount))
        .collect();
    assert_eq!(kinds, [("ship-penalty", 5), ("faction-penalty", 1)]);
    assert_eq!(cloak.cost, 10);
}

#[test]
fn captain_discount_and_either_slot() {
    // Gowron: crew upgrades cost -1. The hologram fits crew (discounted) or
    // tech; the Gr'oth has one crew slot and no tech slot.
    let c = check("[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\nupgrades = [\"Emergency Medical Hologram\"]\n");
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    let h = &r.ships[0].cards[1];
    assert_eq!(h.slot.as_deref(), Some("crew"));
    let kinds: Vec<_> = h
        .modifiers
        .iter()
        .map(|m| (m.kind.as_str(), m.amount))
        .collect();
    assert_eq!(kinds, [("discount", -1), ("faction-penalty", 1)]);
    assert_eq!(h.cost, 2);
}

#[test]
fn restriction_and_unique_and_slot() {
    let c = check("[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\nupgrades = [\"Ramming Attack\"]\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\nupgrades = [\"Worf\", \"Worf\"]\n");
    assert_eq!(codes(&c), ["restriction", "unique"]);
    assert_eq!(line_of(&c, "restriction"), 4);
    assert_eq!(line_of(&c, "unique"), 8);
    assert_eq!(c.exit_code(), 1);
}

#[test]
fn sideboard_prices_without_a_ship() {
    let c = check("resource = \"Reinforcements Sideboard\"\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\n[sideboard]\ntech = \"T240\"\ncrew = [\"Worf\", \"Emergency Medical Hologram\"]\nweapon = \"Borg Alcove\"\nadmiral = \"K'Mpec\"\n");
    assert_eq!(
        codes(&c),
        [
            "sideboard-cap",
            "sideboard-slot",
            "sideboard-borg",
            "sideboard-slot"
        ]
    );
    let r = c.finish();
    let sb = r.sideboard.unwrap();
    assert_eq!(sb.cards[0].card.cost, 9);
    assert_eq!(sb.total, 9 + 3 + 2 + 4 + 4);
    assert_eq!(sb.cap, 20);
    assert_eq!(r.total, Some(28 + 10));
}

#[test]
fn sideboard_needs_its_resource() {
    let c = check("[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\n[sideboard]\ntech = \"T240\"\n");
    assert_eq!(codes(&c), ["sideboard-resource"]);
    assert_eq!(line_of(&c, "sideboard-resource"), 4);
}

#[test]
fn flagship_is_paid_on_its_ship() {
    let c = check("resource = \"Flagship\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\nflagship = \"Independent (Romulan)\"\nupgrades = [\"Ramming Attack\", \"Ramming Attack\"]\n");
    let r = c.finish();
    // 20 + 4 + 10 + 2 x (3, independent on an independent flagship: no penalty)
    assert_eq!(r.ships[0].total, 40);
    assert_eq!(r.resource.as_ref().unwrap().cost, 0);
    assert_eq!(r.total, Some(40));
    assert_eq!(codes(&c), ["restriction", "restriction"]);
}

#[test]
fn unassigned_flagship_is_charged_to_the_fleet() {
    let c = check(
        "resource = \"Flagship\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\n",
    );
    assert_eq!(codes(&c), ["resource-unassigned"]);
    assert_eq!(c.finish().total, Some(34));
    assert_eq!(c.exit_code(), 0);
}

#[test]
fn input_errors_are_all_reported_and_stop_pricing() {
    let c = check("[[ship]]\nship = \"U.S.S. Defaint\"\ncaptain = \"Benjamin Sisco\"\nupgrades = [3, \"Worf\"]\n");
    assert_eq!(codes(&c), ["unknown-card", "unknown-card", "shape"]);
    assert_eq!(line_of(&c, "shape"), 4);
    assert_eq!(c.exit_code(), 2);
    assert!(c.finish().total.is_none());
    assert_eq!(c.diagnostics[0].help, ["did you mean 'U.S.S. Defiant'?"]);
}

#[test]
fn card_pool_by_date() {
    let c = check("format = \"tournament-2014\"\nas_of = \"2014-06-01\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\n");
    assert_eq!(codes(&c), ["card-pool", "card-pool"]);
    assert_eq!(line_of(&c, "card-pool"), 4);
}

#[test]
fn sp_cap_from_the_file() {
    let c = check("sp_cap = 20\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\n");
    assert_eq!(codes(&c), ["sp-cap"]);
    // On the card that takes the total over the cap: the captain.
    assert_eq!(line_of(&c, "sp-cap"), 4);
    assert_eq!(c.finish().cap, Some(20));
}

/// The real formats file plus one format no real one is: no resource
/// allowed, organised-play bans enforced.
fn strict_db() -> Database {
    let formats = include_str!("../../../data/staw/formats.toml");
    let strict = r#"
[[format]]
id = "strict"
name = "Strict test format"
sp_cap = 100
max_resources = 0
exclude_op_banned = true
"#;
    Database::from_files([
        ("cards.toml".to_string(), CARDS.to_string()),
        ("formats.toml".to_string(), formats.to_string()),
        ("strict.toml".to_string(), strict.to_string()),
    ])
    .unwrap()
}

#[test]
fn resource_count_and_op_banned_in_a_strict_format() {
    let text = "format = \"strict\"\nresource = \"Flagship\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\nflagship = \"Independent (Romulan)\"\n";
    let c = check_source(
        &strict_db(),
        Source {
            path: "t.toml".into(),
            text: text.into(),
        },
        &CheckOptions {
            today: "2020-01-01".into(),
            ..CheckOptions::default()
        },
    );
    assert_eq!(codes(&c), ["resource-count", "op-banned"]);
    assert_eq!(line_of(&c, "resource-count"), 2);
    assert_eq!(line_of(&c, "op-banned"), 6);
}

#[test]
fn limited_discount_goes_where_it_saves_most() {
    // Luaran: one Dominion upgrade -2. Shroud (1) would save 1, the
    // crewman (3) saves 2.
    let c = check("[[ship]]\nship = \"Dominion Ship\"\ncaptain = \"Luaran\"\nupgrades = [\"Shroud\", \"Dominion Crewman\"]\n");
    let r = c.finish();
    let mods = |i: usize| {
        r.ships[0].cards[i]
            .modifiers
            .iter()
            .map(|m| (m.kind.as_str(), m.amount))
            .collect::<Vec<_>>()
    };
    assert_eq!(mods(1), []);
    assert_eq!(mods(2), [("discount", -2)]);
    assert_eq!(r.total, Some(30 + 2 + 1 + 1));
}

#[test]
fn fixed_cost_from_another_card_is_final() {
    let r = check("[[ship]]\nship = \"Balance\"\ncaptain = \"Gowron\"\nupgrades = [\"Worf\"]\n")
        .finish();
    let worf = &r.ships[0].cards[1];
    // Gowron's crew discount and the faction penalty do not apply.
    let kinds: Vec<_> = worf
        .modifiers
        .iter()
        .map(|m| (m.kind.as_str(), m.amount))
        .collect();
    assert_eq!(kinds, [("set-cost", -3)]);
    assert_eq!(worf.cost, 0);
}

#[test]
fn negated_conditions_on_a_ship_and_on_the_sideboard() {
    // "+5 SP for any non-Breen ship": not on the Breen ship, yes on the
    // sideboard (no ship is a Breen ship).
    let c = check("resource = \"Reinforcements Sideboard\"\n[[ship]]\nship = \"Dominion Ship\"\ncaptain = \"Luaran\"\nupgrades = [\"Energy Dissipator\"]\n[sideboard]\nweapon = \"Energy Dissipator\"\n");
    let r = c.finish();
    assert_eq!(r.ships[0].cards[1].cost, 5 - 2);
    assert_eq!(r.sideboard.unwrap().total, 10);
}

#[test]
fn fleet_exclusions_and_no_admiral_ships() {
    let c = check("[[ship]]\nship = \"Dominion Ship\"\ncaptain = \"Luaran\"\nadmiral = \"K'Mpec\"\nupgrades = [\"Dominion Crewman\"]\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\nupgrades = [\"Worf\"]\n");
    assert_eq!(codes(&c), ["restriction", "restriction"]);
    assert_eq!(line_of(&c, "restriction"), 2);
    assert_eq!(
        c.diagnostics[0].message,
        "Dominion Ship (S3) allows no admiral on its ship, but ship 1 (Dominion Ship) has the \
         admiral K'Mpec (A1)"
    );
    assert_eq!(
        c.diagnostics[1].message,
        "Dominion Crewman (C2) on ship 1 (Dominion Ship) may not be in the same fleet as Worf (C1) \
         on ship 2 (U.S.S. Defiant)"
    );
}

#[test]
fn the_fingerprint_is_left_out_only_when_asked() {
    let text = "[[ship]]\nship = \"U.S.S. Defiant\"\n";
    let source = || Source {
        path: "t.toml".into(),
        text: text.into(),
    };
    let opts = |skip_fingerprint| CheckOptions {
        today: "2020-01-01".into(),
        skip_fingerprint,
        ..CheckOptions::default()
    };
    let with = check_source(&db(), source(), &opts(false));
    let without = check_source(&db(), source(), &opts(true));
    let print = with.report.fingerprint.clone().expect("a fingerprint");
    assert_eq!(print.len(), 12, "{print}");
    assert_eq!(without.report.fingerprint, None);
    // Nothing else of the report changes.
    let mut same = with.report.clone();
    same.fingerprint = None;
    assert_eq!(
        serde_json::to_value(&same).unwrap(),
        serde_json::to_value(&without.report).unwrap()
    );
}
