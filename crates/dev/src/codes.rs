//! The diagnostic code tables of the docs, generated from the registries:
//! the shared input errors (`input::diag::InputCode`), the STAW engine's
//! codes (`staw::Code`) and each game's (`games::<id>::Code`, listed by
//! `games::REGISTRY`). docs/diagnostics.md holds each table between the
//! markers `<!-- codes:ID:start -->` and `<!-- codes:ID:end -->`; a test
//! (`tests/readme/codes.rs`) checks that they are the generated ones.

use fleetcheck_input::diag::{CodeInfo, InputCode};

/// Every registry of diagnostic codes: its id (`input`, `staw`, then each
/// game's) and its codes, in the order the docs list them.
pub fn registries() -> Vec<(&'static str, &'static [CodeInfo])> {
    let mut all = vec![
        ("input", InputCode::TABLE),
        (fleetcheck_staw::GAME, fleetcheck_staw::Code::TABLE),
        ("event", fleetcheck_staw::event::EventCode::TABLE),
    ];
    all.extend(fleetcheck_games::REGISTRY.iter().map(|g| (g.id, g.codes)));
    all
}

/// One registry's table in Markdown. Input errors are all errors: their
/// table has no severity column.
pub fn markdown_table(codes: &[CodeInfo]) -> String {
    let with_severity = codes.iter().any(|c| c.exit_code != 2);
    let mut out = String::new();
    if with_severity {
        out.push_str("| code | severity | meaning |\n|---|---|---|\n");
    } else {
        out.push_str("| code | meaning |\n|---|---|\n");
    }
    for c in codes {
        let meaning = c.meaning.replace('|', "\\|");
        if with_severity {
            let severity = c.severity.as_str();
            out.push_str(&format!("| `{}` | {severity} | {meaning} |\n", c.code));
        } else {
            out.push_str(&format!("| `{}` | {meaning} |\n", c.code));
        }
    }
    out
}

/// Every registry's table, with its id.
pub fn markdown_tables() -> Vec<(&'static str, String)> {
    registries()
        .into_iter()
        .map(|(id, codes)| (id, markdown_table(codes)))
        .collect()
}

/// The start and end markers of a table in a docs page.
pub fn markers(id: &str) -> (String, String) {
    (
        format!("<!-- codes:{id}:start -->\n"),
        format!("<!-- codes:{id}:end -->"),
    )
}

/// `page` with every table between its markers replaced by the generated
/// one; the text outside the markers is kept as it is. An error names the
/// markers that are missing or out of order.
pub fn fill_docs(page: &str) -> Result<String, String> {
    let mut out = page.to_string();
    let mut missing = Vec::new();
    for (id, table) in markdown_tables() {
        let (start, end) = markers(id);
        let Some(s) = out.find(&start) else {
            missing.push(start.trim_end().to_string());
            continue;
        };
        let body = s + start.len();
        let Some(e) = out[body..].find(&end) else {
            missing.push(end);
            continue;
        };
        out.replace_range(body..body + e, &table);
    }
    if missing.is_empty() {
        Ok(out)
    } else {
        Err(format!("the page lacks the markers {}", missing.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_input::diag::Severity;
    use std::collections::HashSet;
    use std::path::Path;

    #[test]
    fn ids_are_unique_kebab_case_and_classes_match() {
        let mut seen = HashSet::new();
        for (registry, codes) in registries() {
            for c in codes {
                assert!(
                    seen.insert(c.code),
                    "{registry}: {} is in two registries",
                    c.code
                );
                assert!(
                    !c.code.is_empty()
                        && c.code
                            .chars()
                            .all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                    "{registry}: {} is not kebab-case",
                    c.code
                );
                assert!(
                    !c.meaning.is_empty(),
                    "{registry}: {} has no meaning",
                    c.code
                );
                let exit = match (registry, c.severity) {
                    ("input", Severity::Error) => 2,
                    ("input", _) => panic!("input code {} is not an error", c.code),
                    (_, Severity::Error) => 1,
                    _ => 0,
                };
                assert_eq!(c.exit_code, exit, "{registry}: {}", c.code);
                // A diagnostic's code is its registry's entry, and prints
                // as the entry's id (one home for the string).
                assert_eq!(c.registry, registry, "{}", c.code);
                let code = fleetcheck_input::diag::Code::of(c);
                assert_eq!(code.info(), c);
                assert_eq!(code.to_string(), c.code);
            }
        }
    }

    /// The source of `dir` (recursively) without its test modules.
    fn source_of(dir: &Path) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(source_of(&p));
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap().to_string();
                out.push((p.display().to_string(), code));
            }
        }
        out
    }

    /// `Code::X` used outside the registry's declaration and the rules'
    /// `codes` lists: a diagnostic of that code is made somewhere.
    fn emitted(sources: &[(String, String)], path: &str, name: &str) -> bool {
        let used = format!("{path}::{name}");
        sources.iter().any(|(_, text)| {
            text.lines().any(|l| {
                !l.trim_start().starts_with("codes: &[")
                    && l.match_indices(&used).any(|(i, _)| {
                        !l[..i].ends_with(|ch: char| ch.is_alphanumeric() || ch == '_')
                    })
            })
        })
    }

    /// The text up to the `}` that closes a brace just opened.
    fn literal_body(after: &str) -> &str {
        let mut depth = 1;
        for (i, ch) in after.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                return &after[..i];
            }
        }
        after
    }

    /// Every code of every registry is emitted somewhere outside tests;
    /// diagnostics are only made from a registry (no `Diagnostic { .. }`
    /// literal outside `input::diag` sets a code or a severity).
    #[test]
    fn every_registered_code_is_emitted_and_every_emitted_code_registered() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let crates = root.join("crates");
        let mut all = source_of(&root.join("src"));
        all.extend(source_of(&crates));
        let mut silent = Vec::new();
        for c in InputCode::ALL {
            if !emitted(&all, "InputCode", &format!("{c:?}")) {
                silent.push(c.to_string());
            }
        }
        let staw = source_of(&crates.join("staw/src"));
        for c in fleetcheck_staw::Code::ALL {
            if !emitted(&staw, "Code", &format!("{c:?}")) {
                silent.push(c.to_string());
            }
        }
        for g in fleetcheck_games::REGISTRY {
            let game = source_of(&crates.join("games/src").join(g.id));
            for c in g.codes {
                let name: String = c
                    .code
                    .split('-')
                    .map(|w| w[..1].to_uppercase() + &w[1..])
                    .collect();
                if !emitted(&game, "Code", &name) {
                    silent.push(format!("{}: {}", g.id, c.code));
                }
            }
        }
        assert!(
            silent.is_empty(),
            "registered codes never emitted: {silent:?}"
        );

        for (path, text) in &all {
            if path.ends_with("diag.rs") {
                continue;
            }
            for (i, m) in text.match_indices("Diagnostic {") {
                // The language server's `lsp::Diagnostic` is the protocol's
                // type, made from ours; it is not a diagnostic of the engine.
                if text[..i].ends_with("lsp::") {
                    continue;
                }
                let body = literal_body(&text[i + m.len()..]);
                assert!(
                    !body.contains("code:") && !body.contains("severity:"),
                    "{path}: a Diagnostic literal sets its code or severity; \
                     make it with Diagnostic::new(Code, ..)"
                );
            }
        }
    }

    #[test]
    fn tables_have_a_row_per_code() {
        let t = markdown_table(InputCode::TABLE);
        // Every input code is an error (exit 2): no severity column.
        assert!(t.starts_with("| code | meaning |\n|---|---|\n| `parse` | TOML syntax error |\n"));
        assert_eq!(t.lines().count(), InputCode::ALL.len() + 2);
        let t = markdown_table(fleetcheck_staw::Code::TABLE);
        assert!(
            t.contains("| `no-captain` | warning | a ship without a captain |\n"),
            "{t}"
        );
    }

    #[test]
    fn fill_docs_replaces_between_markers_only() {
        let mut page = String::from("intro\n");
        for (id, _) in registries() {
            let (s, e) = markers(id);
            page.push_str(&format!("{s}old\n{e}\nafter {id}\n"));
        }
        let filled = fill_docs(&page).unwrap();
        assert!(!filled.contains("old\n"));
        assert!(filled.starts_with("intro\n<!-- codes:input:start -->\n| code | meaning |"));
        assert!(filled.contains("| `op-banned` | error |"));
        assert!(filled.contains("<!-- codes:staw:end -->\nafter staw\n"));
        assert_eq!(fill_docs(&filled).unwrap(), filled);
        let err = fill_docs("no markers").unwrap_err();
        assert!(err.contains("<!-- codes:input:start -->"), "{err}");
    }
}
