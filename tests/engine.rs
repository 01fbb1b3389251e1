//! The legality engine with the real card database: every rule and every
//! modifier kind with real cards (exact costs, codes, lines and columns),
//! one fixture per rule code (`tests/fixtures/staw/rules/<code>.toml`) and
//! per input error (`.../input/<code>.toml`) with a snapshot of what is
//! reported, JSON snapshots of the example fleets in `fleets/`, and a
//! never-panics sweep.

use crate::golden::{check_file, db, golden_dir, TODAY};
use fleetcheck::cli::check::check_source;
use fleetcheck_input::diag::Source;
use fleetcheck_report::model::{CardReport, FleetReport, SwapReport};
use fleetcheck_report::Checked;
use fleetcheck_staw::{CheckOptions, RULES};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn opts() -> CheckOptions {
    CheckOptions {
        today: TODAY.into(),
        ..CheckOptions::default()
    }
}

fn check_with(text: &str, opts: &CheckOptions) -> Checked {
    check_source(
        db(),
        Source {
            path: "fleet.toml".into(),
            text: text.into(),
        },
        opts,
    )
}

pub(crate) fn check(text: &str) -> Checked {
    check_with(text, &opts())
}

pub(crate) fn codes(c: &Checked) -> Vec<&str> {
    c.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

/// (line, column) of every diagnostic with this code.
pub(crate) fn at(c: &Checked, code: &str) -> Vec<(usize, usize)> {
    let src = c.source.as_ref().unwrap();
    c.diagnostics
        .iter()
        .filter(|d| d.code.as_str() == code)
        .map(|d| src.line_col(d.span.as_ref().expect("located").start))
        .collect()
}

pub(crate) fn message<'a>(c: &'a Checked, code: &str) -> &'a str {
    &c.diagnostics
        .iter()
        .find(|d| d.code.as_str() == code)
        .unwrap()
        .message
}

/// A card of a ship by id (the first with that id).
pub(crate) fn card<'a>(r: &'a FleetReport, ship: usize, id: &str) -> &'a CardReport {
    r.ships[ship]
        .cards
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{id} on ship {ship}"))
}

/// A card's modifiers as (kind, amount).
pub(crate) fn mods(c: &CardReport) -> Vec<(&str, i32)> {
    c.modifiers
        .iter()
        .map(|m| (m.kind.as_str(), m.amount))
        .collect()
}

fn totals(r: &FleetReport) -> (Option<i32>, Vec<i32>) {
    (r.total, r.ships.iter().map(|s| s.total).collect())
}

/// What a check reports, in a stable text form for snapshots: totals and
/// every diagnostic with its place.
pub(crate) fn summary(c: &Checked) -> String {
    let r = c.finish();
    let mut s = String::new();
    writeln!(
        s,
        "exit {}, legal {}, total {:?}, cap {:?}, ships {:?}, sideboard {:?}",
        c.exit_code(),
        r.legal,
        r.total,
        r.cap,
        r.ships.iter().map(|s| s.total).collect::<Vec<_>>(),
        r.sideboard.as_ref().map(|s| s.total),
    )
    .unwrap();
    for d in &r.diagnostics {
        writeln!(
            s,
            "{} {} {}:{}: {}",
            d.severity,
            d.code,
            d.line.unwrap_or(0),
            d.column.unwrap_or(0),
            d.message
        )
        .unwrap();
        for h in &d.help {
            writeln!(s, "    help: {h}").unwrap();
        }
    }
    s
}

// ---- fixtures: one per rule code and per input error ----------------------

/// Rule codes no real format can produce; `src/rules/tests.rs` covers them
/// with an in-memory format.
const NO_REAL_FORMAT: &[&str] = &["resource-count", "op-banned", "not-owned"];
// (`not-owned` needs a collection, which no fleet file names: covered by
// `crates/staw/src/collection/tests.rs` and `tests/collection.rs`.)

#[test]
fn every_rule_code_has_a_fixture_that_reports_it() {
    let dir = root().join("tests/fixtures/staw/rules");
    for rule in RULES {
        let codes_of_rule = rule.codes.iter().map(|c| c.as_str());
        for code in codes_of_rule.filter(|c| !NO_REAL_FORMAT.contains(c)) {
            let path = dir.join(format!("{code}.toml"));
            assert!(
                path.exists(),
                "no fixture {} for rule {}",
                path.display(),
                rule.name
            );
            let c = check_file(&path);
            assert!(
                codes(&c).contains(&code),
                "fixture {code}.toml does not report {code}:\n{}",
                summary(&c)
            );
        }
    }
}

#[test]
fn every_input_error_fixture_exits_2_with_its_code() {
    for e in std::fs::read_dir(root().join("tests/fixtures/staw/input")).unwrap() {
        let path = e.unwrap().path();
        let code = path.file_stem().unwrap().to_string_lossy().to_string();
        let c = check_file(&path);
        assert_eq!(c.exit_code(), 2, "{code}:\n{}", summary(&c));
        assert!(
            codes(&c).contains(&code.as_str()),
            "{code}:\n{}",
            summary(&c)
        );
        assert!(
            c.finish().total.is_none(),
            "{code}: no total for unreadable input"
        );
    }
}

#[test]
fn fixture_reports() {
    insta::glob!("fixtures/staw/**/*.toml", |path| {
        insta::assert_snapshot!(summary(&check_file(path)));
    });
}

// ---- example fleets ----------------------------------------------------------

fn example_fleets() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("fleets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn example_fleets_json() {
    let fleets = example_fleets();
    assert!(fleets.len() >= 6, "at least 6 example fleets");
    for path in fleets {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let json = serde_json::to_string_pretty(&check_file(&path).finish()).unwrap();
        insta::assert_snapshot!(format!("fleet_{name}"), json);
    }
}

#[test]
fn example_fleets_are_legal_or_illegal_as_named() {
    for path in example_fleets() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let c = check_file(&path);
        let want = if name.starts_with("illegal-") || name == "dominion-keldons.toml" {
            1
        } else {
            0
        };
        assert_eq!(c.exit_code(), want, "{name}:\n{}", summary(&c));
    }
}

#[test]
fn example_fleet_totals() {
    let t = |f: &str| totals(&check_file(&root().join("fleets").join(f)).finish());
    assert_eq!(
        t("federation-tournament-2016.toml"),
        (Some(106), vec![44, 38, 24])
    );
    assert_eq!(t("klingon-sideboard.toml"), (Some(94), vec![40, 44]));
    assert_eq!(t("romulan-flagship.toml"), (Some(76), vec![57, 19]));
    assert_eq!(t("dominion-keldons.toml"), (Some(85), vec![49, 26]));
    assert_eq!(t("illegal-over-cap.toml"), (Some(102), vec![50, 52]));
}

// ---- never panics -------------------------------------------------------------

#[test]
fn never_panics_on_any_fleet_file() {
    let mut files: Vec<PathBuf> = example_fleets();
    for dir in [
        golden_dir(),
        root().join("tests/fixtures/staw/rules"),
        root().join("tests/fixtures/staw/input"),
    ] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                files.push(p);
            }
        }
    }
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        // The whole file, and every prefix cut at a line end: half-written
        // files are what an editor hands over.
        let _ = check(&text);
        let mut cut = 0;
        for line in text.split_inclusive('\n') {
            cut += line.len();
            let _ = check(&text[..cut]);
            let _ = check(&text[..cut.saturating_sub(line.len() / 2)]);
        }
    }
    for text in [
        "",
        "\u{feff}",
        "ship = 1",
        "ship = []",
        "ship = [1, \"x\", {}]",
        "[ship]\nship = \"U.S.S. Defiant\"",
        "[[ship]]\n[[ship]]\nship = {}",
        "additional_points = 9223372036854775807\n[[ship]]\nship = \"U.S.S. Defiant\"",
        "sp_cap = -9223372036854775808",
        "sp_cap = -2147483648\n[[ship]]\nship = \"U.S.S. Defiant\"",
        "additional_points = -2147483648\n[[ship]]\nship = \"U.S.S. Defiant\"",
        "resource = { id = \"\" }",
        "[sideboard]\n",
        "sideboard = 3",
        "[sideboard]\ncrew = []\ntech = [[]]",
        "game = \"chess\"",
        "as_of = 1979-05-27T07:32:00Z",
        "format = \"sandbox\"\n[[ship]]\nship = \"S207\"\nupgrades = [\"Q008\", \"Q008\", \"Q008\"]",
    ] {
        let _ = check(text);
    }
}

// ---- faction penalty and sub-factions --------------------------------------------

#[test]
fn faction_penalty_on_captain_and_upgrade() {
    let c = check(
        "[[ship]]\nship = \"I.K.S. Negh'var\"\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"C209\" }]\n",
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    let picard = card(&r, 0, "Cap906");
    assert_eq!((picard.base, picard.cost), (6, 7));
    assert_eq!(picard.modifiers[0].kind, "faction-penalty");
    assert_eq!(
        picard.modifiers[0].source,
        "Jean-Luc Picard is Federation but I.K.S. Negh'var is Klingon"
    );
    assert_eq!(mods(card(&r, 0, "C209")), [("faction-penalty", 1)]);
    assert_eq!(totals(&r), (Some(41), vec![41]));
}

#[test]
fn admiral_pays_three_and_sub_factions_are_per_format() {
    let fleet =
        "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nadmiral = \"V'Las\"\n";
    let std = check(fleet).finish();
    assert_eq!(mods(card(&std, 0, "A023")), []);
    assert_eq!(std.total, Some(37));
    let t14 = check(&format!("format = \"tournament-2014\"\n{fleet}")).finish();
    assert_eq!(mods(card(&t14, 0, "A023")), [("faction-penalty", 3)]);
    assert_eq!(t14.total, Some(40));
}

#[test]
fn generic_zero_cost_captain_never_pays_the_penalty() {
    let r = check("[[ship]]\nship = \"I.K.S. Negh'var\"\ncaptain = \"Federation\"\n").finish();
    let captain = &r.ships[0].cards[0];
    assert_eq!((captain.kind.as_str(), captain.cost), ("captain", 0));
    assert_eq!(mods(captain), []);
}

#[test]
fn a_vulcan_ship_counts_as_federation_only_with_sub_factions() {
    // Systems Upgrade (T057): Federation ships only. Ni'Var is Vulcan.
    let fleet =
        "[[ship]]\nship = \"Ni'Var\"\ncaptain = \"Vulcan\"\nupgrades = [{ id = \"T057\" }]\n";
    let std = check(fleet);
    assert!(std.diagnostics.is_empty(), "{}", summary(&std));
    assert_eq!(std.finish().total, Some(22));
    let t14 = check(&format!("format = \"tournament-2014\"\n{fleet}"));
    assert_eq!(codes(&t14), ["restriction"]);
    assert_eq!(
        message(&t14, "restriction"),
        "Systems Upgrade (T057) may only be purchased for a Federation ship; ship 1 (Ni'Var) is Vulcan"
    );
    assert_eq!(at(&t14, "restriction"), [(5, 13)]);
    assert_eq!(
        mods(card(&t14.finish(), 0, "T057")),
        [("faction-penalty", 1)]
    );
}

#[test]
fn penalty_waivers_from_the_card_and_from_the_captain() {
    // Kira Nerys: no penalty on a Federation ship, even without
    // sub-factions; Khan Singh (Cap814): his ship's upgrades pay none.
    let r = check("format = \"tournament-2014\"\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap326\" }\n[[ship]]\nship = \"I.K.S. Negh'var\"\ncaptain = { id = \"Cap814\" }\nupgrades = [{ id = \"C209\" }]\n").finish();
    assert_eq!(mods(card(&r, 0, "Cap326")), []);
    assert_eq!(mods(card(&r, 1, "Cap814")), [("faction-penalty", 1)]);
    assert_eq!(mods(card(&r, 1, "C209")), []);
    assert_eq!(totals(&r), (Some(26 + 30 + 6 + 3), vec![26, 39]));
}

// ---- ship penalty, set cost, discounts, floor ------------------------------------

#[test]
fn ship_penalty_stacks_with_the_faction_penalty() {
    let c = check("[[ship]]\nship = \"I.K.S. Negh'var\"\ncaptain = { id = \"Cap813\" }\nupgrades = [{ id = \"T240\" }]\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    let cloak = card(&r, 0, "T240");
    assert_eq!(mods(cloak), [("ship-penalty", 5), ("faction-penalty", 1)]);
    assert_eq!(
        cloak.modifiers[0].source,
        "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant"
    );
    assert_eq!((cloak.base, cloak.cost), (4, 10));
    assert_eq!(r.total, Some(45));
}

#[test]
fn set_cost_from_the_ship() {
    // Dorsal Phaser Array: the ship's primary weapon + 1 (Enterprise-E: 5).
    let r = check("[[ship]]\nship = { id = \"S091\" }\ncaptain = { id = \"Cap807\" }\nupgrades = [{ id = \"W057\" }]\n").finish();
    let dpa = card(&r, 0, "W057");
    assert_eq!((dpa.base, dpa.cost), (0, 6));
    assert_eq!(mods(dpa), [("set-cost", 6)]);
    assert_eq!(r.total, Some(32 + 5 + 6));
}

#[test]
fn conditional_captain_discount() {
    // Calvin Hudson: upgrades -1 on an Independent ship only.
    let on = |ship: &str| {
        check(&format!(
            "[[ship]]\nship = {ship}\ncaptain = \"Calvin Hudson\"\nupgrades = [{{ id = \"C086\" }}]\n"
        ))
        .finish()
    };
    let val_jean = on("\"Val Jean\"");
    assert_eq!(mods(card(&val_jean, 0, "C086")), [("discount", -1)]);
    assert_eq!(
        card(&val_jean, 0, "C086").modifiers[0].source,
        "Calvin Hudson (Cap518)"
    );
    assert_eq!(
        mods(card(&val_jean, 0, "Cap518")),
        [],
        "no discount on himself"
    );
    let defiant = on("\"U.S.S. Defiant\"");
    assert_eq!(mods(card(&defiant, 0, "C086")), [("faction-penalty", 1)]);
}

#[test]
fn fleet_wide_discount_of_an_independent_fleet_captain() {
    // Independent (Romulan): weapons -1 on every ship; its 5 SP are paid on
    // the ship that carries it.
    let r = check("resource = \"Fleet Captain\"\n[[ship]]\nship = { id = \"S198\" }\ncaptain = { id = \"Cap643\" }\nfleet_captain = \"Independent (Romulan)\"\nupgrades = [{ id = \"W119\" }]\n[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"W122\" }]\n").finish();
    assert_eq!(mods(card(&r, 0, "W119")), [("discount", -1)]);
    assert_eq!(mods(card(&r, 1, "W122")), [("discount", -1)]);
    assert_eq!(card(&r, 0, "R010g").cost, 5);
    let res = r.resource.as_ref().unwrap();
    assert_eq!(res.cost, 0);
    assert_eq!(totals(&r), (Some(43 + 38), vec![43, 38]));
}

#[test]
fn discounts_never_take_a_cost_below_zero() {
    // Elizabeth Lense (1): Christopher Pike's crew -1 and the Independent
    // (Klingon) fleet captain's crew -1 would make -1.
    let r = check("resource = \"Fleet Captain\"\n[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap644\" }\nfleet_captain = \"Independent (Klingon)\"\nupgrades = [{ id = \"C019\" }]\n").finish();
    let lense = card(&r, 0, "C019");
    assert_eq!(
        mods(lense),
        [("discount", -1), ("discount", -1), ("floor", 1)]
    );
    assert_eq!(lense.cost, 0);
    assert_eq!(r.total, Some(28 + 4 + 5));
}

// ---- slots ---------------------------------------------------------------------

#[test]
fn either_slot_card_takes_the_slot_left_free() {
    let r = check("[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap639\" }\nupgrades = [\"Emergency Medical Hologram\", { id = \"C209\" }, { id = \"C183\" }]\n").finish();
    assert_eq!(card(&r, 0, "Q024").slot.as_deref(), Some("tech"));
    assert_eq!(card(&r, 0, "C209").slot.as_deref(), Some("crew"));
}

#[test]
fn upgrade_without_a_free_slot_names_ship_and_slot() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/slot.toml"));
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(
        message(&c, "slot"),
        "Positron Beam (T232) needs a free tech slot, but ship 1 (U.S.S. Enterprise-D) has none left"
    );
    assert_eq!(at(&c, "slot"), [(5, 30)]);
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 2 weapon, 3 crew, 1 talent"]
    );
    // Still priced: the card is in the fleet.
    assert_eq!(c.finish().total, Some(28 + 6 + 3 + 2));
}

#[test]
fn talent_needs_a_captain_with_a_talent_icon() {
    let c = check("[[ship]]\nship = \"3rd Wing Attack Ship\"\ncaptain = \"Dominion\"\nupgrades = [\"First Strike\"]\n");
    assert_eq!(codes(&c), ["slot"]);
    let c = check("[[ship]]\nship = \"3rd Wing Attack Ship\"\ncaptain = \"Dominion\"\nupgrades = [\"First Strike\", { id = \"C109\" }]\n");
    assert!(
        c.diagnostics.is_empty(),
        "Elim Garak brings a talent slot:\n{}",
        summary(&c)
    );
}

// ---- uniqueness, captains, admirals -----------------------------------------------

#[test]
fn unique_names_clash_across_types_and_mirror_apart() {
    let c = check_file(&golden_dir().join("illegal-unique-captain-and-crew.toml"));
    assert_eq!(codes(&c), ["unique"]);
    assert_eq!(
        message(&c, "unique"),
        "the crew upgrade Data (C209) on ship 2 (U.S.S. Enterprise-D) has the same unique name as the captain Data (Cap430) on ship 1 (U.S.S. Sutherland)"
    );
    assert_eq!(at(&c, "unique"), [(11, 13)]);
    let c = check_file(&golden_dir().join("legal-unique-mirror-coexist.toml"));
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
}

#[test]
fn sideboard_cards_count_for_uniqueness() {
    let c = check("resource = \"Reinforcements Sideboard\"\n[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"C209\" }]\n[sideboard]\ncaptain = { id = \"Cap430\" }\n");
    assert_eq!(codes(&c), ["unique"]);
    assert_eq!(at(&c, "unique"), [(7, 11)]);
}

#[test]
fn one_admiral_per_fleet() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/admiral-limit.toml"));
    assert_eq!(codes(&c), ["admiral-limit"]);
    assert_eq!(at(&c, "admiral-limit"), [(10, 11)]);
    assert_eq!(c.finish().total, Some(24 + 4 + 7 + 28 + 6 + 3));
}

#[test]
fn squadrons_take_no_captain_and_ships_without_one_are_warned() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/captain.toml"));
    assert_eq!(codes(&c), ["captain"]);
    let c = check_file(&root().join("tests/fixtures/staw/rules/no-captain.toml"));
    assert_eq!(codes(&c), ["no-captain"]);
    assert_eq!(c.exit_code(), 0);
    assert_eq!(
        c.diagnostics[0].help,
        ["the generic captain of its faction costs 0 SP: captain = \"Federation\""]
    );
}

// ---- restrictions ------------------------------------------------------------------

#[test]
fn purchase_restrictions_and_one_per_ship() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/restriction.toml"));
    assert_eq!(codes(&c), ["restriction", "restriction"]);
    assert_eq!(at(&c, "restriction"), [(6, 13), (6, 49)]);
    assert_eq!(
        c.diagnostics[0].message,
        "First Strike (E093) may only be purchased for a ship with a hull of 3 or less; ship 1 (U.S.S. Stargazer) has hull 4"
    );
    assert_eq!(
        c.diagnostics[1].message,
        "no ship may be equipped with more than one Tactical Station (W170); ship 1 (U.S.S. Stargazer) has 2"
    );
}

#[test]
fn fleet_captain_needs_a_unique_captain() {
    let c = check("resource = \"Fleet Captain\"\n[[ship]]\nship = { id = \"S207\" }\ncaptain = \"Federation\"\nfleet_captain = \"Independent (Klingon)\"\n");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(at(&c, "restriction"), [(5, 17)]);
    assert_eq!(
        message(&c, "restriction"),
        "the fleet captain Independent (Klingon) (R010e) may only be assigned to a unique captain; \
         ship 1 (U.S.S. Enterprise-D) is captained by Federation (Cap101), who is not unique"
    );
}

#[test]
fn cards_that_forbid_each_other_on_a_ship() {
    // Combat Vessel Variant (T265) and Science Vessel Variant (T266): "You
    // may not equip the ... Variant [tech] Upgrade to this ship". Ni'Var
    // has one [tech] slot, so the second also finds no slot.
    let c =
        check("[[ship]]\nship = \"S114\"\ncaptain = \"Vulcan\"\nupgrades = [\"T265\", \"T266\"]\n");
    assert_eq!(codes(&c), ["restriction", "slot", "restriction"]);
    let messages: Vec<&str> = c.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Combat Vessel Variant (T265) may not be on ship 1 (Ni'Var): Science Vessel Variant \
             (T266) allows no upgrades named Combat Vessel Variant there",
            "Science Vessel Variant (T266) needs a free tech slot, but ship 1 (Ni'Var) has none left",
            "Science Vessel Variant (T266) may not be on ship 1 (Ni'Var): Combat Vessel Variant \
             (T265) allows no upgrades named Science Vessel Variant there",
        ]
    );
}

#[test]
fn a_slot_whose_terms_refuse_the_card_is_named_with_its_terms() {
    // Nijil (C235) adds a [tech] slot for Romulan [tech] upgrades only: the
    // R.I.S. Apnex's own [tech] slot takes the Cloaking Device, and the
    // Federation Positron Beam finds no slot that takes it.
    let c = check("[[ship]]\nship = \"S197\"\ncaptain = \"Cap433\"\nupgrades = [\"C235\", \"T240\", \"T232\"]\n");
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(
        message(&c, "slot"),
        "Positron Beam (T232) needs a free tech slot, but ship 1 (R.I.S. Apnex) has none left that \
         takes it"
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 1 tech, 2 crew, 1 tech (for Romulan [tech] upgrades only)"]
    );
}

// ---- resources -------------------------------------------------------------------------

#[test]
fn flagship_is_paid_once_on_its_ship() {
    let c = check_file(&root().join("fleets/romulan-flagship.toml"));
    let r = c.finish();
    assert_eq!(card(&r, 0, "R004a").cost, 10);
    let res = r.resource.as_ref().unwrap();
    assert_eq!((res.cost, res.modifiers.len()), (0, 1));
    assert_eq!(res.modifiers[0].kind, "attached");
    assert_eq!(totals(&r), (Some(76), vec![57, 19]));
}

#[test]
fn unassigned_attaching_resource_is_charged_to_the_fleet() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/resource-unassigned.toml"));
    assert_eq!(codes(&c), ["resource-unassigned"]);
    assert_eq!(c.exit_code(), 0);
    assert_eq!(c.finish().total, Some(28 + 5));
}

#[test]
fn resource_cards_need_their_resource() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/resource-card.toml"));
    assert_eq!(codes(&c), ["resource-card"]);
    assert_eq!(
        message(&c, "resource-card"),
        "flagship Romulan (R004a) on ship 1 (I.R.W. Valdore) comes with the Flagship resource (R004), but the fleet's resource is Command Tokens (R002)"
    );
}

#[test]
fn officers_cost_three_on_their_ship_and_need_crew() {
    let r = check_file(&golden_dir().join("legal-officers.toml")).finish();
    let officers: Vec<i32> = r.ships[0]
        .cards
        .iter()
        .filter(|c| c.kind == "officer")
        .map(|c| c.cost)
        .collect();
    assert_eq!(officers, [3, 3, 3, 3]);
    assert_eq!(r.resource.as_ref().unwrap().cost, 0);
    let c = check("resource = \"Officer Cards\"\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Federation\"\nofficers = [\"First Officer\", \"Tactical Officer\", \"Science Officer\"]\nupgrades = [{ id = \"C209\" }]\n");
    assert_eq!(codes(&c), ["resource-card"]);
    assert_eq!(at(&c, "resource-card"), [(5, 50)]);
}

#[test]
fn resources_priced_from_the_fleet() {
    // Enterprise-D: hull 5, shields 4; Defiant: hull 3, shields 4.
    let fleet = |res: &str| {
        check(&format!("resource = \"{res}\"\n[[ship]]\nship = {{ id = \"S207\" }}\ncaptain = {{ id = \"Cap906\" }}\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = {{ id = \"Cap639\" }}\n")).finish()
    };
    let ships = 28 + 6 + 24 + 4;
    let eff = fleet("Emergency Force Field");
    assert_eq!(eff.resource.as_ref().unwrap().cost, 4, "half of 8 shields");
    assert_eq!(eff.total, Some(ships + 4));
    let hull = fleet("Improved Hull");
    assert_eq!(hull.resource.as_ref().unwrap().cost, 4, "half of 8 hull");
    let grid = fleet("Main Power Grid");
    assert_eq!(
        grid.resource.as_ref().unwrap().cost,
        5,
        "3 + 2 for the one ship with hull above 3"
    );
    assert_eq!(
        grid.resource.as_ref().unwrap().modifiers[0].kind,
        "fleet-resource"
    );
    let source = |r: &fleetcheck_report::model::FleetReport| {
        r.resource.as_ref().unwrap().modifiers[0].source.clone()
    };
    assert_eq!(
        source(&eff),
        "half the fleet's total starting shields of 8, rounded up"
    );
    assert_eq!(
        source(&hull),
        "half the fleet's total starting hull of 8, rounded up"
    );
    assert_eq!(
        source(&grid),
        "3 + 2 for each ship with a hull above 3 (1 ship)"
    );
}

#[test]
fn retired_resource_in_the_2016_format() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/resource-retired.toml"));
    assert_eq!(codes(&c), ["resource-retired"]);
    assert_eq!(at(&c, "resource-retired"), [(5, 12)]);
    // The same fleet judged on an earlier date: not retired yet.
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/staw/rules/resource-retired.toml"))
            .unwrap();
    let c = check_with(
        &text,
        &CheckOptions {
            as_of: Some("2015-03-31".into()),
            ..opts()
        },
    );
    assert!(!codes(&c).contains(&"resource-retired"), "{}", summary(&c));
}

// ---- formats ---------------------------------------------------------------------------

#[test]
fn sp_cap_of_the_file_and_of_an_overriding_format() {
    let path = root().join("tests/fixtures/staw/rules/sp-cap.toml");
    let c = check_file(&path);
    assert_eq!(codes(&c), ["sp-cap"]);
    assert_eq!(
        message(&c, "sp-cap"),
        "the fleet costs 62 SP, 2 over the 60 SP cap set by the file's sp_cap"
    );
    // On the captain whose 4 SP take the total from 58 to 62.
    assert_eq!(at(&c, "sp-cap"), [(10, 11)]);
    // --format replaces the file's format and its sp_cap.
    let text = std::fs::read_to_string(&path).unwrap();
    let c = check_with(
        &text,
        &CheckOptions {
            format: Some("standard".into()),
            ..opts()
        },
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(c.finish().cap, Some(100));
}

#[test]
fn tournament_2016_limits() {
    let c = check_file(&root().join("tests/fixtures/staw/rules/ship-count.toml"));
    assert_eq!(codes(&c), ["ship-count"]);
    let c = check_file(&root().join("tests/fixtures/staw/rules/ship-sp-cap.toml"));
    assert_eq!(codes(&c), ["ship-sp-cap", "ship-sp-cap"]);
    assert_eq!(totals(&c.finish()).1, [54, 64, 34]);
    let c = check_file(&root().join("tests/fixtures/staw/rules/oversized-limit.toml"));
    assert_eq!(codes(&c), ["oversized-limit"]);
    assert_eq!(at(&c, "oversized-limit"), [(11, 8)]);
}

#[test]
fn card_pool_by_evaluation_date() {
    let path = root().join("tests/fixtures/staw/rules/card-pool.toml");
    let c = check_file(&path);
    assert_eq!(codes(&c), ["card-pool"]);
    assert_eq!(at(&c, "card-pool"), [(7, 8)]);
    let text = std::fs::read_to_string(&path).unwrap();
    let later = CheckOptions {
        as_of: Some("2016-01-01".into()),
        ..opts()
    };
    assert!(check_with(&text, &later).diagnostics.is_empty());
    assert_eq!(
        check_with(&text, &later).finish().as_of.as_deref(),
        Some("2016-01-01")
    );
}

#[test]
fn sandbox_is_never_tournament_legal() {
    let r = check("format = \"sandbox\"\nadditional_points = 500\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap639\" }\n").finish();
    assert!(r.legal);
    assert!(r.not_tournament_legal);
    assert_eq!((r.total, r.cap), (Some(528), None));
}

// ---- the sideboard -------------------------------------------------------------------

#[test]
fn sideboard_prices_every_additional_cost_and_nothing_else() {
    let c = check_file(&golden_dir().join("legal-sb-defiant-cloak.toml"));
    let r = c.finish();
    let sb = r.sideboard.as_ref().unwrap();
    assert_eq!((sb.total, sb.cap), (9, 20));
    assert_eq!(sb.cards[0].section, "tech");
    assert_eq!(mods(&sb.cards[0].card), [("ship-penalty", 5)]);
    // No faction penalty on the sideboard: a Bajoran captain and a
    // Federation crew, with no ship at all.
    let c = check("resource = \"Reinforcements Sideboard\"\n[sideboard]\ncaptain = { id = \"Cap326\" }\ncrew = { id = \"C209\" }\n");
    let sb = c.finish().sideboard.unwrap();
    assert_eq!(sb.total, 2 + 3);
    assert!(sb.cards.iter().all(|c| c.card.modifiers.is_empty()));
}

#[test]
fn sideboard_rules() {
    let dir = root().join("tests/fixtures/staw/rules");
    let c = check_file(&dir.join("sideboard-slot.toml"));
    assert_eq!(
        codes(&c),
        ["sideboard-slot", "sideboard-slot", "sideboard-slot"]
    );
    assert_eq!(at(&c, "sideboard-slot"), [(10, 1), (11, 1), (12, 10)]);
    assert_eq!(c.exit_code(), 1);
    let c = check_file(&dir.join("sideboard-borg.toml"));
    assert_eq!(codes(&c), ["sideboard-borg"]);
    // Systems Upgrade is a tech card that may fill any slot, Borg included:
    // not a Borg upgrade.
    let c =
        check("resource = \"Reinforcements Sideboard\"\n[sideboard]\ntech = { id = \"T057\" }\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = check_file(&dir.join("sideboard-resource.toml"));
    assert_eq!(codes(&c), ["sideboard-resource"]);
    assert_eq!(at(&c, "sideboard-resource"), [(6, 2)]);
    let c = check_file(&dir.join("sideboard-cap.toml"));
    assert_eq!(codes(&c), ["sideboard-cap"]);
    assert_eq!(c.finish().sideboard.unwrap().total, 26);
    assert_eq!(
        c.finish().total,
        Some(28 + 10),
        "the sideboard is not in the total"
    );
    let c = check_file(&dir.join("sideboard-set-cost.toml"));
    assert_eq!(codes(&c), ["sideboard-set-cost"]);
    assert_eq!(c.exit_code(), 0);
}

// ---- input errors ------------------------------------------------------------------------

#[test]
fn syntax_error_is_located() {
    let c = check_file(&golden_dir().join("input-err-toml-syntax.toml"));
    assert_eq!(codes(&c), ["parse"]);
    assert_eq!(at(&c, "parse"), [(7, 31)]);
    assert_eq!(
        message(&c, "parse"),
        "TOML syntax error: invalid basic string, expected `\"`"
    );
}

#[test]
fn unknown_card_suggests_names() {
    let c = check_file(&golden_dir().join("input-err-unknown-card.toml"));
    assert_eq!(codes(&c), ["unknown-card"]);
    assert_eq!(
        message(&c, "unknown-card"),
        "no captain matches 'Jean-Luc Pickard'"
    );
    assert_eq!(c.diagnostics[0].help, ["did you mean 'Jean-Luc Picard'?"]);
    assert_eq!(at(&c, "unknown-card"), [(6, 11)]);
}

#[test]
fn ambiguous_card_lists_candidates_with_the_table_that_picks_each() {
    let c = check_file(&root().join("tests/fixtures/staw/input/ambiguous-card.toml"));
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.message.starts_with("'Jean-Luc Picard'"))
        .unwrap();
    assert_eq!(d.code.as_str(), "ambiguous-card");
    assert_eq!(d.help.len(), 5, "{:?}", d.help);
    // Cheapest on this ship first; every set of a reprinted card.
    assert_eq!(
        d.help[0],
        "Cap629: Jean-Luc Picard, a captain, Federation, 4 SP on this ship, in U.S.S. Stargazer (71510) — write { id = \"Cap629\" }"
    );
    assert!(
        d.help.iter().any(|h| h.starts_with("Cap049: ")
            && h.contains("in These Are The Voyages (75016), Starter Set (71120)")),
        "{:?}",
        d.help
    );
}

#[test]
fn every_reference_problem_is_reported_together() {
    let c = check_file(&root().join("tests/fixtures/staw/input/unknown-card.toml"));
    assert_eq!(codes(&c), ["unknown-card", "unknown-card", "unknown-card"]);
    assert_eq!(at(&c, "unknown-card"), [(3, 8), (4, 11), (5, 13)]);
}

#[test]
fn names_match_case_and_typographic_quotes() {
    let c = check_file(&golden_dir().join("legal-names-normalised.toml"));
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = check("[[ship]]\nship = \"s207\"\ncaptain = { ID = \"x\" }\n");
    assert_eq!(codes(&c), ["unknown-key"]);
}

// ---- the project's own interop fleets (the ideas of the interop samples) ------------

#[test]
fn interop_fleets_match_the_totals_worked_out_by_hand() {
    let dir = root().join("tests/fixtures/interop/fleets");
    let cases: &[(&str, i32, Option<i32>, i32)] = &[
        ("1-three-federation-ships.toml", 100, None, 0),
        ("2-klingon-with-federation-admiral.toml", 99, None, 0),
        ("3-klingon-reinforcements.toml", 94, Some(18), 0),
        ("4-keldon-flagship.toml", 96, None, 0),
        ("5-excelsior-fleet-captain.toml", 96, None, 0),
        ("6-romulan-generic-starships.toml", 97, None, 0),
        ("7-either-slot-holograms.toml", 90, None, 0),
        ("8-illegal-two-mccoys.toml", 79, None, 1),
    ];
    assert_totals(&dir, cases);
}

/// Each file of `dir`: its total, its sideboard's total and its exit code.
pub(crate) fn assert_totals(dir: &Path, cases: &[(&str, i32, Option<i32>, i32)]) {
    for (file, total, sideboard, exit) in cases {
        let c = check_file(&dir.join(file));
        let r = c.finish();
        assert_eq!(
            (
                r.total,
                r.sideboard.as_ref().map(|s| s.total),
                c.exit_code()
            ),
            (Some(*total), *sideboard, *exit),
            "{file}:\n{}",
            summary(&c)
        );
    }
}

// ---- the sideboard's swap plan ------------------------------------------------------------

#[test]
fn sideboard_swap_plan() {
    let path = root().join("fleets/klingon-sideboard.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (checked, plan) = fleetcheck_report::staw::check_with_swaps(
        db(),
        Source {
            path: "klingon-sideboard.toml".into(),
            text,
        },
        &opts(),
    );
    assert_eq!(checked.exit_code(), 0);
    // 5 cards x 2 ships.
    assert_eq!(plan.len(), 10);
    let row = |id: &str, ship: usize| {
        plan.iter()
            .find(|s| s.card_id == id && s.ship == ship)
            .unwrap_or_else(|| panic!("{id} on ship {ship}"))
    };
    let cloak = row("T240", 1);
    assert!(cloak.not_allowed.is_none());
    assert_eq!(
        cloak.auxiliary_power.as_deref(),
        Some(
            "Cloaking Device is Federation but the ship is Klingon; it would cost 5 SP more on this ship"
        )
    );
    let kira = row("Cap326", 2);
    assert_eq!(kira.exchange, ["Worf (Cap528)"]);
    assert_eq!(kira.auxiliary_power, None);
    let wire: Vec<SwapReport> = plan.into_iter().map(SwapReport::from).collect();
    insta::assert_json_snapshot!("swap_plan_klingon_sideboard", wire);
}

// ---- builder helpers and the rule kinds of the coverage work ------------------------------

#[test]
fn builder_helpers_resolve_by_id_only_and_are_in_no_card_pool() {
    // AP1002 "Tactical Officer" is a helper of another game mode: by id it
    // resolves, and the fleet is not legal in any format.
    let c = check("[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\nupgrades = [\"AP1002\"]\n");
    assert_eq!(codes(&c), ["card-pool"]);
    assert_eq!(at(&c, "card-pool"), [(4, 13)]);
    assert_eq!(
        message(&c, "card-pool"),
        "Tactical Officer (AP1002) on ship 1 (U.S.S. Enterprise-D) is a helper card of another \
         game mode of the Utopia builder (set 80000 \"Builder\"), not a card of any format's card pool"
    );
    assert_eq!(c.exit_code(), 1);
    // Its price is still reported (4 SP, a crew slot of the Enterprise-D).
    let r = c.finish();
    assert_eq!(card(&r, 0, "AP1002").cost, 4);
    // By name, a helper is never meant nor suggested: "Player Captain" is
    // the name of 24 helpers and of no printed card.
    let c = check("[[ship]]\nship = \"S207\"\ncaptain = \"Player Captain\"\n");
    assert_eq!(codes(&c), ["unknown-card"]);
    assert_eq!(
        message(&c, "unknown-card"),
        "no captain matches 'Player Captain'"
    );
    assert!(
        c.diagnostics[0]
            .help
            .iter()
            .all(|h| !h.contains("Player Captain")),
        "{:?}",
        c.diagnostics[0].help
    );
    // A helper captain by id: card-pool too, and the generic captain a
    // captain-less ship is pointed to is never a helper.
    let c = check("[[ship]]\nship = \"S207\"\ncaptain = \"AC0001\"\n");
    assert_eq!(codes(&c), ["card-pool"]);
    let c = check("[[ship]]\nship = \"S207\"\n");
    assert_eq!(codes(&c), ["no-captain"]);
    assert_eq!(
        c.diagnostics[0].help,
        ["the generic captain of its faction costs 0 SP: captain = \"Federation\""]
    );
}

#[test]
fn species_captains_and_admirals() {
    // Tholian Assembly (E051): "for Loskene or any other Tholian Captain on
    // a Tholian ship". Loskene on a Tholian Starship: legal.
    let c = check("[[ship]]\nship = \"S143\"\ncaptain = \"Cap426\"\nupgrades = [\"E051\"]\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(card(&c.finish(), 0, "E051").cost, 3);
    // Turanj (Cap036) is no Tholian.
    let c = check("[[ship]]\nship = \"S143\"\ncaptain = \"Cap036\"\nupgrades = [\"E051\"]\n");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        message(&c, "restriction"),
        "Tholian Assembly (E051) may only be purchased for a ship captained by Loskene or with a \
         Tholian captain; ship 1 (Tholian Starship) is captained by Turanj (Cap036), who is not \
         Tholian"
    );
    assert_eq!(at(&c, "restriction"), [(4, 13)]);
    // Relics (E187): "a Hirogen Captain or Admiral": the admiral Karr (A042)
    // is Hirogen, the captain Turanj is not.
    let relics = "[[ship]]\nship = \"S064\"\ncaptain = \"Cap036\"\nadmiral = \"A042\"\nupgrades = [\"E187\"]\n";
    let c = check(relics);
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = check("[[ship]]\nship = \"S064\"\ncaptain = \"Cap036\"\nupgrades = [\"E187\"]\n");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        message(&c, "restriction"),
        "Relics (E187) may only be purchased for a ship with a Hirogen captain or with a Hirogen \
         admiral; ship 1 (Hirogen Starship) is captained by Turanj (Cap036), who is not Hirogen, \
         and has no admiral"
    );
    // Intercept Course (E056): +5 SP "for any Captain other than Karr or a
    // Hirogen Captain": the Alpha Hirogen pays 4, Turanj 9.
    let c = check("[[ship]]\nship = \"S064\"\ncaptain = \"Cap622\"\nupgrades = [\"E056\"]\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(card(&r, 0, "E056").cost, 4);
    assert!(card(&r, 0, "E056").modifiers.is_empty());
    let c = check("[[ship]]\nship = \"S064\"\ncaptain = \"Cap036\"\nupgrades = [\"E056\"]\n");
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E056")), [("ship-penalty", 5)]);
    assert_eq!(card(&r, 0, "E056").cost, 9);
}

#[test]
fn maneuver_dial_firing_arc_and_name_conditions() {
    let fleet = |ship: &str, captain: &str, key: &str, card: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\n{key} = {card}\n"
        ))
    };
    // Klingon Helmsman (C234) needs a [come-about] on the dial: the
    // I.K.S. Rotarran (B'Rel Class) has one, the U.S.S. Intrepid
    // (Constitution Class) none.
    let c = fleet("S012", "Klingon", "upgrades", "[\"C234\"]");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(card(&c.finish(), 0, "C234").cost, 3);
    let c = fleet("S022", "Federation", "upgrades", "[\"C234\"]");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        message(&c, "restriction"),
        "Klingon Helmsman (C234) may only be purchased for a ship with a [come-about] maneuver on \
         its dial; ship 1 (U.S.S. Intrepid) has no [come-about] maneuver on its dial"
    );
    assert_eq!(
        mods(card(&c.finish(), 0, "C234")),
        [("ship-penalty", 5), ("faction-penalty", 1)]
    );
    // Warp Drive Refit (T212): no 4 or higher on the dial. A Bajoran
    // Interceptor's goes to 3, the U.S.S. Phoenix's (Nebula Class) to 4.
    let c = fleet("S023", "Bajoran", "upgrades", "[\"T212\"]");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = fleet("S014", "Federation", "upgrades", "[\"T212\"]");
    assert_eq!(codes(&c), ["restriction"]);
    assert!(
        message(&c, "restriction").ends_with(
            "no higher than speed 3; ship 1 (U.S.S. Phoenix) has a dial that goes up to speed 4"
        ),
        "{}",
        message(&c, "restriction")
    );
    // Aft Torpedo Launcher (Q002): Hull 4 or more and no rear arc. The
    // Phoenix (Nebula) has none, the U.S.S. Prometheus a 90-degree one.
    let c = fleet("S014", "Federation", "upgrades", "[\"Q002\"]");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(card(&c.finish(), 0, "Q002").cost, 3);
    let c = fleet("S362", "Federation", "upgrades", "[\"Q002\"]");
    assert_eq!(codes(&c), ["restriction"]);
    assert!(
        message(&c, "restriction").ends_with(
            "for a ship without a rear firing arc; ship 1 (U.S.S. Prometheus) has a 90-degree rear \
             firing arc"
        ),
        "{}",
        message(&c, "restriction")
    );
    // Federation Prototype (Con001): a unique ship named after its class.
    let c = fleet("S362", "Federation", "construction", "\"Con001\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = fleet("S385", "Federation", "construction", "\"Con001\"");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        message(&c, "restriction"),
        "Federation Prototype (Con001) may only be purchased for a U.S.S. ship named after its \
         class; ship 1 (U.S.S. Voyager) is an Intrepid Class ship"
    );
}

#[test]
fn terms_of_added_slots() {
    let ship = |ship: &str, captain: &str, upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\nupgrades = [{upgrades}]\n"
        ))
    };
    let discounts = |r: &FleetReport| -> Vec<(String, i32, String)> {
        r.ships[0]
            .cards
            .iter()
            .flat_map(|c| {
                c.modifiers
                    .iter()
                    .filter(|m| m.kind == "discount" || m.kind == "set-cost")
                    .map(move |m| (c.id.clone(), m.amount, m.source.clone()))
            })
            .collect()
    };
    // Tuvok (Cap507): "Add 1 [tech] Upgrade slot ... That Upgrade costs -1
    // SP". Two techs on a Nova Class Federation Starship (one tech slot):
    // one goes to Tuvok's slot at -1.
    let c = ship("S162", "Cap507", "\"T019\", \"T104\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(totals(&r), (Some(11 + 3 + 3 + 5 - 1), vec![21]));
    assert_eq!(
        discounts(&r),
        [("T019".to_string(), -1, "Tuvok (Cap507)".to_string())]
    );
    // Nijil (C235): his tech slot takes only a Romulan tech, at -1 (min 1).
    let c = ship("S159", "Romulan", "\"C235\", \"T071\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(card(&r, 0, "T071").cost, 2);
    assert_eq!(r.total, Some(16 + 5 + 2));
    let c = ship("S159", "Romulan", "\"C235\", \"T019\"");
    assert_eq!(codes(&c), ["slot"]);
    // Thalen (E161): the added weapon slot's Xindi weapon costs -2.
    let c = ship("S024", "Cap537", "\"E161\", \"W144\", \"W154\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(totals(&r), (Some(18 + 3 + 5 + 3 + 1), vec![30]));
    assert_eq!(
        discounts(&r),
        [("W144".to_string(), -2, "Thalen (E161)".to_string())]
    );
    // Cargo Hold (T013): two crew/tech slots for cards of 4 SP or less.
    // Omag (5 SP) takes the printed crew slot, Rom and Quark the hold's.
    // The Ferengi Starship is a Ferengi Shuttle: Omag's 5 SP are over a
    // shuttlecraft's 3 (`restriction`), the slots are as they are.
    let c = ship("S293", "Ferengi", "\"T013\", \"C022\", \"C014\", \"C114\"");
    assert_eq!(codes(&c), ["restriction"], "{}", summary(&c));
    assert!(message(&c, "restriction")
        .starts_with("Omag (C022) costs 5 SP on ship 1 (Ferengi Starship), a Ferengi Shuttle"));
    let r = c.finish();
    let slot_of = |id: &str| card(&r, 0, id).slot.clone().unwrap();
    assert_eq!(
        [slot_of("C022"), slot_of("C014"), slot_of("C114")],
        ["crew", "crew", "crew"]
    );
    // A second 5 SP crew fits no slot.
    let c = ship(
        "S293",
        "Ferengi",
        "\"T013\", \"C022\", \"C014\", \"C114\", \"C238\"",
    );
    assert_eq!(codes(&c), ["restriction", "slot", "restriction"]);
    assert_eq!(at(&c, "slot"), [(4, 45)]);
}

#[test]
fn face_down_slot_and_a_slot_beyond_restrictions() {
    // Balance of Terror (C035, 3 SP) adds a face-down [crew] slot: its card
    // costs nothing more (the 3 SP are on the Balance of Terror card), must
    // share a faction with the ship and cost 5 SP or less. The Redshirt (4)
    // goes face down, the Federation Helmsman (3) into the printed slot
    // left beside the Balance of Terror card's own; a `held` note says so.
    let c = check(
        "[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"C035\", \"C175\", \"C274\"]\n",
    );
    assert_eq!(codes(&c), ["held"], "{}", summary(&c));
    assert!(message(&c, "held")
        .starts_with("Redshirt (C175) is held face down beneath Balance of Terror (C035)"));
    let r = c.finish();
    assert_eq!(r.total, Some(24 + 3 + 3));
    assert_eq!(mods(card(&r, 0, "C175")), [("set-cost", -4)]);
    assert_eq!(
        card(&r, 0, "C175").modifiers[0].source,
        "Balance of Terror (C035): costs 0 SP"
    );
    // A Ferengi crew may not go face down on a Federation ship: Rom takes
    // the printed slot (and pays the faction penalty), the Redshirt the
    // face-down one; with Nog too, one Ferengi finds no slot.
    let c = check(
        "[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"C035\", \"C175\", \"C014\"]\n",
    );
    assert_eq!(codes(&c), ["held"], "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "C014")), [("faction-penalty", 1)]);
    assert_eq!(mods(card(&r, 0, "C175")), [("set-cost", -4)]);
    let c = check(
        "[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"C035\", \"C014\", \"C015\"]\n",
    );
    assert_eq!(codes(&c), ["slot"]);
    assert!(message(&c, "slot").starts_with("Nog (C015) needs a free crew slot"));
    // Sakharov (S051): one more [crew] or [tech] Upgrade that may exceed the
    // ship's restrictions, at -2 SP. Variable Geometry Pylons (T042, Intrepid
    // Class only) goes there; the Micro Power Relays take the printed slot.
    let c = check(
        "[[ship]]\nship = \"S051\"\ncaptain = \"Federation\"\nupgrades = [\"T042\", \"T019\", \"C274\"]\n",
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T042")), [("discount", -2)]);
    assert_eq!(r.total, Some(14 + 3 + 3 + 3));
    // Without the extra slot's leave, the Pylons break their restriction.
    let c = check("[[ship]]\nship = \"S162\"\ncaptain = \"Federation\"\nupgrades = [\"T042\"]\n");
    assert_eq!(codes(&c), ["restriction"]);
}

#[test]
fn captains_that_field_particular_talents() {
    let ship = |ship: &str, captain: &str, upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\nupgrades = [{upgrades}]\n"
        ))
    };
    // Telek R'Mor (Cap303) shows no talent icon but "may field the 'Secret
    // Research' [talent] Upgrade": that card only.
    let c = ship("S128", "Cap303", "\"E009\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(card(&c.finish(), 0, "E009").slot.as_deref(), Some("talent"));
    let c = ship("S128", "Cap303", "\"E053\"");
    assert_eq!(codes(&c), ["slot"]);
    assert!(
        message(&c, "slot").ends_with("has none left that takes it"),
        "{}",
        message(&c, "slot")
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 1 tech, 1 weapon, 1 crew, 1 talent (for upgrades named Secret Research only)"]
    );
    // Kurn (Cap539): "may field 1 Klingon [talent] Upgrade".
    let c = ship("S042", "Cap539", "\"E012\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = ship("S042", "Cap539", "\"E012\", \"E031\"");
    assert_eq!(codes(&c), ["slot"]);
    let c = ship("S042", "Cap539", "\"E062\"");
    assert_eq!(codes(&c), ["slot"]);
    // Kohlar (Cap333) shows a talent icon: his Kuvah'Magh costs -2.
    let c = ship("S042", "Cap333", "\"E157\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(mods(card(&c.finish(), 0, "E157")), [("discount", -2)]);
}

#[test]
fn limits_on_the_other_cards_of_a_ship() {
    let ship = |ship: &str, captain: &str, upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\nupgrades = [{upgrades}]\n"
        ))
    };
    // Prototype 01 (S061): "only Gareb or a Romulan Drone Pilot".
    let c = ship("S061", "Cap104", "");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = ship("S061", "Romulan", "");
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        message(&c, "restriction"),
        "Romulan (Cap103) may not be on ship 1 (Prototype 01): Prototype 01 (S061) allows only \
         captains named Gareb or Romulan Drone Pilot there"
    );
    assert_eq!(at(&c, "restriction"), [(3, 11)]);
    // Scout 255 (S099): borg upgrades of 5 SP or less.
    let c = ship("S099", "Cap107", "\"B004\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let c = ship("S099", "Cap107", "\"B003\"");
    assert_eq!(codes(&c), ["restriction"]);
    assert!(
        message(&c, "restriction").ends_with(
            "Scout 255 (S099) allows only [borg] upgrades with a cost of 5 SP or less \
                 there, and it costs 6 SP there"
        ),
        "{}",
        message(&c, "restriction")
    );
    // Romulan Hijackers (C039): a Romulan captain and Romulan crew only,
    // non-Borg [tech] and [weapon] Upgrades -1 SP, and no faction penalty
    // for its Romulan upgrades. On a Federation ship with a Federation
    // captain and a Federation crew: two breaches.
    let c = ship("S149", "Federation", "\"C039\", \"T019\", \"C274\"");
    assert_eq!(codes(&c), ["restriction", "restriction"]);
    let r = c.finish();
    // The Hijackers pay no penalty on a Federation ship; the tech is -1.
    assert!(card(&r, 0, "C039").modifiers.is_empty());
    assert_eq!(mods(card(&r, 0, "T019")), [("discount", -1)]);
}

#[test]
fn k_temoc_doubles_the_penalty_and_fields_klingon_talents_only() {
    let ship = |upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"S042\"\ncaptain = \"Cap504\"\nupgrades = [{upgrades}]\n"
        ))
    };
    // A Federation crew on a Klingon ship: +1 penalty, doubled.
    let c = ship("\"C274\", \"E012\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "C274")), [("faction-penalty", 2)]);
    assert_eq!(
        card(&r, 0, "C274").modifiers[0].source,
        "Federation Helmsman is Federation but Klingon Starship is Klingon; doubled by K'Temoc (Cap504)"
    );
    // His own Klingon talent costs -1 (his discount), no penalty.
    assert_eq!(mods(card(&r, 0, "E012")), [("discount", -1)]);
    // A Romulan talent is not his to field.
    let c = ship("\"E062\"");
    assert_eq!(codes(&c), ["restriction"]);
}

#[test]
fn discount_on_cards_of_a_printed_cost_or_less() {
    // Sakonna (C134): "All of your [weapon] Upgrades with a cost of 5 or
    // less cost -2 SP": Photon Torpedoes (5) pay 3, Quantum Torpedoes (6)
    // their 6. She adds the second weapon slot.
    let c = check(
        "[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"C134\", \"W031\", \"W008\"]\n",
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "W031")), [("discount", -2)]);
    assert!(card(&r, 0, "W008").modifiers.is_empty());
    // Sakonna herself is Independent on a Federation ship.
    assert_eq!(mods(card(&r, 0, "C134")), [("faction-penalty", 1)]);
    assert_eq!(r.total, Some(24 + 3 + 3 + 6));
}

#[test]
fn chosen_capped_and_conditional_discounts() {
    let ship = |ship: &str, captain: &str, upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\nupgrades = [{upgrades}]\n"
        ))
    };
    // Jean-Luc Picard (Cap803): ship -2, each upgrade -1, at most -5 in
    // all: the ship and three of the four upgrades.
    let c = ship("S149", "Cap803", "\"T019\", \"W031\", \"C175\", \"C274\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(r.ships[0].cost, 22);
    let saved: i32 = r.ships[0]
        .cards
        .iter()
        .flat_map(|c| c.modifiers.iter())
        .filter(|m| m.kind == "discount")
        .map(|m| m.amount)
        .sum();
    assert_eq!(saved, -3);
    assert_eq!(r.total, Some(22 + 5 + 3 + 5 + 4 + 3 - 3));
    // It Won't Be Installed Until Tuesday (E237): one tech, one weapon and
    // one crew at -2 each; it needs no talent slot.
    let c = ship(
        "S149",
        "Federation",
        "\"E237\", \"T019\", \"W031\", \"C175\", \"C274\"",
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(r.total, Some(24 + 3 + 1 + 3 + 2 + 3));
    assert_eq!(mods(card(&r, 0, "C175")), [("discount", -2)]);
    assert!(card(&r, 0, "C274").modifiers.is_empty());
    // Dolim (Cap801): crew and tech slots take weapons; weapons -1, five
    // at most. Two Xindi weapons on a Xindi Starship (tech, weapon).
    let c = ship("S024", "Cap801", "\"W144\", \"W154\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(r.total, Some(18 + 5 + 2 + 2));
    assert_eq!(card(&r, 0, "W154").slot.as_deref(), Some("weapon"));
    // Sphere 936 (S240): a support ship (with the Borg Support Vehicle
    // Token) equips one upgrade at -2.
    let c = ship("S240", "Cap107", "\"B001\", \"Q008\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "B001")), [("discount", -2)]);
    assert_eq!(r.total, Some(40 - 15 + 1));
    let c = ship("S240", "Cap107", "\"B001\"");
    assert!(card(&c.finish(), 0, "B001").modifiers.is_empty());
    // U.S.S. Prometheus (S362) with the Federation Prototype: Prometheus
    // Class restricted upgrades -2 (Regenerative Shields T278: 4 -> 2).
    let c = check("[[ship]]\nship = \"S362\"\ncaptain = \"Federation\"\nconstruction = \"Con001\"\nupgrades = [\"T278\", \"T019\"]\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T278")), [("discount", -2)]);
    assert!(card(&r, 0, "T019").modifiers.is_empty());
    let c = ship("S362", "Federation", "\"T278\"");
    assert!(card(&c.finish(), 0, "T278").modifiers.is_empty());
}

#[test]
fn fixed_costs_with_bounds_and_cards_beyond_restrictions() {
    let ship = |ship: &str, captain: &str, upgrades: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship}\"\ncaptain = \"{captain}\"\nupgrades = [{upgrades}]\n"
        ))
    };
    // Tahna Los (Cap524): one [tech] costs exactly 3, but not one that
    // refers to a ship: the Cloaking Device (T240) keeps its 4 +5.
    let c = ship("S137", "Cap524", "\"T240\", \"T104\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T104")), [("set-cost", -2)]);
    assert_eq!(mods(card(&r, 0, "T240")), [("ship-penalty", 5)]);
    // Enterprise NX-01 (S115) has no [tech] slot: its Enhanced Hull
    // Plating (T096) is free and needs none.
    let c = ship("S115", "Federation", "\"T096\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(card(&r, 0, "T096").cost, 0);
    assert_eq!(card(&r, 0, "T096").slot.as_deref(), Some("none"));
    // Without the NX-01, the same card needs a slot.
    let c = ship("S022", "Federation", "\"T096\"");
    assert_eq!(codes(&c), ["slot"]);
    // I.K.S. K'Tanco (S336): one Klingon [tech] of 4 SP or less, free and
    // beyond restrictions (Reinforced Hull T286 needs Hull 4: it has 4;
    // Tactical Sensors T224 is Raptor Class only).
    let c = ship("S336", "Klingon", "\"T224\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(card(&c.finish(), 0, "T224").cost, 0);
    // A second one: one is free (and placed beyond the bar), the other has
    // no slot and breaks its Raptor Class restriction.
    let c = ship("S336", "Klingon", "\"T224\", \"T225\"");
    assert_eq!(codes(&c), ["slot", "restriction"]);
    // Guingouin (S313): Inertial Compensators free and without a slot;
    // Miles O'Brien (C477): the Transporter Room without a slot.
    let c = ship("S313", "Independent", "\"T182\", \"T308\", \"C477\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(card(&r, 0, "T182").slot.as_deref(), Some("none"));
    assert_eq!(card(&r, 0, "T182").cost, 0);
    assert_eq!(card(&r, 0, "T308").slot.as_deref(), Some("none"));
    // Khan Singh (Cap725): up to 3 upgrades cost exactly 4, if their
    // printed cost is 6 or less: Warp Jump (5) pays 4, Feedback Pulse (8)
    // its 8 (and no faction penalty: Khan waives it).
    let c = ship("S028", "Cap725", "\"T104\", \"T218\", \"T019\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T104")), [("set-cost", -1)]);
    assert!(card(&r, 0, "T218").modifiers.is_empty());
    assert_eq!(r.total, Some(20 + 4 + 4 + 8 + 3));
    // Covert Mission (E133): any captain may field it; +1 SP when the
    // captain shows no talent icon.
    let c = ship("S128", "Cap209", "\"E133\"");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    assert_eq!(mods(card(&c.finish(), 0, "E133")), [("ship-penalty", 1)]);
    let c = ship("S128", "Cap012", "\"E133\"");
    assert!(card(&c.finish(), 0, "E133").modifiers.is_empty());
}

#[test]
fn additional_admiral_and_attack_squadron_resources() {
    // James T. Kirk (A044) on a Constitution Refit Class ship: one more
    // Federation admiral of 4 SP or less.
    let fleet = |ship1: &str, second: &str| {
        check(&format!(
            "[[ship]]\nship = \"{ship1}\"\ncaptain = \"Federation\"\nadmiral = \"A044\"\n\
             [[ship]]\nship = \"S162\"\ncaptain = \"Federation\"\nadmiral = \"{second}\"\n"
        ))
    };
    let c = fleet("S123", "A003");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    // Hayes costs 3; Christopher Pike (A034, 5 SP) is not covered.
    let c = fleet("S123", "A034");
    assert_eq!(codes(&c), ["admiral-limit"]);
    assert_eq!(at(&c, "admiral-limit"), [(8, 11)]);
    // Kirk not on a Constitution Refit Class: one admiral only.
    let c = fleet("S149", "A003");
    assert_eq!(codes(&c), ["admiral-limit"]);
    // Hideki Class Attack Fighters (R005): one attack squadron, with no
    // upgrades or captain.
    let c = check(
        "resource = \"R005\"\n[[ship]]\nship = \"S154\"\n[[ship]]\nship = \"S071\"\nupgrades = [\"Q008\"]\n",
    );
    let restrictions: Vec<&str> = c
        .diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "restriction")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        restrictions,
        [
            "with the Hideki Class Attack Fighters resource (R005) a fleet may include at most 1 \
             attack squadron, and ship 2 (Dominion Attack Fighters) is one too many",
            "with the Hideki Class Attack Fighters resource (R005) attack squadrons carry no \
             upgrades or captains, but Borg Support Vehicle Token (Q008) is on ship 2 (Dominion \
             Attack Fighters)",
            // Without the resource too: a fighter squadron takes only
            // [squadron] upgrades.
            "Borg Support Vehicle Token (Q008) may not be on ship 2 (Dominion Attack Fighters): \
             a fighter squadron takes only [squadron] upgrades"
        ],
        "{}",
        summary(&c)
    );
}

#[test]
fn senior_staff_talent_slot_costs_one_more() {
    // Senior Staff (R036a): an extra [crew] and [talent] slot; the talent
    // in it costs +1 SP. The generic captain shows no talent icon, so
    // Intercept (E004) can only take that slot.
    let c = check(
        "resource = \"R036\"\n[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"R036a\", \"C175\", \"C274\", \"C238\", \"E004\"]\n",
    );
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E004")), [("surcharge", 1)]);
    assert_eq!(
        card(&r, 0, "E004").modifiers[0].source,
        "Senior Staff (R036a)"
    );
    assert_eq!(r.total, Some(24 + 4 + 3 + 5 + 5 + 1));
    // Without the card, the talent finds no slot.
    let c = check("[[ship]]\nship = \"S149\"\ncaptain = \"Federation\"\nupgrades = [\"E004\"]\n");
    assert_eq!(codes(&c), ["slot"]);
}

#[test]
fn tebok_fields_a_romulan_talent_beside_another_romulan_ship() {
    // Tebok (Cap329) shows no talent icon; with another Romulan ship in
    // the fleet he fields 1 Romulan [talent] at -1 SP.
    let tebok = "[[ship]]\nship = \"S128\"\ncaptain = \"Cap329\"\nupgrades = [\"E062\"]\n";
    let c = check(&format!(
        "{tebok}[[ship]]\nship = \"S159\"\ncaptain = \"Romulan\"\n"
    ));
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E062")), [("discount", -1)]);
    assert_eq!(card(&r, 0, "E062").modifiers[0].source, "TEBOK (Cap329)");
    // Beside a Federation ship only: no such slot.
    let c = check(&format!(
        "{tebok}[[ship]]\nship = \"S162\"\ncaptain = \"Federation\"\n"
    ));
    assert_eq!(codes(&c), ["slot"]);
}

#[test]
fn iden_takes_no_admiral_and_no_ambassador() {
    // Iden (Cap037): "You cannot have an Admiral and/or Ambassador equipped
    // to this ship".
    let c = check(
        "[[ship]]\nship = \"S064\"\ncaptain = \"Cap037\"\nadmiral = \"A042\"\nambassador = \"M003\"\n",
    );
    assert_eq!(codes(&c), ["restriction", "restriction"]);
    let messages: Vec<&str> = c.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Iden (Cap037) allows no admiral on its ship, but ship 1 (Hirogen Starship) has the admiral Karr (A042)",
            "Iden (Cap037) allows no ambassador on its ship, but ship 1 (Hirogen Starship) has the ambassador Lwaxana Troi (M003)"
        ]
    );
    let c = check("[[ship]]\nship = \"S064\"\ncaptain = \"Cap037\"\n");
    assert!(c.diagnostics.is_empty(), "{}", summary(&c));
}
