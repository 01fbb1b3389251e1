//! GitHub Actions annotations (`--output github`): one workflow command
//! per diagnostic (`::error file=F,line=L,col=C,endLine=L2,endColumn=C2,
//! title=CODE: what::message`, `::warning`, `::notice`), at most
//! [`super::MAX_SHOWN_PER_CODE`] of one code per file with a plain line
//! counting the rest (as the table does), then a plain summary line per
//! file, which the Actions log shows as is, and a final
//! count line. The title says what is wrong (`sp-cap: 104 of 100 SP`);
//! `endLine`/`endColumn` mark the end of the entry when the diagnostic has
//! a span.
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

use super::model::{DiagnosticReport, FleetReport, SkippedFile};
use super::{Checked, Verdict};
use fleetcheck_input::diag::Severity;
use std::io::{self, Write};

/// Writes the annotations and summary of every file, then the count line.
pub fn render_all(w: &mut dyn Write, files: &[Checked]) -> io::Result<()> {
    for c in files {
        render(w, c)?;
    }
    writeln!(w, "{}", super::table::summary(files, 0))
}

/// A notice for each file of the walk that was not checked, on the file.
pub fn skipped(w: &mut dyn Write, skipped: &[SkippedFile]) -> io::Result<()> {
    for s in skipped {
        writeln!(
            w,
            "::notice file={},title=skipped::{}",
            escape_property(&s.file),
            escape_data(&format!("{}: {}", s.file, s.reason))
        )?;
    }
    Ok(())
}

/// Writes the annotations of one file, then its summary line.
pub fn render(w: &mut dyn Write, checked: &Checked) -> io::Result<()> {
    let report = checked.finish();
    let mut shown: std::collections::HashMap<fleetcheck_input::diag::Code, usize> =
        std::collections::HashMap::new();
    for (d, diag) in report.diagnostics.iter().zip(&checked.diagnostics) {
        // At most `MAX_SHOWN_PER_CODE` of one code, as in the table.
        let n = shown.entry(diag.code).or_insert(0);
        *n += 1;
        if *n > super::MAX_SHOWN_PER_CODE {
            continue;
        }
        let command = match d.severity.as_str() {
            "error" => "error",
            "warning" => "warning",
            _ => "notice",
        };
        let file = d.file.as_deref().unwrap_or(&report.file);
        let mut props = vec![format!("file={}", escape_property(file))];
        // A finding never stands on a comment: on a comment line (an empty
        // file's start) it is about the whole file.
        let line = d.line.filter(|_| !on_comment(checked, diag));
        if let Some(line) = line {
            props.push(format!("line={line}"));
            if let Some(col) = d.column {
                props.push(format!("col={col}"));
            }
        }
        if let (Some(line), Some(end)) = (line, end(checked, diag)) {
            props.push(format!("endLine={}", end.0));
            if end.0 == line {
                props.push(format!("endColumn={}", end.1));
            }
        }
        props.push(format!("title={}", escape_property(&title(&report, d))));
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
    for (code, count, severity) in super::omitted(checked) {
        let s = if count == 1 { "" } else { "s" };
        writeln!(
            w,
            "... and {count} more `{}` {}{s} in {} (the first {} are annotated)",
            escape_plain(&code),
            severity.as_str(),
            escape_plain(&report.file),
            super::MAX_SHOWN_PER_CODE
        )?;
    }
    writeln!(w, "{}", summary_line(checked))
}

/// Whether a diagnostic's span starts on a line that holds only a comment.
fn on_comment(checked: &Checked, d: &fleetcheck_input::diag::Diagnostic) -> bool {
    let (Some(span), Some(source)) = (&d.span, d.file.as_deref().or(checked.source.as_ref()))
    else {
        return false;
    };
    let text = &source.text;
    let at = span.start.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
    text.get(start..end)
        .is_some_and(|l| l.trim_start().starts_with('#'))
}

/// Where a diagnostic's span ends (line, column of its last character),
/// when it has a span of more than one character.
fn end(checked: &Checked, d: &fleetcheck_input::diag::Diagnostic) -> Option<(usize, usize)> {
    let span = d.span.as_ref()?;
    let source = d.file.as_deref().or(checked.source.as_ref())?;
    if span.end <= span.start + 1 || span.end > source.text.len() {
        return None;
    }
    // The last character of the span, not the position after it.
    let last = source.text[..span.end]
        .char_indices()
        .next_back()
        .map_or(span.start, |(i, _)| i);
    Some(source.line_col(last))
}

/// The annotation's title: the code and what is wrong in a few words
/// (`sp-cap: 104 of 100 SP`, `admiral-limit: a fleet may have only one
/// admiral`).
pub fn title(report: &FleetReport, d: &DiagnosticReport) -> String {
    let what = match d.code.as_str() {
        "sp-cap" => match (report.total, report.cap) {
            (Some(t), Some(c)) => Some(format!("{t} of {c} SP")),
            _ => None,
        },
        "sideboard-cap" => report
            .sideboard
            .as_ref()
            .map(|sb| format!("{} of {} SP", sb.total, sb.cap)),
        _ => None,
    };
    let what = what.unwrap_or_else(|| first_clause(&d.message));
    if what.is_empty() {
        d.code.clone()
    } else {
        format!("{}: {what}", d.code)
    }
}

/// The message up to its first ", ", ": " or "; ", at most 80 characters.
fn first_clause(message: &str) -> String {
    let line = message.lines().next().unwrap_or("");
    let cut = [", ", ": ", "; "]
        .iter()
        .filter_map(|p| line.find(p))
        .min()
        .unwrap_or(line.len());
    let clause = &line[..cut];
    if clause.chars().count() <= 80 {
        return clause.to_string();
    }
    let mut short: String = clause.chars().take(79).collect();
    short.push('…');
    short
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

/// Escapes a workflow command's message: the runner's own escapes (`%`,
/// CR and LF), and no other control character (`table::printable`: an
/// escape sequence in a file's name would act on the log's viewer).
pub fn escape_data(s: &str) -> String {
    let s = s.replace('%', "%25").replace('\r', "%0D");
    crate::table::printable(&s).replace('\n', "%0A")
}

/// Escapes a workflow command's property value.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}
