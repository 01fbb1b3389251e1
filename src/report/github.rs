//! GitHub Actions annotations (`--output github`): one workflow command
//! per diagnostic (`::error file=F,line=L,col=C,title=CODE::message`,
//! `::warning`, `::notice`), then a plain summary line per file, which the
//! Actions log shows as is.
//!
//! Escaping follows the runner's rules: in the message `%`, CR and LF
//! become `%25`, `%0D`, `%0A`; in property values also `:` and `,` become
//! `%3A` and `%2C`. Every field is escaped, the file name and the code
//! included, so that nothing a file or its name holds can end a command or
//! start another (a file named `a\n::stop-commands::x.toml`).
//!
//! The summary lines are no workflow commands, but the runner reads every
//! line of the log: one that starts with `::` (after blanks) is a command,
//! and so is one that holds `##[` anywhere (the runner's older syntax). In
//! them the file name has `%`, CR and LF escaped as in a message, a leading
//! `:` as `%3A` and the `[` of `##[` as `%5B`, so no such line can come of
//! it; an ordinary path is written as it is.

use super::{Checked, Verdict};
use crate::input::diag::Severity;
use std::io::{self, Write};

/// Writes the annotations and summary of every file.
pub fn render_all(w: &mut dyn Write, files: &[Checked]) -> io::Result<()> {
    for c in files {
        render(w, c)?;
    }
    Ok(())
}

/// Writes the annotations of one file, then its summary line.
pub fn render(w: &mut dyn Write, checked: &Checked) -> io::Result<()> {
    let report = checked.finish();
    for d in &report.diagnostics {
        let command = match d.severity.as_str() {
            "error" => "error",
            "warning" => "warning",
            _ => "notice",
        };
        let file = d.file.as_deref().unwrap_or(&report.file);
        let mut props = vec![format!("file={}", escape_property(file))];
        if let Some(line) = d.line {
            props.push(format!("line={line}"));
        }
        if let Some(col) = d.column {
            props.push(format!("col={col}"));
        }
        props.push(format!("title={}", escape_property(&d.code)));
        let mut message = d.message.clone();
        for h in &d.help {
            message.push_str("\nhelp: ");
            message.push_str(h);
        }
        writeln!(
            w,
            "::{command} {}::{}",
            props.join(","),
            escape_data(&message)
        )?;
    }
    writeln!(w, "{}", summary_line(checked))
}

/// "fleets/x.toml: ILLEGAL, 104 / 100 SP, 2 errors".
pub fn summary_line(checked: &Checked) -> String {
    let r = &checked.report;
    let mut parts = vec![checked.verdict().as_str().to_string()];
    if let Some(total) = r.total {
        parts.push(match r.cap {
            Some(cap) => format!("{total} / {cap} SP"),
            None => format!("{total} SP"),
        });
    }
    let errors = checked.count(Severity::Error);
    let warnings = checked.count(Severity::Warning);
    if errors > 0 {
        parts.push(format!(
            "{errors} error{}",
            if errors == 1 { "" } else { "s" }
        ));
    }
    if warnings > 0 {
        parts.push(format!(
            "{warnings} warning{}",
            if warnings == 1 { "" } else { "s" }
        ));
    }
    if r.not_tournament_legal && checked.verdict() == Verdict::Legal {
        parts.push("NOT TOURNAMENT LEGAL".into());
    }
    format!("{}: {}", escape_plain(&r.file), parts.join(", "))
}

/// Escapes text for a plain line of the log (see the module doc).
pub fn escape_plain(s: &str) -> String {
    let s = escape_data(s).replace("##[", "##%5B");
    let blanks = s.len() - s.trim_start().len();
    match s[blanks..].strip_prefix(':') {
        Some(rest) => format!("{}%3A{rest}", &s[..blanks]),
        None => s,
    }
}

/// Escapes a workflow command's message.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
