//! The architecture of `ARCHITECTURE.md`, held where the compiler does not
//! hold it:
//!
//! - the crate graph: every member crate depends only on the crates below
//!   it (`LAYERS`), and the engine crates (`ENGINE`) on no CLI or terminal
//!   crate (`TERMINAL`), read from the members' `Cargo.toml` files (Cargo
//!   itself refuses a circle between crates);
//! - the engine crates read no clock, environment or terminal (`AMBIENT`);
//! - inside every crate, the modules of one parent import each other without
//!   circles (the checker reads the source as text, comments and string
//!   literals removed, expands every `use` tree and every inline `crate::`
//!   and `super::` path, and resolves them against the file's own module).
//!
//! A fixture workspace under `tests/fixtures/architecture/` shows that the
//! checks catch a crate that depends upward and on a terminal crate, an
//! engine crate reading the environment, and a circle, each located.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The member crates, bottom to top (`fleetcheck` is the root package: the
/// binary and its CLI; `fleetcheck-dev` the maintainer's tools).
pub const LAYERS: &[&str] = &[
    "fleetcheck-input",
    "fleetcheck-data",
    "fleetcheck-staw",
    "fleetcheck-games",
    "fleetcheck-report",
    "fleetcheck-edit",
    "fleetcheck-lsp",
    "fleetcheck",
    "fleetcheck-dev",
];

/// The engine: values in, values out, no terminal.
pub const ENGINE: &[&str] = &[
    "fleetcheck-input",
    "fleetcheck-data",
    "fleetcheck-staw",
    "fleetcheck-games",
];

/// The CLI and terminal crates the engine may not depend on.
pub const TERMINAL: &[&str] = &[
    "clap",
    "clap_complete",
    "clap_mangen",
    "comfy-table",
    "annotate-snippets",
    "dialoguer",
    "console",
    "unicode-width",
];

/// What the engine's source may not name: the clock, the environment, the
/// terminal.
pub const AMBIENT: &[&str] = &[
    "std::env",
    "SystemTime::now",
    "Instant::now",
    "OffsetDateTime::now",
    "now_local",
    "IsTerminal",
    "is_terminal",
    "isatty",
    "terminal_size",
];

/// Circles between the modules of one parent that are known and not yet
/// untangled, each as "crate: parent: sorted members". The list may only
/// shrink: a test fails when an entry is no longer a circle.
const KNOWN_CYCLES: &[&str] = &[];

/// One reference from a file to a module.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Import {
    file: PathBuf,
    line: usize,
    /// The module path referred to, from the crate root.
    target: Vec<String>,
}

/// The module path of a file below a crate's `src/`: `cost.rs` is
/// `["cost"]`, `fleet/mod.rs` is `["fleet"]`, `lib.rs` and `main.rs` the
/// root `[]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
        parts.pop();
    }
    parts
}

/// The text with comments and the contents of string and character
/// literals blanked (newlines kept, so that lines still count).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: u8| if c == b'\n' { '\n' } else { ' ' };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(' ');
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                while i < b.len() {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        out.push_str("  ");
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        out.push_str("  ");
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        out.push(blank(b[i]));
                        i += 1;
                    }
                }
            }
            b'r' if b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#') => {
                // A raw string r"..." or r#"..."#.
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&b'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&b'"')
                    || (i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
                {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                out.push_str(&" ".repeat(j + 1 - i));
                i = j + 1;
                while i < b.len() && !b[i..].starts_with(&close) {
                    out.push(blank(b[i]));
                    i += 1;
                }
                out.push_str(&" ".repeat(close.len().min(b.len() - i)));
                i += close.len();
            }
            b'"' => {
                out.push(' ');
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        out.push(' ');
                        i += 1;
                    }
                    if i < b.len() {
                        out.push(blank(b[i]));
                        i += 1;
                    }
                }
                out.push(' ');
                i += 1;
            }
            b'\'' => {
                // A character literal ('a', '\n', '\u{..}'), not a lifetime.
                let end = b[i + 1..].iter().take(12).position(|&c| c == b'\'');
                let is_char = match end {
                    Some(0) => false,
                    Some(n) => n == 1 || b[i + 1] == b'\\',
                    None => false,
                };
                if is_char {
                    let n = end.unwrap() + 2;
                    out.push_str(&" ".repeat(n));
                    i += n;
                } else {
                    out.push('\'');
                    i += 1;
                }
            }
            c => {
                // Keep the byte (multi-byte characters are copied whole).
                let len = std::str::from_utf8(&b[i..])
                    .ok()
                    .and_then(|s| s.chars().next())
                    .map_or(1, char::len_utf8);
                if len == 1 {
                    out.push(c as char);
                } else {
                    out.push_str(&text[i..i + len]);
                }
                i += len;
            }
        }
    }
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(p).into_iter().map(move |q| format!("{prefix}{q}")))
        .collect()
}

/// A path of a `use` or an inline reference, from the crate root; `None`
/// for paths outside the crate (`std::`, other crates).
fn resolve(module: &[String], path: &str) -> Option<Vec<String>> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = match segs.first()? {
        &"crate" => Vec::new(),
        &"super" | &"self" => module.to_vec(),
        _ => return None,
    };
    let mut rest = &segs[..];
    if rest[0] == "crate" {
        rest = &rest[1..];
    }
    while let Some(s) = rest.first() {
        match *s {
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        rest = &rest[1..];
    }
    base.extend(
        rest.iter()
            .take_while(|s| s.chars().all(|c| c.is_alphanumeric() || c == '_'))
            .map(|s| s.to_string()),
    );
    Some(base)
}

/// Every reference of every `.rs` file below a crate's `src`.
fn imports(src: &Path) -> Vec<Import> {
    let mut files = Vec::new();
    collect(src, &mut files);
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap().to_path_buf();
        let module = module_of(&rel);
        let text = std::fs::read_to_string(&file).unwrap();
        let code = code_only(&text);
        let line_of = |at: usize| code[..at].matches('\n').count() + 1;
        let mut push = |at: usize, path: &str| {
            if let Some(target) = resolve(&module, path) {
                out.push(Import {
                    file: rel.clone(),
                    line: line_of(at),
                    target,
                });
            }
        };
        // `use` trees (which may span lines).
        let mut from = 0;
        while let Some(i) = code[from..].find("use ") {
            let at = from + i;
            from = at + 4;
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let Some(end) = code[at..].find(';') else {
                break;
            };
            for p in expand(&code[at + 4..at + end]) {
                let p = p.split(" as ").next().unwrap_or(&p).to_string();
                push(at, &p);
            }
        }
        // Inline paths: `crate::a::b`, `super::x::y`.
        for key in ["crate::", "super::"] {
            let mut from = 0;
            while let Some(i) = code[from..].find(key) {
                let at = from + i;
                from = at + key.len();
                let before = code[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let path: String = code[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                push(at, &path);
            }
        }
    }
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Tarjan's strongly connected components with more than one member,
/// each sorted.
fn strongly_connected(g: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        g: &'a BTreeMap<String, BTreeMap<String, String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        t.index.insert(v, t.next);
        t.low.insert(v, t.next);
        t.next += 1;
        t.stack.push(v);
        t.on.insert(v);
        let g = t.g;
        for w in g.get(v).into_iter().flat_map(|m| m.keys()) {
            let w = w.as_str();
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in g.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// A member crate: its name, its manifest's dependencies and its `src/`.
#[derive(Debug)]
struct Member {
    name: String,
    deps: Vec<String>,
    src: PathBuf,
}

/// The members of the workspace at `root`: the root package and every
/// `crates/*/Cargo.toml`, with their normal and build dependencies (not the
/// dev-dependencies: tests may use anything).
fn members(root: &Path) -> Vec<Member> {
    let mut dirs = vec![root.to_path_buf()];
    if let Ok(rd) = std::fs::read_dir(root.join("crates")) {
        let mut more: Vec<PathBuf> = rd.map(|e| e.unwrap().path()).collect();
        more.sort();
        dirs.extend(more);
    }
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(text) = std::fs::read_to_string(dir.join("Cargo.toml")) else {
            continue;
        };
        let manifest: toml::Table = toml::from_str(&text).unwrap();
        let Some(name) = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(|n| n.as_str())
        else {
            continue;
        };
        let mut tables = vec![
            manifest.get("dependencies"),
            manifest.get("build-dependencies"),
        ];
        if let Some(targets) = manifest.get("target").and_then(|t| t.as_table()) {
            for t in targets.values() {
                tables.push(t.get("dependencies"));
            }
        }
        let mut deps = Vec::new();
        for d in tables.into_iter().flatten().filter_map(|t| t.as_table()) {
            deps.extend(d.keys().cloned());
        }
        deps.sort();
        out.push(Member {
            name: name.to_string(),
            deps,
            src: dir.join("src"),
        });
    }
    out
}

/// Every break of the crate graph, as "crate: why".
fn crate_graph_breaks(members: &[Member]) -> Vec<String> {
    let rank = |n: &str| LAYERS.iter().position(|l| *l == n);
    let mut out = Vec::new();
    for m in members {
        let Some(me) = rank(&m.name) else {
            out.push(format!("{}: a member crate in no layer", m.name));
            continue;
        };
        for d in &m.deps {
            if rank(d).is_some_and(|r| r >= me) {
                out.push(format!("{}: depends on {d}, which is not below it", m.name));
            }
            if ENGINE.contains(&m.name.as_str()) && TERMINAL.contains(&d.as_str()) {
                out.push(format!(
                    "{}: an engine crate depends on the terminal crate {d}",
                    m.name
                ));
            }
        }
    }
    out
}

/// Every place where an engine crate's source (its tests left out) names
/// the clock, the environment or the terminal, as "file:line: what".
fn ambient_reads(members: &[Member], root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for m in members.iter().filter(|m| ENGINE.contains(&m.name.as_str())) {
        let mut files = Vec::new();
        collect(&m.src, &mut files);
        files.sort();
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy();
            if name == "tests.rs" || name.ends_with("_tests.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&f).unwrap();
            let code = code_only(&text);
            let code = code.split("#[cfg(test)]").next().unwrap();
            for (i, line) in code.lines().enumerate() {
                for a in AMBIENT {
                    if line.contains(a) {
                        let rel = f.strip_prefix(root).unwrap_or(&f);
                        out.push(format!("{}:{}: {a}", rel.display(), i + 1));
                    }
                }
            }
        }
    }
    out
}

/// The circles between the modules of one parent in the crate whose source
/// is `src` (named `krate` in messages), each as (its entry in
/// `KNOWN_CYCLES`, the imports that close it).
fn cycles(krate: &str, src: &Path, root: &Path) -> Vec<(String, String)> {
    // parent -> child -> child -> first place
    type Graph = BTreeMap<String, BTreeMap<String, String>>;
    let mut graph: BTreeMap<Vec<String>, Graph> = BTreeMap::new();
    for i in imports(src) {
        let from = module_of(&i.file);
        // Below their deepest common parent, one child refers to another.
        let common = from
            .iter()
            .zip(&i.target)
            .take_while(|(a, b)| a == b)
            .count();
        if common >= from.len() || common >= i.target.len() {
            continue; // a module and its own descendant or ancestor
        }
        let shown = src.join(&i.file);
        let shown = shown.strip_prefix(root).unwrap_or(&shown).to_path_buf();
        graph
            .entry(from[..common].to_vec())
            .or_default()
            .entry(from[common].clone())
            .or_default()
            .entry(i.target[common].clone())
            .or_insert_with(|| format!("{}:{}", shown.display(), i.line));
    }
    let mut out = Vec::new();
    for (parent, g) in &graph {
        let parent = if parent.is_empty() {
            "crate".to_string()
        } else {
            parent.join("::")
        };
        for comp in strongly_connected(g) {
            let set: BTreeSet<&String> = comp.iter().collect();
            let mut edges = Vec::new();
            for a in &comp {
                for (b, at) in g.get(a).into_iter().flatten() {
                    if set.contains(b) {
                        edges.push(format!("{a} -> {b} ({at})"));
                    }
                }
            }
            out.push((
                format!("{krate}: {parent}: {}", comp.join(", ")),
                format!("{krate}: {parent}: {}", edges.join(", ")),
            ));
        }
    }
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn all_cycles(root: &Path) -> Vec<(String, String)> {
    members(root)
        .iter()
        .flat_map(|m| cycles(&m.name, &m.src, root))
        .collect()
}

#[test]
fn the_members_are_the_layers() {
    let mut got: Vec<String> = members(&root()).into_iter().map(|m| m.name).collect();
    let mut want: Vec<String> = LAYERS.iter().map(|s| s.to_string()).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn every_crate_depends_only_on_crates_below_it_and_the_engine_on_no_terminal() {
    let found = crate_graph_breaks(&members(&root()));
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_engine_reads_no_clock_environment_or_terminal() {
    let found = ambient_reads(&members(&root()), &root());
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_modules_of_a_parent_form_no_circle() {
    let unknown: Vec<String> = all_cycles(&root())
        .into_iter()
        .filter(|(name, _)| !KNOWN_CYCLES.contains(&name.as_str()))
        .map(|(_, why)| why)
        .collect();
    assert!(unknown.is_empty(), "circles:\n{}", unknown.join("\n"));
}

#[test]
fn every_known_cycle_is_still_one() {
    let now: Vec<String> = all_cycles(&root()).into_iter().map(|(n, _)| n).collect();
    for k in KNOWN_CYCLES {
        assert!(
            now.iter().any(|n| n == k),
            "{k} is no longer a circle: remove it from KNOWN_CYCLES"
        );
    }
}

/// The checks on a fixture workspace that breaks each rule: each break is
/// named, a circle with its files and lines.
#[test]
fn the_checks_catch_an_upward_or_terminal_dependency_a_clock_and_a_circle() {
    let root = root().join("tests/fixtures/architecture");
    let members = members(&root);
    assert_eq!(
        crate_graph_breaks(&members),
        [
            "fleetcheck-data: an engine crate depends on the terminal crate clap",
            "fleetcheck-data: depends on fleetcheck-report, which is not below it",
        ]
    );
    assert_eq!(
        ambient_reads(&members, &root),
        ["crates/data/src/lib.rs:6: std::env"]
    );
    let found: Vec<String> = all_cycles(&root).into_iter().map(|(_, why)| why).collect();
    assert_eq!(
        found,
        ["fleetcheck-data: fleet: candidates -> resolve (crates/data/src/fleet/candidates.rs:3), \
          resolve -> candidates (crates/data/src/fleet/resolve.rs:2)"]
    );
}

#[test]
fn comments_strings_and_lifetimes_are_not_imports() {
    let code = code_only("// use crate::cli;\nlet s = \"crate::cli\"; fn f<'a>(x: &'a str) { 'x' }\n/* crate::cli */ use fleetcheck_input::diag;");
    assert!(!code.contains("cli"), "{code}");
    assert!(code.contains("use fleetcheck_input::diag;"), "{code}");
    assert_eq!(
        expand("crate::{a, b::{c, d}}"),
        ["crate::a", "crate::b::c", "crate::b::d"]
    );
    let m = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    assert_eq!(
        resolve(&m("fleet/read"), "super::super::cost::Modifier"),
        Some(m("cost/Modifier"))
    );
    assert_eq!(resolve(&m("fleet/read"), "std::fmt"), None);
}
