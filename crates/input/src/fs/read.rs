//! Reading ([`read_text`], the one reader of every file fleetcheck reads
//! as text: fleet files, deck files, imports, `--data` files): only a regular
//! file is opened (a FIFO, a device or a directory is refused from its
//! metadata, and opened without blocking in case one is swapped in), at
//! most [`MAX_FILE_BYTES`] are read, a UTF-8 byte order mark is dropped,
//! UTF-16 and UTF-32 are named, invalid UTF-8 is located, and an empty file
//! is refused. Each failure is one input-error diagnostic.

use super::Original;
use crate::diag::{Diagnostic, InputCode, Source};
use std::io::{self, Read};
use std::path::Path;

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

/// A stream read as text (standard input: the caller hands it in), with
/// the limits and decoding of [`read_text`]: at most [`MAX_FILE_BYTES`]
/// are read, one more byte is a `too-large` refusal.
pub fn read_stream(stream: impl Read, shown: &str, named: &str) -> Result<Source, Box<Unreadable>> {
    let mut bytes = Vec::new();
    stream
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Unreadable::new(shown, io_error(named, &e)))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        let size = format!("more than {MAX_FILE_BYTES}");
        return Err(Unreadable::new(shown, too_large(named, &size)));
    }
    decode(shown, named, bytes)
}

/// The refusal of a text already in memory (an editor's document) that
/// [`read_text`] would refuse as a file of that size: `None` within
/// [`MAX_FILE_BYTES`].
pub fn over_limit(named: &str, text: &str) -> Option<Diagnostic> {
    (text.len() as u64 > MAX_FILE_BYTES).then(|| too_large(named, &text.len().to_string()))
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
pub(super) fn read_bytes(path: &Path, named: &str) -> Result<Vec<u8>, Diagnostic> {
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
