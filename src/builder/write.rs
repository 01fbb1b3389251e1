//! Atomic file replacement: the new text goes to a temporary file in the
//! same directory, is flushed to disk, and is renamed over the old file, so
//! that a reader (or a crash) sees either the old bytes or the new ones,
//! never a half-written file.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary file used while replacing `path`: a hidden sibling, so
/// that the rename stays on one file system.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "fleet.toml".into());
    path.with_file_name(format!(".{name}.fleetcheck-tmp"))
}

/// Writes `bytes` to `path` atomically (temporary file, flush, rename).
/// The file keeps its permissions. On any error the original is untouched
/// and the temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = temp_path(path);
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() && tmp.is_file() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("fc-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("f.toml");
        std::fs::write(&p, "old").unwrap();
        write_atomic(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        assert!(!temp_path(&p).exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_original() {
        let dir = std::env::temp_dir().join(format!("fc-write-fail-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("f.toml");
        std::fs::write(&p, "old").unwrap();
        // A directory where the temporary file would go: opening it fails.
        std::fs::create_dir_all(temp_path(&p)).unwrap();
        assert!(write_atomic(&p, b"new").is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
