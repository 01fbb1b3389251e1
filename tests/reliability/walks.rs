//! A walk (`check DIR`, `event`'s lists folder) stays inside the folder it
//! was given: a symbolic link that leaves it is skipped (listed with where
//! it leads, never an error) and not read; one that stays inside is
//! followed.

use crate::support::run;
use std::path::{Path, PathBuf};

/// `lists/` with one list, a link to `/etc/passwd`, a link to `/`, a link
/// to a fleet next to the folder, and a link that stays inside it.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fleets/events/regional-2025");
    std::fs::copy(root.join("event.toml"), dir.path().join("event.toml")).unwrap();
    let lists = dir.path().join("lists");
    std::fs::create_dir_all(lists.join("sub")).unwrap();
    std::fs::copy(root.join("lists/jane.toml"), lists.join("jane.toml")).unwrap();
    std::fs::write(dir.path().join("secret.toml"), "name = \"secret\"\n").unwrap();
    std::os::unix::fs::symlink("/etc/passwd", lists.join("p.toml")).unwrap();
    std::os::unix::fs::symlink("/", lists.join("root")).unwrap();
    std::os::unix::fs::symlink("../secret.toml", lists.join("s.toml")).unwrap();
    std::os::unix::fs::symlink("../jane.toml", lists.join("sub/again.toml")).unwrap();
    dir
}

/// The links out of the folder, each skipped with where it leads.
fn skipped(dir: &Path) -> Vec<(String, String)> {
    let secret = dir.canonicalize().unwrap().join("secret.toml");
    [
        ("lists/p.toml", "/etc/passwd".to_string()),
        ("lists/root", "/".to_string()),
        ("lists/s.toml", secret.display().to_string()),
    ]
    .iter()
    .map(|(link, to)| {
        (
            link.to_string(),
            format!("a symbolic link to {to}, outside the folder lists; not read (a walk stays inside the folder it was given: copy the file into it, or name it on the command line)"),
        )
    })
    .collect()
}

#[test]
fn check_dir_names_a_link_out_of_the_folder_and_does_not_read_it() {
    let dir = folder();
    let r = run(dir.path(), &["check", "lists", "-o", "json"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let files = crate::support::files(&v);
    assert_eq!(files, ["lists/jane.toml", "lists/sub/again.toml"]);
    let listed: Vec<(String, String)> = v["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["file"].as_str().unwrap().to_string(),
                s["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(listed, skipped(dir.path()));
    // Skipped, not counted as checked lists.
    assert_eq!(
        v["summary"],
        serde_json::json!({"files": 2, "legal": 2, "illegal": 0, "input_errors": 0})
    );
    // Nothing of what the links lead to is read or shown.
    let table = run(dir.path(), &["check", "lists"]);
    assert_eq!(table.code, 0);
    for (link, reason) in skipped(dir.path()) {
        assert!(
            table
                .stdout
                .contains(&format!("\nskipped {link}: {reason}\n")),
            "{}",
            table.stdout
        );
    }
    assert!(table
        .stdout
        .ends_with("2 files checked: 2 legal, 0 illegal, 0 input errors; 3 skipped\n"));
    assert!(!table.stdout.contains("root:x:"), "{}", table.stdout);
    assert!(
        !table.stdout.contains("name = \"secret\""),
        "{}",
        table.stdout
    );
}

/// `event` walks its lists folder as `check` does: the links out of it
/// are notices, nothing they lead to reaches the roster or the sheets;
/// the two lists inside (Jane's, and Jane's again through a link inside)
/// are the roster.
#[test]
fn event_names_a_link_out_of_the_lists_folder_and_does_not_read_it() {
    let dir = folder();
    let r = run(
        dir.path(),
        &[
            "event",
            "event.toml",
            "lists",
            "-o",
            "github",
            "--sheets",
            "sheets.html",
        ],
    );
    // Jane's list twice (once through the link inside): one player's two
    // lists, illegal (exit 1); nothing else is a list.
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .ends_with("Regional 2025: 2 lists: 0 legal, 2 illegal, 0 input errors; 3 skipped\n"),
        "{}",
        r.stdout
    );
    let sheets = std::fs::read_to_string(dir.path().join("sheets.html")).unwrap();
    assert!(!sheets.contains("root:x:"));
    assert!(!sheets.contains("&quot;secret&quot;"), "{sheets}");
    assert!(
        sheets.contains("<li>lists/s.toml: a symbolic link to "),
        "{sheets}"
    );
    let lines: Vec<&str> = r.stdout.lines().collect();
    for (link, reason) in skipped(dir.path()) {
        let want = format!("::notice file={link},title=skipped::{link}: {reason}");
        assert!(lines.contains(&want.as_str()), "{want}\n{}", r.stdout);
    }
    assert!(!r.stdout.contains("root:x:"), "{}", r.stdout);
    assert!(!r.stdout.contains("name = \"secret\""), "{}", r.stdout);
    assert!(!r.stdout.contains("\"secret\""), "{}", r.stdout);
}
