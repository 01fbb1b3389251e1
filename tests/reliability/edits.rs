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

/// A file name of 250 bytes (the limit is 255): `new --force`, `add` and
/// `remove` edit it, and leave no temporary file (whose name is cut to fit).
#[test]
fn a_file_with_a_250_byte_name_can_be_edited() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.toml", "f".repeat(245));
    assert_eq!(name.len(), 250);
    let path = dir.path().join(&name);
    std::fs::write(&path, "name = \"old\"\n").unwrap();
    ok(dir.path(), &["new", &name, "--name", "R", "--force"]);
    ok(dir.path(), &["add", &name, "ship", "S207"]);
    ok(dir.path(), &["add", &name, "captain", "Cap046"]);
    ok(dir.path(), &["remove", &name, "captain"]);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.ends_with("name = \"R\"\nformat = \"standard\"\n\n[[ship]]\nship = { id = \"S207\" }  # U.S.S. Enterprise-D (ship, federation, 28 SP)\n"),
        "{text}"
    );
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(files, [name]);
}

/// A stale temporary file of a long name (its name cut) is removed by the
/// next edit in its folder, like any other.
#[test]
fn a_stale_temp_file_of_a_long_name_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.toml", "f".repeat(245));
    std::fs::write(dir.path().join(&name), "name = \"R\"\n").unwrap();
    // What a killed edit of that file left: 230 bytes of its name.
    let stale = dir
        .path()
        .join(format!(".{}.fleetcheck-AbCd1234.tmp", &name[..230]));
    std::fs::write(&stale, "half").unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .unwrap()
        .set_modified(old)
        .unwrap();
    ok(dir.path(), &["add", &name, "ship", "S207"]);
    assert!(!stale.exists());
}

/// A Space Dock squad named with 300 characters is written to a file named
/// with its first 80 (and `.toml`).
#[test]
fn a_300_character_squad_name_gives_a_short_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let long = "Long ".repeat(60);
    let squad = format!(
        r#"{{"name": "{long}", "ships": [{{"shipId": "u_s_s_enterprise_d_72224p", "shipTitle": "U.S.S. Enterprise-D"}}]}}"#
    );
    std::fs::write(dir.path().join("s.spacedock"), squad).unwrap();
    std::fs::create_dir(dir.path().join("out")).unwrap();
    ok(
        dir.path(),
        &["import", "spacedock", "s.spacedock", "-O", "out"],
    );
    let files: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let slug = "long-".repeat(16);
    assert_eq!(files, [format!("{}.toml", &slug[..79])]);
}

/// `xwing repair` moves a card with the spelling the file gave it, into a
/// list or a table of counts (where it is a key), in the file's own line
/// ends.
#[test]
fn xwing_repair_keeps_the_card_spelling_the_file_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.toml");
    std::fs::write(
        &path,
        "game = \"xwing\"\r\ndiscard_pile = { \"fuel leak\" = 1 }\r\n\r\n[[ship]]\r\nname = \"A\"\r\n\
         face_up = [\"console fire\"]\r\nface_down = [\"DIRECT HIT!\", 6]\r\n",
    )
    .unwrap();
    // Face up, written in lower case: turns face down, still so written;
    // face down: to the discard pile's counts, as keys spelled as written.
    for (card, side) in [
        ("Console Fire", None),
        ("Direct Hit!", Some("--face-down")),
        ("6", Some("--face-down")),
    ] {
        let mut args = vec!["xwing", "repair", "x.toml", "--ship", "A", "--card", card];
        args.extend(side);
        ok(dir.path(), &args);
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "game = \"xwing\"\r\ndiscard_pile = { \"fuel leak\" = 1, \"DIRECT HIT!\" = 1, 6 = 1 }\r\n\r\n\
         [[ship]]\r\nname = \"A\"\r\nface_up = []\r\nface_down = [\"console fire\"]\r\n"
    );
}
