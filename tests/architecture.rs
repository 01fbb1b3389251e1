//! The layers of `ARCHITECTURE.md`, held: every module of `src/` imports
//! only from its own layer or the layers below it, and the modules inside a
//! layer import each other without cycles.
//!
//! The checker reads the source as text (comments and string literals
//! removed), expands every `use` tree and every inline `crate::` path, and
//! resolves `super::` and `self::` against the file's own module. A
//! fixture tree under `tests/fixtures/architecture/` shows that it catches
//! an upward import and a cycle, naming the file and the line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, bottom to top.
pub const LAYERS: &[&str] = &["input", "data", "staw", "games", "report", "edit", "cli"];

/// Cycles between the modules of one layer that are known and not yet
/// untangled, each as its sorted member list. The list may only shrink:
/// a test fails when an entry is no longer a cycle.
const KNOWN_CYCLES: &[&[&str]] = &[];

/// One reference from a file to a module.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Import {
    file: PathBuf,
    line: usize,
    /// The module path referred to, from the crate root.
    target: Vec<String>,
}

/// The module path of a file below `src/`: `staw/cost.rs` is
/// `["staw", "cost"]`, `staw/mod.rs` is `["staw"]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
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

/// Every reference of every `.rs` file below `src`.
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

fn rank(layer: &str) -> Option<usize> {
    LAYERS.iter().position(|l| *l == layer)
}

/// Every import of a layer from a higher one, as "file:line: text".
fn upward(src: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for i in imports(src) {
        let from = module_of(&i.file);
        let (Some(f), Some(t)) = (
            from.first().and_then(|l| rank(l)),
            i.target.first().and_then(|l| rank(l)),
        ) else {
            continue;
        };
        if t > f {
            out.push(format!(
                "src/{}:{}: layer `{}` imports `{}` from the higher layer `{}`",
                i.file.display(),
                i.line,
                LAYERS[f],
                i.target.join("::"),
                LAYERS[t]
            ));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The cycles between the modules of each layer (the second path
/// segment: `staw::cost`, `staw::analysis`, ...), each with the imports
/// that close it, as (sorted members, "layer: a -> b (file:line), ...").
fn cycles(src: &Path) -> Vec<(Vec<String>, String)> {
    // layer -> module -> module -> first place
    let mut graph: BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>> = BTreeMap::new();
    for i in imports(src) {
        let from = module_of(&i.file);
        if from.len() < 2 || i.target.len() < 2 || from[0] != i.target[0] || from[1] == i.target[1]
        {
            continue;
        }
        graph
            .entry(from[0].clone())
            .or_default()
            .entry(from[1].clone())
            .or_default()
            .entry(i.target[1].clone())
            .or_insert_with(|| format!("src/{}:{}", i.file.display(), i.line));
    }
    let mut out = Vec::new();
    for (layer, g) in &graph {
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
            out.push((comp.clone(), format!("{layer}: {}", edges.join(", "))));
        }
    }
    out
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

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_layer_imports_from_a_higher_one() {
    let found = upward(&src());
    assert!(found.is_empty(), "upward imports:\n{}", found.join("\n"));
}

#[test]
fn the_modules_of_a_layer_form_no_cycle() {
    let unknown: Vec<String> = cycles(&src())
        .into_iter()
        .filter(|(members, _)| !KNOWN_CYCLES.iter().any(|k| k.iter().eq(members.iter())))
        .map(|(_, why)| why)
        .collect();
    assert!(unknown.is_empty(), "cycles:\n{}", unknown.join("\n"));
}

#[test]
fn every_known_cycle_is_still_one() {
    let now: Vec<Vec<String>> = cycles(&src()).into_iter().map(|(m, _)| m).collect();
    for k in KNOWN_CYCLES {
        assert!(
            now.iter().any(|m| k.iter().eq(m.iter())),
            "{k:?} is no longer a cycle: remove it from KNOWN_CYCLES"
        );
    }
}

/// Every top-level module of `src/` is a layer (or the crate's entry
/// points), so that nothing escapes the check.
#[test]
fn every_module_belongs_to_a_layer() {
    for e in std::fs::read_dir(src()).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().to_string();
        let module = name.trim_end_matches(".rs");
        assert!(
            rank(module).is_some() || ["lib", "main"].contains(&module),
            "src/{name} is in no layer of ARCHITECTURE.md"
        );
    }
}

/// The checker on a tree that breaks both rules: each break is named with
/// its file and line.
#[test]
fn the_checker_catches_an_upward_import_and_a_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/architecture/src");
    assert_eq!(
        upward(&root),
        [
            "src/data/mod.rs:4: layer `data` imports `report::table` from the higher layer `report`",
            "src/input/mod.rs:7: layer `input` imports `cli::run` from the higher layer `cli`",
        ]
    );
    let found: Vec<String> = cycles(&root).into_iter().map(|(_, why)| why).collect();
    assert_eq!(
        found,
        ["staw: cost -> rules (src/staw/cost.rs:3), rules -> cost (src/staw/rules.rs:2)"]
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
        resolve(&m("staw/cost"), "super::super::input::diag"),
        Some(m("input/diag"))
    );
    assert_eq!(resolve(&m("staw/cost"), "std::fmt"), None);
}

/// ARCHITECTURE.md's table of layers is the list this test enforces.
#[test]
fn architecture_md_names_the_layers_in_order() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap();
    let listed: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("| ")?
                .split(" | `")
                .nth(1)?
                .split('/')
                .next()
        })
        .collect();
    assert_eq!(listed, LAYERS);
}
