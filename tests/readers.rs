//! Every command that reads a fleet reads it the same way (one reader, one
//! dispatcher): what is not a regular file is refused unread, an unknown
//! game gets the same message everywhere, and the commands that only know
//! STAW fleets say so of the other games' files.

use crate::support::run;
use std::path::Path;
use std::process::Command;

/// Every command that reads a fleet file, with the arguments that make it
/// read `f.toml`.
const READERS: &[&[&str]] = &[
    &["check", "f.toml"],
    &["f.toml"],
    &["price", "f.toml"],
    &["sideboard", "f.toml"],
    &["options", "f.toml"],
    &["export", "f.toml", "--to", "text"],
    &["add", "f.toml", "captain", "Kirk"],
    &["remove", "f.toml", "captain"],
    &[
        "xwing",
        "expose",
        "f.toml",
        "--ship",
        "A",
        "--card",
        "Fuel Leak",
    ],
];

fn all_output(r: &crate::support::Run) -> String {
    format!("{}{}", r.stdout, r.stderr)
}

#[test]
fn a_fifo_named_toml_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new("mkfifo")
        .arg(dir.path().join("f.toml"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    for args in READERS {
        let r = run(dir.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", all_output(&r));
        assert!(
            all_output(&r).contains("f.toml is a FIFO (named pipe), not a regular file"),
            "{args:?}: {}",
            all_output(&r)
        );
    }
    // Inside a checked directory too.
    let r = run(dir.path(), &["check", "."]);
    assert_eq!(r.code, 2, "{}", all_output(&r));
    assert!(r.stdout.contains("is a FIFO (named pipe)"), "{}", r.stdout);
}

#[test]
fn a_directory_named_toml_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("f.toml")).unwrap();
    for args in READERS
        .iter()
        .filter(|a| a[0] != "check" && a[0] != "f.toml")
    {
        let r = run(dir.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", all_output(&r));
        assert!(
            all_output(&r).contains("f.toml is a directory, not a regular file"),
            "{args:?}: {}",
            all_output(&r)
        );
    }
}

#[cfg(unix)]
#[test]
fn a_device_is_refused_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("f.toml")).unwrap();
    for args in READERS {
        let r = run(dir.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", all_output(&r));
        assert!(
            all_output(&r).contains("f.toml is a device, not a regular file"),
            "{args:?}: {}",
            all_output(&r)
        );
    }
}

/// The one `unknown-game` message, whichever command reads the file.
#[test]
fn an_unknown_game_gets_one_message_from_every_command() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.toml"), "game = \"xwng\"\n").unwrap();
    let want = "unknown game \"xwng\" (known games: staw, xwing, ti4, bsg, stccg)";
    for args in READERS {
        let r = run(dir.path(), args);
        assert_eq!(r.code, 2, "{args:?}: {}", all_output(&r));
        let out = all_output(&r);
        assert!(out.contains(want), "{args:?}: {out}");
        // The X-Wing editor reads X-Wing files only, so it refuses with its
        // own words after the dispatcher's; every other says it once.
        assert_eq!(out.matches("unknown game").count(), 1, "{args:?}: {out}");
        assert!(
            out.contains("did you mean `game = \"xwing\"`?"),
            "{args:?}: {out}"
        );
    }
}

/// `export` reads only STAW fleets: another game's file is an input error
/// that says so, never a "LEGAL" with exit code 2.
#[test]
fn export_of_another_games_file_says_it_exports_only_staw_fleets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("fleets/xwing/valid-inventory-deck-file.toml");
    for to in ["text", "utopia", "spacedock", "sheet"] {
        let r = run(root, &["export", file.to_str().unwrap(), "--to", to]);
        assert_eq!(r.code, 2, "{to}: {}", all_output(&r));
        let out = all_output(&r);
        assert!(
            out.contains("is a file of another game (X-Wing (second edition) damage deck, game = \"xwing\"): only Star Trek: Attack Wing fleets are built, imported and exported"),
            "{to}: {out}"
        );
        assert!(!out.contains("LEGAL"), "{to}: {out}");
    }
}

/// `import` reads its input with the one reader: a FIFO and a directory
/// are refused from their metadata, standard input over 1 MiB is refused,
/// each with the reader's message and exit code 2.
#[test]
fn import_reads_its_input_with_the_one_reader() {
    let dir = tempfile::tempdir().unwrap();
    let made = Command::new("mkfifo")
        .arg(dir.path().join("squad.json"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::fs::create_dir(dir.path().join("list.txt")).unwrap();
    for (args, message) in [
        (
            ["import", "utopia", "squad.json"],
            "error: squad.json is a FIFO (named pipe), not a regular file; it was not read\n",
        ),
        (
            ["import", "text", "list.txt"],
            "error: list.txt is a directory, not a regular file; it was not read\n",
        ),
    ] {
        let r = run(dir.path(), &args);
        assert_eq!(r.code, 2, "{args:?}: {}", all_output(&r));
        assert_eq!(r.stderr, message, "{args:?}");
        assert_eq!(r.stdout, "", "{args:?}");
    }
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
        .current_dir(dir.path())
        .args(["import", "text", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let big = "1 Photon Torpedoes\n".repeat((1 << 20) / 18 + 1);
    assert!(big.len() > 1 << 20);
    {
        use std::io::Write;
        // The reader stops after 1 MiB and a byte: the rest may find the
        // pipe closed.
        let _ = child.stdin.take().unwrap().write_all(big.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: standard input is more than 1048576 bytes; files are limited to 1048576 bytes (1 MiB)\n"
    );
    assert!(out.stdout.is_empty());
}
