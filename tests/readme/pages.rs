//! What every page says of the project itself: the README's main command
//! and size, links, paths, the card database's figures, the bench
//! figures' markers, the tests the pages name.

use super::{headings, page, pages, root};
use std::collections::BTreeMap;
use std::path::Path;

/// The lines of a page outside fenced code, with their numbers.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((n + 1, line));
        }
    }
    out
}

/// The inline code spans of a line.
fn code_spans(line: &str) -> impl Iterator<Item = &str> {
    line.split('`').skip(1).step_by(2)
}

#[test]
fn readme_main_command_names_an_example_fleet_that_exists() {
    let readme = page("README.md");
    let line = readme
        .lines()
        .find(|l| l.starts_with("cargo run --release -- "))
        .expect("the README's main command");
    let path = line
        .trim_start_matches("cargo run --release -- ")
        .split_whitespace()
        .next()
        .unwrap();
    assert!(path.starts_with("fleets/"), "{path}");
    assert!(root().join(path).is_file(), "{path} does not exist");
    assert!(
        readme.lines().any(|l| l.starts_with("cargo test ")),
        "the README's test command"
    );
}

#[test]
fn readme_is_a_front_page_of_at_most_600_lines() {
    let lines = page("README.md").lines().count();
    assert!(lines <= 600, "README.md has {lines} lines");
}

#[test]
fn no_page_sends_a_user_to_shared() {
    for (name, text) in pages() {
        for (n, line) in text.lines().enumerate() {
            // Only the reference tier of the tests reads ../shared.
            assert!(
                !line.contains("shared/"),
                "{name}:{}: a path into shared/: {line}",
                n + 1
            );
        }
    }
}

/// A heading's anchor as GitHub makes it: lower case, spaces as `-`,
/// every character but letters, digits, `-` and `_` left out.
fn anchor(title: &str) -> String {
    title
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(anchor("`fleetcheck data check`"), "fleetcheck-data-check");
    assert_eq!(
        anchor("X-Wing damage decks (`game = \"xwing\"`)"),
        "x-wing-damage-decks-game--xwing"
    );
    assert_eq!(
        anchor("5. Verify in a later round"),
        "5-verify-in-a-later-round"
    );
}

#[test]
fn every_relative_link_points_at_a_file_and_heading_that_exist() {
    let all: BTreeMap<String, String> = pages().into_iter().collect();
    let mut broken = Vec::new();
    for (name, text) in &all {
        let dir = Path::new(name).parent().unwrap_or(Path::new(""));
        for (n, line) in prose(text) {
            for part in line.split("](").skip(1) {
                let Some(target) = part.split(')').next() else {
                    continue;
                };
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let path = if file.is_empty() {
                    Path::new(name).to_path_buf()
                } else {
                    dir.join(file)
                };
                let at = format!("{name}:{n}: ({target})");
                let full = root().join(&path);
                if !full.exists() {
                    broken.push(format!("{at}: no {}", path.display()));
                    continue;
                }
                if fragment.is_empty() {
                    continue;
                }
                let key = path.to_string_lossy().replace("/./", "/");
                let target_text = all
                    .get(&key)
                    .cloned()
                    .unwrap_or_else(|| std::fs::read_to_string(&full).unwrap_or_default());
                if !headings(&target_text)
                    .iter()
                    .any(|(_, h)| anchor(h) == fragment)
                {
                    broken.push(format!("{at}: no heading #{fragment}"));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "broken links:\n  {}",
        broken.join("\n  ")
    );
}

/// The project's own paths the pages name in code (`src/...`,
/// `tests/...`, ...) exist; placeholders (`<game>`, `*`, `...`) are not
/// paths.
#[test]
fn every_project_path_a_page_names_exists() {
    const PREFIXES: &[&str] = &[
        "src/", "tests/", "data/", "fleets/", "bench/", "benches/", "docs/", ".ci/",
    ];
    const FILES: &[&str] = &["Cargo.toml", "build.rs", "ARCHITECTURE.md", "README.md"];
    let mut missing = Vec::new();
    let mut named = 0;
    for (name, text) in pages() {
        for (n, line) in prose(&text) {
            for span in code_spans(line) {
                let is_path = span
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c))
                    && !span.contains("...")
                    && (PREFIXES.iter().any(|p| span.starts_with(p)) || FILES.contains(&span));
                if !is_path {
                    continue;
                }
                named += 1;
                if !root().join(span).exists() {
                    missing.push(format!("{name}:{n}: {span}"));
                }
            }
        }
    }
    assert!(named > 50, "only {named} paths named");
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n  {}",
        missing.join("\n  ")
    );
}

/// A number as the pages write it: `1,423`.
fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The cards of `data/staw/cards` by type: all, and the builder helpers.
fn card_counts() -> (BTreeMap<String, usize>, BTreeMap<String, usize>) {
    fn walk(dir: &Path, all: &mut BTreeMap<String, usize>, helpers: &mut BTreeMap<String, usize>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, all, helpers);
                continue;
            }
            let v: toml::Table = std::fs::read_to_string(&p).unwrap().parse().unwrap();
            for card in v
                .get("card")
                .and_then(|c| c.as_array())
                .into_iter()
                .flatten()
            {
                let kind = card["type"].as_str().unwrap().to_string();
                *all.entry(kind.clone()).or_default() += 1;
                if card.get("helper").and_then(|h| h.as_bool()) == Some(true) {
                    *helpers.entry(kind).or_default() += 1;
                }
            }
        }
    }
    let (mut all, mut helpers) = Default::default();
    walk(&root().join("data/staw/cards"), &mut all, &mut helpers);
    (all, helpers)
}

#[test]
fn data_page_has_the_databases_figures_and_every_unmodeled_tag() {
    let data = page("docs/data.md");
    let readme = page("README.md");
    let coverage: toml::Table = page("data/staw/coverage.toml").parse().unwrap();
    let c = &coverage["coverage"];
    let int = |k: &str| c[k].as_integer().unwrap() as usize;
    let float = |k: &str| c[k].as_float().unwrap();
    let mut want = vec![
        format!(
            "| cards with a restriction or cost phrase | {} | {} ({}%) |",
            int("cards_with_restriction_or_cost_phrases"),
            int("restriction_or_cost_fully_modeled"),
            float("restriction_or_cost_percent")
        ),
        format!(
            "| cards with any fleet-building phrase | {} | {} ({}%) |",
            int("cards_with_rule_phrases"),
            int("fully_modeled"),
            float("percent")
        ),
        format!("The {} builder helpers", int("helpers")),
    ];
    let (all, helpers) = card_counts();
    let n = |k: &str| all.get(k).copied().unwrap_or(0);
    let with_helpers = |k: &str| {
        let h = helpers.get(k).copied().unwrap_or(0);
        format!(
            "{} ({} printed + {h} builder helpers)",
            thousands(n(k)),
            thousands(n(k) - h)
        )
    };
    want.push(format!("| ships | {} |", thousands(n("ship"))));
    want.push(format!("| captains | {} |", with_helpers("captain")));
    want.push(format!("| admirals | {} |", thousands(n("admiral"))));
    want.push(format!("| upgrades | {} |", with_helpers("upgrade")));
    want.push(format!("| resources | {} |", thousands(n("resource"))));
    want.push(format!(
        "| flagships, fleet captains, officers, ship resources, constructions, ambassadors | {}, {}, {}, {}, {}, {} |",
        n("flagship"),
        n("fleet-captain"),
        n("officer"),
        n("ship-resource"),
        n("construction"),
        n("ambassador")
    ));
    let sets: toml::Table = page("data/staw/sets.toml").parse().unwrap();
    want.push(format!(
        "| sets | {} |",
        thousands(sets["set"].as_array().unwrap().len())
    ));
    for tag in fleetcheck_data::unmodeled::TAGS {
        want.push(format!("| `{}` | {} |", tag.name, tag.description));
    }
    let missing: Vec<&String> = want.iter().filter(|w| !data.contains(w.as_str())).collect();
    assert!(
        missing.is_empty(),
        "docs/data.md does not say (data/staw, coverage.toml, the unmodeled tags):\n  {}",
        missing
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n  ")
    );
    let summary = format!(
        "Of the {} cards with a fleet-building rule, {}",
        int("cards_with_rule_phrases"),
        int("fully_modeled")
    );
    assert!(readme.contains(&summary), "README.md: {summary}");
}

/// The figures the bench scripts write stand between their markers, and
/// each script names the markers it writes between.
#[test]
fn bench_figures_stand_between_the_markers_their_scripts_write() {
    for (doc, block, script) in [
        ("docs/performance.md", "run", "bench/run.py"),
        (
            "docs/performance.md",
            "instructions",
            "bench/instructions.py",
        ),
        ("docs/reliability.md", "growth", "bench/growth.py"),
        ("docs/building.md", "build", "bench/build.py"),
        ("docs/building.md", "readme", "bench/build.py"),
    ] {
        let text = page(doc);
        let (start, end) = (
            format!("<!-- bench:{block}:start -->"),
            format!("<!-- bench:{block}:end -->"),
        );
        let s = text
            .find(&start)
            .unwrap_or_else(|| panic!("{doc}: no {start}"));
        let e = text.find(&end).unwrap_or_else(|| panic!("{doc}: no {end}"));
        assert!(s < e, "{doc}: {end} before {start}");
        let between = &text[s + start.len()..e];
        assert!(
            between.lines().any(|l| l.starts_with("| ")),
            "{doc}: no figures between {start} and {end}: run `python3 {script} --write-docs`"
        );
        let code = page(script);
        assert!(
            code.contains(&start) && code.contains(&end),
            "{script} does not say it writes between {start} and {end}"
        );
    }
}

/// A test a page names (`reliability::edits::crlf_...`, a path inside
/// the integration test binary, `tests/main.rs`) exists.
#[test]
fn every_test_a_page_names_exists() {
    let main = page("tests/main.rs");
    let modules: Vec<&str> = main
        .lines()
        .filter_map(|l| l.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    let mut missing = Vec::new();
    let mut named = 0;
    for (name, text) in pages() {
        for (n, line) in prose(&text) {
            for span in code_spans(line) {
                let parts: Vec<&str> = span.split("::").collect();
                if parts.len() < 2
                    || !modules.contains(&parts[0])
                    || !parts.iter().all(|p| {
                        !p.is_empty()
                            && p.chars()
                                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                    })
                {
                    continue;
                }
                named += 1;
                let (function, path) = parts.split_last().unwrap();
                let file = root().join("tests").join(format!("{}.rs", path.join("/")));
                let source = std::fs::read_to_string(&file).unwrap_or_default();
                if !source.contains(&format!("fn {function}(")) {
                    missing.push(format!("{name}:{n}: {span}"));
                }
            }
        }
    }
    assert!(named >= 30, "only {named} tests named");
    assert!(
        missing.is_empty(),
        "tests that do not exist:\n  {}",
        missing.join("\n  ")
    );
}
