//! Card text as the rule parsers see it: HTML stripped, icon `<img>` tags
//! replaced by their `title` (which names a faction or a class), icon tokens
//! normalised (`[crew_text]` -> `[crew]`), split into sentences, with the
//! spans the parsers have modeled ("consumed").
//!
//! The cleaned text exists only in memory: it is never written to `data/`
//! (facts only). The detector records the kind of each unmodeled rule
//! phrase in `rules.unmodeled`; the phrases themselves stay in memory.

use regex::Regex;
use std::sync::LazyLock;

static IMG_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?is)<img\b[^>]*?\btitle\s*=\s*['"]([^>]*?)['"]\s*/?>"#).unwrap()
});
/// An `<img>` without a title whose picture names a class or a faction
/// (`img/text/fed-intrepid.png`, `img/text/faction-dominion.png`).
static IMG_TEXT_SRC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?is)<img\b[^>]*?\bsrc\s*=\s*['"]img/text/([a-z0-9]+)-([a-z0-9_]+)\.png['"][^>]*>"#,
    )
    .unwrap()
});
/// A bold "?" standing alone: the icon of the ? Upgrade type, which other
/// texts write `[question_text]` ("-1 SP for each [Independent] <b>?</b>
/// Upgrade", Iden; "on <b>?</b> Upgrades equipped to this ship", Q033).
static QUESTION_ICON: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)<b>\s*\?\s*</b>").unwrap());
static BREAK_TAG: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)<\s*(hr|br|p|/p|li)\b[^>]*>").unwrap());
static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"<[^>]*>").unwrap());
static ICON: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[\s*([a-z]+)_te[xs]t\s*\]").unwrap());
static SPACES: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"[ \t\u{a0}]+").unwrap());

/// Icon names as the raw text misspells them.
const ICON_TYPOS: &[(&str, &str)] = &[
    ("talet", "talent"),
    ("tect", "tech"),
    ("amabassador", "ambassador"),
];

/// Strips HTML from a raw card text. `<img title='X'>` becomes `X`; an
/// untitled class or faction icon becomes its name from the picture
/// (`img/text/fed-intrepid.png` -> `intrepid Class`); other `<img>` (token
/// pictures) disappear; `<hr>`/`<br>` become
/// line breaks; `[crew_text]` becomes `[crew]`, and a bold "?" the ? type's
/// icon `[question]` as `[question_text]` does. Lines are trimmed and inner
/// spaces collapsed.
pub fn clean(raw: &str) -> String {
    let t = QUESTION_ICON.replace_all(raw, " [question] ");
    let t = IMG_TITLE.replace_all(&t, " $1 ");
    let t = IMG_TEXT_SRC.replace_all(&t, |c: &regex::Captures| {
        let name = c[2].replace('_', " ");
        if &c[1] == "faction" {
            format!(" {name} ")
        } else if c[1].len() <= 4 {
            // fed-intrepid: a class icon.
            format!(" {name} Class ")
        } else {
            " ".to_string()
        }
    });
    let t = BREAK_TAG.replace_all(&t, "\n");
    let t = TAG.replace_all(&t, " ");
    let t = t
        .replace("&amp;", "&")
        .replace("&nbsp;", " ")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace(['\u{2019}', '\u{2018}', '`'], "'")
        .replace(['\u{201c}', '\u{201d}'], "\"");
    let t = ICON.replace_all(&t, |c: &regex::Captures| {
        let name = &c[1];
        let name = ICON_TYPOS
            .iter()
            .find(|(typo, _)| *typo == name)
            .map_or(name, |(_, fixed)| fixed);
        format!("[{name}]")
    });
    let mut lines: Vec<String> = Vec::new();
    for line in t.lines() {
        let line = SPACES.replace_all(line.trim(), " ");
        if !line.is_empty() {
            lines.push(line.into_owned());
        }
    }
    lines.join("\n")
}

/// The `title` of every `<img>` of a raw text (to report unknown `??`
/// titles).
pub fn img_titles(raw: &str) -> Vec<String> {
    IMG_TITLE
        .captures_iter(raw)
        .map(|c| c[1].trim().to_string())
        .collect()
}

/// A card's cleaned text with its sentences and the spans already modeled.
#[derive(Debug, Clone)]
pub struct CardText {
    pub text: String,
    /// Byte ranges of the sentences in `text`.
    pub sentences: Vec<(usize, usize)>,
    /// Byte ranges a rule parser has modeled.
    pub consumed: Vec<(usize, usize)>,
}

impl CardText {
    pub fn new(raw: &str) -> CardText {
        let text = clean(raw);
        let sentences = split_sentences(&text);
        CardText {
            text,
            sentences,
            consumed: Vec::new(),
        }
    }

    /// The sentences with their start offsets.
    pub fn sentences(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.sentences
            .iter()
            .map(move |&(s, e)| (s, &self.text[s..e]))
    }

    /// The sentences trimmed, each with the start offset of its untrimmed
    /// sentence.
    pub fn trimmed_sentences(&self) -> Vec<(usize, String)> {
        self.sentences()
            .map(|(at, t)| (at, t.trim().to_string()))
            .collect()
    }

    /// Marks `text[start..end]` as modeled.
    pub fn consume(&mut self, start: usize, end: usize) {
        self.consumed.push((start, end));
    }

    /// Marks each of `spans` (byte ranges of `text`) as modeled, in order.
    pub fn consume_all(&mut self, spans: impl IntoIterator<Item = (usize, usize)>) {
        self.consumed.extend(spans);
    }

    /// Whether the byte offset `at` lies in a modeled span.
    pub fn is_consumed(&self, at: usize) -> bool {
        self.consumed.iter().any(|&(s, e)| s <= at && at < e)
    }
}

/// Splits cleaned text into sentences: at line breaks, and after `.`, `!`,
/// `?` or `:` followed by a space, except after abbreviations such as
/// "U.S.S." or "I.K.S." (a period right after a single letter).
pub fn split_sentences(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let boundary = match b {
            b'\n' => Some(i),
            b'.' | b'!' | b'?' => {
                let next_is_space = bytes.get(i + 1).is_none_or(|c| *c == b' ' || *c == b'\n');
                let abbreviation = b == b'.' && single_letter_before(bytes, i);
                (next_is_space && !abbreviation).then_some(i + 1)
            }
            _ => None,
        };
        if let Some(end) = boundary {
            push_trimmed(text, start, end, &mut out);
            start = end;
        }
        i += 1;
    }
    push_trimmed(text, start, text.len(), &mut out);
    out
}

/// Whether the character before `bytes[i]` is a single letter word
/// (`U.S.S.` -> the `S` before the last period).
fn single_letter_before(bytes: &[u8], i: usize) -> bool {
    if i == 0 || !bytes[i - 1].is_ascii_alphabetic() {
        return false;
    }
    i == 1 || matches!(bytes[i - 2], b'.' | b' ' | b'\n' | b'(')
}

fn push_trimmed(text: &str, mut s: usize, mut e: usize, out: &mut Vec<(usize, usize)>) {
    let b = text.as_bytes();
    while s < e && (b[s] == b' ' || b[s] == b'\n') {
        s += 1;
    }
    while e > s && (b[e - 1] == b' ' || b[e - 1] == b'\n') {
        e -= 1;
    }
    if e > s {
        out.push((s, e));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_replaces_titles_and_icons() {
        let raw = "For a <img src='img/text/kli-kvort.png' width='20' height='20' title='K'Vort Class'> ship.<hr>Add 1 [tech_text] and 1 [talet_text]. <b>ACTION:</b> x <img src='a.png' width='1'>y";
        assert_eq!(
            clean(raw),
            "For a K'Vort Class ship.\nAdd 1 [tech] and 1 [talent]. ACTION: x y"
        );
    }

    #[test]
    fn a_bold_question_mark_is_the_question_icon() {
        // Iden (Cap037) and Kejal (Q032) write the ? type bold; Barclay
        // (C463) as an icon token.
        let raw = "costs -1 SP for each <img src='img/text/faction-indy.png' title='Independent Faction'> <b>?</b> Upgrade. <b> ? </b> and [question_text] Upgrades. <b>WHY?</b>";
        assert_eq!(
            clean(raw),
            "costs -1 SP for each Independent Faction [question] Upgrade. [question] and [question] Upgrades. WHY?"
        );
    }

    #[test]
    fn untitled_class_icons_are_named_by_picture() {
        let raw = "if not equipped to either a <img src='img/text/fed-intrepid.png' width='20' height='20'>, or <img src='img/text/faction-dominion.png' width='20'> ship.";
        assert_eq!(
            clean(raw),
            "if not equipped to either a intrepid Class , or dominion ship."
        );
    }

    #[test]
    fn sentences_keep_ship_prefixes() {
        let t =
            "This Upgrade may only be purchased for the U.S.S. Defiant. Costs +5 SP! Next\nline";
        let s: Vec<&str> = split_sentences(t).iter().map(|&(a, b)| &t[a..b]).collect();
        assert_eq!(
            s,
            vec![
                "This Upgrade may only be purchased for the U.S.S. Defiant.",
                "Costs +5 SP!",
                "Next",
                "line"
            ]
        );
    }

    #[test]
    fn img_titles_lists_unknown_ones() {
        let raw = "a <img src='x' title='?? Class'> b <img src='y' title='Borg'>";
        assert_eq!(img_titles(raw), vec!["?? Class", "Borg"]);
    }
}
