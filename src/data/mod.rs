//! The STAW card database: loading (embedded or from `--data DIR`) and the
//! index by id and by normalised name, with "did you mean" suggestions.
//!
//! Layout of a database directory (`data/staw/`):
//! - `cards/**/*.toml`: `[[card]]` tables (`model::Card`), written by the
//!   importer (`fleetcheck data import-utopia`);
//! - `sets.toml` (`[[set]]`), `classes.toml` (`[[class]]`);
//! - `formats.toml` (`[[format]]`, `[[retirement]]`), written by hand;
//! - `corrections.toml`: hand corrections, input of the importer only;
//! - `excluded.toml`: the raw helper cards the importer left out;
//! - `names.toml`: display names of faction, species and slot ids
//!   (`names`), compiled into the binary, not loaded with the cards.

pub mod embedded;
pub mod import;
mod keys;
pub mod model;
pub mod names;
pub mod store;

pub use keys::normalize;
use model::{Card, CardType, Format, Retirement, Set, ShipClass};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
pub use store::{CardFiles, Cards, Table};

/// An error loading a database. Names the file.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: String, message: String },
    #[error("{0}")]
    Invalid(String),
}

/// The contents of one data file; every key is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DataFile {
    #[serde(default)]
    pub card: Vec<Card>,
    #[serde(default)]
    pub set: Vec<Set>,
    #[serde(default)]
    pub class: Vec<ShipClass>,
    #[serde(default)]
    pub format: Vec<Format>,
    #[serde(default)]
    pub retirement: Vec<Retirement>,
}

/// Files of a database directory that the loader does not read: the
/// importer's inputs and reports, and the display names (`names`).
const NOT_LOADED: &[&str] = &[
    "corrections.toml",
    "excluded.toml",
    "coverage.toml",
    "names.toml",
];

/// The loaded database with its indexes.
#[derive(Debug, Default)]
pub struct Database {
    /// Every card, in data-file order (decoded on first use when the
    /// database is the compiled one: see [`Cards`]).
    pub cards: Cards,
    pub sets: Table<Set>,
    pub classes: Table<ShipClass>,
    pub formats: Table<Format>,
    pub retirements: Table<Retirement>,
    /// Which file each card came from (for `data check` messages).
    pub card_files: CardFiles,
    index: Index,
}

/// The card index by id and by name, and the set and class index by id.
#[derive(Debug)]
enum Index {
    /// Built when loading from TOML: the lowercased id (and alias ids) and
    /// the normalised name of every card that is not a builder helper; the
    /// id of every set and class.
    Built {
        by_id: HashMap<String, usize>,
        by_name: HashMap<String, Vec<usize>>,
        sets: HashMap<String, usize>,
        classes: HashMap<String, usize>,
    },
    /// The same keys, precomputed by `build.rs` as sorted tables of the
    /// compiled database (see `embedded`).
    Compiled(Arc<embedded::Blob>),
}

impl Default for Index {
    fn default() -> Index {
        Index::Built {
            by_id: HashMap::new(),
            by_name: HashMap::new(),
            sets: HashMap::new(),
            classes: HashMap::new(),
        }
    }
}

impl Database {
    /// The database embedded in the binary (compiled at build time: see
    /// `embedded`).
    pub fn embedded() -> Result<Database, LoadError> {
        embedded::staw()
    }

    /// A database from already-parsed parts (the compiled embedded one):
    /// `card_files[i]` is the data file of `cards[i]`. Builds the index.
    pub fn from_parts(
        cards: Vec<Card>,
        card_files: Vec<String>,
        sets: Vec<Set>,
        classes: Vec<ShipClass>,
        formats: Vec<Format>,
        retirements: Vec<Retirement>,
    ) -> Database {
        let mut db = Database {
            cards: Cards::from(cards),
            sets: sets.into(),
            classes: classes.into(),
            formats: formats.into(),
            retirements: retirements.into(),
            card_files: CardFiles::from(card_files),
            ..Database::default()
        };
        db.build_index();
        db
    }

    /// The compiled database (`embedded`): its index is the blob's own.
    pub(crate) fn from_compiled(
        cards: Cards,
        card_files: CardFiles,
        sets: Table<Set>,
        classes: Table<ShipClass>,
        formats: Table<Format>,
        retirements: Table<Retirement>,
        blob: Arc<embedded::Blob>,
    ) -> Database {
        Database {
            cards,
            sets,
            classes,
            formats,
            retirements,
            card_files,
            index: Index::Compiled(blob),
        }
    }

    /// Loads a database directory (`--data DIR`).
    pub fn from_dir(dir: &Path) -> Result<Database, LoadError> {
        if !dir.is_dir() {
            return Err(LoadError::Invalid(format!(
                "{}: not a database directory",
                dir.display()
            )));
        }
        let mut paths = Vec::new();
        collect_toml(dir, &mut paths).map_err(|source| LoadError::Io {
            path: dir.display().to_string(),
            source,
        })?;
        paths.sort();
        let mut files = Vec::new();
        for p in paths {
            let text = std::fs::read_to_string(&p).map_err(|source| LoadError::Io {
                path: p.display().to_string(),
                source,
            })?;
            let rel = p
                .strip_prefix(dir)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            files.push((rel, text));
        }
        Database::from_files(files)
    }

    /// Builds a database from (relative path, TOML text) pairs.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Database, LoadError> {
        let mut db = Database::default();
        for (path, text) in files {
            if NOT_LOADED.contains(&path.as_str()) {
                continue;
            }
            let file: DataFile = toml::from_str(&text).map_err(|e| LoadError::Parse {
                path: path.clone(),
                message: e.to_string(),
            })?;
            for c in file.card {
                db.cards.push(c);
                db.card_files.push(&path);
            }
            db.sets.extend(file.set);
            db.classes.extend(file.class);
            db.formats.extend(file.format);
            db.retirements.extend(file.retirement);
        }
        db.build_index();
        Ok(db)
    }

    /// Builds the index (not the compiled one: `build.rs` writes that one
    /// by the same rules, see `layout`).
    fn build_index(&mut self) {
        if let Index::Built {
            by_id,
            by_name,
            sets,
            classes,
        } = &mut self.index
        {
            by_id.clear();
            by_name.clear();
            for (i, c) in self.cards.iter().enumerate() {
                by_id.entry(keys::id_key(&c.id)).or_insert(i);
                for a in &c.alias_ids {
                    by_id.entry(keys::id_key(a)).or_insert(i);
                }
                // Builder helpers (`Card::helper`) are found by id only:
                // they never make a name ambiguous or show up as a
                // suggestion.
                if !c.helper {
                    by_name.entry(normalize(&c.name)).or_default().push(i);
                }
            }
            *sets = self
                .sets
                .iter()
                .enumerate()
                .map(|(i, s)| (s.id.clone(), i))
                .collect();
            *classes = self
                .classes
                .iter()
                .enumerate()
                .map(|(i, c)| (c.id.clone(), i))
                .collect();
        }
    }

    /// The card with this id (or alias id), ignoring case.
    pub fn by_id(&self, id: &str) -> Option<&Card> {
        self.index_of(id).and_then(|i| self.cards.get(i))
    }

    /// The index of the card with this id in `cards`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        let id = id.trim();
        match &self.index {
            Index::Compiled(blob) => blob.id(id),
            // Short ASCII ids (all real ones) are lowercased on the stack:
            // this runs for every card of every fleet.
            Index::Built { by_id, .. } if id.is_ascii() && id.len() <= 32 => {
                let mut buf = [0u8; 32];
                let key = &mut buf[..id.len()];
                key.copy_from_slice(id.as_bytes());
                key.make_ascii_lowercase();
                std::str::from_utf8(key)
                    .ok()
                    .and_then(|k| by_id.get(k))
                    .copied()
            }
            Index::Built { by_id, .. } => by_id.get(&keys::id_key(id)).copied(),
        }
    }

    /// Every card of the default card pool with this name (normalised:
    /// case, surrounding space, apostrophe and quote variants); builder
    /// helpers (`Card::helper`) are left out.
    pub fn by_name(&self, name: &str) -> Vec<&Card> {
        let key = normalize(name);
        match &self.index {
            Index::Compiled(blob) => blob
                .name(&key)
                .into_iter()
                .map(|i| &self.cards[i])
                .collect(),
            Index::Built { by_name, .. } => by_name
                .get(&key)
                .map(|v| v.iter().map(|&i| &self.cards[i]).collect())
                .unwrap_or_default(),
        }
    }

    /// The set with this id.
    pub fn set(&self, id: &str) -> Option<&Set> {
        let i = match &self.index {
            Index::Compiled(blob) => blob.set(id),
            Index::Built { sets, .. } => sets.get(id).copied(),
        };
        self.sets.get(i?)
    }

    /// The ship class with this id.
    pub fn class(&self, id: &str) -> Option<&ShipClass> {
        let i = match &self.index {
            Index::Compiled(blob) => blob.class(id),
            Index::Built { classes, .. } => classes.get(id).copied(),
        };
        self.classes.get(i?)
    }

    pub fn format(&self, id: &str) -> Option<&Format> {
        self.formats.iter().find(|f| f.id == id)
    }

    /// The earliest release date of the card's sets (ISO), if known.
    pub fn release_date(&self, card: &Card) -> Option<&str> {
        card.sets
            .iter()
            .filter_map(|s| self.set(s))
            .map(|s| s.release_date.as_str())
            .min()
    }

    /// Up to `n` card names close to `query` (for "did you mean"), best
    /// first, optionally restricted to some card types. Builder helpers are
    /// never suggested.
    pub fn suggest(&self, query: &str, types: &[CardType], n: usize) -> Vec<&Card> {
        // The first card of each name with one of the types (by the type
        // table: no card is decoded to be ruled out).
        let first = |idx: &mut dyn Iterator<Item = usize>| {
            Iterator::find(&mut &mut *idx, |&i| {
                types.is_empty() || self.cards.kind(i).is_some_and(|k| types.contains(&k))
            })
        };
        let mut names: Vec<(&str, usize)> = Vec::new();
        match &self.index {
            Index::Compiled(blob) => {
                for (name, mut idx) in blob.names() {
                    names.extend(first(&mut idx).map(|i| (name, i)));
                }
            }
            Index::Built { by_name, .. } => {
                for (name, idx) in by_name {
                    names.extend(first(&mut idx.iter().copied()).map(|i| (name.as_str(), i)));
                }
            }
        }
        crate::input::suggest::ranked(query, names, n)
            .into_iter()
            .map(|i| &self.cards[i])
            .collect()
    }
}

fn collect_toml(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for e in std::fs::read_dir(dir)? {
        let p = e?.path();
        if p.is_dir() {
            collect_toml(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_are_found_by_id_only() {
        let card = |id: &str, helper: bool| Card {
            id: id.into(),
            name: "Tactical Officer".into(),
            helper,
            ..Card::default()
        };
        let db = Database::from_parts(
            vec![card("AP1002", true), card("R011b", false)],
            vec!["a.toml".into(), "b.toml".into()],
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        );
        assert_eq!(db.by_id("ap1002").map(|c| c.id.as_str()), Some("AP1002"));
        let named: Vec<&str> = db
            .by_name("tactical officer")
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(named, ["R011b"]);
        let suggested: Vec<&str> = db
            .suggest("Tactical Oficer", &[], 5)
            .iter()
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(suggested, ["R011b"]);
    }

    #[test]
    fn normalize_forgives_case_space_and_quotes() {
        assert_eq!(normalize("  QAPLA\u{2019} "), "qapla'");
        assert_eq!(normalize("I.K.S.   Ch`tang"), "i.k.s. ch'tang");
        assert_eq!(normalize("\u{201C}First\u{201D}"), "\"first\"");
    }
}
