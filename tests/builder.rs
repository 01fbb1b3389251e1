//! The builder commands end to end on the built binary: `new`, `add`,
//! `remove`. Every edit of a commented file keeps every comment; a refused
//! or interrupted edit leaves the file byte for byte; after an edit the new
//! total and each new violation are printed.

use crate::support::run;
use std::path::{Path, PathBuf};

/// One of the project's own interop fleets (`tests/fixtures/interop/fleets`).
fn interop(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/interop/fleets")
        .join(name)
}

/// A temporary directory with `f.toml` holding `text`.
fn with_fleet(text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.toml"), text).unwrap();
    dir
}

fn read(dir: &tempfile::TempDir) -> String {
    std::fs::read_to_string(dir.path().join("f.toml")).unwrap()
}

/// Every comment of `before` (the text from `#` to the end of its line) is
/// somewhere in `after`.
fn assert_comments_kept(before: &str, after: &str) {
    for line in before.lines() {
        if let Some(i) = line.find('#') {
            let comment = &line[i..];
            assert!(after.contains(comment), "lost comment {comment:?}\n{after}");
        }
    }
}

#[test]
fn new_writes_a_header_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["new", "my-fleet.toml", "--format", "tournament-2016"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(dir.path().join("my-fleet.toml")).unwrap();
    insta::assert_snapshot!("new_fleet_file", text);
    // A new file checks: no ships yet is a rule matter, not an input error.
    let c = run(dir.path(), &["check", "my-fleet.toml"]);
    assert_ne!(c.code, 2, "{}", c.stdout);

    std::fs::write(dir.path().join("my-fleet.toml"), "keep me\n").unwrap();
    let r = run(dir.path(), &["new", "my-fleet.toml"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("already exists"), "{}", r.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("my-fleet.toml")).unwrap(),
        b"keep me\n"
    );
    let r = run(
        dir.path(),
        &["new", "my-fleet.toml", "--force", "--name", "Fresh"],
    );
    assert_eq!(r.code, 0);
    let text = std::fs::read_to_string(dir.path().join("my-fleet.toml")).unwrap();
    assert!(text.contains("name = \"Fresh\""), "{text}");

    let r = run(dir.path(), &["new", "other.toml", "--format", "nonsense"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown format"), "{}", r.stderr);
    assert!(!dir.path().join("other.toml").exists());
}

#[test]
fn building_a_fleet_from_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let steps: &[&[&str]] = &[
        &["new", "f.toml", "--name", "Built by hand"],
        &["add", "f.toml", "ship", "S207"],
        &["add", "f.toml", "captain", "Cap906"],
        &["add", "f.toml", "upgrade", "C209"],
        &[
            "add",
            "f.toml",
            "upgrade",
            "Worf",
            "--type",
            "crew",
            "--faction",
            "federation",
            "--set",
            "71120",
        ],
        &["add", "f.toml", "ship", "U.S.S. Defiant"],
        &[
            "add",
            "f.toml",
            "captain",
            "Benjamin Sisko",
            "--ship",
            "2",
            "--set",
            "71268",
        ],
        &["add", "f.toml", "upgrade", "T240", "--ship", "2"],
        &["add", "f.toml", "resource", "Reinforcements Sideboard"],
        &["add", "f.toml", "sideboard", "Attack Pattern Omega"],
    ];
    for s in steps {
        let r = run(dir.path(), s);
        assert_eq!(r.code, 0, "{s:?}: {}{}", r.stdout, r.stderr);
    }
    let text = std::fs::read_to_string(dir.path().join("f.toml")).unwrap();
    insta::assert_snapshot!("built_from_nothing", text);
    let r = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let f = &v["fleets"][0];
    // 28 + 6 + 3 + 3, 24 + 4 + 4, the sideboard resource's 10.
    assert_eq!(f["total"], 82);
    assert_eq!(f["sideboard"]["total"], 3);
    assert_eq!(r.code, 0, "{}", r.stdout);
}

#[test]
fn adding_to_a_commented_file_keeps_every_comment() {
    let original = std::fs::read_to_string(interop("1-three-federation-ships.toml")).unwrap();
    let dir = with_fleet(&original);
    let steps: &[&[&str]] = &[
        &["add", "f.toml", "upgrade", "W118", "--ship", "3"],
        &["add", "f.toml", "admiral", "A026", "--ship", "1"],
        &["add", "f.toml", "resource", "Reinforcements Sideboard"],
        &["add", "f.toml", "sideboard", "Cap326"],
        &["add", "f.toml", "ship", "S202"],
    ];
    for s in steps {
        let r = run(dir.path(), s);
        assert_eq!(r.code, 0, "{s:?}: {}", r.stderr);
    }
    let after = read(&dir);
    assert_comments_kept(&original, &after);
    insta::assert_snapshot!("added_to_sample_1", after);
}

#[test]
fn an_edit_prints_the_new_total_and_new_violations() {
    let original = std::fs::read_to_string(interop("1-three-federation-ships.toml")).unwrap();
    let dir = with_fleet(&original);
    // A second Photon Torpedoes on the Reliant: no weapon slot left, and
    // the fleet goes 3 SP over the cap; the edit is made all the same.
    let r = run(
        dir.path(),
        &["add", "f.toml", "upgrade", "W118", "--ship", "3"],
    );
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("edit_report", r.stdout);
    assert!(r.stdout.contains("Total 103 / 100 SP (3 over)"));
    // Removing it again reports the old total and nothing new.
    let r = run(
        dir.path(),
        &["remove", "f.toml", "upgrade", "W118", "--ship", "3"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("Total 100 / 100 SP (0 left)"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("error["), "{}", r.stdout);
    assert_eq!(read(&dir), original);
}

#[test]
fn refused_edits_leave_the_file_byte_for_byte() {
    let original = std::fs::read_to_string(interop("3-klingon-reinforcements.toml")).unwrap();
    let dir = with_fleet(&original);
    let cases: &[(&[&str], &str)] = &[
        (
            &["add", "f.toml", "upgrade", "Geordi", "--ship", "1"],
            "did you mean",
        ),
        (
            &[
                "add",
                "f.toml",
                "upgrade",
                "Photon Torpedoes",
                "--ship",
                "1",
            ],
            "W118",
        ),
        (
            &["add", "f.toml", "captain", "Cap906", "--ship", "1"],
            "already has a captain",
        ),
        (
            &["add", "f.toml", "upgrade", "C209", "--ship", "7"],
            "there is no ship 7",
        ),
        (&["add", "f.toml", "upgrade", "C209"], "which ship?"),
        (
            &["add", "f.toml", "resource", "R004"],
            "already has a resource",
        ),
        (&["add", "f.toml", "sideboard", "C209"], "already holds"),
        (
            &["add", "f.toml", "ship", "Cap906"],
            "is a captain, but a ship goes here",
        ),
        (
            &["remove", "f.toml", "upgrade", "C209", "--ship", "1"],
            "no upgrade",
        ),
        (&["remove", "f.toml", "ship", "9"], "there is no ship 9"),
    ];
    for (args, says) in cases {
        let r = run(dir.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stdout);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("nothing was changed"), "{}", r.stderr);
        assert_eq!(read(&dir), original, "{args:?} changed the file");
    }
}

#[test]
fn a_file_that_does_not_parse_is_not_edited() {
    let text = "name = \"broken\n[[ship]]\nship = \"S207\"\n";
    let dir = with_fleet(text);
    let r = run(
        dir.path(),
        &["add", "f.toml", "upgrade", "C209", "--ship", "1"],
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not valid TOML"), "{}", r.stderr);
    assert_eq!(read(&dir), text);
}

#[test]
fn an_edit_of_a_badly_shaped_key_is_refused() {
    // The ship's `upgrades` holds a number: there is no list to add to.
    let text = "[[ship]]\nship = \"S207\"\nupgrades = 3\n";
    let dir = with_fleet(text);
    let r = run(dir.path(), &["add", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a list of cards"), "{}", r.stderr);
    assert_eq!(read(&dir), text);
}

#[test]
fn removing_keeps_the_other_comments() {
    let original = std::fs::read_to_string(interop("4-keldon-flagship.toml")).unwrap();
    let dir = with_fleet(&original);
    let steps: &[&[&str]] = &[
        &[
            "remove",
            "f.toml",
            "upgrade",
            "Tetryon Emissions",
            "--ship",
            "1",
        ],
        &["remove", "f.toml", "upgrade", "Boheeka", "--ship", "1"],
        &["remove", "f.toml", "flagship", "--ship", "1"],
        &["remove", "f.toml", "captain", "Gul Ranor", "--ship", "2"],
        &["remove", "f.toml", "ship", "Kraxon"],
        &["remove", "f.toml", "resource"],
    ];
    for s in steps {
        let r = run(dir.path(), s);
        assert_eq!(r.code, 0, "{s:?}: {}", r.stderr);
    }
    let after = read(&dir);
    // The comments of the removed cards' own lines go with them; every
    // other one stays.
    for line in original.lines() {
        let removed = [
            "Tetryon",
            "Boheeka",
            "Dominion: flagship",
            "Gul Ranor",
            "Kraxon",
            "EM Pulse",
            "Glinn Telle",
            "Flagship: resource",
        ]
        .iter()
        .any(|w| line.contains(w));
        if let (Some(i), false) = (line.find('#'), removed) {
            assert!(after.contains(&line[i..]), "lost {:?}\n{after}", &line[i..]);
        }
    }
    insta::assert_snapshot!("removed_from_sample_4", after);
}

#[test]
fn remove_picks_identical_copies_and_sideboard_sections() {
    let original = std::fs::read_to_string(interop("6-romulan-generic-starships.toml")).unwrap();
    let dir = with_fleet(&original);
    // Two identical generic ships: by card the choice is ambiguous, by
    // number it is not.
    let r = run(dir.path(), &["remove", "f.toml", "ship", "S175"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("ships 3 and 4 match"), "{}", r.stderr);
    let r = run(dir.path(), &["remove", "f.toml", "ship", "4"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["fleets"][0]["total"], 97 - 18);

    let original = std::fs::read_to_string(interop("3-klingon-reinforcements.toml")).unwrap();
    let dir = with_fleet(&original);
    let r = run(dir.path(), &["remove", "f.toml", "sideboard", "tech"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r
        .stdout
        .contains("removed Cloaking Device (T240) from the sideboard's tech section"));
    let r = run(
        dir.path(),
        &["remove", "f.toml", "sideboard", "Nuclear Missiles"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["fleets"][0]["sideboard"]["total"], 18 - 9 - 2);
    // Kira Nerys is a captain and a crew card: the sideboard asks which.
    let r = run(dir.path(), &["add", "f.toml", "sideboard", "Kira Nerys"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("say which"), "{}", r.stderr);
}

fn options_json(dir: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["options", "f.toml", "-o", "json"];
    all.extend_from_slice(args);
    let r = run(dir, &all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["command"], "options");
    v["options"].clone()
}

fn option<'a>(v: &'a serde_json::Value, id: &str) -> Option<&'a serde_json::Value> {
    v["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == id)
}

#[test]
fn options_for_a_ship_keep_uniqueness_slots_and_cap() {
    let original = std::fs::read_to_string(interop("3-klingon-reinforcements.toml")).unwrap();
    let dir = with_fleet(&original);
    // Free a crew slot on the Kronos One: 92 SP, 8 left.
    let r = run(
        dir.path(),
        &["remove", "f.toml", "upgrade", "Stex", "--ship", "1"],
    );
    assert_eq!(r.code, 0);
    let v = options_json(
        dir.path(),
        &["--ship", "1", "--faction", "klingon", "--max-cost", "3"],
    );
    assert_eq!(v["place"], "ship 1 (I.K.S. Kronos One)");
    let stex = option(&v, "C179").expect("Stex fits again");
    assert_eq!(
        (stex["cost"].as_i64(), stex["left"].as_i64()),
        (Some(2), Some(6))
    );
    // Kerla is already on this ship and unique; Alexander is on ship 2.
    assert!(option(&v, "C180").is_none());
    assert!(option(&v, "C173").is_none());
    // Only Klingon cards, none over 3 SP, sorted by cost.
    let opts = v["options"].as_array().unwrap();
    assert!(opts.iter().all(|o| o["factions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f == "klingon")));
    let costs: Vec<i64> = opts.iter().map(|o| o["cost"].as_i64().unwrap()).collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]) && costs.iter().all(|c| *c <= 3));
    // A Federation crew card pays the faction penalty on a Klingon ship.
    let v = options_json(
        dir.path(),
        &["--ship", "1", "--faction", "federation", "--slot", "crew"],
    );
    // (Data C209 and its reprint C080 are one card: listed once.)
    let data = v["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "Data" && o["base"] == 3)
        .expect("Data fits");
    assert_eq!(data["base"], 3);
    assert_eq!(data["cost"], 4);
    assert_eq!(data["modifiers"][0]["kind"], "faction-penalty");
    // Nothing over the cap: 8 SP left.
    let opts = v["options"].as_array().unwrap();
    assert!(opts.iter().all(|o| o["left"].as_i64().unwrap() >= 0));
    // The table lists the same cards.
    let r = run(
        dir.path(),
        &[
            "options",
            "f.toml",
            "--ship",
            "1",
            "--faction",
            "klingon",
            "--max-cost",
            "1",
        ],
    );
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("options_table", r.stdout);
}

#[test]
fn options_for_a_sideboard_section() {
    let original = std::fs::read_to_string(interop("3-klingon-reinforcements.toml")).unwrap();
    let dir = with_fleet(&original);
    let r = run(dir.path(), &["remove", "f.toml", "sideboard", "tech"]);
    assert_eq!(r.code, 0);
    let v = options_json(dir.path(), &["--sideboard", "tech"]);
    assert_eq!(v["place"], "the sideboard's tech section");
    let opts = v["options"].as_array().unwrap();
    assert!(opts
        .iter()
        .all(|o| o["type"].as_str().unwrap().contains("tech")));
    // The Defiant's cloak costs 4 + 5 on the sideboard: 18 of 20 SP.
    let cloak = option(&v, "T240").expect("the cloak fits");
    assert_eq!(
        (cloak["cost"].as_i64(), cloak["left"].as_i64()),
        (Some(9), Some(2))
    );
    // Nothing that would pass the 20 SP: 9 SP are free.
    assert!(opts.iter().all(|o| o["cost"].as_i64().unwrap() <= 11));
    // Not a section: a usage error.
    let r = run(dir.path(), &["options", "f.toml", "--sideboard", "admiral"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a sideboard section"), "{}", r.stderr);
    let r = run(dir.path(), &["options", "f.toml", "--ship", "5"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("there is no ship 5"), "{}", r.stderr);
}

#[test]
fn completions_and_man_page_come_from_the_clap_definitions() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let r = run(dir.path(), &["completions", shell]);
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        for word in ["fleetcheck", "import", "export", "options", "max-cost"] {
            assert!(r.stdout.contains(word), "{shell} completions lack {word}");
        }
    }
    // The bash script is valid bash.
    let r = run(dir.path(), &["completions", "bash"]);
    std::fs::write(dir.path().join("c.bash"), &r.stdout).unwrap();
    let ok = std::process::Command::new("bash")
        .arg("-n")
        .arg(dir.path().join("c.bash"))
        .status()
        .unwrap();
    assert!(ok.success());
    let r = run(dir.path(), &["completions", "tcsh"]);
    assert_eq!(r.code, 2);

    let r = run(dir.path(), &["man"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains(".TH fleetcheck 1"), "{}", r.stdout);
    for sub in [
        "check",
        "price",
        "new",
        "add",
        "remove",
        "options",
        "import",
        "export",
        "completions",
    ] {
        assert!(
            r.stdout.contains(&format!("fleetcheck\\-{sub}(1)")),
            "man page lacks {sub}"
        );
    }
    let r = run(dir.path(), &["man", "--command", "export"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains(".TH fleetcheck-export 1"), "{}", r.stdout);
    assert!(r.stdout.contains("spacedock"), "{}", r.stdout);
    let r = run(dir.path(), &["man", "--command", "nope"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no subcommand \"nope\""), "{}", r.stderr);
}
