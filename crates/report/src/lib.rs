//! Reports: the result of checking one file, and its renderers (table,
//! JSON, GitHub annotations). Renderers write to `&mut dyn Write` so that
//! tests run in process.

pub mod card;
pub mod collection;
mod excerpt;
mod fit;
mod game;
pub mod github;
mod grid;
pub mod json;
pub mod model;
pub mod modifier;
pub mod options;
pub mod price;
pub mod roster;
pub mod sheet;
pub mod sideboard;
pub mod staw;
pub mod table;

use fleetcheck_input::diag::{Diagnostic, Source};
use model::{DiagnosticReport, FleetReport};

/// How the human renderers draw: colour, and the table width.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// ANSI colour (only when stdout is a terminal and `--no-color` is off).
    pub color: bool,
    /// Wrap tables to this many columns; `None`: never wrap (pipes, files,
    /// tests), so that the output does not depend on the terminal.
    pub width: Option<u16>,
}

/// The overall outcome of one checked file, for the verdict line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Legal,
    Illegal,
    InputError,
}

impl Verdict {
    /// `LEGAL`, `ILLEGAL` or `INPUT ERROR`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Legal => "LEGAL",
            Verdict::Illegal => "ILLEGAL",
            Verdict::InputError => "INPUT ERROR",
        }
    }
}

/// The result of checking one file: the report (costs, totals) plus the
/// diagnostics with their spans and the source they point into.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The file's text, when it could be read.
    pub source: Option<Source>,
    /// Everything but `diagnostics`, which `finish` fills in.
    pub report: FleetReport,
    pub diagnostics: Vec<Diagnostic>,
    /// A pre-rendered human summary for the table output (the other
    /// games' state tables), printed before the diagnostics.
    pub text: Option<String>,
    /// What the fleet uses of the collection it was checked with, as
    /// numbers ([`fleetcheck_staw::collection::Tally`]): what several
    /// fleets use together is summed from it (`staw::together`), whatever
    /// the output. `None` without a collection, or for a file that could
    /// not be priced.
    pub tally: Option<Vec<fleetcheck_staw::collection::Tally>>,
}

impl Checked {
    /// A file that could not be read as a fleet at all: no report, one
    /// diagnostic (`io`, `too-large`, `encoding`, `empty`, ...).
    pub fn input_error(
        file: &str,
        game: &str,
        source: Option<Source>,
        diag: Diagnostic,
    ) -> Checked {
        Checked {
            source,
            report: FleetReport {
                file: file.to_string(),
                game: game.to_string(),
                ..FleetReport::default()
            },
            diagnostics: vec![diag],
            text: None,
            tally: None,
        }
    }

    /// The report of another game's file.
    pub fn from_game(c: fleetcheck_games::Checked) -> Checked {
        Checked {
            report: FleetReport {
                file: c.source.path.clone(),
                name: c.name,
                game: c.game.to_string(),
                details: c.details,
                ..FleetReport::default()
            },
            source: Some(c.source),
            diagnostics: c.diagnostics,
            text: c.summary.as_ref().map(game::render),
            tally: None,
        }
    }

    /// Legal, illegal, or not readable (exit codes 0, 1, 2).
    pub fn verdict(&self) -> Verdict {
        match self.exit_code() {
            0 => Verdict::Legal,
            1 => Verdict::Illegal,
            _ => Verdict::InputError,
        }
    }

    /// The wire status of the file.
    pub fn status(&self) -> model::Status {
        match self.verdict() {
            Verdict::Legal => model::Status::Legal,
            Verdict::Illegal => model::Status::Illegal,
            Verdict::InputError => model::Status::InputError,
        }
    }

    /// How many diagnostics of this severity the file has.
    pub fn count(&self, severity: fleetcheck_input::diag::Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The exit code this file alone would give (0, 1 or 2).
    pub fn exit_code(&self) -> i32 {
        fleetcheck_input::diag::exit_code(&self.diagnostics)
    }

    /// The wire report with located diagnostics and `legal` set.
    pub fn finish(&self) -> FleetReport {
        let mut r = self.report.clone();
        r.legal = !self.diagnostics.iter().any(Diagnostic::is_error);
        r.status = self.status();
        // The checked file's lines, indexed once (a file may have a
        // diagnostic on each of its lines).
        let own = self
            .source
            .as_ref()
            .map(|s| fleetcheck_input::diag::Lines::of(&s.text));
        r.diagnostics = self
            .diagnostics
            .iter()
            .map(|d| {
                let (line, column) = match (&d.file, &own, &d.span) {
                    (Some(other), _, Some(span)) => {
                        let (l, c) = other.line_col(span.start);
                        (Some(l), Some(c))
                    }
                    (None, Some(lines), Some(span)) => {
                        let (l, c) = lines.line_col(span.start);
                        (Some(l), Some(c))
                    }
                    _ => (None, None),
                };
                DiagnosticReport {
                    code: d.code.to_string(),
                    severity: format!("{:?}", d.severity).to_lowercase(),
                    message: d.message.clone(),
                    file: d.file.as_ref().map(|f| f.path.clone()),
                    line,
                    column,
                    help: d.help.clone(),
                }
            })
            .collect();
        r
    }
}

/// The most diagnostics of one code a file's table (or annotation) report
/// draws in full; the rest are counted in one line, so that a file of
/// 60,000 unknown names gives a report of bounded size. The JSON report
/// keeps them all.
pub const MAX_SHOWN_PER_CODE: usize = 100;

/// The diagnostics of a file beyond [`MAX_SHOWN_PER_CODE`] of their code:
/// (code, how many were left out, severity), in order of first appearance.
pub(crate) fn omitted(checked: &Checked) -> Vec<(String, usize, fleetcheck_input::diag::Severity)> {
    let mut counts: Vec<(String, usize, fleetcheck_input::diag::Severity)> = Vec::new();
    // No code can have more than all of them.
    if checked.diagnostics.len() <= MAX_SHOWN_PER_CODE {
        return counts;
    }
    // Each code's place in `counts`: a file has diagnostics of a few
    // codes (kept in a list).
    let mut at: Vec<fleetcheck_input::diag::Code> = Vec::new();
    for d in &checked.diagnostics {
        let i = match at.iter().position(|c| *c == d.code) {
            Some(i) => i,
            None => {
                at.push(d.code);
                counts.push((d.code.to_string(), 0, d.severity));
                counts.len() - 1
            }
        };
        counts[i].1 += 1;
    }
    counts
        .into_iter()
        .filter(|c| c.1 > MAX_SHOWN_PER_CODE)
        .map(|(code, n, sev)| (code, n - MAX_SHOWN_PER_CODE, sev))
        .collect()
}
