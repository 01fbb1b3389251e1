//! The containers of a [`super::Database`]: its cards ([`Cards`]), which a
//! database loaded from the compiled blob decodes one by one on first use,
//! and the data file of each card ([`CardFiles`]).
//!
//! Why lazy: a command looks at a few dozen of the ~2,300 cards, and
//! decoding all of them at every start cost more than everything else the
//! one-fleet `check` does. Paths that visit every card (`search`, `data
//! check`, the builder's option lists) decode each once, as before.

use super::embedded::Blob;
use super::model::{Card, CardType};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Every card of a database, in database order. Indexing, [`Cards::get`]
/// and iteration hand out `&Card` as a `Vec<Card>` would; a card of the
/// compiled database is decoded the first time it is asked for (thread
/// safe: each card is decoded once).
#[derive(Default)]
pub struct Cards {
    store: Store,
}

enum Store {
    /// Parsed from TOML (`--data DIR`) or given whole.
    Owned(Vec<Card>),
    /// Decoded on demand from the compiled blob.
    Lazy {
        blob: Arc<Blob>,
        slots: Box<[OnceLock<Box<Card>>]>,
    },
}

impl Default for Store {
    fn default() -> Store {
        Store::Owned(Vec::new())
    }
}

impl Cards {
    /// The cards of the compiled `blob`, decoded on demand; `decoded`, when
    /// given, holds every card already (then nothing is decoded again).
    pub(crate) fn lazy(blob: Arc<Blob>, decoded: Option<Vec<Card>>) -> Cards {
        let n = blob.cards();
        let slots: Box<[OnceLock<Box<Card>>]> = match decoded {
            Some(cards) => cards
                .into_iter()
                .map(|c| OnceLock::from(Box::new(c)))
                .collect(),
            None => (0..n).map(|_| OnceLock::new()).collect(),
        };
        Cards {
            store: Store::Lazy { blob, slots },
        }
    }

    pub(crate) fn push(&mut self, card: Card) {
        match &mut self.store {
            Store::Owned(v) => v.push(card),
            // Only the TOML loader pushes, onto an owned list.
            Store::Lazy { .. } => unreachable!("cards of the compiled database are fixed"),
        }
    }

    /// How many cards there are.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Owned(v) => v.len(),
            Store::Lazy { slots, .. } => slots.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The card at index `i` (database order), if there is one.
    pub fn get(&self, i: usize) -> Option<&Card> {
        match &self.store {
            Store::Owned(v) => v.get(i),
            Store::Lazy { blob, slots } => {
                let slot = slots.get(i)?;
                Some(slot.get_or_init(|| match blob.card(i) {
                    Ok(card) => Box::new(card),
                    // `build.rs` wrote and the tests read every card of the
                    // blob: this is a broken build, not bad input.
                    Err(e) => panic!("the compiled card database is damaged: {e}"),
                }))
            }
        }
    }

    /// The type of the card at index `i`, without decoding it.
    pub fn kind(&self, i: usize) -> Option<CardType> {
        match &self.store {
            Store::Owned(v) => v.get(i).map(|c| c.kind),
            Store::Lazy { blob, slots } => match slots.get(i)?.get() {
                Some(card) => Some(card.kind),
                None => blob.kind(i),
            },
        }
    }

    /// Every card in database order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            cards: self,
            next: 0,
            end: self.len(),
        }
    }
}

impl From<Vec<Card>> for Cards {
    fn from(cards: Vec<Card>) -> Cards {
        Cards {
            store: Store::Owned(cards),
        }
    }
}

impl std::ops::Index<usize> for Cards {
    type Output = Card;

    fn index(&self, i: usize) -> &Card {
        match self.get(i) {
            Some(card) => card,
            None => panic!(
                "card index {i} out of range for a database of {} cards",
                self.len()
            ),
        }
    }
}

impl PartialEq for Cards {
    fn eq(&self, other: &Cards) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An iterator over [`Cards`], in database order.
pub struct Iter<'a> {
    cards: &'a Cards,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a Card;

    fn next(&mut self) -> Option<&'a Card> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.cards.get(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.cards.get(self.end)
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Cards {
    type Item = &'a Card;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The data file of each card (`cards/ships/federation.toml`), by card
/// index: each file name is stored once.
#[derive(Default, Clone)]
pub struct CardFiles {
    files: Vec<String>,
    of: Vec<u32>,
}

impl CardFiles {
    /// The files, and the index into them of each card's file (checked by
    /// the caller: every index is in range).
    pub(crate) fn new(files: Vec<String>, of: Vec<u32>) -> CardFiles {
        debug_assert!(of.iter().all(|&f| (f as usize) < files.len()));
        CardFiles { files, of }
    }

    /// Appends the file of the next card.
    pub(crate) fn push(&mut self, file: &str) {
        if self.files.last().map(String::as_str) != Some(file) {
            self.files.push(file.to_string());
        }
        // Fewer than 2^32 files: each holds at least one card.
        self.of
            .push(u32::try_from(self.files.len() - 1).unwrap_or(u32::MAX));
    }

    /// How many cards have a file.
    pub fn len(&self) -> usize {
        self.of.len()
    }

    pub fn is_empty(&self) -> bool {
        self.of.is_empty()
    }

    /// The file of card `i`.
    pub fn get(&self, i: usize) -> Option<&String> {
        self.files.get(*self.of.get(i)? as usize)
    }

    /// The file of every card, in card order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator + '_ {
        self.of.iter().map(|&f| &self.files[f as usize])
    }
}

impl From<Vec<String>> for CardFiles {
    fn from(files: Vec<String>) -> CardFiles {
        let mut out = CardFiles::default();
        for f in &files {
            out.push(f);
        }
        out
    }
}

impl std::ops::Index<usize> for CardFiles {
    type Output = String;

    fn index(&self, i: usize) -> &String {
        match self.get(i) {
            Some(f) => f,
            None => panic!("card index {i} out of range for {} card files", self.len()),
        }
    }
}

impl PartialEq for CardFiles {
    fn eq(&self, other: &CardFiles) -> bool {
        self.iter().eq(other.iter())
    }
}

impl fmt::Debug for CardFiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_files_store_each_name_once_and_read_back_in_order() {
        let list: Vec<String> = ["a.toml", "a.toml", "b.toml", "a.toml"]
            .map(String::from)
            .to_vec();
        let files = CardFiles::from(list.clone());
        assert_eq!(files.files, ["a.toml", "b.toml", "a.toml"]);
        assert_eq!(files.len(), 4);
        assert_eq!(files.iter().cloned().collect::<Vec<_>>(), list);
        assert_eq!(files[2], "b.toml");
        assert_eq!(files.get(4), None);
    }

    #[test]
    fn owned_cards_index_iterate_and_compare() {
        let card = |id: &str| Card {
            id: id.into(),
            ..Card::default()
        };
        let cards = Cards::from(vec![card("a"), card("b")]);
        assert_eq!(cards.len(), 2);
        assert_eq!(cards[1].id, "b");
        assert_eq!(cards.kind(0), Some(CardType::Upgrade));
        let ids: Vec<&str> = cards.iter().rev().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["b", "a"]);
        assert_eq!(cards, Cards::from(vec![card("a"), card("b")]));
        assert_ne!(cards, Cards::from(vec![card("a")]));
    }
}
