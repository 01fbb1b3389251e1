//! The one drawer of rustc-style diagnostics: annotate-snippets (0.12,
//! folded, `Renderer::plain` or `Renderer::styled`), given only the lines
//! the span covers and never more than a bounded slice of a line.
//!
//! What it is given: the diagnostic's text with its control characters
//! already replaced and its span made visible (see `super::table`). What it
//! hands annotate-snippets: the lines of the span, numbered as in the file
//! (not the whole file: annotate-snippets lays out all it is given). When
//! one of them is longer than [`MAX_LINE_CHARS`] characters (a minified
//! line, binary junk), the excerpt shows only the first line of the span,
//! cut to a window of at most [`MAX_LINE_CHARS`] characters around the
//! span's start, with `...` where it is cut; the ` --> file:line:col` line
//! still gives the column in the whole line. annotate-snippets' own cutting
//! of long lines is not used: it underflows on lines whose leading
//! whitespace reaches past the span (found by fuzzing).

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use fleetcheck_input::diag::{Lines, Severity};
use std::borrow::Cow;
use std::ops::Range;

/// The parts of one diagnostic, ready to draw (control characters already
/// replaced, the span already made visible: see `super::table`).
pub(crate) struct Parts<'a> {
    pub severity: Severity,
    pub code: &'a str,
    pub title: &'a str,
    pub file: &'a str,
    /// The text and the span to underline in it.
    pub excerpt: Option<(&'a str, Range<usize>)>,
    /// The line starts of that text, when the caller found them once for
    /// many diagnostics of one file (else the excerpt counts its lines).
    pub lines: Option<&'a Lines<'a>>,
    /// A closing `note` line (the file, when nothing else names it).
    pub note: Option<&'a str>,
    pub help: &'a [String],
}

/// The most characters of one line an excerpt shows.
pub(crate) const MAX_LINE_CHARS: usize = 200;

/// What is drawn of a long line where it is cut.
const CUT: &str = "...";

/// The lines an excerpt shows: their text, the span in it, the number of
/// the first line, and the real column of the span's start when the line
/// was cut (the drawn one is then wrong and is replaced).
struct Window<'a> {
    text: Cow<'a, str>,
    span: Range<usize>,
    first_line: usize,
    column: Option<(usize, usize)>,
}

/// The diagnostic, drawn (without the final line break).
pub(crate) fn draw(p: &Parts<'_>, color: bool) -> String {
    let window = p
        .excerpt
        .as_ref()
        .map(|(text, span)| window(text, span, p.lines));
    let text = render(p, window.as_ref(), color);
    match &window {
        Some(Window {
            column: Some((drawn, real)),
            first_line,
            ..
        }) => fix_column(text, p.file, *first_line, *drawn, *real),
        _ => text,
    }
}

/// The lines of `span` in `text` (see the module doc).
fn window<'a>(text: &'a str, span: &Range<usize>, lines: Option<&Lines<'_>>) -> Window<'a> {
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    // The end of the last line of the span, with its line break.
    let last = text[..end]
        .char_indices()
        .next_back()
        .map_or(start, |(i, _)| i)
        .max(start);
    let line_end = text[last..].find('\n').map_or(text.len(), |i| last + i + 1);
    let first_line = match lines {
        Some(l) => l.line_col(line_start).0,
        None => {
            1 + text.as_bytes()[..line_start]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
        }
    };
    let lines = &text[line_start..line_end];
    let short = lines
        .split('\n')
        .all(|l| l.len() <= MAX_LINE_CHARS || l.chars().count() <= MAX_LINE_CHARS);
    if short {
        return Window {
            text: Cow::Borrowed(lines),
            span: start - line_start..end - line_start,
            first_line,
            column: None,
        };
    }
    // A long line: the first line of the span only, cut around its start.
    let line = lines.split('\n').next().unwrap_or("");
    let line = line.strip_suffix('\r').unwrap_or(line);
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let at = |byte: usize| chars.partition_point(|&(i, _)| i < byte);
    let s = at(start - line_start);
    let e = at((end - line_start).min(line.len())).max(s + 1);
    // At most three quarters of the window underlined, so that some of
    // what comes before the span is shown too.
    let width = (e - s).min(MAX_LINE_CHARS - MAX_LINE_CHARS / 4);
    let left = s
        .saturating_sub((MAX_LINE_CHARS - width) / 2)
        .min(chars.len().saturating_sub(MAX_LINE_CHARS));
    let right = (left + MAX_LINE_CHARS).min(chars.len());
    let byte = |c: usize| chars.get(c).map_or(line.len(), |&(i, _)| i);
    let mut shown = String::with_capacity(MAX_LINE_CHARS * 4 + 2 * CUT.len());
    if left > 0 {
        shown.push_str(CUT);
    }
    let offset = shown.len();
    shown.push_str(&line[byte(left)..byte(right)]);
    if right < chars.len() {
        shown.push_str(CUT);
    }
    let span_start = offset + byte(s) - byte(left);
    if span_start >= shown.len() {
        // The span is the line's end: point at a blank after it.
        shown.push(' ');
    }
    let span_end = (offset + byte(s + width) - byte(left)).max(span_start + 1);
    let drawn = shown[..span_start].chars().count() + 1;
    Window {
        span: span_start..span_end.min(shown.len()),
        text: Cow::Owned(shown),
        first_line,
        column: Some((drawn, s + 1)),
    }
}

/// Draws by annotate-snippets.
fn render(p: &Parts<'_>, window: Option<&Window<'_>>, color: bool) -> String {
    let level = match p.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
    // Never let annotate-snippets cut lines (see the module doc): the
    // window is at most `MAX_LINE_CHARS` wide already.
    .term_width(1 << 24);
    let mut group = Group::with_title(level.primary_title(p.title).id(p.code));
    if let Some(w) = window {
        group = group.element(
            Snippet::source(&*w.text)
                .line_start(w.first_line)
                .path(p.file)
                .fold(true)
                .annotation(AnnotationKind::Primary.span(w.span.clone())),
        );
    }
    if let Some(note) = p.note {
        group = group.element(Level::NOTE.message(note));
    }
    for h in p.help {
        group = group.element(Level::HELP.message(h.as_str()));
    }
    renderer.render(&[group])
}

/// Puts the real column in the ` --> file:line:col` line of a cut line.
fn fix_column(text: String, file: &str, line: usize, drawn: usize, real: usize) -> String {
    let Some(arrow) = text.find("-->") else {
        return text;
    };
    let from = format!("{file}:{line}:{drawn}");
    match text[arrow..].find(&from) {
        Some(i) => {
            let at = arrow + i;
            format!(
                "{}{file}:{line}:{real}{}",
                &text[..at],
                &text[at + from.len()..]
            )
        }
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts<'a>(text: &'a str, span: Range<usize>, help: &'a [String]) -> Parts<'a> {
        Parts {
            severity: Severity::Error,
            code: "parse",
            title: "bad",
            file: "f.toml",
            excerpt: Some((text, span)),
            lines: None,
            note: None,
            help,
        }
    }

    /// The whole file, as annotate-snippets drew it before the window.
    fn whole(p: &Parts<'_>) -> String {
        let (text, span) = p.excerpt.clone().unwrap();
        let w = Window {
            text: Cow::Borrowed(text),
            span,
            first_line: 1,
            column: None,
        };
        render(p, Some(&w), false)
    }

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        let mut text = "name = \"x\"\n".to_string();
        let long = format!("ship = \"{}\"", "a".repeat(100_000));
        text.push_str(&long);
        text.push('\n');
        let at = text.len() - 50_000;
        let out = draw(&parts(&text, at..at + 3, &[]), false);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "error[parse]: bad");
        // The column is the one in the whole line.
        assert_eq!(lines[1], format!(" --> f.toml:2:{}", at - 11 + 1));
        assert!(lines
            .iter()
            .all(|l| l.chars().count() <= MAX_LINE_CHARS + 20));
        assert!(lines[3].starts_with("2 | ...aaa") && lines[3].ends_with("aaa..."));
        assert_eq!(lines[4].trim_start_matches([' ', '|']), "^^^");
    }

    #[test]
    fn the_start_and_the_end_of_a_long_line_are_cut_on_one_side() {
        let text = format!("{}\n", "b".repeat(1000));
        let out = draw(&parts(&text, 0..1, &[]), false);
        assert!(out.contains(" --> f.toml:1:1"), "{out}");
        assert!(out.contains("1 | bbb") && out.contains("bbb...\n"), "{out}");
        let out = draw(&parts(&text, 999..1000, &[]), false);
        assert!(out.contains(" --> f.toml:1:1000"), "{out}");
        assert!(out.contains("1 | ...bbb"), "{out}");
        // A span as long as the line: its first 150 characters.
        let out = draw(&parts(&text, 0..1000, &[]), false);
        let carets = out.chars().filter(|&c| c == '^').count();
        assert_eq!(carets, 150);
    }

    #[test]
    fn multibyte_characters_are_counted_as_characters() {
        let text = format!("k = \"{}\"\n", "é".repeat(500));
        let at = 5 + 2 * 300;
        let out = draw(&parts(&text, at..at + 2, &[]), false);
        assert!(out.contains(" --> f.toml:1:306"), "{out}");
        assert!(out
            .lines()
            .all(|l| l.chars().count() <= MAX_LINE_CHARS + 20));
    }

    /// Lines of [`MAX_LINE_CHARS`] or fewer: drawn exactly as
    /// annotate-snippets draws the whole file.
    #[test]
    fn short_lines_are_drawn_as_from_the_whole_file() {
        let text = "a = 1\nb = \"é\"\n\n[[ship]]\nship = { id = \"S171\" }\nlast";
        let help = ["did you mean x?".to_string()];
        let len = text.len();
        for span in [
            0..1,
            6..9,
            11..13,
            13..14,
            14..22,
            16..24,
            23..40,
            4..30,
            len - 1..len,
        ] {
            let p = parts(text, span.clone(), &help);
            assert_eq!(draw(&p, false), whole(&p), "{span:?}");
        }
    }

    /// Text pieces that exercise the excerpt layout: words, indentation
    /// (short and long), line breaks, blank lines, non-ASCII characters.
    fn piece() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop_oneof![
            10 => Just("ship".to_string()),
            5 => Just(" = ".to_string()),
            5 => Just("{ id = \"T240\" }".to_string()),
            3 => Just("\n".to_string()),
            1 => Just("\n\n".to_string()),
            3 => Just(" ".to_string()),
            1 => (0usize..40).prop_map(|n| " ".repeat(n)),
            1 => Just("é".to_string()),
            1 => Just("漢".to_string()),
            1 => Just("\u{200D}".to_string()),
            2 => Just("#".to_string()),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
        /// Giving annotate-snippets only the span's lines changes nothing.
        #[test]
        fn the_lines_of_the_span_draw_as_the_whole_file(
            pieces in proptest::collection::vec(piece(), 1..16),
            a in 0usize..400,
            b in 0usize..400,
        ) {
            let text = pieces.concat();
            let floor = |mut i: usize| {
                i = i.min(text.len());
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                i
            };
            let (s, mut e) = (floor(a.min(b)), floor(a.max(b)));
            if s >= text.len() {
                return Ok(());
            }
            if e <= s {
                e = s + text[s..].chars().next().unwrap().len_utf8();
            }
            // As `super::table` makes spans visible: not ending in a break.
            while e > s + 1 && text.as_bytes()[e - 1] == b'\n' {
                e -= 1;
            }
            // A span of only a line break: annotate-snippets (0.12) draws
            // it into the next line when it is given that line; the
            // window holds only the span's line, so the caret stays at the
            // end of it (what is meant). Not a case of this property.
            if &text[s..e] == "\n" {
                return Ok(());
            }
            let p = parts(&text, s..e, &[]);
            proptest::prop_assert_eq!(draw(&p, false), whole(&p));
        }
    }
}
