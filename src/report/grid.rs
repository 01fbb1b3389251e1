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

use unicode_width::UnicodeWidthStr;

/// The widest column this drawer handles; comfy-table measures widths in
/// `u16` and saturates beyond, which [`draw`] leaves to comfy-table.
const MAX_WIDTH: usize = u16::MAX as usize - 2;

/// Draws a table whose every row has one cell per header column, with the
/// columns listed in `right` right-aligned. `None` when comfy-table would
/// do something else than this drawer does (a row of another length, a
/// column wider than [`MAX_WIDTH`]): the caller then asks comfy-table.
pub fn draw<S: AsRef<str>>(header: &[&str], rows: &[Vec<S>], right: &[usize]) -> Option<String> {
    let n = header.len();
    if rows.iter().any(|r| r.len() != n) {
        return None;
    }
    let mut widths = vec![1usize; n];
    let mut measure = |i: usize, cell: &str| {
        for line in cell.split('\n') {
            widths[i] = widths[i].max(line.width());
        }
    };
    for (i, h) in header.iter().enumerate() {
        measure(i, h);
    }
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            measure(i, cell.as_ref());
        }
    }
    if widths.iter().any(|&w| w > MAX_WIDTH) {
        return None;
    }
    let total: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    let lines: usize = rows.iter().map(|r| row_height(r)).sum::<usize>() + 4;
    // Box-drawing characters are three bytes each.
    let mut out = String::with_capacity(total * lines * 2);
    rule(&mut out, &widths, '┌', '─', '┬', '┐');
    out.push('\n');
    row(&mut out, header, &widths, right);
    out.push('\n');
    rule(&mut out, &widths, '╞', '═', '╪', '╡');
    for r in rows {
        out.push('\n');
        row(&mut out, r, &widths, right);
    }
    out.push('\n');
    rule(&mut out, &widths, '└', '─', '┴', '┘');
    Some(out)
}

fn row_height<S: AsRef<str>>(cells: &[S]) -> usize {
    cells
        .iter()
        .map(|c| c.as_ref().split('\n').count())
        .max()
        .unwrap_or(0)
}

/// A border line: `left`, each column's width plus padding of `fill`,
/// `cross` between columns, `end`.
fn rule(out: &mut String, widths: &[usize], left: char, fill: char, cross: char, end: char) {
    out.push(left);
    for (i, &w) in widths.iter().enumerate() {
        if i > 0 {
            out.push(cross);
        }
        for _ in 0..w + 2 {
            out.push(fill);
        }
    }
    out.push(end);
}

/// The lines of one row (no newline after the last).
fn row<S: AsRef<str>>(out: &mut String, cells: &[S], widths: &[usize], right: &[usize]) {
    let height = row_height(cells);
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
            let w = widths[i];
            match part.next() {
                Some(line) => {
                    let pad = w - line.width();
                    out.push(' ');
                    if right.contains(&i) {
                        spaces(out, pad);
                        out.push_str(line);
                    } else {
                        out.push_str(line);
                        spaces(out, pad);
                    }
                    out.push(' ');
                }
                // A cell with fewer lines than the row: blank.
                None => spaces(out, w + 2),
            }
        }
        out.push('│');
    }
}

fn spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
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
