//! Star Trek: Attack Wing rules on real cards of the embedded
//! database: waivers of faction restrictions, conditions on a card's cost,
//! fixed costs with their penalties, the Independent fleet captain,
//! shuttlecraft and fighter squadrons, the sideboard's captain swap, the
//! organised-play format.

pub(crate) use crate::engine::{card, mods};
use crate::golden::{db, TODAY};
use fleetcheck::cli::check::check_source;
use fleetcheck_input::diag::Source;
use fleetcheck_report::Checked;
use fleetcheck_staw::CheckOptions;

pub(crate) fn check_as(text: &str, format: Option<&str>) -> Checked {
    check_source(
        db(),
        Source {
            path: "fleet.toml".into(),
            text: text.into(),
        },
        &CheckOptions {
            today: TODAY.into(),
            format: format.map(str::to_string),
            ..CheckOptions::default()
        },
    )
}

pub(crate) fn check(text: &str) -> Checked {
    check_as(text, None)
}

pub(crate) fn codes(c: &Checked) -> Vec<&str> {
    c.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

pub(crate) fn messages<'a>(c: &'a Checked, code: &str) -> Vec<&'a str> {
    c.diagnostics
        .iter()
        .filter(|d| d.code.as_str() == code)
        .map(|d| d.message.as_str())
        .collect()
}

// ---- waivers of purchase restrictions -------------------------------------

#[test]
fn lore_lifts_the_faction_restriction_of_talents() {
    // Soong (S122, Borg and Independent, 38) + Lore (Cap711, 4) + Self-Destruct
    // Sequence (E090, Federation talent, "may only be purchased for a
    // Federation ship", 5): Lore lifts the restriction and the penalty.
    let c = check(
        "[[ship]]\nship = \"Soong\"\ncaptain = \"Lore\"\nupgrades = [\"Self-Destruct Sequence\"]\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E090")), []);
    assert_eq!(r.total, Some(38 + 4 + 5));
    let lore = db().by_id("Cap711").unwrap();
    assert!(lore.rules.unmodeled.is_empty(), "Lore is fully modeled");
}

#[test]
fn lore_lifts_only_faction_restrictions_and_only_on_his_ship() {
    // Without Lore the Federation talent is refused on the Soong.
    let c = check(
        "[[ship]]\nship = \"Soong\"\ncaptain = { id = \"Cap111\" }\nupgrades = [{ id = \"C109\" }, \"Self-Destruct Sequence\"]\n",
    );
    assert_eq!(
        messages(&c, "restriction"),
        ["Self-Destruct Sequence (E090) may only be purchased for a Federation ship; ship 1 (Soong) is Borg and Independent"]
    );
}

// ---- conditions on a card's cost -------------------------------------------

#[test]
fn sakonna_reads_the_cost_on_the_ship() {
    // Sakonna (C134): "[weapon] Upgrades with a cost of 5 or less cost -2
    // SP". Energy Dissipator (W111) and Phased Polaron Beam (W096) are
    // printed at 5 but cost +5 on a Keldon: 10 SP there, no discount.
    let r = check("[[ship]]\nship = \"Koranak\"\ncaptain = { id = \"Cap721\" }\nupgrades = [{ id = \"C134\" }, { id = \"W111\" }, { id = \"W096\" }]\n").finish();
    assert_eq!(mods(card(&r, 0, "W111")), [("ship-penalty", 5)]);
    assert_eq!(card(&r, 0, "W111").cost, 10);
    assert_eq!(mods(card(&r, 0, "W096")), [("ship-penalty", 5)]);
    assert_eq!(card(&r, 0, "W096").cost, 10);
    assert_eq!(r.total, Some(26 + 5 + 3 + 10 + 10));
    // On a Jem'Hadar Battleship the Phased Polaron Beam costs its printed 5,
    // so it gets the -2.
    let r = check("[[ship]]\nship = { id = \"S288\" }\ncaptain = { id = \"Cap106\" }\nupgrades = [{ id = \"C134\" }, { id = \"W096\" }]\n").finish();
    assert_eq!(mods(card(&r, 0, "W096")), [("discount", -2)]);
    assert_eq!(card(&r, 0, "W096").cost, 3);
}

// ---- fixed costs -------------------------------------------------------------

#[test]
fn a_fixed_cost_keeps_the_faction_penalty() {
    // Tahna Los (Cap524): one [tech] Upgrade "costs exactly 3 SP". The
    // Klingon Advanced Weapon System (T250, 5) on the Bajoran Akorem: 3 + 1.
    let r = check(
        "[[ship]]\nship = \"Akorem\"\ncaptain = \"Tahna Los\"\nupgrades = [{ id = \"T250\" }]\n",
    )
    .finish();
    let aws = card(&r, 0, "T250");
    assert_eq!(mods(aws), [("set-cost", -2), ("faction-penalty", 1)]);
    assert_eq!(aws.cost, 4);
    assert_eq!(r.total, Some(18 + 3 + 4));
}

// ---- Independent fleet captain --------------------------------------------------

#[test]
fn an_independent_fleet_captain_makes_the_captain_independent_too() {
    // Chakotay (Cap523, Federation) with the Independent (Klingon) fleet
    // captain (R010e): no penalty on the Independent Alpha Hunter...
    let r = check("resource = \"Fleet Captain\"\n[[ship]]\nship = { id = \"S065\" }\ncaptain = { id = \"Cap523\" }\nfleet_captain = \"Independent (Klingon)\"\n").finish();
    assert_eq!(mods(card(&r, 0, "Cap523")), []);
    assert_eq!(r.total, Some(26 + 3 + 5));
    // ... and +1 as usual on a Klingon ship.
    let c = check("resource = \"Fleet Captain\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = { id = \"Cap523\" }\nfleet_captain = \"Independent (Klingon)\"\n");
    let r = c.finish();
    let chakotay = card(&r, 0, "Cap523");
    assert_eq!(mods(chakotay), [("faction-penalty", 1)]);
    assert_eq!(
        chakotay.modifiers[0].source,
        "Chakotay is Federation and Independent but I.K.S. Gr'oth is Klingon"
    );
    assert_eq!(chakotay.cost, 4);
    // The fleet captain card itself never pays one.
    assert_eq!(mods(card(&r, 0, "R010e")), []);
}

// ---- shuttlecraft and fighter squadrons ---------------------------------------

#[test]
fn a_shuttlecraft_carries_no_upgrade_over_3_sp() {
    // Sakharov (S051, Type 7 Shuttlecraft): B'Elanna Torres (C154, 4) costs
    // 2 there after the Sakharov's -2; the Klingon Advanced Weapon System
    // (T250) costs 5 + 1.
    let c = check("[[ship]]\nship = \"Sakharov\"\ncaptain = { id = \"Cap523\" }\nupgrades = [{ id = \"C154\" }, { id = \"T250\" }]\n");
    assert_eq!(
        messages(&c, "restriction"),
        ["Advanced Weapon System (T250) costs 6 SP on ship 1 (Sakharov), a Type 7 Shuttlecraft (a shuttlecraft), which may carry no upgrade costing more than 3 SP"]
    );
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(card(&c.finish(), 0, "C154").cost, 2);
}

#[test]
fn a_fighter_squadron_takes_only_squadron_upgrades_and_no_admiral() {
    let c = check("[[ship]]\nship = { id = \"S062\" }\nadmiral = { id = \"A041\" }\nupgrades = [{ id = \"D004\" }, { id = \"C423\" }]\n");
    assert_eq!(
        messages(&c, "restriction"),
        [
            "Alynna Nechayev (A041) may not be on ship 1 (Federation Attack Squadron): a fighter squadron takes no admiral",
            "Aaron Cavit (C423) may not be on ship 1 (Federation Attack Squadron): a fighter squadron takes only [squadron] upgrades",
        ]
    );
}

// ---- the organised-play format --------------------------------------------------

#[test]
fn organised_play_excludes_banned_cards() {
    // Warp Jump (T104) is marked opBanned in the source data.
    let fleet = "[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap639\" }\nupgrades = [{ id = \"T104\" }]\n";
    let c = check_as(fleet, Some("organised-play"));
    assert_eq!(codes(&c), ["op-banned"]);
    assert_eq!(
        messages(&c, "op-banned"),
        ["Warp Jump (T104) on ship 1 (U.S.S. Defiant) is banned from organised play, and format organised-play excludes such cards"]
    );
    assert_eq!(c.exit_code(), 1);
    assert!(!codes(&check(fleet)).contains(&"op-banned"));
}

// ---- more classes ------------------------------------------------------------------

#[test]
fn a_weapon_costs_the_ships_printed_primary_weapon_value() {
    // Bio-Molecular Torpedo (W199, printed 0): "The Attack Value and cost of
    // this [weapon] are this ship's Printed Primary Weapon Value": 6 on the
    // Soong.
    let r =
        check("[[ship]]\nship = \"Soong\"\ncaptain = \"Lore\"\nupgrades = [{ id = \"W199\" }]\n")
            .finish();
    let torpedo = card(&r, 0, "W199");
    assert_eq!(mods(torpedo), [("set-cost", 6)]);
    assert_eq!(torpedo.cost, 6);
    assert_eq!(r.total, Some(38 + 4 + 6));
}

#[test]
fn a_discount_naming_a_faction_matches_sub_factions_per_format() {
    // James T. Kirk (Cap821): "Federation [crew] Upgrades cost -1 SP". Kov
    // (C091, Vulcan, 4) on the Enterprise-D: a Federation card with
    // sub-factions on (standard), not in tournament-2016.
    let fleet = "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap821\" }\nupgrades = [{ id = \"C091\" }]\n";
    let r = check(fleet).finish();
    assert_eq!(mods(card(&r, 0, "C091")), [("discount", -1)]);
    assert_eq!(card(&r, 0, "C091").cost, 3);
    let r = check_as(fleet, Some("tournament-2016")).finish();
    assert_eq!(mods(card(&r, 0, "C091")), [("faction-penalty", 1)]);
    assert_eq!(card(&r, 0, "C091").cost, 5);
}

// ---- slots that take only named cards -----------------------------------

#[test]
fn a_torpedo_bay_slot_takes_only_photon_torpedoes() {
    // U.S.S. Stargazer (S110, 22: one [weapon] slot), Jean-Luc Picard
    // (Cap629, 4), Torpedo Bay (W146, 2: "Add 1 [weapon] Upgrade slot ...
    // This Upgrade must be filled with a Photon Torpedoes Upgrade").
    let fleet = |weapon: &str| {
        format!("[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = {{ id = \"Cap629\" }}\nupgrades = [\"Torpedo Bay\", {weapon}]\n")
    };
    let c = check(&fleet("{ id = \"W122\" }"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    assert_eq!(c.finish().total, Some(22 + 4 + 2 + 5));
    // Additional Phaser Arrays (W149) is no Photon Torpedoes.
    let c = check(&fleet("\"Additional Phaser Arrays\""));
    assert_eq!(
        messages(&c, "slot"),
        ["Additional Phaser Arrays (W149) needs a free weapon slot, but ship 1 (U.S.S. Stargazer) has none left that takes it"]
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 1 tech, 1 weapon, 2 crew, 1 talent, 1 weapon (for upgrades named Photon Torpedoes only)"]
    );
}

// ---- ships that take no captain and no admiral ------------------------------

#[test]
fn a_ship_that_takes_no_captain_or_admiral() {
    // Dominion Starship (S264, 24: "You cannot equip a Captain or Admiral
    // to this ship").
    let c = check("[[ship]]\nship = { id = \"S264\" }\ncaptain = { id = \"Cap106\" }\n");
    assert_eq!(
        messages(&c, "captain"),
        ["ship 1 (Dominion Starship) takes no captain, but Dominion (Cap106) is assigned to it"]
    );
    let c = check("[[ship]]\nship = { id = \"S264\" }\nadmiral = { id = \"A001\" }\n");
    assert_eq!(
        messages(&c, "restriction"),
        ["Dominion Starship (S264) allows no admiral on its ship, but ship 1 (Dominion Starship) has the admiral Velal (A001)"]
    );
    // Without either: no `no-captain` warning, 24 SP.
    let c = check("[[ship]]\nship = { id = \"S264\" }\n");
    assert_eq!(codes(&c), Vec::<&str>::new());
    assert_eq!(c.finish().total, Some(24));
    for id in ["S221", "S264", "S265"] {
        let r = &db().by_id(id).unwrap().rules;
        assert_eq!((r.captains, r.no_admiral), (Some(0), true), "{id}");
    }
}
