//! `-o json` everywhere it is accepted (`formats` too), refusals included:
//! a command that refuses (exit code 2) prints one JSON document on stdout,
//! the one envelope with `error` (and the report of the file it is about),
//! valid against `fleetcheck schema` (`support::run` validates every `-o json`
//! output; `assert_valid_json` is called here to read it).

use crate::support::{assert_valid_json, run, Run};
use serde_json::{json, Value};
use std::path::Path;

const FLEET: &str = "name = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\n";

/// Runs `args` with `-o json` in `dir`: it refuses (exit 2), and stdout is
/// one valid document of `command` with an `error`; that document.
fn refused(dir: &Path, command: &str, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["-o", "json"]);
    let r: Run = run(dir, &all);
    assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
    let v = assert_valid_json(&r.stdout);
    assert_eq!(v["command"], command, "{}", r.stdout);
    assert!(v["error"]["message"].is_string(), "{}", r.stdout);
    v
}

fn dir_with_fleet() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.toml"), FLEET).unwrap();
    dir
}

#[test]
fn add_of_an_unknown_card_is_a_json_error() {
    let dir = dir_with_fleet();
    let v = refused(dir.path(), "add", &["add", "f.toml", "captain", "Nobodyzz"]);
    assert_eq!(
        v["error"],
        json!({ "message": "f.toml: no captain matches 'Nobodyzz'; nothing was changed" })
    );
    assert!(v.get("fleets").is_none());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("f.toml")).unwrap(),
        FLEET
    );
}

#[test]
fn remove_takes_json_and_its_refusal_is_a_json_error() {
    let dir = dir_with_fleet();
    let v = refused(dir.path(), "remove", &["remove", "f.toml", "captain"]);
    assert_eq!(
        v["error"]["message"],
        "f.toml: ship 1 (U.S.S. Enterprise-D) has no captain; nothing was changed"
    );
    // And a removal that goes through prints the fleet's report.
    let r = run(dir.path(), &["remove", "f.toml", "ship", "1", "-o", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(assert_valid_json(&r.stdout)["command"], "remove");
}

#[test]
fn an_unreadable_file_is_a_json_error_with_its_report() {
    let dir = tempfile::tempdir().unwrap();
    let v = refused(dir.path(), "add", &["add", "nothere.toml", "ship", "S207"]);
    assert_eq!(
        v["error"],
        json!({ "message": "cannot read nothere.toml: no such file or directory" })
    );
    assert_eq!(v["fleets"][0]["status"], "input-error");
    assert_eq!(v["fleets"][0]["diagnostics"][0]["code"], "io");
    assert_eq!(v["summary"]["input_errors"], 1);
}

#[test]
fn card_with_nothing_found_is_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let v = refused(dir.path(), "card", &["card", "Cloking Devise"]);
    assert_eq!(
        v["error"],
        json!({
            "message": "no card has the id or name \"Cloking Devise\"",
            "help": ["did you mean \"Cloaking Device\", \"Cloaked Mines\", \"Cloaked Fighters\", \"Class 4 Cloaking Device\"?"]
        })
    );
}

#[test]
fn options_refusals_are_json_errors() {
    let dir = dir_with_fleet();
    // An unknown slot type: the message, with its "did you mean".
    let v = refused(
        dir.path(),
        "options",
        &["options", "f.toml", "--ship", "1", "--slot", "tehc"],
    );
    assert_eq!(
        v["error"]["message"],
        "unknown slot type `tehc`; did you mean `tech`?"
    );
    // A fleet with an input error: the file's report comes with it.
    std::fs::write(
        dir.path().join("bad.toml"),
        "name = \"B\"\n[[ship]]\nship = \"Nosuch Ship\"\n",
    )
    .unwrap();
    let v = refused(
        dir.path(),
        "options",
        &["options", "bad.toml", "--ship", "1"],
    );
    assert_eq!(v["fleets"][0]["file"], "bad.toml");
    assert_eq!(v["fleets"][0]["diagnostics"][0]["code"], "unknown-card");
}

#[test]
fn a_refused_xwing_move_is_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let state = "game = \"xwing\"\n\n[[ship]]\nname = \"Red Five\"\nface_down = [14]\n";
    std::fs::write(dir.path().join("s.toml"), state).unwrap();
    let v = refused(
        dir.path(),
        "xwing",
        &[
            "xwing", "expose", "s.toml", "--ship", "Red 5", "--card", "14",
        ],
    );
    assert_eq!(
        v["error"],
        json!({
            "message": "no ship named `Red 5` in s.toml",
            "help": ["did you mean `Red Five`?"]
        })
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("s.toml")).unwrap(),
        state
    );
}

#[test]
fn an_error_of_the_whole_run_is_a_json_error() {
    let dir = dir_with_fleet();
    let v = refused(
        dir.path(),
        "check",
        &["check", "f.toml", "--data", "no-such-dir"],
    );
    let message = v["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("cannot load the card database in no-such-dir"),
        "{message}"
    );
}

/// `import`, `export`, `new` and `fix` take no `-o` (they write files):
/// asked for JSON, they refuse as a usage error, in JSON too; so does any
/// usage error of a command that takes `-o`.
#[test]
fn a_usage_error_with_o_json_is_a_json_error() {
    let dir = dir_with_fleet();
    let v = refused(dir.path(), "export", &["export", "f.toml", "--to", "text"]);
    assert_eq!(
        v["error"]["message"],
        "-o chooses how results are shown; `fleetcheck export` has no such output (it writes files or text of its own)"
    );
    let v = refused(
        dir.path(),
        "import",
        &["import", "spacedock", "nothere.spacedock"],
    );
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("-o chooses"));
    let v = refused(dir.path(), "card", &["card", "--bogus", "X"]);
    let message = v["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("unexpected argument '--bogus' found"),
        "{message}"
    );
}

/// `formats` takes `-o json` like every command that takes `-o`.
#[test]
fn formats_prints_json() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(dir.path(), &["formats", "-o", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = assert_valid_json(&r.stdout);
    assert_eq!(v["command"], "formats");
    let standard = &v["formats"][0];
    assert_eq!(
        (&standard["id"], &standard["sp_cap"]),
        (&json!("standard"), &json!(100))
    );
}
