//! The X-Wing damage deck compositions: card numbers, names, traits and
//! copy counts, in the deck file format of `data/xwing/*.toml` (one deck per
//! file). The built-in decks are embedded and loaded once; a user's own deck
//! file (`deck = { file = "..." }`, see `deckfile`) is read by the same
//! [`read_deck`], so it is validated exactly as strictly: numbers 1..n each
//! once, names unique (case and punctuation ignored), copies at least 1,
//! `size` the sum of the copies, known traits, no unknown key. Every
//! problem is a located diagnostic, all reported at once.

use crate::input::{self, loose, Fields};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::{Node, NodeValue};
use std::sync::OnceLock;

/// One damage deck composition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck {
    /// `standard`, the value of `deck = "..."` (for a deck file, its own
    /// `[deck] id`, shown in reports only).
    pub id: String,
    pub name: String,
    /// Cards in the deck (the sum of the copies).
    pub size: i64,
    /// By number: `cards[0]` is card 1.
    pub cards: Vec<DamageCard>,
    /// The deck file it was read from, as shown to the user; `None` for a
    /// built-in deck.
    pub file: Option<String>,
}

/// One numbered damage card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageCard {
    pub number: i64,
    pub name: String,
    /// One of [`TRAITS`].
    pub trait_: String,
    pub copies: i64,
}

/// The traits a damage card may have (lowercase).
pub(crate) const TRAITS: &[&str] = &["pilot", "ship", "crew"];

/// The top-level keys of a deck file. `game` is optional (the built-in
/// files have none); a user's deck file may say `game = "xwing"` so that
/// `fleetcheck check` recognises it on its own, e.g. in a checked folder.
pub(crate) const DECK_FILE_KEYS: &[&str] = &["game", "deck", "card"];

/// The keys of `[deck]`.
pub(crate) const DECK_KEYS: &[&str] = &["id", "name", "size"];

/// The keys of a `[[card]]`.
pub(crate) const CARD_KEYS: &[&str] = &["number", "name", "trait", "copies"];

/// What a card reference in a file says: a number or a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardKey<'a> {
    Number(i64),
    Name(&'a str),
}

impl CardKey<'_> {
    /// Reads a string: all digits is a number, anything else a name.
    pub fn from_text(s: &str) -> CardKey<'_> {
        match s.trim().parse::<i64>() {
            Ok(n) => CardKey::Number(n),
            Err(_) => CardKey::Name(s),
        }
    }
}

impl Deck {
    /// The index (number - 1) of the card a reference names.
    pub fn find(&self, key: &CardKey) -> Option<usize> {
        match key {
            CardKey::Number(n) => {
                let i = usize::try_from(*n).ok()?.checked_sub(1)?;
                (i < self.cards.len()).then_some(i)
            }
            CardKey::Name(s) => {
                let l = loose(s);
                self.cards.iter().position(|c| loose(&c.name) == l)
            }
        }
    }

    /// "card 14 Direct Hit!".
    pub fn label(&self, i: usize) -> String {
        let c = &self.cards[i];
        format!("card {} {}", c.number, c.name)
    }
}

/// Every deck of the embedded data, or what is wrong with it.
pub fn decks() -> Result<&'static [Deck], String> {
    static DECKS: OnceLock<Result<Vec<Deck>, String>> = OnceLock::new();
    DECKS
        .get_or_init(|| load(fleetcheck_data::embedded::files("xwing")))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// Parses and validates the built-in deck files given as (path in
/// `data/xwing/`, text). The first problem is the error, located as
/// `data/xwing/<path>:line:column`.
pub fn load<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Vec<Deck>, String> {
    let mut decks: Vec<Deck> = Vec::new();
    for (path, text) in files {
        let source = Source {
            path: format!("data/xwing/{path}"),
            text: text.to_string(),
        };
        let mut diags = Vec::new();
        let deck = read_deck(&source, &mut diags);
        if let Some(d) = diags.first() {
            return Err(located(&source, d));
        }
        let Some(deck) = deck else {
            return Err(format!("{}: no deck could be read", source.path));
        };
        if decks.iter().any(|d| d.id == deck.id) {
            return Err(format!("{}: deck id {} twice", source.path, deck.id));
        }
        decks.push(deck);
    }
    if decks.is_empty() {
        return Err("data/xwing/ has no damage deck".into());
    }
    Ok(decks)
}

/// "path:line:column: message" (or "path: message" when unlocated).
pub fn located(source: &Source, d: &Diagnostic) -> String {
    match &d.span {
        Some(span) => {
            let (line, column) = source.line_col(span.start);
            format!("{}:{line}:{column}: {}", source.path, d.message)
        }
        None => format!("{}: {}", source.path, d.message),
    }
}

/// True when a parsed X-Wing file is a deck file (`[deck]` with its `id`,
/// `name` or `size`, or `[[card]]`s) rather than an inventory or damage
/// state, which never has these: a file with any state key is a state.
pub(crate) fn is_deck_file(root: &Node) -> bool {
    let NodeValue::Table(entries) = &root.value else {
        return false;
    };
    let has = |k: &str| entries.iter().any(|e| e.key == k);
    let state = ["inventory", "ship", "draw_pile", "discard_pile"]
        .iter()
        .any(|k| has(k));
    let deck_head = entries.iter().any(|e| {
        e.key == "deck"
            && matches!(&e.node.value, NodeValue::Table(t)
                if t.iter().any(|x| DECK_KEYS.contains(&x.key.as_str())))
    });
    !state && (has("card") || deck_head)
}

/// Reads a deck file. Every problem goes to `diags`, located in `source`
/// and in file order; the deck is returned only when there is none.
pub(crate) fn read_deck(source: &Source, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let root = input::parse(source, diags)?;
    deck_from_tree(&root, diags)
}

/// [`read_deck`] on a file already parsed.
pub(crate) fn deck_from_tree(root: &Node, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let mut found = Vec::new();
    let deck = walk(root, &mut found);
    // Checks that need every card (the size, the numbers) come after the
    // cards' own: put the diagnostics back in file order.
    found.sort_by_key(|d| d.span.as_ref().map_or(0, |s| s.start));
    let ok = found.is_empty();
    diags.extend(found);
    deck.filter(|_| ok)
}

/// A card as read, with the spans its checks point at.
struct ReadCard {
    card: DamageCard,
    number_span: std::ops::Range<usize>,
    name_span: std::ops::Range<usize>,
}

fn walk(root: &Node, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let first = diags.len();
    let top = Fields::new(
        root,
        "a damage deck file",
        "in a damage deck file",
        DECK_FILE_KEYS,
        diags,
    )?;
    // A key of [deck] or of a [[card]] written at the top: its table header
    // is missing, which says more than "did you mean".
    for e in top.entries() {
        let table = if DECK_KEYS.contains(&e.key.as_str()) {
            "[deck]"
        } else if CARD_KEYS.contains(&e.key.as_str()) {
            "[[card]]"
        } else {
            continue;
        };
        if let Some(d) = diags[first..]
            .iter_mut()
            .find(|d| d.is(InputCode::UnknownKey) && d.span.as_ref() == Some(&e.key_span))
        {
            d.help = vec![format!(
                "`{}` belongs in a {table} table: is the `{table}` line above it missing?",
                e.key
            )];
        }
    }
    if let Some(g) = top.string("game", diags) {
        if g.value.trim().to_lowercase() != "xwing" {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "a damage deck file is for game = \"xwing\", found `{}`",
                        fleetcheck_input::diag::shorten(&g.value)
                    ),
                )
                .with_span(Some(g.span.clone())),
            );
        }
    }
    let head = match top.entry("deck") {
        None => {
            diags.push(
                Diagnostic::new(InputCode::Shape, "a damage deck file needs a [deck] table")
                    .with_span(Some(0..0))
                    .with_help("add: [deck] with id = \"...\", name = \"...\" and size = (the number of cards)"),
            );
            None
        }
        Some(e) => Fields::new(&e.node, "`deck`", "in [deck]", DECK_KEYS, diags),
    };
    let mut id = None;
    let mut name = None;
    let mut size = None;
    if let Some(h) = &head {
        h.require("id", "id = \"huge\"", diags);
        h.require("name", "name = \"My huge ship damage deck\"", diags);
        h.require("size", "size = 33", diags);
        id = non_empty(h, "id", diags);
        name = non_empty(h, "name", diags);
        size = h.integer("size", 1, diags);
    }
    if top.entry("card").is_none() {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                "a damage deck file needs its [[card]] tables",
            )
            .with_span(Some(
                top.entry("deck").map_or(0..0, |e| input::header(&e.node)),
            ))
            .with_help("add one [[card]] per numbered card, with number, name, trait and copies"),
        );
    }
    let tables = top.tables("card", diags);
    let mut cards: Vec<ReadCard> = Vec::new();
    for node in &tables {
        let Some(f) = Fields::new(node, "a [[card]]", "in a [[card]]", CARD_KEYS, diags) else {
            continue;
        };
        f.require("number", "number = 1", diags);
        f.require("name", "name = \"Panicked Pilot\"", diags);
        f.require("trait", "trait = \"pilot\"", diags);
        f.require("copies", "copies = 2", diags);
        let number = f.integer("number", 1, diags);
        let name = card_name(&f, diags);
        let trait_ = card_trait(&f, diags);
        let copies = f.integer("copies", 1, diags);
        let (Some(number), Some(name), Some(trait_), Some(copies)) = (number, name, trait_, copies)
        else {
            continue;
        };
        cards.push(ReadCard {
            card: DamageCard {
                number: number.value,
                name: name.value,
                trait_,
                copies: copies.value,
            },
            number_span: number.span,
            name_span: name.span,
        });
    }
    // Every card was read: the size can be checked against the copies.
    let complete = cards.len() == tables.len() && !tables.is_empty();
    check_cards(&cards, tables.len(), diags);
    if let (Some(size), true) = (&size, complete) {
        let sum: i64 = cards.iter().map(|c| c.card.copies).sum();
        if sum != size.value {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "`size` is {}, but the copies of the {} add up to {sum}",
                        size.value,
                        input::count(cards.len() as i64, "card", "cards"),
                    ),
                )
                .with_span(Some(size.span.clone()))
                .with_help(
                    "`size` is the number of cards in the deck: the sum of every card's `copies`",
                ),
            );
        }
    }
    let (Some(id), Some(name), Some(size)) = (id, name, size) else {
        return None;
    };
    if !complete {
        return None;
    }
    cards.sort_by_key(|c| c.card.number);
    Some(Deck {
        id,
        name,
        size: size.value,
        cards: cards.into_iter().map(|c| c.card).collect(),
        file: None,
    })
}

/// A string that is not blank, trimmed.
fn non_empty(f: &Fields, key: &str, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let s = f.string(key, diags)?;
    if s.value.trim().is_empty() {
        diags.push(
            Diagnostic::new(InputCode::Shape, format!("`{key}` is empty")).with_span(Some(s.span)),
        );
        return None;
    }
    Some(s.value.trim().to_string())
}

/// A card's name: not blank, and not all digits (a reference that is all
/// digits is read as a card number, so such a name could never be named).
fn card_name(
    f: &Fields,
    diags: &mut Vec<Diagnostic>,
) -> Option<fleetcheck_input::tree::Spanned<String>> {
    let s = f.string("name", diags)?;
    let value = s.value.trim().to_string();
    if value.is_empty() || loose(&value).is_empty() {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                "a card's `name` must have letters or digits",
            )
            .with_span(Some(s.span)),
        );
        return None;
    }
    if let CardKey::Number(n) = CardKey::from_text(&value) {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!(
                    "a card's `name` cannot be a number: `{n}` would be read as card number {n}"
                ),
            )
            .with_span(Some(s.span))
            .with_help("give the name printed on the card; its number goes in `number`"),
        );
        return None;
    }
    Some(fleetcheck_input::tree::Spanned {
        value,
        span: s.span,
    })
}

/// A card's trait, one of [`TRAITS`] (any case), lowercased.
fn card_trait(f: &Fields, diags: &mut Vec<Diagnostic>) -> Option<String> {
    let s = f.string("trait", diags)?;
    let t = s.value.trim().to_lowercase();
    if TRAITS.contains(&t.as_str()) {
        return Some(t);
    }
    diags.push(input::unknown_value(
        InputCode::Shape,
        "damage card trait",
        &fleetcheck_input::diag::shorten(&s.value),
        &s.span,
        TRAITS.iter().copied(),
    ));
    None
}

/// Numbers 1..n, each once (n = the number of `[[card]]` tables), and
/// names unique. Each problem points at the second card of a clash, or at
/// the number out of range.
fn check_cards(cards: &[ReadCard], tables: usize, diags: &mut Vec<Diagnostic>) {
    let n = tables as i64;
    let unused = || {
        let free: Vec<String> = (1..=n)
            .filter(|k| !cards.iter().any(|c| c.card.number == *k))
            .map(|k| k.to_string())
            .collect();
        if free.is_empty() {
            String::new()
        } else {
            format!("; not used: {}", free.join(", "))
        }
    };
    for (i, c) in cards.iter().enumerate() {
        let number = c.card.number;
        if number > n {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "card number {number} is out of range: the deck has {}, numbered 1 to {n}",
                        input::count(n, "[[card]]", "[[card]] tables")
                    ),
                )
                .with_span(Some(c.number_span.clone()))
                .with_help(format!(
                    "number the cards 1 to {n}, as printed at the bottom of each card{}",
                    unused()
                )),
            );
        } else if let Some(first) = cards[..i].iter().find(|o| o.card.number == number) {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "card number {number} is given twice: `{}` and `{}`",
                        first.card.name, c.card.name
                    ),
                )
                .with_span(Some(c.number_span.clone()))
                .with_help(format!(
                    "each card has its own number, 1 to {n}{}",
                    unused()
                )),
            );
        }
        if let Some(first) = cards[..i]
            .iter()
            .find(|o| loose(&o.card.name) == loose(&c.card.name))
        {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "card {number} `{}` has the name of card {} `{}`",
                        c.card.name, first.card.number, first.card.name
                    ),
                )
                .with_span(Some(c.name_span.clone()))
                .with_help("names are compared ignoring case and punctuation: each card needs its own, since a card is found by its name"),
            );
        }
    }
}

#[cfg(test)]
#[path = "data_tests.rs"]
mod tests;
