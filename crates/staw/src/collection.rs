//! What a player owns (`--collection FILE`): the expansions and loose cards
//! of a collection file ([`read`], `collection/file.rs`: the spanned
//! reader, every problem at once, located), turned into a [`Shelf`] (each
//! card and how many copies of it are owned), and the `not-owned` rule:
//! a fleet that uses more copies of a card than the shelf holds.
//!
//! - An expansion gives one copy of each card the database lists in it
//!   (the imported data has set membership, never a count per set) times
//!   the copies of the expansion owned; a card printed in several
//!   expansions comes from each of them.
//! - Reprints are one card ([`Card::is_reprint_of`]): every printing counts
//!   by its first printing's id ([`Database::first_printing`]), as the
//!   fingerprint does, so owning the Starter Set's Data fields the
//!   Enterprise-E's.
//! - Cards the database lists in no expansion (builder helpers, tokens)
//!   are not judged.
//!
//! The values here are what the CLI and the language server use alike:
//! [`read`] a file, [`Shelf::of`] the collection, [`Shelf::ownership`] of
//! an analysed fleet, [`Shelf::together`] for several fleets at once.

use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

mod file;

pub use file::{find_set, read, COLLECTION_KEYS, MAX_COPIES};

/// A collection file read: its expansions and loose cards, in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Collection {
    /// `[sets]`: expansions by id (product number) or name.
    pub sets: Vec<Held>,
    /// `[cards]`: loose cards (promos, singles) by id.
    pub cards: Vec<Held>,
}

/// One line of `[sets]` or `[cards]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// The set's or card's id.
    pub id: String,
    pub name: String,
    /// Copies owned (at least 1).
    pub count: u32,
    /// The key as written (an id or a name).
    pub written: String,
    /// From the key to the end of its value.
    pub span: Range<usize>,
}

/// An expansion, named in a message or a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetRef {
    pub id: String,
    pub name: String,
}

/// Every card a collection holds, and how many copies of it: by the id of
/// its first printing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shelf {
    /// How the collection is named in messages (its file, as given).
    pub name: String,
    owned: HashMap<String, u32>,
}

/// One card a fleet (or several) uses, by its first printing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    /// The first printing's id (the one the shelf counts by).
    pub first_printing: String,
    /// The id of the printing the fleet names first.
    pub id: String,
    pub name: String,
    /// Copies the fleet uses.
    pub needed: u32,
    /// Copies the collection holds.
    pub owned: u32,
    /// The references that use it, in file order.
    pub spans: Vec<Range<usize>>,
}

impl Use {
    /// Copies short: what the fleet uses beyond what is owned.
    pub fn short(&self) -> u32 {
        self.needed.saturating_sub(self.owned)
    }
}

/// What a fleet uses of a shelf: every card it uses (by first printing, in
/// the order they first appear), with copies used and owned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ownership {
    pub cards: Vec<Use>,
}

impl Ownership {
    /// The cards the fleet uses more copies of than the shelf holds.
    pub fn missing(&self) -> impl Iterator<Item = &Use> {
        self.cards.iter().filter(|u| u.short() > 0)
    }

    /// Whether the shelf holds every card of the fleet.
    pub fn fits(&self) -> bool {
        self.missing().next().is_none()
    }
}

impl Shelf {
    /// The shelf of a collection: each expansion's cards (one copy each per
    /// copy of the expansion) and the loose cards, every printing counted
    /// by its first printing's id.
    pub fn of(db: &Database, collection: &Collection, name: &str) -> Shelf {
        let sets: HashMap<&str, u32> = collection
            .sets
            .iter()
            .map(|h| (h.id.as_str(), h.count))
            .collect();
        let mut owned: HashMap<String, u32> = HashMap::new();
        if !sets.is_empty() {
            // One copy per expansion of a card, however many of its
            // printings the expansion lists.
            let mut given: HashSet<(&str, &str)> = HashSet::new();
            for card in db.cards.iter().filter(|c| !c.helper) {
                for s in &card.sets {
                    let Some(&n) = sets.get(s.as_str()) else {
                        continue;
                    };
                    let first = db.first_printing(card);
                    if given.insert((first, s.as_str())) {
                        *owned.entry(first.to_string()).or_default() += n;
                    }
                }
            }
        }
        for h in &collection.cards {
            if let Some(card) = db.by_id(&h.id) {
                *owned
                    .entry(db.first_printing(card).to_string())
                    .or_default() += h.count;
            }
        }
        Shelf {
            name: name.to_string(),
            owned,
        }
    }

    /// Every card the shelf holds, by its first printing's id, with its
    /// copies (in no particular order).
    pub fn cards(&self) -> impl Iterator<Item = (&str, u32)> {
        self.owned.iter().map(|(id, n)| (id.as_str(), *n))
    }

    /// Copies of `card` (any printing of it) the shelf holds.
    pub fn copies(&self, db: &Database, card: &Card) -> u32 {
        self.owned
            .get(db.first_printing(card))
            .copied()
            .unwrap_or(0)
    }

    /// What a fleet uses of the shelf: each of its cards with the span of
    /// its reference (`Analysis::ownership` gives its ships and their
    /// cards, its resource and its sideboard).
    pub fn ownership<'c>(
        &self,
        db: &'c Database,
        every: impl IntoIterator<Item = (&'c Card, Range<usize>)>,
    ) -> Ownership {
        let mut cards: Vec<Use> = Vec::new();
        let mut at: HashMap<&str, usize> = HashMap::new();
        for (card, span) in every {
            if card.sets.is_empty() || card.helper {
                continue;
            }
            let id = db.first_printing(card);
            match at.get(id) {
                Some(&i) => {
                    cards[i].needed += 1;
                    cards[i].spans.push(span);
                }
                None => {
                    at.insert(id, cards.len());
                    cards.push(Use {
                        first_printing: id.to_string(),
                        id: card.id.clone(),
                        name: card.name.clone(),
                        needed: 1,
                        owned: self.owned.get(id).copied().unwrap_or(0),
                        spans: vec![span],
                    });
                }
            }
        }
        for u in &mut cards {
            u.spans.sort_by_key(|s| s.start);
        }
        Ownership { cards }
    }

    /// What several fleets use of the shelf at once: every card any of them
    /// uses, with the copies they use together (spans left empty: they are
    /// in several files).
    pub fn together<'o>(&self, fleets: impl IntoIterator<Item = &'o Ownership>) -> Ownership {
        let mut cards: Vec<Use> = Vec::new();
        let mut at: HashMap<String, usize> = HashMap::new();
        for o in fleets {
            for u in &o.cards {
                match at.get(&u.first_printing) {
                    Some(&i) => cards[i].needed += u.needed,
                    None => {
                        at.insert(u.first_printing.clone(), cards.len());
                        cards.push(Use {
                            spans: Vec::new(),
                            ..u.clone()
                        });
                    }
                }
            }
        }
        Ownership { cards }
    }
}

/// The expansions a card comes in, any printing of it, the newest first
/// (by release date, then id).
pub fn sources(db: &Database, id: &str) -> Vec<SetRef> {
    let Some(card) = db.by_id(id) else {
        return Vec::new();
    };
    let mut ids: Vec<&str> = Vec::new();
    let printings = db.by_name(&card.name);
    for c in std::iter::once(card).chain(printings.into_iter().filter(|c| c.is_reprint_of(card))) {
        for s in &c.sets {
            if !ids.contains(&s.as_str()) {
                ids.push(s);
            }
        }
    }
    let mut sets: Vec<(&str, SetRef)> = ids
        .into_iter()
        .map(|s| {
            let set = db.set(s);
            (
                set.map_or("", |x| x.release_date.as_str()),
                SetRef {
                    id: s.to_string(),
                    name: set.map_or_else(|| s.to_string(), |x| x.name.clone()),
                },
            )
        })
        .collect();
    sets.sort_by(|a, b| b.0.cmp(a.0).then_with(|| a.1.id.cmp(&b.1.id)));
    sets.into_iter().map(|(_, s)| s).collect()
}

/// The expansions of [`sources`] as a message says them:
/// "U.S.S. Defiant (71268), Starter Set (71120)".
pub fn sources_text(sets: &[SetRef]) -> String {
    if sets.is_empty() {
        return "no expansion".to_string();
    }
    let list: Vec<String> = sets
        .iter()
        .map(|s| format!("{} ({})", s.name, s.id))
        .collect();
    list.join(", ")
}

/// "copy" or "copies".
pub fn copies_word(n: u32) -> &'static str {
    if n == 1 {
        "copy"
    } else {
        "copies"
    }
}

#[cfg(test)]
#[path = "collection/tests.rs"]
mod tests;
