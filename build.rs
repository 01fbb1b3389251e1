//! Compiles the card databases under `data/` into the binary, so that
//! `fleetcheck` runs on a machine that has only the binary and starts
//! without parsing TOML (see `src/data/embedded.rs`, the one module that
//! reads what this script writes).
//!
//! - `data/staw/`: every loaded `*.toml` (not the importer's own inputs and
//!   reports, see [`NOT_LOADED`]) is parsed into the card model
//!   (`src/data/model.rs`, included here so there is one model), validated
//!   (unique ids, every set, class and retirement reference resolves), and
//!   embedded as one blob ([`compile`], [`layout`]): each card a MessagePack
//!   value of its own, so that start-up decodes only the cards a command
//!   uses, and the id and name index precomputed as sorted tables. A broken
//!   file fails the build with its path, line and column.
//! - every other game's `data/<game>/**/*.toml` is embedded as text: those
//!   files are a few kilobytes and their readers want the TOML.
//!
//! MessagePack with named fields (rmp-serde) rather than postcard or
//! bincode: the model skips empty fields when serialised and its
//! `Condition` and `PenaltyRule` enums are internally tagged, which only a
//! self-describing format can read back.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/data/model.rs"]
mod model;

#[allow(dead_code)]
#[path = "src/data/keys.rs"]
mod keys;

use model::{Card, Format, Retirement, Set, ShipClass};

/// Files of `data/staw/` that the database loader does not read (the
/// importer's inputs and reports, and `names.toml`, compiled on its own by
/// [`display_names`]); the same list as `db::NOT_LOADED`, which
/// the equality test in `src/data/embedded.rs` holds this script to.
pub const NOT_LOADED: &[&str] = &[
    "corrections.toml",
    "excluded.toml",
    "coverage.toml",
    "names.toml",
];

/// Bumped whenever the layout written by [`compile`] changes; the loader
/// refuses any other version.
pub const FORMAT_VERSION: u32 = 3;

/// The first bytes of a compiled database.
pub const MAGIC: &[u8; 4] = b"FCDB";

/// The contents of one data file (the same keys as `db::DataFile`).
#[derive(Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    #[serde(default)]
    card: Vec<Card>,
    #[serde(default)]
    set: Vec<Set>,
    #[serde(default)]
    class: Vec<ShipClass>,
    #[serde(default)]
    format: Vec<Format>,
    #[serde(default)]
    retirement: Vec<Retirement>,
}

#[allow(dead_code)] // also compiled into tests/hardening.rs, which has no use for main
fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest.join("data");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=data");

    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut table = String::from(
        "/// Every other game's data file, as (path below `data/`, text).\n\
         pub static FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = relative(&root, f);
        if rel.starts_with("staw/") {
            continue;
        }
        writeln!(
            table,
            "    ({rel:?}, include_str!({:?})),",
            f.to_string_lossy()
        )
        .unwrap();
    }
    table.push_str("];\n");

    let blob = match compile(&root.join("staw"), "data/staw") {
        Ok(blob) => blob,
        Err(message) => {
            // Cargo shows a failed build script's stderr: one line per problem.
            eprintln!("error: the card database under data/staw is invalid:\n{message}");
            std::process::exit(1);
        }
    };
    std::fs::write(out.join("staw.bin"), blob).unwrap();
    match display_names(&root.join("staw/names.toml"), "data/staw/names.toml") {
        Ok(names) => table.push_str(&names),
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    }
    table.push_str(
        "/// The compiled STAW database (see `build.rs` and [`Blob`]).\n\
         pub static STAW: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/staw.bin\"));\n",
    );
    std::fs::write(out.join("embedded_data.rs"), table).unwrap();
}

/// Parses, validates and serialises the STAW database directory `dir`,
/// named `label` in messages. The error lists every problem, one per line,
/// each starting with the file's path (`label/...`).
pub fn compile(dir: &Path, label: &str) -> Result<Vec<u8>, String> {
    let mut paths = Vec::new();
    collect(dir, &mut paths);
    paths.sort();
    let shown = |rel: &str| format!("{label}/{rel}");
    let mut problems = Vec::new();
    let mut files = Vec::new();
    let mut card_file = Vec::new();
    // The file of each retirement, for messages only.
    let mut retirement_file = Vec::new();
    let mut all = DataFile::default();
    // Where each set, class, format and card id was defined, for duplicates.
    let mut origin: HashMap<String, String> = HashMap::new();
    for p in &paths {
        let rel = relative(dir, p);
        if NOT_LOADED.contains(&rel.as_str()) {
            continue;
        }
        let text = match std::fs::read_to_string(p) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("{}: {e}", shown(&rel)));
                continue;
            }
        };
        let file: DataFile = match toml::from_str(&text) {
            Ok(f) => f,
            Err(e) => {
                problems.push(located(&shown(&rel), &text, &e));
                continue;
            }
        };
        let here = shown(&rel);
        let mut unique = |kind: &str, id: &str, problems: &mut Vec<String>| {
            let key = format!("{kind} {}", id.to_lowercase());
            if let Some(first) = origin.insert(key, here.clone()) {
                problems.push(format!(
                    "{here}: duplicate {kind} id \"{id}\" (also in {first})"
                ));
            }
        };
        for c in &file.card {
            unique("card", &c.id, &mut problems);
            for a in &c.alias_ids {
                unique("card", a, &mut problems);
            }
            if c.name.trim().is_empty() {
                problems.push(format!("{here}: card {} has an empty name", c.id));
            }
        }
        for s in &file.set {
            unique("set", &s.id, &mut problems);
        }
        for c in &file.class {
            unique("class", &c.id, &mut problems);
        }
        for f in &file.format {
            unique("format", &f.id, &mut problems);
        }
        let index = u32::try_from(files.len()).unwrap();
        card_file.extend(std::iter::repeat_n(index, file.card.len()));
        retirement_file.extend(std::iter::repeat_n(index, file.retirement.len()));
        files.push(rel);
        all.card.extend(file.card);
        all.set.extend(file.set);
        all.class.extend(file.class);
        all.format.extend(file.format);
        all.retirement.extend(file.retirement);
    }
    if problems.is_empty() {
        let file_of = |i: u32| format!("{label}/{}", files[i as usize]);
        references(&all, [&card_file, &retirement_file], file_of, &mut problems);
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    layout(&files, &card_file, &all).map_err(|e| format!("{label}: cannot serialise: {e}"))
}

/// Writes the compiled database. Every number is a little-endian `u32`;
/// the reader is `src/data/embedded.rs`, which decodes each record (card,
/// set, class, format, retirement) the first time it is used and searches
/// the indexes in place.
///
/// `MAGIC`, `FORMAT_VERSION`, the number of sections, then the sections,
/// each its byte length followed by its bytes, in this order:
///
/// - files: a string table ([`strings`]: `n + 1` offsets, then the
///   strings one after the other), then the index into it of each card's
///   file (numbers);
/// - cards: a record table ([`records`]: `n + 1` offsets, then each
///   record's MessagePack one after the other), then one byte per card,
///   its `CardType as u8`;
/// - the id index: the keys (`keys::id_key` of every id and alias id,
///   first card wins, sorted by bytes) as a string table, and the card of
///   each key;
/// - the name index: the keys (`keys::normalize` of the names of all cards
///   but builder helpers, sorted by bytes) as a string table, `m + 1`
///   offsets into the next section, and the cards of each name in
///   database order;
/// - sets: a record table, then its id index (the ids, sorted by bytes, as
///   a string table, and the set of each id);
/// - classes: the same;
/// - formats, retirements: a record table each.
fn layout(
    files: &[String],
    card_file: &[u32],
    all: &DataFile,
) -> Result<Vec<u8>, rmp_serde::encode::Error> {
    let mut sections: Vec<Vec<u8>> = Vec::new();
    let (offsets, bytes) = strings(files.iter());
    sections.extend([offsets, bytes, words(card_file)]);
    sections.extend(records(&all.card)?);
    sections.push(all.card.iter().map(|c| c.kind as u8).collect());

    let mut ids: BTreeMap<String, u32> = BTreeMap::new();
    let mut names: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (i, c) in all.card.iter().enumerate() {
        let i = u32::try_from(i).unwrap();
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
        starts.push(u32::try_from(postings.len()).unwrap());
    }
    sections.extend([words(&starts), words(&postings)]);

    // Set and class ids are looked up exactly; a later duplicate would win,
    // as in the loader's own index (there are none: see `compile`).
    let by_id = |ids: Vec<&String>| -> BTreeMap<String, u32> {
        ids.into_iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), u32::try_from(i).unwrap()))
            .collect()
    };
    sections.extend(records(&all.set)?);
    sections.extend(index(&by_id(all.set.iter().map(|s| &s.id).collect())));
    sections.extend(records(&all.class)?);
    sections.extend(index(&by_id(all.class.iter().map(|c| &c.id).collect())));
    sections.extend(records(&all.format)?);
    sections.extend(records(&all.retirement)?);

    let mut out = MAGIC.to_vec();
    let count = u32::try_from(sections.len()).unwrap();
    out.extend(words(&[FORMAT_VERSION, count]));
    for s in sections {
        out.extend(words(&[u32::try_from(s.len()).unwrap()]));
        out.extend(s);
    }
    Ok(out)
}

/// A record table: `n + 1` offsets, then the MessagePack (with field
/// names: the model skips empty fields and has internally tagged enums) of
/// each record.
fn records<T: serde::Serialize>(all: &[T]) -> Result<[Vec<u8>; 2], rmp_serde::encode::Error> {
    let mut offsets = vec![0u32];
    let mut data = Vec::new();
    for r in all {
        data.extend(rmp_serde::to_vec_named(r)?);
        offsets.push(u32::try_from(data.len()).unwrap());
    }
    Ok([words(&offsets), data])
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
        offsets.push(u32::try_from(bytes.len()).unwrap());
    }
    (words(&offsets), bytes)
}

/// The display names of `data/staw/names.toml` (named `label` in
/// messages) as Rust tables of (id, name), one per kind: `FACTION_NAMES`,
/// `SPECIES_NAMES`, `SLOT_NAMES` (read by `src/data/names.rs`).
#[allow(dead_code)] // also compiled into tests/hardening.rs, which only compiles cards
pub fn display_names(path: &Path, label: &str) -> Result<String, String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Names {
        faction: Vec<Name>,
        species: Vec<Name>,
        slot: Vec<Name>,
    }
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Name {
        id: String,
        name: String,
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{label}: {e}"))?;
    let names: Names = toml::from_str(&text).map_err(|e| located(label, &text, &e))?;
    let mut out = String::new();
    for (table, list) in [
        ("FACTION_NAMES", &names.faction),
        ("SPECIES_NAMES", &names.species),
        ("SLOT_NAMES", &names.slot),
    ] {
        let mut seen = HashSet::new();
        writeln!(out, "/// (id, display name), from `{label}`.").unwrap();
        writeln!(out, "pub static {table}: &[(&str, &str)] = &[").unwrap();
        for n in list {
            if n.id.trim().is_empty() || n.name.trim().is_empty() || !seen.insert(&n.id) {
                return Err(format!("{label}: empty or duplicate entry \"{}\"", n.id));
            }
            writeln!(out, "    ({:?}, {:?}),", n.id, n.name).unwrap();
        }
        out.push_str("];\n");
    }
    Ok(out)
}

/// Every reference the loader and the engine follow by id resolves: a
/// card's sets and ship class, a retirement's resource. (`fleetcheck data
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

/// A TOML error as `file:line:column: message` (the line and column of the
/// error's span, 1-based).
fn located(file: &str, text: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim();
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
            format!("{file}:{line}:{column}: {message}")
        }
        None => format!("{file}: {message}"),
    }
}

fn relative(root: &Path, p: &Path) -> String {
    p.strip_prefix(root)
        .unwrap_or(p)
        .to_string_lossy()
        .replace('\\', "/")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            println!("cargo:rerun-if-changed={}", p.display());
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "toml") {
            out.push(p);
        }
    }
}
