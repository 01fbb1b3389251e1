//! The README and `docs/` are part of the contract: what they say must be
//! true of the code. By concept, in `readme/`: `examples` (every `console`
//! example runs and prints what the page shows), `cli` (docs/cli.md has
//! every command and option of the program's own command tree), `codes`
//! (docs/diagnostics.md has every diagnostic code, its tables generated
//! from the registries), `contract` (docs/json.md has every key of
//! `fleetcheck schema`, docs/event-file.md every key of the event file,
//! docs/fleet-file.md every key of a fleet file), `pages` (the README's
//! main command and size, links, paths, the card database's figures, the
//! bench markers, the tests reliability.md names). The pages are read when
//! the tests run, so editing one rebuilds nothing.

mod cli;
mod codes;
mod contract;
mod examples;
mod pages;

use std::path::{Path, PathBuf};

/// The project's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A page of the docs by its path from the root (`README.md`,
/// `docs/cli.md`).
fn page(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every page: the README and each `*.md` below `docs/`, by path from the
/// root, sorted.
fn pages() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut paths = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let name = p
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            (name, text)
        })
        .collect()
}

/// A heading line: its level (the number of `#`) and its text.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    (level > 0 && line[level..].starts_with(' ')).then(|| (level, line[level..].trim()))
}

/// The text of the section whose heading satisfies `is_it`: from that
/// heading to the next heading of the same or a higher level (fenced code
/// is never a heading). `None` when no heading does.
fn section(text: &str, is_it: impl Fn(&str) -> bool) -> Option<&str> {
    let mut start: Option<(usize, usize)> = None;
    let mut offset = 0;
    let mut fenced = false;
    for line in text.split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let Some((level, title)) = heading(line.trim_end()) else {
            continue;
        };
        match start {
            Some((s, l)) if level <= l => return Some(&text[s..here]),
            Some(_) => {}
            None if is_it(title) => start = Some((here, level)),
            None => {}
        }
    }
    start.map(|(s, _)| &text[s..])
}

/// Every heading of a page (outside fenced code), in order.
fn headings(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            if let Some((level, title)) = heading(line) {
                out.push((level, title.to_string()));
            }
        }
    }
    out
}

/// Whether `text` names `key` as code: `` `key` ``, `` `[key]` `` or
/// `` `[[key]]` ``.
fn names(text: &str, key: &str) -> bool {
    [
        format!("`{key}`"),
        format!("`[{key}]`"),
        format!("`[[{key}]]`"),
    ]
    .iter()
    .any(|k| text.contains(k.as_str()))
}
