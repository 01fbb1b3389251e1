//! The printable fleet build sheet (`export --to sheet`): one HTML page with
//! print CSS, A4 or Letter, for a tournament organiser. It holds the
//! player, event and date fields (blank lines to fill in by hand when not
//! given), every ship in a box with its cards, types, slots and costs and
//! its total, the resource, the sideboard, the fleet total against the cap,
//! the format and the legality verdict with every violation. Up to four
//! ships fit one page (two columns of boxes); the page is self-contained
//! (no scripts, fonts or images from elsewhere). Each card stands by its
//! name and the set of the printing the list names (a reprint by the set
//! it was reprinted in), the Utopia id only in small print.
//!
//! The sheets of an event (`render_many`) begin with a cover page that
//! lists every submission with its verdict, the unreadable ones with their
//! error and the skipped files, so that the printout alone shows what is
//! missing. Every page is a `section.sheet`: a page break after each in
//! print, a bordered sheet with a gap between them on screen.

use crate::model::{CardReport, EventReport, Status};
use crate::{roster, Checked, Verdict};
use clap::ValueEnum;
use fleetcheck_data::Database;
use std::fmt::Write as _;

/// The page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Paper {
    #[default]
    A4,
    Letter,
}

impl Paper {
    fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }
}

/// The fields of the sheet's head.
#[derive(Debug, Clone, Default)]
pub struct Fields {
    pub player: Option<String>,
    pub event: Option<String>,
    pub date: Option<String>,
    pub paper: Paper,
}

/// Escapes text for HTML: markup as entities, and no control character
/// (an escape sequence in a player's name acts on a terminal that shows
/// the file: `table::printable`, the one neutraliser, replaces each).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in crate::table::printable(s).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = r#"
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9pt; margin: 0; color: #000; }
h1 { font-size: 14pt; margin: 0 0 2mm 0; }
.head { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 1mm 4mm; margin-bottom: 3mm; }
.field { border-bottom: 0.3mm solid #000; padding: 1mm 0; min-height: 6mm; }
.field b { font-weight: bold; margin-right: 2mm; }
.verdict { font-size: 11pt; font-weight: bold; padding: 1.5mm 2mm; border: 0.5mm solid #000; margin-bottom: 3mm; }
.ships { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.ship { border: 0.4mm solid #000; padding: 1.5mm; break-inside: avoid; page-break-inside: avoid; }
.ship h2 { font-size: 10pt; margin: 0 0 1mm 0; }
table { width: 100%; border-collapse: collapse; }
td, th { padding: 0.4mm 1mm; text-align: left; vertical-align: top; border-bottom: 0.1mm solid #999; }
th { font-size: 8pt; }
td.cost, th.cost { text-align: right; width: 10mm; }
td.kind { width: 22mm; font-size: 8pt; }
tr.total td { font-weight: bold; border-bottom: none; border-top: 0.3mm solid #000; }
.extras { margin-top: 3mm; display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.box { border: 0.4mm solid #000; padding: 1.5mm; break-inside: avoid; }
.box h2 { font-size: 10pt; margin: 0 0 1mm 0; }
.totals { margin-top: 3mm; font-size: 11pt; font-weight: bold; }
.problems { margin-top: 2mm; font-size: 8pt; }
.problems li { margin: 0.3mm 0; }
.set { font-style: italic; }
.id { color: #555; font-size: 6.5pt; }
.sheet.next { break-after: page; page-break-after: always; }
.sheetno { float: right; font-size: 8pt; }
.signature { margin-top: 4mm; display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; }
.cover td, .cover th { font-size: 8.5pt; }
.cover tr.input-error td, .cover tr.illegal td.verdict-cell { font-weight: bold; }
.skipped { margin-top: 3mm; }
@media screen {
  body { background: #d8d8d8; }
  .sheet { background: #fff; max-width: 210mm; margin: 10mm auto; padding: 10mm; border: 0.4mm solid #666; box-shadow: 0 1mm 3mm rgba(0, 0, 0, 0.3); }
  body > p { max-width: 210mm; margin: 0 auto 10mm auto; }
}
"#;

/// The set the card of this id (a printing) was printed in, by name: the
/// first released of its sets, and how many others there are ("Starter
/// Set and 5 more"); `None` for a card of no known set.
fn set_of(db: &Database, id: &str) -> Option<String> {
    let card = db.by_id(id)?;
    let mut sets: Vec<(&str, &str)> = card
        .sets
        .iter()
        .map(|s| {
            db.set(s).map_or((s.as_str(), "9999"), |set| {
                (set.name.as_str(), set.release_date.as_str())
            })
        })
        .collect();
    sets.sort_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(b.0)));
    let (first, _) = sets.first()?;
    Some(match sets.len() {
        1 => (*first).to_string(),
        n => format!("{first} and {} more", n - 1),
    })
}

/// A card as the sheet names it: its name, its set, its id in small print.
fn card_name(db: &Database, id: &str, name: &str) -> String {
    let set = set_of(db, id).map_or(String::new(), |s| {
        format!(" <span class=\"set\">({})</span>", escape(&s))
    });
    format!(
        "{}{set} <small class=\"id\">{}</small>",
        escape(name),
        escape(id)
    )
}

fn card_row(out: &mut String, db: &Database, c: &CardReport, indent: bool) {
    let kind = match &c.slot {
        Some(s) if s != "none" && c.kind == "upgrade" => s.clone(),
        _ => c.kind.replace('-', " "),
    };
    let mods: Vec<String> = c
        .modifiers
        .iter()
        .map(|m| format!("{:+} {}", m.amount, m.kind.replace('-', " ")))
        .collect();
    let note = if mods.is_empty() {
        String::new()
    } else {
        format!(" <small>({} {})</small>", c.base, escape(&mods.join(", ")))
    };
    let _ = writeln!(
        out,
        "<tr><td>{}{}{note}</td><td class=\"kind\">{}</td><td class=\"cost\">{}</td></tr>",
        if indent { "&nbsp;&nbsp;" } else { "" },
        card_name(db, &c.id, &c.name),
        escape(&kind),
        c.cost
    );
}

/// The sheet of a checked fleet (one that could be read: no input error).
pub fn render(db: &Database, checked: &Checked, fields: &Fields) -> String {
    let r = &checked.report;
    let mut out = head(r.name.as_deref().unwrap_or(&r.file), fields.paper);
    let _ = writeln!(out, "<section class=\"sheet\">");
    page(&mut out, db, checked, fields, None);
    let _ = writeln!(out, "</section>");
    out.push_str(&foot());
    out
}

/// The sheets of an event in one printable file (`fleetcheck event
/// --sheets`): the cover page (every submission of the roster `event`
/// with its verdict, the unreadable ones with their error, the skipped
/// files), then one page per readable list, each list's player its file's
/// `player`. `files` are the roster's lists, in its order.
pub fn render_many(
    db: &Database,
    event: &EventReport,
    files: &[Checked],
    fields: &Fields,
) -> String {
    let title = fields.event.as_deref().unwrap_or("Fleet build sheets");
    let mut out = head(title, fields.paper);
    let readable: Vec<&Checked> = files
        .iter()
        .filter(|c| c.verdict() != Verdict::InputError)
        .collect();
    let _ = writeln!(
        out,
        "<section class=\"sheet cover{}\">",
        if readable.is_empty() { "" } else { " next" }
    );
    cover(&mut out, db, event, files, fields);
    let _ = writeln!(out, "</section>");
    for (i, c) in readable.iter().enumerate() {
        let class = if i + 1 < readable.len() {
            "sheet next"
        } else {
            "sheet"
        };
        let _ = writeln!(out, "<section class=\"{class}\">");
        let fields = Fields {
            player: c.report.player.clone().or(fields.player.clone()),
            ..fields.clone()
        };
        page(&mut out, db, c, &fields, Some((i + 1, readable.len())));
        let _ = writeln!(out, "</section>");
    }
    out.push_str(&foot());
    out
}

/// The cover page: the event, the counts, one row per submission (its
/// sheet's number, or why it has none) and the skipped files.
fn cover(out: &mut String, db: &Database, event: &EventReport, files: &[Checked], fields: &Fields) {
    let _ = writeln!(
        out,
        "<h1>{} — Submissions</h1>",
        escape(fields.event.as_deref().unwrap_or(&event.name))
    );
    let format_name = db.format(&event.format).map_or(event.format.clone(), |x| {
        format!("{} ({})", x.name, event.format)
    });
    let field =
        |label: &str, v: &str| format!("<div class=\"field\"><b>{label}</b>{}</div>", escape(v));
    let _ = writeln!(
        out,
        "<div class=\"head\">{}{}{}</div>",
        field("Date", &event.date),
        field("Format", &format_name),
        field(
            "SP cap",
            &event.sp_cap.map_or(String::new(), |c| format!("{c} SP"))
        ),
    );
    let summary = crate::model::Summary::of(event.roster.iter().map(|r| r.status));
    let skipped = match event.skipped.len() {
        0 => String::new(),
        1 => ", 1 file skipped".to_string(),
        n => format!(", {n} files skipped"),
    };
    let _ = writeln!(
        out,
        "<p class=\"counts\">{}{skipped}</p>",
        escape(&roster::counts(&summary))
    );
    let _ = writeln!(
        out,
        "<table class=\"cover\">\n<tr><th>Sheet</th><th>Player</th><th>File</th><th>Verdict</th><th>Fingerprint</th></tr>"
    );
    let mut sheet = 0;
    for (row, c) in event.roster.iter().zip(files) {
        let (number, verdict) = match row.status {
            Status::InputError => {
                let why = c
                    .diagnostics
                    .iter()
                    .find(|d| d.is_error())
                    .map_or(String::new(), |d| format!(": {}: {}", d.code, d.message));
                (
                    "none".to_string(),
                    format!("{}{why}", roster::verdict(row.status)),
                )
            }
            s => {
                sheet += 1;
                // The codes of its errors and warnings, as the roster's.
                let verdict = if row.codes.is_empty() {
                    roster::verdict(s).to_string()
                } else {
                    format!("{} ({})", roster::verdict(s), row.codes.join(", "))
                };
                (sheet.to_string(), verdict)
            }
        };
        let _ = writeln!(
            out,
            "<tr class=\"{}\"><td>{number}</td><td>{}</td><td>{}</td><td class=\"verdict-cell\">{}</td><td>{}</td></tr>",
            match row.status {
                Status::Legal => "legal",
                Status::Illegal => "illegal",
                Status::InputError => "input-error",
            },
            escape(row.player.as_deref().unwrap_or("")),
            escape(&row.file),
            escape(&verdict),
            escape(row.fingerprint.as_deref().unwrap_or("")),
        );
    }
    let _ = writeln!(out, "</table>");
    if !event.skipped.is_empty() {
        let _ = writeln!(
            out,
            "<div class=\"skipped\"><h2>Skipped files (not checked)</h2>\n<ul>"
        );
        for s in &event.skipped {
            let _ = writeln!(out, "<li>{}: {}</li>", escape(&s.file), escape(&s.reason));
        }
        let _ = writeln!(out, "</ul></div>");
    }
}

fn head(title: &str, paper: Paper) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Fleet build sheet: {}</title>\n<style>\n@page {{ size: {}; margin: 10mm; }}{STYLE}</style>\n</head>\n<body>\n",
        escape(title),
        paper.css()
    )
}

fn foot() -> String {
    format!(
        "<p><small>Checked by fleetcheck {}.</small></p>\n</body>\n</html>",
        env!("CARGO_PKG_VERSION")
    )
}

/// One fleet's sheet, from its title to the signatures.
/// `number`: this sheet's number among the event's, and how many there are.
fn page(
    out: &mut String,
    db: &Database,
    checked: &Checked,
    fields: &Fields,
    number: Option<(usize, usize)>,
) {
    let r = checked.finish();
    if let Some((i, n)) = number {
        let _ = writeln!(out, "<div class=\"sheetno\">Sheet {i} of {n}</div>");
    }
    let _ = writeln!(out, "<h1>Star Trek: Attack Wing — Fleet Build Sheet</h1>");
    let field = |label: &str, v: Option<&str>| {
        format!(
            "<div class=\"field\"><b>{label}</b>{}</div>",
            escape(v.unwrap_or(""))
        )
    };
    let format_name = r.format.as_deref().map(|f| {
        db.format(f)
            .map_or(f.to_string(), |x| format!("{} ({f})", x.name))
    });
    let _ = writeln!(
        out,
        "<div class=\"head\">{}{}{}{}{}{}{}</div>",
        field("Player", fields.player.as_deref()),
        field("Event", fields.event.as_deref()),
        field("Date", fields.date.as_deref()),
        field("Fleet", r.name.as_deref()),
        field("Format", format_name.as_deref()),
        field("Fingerprint", r.fingerprint.as_deref()),
        field(
            "Fleet total",
            Some(&match (r.total, r.cap) {
                (Some(t), Some(c)) => format!("{t} / {c} SP"),
                (Some(t), None) => format!("{t} SP"),
                _ => String::new(),
            })
        ),
    );
    let verdict = match checked.verdict() {
        Verdict::Legal if r.not_tournament_legal => {
            "LEGAL, but NOT TOURNAMENT LEGAL (sandbox format)".to_string()
        }
        Verdict::Legal => "LEGAL".to_string(),
        v => {
            let codes: Vec<&str> = r
                .diagnostics
                .iter()
                .filter(|d| d.severity == "error")
                .map(|d| d.code.as_str())
                .collect();
            format!("{} ({})", v.as_str(), codes.join(", "))
        }
    };
    let _ = writeln!(
        out,
        "<div class=\"verdict\">Verdict: {}</div>",
        escape(&verdict)
    );
    let _ = writeln!(out, "<div class=\"ships\">");
    for (i, s) in r.ships.iter().enumerate() {
        let _ = writeln!(
            out,
            "<div class=\"ship\"><h2>Ship {}: {}</h2>\n<table>\n<tr><th>Card</th><th>Type</th><th class=\"cost\">SP</th></tr>",
            i + 1,
            escape(&s.ship.name)
        );
        let ship_card = CardReport {
            id: s.ship.id.clone(),
            name: s.ship.name.clone(),
            kind: "ship".into(),
            slot: None,
            base: s.cost - s.modifiers.iter().map(|m| m.amount).sum::<i32>(),
            modifiers: s.modifiers.clone(),
            cost: s.cost,
        };
        card_row(out, db, &ship_card, false);
        for c in &s.cards {
            card_row(out, db, c, true);
        }
        let _ = writeln!(
            out,
            "<tr class=\"total\"><td colspan=\"2\">Ship total</td><td class=\"cost\">{}</td></tr>\n</table></div>",
            s.total
        );
    }
    let _ = writeln!(out, "</div>");
    if r.resource.is_some() || r.sideboard.is_some() {
        let _ = writeln!(out, "<div class=\"extras\">");
        if let Some(res) = &r.resource {
            let _ = writeln!(
                out,
                "<div class=\"box\"><h2>Resource</h2><table><tr><td>{}</td><td class=\"cost\">{}</td></tr></table></div>",
                card_name(db, &res.id, &res.name),
                res.cost
            );
        }
        if let Some(sb) = &r.sideboard {
            let _ = writeln!(
                out,
                "<div class=\"box\"><h2>Reinforcements Sideboard (not in the fleet total)</h2><table>"
            );
            for c in &sb.cards {
                card_row(out, db, &c.card, false);
            }
            let _ = writeln!(
                out,
                "<tr class=\"total\"><td colspan=\"2\">Sideboard total (at most {})</td><td class=\"cost\">{}</td></tr></table></div>",
                sb.cap, sb.total
            );
        }
        let _ = writeln!(out, "</div>");
    }
    let mut total = String::new();
    if let Some(a) = r.additional_points.filter(|a| *a != 0) {
        let _ = write!(total, "Additional points: {a} SP · ");
    }
    match (r.total, r.cap) {
        (Some(t), Some(c)) => {
            let _ = write!(total, "Fleet total: {t} SP of {c} SP");
        }
        (Some(t), None) => {
            let _ = write!(total, "Fleet total: {t} SP");
        }
        _ => {}
    }
    let _ = writeln!(out, "<div class=\"totals\">{}</div>", escape(&total));
    let problems: Vec<_> = r
        .diagnostics
        .iter()
        .filter(|d| d.severity == "error" || d.severity == "warning")
        .collect();
    if !problems.is_empty() {
        let _ = writeln!(out, "<ul class=\"problems\">");
        for d in problems {
            let _ = writeln!(
                out,
                "<li>{} [{}]: {}</li>",
                escape(&d.severity),
                escape(&d.code),
                escape(&d.message)
            );
        }
        let _ = writeln!(out, "</ul>");
    }
    let _ = writeln!(
        out,
        "<div class=\"signature\"><div class=\"field\"><b>Player signature</b></div><div class=\"field\"><b>Checked by</b></div></div>"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("<a href='x'>&\"</a>"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;"
        );
        assert_eq!(escape("a\u{1b}]0;t\u{7}b\r\0"), "a ]0;t b  ");
    }
}
