//! The roster of an event (`fleetcheck event`): one row per list (player
//! or file, factions, ships, total, verdict, the codes, the fingerprint),
//! then the event's counts; as a table, the JSON report, GitHub
//! annotations, Markdown (also the GitHub step summary) and CSV.

use super::model::{EventReport, Report, RosterRow, Status, Summary};
use super::table::{one_line, printable};
use super::{json, Checked, RenderOptions};
use fleetcheck_input::diag::Severity;
use std::borrow::Cow;
use std::io::{self, Write};

/// The roster's row of one checked list; `factions` are its ships'.
pub fn row(c: &Checked, factions: Vec<String>) -> RosterRow {
    let r = c.finish();
    let mut codes: Vec<String> = Vec::new();
    for d in c
        .diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Note)
    {
        if !codes.iter().any(|c| c == d.code.as_str()) {
            codes.push(d.code.to_string());
        }
    }
    let mut factions = factions;
    factions.sort();
    factions.dedup();
    RosterRow {
        file: r.file,
        player: r.player,
        factions,
        ships: r.ships.iter().map(|s| s.ship.name.clone()).collect(),
        total: r.total,
        status: r.status,
        codes,
        fingerprint: r.fingerprint,
    }
}

/// The word of a status in the roster.
pub fn verdict(s: Status) -> &'static str {
    match s {
        Status::Legal => "legal",
        Status::Illegal => "ILLEGAL",
        Status::InputError => "INPUT ERROR",
    }
}

/// "5 lists: 2 legal, 2 illegal, 1 input error".
pub fn counts(s: &Summary) -> String {
    format!(
        "{} list{}: {} legal, {} illegal, {} input error{}",
        s.files,
        if s.files == 1 { "" } else { "s" },
        s.legal,
        s.illegal,
        s.input_errors,
        if s.input_errors == 1 { "" } else { "s" }
    )
}

fn who(r: &RosterRow) -> String {
    match &r.player {
        Some(p) => format!("{p} ({})", r.file),
        None => r.file.clone(),
    }
}

fn total(r: &RosterRow, cap: Option<i32>) -> String {
    match (r.total, cap) {
        (Some(t), Some(c)) => format!("{t}/{c}"),
        (Some(t), None) => t.to_string(),
        (None, _) => "-".into(),
    }
}

fn head(e: &EventReport) -> String {
    let mut facts = vec![format!("format {}", e.format), format!("date {}", e.date)];
    if let Some(cap) = e.sp_cap {
        facts.push(format!("{cap} SP"));
    }
    if e.blind_booster {
        facts.push("Blind Booster".into());
    }
    format!("{} ({})", e.name, facts.join(", "))
}

const HEADER: [&str; 7] = [
    "Player / file",
    "Factions",
    "Ships",
    "Total",
    "Verdict",
    "Codes",
    "Fingerprint",
];

/// The cells of a row, each on one line without a control character
/// (`table::one_line`): player, file and ship names are the lists' own.
fn cells(r: &RosterRow, cap: Option<i32>) -> [String; 7] {
    [
        who(r),
        r.factions.join(", "),
        r.ships.join(", "),
        total(r, cap),
        verdict(r.status).to_string(),
        r.codes.join(", "),
        r.fingerprint.clone().unwrap_or_else(|| "-".into()),
    ]
    .map(|c| one_line(&c).into_owned())
}

/// The human roster: the event, the table, every error and warning of a
/// list (`file:line:col: code: message`), then the counts.
pub fn table(
    w: &mut dyn Write,
    e: &EventReport,
    files: &[Checked],
    opts: &RenderOptions,
) -> io::Result<()> {
    writeln!(w, "{}", one_line(&head(e)))?;
    let rows: Vec<Vec<Cow<'_, str>>> = e
        .roster
        .iter()
        .map(|r| cells(r, e.sp_cap).into_iter().map(Cow::Owned).collect())
        .collect();
    // The factions, then the ships, then the fingerprint, then the codes
    // give way; the list, its total and its verdict always stay.
    let within = (&[1, 2, 6, 5][..], "-o csv shows all");
    writeln!(
        w,
        "{}",
        super::table::draw_within(&HEADER, rows, &[], opts, within)
    )?;
    let mut first = true;
    for c in files {
        let r = c.finish();
        for d in r.diagnostics.iter().filter(|d| d.severity != "note") {
            if first {
                writeln!(w)?;
                first = false;
            }
            let at = match (d.line, d.column) {
                (Some(l), Some(col)) => format!("{}:{l}:{col}", r.file),
                _ => r.file.clone(),
            };
            // One finding, one line: a line break in a file name or a
            // message forges none.
            writeln!(
                w,
                "{}: {} {}: {}",
                one_line(&at),
                d.severity,
                d.code,
                one_line(&d.message)
            )?;
        }
    }
    writeln!(w)?;
    super::table::skipped(w, &e.skipped)?;
    writeln!(w, "{}", counts_of(e, files))
}

/// The count line of the roster, with the skipped files of the folder.
fn counts_of(e: &EventReport, files: &[Checked]) -> String {
    let mut s = counts(&json::summary(files));
    if !e.skipped.is_empty() {
        s.push_str(&format!("; {} skipped", e.skipped.len()));
    }
    s
}

/// The JSON report of the event: the envelope with `fleets`, `summary`
/// and `event`.
pub fn report(e: &EventReport, files: &[Checked]) -> Report {
    Report {
        event: Some(e.clone()),
        ..json::report("event", files)
    }
}

/// Writes the JSON report of the event.
pub fn json(w: &mut dyn Write, e: &EventReport, files: &[Checked]) -> io::Result<()> {
    json::write_value(w, &report(e, files))
}

/// GitHub annotations of every list, then the final count line.
pub fn github(w: &mut dyn Write, e: &EventReport, files: &[Checked]) -> io::Result<()> {
    for c in files {
        super::github::render(w, c)?;
    }
    super::github::skipped(w, &e.skipped)?;
    // The event's name is no workflow command: one line, escaped.
    writeln!(
        w,
        "{}: {}",
        super::github::escape_plain(&one_line(&e.name)),
        counts_of(e, files)
    )
}

/// A Markdown table cell (also the GitHub step summary) that is text
/// only: one line without control characters (`table::one_line`), HTML's
/// `<`, `>` and `&` as entities, and the characters of Markdown's own
/// syntax that could act inside a cell (the brackets of links and images,
/// emphasis, code, the cell's `|`, the `:` of an autolink, the `@` of an
/// e-mail autolink, the `.` after a `www` that GitHub links) escaped with
/// a backslash.
fn md(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in one_line(s).chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\\' | '|' | '[' | ']' | '*' | '_' | '`' | '~' | ':' | '@' => {
                out.push('\\');
                out.push(c);
            }
            '.' if out
                .get(out.len().saturating_sub(3)..)
                .is_some_and(|t| t.eq_ignore_ascii_case("www")) =>
            {
                out.push_str("\\.")
            }
            c => out.push(c),
        }
    }
    out
}

/// The roster as a Markdown table (the GitHub step summary).
pub fn markdown(w: &mut dyn Write, e: &EventReport, files: &[Checked]) -> io::Result<()> {
    writeln!(w, "### {}", md(&head(e)))?;
    writeln!(w)?;
    writeln!(w, "| {} |", HEADER.join(" | "))?;
    writeln!(w, "|{}", " --- |".repeat(HEADER.len()))?;
    for r in &e.roster {
        let mut c: Vec<String> = cells(r, e.sp_cap).iter().map(|x| md(x)).collect();
        c[6] = format!("`{}`", c[6]);
        writeln!(w, "| {} |", c.join(" | "))?;
    }
    writeln!(w)?;
    for s in &e.skipped {
        writeln!(w, "- skipped {}: {}", md(&s.file), md(&s.reason))?;
    }
    if !e.skipped.is_empty() {
        writeln!(w)?;
    }
    writeln!(w, "{}", counts_of(e, files))
}

/// Quotes a CSV field when it needs it (RFC 4180), with no control
/// character but the line feed (`table::printable`).
fn csv_field(s: &str) -> String {
    let s = printable(s);
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.into_owned()
    }
}

/// A text field a spreadsheet would take for a formula (it starts with
/// `=`, `+`, `-`, `@`, a tab or a CR) gets a leading `'`, as OWASP's CSV
/// injection advice says; numbers are written as they are.
fn csv_text(s: &str) -> String {
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        csv_field(&format!("'{s}"))
    } else {
        csv_field(s)
    }
}

/// The roster as CSV: one header line, one line per list; lists of values
/// (factions, ships, codes) separated by `; `.
pub fn csv(w: &mut dyn Write, e: &EventReport) -> io::Result<()> {
    writeln!(
        w,
        "file,player,factions,ships,total,cap,status,codes,fingerprint"
    )?;
    for r in &e.roster {
        let status = match r.status {
            Status::Legal => "legal",
            Status::Illegal => "illegal",
            Status::InputError => "input-error",
        };
        let line = [
            csv_text(&r.file),
            csv_text(r.player.as_deref().unwrap_or_default()),
            csv_text(&r.factions.join("; ")),
            csv_text(&r.ships.join("; ")),
            r.total.map(|t| t.to_string()).unwrap_or_default(),
            e.sp_cap.map(|t| t.to_string()).unwrap_or_default(),
            status.to_string(),
            csv_text(&r.codes.join("; ")),
            csv_text(r.fingerprint.as_deref().unwrap_or_default()),
        ];
        writeln!(w, "{}", line.join(","))?;
    }
    Ok(())
}
