//! Compiles the card databases under `data/` into the binary, so that
//! `fleetcheck` runs on a machine that has only the binary and starts
//! without parsing TOML (see `src/db/embedded.rs`, the one module that
//! reads what this script writes).
//!
//! - `data/staw/`: every loaded `*.toml` (not the importer's own inputs and
//!   reports, see [`NOT_LOADED`]) is parsed into the card model
//!   (`src/db/model.rs`, included here so there is one model), validated
//!   (unique ids, every set, class and retirement reference resolves), and
//!   embedded as one MessagePack blob ([`compile`]). A broken file fails the
//!   build with its path, line and column.
//! - every other game's `data/<game>/**/*.toml` is embedded as text: those
//!   files are a few kilobytes and their readers want the TOML.
//!
//! MessagePack with named fields (rmp-serde) rather than postcard or
//! bincode: the model skips empty fields when serialised and its
//! `Condition` and `PenaltyRule` enums are internally tagged, which only a
//! self-describing format can read back.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[allow(dead_code)]
#[path = "src/db/model.rs"]
mod model;

use model::{Card, Format, Retirement, Set, ShipClass};

/// Files of `data/staw/` that the database loader does not read (the
/// importer's inputs and reports, and `names.toml`, compiled on its own by
/// [`display_names`]); the same list as `db::NOT_LOADED`, which
/// the equality test in `src/db/embedded.rs` holds this script to.
pub const NOT_LOADED: &[&str] = &[
    "corrections.toml",
    "excluded.toml",
    "coverage.toml",
    "names.toml",
];

/// Bumped whenever the layout of [`Compiled`] changes; the loader refuses
/// any other version.
pub const FORMAT_VERSION: u32 = 1;

/// The compiled database: (format version, data files, the index into
/// `files` of each card's file, cards, sets, classes, formats,
/// retirements). A tuple so that `src/db/embedded.rs` can name the same
/// shape without sharing a type with this script.
pub type Compiled = (
    u32,
    Vec<String>,
    Vec<u32>,
    Vec<Card>,
    Vec<Set>,
    Vec<ShipClass>,
    Vec<Format>,
    Vec<Retirement>,
);

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
    std::fs::write(out.join("staw.msgpack"), blob).unwrap();
    match display_names(&root.join("staw/names.toml"), "data/staw/names.toml") {
        Ok(names) => table.push_str(&names),
        Err(message) => {
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    }
    table.push_str(
        "/// The compiled STAW database (see `build.rs`, [`Compiled`]).\n\
         pub static STAW: &[u8] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/staw.msgpack\"));\n",
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
    let compiled: Compiled = (
        FORMAT_VERSION,
        files,
        card_file,
        all.card,
        all.set,
        all.class,
        all.format,
        all.retirement,
    );
    rmp_serde::to_vec_named(&compiled).map_err(|e| format!("{label}: cannot serialise: {e}"))
}

/// The display names of `data/staw/names.toml` (named `label` in
/// messages) as Rust tables of (id, name), one per kind: `FACTION_NAMES`,
/// `SPECIES_NAMES`, `SLOT_NAMES` (read by `src/db/names.rs`).
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
