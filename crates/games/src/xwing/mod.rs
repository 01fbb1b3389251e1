//! X-Wing (second edition) damage decks, `game = "xwing"` (seed 001).
//!
//! A file holds an inventory of a physical damage deck (`[inventory]`: how
//! many copies of each numbered card were found), a damage state (damage
//! cards face up and face down on each `[[ship]]`, the `draw_pile`, the
//! `discard_pile`), or both. Both are checked against the deck's
//! composition: a built-in deck (`data/xwing/`) or the user's own deck file
//! (`deck = { file = "..." }`, for a deck fleetcheck does not ship, such as
//! the huge-ship deck). Every card missing or surplus is named by number,
//! name and count. `edit` implements the EXPOSE and REPAIR moves that
//! `fleetcheck xwing expose|repair` applies to a state file.
//!
//! ```toml
//! game = "xwing"
//! deck = "standard"          # optional, the default; or { file = "decks/huge.toml" }
//! [[ship]]
//! name = "Red Five"
//! face_up = ["Console Fire"]
//! face_down = [14, 14]       # card numbers or names
//! ```
//!
//! A deck file itself (`[deck]` and `[[card]]`s, with `game = "xwing"`) is
//! also checked on its own: its composition is validated and listed, so that
//! a folder holding state files and their deck files checks cleanly.

pub mod data;
pub mod deckfile;
pub mod edit;
pub mod state;

mod rules;
mod summary;

pub(crate) use summary::{deck_details, deck_summary};
pub use summary::{details, summary};

/// The X-Wing rule set's id (`game = "xwing"`).
pub const ID: &str = GAME.id;

use crate::Checked;
use crate::{run, RuleSet};
use data::Deck;
use fleetcheck_input::diag::{Diagnostic, Source};
use fleetcheck_input::tree::{Node, Open, Parsed};
use rules::rules;
use state::State;

crate::rule_set! {
    /// The X-Wing rule set.
    id: "xwing",
    title: "X-Wing (second edition) damage deck",
    codes {
        MissingCard = ("missing-card", Error, "a card has fewer copies than the deck: in the inventory, or in the damage state when `draw_pile` is listed. Names the card's number and name, the copies found and how many are missing"),
        SurplusCard = ("surplus-card", Error, "a card has more copies than the deck: in the inventory, or across ships + draw pile + discard pile (a card counted twice). Names where each copy is"),
        DeckEmpty = ("deck-empty", Note, "the listed draw pile is empty: the cards on destroyed ships are flipped face down and shuffled into a new deck"),
    }
}

/// Checks a X-Wing file.
pub fn check(parsed: Parsed) -> Checked {
    run(
        &RuleSet {
            id: GAME.id,
            name: "X-Wing",
            facts: data::decks,
            read,
            title: |f| match f {
                File::State(s) => s.name.clone(),
                File::Deck(d) => Some(d.name.clone()),
            },
            rules: |f, _, d| {
                if let File::State(s) = f {
                    rules(s, d);
                }
            },
            summary: |f, _| match f {
                File::State(s) => summary(s),
                File::Deck(d) => deck_summary(d),
            },
            details: |f, _| match f {
                File::State(s) => details(s),
                File::Deck(d) => deck_details(d),
            },
        },
        parsed,
    )
}

/// What an X-Wing file holds.
#[derive(Debug, Clone)]
pub enum File {
    /// An inventory and/or a damage state.
    State(State),
    /// A deck file (`[deck]` and `[[card]]`s), checked on its own.
    Deck(Deck),
}

/// Reads an X-Wing file: a deck file or a state (see `data::is_deck_file`).
pub fn read(
    source: &Source,
    open: &Open,
    root: &Node,
    decks: &'static [Deck],
    diags: &mut Vec<Diagnostic>,
) -> Option<File> {
    if data::is_deck_file(root) {
        data::deck_from_tree(root, diags).map(File::Deck)
    } else {
        state::from_tree(root, source, open, decks, diags).map(File::State)
    }
}

#[cfg(test)]
mod tests;
