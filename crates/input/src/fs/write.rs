//! Writing a file atomically, refusing to overwrite one that changed on
//! disk since it was read.
//!
//! What is kept: the file's permissions (and, where the process may, its
//! owner), and symbolic links: writing through a link replaces the file it
//! points to and leaves the link itself alone. The temporary file is
//! created with the target's permissions (narrowed by the umask, then set
//! exactly), never wider: a private file is never readable by others, not
//! even for the instant of the write. A new file gets the usual permissions
//! of a new file (`0666` less the umask).
//!
//! What is refused (see [`Guard`]): anything that is not a regular file (a
//! FIFO, a device node, a socket, a folder), whatever the guard, as the
//! rename would replace it with a regular file; a read-only file (no write permission),
//! unless the user passed `--force` ([`Guard::Overwrite`]); and a file with
//! other hard links, as the rename would give this name a new file and
//! leave the other names with the old contents: the user is told so and
//! nothing is written (`--force` replaces it, breaking the link).
//!
//! The check for changes compares the whole current contents with what was
//! read (length and a hash), not the modification time, whose granularity
//! can hide a change made in the same second. A change in the instant
//! between that check and the rename cannot be excluded without OS file
//! locks, which editors do not take anyway. A new file ([`Guard::New`]) is
//! put in place without replacing one made meanwhile (`persist_noclobber`).

use super::form::Form;
use super::read::read_bytes;
use super::temp::{remove_stale, temp_file};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What a file held when it was read: compared with the file on disk just
/// before writing. Only its fingerprint is kept, not the contents, and its
/// [`Form`] (byte order mark, line ends), for the edit to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Original {
    len: u64,
    hash: u64,
    form: Form,
}

impl Original {
    /// The fingerprint of these bytes (what the caller read).
    pub fn of(bytes: &[u8]) -> Original {
        // SipHash with fixed keys: the same bytes give the same value in
        // every run, and a change anywhere changes it.
        let mut h = std::hash::DefaultHasher::new();
        bytes.hash(&mut h);
        Original {
            len: bytes.len() as u64,
            hash: h.finish(),
            form: Form::of(bytes),
        }
    }

    /// The form of the bytes read: what an edit writes back keeps it.
    pub fn form(&self) -> Form {
        self.form
    }
}

/// What the file on disk must be for a write to go ahead.
#[derive(Debug, Clone, Copy)]
pub enum Guard<'a> {
    /// It still holds what was read (the usual case: read, edit, write),
    /// and is writable and has no other hard links.
    Unchanged(&'a Original),
    /// It does not exist yet (a new file: never clobbers one made meanwhile).
    New,
    /// An output file the user named (`export --out`): whatever it holds is
    /// replaced, but not a read-only file or one with other hard links.
    Output,
    /// Anything, a read-only file included (the user passed `--force`); a
    /// file with other hard links is replaced by one of its own (the other
    /// names keep the old contents).
    Overwrite,
}

/// Why a write did not happen. The target is untouched in every case.
#[derive(Debug)]
pub enum WriteError {
    /// The file changed on disk (or was deleted) since it was read.
    Changed { path: PathBuf },
    /// [`Guard::New`], and the file exists.
    Exists { path: PathBuf },
    /// The file is read-only, and the guard is not [`Guard::Overwrite`].
    ReadOnly { path: PathBuf },
    /// The file has `links` hard links, and the guard is not
    /// [`Guard::Overwrite`].
    HardLinks { path: PathBuf, links: u64 },
    /// The path names something that is not a regular file (a FIFO, a
    /// device node, a socket, a directory): never replaced, whatever the
    /// guard.
    NotAFile { path: PathBuf },
    /// Reading, creating the temporary file, writing or renaming failed.
    Io { path: PathBuf, source: io::Error },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Changed { path } => write!(
                f,
                "{} changed on disk since it was read; not overwritten (run the command again to edit the new contents)",
                path.display()
            ),
            WriteError::Exists { path } => {
                write!(f, "{} already exists; not overwritten", path.display())
            }
            WriteError::ReadOnly { path } => write!(
                f,
                "{} is read-only; not overwritten (make it writable to change it)",
                path.display()
            ),
            WriteError::HardLinks { path, links } => write!(
                f,
                "{} has {links} hard links; not overwritten, as writing it would leave the other {} with the old contents (make it a file of its own first: copy it and move the copy over it)",
                path.display(),
                if *links == 2 { "name" } else { "names" }
            ),
            WriteError::NotAFile { path } => write!(
                f,
                "{} is not a regular file (a FIFO, a device, a socket or a folder); not replaced, not even with --force",
                path.display()
            ),
            WriteError::Io { path, source } => write!(f, "cannot write {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Reads a file (as [`read_text`] does: a regular file of at most
/// [`MAX_FILE_BYTES`]) and its fingerprint, for a later [`write`] with
/// [`Guard::Unchanged`].
pub fn read(path: &Path) -> Result<(Vec<u8>, Original), WriteError> {
    let bytes = read_bytes(path, &path.display().to_string()).map_err(|d| WriteError::Io {
        path: path.to_path_buf(),
        source: io::Error::other(d.message),
    })?;
    let original = Original::of(&bytes);
    Ok((bytes, original))
}

/// [`read`] as UTF-8 text (invalid UTF-8 is an `InvalidData` I/O error).
pub fn read_to_string(path: &Path) -> Result<(String, Original), WriteError> {
    let (bytes, original) = read(path)?;
    let text = String::from_utf8(bytes).map_err(|e| WriteError::Io {
        path: path.to_path_buf(),
        source: io::Error::new(io::ErrorKind::InvalidData, e),
    })?;
    Ok((text, original))
}

/// Replaces the contents of `path` with `contents` atomically, if the file
/// on disk is what `guard` expects; keeps permissions and symbolic links
/// (see the module doc).
pub fn write(path: &Path, contents: &[u8], guard: Guard) -> Result<(), WriteError> {
    let io_err = |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    };
    let target = resolve_links(path).map_err(io_err)?;
    let existing = check(path, &target, guard)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = temp_file(&dir, &target, existing.as_ref()).map_err(io_err)?;
    remove_stale(&dir, tmp.path());
    let written = (|| {
        tmp.write_all(contents)?;
        if let Some(meta) = &existing {
            // The owner first: a change of owner clears the setuid and
            // setgid bits, which the permissions then set again.
            keep_owner(tmp.path(), meta);
            // Exactly the target's permissions (the umask may have narrowed
            // them at creation), setuid, setgid and sticky bits included.
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        tmp.as_file().sync_all()
    })();
    // On every error below, dropping `tmp` removes the temporary file.
    written.map_err(io_err)?;
    // Look again right before replacing: the window left is the rename.
    check(path, &target, guard)?;
    let persisted = match guard {
        Guard::New => tmp.persist_noclobber(&target),
        _ => tmp.persist(&target),
    };
    match persisted {
        Ok(_) => {}
        Err(e) if matches!(guard, Guard::New) && e.error.kind() == io::ErrorKind::AlreadyExists => {
            return Err(WriteError::Exists {
                path: path.to_path_buf(),
            })
        }
        Err(e) => return Err(io_err(e.error)),
    }
    sync_dir(&dir);
    Ok(())
}

/// The file a path names, following symbolic links (a chain of them, or a
/// dangling one: then the file it would create). Relative link targets are
/// relative to the link's directory.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The number of names (hard links) of a file.
#[cfg(unix)]
fn links(meta: &std::fs::Metadata) -> u64 {
    use std::os::unix::fs::MetadataExt;
    meta.nlink()
}

#[cfg(not(unix))]
fn links(_meta: &std::fs::Metadata) -> u64 {
    1
}

/// Whether the file on disk is what the guard expects; its metadata when
/// it exists.
fn check(
    path: &Path,
    target: &Path,
    guard: Guard,
) -> Result<Option<std::fs::Metadata>, WriteError> {
    let meta = match std::fs::metadata(target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(WriteError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let path = path.to_path_buf();
    let Some(m) = meta else {
        return match guard {
            Guard::Unchanged(_) => Err(WriteError::Changed { path }),
            _ => Ok(None),
        };
    };
    match guard {
        Guard::New => return Err(WriteError::Exists { path }),
        // What was read was a regular file (and reading a FIFO swapped in
        // would block).
        Guard::Unchanged(_) if !m.is_file() => return Err(WriteError::Changed { path }),
        // A rename would put a regular file in place of a FIFO or a device
        // node: never.
        _ if !m.is_file() => return Err(WriteError::NotAFile { path }),
        Guard::Overwrite => return Ok(Some(m)),
        Guard::Unchanged(_) | Guard::Output => {}
    }
    if m.permissions().readonly() {
        return Err(WriteError::ReadOnly { path });
    }
    if links(&m) > 1 {
        return Err(WriteError::HardLinks {
            path,
            links: links(&m),
        });
    }
    if let Guard::Unchanged(o) = guard {
        let current = std::fs::read(target).map_err(|source| WriteError::Io {
            path: path.clone(),
            source,
        })?;
        if Original::of(&current) != *o {
            return Err(WriteError::Changed { path });
        }
    }
    Ok(Some(m))
}

/// Gives the new file the old one's owner where the process may (root
/// editing another user's file); elsewhere the new file is the caller's,
/// as with any editor.
#[cfg(unix)]
fn keep_owner(tmp: &Path, meta: &std::fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    let _ = std::os::unix::fs::chown(tmp, Some(meta.uid()), Some(meta.gid()));
}

#[cfg(not(unix))]
fn keep_owner(_tmp: &Path, _meta: &std::fs::Metadata) {}

/// Flushes the directory entry of the rename (best effort: not every
/// platform can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
}
