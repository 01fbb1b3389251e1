//! `fix`: the unknown and ambiguous card references of a fleet file, each
//! with every choice that resolves it (in the order the resolver lists
//! them: cards that fit the place first, ranked on their ship), asked one
//! after the other in a [`Session`] that gives each answer to the engine
//! in memory (so that the questions after it are ranked with it), and the
//! file rewritten with the chosen ones as
//! `{ id = "W122" }  # Photon Torpedoes (Starter Set)`. The text is edited
//! at the references' spans only (a one-line array with an answer before
//! its last card is written one card a line): comments and layout stay.

use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, Fix, InputCode, Source};
use fleetcheck_staw::fleet::read::{Query, RefTable};
use fleetcheck_staw::fleet::resolve::{compact, split_compact};
use fleetcheck_staw::{CheckOptions, Engine, Resolved};
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
/// cards), in file order, each with every choice (no cap), ranked on its
/// ship.
pub fn questions(db: &Database, source: &Source, opts: &CheckOptions) -> Vec<Question> {
    Session::new(db, source, opts).open()
}

/// A `fix` run: the fleet resolved once through the engine, then again in
/// memory after each answer (the reference at its span written as the
/// choice in the fleet value, `Engine::resolve_fleet`: no TOML written or
/// read), so that each later question is ranked with the answers given so
/// far (a ship chosen ranks its cards on it).
#[derive(Debug, Clone)]
pub struct Session<'db> {
    engine: Engine<'db>,
    source: Source,
    resolved: Resolved<'db>,
    answers: Vec<(Range<usize>, Fix)>,
    skipped: Vec<Range<usize>>,
    /// How many times each span was answered (a name chosen may itself
    /// be shared by several cards, and is asked again).
    asked: Vec<(Range<usize>, usize)>,
}

/// The most times one reference is asked again after an answer that is a
/// name shared by several cards.
const MAX_ASKED: usize = 4;

impl<'db> Session<'db> {
    pub fn new(db: &'db Database, source: &Source, opts: &CheckOptions) -> Session<'db> {
        let engine = Engine::new(db, opts.clone());
        // Resolution finds them: the fleet is not priced.
        let resolved = engine.resolve_text(source.clone());
        Session {
            engine,
            source: source.clone(),
            resolved,
            answers: Vec::new(),
            skipped: Vec::new(),
            asked: Vec::new(),
        }
    }

    /// The engine it asks (for tests: its runs).
    pub fn engine(&self) -> &Engine<'db> {
        &self.engine
    }

    /// Every reference that does not resolve now, in file order, with the
    /// answers given so far (those skipped too).
    pub fn open(&self) -> Vec<Question> {
        let mut diagnostics: Vec<&Diagnostic> = self.resolved.diagnostics().iter().collect();
        diagnostics.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
        diagnostics
            .into_iter()
            .filter(|d| d.is(InputCode::AmbiguousCard) || d.is(InputCode::UnknownCard))
            .filter_map(|d| {
                let span = d.span.clone()?;
                Some(Question {
                    line: self.source.line_col(span.start).0,
                    span,
                    message: d.message.clone(),
                    choices: d.fixes.to_vec(),
                })
            })
            .collect()
    }

    /// The next question to ask: the first open one not skipped.
    pub fn next(&self) -> Option<Question> {
        self.open()
            .into_iter()
            .find(|q| !self.skipped.contains(&q.span))
    }

    /// `q` answered with `choice`: the fleet resolved again in memory with
    /// it. A reference answered `MAX_ASKED` times is not asked again.
    pub fn answer(&mut self, q: &Question, choice: Fix) {
        let mut raw = self.resolved.raw().clone();
        if let Some(r) = raw.reference_at_mut(&q.span) {
            r.query = match &choice.id {
                Some(id) => Query::Table(RefTable {
                    id: Some(id.clone()),
                    ..RefTable::default()
                }),
                None => Query::Text(choice.label.clone()),
            };
        }
        self.resolved = self.engine.resolve_fleet(self.source.clone(), raw);
        match self.asked.iter_mut().find(|(s, _)| *s == q.span) {
            Some((_, n)) => *n += 1,
            None => self.asked.push((q.span.clone(), 1)),
        }
        if self
            .asked
            .iter()
            .any(|(s, n)| *s == q.span && *n >= MAX_ASKED)
        {
            self.skipped.push(q.span.clone());
        }
        self.answers.retain(|(s, _)| *s != q.span);
        self.answers.push((q.span.clone(), choice));
    }

    /// `q` left as it is: not asked again.
    pub fn skip(&mut self, q: &Question) {
        self.skipped.push(q.span.clone());
    }

    /// The answers given, one per reference (the last one).
    pub fn answers(&self) -> &[(Range<usize>, Fix)] {
        &self.answers
    }
}

/// `text` with each answered reference replaced by its choice; a card
/// choice gets a comment when the line has room for one (nothing but `,`
/// or `]` after it): its name and the set the reference named when the
/// card is printed there (the printing meant), else its compact form. A one-line array with an answer
/// before its last card (`upgrades = ["A", "B"]`) is written one card a
/// line, so that every card chosen gets its comment.
pub fn apply(db: &Database, text: &str, answers: &[(Range<usize>, Fix)]) -> String {
    let comment = |span: &Range<usize>, choice: &Fix| {
        let card = choice.id.as_deref().and_then(|id| db.by_id(id))?;
        let (name, set) = written(&text[span.clone()]);
        let what = match set.and_then(|s| written_set(db, &s, card)) {
            Some(set) => format!("{} ({set})", card.name),
            None => compact(db, card),
        };
        // The name as the player wrote it, when it is not the card's own
        // (a typo, another spelling): the comment says what was meant.
        Some(match name {
            Some(w) if fleetcheck_data::normalize(&w) != fleetcheck_data::normalize(&card.name) => {
                format!("{what}, written \"{w}\"")
            }
            _ => what,
        })
    };
    // (span, what replaces it, a comment for the end of its line)
    let mut edits: Vec<(Range<usize>, String, Option<String>)> = Vec::new();
    let arrays = one_line_arrays(text, answers);
    for (array, elements) in &arrays {
        let mut s = String::from("[\n");
        for e in elements {
            let answer = answers
                .iter()
                .find(|(a, _)| a.start >= e.start && a.end <= e.end);
            match answer {
                Some((a, choice)) => {
                    s.push_str("  ");
                    s.push_str(&text[e.start..a.start]);
                    s.push_str(&choice.write);
                    s.push_str(&text[a.end..e.end]);
                    s.push(',');
                    if let Some(c) = comment(a, choice) {
                        s.push_str("  # ");
                        s.push_str(&c);
                    }
                }
                None => {
                    s.push_str("  ");
                    s.push_str(&text[e.clone()]);
                    s.push(',');
                }
            }
            s.push('\n');
        }
        s.push(']');
        edits.push((array.clone(), s, None));
    }
    for (span, choice) in answers {
        if arrays
            .iter()
            .any(|(a, _)| span.start >= a.start && span.end <= a.end)
        {
            continue;
        }
        let line_end = text[span.end..]
            .find('\n')
            .map_or(text.len(), |i| span.end + i);
        let room = text[span.end..line_end]
            .trim()
            .chars()
            .all(|c| c == ',' || c == ']' || c.is_whitespace());
        let c = comment(span, choice).filter(|_| room);
        edits.push((span.clone(), choice.write.clone(), c));
    }
    edits.sort_by_key(|(s, _, _)| std::cmp::Reverse(s.start));
    let mut out = text.to_string();
    for (span, write, comment) in edits {
        if let Some(c) = comment {
            let line_end = out[span.end..]
                .find('\n')
                .map_or(out.len(), |i| span.end + i);
            out.insert_str(line_end, &format!("  # {c}"));
        }
        out.replace_range(span, &write);
    }
    out
}

/// What a reference says of its card as the player wrote it: its name (a
/// string without its `(Set)`, or the `name` of its table) and the set it
/// names (`"Photon Torpedoes (Starter Set)"`, or `set = "Starter"`).
fn written(text: &str) -> (Option<String>, Option<String>) {
    match text.trim().parse::<toml_edit::Value>() {
        Ok(toml_edit::Value::String(s)) => {
            let v = s.value();
            match split_compact(v) {
                Some((name, set)) => (Some(name.trim().to_string()), Some(set.to_string())),
                None => (Some(v.trim().to_string()), None),
            }
        }
        Ok(toml_edit::Value::InlineTable(t)) => {
            let text = |key: &str| t.get(key).and_then(|v| v.as_str()).map(str::to_string);
            (text("name").map(|n| n.trim().to_string()), text("set"))
        }
        _ => (None, None),
    }
}

/// The set a reference names (`words`, as [`written`] reads it), by its
/// name, when `card` (or a reprint of it) is printed in it: the printing
/// the player meant, which the comment of the id chosen keeps.
fn written_set(db: &Database, words: &str, card: &Card) -> Option<String> {
    let printings: Vec<&Card> = db
        .named_as(card)
        .into_iter()
        .filter(|o| std::ptr::eq(*o, card) || o.is_reprint_of(card))
        .collect();
    db.sets_named(words)
        .into_iter()
        .find(|set| printings.iter().any(|p| p.sets.contains(&set.id)))
        .map(|set| set.name.clone())
}

/// The arrays of `text` written on one line that hold an answered
/// reference before their last card: the array's span and its elements'
/// spans.
fn one_line_arrays(
    text: &str,
    answers: &[(Range<usize>, Fix)],
) -> Vec<(Range<usize>, Vec<Range<usize>>)> {
    fn walk(
        item: &toml_edit::Item,
        text: &str,
        answers: &[(Range<usize>, Fix)],
        out: &mut Vec<(Range<usize>, Vec<Range<usize>>)>,
    ) {
        match item {
            toml_edit::Item::Table(t) => {
                for (_, i) in t.iter() {
                    walk(i, text, answers, out);
                }
            }
            toml_edit::Item::ArrayOfTables(a) => {
                for t in a.iter() {
                    for (_, i) in t.iter() {
                        walk(i, text, answers, out);
                    }
                }
            }
            toml_edit::Item::Value(toml_edit::Value::Array(a)) => {
                let Some(span) = a.span() else { return };
                let one_line = !text[span.clone()].contains('\n');
                let Some(elements) = a.iter().map(|v| v.span()).collect::<Option<Vec<_>>>() else {
                    return;
                };
                // An answer before the last card has no room for its
                // comment on the line; the last one has (after the `]`).
                let crowded = elements.iter().rev().skip(1).any(|e| {
                    answers
                        .iter()
                        .any(|(s, _)| s.start >= e.start && s.end <= e.end)
                });
                if one_line && crowded {
                    out.push((span, elements));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(doc) = toml_edit::Document::parse(text) {
        walk(doc.as_item(), text, answers, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-line array holding an answer is written one card a line, so
    /// that each card chosen gets its comment; the other cards keep their
    /// text, the comment after the array stays.
    #[test]
    fn a_one_line_array_becomes_one_card_a_line() {
        let db = Database::embedded().unwrap();
        let text = "[[ship]]\nship = \"S207\"\nupgrades = [\"Photon Torpedoes\", \"Dataa\", { id = \"T240\" }]  # mine\n";
        let at = |s: &str| {
            let i = text.find(s).unwrap();
            i..i + s.len()
        };
        // The span of the inline table starting with `start`.
        let at_in = |text: &str, start: &str| {
            let i = text.find(start).unwrap();
            i..i + text[i..].find('}').unwrap() + 1
        };
        let pick = |id: &str| Fix {
            label: id.into(),
            write: format!("{{ id = \"{id}\" }}"),
            id: Some(id.into()),
            legal: true,
        };
        let answers = vec![
            (at("\"Photon Torpedoes\""), pick("W122")),
            (at("\"Dataa\""), pick("C209")),
        ];
        assert_eq!(
            apply(&db, text, &answers),
            "[[ship]]\nship = \"S207\"\nupgrades = [\n  { id = \"W122\" },  # Photon Torpedoes (U.S.S. Defiant)\n  { id = \"C209\" },  # Data (Starter Set), written \"Dataa\"\n  { id = \"T240\" },\n]  # mine\n"
        );
        // The set the reference named is the printing's, kept in the comment.
        let text = "[[ship]]\nship = \"S207\"\nupgrades = [{ name = \"Photon Torpedoes\", set = \"Starter\" }]\n";
        let answers = vec![(at_in(text, "{ name"), pick("W122"))];
        assert_eq!(
            apply(&db, text, &answers),
            "[[ship]]\nship = \"S207\"\nupgrades = [{ id = \"W122\" }]  # Photon Torpedoes (Starter Set)\n"
        );
        // Outside an array: the comment at the end of its line.
        let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Jean-Luc Picard\"\n";
        let i = text.find("\"Jean").unwrap();
        let answers = vec![(i..text.len() - 1, pick("Cap049"))];
        assert_eq!(
            apply(&db, text, &answers),
            "[[ship]]\nship = \"S207\"\ncaptain = { id = \"Cap049\" }  # Jean-Luc Picard (These Are The Voyages)\n"
        );
    }

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
