//! Tests of `input::fs`.

use super::temp::{is_temp_name, temp_file};
use super::*;
use std::path::Path;
use std::time::Duration;

fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[test]
fn read_edit_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "# mine\nname = \"a\"\n").unwrap();
    let (text, original) = read_to_string(&path).unwrap();
    write(
        &path,
        text.replace("\"a\"", "\"b\"").as_bytes(),
        Guard::Unchanged(&original),
    )
    .unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# mine\nname = \"b\"\n"
    );
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_file_changed_since_it_was_read_is_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "name = \"a\"\n").unwrap();
    let (_, original) = read(&path).unwrap();
    // Same length, other bytes: an mtime or size check could miss it.
    std::fs::write(&path, "name = \"z\"\n").unwrap();
    let e = write(&path, b"name = \"b\"\n", Guard::Unchanged(&original)).unwrap_err();
    assert!(matches!(e, WriteError::Changed { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "{} changed on disk since it was read; not overwritten (run the command again to edit the new contents)",
            path.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "name = \"z\"\n");
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_file_deleted_since_it_was_read_is_not_recreated() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "x").unwrap();
    let (_, original) = read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    let e = write(&path, b"y", Guard::Unchanged(&original)).unwrap_err();
    assert!(matches!(e, WriteError::Changed { .. }), "{e:?}");
    assert!(!path.exists());
}

#[test]
fn new_files_and_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.toml");
    write(&path, b"one", Guard::New).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"one");
    let e = write(&path, b"two", Guard::New).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("{} already exists; not overwritten", path.display())
    );
    write(&path, b"three", Guard::Overwrite).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"three");
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_missing_directory_is_an_io_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no/such/dir/fleet.toml");
    let e = write(&path, b"x", Guard::Overwrite).unwrap_err();
    assert!(matches!(e, WriteError::Io { .. }), "{e:?}");
    assert!(e
        .to_string()
        .starts_with(&format!("cannot write {}: ", path.display())));
}

/// The setuid, setgid and sticky bits survive an edit too (a change of
/// owner, which the write makes to keep the file's, would clear them).
#[cfg(unix)]
#[test]
fn special_bits_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "a").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o7754)).unwrap();
    let (_, original) = read(&path).unwrap();
    write(&path, b"b", Guard::Unchanged(&original)).unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
    assert_eq!(mode, 0o7754);
    assert_eq!(std::fs::read(&path).unwrap(), b"b");
}

#[cfg(unix)]
#[test]
fn permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "a").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    let (_, original) = read(&path).unwrap();
    write(&path, b"b", Guard::Unchanged(&original)).unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[cfg(unix)]
#[test]
fn writing_through_a_symlink_writes_its_target() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("real")).unwrap();
    let target = dir.path().join("real/fleet.toml");
    std::fs::write(&target, "a").unwrap();
    let link = dir.path().join("link.toml");
    // A relative link, resolved from the link's directory.
    std::os::unix::fs::symlink("real/fleet.toml", &link).unwrap();
    let (_, original) = read(&link).unwrap();
    write(&link, b"b", Guard::Unchanged(&original)).unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read(&target).unwrap(), b"b");
    assert!(leftovers(dir.path()).is_empty());
    assert!(leftovers(&dir.path().join("real")).is_empty());
}

/// Sets a file's modification time `ago` before now.
fn age(path: &Path, ago: Duration) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(std::time::SystemTime::now() - ago).unwrap();
}

#[test]
fn temp_files_have_a_recognisable_name() {
    assert!(is_temp_name(".fleet.toml.fleetcheck-a1B2c3D4.tmp"));
    assert!(is_temp_name("..fleetcheck-a1B2c3D4.tmp"));
    for other in [
        "fleet.toml.fleetcheck-a1B2c3D4.tmp",
        ".fleet.toml.fleetcheck-a1B2c3D.tmp",
        ".fleet.toml.fleetcheck-a1B2c3D4.toml",
        ".fleet.toml.fleetcheck-a1B2-3D4.tmp",
        ".fleet.toml.1234-0.tmp",
        "fleet.toml",
    ] {
        assert!(!is_temp_name(other), "{other}");
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("fleet.toml");
    let tmp = temp_file(dir.path(), &target, None).unwrap();
    let name = tmp.path().file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with(".fleet.toml.fleetcheck-"), "{name}");
    assert!(is_temp_name(name), "{name}");
}

#[test]
fn a_long_name_gives_a_temp_name_of_at_most_255_bytes() {
    let dir = tempfile::tempdir().unwrap();
    // 250 bytes, most of them two-byte characters.
    let name = format!("{}{}.toml", "é".repeat(120), "x".repeat(5));
    assert_eq!(name.len(), 250);
    let target = dir.path().join(&name);
    let tmp = temp_file(dir.path(), &target, None).unwrap();
    let tmp_name = tmp.path().file_name().unwrap().to_str().unwrap();
    // 230 bytes of the name (115 characters), the mark, 8 random, ".tmp".
    assert_eq!(tmp_name.len(), 255, "{tmp_name}");
    assert!(tmp_name.starts_with(&format!(".{}", "é".repeat(115))));
    assert!(is_temp_name(tmp_name), "{tmp_name}");
    // And the write itself goes through.
    write(&target, b"a", Guard::New).unwrap();
    assert_eq!(std::fs::read(&target).unwrap(), b"a");
}

#[test]
fn stale_temp_files_are_removed_by_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "a").unwrap();
    // A killed run's leftover (an hour old), another run's fresh one,
    // and a user's file that only looks similar: only the first goes.
    let stale = dir.path().join(".other.toml.fleetcheck-AbCd1234.tmp");
    let fresh = dir.path().join(".fleet.toml.fleetcheck-EfGh5678.tmp");
    let mine = dir.path().join("notes.fleetcheck-AbCd1234.tmp");
    for f in [&stale, &fresh, &mine] {
        std::fs::write(f, "x").unwrap();
    }
    age(&stale, Duration::from_secs(3600));
    age(&mine, Duration::from_secs(3600));
    age(&fresh, Duration::from_secs(60));
    let (_, original) = read(&path).unwrap();
    write(&path, b"b", Guard::Unchanged(&original)).unwrap();
    assert!(!stale.exists());
    assert!(fresh.exists() && mine.exists());
    assert_eq!(std::fs::read(&path).unwrap(), b"b");
}

#[cfg(unix)]
#[test]
fn the_temp_file_is_never_wider_than_the_target() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("fleet.toml");
    std::fs::write(&target, "a").unwrap();
    for mode in [0o600, 0o640, 0o664, 0o444] {
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode)).unwrap();
        let meta = std::fs::metadata(&target).unwrap();
        let tmp = temp_file(dir.path(), &target, Some(&meta)).unwrap();
        let got = std::fs::metadata(tmp.path()).unwrap().permissions().mode() & 0o777;
        assert_eq!(got & !mode, 0, "{got:o} is wider than {mode:o}");
    }
    // After the write, exactly the target's (the umask narrows only the
    // temporary file at creation).
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o666)).unwrap();
    write(&target, b"b", Guard::Overwrite).unwrap();
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o666);
    // A new file: the permissions of any new file in that place.
    let plain = dir.path().join("plain.toml");
    std::fs::write(&plain, "x").unwrap();
    let new = dir.path().join("new.toml");
    write(&new, b"x", Guard::New).unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&new), mode(&plain));
}

/// Every guard but `Overwrite` refuses to write `path`, with `message`,
/// and leaves it as it was.
fn refused_without_force(path: &Path, message: &str) {
    let (before, original) = read(path).unwrap();
    for guard in [Guard::Unchanged(&original), Guard::Output] {
        let e = write(path, b"b", guard).unwrap_err();
        assert_eq!(e.to_string(), message);
        assert_eq!(std::fs::read(path).unwrap(), before);
    }
}

#[test]
fn a_read_only_file_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    std::fs::write(&path, "a").unwrap();
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).unwrap();
    refused_without_force(
        &path,
        &format!(
            "{} is read-only; not overwritten (make it writable to change it)",
            path.display()
        ),
    );
    write(&path, b"c", Guard::Overwrite).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"c");
    // Still read-only: its permissions are kept.
    assert!(std::fs::metadata(&path).unwrap().permissions().readonly());
    assert!(leftovers(dir.path()).is_empty());
}

#[cfg(unix)]
#[test]
fn hard_links_are_not_broken_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("fleet.toml");
    let other = dir.path().join("copy.toml");
    std::fs::write(&path, "a").unwrap();
    std::fs::hard_link(&path, &other).unwrap();
    refused_without_force(
        &path,
        &format!(
            "{} has 2 hard links; not overwritten, as writing it would leave the other name with the old contents (make it a file of its own first: copy it and move the copy over it)",
            path.display()
        ),
    );
    assert_eq!(std::fs::read(&other).unwrap(), b"a");
    // Forced: this name gets the new file, the other keeps the old one.
    write(&path, b"c", Guard::Overwrite).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"c");
    assert_eq!(std::fs::read(&other).unwrap(), b"a");
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn the_fingerprint_sees_every_byte() {
    assert_eq!(Original::of(b"abc"), Original::of(b"abc"));
    assert_ne!(Original::of(b"abc"), Original::of(b"abd"));
    assert_ne!(Original::of(b""), Original::of(b"\0"));
}

/// A FIFO is never replaced by a regular file, not even with
/// `Guard::Overwrite` (`new --force`, `event --sheets --force`), nor is a
/// folder; through a symbolic link neither.
#[cfg(unix)]
#[test]
fn what_is_not_a_regular_file_is_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let folder = dir.path().join("folder.toml");
    std::fs::create_dir(&folder).unwrap();
    for path in [&fifo, &link, &folder] {
        for guard in [Guard::Output, Guard::Overwrite] {
            let e = write(path, b"x", guard).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "{} is not a regular file (a FIFO, a device, a socket or a folder); not replaced, not even with --force",
                    path.display()
                )
            );
        }
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(std::fs::metadata(&folder).unwrap().is_dir());
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn a_directory_is_swept_of_stale_temp_files_once_a_run() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("a.toml");
    write(&first, b"a", Guard::New).unwrap();
    // A leftover that appears after the run's first write there stays
    // until the next run: the directory is listed once a run.
    let stale = dir.path().join(".other.toml.fleetcheck-AbCd1234.tmp");
    std::fs::write(&stale, "x").unwrap();
    age(&stale, Duration::from_secs(3600));
    write(&dir.path().join("b.toml"), b"b", Guard::New).unwrap();
    assert!(stale.exists());
    assert_eq!(std::fs::read(dir.path().join("b.toml")).unwrap(), b"b");
}
