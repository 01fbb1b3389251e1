use super::*;
use crate::{CheckOptions, Engine};
use fleetcheck_input::diag::{Lines, Source};
use std::sync::Arc;

fn db() -> Database {
    Database::embedded().expect("the embedded data loads")
}

fn source(path: &str, text: &str) -> Source {
    Source {
        path: path.into(),
        text: text.into(),
    }
}

fn shelf(db: &Database, text: &str) -> Shelf {
    let c = read(db, &source("collection.toml", text)).expect("the collection reads");
    Shelf::of(db, &c, "collection.toml")
}

/// Every diagnostic of the fleet checked with the shelf: code, line and
/// message.
fn findings(db: &Database, shelf: Shelf, fleet: &str) -> Vec<(String, usize, String)> {
    let opts = CheckOptions {
        today: "2026-12-01".into(),
        collection: Some(Arc::new(shelf)),
        ..CheckOptions::default()
    };
    let a = Engine::new(db, opts).analyse_text(source("f.toml", fleet), |_| ());
    assert!(a.priced.is_some(), "{:?}", a.diagnostics);
    let lines = Lines::of(fleet);
    a.diagnostics
        .iter()
        .map(|d| {
            let line = d.span.as_ref().map_or(0, |s| lines.line_col(s.start).0);
            (d.code.to_string(), line, d.message.clone())
        })
        .collect()
}

/// The problems of a collection file: code, line:column, message, help.
fn problems(text: &str) -> Vec<(String, String, String, Vec<String>)> {
    crate::test_support::problems(text, read(&db(), &source("collection.toml", text)))
}

const STARTER: &str = "[sets]\n\"71120\" = 1\n";

/// Cards of the Starter Set (71120) only.
const STARTER_FLEET: &str = r#"[[ship]]
ship = { id = "S207" }
captain = { id = "Cap906" }
upgrades = [{ id = "C209" }, { id = "W122" }]
"#;

const TWO_TORPEDOES: &str = r#"[[ship]]
ship = { id = "S207" }
captain = { id = "Cap906" }
upgrades = [
  { id = "W122" },
  { id = "W122" },
]
"#;

#[test]
fn a_starter_set_fleet_from_a_starter_set_has_no_finding() {
    let db = db();
    assert_eq!(findings(&db, shelf(&db, STARTER), STARTER_FLEET), vec![]);
}

#[test]
fn an_expansion_gives_one_copy_of_each_of_its_cards_per_copy_owned() {
    let db = db();
    let s = shelf(&db, "[sets]\n\"Starter Set\" = 2\n\"U.S.S. Defiant\" = 1\n");
    let w122 = db.by_id("W122").unwrap();
    let data = db.by_id("C209").unwrap();
    let ranor = db.by_id("Cap721").unwrap();
    assert_eq!(
        (
            s.copies(&db, w122),
            s.copies(&db, data),
            s.copies(&db, ranor)
        ),
        (3, 2, 0)
    );
}

#[test]
fn reprints_of_owned_cards_are_owned() {
    let db = db();
    let s = shelf(&db, STARTER);
    // Data of the Starter Set (C209) and of the Enterprise-E (C080), and
    // the Photon Torpedoes of the USS Prometheus (W031): one card each.
    for id in ["C080", "C441", "W031", "W137"] {
        assert_eq!(s.copies(&db, db.by_id(id).unwrap()), 1, "{id}");
    }
    let fleet = STARTER_FLEET
        .replace("C209", "C080")
        .replace("W122", "W137");
    assert_eq!(findings(&db, s, &fleet), vec![]);
}

#[test]
fn two_photon_torpedoes_from_one_starter_set_are_one_short() {
    let db = db();
    let found = findings(&db, shelf(&db, STARTER), TWO_TORPEDOES);
    let not_owned: Vec<_> = found.iter().filter(|f| f.0 == "not-owned").collect();
    assert_eq!(not_owned.len(), 1, "{found:?}");
    let (_, line, message) = not_owned[0];
    // On the second copy: the first is owned.
    assert_eq!(*line, 6);
    assert_eq!(
        message,
        "Photon Torpedoes (W122): the fleet uses 2 copies, the collection collection.toml holds 1; \
         it comes in U.S.S. Defiant (Repaint) (72282), U.S.S. Voyager (Repaint) (72261), \
         U.S.S. Venture (72253), U.S.S. Montgolfier (72231), U.S.S. Valiant (71221), \
         U.S.S. Hathaway (71201), U.S.S. Phoenix (72011), U.S.S. Thunderchild (72008), \
         USS Prometheus (71802), U.S.S. Voyager (71280), U.S.S. Equinox (71276), \
         U.S.S. Defiant (71268), Starter Set (71120)"
    );
}

#[test]
fn a_starter_set_and_a_defiant_own_two_photon_torpedoes() {
    let db = db();
    let s = shelf(&db, "[sets]\n\"71120\" = 1\n\"71268\" = 1\n");
    let found = findings(&db, s, TWO_TORPEDOES);
    assert!(found.iter().all(|f| f.0 != "not-owned"), "{found:?}");
}

#[test]
fn loose_cards_add_to_the_expansions() {
    let db = db();
    let s = shelf(&db, "[sets]\n\"71120\" = 1\n[cards]\nW137 = 1\n");
    assert_eq!(s.copies(&db, db.by_id("W122").unwrap()), 2);
    let found = findings(&db, s, TWO_TORPEDOES);
    assert!(found.iter().all(|f| f.0 != "not-owned"), "{found:?}");
}

#[test]
fn fleets_that_fit_alone_may_not_fit_together() {
    let db = db();
    let s = shelf(&db, STARTER);
    let opts = CheckOptions {
        today: "2026-12-01".into(),
        ..CheckOptions::default()
    };
    let engine = Engine::new(&db, opts);
    // Each fleet's cards (first printing, id, name, needed, owned), as a
    // report keeps them.
    let own = |text: &str| {
        engine
            .analyse_text(source("f.toml", text), |a| {
                let o = s.ownership(&db, a.every_card().iter().map(|l| (l.card, l.span.clone())));
                assert!(o.fits());
                o.cards
                    .iter()
                    .map(|u| {
                        let words = [u.first_printing, u.id, u.name].map(String::from);
                        (words, u.needed, u.owned)
                    })
                    .collect::<Vec<_>>()
            })
            .priced
            .unwrap()
    };
    let (a, b) = (own(STARTER_FLEET), own(STARTER_FLEET));
    let both = s.together(
        a.iter()
            .chain(&b)
            .map(|([first, id, name], needed, owned)| Use {
                first_printing: first,
                first_at: None,
                id,
                at: None,
                name,
                needed: *needed,
                owned: *owned,
                spans: Vec::new(),
                sources: Vec::new(),
            }),
    );
    let short: Vec<(&str, u32, u32)> = both.missing().map(|u| (u.id, u.needed, u.owned)).collect();
    assert_eq!(
        short,
        vec![
            ("S207", 2, 1),
            ("Cap906", 2, 1),
            ("C209", 2, 1),
            ("W122", 2, 1)
        ]
    );
}

#[test]
fn bad_collection_files_give_every_problem_located() {
    let text = "name = \"mine\"\n[sets]\n\"Starter Sett\" = 1\n\"71268\" = 0\n\"U.S.S. Defiant\" = 1\n\"71120\" = \"one\"\n\"71123\" = 1.5\n[cards]\nW122 = 2\nW12 = 1\n\"Photon Torpedoes\" = 1\n";
    let got: Vec<(String, String, String)> = problems(text)
        .into_iter()
        .map(|(c, at, m, _)| (c, at, m))
        .collect();
    let want = [
        (
            "unknown-key",
            "1:1",
            "unknown key `name` at the top of a collection file",
        ),
        (
            "unknown-set",
            "3:1",
            "`sets`: no expansion has the id or name \"Starter Sett\"",
        ),
        (
            "shape",
            "4:11",
            "`sets`: the copies of \"71268\" must be a whole number from 1 to 1000, found 0",
        ),
        (
            "shape",
            "6:11",
            "`sets`: the copies of \"71120\" must be a whole number from 1 to 1000, found a string",
        ),
        (
            "shape",
            "7:11",
            "`sets`: the copies of \"71123\" must be a whole number from 1 to 1000, found a float",
        ),
        (
            "unknown-card",
            "10:1",
            "`cards`: no card has the id or name \"W12\"",
        ),
        (
            "unknown-card",
            "11:1",
            "`cards`: \"Photon Torpedoes\" names 23 cards",
        ),
    ];
    let want: Vec<(String, String, String)> = want
        .iter()
        .map(|(c, at, m)| (c.to_string(), at.to_string(), m.to_string()))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn an_expansion_named_twice_is_refused_on_the_second_name() {
    let p = problems("[sets]\n\"71120\" = 1\n\"Starter Set\" = 2\n");
    assert_eq!(
        p,
        vec![(
            "shape".to_string(),
            "3:1".to_string(),
            "`sets`: \"Starter Set\" names Starter Set (71120) again, which \"71120\" names already"
                .to_string(),
            vec!["give Starter Set one line, with the copies added up: \"71120\" = 3".to_string()]
        )]
    );
}

#[test]
fn a_key_written_twice_is_a_located_parse_error() {
    let p = problems("[sets]\n\"71120\" = 1\n\"71120\" = 2\n");
    assert_eq!(
        (p[0].0.as_str(), p[0].1.as_str(), p[0].2.as_str()),
        (
            "parse",
            "3:1",
            "TOML syntax error: duplicate key `\"71120\"`"
        )
    );
}

#[test]
fn an_unknown_set_has_a_did_you_mean() {
    let p = problems("[sets]\n\"Starter Sett\" = 1\n");
    assert_eq!(
        p[0].3,
        vec!["did you mean \"Starter Set\" (71120)?".to_string()]
    );
}

#[test]
fn a_loose_card_is_named_by_its_id_or_by_a_name_that_names_one_card() {
    let db = db();
    // Seskal is C133 and its reprint C317: one card, counted by C133.
    let c = read(
        &db,
        &source(
            "collection.toml",
            "[cards]\nSeskal = 1\nC317 = 2\nengage = 1\n",
        ),
    )
    .expect("the collection reads");
    let held: Vec<(&str, &str, u32, &str)> = c
        .cards
        .iter()
        .map(|h| (h.id.as_str(), h.name.as_str(), h.count, h.written.as_str()))
        .collect();
    assert_eq!(
        held,
        vec![
            ("C133", "Seskal", 1, "Seskal"),
            ("C317", "Seskal", 2, "C317"),
            ("E132", "Engage", 1, "engage"),
        ]
    );
    let s = Shelf::of(&db, &c, "collection.toml");
    assert_eq!(s.copies(&db, db.by_id("C133").unwrap()), 3);
    assert_eq!(s.copies(&db, db.by_id("C317").unwrap()), 3);
    // Each printing is held itself.
    assert!(s.holds_printing(&db, db.by_id("C317").unwrap()));
    let p = problems("[cards]\n\"Cloaking Device\" = 1\n\"Engag\" = 1\n");
    assert_eq!(
        p,
        vec![
            (
                "unknown-card".to_string(),
                "2:1".to_string(),
                "`cards`: \"Cloaking Device\" names 4 cards".to_string(),
                vec![
                    "give one by its id: T078, T089, T233, T240 (`fleetcheck card \"Cloaking Device\"` lists them)"
                        .to_string()
                ]
            ),
            (
                "unknown-card".to_string(),
                "3:1".to_string(),
                "`cards`: no card has the id or name \"Engag\"".to_string(),
                vec!["did you mean \"Engage\"?".to_string()]
            ),
        ]
    );
}
