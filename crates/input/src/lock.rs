//! An advisory lock on a file for the whole read, edit and write of a
//! command that changes it (`add`, `remove`, `new --force`, `xwing expose`
//! ...): two such commands on one file run one after the other, so neither
//! loses the other's edit.
//!
//! The lock is taken on the file itself (no lock file is left behind). An
//! edit replaces the file by renaming a new one over it, so a command that
//! waited for the lock may hold it on the old file: after locking, the name
//! is checked to still lead to the locked file, and the lock is taken
//! again on the new one if not. A writer that does not lock (another
//! program) is caught by the compare-and-swap of `fs::write` with
//! `Guard::Unchanged`.

use std::fs::File;
use std::io;
use std::path::Path;

/// Held while a file is being edited; released when dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

/// Locks `path` for editing, waiting while another command holds it.
/// `None` when there is nothing to lock (no such file, or no regular file:
/// the reader then says what is wrong with it).
pub fn exclusive(path: &Path) -> io::Result<Option<Lock>> {
    loop {
        if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            return Ok(None);
        }
        // A file that cannot be opened cannot be read either: the reader
        // says why.
        let Ok(file) = open(path) else {
            return Ok(None);
        };
        if !file.metadata()?.is_file() {
            return Ok(None);
        }
        fs4::FileExt::lock(&file)?;
        if still_named(path, &file) {
            return Ok(Some(Lock { _file: file }));
        }
        // Replaced while we waited: lock the file the name leads to now.
    }
}

/// Opens for reading without blocking on a FIFO swapped in after the check.
fn open(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Whether `path` still names the open `file`.
#[cfg(unix)]
fn still_named(path: &Path, file: &File) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.metadata()) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn still_named(_: &Path, _: &File) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_to_lock_is_none() {
        let dir = tempfile::tempdir().unwrap();
        assert!(exclusive(&dir.path().join("missing.toml"))
            .unwrap()
            .is_none());
        assert!(exclusive(dir.path()).unwrap().is_none());
    }

    #[test]
    fn a_replaced_file_is_locked_by_its_new_contents() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.toml");
        std::fs::write(&path, "a").unwrap();
        let held = exclusive(&path).unwrap().unwrap();
        // While held, another open of the same file cannot lock it.
        let other = File::open(&path).unwrap();
        assert!(fs4::FileExt::try_lock(&other).is_err());
        // Replaced by a rename: the new file is free, and locking the name
        // locks the new file.
        std::fs::write(dir.path().join("new"), "b").unwrap();
        std::fs::rename(dir.path().join("new"), &path).unwrap();
        let again = exclusive(&path).unwrap().unwrap();
        drop(held);
        drop(again);
    }
}
