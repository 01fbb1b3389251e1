//! The one compile of a STAW card database: data files (TOML) in, the
//! compiled blob out. `build.rs` compiles `data/staw/` with it into the
//! binary (it includes this file by `#[path]`, with `model/` and
//! `keys.rs`: one model, one set of keys, one layout), and the library
//! compiles a `--data DIR` database (and the small databases of tests) with
//! it at run time. Either way the blob is then read by `embedded::Blob`, so
//! every database has one index and one card store.
//!
//! The build is strict ([`Compiler::strict`]): a duplicate id, an empty
//! name or a broken set, class or retirement reference fails it. At run
//! time the compile is lenient ([`Compiler::default`]): a `--data`
//! directory with such problems still loads, and `fleetcheck data check`
//! lists them. Both write the same index for the same records (for a
//! duplicate card id the first card wins; for a duplicate set or class id,
//! the last).
//!
//! This file uses nothing of the crate but its siblings `model` and
//! `keys` (as `super::`), so that `build.rs` can include it.

use super::card_record;
use super::keys;
use super::model::{Card, Format, Retirement, Set, ShipClass};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Files of a database directory that the loader does not read: the
/// importer's inputs and reports, and `names.toml` (display names,
/// compiled on its own by `build.rs`'s `display_names`).
pub(crate) const NOT_LOADED: &[&str] = &[
    "corrections.toml",
    "excluded.toml",
    "coverage.toml",
    "names.toml",
];

/// Bumped whenever the layout written by [`Compiler::finish`] changes; the
/// reader (`embedded::Blob`) refuses any other version.
pub(crate) const FORMAT_VERSION: u32 = 9;

/// The bit of a card's type byte that says it needs no slot.
pub(crate) const NO_SLOT: u8 = 0x80;

/// The first bytes of a compiled database.
pub(crate) const MAGIC: &[u8; 4] = b"FCDB";

/// The contents of one data file; every key is optional.
#[derive(Debug, Default, serde::Deserialize)]
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

/// Whether the loader reads the data file at this path (relative to the
/// database directory, `/`-separated).
pub(crate) fn loaded(path: &str) -> bool {
    !NOT_LOADED.contains(&path)
}

/// A database being compiled: data files are added in database order
/// ([`Compiler::add`], [`Compiler::add_records`]), then
/// [`Compiler::finish`] writes the blob.
#[derive(Default)]
pub(crate) struct Compiler {
    /// The data files, in the order they were added (a file added twice in
    /// a row is listed once).
    files: Vec<String>,
    /// The index in `files` of each card's and each retirement's file.
    card_file: Vec<u32>,
    retirement_file: Vec<u32>,
    all: DataFile,
    strict: Option<Strict>,
}

/// What the build checks beyond the parse.
struct Strict {
    /// The directory as messages name it (`data/staw`).
    label: String,
    /// Where each set, class, format and card id was defined.
    origin: HashMap<String, String>,
    /// Every problem found so far, one message each.
    problems: Vec<String>,
}

impl Compiler {
    /// The build's compile of the directory named `label` in messages:
    /// [`Compiler::finish`] refuses a database with a problem (see
    /// [`Compiler::problem`]).
    #[allow(dead_code)] // the build's (`build.rs`); the library compiles leniently
    pub(crate) fn strict(label: &str) -> Compiler {
        Compiler {
            strict: Some(Strict {
                label: label.to_string(),
                origin: HashMap::new(),
                problems: Vec::new(),
            }),
            ..Compiler::default()
        }
    }

    /// Parses and adds the data file at `path` (relative to the database
    /// directory); a file the loader does not read ([`loaded`]) is skipped.
    pub(crate) fn add(&mut self, path: &str, text: &str) -> Result<(), toml::de::Error> {
        if !loaded(path) {
            return Ok(());
        }
        let file: DataFile = toml::from_str(text)?;
        self.add_records(path, file);
        Ok(())
    }

    /// Adds the records of one data file, already parsed.
    pub(crate) fn add_records(&mut self, path: &str, file: DataFile) {
        if self.files.last().map(String::as_str) != Some(path) {
            self.files.push(path.to_string());
        }
        if let Some(strict) = &mut self.strict {
            strict.unique(path, &file);
        }
        // Fewer than 2^32 files and records: the blob numbers them in u32.
        let index = u32::try_from(self.files.len() - 1).unwrap_or(u32::MAX);
        self.card_file
            .extend(std::iter::repeat_n(index, file.card.len()));
        self.retirement_file
            .extend(std::iter::repeat_n(index, file.retirement.len()));
        self.all.card.extend(file.card);
        self.all.set.extend(file.set);
        self.all.class.extend(file.class);
        self.all.format.extend(file.format);
        self.all.retirement.extend(file.retirement);
    }

    /// Records a problem the build refuses (a file that cannot be read or
    /// parsed). Ignored by a lenient compile.
    #[allow(dead_code)] // the build's (`build.rs`), as `strict`
    pub(crate) fn problem(&mut self, message: String) {
        if let Some(strict) = &mut self.strict {
            strict.problems.push(message);
        }
    }

    /// The compiled database. A strict compile first checks every
    /// reference (when nothing else was wrong) and fails with every
    /// problem, one per line, each starting with the file's path
    /// (`label/...`).
    pub(crate) fn finish(self) -> Result<Vec<u8>, String> {
        let label = match &self.strict {
            Some(strict) => {
                let mut problems = strict.problems.clone();
                if problems.is_empty() {
                    let file_of = |i: u32| format!("{}/{}", strict.label, self.files[i as usize]);
                    references(
                        &self.all,
                        [&self.card_file, &self.retirement_file],
                        file_of,
                        &mut problems,
                    );
                }
                if !problems.is_empty() {
                    return Err(problems.join("\n"));
                }
                strict.label.as_str()
            }
            None => "the card database",
        };
        layout(&self.files, &self.card_file, &self.all)
            .map_err(|e| format!("{label}: cannot serialise: {e}"))
    }
}

impl Strict {
    /// Duplicate ids (cards and their alias ids ignoring case; sets,
    /// classes and formats exactly) and empty card names of one file.
    fn unique(&mut self, path: &str, file: &DataFile) {
        let here = format!("{}/{path}", self.label);
        let mut unique = |kind: &str, id: &str, problems: &mut Vec<String>| {
            let key = format!("{kind} {}", id.to_lowercase());
            if let Some(first) = self.origin.insert(key, here.clone()) {
                problems.push(format!(
                    "{here}: duplicate {kind} id \"{id}\" (also in {first})"
                ));
            }
        };
        let problems = &mut self.problems;
        for c in &file.card {
            unique("card", &c.id, problems);
            for a in &c.alias_ids {
                unique("card", a, problems);
            }
            if c.name.trim().is_empty() {
                problems.push(format!("{here}: card {} has an empty name", c.id));
            }
        }
        for s in &file.set {
            unique("set", &s.id, problems);
        }
        for c in &file.class {
            unique("class", &c.id, problems);
        }
        for f in &file.format {
            unique("format", &f.id, problems);
        }
    }
}

/// Writes the compiled database. Every number is a little-endian `u32`;
/// the reader is `embedded::Blob`, which decodes each record (card, set,
/// class, format, retirement) the first time it is used and searches the
/// indexes in place.
///
/// `MAGIC`, `FORMAT_VERSION`, the number of sections, then the sections,
/// each its byte length followed by its bytes, in this order:
///
/// - files: a string table ([`strings`]: `n + 1` offsets, then the
///   strings one after the other), then the index into it of each card's
///   file (numbers);
/// - cards: `n + 1` offsets, then each card's record one after the other
///   (`card_record`: the text of its strings, then its facts and rules in
///   field order), then one byte per card,
///   its `CardType as u8`, with bit 7 ([`NO_SLOT`]) set for a card that
///   needs no slot (`Rules::no_slot`);
/// - the id index: the keys (`keys::id_key` of every id and alias id,
///   first card wins, sorted by bytes) as a string table, and the card of
///   each key;
/// - the name index: the keys (`keys::normalize` of the names of all cards
///   but builder helpers, which are found by id only, sorted by bytes) as a
///   string table, `m + 1` offsets into the next section, and the cards of
///   each name in database order;
/// - sets: a record table, then its id index (the ids, sorted by bytes, as
///   a string table, and the set of each id; the last of a duplicate id
///   wins);
/// - classes: the same;
/// - formats, retirements: a record table each;
/// - the first printing of each card (numbers): the card of the lowest id
///   among it and its reprints (`Card::is_reprint_of`, among the cards of
///   its name), itself for a helper;
/// - the cards of each set: `s + 1` offsets into the next section (one
///   run per set record), then each set's cards (all but builder helpers,
///   each once, in database order; a card naming a set id that several
///   set records have is in the last one's, as the id index finds it), so
///   that what a set holds is known without decoding a card (a
///   collection of every expansion);
/// - the id index's keys again as numbers, when every key is ASCII of at
///   most 8 bytes with no NUL (every real id is; else the section is
///   empty): each key's bytes padded with zeros to 8, in the index's
///   order, so that looking up an id compares numbers rather than strings
///   (every card of every fleet, and of its collection count);
/// - the upgrade types of each card (`Card::upgrade_types`, joined by
///   spaces; empty for a card with none) as a string table, so that which
///   slots a card may fill is known without decoding it (`options` reads
///   only the cards that fit the place asked about);
/// - the checksum: FNV-1a (64 bits, little-endian) of every section
///   before it, one after the other ([`checksum`]): a card's record has no
///   names or types to catch a damaged byte, and a database read whole
///   (`--data DIR`, `load::decode`) is checked against it.
///
/// Sets, classes, formats and retirements are record tables ([`records`]:
/// `n + 1` offsets, then each record's MessagePack with named fields
/// (rmp-serde) one after the other): the model skips empty fields when
/// serialised. A card, read far more often, has its own record instead
/// (`card_record`), which names no field.
fn layout(
    files: &[String],
    card_file: &[u32],
    all: &DataFile,
) -> Result<Vec<u8>, rmp_serde::encode::Error> {
    let mut sections: Vec<Vec<u8>> = Vec::new();
    let (offsets, bytes) = strings(files.iter());
    sections.extend([offsets, bytes, words(card_file)]);
    sections.extend(records(&all.card, card_record::write)?);
    sections.push(
        all.card
            .iter()
            .map(|c| c.kind as u8 | if c.rules.no_slot { NO_SLOT } else { 0 })
            .collect(),
    );

    let mut ids: BTreeMap<String, u32> = BTreeMap::new();
    let mut names: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (i, c) in all.card.iter().enumerate() {
        let i = number(i);
        for id in std::iter::once(&c.id).chain(&c.alias_ids) {
            ids.entry(keys::id_key(id)).or_insert(i);
        }
        if !c.helper {
            names.entry(keys::normalize(&c.name)).or_default().push(i);
        }
    }
    sections.extend(index(&ids));
    let (offsets, keys) = strings(names.keys());
    sections.extend([offsets, keys]);
    let mut starts = vec![0u32];
    let mut postings = Vec::new();
    for list in names.values() {
        postings.extend(list);
        starts.push(number(postings.len()));
    }
    sections.extend([words(&starts), words(&postings)]);

    // Set and class ids are looked up exactly; a later duplicate wins.
    let by_id = |ids: Vec<&String>| -> BTreeMap<String, u32> {
        ids.into_iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), number(i)))
            .collect()
    };
    let set_ids = by_id(all.set.iter().map(|s| &s.id).collect());
    sections.extend(records(&all.set, named)?);
    sections.extend(index(&set_ids));
    sections.extend(records(&all.class, named)?);
    sections.extend(index(&by_id(all.class.iter().map(|c| &c.id).collect())));
    sections.extend(records(&all.format, named)?);
    sections.extend(records(&all.retirement, named)?);
    let mut first: Vec<u32> = (0..all.card.len()).map(number).collect();
    for list in names.values() {
        for &i in list {
            let card = &all.card[i as usize];
            if let Some(&j) = list
                .iter()
                .filter(|&&j| all.card[j as usize].is_reprint_of(card))
                .min_by(|&&a, &&b| all.card[a as usize].id.cmp(&all.card[b as usize].id))
            {
                if all.card[j as usize].id < card.id {
                    first[i as usize] = j;
                }
            }
        }
    }
    sections.push(words(&first));

    let mut in_set: Vec<Vec<u32>> = vec![Vec::new(); all.set.len()];
    for (i, c) in all.card.iter().enumerate().filter(|(_, c)| !c.helper) {
        for s in &c.sets {
            if let Some(list) = set_ids.get(s).map(|&k| &mut in_set[k as usize]) {
                if list.last() != Some(&number(i)) {
                    list.push(number(i));
                }
            }
        }
    }
    let mut starts = vec![0u32];
    let mut members = Vec::new();
    for list in &in_set {
        members.extend(list);
        starts.push(number(members.len()));
    }
    sections.extend([words(&starts), words(&members)]);
    let short = ids
        .keys()
        .all(|k| k.is_ascii() && k.len() <= 8 && !k.bytes().any(|b| b == 0));
    sections.push(if short {
        ids.keys()
            .filter_map(|k| keys::id_word(k.as_bytes()))
            .flatten()
            .collect()
    } else {
        Vec::new()
    });

    let types: Vec<String> = all
        .card
        .iter()
        .map(|c| c.upgrade_types().collect::<Vec<_>>().join(" "))
        .collect();
    let (offsets, bytes) = strings(types.iter());
    sections.extend([offsets, bytes]);

    sections.push(checksum(sections.iter().map(Vec::as_slice)).to_vec());

    let mut out = MAGIC.to_vec();
    out.extend(words(&[FORMAT_VERSION, number(sections.len())]));
    for s in sections {
        out.extend(words(&[number(s.len())]));
        out.extend(s);
    }
    Ok(out)
}

/// The FNV-1a hash (64 bits) of `parts` one after the other, as the blob
/// stores it.
pub(crate) fn checksum<'a>(parts: impl Iterator<Item = &'a [u8]>) -> [u8; 8] {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in parts.flatten() {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    h.to_le_bytes()
}

/// A count or offset as the blob stores it. A database of 4 GiB is not a
/// card database: saturates rather than wraps (the reader then finds the
/// tables do not fit together).
fn number(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A record table: `n + 1` offsets, then each record as `write` writes
/// it, one after the other: the MessagePack with field names of a set,
/// class, format or retirement ([`named`]; the model skips empty fields
/// and has internally tagged enums), a card's record
/// (`card_record::write`).
fn records<T>(
    all: &[T],
    write: impl Fn(&T, &mut Vec<u8>) -> Result<(), rmp_serde::encode::Error>,
) -> Result<[Vec<u8>; 2], rmp_serde::encode::Error> {
    let mut offsets = vec![0u32];
    let mut data = Vec::new();
    for r in all {
        write(r, &mut data)?;
        offsets.push(number(data.len()));
    }
    Ok([words(&offsets), data])
}

/// A record as MessagePack with field names.
fn named<T: serde::Serialize>(r: &T, out: &mut Vec<u8>) -> Result<(), rmp_serde::encode::Error> {
    out.extend(rmp_serde::to_vec_named(r)?);
    Ok(())
}

/// A sorted index: its keys as a string table, then the value of each.
fn index(map: &BTreeMap<String, u32>) -> [Vec<u8>; 3] {
    let (offsets, keys) = strings(map.keys());
    [
        offsets,
        keys,
        words(&map.values().copied().collect::<Vec<_>>()),
    ]
}

/// Numbers as little-endian bytes.
fn words(numbers: &[u32]) -> Vec<u8> {
    numbers.iter().flat_map(|n| n.to_le_bytes()).collect()
}

/// A string table: `n + 1` offsets, and the strings one after the other.
fn strings<'a>(all: impl Iterator<Item = &'a String>) -> (Vec<u8>, Vec<u8>) {
    let mut offsets = vec![0u32];
    let mut bytes = Vec::new();
    for s in all {
        bytes.extend(s.as_bytes());
        offsets.push(number(bytes.len()));
    }
    (words(&offsets), bytes)
}

/// Every reference the loader and the engine follow by id resolves: a
/// card's sets and ship class, the class a dial belongs to, a retirement's
/// resource. (`fleetcheck data
/// check` validates the rest: factions, slot types, names in rules.)
/// The two slices hold the file index of each card and retirement.
fn references(
    all: &DataFile,
    [card_file, retirement_file]: [&[u32]; 2],
    file_of: impl Fn(u32) -> String,
    problems: &mut Vec<String>,
) {
    let sets: HashSet<&str> = all.set.iter().map(|s| s.id.as_str()).collect();
    let classes: HashSet<&str> = all.class.iter().map(|c| c.id.as_str()).collect();
    let ids: HashSet<String> = all.card.iter().map(|c| c.id.to_lowercase()).collect();
    for (c, &f) in all.card.iter().zip(card_file) {
        let file = file_of(f);
        for s in &c.sets {
            if !sets.contains(s.as_str()) {
                problems.push(format!("{file}: card {}: unknown set \"{s}\"", c.id));
            }
        }
        if let Some(class) = &c.class {
            if !classes.contains(class.as_str()) {
                problems.push(format!("{file}: card {}: unknown class \"{class}\"", c.id));
            }
        }
    }
    for k in &all.class {
        if let Some(of) = k.dial_of.as_deref().filter(|of| !classes.contains(of)) {
            problems.push(format!(
                "class {}: dial_of names unknown class \"{of}\"",
                k.id
            ));
        }
    }
    for (r, &f) in all.retirement.iter().zip(retirement_file) {
        if !ids.contains(&r.resource.to_lowercase()) {
            problems.push(format!(
                "{}: retirement of unknown card \"{}\"",
                file_of(f),
                r.resource
            ));
        }
    }
}
