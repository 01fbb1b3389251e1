//! Edits keep what the user had: the bytes of the file beyond its text
//! (CRLF line ends, a UTF-8 byte order mark), a comment inside an emptied
//! array, and a name as long as the file system allows.

use crate::support::run;
use std::path::Path;

/// Runs `args` in `dir`, which must succeed.
fn ok(dir: &Path, args: &[&str]) {
    let r = run(dir, args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
}

const CRLF: &[u8] = b"# mine\r\nname = \"R\"\r\n\r\n[[ship]]\r\nship = { id = \"S207\" }  # x\r\n";

#[test]
fn crlf_line_ends_are_kept_through_add_and_remove() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.toml");
    std::fs::write(&path, CRLF).unwrap();
    ok(dir.path(), &["add", "f.toml", "captain", "Cap046"]);
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        "# mine\r\nname = \"R\"\r\n\r\n[[ship]]\r\nship = { id = \"S207\" }  # x\r\n\
         captain = { id = \"Cap046\" }  # Hikaru Sulu (captain, federation, 3 SP)\r\n"
    );
    ok(dir.path(), &["add", "f.toml", "upgrade", "C360"]);
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        "# mine\r\nname = \"R\"\r\n\r\n[[ship]]\r\nship = { id = \"S207\" }  # x\r\n\
         captain = { id = \"Cap046\" }  # Hikaru Sulu (captain, federation, 3 SP)\r\n\
         upgrades = [\r\n  { id = \"C360\" },  # Tactical Officer (crew, federation, 4 SP)\r\n]\r\n"
    );
    ok(dir.path(), &["remove", "f.toml", "upgrade", "C360"]);
    ok(dir.path(), &["remove", "f.toml", "captain"]);
    assert_eq!(
        String::from_utf8(std::fs::read(&path).unwrap()).unwrap(),
        "# mine\r\nname = \"R\"\r\n\r\n[[ship]]\r\nship = { id = \"S207\" }  # x\r\nupgrades = [\r\n]\r\n"
    );
}

#[test]
fn a_byte_order_mark_is_kept_through_add_and_remove() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.toml");
    std::fs::write(
        &path,
        b"\xEF\xBB\xBFname = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\n",
    )
    .unwrap();
    ok(dir.path(), &["add", "f.toml", "captain", "Cap046"]);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"\xEF\xBB\xBFname = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\n\
          captain = { id = \"Cap046\" }  # Hikaru Sulu (captain, federation, 3 SP)\n"
    );
    ok(dir.path(), &["remove", "f.toml", "captain"]);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"\xEF\xBB\xBFname = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\n"
    );
}

#[test]
fn a_comment_inside_an_emptied_array_survives_add() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.toml");
    std::fs::write(
        &path,
        "name = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\nupgrades = [ # c\n]\n",
    )
    .unwrap();
    ok(dir.path(), &["add", "f.toml", "upgrade", "C360"]);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "name = \"R\"\n\n[[ship]]\nship = { id = \"S207\" }\nupgrades = [ # c\n  \
         { id = \"C360\" },  # Tactical Officer (crew, federation, 4 SP)\n]\n"
    );
}
