//! rustc-style diagnostics without colour, drawn directly for the common
//! case: byte for byte what annotate-snippets (0.11, `Renderer::plain`,
//! folded, no line trimming) draws, at a fraction of its cost. Checking a
//! directory of thousands of fleets spent a sixth of its time laying out
//! excerpts character by character in annotate-snippets' buffer.
//!
//! The common case: no excerpt at all, or one span within one line of
//! printable ASCII that does not start with more than 26 spaces (beyond,
//! annotate-snippets cuts the line on the left); a title, file and help
//! lines without line breaks, help lines not empty. Everything else is
//! `None`, and the caller draws with annotate-snippets. The equality is
//! held by a property test against annotate-snippets itself
//! (`super::table::tests::fast_excerpts_equal_annotate_snippets`).

use crate::input::diag::Severity;
use std::fmt::Write as _;
use std::ops::Range;

/// The parts of one diagnostic, ready to draw (control characters already
/// replaced, the span already made visible: see `super::table`).
pub struct Parts<'a> {
    pub severity: Severity,
    pub code: &'a str,
    pub title: &'a str,
    pub file: &'a str,
    /// The text and the span to underline in it.
    pub excerpt: Option<(&'a str, Range<usize>)>,
    /// A closing `note` line (the file, when nothing else names it).
    pub note: Option<&'a str>,
    pub help: &'a [String],
}

/// Leading spaces beyond which annotate-snippets cuts a line on the left.
const MAX_INDENT: usize = 26;

/// The diagnostic as annotate-snippets draws it (without the final line
/// break), or `None` outside the common case.
pub fn plain(p: &Parts<'_>) -> Option<String> {
    let breaks = |s: &str| s.contains('\n');
    if breaks(p.title)
        || breaks(p.file)
        || p.note.is_some_and(|n| n.is_empty() || breaks(n))
        || p.help.iter().any(|h| h.is_empty() || breaks(h))
    {
        return None;
    }
    let (level, mark) = match p.severity {
        Severity::Error => ("error", '^'),
        Severity::Warning => ("warning", '-'),
        Severity::Note => ("note", '-'),
    };
    let mut out = String::with_capacity(256);
    out.push_str(level);
    let _ = write!(out, "[{}]", p.code);
    if !p.title.is_empty() {
        out.push_str(": ");
        out.push_str(p.title);
    }
    // The width of the line-number column: 0 without an excerpt.
    let mut gutter = 0;
    if let Some((text, span)) = &p.excerpt {
        let (start, end) = (span.start, span.end);
        let on_one_line = start < end
            && end <= text.len()
            && text.is_char_boundary(start)
            && text.is_char_boundary(end)
            && !text[start..end].contains('\n');
        if !on_one_line {
            return None;
        }
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let line = &text[line_start..line_end];
        let indent = line.len() - line.trim_start_matches(' ').len();
        if !line.bytes().all(|b| b.is_ascii() && !b.is_ascii_control())
            || indent == line.len()
            || indent > MAX_INDENT
        {
            return None;
        }
        let number = 1 + text.as_bytes()[..line_start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        let column = start - line_start;
        gutter = number.to_string().len();
        let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
        out.push('\n');
        pad(&mut out, gutter);
        let _ = write!(out, "--> {}:{number}:{}", p.file, column + 1);
        out.push('\n');
        pad(&mut out, gutter + 1);
        out.push('|');
        let _ = write!(out, "\n{number} | {line}\n");
        pad(&mut out, gutter + 1);
        out.push('|');
        pad(&mut out, column + 1);
        out.extend(std::iter::repeat_n(mark, end - start));
        out.push('\n');
        pad(&mut out, gutter + 1);
        out.push('|');
    }
    let footers = p
        .note
        .map(|n| ("note", n))
        .into_iter()
        .chain(p.help.iter().map(|h| ("help", h.as_str())));
    for (kind, text) in footers {
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', gutter + 1));
        let _ = write!(out, "= {kind}: {text}");
    }
    Some(out)
}
