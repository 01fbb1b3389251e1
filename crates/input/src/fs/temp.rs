//! What a killed run leaves: at most its temporary file, named
//! `.{name}.fleetcheck-XXXXXXXX.tmp` beside the target (the name cut so
//! that the whole fits in 255 bytes), never a half
//! written target. The first write of a run in that directory removes
//! such files older than [`STALE_AFTER`] (younger ones may be another
//! run's, still writing); later writes of the run there do not list the
//! directory again (an import of 5,000 squads into one folder would list
//! it 5,000 times). Their age is measured against the modification time the file
//! system gives the new temporary file, so no clock is read here.

use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The directories this run has swept of stale temporary files.
static SWEPT: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// Temporary files older than this (by the file system's clock) are
/// leftovers of a killed run, removed by the first write of a run in their
/// directory.
pub(crate) const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// What names a temporary file of [`super::write`]: `.{name}` + this + random
/// characters + [`TEMP_SUFFIX`].
const TEMP_MARK: &str = ".fleetcheck-";
const TEMP_SUFFIX: &str = ".tmp";
/// The random characters of a temporary file's name.
const TEMP_RANDOM: usize = 8;

/// The longest file name most file systems take (`NAME_MAX`), in bytes.
const NAME_MAX: usize = 255;

/// The target's name as a temporary file's name holds it: cut (at a
/// character boundary) so that the whole name fits in [`NAME_MAX`] bytes;
/// a file named with 250 bytes can be edited too.
fn shortened(name: &str) -> &str {
    let room = NAME_MAX - 1 - TEMP_MARK.len() - TEMP_RANDOM - TEMP_SUFFIX.len();
    let mut end = name.len().min(room);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// A new, empty temporary file next to `target` (same directory, so the
/// rename stays on one file system), hidden and named after it, with the
/// permissions of `existing` (narrowed by the umask) or those of any new
/// file. Removed when dropped unless persisted.
pub(super) fn temp_file(
    dir: &Path,
    target: &Path,
    existing: Option<&std::fs::Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{}{TEMP_MARK}", shortened(&name));
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(&prefix)
        .suffix(TEMP_SUFFIX)
        .rand_bytes(TEMP_RANDOM);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = existing.map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(std::fs::Permissions::from_mode(mode));
    }
    #[cfg(not(unix))]
    let _ = existing;
    builder.tempfile_in(dir)
}

/// Whether a file name is one [`temp_file`] gives.
pub(super) fn is_temp_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(TEMP_SUFFIX) else {
        return false;
    };
    match stem.rsplit_once(TEMP_MARK) {
        Some((before, random)) => {
            before.starts_with('.')
                && random.len() == TEMP_RANDOM
                && random.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// Removes the temporary files in `dir` that are older than [`STALE_AFTER`]
/// compared with `fresh` (the temporary file just made): leftovers of
/// killed runs, once a run per directory. Best effort: what cannot be
/// read or removed stays.
pub(super) fn remove_stale(dir: &Path, fresh: &Path) {
    let first = SWEPT
        .lock()
        .map(|mut swept| swept.insert(dir.to_path_buf()))
        .unwrap_or(true);
    if !first {
        return;
    }
    let Ok(now) = std::fs::metadata(fresh).and_then(|m| m.modified()) else {
        return;
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temp_name) {
            continue;
        }
        // Only regular files (never a link or a directory of that name).
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|t| now.duration_since(t).ok())
            .is_some_and(|age| age > STALE_AFTER);
        if meta.is_file() && old {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}
