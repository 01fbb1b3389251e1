//! The roster of an event (`fleetcheck event`): one row per list (player
//! or file, factions, ships, total, verdict, the codes, the fingerprint),
//! then the event's counts; as a table, the JSON report, GitHub
//! annotations, Markdown (also the GitHub step summary) and CSV.

use super::model::{EventReport, Report, RosterRow, Status, Summary};
use super::{json, Checked, RenderOptions};
use comfy_table::{presets, Table};
use fleetcheck_input::diag::Severity;
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
}

/// The human roster: the event, the table, every error and warning of a
/// list (`file:line:col: code: message`), then the counts.
pub fn table(
    w: &mut dyn Write,
    e: &EventReport,
    files: &[Checked],
    _opts: &RenderOptions,
) -> io::Result<()> {
    writeln!(w, "{}", head(e))?;
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED).force_no_tty();
    t.set_header(HEADER.to_vec());
    for r in &e.roster {
        t.add_row(cells(r, e.sp_cap).to_vec());
    }
    writeln!(w, "{t}")?;
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
            writeln!(w, "{at}: {} {}: {}", d.severity, d.code, d.message)?;
        }
    }
    writeln!(w)?;
    writeln!(w, "{}", counts(&json::summary(files)))
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
    writeln!(w, "{}: {}", e.name, counts(&json::summary(files)))
}

/// Escapes a Markdown table cell.
fn md(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace('\n', " ")
}

/// The roster as a Markdown table (the GitHub step summary).
pub fn markdown(w: &mut dyn Write, e: &EventReport, files: &[Checked]) -> io::Result<()> {
    writeln!(w, "### {}", md(&head(e)))?;
    writeln!(w)?;
    writeln!(w, "| {} |", HEADER.join(" | "))?;
    writeln!(w, "|{}", " --- |".repeat(HEADER.len()))?;
    for r in &e.roster {
        let mut c = cells(r, e.sp_cap);
        c[6] = format!("`{}`", c[6]);
        let c: Vec<String> = c.iter().map(|x| md(x)).collect();
        writeln!(w, "| {} |", c.join(" | "))?;
    }
    writeln!(w)?;
    writeln!(w, "{}", counts(&json::summary(files)))
}

/// Quotes a CSV field when it needs it (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
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
        let fields = [
            r.file.clone(),
            r.player.clone().unwrap_or_default(),
            r.factions.join("; "),
            r.ships.join("; "),
            r.total.map(|t| t.to_string()).unwrap_or_default(),
            e.sp_cap.map(|t| t.to_string()).unwrap_or_default(),
            status.to_string(),
            r.codes.join("; "),
            r.fingerprint.clone().unwrap_or_default(),
        ];
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        writeln!(w, "{}", line.join(","))?;
    }
    Ok(())
}
