//! Tests of `data::load` and of the blob it reads (`data::embedded`).

use super::*;
use crate::embedded::*;
use crate::keys::id_key;
use crate::model::CardType;
use std::path::{Path, PathBuf};

use crate::compile::{loaded, Compiler, DataFile};
use crate::keys::normalize;
use std::collections::BTreeMap;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/staw")
}

/// The records of `data/staw`'s TOML files as parsed, before any
/// compile, and the file of each card.
fn parsed() -> (DataFile, Vec<String>) {
    let mut all = DataFile::default();
    let mut card_files = Vec::new();
    for (path, text) in crate::read_dir(&dir()).unwrap() {
        if !loaded(&path) {
            continue;
        }
        let file: DataFile = toml::from_str(&text).unwrap();
        card_files.extend(std::iter::repeat_n(path, file.card.len()));
        all.card.extend(file.card);
        all.set.extend(file.set);
        all.class.extend(file.class);
        all.format.extend(file.format);
        all.retirement.extend(file.retirement);
    }
    (all, card_files)
}

/// `--data data/staw` compiles to the very blob `build.rs` embedded:
/// the same files are loaded, in the same order, by the same compile.
#[test]
fn the_embedded_blob_is_what_data_dir_compiles_to() {
    let mut compiler = Compiler::default();
    for (path, text) in crate::read_dir(&dir()).unwrap() {
        compiler.add(&path, &text).unwrap();
    }
    let bytes = compiler.finish().unwrap();
    assert!(
        bytes == STAW,
        "{} bytes, embedded {}",
        bytes.len(),
        STAW.len()
    );
    let loaded = Database::from_dir(&dir()).unwrap();
    let embedded = staw().unwrap();
    assert!(loaded.cards == embedded.cards);
    assert_eq!(loaded.card_files, embedded.card_files);
    assert_eq!(loaded.sets, embedded.sets);
    assert_eq!(loaded.index_of("t240"), embedded.index_of("T240"));
}

/// Every record reads back from the blob as the TOML files have it:
/// same cards in the same order, same files, sets, classes, formats and
/// retirements (the model survives MessagePack, every skipped empty
/// field and every internally tagged enum).
#[test]
fn every_record_reads_back_as_parsed() {
    let compiled = staw().unwrap();
    let (toml, card_files) = parsed();
    assert_eq!(compiled.cards.len(), toml.card.len());
    assert!(compiled.cards.iter().eq(&toml.card));
    assert!(compiled.card_files.iter().eq(&card_files));
    assert!(compiled.sets.iter().eq(&toml.set));
    assert!(compiled.classes.iter().eq(&toml.class));
    assert!(compiled.formats.iter().eq(&toml.format));
    assert!(compiled.retirements.iter().eq(&toml.retirement));
    assert_eq!(compiled.by_id("t240").unwrap().name, "Cloaking Device");
    // The fully checked decoding reads the same blob to the same cards.
    assert!(decode(STAW).unwrap().cards.iter().eq(&toml.card));
}

/// The precomputed index finds exactly what a scan of the parsed
/// cards finds: every id and alias id in any case (the first card that
/// has it), every name in any spelling `normalize` forgives (the cards
/// that are not builder helpers), and the same suggestions.
#[test]
fn the_index_finds_what_a_scan_finds() {
    let db = staw().unwrap();
    let (toml, _) = parsed();
    let cards = &toml.card;
    let scan_id = |q: &str| {
        let key = id_key(q.trim());
        cards.iter().position(|c| {
            std::iter::once(&c.id)
                .chain(&c.alias_ids)
                .any(|id| id_key(id) == key)
        })
    };
    let scan_name = |q: &str| -> Vec<&str> {
        cards
            .iter()
            .filter(|c| !c.helper && normalize(&c.name) == normalize(q))
            .map(|c| c.id.as_str())
            .collect()
    };
    let by_name = |q: &str| -> Vec<String> { db.by_name(q).iter().map(|c| c.id.clone()).collect() };
    for c in cards {
        for id in std::iter::once(&c.id).chain(&c.alias_ids) {
            for q in [
                id.clone(),
                id.to_uppercase(),
                format!("  {} ", id.to_lowercase()),
            ] {
                assert!(db.index_of(&q).is_some(), "{q}");
                assert_eq!(db.index_of(&q), scan_id(&q), "{q}");
            }
        }
        for q in [
            c.name.clone(),
            c.name.to_uppercase(),
            format!(" {}", c.name),
        ] {
            assert_eq!(by_name(&q), scan_name(&q), "{q}");
        }
    }
    for q in [
        "",
        "nope",
        "T240x",
        "ß",
        "Ü240",
        "\u{2019}",
        "Worf\u{2019}s",
    ] {
        assert_eq!(db.index_of(q), scan_id(q), "{q}");
        assert_eq!(by_name(q), scan_name(q), "{q}");
    }
    // The names a suggestion is chosen from: each name's first card of
    // the wanted types.
    let mut names: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, c) in cards.iter().enumerate().filter(|(_, c)| !c.helper) {
        names.entry(normalize(&c.name)).or_default().push(i);
    }
    let kinds = [
        &[][..],
        &[CardType::Ship],
        &[CardType::Captain, CardType::Admiral],
    ];
    for q in ["U.S.S. Enterprize", "Cloaking", "worf", "Gul Dukaat", "zzz"] {
        for types in kinds {
            let found: Vec<&str> = db
                .suggest(q, types, 5)
                .iter()
                .map(|c| c.id.as_str())
                .collect();
            let candidates = names.iter().filter_map(|(name, list)| {
                list.iter()
                    .find(|&&i| types.is_empty() || types.contains(&cards[i].kind))
                    .map(|&i| (name.as_str(), i))
            });
            let expected: Vec<&str> = fleetcheck_input::suggest::ranked(q, candidates, 5)
                .into_iter()
                .map(|i| cards[i].id.as_str())
                .collect();
            assert_eq!(found, expected, "{q} {types:?}");
        }
    }
}

/// Sets and classes are found by id as a scan finds them.
#[test]
fn the_set_and_class_index_finds_what_a_scan_finds() {
    let db = staw().unwrap();
    let (toml, _) = parsed();
    for s in &toml.set {
        assert_eq!(db.set(&s.id), Some(s), "{}", s.id);
    }
    for c in &toml.class {
        assert_eq!(db.class(&c.id), Some(c), "{}", c.id);
    }
    for q in ["", "nope", "71275 ", "GALAXY_CLASS", "\u{e9}"] {
        assert_eq!(db.set(q), toml.set.iter().find(|s| s.id == q), "{q}");
        assert_eq!(db.class(q), toml.class.iter().find(|c| c.id == q), "{q}");
    }
    assert!(db.format("standard").is_some());
    assert_eq!(
        db.format("standard"),
        toml.format.iter().find(|f| f.id == "standard")
    );
}

/// A database compiled at run time keeps what the build checks out of
/// the index as the build would: the first card of a duplicate id, the
/// last set or class of a duplicate id; helpers by id only.
#[test]
fn a_database_with_duplicates_loads_and_indexes_as_the_build_would() {
    let files = [
        (
            "cards.toml".to_string(),
            "[[card]]\nid = \"X1\"\ntype = \"ship\"\nname = \"One\"\nfactions = []\ncost = 1\n\
             [[card]]\nid = \"x1\"\ntype = \"ship\"\nname = \"Two\"\nfactions = []\ncost = 2\n\
             [[card]]\nid = \"H1\"\ntype = \"ship\"\nname = \"One\"\nfactions = []\ncost = 3\nhelper = true\n"
                .to_string(),
        ),
        (
            "sets.toml".to_string(),
            "[[set]]\nid = \"s\"\nname = \"First\"\nrelease_date = \"2014-01-01\"\n\
             [[set]]\nid = \"s\"\nname = \"Second\"\nrelease_date = \"2015-01-01\"\n"
                .to_string(),
        ),
        ("names.toml".to_string(), "not toml at all [".to_string()),
    ];
    let db = Database::from_files(files).unwrap();
    assert_eq!(db.cards.len(), 3);
    assert_eq!(db.by_id("X1").unwrap().name, "One");
    assert_eq!(db.by_id("h1").unwrap().cost, 3);
    let named: Vec<i32> = db.by_name("one").iter().map(|c| c.cost).collect();
    assert_eq!(named, [1]);
    assert_eq!(db.set("s").unwrap().name, "Second");
    assert_eq!(db.card_files[2], "cards.toml");
}

/// `--data DIR` errors name the file, as they did before the loader
/// compiled (the TOML parser's own message, with its line).
#[test]
fn data_dir_errors_name_the_file() {
    let e = Database::from_files([("cards/x.toml".to_string(), "[[card]]\nid = 1\n".to_string())])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("cards/x.toml: TOML parse error at line 2"),
        "{e}"
    );
    let missing = dir().join("no-such-directory");
    let e = Database::from_dir(&missing).unwrap_err().to_string();
    assert!(
        e.ends_with("no-such-directory: not a database directory"),
        "{e}"
    );
}

#[test]
fn cards_are_decoded_on_demand_and_kinds_without_decoding() {
    let db = staw().unwrap();
    let (toml, _) = parsed();
    for i in (0..db.cards.len()).rev() {
        assert_eq!(db.cards.kind(i), Some(toml.card[i].kind));
        // Which slots it may fill, known without decoding it too.
        let card = &toml.card[i];
        for t in ["crew", "tech", "weapon", "talent", "borg", "squadron"] {
            let fits = card.rules.no_slot || card.upgrade_types().any(|u| u == t);
            assert_eq!(db.cards.fits_any(i, &[t]), Some(fits), "{} {t}", card.id);
        }
        assert_eq!(
            db.cards.fits_any(i, &[]),
            Some(card.rules.no_slot),
            "{}",
            card.id
        );
    }
    // Every card with a type of its own or a choice of types, and one
    // that needs no slot, are among them.
    assert!(toml.card.iter().any(|c| c.slot.as_deref() == Some("crew")));
    assert!(toml.card.iter().any(|c| !c.rules.either_slot.is_empty()));
    assert!(toml.card.iter().any(|c| c.rules.no_slot));
    let i = db.index_of("T240").unwrap();
    assert_eq!(db.cards[i], toml.card[i]);
    assert_eq!(db.cards.get(db.cards.len()), None);
}

#[test]
fn staw_text_is_not_embedded_other_games_are() {
    assert_eq!(files("staw").count(), 0);
    assert!(files("xwing").count() > 0);
}

#[test]
fn card_types_are_numbered_in_declaration_order() {
    for (i, t) in CardType::ALL.iter().enumerate() {
        assert_eq!(*t as usize, i);
    }
}

#[test]
fn a_damaged_blob_is_an_error_not_a_panic() {
    let mut flipped = STAW.to_vec();
    // A byte in the middle of the card data.
    let at = flipped.len() / 2;
    flipped[at] ^= 0xff;
    let mut unsorted = STAW.to_vec();
    let mut trailing = STAW.to_vec();
    trailing.push(0);
    // Swap the first two bytes of the id keys' text (`"a..."`, `"a..."`
    // stays sorted, so swap a digit into the first place instead).
    let keys = Blob::open(Cow::Borrowed(STAW)).unwrap().sections[ID_KEYS].clone();
    unsorted[keys.start] = b'z';
    for bytes in [
        &b""[..],
        &STAW[..STAW.len() / 2],
        b"\x93\x02\x90\x90",
        b"FCDB\x02\x00\x00\x00",
        &flipped,
        &unsorted,
        &trailing,
    ] {
        let e = decode(bytes).unwrap_err().to_string();
        assert!(e.starts_with("the compiled card database "), "{e}");
    }
    // An upgrade type changed ("crew" to "xrew"): the cards say otherwise.
    let mut types = STAW.to_vec();
    let names = Blob::open(Cow::Borrowed(STAW)).unwrap().sections[TYPE_NAMES].clone();
    let crew = types[names.clone()]
        .windows(4)
        .position(|w| w == b"crew")
        .expect("a crew upgrade");
    types[names.start + crew] = b'x';
    assert_eq!(
        decode(&types).unwrap_err().to_string(),
        "the compiled card database cannot be read: its upgrade types do not match the cards"
    );
    // The first card's cost (Velal, 3 SP) made 4: a record that reads,
    // caught by the checksum.
    let mut cost = STAW.to_vec();
    let cards = Blob::open(Cow::Borrowed(STAW)).unwrap().sections[CARD_DATA].clone();
    // Its record: the length of its text (one byte), the text, then its
    // facts, where its faction's length (7) comes before its cost.
    let text = b"A001Velalromulan72010";
    let at = cost[cards.clone()]
        .windows(text.len())
        .position(|w| w == text)
        .expect("Velal's text");
    let facts = cards.start + at + text.len();
    let after = cost[facts..]
        .windows(5)
        .position(|w| w == b"\x07\x03\x00\x00\x00")
        .expect("Velal's faction and cost");
    cost[facts + after + 1] = 4;
    assert_eq!(
        decode(&cost).unwrap_err().to_string(),
        "the compiled card database cannot be read: its checksum does not match its tables"
    );
    let mut wrong = STAW.to_vec();
    wrong[4] = 10;
    assert_eq!(
        decode(&wrong).unwrap_err().to_string(),
        "the compiled card database has layout version 10, this program reads 9"
    );
}

/// The id index's keys as numbers (`ID_WORDS`): written when every id is
/// short (the embedded database's are), left out when one is longer than 8
/// bytes, and either way an id is found in any case and a longer one or an
/// unknown one is not.
#[test]
fn ids_are_found_with_and_without_their_keys_as_numbers() {
    let numbers = |db: &Database| db.index.sections[ID_WORDS].len();
    let card = |id: &str| {
        format!(
            "[[card]]\nid = \"{id}\"\ntype = \"ship\"\nname = \"{id}\"\nfactions = []\ncost = 1\n"
        )
    };
    let short =
        Database::from_files([("cards.toml".into(), card("X1") + &card("Ab12345"))]).unwrap();
    let long =
        Database::from_files([("cards.toml".into(), card("X1") + &card("Ab123456789"))]).unwrap();
    let every = numbers(&Database::embedded().unwrap());
    assert!(every > 0 && every % 8 == 0, "{every}");
    assert_eq!(numbers(&short), 16);
    assert_eq!(numbers(&long), 0);
    for (db, other) in [(&short, "Ab12345"), (&long, "Ab123456789")] {
        assert_eq!(db.index_of("x1"), Some(0));
        assert_eq!(db.index_of(" X1 "), Some(0));
        assert_eq!(db.index_of(&other.to_uppercase()), Some(1));
        assert_eq!(db.index_of(other), Some(1));
        for q in [
            "X",
            "X12",
            "Ab1234567",
            "Ab12345678",
            "Ab1234567890",
            "",
            "\u{212A}1",
        ] {
            assert_eq!(db.index_of(q), None, "{q}");
        }
    }
}

/// A `--data` database with a control character in a value (an escape
/// sequence in a card's name) is refused, naming the file and the key: no
/// output ever prints it to a terminal.
#[test]
fn a_control_character_in_a_database_is_refused() {
    let card = "[[card]]\nid = \"X1\"\ntype = \"ship\"\nname = \"One\\u001b]0;owned\\u0007\"\nfactions = []\ncost = 1\n";
    let e = Database::from_files([("cards.toml".to_string(), card.to_string())])
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "cards.toml: a control character (U+001B) in a value of `card.name`: a card database holds printable text only"
    );
    // The same card without it loads.
    let card = card.replace("\\u001b]0;owned\\u0007", "");
    let db = Database::from_files([("cards.toml".to_string(), card)]).unwrap();
    assert_eq!(db.by_id("X1").unwrap().name, "One");
}

/// The index of each set's cards (`Database::set_cards`) is exactly the
/// cards that list the set, builder helpers left out, each once, in
/// database order; and `first_printing_of` is `first_printing`'s card.
#[test]
fn the_cards_of_each_set_are_the_cards_that_list_it() {
    let db = Database::embedded().unwrap();
    let mut want: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, c) in db.cards.iter().enumerate().filter(|(_, c)| !c.helper) {
        for s in &c.sets {
            let list = want.entry(s.as_str()).or_default();
            if list.last() != Some(&i) {
                list.push(i);
            }
        }
    }
    for s in db.sets.iter() {
        let got: Vec<usize> = db.set_cards(&s.id).collect();
        assert_eq!(
            got,
            want.remove(s.id.as_str()).unwrap_or_default(),
            "{}",
            s.id
        );
    }
    assert!(want.is_empty(), "cards of unknown sets: {:?}", want.keys());
    assert_eq!(db.set_cards("no such set").count(), 0);
    // The Starter Set (71120) holds 30 cards, Photon Torpedoes W122 among them.
    let w122 = db.index_of("W122").unwrap();
    assert_eq!(db.set_cards("71120").count(), 30);
    assert!(db.set_cards("71120").any(|i| i == w122));
    for (i, c) in db.cards.iter().enumerate() {
        assert_eq!(db.cards[db.first_printing_of(i)].id, db.first_printing(c));
        assert_eq!(db.first_printing_at(c), Some(db.first_printing_of(i)));
    }
}
