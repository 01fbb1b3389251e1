//! Writers refuse the inputs of their own run and what is not a regular
//! file: `event --sheets`, `fix`, `new --force`.

use crate::support::run;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The example event (`fleets/events/regional-2025`) in a temporary
/// folder, with a roster of it (`roster.json`, `-o json` of a first run).
fn event_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = root().join("fleets/events/regional-2025");
    std::fs::copy(from.join("event.toml"), dir.path().join("event.toml")).unwrap();
    std::fs::create_dir(dir.path().join("lists")).unwrap();
    for name in ["jane.toml", "worf.toml"] {
        std::fs::copy(
            from.join("lists").join(name),
            dir.path().join("lists").join(name),
        )
        .unwrap();
    }
    let r = run(dir.path(), &["event", "event.toml", "lists", "-o", "json"]);
    std::fs::write(dir.path().join("roster.json"), r.stdout).unwrap();
    dir
}

/// Every file of the folder, by name, with its bytes.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for sub in [dir.to_path_buf(), dir.join("lists")] {
        for e in std::fs::read_dir(&sub).unwrap() {
            let p = e.unwrap().path();
            if std::fs::symlink_metadata(&p).unwrap().is_file() {
                out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn sheets(dir: &Path, out: &str, extra: &[&str]) -> crate::support::Run {
    let mut args = vec![
        "event",
        "event.toml",
        "lists",
        "--against",
        "roster.json",
        "--sheets",
        out,
    ];
    args.extend_from_slice(extra);
    run(dir, &args)
}

#[test]
fn event_sheets_never_overwrite_an_input_of_the_run() {
    let dir = event_dir();
    std::os::unix::fs::symlink("roster.json", dir.path().join("link.html")).unwrap();
    std::fs::hard_link(
        dir.path().join("lists/worf.toml"),
        dir.path().join("worf-copy.html"),
    )
    .unwrap();
    let before = snapshot(dir.path());
    for (out, input) in [
        ("lists/jane.toml", "lists/jane.toml"),
        ("event.toml", "event.toml"),
        ("roster.json", "roster.json"),
        ("link.html", "roster.json"),
        ("worf-copy.html", "lists/worf.toml"),
    ] {
        for force in [&[][..], &["--force"][..]] {
            let r = sheets(dir.path(), out, force);
            assert_eq!(r.code, 2, "{out}: {}", r.stderr);
            assert_eq!(
                r.stderr,
                format!("error: --sheets {out}: is {input}, an input of this run; nothing was written\n"),
                "{out}"
            );
            assert_eq!(r.stdout, "", "{out}: nothing is checked");
            assert_eq!(snapshot(dir.path()), before, "{out}");
        }
    }
}

#[test]
fn event_sheets_overwrite_an_existing_file_only_with_force() {
    let dir = event_dir();
    std::fs::write(dir.path().join("old.html"), "keep me").unwrap();
    let r = sheets(dir.path(), "old.html", &[]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: --sheets old.html: already exists; nothing was written\n  help: pass --force to overwrite it, or name another file\n"
    );
    assert_eq!(
        std::fs::read(dir.path().join("old.html")).unwrap(),
        b"keep me"
    );
    // A new file needs no --force; an existing one is replaced with it.
    let r = sheets(dir.path(), "new.html", &[]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let new = std::fs::read_to_string(dir.path().join("new.html")).unwrap();
    assert!(new.starts_with("<!DOCTYPE html>"), "{new}");
    let r = sheets(dir.path(), "old.html", &["--force"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("old.html")).unwrap(),
        new
    );
}

#[test]
fn event_sheets_never_replace_a_fifo_or_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = event_dir();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe.html"))
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/null", dir.path().join("null.html")).unwrap();
    for out in ["pipe.html", "null.html"] {
        let r = sheets(dir.path(), out, &["--force"]);
        assert_eq!(r.code, 2, "{out}: {}", r.stderr);
        assert_eq!(
            r.stderr,
            format!("error: --sheets {out}: is not a regular file (a FIFO, a device, a socket or a folder); nothing was written\n")
        );
    }
    let pipe = std::fs::metadata(dir.path().join("pipe.html")).unwrap();
    assert!(pipe.file_type().is_fifo());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

/// `fix` on a CRLF file with a byte order mark: the comment goes before
/// the line's `\r\n`, the mark stays, the file parses and checks.
#[test]
fn fix_keeps_crlf_line_ends_and_the_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.toml");
    std::fs::write(
        &path,
        "\u{feff}# fleet\r\n[[ship]]\r\nship = \"S207\"\r\ncaptain = \"Cap049\"\r\nupgrades = [\"Tractor Beam\"]\r\n",
    )
    .unwrap();
    let r = run(dir.path(), &["fix", "--yes", "f.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "fixed 1 reference in f.toml\n");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "\u{feff}# fleet\r\n[[ship]]\r\nship = \"S207\"\r\ncaptain = \"Cap049\"\r\nupgrades = [{ id = \"W181\" }]  # Tractor Beam (Borg Octahedron)\r\n"
    );
    let r = run(dir.path(), &["check", "f.toml"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

/// `fix` takes the advisory lock of `add` (`input::lock`): while another
/// edit holds it, `fix` waits, then fixes what that edit wrote (no edit
/// lost, no refusal).
#[test]
fn fix_waits_for_the_lock_of_another_edit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.toml");
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Tractor Beam\"]\n";
    std::fs::write(&path, text).unwrap();
    let held = fleetcheck_input::lock::exclusive(&path).unwrap().unwrap();
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
        .current_dir(dir.path())
        .env("FLEETCHECK_TODAY", crate::support::TODAY)
        .args(["fix", "--yes", "f.toml"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // The other edit lands while `fix` waits: renamed over the file, as
    // every write is.
    let edited = text.replace("[[ship]]\n", "name = \"Edited meanwhile\"\n[[ship]]\n");
    std::fs::write(dir.path().join("new"), &edited).unwrap();
    std::fs::rename(dir.path().join("new"), &path).unwrap();
    drop(held);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert_eq!(err, "fixed 1 reference in f.toml\n");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "name = \"Edited meanwhile\"\n[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [{ id = \"W181\" }]  # Tractor Beam (Borg Octahedron)\n"
    );
}

/// `new FILE --force` never replaces a FIFO or a device node (here
/// `/dev/null` through a symbolic link) with a regular file.
#[test]
fn new_force_never_replaces_a_fifo_or_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe.toml"))
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/null", dir.path().join("null.toml")).unwrap();
    for name in ["pipe.toml", "null.toml"] {
        let r = run(dir.path(), &["new", name, "--force"]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert_eq!(
            r.stderr,
            format!("error: {name} is not a regular file (a FIFO, a device, a socket or a folder); not replaced, not even with --force\n")
        );
        assert_eq!(r.stdout, "");
    }
    let pipe = std::fs::metadata(dir.path().join("pipe.toml")).unwrap();
    assert!(pipe.file_type().is_fifo());
    assert!(std::fs::symlink_metadata(dir.path().join("null.toml"))
        .unwrap()
        .is_symlink());
    assert!(std::fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

/// `fix` on a file that is not TOML shows its syntax error and exits 2,
/// the file unchanged (it said "nothing to fix", exit 0).
#[test]
fn fix_on_a_file_that_does_not_parse_shows_why() {
    let dir = tempfile::tempdir().unwrap();
    let text = "name = \"x\n[[ship]\n";
    std::fs::write(dir.path().join("bad.toml"), text).unwrap();
    let r = run(dir.path(), &["fix", "bad.toml", "--yes"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    // The refused file's report, on standard error as every refusal.
    assert!(
        r.stderr
            .contains("error[parse]: TOML syntax error: invalid basic string"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("nothing to fix"), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.toml")).unwrap(),
        text
    );
}

/// `import` never writes over what it imports: the pasted list or the
/// squads named as the output, also through a symbolic or a hard link,
/// `--force` or not (exit 2, the input's bytes unchanged). It replaced the
/// list with its fleet file.
#[test]
fn import_never_writes_over_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let list = "My Fleet\nU.S.S. Enterprise-D [28]\n- Jean-Luc Picard 9 (Captain) [6]\n";
    std::fs::write(dir.path().join("l.txt"), list).unwrap();
    let squad = r#"{"name":"S","ships":[{"shipId":"1001"}]}"#;
    std::fs::write(dir.path().join("s.json"), squad).unwrap();
    std::os::unix::fs::symlink("l.txt", dir.path().join("link.toml")).unwrap();
    std::fs::hard_link(dir.path().join("l.txt"), dir.path().join("hard.toml")).unwrap();
    for (from, input, out) in [
        ("text", "l.txt", "l.txt"),
        ("text", "l.txt", "link.toml"),
        ("text", "l.txt", "hard.toml"),
        ("spacedock", "s.json", "s.json"),
    ] {
        for force in [&[][..], &["--force"][..]] {
            let mut args = vec!["import", from, input, "-O", out];
            args.extend_from_slice(force);
            let r = run(dir.path(), &args);
            assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
            assert_eq!(
                r.stderr,
                format!("error: {out}: is {input}, the input of this run; nothing was written, not even with --force\n"),
                "{args:?}"
            );
            assert_eq!(
                std::fs::read_to_string(dir.path().join("l.txt")).unwrap(),
                list
            );
            assert_eq!(
                std::fs::read_to_string(dir.path().join("s.json")).unwrap(),
                squad
            );
        }
    }
}
