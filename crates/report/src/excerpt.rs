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
//!
//! The plain (uncoloured) drawing of the common shape is done here
//! directly ([`direct`]): a span on one line of printable ASCII, a title
//! and help lines of one line each with nothing annotate-snippets would
//! replace. It writes byte for byte what annotate-snippets writes for that
//! shape (held by the property test `tests::direct_is_annotate_snippets`),
//! at a small fraction of its cost: drawing the diagnostics of the 10,000
//! generated fleets was a quarter of `check DIR`'s instructions.
//! Everything else (colour, a span over several lines, other characters)
//! is drawn by annotate-snippets.

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
#[cfg(test)]
pub(crate) fn draw(p: &Parts<'_>, color: bool) -> String {
    let mut out = String::new();
    draw_into(&mut out, p, color);
    out
}

/// [`draw`], appended to `out` (a buffer the caller reuses).
pub(crate) fn draw_into(out: &mut String, p: &Parts<'_>, color: bool) {
    let window = p
        .excerpt
        .as_ref()
        .map(|(text, span)| window(text, span, p.lines));
    if !color && direct(out, p, window.as_ref()) {
        return;
    }
    out.push_str(&annotated(p, window.as_ref(), color));
}

/// Draws by annotate-snippets, with the real column of a cut line.
fn annotated(p: &Parts<'_>, window: Option<&Window<'_>>, color: bool) -> String {
    let text = render(p, window, color);
    match window {
        Some(Window {
            column: Some((drawn, real)),
            first_line,
            ..
        }) => fix_column(text, p.file, *first_line, *drawn, *real),
        _ => text,
    }
}

/// `n` in decimal, written into the end of `buf` (20 bytes hold any
/// `usize`).
fn decimal(mut n: usize, buf: &mut [u8]) -> &str {
    let mut at = buf.len();
    loop {
        at -= 1;
        // A digit: the cast keeps 0 to 9.
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[at..]).unwrap_or("")
}

/// Whether annotate-snippets writes `s` (a title, note or help line) as
/// it is, on one line: no line break, no character it replaces (control
/// characters, the zero-width joiner, the text-direction controls).
fn as_is(s: &str) -> bool {
    // Every byte looked at (no early exit): the loop is vectorised.
    let plain = s.bytes().fold(true, |ok, b| ok & (b >= b' ') & (b != 0x7f));
    plain
        && (s.is_ascii()
            || !s.chars().any(|c| {
                matches!(c, '\u{80}'..='\u{9f}' | '\u{200d}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
            }))
}

/// The plain drawing of the common shape (see the module doc), appended
/// to `out`: false, and nothing written, for any other shape.
fn direct(out: &mut String, p: &Parts<'_>, window: Option<&Window<'_>>) -> bool {
    if !as_is(p.title)
        || !as_is(p.code)
        || !p.note.is_none_or(as_is)
        || !p.help.iter().all(|h| as_is(h))
    {
        return false;
    }
    // The excerpt: one line of printable ASCII, the span inside it.
    let excerpt = match window {
        Some(w) => {
            let line = w.text.strip_suffix('\n').unwrap_or(&w.text);
            let printable = line.bytes().all(|b| (b' '..0x7f).contains(&b));
            if !printable || w.span.start >= w.span.end || w.span.end > line.len() {
                return false;
            }
            // annotate-snippets cuts a long indentation (more than 26
            // columns before the span and the text) with `...`.
            if line.len() - line.trim_start_matches(' ').len() > 26 && w.span.start > 26 {
                return false;
            }
            Some((w, line))
        }
        None => None,
    };
    let level = match p.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    };
    out.reserve(128 + p.title.len() + excerpt.map_or(0, |(_, l)| 2 * l.len()));
    out.push_str(level);
    out.push('[');
    out.push_str(p.code);
    out.push_str("]: ");
    out.push_str(p.title);
    // The width of the line numbers' column.
    let mut margin = 0;
    if let Some((w, line)) = excerpt {
        // The line's number and the span's column, written once.
        let (mut a, mut b) = ([0u8; 20], [0u8; 20]);
        let number = decimal(w.first_line, &mut a);
        margin = number.len();
        let column = match w.column {
            Some((_, real)) => real,
            None => w.span.start + 1,
        };
        let column = decimal(column, &mut b);
        let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
        out.push('\n');
        pad(out, margin);
        for part in ["--> ", p.file, ":", number, ":", column, "\n"] {
            out.push_str(part);
        }
        pad(out, margin + 1);
        for part in ["|\n", number, " | ", line, "\n"] {
            out.push_str(part);
        }
        pad(out, margin + 1);
        out.push_str("| ");
        pad(out, w.span.start);
        out.extend(std::iter::repeat_n('^', w.span.end - w.span.start));
    }
    let messages = p
        .note
        .map(|n| ("note", n))
        .into_iter()
        .chain(p.help.iter().map(|h| ("help", h.as_str())));
    for (i, (label, text)) in messages.enumerate() {
        out.push('\n');
        if i == 0 {
            out.extend(std::iter::repeat_n(' ', margin + 1));
            out.push_str("|\n");
        }
        out.extend(std::iter::repeat_n(' ', margin + 1));
        out.push_str("= ");
        out.push_str(label);
        out.push_str(": ");
        out.push_str(text);
    }
    true
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

    /// Words of titles and help lines: ASCII, other letters, and what
    /// annotate-snippets replaces or breaks lines at.
    fn word() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop_oneof![
            10 => Just("Worf".to_string()),
            6 => Just(" ".to_string()),
            3 => Just("(C209)".to_string()),
            2 => Just("`fleetcheck search`".to_string()),
            2 => Just("é".to_string()),
            1 => Just("漢".to_string()),
            1 => Just("\n".to_string()),
            1 => Just("\u{200D}".to_string()),
            1 => Just("\u{202E}".to_string()),
            1 => Just("\u{85}".to_string()),
            1 => Just("\t".to_string()),
        ]
        .prop_flat_map(|w| {
            // Mostly plain words: the common shape.
            prop_oneof![8 => Just("Worf".to_string()), 2 => Just(w)]
        })
    }

    /// Pieces of a fleet file's lines, mostly of the shape drawn
    /// directly (printable ASCII, indentation of any length), sometimes
    /// not (other characters, line breaks).
    fn line_piece() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop_oneof![
            10 => Just("ship".to_string()),
            5 => Just(" = ".to_string()),
            5 => Just("{ id = \"T240\" }".to_string()),
            4 => Just(" ".to_string()),
            2 => (0usize..60).prop_map(|n| " ".repeat(n)),
            2 => Just("#".to_string()),
            1 => Just("\n".to_string()),
            1 => Just("é".to_string()),
        ]
    }

    fn words(n: std::ops::Range<usize>) -> impl proptest::strategy::Strategy<Value = String> {
        proptest::collection::vec(word(), n).prop_map(|w| w.concat())
    }

    use proptest::strategy::Strategy as _;

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        /// The direct drawing is byte for byte annotate-snippets' on
        /// every shape it takes: any line, span, line number (so any
        /// width of the numbers' column), cut line's real column, title,
        /// note and help lines.
        #[test]
        fn direct_is_annotate_snippets(
            pieces in proptest::collection::vec(line_piece(), 1..12),
            (a, b) in (0usize..120, 0usize..120),
            first_line in proptest::prop_oneof![1usize..12, 1usize..200_000],
            cut in proptest::option::of(1usize..100_000),
            severity in 0u8..3,
            title in words(0..8),
            note in proptest::option::of(words(0..4)),
            help in proptest::collection::vec(words(0..6), 0..3),
            excerpt in proptest::bool::weighted(0.9),
        ) {
            let text = pieces.concat();
            let floor = |mut i: usize| {
                i = i.min(text.len());
                while !text.is_char_boundary(i) {
                    i -= 1;
                }
                i
            };
            let (s, e) = (floor(a.min(b)), floor(a.max(b)));
            let w = Window {
                text: Cow::Borrowed(&text),
                span: s..e,
                first_line,
                column: cut.map(|real| (s + 1, real)),
            };
            let p = Parts {
                severity: [Severity::Error, Severity::Warning, Severity::Note][usize::from(severity)],
                code: "card-pool",
                title: &title,
                file: "fleets/x.toml",
                excerpt: None,
                lines: None,
                note: note.as_deref(),
                help: &help,
            };
            let w = excerpt.then_some(&w);
            let mut ours = String::new();
            if direct(&mut ours, &p, w) {
                proptest::prop_assert_eq!(ours, annotated(&p, w, false));
            }

        }
    }

    /// The shapes of a fleet's usual findings are drawn directly.
    #[test]
    fn the_usual_shapes_are_drawn_directly() {
        let text = "name = \"x\"\nupgrades = [{ id = \"T002\" }, { id = \"W135\" }]\n";
        let help = ["use the printed card instead".to_string()];
        for (span, help, note) in [
            (30..45, &help[..], None),
            (30..45, &[][..], None),
            (0..4, &help[..], Some("in f.toml")),
        ] {
            let mut p = parts(text, span, help);
            p.note = note;
            let w = window(text, &p.excerpt.clone().unwrap().1, None);
            let mut ours = String::new();
            assert!(direct(&mut ours, &p, Some(&w)));
            assert_eq!(ours, annotated(&p, Some(&w), false));
            assert_eq!(draw(&p, false), ours);
        }
        let mut p = parts(text, 0..1, &help);
        p.excerpt = None;
        p.note = Some("in f.toml");
        let mut ours = String::new();
        assert!(direct(&mut ours, &p, None));
        assert_eq!(ours, annotated(&p, None, false));
    }
}
