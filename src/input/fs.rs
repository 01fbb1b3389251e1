//! Reading and writing the user's files safely.
//!
//! Reading ([`read_text`], the one reader of every file fleetcheck reads as
//! text: fleet files, deck files, imports, `--data` files): only a regular
//! file is opened (a FIFO, a device or a directory is refused from its
//! metadata, and opened without blocking in case one is swapped in), at
//! most [`MAX_FILE_BYTES`] are read, a UTF-8 byte order mark is dropped,
//! UTF-16 and UTF-32 are named, invalid UTF-8 is located, and an empty file
//! is refused. Each failure is one input-error diagnostic.
//!
//! Writing the user's files without ever losing their work: every write is
//! atomic (a temporary file in the same directory, made by the `tempfile`
//! crate, flushed to disk, then renamed over the target, so a reader or a
//! crash sees the old file or the new one, never half of each) and refuses
//! to overwrite a file that changed on disk since it was read (an editor
//! saved it meanwhile, another run edited it).
//!
//! The one helper every command that edits a file calls:
//!
//! ```no_run
//! use fleetcheck::input::fs::{self, Guard};
//! # fn main() -> Result<(), fleetcheck::input::fs::WriteError> {
//! let path = std::path::Path::new("fleet.toml");
//! let (text, original) = fs::read_to_string(path)?;
//! let edited = text.replace("Khan", "Khan Singh");
//! fs::write(path, edited.as_bytes(), Guard::Unchanged(&original))?;
//! # Ok(()) }
//! ```
//!
//! What is kept: the file's permissions (and, where the process may, its
//! owner), and symbolic links: writing through a link replaces the file it
//! points to and leaves the link itself alone. The temporary file is
//! created with the target's permissions (narrowed by the umask, then set
//! exactly), never wider: a private file is never readable by others, not
//! even for the instant of the write. A new file gets the usual permissions
//! of a new file (`0666` less the umask).
//!
//! What is refused (see [`Guard`]): a read-only file (no write permission),
//! unless the user passed `--force` ([`Guard::Overwrite`]); and a file with
//! other hard links, as the rename would give this name a new file and
//! leave the other names with the old contents: the user is told so and
//! nothing is written (`--force` replaces it, breaking the link).
//!
//! What a killed run leaves: at most its temporary file, named
//! `.{name}.fleetcheck-XXXXXXXX.tmp` beside the target, never a half
//! written target. The next write in that directory removes such files
//! older than [`STALE_AFTER`] (younger ones may be another run's, still
//! writing). Their age is measured against the modification time the file
//! system gives the new temporary file, so no clock is read here.
//!
//! The check for changes compares the whole current contents with what was
//! read (length and a hash), not the modification time, whose granularity
//! can hide a change made in the same second. A change in the instant
//! between that check and the rename cannot be excluded without OS file
//! locks, which editors do not take anyway. A new file ([`Guard::New`]) is
//! put in place without replacing one made meanwhile (`persist_noclobber`).

use crate::input::diag::{Diagnostic, InputCode, Source};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The largest file read: no fleet, deck or import comes near it, and it
/// keeps a stray binary or log from being read into memory.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// Why a file could not be read as text: one input-error diagnostic, and
/// the text when it was read but is not usable (invalid UTF-8: the lossy
/// text, so that the diagnostic can be excerpted).
#[derive(Debug, Clone)]
pub struct Unreadable {
    /// The name the file is reported under.
    pub path: String,
    pub source: Option<Source>,
    pub diag: Diagnostic,
}

impl Unreadable {
    fn new(path: &str, diag: Diagnostic) -> Box<Unreadable> {
        Box::new(Unreadable {
            path: path.to_string(),
            source: None,
            diag,
        })
    }
}

/// A file read as text, under `path` (as given).
pub fn read_text(path: &Path) -> Result<Source, Box<Unreadable>> {
    let name = path.display().to_string();
    read_named(path, &name, &name)
}

/// [`read_text`] for a command that edits the file: also the fingerprint
/// of the bytes read, for a later [`write`] with [`Guard::Unchanged`]. Only
/// an edit pays for the fingerprint.
pub fn read_text_for_edit(path: &Path) -> Result<(Source, Original), Box<Unreadable>> {
    let name = path.display().to_string();
    let bytes = read_bytes(path, &name).map_err(|d| Unreadable::new(&name, d))?;
    let original = Original::of(&bytes);
    decode(&name, &name, bytes).map(|s| (s, original))
}

/// [`read_text`] with the name the file is reported under (`shown`, the
/// `path` of the returned source) and the words that name it in messages
/// (`named`: "the deck file d.toml (named in f.toml)").
pub fn read_named(path: &Path, shown: &str, named: &str) -> Result<Source, Box<Unreadable>> {
    let bytes = read_bytes(path, named).map_err(|d| Unreadable::new(shown, d))?;
    decode(shown, named, bytes)
}

/// The kind of a file that is not a regular file, in words.
fn not_regular(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

fn refused(named: &str, meta: &std::fs::Metadata) -> Diagnostic {
    let what = not_regular(meta);
    let what = if what.starts_with("not") {
        what.to_string()
    } else {
        format!("{what}, not a regular file")
    };
    Diagnostic::new(InputCode::Io, format!("{named} is {what}; it was not read"))
}

fn too_large(named: &str, size: &str) -> Diagnostic {
    Diagnostic::new(
        InputCode::TooLarge,
        format!("{named} is {size} bytes; files are limited to {MAX_FILE_BYTES} bytes (1 MiB)"),
    )
}

/// The reason an I/O error gives, in words.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file or directory".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}

fn io_error(named: &str, e: &io::Error) -> Diagnostic {
    Diagnostic::new(
        InputCode::Io,
        format!("cannot read {named}: {}", io_reason(e)),
    )
}

/// At most [`MAX_FILE_BYTES`] of a regular file.
fn read_bytes(path: &Path, named: &str) -> Result<Vec<u8>, Diagnostic> {
    // What the path is, before opening it: opening a FIFO for reading
    // waits for a writer, and a device may never end.
    let meta = std::fs::metadata(path).map_err(|e| io_error(named, &e))?;
    if !meta.is_file() {
        return Err(refused(named, &meta));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(named, &meta.len().to_string()));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        // If a FIFO was swapped in after the check, opening it does not
        // block; the check below then refuses it.
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| io_error(named, &e))?;
    let meta = file.metadata().map_err(|e| io_error(named, &e))?;
    if !meta.is_file() {
        return Err(refused(named, &meta));
    }
    // Room for the whole file and one byte more: one read fills it, the
    // next finds the end.
    let mut bytes = Vec::with_capacity(meta.len().min(MAX_FILE_BYTES) as usize + 1);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(named, &e))?;
    // It grew after its metadata was read.
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(named, &format!("more than {MAX_FILE_BYTES}")));
    }
    Ok(bytes)
}

/// The text of a file from its bytes (see the module doc), as the source
/// `shown`. The checks of [`read_text`] that need no file: the entry point
/// of tests and of the fuzz target.
pub fn decode(shown: &str, named: &str, mut bytes: Vec<u8>) -> Result<Source, Box<Unreadable>> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Unreadable::new(
            shown,
            too_large(named, &bytes.len().to_string()),
        ));
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    // Some Windows editors save "Unicode" as UTF-16 or UTF-32: say so
    // rather than point at its first byte.
    let utf = if bytes.starts_with(b"\xFF\xFE\0\0") || bytes.starts_with(b"\0\0\xFE\xFF") {
        Some("UTF-32")
    } else if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        Some("UTF-16")
    } else {
        None
    };
    if let Some(utf) = utf {
        return Err(Unreadable::new(
            shown,
            Diagnostic::new(
                InputCode::Encoding,
                format!("{named} is {utf} (it starts with a {utf} byte order mark), not UTF-8"),
            )
            .with_help("save the file as UTF-8"),
        ));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Unreadable::new(
            shown,
            Diagnostic::new(InputCode::Empty, format!("{named} is empty")),
        ));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Source {
            path: shown.to_string(),
            text,
        }),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let source = Source {
                path: shown.to_string(),
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
            };
            let (line, col) = source.line_col(at);
            // The lossy text keeps the valid prefix, then U+FFFD (3 bytes).
            let diag = Diagnostic::new(
                InputCode::Encoding,
                format!(
                    "{named} is not valid UTF-8: invalid byte at line {line}, column {col} (byte offset {at})"
                ),
            )
            .with_span(Some(at..at + '\u{FFFD}'.len_utf8()))
            .with_help("save the file as UTF-8");
            Err(Box::new(Unreadable {
                path: shown.to_string(),
                source: Some(source),
                diag,
            }))
        }
    }
}

/// What a file held when it was read: compared with the file on disk just
/// before writing. Only its fingerprint is kept, not the contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Original {
    len: u64,
    hash: u64,
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
        }
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

/// Temporary files older than this (by the file system's clock) are
/// leftovers of a killed run, removed by the next write in their directory.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// What names a temporary file of [`write`]: `.{name}` + this + random
/// characters + [`TEMP_SUFFIX`].
const TEMP_MARK: &str = ".fleetcheck-";
const TEMP_SUFFIX: &str = ".tmp";
/// The random characters of a temporary file's name.
const TEMP_RANDOM: usize = 8;

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
            // Exactly the target's permissions (the umask may have narrowed
            // them at creation).
            tmp.as_file().set_permissions(meta.permissions())?;
            keep_owner(tmp.path(), meta);
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
        Guard::Overwrite => return Ok(Some(m)),
        Guard::Unchanged(_) | Guard::Output => {}
    }
    if m.is_file() && m.permissions().readonly() {
        return Err(WriteError::ReadOnly { path });
    }
    if m.is_file() && links(&m) > 1 {
        return Err(WriteError::HardLinks {
            path,
            links: links(&m),
        });
    }
    if let Guard::Unchanged(o) = guard {
        if !m.is_file() {
            // What was read was a regular file (and reading a FIFO swapped
            // in would block).
            return Err(WriteError::Changed { path });
        }
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

/// A new, empty temporary file next to `target` (same directory, so the
/// rename stays on one file system), hidden and named after it, with the
/// permissions of `existing` (narrowed by the umask) or those of any new
/// file. Removed when dropped unless persisted.
fn temp_file(
    dir: &Path,
    target: &Path,
    existing: Option<&std::fs::Metadata>,
) -> io::Result<tempfile::NamedTempFile> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}{TEMP_MARK}");
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
fn is_temp_name(name: &str) -> bool {
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
/// killed runs. Best effort: what cannot be read or removed stays.
fn remove_stale(dir: &Path, fresh: &Path) {
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

#[cfg(test)]
#[path = "fs_tests.rs"]
mod tests;
