//! Tests of `games::xwing`.

use super::*;
use serde_json::json;

fn run(text: &str) -> Checked {
    crate::testing::run(check, "x.toml", text)
}

fn codes(c: &Checked) -> Vec<(&str, String)> {
    c.diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.message.clone()))
        .collect()
}

#[test]
fn a_complete_inventory_is_legal() {
    let mut text = String::from("game = \"xwing\"\n[inventory]\n");
    for (n, copies) in [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 5]
        .iter()
        .enumerate()
    {
        text.push_str(&format!("{} = {copies}\n", n + 1));
    }
    let c = run(&text);
    assert_eq!(codes(&c), vec![]);
    assert_eq!(c.details.clone().unwrap()["inventory"]["found"], 33);
}

#[test]
fn missing_and_surplus_cards_are_named_by_number_name_and_count() {
    let c = run("game = \"xwing\"\n[inventory]\n\"Direct Hit!\" = 3\nfuel_leak = 6\n");
    let d = codes(&c);
    assert!(d.contains(&(
        "missing-card",
        "card 14 Direct Hit!: 3 of 5 copies in the inventory, 2 missing".into()
    )));
    assert!(d.contains(&(
        "surplus-card",
        "card 13 Fuel Leak: 6 copies in the inventory, the Standard damage deck has 4 (2 surplus)"
            .into()
    )));
    assert!(d.contains(&(
        "missing-card",
        "card 1 Panicked Pilot: 0 of 2 copies in the inventory, 2 missing".into()
    )));
}

#[test]
fn a_card_listed_twice_in_a_table_is_an_input_error() {
    let c = run("game = \"xwing\"\n[inventory]\n13 = 1\nfuel_leak = 3\n");
    assert_eq!(
        codes(&c),
        vec![(
            "shape",
            "card 13 Fuel Leak is listed twice in `inventory` (as `13` and as `fuel_leak`)".into()
        )]
    );
    assert_eq!(c.exit_code(), 2);
    assert!(c.summary.is_none());
}

#[test]
fn a_card_counted_twice_in_the_state_is_surplus() {
    let c = run("game = \"xwing\"\ndiscard_pile = [14]\n[[ship]]\nname = \"A\"\nface_down = [14, 14, 14]\n[[ship]]\nname = \"B\"\nface_up = [\"direct hit\", 14]\n");
    assert_eq!(
        codes(&c),
        vec![(
            "surplus-card",
            "card 14 Direct Hit!: 6 copies in the damage state (A face down 3, B face up 2, discard pile 1), the Standard damage deck has 5 (1 surplus)"
                .into()
        )]
    );
}

/// A deck file with a composition of its own (made up for the test:
/// what matters is that cards resolve against it, not against the
/// built-in deck).
const TEST_DECK: &str = "[deck]\nid = \"test\"\nname = \"Test deck\"\nsize = 3\n\n[[card]]\nnumber = 2\nname = \"Beta Fault\"\ntrait = \"crew\"\ncopies = 2\n\n[[card]]\nnumber = 1\nname = \"Alpha Fault\"\ntrait = \"ship\"\ncopies = 1\n";

fn with_deck(deck: &str, state: &str) -> (tempfile::TempDir, Checked) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("decks")).unwrap();
    std::fs::write(dir.path().join("decks/t.toml"), deck).unwrap();
    let path = dir.path().join("s.toml").display().to_string();
    let c = check(Parsed::of(Source {
        path,
        text: format!("game = \"xwing\"\ndeck = {{ file = \"decks/t.toml\" }}\n{state}"),
    }));
    (dir, c)
}

#[test]
fn cards_resolve_against_the_deck_file() {
    let (dir, c) = with_deck(
        TEST_DECK,
        "[[ship]]\nname = \"A\"\nface_down = [\"alpha fault\", 1, \"Beta Fault\"]\n",
    );
    assert_eq!(
        codes(&c),
        vec![(
            "surplus-card",
            "card 1 Alpha Fault: 2 copies in the damage state (A face down 2), the Test deck has 1 (1 surplus)".into()
        )]
    );
    let d = c.details.clone().unwrap();
    let file = dir.path().join("decks/t.toml").display().to_string();
    assert_eq!(
        d["deck"],
        json!({ "id": "test", "name": "Test deck", "size": 3, "file": file })
    );
    let Some(crate::Block::Text(first)) = c.summary.unwrap().blocks.first().cloned() else {
        panic!("the summary starts with text");
    };
    assert!(first.starts_with(&format!("Test deck (3 cards, from {file})\n")));
}

#[test]
fn unknown_cards_are_suggested_from_the_deck_file() {
    let (_dir, c) = with_deck(
        TEST_DECK,
        "[[ship]]\nname = \"A\"\nface_up = [\"Alpha Falt\", \"Direct Hit!\", 3]\n",
    );
    assert_eq!(
        codes(&c),
        vec![
            (
                "unknown-card",
                "no card named `Alpha Falt` in the Test deck".into()
            ),
            (
                "unknown-card",
                "no card named `Direct Hit!` in the Test deck".into()
            ),
            (
                "unknown-card",
                "no card number 3 in the Test deck (cards 1-2)".into()
            ),
        ]
    );
    assert_eq!(
        c.diagnostics[0].help,
        ["did you mean `Alpha Fault` (card 1)?"]
    );
    assert_eq!(
        c.diagnostics[1].help,
        ["a card is named or numbered as printed: 1 Alpha Fault, 2 Beta Fault"]
    );
    assert_eq!(c.exit_code(), 2);
}

#[test]
fn a_deck_file_problem_is_located_in_the_deck_file() {
    let (dir, c) = with_deck(
        &TEST_DECK.replace("copies = 1", "copies = 2"),
        "[inventory]\n1 = 1\n",
    );
    let file = dir.path().join("decks/t.toml").display().to_string();
    assert_eq!(
        codes(&c),
        vec![(
            "shape",
            "`size` is 3, but the copies of the 2 cards add up to 4".to_string()
        )]
    );
    // Located in the deck file, which the report names.
    let d = &c.diagnostics[0];
    let in_file = d.file.as_ref().unwrap();
    assert_eq!(in_file.path, file);
    assert_eq!(in_file.line_col(d.span.clone().unwrap().start), (4, 8));
    // The help says where the state names it.
    let state = dir.path().join("s.toml").display().to_string();
    assert_eq!(
        c.diagnostics[0].help.last().map(String::as_str),
        Some(format!("the deck file is named at {state}:2:17").as_str())
    );
    assert!(c.summary.is_none());
}
