//! A user's own damage deck file, named by an X-Wing inventory or state
//! file: `deck = { file = "decks/huge.toml" }`. This is how a deck whose
//! composition fleetcheck does not ship (the huge-ship deck) is checked: the
//! user writes it down once, in the format of `data/xwing/standard.toml`.
//!
//! The path is relative to the directory of the file that names it. The
//! file is read as carefully as a fleet file (at most
//! [`MAX_DECK_BYTES`], a regular file, UTF-8, not empty) and validated by
//! the same reader as the built-in decks (`data::read_deck`).
//!
//! Where its problems are reported: in the deck file itself (the
//! diagnostic carries the deck file's source, see [`Diagnostic::file`]), so
//! the table shows the deck file's line, JSON gives its `file`, `line` and
//! `column`, and GitHub annotates the deck file; a help line names the place
//! of the checked file that names the deck. A deck file that cannot be read
//! at all is reported at that place.

use super::data::{self, Deck};
use crate::input::diag::{Diagnostic, Source};
use crate::staw::fleet::Spanned;
use std::io::Read;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// The largest deck file read: the limit of fleet files.
pub const MAX_DECK_BYTES: u64 = crate::cli::check::MAX_FLEET_BYTES;

/// Reads and validates the deck file that `file` (a value of `from`)
/// names. `None` when it cannot be used; every reason is in `diags`.
pub fn load(from: &Source, file: &Spanned<String>, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let at = file.span.clone();
    if file.value.trim().is_empty() {
        diags.push(
            Diagnostic::error("shape", "`file` is empty: name the deck file")
                .with_span(Some(at))
                .with_help(
                    "deck = { file = \"decks/huge.toml\" } (relative to this file's folder)",
                ),
        );
        return None;
    }
    let dir = Path::new(&from.path).parent().unwrap_or(Path::new(""));
    let path = dir.join(&file.value);
    let shown = path.display().to_string();
    let text = match read(&path, &shown, &from.path) {
        Ok(t) => t,
        Err(d) => {
            diags.push(d.with_span(Some(at)));
            return None;
        }
    };
    let source = Arc::new(Source {
        path: shown.clone(),
        text,
    });
    let mut found = Vec::new();
    let deck = data::read_deck(&source, &mut found);
    for d in found {
        diags.push(relocate(from, &source, d, &at));
    }
    deck.map(|d| Deck {
        file: Some(shown),
        ..d
    })
}

/// A problem of the deck file, located and excerpted in the deck file
/// itself; a help line says where the checked file names it (a problem
/// without a place in the deck file stays at the naming `file` value).
fn relocate(from: &Source, deck: &Arc<Source>, d: Diagnostic, at: &Range<usize>) -> Diagnostic {
    let (line, column) = from.line_col(at.start);
    match d.span {
        Some(_) => d.in_file(Arc::clone(deck)).with_help(format!(
            "the deck file is named at {}:{line}:{column}",
            from.path
        )),
        None => Diagnostic {
            message: format!("{}: {}", deck.path, d.message),
            span: Some(at.clone()),
            ..d
        },
    }
}

/// The text of the deck file, or the input error that says why not.
fn read(path: &Path, shown: &str, from: &str) -> Result<String, Diagnostic> {
    let named = format!("the deck file {shown} (named in {from})");
    let io = |e: &std::io::Error| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
            _ => e.to_string(),
        };
        let d = Diagnostic::error("io", format!("cannot read {named}: {why}"));
        if e.kind() == std::io::ErrorKind::NotFound {
            d.with_help(format!("the path is relative to the folder of {from}"))
        } else {
            d
        }
    };
    let meta = std::fs::metadata(path).map_err(|e| io(&e))?;
    if meta.is_dir() {
        return Err(Diagnostic::error("io", format!("{named} is a directory"))
            .with_help("name a .toml file in the format of data/xwing/standard.toml"));
    }
    // A FIFO or a device could block or never end.
    if !meta.is_file() {
        return Err(Diagnostic::error(
            "io",
            format!("{named} is not a regular file"),
        ));
    }
    let too_large = |size: String| {
        Diagnostic::error(
            "too-large",
            format!("{named} is {size} bytes; files are limited to {MAX_DECK_BYTES} bytes (1 MiB)"),
        )
    };
    if meta.len() > MAX_DECK_BYTES {
        return Err(too_large(meta.len().to_string()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_DECK_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| io(&e))?;
    // It grew after its metadata was read.
    if bytes.len() as u64 > MAX_DECK_BYTES {
        return Err(too_large(format!("more than {MAX_DECK_BYTES}")));
    }
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
        return Err(Diagnostic::error(
            "encoding",
            format!("{named} is UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8"),
        )
        .with_help("save the file as UTF-8"));
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Diagnostic::error("empty", format!("{named} is empty"))
            .with_help("a deck file has a [deck] table (id, name, size) and one [[card]] per numbered card"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let lossy = Source {
            path: shown.to_string(),
            text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        let (line, column) = lossy.line_col(at);
        Diagnostic::error(
            "encoding",
            format!(
                "{named} is not valid UTF-8: invalid byte at line {line}, column {column} (byte offset {at})"
            ),
        )
        .with_help("save the file as UTF-8")
    })
}
