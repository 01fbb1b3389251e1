//! End-to-end tests of `check`, `price`, `card` and `search` on the built
//! binary: exit codes, output modes, directories and their order, and bad
//! inputs (missing file, directory without fleets, non-UTF-8, empty, unknown
//! game, huge file, bad dates).
//!
//! Every run fixes "today" with `FLEETCHECK_TODAY` so that the output does
//! not depend on the day the tests run.

use crate::support::{fleetcheck, run, TODAY};
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A temporary directory holding these files (relative path, bytes).
fn tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (path, bytes) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    dir
}

fn json(stdout: &str) -> Value {
    let v: Value = serde_json::from_str(stdout).expect("one JSON document");
    super::report::assert_report_shape(&v);
    v
}

fn codes(fleet: &Value) -> Vec<&str> {
    fleet["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect()
}

const UNKNOWN_GAME: &[u8] = b"name = \"Chess club\"\ngame = \"chezz\"\n";

#[test]
fn missing_file_is_an_input_error() {
    let r = run(&root(), &["check", "no-such-fleet.toml"]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn directory_without_fleets_is_named() {
    let dir = tree(&[("empty/notes.txt", b"not a fleet")]);
    let r = run(dir.path(), &["check", "empty"]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn non_utf8_is_located() {
    let dir = tree(&[("latin1.toml", b"name = \"Caf\xe9\"\n\n[[ship]]\n")]);
    let r = run(dir.path(), &["check", "latin1.toml"]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
    let r = run(dir.path(), &["check", "-o", "json", "latin1.toml"]);
    let v = json(&r.stdout);
    let d = &v["fleets"][0]["diagnostics"][0];
    assert_eq!(d["code"], "encoding");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(1), Some(12))
    );
}

#[test]
fn empty_file_is_an_input_error() {
    let dir = tree(&[("empty.toml", b""), ("blank.toml", b"\n   \n")]);
    let r = run(dir.path(), &["check", "empty.toml", "blank.toml"]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn unknown_game_points_at_the_key() {
    let dir = tree(&[("chess.toml", UNKNOWN_GAME)]);
    let r = run(dir.path(), &["check", "chess.toml"]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
    let r = run(dir.path(), &["check", "--output", "json", "chess.toml"]);
    assert_eq!(r.code, 2);
    let v = json(&r.stdout);
    let f = &v["fleets"][0];
    assert_eq!(codes(f), ["unknown-game"]);
    assert_eq!(f["diagnostics"][0]["line"], 2);
    assert_eq!(f["diagnostics"][0]["column"], 8);
    assert_eq!(f["legal"], false);
    assert_eq!(v["fleetcheck"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn game_must_be_a_string() {
    let dir = tree(&[("g.toml", b"game = 3\n")]);
    let r = run(dir.path(), &["-o", "json", "g.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(codes(&json(&r.stdout)["fleets"][0]), ["shape"]);
}

#[test]
fn huge_file_is_refused_unread() {
    let mut big = b"name = \"big\"\n".to_vec();
    big.resize((1 << 20) + 1, b'#');
    let dir = tree(&[("big.toml", &big), ("edge.toml", &big[..1 << 20])]);
    let r = run(dir.path(), &["-o", "json", "big.toml", "edge.toml"]);
    assert_eq!(r.code, 2);
    let v = json(&r.stdout);
    assert_eq!(codes(&v["fleets"][0]), ["too-large"]);
    assert_eq!(
        v["fleets"][0]["diagnostics"][0]["message"],
        "big.toml is 1048577 bytes; files are limited to 1048576 bytes (1 MiB)"
    );
    // Exactly 1 MiB is read (and then judged by the STAW reader).
    assert!(!codes(&v["fleets"][1]).contains(&"too-large"));
}

#[test]
fn bad_dates_are_usage_errors() {
    let dir = tree(&[("chess.toml", UNKNOWN_GAME)]);
    let r = run(
        dir.path(),
        &["check", "--as-of", "2024-02-30", "chess.toml"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert!(
        r.stderr
            .starts_with("error: --as-of \"2024-02-30\": not a date of the form YYYY-MM-DD"),
        "{}",
        r.stderr
    );
    let r = run(
        dir.path(),
        &["check", "--as-of", "last tuesday", "chess.toml"],
    );
    assert_eq!(r.code, 2);
    let r = fleetcheck(dir.path())
        .env("FLEETCHECK_TODAY", "soon")
        .args(["check", "chess.toml"])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("FLEETCHECK_TODAY=\"soon\""));
}

#[test]
fn no_arguments_print_help_and_fail() {
    let r = run(&root(), &[]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("Usage: fleetcheck"), "{}", r.stdout);
    let r = run(&root(), &["check"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no fleet file given"), "{}", r.stderr);
}

/// Directories expand to their `*.toml` files, recursively, sorted, hidden
/// directories left out; the arguments keep their order; other files are
/// listed as skipped, never checked.
#[test]
fn directories_expand_in_a_stable_order() {
    let dir = tree(&[
        ("fleets/b/z.toml", UNKNOWN_GAME),
        ("fleets/a.toml", UNKNOWN_GAME),
        ("fleets/b/a.toml", UNKNOWN_GAME),
        ("fleets/.git/x.toml", UNKNOWN_GAME),
        ("fleets/notes.txt", b"not a fleet"),
        ("first.toml", UNKNOWN_GAME),
    ]);
    let r = run(
        dir.path(),
        &["-o", "json", "first.toml", "fleets", "missing.toml"],
    );
    assert_eq!(r.code, 2);
    let v = json(&r.stdout);
    let files: Vec<String> = v["fleets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap().replace('\\', "/"))
        .collect();
    assert_eq!(
        files,
        [
            "first.toml",
            "fleets/a.toml",
            "fleets/b/a.toml",
            "fleets/b/z.toml",
            "missing.toml"
        ]
    );
    assert_eq!(
        v["skipped"],
        serde_json::json!([{"file": "fleets/notes.txt", "reason": "not a *.toml fleet file"}])
    );
    // The table ends with the skipped files and one summary line.
    let r = run(dir.path(), &["first.toml", "fleets"]);
    assert!(
        r.stdout.ends_with(
            "\nskipped fleets/notes.txt: not a *.toml fleet file\n4 files checked: 0 legal, 0 illegal, 4 input errors; 1 skipped\n"
        ),
        "{}",
        r.stdout
    );
}

#[test]
fn github_annotations_for_input_errors() {
    let dir = tree(&[("chess.toml", UNKNOWN_GAME), ("empty.toml", b"")]);
    let r = run(
        dir.path(),
        &[
            "check",
            "-o",
            "github",
            "chess.toml",
            "empty.toml",
            "gone.toml",
        ],
    );
    assert_eq!(r.code, 2);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn price_of_a_directory_is_an_input_error() {
    let dir = tree(&[("fleets/a.toml", UNKNOWN_GAME)]);
    let r = run(dir.path(), &["price", "fleets"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stdout
            .contains("error[io]: fleets is a directory, not a regular file; it was not read"),
        "{}",
        r.stdout
    );
    let r = run(dir.path(), &["price", "-o", "json", "nothing.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(codes(&json(&r.stdout)["fleets"][0]), ["io"]);
}

// ---- card and search, on the small fixture database -------------------

fn fixture_db() -> String {
    root().join("tests/fixtures/cli/db").display().to_string()
}

#[test]
fn card_by_id_any_case() {
    let db = fixture_db();
    let r = run(&root(), &["card", "t240", "--data", &db]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn card_by_unique_name_and_as_json() {
    let db = fixture_db();
    let r = run(&root(), &["card", "  u.s.s. DEFIANT ", "--data", &db]);
    assert_eq!(r.code, 0);
    assert!(
        r.stdout.starts_with("U.S.S. Defiant (S180)\n"),
        "{}",
        r.stdout
    );
    let r = run(&root(), &["card", "T240", "-o", "json", "--data", &db]);
    assert_eq!(r.code, 0);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["command"], "card");
    let v = &v["card"];
    assert_eq!(v["id"], "T240");
    assert_eq!(v["cost"], 4);
    assert_eq!(v["slot"], "tech");
    assert_eq!(v["faction_names"][0], "Federation");
    assert_eq!(v["rules"]["cost_modifiers"][0]["amount"], 5);
    assert_eq!(
        v["rules_text"][0],
        "+5 SP on any ship other than the U.S.S. Defiant"
    );
    assert_eq!(v["set_details"][1]["name"], "U.S.S. Defiant (Repaint)");
}

#[test]
fn card_name_shared_by_several_cards() {
    let db = fixture_db();
    let r = run(&root(), &["card", "Cloaking Device", "--data", &db]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    insta::assert_snapshot!(r.stderr);
}

#[test]
fn card_not_found_suggests() {
    let db = fixture_db();
    let r = run(&root(), &["card", "Cloking Devise", "--data", &db]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: no card has the id or name \"Cloking Devise\"\nhelp: did you mean \"Cloaking Device\"?\n"
    );
}

#[test]
fn search_everything_sorted() {
    let db = fixture_db();
    let r = run(&root(), &["search", "--data", &db]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn search_filters() {
    let db = fixture_db();
    let ids = |args: &[&str]| -> Vec<String> {
        let mut a = vec!["search", "-o", "json", "--data", &db];
        a.extend_from_slice(args);
        let r = run(&root(), &a);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let v: Value = serde_json::from_str(&r.stdout).unwrap();
        v["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids(&["cloak"]), ["T078", "T233", "T240"]);
    assert_eq!(ids(&["CLOAKING", "--faction", "Mirror Universe"]), ["T078"]);
    assert_eq!(ids(&["--type", "captain"]), ["Cap419", "Cap639"]);
    // A slot type finds either-slot cards too.
    assert_eq!(ids(&["--type", "crew"]), ["C999"]);
    assert_eq!(ids(&["--type", "tech"]), ["T078", "T233", "T240", "C999"]);
    assert_eq!(ids(&["--class", "defiant class"]), ["S084", "S180"]);
    assert_eq!(
        ids(&["--class", "DEFIANT_CLASS", "--faction", "federation"]),
        ["S180"]
    );
    assert_eq!(ids(&["--max-cost", "3"]), ["Cap419", "C999"]);
    assert_eq!(ids(&["--unique", "--type", "upgrade"]), ["C999"]);
    assert_eq!(ids(&["t240"]), ["T240"]);
    assert!(ids(&["zzz"]).is_empty());
    // A set by id, or every set whose name holds the text.
    assert_eq!(ids(&["--set", "71275"]), ["T233", "C999"]);
    assert_eq!(ids(&["--set", "I.S.S. Defiant"]), ["S084", "Cap419"]);
    assert_eq!(
        ids(&["--set", "defiant"]),
        ["S084", "S180", "Cap419", "Cap639", "T240"]
    );
    assert_eq!(
        ids(&["--set", "defiant", "--type", "captain"]),
        ["Cap419", "Cap639"]
    );
}

#[test]
fn search_without_match_is_not_an_error() {
    let db = fixture_db();
    let r = run(&root(), &["search", "Borg Cube", "--data", &db]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "no cards match\n");
}

#[test]
fn search_unknown_filters_are_usage_errors() {
    let db = fixture_db();
    let r = run(&root(), &["search", "--type", "crw", "--data", &db]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with(
            "error: unknown --type \"crw\" (did you mean \"crew\"?); known: ship, captain"
        ),
        "{}",
        r.stderr
    );
    let r = run(&root(), &["search", "--set", "Kornak", "--data", &db]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: unknown --set \"Kornak\" (did you mean \"Koranak\"?): give a set id or text in a set's name\n"
    );
    let r = run(&root(), &["search", "--faction", "klingons", "--data", &db]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("did you mean \"klingon\"?"),
        "{}",
        r.stderr
    );
    let r = run(
        &root(),
        &["search", "--class", "Galaxy Class", "--data", &db],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("unknown --class \"Galaxy Class\""),
        "{}",
        r.stderr
    );
}

// ---- the real engine and the embedded database ------------------------

const FLEETS: &str = "tests/fixtures/cli/fleets";

fn fleet(name: &str) -> String {
    format!("{FLEETS}/{name}.toml")
}

#[test]
fn exit_codes_are_the_worst_over_files() {
    let code = |names: &[&str]| {
        let files: Vec<String> = names.iter().map(|n| fleet(n)).collect();
        let mut args = vec!["check"];
        args.extend(files.iter().map(String::as_str));
        run(&root(), &args).code
    };
    assert_eq!(code(&["legal"]), 0);
    // Warnings never change the exit code.
    assert_eq!(code(&["warning"]), 0);
    assert_eq!(code(&["legal", "warning", "sandbox"]), 0);
    assert_eq!(code(&["illegal"]), 1);
    assert_eq!(code(&["over-cap"]), 1);
    assert_eq!(code(&["legal", "illegal", "warning"]), 1);
    assert_eq!(code(&["unknown-card"]), 2);
    assert_eq!(code(&["illegal", "unknown-card", "legal"]), 2);
    assert_eq!(code(&["legal", "missing"]), 2);
}

/// The whole fixture directory in each output mode: the table (every kind
/// of row, modifiers, sideboard, totals against the cap, diagnostics with
/// excerpts, verdicts, summary), the JSON report and the annotations.
#[test]
fn directory_in_every_output_mode() {
    let r = run(&root(), &["check", FLEETS]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!("fleets_table", r.stdout);
    let r = run(&root(), &[FLEETS, "--output", "json"]);
    assert_eq!(r.code, 2);
    let v = json(&r.stdout);
    let files = crate::support::files(&v);
    assert_eq!(
        files,
        [
            "illegal",
            "legal",
            "over-cap",
            "sandbox",
            "unknown-card",
            "warning"
        ]
        .map(|n| format!("{FLEETS}/{n}.toml"))
    );
    insta::assert_snapshot!("fleets_json", r.stdout);
    let r = run(&root(), &["check", "-o", "github", FLEETS]);
    assert_eq!(r.code, 2);
    insta::assert_snapshot!("fleets_github", r.stdout);
}

/// Exact numbers of the JSON report (docs/cli.md).
#[test]
fn json_numbers_of_real_fleets() {
    let r = run(&root(), &["-o", "json", &fleet("legal"), &fleet("illegal")]);
    assert_eq!(r.code, 1);
    let v = json(&r.stdout);
    let legal = &v["fleets"][0];
    assert_eq!(legal["legal"], true);
    assert_eq!(legal["total"], 38);
    assert_eq!(legal["cap"], 100);
    assert_eq!(legal["as_of"], TODAY);
    assert_eq!(legal["resource"]["cost"], 10);
    assert_eq!(legal["sideboard"]["total"], 9);
    let illegal = &v["fleets"][1];
    assert_eq!(illegal["legal"], false);
    assert_eq!(illegal["total"], 83);
    assert_eq!(illegal["ships"][0]["total"], 38);
    assert_eq!(illegal["ships"][1]["total"], 45);
    let cloak = &illegal["ships"][1]["cards"][1];
    assert_eq!(cloak["id"], "T240");
    assert_eq!(
        (cloak["base"].as_i64(), cloak["cost"].as_i64()),
        (Some(4), Some(10))
    );
    let kinds: Vec<&str> = cloak["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["ship-penalty", "faction-penalty"]);
    assert_eq!(codes(illegal), ["unique"]);
}

#[test]
fn format_and_as_of_options_reach_the_engine() {
    let r = run(
        &root(),
        &[
            "-o",
            "json",
            "--format",
            "tournament-2016",
            "--as-of",
            "2016-06-01",
            &fleet("legal"),
        ],
    );
    assert_eq!(r.code, 1);
    let v = json(&r.stdout);
    let f = &v["fleets"][0];
    assert_eq!(f["format"], "tournament-2016");
    assert_eq!(f["as_of"], "2016-06-01");
    assert_eq!(f["cap"], 130);
    // One ship where the format wants three; the sideboard retired in 2015.
    let c = codes(f);
    assert!(c.contains(&"ship-count"), "{c:?}");
    assert!(c.contains(&"resource-retired"), "{c:?}");
}

#[test]
fn price_breakdown_of_a_fleet() {
    let r = run(&root(), &["price", &fleet("illegal")]);
    assert_eq!(r.code, 1);
    insta::assert_snapshot!(r.stdout);
    // JSON: the same report as `check`.
    let price = run(&root(), &["price", "-o", "json", &fleet("illegal")]);
    let check = run(&root(), &["check", "-o", "json", &fleet("illegal")]);
    assert_eq!(price.code, 1);
    // The same report as `check`, written by `price`.
    assert_eq!(
        price.stdout,
        check
            .stdout
            .replacen("\"command\": \"check\"", "\"command\": \"price\"", 1)
    );
    json(&price.stdout);
}

/// `fleetcheck card T240` on the embedded database: the Defiant's Cloaking
/// Device, 4 SP, Federation, tech, +5 SP elsewhere.
#[test]
fn card_t240_from_the_embedded_database() {
    let r = run(&root(), &["card", "T240"]);
    assert_eq!(r.code, 0);
    for fact in [
        "Cloaking Device (T240)",
        "4 SP",
        "Federation",
        "upgrade (tech)",
        "+5 SP on any ship other than the U.S.S. Defiant",
    ] {
        assert!(r.stdout.contains(fact), "{fact:?} missing:\n{}", r.stdout);
    }
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn search_the_embedded_database() {
    let r = run(&root(), &["search", "cloaking device", "--type", "tech"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!(r.stdout);
}

#[test]
fn unknown_game_suggests_the_closest() {
    let dir = tree(&[("x.toml", b"game = \"X-Wing\"\n")]);
    let r = run(dir.path(), &["-o", "json", "x.toml"]);
    assert_eq!(r.code, 2);
    let v = json(&r.stdout);
    let d = &v["fleets"][0]["diagnostics"][0];
    assert_eq!(d["code"], "unknown-game");
    assert_eq!(d["help"][0], "did you mean `game = \"xwing\"`?");
}
