//! The other games (`xwing`, `ti4`, `bsg`, `stccg`): every example file of
//! `fleets/<game>/` is checked in process, its table output (the game's
//! summary and the located diagnostics, as `check` prints them) and its JSON
//! report snapshotted, and the outcome its name announces asserted:
//!
//! - `valid-*.toml`: legal (exit 0); its `# rules:` line names the rules it
//!   is a valid example of;
//! - `invalid-<code>[--variant].toml`: has a diagnostic `<code>`, exit 1 for
//!   a rule, 2 for an input error;
//! - `note-<code>.toml`: legal, with the note `<code>`.
//!
//! Every code of every game must have an invalid (or note) example and a
//! valid one. Then the binary is run end to end on the examples and on the
//! `xwing expose|repair` edits.
//!
//! X-Wing deck files (`deck = { file = "..." }`): the deck files of
//! `fleets/xwing/decks/` are checked on their own and snapshotted too, and
//! every problem a deck file can have is run end to end (table and JSON
//! snapshotted), as are the edits of a state that uses a deck file.

use crate::support::run;
use fleetcheck_games::{self as games, REGISTRY};
use fleetcheck_input::diag::{InputCode, Severity, Source};
use fleetcheck_report::{self as report, Checked, RenderOptions};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Checks an example as `fleetcheck check` does, with its path relative to
/// the crate root.
fn check_file(path: &Path) -> Checked {
    let base = root().canonicalize().unwrap();
    let rel = path
        .strip_prefix(&base)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let text = std::fs::read_to_string(path).unwrap();
    let game = rel.split('/').nth(1).unwrap().to_string();
    Checked::from_game(games::check(&game, Source { path: rel, text }).expect("a known game"))
}

fn table(c: &Checked) -> String {
    let mut out = Vec::new();
    report::table::render(&mut out, c, &RenderOptions::default()).unwrap();
    String::from_utf8(out).unwrap()
}

/// Asserts what the example's name announces.
fn expect(path: &Path, c: &Checked) {
    let name = path.file_stem().unwrap().to_string_lossy().into_owned();
    let has = |code: &str, sev: Severity| {
        c.diagnostics
            .iter()
            .any(|d| d.code.as_str() == code && d.severity == sev)
    };
    if name.starts_with("valid-") {
        assert_eq!(c.exit_code(), 0, "{name}: {:#?}", c.diagnostics);
        assert!(c.text.is_some(), "{name} has a summary");
    } else if let Some(code) = name.strip_prefix("note-") {
        assert_eq!(c.exit_code(), 0, "{name}: {:#?}", c.diagnostics);
        assert!(has(code, Severity::Note), "{name}: {:#?}", c.diagnostics);
    } else if let Some(rest) = name.strip_prefix("invalid-") {
        let code = rest.split("--").next().unwrap();
        assert!(has(code, Severity::Error), "{name}: {:#?}", c.diagnostics);
        let exit = if InputCode::parse(code).is_some() {
            2
        } else {
            1
        };
        assert_eq!(c.exit_code(), exit, "{name}: {:#?}", c.diagnostics);
    } else {
        panic!("{name}: examples are named valid-*, invalid-<code>* or note-<code>*");
    }
    // Every diagnostic is located in the file.
    for d in &c.diagnostics {
        assert!(d.span.is_some(), "{name}: {} has no location", d.code);
    }
}

fn snapshot(path: &Path, game: &str) {
    let c = check_file(path);
    expect(path, &c);
    insta::assert_snapshot!(format!("{game}_table"), table(&c));
    insta::assert_json_snapshot!(format!("{game}_json"), c.finish());
}

#[test]
fn xwing_examples() {
    insta::glob!("../fleets/xwing", "*.toml", |p| snapshot(p, "xwing"));
}

/// The deck files the X-Wing examples name, checked on their own: a deck
/// file says `game = "xwing"`, so a checked folder may hold them.
#[test]
fn xwing_deck_files() {
    insta::glob!("../fleets/xwing/decks", "*.toml", |p| {
        let c = check_file(p);
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        match name.as_str() {
            "my-standard.toml" => {
                assert_eq!(c.exit_code(), 0, "{:#?}", c.diagnostics);
                let d = c.finish().details.unwrap();
                assert_eq!(d["deck"]["size"], 33);
                assert_eq!(d["cards"][13]["name"], "Direct Hit!");
                assert_eq!(d["cards"][13]["copies"], 5);
            }
            "size-mismatch.toml" => {
                assert_eq!(c.exit_code(), 2, "{:#?}", c.diagnostics);
                assert_eq!(c.diagnostics.len(), 1);
                assert_eq!(
                    c.diagnostics[0].message,
                    "`size` is 34, but the copies of the 14 cards add up to 33"
                );
            }
            other => panic!("{other}: add its expected outcome here"),
        }
        insta::assert_snapshot!("xwing_deck_table", table(&c));
        insta::assert_json_snapshot!("xwing_deck_json", c.finish());
    });
}

#[test]
fn ti4_examples() {
    insta::glob!("../fleets/ti4", "*.toml", |p| snapshot(p, "ti4"));
}

#[test]
fn bsg_examples() {
    insta::glob!("../fleets/bsg", "*.toml", |p| snapshot(p, "bsg"));
}

#[test]
fn stccg_examples() {
    insta::glob!("../fleets/stccg", "*.toml", |p| snapshot(p, "stccg"));
}

/// Every code of every game has an invalid (or note) example and appears
/// in the `# rules:` line of a valid example.
#[test]
fn every_code_has_a_valid_and_an_invalid_example() {
    for g in REGISTRY {
        let dir = root().join("fleets").join(g.id);
        assert!(
            dir.is_dir() || g.codes.is_empty(),
            "{}: fleets/{} is missing",
            g.id,
            g.id
        );
        if !dir.is_dir() {
            continue;
        }
        let mut names = Vec::new();
        let mut valid_rules = Vec::new();
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            if name.starts_with("valid-") {
                let text = std::fs::read_to_string(&p).unwrap();
                let line = text
                    .lines()
                    .find_map(|l| l.strip_prefix("# rules:"))
                    .unwrap_or_else(|| panic!("{name} has no `# rules:` line"));
                valid_rules.extend(line.split(',').map(|s| s.trim().to_string()));
            }
            names.push(name);
        }
        for c in g.codes {
            let bad = names.iter().any(|n| {
                n.strip_prefix("invalid-")
                    .or_else(|| n.strip_prefix("note-"))
                    .is_some_and(|r| r.split("--").next() == Some(c.code))
            });
            assert!(bad, "{}: no invalid example for `{}`", g.id, c.code);
            assert!(
                valid_rules.iter().any(|r| r == c.code),
                "{}: no valid example for `{}`",
                g.id,
                c.code
            );
        }
        for r in &valid_rules {
            assert!(
                g.codes.iter().any(|c| c.code == r),
                "{}: `# rules:` names an unknown code {r}",
                g.id
            );
        }
    }
}

// ---- end to end -------------------------------------------------------

#[test]
fn check_command_runs_the_game_of_the_file() {
    let r = run(&root(), &["fleets/xwing/valid-state.toml"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let r = run(
        &root(),
        &[
            "check",
            "fleets/xwing/invalid-surplus-card.toml",
            "-o",
            "json",
        ],
    );
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let fleet = &v["fleets"][0];
    assert_eq!(fleet["game"], "xwing");
    assert_eq!(fleet["legal"], false);
    let codes: Vec<&str> = fleet["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, vec!["surplus-card", "surplus-card"]);
    assert_eq!(fleet["details"]["inventory"]["surplus"], 2);
    let r = run(&root(), &["fleets/xwing/invalid-unknown-card.toml"]);
    assert_eq!(r.code, 2);
}

#[test]
fn check_command_on_every_game_directory() {
    let r = run(
        &root(),
        &[
            "fleets/xwing",
            "fleets/ti4",
            "fleets/bsg",
            "fleets/stccg",
            "-o",
            "json",
        ],
    );
    // Some examples are input errors.
    assert_eq!(r.code, 2, "{}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let fleets = v["fleets"].as_array().unwrap();
    let mut games = std::collections::BTreeMap::new();
    for f in fleets {
        let file = f["file"].as_str().unwrap();
        let name = file.rsplit('/').next().unwrap();
        // The X-Wing deck files below fleets/xwing/decks/ are checked too.
        let legal = name.starts_with("valid-")
            || name.starts_with("note-")
            || file == "fleets/xwing/decks/my-standard.toml";
        assert_eq!(f["legal"], legal, "{file}");
        assert_eq!(f["game"], file.split('/').nth(1).unwrap(), "{file}");
        *games
            .entry(f["game"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    fn count_files(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| if p.is_dir() { count_files(&p) } else { 1 })
            .sum()
    }
    let count = |g: &str| count_files(&root().join("fleets").join(g));
    for g in ["xwing", "ti4", "bsg", "stccg"] {
        assert_eq!(games[g], count(g), "{g}");
    }
    let r = run(
        &root(),
        &["fleets/ti4/invalid-fleet-pool.toml", "-o", "github"],
    );
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .contains("::error file=fleets/ti4/invalid-fleet-pool.toml,line=13,col=9"),
        "{}",
        r.stdout
    );
}

const STATE: &str = "# Round 4\ngame = \"xwing\"\n\n[[ship]]\nname = \"Red Five\"  # Luke\nface_up = [\"Console Fire\"]\nface_down = [14, \"Fuel Leak\"]\n";

fn state_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("state.toml"), STATE).unwrap();
    dir
}

fn file(dir: &tempfile::TempDir) -> String {
    std::fs::read_to_string(dir.path().join("state.toml")).unwrap()
}

#[test]
fn xwing_expose_rewrites_the_file_and_prints_the_new_state() {
    let dir = state_dir();
    let r = run(
        dir.path(),
        &[
            "xwing",
            "expose",
            "state.toml",
            "--ship",
            "red five",
            "--card",
            "14",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        file(&dir),
        "# Round 4\ngame = \"xwing\"\n\n[[ship]]\nname = \"Red Five\"  # Luke\nface_up = [\"Console Fire\", 14]\nface_down = [\"Fuel Leak\"]\n"
    );
    insta::assert_snapshot!("xwing_expose_output", r.stdout);
    // Nothing but the state file is left in the directory.
    let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
}

#[test]
fn xwing_repair_discards_a_face_down_card_and_json_shows_it() {
    let dir = state_dir();
    let r = run(
        dir.path(),
        &[
            "xwing",
            "repair",
            "state.toml",
            "--ship",
            "Red Five",
            "--card",
            "fuel leak",
            "-o",
            "json",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(file(&dir).contains("discard_pile = [\"Fuel Leak\"]\n"));
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let state = &v["fleets"][0]["details"]["state"];
    assert_eq!(state["ships"][0]["face_down"][0]["name"], "Direct Hit!");
    assert_eq!(state["cards"][12]["discard_pile"], 1);
}

#[test]
fn xwing_refused_moves_leave_the_file_unchanged() {
    let dir = state_dir();
    for (args, message) in [
        (
            vec!["expose", "--card", "Console Fire"],
            "error: card 5 Console Fire is already face up on Red Five: only a face-down card can be exposed",
        ),
        (
            vec!["repair", "--card", "Hull Breach"],
            "error: card 8 Hull Breach is not on Red Five (face up: 5 Console Fire; face down: 13 Fuel Leak, 14 Direct Hit!)",
        ),
        (
            vec!["repair", "--card", "14", "--face-up"],
            "error: card 14 Direct Hit! is not face up on Red Five",
        ),
    ] {
        let mut full = vec!["xwing", args[0], "state.toml", "--ship", "Red Five"];
        full.extend(&args[1..]);
        let r = run(dir.path(), &full);
        assert_eq!(r.code, 2, "{full:?}");
        assert_eq!(r.stderr.lines().next(), Some(message), "{full:?}");
        assert_eq!(r.stderr.lines().last(), Some("state.toml was not changed."));
        assert_eq!(file(&dir), STATE);
    }
    let r = run(
        dir.path(),
        &[
            "xwing",
            "expose",
            "state.toml",
            "--ship",
            "Red 5",
            "--card",
            "14",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: no ship named `Red 5` in state.toml\n  help: did you mean `Red Five`?\nstate.toml was not changed.\n"
    );
    assert_eq!(file(&dir), STATE);
}

#[test]
fn xwing_edit_refuses_a_file_with_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "game = \"xwing\"\n[[ship]]\nname = \"A\"\nface_down = [14]\nhull = 3\n";
    std::fs::write(dir.path().join("state.toml"), bad).unwrap();
    let r = run(
        dir.path(),
        &[
            "xwing",
            "expose",
            "state.toml",
            "--ship",
            "A",
            "--card",
            "14",
        ],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stdout.contains("unknown key `hull` in a [[ship]]"),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        "error: state.toml has input errors; fix them first. It was not changed.\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("state.toml")).unwrap(),
        bad
    );
}

// ---- X-Wing deck files -----------------------------------------------------

/// The state file of the deck-file cases: it names `decks/d.toml`.
const DECK_STATE: &str =
    "game = \"xwing\"\ndeck = { file = \"decks/d.toml\" }\n\n[inventory]\n\"Direct Hit!\" = 5\n";

/// The example deck file (a copy of the standard deck), with `from`
/// replaced by `to`.
fn my_standard(from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(root().join("fleets/xwing/decks/my-standard.toml")).unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

/// A folder with `state.toml` (`state`) and `decks/`, set up by `deck`.
fn deck_dir(state: &str, deck: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("state.toml"), state).unwrap();
    std::fs::create_dir(dir.path().join("decks")).unwrap();
    deck(&dir.path().join("decks/d.toml"));
    dir
}

/// Checks `state.toml` of `dir` (table and JSON), asserts an input error
/// whose every diagnostic is located in state.toml, and snapshots both.
fn deck_case(name: &str, dir: &tempfile::TempDir, codes: &[&str]) {
    let r = run(dir.path(), &["check", "state.toml"]);
    assert_eq!(r.code, 2, "{name}: {}{}", r.stdout, r.stderr);
    insta::assert_snapshot!(format!("xwing_deck_file_{name}_table"), r.stdout);
    let r = run(dir.path(), &["check", "state.toml", "-o", "json"]);
    assert_eq!(r.code, 2, "{name}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let fleet = &v["fleets"][0];
    let found: Vec<&str> = fleet["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert!(d["line"].is_u64() && d["column"].is_u64(), "{name}: {d}");
            d["code"].as_str().unwrap()
        })
        .collect();
    assert_eq!(found, codes, "{name}");
    insta::assert_json_snapshot!(format!("xwing_deck_file_{name}_json"), fleet);
}

/// Every problem a deck file can have is an input error of the file that
/// names it (exit 2), located at its `file = "..."`, with the deck file's
/// path, line and column in the message.
#[test]
fn xwing_deck_file_problems() {
    let write = |text: String| move |p: &Path| std::fs::write(p, text).unwrap();
    /// How `decks/d.toml` is made.
    type Setup = Box<dyn FnOnce(&Path)>;
    let cases: Vec<(&str, Setup, Vec<&str>)> = vec![
        ("missing", Box::new(|_: &Path| {}), vec!["io"]),
        (
            "directory",
            Box::new(|p: &Path| std::fs::create_dir(p).unwrap()),
            vec!["io"],
        ),
        (
            "too_large",
            Box::new(write("#".repeat((1 << 20) + 1))),
            vec!["too-large"],
        ),
        (
            "utf16",
            Box::new(|p: &Path| std::fs::write(p, b"\xFF\xFE[\0d\0").unwrap()),
            vec!["encoding"],
        ),
        (
            "not_utf8",
            Box::new(|p: &Path| std::fs::write(p, b"[deck]\nid = \"\xFF\"\n").unwrap()),
            vec!["encoding"],
        ),
        ("empty", Box::new(write(" \n\n".into())), vec!["empty"]),
        (
            "syntax",
            Box::new(write("[deck\nid = 1\n".into())),
            vec!["parse"],
        ),
        (
            "size",
            Box::new(write(my_standard("size = 33", "size = 34"))),
            vec!["shape"],
        ),
        (
            "unknown_key",
            Box::new(write(my_standard("copies = 2", "copie = 2"))),
            vec!["shape", "unknown-key"],
        ),
        (
            "duplicate_number",
            Box::new(write(my_standard("number = 2\n", "number = 1\n"))),
            vec!["shape"],
        ),
        (
            "number_out_of_range",
            Box::new(write(my_standard("number = 14", "number = 15"))),
            vec!["shape"],
        ),
        (
            "duplicate_name",
            Box::new(write(my_standard(
                "name = \"Blinded Pilot\"",
                "name = \"panicked pilot\"",
            ))),
            vec!["shape"],
        ),
        (
            "number_as_name",
            Box::new(write(my_standard(
                "name = \"Direct Hit!\"",
                "name = \"14\"",
            ))),
            vec!["shape"],
        ),
        (
            "copies_zero",
            Box::new(write(my_standard("copies = 5", "copies = 0"))),
            vec!["shape"],
        ),
        (
            "unknown_trait",
            Box::new(write(my_standard(
                "trait = \"pilot\"",
                "trait = \"pilots\"",
            ))),
            vec!["shape"],
        ),
        (
            "wrong_type",
            Box::new(write(my_standard("number = 3", "number = \"3\""))),
            vec!["shape"],
        ),
        (
            "other_game",
            Box::new(write(my_standard("\ngame = \"xwing\"", "\ngame = \"ti4\""))),
            vec!["shape"],
        ),
        (
            "no_deck_table",
            Box::new(write(my_standard("[deck]\n", ""))),
            vec!["shape", "unknown-key", "unknown-key", "unknown-key"],
        ),
        (
            "no_cards",
            Box::new(write(
                "[deck]\nid = \"huge\"\nname = \"My huge ship damage deck\"\nsize = 1\n".into(),
            )),
            vec!["shape"],
        ),
    ];
    for (name, setup, codes) in cases {
        let dir = deck_dir(DECK_STATE, setup);
        deck_case(name, &dir, &codes);
        // Nothing is written next to the files.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }
    // The `deck` value itself.
    for (name, deck, codes) in [
        ("file_empty", "{ file = \"\" }", vec!["shape"]),
        (
            "file_key_misspelt",
            "{ fille = \"decks/d.toml\" }",
            vec!["unknown-key", "shape"],
        ),
        ("not_a_deck", "3", vec!["shape"]),
        ("unknown_id", "\"huge\"", vec!["shape"]),
    ] {
        let state = DECK_STATE.replace("{ file = \"decks/d.toml\" }", deck);
        let dir = deck_dir(&state, |p| {
            std::fs::write(p, my_standard("", "")).unwrap();
        });
        deck_case(name, &dir, &codes);
    }
}

/// A device is not a deck file (it could block or never end).
#[cfg(unix)]
#[test]
fn xwing_deck_file_must_be_a_regular_file() {
    let dir = deck_dir(
        &DECK_STATE.replace("decks/d.toml", "/dev/null"),
        |_: &Path| {},
    );
    deck_case("device", &dir, &["io"]);
}

/// The deck file is found relative to the state file's folder, wherever
/// fleetcheck runs from, and the cards are the deck file's.
#[test]
fn xwing_deck_file_is_relative_to_the_state_file() {
    let dir = deck_dir(DECK_STATE, |p| {
        std::fs::write(p, my_standard("", "")).unwrap();
    });
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let r = run(
        &dir.path().join("sub"),
        &["check", "../state.toml", "-o", "json"],
    );
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let d = &v["fleets"][0]["details"];
    assert_eq!(d["deck"]["name"], "My standard damage deck");
    assert_eq!(d["deck"]["file"], "../decks/d.toml");
    assert_eq!(d["inventory"]["found"], 5);
    assert_eq!(d["inventory"]["missing"], 28);
}

const DECK_FILE_STATE: &str = "# Round 2\ngame = \"xwing\"\ndeck = { file = \"decks/d.toml\" } # my own deck\n\n[[ship]]\nname = \"Red Five\"\nface_up = [\"Console Fire\"]\nface_down = [14, \"Fuel Leak\"]\n";

#[test]
fn xwing_expose_and_repair_work_with_a_deck_file() {
    let dir = deck_dir(DECK_FILE_STATE, |p| {
        std::fs::write(p, my_standard("", "")).unwrap();
    });
    let state = || std::fs::read_to_string(dir.path().join("state.toml")).unwrap();
    let r = run(
        dir.path(),
        &[
            "xwing",
            "expose",
            "state.toml",
            "--ship",
            "Red Five",
            "--card",
            "direct hit",
        ],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        state(),
        "# Round 2\ngame = \"xwing\"\ndeck = { file = \"decks/d.toml\" } # my own deck\n\n[[ship]]\nname = \"Red Five\"\nface_up = [\"Console Fire\", 14]\nface_down = [\"Fuel Leak\"]\n"
    );
    insta::assert_snapshot!("xwing_expose_with_deck_file", r.stdout);
    let r = run(
        dir.path(),
        &[
            "xwing",
            "repair",
            "state.toml",
            "--ship",
            "Red Five",
            "--card",
            "13",
            "-o",
            "json",
        ],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(state().contains("discard_pile = [\"Fuel Leak\"]\n"));
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let d = &v["fleets"][0]["details"];
    assert_eq!(d["deck"]["file"], "decks/d.toml");
    assert_eq!(d["state"]["cards"][12]["discard_pile"], 1);
    // Only the state file is written: the deck file is as it was.
    assert_eq!(
        std::fs::read_to_string(dir.path().join("decks/d.toml")).unwrap(),
        my_standard("", "")
    );
}

#[test]
fn xwing_edits_are_refused_when_the_deck_file_has_a_problem() {
    let args = [
        "xwing",
        "expose",
        "state.toml",
        "--ship",
        "Red Five",
        "--card",
        "14",
    ];
    // The deck file's size is wrong: an input error, the state is untouched.
    let dir = deck_dir(DECK_FILE_STATE, |p| {
        std::fs::write(p, my_standard("size = 33", "size = 34")).unwrap();
    });
    let r = run(dir.path(), &args);
    assert_eq!(r.code, 2);
    assert!(
        r.stdout.contains(
            "error[shape]: `size` is 34, but the copies of the 14 cards add up to 33\n  --> decks/d.toml:16:8\n"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        "error: state.toml has input errors; fix them first. It was not changed.\n"
    );
    let state = || std::fs::read_to_string(dir.path().join("state.toml")).unwrap();
    assert_eq!(state(), DECK_FILE_STATE);
    // No deck file at all.
    std::fs::remove_file(dir.path().join("decks/d.toml")).unwrap();
    let r = run(dir.path(), &args);
    assert_eq!(r.code, 2);
    assert!(
        r.stdout.contains(
            "error[io]: cannot read the deck file decks/d.toml (named in state.toml): no such file or directory"
        ),
        "{}",
        r.stdout
    );
    assert_eq!(state(), DECK_FILE_STATE);
    // A card the deck file does not have.
    std::fs::write(dir.path().join("decks/d.toml"), my_standard("", "")).unwrap();
    let mut bad = args;
    bad[6] = "15";
    let r = run(dir.path(), &bad);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: no card number 15 in the My standard damage deck (cards 1-14)\nstate.toml was not changed.\n"
    );
    assert_eq!(state(), DECK_FILE_STATE);
    // The deck file itself is not a state.
    let r = run(
        dir.path(),
        &[
            "xwing",
            "expose",
            "decks/d.toml",
            "--ship",
            "Red Five",
            "--card",
            "14",
        ],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.lines().next(),
        Some("error: decks/d.toml is a damage deck file, not a damage state")
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("decks/d.toml")).unwrap(),
        my_standard("", "")
    );
}
