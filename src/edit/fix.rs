//! `fix`: the unknown and ambiguous card references of a fleet file, each
//! with the choices that resolve it (in the order the resolver lists them:
//! cards that fit the place first), and the file rewritten with the chosen
//! ones as `{ id = "W122" }  # Photon Torpedoes (Starter Set)`. The text
//! is edited at the references' spans only: comments and layout stay.

use crate::data::Database;
use crate::input::diag::Source;
use crate::staw::fleet::resolve::{choices_of, compact, Choice};
use crate::staw::CheckOptions;
use std::ops::Range;

/// One reference to fix.
#[derive(Debug, Clone)]
pub struct Question {
    pub span: Range<usize>,
    /// 1-based line of the reference.
    pub line: usize,
    /// The diagnostic's message ("'Photon Torpedoes' names 23 ...").
    pub message: String,
    pub choices: Vec<Choice>,
}

impl Question {
    /// The choice `--yes` takes: the first, when it is the only legal one.
    pub fn obvious(&self) -> Option<&Choice> {
        let mut legal = self.choices.iter().filter(|c| c.legal);
        let first = legal.next()?;
        (legal.next().is_none() && std::ptr::eq(first, &self.choices[0])).then_some(first)
    }
}

/// The references of `source` that do not resolve (unknown or ambiguous
/// cards), in file order.
pub fn questions(db: &Database, source: &Source, opts: &CheckOptions) -> Vec<Question> {
    let analysed = crate::staw::analyse(db, source.clone(), opts, |_| ());
    analysed
        .diagnostics
        .iter()
        .filter(|d| d.code == "ambiguous-card" || d.code == "unknown-card")
        .filter_map(|d| {
            let span = d.span.clone()?;
            Some(Question {
                line: source.line_col(span.start).0,
                span,
                message: d.message.clone(),
                choices: choices_of(&d.help),
            })
        })
        .collect()
}

/// `text` with each answered reference replaced by its choice; a card
/// choice gets its compact form as a comment when the line has room for
/// one (nothing but `,` or `]` after it).
pub fn apply(db: &Database, text: &str, answers: &[(Range<usize>, Choice)]) -> String {
    let mut sorted: Vec<&(Range<usize>, Choice)> = answers.iter().collect();
    sorted.sort_by_key(|(s, _)| std::cmp::Reverse(s.start));
    let mut out = text.to_string();
    for (span, choice) in sorted {
        let line_end = out[span.end..]
            .find('\n')
            .map_or(out.len(), |i| span.end + i);
        let rest = out[span.end..line_end].trim();
        let room = rest
            .chars()
            .all(|c| c == ',' || c == ']' || c.is_whitespace());
        let comment = choice
            .id
            .as_deref()
            .and_then(|id| db.by_id(id))
            .filter(|_| room)
            .map(|c| format!("  # {}", compact(db, c)));
        if let Some(c) = comment {
            out.insert_str(line_end, &c);
        }
        out.replace_range(span.clone(), &choice.write);
    }
    out
}
