//! Card filters on real cards of the embedded database
//! (shared/rules/staw.md, "Rulings settled after review (round 3)"):
//!
//! - a faction a discount, waiver or holder names means that faction, or
//!   one that counts as it, never the reverse and never a sibling (the
//!   faction penalty keeps its two-way matching);
//! - "? Upgrades" are the cards of type ? (Iden, Reginald Barclay);
//! - "equipped to this Captain" is the captain's own slots (Duras);
//! - a source typo that hides a restriction is read through a correction
//!   (Temporal Wave Front).

use crate::staw_rules::{card, check, check_as, codes, messages, mods};

fn ship(ship: &str, captain: &str, upgrades: &[&str]) -> String {
    let ups: Vec<String> = upgrades
        .iter()
        .map(|u| format!("{{ id = \"{u}\" }}"))
        .collect();
    format!(
        "[[ship]]\nship = {{ id = \"{ship}\" }}\ncaptain = {{ id = \"{captain}\" }}\nupgrades = [{}]\n",
        ups.join(", ")
    )
}

// ---- a faction a filter names: one way --------------------------------------

#[test]
fn lurin_discounts_ferengi_upgrades_not_independent_ones() {
    // Kreechta (S021, Ferengi, 22), Lurin (Cap730, Ferengi, 5: "[Ferengi]
    // Upgrades equipped to this ship cost -1SP"), Rom (C014, Ferengi crew,
    // 3) and Plasma Torpedoes (W088, Independent weapon, 3). A Ferengi card
    // counts as Independent, an Independent card never as Ferengi: Rom
    // costs 2, the torpedoes 3 (and no penalty: Ferengi and Independent
    // share a faction for the penalty).
    let c = check(&ship("S021", "Cap730", &["C014", "W088"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "C014")), [("discount", -1)]);
    assert_eq!(mods(card(&r, 0, "W088")), []);
    assert_eq!(card(&r, 0, "W088").cost, 3);
    assert_eq!(r.total, Some(22 + 5 + 2 + 3));
}

#[test]
fn lurins_waiver_covers_ferengi_upgrades_only() {
    // The same cards on a Federation Starship (S005, 21): "You do not pay
    // a Faction Penalty when you equip this card or [Ferengi] Upgrades to
    // this ship". Rom pays none and costs 2; the Independent torpedoes pay
    // their +1 and get no discount: 4.
    let c = check(&ship("S005", "Cap730", &["C014", "W088"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "Cap730")), []);
    assert_eq!(mods(card(&r, 0, "C014")), [("discount", -1)]);
    assert_eq!(mods(card(&r, 0, "W088")), [("faction-penalty", 1)]);
    assert_eq!(
        card(&r, 0, "W088").modifiers[0].source,
        "Plasma Torpedoes is Independent but Federation Starship is Federation"
    );
    assert_eq!(r.total, Some(21 + 5 + 2 + 4));
}

#[test]
fn tkumbra_discounts_vulcan_cards_not_federation_ones() {
    // U.S.S. T'Kumbra (S335, Federation and Vulcan, 22: "All Vulcan
    // Captains, Admirals, and [crew] Upgrades equipped to this ship cost -1
    // SP"). Keogh (Cap007, Federation captain, 4) and Terry (C018,
    // Federation crew, 4) are no Vulcan cards; Kov (C091, Vulcan crew, 4)
    // is.
    let r = check(&ship("S335", "Cap007", &["C091", "C018"])).finish();
    assert_eq!(mods(card(&r, 0, "Cap007")), []);
    assert_eq!(mods(card(&r, 0, "C018")), []);
    assert_eq!(mods(card(&r, 0, "C091")), [("discount", -1)]);
    assert_eq!(r.total, Some(22 + 4 + 3 + 4));
    // A Vulcan captain, Solok (Cap627, 4), gets it.
    let r = check(&ship("S335", "Cap627", &["C018"])).finish();
    assert_eq!(mods(card(&r, 0, "Cap627")), [("discount", -1)]);
    assert_eq!(r.total, Some(22 + 3 + 4));
}

#[test]
fn thalens_slot_discounts_a_xindi_weapon_only() {
    // Xindi Starship (S024, 18: 1 tech, 1 weapon), Kiaphet Amman'Sor
    // (Cap440, 3, 1 talent), Thalen (E161, 5: "If the additional [weapon]
    // Upgrade is a Xindi [weapon] Upgrade, its cost is -2 SP"). A Kazon
    // weapon, Variable Yield Charges (W127, 2), is no Xindi weapon, though
    // both count as Independent.
    let c = check(&ship("S024", "Cap440", &["E161", "W127"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "W127")), []);
    assert_eq!(r.total, Some(18 + 3 + 5 + 2));
    // Xindi Torpedoes (W154, 3) in Thalen's slot: 1.
    let r = check(&ship("S024", "Cap440", &["E161", "W154"])).finish();
    assert_eq!(mods(card(&r, 0, "W154")), [("discount", -2)]);
    assert_eq!(r.total, Some(18 + 3 + 5 + 1));
}

#[test]
fn haron_discounts_kazon_weapons_not_ferengi_ones() {
    // Kazon Starship (S219, 18: 1 weapon, 2 crew), Haron (Cap315, 2: "Add 1
    // [weapon] Upgrade slot ... All of your Kazon [weapon] Upgrades cost -1
    // SP"), the Ferengi Photon Torpedoes (W067, 4) and the Kazon Variable
    // Yield Charges (W127, 2). Ferengi and Kazon are siblings: no discount
    // for the torpedoes (and no penalty either).
    let c = check(&ship("S219", "Cap315", &["W067", "W127"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "W067")), []);
    assert_eq!(card(&r, 0, "W067").cost, 4);
    assert_eq!(mods(card(&r, 0, "W127")), [("discount", -1)]);
    assert_eq!(r.total, Some(18 + 2 + 4 + 1));
}

#[test]
fn degra_discounts_xindi_weapons_not_independent_ones() {
    // Xindi Starship (S036, 26: 1 tech, 2 weapon, 1 crew), the Xindi
    // captain (Cap116, 0), Degra (C230, 4: "All of your Xindi [weapon]
    // Upgrades cost -1 SP"), Xindi Torpedoes (W154, 3) and the Independent
    // Plasma Torpedoes (W088, 3).
    let r = check(&ship("S036", "Cap116", &["C230", "W154", "W088"])).finish();
    assert_eq!(mods(card(&r, 0, "W154")), [("discount", -1)]);
    assert_eq!(mods(card(&r, 0, "W088")), []);
    assert_eq!(r.total, Some(26 + 4 + 2 + 3));
}

#[test]
fn hatchery_holds_a_xindi_crew_and_refuses_a_ferengi_one() {
    // Xindi Starship (S024, 18: no crew slot), the Xindi captain (Cap116,
    // 0), Hatchery (T139, 2: "Add 1 [crew] Upgrade slot ... place a Xindi
    // [crew] Upgrade face down beneath this card"). Two Ferengi crew, Rom
    // (C014) and Nog (C015): the added slot takes one, and the other may
    // not go beneath Hatchery: the fleet is illegal.
    let c = check(&ship("S024", "Cap116", &["T139", "C014", "C015"]));
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(
        messages(&c, "slot"),
        ["Nog (C015) needs a free crew slot, but ship 1 (Xindi Starship) has none left that takes it"]
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 1 tech, 1 weapon, 1 crew, 1 crew held beneath Hatchery (for Xindi [crew] upgrades only)"]
    );
    assert_eq!(c.exit_code(), 1);
    // A Xindi crew, Damron (C237, 4), goes beneath it; Rom takes the slot.
    let c = check(&ship("S024", "Cap116", &["T139", "C237", "C014"]));
    assert_eq!(codes(&c), ["held"]);
    assert_eq!(
        messages(&c, "held"),
        ["Damron (C237) is held face down beneath Hatchery (T139) on ship 1 (Xindi Starship): no slot of the upgrade bar, 4 SP as an upgrade of the ship"]
    );
    assert_eq!(c.finish().total, Some(18 + 2 + 4 + 3));
}

#[test]
fn sub_faction_matching_of_filters_follows_the_format() {
    // Without sub-factions (tournament-2016) a filter's faction is matched
    // as written: Kov (C091, Vulcan) still gets T'Kumbra's Vulcan discount,
    // and a Kazon card still is no Xindi card.
    let r = check_as(&ship("S335", "Cap007", &["C091"]), Some("tournament-2016")).finish();
    assert_eq!(mods(card(&r, 0, "C091")), [("discount", -1)]);
    let r = check_as(
        &ship("S024", "Cap440", &["E161", "W127"]),
        Some("tournament-2016"),
    )
    .finish();
    assert_eq!(mods(card(&r, 0, "W127")), [("faction-penalty", 1)]);
}

// ---- ? Upgrades -----------------------------------------------------------

#[test]
fn iden_counts_independent_question_upgrades_only() {
    // Val Jean (S097, Independent, 22: 2 weapon, 2 crew), Iden (Cap037, 10:
    // "This card costs -1 SP for each [Independent] ? Upgrade equipped to
    // this ship"). Kejal (Q032, 3) and Photonic Field Generator (Q033, 2)
    // are Independent ? Upgrades; Kenneth Dalby (C082, crew, 2) and Plasma
    // Torpedoes (W088, weapon, 3) are Independent but no ? Upgrades.
    let c = check(&ship("S097", "Cap037", &["Q032", "Q033", "C082", "W088"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "Cap037")), [("ship-penalty", -2)]);
    assert_eq!(
        card(&r, 0, "Cap037").modifiers[0].source,
        "Iden (Cap037): -1 SP for each of 2 Independent ? upgrades on its ship"
    );
    assert_eq!(card(&r, 0, "Cap037").cost, 8);
    assert_eq!(r.total, Some(22 + 8 + 3 + 2 + 2 + 3));
}

#[test]
fn iden_counts_a_kazon_question_upgrade_not_a_federation_one() {
    // Kejal (Q032, 3), the Federation ? Upgrade Tea, Earl Grey, Hot (Q034,
    // 1, +1 off a Federation ship, +1 penalty), the Kazon ? Upgrade
    // Unremarkable Species (Q004, 5, +5 off a Kazon ship; Kazon counts as
    // Independent) and Kenneth Dalby (C082, 2): Iden counts Kejal and
    // Unremarkable Species.
    let r = check(&ship("S097", "Cap037", &["Q032", "Q034", "Q004", "C082"])).finish();
    assert_eq!(mods(card(&r, 0, "Cap037")), [("ship-penalty", -2)]);
    assert_eq!(card(&r, 0, "Q034").cost, 3);
    assert_eq!(card(&r, 0, "Q004").cost, 10);
    assert_eq!(r.total, Some(22 + 8 + 3 + 3 + 10 + 2));
    // No ? Upgrade: Iden costs 10.
    let r = check(&ship("S097", "Cap037", &["C082", "W088"])).finish();
    assert_eq!(mods(card(&r, 0, "Cap037")), []);
    assert_eq!(r.total, Some(22 + 10 + 2 + 3));
}

#[test]
fn barclays_slot_takes_question_upgrades_only() {
    // Federation Starship (S033, 24: 1 tech, 2 weapon, 1 crew), Keogh
    // (Cap007, 4), Reginald Barclay (C463, 1: "Add 1 [tech] to this ship's
    // Upgrade Bar. This slot can only be filled by [question] Upgrades").
    // Two Ferengi techs, Maximum Shields (T021) and EM Pulse (T022), 4 + 1
    // each: Barclay's slot refuses the second.
    let c = check(&ship("S033", "Cap007", &["C463", "T021", "T022"]));
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(
        messages(&c, "slot"),
        ["EM Pulse (T022) needs a free tech slot, but ship 1 (Federation Starship) has none left that takes it"]
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["the ship's upgrade slots: 1 tech, 2 weapon, 1 crew, 1 talent, 1 tech (for ? upgrades only)"]
    );
    // Kejal (Q032, Independent ? Upgrade, [crew] or [tech], 3 + 1) takes it.
    let c = check(&ship("S033", "Cap007", &["C463", "T021", "Q032"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(card(&r, 0, "Q032").slot.as_deref(), Some("tech"));
    assert_eq!(r.total, Some(24 + 4 + 1 + 5 + 4));
}

// ---- equipped to this Captain ----------------------------------------------

#[test]
fn duras_fixes_the_cost_of_his_own_talents_not_the_admirals() {
    // I.K.S. Rotarran (S012, 22), Duras (Cap656, 5, 1 talent: "[Romulan]
    // [talent] and [Klingon] [talent] Upgrades equipped to this Captain
    // cost 3 SP"), Martok (A011, admiral, 4, 1 talent), Supreme Commander
    // (E011, Klingon talent, 5) and Surrender As Ordered (E052, Klingon
    // talent, 4). One talent is Duras', at 3; the other is the admiral's, at
    // its printed cost. The cheaper assignment gives Duras the 5.
    let c = check(
        "[[ship]]\nship = { id = \"S012\" }\ncaptain = { id = \"Cap656\" }\nadmiral = { id = \"A011\" }\nupgrades = [{ id = \"E011\" }, { id = \"E052\" }]\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E011")), [("set-cost", -2)]);
    assert_eq!(
        card(&r, 0, "E011").modifiers[0].source,
        "Duras (Cap656): costs 3 SP"
    );
    assert_eq!(mods(card(&r, 0, "E052")), []);
    assert_eq!(r.total, Some(22 + 5 + 4 + 3 + 4));
}

#[test]
fn duras_talent_on_his_own_and_a_talent_he_does_not_name() {
    // Alone, Supreme Commander is his: 3.
    let r = check(&ship("S012", "Cap656", &["E011"])).finish();
    assert_eq!(r.total, Some(22 + 5 + 3));
    // Two Klingon talents and no admiral: one has no slot.
    let c = check(&ship("S012", "Cap656", &["E011", "E052"]));
    assert_eq!(codes(&c), ["slot"]);
}

#[test]
fn kirks_fixed_cost_is_for_his_own_talents() {
    // Federation Starship (S033, 24), James T. Kirk (Cap905, 6, 2 talents:
    // "Any Federation [talent] Upgrades you purchase for Kirk cost exactly 3
    // Squadron Points"), Hayes (A003, admiral, 3, 1 talent), three
    // Federation talents of 5: Intercept (E004), Persistence (E006), Prefix
    // Code (E018). Two are Kirk's at 3, the admiral's at 5.
    let c = check(
        "[[ship]]\nship = { id = \"S033\" }\ncaptain = { id = \"Cap905\" }\nadmiral = { id = \"A003\" }\nupgrades = [{ id = \"E004\" }, { id = \"E006\" }, { id = \"E018\" }]\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E004")), [("set-cost", -2)]);
    assert_eq!(mods(card(&r, 0, "E006")), [("set-cost", -2)]);
    assert_eq!(mods(card(&r, 0, "E018")), []);
    assert_eq!(r.total, Some(24 + 6 + 3 + 3 + 3 + 5));
}

#[test]
fn fleet_captain_rule_5_frees_a_talent_in_duras_own_slot() {
    // The Klingon fleet captain (R010d, 5) on Duras' ship: his talent fits
    // his printed slot (which carries his fixed cost), so the bonus slot is
    // forgone and Supreme Commander (E011) costs 0, not 3.
    let r = check(
        "resource = \"Fleet Captain\"\n[[ship]]\nship = { id = \"S012\" }\ncaptain = { id = \"Cap656\" }\nfleet_captain = \"Klingon\"\nupgrades = [{ id = \"E011\" }]\n",
    )
    .finish();
    assert_eq!(mods(card(&r, 0, "E011")), [("set-cost", -5)]);
    assert_eq!(
        card(&r, 0, "E011").modifiers[0].source,
        "Klingon (R010d): costs 0 SP in place of its bonus [talent] slot (Fleet Captain rule 5)"
    );
    assert_eq!(r.total, Some(22 + 5 + 5));
}

// ---- a restriction behind a source typo ------------------------------------

#[test]
fn temporal_wave_front_is_for_a_krenim_weapon_ship_only() {
    // Temporal Wave Front (T061, 6): "This Upgrade by only be purchased for
    // a Krenim weapon ship" (the source's "by" for "may", corrected). On the
    // Species 116 Starship (S028, Dauntless Class, 20) with the Independent
    // captain (Cap111, 0): refused.
    let c = check(&ship("S028", "Cap111", &["T061"]));
    assert_eq!(codes(&c), ["restriction"]);
    assert_eq!(
        messages(&c, "restriction"),
        ["Temporal Wave Front (T061) may only be purchased for a Krenim Weapon Ship; ship 1 (Species 116 Starship) is a Dauntless Class ship"]
    );
    assert_eq!(c.exit_code(), 1);
    // On the Krenim Starship (S045, Krenim Weapon Ship, 28) with the Krenim
    // captain (Cap110, 0): legal.
    let c = check(&ship("S045", "Cap110", &["T061"]));
    assert_eq!(codes(&c), Vec::<&str>::new());
    assert_eq!(c.finish().total, Some(28 + 6));
}
