//! `fix`: the unknown and ambiguous card references of a fleet file, each
//! with the choices that resolve it (in the order the resolver lists them:
//! cards that fit the place first), and the file rewritten with the chosen
//! ones as `{ id = "W122" }  # Photon Torpedoes (Starter Set)`. The text
//! is edited at the references' spans only: comments and layout stay.

use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, Fix, InputCode, Source};
use fleetcheck_staw::fleet::resolve::compact;
use fleetcheck_staw::{CheckOptions, Engine};
use std::ops::Range;

/// One reference to fix.
#[derive(Debug, Clone)]
pub struct Question {
    pub span: Range<usize>,
    /// 1-based line of the reference.
    pub line: usize,
    /// The diagnostic's message ("'Photon Torpedoes' names 23 ...").
    pub message: String,
    /// The diagnostic's fixes.
    pub choices: Vec<Fix>,
}

impl Question {
    /// The choice `--yes` takes: the first, when it is the only legal one.
    pub fn obvious(&self) -> Option<&Fix> {
        let mut legal = self.choices.iter().filter(|c| c.legal);
        let first = legal.next()?;
        (legal.next().is_none() && std::ptr::eq(first, &self.choices[0])).then_some(first)
    }
}

/// The references of `source` that do not resolve (unknown or ambiguous
/// cards), in file order.
pub fn questions(db: &Database, source: &Source, opts: &CheckOptions) -> Vec<Question> {
    // Resolution finds them: the fleet is not priced.
    let resolved = Engine::new(db, opts.clone()).resolve_text(source.clone());
    let mut diagnostics: Vec<&Diagnostic> = resolved.diagnostics().iter().collect();
    diagnostics.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    diagnostics
        .into_iter()
        .filter(|d| d.is(InputCode::AmbiguousCard) || d.is(InputCode::UnknownCard))
        .filter_map(|d| {
            let span = d.span.clone()?;
            Some(Question {
                line: source.line_col(span.start).0,
                span,
                message: d.message.clone(),
                choices: d.fixes.to_vec(),
            })
        })
        .collect()
}

/// `text` with each answered reference replaced by its choice; a card
/// choice gets its compact form as a comment when the line has room for
/// one (nothing but `,` or `]` after it).
pub fn apply(db: &Database, text: &str, answers: &[(Range<usize>, Fix)]) -> String {
    let mut sorted: Vec<&(Range<usize>, Fix)> = answers.iter().collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The choices of `fix` are the diagnostic's fixes: one per candidate
    /// the help lists, in its order, with its id and whether it breaks a
    /// rule there; a "did you mean" gives one per name.
    #[test]
    fn the_choices_are_the_candidates_of_the_finding() {
        let db = Database::embedded().unwrap();
        let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Jean-Luc Picard\"\nupgrades = [\"Tractor Beam\", \"Dataa\"]\n";
        let source = Source {
            path: "f.toml".into(),
            text: text.into(),
        };
        let opts = CheckOptions::default();
        let analysed = Engine::new(&db, opts.clone()).analyse_text(source.clone(), |_| ());
        for d in &analysed.diagnostics {
            // Each candidate's help line is its fix in words.
            let written: Vec<String> = d
                .fixes
                .iter()
                .filter(|f| f.id.is_some())
                .map(|f| format!("{} — write {}", f.label, f.write))
                .collect();
            let lines: Vec<&String> = d.help.iter().filter(|h| h.contains(" — write ")).collect();
            assert_eq!(lines, written.iter().collect::<Vec<_>>(), "{}", d.message);
        }
        let qs = questions(&db, &source, &opts);
        let got: Vec<Vec<(Option<&str>, &str, bool)>> = qs
            .iter()
            .map(|q| {
                q.choices
                    .iter()
                    .map(|c| (c.id.as_deref(), c.write.as_str(), c.legal))
                    .collect()
            })
            .collect();
        let card = |id: &'static str, legal| (Some(id), format!("{{ id = \"{id}\" }}"), legal);
        let picard: Vec<_> = ["Cap629", "Cap803", "Cap807", "Cap049", "Cap818"]
            .map(|id| card(id, true))
            .into();
        // One legal tractor beam, the rest break a rule on the Enterprise-D.
        let mut tractor: Vec<_> = vec![card("W181", true)];
        for id in ["T094", "T200", "T088", "T178", "T100", "T077", "T107"] {
            tractor.push(card(id, false));
        }
        let want: Vec<Vec<(Option<&str>, String, bool)>> = vec![
            picard,
            tractor,
            vec![
                (None, "\"Data\"".into(), true),
                (None, "\"Data Node\"".into(), true),
            ],
        ];
        let got: Vec<Vec<(Option<&str>, String, bool)>> = got
            .into_iter()
            .map(|q| {
                q.into_iter()
                    .map(|(i, w, l)| (i, w.to_string(), l))
                    .collect()
            })
            .collect();
        assert_eq!(got, want);
        assert!(qs[1].choices[1]
            .label
            .starts_with("T094: Tractor Beam, a tech upgrade, Vulcan, 1 SP on this ship, breaks a rule there, in"));
        assert_eq!(qs[2].choices[0].label, "Data");
    }
}
