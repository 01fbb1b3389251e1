//! The databases embedded at build time (see `build.rs`), and the reader of
//! every compiled STAW database ([`Blob`]). With `super::compile`, which
//! writes the blob, the one place that knows how the data reaches the
//! binary: swap the representation here (and there) without touching the
//! rest.
//!
//! - STAW: `build.rs` parses and validates `data/staw/` at build time and
//!   embeds one blob ([`Blob`]; its layout is documented at `layout` in
//!   `crates/data/src/compile.rs`): every card as a record of its own
//!   (`super::card_record`: the text of its strings, then its facts and
//!   rules in field order), every set, class, format and retirement as a MessagePack
//!   value of its own, each decoded the first time it is used
//!   ([`super::store::Table`]), and the card index by id and by name and
//!   the set and class index by id as sorted tables searched in place.
//!   Start-up therefore costs about the same whatever the size of the
//!   database (decoding all ~2,300 cards and building a hash index took
//!   2.6 ms, more than the rest of a one-fleet `check`).
//!   A `--data DIR` database is compiled by the same code at run time and
//!   read by the same [`Blob`] (checked whole, as [`decode`] does).
//! - Every other game: its `data/<game>/*.toml` files as text ([`files`]);
//!   they are a few kilobytes each.

use super::compile::{FORMAT_VERSION, MAGIC, NO_SLOT};
use super::keys::{id_key, id_word};
use super::model::{Card, CardType, Format, Retirement, Set, ShipClass};
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;

include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));

// The sections of the blob, in order (see `layout` in `compile.rs`).
pub(crate) const FILE_OFFSETS: usize = 0;
pub(crate) const FILE_NAMES: usize = 1;
const CARD_FILE: usize = 2;
const CARD_OFFSETS: usize = 3;
pub(crate) const CARD_DATA: usize = 4;
const KINDS: usize = 5;
const ID_OFFSETS: usize = 6;
pub(crate) const ID_KEYS: usize = 7;
const ID_CARDS: usize = 8;
const NAME_OFFSETS: usize = 9;
const NAME_KEYS: usize = 10;
const NAME_STARTS: usize = 11;
const NAME_CARDS: usize = 12;
const SET_OFFSETS: usize = 13;
const SET_DATA: usize = 14;
const SET_ID_OFFSETS: usize = 15;
const SET_ID_KEYS: usize = 16;
const SET_ID_VALUES: usize = 17;
const CLASS_OFFSETS: usize = 18;
const CLASS_DATA: usize = 19;
const CLASS_ID_OFFSETS: usize = 20;
const CLASS_ID_KEYS: usize = 21;
const CLASS_ID_VALUES: usize = 22;
const FORMAT_OFFSETS: usize = 23;
const FORMAT_DATA: usize = 24;
const RETIREMENT_OFFSETS: usize = 25;
const RETIREMENT_DATA: usize = 26;
const FIRST_PRINTINGS: usize = 27;
const SET_CARD_STARTS: usize = 28;
const SET_CARDS: usize = 29;
pub(crate) const ID_WORDS: usize = 30;
const TYPE_OFFSETS: usize = 31;
pub(crate) const TYPE_NAMES: usize = 32;
const CHECKSUM: usize = 33;
const SECTIONS: usize = 34;

/// The sections that hold bytes rather than numbers.
const BYTE_SECTIONS: [usize; 14] = [
    CHECKSUM,
    FILE_NAMES,
    CARD_DATA,
    KINDS,
    ID_KEYS,
    NAME_KEYS,
    SET_DATA,
    SET_ID_KEYS,
    CLASS_DATA,
    CLASS_ID_KEYS,
    FORMAT_DATA,
    RETIREMENT_DATA,
    ID_WORDS,
    TYPE_NAMES,
];

/// A record table of the blob: its offsets and its data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Records {
    offsets: usize,
    data: usize,
}

pub(crate) const CARDS: Records = Records {
    offsets: CARD_OFFSETS,
    data: CARD_DATA,
};
pub(crate) const SETS: Records = Records {
    offsets: SET_OFFSETS,
    data: SET_DATA,
};
pub(crate) const CLASSES: Records = Records {
    offsets: CLASS_OFFSETS,
    data: CLASS_DATA,
};
pub(crate) const FORMATS: Records = Records {
    offsets: FORMAT_OFFSETS,
    data: FORMAT_DATA,
};
pub(crate) const RETIREMENTS: Records = Records {
    offsets: RETIREMENT_OFFSETS,
    data: RETIREMENT_DATA,
};

/// A sorted index of the blob: its keys (a string table) and the record
/// of each key.
#[derive(Debug, Clone, Copy)]
struct Keys {
    offsets: usize,
    keys: usize,
    values: usize,
}

const IDS: Keys = Keys {
    offsets: ID_OFFSETS,
    keys: ID_KEYS,
    values: ID_CARDS,
};
const SET_IDS: Keys = Keys {
    offsets: SET_ID_OFFSETS,
    keys: SET_ID_KEYS,
    values: SET_ID_VALUES,
};
const CLASS_IDS: Keys = Keys {
    offsets: CLASS_ID_OFFSETS,
    keys: CLASS_ID_KEYS,
    values: CLASS_ID_VALUES,
};

/// The embedded files under `data/<game>/`, as (path relative to that
/// folder, contents), for every game but STAW (whose data is compiled:
/// see [`staw`]).
pub fn files(game: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    FILES.iter().filter_map(move |(path, text)| {
        path.strip_prefix(game)
            .and_then(|p| p.strip_prefix('/'))
            .map(|p| (p, *text))
    })
}

/// Every record of a blob, decoded.
pub(crate) type Decoded = (
    Vec<Card>,
    Vec<Set>,
    Vec<ShipClass>,
    Vec<Format>,
    Vec<Retirement>,
);

/// A compiled database with its sections located: records are decoded
/// from it one at a time ([`Blob::record`]), the indexes are searched in
/// place ([`Blob::id`], [`Blob::name`], [`Blob::set`], [`Blob::class`]).
/// Every accessor is bounds-checked: a damaged blob gives `None`, empty
/// tables or an error, never a panic.
pub struct Blob {
    bytes: Cow<'static, [u8]>,
    cards: usize,
    pub(crate) sections: [Range<usize>; SECTIONS],
}

impl fmt::Debug for Blob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blob({} bytes, {} cards)", self.bytes.len(), self.cards)
    }
}

fn word(bytes: &[u8], i: usize) -> Option<u32> {
    let at = i.checked_mul(4)?;
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

impl Blob {
    /// Locates the sections and checks their sizes (not their contents).
    pub(crate) fn open(bytes: Cow<'static, [u8]>) -> Result<Blob, String> {
        let unreadable = |why: &str| format!("cannot be read: {why}");
        if bytes.get(..4) != Some(&MAGIC[..]) {
            return Err(unreadable("it does not start with FCDB"));
        }
        let header = |i| word(&bytes, i).ok_or_else(|| unreadable("it is cut short"));
        let version = header(1)?;
        if version != FORMAT_VERSION {
            return Err(format!(
                "has layout version {version}, this program reads {FORMAT_VERSION}"
            ));
        }
        if header(2)? as usize != SECTIONS {
            return Err(unreadable("it does not have its tables"));
        }
        let mut sections: [Range<usize>; SECTIONS] = std::array::from_fn(|_| 0..0);
        let mut at = 12;
        for s in &mut sections {
            let len = word(&bytes[at.min(bytes.len())..], 0)
                .ok_or_else(|| unreadable("it is cut short"))? as usize;
            at += 4;
            if bytes.len() - at < len {
                return Err(unreadable("it is cut short"));
            }
            *s = at..at + len;
            at += len;
        }
        if at != bytes.len() {
            return Err(unreadable("it has bytes after its last table"));
        }
        let mut blob = Blob {
            bytes,
            cards: 0,
            sections,
        };
        blob.cards = blob.len(CARDS);
        let words = |s: usize| blob.section(s).len() / 4;
        let fits = (0..SECTIONS)
            .filter(|s| !BYTE_SECTIONS.contains(s))
            .all(|s| blob.section(s).len().is_multiple_of(4))
            && blob.section(CHECKSUM).len() == 8
            && [FILE_OFFSETS, CARD_OFFSETS, NAME_OFFSETS]
                .into_iter()
                .chain([SETS, CLASSES, FORMATS, RETIREMENTS].map(|r| r.offsets))
                .all(|s| words(s) > 0)
            && words(CARD_FILE) == blob.cards
            && words(FIRST_PRINTINGS) == blob.cards
            && blob.section(KINDS).len() == blob.cards
            && blob.entries(TYPE_OFFSETS) == blob.cards
            && [IDS, SET_IDS, CLASS_IDS]
                .iter()
                .all(|k| words(k.offsets) == words(k.values) + 1)
            && words(NAME_STARTS) == words(NAME_OFFSETS)
            && words(SET_CARD_STARTS) == words(SETS.offsets)
            && [0, 8 * words(IDS.values)].contains(&blob.section(ID_WORDS).len());
        if !fits {
            return Err(unreadable("its tables do not fit together"));
        }
        Ok(blob)
    }

    fn section(&self, s: usize) -> &[u8] {
        &self.bytes[self.sections[s].clone()]
    }

    /// Entry `i` of a table of numbers.
    fn word(&self, s: usize, i: usize) -> Option<u32> {
        word(self.section(s), i)
    }

    /// Entries `i` and `i + 1` of an offset table, as a range.
    fn span(&self, offsets: usize, i: usize) -> Option<Range<usize>> {
        let (a, b) = (self.word(offsets, i)?, self.word(offsets, i + 1)?);
        (a <= b).then_some(a as usize..b as usize)
    }

    /// How many entries an offset table delimits.
    fn entries(&self, offsets: usize) -> usize {
        (self.section(offsets).len() / 4).saturating_sub(1)
    }

    /// How many cards the database holds.
    pub(crate) fn cards(&self) -> usize {
        self.cards
    }

    /// The index of card `i`'s first printing (itself when it has no
    /// reprint of a lower id), as the compile found it.
    pub(crate) fn first_printing(&self, i: usize) -> Option<usize> {
        self.word(FIRST_PRINTINGS, i).map(|f| f as usize)
    }

    /// The cards of set `s` (by its index), builder helpers left out, each
    /// once, in database order.
    pub(crate) fn set_cards(&self, s: usize) -> impl Iterator<Item = usize> + '_ {
        self.span(SET_CARD_STARTS, s)
            .unwrap_or_default()
            .filter_map(move |j| self.word(SET_CARDS, j).map(|i| i as usize))
    }

    /// The index of card `i`'s data file in [`Blob::file_names`].
    pub(crate) fn card_file(&self, i: usize) -> Option<usize> {
        self.word(CARD_FILE, i).map(|f| f as usize)
    }

    /// The data files (their paths below `data/staw/`).
    pub(crate) fn file_names(&self) -> Vec<String> {
        self.strings(FILE_OFFSETS, FILE_NAMES).unwrap_or_default()
    }

    /// How many records a table holds.
    pub(crate) fn len(&self, r: Records) -> usize {
        self.entries(r.offsets)
    }

    /// Decodes record `i` of table `r`.
    pub(crate) fn record<T: DeserializeOwned>(&self, r: Records, i: usize) -> Result<T, String> {
        self.read_record(r, i, |bytes| {
            rmp_serde::from_slice(bytes).map_err(|e| e.to_string())
        })
    }

    /// Decodes card `i` (`card_record`).
    pub(crate) fn card(&self, i: usize) -> Result<Box<Card>, String> {
        self.read_record(CARDS, i, super::card_record::read)
    }

    /// Record `i` of table `r`, read by `read` from its bytes.
    fn read_record<T>(
        &self,
        r: Records,
        i: usize,
        read: impl FnOnce(&[u8]) -> Result<T, String>,
    ) -> Result<T, String> {
        let bytes = self
            .span(r.offsets, i)
            .and_then(|range| self.section(r.data).get(range))
            .ok_or_else(|| format!("record {i} of section {} is outside it", r.data))?;
        read(bytes).map_err(|e| format!("record {i} of section {} cannot be read: {e}", r.data))
    }

    /// The type of card `i`, without decoding it.
    pub(crate) fn kind(&self, i: usize) -> Option<CardType> {
        let k = *self.section(KINDS).get(i)?;
        CardType::ALL.get((k & !NO_SLOT) as usize).copied()
    }

    /// Whether card `i` needs no slot (`Rules::no_slot`), without decoding
    /// it.
    pub(crate) fn no_slot(&self, i: usize) -> Option<bool> {
        Some(*self.section(KINDS).get(i)? & NO_SLOT != 0)
    }

    /// The upgrade types of card `i` as the blob keeps them, each as bytes
    /// (its entry of the type table split at spaces).
    fn type_words(&self, i: usize) -> Option<impl Iterator<Item = &[u8]>> {
        let bytes = self.key(TYPE_OFFSETS, TYPE_NAMES, i);
        (i < self.cards).then(|| bytes.split(|&b| b == b' ').filter(|t| !t.is_empty()))
    }

    /// The upgrade types of card `i` (`Card::upgrade_types`), without
    /// decoding it; `None` when one is not UTF-8.
    pub(crate) fn upgrade_types(&self, i: usize) -> Option<Vec<&str>> {
        self.type_words(i)?
            .map(|t| std::str::from_utf8(t).ok())
            .collect()
    }

    /// Whether one of card `i`'s upgrade types is among `types`, compared
    /// as bytes (asked of every upgrade by `options`).
    pub(crate) fn has_upgrade_type(&self, i: usize, types: &[&str]) -> Option<bool> {
        Some(
            self.type_words(i)?
                .any(|t| types.iter().any(|w| w.as_bytes() == t)),
        )
    }

    /// Entry `i` of a string table (empty if damaged).
    fn key(&self, offsets: usize, keys: usize, i: usize) -> &[u8] {
        self.span(offsets, i)
            .and_then(|r| self.section(keys).get(r))
            .unwrap_or_default()
    }

    /// A whole string table, if every entry is UTF-8.
    pub(crate) fn strings(&self, offsets: usize, keys: usize) -> Option<Vec<String>> {
        (0..self.entries(offsets))
            .map(|i| {
                let bytes = self
                    .span(offsets, i)
                    .and_then(|r| self.section(keys).get(r))?;
                std::str::from_utf8(bytes).ok().map(String::from)
            })
            .collect()
    }

    /// Binary search of a sorted key table: the entry whose key `order`
    /// says is equal.
    fn search(
        &self,
        offsets: usize,
        keys: usize,
        order: impl Fn(&[u8]) -> Ordering,
    ) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.entries(offsets));
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match order(self.key(offsets, keys, mid)) {
                Ordering::Less => lo = mid + 1,
                Ordering::Greater => hi = mid,
                Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The record of `key` in a sorted index.
    fn lookup(&self, k: Keys, key: &str) -> Option<usize> {
        let at = self.search(k.offsets, k.keys, |x| x.cmp(key.as_bytes()))?;
        self.word(k.values, at).map(|i| i as usize)
    }

    /// The card with this id or alias id, ignoring case (`id` is trimmed
    /// already). A short ASCII id (all real ones) is lowercased on the
    /// stack: this runs for every card of every fleet.
    pub(crate) fn id(&self, id: &str) -> Option<usize> {
        // Every key is a number (`ID_WORDS`): no id longer than 8 bytes is
        // one (a non-ASCII id may lowercase to ASCII: looked for below).
        let numbers = self.section(ID_WORDS);
        if !numbers.is_empty() && id.is_ascii() {
            let mut key = id_word(id.as_bytes())?;
            key.make_ascii_lowercase();
            // Arrays of bytes compare as their big-endian numbers do.
            let (words, _) = numbers.as_chunks::<8>();
            let at = words.binary_search(&key).ok()?;
            return self.word(IDS.values, at).map(|i| i as usize);
        }
        let mut buf = [0u8; 32];
        if id.is_ascii() && id.len() <= buf.len() {
            let key = &mut buf[..id.len()];
            key.copy_from_slice(id.as_bytes());
            key.make_ascii_lowercase();
            let at = self.search(IDS.offsets, IDS.keys, |k| k.cmp(key))?;
            return self.word(IDS.values, at).map(|i| i as usize);
        }
        self.lookup(IDS, &id_key(id))
    }

    /// The set with this id (exactly).
    pub(crate) fn set(&self, id: &str) -> Option<usize> {
        self.lookup(SET_IDS, id)
    }

    /// The class with this id (exactly).
    pub(crate) fn class(&self, id: &str) -> Option<usize> {
        self.lookup(CLASS_IDS, id)
    }

    /// The cards named `key` (a `keys::normalize`d name), in database order.
    pub(crate) fn name(&self, key: &str) -> Vec<usize> {
        self.search(NAME_OFFSETS, NAME_KEYS, |k| k.cmp(key.as_bytes()))
            .map(|at| self.postings(at).collect())
            .unwrap_or_default()
    }

    fn postings(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        self.span(NAME_STARTS, at)
            .unwrap_or_default()
            .filter_map(move |j| self.word(NAME_CARDS, j).map(|i| i as usize))
    }

    /// Every name key with its cards, in key order.
    pub(crate) fn names(
        &self,
    ) -> impl Iterator<Item = (&str, impl Iterator<Item = usize> + '_)> + '_ {
        (0..self.entries(NAME_OFFSETS)).map(|at| {
            let key = std::str::from_utf8(self.key(NAME_OFFSETS, NAME_KEYS, at)).unwrap_or("");
            (key, self.postings(at))
        })
    }

    /// Checks everything [`Blob::open`] does not: every record decodes (the
    /// records are returned), offsets never go back, keys are UTF-8 and
    /// strictly sorted, every record number and card type is in range.
    pub(crate) fn verify(&self) -> Result<Decoded, String> {
        let bad = |what: &str| format!("cannot be read: {what}");
        fn all<T>(
            blob: &Blob,
            r: Records,
            read: impl Fn(&Blob, Records, usize) -> Result<T, String>,
        ) -> Result<Vec<T>, String> {
            (0..blob.len(r))
                .map(|i| read(blob, r, i).map_err(|e| format!("cannot be read: {e}")))
                .collect()
        }
        let decoded: Decoded = (
            all(self, CARDS, |b, _, i| b.card(i).map(|c| *c))?,
            all(self, SETS, Blob::record)?,
            all(self, CLASSES, Blob::record)?,
            all(self, FORMATS, Blob::record)?,
            all(self, RETIREMENTS, Blob::record)?,
        );
        let cards = &decoded.0;
        if (0..self.cards).any(|i| self.kind(i) != Some(cards[i].kind)) {
            return Err(bad("its card types do not match the cards"));
        }
        let types_match = (0..self.cards).all(|i| {
            self.no_slot(i) == Some(cards[i].rules.no_slot)
                && self
                    .upgrade_types(i)
                    .is_some_and(|t| t.into_iter().eq(cards[i].upgrade_types()))
        });
        if !types_match {
            return Err(bad("its upgrade types do not match the cards"));
        }
        let len = |s: usize| self.section(s).len();
        // Offsets start at 0, never go back, and end at `total`.
        let ascending = |offsets: usize, total: usize| {
            let n = self.entries(offsets);
            (0..n).all(|i| self.span(offsets, i).is_some())
                && self.word(offsets, 0) == Some(0)
                && self.word(offsets, n).map(|w| w as usize) == Some(total)
        };
        let sorted = |offsets: usize, keys: usize| {
            let n = self.entries(offsets);
            (0..n).all(|i| std::str::from_utf8(self.key(offsets, keys, i)).is_ok())
                && (1..n).all(|i| self.key(offsets, keys, i - 1) < self.key(offsets, keys, i))
        };
        let below = |s: usize, n: usize| {
            (0..len(s) / 4).all(|j| self.word(s, j).is_some_and(|i| (i as usize) < n))
        };
        let records = [CARDS, SETS, CLASSES, FORMATS, RETIREMENTS];
        let indexes = [
            (IDS, self.cards),
            (SET_IDS, decoded.1.len()),
            (CLASS_IDS, decoded.2.len()),
        ];
        let fine = records.iter().all(|r| ascending(r.offsets, len(r.data)))
            && ascending(FILE_OFFSETS, len(FILE_NAMES))
            && ascending(TYPE_OFFSETS, len(TYPE_NAMES))
            && ascending(NAME_OFFSETS, len(NAME_KEYS))
            && ascending(NAME_STARTS, len(NAME_CARDS) / 4)
            && sorted(NAME_OFFSETS, NAME_KEYS)
            && below(NAME_CARDS, self.cards)
            && ascending(SET_CARD_STARTS, len(SET_CARDS) / 4)
            && below(SET_CARDS, self.cards)
            && below(FIRST_PRINTINGS, self.cards)
            && indexes.iter().all(|(k, n)| {
                ascending(k.offsets, len(k.keys))
                    && sorted(k.offsets, k.keys)
                    && below(k.values, *n)
            });
        // The id keys as numbers, when given, are the id keys.
        let numbers = self.section(ID_WORDS);
        let fine = fine
            && (numbers.is_empty()
                || (0..self.entries(IDS.offsets)).all(|i| {
                    let key = self.key(IDS.offsets, IDS.keys, i);
                    !key.contains(&0)
                        && id_word(key)
                            .is_some_and(|w| numbers.get(8 * i..8 * i + 8) == Some(&w[..]))
                }));
        if !fine {
            return Err(bad("its index is damaged"));
        }
        // Last: a damaged byte that every check above let through (a
        // card's cost) is caught here.
        let summed = super::compile::checksum((0..CHECKSUM).map(|s| self.section(s)));
        if self.section(CHECKSUM) != summed {
            return Err(bad("its checksum does not match its tables"));
        }
        Ok(decoded)
    }
}
