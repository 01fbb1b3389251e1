//! Bad input never crashes fleetcheck and never goes unexplained:
//!
//! - every file of the committed bad-input corpus `tests/bad/` (syntax
//!   errors, wrong shapes and types, unknown keys, unknown and ambiguous
//!   cards, deep nesting, binary junk, non-UTF-8, UTF-16, empty files,
//!   unknown games and formats) is checked by the built binary: exit code 2,
//!   and a snapshot of the whole output, which names the file and, where
//!   the file has text, points at the line and column;
//! - the inputs that cannot be committed are made here in a temporary
//!   directory: a 50 MB file, a directory, a missing file, an endless
//!   device;
//! - the fuzz corpora (`tests/fuzz/corpus/`) are replayed as the fuzz
//!   targets run them: fleet files through the checker and every renderer,
//!   other builders' formats through the importers and the checker, client
//!   streams through a language server session, event files through
//!   `event` over the example lists and every output, pasted lists through
//!   `import text` and the checker;
//! - the build script's validation of the card database names the broken
//!   file (`build.rs`, compiled into this test).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

#[allow(dead_code, unused_imports, unreachable_pub)]
#[path = "../crates/data/build.rs"]
mod build_script;

use crate::support::TODAY;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `fleetcheck ARGS` in `dir`; (exit code, stdout + stderr as the
/// snapshot shows them).
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::cargo_bin("fleetcheck")
        .unwrap()
        .env_remove("FLEETCHECK_COLLECTION")
        .current_dir(dir)
        .env("FLEETCHECK_TODAY", TODAY)
        .env_remove("NO_COLOR")
        .args(args)
        .output()
        .unwrap();
    let code = out.status.code().expect("exited normally, not by a signal");
    let stdout = String::from_utf8(out.stdout).expect("stdout is UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    let mut shown = format!("exit: {code}\n{stdout}");
    if !stderr.is_empty() {
        shown.push_str("--- stderr\n");
        shown.push_str(&stderr);
    }
    (code, shown)
}

#[test]
fn bad_inputs() {
    insta::glob!("bad/*.toml", |path| {
        let name = path.file_name().unwrap().to_str().unwrap();
        let rel = format!("tests/bad/{name}");
        let (code, shown) = run(&root(), &["check", &rel]);
        assert_eq!(code, 2, "{rel}: an input error\n{shown}");
        assert!(!shown.contains("panicked"), "{rel}\n{shown}");
        assert!(
            shown.contains(&rel),
            "{rel}: the message names the file\n{shown}"
        );
        let bytes = std::fs::read(path).unwrap();
        let utf16 = bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF");
        if !bytes.iter().all(u8::is_ascii_whitespace) && !utf16 {
            assert!(
                shown.contains(&format!(" --> {rel}:")),
                "{rel}: the message points at a line and column\n{shown}"
            );
        }
        insta::assert_snapshot!(shown);
    });
}

/// The same files in one run: every one reported, in order, exit 2.
#[test]
fn bad_inputs_in_one_directory_run() {
    let (code, shown) = run(&root(), &["check", "--output", "json", "tests/bad"]);
    assert_eq!(code, 2);
    let json_start = shown.find('{').unwrap();
    let v = crate::support::assert_valid_json(&shown[json_start..]);
    let files = crate::support::files(&v);
    let mut expected: Vec<String> = std::fs::read_dir(root().join("tests/bad"))
        .unwrap()
        .map(|e| format!("tests/bad/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".toml"))
        .collect();
    expected.sort();
    assert_eq!(files, expected);
    for f in v["fleets"].as_array().unwrap() {
        assert_eq!(f["legal"], false, "{}", f["file"]);
        assert_eq!(f["diagnostics"][0]["severity"], "error", "{}", f["file"]);
    }
}

#[test]
fn a_50_mb_file_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = std::fs::File::create(dir.path().join("huge.toml")).unwrap();
    // Sparse: 50 MB long, no disk used; the reader looks at the size first.
    f.set_len(50 * 1024 * 1024).unwrap();
    let (code, shown) = run(dir.path(), &["check", "huge.toml"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(shown);
}

#[cfg(unix)]
#[test]
fn an_endless_device_is_refused_unread() {
    // /dev/zero reports a size of 0 and never ends: the reader refuses
    // what is not a regular file before opening it.
    let (code, shown) = run(&root(), &["check", "/dev/zero"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(shown);
}

#[test]
fn a_missing_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let (code, shown) = run(dir.path(), &["check", "no-such-fleet.toml"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(shown);
}

#[test]
fn a_directory_without_fleets_is_named() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("fleet.toml")).unwrap();
    std::fs::write(dir.path().join("fleet.toml/notes.txt"), "no fleet").unwrap();
    let (code, shown) = run(dir.path(), &["check", "fleet.toml"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(shown);
}

#[test]
fn a_directory_where_a_file_is_needed_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = fleetcheck_data::Database::embedded().unwrap();
    let opts = fleetcheck::cli::check::check_options(None, None).unwrap();
    let checked = fleetcheck::cli::check::check_path(&db, dir.path(), &opts);
    assert_eq!(checked.exit_code(), 2);
    let d = &checked.diagnostics[0];
    assert_eq!(d.code.as_str(), "io");
    assert_eq!(
        d.message,
        format!(
            "{} is a directory, not a regular file; it was not read",
            dir.path().display()
        )
    );
}

/// Every input of the committed fuzz corpus goes through the checker and
/// every renderer without a panic, as in the fuzz target.
#[test]
fn fuzz_corpus_replays_cleanly() {
    use fleetcheck_report::{github, json, table, RenderOptions};
    let db = fleetcheck_data::Database::embedded().unwrap();
    let opts = fleetcheck_staw::CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    let dir = root().join("tests/fuzz/corpus/check");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let checked = fleetcheck::cli::check::check_bytes(&db, "fuzz.toml", bytes, &opts);
        let mut out = Vec::new();
        let color = RenderOptions {
            color: true,
            width: Some(80),
        };
        table::render(&mut out, &checked, &color).unwrap();
        table::render(&mut out, &checked, &RenderOptions::default()).unwrap();
        json::render_all(&mut out, "check", std::slice::from_ref(&checked)).unwrap();
        github::render(&mut out, &checked).unwrap();
        assert!((0..=2).contains(&checked.exit_code()), "{}", path.display());
        n += 1;
    }
    assert!(n >= 50, "the corpus holds {n} inputs");
}

/// Every input of the committed import fuzz corpus goes through both
/// importers, and every fleet imported is written and checked, as in the
/// fuzz target `import`.
#[test]
fn import_fuzz_corpus_replays_cleanly() {
    use fleetcheck_edit::interop::{spacedock, utopia, FleetModel};
    let db = fleetcheck_data::Database::embedded().unwrap();
    let map = spacedock::Mapping::embedded();
    let opts = fleetcheck_staw::CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    let check = |fleet: &FleetModel| {
        let toml = fleet.to_toml(&db, &["fuzz".to_string()]);
        fleetcheck::cli::check::check_bytes(&db, "imported.toml", toml.into_bytes(), &opts)
    };
    let (mut files, mut imported) = (0, 0);
    for e in std::fs::read_dir(root().join("tests/fuzz/corpus/import")).unwrap() {
        let bytes = std::fs::read(e.unwrap().path()).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        files += 1;
        if let Ok(v) = utopia::parse_input(text) {
            let checked = check(&utopia::import(&db, &v).0);
            assert!((0..=2).contains(&checked.exit_code()));
            imported += 1;
        }
        if let Ok(squads) = spacedock::import_text(&db, &map, text) {
            for (fleet, _) in squads {
                assert!((0..=2).contains(&check(&fleet).exit_code()));
                imported += 1;
            }
        }
    }
    assert!(
        files >= 15 && imported >= 10,
        "{files} files, {imported} fleets"
    );
}

#[path = "fuzz/common/lsp.rs"]
mod lsp_fuzz;

/// Every input of the committed language server fuzz corpus is served as
/// the fuzz target `lsp` serves it: no panic, caught or not, and only
/// well-formed frames written.
#[test]
fn lsp_fuzz_corpus_replays_cleanly() {
    let mut n = 0;
    for e in std::fs::read_dir(root().join("tests/fuzz/corpus/lsp")).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        lsp_fuzz::session(&bytes);
        n += 1;
    }
    assert!(n >= 6, "the corpus holds {n} inputs");
}

#[path = "fuzz/common/event.rs"]
mod event_fuzz;

/// Every input of the committed event fuzz corpus is read and run as the
/// fuzz target `event` runs it: read as an event file, run over the
/// example lists and drawn in every output, or refused and drawn as a
/// refusal, without a panic and with JSON that parses.
#[test]
fn event_fuzz_corpus_replays_cleanly() {
    let mut n = 0;
    for e in std::fs::read_dir(root().join("tests/fuzz/corpus/event")).unwrap() {
        let bytes = std::fs::read(e.unwrap().path()).unwrap();
        event_fuzz::run(&bytes);
        n += 1;
    }
    assert!(n >= 50, "the corpus holds {n} inputs");
}

// `assert_output` is the fuzz target's.
#[allow(dead_code)]
#[path = "fuzz/common/text.rs"]
mod text_fuzz;

/// Every input of the committed text fuzz corpus is imported as the fuzz
/// target `text` imports it: the fleet file written parses with only the
/// fleet's own keys and checks without an input error, or the import
/// reported an error.
#[test]
fn text_fuzz_corpus_replays_cleanly() {
    let (mut files, mut written) = (0, 0);
    let mut faults = Vec::new();
    for e in std::fs::read_dir(root().join("tests/fuzz/corpus/text")).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        files += 1;
        let imported = text_fuzz::import(text);
        written += usize::from(!imported.file.ships.is_empty());
        if let Some(fault) = text_fuzz::fault(&imported) {
            faults.push(format!("{}: {fault}", path.display()));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    assert!(
        files >= 30 && written >= 25,
        "{files} files, {written} fleets"
    );
}

/// A temporary STAW database directory: the real sets and classes plus
/// these files (relative path, text).
fn database(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for name in ["sets.toml", "classes.toml"] {
        std::fs::copy(root().join("data/staw").join(name), dir.path().join(name)).unwrap();
    }
    for (path, text) in files {
        let p = dir.path().join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

const SHIP: &str = r#"
[[card]]
id = "S171"
type = "ship"
name = "Koranak"
factions = ["dominion"]
cost = 26
sets = ["71275"]
class = "cardassian_keldon_class"
"#;

#[test]
fn the_build_compiles_the_real_database() {
    let blob = build_script::compile(&root().join("data/staw"), "data/staw").unwrap();
    let db = fleetcheck_data::load::decode(&blob).unwrap();
    assert_eq!(
        db.cards,
        fleetcheck_data::Database::embedded().unwrap().cards
    );
}

#[test]
fn a_broken_data_file_fails_the_build_with_its_name_and_line() {
    let broken = SHIP.replace("cost = 26", "cost = \"26\"");
    let dir = database(&[("cards/ships/dominion.toml", &broken)]);
    let e = build_script::compile(dir.path(), "data/staw").unwrap_err();
    assert!(
        e.starts_with(
            "data/staw/cards/ships/dominion.toml:7:8: invalid type: string \"26\", expected i32"
        ),
        "{e}"
    );
    let unknown = SHIP.replace("cost = 26", "cost = 26\nsize = 3");
    let dir = database(&[("cards/ships/dominion.toml", &unknown)]);
    let e = build_script::compile(dir.path(), "data/staw").unwrap_err();
    assert!(
        e.starts_with("data/staw/cards/ships/dominion.toml:8:1: unknown field `size`"),
        "{e}"
    );
}

#[test]
fn broken_references_fail_the_build_with_the_file_and_card() {
    let twice = format!("{SHIP}\n{}", SHIP.replace("S171", "s171"));
    let bad_refs = SHIP
        .replace("S171", "S999")
        .replace("71275", "no-such-set")
        .replace("cardassian_keldon_class", "no_such_class");
    let dir = database(&[
        ("cards/a.toml", &twice),
        ("cards/b.toml", &bad_refs),
        (
            "formats.toml",
            "[[retirement]]\nresource = \"R999\"\nretired = \"2016-01-01\"\n",
        ),
    ]);
    let e = build_script::compile(dir.path(), "data/staw").unwrap_err();
    assert_eq!(
        e,
        "data/staw/cards/a.toml: duplicate card id \"s171\" (also in data/staw/cards/a.toml)"
    );
    let dir = database(&[
        ("cards/b.toml", &bad_refs),
        (
            "formats.toml",
            "[[retirement]]\nresource = \"R999\"\nretired = \"2016-01-01\"\n",
        ),
    ]);
    let e = build_script::compile(dir.path(), "data/staw").unwrap_err();
    assert_eq!(
        e.lines().collect::<Vec<_>>(),
        [
            "data/staw/cards/b.toml: card S999: unknown set \"no-such-set\"",
            "data/staw/cards/b.toml: card S999: unknown class \"no_such_class\"",
            "data/staw/formats.toml: retirement of unknown card \"R999\"",
        ]
    );
}

// ---- atomic writes (input::fs::write) through the binary ------------------

/// A fleet file of the project in a temporary directory, padded with a
/// comment to `pad` bytes so that writing it takes a while.
fn fleet_in_temp_dir(pad: usize) -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut text =
        "name = \"f\"\n\n[[ship]]\nship = { id = \"S207\" }\ncaptain = { id = \"Cap906\" }\n"
            .to_string();
    if pad > 0 {
        text.insert_str(0, &format!("# {}\n", "x".repeat(pad)));
    }
    let path = dir.path().join("f.toml");
    std::fs::write(&path, &text).unwrap();
    (dir, path, text)
}

/// The temporary files of the atomic writes in `dir`.
fn temp_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with('.') && n.contains(".fleetcheck-") && n.ends_with(".tmp")
        })
        .collect()
}

/// Makes a file look an hour old.
fn backdate(path: &Path) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
        .unwrap();
}

/// A run killed in the middle of its write (a file size limit of 0 kills
/// it with SIGXFSZ at the first byte written to the temporary file) leaves
/// the old file, and at most a temporary file with a recognisable name,
/// which the next edit in that folder removes once it is stale.
#[cfg(unix)]
#[test]
fn a_killed_write_leaves_the_old_file_and_its_temp_file_is_cleaned_up_later() {
    let (dir, path, original) = fleet_in_temp_dir(0);
    let bin = assert_cmd::cargo::cargo_bin("fleetcheck");
    let out = std::process::Command::new("bash")
        .current_dir(dir.path())
        .env("FLEETCHECK_TODAY", TODAY)
        .arg("-c")
        .arg(format!(
            "ulimit -f 0; exec '{}' add f.toml upgrade C209",
            bin.display()
        ))
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(out.status.signal(), Some(25), "killed by SIGXFSZ: {out:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    let left = temp_files(dir.path());
    assert_eq!(left.len(), 1, "{left:?}");
    let name = left[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with(".f.toml.fleetcheck-"), "{name}");
    // A fresh one may be another run's: the next edit leaves it.
    let r = crate::support::run(dir.path(), &["add", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(temp_files(dir.path()), left);
    // A stale one is a killed run's: the next edit removes it.
    backdate(&left[0]);
    let r = crate::support::run(dir.path(), &["remove", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(temp_files(dir.path()), Vec::<PathBuf>::new());
    assert!(!std::fs::read_to_string(&path).unwrap().contains("C209"));
}

/// Edits of a big file killed at any moment (SIGKILL after a few
/// different delays): the file is always the old one or the new one, and
/// no temporary file survives the next edit once stale.
#[cfg(unix)]
#[test]
fn an_edit_killed_at_any_moment_leaves_the_old_or_the_new_file() {
    let (dir, path, original) = fleet_in_temp_dir(900_000);
    let bin = assert_cmd::cargo::cargo_bin("fleetcheck");
    let mut new = None;
    for delay_us in [
        0u64, 500, 1_000, 2_000, 3_000, 5_000, 8_000, 12_000, 20_000, 40_000,
    ] {
        std::fs::write(&path, &original).unwrap();
        let mut child = std::process::Command::new(&bin)
            .current_dir(dir.path())
            .env("FLEETCHECK_TODAY", TODAY)
            .args(["add", "f.toml", "upgrade", "C209"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_micros(delay_us));
        let _ = child.kill();
        child.wait().unwrap();
        let now = std::fs::read_to_string(&path).unwrap();
        if now != original {
            assert!(now.contains("C209") && now.len() > original.len());
            // Every completed run writes the same new file.
            assert_eq!(new.get_or_insert_with(|| now.clone()), &now);
        }
    }
    for t in temp_files(dir.path()) {
        backdate(&t);
    }
    std::fs::write(&path, &original).unwrap();
    let r = crate::support::run(dir.path(), &["add", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(temp_files(dir.path()), Vec::<PathBuf>::new());
}

/// A read-only file is not edited (the message says why, exit 2) and not
/// replaced by `export --out`; `new --force` replaces it.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_without_force() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, path, original) = fleet_in_temp_dir(0);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = crate::support::run(dir.path(), &["add", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!(
            "error: {} is read-only; not overwritten (make it writable to change it); the file was not changed\n",
            "f.toml"
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    let out = dir.path().join("out.txt");
    std::fs::write(&out, "mine").unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = crate::support::run(
        dir.path(),
        &["export", "f.toml", "--to", "text", "--out", "out.txt"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    // An existing output file is refused without --force, read-only or not.
    assert!(
        r.stderr
            .contains("out.txt already exists; pass --force to overwrite it"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    let r = crate::support::run(dir.path(), &["new", "f.toml", "--force"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .contains("name = \"f\""));
    // Its permissions are kept.
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
}

/// A file with another hard link is not edited: the rename would leave the
/// other name with the old contents.
#[cfg(unix)]
#[test]
fn a_hard_linked_file_is_refused() {
    let (dir, path, original) = fleet_in_temp_dir(0);
    std::fs::hard_link(&path, dir.path().join("g.toml")).unwrap();
    let r = crate::support::run(dir.path(), &["add", "f.toml", "upgrade", "C209"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: f.toml has 2 hard links; not overwritten, as writing it would leave the other name with the old contents (make it a file of its own first: copy it and move the copy over it); the file was not changed\n"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.toml")).unwrap(),
        original
    );
}

/// The umask decides the permissions of a new file, never those of a file
/// that is edited.
#[cfg(unix)]
#[test]
fn edits_keep_permissions_whatever_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, path, _) = fleet_in_temp_dir(0);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o664)).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("fleetcheck");
    let sh = |cmd: &str| {
        let out = std::process::Command::new("bash")
            .current_dir(dir.path())
            .env("FLEETCHECK_TODAY", TODAY)
            .arg("-c")
            .arg(format!("umask 077; exec '{}' {cmd}", bin.display()))
            .output()
            .unwrap();
        out.status.code()
    };
    assert_eq!(sh("add f.toml upgrade C209"), Some(0));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&path), 0o664);
    assert_eq!(sh("new n.toml"), Some(0));
    assert_eq!(mode(&dir.path().join("n.toml")), 0o600);
}
