//! Compiles the card databases under `data/` into the binary, so that
//! `fleetcheck` runs on a machine that has only the binary and starts
//! without parsing TOML (see `crates/data/src/embedded.rs`, the one module that
//! reads what this script writes).
//!
//! - `data/staw/`: every loaded `*.toml` (not the importer's own inputs and
//!   reports, see `compile::NOT_LOADED`) is parsed into the card model
//!   (`crates/data/src/model/mod.rs`), validated (unique ids, every set, class and
//!   retirement reference resolves), and embedded as one blob ([`compile`]):
//!   each card a record of its own (`crates/data/src/card_record.rs`), so
//!   that start-up decodes only the cards a command uses, and the id and
//!   name index precomputed as sorted tables. A broken file fails the build
//!   with its path, line and column. The compile itself (parse, layout) is
//!   `crates/data/src/compile.rs`, included here as the model, the card
//!   record and the keys are:
//!   `fleetcheck --data DIR` compiles a directory with the same code at
//!   run time, so there is one model, one layout and one reader.
//! - every other game's `data/<game>/**/*.toml` is embedded as text: those
//!   files are a few kilobytes and their readers want the TOML.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[allow(dead_code, unused_imports, unreachable_pub)]
#[path = "src/model/mod.rs"]
mod model;

#[allow(dead_code, unreachable_pub)]
#[path = "src/keys.rs"]
mod keys;

#[allow(dead_code, unreachable_pub)]
#[path = "src/card_record.rs"]
mod card_record;

#[allow(dead_code, unreachable_pub)]
#[path = "src/compile.rs"]
mod compile;

#[allow(dead_code)] // also compiled into tests/hardening.rs, which has no use for main
fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest.join("../../data");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=../../data");

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
/// named `label` in messages (the strict [`compile::Compiler`]: the same
/// compile `--data DIR` goes through, plus the build's checks). The error
/// lists every problem, one per line, each starting with the file's path
/// (`label/...`).
pub fn compile(dir: &Path, label: &str) -> Result<Vec<u8>, String> {
    let mut paths = Vec::new();
    collect(dir, &mut paths);
    paths.sort();
    let mut compiler = compile::Compiler::strict(label);
    for p in &paths {
        let rel = relative(dir, p);
        if !compile::loaded(&rel) {
            continue;
        }
        let shown = format!("{label}/{rel}");
        match std::fs::read_to_string(p) {
            Ok(text) => {
                if let Err(e) = compiler.add(&rel, &text) {
                    compiler.problem(located(&shown, &text, &e));
                }
            }
            Err(e) => compiler.problem(format!("{shown}: {e}")),
        }
    }
    compiler.finish()
}

/// The display names of `data/staw/names.toml` (named `label` in
/// messages) as Rust tables of (id, name), one per kind: `FACTION_NAMES`,
/// `SPECIES_NAMES`, `SLOT_NAMES` (read by `crates/data/src/names.rs`), and
/// the ids of the factions and species alone (`FACTIONS`, `SPECIES`): the
/// one list of each.
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
    // The ids alone, of the two lists a card's values must come from: the
    // one list of factions and of species is names.toml.
    for (table, list) in [("FACTIONS", &names.faction), ("SPECIES", &names.species)] {
        writeln!(
            out,
            "/// Every id of `{label}`'s `{}` list, in its order.",
            table.to_lowercase()
        )
        .unwrap();
        writeln!(out, "pub static {table}: &[&str] = &[").unwrap();
        for n in list {
            writeln!(out, "    {:?},", n.id).unwrap();
        }
        out.push_str("];\n");
    }
    Ok(out)
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
