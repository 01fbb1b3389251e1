//! Tests of `games::stccg`.

use super::*;
use fleetcheck_input::diag::Severity;

fn run(text: &str) -> Checked {
    crate::testing::run(check, "d.toml", text)
}

use crate::testing::msgs;

const FILLER: &str = "[[card]]\nname = \"Filler\"\ntype = \"event\"\ndeck = \"draw\"\ncount = 30\n";

#[test]
fn limits_and_uniqueness() {
    let c = run("game = \"stccg\"\n[[card]]\nname = \"Reunion\"\ntype = \"mission\"\ndeck = \"seed\"\ncount = 2\n[[card]]\nname = \"Dilemma\"\ntype = \"dilemma\"\ndeck = \"seed\"\ncount = 29\n[[card]]\nname = \"Filler\"\ntype = \"event\"\ndeck = \"draw\"\ncount = 29\n");
    assert_eq!(
        msgs(&c),
        vec![
            ("seed-limit", "the deck has 31 seed cards; at most 30 may be seeded"),
            ("draw-minimum", "the draw deck has 29 cards; it needs at least 30 (1 more)"),
            ("unique-mission", "the unique mission Reunion is in the deck 2 times; unique missions may not be duplicated"),
        ]
    );
}

#[test]
fn universal_missions_may_be_duplicated() {
    let c = run(&format!("game = \"stccg\"\n[[card]]\nname = \"Space\"\ntype = \"mission\"\ndeck = \"seed\"\nunique = false\ncount = 2\n{FILLER}"));
    assert_eq!(msgs(&c), vec![]);
}

/// Code, severity and message of every diagnostic.
fn all(c: &Checked) -> Vec<(&str, Severity, &str)> {
    c.diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.severity, d.message.as_str()))
        .collect()
}

/// A card line: name, type, pile, then any other keys.
fn card(name: &str, ty: &str, pile: &str, rest: &str) -> String {
    format!("[[card]]\nname = \"{name}\"\ntype = \"{ty}\"\ndeck = \"{pile}\"\n{rest}\n")
}

fn deck(top: &str, cards: &[String]) -> Checked {
    run(&format!("game = \"stccg\"\n{top}\n{}", cards.concat()))
}

#[test]
fn seed_limit_is_thirty_seed_cards() {
    let ok = deck(
        "",
        &[
            card("Nagilum", "dilemma", "seed", "count = 30"),
            FILLER.into(),
        ],
    );
    assert_eq!(all(&ok), vec![]);
    let c = deck(
        "",
        &[
            card("Nagilum", "dilemma", "seed", "count = 31"),
            FILLER.into(),
        ],
    );
    assert_eq!(
        all(&c),
        vec![(
            "seed-limit",
            Severity::Error,
            "the deck has 31 seed cards; at most 30 may be seeded"
        )]
    );
    assert_eq!(c.exit_code(), 1);
}

#[test]
fn draw_minimum_is_thirty_draw_deck_cards_side_decks_not_counted() {
    let ok = deck("", &[card("Filler", "event", "draw", "count = 30")]);
    assert_eq!(all(&ok), vec![]);
    // No upper limit any more (no 60-card deck).
    let big = deck("", &[card("Filler", "event", "draw", "count = 200")]);
    assert_eq!(all(&big), vec![]);
    let c = deck(
        "",
        &[
            card("Filler", "event", "draw", "count = 29"),
            card("Tent card", "event", "side", "count = 5"),
        ],
    );
    assert_eq!(
        all(&c),
        vec![(
            "draw-minimum",
            Severity::Error,
            "the draw deck has 29 cards; it needs at least 30 (1 more)"
        )]
    );
}

#[test]
fn unique_missions_once_universal_or_exempt_ones_more() {
    let c = deck(
        "",
        &[
            card("Reunion", "mission", "seed", ""),
            card("reunion", "mission", "seed", ""),
            card("Space", "mission", "seed", "unique = false\ncount = 2"),
            card(
                "Q-Flash mission",
                "mission",
                "seed",
                "exempt = [\"unique-mission\"]\ncount = 2",
            ),
            FILLER.into(),
        ],
    );
    assert_eq!(
        all(&c),
        vec![("unique-mission", Severity::Error, "the unique mission Reunion is in the deck 2 times; unique missions may not be duplicated")]
    );
}

#[test]
fn one_artifact_per_location_or_all_are_mis_seeded() {
    let c = deck(
        "",
        &[
            card("Horga'hn", "artifact", "seed", "location = \"Reunion\""),
            card(
                "Thought Maker",
                "artifact",
                "seed",
                "location = \"Reunion\"",
            ),
            card(
                "Betazoid Gift Box",
                "artifact",
                "seed",
                "location = \"Covert Installation\"",
            ),
            card(
                "Cryosatellite",
                "artifact",
                "seed",
                "location = \"Covert Installation\"\nexempt = [\"artifact-location\"]",
            ),
            // Not seeded: not at a location.
            card("Horga'hn", "artifact", "draw", ""),
            FILLER.into(),
        ],
    );
    assert_eq!(
        all(&c),
        vec![("artifact-location", Severity::Error, "2 artifacts are seeded at Reunion (Horga'hn, Thought Maker); a player seeds at most one artifact per location, so all 4 of the deck's seeded artifacts are mis-seeded")]
    );
}

#[test]
fn borg_only_cards_only_in_a_borg_deck() {
    let objective = card(
        "Assimilate Planet",
        "objective",
        "draw",
        "icons = [\"borg-only\"]",
    );
    let c = deck(
        "affiliation = \"klingon\"",
        &[objective.clone(), FILLER.into()],
    );
    assert_eq!(
        all(&c),
        vec![("borg-only", Severity::Error, "Assimilate Planet has the Borg-use-only icon: it may be in a deck and used only when playing the Borg affiliation")]
    );
    // Nothing says the deck plays Borg: the same.
    let c = deck("", &[objective.clone(), FILLER.into()]);
    assert_eq!(all(&c)[0].0, "borg-only");
    let c = deck(
        "affiliation = \"borg\"",
        &[objective.clone(), FILLER.into()],
    );
    assert_eq!(all(&c), vec![]);
    // A deck with Borg personnel plays Borg.
    let drone = card(
        "Two of Eleven",
        "personnel",
        "draw",
        "affiliation = \"borg\"",
    );
    let c = deck("", &[objective, drone, FILLER.into()]);
    assert_eq!(all(&c), vec![]);
}

#[test]
fn borg_decks_use_no_non_borg_crew_ships_or_facilities_in_draw_and_side_decks() {
    let c = deck(
        "affiliation = \"borg\"",
        &[
            card("Data", "personnel", "draw", "affiliation = \"federation\""),
            card("Hugh", "personnel", "side", "affiliation = \"non-aligned\""),
            card(
                "Federation Outpost",
                "outpost",
                "seed",
                "affiliation = \"federation\"",
            ),
            card("Borg Cube", "ship", "draw", "affiliation = \"borg\""),
            card(
                "Two-faced",
                "personnel",
                "draw",
                "affiliation = [\"borg\", \"federation\"]",
            ),
            card("Phaser", "equipment", "draw", ""),
            FILLER.into(),
        ],
    );
    assert_eq!(
        all(&c),
        vec![
            ("borg-affiliation", Severity::Error, "Data is a Federation personnel in the draw deck of a Borg deck: a Borg player may not use non-Borg personnel, ships or facilities in the draw deck or side decks"),
            ("borg-affiliation", Severity::Error, "Hugh is a Non-Aligned personnel in a side deck of a Borg deck: a Borg player may not use non-Borg personnel, ships or facilities in the draw deck or side decks"),
            ("borg-cooperation", Severity::Note, "Federation Outpost is a Federation facility seeded by a Borg deck: the Borg deck rule covers the draw deck and side decks, but in play the Borg do not mix or cooperate with non-Borg cards"),
        ]
    );
    // Only the note: the deck is legal.
    let c = deck(
        "",
        &[
            card(
                "Federation Outpost",
                "outpost",
                "seed",
                "affiliation = \"federation\"",
            ),
            card("Borg Cube", "ship", "draw", "affiliation = \"borg\""),
            FILLER.into(),
        ],
    );
    assert_eq!(
        all(&c),
        vec![("borg-cooperation", Severity::Note, "Federation Outpost is a Federation facility seeded by a Borg deck (the deck plays Borg: it has Borg personnel, ships or facilities): the Borg deck rule covers the draw deck and side decks, but in play the Borg do not mix or cooperate with non-Borg cards")]
    );
    assert_eq!(c.exit_code(), 0);
    // A deck that does not play Borg may use them all.
    let c = deck(
        "affiliation = \"federation\"",
        &[
            card("Data", "personnel", "draw", "affiliation = \"federation\""),
            FILLER.into(),
        ],
    );
    assert_eq!(all(&c), vec![]);
}

#[test]
fn several_borg_queens_are_a_note_not_an_error() {
    let queen = |rest: &str| {
        card(
            "Borg Queen",
            "personnel",
            "draw",
            &format!("affiliation = \"borg\"\n{rest}"),
        )
    };
    let c = deck(
        "affiliation = \"borg\"",
        &[queen("count = 2"), FILLER.into()],
    );
    assert_eq!(
        all(&c),
        vec![("borg-queen", Severity::Note, "the deck has 2 Borg Queen cards: she is neither unique nor universal, so the deck may hold several, but only one Borg Queen may be in play per collective at a time")]
    );
    assert_eq!(c.exit_code(), 0);
    assert!(!c.diagnostics.iter().any(Diagnostic::is_error));
    // Two lines of one copy each: the same note, at the second.
    let c = deck(
        "affiliation = \"borg\"",
        &[
            queen(""),
            card("borg queen", "personnel", "side", "affiliation = \"borg\""),
            FILLER.into(),
        ],
    );
    assert_eq!(all(&c).len(), 1);
    assert_eq!(c.exit_code(), 0);
    let c = deck("affiliation = \"borg\"", &[queen(""), FILLER.into()]);
    assert_eq!(all(&c), vec![]);
}

#[test]
fn copies_of_a_unique_personnel_are_legal() {
    let c = deck(
        "affiliation = \"federation\"",
        &[
            card(
                "Jean-Luc Picard",
                "personnel",
                "draw",
                "affiliation = \"federation\"\nunique = true\ncount = 3",
            ),
            FILLER.into(),
        ],
    );
    assert_eq!(all(&c), vec![]);
}

#[test]
fn every_code_is_reported_with_its_registered_severity() {
    // One deck breaking every rule.
    let c = deck(
        "affiliation = \"borg\"",
        &[
            card("Reunion", "mission", "seed", "count = 2"),
            card("Nagilum", "dilemma", "seed", "count = 27"),
            card(
                "Horga'hn",
                "artifact",
                "seed",
                "location = \"Reunion\"\ncount = 2",
            ),
            card(
                "Federation Outpost",
                "outpost",
                "seed",
                "affiliation = \"federation\"",
            ),
            card("Data", "personnel", "draw", "affiliation = \"federation\""),
            card(
                "Borg Queen",
                "personnel",
                "draw",
                "affiliation = \"borg\"\ncount = 2",
            ),
        ],
    );
    let c2 = deck(
        "affiliation = \"klingon\"",
        &[card(
            "Assimilate Planet",
            "objective",
            "draw",
            "icons = [\"borg-only\"]",
        )],
    );
    let mut seen: Vec<(&str, Severity)> = all(&c)
        .iter()
        .chain(all(&c2).iter())
        .map(|(code, sev, _)| (*code, *sev))
        .collect();
    seen.sort_by_key(|(code, _)| *code);
    seen.dedup();
    let mut want: Vec<(&str, Severity)> =
        Code::TABLE.iter().map(|c| (c.code, c.severity)).collect();
    want.sort_by_key(|(code, _)| *code);
    assert_eq!(seen, want);
}
