//! Reports: the result of checking one file, and its renderers (table,
//! JSON, GitHub annotations). Renderers write to `&mut dyn Write` so that
//! tests run in process.

pub mod model;

use crate::diag::{Diagnostic, Source};
use model::{DiagnosticReport, FleetReport};

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
}

impl Checked {
    /// The exit code this file alone would give (0, 1 or 2).
    pub fn exit_code(&self) -> i32 {
        crate::diag::exit_code(&self.diagnostics)
    }

    /// The wire report with located diagnostics and `legal` set.
    pub fn finish(&self) -> FleetReport {
        let mut r = self.report.clone();
        r.legal = !self.diagnostics.iter().any(Diagnostic::is_error);
        r.diagnostics = self
            .diagnostics
            .iter()
            .map(|d| {
                let (line, column) = match (&self.source, &d.span) {
                    (Some(s), Some(span)) => {
                        let (l, c) = s.line_col(span.start);
                        (Some(l), Some(c))
                    }
                    _ => (None, None),
                };
                DiagnosticReport {
                    code: d.code.clone(),
                    severity: format!("{:?}", d.severity).to_lowercase(),
                    message: d.message.clone(),
                    line,
                    column,
                    help: d.help.clone(),
                }
            })
            .collect();
        r
    }
}
