//! The Utopia importer on the project's own raw data set,
//! `tests/fixtures/utopia/raw` (invented cards and sentences in Utopia's
//! layout, see its README): a fresh import is exactly
//! `tests/fixtures/utopia/imported`, every rule kind the importer reads is
//! in it, two imports are byte-identical, hand corrections survive a
//! re-import, and broken raw data (malformed JSON, missing fields and
//! files, unknown values) fails with exit 2, naming the file and card, and
//! writes nothing. The same checks on the real raw data are in the
//! reference tier (`tests/reference/import.rs`).

use crate::import::{fc, root, tree};
use crate::raw_import::{entry, RawSet};
use fleetcheck_data::model::{
    AddSlot, CardFilter, Condition, CostFromShip, CostModifier, Discount, PenaltyRule, Scope,
};
use fleetcheck_data::Database;
use fleetcheck_dev::import;
use std::path::PathBuf;
use std::sync::OnceLock;

fn fixture() -> PathBuf {
    root().join("tests/fixtures/utopia")
}

fn raw_dir() -> PathBuf {
    fixture().join("raw")
}

fn corrections() -> String {
    std::fs::read_to_string(fixture().join("corrections.toml")).unwrap()
}

/// The hand-written formats file kept beside the imported fixture.
fn formats() -> Vec<u8> {
    std::fs::read(fixture().join("imported/formats.toml")).unwrap()
}

/// One fresh import of the fixture with its corrections.
fn fresh() -> &'static import::Imported {
    static FRESH: OnceLock<import::Imported> = OnceLock::new();
    FRESH.get_or_init(|| import::import_utopia(&raw_dir(), Some(&corrections())).unwrap())
}

/// The imported fixture, as a database.
fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::from_dir(&fixture().join("imported")).unwrap())
}

#[test]
fn a_fresh_import_is_exactly_the_committed_result() {
    let t = tempfile::tempdir().unwrap();
    let out = set().out_dir(&t);
    let r = crate::support::Dev::new()
        .args(["import-utopia"])
        .arg(raw_dir())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&r.stdout).to_string();
    assert_eq!(r.status.code(), Some(0), "{stdout}");
    let committed = fixture().join("imported");
    if std::env::var_os("UPDATE_UTOPIA_FIXTURE").is_some() {
        let _ = std::fs::remove_dir_all(&committed);
        std::fs::create_dir_all(&committed).unwrap();
        for (path, bytes) in tree(&out) {
            let p = committed.join(&path);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, bytes).unwrap();
        }
    }
    let got = tree(&out);
    let want = tree(&committed);
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "the files of a fresh import (regenerate with UPDATE_UTOPIA_FIXTURE=1)"
    );
    for (path, bytes) in &got {
        assert!(
            bytes == &want[path],
            "imported/{path} differs from a fresh import (regenerate with \
             UPDATE_UTOPIA_FIXTURE=1 cargo test import_fixture)"
        );
    }
    // What the importer says it did.
    for line in [
        "imported 40 cards into ",
        "excluded 4 raw entries (excluded.toml)",
        "note: Cap9008 (Sela Brin) is listed 2 times in captains.json: kept once with alias ids \
         Cap9008b, sets united",
        "rule phrases: 22 of 23 cards fully modeled (95.7%); restriction/cost phrases: 9 of 10 \
         (90%)",
    ] {
        assert!(stdout.contains(line), "{line:?} not in\n{stdout}");
    }
    // The imported fixture is a valid database.
    let r = fc(&root())
        .args(["data", "check", "--data"])
        .arg(&committed)
        .output()
        .unwrap();
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stdout)
    );
}

/// Every rule kind of `model::Rules` that the importer can fill (and
/// `captains`, which only a correction sets) is in the fixture, on exactly
/// these many cards.
#[test]
fn every_rule_kind_is_in_the_fixture() {
    let by_kind: Vec<(&str, usize)> = fresh()
        .coverage
        .by_kind
        .iter()
        .map(|(k, n)| (k.as_str(), *n))
        .collect();
    assert_eq!(
        by_kind,
        [
            ("adds_factions", 1),
            ("adds_slots", 5),
            ("captains", 1),
            ("cost_from_ship", 1),
            ("cost_modifiers", 1),
            ("discounts", 2),
            ("either_slot", 1),
            ("extra_admirals", 1),
            ("fleet_excludes", 1),
            ("max_per_ship", 4),
            ("no_admiral", 2),
            ("no_ambassador", 1),
            ("no_slot", 1),
            ("no_slot_for", 1),
            ("penalty", 3),
            ("restrictions", 6),
            ("set_costs", 1),
            ("ship_limits", 1),
            ("slot_terms", 2),
            ("slots_also", 1),
            ("squadrons", 1),
            ("unmodeled", 1),
        ]
    );
    let c = &fresh().coverage;
    assert_eq!((c.cards, c.helpers), (40, 2));
    assert_eq!((c.cards_with_rule_phrases, c.fully_modeled), (23, 22));
    assert_eq!(
        (
            c.cards_with_restriction_or_cost_phrases,
            c.restriction_or_cost_fully_modeled
        ),
        (10, 9)
    );
}

fn card(id: &str) -> &'static fleetcheck_data::model::Card {
    db().by_id(id)
        .unwrap_or_else(|| panic!("card {id} is missing from the imported fixture"))
}

/// Each invented sentence becomes the rule it words, exactly.
#[test]
fn each_sentence_becomes_its_rule() {
    // cost_modifiers: "+5 SP for any ship other than the U.S.S. Testbed".
    assert_eq!(
        card("T9001").rules.cost_modifiers,
        [CostModifier {
            amount: 5,
            when: None,
            unless: Some(Condition::ShipName {
                any: vec!["U.S.S. Testbed".into()]
            }),
        }]
    );
    // cost_from_ship: the ship's Primary Weapon Value +1.
    assert_eq!(
        card("W9001").rules.cost_from_ship,
        Some(CostFromShip {
            stat: "attack".into(),
            plus: 1
        })
    );
    // restrictions: a flag (Romulan ship), a hull flag and text, a class
    // fact (no rear arc).
    assert_eq!(
        card("T9002").rules.restrictions,
        [Condition::ShipFaction {
            any: vec!["romulan".into()]
        }]
    );
    assert_eq!(
        card("W9002").rules.restrictions,
        [
            Condition::HullAtMost { value: 3 },
            Condition::ShipFaction {
                any: vec!["klingon".into()]
            }
        ]
    );
    assert_eq!(
        card("T9005").rules.restrictions,
        [Condition::Not {
            not: Box::new(Condition::RearArc)
        }]
    );
    // max_per_ship: from the text and from the OnePerShip flag.
    assert_eq!(card("T9002").rules.max_per_ship, Some(1));
    assert_eq!(card("C9001").rules.max_per_ship, Some(1));
    // no_slot, either_slot.
    assert!(card("C9001").rules.no_slot);
    assert_eq!(card("Q9001").rules.either_slot, ["crew", "tech"]);
    assert_eq!(card("Q9001").slot, None);
    // adds_slots with slot_terms: a weapon slot for cards of 4 SP or less.
    assert_eq!(card("T9003").rules.adds_slots.len(), 1);
    let AddSlot {
        slot, count, only, ..
    } = &card("T9003").rules.adds_slots[0];
    assert_eq!((slot.as_slice(), *count), (&["weapon".to_string()][..], 1));
    assert_eq!(only.as_ref().and_then(|o| o.max_cost), Some(4));
    // adds_slots from structured fields: the flagship's and fleet captain's.
    let slots = |id: &str| -> Vec<Vec<String>> {
        card(id)
            .rules
            .adds_slots
            .iter()
            .map(|a| a.slot.clone())
            .collect()
    };
    assert_eq!(slots("R9004a"), [vec!["talent"], vec!["tech"]]);
    assert_eq!(slots("R9010a"), [vec!["weapon"], vec!["talent"]]);
    assert_eq!(slots("Con9001"), [vec!["tech"]]);
    // talent_permissions: a talent slot for one named card.
    assert_eq!(
        card("Cap9005").rules.adds_slots[0].only,
        Some(CardFilter {
            names: vec!["Rapid Drill".into()],
            ..Default::default()
        })
    );
    // discounts, and the discount choices (one card per listed slot).
    assert_eq!(
        card("Cap9001").rules.discounts,
        [Discount {
            amount: -1,
            scope: Scope::Ship,
            applies_to: CardFilter {
                slots: vec!["crew".into()],
                ..Default::default()
            },
            min: None,
            when: None,
            max_cards: None,
            exceed_restrictions: false,
        }]
    );
    let choices: Vec<(i32, Option<u32>, Vec<String>)> = card("E9003")
        .rules
        .discounts
        .iter()
        .map(|d| (d.amount, d.max_cards, d.applies_to.slots.clone()))
        .collect();
    assert_eq!(
        choices,
        [
            (-2, Some(1), vec!["tech".to_string()]),
            (-2, Some(1), vec!["weapon".to_string()]),
            (-2, Some(1), vec!["crew".to_string()]),
        ]
    );
    // set_costs: Iron Resolve for 0 SP on this captain's ship.
    let set = &card("Cap9007").rules.set_costs;
    assert_eq!(set.len(), 1);
    assert_eq!(
        (set[0].amount, &set[0].applies_to.names),
        (0, &vec!["Iron Resolve".to_string()])
    );
    // no_slot_for: the named card needs no slot on this ship.
    assert_eq!(
        card("S9004").rules.no_slot_for,
        [CardFilter {
            names: vec!["Cloak Prototype".into()],
            ..Default::default()
        }]
    );
    // penalty: from text, from the factionPenalty flag.
    assert_eq!(card("Cap9004").rules.penalty, [PenaltyRule::NoPenalty]);
    assert_eq!(card("C9003").rules.penalty, [PenaltyRule::NoPenalty]);
    // adds_factions, fleet_excludes, no_admiral, no_ambassador.
    assert_eq!(card("T9004").rules.adds_factions, ["independent"]);
    assert_eq!(card("S9003").rules.fleet_excludes, ["I.K.S. Fixture"]);
    assert!(card("S9001").rules.no_admiral);
    assert!(card("S9004").rules.no_admiral && card("S9004").rules.no_ambassador);
    // ship_limits: weapons of 4 SP or less on this ship.
    let limits = &card("S9002").rules.ship_limits;
    assert_eq!(limits.len(), 1);
    // slots_also: crew and tech slots also take a weapon.
    let also = &card("Cap9006").rules.slots_also;
    assert_eq!(
        (also[0].slots.clone(), also[0].also.clone()),
        (
            vec!["crew".to_string(), "tech".to_string()],
            vec!["weapon".to_string()]
        )
    );
    // extra_admirals: one more Federation admiral of 4 SP or less while
    // on the fixture's cruiser class.
    let extra = &card("A9001").rules.extra_admirals[0];
    assert_eq!(extra.count, 1);
    assert_eq!(extra.applies_to.max_cost, Some(4));
    assert_eq!(
        extra.when,
        Some(Condition::ShipClass {
            any: vec!["fx_cruiser".into()]
        })
    );
    // squadrons: one attack squadron, bare.
    let sq = card("R9005").rules.squadrons.as_ref().unwrap();
    assert_eq!((sq.max, sq.bare), (1, true));
    // species: "counts as a Gorn Captain".
    assert_eq!(card("Cap9002").species, ["gorn"]);
    // unmodeled: a cost counted per card, kept as its kind only.
    assert_eq!(card("C9002").rules.unmodeled, ["cost"]);
    // Corrections: captains set, cost errata, a card dropped.
    assert_eq!(card("S9003").rules.captains, Some(0));
    assert_eq!(card("E9002").cost, 5);
    assert!(db().by_id("W9003").is_none());
}

/// The raw data's quirks: invalid dates, duplicates, helpers, exclusions.
#[test]
fn raw_quirks_are_handled_and_said() {
    let sets = std::fs::read_to_string(fixture().join("imported/sets.toml")).unwrap();
    assert!(
        sets.contains("release_date = \"2014-06-30\"\nrelease_date_raw = \"2014-06-31\""),
        "{sets}"
    );
    assert!(
        sets.contains("release_date = \"2015-02-03\"\nrelease_date_raw = \"2015-2-3\""),
        "{sets}"
    );
    // One card listed twice and under two ids: one card, sets united.
    let sela = card("Cap9008b");
    assert_eq!(sela.id, "Cap9008");
    assert_eq!(sela.alias_ids, ["Cap9008b"]);
    assert_eq!(sela.sets, ["9101", "9102"]);
    // Helpers of another game mode are cards, marked, in no card pool.
    assert!(card("AP9001").helper && card("AP9002").helper);
    let excluded = std::fs::read_to_string(fixture().join("imported/excluded.toml")).unwrap();
    for (id, why) in [
        ("Q9002", "UTOPIA USE ONLY"),
        ("faction_fixture", "faction pseudo-card"),
        ("rule_fixture", "rules reference token"),
        ("W9003", "test: a card left out by hand"),
    ] {
        let at = excluded
            .find(&format!("id = \"{id}\""))
            .unwrap_or_else(|| panic!("{id} not excluded:\n{excluded}"));
        let entry = &excluded[at..excluded[at..]
            .find("\n\n")
            .map_or(excluded.len(), |e| at + e)];
        assert!(entry.contains(why), "{id}: {entry}");
    }
    // No ability text is stored: none of the play sentences, no markup.
    for (path, bytes) in tree(&fixture().join("imported")) {
        let text = String::from_utf8(bytes).unwrap();
        for bad in [
            "ACTION",
            "Token beside",
            "<b>",
            "<img",
            "Range 1",
            "HOW TO USE",
        ] {
            assert!(!text.contains(bad), "imported/{path} holds {bad:?}");
        }
    }
}

#[test]
fn import_is_deterministic_and_keeps_hand_files() {
    set().assert_deterministic();
}

#[test]
fn corrections_survive_a_reimport_and_bad_ones_fail() {
    let t = tempfile::tempdir().unwrap();
    let out = set().out_dir(&t);
    let extra =
        "\n[[correction]]\nid = \"T9001\"\nreason = \"test: errata\"\nno_evidence = \"errata\"\nset = { cost = 6 }\n\n\
                 [[correction]]\nid = \"C9003\"\nreason = \"test: drop\"\nno_evidence = \"errata\"\ndrop = true\n\n\
                 [[correction]]\nid = \"Cap9008b\"\nreason = \"test: by alias\"\nno_evidence = \"errata\"\n\
                 rules = { unmodeled = [\"slot-swap\", \"cost\"] }\n";
    std::fs::write(out.join("corrections.toml"), corrections() + extra).unwrap();
    for _ in 0..2 {
        import::run(&raw_dir(), &out).unwrap();
        let db = Database::from_dir(&out).unwrap();
        assert_eq!(db.by_id("T9001").unwrap().cost, 6);
        assert!(db.by_id("C9003").is_none());
        // Tags in vocabulary order, whatever the order written.
        assert_eq!(
            db.by_id("Cap9008").unwrap().rules.unmodeled,
            ["cost", "slot-swap"]
        );
        // The fixture's own corrections hold too.
        assert_eq!(db.by_id("E9002").unwrap().cost, 5);
        let ex = std::fs::read_to_string(out.join("excluded.toml")).unwrap();
        assert!(ex.contains("test: drop"));
        // The corrections file itself is kept as written.
        assert_eq!(
            std::fs::read_to_string(out.join("corrections.toml")).unwrap(),
            corrections() + extra
        );
    }
    // A correction of an unknown card, a sentence where a tag goes, an
    // unknown field: each refused, naming it, and nothing is written.
    set().assert_unknown_correction_refused(&out);
    for (bad, want) in [
        (
            "[[correction]]\nid = \"C9002\"\nreason = \"x\"\nno_evidence = \"errata\"\n\
             add_rules = { unmodeled = [\"Quartermaster costs more.\"] }\n",
            "corrections.toml: card C9002: `unmodeled` holds \"Quartermaster costs more.\", \
             which is no unmodeled tag",
        ),
        (
            "[[correction]]\nid = \"C9002\"\nreason = \"x\"\nno_evidence = \"errata\"\nset = { price = 1 }\n",
            "unknown field `price`",
        ),
    ] {
        std::fs::write(out.join("corrections.toml"), bad).unwrap();
        let before = tree(&out);
        let e = import::run(&raw_dir(), &out).unwrap_err().to_string();
        assert!(
            e.contains("corrections.toml") && e.contains(want),
            "{want:?} not in {e}"
        );
        assert_eq!(tree(&out), before);
    }
}

#[test]
fn unmodeled_from_quotes_the_fixture_source() {
    let out = crate::support::Dev::new()
        .args(["unmodeled", "--data", "tests/fixtures/utopia/imported"])
        .args(["--from", "tests/fixtures/utopia/raw"])
        .args(["-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v = crate::support::assert_valid_json(&String::from_utf8_lossy(&out.stdout));
    let list = v["data"]["unmodeled"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["id"], "C9002");
    assert_eq!(list[0]["tags"][0]["tag"], "cost");
    assert_eq!(
        list[0]["tags"][0]["phrases"],
        serde_json::json!([
            "This Upgrade costs +1 SP for each other Upgrade equipped to this ship."
        ])
    );
}

// ---- bad input ------------------------------------------------------------------

/// The fixture as a raw data set with its hand files.
fn set() -> RawSet {
    RawSet {
        raw: raw_dir(),
        corrections: corrections(),
        formats: formats(),
    }
}

#[test]
fn malformed_json_names_the_file_and_line() {
    let raw = set().copy();
    let p = raw.path().join("upgrades.json");
    let text = std::fs::read_to_string(&p).unwrap();
    std::fs::write(&p, &text[..text.len() / 2]).unwrap();
    set().assert_import_fails(raw.path(), &["upgrades.json: malformed: ", "at line"]);
    let raw = set().copy();
    std::fs::write(raw.path().join("ships.json"), "{\"ships\": []}").unwrap();
    set().assert_import_fails(
        raw.path(),
        &["ships.json: malformed: the file does not hold a JSON array"],
    );
    let raw = set().copy();
    std::fs::write(raw.path().join("admirals.json"), "[3]").unwrap();
    set().assert_import_fails(
        raw.path(),
        &["admirals.json: malformed: entry 0 is not an object"],
    );
}

#[test]
fn missing_fields_and_files_are_named() {
    let raw = set().edited("captains.json", |v| {
        entry(v, "Cap9004")
            .as_object_mut()
            .unwrap()
            .remove("id")
            .unwrap();
    });
    set().assert_import_fails(raw.path(), &["captains.json: malformed: entry 3 has no id"]);
    let raw = set().edited("ships.json", |v| {
        entry(v, "S9002").as_object_mut().unwrap().remove("type");
    });
    set().assert_import_fails(
        raw.path(),
        &["ships.json: card S9002: unknown card type \"\" for ships.json"],
    );
    let raw = set().copy();
    std::fs::remove_file(raw.path().join("admirals.json")).unwrap();
    set().assert_import_fails(raw.path(), &["admirals.json"]);
    let raw = set().copy();
    std::fs::remove_file(raw.path().join("sets.json")).unwrap();
    set().assert_import_fails(raw.path(), &["sets.json"]);
}

#[test]
fn unknown_field_values_name_the_card() {
    use serde_json::json;
    let set = set();
    set.assert_field_refused(
        "ships.json",
        "S9001",
        "type",
        json!("starbase"),
        &["ships.json", "S9001", "unknown card type \"starbase\""],
    );
    set.assert_field_refused(
        "upgrades.json",
        "T9001",
        "factions",
        json!(["gorn"]),
        &["upgrades.json", "T9001", "unknown faction \"gorn\""],
    );
    set.assert_field_refused(
        "upgrades.json",
        "W9002",
        "hullConstraint",
        json!("small"),
        &["W9002", "hullConstraint"],
    );
    set.assert_field_refused(
        "ships.json",
        "S9001",
        "upgrades",
        json!(["tech", "phaser"]),
        &["S9001", "unknown upgrade slot \"phaser\""],
    );
    set.assert_field_refused(
        "upgrades.json",
        "T9001",
        "set",
        json!(["nowhere"]),
        &["T9001", "set \"nowhere\""],
    );
    set.assert_field_refused(
        "upgrades.json",
        "T9001",
        "cost",
        json!("lots"),
        &["T9001", "field `cost` is not an integer"],
    );
}

#[test]
fn unclassifiable_question_card_is_an_error() {
    let raw = set().edited("upgrades.json", |v| {
        entry(v, "Q9001")["text"] = "Nothing about slots here.".into()
    });
    set().assert_import_fails(raw.path(), &["upgrades.json", "Q9001", "unclassifiable"]);
}

#[test]
fn a_card_listed_twice_must_agree_with_itself() {
    let raw = set().edited("captains.json", |v| {
        let list = v.as_array_mut().unwrap();
        let second = list
            .iter_mut()
            .filter(|c| c["name"] == "Sela Brin")
            .nth(1)
            .unwrap();
        second["cost"] = 3.into();
    });
    set().assert_import_fails(
        raw.path(),
        &[
            "captains.json",
            "Cap9008",
            "listed twice with different `cost`",
        ],
    );
}
