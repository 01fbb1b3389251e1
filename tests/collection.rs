//! `--collection FILE` end to end: the `not-owned` warning on the card's
//! line (exit 0: ownership is no legality), a bad collection file refused
//! with every problem located (exit 2), several fleets judged together,
//! the JSON `collection` object, and `FLEETCHECK_COLLECTION`.

use crate::support::{fleetcheck, run};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

const ONE: &str = "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"C209\" }, { id = \"W122\" }]\n";
const TWO_TORPEDOES: &str = "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [\n  { id = \"W122\" },\n  { id = \"W122\" },\n]\n";

fn dir(files: &[(&str, &str)]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(d.path().join(name), text).unwrap();
    }
    std::fs::copy(
        root().join("fleets/collections/starter-set.toml"),
        d.path().join("starter.toml.col"),
    )
    .unwrap();
    d
}

#[test]
fn a_card_short_is_a_warning_on_its_line_naming_its_expansions() {
    let d = dir(&[("two.toml", TWO_TORPEDOES)]);
    let r = run(
        d.path(),
        &["check", "two.toml", "--collection", "starter.toml.col"],
    );
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains(
        "warning[not-owned]: Photon Torpedoes (W122): the fleet uses 2 copies, the collection starter.toml.col holds 1; it comes in U.S.S. Defiant (Repaint) (72282),"
    ), "{}", r.stdout);
    assert!(r.stdout.contains(" --> two.toml:6:3\n"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("U.S.S. Defiant (71268), Starter Set (71120)\n"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout.contains("LEGAL two.toml: 1 warning"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_starter_set_fleet_from_a_starter_set_has_no_finding() {
    let d = dir(&[("one.toml", ONE)]);
    let r = run(
        d.path(),
        &["check", "one.toml", "--collection", "starter.toml.col"],
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with("LEGAL one.toml\n"), "{}", r.stdout);
}

#[test]
fn two_fleets_that_fit_alone_are_reported_together() {
    let d = dir(&[("a.toml", ONE), ("b.toml", ONE)]);
    let r = run(
        d.path(),
        &[
            "check",
            "a.toml",
            "b.toml",
            "--collection",
            "starter.toml.col",
        ],
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.ends_with(
        "2 files checked: 2 legal, 0 illegal, 0 input errors\n\
         warning[not-owned]: collection starter.toml.col: the 2 fleets cannot all be built at the same time: \
         U.S.S. Enterprise-D (S207) 1 short (2 used, 1 held), Jean-Luc Picard (Cap906) 1 short (2 used, 1 held), \
         Data (C209) 1 short (2 used, 1 held), Photon Torpedoes (W122) 1 short (2 used, 1 held)\n"
    ), "{}", r.stdout);
    std::fs::write(d.path().join("two.toml.col"), "[sets]\n\"71120\" = 2\n").unwrap();
    let r = run(d.path(), &["check", ".", "--collection", "two.toml.col"]);
    assert!(
        r.stdout
            .ends_with("collection two.toml.col: the 2 fleets can all be built at the same time\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn the_json_report_says_whether_several_fleets_can_be_built_together() {
    let d = dir(&[("a.toml", ONE), ("b.toml", ONE)]);
    let together = |col: &str| {
        let r = run(
            d.path(),
            &[
                "-o",
                "json",
                "check",
                "a.toml",
                "b.toml",
                "--collection",
                col,
            ],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
        v["together"].clone()
    };
    let short = |id: &str, name: &str| serde_json::json!({"id": id, "name": name, "needed": 2, "owned": 1, "short": 1});
    assert_eq!(
        together("starter.toml.col"),
        serde_json::json!({
            "file": "starter.toml.col",
            "fleets": 2,
            "left_out": 0,
            "fits": false,
            "short": [
                short("S207", "U.S.S. Enterprise-D"),
                short("Cap906", "Jean-Luc Picard"),
                short("C209", "Data"),
                short("W122", "Photon Torpedoes"),
            ],
        })
    );
    std::fs::write(d.path().join("two.toml.col"), "[sets]\n\"71120\" = 2\n").unwrap();
    std::fs::write(d.path().join("c.toml"), "[[ship]]\nship = \"nosuch\"\n").unwrap();
    let r = run(
        d.path(),
        &["-o", "json", "check", ".", "--collection", "two.toml.col"],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["together"],
        serde_json::json!({"file": "two.toml.col", "fleets": 2, "left_out": 1, "fits": true, "short": []})
    );
    // One fleet: no such finding.
    let r = run(
        d.path(),
        &[
            "-o",
            "json",
            "check",
            "a.toml",
            "--collection",
            "two.toml.col",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v.get("together").is_none(), "{}", r.stdout);
}

#[test]
fn a_bad_collection_file_is_refused_with_its_problems_located() {
    let d = dir(&[("one.toml", ONE)]);
    std::fs::write(d.path().join("bad.col"), "[sets]\n\"Startr Set\" = 0\n").unwrap();
    let out = fleetcheck(d.path())
        .args(["check", "one.toml", "--collection", "bad.col"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("error[unknown-set]: `sets`: no expansion has the id or name \"Startr Set\"\n --> bad.col:2:1\n"), "{err}");
    assert!(
        err.contains("= help: did you mean \"Starter Set\" (71120)?"),
        "{err}"
    );
    assert!(err.contains("error[shape]: `sets`: the copies of \"Startr Set\" must be a whole number from 1 to 1000, found 0\n --> bad.col:2:16\n"), "{err}");
}

#[test]
fn the_json_report_has_the_collection_of_each_fleet() {
    let d = dir(&[("two.toml", TWO_TORPEDOES)]);
    let r = run(
        d.path(),
        &[
            "-o",
            "json",
            "check",
            "two.toml",
            "--collection",
            "starter.toml.col",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let c = &v["fleets"][0]["collection"];
    assert_eq!(c["file"], "starter.toml.col");
    assert_eq!(
        c["owned"],
        serde_json::json!([
            {"id": "S207", "name": "U.S.S. Enterprise-D", "needed": 1, "owned": 1},
            {"id": "Cap906", "name": "Jean-Luc Picard", "needed": 1, "owned": 1},
        ])
    );
    let m = &c["missing"][0];
    assert_eq!(
        (&m["id"], &m["needed"], &m["owned"]),
        (&"W122".into(), &2.into(), &1.into())
    );
    assert_eq!(
        m["sets"][0],
        serde_json::json!({"id": "72282", "name": "U.S.S. Defiant (Repaint)"})
    );
    assert_eq!(m["sets"].as_array().unwrap().len(), 13);
}

#[test]
fn the_environment_names_the_default_collection_and_no_collection_turns_it_off() {
    let d = dir(&[("two.toml", TWO_TORPEDOES)]);
    let with = |args: &[&str]| {
        let out = fleetcheck(d.path())
            .env("FLEETCHECK_COLLECTION", "starter.toml.col")
            .args(args)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(with(&["check", "two.toml"]).contains("LEGAL two.toml: 1 warning"));
    assert!(with(&["check", "two.toml", "--no-collection"]).ends_with("LEGAL two.toml\n"));
}

const TORPEDOES: &str = "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"W122\" }]\n";

#[test]
fn options_owned_lists_only_the_cards_with_a_free_copy_with_their_cost_there() {
    let d = dir(&[("one.toml", TORPEDOES)]);
    let r = run(
        d.path(),
        &[
            "options",
            "one.toml",
            "--collection",
            "starter.toml.col",
            "--owned",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("options_owned", r.stdout);
    let r = run(
        d.path(),
        &[
            "-o",
            "json",
            "options",
            "one.toml",
            "--collection",
            "starter.toml.col",
            "--owned",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let rows: Vec<(&str, i64, &str, i64, i64)> = v["options"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let c = &o["collection"];
            (
                o["id"].as_str().unwrap(),
                o["cost"].as_i64().unwrap(),
                c["status"].as_str().unwrap(),
                c["owned"].as_i64().unwrap(),
                c["used"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("C211", 2, "free", 1, 0),
            ("C209", 3, "free", 1, 0),
            ("E132", 3, "free", 1, 0),
            ("C212", 3, "free", 1, 0),
            ("C210", 4, "free", 1, 0),
            ("W121", 5, "free", 1, 0),
        ]
    );
    assert_eq!(v["options"]["found"], 6);
    assert_eq!(
        v["options"]["collection"],
        serde_json::json!({"file": "starter.toml.col", "free": 6, "owned": 1, "missing": 321, "owned_only": true})
    );
}

#[test]
fn options_with_a_collection_rank_free_then_owned_then_missing() {
    let d = dir(&[("one.toml", TORPEDOES)]);
    let r = run(
        d.path(),
        &[
            "-o",
            "json",
            "options",
            "one.toml",
            "--collection",
            "starter.toml.col",
            "--slot",
            "weapon",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let rows: Vec<(&str, i64, &str)> = v["options"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .take(3)
        .map(|o| {
            (
                o["id"].as_str().unwrap(),
                o["cost"].as_i64().unwrap(),
                o["collection"]["status"].as_str().unwrap(),
            )
        })
        .collect();
    // The Antimatter Mines have a free copy; the one Photon Torpedoes of
    // the Starter Set is on the ship already (offered as W122, the printing
    // the collection holds); then the cheapest not owned.
    assert_eq!(rows[..2], [("W121", 5, "free"), ("W122", 5, "owned")]);
    assert_eq!(rows[2].2, "missing");
    assert_eq!(
        v["options"]["options"][1]["collection"],
        serde_json::json!({"status": "owned", "owned": 1, "used": 1})
    );
    // Without a collection, no mark and the order of cost alone.
    let r = run(
        d.path(),
        &["-o", "json", "options", "one.toml", "--slot", "weapon"],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v["options"].get("collection").is_none());
    assert!(v["options"]["options"][0].get("collection").is_none());
}

#[test]
fn options_owned_without_a_collection_is_refused() {
    let d = dir(&[("one.toml", TORPEDOES)]);
    let r = run(d.path(), &["options", "one.toml", "--owned"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: --owned lists the cards the collection holds a free copy of, and no collection is given: use --collection FILE or $FLEETCHECK_COLLECTION\n"
    );
}

const SHELF: &str = "# What I own.\n[sets]\n\"Starter Set\" = 1   # the first box\n\n[cards]\nW137 = 1             # a loose promo\n";

fn shelf_dir() -> tempfile::TempDir {
    let d = dir(&[]);
    std::fs::write(d.path().join("shelf.toml"), SHELF).unwrap();
    d
}

fn read(d: &tempfile::TempDir) -> String {
    std::fs::read_to_string(d.path().join("shelf.toml")).unwrap()
}

#[test]
fn collection_show_lists_the_expansions_and_the_cards_by_type_and_faction() {
    let d = shelf_dir();
    let r = run(d.path(), &["collection", "show", "shelf.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!("collection_show", r.stdout);
    let r = run(
        d.path(),
        &["-o", "json", "collection", "show", "shelf.toml"],
    );
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["command"], "collection-show");
    let c = &v["collection"];
    assert_eq!(
        (&c["file"], &c["distinct"], &c["copies"]),
        (&"shelf.toml".into(), &30.into(), &31.into())
    );
    assert_eq!(
        c["sets"],
        serde_json::json!([{"id": "71120", "name": "Starter Set", "count": 1}])
    );
    assert_eq!(
        c["cards"],
        serde_json::json!([{"id": "W137", "name": "Photon Torpedoes", "count": 1}])
    );
    assert_eq!(
        c["by_type_and_faction"][0],
        serde_json::json!({"type": "ship", "factions": ["federation"], "cards": 2, "copies": 2})
    );
}

#[test]
fn collection_add_keeps_every_comment_and_raises_a_count_written_by_name() {
    let d = shelf_dir();
    // By id, an expansion the file names by its name: its count raised.
    let r = run(d.path(), &["collection", "add", "shelf.toml", "71120", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(
            "shelf.toml: added 2 Starter Set (71120): 3 copies now\n\
             shelf.toml: 1 expansion (3 boxes), 1 loose card; 30 cards held, 91 copies\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        read(&d),
        SHELF.replace("\"Starter Set\" = 1 ", "\"Starter Set\" = 3 ")
    );
    // By name, a new one: a line at the end of [sets], its name as a comment.
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "U.S.S. Defiant"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("shelf.toml: added 1 U.S.S. Defiant (71268): 1 copy now\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        read(&d),
        "# What I own.\n[sets]\n\"Starter Set\" = 3   # the first box\n\"71268\" = 1 # U.S.S. Defiant\n\n[cards]\nW137 = 1             # a loose promo\n"
    );
    // Removed again: the file as it was before, byte for byte.
    let r = run(d.path(), &["collection", "remove", "shelf.toml", "71268"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("shelf.toml: removed U.S.S. Defiant (71268): 1 copy\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        read(&d),
        SHELF.replace("\"Starter Set\" = 1 ", "\"Starter Set\" = 3 ")
    );
}

#[test]
fn collection_add_and_remove_keep_crlf_line_ends() {
    let d = shelf_dir();
    let crlf = SHELF.replace('\n', "\r\n");
    std::fs::write(d.path().join("shelf.toml"), &crlf).unwrap();
    let r = run(d.path(), &["collection", "add", "shelf.toml", "71268"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(d.path(), &["collection", "remove", "shelf.toml", "71268"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&d), crlf);
}

#[test]
fn collection_add_or_remove_of_a_bad_set_is_refused_and_writes_nothing() {
    let d = shelf_dir();
    let r = run(d.path(), &["collection", "add", "shelf.toml", "Startr Set"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: shelf.toml: no expansion has the id or name \"Startr Set\"; nothing was changed\n  \
         help: did you mean \"Starter Set\" (71120)?\n"
    );
    assert_eq!(r.stdout, "");
    assert_eq!(read(&d), SHELF);
    let r = run(d.path(), &["collection", "remove", "shelf.toml", "71268"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: shelf.toml: U.S.S. Defiant (71268) is not in the collection's [sets]; nothing was changed\n  \
         help: it holds Starter Set (71120)\n"
    );
    assert_eq!(read(&d), SHELF);
    for count in ["0", "1001"] {
        let r = run(
            d.path(),
            &["collection", "add", "shelf.toml", "71268", count],
        );
        assert_eq!(r.code, 2, "{count}");
        assert_eq!(read(&d), SHELF);
    }
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "71268", "two"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(read(&d), SHELF);
    // A collection file with a problem is refused, located, untouched.
    let bad = "[sets]\n\"Startr Set\" = 1\n";
    std::fs::write(d.path().join("shelf.toml"), bad).unwrap();
    let r = run(d.path(), &["collection", "add", "shelf.toml", "71268"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains(
            "error[unknown-set]: `sets`: no expansion has the id or name \"Startr Set\"\n --> shelf.toml:2:1\n"
        ),
        "{}",
        r.stderr
    );
    assert_eq!(read(&d), bad);
}

#[test]
fn collection_add_and_remove_of_a_loose_card_by_id_or_name_keep_every_byte() {
    let d = shelf_dir();
    // By id, a card the file holds: its count raised, its comment kept.
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "--card", "W137", "2"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("shelf.toml: added 2 Photon Torpedoes (W137): 3 copies now\n"),
        "{}",
        r.stdout
    );
    let three = SHELF.replace("W137 = 1 ", "W137 = 3 ");
    assert_eq!(read(&d), three);
    // By a name that names one card: a new line of its id, its name as a
    // comment, at the end of [cards].
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "engage", "--card"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("shelf.toml: added 1 Engage (E132): 1 copy now\n"),
        "{}",
        r.stdout
    );
    assert_eq!(read(&d), format!("{three}E132 = 1 # Engage\n"));
    // Removed by its name: the file as it was, byte for byte.
    let r = run(
        d.path(),
        &["collection", "remove", "shelf.toml", "--card", "Engage"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("shelf.toml: removed Engage (E132): 1 copy\n"),
        "{}",
        r.stdout
    );
    assert_eq!(read(&d), three);
    // Every copy of the last loose card: its line taken out.
    let r = run(
        d.path(),
        &["collection", "remove", "shelf.toml", "--card", "W137"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        read(&d),
        "# What I own.\n[sets]\n\"Starter Set\" = 1   # the first box\n\n[cards]\n"
    );
}

#[test]
fn collection_add_of_a_card_by_name_raises_the_printing_the_file_holds() {
    let d = dir(&[]);
    // Seskal is C133 and its reprint C317: one card.
    std::fs::write(d.path().join("shelf.toml"), "[cards]\nC317 = 1 # Seskal\n").unwrap();
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "--card", "Seskal"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&d), "[cards]\nC317 = 2 # Seskal\n");
    // By the other printing's id: a line of its own.
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "--card", "C133"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&d), "[cards]\nC317 = 2 # Seskal\nC133 = 1 # Seskal\n");
    // A file without [cards] gets one.
    std::fs::write(d.path().join("shelf.toml"), "[sets]\n\"71120\" = 1\n").unwrap();
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "--card", "W137"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        read(&d),
        "[sets]\n\"71120\" = 1\n\n[cards]\nW137 = 1 # Photon Torpedoes\n"
    );
}

#[test]
fn collection_add_and_remove_of_a_card_keep_crlf_and_a_byte_order_mark() {
    let d = shelf_dir();
    let crlf = format!("\u{feff}{}", SHELF.replace('\n', "\r\n"));
    std::fs::write(d.path().join("shelf.toml"), &crlf).unwrap();
    let r = run(
        d.path(),
        &["collection", "add", "shelf.toml", "--card", "Engage"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&d), format!("{crlf}E132 = 1 # Engage\r\n"));
    let r = run(
        d.path(),
        &["collection", "remove", "shelf.toml", "--card", "E132"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(read(&d), crlf);
}

#[test]
fn collection_add_or_remove_of_a_bad_card_is_refused_and_writes_nothing() {
    let d = shelf_dir();
    let refused = |args: &[&str], stderr: &str| {
        let mut argv = vec!["collection"];
        argv.extend(args);
        let r = run(d.path(), &argv);
        assert_eq!(
            (r.code, r.stderr.as_str(), r.stdout.as_str()),
            (2, stderr, "")
        );
        assert_eq!(read(&d), SHELF);
    };
    refused(
        &["add", "shelf.toml", "--card", "Engag"],
        "error: shelf.toml: no card has the id or name \"Engag\"; nothing was changed\n  \
         help: did you mean \"Engage\"?\n",
    );
    refused(
        &["add", "shelf.toml", "--card", "Cloaking Device"],
        "error: shelf.toml: \"Cloaking Device\" names 4 cards; nothing was changed\n  \
         help: give one by its id: T078, T089, T233, T240 (`fleetcheck card \"Cloaking Device\"` lists them)\n",
    );
    refused(
        &["remove", "shelf.toml", "--card", "C209"],
        "error: shelf.toml: Data (C209) is not in the collection's [cards]; nothing was changed\n  \
         help: it holds Photon Torpedoes (W137)\n",
    );
    refused(
        &["add", "shelf.toml", "--card", "W137", "1000"],
        "error: shelf.toml: Photon Torpedoes (W137) would have 1001 copies; a collection holds at most 1000 of one card; nothing was changed\n",
    );
    // An expansion's name is no card.
    refused(
        &["add", "shelf.toml", "--card", "Starter Set"],
        "error: shelf.toml: no card has the id or name \"Starter Set\"; nothing was changed\n  \
         help: did you mean \"Starfleet Intelligence\"?\n  \
         help: Starter Set (71120) is an expansion: without --card, SET names one\n",
    );
}

/// A card of several printings is offered as one the collection holds
/// (the Starter Set's Data C209 and Worf C212, not the Enterprise-E's C080
/// or C183, first in the database), and its copies are counted across its
/// printings: the fleet's Photon Torpedoes W031 (the Prometheus') uses one
/// of the two the Starter Set (W122) and a loose W137 hold.
#[test]
fn options_offers_a_printing_the_collection_holds_and_counts_copies_across_printings() {
    let fleet = "[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\nupgrades = [{ id = \"W031\" }]\n";
    let d = dir(&[
        ("one.toml", fleet),
        (
            "shelf.toml.col",
            "[sets]\n\"71120\" = 1\n[cards]\nW137 = 1\n",
        ),
    ]);
    let r = run(
        d.path(),
        &[
            "-o",
            "json",
            "options",
            "one.toml",
            "--collection",
            "shelf.toml.col",
            "--owned",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let rows: Vec<(&str, &str, &str, i64, i64)> = v["options"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let c = &o["collection"];
            (
                o["id"].as_str().unwrap(),
                o["name"].as_str().unwrap(),
                c["status"].as_str().unwrap(),
                c["owned"].as_i64().unwrap(),
                c["used"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("C211", "Miles O'Brien", "free", 1, 0),
            ("C209", "Data", "free", 1, 0),
            ("E132", "Engage", "free", 1, 0),
            ("C212", "Worf", "free", 1, 0),
            ("C210", "Geordi La Forge", "free", 1, 0),
            ("W121", "Antimatter Mines", "free", 1, 0),
            ("W122", "Photon Torpedoes", "free", 2, 1),
        ]
    );
    // Without a collection, each card is offered as its first printing in
    // the database.
    let r = run(d.path(), &["-o", "json", "options", "one.toml"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let ids: Vec<&str> = v["options"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|o| o["id"].as_str())
        .filter(|id| ["C080", "C209", "C183", "C212"].contains(id))
        .collect();
    assert_eq!(ids, ["C080", "C183"]);
}

/// An empty collection file is refused (exit 2, untouched) and told what a
/// collection file holds, not what a fleet needs: by `check --collection`,
/// `collection show` and `collection add`.
#[test]
fn an_empty_collection_file_is_told_what_a_collection_holds() {
    let d = shelf_dir();
    std::fs::write(d.path().join("shelf.toml"), "").unwrap();
    std::fs::write(
        d.path().join("f.toml"),
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\n",
    )
    .unwrap();
    let help = "= help: a collection file lists what you own: expansions under [sets], loose cards under [cards]";
    for args in [
        &["check", "f.toml", "--collection", "shelf.toml"][..],
        &["collection", "show", "shelf.toml"][..],
        &["collection", "add", "shelf.toml", "71120"][..],
    ] {
        let r = run(d.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("error[empty]: shelf.toml is empty"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(r.stderr.contains(help), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("[[ship]]"), "{args:?}: {}", r.stderr);
        assert_eq!(read(&d), "", "{args:?}");
    }
}
