//! Fleet Captain rule 5, and a card that waives the penalty of
//! itself and of the card in the slot it gives, on real cards of the
//! embedded database.
//! A captain with printed [talent] slots may forgo the fleet captain's
//! bonus [talent] slot and take one of its talents for free (printed cost
//! 0, faction penalty kept): a slot choice, the lowest legal total wins.

use crate::staw_rules::{card, check, codes, mods};

/// The I.K.S. Gr'oth (S195, 18) with Kang (Cap001, 5, one printed [talent])
/// and the Klingon fleet captain (R010d, 5: a bonus [tech] and [talent]).
fn groth(upgrades: &str) -> String {
    format!(
        "resource = \"Fleet Captain\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = {{ id = \"Cap001\" }}\nfleet_captain = \"Klingon\"\nupgrades = [{upgrades}]\n"
    )
}

#[test]
fn one_talent_is_free_in_place_of_the_bonus_slot() {
    // Totals: ship, captain, fleet captain card, upgrades.
    // Supreme Commander (E011, 5) fits Kang's own slot: the bonus slot is
    // forgone and the talent costs 0.
    let c = check(&groth("\"Supreme Commander\""));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E011")), [("set-cost", -5)]);
    assert_eq!(
        card(&r, 0, "E011").modifiers[0].source,
        "Klingon (R010d): costs 0 SP in place of its bonus [talent] slot (Fleet Captain rule 5)"
    );
    assert_eq!(r.total, Some(18 + 5 + 5));
}

#[test]
fn two_talents_take_the_bonus_slot() {
    // Two talents need the bonus slot: both are paid.
    let c = check(&groth("\"Supreme Commander\", { id = \"E124\" }"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E011")), []);
    assert_eq!(mods(card(&r, 0, "E124")), []);
    assert_eq!(r.total, Some(18 + 5 + 5 + 5 + 3));
}

#[test]
fn the_free_talent_keeps_its_faction_penalty() {
    // Sabotage (E043, Mirror Universe, 4): 0 + 1 on a Klingon ship.
    let r = check(&groth("{ id = \"E043\" }")).finish();
    assert_eq!(
        mods(card(&r, 0, "E043")),
        [("set-cost", -4), ("faction-penalty", 1)]
    );
    assert_eq!(card(&r, 0, "E043").cost, 1);
    assert_eq!(r.total, Some(18 + 5 + 5 + 1));
}

#[test]
fn a_captain_without_printed_talent_slots_takes_the_bonus() {
    // Gowron (Cap642, 4, no [talent] icon): the talent fills the bonus
    // slot at its price (rule 4).
    let c = check(
        &groth("\"Supreme Commander\"").replace("{ id = \"Cap001\" }", "{ id = \"Cap642\" }"),
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "E011")), []);
    assert_eq!(r.total, Some(18 + 4 + 5 + 5));
}

// ---- a waiver of a card and of the card in the slot it gives ---------------

#[test]
fn elim_garak_waives_his_own_penalty_and_his_talents() {
    // U.S.S. Stargazer (S110, 22), Jean-Luc Picard (Cap629, 4, one
    // [talent]), Elim Garak (C109, Dominion crew 4, one [talent] icon: "You
    // do not pay a Faction penalty when assigning Elim Garak or his
    // [talent] Upgrade"), Sabotage (E124, Klingon talent 3) and Disobey
    // Orders (E113, Federation talent 2). The Klingon talent goes into
    // Garak's slot: no penalty anywhere.
    let fleet = |talents: &str| {
        format!("[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = {{ id = \"Cap629\" }}\nupgrades = [{{ id = \"C109\" }}, {talents}]\n")
    };
    let c = check(&fleet("{ id = \"E124\" }, { id = \"E113\" }"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "C109")), []);
    assert_eq!(mods(card(&r, 0, "E124")), []);
    assert_eq!(r.total, Some(22 + 4 + 4 + 3 + 2));
    // Two talents of other factions: one is in Picard's slot and pays +1.
    let r = check(&fleet("{ id = \"E124\" }, { id = \"E043\" }")).finish();
    assert_eq!(r.total, Some(22 + 4 + 4 + 3 + 4 + 1));
    // Sabotage (E043) is Mirror Universe: 4 + 1.
    assert!(crate::golden::db()
        .by_id("C109")
        .unwrap()
        .rules
        .unmodeled
        .is_empty());
}

// ---- a captain whose cost depends on the cards on its ship ----------------

#[test]
fn iden_costs_less_for_each_independent_question_upgrade() {
    // Gornarus (S056, 22), Iden (Cap037, 10: "This card costs -1 SP for
    // each [Independent] ? Upgrade equipped to this ship"), Grappler (W051,
    // 4), Power Distribution Grid (T031, 2) and Denara Pel (C070, 1), all
    // Independent but none a ? Upgrade: Iden costs 10. With Bio-Mimetic
    // Gel (Q012, Independent ? Upgrade, [tech] or [weapon], 3) he costs 9
    // (more in tests/card_filters.rs).
    let c = check(
        "[[ship]]\nship = \"Gornarus\"\ncaptain = \"Iden\"\nupgrades = [\"Grappler\", { id = \"T031\" }, { id = \"C070\" }]\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "Cap037")), []);
    assert_eq!(r.total, Some(22 + 10 + 4 + 2 + 1));
    let r = check(
        "[[ship]]\nship = \"Gornarus\"\ncaptain = \"Iden\"\nupgrades = [\"Grappler\", { id = \"Q012\" }, { id = \"C070\" }]\n",
    )
    .finish();
    assert_eq!(mods(card(&r, 0, "Cap037")), [("ship-penalty", -1)]);
    assert_eq!(
        card(&r, 0, "Cap037").modifiers[0].source,
        "Iden (Cap037): -1 SP for each of 1 Independent ? upgrades on its ship"
    );
    assert_eq!(r.total, Some(22 + 9 + 4 + 3 + 1));
}

// ---- a waiver that holds on ships of one faction -------------------------

#[test]
fn rekar_waives_romulan_crew_on_a_federation_ship_only() {
    // Rekar (Cap014, Romulan captain 3: "You do not pay faction penalty when
    // equipping this card or any Romulan [crew] Upgrades to this Federation
    // ship") with the Romulan Security Officer (C058, crew 2).
    let fleet = |ship: &str| {
        format!("[[ship]]\nship = {ship}\ncaptain = {{ id = \"Cap014\" }}\nupgrades = [{{ id = \"C058\" }}]\n")
    };
    // U.S.S. Stargazer (S110, 22, Federation): no penalty anywhere.
    let r = check(&fleet("\"U.S.S. Stargazer\"")).finish();
    assert_eq!(mods(card(&r, 0, "Cap014")), []);
    assert_eq!(mods(card(&r, 0, "C058")), []);
    assert_eq!(r.total, Some(22 + 3 + 2));
    // I.K.S. Gr'oth (S195, 18, Klingon): both pay +1.
    let r = check(&fleet("\"I.K.S. Gr'oth\"")).finish();
    assert_eq!(mods(card(&r, 0, "Cap014")), [("faction-penalty", 1)]);
    assert_eq!(mods(card(&r, 0, "C058")), [("faction-penalty", 1)]);
    assert_eq!(r.total, Some(18 + 4 + 3));
}
