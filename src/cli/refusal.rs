//! Where an error becomes exit code 2: a command's refusal ([`Refusal`], or
//! any other error that escapes it) is said on standard error and, with
//! `-o json`, also as the JSON document of the refusal on standard output
//! (the one envelope with `error`, and the report of the file it is about),
//! so that a script reading the JSON always gets a document. Commands do
//! not render their refusals as JSON themselves: they return a `Refusal`.

use super::Output;
use fleetcheck_report::model::ErrorReport;
use fleetcheck_report::table::one_line;
use fleetcheck_report::Checked;

/// A command refused and did nothing (exit code 2).
#[derive(Debug)]
pub struct Refusal {
    /// What was refused and why, one line (more for a list of candidates).
    pub message: String,
    /// How to go on.
    pub help: Vec<String>,
    /// The file it is about, with its input errors: its report goes on
    /// standard error as `check` draws it, and into the JSON `fleets`.
    pub file: Option<Box<Checked>>,
    /// The command has said it on standard error already (in words of its
    /// own); only the JSON is left to write.
    pub said: bool,
}

impl Refusal {
    /// A refusal said as `error: MESSAGE`.
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            help: Vec::new(),
            file: None,
            said: false,
        }
    }

    /// A refusal because of a file's input errors: the file's report says
    /// it (on standard error as a table, in the JSON as `fleets`).
    pub fn file(checked: Checked) -> Refusal {
        let message = match checked.diagnostics.iter().find(|d| d.is_input_error()) {
            Some(d) if d.message.contains(&checked.report.file) => d.message.clone(),
            Some(d) => format!("{}: {}", checked.report.file, d.message),
            None => format!("{}: the file cannot be used", checked.report.file),
        };
        Refusal {
            file: Some(Box::new(checked)),
            ..Refusal::new(message)
        }
    }

    pub fn help(mut self, h: impl Into<String>) -> Refusal {
        self.help.push(h.into());
        self
    }

    /// Said on standard error already by the command.
    pub fn said(mut self) -> Refusal {
        self.said = true;
        self
    }

    /// Says it on standard error (unless the command has).
    fn say(&self, common: &super::Common) {
        if self.said {
            return;
        }
        if let Some(file) = &self.file {
            let ropts = super::check::render_options(common);
            let _ = fleetcheck_report::table::render(&mut std::io::stderr(), file, &ropts);
            return;
        }
        // A refusal names files and values of the user's: one line of
        // text, whatever their names hold (`one_line`; a command whose
        // refusal has lines of its own says it itself).
        eprintln!("error: {}", one_line(&self.message));
        for h in &self.help {
            eprintln!("  help: {}", one_line(h));
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

/// The exit code of a command's outcome; a refusal (an error, or exit code
/// 2 from a command that said why itself) is said on standard error and,
/// with `-o json` and nothing printed yet, as a JSON document.
pub(crate) fn exit(outcome: anyhow::Result<i32>, common: &super::Common, command: &str) -> i32 {
    let json = common.output == Output::Json;
    let refusal = match outcome {
        // A command that says its refusal itself (on standard error only).
        Ok(2) if json && !super::check::printed() => {
            Refusal::new("the command refused; standard error says why").said()
        }
        Ok(code) => return code,
        Err(e) => match e.downcast::<super::check::RefusedFile>() {
            Ok(r) => Refusal {
                file: Some(r.file),
                ..Refusal::new(r.message)
            },
            Err(e) => e
                .downcast::<Refusal>()
                .unwrap_or_else(|e| Refusal::new(format!("{e:#}"))),
        },
    };
    refusal.say(common);
    if json && !super::check::printed() {
        let error = ErrorReport {
            message: refusal.message.clone(),
            help: refusal.help.clone(),
        };
        let file = refusal.file.as_deref();
        if let Err(e) =
            super::check::print(|w| fleetcheck_report::json::render_error(w, command, error, file))
        {
            eprintln!("error: {e:#}");
        }
    }
    2
}
