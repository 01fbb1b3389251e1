//! Reading an X-Wing file (`game = "xwing"`) into a [`State`]: the damage
//! deck it uses (`deck = "standard"`, a built-in deck, or
//! `deck = { file = "..." }`, the user's deck file read by `deckfile`), the
//! optional inventory of a physical deck, and the damage
//! state (cards on each ship, face up or face down; the draw pile; the
//! discard pile). Every card reference is resolved against the deck here, so
//! the rules and the `expose`/`repair` edits work with card indexes.
//!
//! A pile is either a list of card references (`["Direct Hit!", 5, 5]`,
//! a repeated card is several copies) or a table of counts
//! (`{ "Direct Hit!" = 2, 5 = 1 }`). A reference is a card number or a name
//! (any case, punctuation optional: `"direct hit"`).

use super::data::{CardKey, Deck};
use super::deckfile;
use crate::input::{self, loose, shape, suggest, Fields};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::Spanned;
use fleetcheck_input::tree::{Entry as TreeEntry, Node, NodeValue, Open};
use std::borrow::Cow;
use std::ops::Range;

/// The top-level keys of an X-Wing file.
pub const TOP_KEYS: &[&str] = &[
    "game",
    "name",
    "notes",
    "deck",
    "inventory",
    "ship",
    "draw_pile",
    "discard_pile",
];

/// The keys of `deck = { ... }` (a deck file).
pub(crate) const DECK_REF_KEYS: &[&str] = &["file"];

/// The keys of a `[[ship]]`.
pub const SHIP_KEYS: &[&str] = &["name", "face_up", "face_down", "destroyed"];

/// Some copies of one card in a pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PileEntry {
    /// Index into `Deck::cards`.
    pub card: usize,
    pub count: i64,
    /// The reference (list form) or the `key = count` (table form).
    pub span: Range<usize>,
}

/// A pile of damage cards as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pile {
    pub entries: Vec<PileEntry>,
    /// The span of the pile's key.
    pub span: Range<usize>,
}

impl Pile {
    /// Copies of `card` in the pile.
    pub fn count(&self, card: usize) -> i64 {
        self.entries
            .iter()
            .filter(|e| e.card == card)
            .map(|e| e.count)
            .sum()
    }

    /// Cards in the pile.
    pub fn total(&self) -> i64 {
        self.entries.iter().map(|e| e.count).sum()
    }

    /// "5 Console Fire, 14 Direct Hit! ×2"; `None` when the pile is empty.
    pub fn describe(&self, deck: &Deck) -> Option<String> {
        let cards = self.by_card(deck);
        if cards.is_empty() {
            return None;
        }
        let parts: Vec<String> = cards
            .iter()
            .map(|(i, n)| {
                let c = &deck.cards[*i];
                if *n > 1 {
                    format!("{} {} ×{n}", c.number, c.name)
                } else {
                    format!("{} {}", c.number, c.name)
                }
            })
            .collect();
        Some(parts.join(", "))
    }

    /// The cards of the pile in deck order with their counts (count > 0).
    pub fn by_card(&self, deck: &Deck) -> Vec<(usize, i64)> {
        (0..deck.cards.len())
            .map(|i| (i, self.count(i)))
            .filter(|(_, n)| *n > 0)
            .collect()
    }
}

/// One ship and the damage cards on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ship {
    pub name: String,
    /// The `[[ship]]` table.
    pub span: Range<usize>,
    pub face_up: Pile,
    pub face_down: Pile,
    pub destroyed: bool,
}

/// An X-Wing file as read.
#[derive(Debug, Clone)]
pub struct State {
    /// The file's `game` value as written (the dispatcher chose this rule
    /// set from it; the `xwing` command checks it).
    pub game: Option<String>,
    /// A built-in deck, or the user's deck file (`deck = { file = ... }`).
    pub deck: Cow<'static, Deck>,
    pub name: Option<String>,
    pub inventory: Option<Pile>,
    pub ships: Vec<Ship>,
    pub draw_pile: Option<Pile>,
    pub discard_pile: Option<Pile>,
}

impl State {
    /// True when the file describes a damage state (ships or piles).
    pub(crate) fn has_state(&self) -> bool {
        !self.ships.is_empty() || self.draw_pile.is_some() || self.discard_pile.is_some()
    }

    /// The ship whose name matches `name` (case and punctuation ignored).
    pub fn ship(&self, name: &str) -> Option<usize> {
        let l = loose(name);
        self.ships.iter().position(|s| loose(&s.name) == l)
    }
}

/// Reads the file. `None` when it is not valid TOML or its deck cannot be
/// used (an unknown id, a deck file with a problem); every input error is in
/// `diags`.
pub fn read(source: &Source, decks: &'static [Deck], diags: &mut Vec<Diagnostic>) -> Option<State> {
    let root = input::parse(source, diags)?;
    from_tree(&root, source, &Open::default(), decks, diags)
}

/// [`read`] on a file already parsed. `source` is the file's: a deck file
/// is found relative to its directory, and read from `open` where an
/// editor holds it.
pub(crate) fn from_tree(
    root: &Node,
    source: &Source,
    open: &Open,
    decks: &'static [Deck],
    diags: &mut Vec<Diagnostic>,
) -> Option<State> {
    let top = Fields::new(root, "the file", "in an X-Wing file", TOP_KEYS, diags)?;
    let game = top.string("game", diags).map(|s| s.value);
    let name = top.string("name", diags).map(|s| s.value);
    top.string("notes", diags);
    let chosen = choose_deck(&top, source, open, decks, diags)?;
    let deck: &Deck = &chosen;
    let inventory = top.entry("inventory").and_then(|e| pile(e, deck, diags));
    let mut ships: Vec<Ship> = Vec::new();
    // The names met so far, as compared (one set: a file of 20,000 ships
    // is read in linear time).
    let mut names = std::collections::HashSet::new();
    for node in top.tables("ship", diags) {
        let Some(f) = Fields::new(node, "a [[ship]]", "in a [[ship]]", SHIP_KEYS, diags) else {
            continue;
        };
        f.require("name", "name = \"Red Five\"", diags);
        let Some(name) = f.string("name", diags) else {
            continue;
        };
        if !names.insert(loose(&name.value)) {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("two ships are named `{}`", name.value.trim()),
                )
                .with_span(Some(name.span.clone()))
                .with_help(
                    "give each ship its own name (the pilot's, or \"Red Five\", \"Red Six\")",
                ),
            );
        }
        ships.push(Ship {
            name: name.value.trim().to_string(),
            span: node.span.clone(),
            face_up: f
                .entry("face_up")
                .and_then(|e| pile(e, deck, diags))
                .unwrap_or_default(),
            face_down: f
                .entry("face_down")
                .and_then(|e| pile(e, deck, diags))
                .unwrap_or_default(),
            destroyed: f.boolean("destroyed", diags).is_some_and(|b| b.value),
        });
    }
    let draw_pile = top.entry("draw_pile").and_then(|e| pile(e, deck, diags));
    let discard_pile = top.entry("discard_pile").and_then(|e| pile(e, deck, diags));
    let state = State {
        game,
        deck: chosen,
        name,
        inventory,
        ships,
        draw_pile,
        discard_pile,
    };
    let asked = ["inventory", "ship", "draw_pile", "discard_pile"]
        .iter()
        .any(|k| top.entry(k).is_some());
    if !asked {
        diags.push(
            Diagnostic::new(
                InputCode::Empty,
                "nothing to check: the file has no [inventory] and no damage state",
            )
            .with_span(Some(0..0))
            .with_help("add an [inventory] of a physical deck, or [[ship]] tables with face_up / face_down cards"),
        );
    }
    Some(state)
}

/// The deck of `deck = "standard"` (the default) or of
/// `deck = { file = "..." }`; `None` when it cannot be used (reported).
fn choose_deck(
    top: &Fields,
    source: &Source,
    open: &Open,
    decks: &'static [Deck],
    diags: &mut Vec<Diagnostic>,
) -> Option<Cow<'static, Deck>> {
    let Some(e) = top.entry("deck") else {
        let standard = decks.iter().find(|d| d.id == "standard");
        return Some(Cow::Borrowed(standard.unwrap_or(&decks[0])));
    };
    match &e.node.value {
        NodeValue::String(id) => {
            let wanted = id.trim().to_lowercase();
            if let Some(d) = decks.iter().find(|d| d.id == wanted) {
                return Some(Cow::Borrowed(d));
            }
            diags.push(
                input::unknown_value(
                    InputCode::Shape,
                    "damage deck",
                    id,
                    &e.node.span,
                    decks.iter().map(|d| d.id.as_str()),
                )
                .with_help(
                    "a deck fleetcheck does not ship (such as the huge-ship deck) is read from your own deck file: deck = { file = \"decks/huge.toml\" }",
                ),
            );
            None
        }
        NodeValue::Table(_) => {
            let f = Fields::new(&e.node, "`deck`", "in `deck`", DECK_REF_KEYS, diags)?;
            if !f.require("file", "deck = { file = \"decks/huge.toml\" }", diags) {
                return None;
            }
            let file: Spanned<String> = f.string("file", diags)?;
            deckfile::load(source, open, &file, diags).map(Cow::Owned)
        }
        other => {
            diags.push(shape(
                "deck",
                "a deck id such as \"standard\", or { file = \"decks/my-deck.toml\" }",
                other,
                &e.node.span,
            ));
            None
        }
    }
}

/// Reads a pile: a list of references, or a table of reference = count.
fn pile(e: &TreeEntry, deck: &Deck, diags: &mut Vec<Diagnostic>) -> Option<Pile> {
    let mut p = Pile {
        entries: Vec::new(),
        span: e.key_span.clone(),
    };
    match &e.node.value {
        NodeValue::Array(items) => {
            for item in items {
                let key = match &item.value {
                    NodeValue::Integer(n) => CardKey::Number(*n),
                    NodeValue::String(s) => CardKey::from_text(s),
                    other => {
                        diags.push(shape(
                            &format!("each entry of `{}`", e.key),
                            "a card number or name",
                            other,
                            &item.span,
                        ));
                        continue;
                    }
                };
                if let Some(card) = resolve(deck, &key, &item.span, diags) {
                    p.entries.push(PileEntry {
                        card,
                        count: 1,
                        span: item.span.clone(),
                    });
                }
            }
        }
        NodeValue::Table(entries) => {
            for c in entries {
                let card = resolve(deck, &CardKey::from_text(&c.key), &c.key_span, diags);
                let count = input::integer_node(&c.key, &c.node, 0, diags);
                let (Some(card), Some(count)) = (card, count) else {
                    continue;
                };
                if let Some(prev) = p.entries.iter().find(|x| x.card == card) {
                    diags.push(
                        Diagnostic::new(
                            InputCode::Shape,
                            format!(
                                "{} is listed twice in `{}` (as `{}` and as `{}`)",
                                deck.label(card),
                                e.key,
                                key_text(&entries[..], &prev.span),
                                c.key
                            ),
                        )
                        .with_span(Some(c.key_span.clone()))
                        .with_help("give each card once, with its count"),
                    );
                    continue;
                }
                p.entries.push(PileEntry {
                    card,
                    count: count.value,
                    span: c.key_span.start..c.node.span.end,
                });
            }
        }
        other => {
            diags.push(shape(
                &e.key,
                "a list of card numbers or names, or a table of card = count",
                other,
                &e.node.span,
            ));
            return None;
        }
    }
    Some(p)
}

fn key_text(entries: &[TreeEntry], span: &Range<usize>) -> String {
    entries
        .iter()
        .find(|x| x.key_span.start == span.start)
        .map_or_else(String::new, |x| x.key.clone())
}

/// Resolves a reference or reports it (`unknown-card`).
pub fn resolve(
    deck: &Deck,
    key: &CardKey,
    span: &Range<usize>,
    diags: &mut Vec<Diagnostic>,
) -> Option<usize> {
    if let Some(i) = deck.find(key) {
        return Some(i);
    }
    diags.push(unknown_card(deck, key).with_span(Some(span.clone())));
    None
}

/// The `unknown-card` diagnostic for a reference (no span).
pub(crate) fn unknown_card(deck: &Deck, key: &CardKey) -> Diagnostic {
    let n = deck.cards.len();
    match key {
        CardKey::Number(x) => Diagnostic::new(
            InputCode::UnknownCard,
            format!("no card number {x} in the {} (cards 1-{n})", deck.name),
        ),
        CardKey::Name(s) => {
            let d = Diagnostic::new(
                InputCode::UnknownCard,
                format!("no card named `{}` in the {}", s.trim(), deck.name),
            );
            match suggest(s, deck.cards.iter().map(|c| c.name.as_str())) {
                Some(best) => {
                    let num = deck
                        .cards
                        .iter()
                        .find(|c| c.name == best)
                        .map_or(0, |c| c.number);
                    d.with_help(format!("did you mean `{best}` (card {num})?"))
                }
                None => d.with_help(format!(
                    "a card is named or numbered as printed: {}",
                    deck.cards
                        .iter()
                        .map(|c| format!("{} {}", c.number, c.name))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            }
        }
    }
}
