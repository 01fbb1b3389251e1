//! The containers of a [`super::Database`]: its tables of cards, sets,
//! classes, formats and retirements ([`Table`]), which a database loaded
//! from the compiled blob decodes record by record on first use, and the
//! data file of each card ([`CardFiles`]).
//!
//! Why lazy: a command looks at a few dozen of the ~2,300 cards and a few
//! of the ~250 sets and ~80 classes, and decoding all of them at every
//! start cost more than everything else the one-fleet `check` does. Paths
//! that visit every record (`search`, `data check`, the builder's option
//! lists) decode each once, as before.

use super::embedded::{Blob, Records};
use super::model::{Card, CardType};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Every card of a database, in database order.
pub type Cards = Table<Card>;

/// Decodes record `i` of a record table of the blob (boxed where it is
/// made: a card is large, and is not moved once read).
type Decode<T> = fn(&Blob, Records, usize) -> Result<Box<T>, String>;

/// The records of one kind (cards, sets, classes, formats, retirements) in
/// database order. Indexing, [`Table::get`] and iteration hand out `&T` as
/// a `Vec<T>` would; a record of the compiled database is decoded the
/// first time it is asked for (thread safe: each record is decoded once).
/// Every database is a compiled one (`super::compile`): the table of a
/// database read whole (`--data DIR`) has every record decoded already.
pub struct Table<T> {
    blob: Arc<Blob>,
    records: Records,
    decode: Decode<T>,
    slots: Box<[OnceLock<Box<T>>]>,
}

impl<T> Table<T> {
    /// The records of table `records` of the compiled `blob`, decoded on
    /// demand by `decode`; `decoded`, when given, holds every record
    /// already (then nothing is decoded again).
    pub(crate) fn lazy(
        blob: Arc<Blob>,
        records: Records,
        decode: Decode<T>,
        decoded: Option<Vec<Box<T>>>,
    ) -> Table<T> {
        let slots: Box<[OnceLock<Box<T>>]> = match decoded {
            Some(all) => all.into_iter().map(OnceLock::from).collect(),
            None => (0..blob.len(records)).map(|_| OnceLock::new()).collect(),
        };
        Table {
            blob,
            records,
            decode,
            slots,
        }
    }

    /// How many records there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The record at index `i` (database order), if there is one.
    pub fn get(&self, i: usize) -> Option<&T> {
        let slot = self.slots.get(i)?;
        Some(
            slot.get_or_init(|| match (self.decode)(&self.blob, self.records, i) {
                Ok(record) => record,
                // `build.rs` wrote and the tests read every record of the
                // embedded blob, and one compiled at run time is read
                // whole: this is a broken build, not bad input.
                Err(e) => panic!("the compiled card database is damaged: {e}"),
            }),
        )
    }

    /// Every record in database order.
    pub fn iter(&self) -> Iter<'_, T> {
        Iter {
            table: self,
            next: 0,
            end: self.len(),
        }
    }
}

impl Table<Card> {
    /// The type of the card at index `i`, without decoding it.
    pub fn kind(&self, i: usize) -> Option<CardType> {
        match self.slots.get(i)?.get() {
            Some(card) => Some(card.kind),
            None => self.blob.kind(i),
        }
    }

    /// Whether the card at index `i` is decoded already (read since the
    /// database was opened).
    pub fn is_decoded(&self, i: usize) -> bool {
        self.slots.get(i).is_some_and(|s| s.get().is_some())
    }

    /// Whether the card at index `i` may fill a slot that takes one of
    /// `types` (one of its `Card::upgrade_types` is among them), or needs
    /// no slot (`Rules::no_slot`), without decoding it.
    pub fn fits_any(&self, i: usize, types: &[&str]) -> Option<bool> {
        match self.slots.get(i)?.get() {
            Some(card) => {
                Some(card.rules.no_slot || card.upgrade_types().any(|t| types.contains(&t)))
            }
            None => Some(self.blob.no_slot(i)? || self.blob.has_upgrade_type(i, types)?),
        }
    }
}

impl<T> std::ops::Index<usize> for Table<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(record) => record,
            None => panic!("index {i} out of range for a table of {}", self.len()),
        }
    }
}

impl<T: PartialEq> PartialEq for Table<T> {
    fn eq(&self, other: &Table<T>) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<T: fmt::Debug> fmt::Debug for Table<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// An iterator over a [`Table`], in database order.
pub struct Iter<'a, T> {
    table: &'a Table<T>,
    next: usize,
    end: usize,
}

impl<'a, T> Iterator for Iter<'a, T> {
    type Item = &'a T;

    fn next(&mut self) -> Option<&'a T> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.table.get(self.next - 1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl<T> DoubleEndedIterator for Iter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.table.get(self.end)
    }
}

impl<T> ExactSizeIterator for Iter<'_, T> {}

impl<'a, T> IntoIterator for &'a Table<T> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T>;

    fn into_iter(self) -> Iter<'a, T> {
        self.iter()
    }
}

/// The data file of each card (`cards/ships/federation.toml`), by card
/// index: each file name is stored once, in the compiled blob, and read
/// from it when first asked (only `data check` asks).
pub struct CardFiles {
    blob: Arc<Blob>,
    names: OnceLock<Vec<String>>,
}

impl CardFiles {
    /// The card files of the compiled `blob`.
    pub(crate) fn compiled(blob: Arc<Blob>) -> CardFiles {
        CardFiles {
            blob,
            names: OnceLock::new(),
        }
    }

    /// How many cards have a file.
    pub fn len(&self) -> usize {
        self.blob.cards()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file of card `i`.
    pub fn get(&self, i: usize) -> Option<&String> {
        let f = self.blob.card_file(i)?;
        self.names.get_or_init(|| self.blob.file_names()).get(f)
    }

    /// The file of every card, in card order.
    pub fn iter(&self) -> impl Iterator<Item = &String> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
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
    use super::super::Database;
    use super::*;

    fn card(id: &str) -> Card {
        Card {
            id: id.into(),
            ..Card::default()
        }
    }

    fn db(ids: &[&str], files: &[&str]) -> Database {
        Database::from_parts(
            ids.iter().map(|id| card(id)).collect(),
            files.iter().map(|f| f.to_string()).collect(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        )
    }

    #[test]
    fn card_files_store_each_name_once_and_read_back_in_order() {
        let list = ["a.toml", "a.toml", "b.toml", "a.toml"];
        let db = db(&["w", "x", "y", "z"], &list);
        let files = &db.card_files;
        assert_eq!(db.index.file_names(), ["a.toml", "b.toml", "a.toml"]);
        assert_eq!(files.len(), 4);
        assert_eq!(files.iter().collect::<Vec<_>>(), list);
        assert_eq!(files[2], "b.toml");
        assert_eq!(files.get(4), None);
    }

    #[test]
    fn cards_index_iterate_and_compare() {
        let db = db(&["a", "b"], &["f.toml", "f.toml"]);
        let cards = &db.cards;
        assert_eq!(cards.len(), 2);
        assert_eq!(cards.kind(0), Some(CardType::Upgrade));
        assert_eq!(cards[1].id, "b");
        let ids: Vec<&str> = cards.iter().rev().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["b", "a"]);
        let same = super::super::Database::from_parts(
            vec![card("a"), card("b")],
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        );
        assert_eq!(*cards, same.cards);
        assert_ne!(*cards, Database::default().cards);
        assert_eq!(cards.get(2), None);
    }
}
