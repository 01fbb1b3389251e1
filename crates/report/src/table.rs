//! The human report (`--output table`, the default): per file a header, a
//! table of ships and cards with their costs, the sideboard, the fleet total
//! against the cap, every diagnostic rendered rustc-style with an excerpt
//! of the fleet file, and a one-line verdict.
//!
//! Tables never look at the terminal themselves: the caller decides colour
//! and width through [`RenderOptions`], so that the same input always gives
//! the same bytes in tests and pipes. Without a width they are drawn by
//! [`super::grid`], else by comfy-table (`force_no_tty`), which wraps.
//! Diagnostics are drawn by [`super::excerpt`] (annotate-snippets).

use super::excerpt::Parts;
use super::model::{CardReport, FleetReport, Modifier, SkippedFile, Summary, TogetherReport};
use super::modifier::modifiers;
use super::{Checked, RenderOptions, Verdict};
use comfy_table::{presets, CellAlignment, ContentArrangement, Table};
use fleetcheck_input::diag::{Diagnostic, Lines, Severity, Source};
use std::borrow::Cow;
use std::io::{self, Write};

/// Renders one checked file: header, cost tables, diagnostics, verdict.
pub fn render(w: &mut dyn Write, checked: &Checked, opts: &RenderOptions) -> io::Result<()> {
    let r = &checked.report;
    header(w, r)?;
    if r.game == "staw" {
        if has_costs(r) {
            writeln!(w, "{}", fleet_table(r, opts))?;
            if let Some(sb) = &r.sideboard {
                writeln!(w, "{}", sideboard_table(sb, opts))?;
                writeln!(w, "{}", sideboard_line(sb.total, sb.cap))?;
            }
            if let Some(total) = r.total {
                writeln!(w, "{}", total_line(total, r.cap))?;
            }
        }
    } else if let Some(text) = &checked.text {
        write!(w, "{text}")?;
        if !text.ends_with('\n') {
            writeln!(w)?;
        }
    }
    diagnostics(w, checked, opts)?;
    verdict(w, checked, opts)
}

/// Renders several files, separated by blank lines, with a closing summary
/// line when there is more than one.
pub fn render_all(w: &mut dyn Write, files: &[Checked], opts: &RenderOptions) -> io::Result<()> {
    for (i, c) in files.iter().enumerate() {
        if i > 0 {
            writeln!(w)?;
        }
        render(w, c, opts)?;
    }
    if files.len() > 1 {
        writeln!(w)?;
        writeln!(w, "{}", summary(files, 0))?;
    }
    Ok(())
}

/// "3 files checked: 1 legal, 1 illegal, 1 input error", and "; 2
/// skipped" when files of the walk were `skipped`.
pub fn summary(files: &[Checked], skipped: usize) -> String {
    summary_of(&super::json::summary(files), skipped)
}

/// [`summary`] of the counts alone (what `check DIR` keeps of its files).
pub fn summary_of(counts: &Summary, skipped: usize) -> String {
    let mut s = format!(
        "{} {} checked: {} legal, {} illegal, {} input {}",
        counts.files,
        plural(counts.files, "file", "files"),
        counts.legal,
        counts.illegal,
        counts.input_errors,
        plural(counts.input_errors, "error", "errors"),
    );
    if skipped > 0 {
        s.push_str(&format!("; {skipped} skipped"));
    }
    s
}

/// The line of several fleets checked with one collection
/// ([`crate::staw::together`]): whether they can all be built at the same
/// time, and if not, a `not-owned` warning with the cards short.
pub fn together(t: &TogetherReport) -> String {
    let left_out = if t.left_out == 0 {
        String::new()
    } else {
        format!(
            " ({} {} that could not be priced left out)",
            t.left_out,
            plural(t.left_out, "file", "files")
        )
    };
    if t.fits {
        return format!(
            "collection {}: the {} fleets can all be built at the same time{left_out}",
            one_line(&t.file),
            t.fleets
        );
    }
    let short: Vec<String> = t
        .short
        .iter()
        .map(|u| {
            format!(
                "{} ({}) {} short ({} used, {} held)",
                u.name, u.id, u.short, u.needed, u.owned
            )
        })
        .collect();
    format!(
        "warning[not-owned]: collection {}: the {} fleets cannot all be built at the same time{left_out}: {}",
        one_line(&t.file),
        t.fleets,
        short.join(", ")
    )
}

/// One line for each file of the walk that was not checked: "skipped
/// FILE: REASON" (never an error).
pub fn skipped(w: &mut dyn Write, skipped: &[SkippedFile]) -> io::Result<()> {
    for s in skipped {
        writeln!(w, "skipped {}: {}", one_line(&s.file), s.reason)?;
    }
    Ok(())
}

/// True when the report has costs to show (the file was read and priced).
pub(crate) fn has_costs(r: &FleetReport) -> bool {
    r.total.is_some() || !r.ships.is_empty()
}

pub(crate) fn header(w: &mut dyn Write, r: &FleetReport) -> io::Result<()> {
    // The file's name and the fleet's are shown as text ([`one_line`]).
    match &r.name {
        Some(name) => writeln!(w, "{}: {}", one_line(&r.file), one_line(name))?,
        None => writeln!(w, "{}", one_line(&r.file))?,
    }
    // "game G, format F, as of D", whichever the report has.
    let facts = [
        ("game ", Some(r.game.as_str()).filter(|g| *g != "staw")),
        ("format ", r.format.as_deref()),
        ("as of ", r.as_of.as_deref()),
    ];
    let mut line = String::new();
    for (word, value) in facts {
        if let Some(v) = value {
            if !line.is_empty() {
                line.push_str(", ");
            }
            line.push_str(word);
            line.push_str(v);
        }
    }
    if !line.is_empty() {
        line.push('\n');
        w.write_all(line.as_bytes())?;
    }
    if r.not_tournament_legal {
        writeln!(w, "NOT TOURNAMENT LEGAL (sandbox format)")?;
    }
    Ok(())
}

/// A comfy-table with the project's look, never wrapping unless a width is
/// given.
pub(crate) fn new_table(opts: &RenderOptions) -> Table {
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED).force_no_tty();
    match opts.width {
        Some(width) => {
            t.set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width);
        }
        None => {
            t.set_content_arrangement(ContentArrangement::Disabled);
        }
    }
    t
}

pub(crate) fn right(t: &mut Table, columns: &[usize]) {
    for &i in columns {
        if let Some(c) = t.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
}

/// Draws a report table by [`super::grid`], its cells first wrapped
/// between words to the width when one is given ([`super::fit`]). Only a
/// table the grid does not draw (rows of unequal length) goes to
/// comfy-table.
pub(crate) fn draw(
    header: &[&str],
    rows: Vec<Vec<Cow<'_, str>>>,
    right_cols: &[usize],
    opts: &RenderOptions,
) -> String {
    let rows = match opts.width {
        Some(width) => super::fit::wrap(header, rows, width),
        None => rows,
    };
    if let Some(text) = super::grid::draw(header, &rows, right_cols) {
        return text;
    }
    let mut t = new_table(&RenderOptions {
        width: None,
        ..*opts
    });
    t.set_header(header.to_vec());
    for r in rows {
        t.add_row(r);
    }
    right(&mut t, right_cols);
    t.to_string()
}

/// [`draw`] of a table that must fit the width even where its longest words
/// do not: the columns of `leave_out` (indexes of `header`, the least
/// useful first) are left out one by one until the table fits, and a line
/// under it names them and `whole`, the output that has them all. Without
/// a width, or when it fits, the whole table.
pub(crate) fn draw_within(
    header: &[&str],
    rows: Vec<Vec<Cow<'_, str>>>,
    right_cols: &[usize],
    opts: &RenderOptions,
    (leave_out, whole): (&[usize], &str),
) -> String {
    let mut keep: Vec<usize> = (0..header.len()).collect();
    if let Some(width) = opts.width {
        let fits = |keep: &[usize]| {
            let h: Vec<&str> = keep.iter().map(|&i| header[i]).collect();
            let r: Vec<Vec<Cow<'_, str>>> = rows
                .iter()
                .map(|r| keep.iter().map(|&i| Cow::Borrowed(r[i].as_ref())).collect())
                .collect();
            super::fit::narrowest(&h, &r) <= usize::from(width)
        };
        for drop in leave_out {
            if fits(&keep) {
                break;
            }
            keep.retain(|i| i != drop);
        }
    }
    if keep.len() == header.len() {
        return draw(header, rows, right_cols, opts);
    }
    let shown: Vec<&str> = keep.iter().map(|&i| header[i]).collect();
    let right: Vec<usize> = keep
        .iter()
        .enumerate()
        .filter(|(_, i)| right_cols.contains(i))
        .map(|(at, _)| at)
        .collect();
    let rows = rows
        .into_iter()
        .map(|r| {
            r.into_iter()
                .enumerate()
                .filter(|(i, _)| keep.contains(i))
                .map(|(_, c)| c)
                .collect()
        })
        .collect();
    let left: Vec<&str> = (0..header.len())
        .filter(|i| !keep.contains(i))
        .map(|i| header[i])
        .collect();
    format!(
        "{}\n(not shown at {} columns: {}; {whole})",
        draw(&shown, rows, &right, opts),
        opts.width.unwrap_or_default(),
        left.join(", ")
    )
}

fn fleet_table(r: &FleetReport, opts: &RenderOptions) -> String {
    // A row for each ship, each card and each ship total; the resource and
    // the additional points.
    let cards: usize = r.ships.iter().map(|s| s.cards.len()).sum();
    let mut rows = Vec::with_capacity(2 * r.ships.len() + cards + 2);
    for (n, ship) in r.ships.iter().enumerate() {
        let base = base_of(ship.cost, &ship.modifiers);
        rows.push(vec![
            named(&(n + 1).to_string(), ". ", &ship.ship.name, &ship.ship.id).into(),
            "ship".into(),
            "".into(),
            number(base),
            modifiers(&ship.ship.name, &ship.ship.id, &ship.modifiers).into(),
            number(ship.cost),
        ]);
        for c in &ship.cards {
            rows.push(card_row(c, "   "));
        }
        rows.push(vec![
            ["   ship total: ", ship.ship.name.as_str()].concat().into(),
            "".into(),
            "".into(),
            "".into(),
            "".into(),
            number(ship.total),
        ]);
    }
    if let Some(res) = &r.resource {
        let base = base_of(res.cost, &res.modifiers);
        rows.push(vec![
            named("", "", &res.name, &res.id).into(),
            "resource".into(),
            "".into(),
            number(base),
            modifiers(&res.name, &res.id, &res.modifiers).into(),
            number(res.cost),
        ]);
    }
    if let Some(points) = r.additional_points.filter(|&p| p != 0) {
        rows.push(vec![
            "additional points".into(),
            "".into(),
            "".into(),
            "".into(),
            "".into(),
            number(points),
        ]);
    }
    draw(
        &["Card", "Type", "Slot", "Base", "Modifiers", "Cost"],
        rows,
        &[3, 5],
        opts,
    )
}

/// A number as a table cell: 0 to 99, most costs, borrowed from a table
/// written once (a `to_string` per cell was an allocation each).
fn number(n: i32) -> Cow<'static, str> {
    static SMALL: std::sync::LazyLock<Vec<String>> =
        std::sync::LazyLock::new(|| (0..100).map(|n: i32| n.to_string()).collect());
    match usize::try_from(n) {
        Ok(i) if i < 100 => Cow::Borrowed(SMALL[i].as_str()),
        _ => Cow::Owned(n.to_string()),
    }
}

/// "{number}{dot}{name} ({id})", the name cell of a row, in one
/// allocation (a `format!` per row was a tenth of drawing a fleet's table).
fn named(number: &str, dot: &str, name: &str, id: &str) -> String {
    let mut s = String::with_capacity(number.len() + dot.len() + name.len() + id.len() + 3);
    for part in [number, dot, name, " (", id, ")"] {
        s.push_str(part);
    }
    s
}

fn card_row<'r>(c: &'r CardReport, indent: &str) -> Vec<Cow<'r, str>> {
    vec![
        named(indent, "", &c.name, &c.id).into(),
        // Words, not ids: "fleet captain", "Borg".
        match c.kind.contains('-') {
            true => c.kind.replace('-', " ").into(),
            false => c.kind.as_str().into(),
        },
        c.slot
            .as_deref()
            .map_or("", fleetcheck_data::names::slot)
            .into(),
        number(c.base),
        modifiers(&c.name, &c.id, &c.modifiers).into(),
        number(c.cost),
    ]
}

pub(crate) fn sideboard_table(sb: &super::model::SideboardReport, opts: &RenderOptions) -> String {
    let rows = sb
        .cards
        .iter()
        .map(|c| {
            vec![
                c.section.as_str().into(),
                format!("{} ({})", c.card.name, c.card.id).into(),
                number(c.card.base),
                modifiers(&c.card.name, &c.card.id, &c.card.modifiers).into(),
                number(c.card.cost),
            ]
        })
        .collect();
    draw(
        &["Sideboard", "Card", "Base", "Modifiers", "Cost"],
        rows,
        &[2, 4],
        opts,
    )
}

/// The printed cost behind a cost and its modifiers (ships and resources
/// carry no separate base in the report).
pub fn base_of(cost: i32, mods: &[Modifier]) -> i32 {
    cost - mods.iter().map(|m| m.amount).sum::<i32>()
}

/// "Total 104 / 100 SP" (or "Total 104 SP" without a cap), with the excess.
pub(crate) fn total_line(total: i32, cap: Option<i32>) -> String {
    match cap {
        Some(cap) if total > cap => format!("Total {total} / {cap} SP ({} over)", total - cap),
        Some(cap) => format!("Total {total} / {cap} SP"),
        None => format!("Total {total} SP (no cap)"),
    }
}

/// "Sideboard 19 / 20 SP", with the excess when over.
pub(crate) fn sideboard_line(total: i32, cap: i32) -> String {
    if total > cap {
        format!("Sideboard {total} / {cap} SP ({} over)", total - cap)
    } else {
        format!("Sideboard {total} / {cap} SP")
    }
}

/// Every diagnostic of a file, rustc-style, each followed by a blank line.
pub fn diagnostics(w: &mut dyn Write, checked: &Checked, opts: &RenderOptions) -> io::Result<()> {
    if !checked.diagnostics.is_empty() {
        writeln!(w)?;
    }
    // How many of each code were shown: a file has diagnostics of a few
    // codes (kept in a list, searched for each diagnostic).
    let mut shown: Vec<(fleetcheck_input::diag::Code, usize)> = Vec::new();
    // The checked file made ready to show once, at its first excerpt.
    let mut own: Option<Option<Shown>> = None;
    // One buffer for every diagnostic of the file.
    let mut text = String::new();
    // Only a file of more diagnostics than that can leave some out.
    let few = checked.diagnostics.len() <= super::MAX_SHOWN_PER_CODE;
    for d in &checked.diagnostics {
        if !few {
            let i = match shown.iter().position(|(c, _)| *c == d.code) {
                Some(i) => i,
                None => {
                    shown.push((d.code, 0));
                    shown.len() - 1
                }
            };
            shown[i].1 += 1;
            if shown[i].1 > super::MAX_SHOWN_PER_CODE {
                continue;
            }
        }
        text.clear();
        match &d.file {
            // A diagnostic of a file the checked one names: excerpt that file.
            Some(other) => {
                let shown = Shown::of(other);
                draw_into(&mut text, Some(&shown), &other.path, d, opts);
            }
            None => {
                let ready = own.get_or_insert_with(|| checked.source.as_ref().map(Shown::of));
                draw_into(&mut text, ready.as_ref(), &checked.report.file, d, opts);
            }
        }
        text.push_str("\n\n");
        w.write_all(text.as_bytes())?;
    }
    for (code, count, severity) in super::omitted(checked) {
        let word = severity.as_str();
        let s = if count == 1 { "" } else { "s" };
        writeln!(
            w,
            "... and {count} more `{code}` {word}{s} in {} (the first {} are shown)\n",
            one_line(&checked.report.file),
            super::MAX_SHOWN_PER_CODE
        )?;
    }
    Ok(())
}

/// One diagnostic: `error[code]: message`, ` --> file:line:col`, the
/// excerpt with a caret under the span, then the help lines.
pub fn diagnostic(
    w: &mut dyn Write,
    source: Option<&Source>,
    file: &str,
    d: &Diagnostic,
    opts: &RenderOptions,
) -> io::Result<()> {
    let shown = source.map(Shown::of);
    diagnostic_in(w, shown.as_ref(), file, d, opts)
}

/// A file as its excerpts show it, made once for all its diagnostics: its
/// text with control characters replaced ([`printable`]) and its line
/// starts (a large file with many diagnostics is not scanned again for
/// each).
struct Shown<'a> {
    text: Cow<'a, str>,
    lines: Lines<'a>,
}

impl<'a> Shown<'a> {
    fn of(source: &'a Source) -> Shown<'a> {
        Shown {
            text: printable(&source.text),
            // `printable` keeps every byte offset and line break: the
            // lines of the file are those of its shown text.
            lines: Lines::of(&source.text),
        }
    }
}

/// [`diagnostic`] on a file already made ready to show.
fn diagnostic_in(
    w: &mut dyn Write,
    shown: Option<&Shown<'_>>,
    file: &str,
    d: &Diagnostic,
    opts: &RenderOptions,
) -> io::Result<()> {
    let mut text = String::new();
    draw_into(&mut text, shown, file, d, opts);
    text.push('\n');
    w.write_all(text.as_bytes())
}

/// The drawing of one diagnostic (without the final line break), appended
/// to `out`.
fn draw_into(
    out: &mut String,
    shown: Option<&Shown<'_>>,
    file: &str,
    d: &Diagnostic,
    opts: &RenderOptions,
) {
    let file = &*one_line(file);
    let title = printable(&d.message);
    // The excerpt is the user's file: its control characters are shown as
    // stand-ins of the same byte length, so that spans stay valid, the
    // terminal is not driven by them, and the snippet renderer (which
    // mis-measures lines holding `\r` or form feeds) gets plain text.
    let excerpt = match (shown, &d.span) {
        (Some(s), Some(span)) => visible_span(&s.text, span.clone()).map(|v| (&*s.text, v)),
        _ => None,
    };
    let help: Vec<String> = d.help.iter().map(|h| printable(h).into_owned()).collect();
    // Without an excerpt, still name the file.
    let origin = match excerpt {
        None => format!("in {file}"),
        Some(_) => String::new(),
    };
    let parts = Parts {
        severity: d.severity,
        code: d.code.as_str(),
        title: &title,
        file,
        // The header names the file already; repeat it only when the
        // message does not.
        note: (excerpt.is_none() && !d.message.contains(file)).then_some(origin.as_str()),
        excerpt,
        lines: shown.map(|s| &s.lines),
        help: &help,
    };
    super::excerpt::draw_into(out, &parts, opts.color);
}

/// `text` on one line with no control character at all (ESC and OSC
/// sequences, CR, NUL, line breaks): [`printable`], and each line feed a
/// space. The one neutraliser of a text shown in one cell or one line of
/// a report (the roster's player, file and event names, `fix`'s
/// questions).
pub fn one_line(text: &str) -> Cow<'_, str> {
    match printable(text) {
        Cow::Borrowed(t) if !t.contains('\n') => Cow::Borrowed(t),
        t => Cow::Owned(t.replace('\n', " ")),
    }
}

/// `text` with every control character but the line feed replaced by
/// stand-ins of the same UTF-8 length (a space for one-byte ones, `?` for
/// the rest), so byte offsets into the original stay valid.
pub(crate) fn printable(text: &str) -> Cow<'_, str> {
    // Most texts have nothing to replace: no copy (the excerpt's text is
    // the whole file). The control characters are the bytes below a space
    // (but the line feed), DEL, and U+0080 to U+009F, which UTF-8 writes
    // after the byte 0xC2: a text without them has none.
    // Every byte looked at (no early exit): the loop is vectorised.
    let maybe = text.bytes().fold(false, |any, b| {
        any | ((b < b' ') & (b != b'\n')) | (b == 0x7f) | (b == 0xc2)
    });
    if !maybe || !text.chars().any(|c| c.is_control() && c != '\n') {
        return Cow::Borrowed(text);
    }
    text.chars()
        .flat_map(|c| {
            let stand_in = match c {
                '\n' => None,
                c if c.is_control() && c.len_utf8() == 1 => Some(" ".to_string()),
                c if c.is_control() => Some("?".repeat(c.len_utf8())),
                _ => None,
            };
            stand_in
                .unwrap_or_else(|| c.to_string())
                .chars()
                .collect::<Vec<_>>()
        })
        .collect()
}

/// A span annotate-snippets can draw: inside the text, on char boundaries,
/// at least one character wide (an empty span at the end of the file points
/// at the last character), and not ending in the line break.
fn visible_span(text: &str, span: std::ops::Range<usize>) -> Option<std::ops::Range<usize>> {
    if text.is_empty() {
        return None;
    }
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while i > 0 && !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let mut start = floor(span.start);
    let mut end = floor(span.end.max(span.start));
    if start >= text.len() {
        // Past the end: point at the last visible character.
        start = floor(text.trim_end().len().saturating_sub(1));
        end = text.len();
    }
    if end <= start {
        end = text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
    }
    // A caret under a line break draws nothing useful; keep it on the line.
    while end > start + 1 && matches!(text.as_bytes()[end - 1], b'\n' | b'\r') {
        end -= 1;
    }
    Some(start..end)
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// "ILLEGAL fleets/x.toml: 2 errors, 1 warning".
pub fn verdict_line(checked: &Checked) -> String {
    let v = checked.verdict();
    let errors = checked.count(Severity::Error);
    let warnings = checked.count(Severity::Warning);
    let mut counts = Vec::new();
    if errors > 0 {
        counts.push(format!("{errors} {}", plural(errors, "error", "errors")));
    }
    if warnings > 0 {
        counts.push(format!(
            "{warnings} {}",
            plural(warnings, "warning", "warnings")
        ));
    }
    let mut line = format!("{} {}", v.as_str(), one_line(&checked.report.file));
    if !counts.is_empty() {
        line.push_str(": ");
        line.push_str(&counts.join(", "));
    }
    if checked.report.not_tournament_legal && v == Verdict::Legal {
        line.push_str(" (sandbox: NOT TOURNAMENT LEGAL)");
    }
    line
}

pub(crate) fn verdict(
    w: &mut dyn Write,
    checked: &Checked,
    opts: &RenderOptions,
) -> io::Result<()> {
    let line = verdict_line(checked);
    if opts.color {
        let colour = match checked.verdict() {
            Verdict::Legal => "32",
            Verdict::Illegal => "31",
            Verdict::InputError => "35",
        };
        writeln!(w, "\x1b[1;{colour}m{line}\x1b[0m")
    } else {
        writeln!(w, "{line}")
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
