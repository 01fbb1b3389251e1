//! The databases embedded at build time (see `build.rs`). The one place that
//! knows how the data reaches the binary: swap the representation here
//! (and in `build.rs`) without touching the rest.
//!
//! - STAW: `build.rs` parses and validates `data/staw/` at build time and
//!   embeds one blob ([`Blob`]; its layout is documented at `layout` in
//!   `build.rs`): the sets, classes, formats and retirements as one
//!   MessagePack value, decoded at start-up; every card as a MessagePack
//!   value of its own, decoded the first time it is used
//!   ([`super::store::Cards`]); and the id and name index as sorted tables
//!   searched in place. Start-up therefore costs about the same whatever
//!   the size of the database (decoding all ~2,300 cards and building a
//!   hash index took 2.6 ms, more than the rest of a one-fleet `check`).
//! - Every other game: its `data/<game>/*.toml` files as text ([`files`]);
//!   they are a few kilobytes each.

use super::keys::id_key;
use super::model::{Card, CardType, Format, Retirement, Set, ShipClass};
use super::store::{CardFiles, Cards};
use super::{Database, LoadError};
use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::ops::Range;
use std::sync::Arc;

include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));

/// The layout version `build.rs` writes (its `FORMAT_VERSION`).
const FORMAT_VERSION: u32 = 2;

/// The first bytes of a compiled database (`build.rs`'s `MAGIC`).
const MAGIC: &[u8; 4] = b"FCDB";

/// The part decoded at start-up, as `build.rs` writes it (its `Meta`): data
/// files, the index into them of each card's file, sets, classes, formats,
/// retirements.
type Meta = (
    Vec<String>,
    Vec<u32>,
    Vec<Set>,
    Vec<ShipClass>,
    Vec<Format>,
    Vec<Retirement>,
);

// The sections of the blob, in order (see `layout` in `build.rs`).
const META: usize = 0;
const CARD_OFFSETS: usize = 1;
const CARD_DATA: usize = 2;
const KINDS: usize = 3;
const ID_OFFSETS: usize = 4;
const ID_KEYS: usize = 5;
const ID_CARDS: usize = 6;
const NAME_OFFSETS: usize = 7;
const NAME_KEYS: usize = 8;
const NAME_STARTS: usize = 9;
const NAME_CARDS: usize = 10;
const SECTIONS: usize = 11;

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

/// The STAW database compiled into the binary. Its structure is checked;
/// its cards are decoded when first used (`build.rs` validated them, and
/// the tests decode every one).
pub fn staw() -> Result<Database, LoadError> {
    load(Cow::Borrowed(STAW), false)
}

/// Decodes a compiled database (the bytes `build.rs` writes), checking all
/// of it: every card is decoded now, every table is in order.
pub fn decode(bytes: &[u8]) -> Result<Database, LoadError> {
    load(Cow::Owned(bytes.to_vec()), true)
}

fn invalid(why: String) -> LoadError {
    LoadError::Invalid(format!("the compiled card database {why}"))
}

fn load(bytes: Cow<'static, [u8]>, verify: bool) -> Result<Database, LoadError> {
    let blob = Blob::open(bytes).map_err(invalid)?;
    let (files, card_file, sets, classes, formats, retirements): Meta =
        rmp_serde::from_slice(blob.section(META))
            .map_err(|e| invalid(format!("cannot be read: {e}")))?;
    if card_file.len() != blob.cards || card_file.iter().any(|&f| f as usize >= files.len()) {
        return Err(invalid("has a broken card file table".into()));
    }
    let decoded = match verify {
        true => Some(blob.verify().map_err(invalid)?),
        false => None,
    };
    let blob = Arc::new(blob);
    Ok(Database::from_compiled(
        Cards::lazy(Arc::clone(&blob), decoded),
        CardFiles::new(files, card_file),
        sets,
        classes,
        formats,
        retirements,
        blob,
    ))
}

/// A compiled database with its sections located: cards are decoded from
/// it one at a time ([`Blob::card`]), the id and name index is searched in
/// place ([`Blob::id`], [`Blob::name`]). Every accessor is bounds-checked:
/// a damaged blob gives `None`, empty tables or an error, never a panic.
pub struct Blob {
    bytes: Cow<'static, [u8]>,
    cards: usize,
    sections: [Range<usize>; SECTIONS],
}

impl fmt::Debug for Blob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Blob({} bytes, {} cards)", self.bytes.len(), self.cards)
    }
}

fn word(bytes: &[u8], i: usize) -> Option<u32> {
    let b = bytes.get(i.checked_mul(4)?..i.checked_mul(4)? + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

impl Blob {
    /// Locates the sections and checks their sizes (not their contents).
    fn open(bytes: Cow<'static, [u8]>) -> Result<Blob, String> {
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
        let cards = header(2)? as usize;
        let mut sections: [Range<usize>; SECTIONS] = Default::default();
        let mut at = 12;
        for s in &mut sections {
            let len = bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
                .ok_or_else(|| unreadable("it is cut short"))?;
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
        let blob = Blob {
            bytes,
            cards,
            sections,
        };
        let words = |s: usize| blob.section(s).len() / 4;
        let aligned = (0..SECTIONS)
            .filter(|&s| !matches!(s, META | CARD_DATA | KINDS | ID_KEYS | NAME_KEYS))
            .all(|s| blob.section(s).len().is_multiple_of(4));
        if !aligned
            || words(CARD_OFFSETS) != cards + 1
            || blob.section(KINDS).len() != cards
            || words(ID_OFFSETS) != words(ID_CARDS) + 1
            || words(NAME_OFFSETS) == 0
            || words(NAME_STARTS) != words(NAME_OFFSETS)
        {
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

    /// How many cards the database holds.
    pub(crate) fn cards(&self) -> usize {
        self.cards
    }

    /// Decodes card `i`.
    pub(crate) fn card(&self, i: usize) -> Result<Card, String> {
        let bytes = self
            .span(CARD_OFFSETS, i)
            .and_then(|r| self.section(CARD_DATA).get(r))
            .ok_or_else(|| format!("card {i} is outside its table"))?;
        rmp_serde::from_slice(bytes).map_err(|e| format!("card {i} cannot be read: {e}"))
    }

    /// The type of card `i`, without decoding it.
    pub(crate) fn kind(&self, i: usize) -> Option<CardType> {
        let k = *self.section(KINDS).get(i)?;
        CardType::ALL.get(k as usize).copied()
    }

    fn keys(&self, offsets: usize) -> usize {
        (self.section(offsets).len() / 4).saturating_sub(1)
    }

    fn key(&self, offsets: usize, keys: usize, i: usize) -> &[u8] {
        self.span(offsets, i)
            .and_then(|r| self.section(keys).get(r))
            .unwrap_or_default()
    }

    /// Binary search of a sorted key table: the entry whose key `order`
    /// says is equal.
    fn search(
        &self,
        offsets: usize,
        keys: usize,
        order: impl Fn(&[u8]) -> Ordering,
    ) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.keys(offsets));
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

    /// The card with this id or alias id, ignoring case (`id` is trimmed
    /// already). An ASCII id is compared lowercased on the fly, without
    /// building its key.
    pub(crate) fn id(&self, id: &str) -> Option<usize> {
        let at = if id.is_ascii() {
            self.search(ID_OFFSETS, ID_KEYS, |key| {
                key.iter()
                    .copied()
                    .cmp(id.bytes().map(|b| b.to_ascii_lowercase()))
            })
        } else {
            let q = id_key(id);
            self.search(ID_OFFSETS, ID_KEYS, |key| key.cmp(q.as_bytes()))
        }?;
        self.word(ID_CARDS, at).map(|i| i as usize)
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
        (0..self.keys(NAME_OFFSETS)).map(|at| {
            let key = std::str::from_utf8(self.key(NAME_OFFSETS, NAME_KEYS, at)).unwrap_or("");
            (key, self.postings(at))
        })
    }

    /// Checks everything [`Blob::open`] does not: every card decodes (the
    /// cards are returned), offsets never go back, keys are UTF-8 and
    /// strictly sorted, every card number and type is in range.
    fn verify(&self) -> Result<Vec<Card>, String> {
        let bad = |what: &str| format!("cannot be read: {what}");
        let cards = (0..self.cards)
            .map(|i| self.card(i).map_err(|e| bad(&e)))
            .collect::<Result<Vec<Card>, String>>()?;
        if (0..self.cards).any(|i| self.kind(i) != Some(cards[i].kind)) {
            return Err(bad("its card types do not match the cards"));
        }
        // Offsets start at 0, never go back, and end at `total`.
        let ascending = |offsets: usize, total: usize| {
            let n = self.keys(offsets);
            (0..n).all(|i| self.span(offsets, i).is_some())
                && self.word(offsets, 0) == Some(0)
                && self.word(offsets, n).map(|w| w as usize) == Some(total)
        };
        let len = |s: usize| self.section(s).len();
        let sorted = |offsets: usize, keys: usize| {
            let n = self.keys(offsets);
            (0..n).all(|i| std::str::from_utf8(self.key(offsets, keys, i)).is_ok())
                && (1..n).all(|i| self.key(offsets, keys, i - 1) < self.key(offsets, keys, i))
        };
        let in_range = |s: usize| {
            (0..self.section(s).len() / 4)
                .all(|j| self.word(s, j).is_some_and(|i| (i as usize) < self.cards))
        };
        if !(ascending(CARD_OFFSETS, len(CARD_DATA))
            && ascending(ID_OFFSETS, len(ID_KEYS))
            && ascending(NAME_OFFSETS, len(NAME_KEYS))
            && ascending(NAME_STARTS, len(NAME_CARDS) / 4)
            && sorted(ID_OFFSETS, ID_KEYS)
            && sorted(NAME_OFFSETS, NAME_KEYS)
            && in_range(ID_CARDS)
            && in_range(NAME_CARDS))
        {
            return Err(bad("its index is damaged"));
        }
        Ok(cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn from_toml() -> Database {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/staw");
        Database::from_dir(&dir).unwrap()
    }

    /// The compiled database is exactly what `--data data/staw` loads from
    /// the TOML files: same cards in the same order, same files, sets,
    /// classes, formats and retirements (so `build.rs` and `Database::from_dir`
    /// agree on which files are loaded and how).
    #[test]
    fn compiled_equals_the_toml_files() {
        let compiled = staw().unwrap();
        let toml = from_toml();
        assert_eq!(compiled.cards.len(), toml.cards.len());
        assert!(compiled.cards == toml.cards);
        assert_eq!(compiled.card_files, toml.card_files);
        assert_eq!(compiled.sets, toml.sets);
        assert_eq!(compiled.classes, toml.classes);
        assert_eq!(compiled.formats, toml.formats);
        assert_eq!(compiled.retirements, toml.retirements);
        assert_eq!(compiled.by_id("t240").unwrap().name, "Cloaking Device");
        // The fully checked decoding reads the same blob to the same cards.
        assert!(decode(STAW).unwrap().cards == toml.cards);
    }

    /// The precomputed index finds exactly what the index built from the
    /// TOML files finds: every id and alias id in any case, every name in
    /// any spelling `normalize` forgives, and the same suggestions.
    #[test]
    fn compiled_index_equals_the_built_one() {
        let compiled = staw().unwrap();
        let toml = from_toml();
        let ids = |db: &Database, q: &str| db.index_of(q);
        let names = |db: &Database, q: &str| -> Vec<String> {
            db.by_name(q).iter().map(|c| c.id.clone()).collect()
        };
        for c in toml.cards.iter() {
            for id in std::iter::once(&c.id).chain(&c.alias_ids) {
                for q in [
                    id.clone(),
                    id.to_uppercase(),
                    format!("  {} ", id.to_lowercase()),
                ] {
                    assert!(ids(&compiled, &q).is_some(), "{q}");
                    assert_eq!(ids(&compiled, &q), ids(&toml, &q), "{q}");
                }
            }
            for q in [
                c.name.clone(),
                c.name.to_uppercase(),
                format!(" {}", c.name),
            ] {
                assert_eq!(names(&compiled, &q), names(&toml, &q), "{q}");
            }
        }
        for q in [
            "",
            "nope",
            "T240x",
            "ß",
            "Ü240",
            "\u{2019}",
            "Worf\u{2019}s",
        ] {
            assert_eq!(ids(&compiled, q), ids(&toml, q), "{q}");
            assert_eq!(names(&compiled, q), names(&toml, q), "{q}");
        }
        let kinds = [
            &[][..],
            &[CardType::Ship],
            &[CardType::Captain, CardType::Admiral],
        ];
        for q in ["U.S.S. Enterprize", "Cloaking", "worf", "Gul Dukaat", "zzz"] {
            for types in kinds {
                let suggest = |db: &Database| -> Vec<String> {
                    db.suggest(q, types, 5)
                        .iter()
                        .map(|c| c.id.clone())
                        .collect()
                };
                assert_eq!(suggest(&compiled), suggest(&toml), "{q} {types:?}");
            }
        }
    }

    #[test]
    fn cards_are_decoded_on_demand_and_kinds_without_decoding() {
        let db = staw().unwrap();
        let toml = from_toml();
        for i in (0..db.cards.len()).rev() {
            assert_eq!(db.cards.kind(i), Some(toml.cards[i].kind));
        }
        let i = db.index_of("T240").unwrap();
        assert_eq!(db.cards[i], toml.cards[i]);
        assert_eq!(db.cards.get(db.cards.len()), None);
    }

    #[test]
    fn staw_text_is_not_embedded_other_games_are() {
        assert_eq!(files("staw").count(), 0);
        assert!(files("xwing").count() > 0);
    }

    #[test]
    fn card_types_are_numbered_in_declaration_order() {
        for (i, t) in CardType::ALL.iter().enumerate() {
            assert_eq!(*t as usize, i);
        }
    }

    #[test]
    fn a_damaged_blob_is_an_error_not_a_panic() {
        let mut flipped = STAW.to_vec();
        // A byte in the middle of the card data.
        let at = flipped.len() / 2;
        flipped[at] ^= 0xff;
        let mut unsorted = STAW.to_vec();
        let mut trailing = STAW.to_vec();
        trailing.push(0);
        // Swap the first two bytes of the id keys' text (`"a..."`, `"a..."`
        // stays sorted, so swap a digit into the first place instead).
        let keys = Blob::open(Cow::Borrowed(STAW)).unwrap().sections[ID_KEYS].clone();
        unsorted[keys.start] = b'z';
        for bytes in [
            &b""[..],
            &STAW[..STAW.len() / 2],
            b"\x93\x02\x90\x90",
            b"FCDB\x02\x00\x00\x00",
            &flipped,
            &unsorted,
            &trailing,
        ] {
            let e = decode(bytes).unwrap_err().to_string();
            assert!(e.starts_with("the compiled card database "), "{e}");
        }
        let mut wrong = STAW.to_vec();
        wrong[4] = 3;
        assert_eq!(
            decode(&wrong).unwrap_err().to_string(),
            "the compiled card database has layout version 3, this program reads 2"
        );
    }
}
