//! A table fitted to a width (the terminal's, or `COLUMNS`, as the CLI
//! decides): its cells wrapped between words, never inside one.
//!
//! Every column gets at least its longest word (with the line's
//! indentation), so that no column ever wraps a word one letter at a time;
//! the space left is shared out evenly among the columns whose content is
//! wider than what they have, one character at a time, until each has its
//! content's width or the width is used up. A table whose longest words
//! alone are wider than the width is drawn wider than it, never broken
//! inside a word. Wrapped lines keep their cell's indentation.
//!
//! The cells are only re-cut into lines here: the table is then drawn by
//! [`super::grid`] like any other. Nothing is measured when no width is
//! given (pipes, files: the bulk of `check DIR`).

use std::borrow::Cow;
use unicode_width::UnicodeWidthStr;

/// The cells of `rows` wrapped so that the table of `header` and `rows`
/// fits `width` columns (borders included) where its words allow.
pub(crate) fn wrap<'a>(
    header: &[&str],
    rows: Vec<Vec<Cow<'a, str>>>,
    width: u16,
) -> Vec<Vec<Cow<'a, str>>> {
    let n = header.len();
    if n == 0 || rows.iter().any(|r| r.len() != n) {
        return rows;
    }
    let mut content: Vec<usize> = header.iter().map(|h| h.width()).collect();
    // The header is never wrapped: its width is a minimum.
    let mut least = content.clone();
    for r in &rows {
        for (i, cell) in r.iter().enumerate() {
            for line in cell.split('\n') {
                content[i] = content[i].max(line.width());
                least[i] = least[i].max(longest_word(line));
            }
        }
    }
    // One space of padding on each side of a column, a border after each,
    // and the first border.
    let frame = 3 * n + 1;
    let available = usize::from(width).saturating_sub(frame);
    if content.iter().sum::<usize>() <= available {
        return rows;
    }
    let widths = share(&least, &content, available);
    rows.into_iter()
        .map(|r| {
            r.into_iter()
                .zip(&widths)
                .map(|(cell, &w)| match cell.split('\n').any(|l| l.width() > w) {
                    true => Cow::Owned(wrap_cell(&cell, w)),
                    false => cell,
                })
                .collect()
        })
        .collect()
}

/// The narrowest the table of `header` and `rows` can be drawn (borders
/// included) without cutting a word: each column its longest word (or its
/// header).
pub(crate) fn narrowest(header: &[&str], rows: &[Vec<Cow<'_, str>>]) -> usize {
    let mut least: Vec<usize> = header.iter().map(|h| h.width()).collect();
    for r in rows {
        for (i, cell) in r.iter().enumerate().take(least.len()) {
            for line in cell.split('\n') {
                least[i] = least[i].max(longest_word(line));
            }
        }
    }
    least.iter().sum::<usize>() + 3 * header.len() + 1
}

/// Column widths: each at least `least`, then the rest of `available`
/// shared evenly among the columns narrower than their `content`.
fn share(least: &[usize], content: &[usize], available: usize) -> Vec<usize> {
    let mut widths = least.to_vec();
    let mut left = available.saturating_sub(widths.iter().sum());
    while left > 0 {
        let mut grew = false;
        for (w, &c) in widths.iter_mut().zip(content) {
            if left > 0 && *w < c {
                *w += 1;
                left -= 1;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    widths
}

/// The width a line needs at least: its indentation and its longest word.
fn longest_word(line: &str) -> usize {
    let indent = line.len() - line.trim_start_matches(' ').len();
    indent
        + line
            .split_whitespace()
            .map(|w| w.width())
            .max()
            .unwrap_or(0)
}

/// A cell's lines cut between words to `width`, each wrapped line keeping
/// its line's indentation.
fn wrap_cell(cell: &str, width: usize) -> String {
    let mut out = String::with_capacity(cell.len() + 16);
    for (i, line) in cell.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if line.width() <= width {
            out.push_str(line);
            continue;
        }
        let indent = &line[..line.len() - line.trim_start_matches(' ').len()];
        let mut used = 0;
        for word in line.split_whitespace() {
            let w = word.width();
            if used > 0 && used + 1 + w > width {
                out.push('\n');
                used = 0;
            }
            if used == 0 {
                out.push_str(indent);
                used = indent.len();
            } else {
                out.push(' ');
                used += 1;
            }
            out.push_str(word);
            used += w;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(cells: &[&[&'static str]]) -> Vec<Vec<Cow<'static, str>>> {
        cells
            .iter()
            .map(|r| r.iter().map(|c| Cow::Borrowed(*c)).collect())
            .collect()
    }

    #[test]
    fn a_table_that_fits_is_left_alone() {
        let r = rows(&[&["a b c", "1"]]);
        assert_eq!(wrap(&["A", "B"], r.clone(), 80), r);
    }

    #[test]
    fn words_are_never_split_and_indentation_is_kept() {
        let r = rows(&[&[
            "   Jean-Luc Picard (Cap906)",
            "+1 faction (Federation on Romulan)",
        ]]);
        let out = wrap(&["Card", "Modifiers"], r, 30);
        assert_eq!(out[0][0], "   Jean-Luc\n   Picard\n   (Cap906)");
        assert_eq!(out[0][1], "+1 faction\n(Federation\non Romulan)");
    }

    #[test]
    fn too_narrow_a_width_keeps_the_longest_words_whole() {
        let r = rows(&[&["Enterprise-D", "Federation"]]);
        let out = wrap(&["Card", "Why"], r, 10);
        assert_eq!(out[0][0], "Enterprise-D");
        assert_eq!(out[0][1], "Federation");
    }

    #[test]
    fn space_is_shared_evenly() {
        assert_eq!(share(&[2, 2, 4], &[10, 3, 20], 14), vec![5, 3, 6]);
        assert_eq!(share(&[2, 2], &[3, 3], 100), vec![3, 3]);
    }
}
