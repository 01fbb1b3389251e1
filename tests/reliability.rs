//! Reliability and security: hostile input, races and faults lose nothing
//! and leak nothing. One test (or more) per promise of the README section
//! "Reliability"; every reproduction that once broke a promise stays here.
//! By concept, in `reliability/`: `edits` (what an edit keeps: line ends,
//! byte order mark, comments, long names, spellings), `json_output` (`-o
//! json`, refusals included), `reports` (bounded repeats),
//! `import_output` (the fuzz target's assertion over its corpus), `injection`
//! (no output obeys what a list says), `limits` (an import writes only
//! what `check` reads; a pasted list reads any line ends), `walks` (a walk stays
//! in its folder), `writers` (writers refuse their run's inputs and what is not a regular file).

mod edits;
mod import_output;
mod injection;
mod json_output;
mod limits;
mod reports;
mod walks;
mod writers;

use crate::support::{run, TODAY};
use std::path::Path;

/// The binary as a `std` command, for what `assert_cmd` cannot do (a
/// child's stdout of our choosing, several children at once).
fn std_command(dir: &Path) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"));
    c.current_dir(dir).env("FLEETCHECK_TODAY", TODAY);
    c
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

/// The top-level keys of a TOML text, and its number of `[[ship]]`s.
fn keys(text: &str) -> (Vec<String>, usize) {
    let v: toml::Table = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let ships = v.get("ship").and_then(|s| s.as_array()).map_or(0, Vec::len);
    (v.keys().cloned().collect(), ships)
}

// ---- 1. imported values become TOML values, never keys -------------------

/// A Space Dock squad whose name, titles and ids carry line breaks that
/// would end the `# NOT IMPORTED` comment and start keys of their own.
const HOSTILE_SPACEDOCK: &str = r#"{
  "name": "Evil\nsp_cap = 100000",
  "notes": "n\"\"\"\n[x]\r\nformat = \"sandbox\"",
  "additionalPoints": 0,
  "ships": [
    {
      "shipId": "nosuch\nformat = \"sandbox\"",
      "shipTitle": "T\nsp_cap = 100000\n[[ship]]\nship = \"U.S.S. Enterprise-D\"",
      "upgrades": []
    },
    {
      "shipId": "u_s_s_enterprise_d_72224p",
      "shipTitle": "U.S.S. Enterprise-D",
      "upgrades": [
        { "upgradeId": "zz\rsp_cap = 9", "upgradeTitle": "Boom\r\nsp_cap = 5\u2028x" },
        { "upgradeId": "yy", "upgradeTitle": "\u001b[2J\nformat = \"sandbox\"" }
      ]
    }
  ]
}"#;

#[test]
fn hostile_spacedock_titles_and_ids_stay_in_comments() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "evil.spacedock", HOSTILE_SPACEDOCK);
    let r = run(
        dir.path(),
        &["import", "spacedock", "evil.spacedock", "-O", "out.toml"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let text = read(dir.path(), "out.toml");
    let (keys, ships) = keys(&text);
    assert_eq!(keys, ["name", "notes", "ship"], "{text}");
    assert_eq!(ships, 1, "{text}");
    let v: toml::Table = text.parse().unwrap();
    assert_eq!(v["name"].as_str(), Some("Evil\nsp_cap = 100000"));
    // Every comment line is one line, with the breaks escaped.
    assert!(text.contains("Boom\\r\\nsp_cap = 5\\u{2028}x"), "{text}");
    assert!(text.contains("\\u{1b}[2J\\nformat"), "{text}");
    // No control character reaches the terminal either.
    assert!(!r.stderr.contains('\u{1b}'), "{}", r.stderr);
    // The file is what it says: one ship, the standard cap, not "legal at
    // 100000 SP".
    let c = run(dir.path(), &["check", "out.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    let f = &v["fleets"][0];
    assert_eq!(f["cap"], 100, "{}", c.stdout);
    assert_eq!(f["format"], "standard", "{}", c.stdout);
    assert_eq!(f["ships"].as_array().unwrap().len(), 1, "{}", c.stdout);
}

/// A Utopia fleet whose unknown ids carry line breaks and keys.
const HOSTILE_UTOPIA: &str = r#"{"ships":[{"id":"ship:S001\nsp_cap = 100000\nformat = \"sandbox\""},
        {"id":"ship:S207","upgrades":[{"id":"crew:X\r\n[[ship]]\nship = \"U.S.S. Defiant\""}]}]}"#;

#[test]
fn hostile_utopia_ids_stay_in_comments() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["import", "utopia", HOSTILE_UTOPIA, "-O", "out.toml"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let text = read(dir.path(), "out.toml");
    let (keys, ships) = keys(&text);
    assert_eq!(keys, ["ship"], "{text}");
    assert_eq!(ships, 1, "{text}");
    assert!(
        text.contains("# NOT IMPORTED: unknown Utopia card ship:S001\\nsp_cap = 100000\\nformat = \"sandbox\": not in the card database, not imported\n"),
        "{text}"
    );
}

// ---- 3. export never replaces a file it was not asked to -----------------

const FLEET: &str =
    "name = \"Mine\"\n\n[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\n";

#[test]
fn export_refuses_the_fleet_file_itself_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "my.toml", FLEET);
    std::fs::hard_link(dir.path().join("my.toml"), dir.path().join("link.toml")).unwrap();
    for out in ["my.toml", "./my.toml", "link.toml"] {
        for force in [false, true] {
            let mut args = vec!["export", "my.toml", "--to", "text", "-O", out];
            if force {
                args.push("--force");
            }
            let r = run(dir.path(), &args);
            assert_eq!(r.code, 2, "{args:?}");
            assert!(
                r.stderr.contains("is the fleet file being exported: the export would replace it; nothing was written"),
                "{args:?}: {}",
                r.stderr
            );
            assert_eq!(read(dir.path(), "my.toml"), FLEET);
        }
    }
}

#[test]
fn export_refuses_an_existing_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "my.toml", FLEET);
    write(dir.path(), "list.txt", "keep me\n");
    let r = run(
        dir.path(),
        &["export", "my.toml", "--to", "text", "-O", "list.txt"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: list.txt already exists; pass --force to overwrite it; nothing was written\n"
    );
    assert_eq!(read(dir.path(), "list.txt"), "keep me\n");
    let r = run(
        dir.path(),
        &[
            "export", "my.toml", "--to", "text", "-O", "list.txt", "--force",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(read(dir.path(), "list.txt").starts_with("Mine\n"));
    // A new file needs no --force.
    let r = run(
        dir.path(),
        &["export", "my.toml", "--to", "text", "-O", "new.txt"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}

// ---- 6. an import that loses anything says so (exit 2) -------------------

/// Runs `import spacedock` on `json`; (exit code, stderr, the file written).
fn import_spacedock(json: &str) -> (i32, String, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "s.spacedock", json);
    let r = run(
        dir.path(),
        &["import", "spacedock", "s.spacedock", "-O", "o.toml"],
    );
    let out = std::fs::read_to_string(dir.path().join("o.toml")).ok();
    (r.code, r.stderr, out)
}

fn squad(extra: &str, ship: &str) -> String {
    format!(
        r#"{{"name": "S", {extra} "ships": [{{"shipId": "u_s_s_enterprise_d_72224p", "shipTitle": "U.S.S. Enterprise-D"{ship}}}]}}"#
    )
}

#[test]
fn spacedock_additional_points_that_are_no_whole_number_are_reported() {
    for bad in [
        "5.5",
        "\"7\"",
        "1e20",
        "9223372036854775808",
        "-9223372036854775809",
        "true",
        "5000000",
    ] {
        let (code, err, out) =
            import_spacedock(&squad(&format!("\"additionalPoints\": {bad},"), ""));
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(
            err.contains("additionalPoints") && err.contains("is not a whole number of points"),
            "{bad}: {err}"
        );
        let out = out.unwrap();
        assert!(!out.contains("additional_points"), "{bad}: {out}");
    }
    let (code, err, out) = import_spacedock(&squad("\"additionalPoints\": 7,", ""));
    assert_eq!(code, 0, "{err}");
    assert!(out.unwrap().contains("additional_points = 7\n"));
}

#[test]
fn spacedock_entries_that_are_not_cards_are_reported() {
    let cases: &[(&str, &str, &str)] = &[
        // a crew card in the captain slot
        (
            "",
            r#", "captain": {"upgradeId": "natasha_yar_72224p", "upgradeTitle": "Natasha Yar"}"#,
            "is a crew upgrade (C",
        ),
        (
            "",
            r#", "captain": "Picard""#,
            "the captain is a string, not a card (\"Picard\")",
        ),
        (
            "",
            r#", "upgrades": [{"upgradeId": true}]"#,
            "an entry with a boolean as upgradeId",
        ),
        ("", r#", "upgrades": [7]"#, "an entry with no upgradeId (7)"),
        (
            "",
            r#", "flagship": ["x"]"#,
            "an entry with a list as flagship",
        ),
        (
            r#""resource": {"a": 1},"#,
            "",
            "an entry with an object as resource",
        ),
        (
            r#""name": 5,"#,
            "",
            "the squad's name is a number, not text",
        ),
    ];
    for (top, ship, want) in cases {
        let (code, err, _) = import_spacedock(&squad(top, ship));
        assert_eq!(code, 2, "{ship}: {err}");
        assert!(err.contains(want), "{top}{ship}: {err}");
    }
}

#[test]
fn an_empty_spacedock_squad_list_is_refused() {
    let (code, err, out) = import_spacedock("[]");
    assert_eq!(code, 2);
    assert!(err.contains("the list of squads is empty"), "{err}");
    assert!(out.is_none());
}

#[test]
fn utopia_entries_that_are_not_cards_are_reported() {
    let cases: &[(&str, &str)] = &[
        (r#"{"ships":[5]}"#, "a Utopia entry that is not a card (5)"),
        (
            r#"{"ships":[{"id": 7}]}"#,
            "a Utopia entry whose id is not text (7)",
        ),
        (
            r#"{"ships":[], "resource": "R001"}"#,
            "a Utopia entry that is not a card (\"R001\")",
        ),
        (
            r#"{"ships":[{"id":"ship:S207","captain":{"id":"crew:C209"}}]}"#,
            "Data (C209) stands in the captain slot but is a crew upgrade",
        ),
        (
            r#"{"ships":[{"id":"ship:S207","upgrades":["crew:C209"]}]}"#,
            "a Utopia entry that is not a card (\"crew:C209\")",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (json, want) in cases {
        let r = run(dir.path(), &["import", "utopia", json]);
        assert_eq!(r.code, 2, "{json}: {}", r.stderr);
        assert!(r.stderr.contains(want), "{json}: {}", r.stderr);
    }
}

// ---- 7. a write error is an error; a closed pipe is not -------------------

fn to_dev_full(dir: &Path, args: &[&str]) -> (i32, String) {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std_command(dir).args(args).stdout(full).output().unwrap();
    (
        out.status.code().expect("exited normally"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn output_to_a_full_device_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "my.toml", FLEET);
    // Enough files for the work pool (`cli::pool`): its writer meets the
    // error while the workers still check.
    std::fs::create_dir(dir.path().join("many")).unwrap();
    for i in 0..100 {
        write(&dir.path().join("many"), &format!("f{i:03}.toml"), FLEET);
    }
    let json = r#"{"ships":[{"id":"ship:S207"}]}"#;
    for args in [
        &["--help"][..],
        &["--version"],
        &["check", "many"],
        &["check", "-o", "json", "many"],
        &["check", "--help"],
        &["import", "utopia", json],
        &["new", "n.toml"],
        &["check", "my.toml"],
        &["price", "my.toml"],
        &["export", "my.toml", "--to", "text"],
        &["card", "Cap906"],
        &["search", "Picard"],
        &["completions", "bash"],
    ] {
        let (code, err) = to_dev_full(dir.path(), args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("No space left on device"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let json = r#"{"ships":[{"id":"ship:S207"}]}"#;
    for args in [
        &["--help"][..],
        &["import", "utopia", json],
        &["search", "a"],
    ] {
        let mut child = std_command(dir.path())
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
    }
}

// ---- 2. two edits at once: both land, or the loser says so ---------------

const ONE_SHIP: &str = "name = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\n";

const CHANGED: &str = "the file changed while editing; nothing was written";

#[test]
fn concurrent_edits_of_one_file_lose_nothing() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let edits: [&[&str]; 2] = [
        &["add", "r.toml", "captain", "Cap906"],
        &["add", "r.toml", "upgrade", "C209"],
    ];
    for trial in 0..30 {
        write(dir.path(), "r.toml", ONE_SHIP);
        let children: Vec<_> = edits
            .iter()
            .map(|args| {
                std_command(dir.path())
                    .args(*args)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let text = {
            let outs: Vec<_> = children
                .into_iter()
                .map(|c| c.wait_with_output().unwrap())
                .collect();
            let text = read(dir.path(), "r.toml");
            for (out, card) in outs.iter().zip(["Cap906", "C209"]) {
                let err = String::from_utf8_lossy(&out.stderr);
                match out.status.code() {
                    Some(0) => assert!(text.contains(card), "trial {trial}: {card} lost\n{text}"),
                    Some(2) => assert!(err.contains(CHANGED), "trial {trial}: {err}"),
                    c => panic!("trial {trial}: exit {c:?}: {err}"),
                }
            }
            text
        };
        // Whatever happened, the file is a whole fleet file.
        assert!(text.starts_with(ONE_SHIP), "trial {trial}: {text}");
    }
}

#[test]
fn an_edit_over_a_file_changed_meanwhile_is_refused() {
    // A writer that takes no lock (an editor) changes the file between
    // fleetcheck's read and its write: the compare-and-swap refuses.
    use fleetcheck_input::fs::{read_text_for_edit, write, Guard, WriteError};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.toml");
    std::fs::write(&path, ONE_SHIP).unwrap();
    let _lock = fleetcheck_input::lock::exclusive(&path).unwrap().unwrap();
    let (_, original) = read_text_for_edit(&path).unwrap();
    std::fs::write(&path, "name = \"edited by hand\"\n").unwrap();
    let e = write(&path, b"x = 1\n", Guard::Unchanged(&original)).unwrap_err();
    assert!(matches!(e, WriteError::Changed { .. }), "{e}");
    assert_eq!(read(dir.path(), "r.toml"), "name = \"edited by hand\"\n");
}

// ---- 4/5. a large hostile file: bounded output, every problem counted ----

#[test]
fn sixty_thousand_unknown_names_give_a_bounded_report() {
    let dir = tempfile::tempdir().unwrap();
    let body: String = (0..60_000).map(|i| format!("  \"Zq{i}\",\n")).collect();
    let text =
        format!("name = \"N\"\n\n[[ship]]\nship = {{ id = \"S207\" }}\nupgrades = [\n{body}]\n");
    assert!(text.len() < 1 << 20);
    write(dir.path(), "n.toml", &text);
    let r = run(dir.path(), &["check", "n.toml"]);
    assert_eq!(r.code, 2);
    // 100 drawn in full, then one line for the rest.
    assert_eq!(r.stdout.matches("error[unknown-card]").count(), 100);
    assert!(
        r.stdout.contains(
            "... and 59900 more `unknown-card` errors in n.toml (the first 100 are shown)"
        ),
        "{}",
        &r.stdout[r.stdout.len() - 300..]
    );
    assert!(r.stdout.len() < 64 * 1024, "{} bytes", r.stdout.len());
    // JSON keeps them all, located by line.
    let j = run(dir.path(), &["check", "-o", "json", "n.toml"]);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    let d = v["fleets"][0]["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 60_000);
    assert_eq!(d[59_999]["line"], 60_005);
}

#[test]
fn many_copies_of_one_upgrade_are_checked_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let body: String = (0..20_000).map(|_| "  { id = \"C209\" },\n").collect();
    let text = format!(
        "name = \"U\"\n\n[[ship]]\nship = {{ id = \"S207\" }}\ncaptain = {{ id = \"Cap906\" }}\nupgrades = [\n{body}]\n"
    );
    write(dir.path(), "u.toml", &text);
    let j = run(dir.path(), &["check", "-o", "json", "u.toml"]);
    assert_eq!(j.code, 1, "{}", j.stderr);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    let d = v["fleets"][0]["diagnostics"].as_array().unwrap();
    // The Enterprise-D has 3 crew slots: the other 19,997 copies have none
    // (the unique card is reported too).
    let slot = d.iter().filter(|d| d["code"] == "slot").count();
    assert_eq!(slot, 19_997);
    let r = run(dir.path(), &["check", "u.toml"]);
    assert!(
        r.stdout.contains("... and 19897 more `slot` errors"),
        "{}",
        r.stdout.len()
    );
}

#[test]
fn many_copies_of_an_upgrade_that_adds_its_own_slot_all_find_one() {
    // Systems Upgrade (T057) may fill a [crew], [tech] or [weapon] slot
    // and adds a [tech] slot: 20,000 copies on the Enterprise-D stand in
    // its six printed slots and then each in the slot of the one before.
    // (The search grew with the fourth power of the copies: 2,000 took
    // minutes.)
    let dir = tempfile::tempdir().unwrap();
    let body = vec!["\"T057\""; 20_000].join(",");
    let text = format!(
        "name = \"U\"\n\n[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\nupgrades = [{body}]\n"
    );
    write(dir.path(), "u.toml", &text);
    let j = run(dir.path(), &["check", "-o", "json", "u.toml"]);
    assert_eq!(j.code, 1, "{}", j.stderr);
    let v: serde_json::Value = serde_json::from_str(&j.stdout).unwrap();
    let f = &v["fleets"][0];
    assert_eq!(f["total"], 40_034);
    let codes: Vec<&str> = f["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["restriction", "sp-cap"]);
    assert_eq!(
        f["diagnostics"][0]["message"],
        "no ship may be equipped with more than one Systems Upgrade (T057); ship 1 (U.S.S. Enterprise-D) has 20000"
    );
    let cards = f["ships"][0]["cards"].as_array().unwrap();
    let slot = |s: &str| cards.iter().filter(|c| c["slot"] == s).count();
    assert_eq!((slot("crew"), slot("weapon"), slot("tech")), (3, 2, 19_995));
}

// ---- 10. a `--data` folder is read like a fleet file -----------------------

#[test]
fn a_huge_file_in_a_data_folder_is_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("huge.toml"), vec![b'a'; 2_000_000]).unwrap();
    let r = run(dir.path(), &["card", "Cap906", "--data", "data"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("huge.toml is 2000000 bytes; files are limited to 1048576 bytes (1 MiB)"),
        "{}",
        r.stderr
    );
}

#[test]
fn options_refuses_an_unknown_slot_or_faction() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "my.toml", FLEET);
    let r = run(
        dir.path(),
        &["options", "my.toml", "--ship", "1", "--slot", "wepon"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: unknown slot type `wepon`; did you mean `weapon`?\n"
    );
    let r = run(
        dir.path(),
        &["options", "my.toml", "--ship", "1", "--faction", "xyzzy"],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with("error: unknown faction `xyzzy`; known factions: federation, klingon"),
        "{}",
        r.stderr
    );
    let r = run(
        dir.path(),
        &[
            "options",
            "my.toml",
            "--ship",
            "1",
            "--faction",
            "Mirror Universe",
            "--slot",
            "Crew",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
}
