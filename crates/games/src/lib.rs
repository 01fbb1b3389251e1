//! The other rule sets of the source documents, one folder each: `xwing`,
//! `ti4`, `bsg`, `stccg`. Selected by the top-level `game = "..."` key.
//!
//! Each game is one entry of [`REGISTRY`]: its id, its title, its
//! diagnostic codes with their meaning (the README's list and the tests'
//! "every code has an example" check come from it) and its `check`. A game's
//! `check` reads the file with [`input`] (every input error located), loads
//! its facts from the embedded `data/<game>/` and returns a [`Checked`] whose
//! `text` is the game's state summary (tables) and whose `report.details` is
//! the same summary as JSON.

mod bsg;
mod input;
mod stccg;
mod ti4;
pub mod xwing;

use fleetcheck_input::diag::{CodeInfo, Diagnostic, InputCode, Source};
use fleetcheck_input::tree::{Entry, Node, NodeValue, Open, Parsed};
use std::ops::Range;

/// One file of another game checked: the engine's outcome, which the
/// report layer turns into a report.
#[derive(Debug, Clone)]
pub struct Checked {
    pub source: Source,
    /// The game's id (`xwing`, ...).
    pub game: &'static str,
    /// The file's `name`.
    pub name: Option<String>,
    pub diagnostics: Vec<Diagnostic>,
    /// The game's state summary (text and tables), when the file was read
    /// without input errors.
    pub summary: Option<Summary>,
    /// The same summary as a tree of values, for the JSON report.
    pub details: Option<serde_json::Value>,
}

impl Checked {
    /// The exit code this file alone would give (0, 1 or 2).
    pub fn exit_code(&self) -> i32 {
        fleetcheck_input::diag::exit_code(&self.diagnostics)
    }
}

/// The games this build knows besides `staw`.
pub(crate) const GAMES: &[&str] = &["xwing", "ti4", "bsg", "stccg"];

/// One rule set.
#[derive(Debug, Clone, Copy)]
pub struct Game {
    /// The value of `game = "..."`.
    pub id: &'static str,
    pub title: &'static str,
    /// The game's own codes, its `Code::TABLE` (input errors use the
    /// shared `diag::InputCode`).
    pub codes: &'static [CodeInfo],
    pub check: fn(Parsed) -> Checked,
}

/// Every game of [`GAMES`], in the same order.
pub const REGISTRY: &[Game] = &[xwing::GAME, ti4::GAME, bsg::GAME, stccg::GAME];

/// Checks a file of another game. `None` when `game` is not one of `GAMES`
/// (compared case-insensitively).
pub fn check(game: &str, source: Source) -> Option<Checked> {
    let id = game.trim().to_lowercase();
    REGISTRY
        .iter()
        .find(|g| g.id == id)
        .map(|g| (g.check)(Parsed::of(source)))
}

/// The rule set a file is for, as its `game` key says.
#[derive(Debug, Clone, Copy)]
pub enum Which {
    /// Star Trek: Attack Wing (no `game` key, or `game = "staw"`).
    Staw,
    Other(&'static Game),
}

/// THE dispatcher: which rule set a file is for, decided once from the
/// `game` key of its tree, parsed once (any case; absent means `staw`);
/// the rule set then reads the same tree. An unknown game, or a `game`
/// that is not a string, is the one `unknown-game` (or `shape`) error
/// every command gives. A file that is not valid TOML goes to the rule
/// set its `game` entry names, read alone (a file of another game with,
/// say, an integer out of range is reported by that game), or to STAW;
/// its `parse` diagnostic is the outcome.
pub fn which(parsed: &Parsed) -> Result<Which, Box<Diagnostic>> {
    match &parsed.root {
        Some(root) => which_in(root),
        None => which_game(game_of(&parsed.source)?),
    }
}

/// The dispatcher on a file's tree (see [`which`]).
fn which_in(root: &Node) -> Result<Which, Box<Diagnostic>> {
    which_game(game_in(root)?)
}

fn which_game(game: Option<(String, Range<usize>)>) -> Result<Which, Box<Diagnostic>> {
    match game {
        None => Ok(Which::Staw),
        Some((game, _)) if game == fleetcheck_staw::GAME => Ok(Which::Staw),
        Some((game, span)) => match REGISTRY.iter().find(|g| g.id == game) {
            Some(g) => Ok(Which::Other(g)),
            None => Err(Box::new(unknown_game(&game, span))),
        },
    }
}

/// The ids of every game, `staw` first.
pub(crate) fn all_ids() -> impl Iterator<Item = &'static str> + Clone {
    std::iter::once(fleetcheck_staw::GAME).chain(GAMES.iter().copied())
}

fn unknown_game(game: &str, span: Range<usize>) -> Diagnostic {
    let known: Vec<&str> = all_ids().collect();
    let mut d = Diagnostic::new(
        InputCode::UnknownGame,
        format!(
            "unknown game \"{game}\" (known games: {})",
            known.join(", ")
        ),
    )
    .with_span(Some(span));
    if let Some(best) = fleetcheck_input::suggest::closest(game, known) {
        d = d.with_help(format!("did you mean `game = \"{best}\"`?"));
    }
    d
}

/// The `game` of a file that is not valid TOML as a whole, lowercased and
/// trimmed, with the span of its value: only that entry is turned into the
/// spanned tree. `None` when absent or unreadable.
fn game_of(source: &Source) -> Result<Option<(String, Range<usize>)>, Box<Diagnostic>> {
    // Spare the parse unless the key could be there (written plainly, or
    // as a quoted key with escapes).
    let text = &source.text;
    if !(text.contains("game") || text.contains("\\u") || text.contains("\\U")) {
        return Ok(None);
    }
    match fleetcheck_input::tree::parse_root_entry(text, "game") {
        Ok(Some(game)) => game_value(&game),
        Ok(None) | Err(_) => Ok(None),
    }
}

/// The `game` of a file's root table (see [`which_in`]).
fn game_in(root: &Node) -> Result<Option<(String, Range<usize>)>, Box<Diagnostic>> {
    let NodeValue::Table(entries) = &root.value else {
        return Ok(None);
    };
    match entries.iter().find(|e| e.key == "game") {
        Some(game) => game_value(game),
        None => Ok(None),
    }
}

/// The game named by the entry `game = ...`, lowercased and trimmed, with
/// the span of its value.
fn game_value(game: &Entry) -> Result<Option<(String, Range<usize>)>, Box<Diagnostic>> {
    match &game.node.value {
        NodeValue::String(s) => Ok(Some((s.trim().to_lowercase(), game.node.span.clone()))),
        other => Err(Box::new(
            Diagnostic::new(
                InputCode::Shape,
                format!(
                    "`game` must be a string such as \"staw\", not {}",
                    toml_type(other)
                ),
            )
            .with_span(Some(game.node.span.clone())),
        )),
    }
}

/// A value's kind as `toml::Value::type_str` names it (the wording of the
/// `game` shape error).
fn toml_type(value: &NodeValue) -> &'static str {
    match value {
        NodeValue::String(_) => "string",
        NodeValue::Integer(_) => "integer",
        NodeValue::Float(_) => "float",
        NodeValue::Boolean(_) => "boolean",
        NodeValue::Datetime(_) => "datetime",
        NodeValue::Array(_) => "array",
        NodeValue::Table(_) => "table",
    }
}

/// The keys every game's file may have at the top, besides its own.
pub(crate) const COMMON_KEYS: &[&str] = &["game", "name", "notes"];

/// The pieces of one rule set; [`run`] puts them together the same way for
/// every game: load the facts, read the file, check the rules when it was
/// read without input errors, render the summary.
pub(crate) struct RuleSet<F: ?Sized + 'static, S> {
    /// The value of `game = "..."`.
    pub id: &'static str,
    /// The game's name in messages ("X-Wing").
    pub name: &'static str,
    /// The embedded facts (loaded once from `data/<game>/`), or what is
    /// wrong with them.
    pub facts: fn() -> Result<&'static F, String>,
    /// Reads the file's tree (parsed once, by the dispatcher); input errors
    /// go to the diagnostics. `None` when nothing could be read (a root
    /// that is not the game's table).
    /// `Open` holds the texts an editor has of other files the file may
    /// name (`Parsed::open`).
    pub read: fn(&Source, &Open, &Node, &'static F, &mut Vec<Diagnostic>) -> Option<S>,
    /// The file's `name`.
    pub title: fn(&S) -> Option<String>,
    /// The game's rules, on a file read without input errors.
    pub rules: fn(&S, &F, &mut Vec<Diagnostic>),
    /// The human summary (`Checked.summary`).
    pub summary: fn(&S, &F) -> Summary,
    /// The summary as JSON (`report.details`).
    pub details: fn(&S, &F) -> serde_json::Value,
}

/// Checks one file with a rule set. When the file has an input error, its
/// rules are not checked and no summary is given: they would describe a
/// state that was not fully read.
pub(crate) fn run<F: ?Sized + 'static, S>(r: &RuleSet<F, S>, parsed: Parsed) -> Checked {
    let Parsed {
        source,
        root,
        diagnostics: mut diags,
        open,
    } = parsed;
    let result = |source: Source, name, diags, summary, details| Checked {
        source,
        game: r.id,
        name,
        diagnostics: diags,
        summary,
        details,
    };
    let facts = match (r.facts)() {
        Ok(f) => f,
        Err(e) => {
            diags.push(Diagnostic::new(
                InputCode::Parse,
                format!("the embedded {} data is invalid: {e}", r.name),
            ));
            return result(source, None, diags, None, None);
        }
    };
    // Not valid TOML: the `parse` diagnostic is the outcome.
    let Some(root) = root else {
        return result(source, None, diags, None, None);
    };
    let Some(state) = (r.read)(&source, &open, &root, facts, &mut diags) else {
        return result(source, None, diags, None, None);
    };
    let name = (r.title)(&state);
    if diags.iter().any(Diagnostic::is_input_error) {
        return result(source, name, diags, None, None);
    }
    (r.rules)(&state, facts, &mut diags);
    let summary = (r.summary)(&state, facts);
    let details = (r.details)(&state, facts);
    result(source, name, diags, Some(summary), Some(details))
}

/// The one file of a game's data folder (`data/<game>/<expected>`).
pub(crate) fn single_file(
    game: &str,
    expected: &str,
) -> Result<(&'static str, &'static str), String> {
    let files: Vec<_> = fleetcheck_data::embedded::files(game).collect();
    match files.as_slice() {
        [one] => Ok(*one),
        _ => Err(format!(
            "data/{game}/ must hold exactly one file, {expected} (found {})",
            files.len()
        )),
    }
}

/// A game's state summary, as data: text and tables in order. The report
/// layer draws it (`report::game`); a game never draws a table itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub blocks: Vec<Block>,
}

/// One part of a [`Summary`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Text(String),
    /// A table: header, rows; the columns listed in `right` are
    /// right-aligned (numbers).
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
        right: Vec<usize>,
    },
}

impl Summary {
    /// Appends text (to the text block before, if the last block is one).
    pub fn text(&mut self, s: impl AsRef<str>) {
        match self.blocks.last_mut() {
            Some(Block::Text(t)) => t.push_str(s.as_ref()),
            _ => self.blocks.push(Block::Text(s.as_ref().to_string())),
        }
    }

    /// The same as [`Summary::text`], as `String::push_str` reads.
    pub fn push_str(&mut self, s: &str) {
        self.text(s);
    }

    /// Appends a table.
    pub fn table(&mut self, header: &[&str], rows: Vec<Vec<String>>, right: &[usize]) {
        self.blocks.push(Block::Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows,
            right: right.to_vec(),
        });
    }
}

impl From<String> for Summary {
    fn from(s: String) -> Summary {
        Summary {
            blocks: vec![Block::Text(s)],
        }
    }
}

impl std::fmt::Write for Summary {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.text(s);
        Ok(())
    }
}

/// Declares a rule set's entry `GAME` (its id, its title, its `check`)
/// and its diagnostic codes `Code` (besides the shared `InputCode`s; the
/// README's table of them is generated from the registry). Given the
/// game's `name`, it also writes the usual `check`: the module's
/// `data::facts`, `read`, `rules`, `summary` and `details` run by
/// `games::run`, the file's title its `name`.
macro_rules! rule_set {
    (
        $(#[$meta:meta])*
        id: $id:literal,
        title: $title:literal,
        name: $name:literal,
        codes { $($codes:tt)* }
    ) => {
        $crate::rule_set! {
            $(#[$meta])*
            id: $id,
            title: $title,
            codes { $($codes)* }
        }

        #[doc = concat!("Checks a ", $name, " file.")]
        pub(crate) fn check(parsed: fleetcheck_input::tree::Parsed) -> Checked {
            run(
                &RuleSet {
                    id: GAME.id,
                    name: $name,
                    facts: data::facts,
                    read,
                    title: |s| s.name.clone(),
                    rules,
                    summary,
                    details,
                },
                parsed,
            )
        }
    };
    (
        $(#[$meta:meta])*
        id: $id:literal,
        title: $title:literal,
        codes { $($codes:tt)* }
    ) => {
        $(#[$meta])*
        pub(crate) const GAME: $crate::Game = $crate::Game {
            id: $id,
            title: $title,
            codes: Code::TABLE,
            check,
        };

        ::fleetcheck_input::diag::codes! {
            /// The diagnostic codes of this rule set.
            pub enum Code: Rule in $id { $($codes)* }
        }
    };
}
pub(crate) use rule_set;

/// What the rule sets' unit tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::Checked;
    use fleetcheck_input::diag::Source;
    use fleetcheck_input::tree::Parsed;

    /// Checks `text` as the file `path` with a rule set's `check`.
    pub(crate) fn run(check: fn(Parsed) -> Checked, path: &str, text: &str) -> Checked {
        check(Parsed::of(Source {
            path: path.into(),
            text: text.into(),
        }))
    }

    /// The (code, message) of every diagnostic, in order.
    pub(crate) fn msgs(c: &Checked) -> Vec<(&str, &str)> {
        c.diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.message.as_str()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn registry_matches_games_and_codes_are_unique_kebab_case() {
        let ids: Vec<_> = REGISTRY.iter().map(|g| g.id).collect();
        assert_eq!(ids, GAMES);
        for g in REGISTRY {
            let mut seen = HashSet::new();
            for c in g.codes {
                assert!(seen.insert(c.code), "{}: duplicate code {}", g.id, c.code);
                assert!(
                    c.code
                        .chars()
                        .all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                    "{}: code {} is not kebab-case",
                    g.id,
                    c.code
                );
                assert!(
                    InputCode::parse(c.code).is_none(),
                    "{}: {} is an input-error code",
                    g.id,
                    c.code
                );
            }
        }
    }

    /// Odd shapes everywhere: each is an input error (exit 2), never a
    /// panic, and every diagnostic is located.
    #[test]
    fn odd_inputs_are_located_input_errors() {
        let odd = [
            "game = \"G\"\nship = 3\nplayer = \"x\"\nbasestar = {}\ncard = [1, 2]\n",
            "game = \"G\"\n[[ship]]\nname = 1979-05-27\n[[player]]\nname = []\n[[card]]\nname = {}\n",
            "game = \"G\"\nship = [{ name = \"A\", face_up = [[1]] }]\ninventory = []\n",
            "game = \"G\"\n[galactica]\ndamage = [1]\n[vipers]\nspace = -1\n[[player]]\n[[player.system]]\nships = 2\n",
            "game = \"G\"\n[[card]]\nname = \"X\"\ntype = \"ship\"\ndeck = \"draw\"\ncount = 0\nicons = [true]\n",
            "game = \"G\"\n\"\" = 1\n",
            "game = 5\n",
        ];
        for g in REGISTRY {
            for text in odd {
                let text = text.replace('G', g.id);
                let c = check(
                    g.id,
                    Source {
                        path: "odd.toml".into(),
                        text: text.clone(),
                    },
                )
                .unwrap();
                assert_eq!(c.exit_code(), 2, "{}: {text}\n{:#?}", g.id, c.diagnostics);
                for d in &c.diagnostics {
                    assert!(d.span.is_some(), "{}: {text}: {} unlocated", g.id, d.code);
                }
            }
        }
    }

    #[test]
    fn unknown_game_is_none_and_case_does_not_matter() {
        let src = |t: &str| Source {
            path: "x.toml".into(),
            text: t.into(),
        };
        assert!(check("chess", src("game = \"chess\"\n")).is_none());
        let c = check(" BSG ", src("game = \"BSG\"\n")).unwrap();
        assert_eq!(c.game, "bsg");
    }

    /// The dispatcher reads the game from a tree it is given: a tree built
    /// by hand, with no text behind it, is enough to pick the rule set, so
    /// nothing is parsed a second time to find `game`.
    #[test]
    fn which_in_picks_the_game_from_the_tree_alone() {
        let root = |value: NodeValue| Node {
            value: NodeValue::Table(vec![Entry {
                key: "game".into(),
                key_span: 0..4,
                node: Node { value, span: 7..14 },
            }]),
            span: 0..15,
        };
        let Ok(Which::Other(g)) = which_in(&root(NodeValue::String(" XWing ".into()))) else {
            panic!("not xwing");
        };
        assert_eq!(g.id, "xwing");
        assert!(matches!(
            which_in(&root(NodeValue::String("staw".into()))),
            Ok(Which::Staw)
        ));
        let Err(d) = which_in(&root(NodeValue::Integer(5))) else {
            panic!("game = 5 accepted");
        };
        assert_eq!(d.code.as_str(), "shape");
        assert_eq!(
            d.message,
            "`game` must be a string such as \"staw\", not integer"
        );
        assert_eq!(d.span, Some(7..14));
        let Err(d) = which_in(&root(NodeValue::String("xwnig".into()))) else {
            panic!("xwnig accepted");
        };
        assert_eq!(d.code.as_str(), "unknown-game");
        assert_eq!(d.help, ["did you mean `game = \"xwing\"`?"]);
        let empty = Node {
            value: NodeValue::Table(vec![]),
            span: 0..0,
        };
        assert!(matches!(which_in(&empty), Ok(Which::Staw)));
    }
}
