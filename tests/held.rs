//! Cards held face down beneath another card (Quark, Experimental
//! Torpedo Bay, Leonard McCoy, ...), on real cards of the embedded
//! database. A holder is a slot it adds: the held card takes no slot of the
//! upgrade bar, meets the holder's terms, is priced as an upgrade of the
//! ship, and a `held` note says which card is under which.

use crate::golden::db;
use crate::staw_rules::{card, check, codes, messages, mods};

#[test]
fn quark_holds_a_tech_beyond_the_upgrade_bar() {
    // Nunk's Marauder (S017, 22: 1 tech, 2 weapon, 1 crew), Nunk (Cap608,
    // 4), Quark (C114, 2: "place 1 non-Borg [tech] Upgrade with a cost of 5
    // or less face down beneath this card"), two Ferengi techs: Geodesic
    // Pulse (T017, 5) and Maximum Shields (T021, 4). One tech slot: the
    // other tech is held beneath Quark, priced as an upgrade.
    let c = check(
        "[[ship]]\nship = \"Nunk's Marauder\"\ncaptain = \"Nunk\"\nupgrades = [\"Quark\", \"Geodesic Pulse\", \"Maximum Shields\"]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    assert_eq!(
        messages(&c, "held"),
        ["Geodesic Pulse (T017) is held face down beneath Quark (C114) on ship 1 (Nunk's Marauder): no slot of the upgrade bar, 5 SP as an upgrade of the ship"]
    );
    let r = c.finish();
    assert_eq!(r.total, Some(22 + 4 + 2 + 5 + 4));
    assert_eq!(card(&r, 0, "T017").slot.as_deref(), Some("tech"));
}

#[test]
fn quark_holds_one_card_and_reads_its_cost_on_the_ship() {
    // A third tech: Quark holds one only.
    let c = check(
        "[[ship]]\nship = \"Nunk's Marauder\"\ncaptain = \"Nunk\"\nupgrades = [\"Quark\", \"Geodesic Pulse\", \"Maximum Shields\", \"Inversion Wave\"]\n",
    );
    assert_eq!(codes(&c), ["held", "slot"]);
    assert_eq!(
        messages(&c, "slot"),
        ["Inversion Wave (T012) needs a free tech slot, but ship 1 (Nunk's Marauder) has none left"]
    );
    assert_eq!(
        c.diagnostics.iter().find(|d| d.code.as_str() == "slot").unwrap().help,
        ["the ship's upgrade slots: 1 tech, 2 weapon, 1 crew, 1 talent, 1 tech held beneath Quark (for non-Borg [tech] upgrades with a cost of 5 SP or less only)"]
    );
    // "A cost of 5 or less" reads the cost on the ship. On a Federation
    // ship, Geodesic Pulse (Ferengi, 5 + 1) may not be held beneath Quark
    // but Maximum Shields (4 + 1) may: the bar takes the one, Quark the
    // other.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [\"Quark\", \"Geodesic Pulse\", { id = \"T021\" }]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    assert!(messages(&c, "held")[0].starts_with("Maximum Shields (T021) is held"));
    assert_eq!(c.finish().total, Some(22 + 4 + 3 + 6 + 5));
    // Two copies of Geodesic Pulse (6 SP there): neither may be held.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [\"Quark\", \"Geodesic Pulse\", \"Geodesic Pulse\"]\n",
    );
    assert_eq!(codes(&c), ["slot"]);
}

#[test]
fn experimental_torpedo_bay_holds_a_torpedo_beyond_its_restrictions() {
    // U.S.S. Stargazer (S110, 22: 1 weapon), Jean-Luc Picard (Cap629, 4),
    // Experimental Torpedo Bay (W215, 2: "a Torpedo [weapon] Upgrade with a
    // printed SP cost of 5 or less ... ignoring restrictions") holding the
    // Akira-only Dorsal Torpedo Pod (W225, 3).
    let fleet = "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [\"Experimental Torpedo Bay\", \"Dorsal Torpedo Pod\"]\n";
    let c = check(fleet);
    assert_eq!(codes(&c), ["held"]);
    assert_eq!(
        messages(&c, "held"),
        ["Dorsal Torpedo Pod (W225) is held face down beneath Experimental Torpedo Bay (W215) on ship 1 (U.S.S. Stargazer): no slot of the upgrade bar, 3 SP as an upgrade of the ship"]
    );
    assert_eq!(c.finish().total, Some(22 + 4 + 2 + 3));
    // Without the bay the pod breaks its restriction.
    let c = check(&fleet.replace("\"Experimental Torpedo Bay\", ", ""));
    assert_eq!(codes(&c), ["restriction"]);
    // A second restricted torpedo: the bay holds one; the other takes the
    // weapon slot and breaks its restriction (Heavy Plasma Torpedo,
    // Romulan only, 5 + 1 on a Federation ship).
    let c = check(&fleet.replace(
        "\"Dorsal Torpedo Pod\"",
        "\"Dorsal Torpedo Pod\", \"Heavy Plasma Torpedo\"",
    ));
    assert_eq!(codes(&c), ["held", "slot", "restriction"]);
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "W237")), [("faction-penalty", 1)]);
}

#[test]
fn no_card_is_held_beneath_itself_or_beyond_its_terms() {
    // Photon Torpedoes (W122, 5) and the bay (a weapon itself) with one
    // weapon slot: the torpedo is held, the bay takes the slot.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [{ id = \"W122\" }, \"Experimental Torpedo Bay\"]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    assert_eq!(c.finish().total, Some(22 + 4 + 5 + 2));
    // A weapon whose name holds no "Torpedo" (Additional Phaser Arrays,
    // W149) is not held, and the bay is not beneath itself.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [\"Experimental Torpedo Bay\", \"Additional Phaser Arrays\"]\n",
    );
    assert_eq!(codes(&c), ["slot"]);
    assert_eq!(
        messages(&c, "slot"),
        ["Additional Phaser Arrays (W149) needs a free weapon slot, but ship 1 (U.S.S. Stargazer) has none left that takes it"]
    );
}

#[test]
fn leonard_mccoy_reads_the_printed_cost() {
    // U.S.S. Stargazer (2 crew slots), Leonard McCoy (C330, 3: "1 [crew]
    // Upgrade with a printed cost of 4 SP or less"), two Klingon crew
    // printed at 4 (5 on a Federation ship): one is held.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [{ id = \"C330\" }, \"Bu'Kah\", \"N'Garen\"]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    let r = c.finish();
    assert_eq!(r.total, Some(22 + 4 + 3 + 5 + 5));
    assert_eq!(mods(card(&r, 0, "C174")), [("faction-penalty", 1)]);
    // Printed at 5: not held.
    let c = check(
        "[[ship]]\nship = \"U.S.S. Stargazer\"\ncaptain = { id = \"Cap629\" }\nupgrades = [{ id = \"C330\" }, \"K'Ehleyr\", \"Kornan\"]\n",
    );
    assert_eq!(codes(&c), ["slot"]);
}

#[test]
fn every_holder_of_the_source_is_modeled_or_listed() {
    // Holders modeled as slots beneath them.
    for id in [
        "C114", "T001", "W048", "W166", "W215", "T150", "T139", "C217", "C330", "E172", "Cap446",
    ] {
        let c = db().by_id(id).unwrap();
        assert!(
            c.rules.adds_slots.iter().any(|a| a.beneath),
            "{id} holds cards beneath it"
        );
        assert!(
            c.rules.unmodeled.is_empty(),
            "{id}: {:?}",
            c.rules.unmodeled
        );
    }
    // Gareb holds a captain card whose cost makes his: listed.
    assert!(db()
        .by_id("Cap105")
        .unwrap()
        .rules
        .unmodeled
        .contains(&"held".to_string()));
}

#[test]
fn a_held_cards_text_is_not_in_play() {
    // I.K.S. Somraw (S161, 18, one [crew] slot), Kurn (Cap324, 2),
    // Cryogenic Stasis (T001, 5), Torg (C245, Klingon crew 6: too dear to
    // be held) in the crew slot, and Romulan Hijackers (C039, 4: "[tech]
    // and [weapon] Upgrades cost -1 SP", only Romulan captains and crew on
    // its ship) held face down: its discount and its limits are not in
    // play.
    let c = check(
        "[[ship]]\nship = \"I.K.S. Somraw\"\ncaptain = { id = \"Cap324\" }\nupgrades = [\"Cryogenic Stasis\", \"Torg\", \"Romulan Hijackers\"]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    assert!(messages(&c, "held")[0].starts_with("Romulan Hijackers (C039) is held"));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T001")), []);
    assert_eq!(r.total, Some(18 + 2 + 5 + 6 + 4));
    // Face up (a plain crew held instead: the card whose text acts is the
    // last one held), its discount and its limits are in play.
    let c = check(
        "[[ship]]\nship = \"I.K.S. Somraw\"\ncaptain = { id = \"Cap324\" }\nupgrades = [\"Cryogenic Stasis\", \"Konmel\", \"Romulan Hijackers\"]\n",
    );
    assert_eq!(codes(&c), ["restriction", "restriction", "held"]);
    assert!(messages(&c, "held")[0].starts_with("Konmel (C208) is held"));
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T001")), [("discount", -1)]);
}

#[test]
fn tpaal_holds_the_stone_of_gol_for_free() {
    // Ni'Var (S114, 20: one [tech] slot), Tavek (Cap322, 2), T'Paal (C369,
    // 2: "Place the Stone of Gol [tech] Upgrade facedown under T'Paal for 0
    // SP"), Power Grid (T086, 2) in the tech slot: the Stone of Gol (T267,
    // 3) is held beneath T'Paal at 0 SP.
    let c = check(
        "[[ship]]\nship = \"Ni'Var\"\ncaptain = { id = \"Cap322\" }\nupgrades = [{ id = \"C369\" }, { id = \"T086\" }, \"Stone of Gol\"]\n",
    );
    assert_eq!(codes(&c), ["held"]);
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T267")), [("set-cost", -3)]);
    assert_eq!(r.total, Some(20 + 2 + 2 + 2));
    assert!(db().by_id("C369").unwrap().rules.unmodeled.is_empty());
}

#[test]
fn a_card_whose_text_acts_is_not_bought_face_down() {
    // Akorem (S157, 18: two [crew]), Tahna Los (Cap524, 3: a [tech] slot;
    // "One of the [tech] upgrades you purchase ... costs exactly 3 SP and
    // is placed face down"), Comm Station (T152, 4: adds a [crew] slot) and
    // three crew. Face down its crew slot would be gone: it stays face up
    // at 4 SP, and the third crew has its slot.
    let c = check(
        "[[ship]]\nship = \"Akorem\"\ncaptain = \"Tahna Los\"\nupgrades = [{ id = \"T152\" }, { id = \"C140\" }, { id = \"C155\" }, { id = \"C156\" }]\n",
    );
    assert_eq!(codes(&c), Vec::<&str>::new());
    let r = c.finish();
    assert_eq!(mods(card(&r, 0, "T152")), []);
    assert_eq!(r.total, Some(18 + 3 + 4 + 3 + 2 + 2));
    let tahna = db().by_id("Cap524").unwrap();
    assert!(tahna.rules.set_costs[0].face_down);
}
