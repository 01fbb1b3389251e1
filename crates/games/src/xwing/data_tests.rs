//! Tests of `games::xwing::data`.

use super::*;

#[test]
fn embedded_decks_are_valid_and_the_standard_deck_is_exact() {
    let decks = decks().expect("the embedded X-Wing data is valid");
    let std = decks.iter().find(|d| d.id == "standard").unwrap();
    assert_eq!(std.size, 33);
    assert_eq!(std.cards.len(), 14);
    let copies: Vec<_> = std.cards.iter().map(|c| (c.number, c.copies)).collect();
    assert_eq!(
        copies,
        vec![
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
            (8, 2),
            (9, 2),
            (10, 2),
            (11, 2),
            (12, 2),
            (13, 4),
            (14, 5)
        ]
    );
    assert_eq!(std.cards[13].name, "Direct Hit!");
    assert_eq!(std.cards[12].name, "Fuel Leak");
    let pilots = std.cards.iter().filter(|c| c.trait_ == "pilot").count();
    assert_eq!(pilots, 4);
}

#[test]
fn cards_are_found_by_number_or_loose_name() {
    let std = &decks().unwrap()[0];
    assert_eq!(std.find(&CardKey::Number(14)), Some(13));
    assert_eq!(std.find(&CardKey::Number(15)), None);
    assert_eq!(std.find(&CardKey::Number(0)), None);
    assert_eq!(std.find(&CardKey::Name("direct hit")), Some(13));
    assert_eq!(std.find(&CardKey::from_text(" 5 ")), Some(4));
    assert_eq!(std.label(4), "card 5 Console Fire");
}

#[test]
fn an_invalid_built_in_deck_is_refused_with_its_location() {
    let bad = "[deck]\nid = \"x\"\nname = \"X\"\nsize = 3\n[[card]]\nnumber = 1\nname = \"A\"\ntrait = \"ship\"\ncopies = 2\n";
    let e = load([("x.toml", bad)].into_iter()).unwrap_err();
    assert_eq!(
        e,
        "data/xwing/x.toml:4:8: `size` is 3, but the copies of the 1 card add up to 2"
    );
    let good = bad.replace("size = 3", "size = 2");
    let e = load([("x.toml", good.as_str()), ("y.toml", good.as_str())].into_iter()).unwrap_err();
    assert_eq!(e, "data/xwing/y.toml: deck id x twice");
}

/// A deck file from its `[deck]` lines and its cards (number, name,
/// trait, copies).
fn deck_text(head: &str, cards: &[(i64, &str, &str, i64)]) -> String {
    let mut t = format!("[deck]\n{head}\n");
    for (number, name, trait_, copies) in cards {
        t.push_str(&format!(
            "\n[[card]]\nnumber = {number}\nname = \"{name}\"\ntrait = \"{trait_}\"\ncopies = {copies}\n"
        ));
    }
    t
}

const HEAD: &str = "id = \"mine\"\nname = \"My deck\"\nsize = 5";

/// Every problem of a deck file as "line:column code: message".
fn problems(text: &str) -> Vec<String> {
    let source = Source {
        path: "d.toml".into(),
        text: text.into(),
    };
    let mut diags = Vec::new();
    let deck = read_deck(&source, &mut diags);
    assert_eq!(deck.is_some(), diags.is_empty(), "{diags:#?}");
    diags
        .iter()
        .map(|d| {
            let (l, c) = source.line_col(d.span.clone().expect("located").start);
            assert!(d.is_input_error(), "{d:?}");
            format!("{l}:{c} {}: {}", d.code, d.message)
        })
        .collect()
}

#[test]
fn a_valid_deck_file_is_read_in_number_order() {
    let text = format!(
        "game = \"xwing\"\n{}",
        deck_text(HEAD, &[(2, "B b", "Ship", 3), (1, "A", "pilot", 2)])
    );
    let source = Source {
        path: "d.toml".into(),
        text,
    };
    let mut diags = Vec::new();
    let deck = read_deck(&source, &mut diags).unwrap();
    assert!(diags.is_empty());
    assert_eq!(
        deck,
        Deck {
            id: "mine".into(),
            name: "My deck".into(),
            size: 5,
            cards: vec![
                DamageCard {
                    number: 1,
                    name: "A".into(),
                    trait_: "pilot".into(),
                    copies: 2
                },
                DamageCard {
                    number: 2,
                    name: "B b".into(),
                    trait_: "ship".into(),
                    copies: 3
                },
            ],
            file: None,
        }
    );
    assert_eq!(deck.find(&CardKey::Name("b-B")), Some(1));
}

#[test]
fn the_size_must_be_the_sum_of_the_copies() {
    let text = deck_text(HEAD, &[(1, "A", "pilot", 2), (2, "B", "ship", 2)]);
    assert_eq!(
        problems(&text),
        ["4:8 shape: `size` is 5, but the copies of the 2 cards add up to 4"]
    );
}

#[test]
fn numbers_go_from_1_to_n_each_once() {
    let text = deck_text(
        HEAD,
        &[
            (1, "A", "pilot", 1),
            (1, "B", "ship", 2),
            (4, "C", "ship", 2),
        ],
    );
    assert_eq!(
        problems(&text),
        [
            "13:10 shape: card number 1 is given twice: `A` and `B`",
            "19:10 shape: card number 4 is out of range: the deck has 3 [[card]] tables, numbered 1 to 3",
        ]
    );
    let source = Source {
        path: "d.toml".into(),
        text,
    };
    let mut diags = Vec::new();
    read_deck(&source, &mut diags);
    assert_eq!(
        diags[0].help,
        ["each card has its own number, 1 to 3; not used: 2, 3"]
    );
    assert_eq!(
        diags[1].help,
        ["number the cards 1 to 3, as printed at the bottom of each card; not used: 2, 3"]
    );
}

#[test]
fn names_are_unique_ignoring_case_and_punctuation_and_not_numbers() {
    let text = deck_text(
        HEAD,
        &[
            (1, "Hull Breach", "ship", 1),
            (2, "hull-breach!", "ship", 2),
            (3, " 7 ", "ship", 1),
            (4, "?!", "ship", 1),
        ],
    );
    assert_eq!(
        problems(&text),
        [
            "14:8 shape: card 2 `hull-breach!` has the name of card 1 `Hull Breach`",
            "20:8 shape: a card's `name` cannot be a number: `7` would be read as card number 7",
            "26:8 shape: a card's `name` must have letters or digits",
        ]
    );
}

#[test]
fn copies_traits_and_types_are_checked() {
    let text = deck_text(
        "id = \"\"\nname = \"X\"\nsize = 0",
        &[(1, "A", "crw", 0), (2, "B", "pilot", 1)],
    )
    .replace("number = 2", "number = \"2\"");
    assert_eq!(
        problems(&text),
        [
            "2:6 shape: `id` is empty",
            "4:8 shape: `size` must be at least 1, found 0",
            "9:9 shape: unknown damage card trait `crw`",
            "10:10 shape: `copies` must be at least 1, found 0",
            "13:10 shape: `number` must be a whole number, found a string",
        ]
    );
}

#[test]
fn unknown_and_missing_keys_are_reported_all_at_once() {
    let text = "game = \"ti4\"\nsize = 3\n[deck]\nid = \"x\"\nname = \"X\"\nsise = 1\n[[card]]\nnumber = 1\nname = \"A\"\ntrait = \"ship\"\ncopy = 1\n";
    assert_eq!(
        problems(text),
        [
            "1:8 shape: a damage deck file is for game = \"xwing\", found `ti4`",
            "2:1 unknown-key: unknown key `size` in a damage deck file",
            "3:1 shape: missing key `size` in [deck]",
            "6:1 unknown-key: unknown key `sise` in [deck]",
            "7:1 shape: missing key `copies` in a [[card]]",
            "11:1 unknown-key: unknown key `copy` in a [[card]]",
        ]
    );
}

#[test]
fn a_deck_or_card_key_at_the_top_points_at_the_missing_header() {
    let source = Source {
        path: "d.toml".into(),
        text: "id = \"x\"\nnumber = 1\ncolour = 2\n".into(),
    };
    let mut diags = Vec::new();
    read_deck(&source, &mut diags);
    let helps: Vec<_> = diags
        .iter()
        .filter(|d| d.code.as_str() == "unknown-key")
        .map(|d| d.help.join(" | "))
        .collect();
    assert_eq!(
        helps,
        [
            "`id` belongs in a [deck] table: is the `[deck]` line above it missing?",
            "`number` belongs in a [[card]] table: is the `[[card]]` line above it missing?",
            "known keys: game, deck, card",
        ]
    );
}

#[test]
fn a_deck_file_needs_its_deck_table_and_cards() {
    assert_eq!(
        problems("game = \"xwing\"\n"),
        [
            "1:1 shape: a damage deck file needs a [deck] table",
            "1:1 shape: a damage deck file needs its [[card]] tables",
        ]
    );
    assert_eq!(
        problems(&format!("[deck]\n{HEAD}\n[card]\nnumber = 1\n")),
        ["5:2 shape: `card` must be an array of tables: write each one as `[[card]]`"]
    );
    assert_eq!(
        problems("[deck]\nid = \"x\"\nname = \"X\"\nsize = [\n"),
        ["4:9 parse: TOML syntax error: unclosed array, expected `]`"]
    );
}

#[test]
fn deck_files_and_state_files_are_told_apart() {
    let is_deck = |text: &str| {
        let mut d = Vec::new();
        let root = input::parse(
            &Source {
                path: "x.toml".into(),
                text: text.into(),
            },
            &mut d,
        )
        .unwrap();
        is_deck_file(&root)
    };
    assert!(is_deck("game = \"xwing\"\n[deck]\nid = \"x\"\n"));
    assert!(is_deck("[[card]]\nnumber = 1\n"));
    assert!(!is_deck("game = \"xwing\"\ndeck = \"standard\"\n"));
    assert!(!is_deck("game = \"xwing\"\ndeck = { file = \"d.toml\" }\n"));
    assert!(!is_deck("game = \"xwing\"\n[[card]]\n[inventory]\n1 = 2\n"));
}
