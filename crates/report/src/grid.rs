//! The report tables without wrapping, drawn directly: byte for byte what
//! comfy-table draws with the project's look (`UTF8_FULL_CONDENSED`,
//! `ContentArrangement::Disabled`, no colour), at a fraction of its cost.
//! Checking a directory of thousands of fleets spent a third of its time
//! in comfy-table's general layout; this is the same layout done once.
//!
//! What is reproduced: every column as wide as its widest line (at least
//! one column; widths by `unicode-width`, as comfy-table measures), one
//! space of padding on each side, cells split into lines at `\n` and
//! topped up with blank lines, left or right alignment per column (header
//! included), the borders `┌─┬┐ │┆│ ╞═╪╡ └─┴┘`, no trailing newline. The
//! equality is held by a property test against comfy-table itself
//! (`tests::same_bytes_as_comfy_table`).
//!
//! Why it is kept (measured 2026-12-01 with `bench/run.py`, release
//! builds, median CPU time of `check` over the 10,000 generated fleets,
//! two rounds on the shared 2-core machine at load average 11 to 14, so
//! wall times were meaningless and CPU times are quoted): with this drawer
//! 890 and 952 ms; with every table drawn by comfy-table 1364 and 1449 ms,
//! half as much again (the JSON output, which draws no table, 711 to 816
//! ms either way). The 1 s target of the 10,000 fleets leaves no room for
//! that.

use unicode_width::UnicodeWidthStr;

/// The widest column this drawer handles; comfy-table measures widths in
/// `u16` and saturates beyond, which [`draw`] leaves to comfy-table.
const MAX_WIDTH: usize = u16::MAX as usize - 2;

/// Marks a cell of several lines in the width table of [`draw`].
const LINES: usize = usize::MAX;

/// Draws a table whose every row has one cell per header column, with the
/// columns listed in `right` right-aligned. `None` when comfy-table would
/// do something else than this drawer does (a row of another length, a
/// column wider than [`MAX_WIDTH`]): the caller then asks comfy-table.
pub(crate) fn draw<S: AsRef<str>>(
    header: &[&str],
    rows: &[Vec<S>],
    right: &[usize],
) -> Option<String> {
    let n = header.len();
    if rows.iter().any(|r| r.len() != n) {
        return None;
    }
    // The width of every one-line cell (header first), measured once.
    let mut cells = Vec::with_capacity((rows.len() + 1) * n);
    let mut widths = vec![1usize; n];
    let mut height = measure(header.iter().copied(), &mut cells, &mut widths);
    for r in rows {
        height += measure(r.iter().map(AsRef::as_ref), &mut cells, &mut widths);
    }
    if widths.iter().any(|&w| w > MAX_WIDTH) {
        return None;
    }
    let line: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    // Box-drawing characters take three bytes.
    let mut out = String::with_capacity((line + 6) * (height + 3));
    rule(&mut out, &widths, ['┌', '┬', '┐'], RULE);
    out.push('\n');
    let mut measured = cells.chunks(n.max(1));
    row(
        &mut out,
        header,
        measured.next().unwrap_or(&[]),
        &widths,
        right,
    );
    out.push('\n');
    rule(&mut out, &widths, ['╞', '╪', '╡'], HEADER_RULE);
    for r in rows {
        out.push('\n');
        row(&mut out, r, measured.next().unwrap_or(&[]), &widths, right);
    }
    out.push('\n');
    rule(&mut out, &widths, ['└', '┴', '┘'], RULE);
    Some(out)
}

/// Measures one row: appends the width of each cell (or [`LINES`]) to
/// `cells`, widens `widths`; returns the row's height in lines.
fn measure<'a>(
    row: impl Iterator<Item = &'a str>,
    cells: &mut Vec<usize>,
    widths: &mut [usize],
) -> usize {
    let mut height = 1;
    for (i, cell) in row.enumerate() {
        if cell.contains('\n') {
            let mut lines = 0;
            for line in cell.split('\n') {
                widths[i] = widths[i].max(width(line));
                lines += 1;
            }
            height = height.max(lines);
            cells.push(LINES);
        } else {
            let w = width(cell);
            widths[i] = widths[i].max(w);
            cells.push(w);
        }
    }
    height
}

/// The display width of one line, as comfy-table measures it
/// (`unicode-width`); printable ASCII is one column a byte.
fn width(line: &str) -> usize {
    // Every byte looked at (no early exit): the loop is vectorised.
    if line
        .bytes()
        .fold(true, |ascii, b| ascii & (b' '..=b'~').contains(&b))
    {
        line.len()
    } else {
        line.width()
    }
}

// Runs of 32 of one character, for [`repeat`].
const SPACES: &str = "                                ";
const RULE: &str = "────────────────────────────────";
const HEADER_RULE: &str = "════════════════════════════════";

/// `n` times the one character `run` is made of (32 of them).
fn repeat(out: &mut String, run: &str, mut n: usize) {
    let size = run.len() / 32;
    while n > 0 {
        let k = n.min(32);
        out.push_str(&run[..k * size]);
        n -= k;
    }
}

/// A border line: the first corner, each column's width plus padding of
/// `run`'s character with the middle joint between columns, the last corner.
fn rule(out: &mut String, widths: &[usize], [left, cross, end]: [char; 3], run: &str) {
    out.push(left);
    for (i, &w) in widths.iter().enumerate() {
        if i > 0 {
            out.push(cross);
        }
        repeat(out, run, w + 2);
    }
    out.push(end);
}

/// The lines of one row (no newline after the last); `measured[i]` is the
/// width of cell `i`, or [`LINES`].
fn row<S: AsRef<str>>(
    out: &mut String,
    cells: &[S],
    measured: &[usize],
    widths: &[usize],
    right: &[usize],
) {
    let cell = |out: &mut String, i: usize, text: &str, w: usize| {
        let pad = widths[i] - w;
        out.push(' ');
        if right.contains(&i) {
            repeat(out, SPACES, pad);
            out.push_str(text);
        } else {
            out.push_str(text);
            repeat(out, SPACES, pad);
        }
        out.push(' ');
    };
    if !measured.contains(&LINES) {
        out.push('│');
        for (i, text) in cells.iter().enumerate() {
            if i > 0 {
                out.push('┆');
            }
            cell(out, i, text.as_ref(), measured[i]);
        }
        out.push('│');
        return;
    }
    let height = cells
        .iter()
        .map(|c| c.as_ref().split('\n').count())
        .max()
        .unwrap_or(0);
    let mut parts: Vec<std::str::Split<'_, char>> =
        cells.iter().map(|c| c.as_ref().split('\n')).collect();
    for k in 0..height {
        if k > 0 {
            out.push('\n');
        }
        out.push('│');
        for (i, part) in parts.iter_mut().enumerate() {
            if i > 0 {
                out.push('┆');
            }
            match part.next() {
                Some(line) => cell(out, i, line, width(line)),
                // A cell with fewer lines than the row: blank.
                None => repeat(out, SPACES, widths[i] + 2),
            }
        }
        out.push('│');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use comfy_table::{presets, CellAlignment, ContentArrangement, Table};
    use proptest::prelude::*;

    /// What the report renderers got from comfy-table before this drawer.
    fn comfy(header: &[&str], rows: &[Vec<String>], right: &[usize]) -> String {
        let mut t = Table::new();
        t.load_preset(presets::UTF8_FULL_CONDENSED)
            .force_no_tty()
            .set_content_arrangement(ContentArrangement::Disabled);
        t.set_header(header.to_vec());
        for r in rows {
            t.add_row(r.clone());
        }
        for &i in right {
            if let Some(c) = t.column_mut(i) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        t.to_string()
    }

    #[test]
    fn a_fleet_like_table() {
        let header = ["Card", "Type", "Base", "Modifiers", "Cost"];
        let rows: Vec<Vec<String>> = vec![
            ["1. Koranak (S171)", "ship", "26", "", "26"],
            [
                "   Gul Dukat (Cap721)",
                "captain",
                "5",
                "+1 faction (x)\n-2 discount",
                "4",
            ],
            ["   ship total: Koranak", "", "", "", "30"],
        ]
        .into_iter()
        .map(|r| r.map(String::from).to_vec())
        .collect();
        let ours = draw(&header, &rows, &[2, 4]).unwrap();
        assert_eq!(ours, comfy(&header, &rows, &[2, 4]));
        assert!(ours.starts_with("┌──"), "{ours}");
    }

    #[test]
    fn empty_tables_and_empty_cells() {
        let rows: Vec<Vec<String>> = Vec::new();
        assert_eq!(
            draw(&["A", ""], &rows, &[]).unwrap(),
            comfy(&["A", ""], &rows, &[])
        );
        let rows = vec![vec![String::new(), "\n\n".to_string()]];
        assert_eq!(
            draw(&["", "B"], &rows, &[1]).unwrap(),
            comfy(&["", "B"], &rows, &[1])
        );
    }

    #[test]
    fn ragged_rows_are_left_to_comfy_table() {
        let rows = vec![vec!["a".to_string()]];
        assert_eq!(draw(&["A", "B"], &rows, &[]), None);
    }

    /// Cell text with what could trip the layout: wide and zero-width
    /// characters, combining marks, line breaks, empty lines, spaces.
    fn cell() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop_oneof![
                Just("a"),
                Just("Worf"),
                Just(" "),
                Just("\n"),
                Just("é"),
                Just("e\u{301}"),
                Just("漢"),
                Just("🖖"),
                Just("\u{200B}"),
                Just("\t"),
                Just("\u{7f}"),
                Just("-12"),
                Just("'"),
            ],
            0..8,
        )
        .prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn same_bytes_as_comfy_table(
            header in proptest::collection::vec(cell(), 1..5),
            rows in proptest::collection::vec(proptest::collection::vec(cell(), 5), 0..6),
            right in proptest::collection::vec(0usize..5, 0..3),
        ) {
            let header: Vec<&str> = header.iter().map(String::as_str).collect();
            let rows: Vec<Vec<String>> =
                rows.into_iter().map(|mut r| { r.truncate(header.len()); r }).collect();
            prop_assert_eq!(draw(&header, &rows, &right).unwrap(), comfy(&header, &rows, &right));
        }
    }
}
