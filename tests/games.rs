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

use assert_cmd::Command;
use fleetcheck::diag::{Severity, Source, INPUT_ERROR_CODES};
use fleetcheck::games::{self, REGISTRY};
use fleetcheck::report::{self, Checked, RenderOptions};
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
    games::check(&game, Source { path: rel, text }).expect("a known game")
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
            .any(|d| d.code == code && d.severity == sev)
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
        let exit = if INPUT_ERROR_CODES.contains(&code) {
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

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(dir: &Path, args: &[&str]) -> Run {
    let out = Command::cargo_bin("fleetcheck")
        .unwrap()
        .current_dir(dir)
        .env("FLEETCHECK_TODAY", "2025-06-01")
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .unwrap();
    Run {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

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
        let legal = name.starts_with("valid-") || name.starts_with("note-");
        assert_eq!(f["legal"], legal, "{file}");
        assert_eq!(f["game"], file.split('/').nth(1).unwrap(), "{file}");
        *games
            .entry(f["game"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    let count = |g: &str| {
        std::fs::read_dir(root().join("fleets").join(g))
            .unwrap()
            .count()
    };
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
