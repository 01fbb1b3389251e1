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

/// Decodes record `i` of a record table of the blob.
type Decode<T> = fn(&Blob, Records, usize) -> Result<T, String>;

/// The records of one kind (cards, sets, classes, formats, retirements) in
/// database order. Indexing, [`Table::get`] and iteration hand out `&T` as
/// a `Vec<T>` would; a record of the compiled database is decoded the
/// first time it is asked for (thread safe: each record is decoded once).
pub struct Table<T> {
    store: Store<T>,
}

enum Store<T> {
    /// Parsed from TOML (`--data DIR`) or given whole.
    Owned(Vec<T>),
    /// Decoded on demand from the compiled blob.
    Lazy {
        blob: Arc<Blob>,
        records: Records,
        decode: Decode<T>,
        slots: Box<[OnceLock<Box<T>>]>,
    },
}

impl<T> Default for Table<T> {
    fn default() -> Table<T> {
        Table {
            store: Store::Owned(Vec::new()),
        }
    }
}

impl<T> Table<T> {
    /// The records of table `records` of the compiled `blob`, decoded on
    /// demand by `decode`; `decoded`, when given, holds every record
    /// already (then nothing is decoded again).
    pub(crate) fn lazy(
        blob: Arc<Blob>,
        records: Records,
        decode: Decode<T>,
        decoded: Option<Vec<T>>,
    ) -> Table<T> {
        let slots: Box<[OnceLock<Box<T>>]> = match decoded {
            Some(all) => all
                .into_iter()
                .map(|r| OnceLock::from(Box::new(r)))
                .collect(),
            None => (0..blob.len(records)).map(|_| OnceLock::new()).collect(),
        };
        Table {
            store: Store::Lazy {
                blob,
                records,
                decode,
                slots,
            },
        }
    }

    /// Appends a record (the TOML loader's tables only).
    pub(crate) fn push(&mut self, record: T) {
        match &mut self.store {
            Store::Owned(v) => v.push(record),
            // Only the TOML loader pushes, onto an owned table.
            Store::Lazy { .. } => unreachable!("the compiled database is fixed"),
        }
    }

    /// How many records there are.
    pub fn len(&self) -> usize {
        match &self.store {
            Store::Owned(v) => v.len(),
            Store::Lazy { slots, .. } => slots.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The record at index `i` (database order), if there is one.
    pub fn get(&self, i: usize) -> Option<&T> {
        match &self.store {
            Store::Owned(v) => v.get(i),
            Store::Lazy {
                blob,
                records,
                decode,
                slots,
            } => {
                let slot = slots.get(i)?;
                Some(slot.get_or_init(|| match decode(blob, *records, i) {
                    Ok(record) => Box::new(record),
                    // `build.rs` wrote and the tests read every record of
                    // the blob: this is a broken build, not bad input.
                    Err(e) => panic!("the compiled card database is damaged: {e}"),
                }))
            }
        }
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
        match &self.store {
            Store::Owned(v) => v.get(i).map(|c| c.kind),
            Store::Lazy { blob, slots, .. } => match slots.get(i)?.get() {
                Some(card) => Some(card.kind),
                None => blob.kind(i),
            },
        }
    }
}

impl<T> From<Vec<T>> for Table<T> {
    fn from(all: Vec<T>) -> Table<T> {
        Table {
            store: Store::Owned(all),
        }
    }
}

impl<T> Extend<T> for Table<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for r in iter {
            self.push(r);
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
/// index: each file name is stored once. The compiled database reads them
/// from its blob when first asked (only `data check` asks).
#[derive(Default)]
pub struct CardFiles {
    store: Files,
}

enum Files {
    Owned {
        files: Vec<String>,
        of: Vec<u32>,
    },
    Compiled {
        blob: Arc<Blob>,
        names: OnceLock<Vec<String>>,
    },
}

impl Default for Files {
    fn default() -> Files {
        Files::Owned {
            files: Vec::new(),
            of: Vec::new(),
        }
    }
}

impl CardFiles {
    /// The card files of the compiled `blob`.
    pub(crate) fn compiled(blob: Arc<Blob>) -> CardFiles {
        CardFiles {
            store: Files::Compiled {
                blob,
                names: OnceLock::new(),
            },
        }
    }

    /// Appends the file of the next card (the TOML loader only).
    pub(crate) fn push(&mut self, file: &str) {
        match &mut self.store {
            Files::Owned { files, of } => {
                if files.last().map(String::as_str) != Some(file) {
                    files.push(file.to_string());
                }
                // Fewer than 2^32 files: each holds at least one card.
                of.push(u32::try_from(files.len() - 1).unwrap_or(u32::MAX));
            }
            Files::Compiled { .. } => unreachable!("the compiled database is fixed"),
        }
    }

    /// How many cards have a file.
    pub fn len(&self) -> usize {
        match &self.store {
            Files::Owned { of, .. } => of.len(),
            Files::Compiled { blob, .. } => blob.cards(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file of card `i`.
    pub fn get(&self, i: usize) -> Option<&String> {
        match &self.store {
            Files::Owned { files, of } => files.get(*of.get(i)? as usize),
            Files::Compiled { blob, names } => {
                let f = blob.card_file(i)?;
                names.get_or_init(|| blob.file_names()).get(f)
            }
        }
    }

    /// The file of every card, in card order.
    pub fn iter(&self) -> impl Iterator<Item = &String> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
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
        let Files::Owned { files: names, .. } = &files.store else {
            unreachable!("built from a list")
        };
        assert_eq!(names, &["a.toml", "b.toml", "a.toml"]);
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
