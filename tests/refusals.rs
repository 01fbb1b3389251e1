//! Every refusal goes through `cli::refusal`: said as `error: MESSAGE`
//! (and its `help:` lines) on standard error, exit code 2, nothing on
//! standard output. (`new` and `import` take no `-o`; the JSON envelope of
//! a refusal is tested in `reliability::json_output`.)

use crate::support::run;

#[test]
fn new_over_an_existing_file_is_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("f.toml"), "keep me\n").unwrap();
    let r = run(dir.path(), &["new", "f.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: f.toml already exists; nothing was written\n  help: pass --force to overwrite it\n"
    );
    assert_eq!(r.stdout, "");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("f.toml")).unwrap(),
        "keep me\n"
    );
}

#[test]
fn import_of_a_missing_space_dock_file_is_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let message = "no such file: nothere.spacedock (Space Dock squads are imported from a .spacedock or .spacedocksquads file)";
    let r = run(dir.path(), &["import", "spacedock", "nothere.spacedock"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr, format!("error: {message}\n"));
    assert_eq!(r.stdout, "");
}
