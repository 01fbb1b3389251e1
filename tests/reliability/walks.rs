//! A walk (`check DIR`, `event`'s lists folder) stays inside the folder it
//! was given: a symbolic link that leaves it is named (`outside-folder`,
//! a warning) and not read; one that stays inside is followed.

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

fn warnings(dir: &Path) -> Vec<String> {
    let secret = dir.canonicalize().unwrap().join("secret.toml");
    [
        ("lists/p.toml", "/etc/passwd".to_string()),
        ("lists/root", "/".to_string()),
        ("lists/s.toml", secret.display().to_string()),
    ]
    .iter()
    .map(|(link, to)| {
        format!("warning outside-folder: {link} is a symbolic link to {to}, outside the folder lists; not read")
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
    assert_eq!(
        files,
        [
            "lists/jane.toml",
            "lists/p.toml",
            "lists/root",
            "lists/s.toml",
            "lists/sub/again.toml"
        ]
    );
    for (fleet, want) in v["fleets"].as_array().unwrap()[1..4]
        .iter()
        .zip(warnings(dir.path()))
    {
        let d = &fleet["diagnostics"][0];
        assert_eq!(
            format!(
                "warning {}: {}",
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            ),
            want
        );
        assert_eq!(fleet["diagnostics"].as_array().unwrap().len(), 1);
    }
    // Nothing of what the links lead to is read or shown.
    let table = run(dir.path(), &["check", "lists"]);
    assert_eq!(table.code, 0);
    assert!(!table.stdout.contains("root:x:"), "{}", table.stdout);
    assert!(
        !table.stdout.contains("name = \"secret\""),
        "{}",
        table.stdout
    );
}

#[test]
fn event_names_a_link_out_of_the_lists_folder_and_does_not_read_it() {
    let dir = folder();
    let r = run(
        dir.path(),
        &["event", "event.toml", "lists", "-o", "github"],
    );
    let lines: Vec<&str> = r.stdout.lines().collect();
    for want in warnings(dir.path()) {
        let (_, message) = want.split_once(": ").unwrap();
        let (file, _) = message.split_once(' ').unwrap();
        assert!(
            lines.iter().any(|l| l
                .starts_with(&format!("::warning file={file},title=outside-folder%3A "))
                && l.contains(&format!("::{message}%0Ahelp: a walk stays inside"))),
            "{want}\n{}",
            r.stdout
        );
    }
    assert!(!r.stdout.contains("root:x:"), "{}", r.stdout);
    assert!(!r.stdout.contains("name = \"secret\""), "{}", r.stdout);
    assert!(!r.stdout.contains("\"secret\""), "{}", r.stdout);
}
