//! The committed card database and `data check`: counts, exclusions, no
//! ability text, coverage, the unmodeled listing, and the rules of the cards
//! the golden fleets use modeled as the rules say. The importer itself is
//! tested on the project's own raw fixture (`import_fixture.rs`) and, in the
//! reference tier, on the real raw data (`reference/import.rs`).

use assert_cmd::Command;
use fleetcheck_data::model::{
    AddSlot, Card, CardFilter, CardType, Condition, CostFromShip, CostModifier, Discount,
    PenaltyRule, Scope,
};
use fleetcheck_data::Database;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The committed database.
pub(crate) fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::from_dir(&root().join("data/staw")).unwrap())
}

pub(crate) fn card(id: &str) -> &'static Card {
    db().by_id(id)
        .unwrap_or_else(|| panic!("card {id} is missing"))
}

pub(crate) fn fc(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("fleetcheck").unwrap();
    c.env_remove("FLEETCHECK_COLLECTION");
    c.current_dir(dir).env_remove("NO_COLOR");
    c
}

/// `fleetcheck-dev unmodeled --data data/staw --from FROM`, run in the root.
pub(crate) fn unmodeled_from(from: impl AsRef<std::ffi::OsStr>) -> crate::support::Dev {
    let mut c = crate::support::Dev::new();
    c.args(["unmodeled", "--data", "data/staw", "--from"])
        .arg(from);
    c
}

/// Every file under `dir`, relative path -> bytes.
pub(crate) fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                let rel = p
                    .strip_prefix(base)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

// ---- the committed database --------------------------------------------------

#[test]
fn counts() {
    let mut by_type: BTreeMap<CardType, usize> = BTreeMap::new();
    for c in &db().cards {
        *by_type.entry(c.kind).or_default() += 1;
    }
    // 397 raw ships, S199 listed twice.
    assert_eq!(by_type[&CardType::Ship], 396);
    // 389 raw captains, the 24 "Player Captain" helpers of set 80000
    // included (marked helper).
    assert_eq!(by_type[&CardType::Captain], 389);
    assert_eq!(by_type[&CardType::Admiral], 44);
    assert_eq!(by_type[&CardType::Ambassador], 10);
    // 1435 raw upgrades less the UTOPIA USE ONLY cards, the three dropped
    // by corrections and six duplicate entries; the 94 set-80000/AP helpers
    // are in (marked helper).
    assert_eq!(by_type[&CardType::Upgrade], 1423);
    assert_eq!(by_type[&CardType::Resource], 42);
    assert_eq!(by_type[&CardType::Flagship], 8);
    assert_eq!(by_type[&CardType::FleetCaptain], 8);
    assert_eq!(by_type[&CardType::Officer], 4);
    assert_eq!(by_type[&CardType::ShipResource], 7);
    assert_eq!(by_type[&CardType::Construction], 4);
    assert_eq!(db().sets.len(), 253);
    // The builder helpers of another game mode: 24 captains, 94 upgrades.
    let helpers: Vec<&Card> = db().cards.iter().filter(|c| c.helper).collect();
    assert_eq!(helpers.len(), 118);
    assert_eq!(
        helpers
            .iter()
            .filter(|c| c.kind == CardType::Captain)
            .count(),
        24
    );
    // The default card pool keeps the brief's minimum counts.
    let pool = |t: CardType| {
        db().cards
            .iter()
            .filter(|c| c.kind == t && !c.helper)
            .count()
    };
    assert_eq!(
        (pool(CardType::Captain), pool(CardType::Upgrade)),
        (365, 1329)
    );
}

#[test]
fn excluded_helpers_are_listed_with_reasons() {
    let text = std::fs::read_to_string(root().join("data/staw/excluded.toml")).unwrap();
    let v: toml::Value = toml::from_str(&text).unwrap();
    let list = v["excluded"].as_array().unwrap();
    let reason = |id: &str| {
        list.iter()
            .find(|e| e["id"].as_str() == Some(id))
            .unwrap_or_else(|| panic!("{id} not excluded"))["reason"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(reason("Q037").contains("UTOPIA USE ONLY"));
    assert!(reason("C426").contains("UTOPIA USE ONLY"));
    assert!(reason("faction_federation").contains("faction"));
    assert!(reason("tribble_tokens").contains("token"));
    assert!(reason("C261").contains("Not a physical card"));
    for id in ["Q037", "faction_borg", "C261", "E063"] {
        assert!(db().by_id(id).is_none(), "{id} should not be a card");
    }
    // The helpers of another game mode are cards, marked and filed apart.
    assert_eq!(list.len(), 38);
    for id in ["AP1001", "AC0001", "AQ001", "AE001"] {
        assert!(
            list.iter().all(|e| e["id"].as_str() != Some(id)),
            "{id} is excluded"
        );
        let c = db().by_id(id).unwrap_or_else(|| panic!("{id} missing"));
        assert!(c.helper, "{id} is not marked helper");
        let i = db().index_of(id).unwrap();
        assert!(db().card_files[i].starts_with("cards/builder/"), "{id}");
    }
    // No card name is ambiguous because of a builder helper: names and
    // suggestions skip them.
    assert!(db().by_name("Player Captain").is_empty());
    let officers = db().by_name("Tactical Officer");
    assert!(officers.iter().any(|c| c.id == "R011b"));
    assert!(officers.iter().all(|c| !c.helper), "{officers:?}");
    assert!(db()
        .suggest("Player Captin", &[], 5)
        .iter()
        .all(|c| !c.helper));
    // Only helpers are marked.
    assert!(db()
        .cards
        .iter()
        .filter(|c| c.helper)
        .all(|c| c.sets == ["80000"] || c.id.starts_with("AP")));
}

#[test]
fn data_check_is_clean_on_the_committed_and_embedded_data() {
    let out = fc(&root())
        .args(["data", "check", "--data", "data/staw"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("no problems"));
    let out = fc(&root()).args(["data", "check"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn no_ability_text_or_markup_in_data() {
    for (path, bytes) in tree(&root().join("data/staw")) {
        let text = String::from_utf8(bytes).unwrap();
        for bad in [
            "<b>",
            "<img ",
            "WHEN ATTACKING",
            "WHEN DEFENDING",
            "ACTION:",
            "_text]",
            "imgur",
        ] {
            assert!(!text.contains(bad), "data/staw/{path} contains {bad:?}");
        }
    }
    // Unmodeled rules are kind tags, never the card's words.
    for c in &db().cards {
        for u in &c.rules.unmodeled {
            assert!(fleetcheck_data::unmodeled::is_tag(u), "{}: {u:?}", c.id);
        }
    }
    // No string of a generated card file is longer than a name: ability
    // text cannot hide in any field.
    fn strings<'a>(v: &'a toml::Value, out: &mut Vec<&'a str>) {
        match v {
            toml::Value::String(s) => out.push(s),
            toml::Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
            toml::Value::Table(t) => t.values().for_each(|x| strings(x, out)),
            _ => {}
        }
    }
    for (path, bytes) in tree(&root().join("data/staw/cards")) {
        let v: toml::Value = toml::from_str(std::str::from_utf8(&bytes).unwrap()).unwrap();
        let mut all = Vec::new();
        strings(&v, &mut all);
        for s in all {
            assert!(
                s.chars().count() <= fleetcheck_data::validate::MAX_STRING,
                "cards/{path}: {s:?}"
            );
        }
    }
}

#[test]
fn coverage_file_matches_the_cards() {
    let text = std::fs::read_to_string(root().join("data/staw/coverage.toml")).unwrap();
    let v: toml::Value = toml::from_str(&text).unwrap();
    let c = &v["coverage"];
    let unmodeled = db()
        .cards
        .iter()
        .filter(|c| !c.rules.unmodeled.is_empty())
        .count();
    let with = c["cards_with_rule_phrases"].as_integer().unwrap() as usize;
    let full = c["fully_modeled"].as_integer().unwrap() as usize;
    assert_eq!(c["cards"].as_integer().unwrap() as usize, db().cards.len());
    assert_eq!(with - full, unmodeled);
    assert_eq!(
        c["by_kind"]["unmodeled"].as_integer().unwrap() as usize,
        unmodeled
    );
}

#[test]
fn unmodeled_listing() {
    let run = |args: &[&str]| {
        let out = fc(&root())
            .args(["data", "check", "--data", "data/staw", "--unmodeled"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let json = run(&["-o", "json"]);
    let v = crate::support::assert_valid_json(&json);
    let v = &v["data"];
    let list = v["unmodeled"].as_array().unwrap();
    let expected = db()
        .cards
        .iter()
        .filter(|c| !c.rules.unmodeled.is_empty())
        .count();
    assert_eq!(list.len(), expected);
    // Gareb's cost taken from another card; B'Elanna Torres' discount per
    // unused printed slot is modeled.
    let gareb = list
        .iter()
        .find(|u| u["id"] == "Cap105")
        .expect("Gareb listed");
    assert_eq!(gareb["tags"][0]["tag"], "cost");
    assert_eq!(
        gareb["tags"][0]["description"],
        fleetcheck_data::unmodeled::description("cost").unwrap()
    );
    assert!(!list.iter().any(|u| u["id"] == "C357"));
    // Without --from, no phrases at all.
    assert!(!json.contains("\"phrases\""));
    insta::assert_snapshot!("data_check_unmodeled_json", json);
    let table = run(&[]);
    assert!(
        table.contains(&format!("{expected} cards with 21 unmodeled rules (")),
        "{table}"
    );
    insta::assert_snapshot!("data_check_unmodeled_table", table);
    let github = run(&["-o", "github"]);
    assert_eq!(github.lines().count(), 21, "{github}");
    assert!(
        github.contains("::notice::W222 Type 10 Phasers: unmodeled multi-slot: the card fills more than one Upgrade slot\n"),
        "{github}"
    );
}

#[test]
fn unmodeled_from_a_bad_folder_fails_before_any_output() {
    let t = tempfile::tempdir().unwrap();
    let out = unmodeled_from(t.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: cannot read the raw Utopia data in {} (--from): ",
            t.path().display()
        )) && err.contains("sets.json"),
        "{err}"
    );
    // The user's `data check` reads no raw data: --from is the maintainer's.
    let out = fc(&root())
        .args(["data", "check", "--unmodeled", "--from"])
        .arg(t.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--from'"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

// ---- bad input ------------------------------------------------------------------

#[test]
fn data_check_reports_problems_with_exit_1() {
    let t = tempfile::tempdir().unwrap();
    let d = t.path();
    std::fs::create_dir_all(d.join("cards")).unwrap();
    std::fs::write(
        d.join("sets.toml"),
        "[[set]]\nid = \"1\"\nname = \"Core\"\nrelease_date = \"2013-08-01\"\n",
    )
    .unwrap();
    std::fs::write(
        d.join("formats.toml"),
        "[[format]]\nid = \"standard\"\nname = \"Standard\"\n\n[[retirement]]\nresource = \"R999\"\nretired = \"2015-01-01\"\n",
    )
    .unwrap();
    std::fs::write(
        d.join("cards/x.toml"),
        "[[card]]\nid = \"S1\"\ntype = \"ship\"\nname = \"U.S.S. Test\"\nfactions = [\"federation\"]\ncost = 20\nsets = [\"1\"]\nclass = \"nope\"\n\n\
         [[card]]\nid = \"s1\"\ntype = \"upgrade\"\nname = \"X\"\nslot = \"tech\"\nfactions = [\"federation\"]\ncost = 1\nsets = [\"2\"]\n\
         rules = { unmodeled = [\"Testa costs -1 SP.\"] }\n",
    )
    .unwrap();
    let out = fc(&root())
        .args(["data", "check", "--data"])
        .arg(d)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    for e in [
        "cards/x.toml: S1: class \"nope\" is not in classes.toml",
        "cards/x.toml: s1: id s1 is also card S1",
        "cards/x.toml: s1: set \"2\" is not in sets.toml",
        "formats.toml: R999: retirement names no card",
        "cards/x.toml: s1: unmodeled holds \"Testa costs -1 SP.\", which is no unmodeled tag",
    ] {
        assert!(text.contains(e), "{e:?} not in\n{text}");
    }
    let out = fc(&root())
        .args(["data", "check", "-o", "json", "--data"])
        .arg(d)
        .output()
        .unwrap();
    let v = crate::support::assert_valid_json(&String::from_utf8_lossy(&out.stdout));
    let v = &v["data"];
    assert_eq!(v["ok"], false);
    assert_eq!(v["problems"].as_array().unwrap().len(), 5);
}

// ---- facts ------------------------------------------------------------------------

#[test]
fn facts_of_real_cards() {
    // S199 is listed twice: one card with every set.
    let s199 = card("S199");
    assert_eq!(s199.name, "Federation Starship");
    assert_eq!(s199.sets.len(), 7);
    // Array ids: one card, the other id an alias.
    assert_eq!(card("T308a").id, "T308");
    assert_eq!(card("E196a").id, "E196");
    // Names are trimmed.
    assert_eq!(card("Rs01").name, "Movars Ability");
    // Mirror Universe unique (golden own-unique-mirror-coexist).
    assert!(card("C096").mirror_unique && !card("C096").unique);
    assert!(card("C212").unique && !card("C212").mirror_unique);
    // Question cards: no slot, the choices in either_slot.
    assert_eq!(card("Q024").slot, None);
    assert_eq!(card("Q024").rules.either_slot, ["crew", "tech"]);
    // Captains without `talents` show none; `talent` is a misspelling.
    assert_eq!(card("Cap053").talents, Some(0));
    assert_eq!(card("Cap811").skill, None, "Borg Queen's skill is '*'");
    // Ships: class, stats, bar.
    let s180 = card("S180");
    assert_eq!(s180.class.as_deref(), Some("5003"));
    assert_eq!(s180.slots, ["tech", "weapon", "weapon", "crew", "crew"]);
    assert_eq!(
        (s180.attack, s180.agility, s180.hull, s180.shields),
        (Some(3), Some(2), Some(3), Some(4))
    );
    // Classes: S175's "Romulan Bird-of-Prey Class" is not 5007's "Romulan Bird-of-Prey".
    assert_eq!(
        card("S175").class.as_deref(),
        Some("romulan_bird_of_prey_class")
    );
    assert_eq!(card("S159").class.as_deref(), Some("5007"));
    assert_eq!(card("S106").class.as_deref(), Some("galaxy__class_mu"));
    // Oversized: Borg Cube and Nor class only.
    let oversized: Vec<&str> = db()
        .classes
        .iter()
        .filter(|c| c.oversized)
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(oversized, ["Nor Class Orbital Space Station", "Borg Cube"]);
    // Release dates.
    let s = db().set("75011").unwrap();
    assert_eq!(
        (s.release_date.as_str(), s.release_date_raw.as_deref()),
        ("2021-06-30", Some("2021-06-31"))
    );
    let s = db().set("75002").unwrap();
    assert_eq!(
        (s.release_date.as_str(), s.release_date_raw.as_deref()),
        ("2017-12-03", Some("2017-12-3"))
    );
    assert_eq!(db().set("71120").unwrap().release_date_raw, None);
}

// ---- rules of real cards (each kind) -------------------------------------------------

fn unless(amount: i32, c: Condition) -> CostModifier {
    CostModifier {
        amount,
        when: None,
        unless: Some(c),
    }
}

fn classes(ids: &[&str]) -> Condition {
    Condition::ShipClass {
        any: ids.iter().map(|s| s.to_string()).collect(),
    }
}

fn factions(f: &[&str]) -> Condition {
    Condition::ShipFaction {
        any: f.iter().map(|s| s.to_string()).collect(),
    }
}

#[test]
fn cost_modifiers() {
    // T240 Cloaking Device: 4 SP, +5 unless the U.S.S. Defiant.
    let t240 = card("T240");
    assert_eq!((t240.cost, t240.slot.as_deref()), (4, Some("tech")));
    assert_eq!(t240.factions, ["federation"]);
    assert_eq!(
        t240.rules.cost_modifiers,
        [unless(
            5,
            Condition::ShipName {
                any: vec!["U.S.S. Defiant".into()]
            }
        )]
    );
    // Q022 Romulan Ale: costRomulan "+3" flag, no slot.
    assert_eq!(
        card("Q022").rules.cost_modifiers,
        [unless(3, factions(&["romulan"]))]
    );
    assert!(card("Q022").rules.no_slot);
    // W103/W096 Phased Polaron Beam: +5 for any non-Jem'Hadar ship.
    let jh = classes(&["5014", "jem_hadar_battle_cruiser", "jem_hadar_battleship"]);
    assert_eq!(card("W103").rules.cost_modifiers, [unless(5, jh.clone())]);
    assert_eq!(card("W096").rules.cost_modifiers, [unless(5, jh)]);
    // W111 Energy Dissipator: +5 for any non-Breen ship.
    assert_eq!(
        card("W111").rules.cost_modifiers,
        [unless(5, classes(&["5013"]))]
    );
    // C193 Varel: +5 for any ship that is not a Romulan Science Vessel.
    assert_eq!(
        card("C193").rules.cost_modifiers,
        [unless(5, classes(&["5006"]))]
    );
    // T233: "non-Keldon class".
    assert_eq!(
        card("T233").rules.cost_modifiers,
        [unless(5, classes(&["5021"]))]
    );
    // E060: captain skill greater than 5.
    assert_eq!(
        card("E060").rules.cost_modifiers,
        [CostModifier {
            amount: 5,
            when: Some(Condition::CaptainSkillAtLeast { value: 6 }),
            unless: None
        }]
    );
    // T298: untitled class icons (corrected: Luna has no ships).
    assert_eq!(
        card("T298").rules.cost_modifiers,
        [unless(3, classes(&["intrepid_class", "sovereign_class"]))]
    );
}

#[test]
fn restrictions() {
    // Vulcan Commandos: a Vulcan ship only.
    assert_eq!(card("C101").rules.restrictions, [factions(&["vulcan"])]);
    // Ramming Attack: hull 3 or less.
    assert_eq!(
        card("W060").rules.restrictions,
        [Condition::HullAtMost { value: 3 }]
    );
    // Phased Polaron Beam W176 and Energy Dissipator W174: attack ships (flag).
    assert_eq!(card("W176").rules.restrictions, [classes(&["5014"])]);
    // Class flags, several.
    assert_eq!(
        card("T289").rules.restrictions,
        [classes(&["5018", "5020"])]
    );
    // "a Klingon Captain assigned to a Klingon ship": captain faction AND
    // ship faction.
    assert_eq!(
        card("E039").rules.restrictions,
        [
            Condition::CaptainFaction {
                any: vec!["klingon".into()]
            },
            factions(&["klingon"])
        ]
    );
    // "a Ferengi Captain assigned to a Ferengi ship".
    assert_eq!(
        card("E021").rules.restrictions,
        [
            Condition::CaptainFaction {
                any: vec!["ferengi".into()]
            },
            factions(&["ferengi"])
        ]
    );
    // Stat flags.
    assert_eq!(
        card("E237").rules.restrictions,
        [
            Condition::CaptainFaction {
                any: vec!["federation".into()]
            },
            Condition::CaptainSkillAtMost { value: 5 }
        ]
    );
    assert_eq!(
        card("W249").rules.restrictions,
        [Condition::AttackAtMost { value: 3 }]
    );
    assert!(card("Con002")
        .rules
        .restrictions
        .contains(&Condition::ShieldsAtLeast { value: 3 }));
    assert!(card("Con002")
        .rules
        .restrictions
        .contains(&Condition::UniqueShip));
    // Ship resources.
    assert_eq!(
        card("R039a").rules.restrictions,
        [Condition::CaptainSkillAtLeast { value: 5 }]
    );
    assert_eq!(
        card("Rs40").rules.restrictions,
        [Condition::HullAtMost { value: 3 }]
    );
    // "(Romulan Drone Ship Only)".
    assert_eq!(
        card("T158").rules.restrictions,
        [classes(&["romulan_drone_ship"])]
    );
    // E145: the [battlestations] action.
    assert_eq!(
        card("E145").rules.restrictions,
        [Condition::ShipAction {
            action: "battlestations".into()
        }]
    );
}

#[test]
fn slots_rules() {
    // Tactical Station: one per ship, adds a weapon slot.
    let w170 = card("W170");
    assert_eq!(w170.rules.max_per_ship, Some(1));
    assert_eq!(
        w170.rules.adds_slots,
        [AddSlot::plain(vec!["weapon".into()], 1)]
    );
    // No slot.
    assert!(card("Q034").rules.no_slot);
    assert!(card("E237").rules.no_slot);
    // Either slot: "any slot on your Upgrade Bar", read as every type and
    // corrected (corrections.toml) to the Upgrade Bar's [crew], [tech] and
    // [weapon] slots, the ones Utopia lets it fill.
    assert_eq!(card("T057").rules.either_slot, ["crew", "tech", "weapon"]);
    // Added slots with a choice.
    assert_eq!(
        card("C422").rules.adds_slots,
        [AddSlot::plain(vec!["tech".into(), "borg".into()], 1)]
    );
    // Calvin Hudson: a tech, weapon or crew slot.
    assert_eq!(
        card("Cap518").rules.adds_slots,
        [AddSlot::plain(
            vec!["tech".into(), "weapon".into(), "crew".into()],
            1
        )]
    );
    // Borg Alliance adds a borg slot (its non-Borg restriction is unmodeled).
    assert_eq!(
        card("E078").rules.adds_slots,
        [AddSlot::plain(vec!["borg".into()], 1)]
    );
    // Elim Garak C109 shows a talent icon.
    assert_eq!(card("C109").talents, Some(1));
}

#[test]
fn cost_from_ship() {
    assert_eq!(
        card("W231").rules.cost_from_ship,
        Some(CostFromShip {
            stat: "attack".into(),
            plus: 0
        })
    );
    assert_eq!(
        card("W223").rules.cost_from_ship,
        Some(CostFromShip {
            stat: "attack".into(),
            plus: 1
        })
    );
    assert_eq!(
        card("Con002").rules.cost_from_ship,
        Some(CostFromShip {
            stat: "hull".into(),
            plus: 2
        })
    );
}

fn discount(amount: i32, scope: Scope, slots: &[&str], factions: &[&str]) -> Discount {
    Discount {
        amount,
        scope,
        applies_to: CardFilter {
            slots: slots.iter().map(|s| s.to_string()).collect(),
            factions: factions.iter().map(|s| s.to_string()).collect(),
            ..CardFilter::default()
        },
        min: None,
        when: None,
        max_cards: None,
        exceed_restrictions: false,
    }
}

#[test]
fn discounts_and_penalties() {
    // Calvin Hudson: upgrades only, on an Independent ship.
    let mut calvin = discount(-1, Scope::Ship, &[], &[]);
    calvin.when = Some(factions(&["independent"]));
    assert_eq!(card("Cap518").rules.discounts, [calvin]);
    assert_eq!(card("Cap518").cost, 3);
    // Hugh: crew -1 and no penalty for Borg upgrades.
    let hugh = card("Cap424");
    assert_eq!(
        hugh.rules.discounts,
        [discount(-1, Scope::Ship, &["crew"], &[])]
    );
    assert_eq!(
        hugh.rules.penalty,
        [PenaltyRule::Waive {
            scope: Scope::Ship,
            applies_to: CardFilter {
                factions: vec!["borg".into()],
                ..CardFilter::default()
            },
            faction_restriction: false,
            when: None,
        }]
    );
    // Khan Singh: any upgrades without a faction penalty.
    assert_eq!(
        card("Cap814").rules.penalty,
        [PenaltyRule::Waive {
            scope: Scope::Ship,
            applies_to: CardFilter::default(),
            faction_restriction: false,
            when: None,
        }]
    );
    // Kira Nerys: no penalty on a Federation ship.
    assert_eq!(
        card("Cap326").rules.penalty,
        [PenaltyRule::NoPenaltyOn {
            factions: vec!["federation".into()]
        }]
    );
    // Flag factionPenalty 0.
    assert_eq!(card("C017").rules.penalty, [PenaltyRule::NoPenalty]);
}

#[test]
fn model_extensions() {
    // Luaran: "One of your Dominion Upgrades costs -2 Squadron Points".
    let mut luaran = discount(-2, Scope::Ship, &[], &["dominion"]);
    luaran.max_cards = Some(1);
    assert_eq!(card("Cap325").rules.discounts, [luaran]);
    // Borg Alliance: a non-Borg ship with a non-Borg captain.
    let not = |c| Condition::Not { not: Box::new(c) };
    assert_eq!(
        card("E078").rules.restrictions,
        [
            not(factions(&["borg"])),
            not(Condition::CaptainFaction {
                any: vec!["borg".into()]
            })
        ]
    );
    assert!(card("E078").rules.unmodeled.is_empty());
    // Fleet exclusions, no admiral, set costs.
    assert_eq!(card("S242").rules.fleet_excludes, ["Kruge's Bird-of-Prey"]);
    assert_eq!(card("Cap901").rules.fleet_excludes, ["Jean-Luc Picard"]);
    assert!(card("Cap609").rules.no_admiral);
    let kor = &card("Cap004").rules.set_costs;
    assert_eq!(
        (kor[0].amount, kor[0].applies_to.names.as_slice()),
        (0, ["Dahar Master".to_string()].as_slice())
    );
    let khan = &card("Cap725").rules.set_costs;
    assert_eq!((khan[0].amount, khan[0].max_cards), (4, Some(3)));
    // Faction fleet captains: a captain and a ship of their faction.
    assert_eq!(
        card("R010d").rules.restrictions,
        [
            Condition::CaptainFaction {
                any: vec!["klingon".into()]
            },
            factions(&["klingon"])
        ]
    );
    assert_eq!(card("R004a").rules.restrictions, [factions(&["romulan"])]);
}

#[test]
fn resource_cards() {
    // Fleet captains: skill, slots, discounts, Independent ones.
    let r010e = card("R010e");
    assert_eq!(
        (r010e.kind, r010e.cost, r010e.skill),
        (CardType::FleetCaptain, 5, Some(1))
    );
    assert_eq!(
        r010e.rules.adds_slots,
        [
            AddSlot::plain(vec!["crew".into()], 2),
            AddSlot::plain(vec!["talent".into()], 1)
        ]
    );
    assert_eq!(
        r010e.rules.discounts,
        [discount(-1, Scope::Fleet, &["crew"], &[])]
    );
    assert_eq!(r010e.rules.adds_factions, ["independent"]);
    // The captain counts as Independent too: no penalty waiver.
    assert!(!r010e
        .rules
        .penalty
        .iter()
        .any(|r| matches!(r, PenaltyRule::Waive { .. })));
    let r010d = card("R010d");
    assert_eq!(r010d.skill, Some(2));
    assert!(r010d.rules.adds_factions.is_empty());
    // Flagships: stat deltas, actions, slots; Independent ones add the faction.
    let r004i = card("R004i");
    assert_eq!(r004i.kind, CardType::Flagship);
    assert_eq!(
        (r004i.attack, r004i.agility, r004i.hull, r004i.shields),
        (Some(1), Some(0), Some(1), Some(1))
    );
    assert_eq!(r004i.actions, ["evade"]);
    assert_eq!(r004i.rules.adds_factions, ["independent"]);
    assert_eq!(r004i.rules.adds_slots.len(), 2);
    assert!(card("R004a").rules.adds_factions.is_empty());
    // Officers cost 3; slots of their own text only.
    let tactical = card("R011b");
    assert_eq!((tactical.kind, tactical.cost), (CardType::Officer, 3));
    assert_eq!(
        tactical.rules.adds_slots,
        [AddSlot::plain(vec!["weapon".into()], 1)]
    );
    assert_eq!(card("R011a").talents, Some(1));
    // Resources keep their printed cost.
    assert_eq!(card("R003").cost, 10);
    assert_eq!(card("R010").cost, 5);
    assert_eq!(card("R004").cost, 10);
    // Ship resources and constructions are their own types.
    assert_eq!(card("Rs40").kind, CardType::ShipResource);
    assert_eq!(card("Con001").kind, CardType::Construction);
}

#[test]
fn builder_helpers_in_card_search_and_data_check() {
    // `card` finds a helper by id and says what it is.
    let out = fc(&root()).args(["card", "AP1001"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Operations Officer (AP1001)\n"), "{text}");
    assert!(
        text.contains("  helper   a builder helper of another game mode, in no card pool\n"),
        "{text}"
    );
    // `search` lists helpers only with --all, and says when only they match.
    let out = fc(&root())
        .args(["search", "Player Captain"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "no cards match\n(24 builder helper cards of another game mode match: add --all to list them)\n"
    );
    let out = fc(&root())
        .args(["search", "Player Captain", "--all", "-o", "json"])
        .output()
        .unwrap();
    let v = crate::support::assert_valid_json(&String::from_utf8_lossy(&out.stdout));
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 24);
    assert!(cards.iter().all(|c| c["helper"] == true));
    let out = fc(&root())
        .args(["search", "Operations Officer", "-o", "json"])
        .output()
        .unwrap();
    let v = crate::support::assert_valid_json(&String::from_utf8_lossy(&out.stdout));
    let ids: Vec<&str> = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&"R011c"), "{ids:?}");
    assert!(ids.iter().all(|id| !id.starts_with("AP")), "{ids:?}");
    // `data check` counts them, and reports a helper filed with the cards.
    let out = fc(&root())
        .args(["data", "check", "-o", "json"])
        .output()
        .unwrap();
    let v = crate::support::assert_valid_json(&String::from_utf8_lossy(&out.stdout));
    let v = &v["data"];
    assert_eq!(
        (v["cards"].as_u64(), v["helpers"].as_u64()),
        (Some(2335), Some(118))
    );
    let t = tempfile::tempdir().unwrap();
    let db_dir = t.path().join("staw");
    for (rel, bytes) in tree(&root().join("data/staw")) {
        let p = db_dir.join(&rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        let bytes = if rel == "cards/builder/crew-federation.toml" {
            String::from_utf8(bytes)
                .unwrap()
                .replacen("helper = true\n", "", 1)
                .into_bytes()
        } else {
            bytes
        };
        std::fs::write(p, bytes).unwrap();
    }
    let out = fc(&root())
        .args(["data", "check", "--data"])
        .arg(&db_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "error: cards/builder/crew-federation.toml: AP1001: a builder helper (set 80000 or an AP id) without helper = true"
        ),
        "{text}"
    );
}

#[test]
fn species_of_captains_and_the_cards_that_name_them() {
    // From the text ("counts as a Gorn Captain") and from corrections.
    for (id, sp) in [
        ("Cap732", "gorn"),
        ("Cap339", "hirogen"),
        ("Cap501", "andorian"),
        ("Cap426", "tholian"),
        ("Cap511", "gorn"),
        ("Cap647", "andorian"),
        ("A042", "hirogen"),
        ("Cap805", "krenim"),
    ] {
        assert_eq!(card(id).species, [sp], "{id}");
    }
    let with_species = db().cards.iter().filter(|c| !c.species.is_empty()).count();
    assert_eq!(with_species, 18);
    let name_or = Condition::captain_named_or_of_species;
    assert_eq!(
        card("E103").rules.restrictions,
        [name_or("Loskene", "tholian")]
    );
    assert_eq!(
        card("E051").rules.restrictions,
        [name_or("Loskene", "tholian"), classes(&["tholian_vessel"])]
    );
    assert_eq!(
        card("E042").rules.restrictions,
        [
            name_or("Annorax", "krenim"),
            classes(&["krenim_weapon_ship"])
        ]
    );
    assert_eq!(
        card("E191").rules.restrictions,
        [name_or("Thy'Lek Shran", "andorian")]
    );
    assert_eq!(
        card("E187").rules.restrictions,
        [Condition::AnyOf {
            any: vec![
                Condition::CaptainSpecies {
                    any: vec!["hirogen".into()]
                },
                Condition::AdmiralSpecies {
                    any: vec!["hirogen".into()]
                },
            ]
        }]
    );
    assert_eq!(
        card("E056").rules.cost_modifiers,
        [unless(5, name_or("Karr", "hirogen"))]
    );
    for id in ["E042", "E051", "E056", "E103", "E184", "E187", "E191"] {
        assert!(card(id).rules.unmodeled.is_empty(), "{id}");
    }
}

#[test]
fn class_dials_arcs_and_the_conditions_on_them() {
    let class = |id: &str| db().class(id).unwrap_or_else(|| panic!("class {id}"));
    let galaxy = class("5000");
    assert_eq!(
        (galaxy.front_arc, galaxy.rear_arc, galaxy.max_speed),
        (Some(90), Some(90), Some(5))
    );
    assert_eq!(galaxy.maneuvers, ["straight", "bank", "turn", "reverse"]);
    let cube = class("borg_cube");
    assert_eq!((cube.front_arc, cube.rear_arc), (None, None));
    assert!(cube.maneuvers.contains(&"spin".to_string()));
    // Merged: the two Maquis Raider dials, one with a rear arc.
    assert_eq!(class("maquis_raider").rear_arc, Some(90));
    // Created for a ship: no known dial.
    let created = class("romulan_bird_of_prey_class");
    assert!(created.maneuvers.is_empty() && created.max_speed.is_none());
    let not = |c: Condition| Condition::Not { not: Box::new(c) };
    assert_eq!(
        card("C234").rules.restrictions,
        [Condition::ShipManeuver {
            maneuver: "come-about".into()
        }]
    );
    assert_eq!(
        card("T212").rules.restrictions,
        [Condition::MaxSpeedAtMost { value: 3 }]
    );
    assert_eq!(
        card("Q002").rules.restrictions,
        [Condition::HullAtLeast { value: 4 }, not(Condition::RearArc)]
    );
    assert_eq!(
        card("Con001").rules.restrictions,
        [Condition::NameIsClass, Condition::UniqueShip]
    );
    for id in ["C234", "T212", "Q002", "Con001"] {
        assert!(card(id).rules.unmodeled.is_empty(), "{id}");
    }
}

#[test]
fn terms_of_the_slots_cards_add() {
    let only = |f: CardFilter| Some(f);
    let slot = |id: &str| card(id).rules.adds_slots[0].clone();
    let nijil = slot("C235");
    assert_eq!(nijil.slot, ["tech"]);
    assert_eq!(
        nijil.only,
        only(CardFilter {
            slots: vec!["tech".into()],
            factions: vec!["romulan".into()],
            ..CardFilter::default()
        })
    );
    assert_eq!(
        nijil.discount.as_ref().map(|d| (d.amount, d.min)),
        Some((-1, Some(1)))
    );
    assert_eq!(slot("Cap507").discount.map(|d| d.amount), Some(-1));
    let thalen = slot("E161").discount.unwrap();
    assert_eq!(
        (thalen.amount, thalen.applies_to.factions),
        (-2, vec!["xindi".to_string()])
    );
    let weyoun = slot("Cap717");
    assert_eq!(weyoun.count, 2);
    assert_eq!(weyoun.discount.unwrap().applies_to.factions, ["dominion"]);
    assert_eq!(slot("T013").only.unwrap().max_cost, Some(4));
    for id in ["C035", "E035", "T044", "W027"] {
        let bot = slot(id);
        assert_eq!(bot.set_cost.map(|c| c.amount), Some(0), "{id}");
        assert!(bot.same_faction, "{id}");
        assert_eq!(bot.only.unwrap().max_cost, Some(5), "{id}");
    }
    let sakharov = slot("S051");
    assert_eq!(sakharov.slot, ["crew", "tech"]);
    assert!(sakharov.exceed_restrictions);
    assert_eq!(
        sakharov.discount.map(|d| (d.amount, d.min)),
        Some((-2, Some(0)))
    );
    // Captains that field particular talents.
    assert_eq!(slot("Cap303").only.unwrap().names, ["Secret Research"]);
    assert_eq!(slot("Cap307").only.unwrap().names, ["Tal Shiar"]);
    assert_eq!(slot("Cap404").only.unwrap().names, ["Grand Nagus"]);
    assert_eq!(slot("Cap539").only.unwrap().factions, ["klingon"]);
    assert_eq!(slot("Cap219").count, 2);
    assert!(card("Cap333").rules.adds_slots.is_empty());
    for id in [
        "C235", "Cap507", "E161", "Cap717", "T013", "C035", "E035", "T044", "W027", "S051",
        "Cap303", "Cap307", "Cap312", "Cap404", "Cap539", "Cap219", "Cap333",
    ] {
        assert!(card(id).rules.unmodeled.is_empty(), "{id}");
    }
}

#[test]
fn ship_limits_doubled_penalties_and_negated_factions() {
    use fleetcheck_data::model::ShipLimit;
    let names = |n: &[&str]| CardFilter {
        names: n.iter().map(|s| s.to_string()).collect(),
        ..CardFilter::default()
    };
    for id in ["S061", "S266", "S267"] {
        assert_eq!(
            card(id).rules.ship_limits,
            [ShipLimit {
                applies_to: CardFilter {
                    types: vec!["captain".into()],
                    ..CardFilter::default()
                },
                only: Some(names(&["Gareb", "Romulan Drone Pilot"])),
            }],
            "{id}"
        );
    }
    for id in ["A033", "Cap223"] {
        let gint = &card(id).rules;
        assert_eq!(
            gint.ship_limits[0].only,
            Some(names(&["Grand Nagus", "The Rules Of Acquisition"]))
        );
        assert_eq!(gint.adds_slots[0].count, 2, "{id}");
    }
    assert_eq!(card("T265").rules.ship_limits[0].only, None);
    assert_eq!(
        card("S099").rules.ship_limits[0]
            .only
            .as_ref()
            .unwrap()
            .max_cost,
        Some(5)
    );
    let k_temoc = &card("Cap504").rules;
    assert_eq!(
        k_temoc.penalty,
        [PenaltyRule::Double {
            scope: Scope::Ship,
            applies_to: CardFilter {
                not_factions: vec!["klingon".into()],
                ..CardFilter::default()
            }
        }]
    );
    let hijackers = &card("C039").rules;
    assert_eq!(hijackers.ship_limits.len(), 2);
    assert_eq!(hijackers.discounts[0].applies_to.not_factions, ["borg"]);
    assert!(hijackers.penalty.contains(&PenaltyRule::NoPenalty));
    for id in [
        "S061", "S266", "S267", "A033", "Cap223", "T265", "T266", "S099", "S111", "S113", "S026",
        "S027", "S259", "Cap504", "C039",
    ] {
        assert!(card(id).rules.unmodeled.is_empty(), "{id}");
    }
}

#[test]
fn discounts_set_costs_and_permissions_of_the_last_kinds() {
    let r = |id: &str| &card(id).rules;
    // Caps and choices.
    assert_eq!(r("Cap801").discounts[0].max_cards, Some(5));
    assert_eq!(r("Cap801").slots_also[0].also, ["weapon"]);
    assert_eq!(r("Cap803").discounts.len(), 2);
    assert_eq!(r("Cap803").discounts[0].applies_to.types, ["ship"]);
    assert_eq!(r("Cap803").discounts[1].max_cards, Some(3));
    assert_eq!(r("E237").discounts.len(), 3);
    assert!(r("E237").discounts.iter().all(|d| d.max_cards == Some(1)));
    assert_eq!(
        r("S240").discounts[0].when,
        Some(Condition::ShipHasCard {
            any: vec!["Borg Support Vehicle Token".into()]
        })
    );
    assert_eq!(
        r("S362").discounts[0].applies_to.restricted_to,
        ["prometheus_class"]
    );
    // Fixed costs: bounds, restriction overrides, no slot.
    assert_eq!(
        r("Cap725").set_costs[0].applies_to.max_printed_cost,
        Some(6)
    );
    assert!(r("Cap524").set_costs[0].applies_to.not_ship_specific);
    for id in ["S115", "C384", "S336"] {
        assert!(r(id).set_costs[0].exceed_restrictions, "{id}");
    }
    assert!(r("Cap331").discounts[0].exceed_restrictions);
    for (id, name) in [
        ("C444", "Phase Cannons"),
        ("S313", "Inertial Compensators"),
        ("C477", "Transporter Room"),
    ] {
        assert_eq!(r(id).no_slot_for[0].names, [name], "{id}");
    }
    assert_eq!(
        r("E133").cost_modifiers,
        [unless(1, Condition::CaptainTalentsAtLeast { value: 1 })]
    );
    assert!(r("E133").no_slot);
    // Admirals and attack squadrons.
    let x = &r("A044").extra_admirals[0];
    assert_eq!((x.count, x.applies_to.max_cost), (1, Some(4)));
    assert_eq!(x.when, Some(classes(&["constitution_refit_class"])));
    for id in ["R005", "R006"] {
        let q = r(id).squadrons.as_ref().unwrap();
        assert_eq!((q.max, q.bare), (1, true), "{id}");
    }
    for id in [
        "Cap801", "Cap803", "E237", "S240", "S362", "Cap725", "Cap524", "S115", "C384", "S336",
        "Cap331", "C444", "S313", "C477", "E133", "A044", "R005", "R006",
    ] {
        assert!(r(id).unmodeled.is_empty(), "{id}: {:?}", r(id).unmodeled);
    }
}

#[test]
fn card_text_describes_the_new_kinds() {
    let rules = |id: &str| {
        let out = fc(&root()).args(["card", id]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{id}");
        String::from_utf8_lossy(&out.stdout).to_string()
    };
    for (id, phrase) in [
        ("S061", "On its ship, only captains named Gareb or Romulan Drone Pilot"),
        ("Cap504", "Non-Klingon upgrades on this card's ship pay the faction penalty twice"),
        (
            "C235",
            "Adds 1 [tech] slot to its ship for Romulan [tech] upgrades only; the card in it costs -1 SP (never below 1 SP)",
        ),
        ("R036a", "Adds 1 [talent] slot to its ship; the card in it costs +1 SP"),
        ("Cap801", "The [crew] or [tech] slots of its ship also take [weapon] upgrades"),
        ("R005", "The fleet may include at most 1 attack squadron, with no upgrades or captains"),
        ("C477", "Upgrades named Transporter Room on its ship need no upgrade slot"),
        ("Cap037", "Its ship may take no ambassador"),
        ("Con001", "  - May only be purchased for a U.S.S. ship named after its class\n  - May only be purchased for a unique ship\n"),
        ("E051", "May only be purchased for a ship captained by Loskene or with a Tholian captain"),
        ("Cap426", "  species  Tholian\n"),
    ] {
        let text = rules(id);
        assert!(text.contains(phrase), "{id}: {phrase:?} not in\n{text}");
    }
}
