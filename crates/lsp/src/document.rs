//! One open document: its text, its line index and its analysis, all of
//! one version, computed once when the version arrives.
//!
//! A document over the reader's limit (`input::fs::MAX_FILE_BYTES`) gets
//! the `too-large` refusal `check` gives a file of that size, and no more.
//!
//! A file another one names (an X-Wing file's deck file) is read from the
//! editor's open documents where it is one of them (`tree::Open`), so that
//! what is checked is what the user sees.
//!
//! Which kind of file a document is decides what checks it
//! ([`Kind::of`]): a fleet file (any game: `games::which`, the dispatcher
//! `check` uses), an event file (`staw::event::read`), or a collection
//! file (`staw::collection::read`, the reader of `--collection FILE`).

use crate::lines::LineIndex;
use fleetcheck_data::Database;
use fleetcheck_games::Which;
use fleetcheck_input::diag::{Diagnostic, Source};
use fleetcheck_input::tree::{Open, Parsed};
use fleetcheck_report::Checked;
use fleetcheck_staw::CheckOptions;

/// What a document is, from its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A fleet file of any game (`game` picks the rule set).
    Fleet,
    /// An event file (`fleetcheck event EVENT ...`): `event.toml`, or a
    /// name ending in `.event.toml`.
    Event,
    /// A collection file (`collection.toml`, `*.collection.toml`).
    Collection,
}

impl Kind {
    pub(crate) fn of(path: &str) -> Kind {
        let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
        if name == "event.toml" || name.ends_with(".event.toml") {
            Kind::Event
        } else if name == "collection.toml" || name.ends_with(".collection.toml") {
            Kind::Collection
        } else {
            Kind::Fleet
        }
    }
}

/// One version of an open document.
#[derive(Debug)]
pub(crate) struct Document {
    pub(crate) version: i32,
    pub(crate) source: Source,
    pub(crate) lines: LineIndex,
    /// The outcome of `check` for a fleet file (a STAW fleet's report
    /// with its ships' costs; another game's summary).
    pub(crate) checked: Option<Checked>,
    /// Exactly the diagnostics `fleetcheck check` (or `event`) gives.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Whether the file is a STAW fleet (hover, completion and the
    /// source action need one).
    pub(crate) staw: bool,
    /// Whether the file is a fleet file of another game: such a file may
    /// name another (an X-Wing file its deck file), so it is checked again
    /// when another open document changes.
    pub(crate) names_others: bool,
}

impl Document {
    /// `open`: the other open documents, read in place of the files on
    /// disk that this one names; asked for only by a file of another game
    /// (a STAW fleet names no other file).
    pub(crate) fn new(
        db: &Database,
        opts: &CheckOptions,
        open: impl FnOnce() -> Open,
        path: String,
        version: i32,
        text: String,
    ) -> Document {
        let kind = Kind::of(&path);
        let lines = LineIndex::of(&text);
        let source = Source { path, text };
        let mut doc = Document {
            version,
            source,
            lines,
            checked: None,
            diagnostics: Vec::new(),
            staw: false,
            names_others: false,
        };
        // A document `check` would refuse from its size gets that refusal.
        if let Some(d) = fleetcheck_input::fs::over_limit(&doc.source.path, doc.text()) {
            doc.diagnostics = vec![d.clone()];
            if kind == Kind::Fleet {
                let path = doc.source.path.clone();
                doc.checked = Some(Checked::input_error(&path, fleetcheck_staw::GAME, None, d));
            }
            return doc;
        }
        match kind {
            Kind::Fleet => {
                let (checked, staw) = check(db, opts, doc.source.clone(), open);
                doc.diagnostics = checked.diagnostics.clone();
                doc.checked = Some(checked);
                doc.staw = staw;
                doc.names_others = !staw;
            }
            Kind::Event => {
                if let Err(diags) = fleetcheck_staw::event::read(db, &doc.source) {
                    doc.diagnostics = diags;
                }
            }
            // Exactly the problems `--collection FILE` refuses it with.
            Kind::Collection => {
                if let Err(diags) = fleetcheck_staw::collection::read(db, &doc.source) {
                    doc.diagnostics = diags;
                }
            }
        }
        doc
    }

    pub(crate) fn text(&self) -> &str {
        &self.source.text
    }
}

/// The dispatch of `fleetcheck check` on a file already read: parsed
/// once, its `game` picks the rule set. Also whether it is a STAW fleet.
fn check(
    db: &Database,
    opts: &CheckOptions,
    source: Source,
    open: impl FnOnce() -> Open,
) -> (Checked, bool) {
    let parsed = Parsed::of(source);
    match fleetcheck_games::which(&parsed) {
        Ok(Which::Staw) => (fleetcheck_report::staw::check(db, parsed, opts), true),
        Ok(Which::Other(g)) => (
            Checked::from_game((g.check)(parsed.with_open(open()))),
            false,
        ),
        Err(d) => {
            let path = parsed.source.path.clone();
            let c = Checked::input_error(&path, fleetcheck_staw::GAME, Some(parsed.source), *d);
            (c, false)
        }
    }
}
