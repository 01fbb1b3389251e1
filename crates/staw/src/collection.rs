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
use std::collections::{btree_map, BTreeMap};
use std::ops::Range;

mod file;

pub use file::{find_card, find_set, read, COLLECTION_KEYS, MAX_COPIES};

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

/// Every card a collection holds, and how many copies of it: by its first
/// printing ([`Database::first_printing_at`]), and which printings it
/// holds itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Shelf {
    /// How the collection is named in messages (its file, as given).
    pub name: String,
    /// The copies held of each card, at the index of its first printing
    /// in the database's cards.
    owned: Vec<u32>,
    /// Whether each printing (by index) is in an expansion held or is a
    /// loose card held.
    printings: Vec<bool>,
}

/// One card a fleet (or several) uses, by its first printing; its words
/// borrowed from the database (or from a report of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use<'a> {
    /// The first printing's id (the one the shelf counts by).
    pub first_printing: &'a str,
    /// The index of the first printing in the database's cards (`None`
    /// for a card of no database: then `first_printing` is its own id).
    pub first_at: Option<usize>,
    /// The id of the printing the fleet names first.
    pub id: &'a str,
    /// The index of that printing in the database's cards (`None` for a
    /// card of no database).
    pub at: Option<usize>,
    pub name: &'a str,
    /// Copies the fleet uses.
    pub needed: u32,
    /// Copies the collection holds.
    pub owned: u32,
    /// For a card the fleet uses more copies of than are owned, the
    /// references that use it, in file order (the `not-owned` warning
    /// stands at the first copy beyond those owned); empty otherwise.
    pub spans: Vec<Range<usize>>,
    /// For a card the fleet uses more copies of than are owned, the
    /// expansions that contain it ([`sources`]), found once for the
    /// `not-owned` warning and the report alike; empty otherwise.
    pub sources: Vec<SetRef>,
}

impl Use<'_> {
    /// Copies short: what the fleet uses beyond what is owned.
    pub fn short(&self) -> u32 {
        self.needed.saturating_sub(self.owned)
    }
}

/// A [`Use`] without its words, as a report keeps it for
/// [`Shelf::together`]: the printing named first and the first printing by
/// their indices in the database's cards, the copies used and owned. A
/// fleet's [`Ownership::tally`] is a few numbers per card where its words
/// would be three strings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// The index of the printing the fleet names first.
    pub at: usize,
    /// The index of its first printing.
    pub first_at: usize,
    pub needed: u32,
    pub owned: u32,
}

impl Tally {
    /// The [`Use`] this tally stands for, its words read from the database
    /// (`None` for an index it does not hold).
    pub fn of<'d>(&self, db: &'d Database) -> Option<Use<'d>> {
        let (card, first) = (db.cards.get(self.at)?, db.cards.get(self.first_at)?);
        Some(Use {
            first_printing: &first.id,
            first_at: Some(self.first_at),
            id: &card.id,
            at: Some(self.at),
            name: &card.name,
            needed: self.needed,
            owned: self.owned,
            spans: Vec::new(),
            sources: Vec::new(),
        })
    }
}

/// What a fleet uses of a shelf: every card it uses (by first printing, in
/// the order they first appear), with copies used and owned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ownership<'a> {
    pub cards: Vec<Use<'a>>,
}

impl<'a> Ownership<'a> {
    /// The cards the fleet uses more copies of than the shelf holds.
    pub fn missing(&self) -> impl Iterator<Item = &Use<'a>> {
        self.cards.iter().filter(|u| u.short() > 0)
    }

    /// Whether the shelf holds every card of the fleet.
    pub fn fits(&self) -> bool {
        self.missing().next().is_none()
    }

    /// Every card of the database the fleet uses, as numbers
    /// ([`Tally`]); a card of no database (a test's) has no index and is
    /// left out.
    pub fn tally(&self) -> Vec<Tally> {
        self.cards
            .iter()
            .filter_map(|u| {
                Some(Tally {
                    at: u.at?,
                    first_at: u.first_at?,
                    needed: u.needed,
                    owned: u.owned,
                })
            })
            .collect()
    }
}

impl Shelf {
    /// The shelf of a collection: each expansion's cards (one copy each per
    /// copy of the expansion, however many printings of a card it lists)
    /// and the loose cards, every printing counted by its first printing.
    /// The expansions' cards come from the database's index of each set
    /// (`Database::set_cards`): no card is decoded.
    pub fn of(db: &Database, collection: &Collection, name: &str) -> Shelf {
        let mut shelf = Shelf {
            name: name.to_string(),
            owned: vec![0; db.cards.len()],
            printings: vec![false; db.cards.len()],
        };
        let mut firsts: Vec<usize> = Vec::new();
        for h in &collection.sets {
            firsts.clear();
            for i in db.set_cards(&h.id) {
                shelf.hold(i);
                firsts.push(db.first_printing_of(i));
            }
            firsts.sort_unstable();
            firsts.dedup();
            for &f in &firsts {
                shelf.add(f, h.count);
            }
        }
        for h in &collection.cards {
            if let Some(i) = db.index_of(&h.id) {
                shelf.hold(i);
                shelf.add(db.first_printing_of(i), h.count);
            }
        }
        shelf
    }

    fn hold(&mut self, printing: usize) {
        if let Some(p) = self.printings.get_mut(printing) {
            *p = true;
        }
    }

    fn add(&mut self, first: usize, copies: u32) {
        if let Some(n) = self.owned.get_mut(first) {
            *n = n.saturating_add(copies);
        }
    }

    /// Copies held of the card whose first printing is at `first`.
    fn at(&self, first: Option<usize>) -> u32 {
        first.and_then(|i| self.owned.get(i)).copied().unwrap_or(0)
    }

    /// Every card the shelf holds (its first printing) with its copies, in
    /// database order.
    pub fn cards<'s, 'd: 's>(
        &'s self,
        db: &'d Database,
    ) -> impl Iterator<Item = (&'d Card, u32)> + 's {
        self.owned
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .filter_map(move |(i, n)| Some((db.cards.get(i)?, *n)))
    }

    /// Copies of `card` (any printing of it) the shelf holds.
    pub fn copies(&self, db: &Database, card: &Card) -> u32 {
        self.at(db.first_printing_at(card))
    }

    /// Whether the shelf holds this printing of a card itself (in an
    /// expansion it holds, or as a loose card), not only another printing
    /// of it.
    pub fn holds_printing(&self, db: &Database, card: &Card) -> bool {
        db.position(card)
            .and_then(|i| self.printings.get(i))
            .copied()
            .unwrap_or(false)
    }

    /// What a fleet uses of the shelf: each of its cards with the span of
    /// its reference (`Analysis::ownership` gives its ships and their
    /// cards, its resource and its sideboard). Counted by the index of each
    /// card's first printing: nothing is copied but the places.
    pub fn ownership<'c>(
        &self,
        db: &'c Database,
        every: impl IntoIterator<Item = (&'c Card, Range<usize>)>,
    ) -> Ownership<'c> {
        let every = every.into_iter();
        let mut cards: Vec<Use<'c>> = Vec::with_capacity(every.size_hint().0);
        // By first printing (a card of no database: by its own id). A fleet
        // uses a dozen cards: a B-tree of indices is cheaper than hashing
        // each key, and stays O(log n) for a fleet of thousands.
        let mut at: BTreeMap<Result<usize, &str>, usize> = BTreeMap::new();
        // Every reference, by its card's place in `cards`: one list for the
        // fleet, given out only to the cards short of copies.
        let mut refs: Vec<(usize, Range<usize>)> = Vec::with_capacity(every.size_hint().0);
        for (card, span) in every {
            if card.sets.is_empty() || card.helper {
                continue;
            }
            let here = db.position(card);
            let first = match here {
                Some(i) => Some(db.first_printing_of(i)),
                None => db.first_printing_at(card),
            };
            match at.entry(first.ok_or(card.id.as_str())) {
                btree_map::Entry::Occupied(i) => {
                    cards[*i.get()].needed += 1;
                    refs.push((*i.get(), span));
                }
                btree_map::Entry::Vacant(v) => {
                    v.insert(cards.len());
                    refs.push((cards.len(), span));
                    cards.push(Use {
                        first_printing: first
                            .and_then(|i| db.cards.get(i))
                            .map_or(card.id.as_str(), |c| c.id.as_str()),
                        first_at: first,
                        id: &card.id,
                        at: here,
                        name: &card.name,
                        needed: 1,
                        owned: self.at(first),
                        spans: Vec::new(),
                        sources: Vec::new(),
                    });
                }
            }
        }
        if cards.iter().any(|u| u.short() > 0) {
            refs.sort_unstable_by_key(|(i, s)| (*i, s.start));
            for (i, span) in refs {
                let u = &mut cards[i];
                if u.short() > 0 {
                    u.spans.push(span);
                }
            }
            for u in cards.iter_mut().filter(|u| u.short() > 0) {
                u.sources = sources(db, u.id);
            }
        }
        Ownership { cards }
    }

    /// What several fleets use of the shelf at once: every card any of them
    /// uses (the cards of each fleet's [`Ownership`], or of a report of
    /// one), with the copies they use together (spans left empty: they are
    /// in several files).
    pub fn together<'o>(&self, cards: impl IntoIterator<Item = Use<'o>>) -> Ownership<'o> {
        let mut out: Vec<Use<'o>> = Vec::new();
        // By first printing, as `ownership` counts: where each is in `out`,
        // at the index of the first printing (thousands of fleets sum a
        // few hundred cards: no key is hashed or compared), and a card of
        // no database by its id.
        let mut at: Vec<usize> = vec![usize::MAX; self.owned.len()];
        let mut unknown: BTreeMap<&str, usize> = BTreeMap::new();
        for u in cards {
            let seen = match u.first_at.and_then(|i| at.get_mut(i)) {
                Some(i) if *i != usize::MAX => Some(*i),
                Some(i) => {
                    *i = out.len();
                    None
                }
                None => match unknown.entry(u.first_printing) {
                    btree_map::Entry::Occupied(i) => Some(*i.get()),
                    btree_map::Entry::Vacant(v) => {
                        v.insert(out.len());
                        None
                    }
                },
            };
            match seen {
                Some(i) => out[i].needed += u.needed,
                None => out.push(Use {
                    spans: Vec::new(),
                    sources: Vec::new(),
                    ..u
                }),
            }
        }
        Ownership { cards: out }
    }
}

/// The expansions a card comes in, any printing of it, the newest first
/// (by release date, then id).
pub fn sources(db: &Database, id: &str) -> Vec<SetRef> {
    let Some(card) = db.by_id(id) else {
        return Vec::new();
    };
    let mut ids: Vec<&str> = Vec::new();
    let printings = db.named_as(card);
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
