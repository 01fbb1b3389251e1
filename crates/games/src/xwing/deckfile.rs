//! A user's own damage deck file, named by an X-Wing inventory or state
//! file: `deck = { file = "decks/huge.toml" }`. This is how a deck whose
//! composition fleetcheck does not ship (the huge-ship deck) is checked: the
//! user writes it down once, in the format of `data/xwing/standard.toml`.
//!
//! The path is relative to the directory of the file that names it. The
//! file is read as carefully as a fleet file (at most
//! `fleetcheck_input::fs::MAX_FILE_BYTES`, a regular file, UTF-8, not empty) and validated by
//! the same reader as the built-in decks (`data::read_deck`). Where an
//! editor holds the deck file (`Open`, the language server's open
//! documents), its text there is read instead of the file on disk.
//!
//! Where its problems are reported: in the deck file itself (the
//! diagnostic carries the deck file's source, see [`Diagnostic::file`]), so
//! the table shows the deck file's line, JSON gives its `file`, `line` and
//! `column`, and GitHub annotates the deck file; a help line names the place
//! of the checked file that names the deck. A deck file that cannot be read
//! at all is reported at that place.

use super::data::{self, Deck};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::{lexical, Open, Spanned};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

/// Reads and validates the deck file that `file` (a value of `from`)
/// names. `None` when it cannot be used; every reason is in `diags`.
pub fn load(
    from: &Source,
    open: &Open,
    file: &Spanned<String>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Deck> {
    let at = file.span.clone();
    if file.value.trim().is_empty() {
        diags.push(
            Diagnostic::new(InputCode::Shape, "`file` is empty: name the deck file")
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
    let named = format!("the deck file {shown} (named in {})", from.path);
    let text = match open.text(&path) {
        Some(held) => in_editor(&path, &from.path, held, &shown, &named),
        None => read(&path, &from.path, &shown, &named),
    };
    let text = match text {
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

/// The text of the deck file, or the input error that says why not. The
/// file must be a regular file below the folder of the file that names it
/// (after resolving links): a fleet file never makes fleetcheck read, and
/// excerpt, a file elsewhere on the machine.
fn read(path: &Path, from: &str, shown: &str, named: &str) -> Result<String, Diagnostic> {
    let dir = Path::new(from).parent().unwrap_or(Path::new(""));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let inside = match (dir.canonicalize(), path.canonicalize()) {
        (Ok(d), Ok(p)) => p.starts_with(&d),
        // A file that does not exist is reported by the reader.
        (_, Err(_)) => true,
        (Err(_), Ok(_)) => false,
    };
    if !inside {
        return Err(outside(named, from));
    }
    fleetcheck_input::fs::read_named(path, shown, named)
        .map(|source| source.text)
        .map_err(|u| explained(u.diag, from))
}

/// [`read`] of a deck file an editor holds (`Open`): the same folder rule
/// (on the path's words: the file may not be on disk yet), the same limits
/// and decoding as the file on disk.
fn in_editor(
    path: &Path,
    from: &str,
    text: &str,
    shown: &str,
    named: &str,
) -> Result<String, Diagnostic> {
    let dir = Path::new(from).parent().unwrap_or(Path::new(""));
    if !lexical(path).starts_with(lexical(dir)) {
        return Err(outside(named, from));
    }
    if let Some(d) = fleetcheck_input::fs::over_limit(named, text) {
        return Err(d);
    }
    fleetcheck_input::fs::decode(shown, named, text.as_bytes().to_vec())
        .map(|source| source.text)
        .map_err(|u| explained(u.diag, from))
}

fn outside(named: &str, from: &str) -> Diagnostic {
    Diagnostic::new(
        InputCode::Io,
        format!("{named} is outside the folder of {from}; it was not read"),
    )
    .with_help("put the deck file in the folder of the file that names it, or below it")
}

/// The reader's refusal of a deck file, with what to do about it.
fn explained(d: Diagnostic, from: &str) -> Diagnostic {
    match InputCode::of(d.code) {
        Some(InputCode::Io) if d.message.contains("no such file") => {
            d.with_help(format!("the path is relative to the folder of {from}"))
        }
        Some(InputCode::Io) if d.message.contains("a directory") => {
            d.with_help("name a .toml file in the format of data/xwing/standard.toml")
        }
        Some(InputCode::Empty) => d.with_help(
            "a deck file has a [deck] table (id, name, size) and one [[card]] per numbered card",
        ),
        // The excerpt would be of the deck file's lossy text: the
        // message locates the byte.
        _ => d.with_span(None),
    }
}
