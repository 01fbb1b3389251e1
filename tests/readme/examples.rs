//! Every `console` example of the README and `docs/` runs and prints what
//! the page shows. In a ```` ```console ```` block, a line `$ COMMAND` is
//! run by `sh` (with the built `fleetcheck` first on the `PATH`, today
//! fixed at `support::TODAY`, no colour, no terminal width), and the lines
//! after it, up to the next `$ ` line, are its standard output then its
//! standard error; a line `...` stands for any number of lines. The
//! commands of one page run in order, in one temporary folder holding a
//! copy of `fleets/`; a code block after a line `<!-- file: NAME -->` is
//! written to `NAME` there first. Command lists meant to be read, not run,
//! are ```` ```sh ```` blocks.

use super::{pages, root};
use std::path::Path;

/// One fenced block of a page: its info string, its lines (without the
/// fence's indentation), its first line's number, and the file it is when
/// a `<!-- file: NAME -->` line stands before it.
struct Block {
    info: String,
    lines: Vec<String>,
    line: usize,
    file: Option<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, Block)> = None;
    let mut file = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if open.is_some() && trimmed == "```" {
            out.extend(open.take().map(|(_, b)| b));
            continue;
        }
        match &mut open {
            Some((ind, b)) => {
                let cut = line.len().min(*ind);
                let body = if line[..cut].trim().is_empty() {
                    &line[cut..]
                } else {
                    trimmed
                };
                b.lines.push(body.to_string());
            }
            None if trimmed.starts_with("```") => {
                open = Some((
                    indent,
                    Block {
                        info: trimmed.trim_start_matches('`').trim().to_string(),
                        lines: Vec::new(),
                        line: n + 2,
                        file: file.take(),
                    },
                ));
            }
            None => {
                if let Some(name) = trimmed
                    .strip_prefix("<!-- file:")
                    .and_then(|r| r.strip_suffix("-->"))
                {
                    file = Some(name.trim().to_string());
                } else if !trimmed.is_empty() {
                    file = None;
                }
            }
        }
    }
    out
}

/// Whether `actual` is `expected`, where a line `...` of `expected` stands
/// for any number of lines (trailing spaces and blank lines at the end do
/// not count).
fn matches(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((line, rest)) => {
            actual
                .first()
                .is_some_and(|a| a.trim_end() == line.trim_end())
                && matches(rest, &actual[1..])
        }
    }
}

fn trimmed_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    lines
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// Runs `command` with `sh` in `dir`: its standard output, then its
/// standard error.
fn run(dir: &Path, command: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("fleetcheck");
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("FLEETCHECK_TODAY", crate::support::TODAY)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("COLUMNS")
        .env_remove("GITHUB_STEP_SUMMARY")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// The failures of one page's examples.
fn check_page(name: &str, text: &str) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("fleets"), &dir.path().join("fleets"));
    let mut failures = Vec::new();
    for b in blocks(text) {
        if let Some(file) = &b.file {
            std::fs::write(dir.path().join(file), b.lines.join("\n") + "\n").unwrap();
        }
        if b.info != "console" {
            continue;
        }
        let mut i = 0;
        while i < b.lines.len() {
            let Some(command) = b.lines[i].strip_prefix("$ ") else {
                failures.push(format!(
                    "{name}:{}: a console block's line outside a command: {}",
                    b.line + i,
                    b.lines[i]
                ));
                break;
            };
            let at = b.line + i;
            i += 1;
            let start = i;
            while i < b.lines.len() && !b.lines[i].starts_with("$ ") {
                i += 1;
            }
            let expected: Vec<&str> = b.lines[start..i].iter().map(String::as_str).collect();
            let actual = run(dir.path(), command);
            if !matches(
                &trimmed_lines(&expected.join("\n")),
                &trimmed_lines(&actual),
            ) {
                failures.push(format!(
                    "{name}:{at}: `{command}` printed\n{actual}\n--- where the page shows\n{}\n---",
                    expected.join("\n")
                ));
            }
        }
    }
    failures
}

#[test]
fn every_console_example_prints_what_the_page_shows() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for (name, text) in pages() {
        ran += blocks(&text).iter().filter(|b| b.info == "console").count();
        failures.extend(check_page(&name, &text));
    }
    assert!(ran >= 10, "only {ran} console examples");
    assert!(
        failures.is_empty(),
        "{} example(s) differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_example_matcher_takes_dots_for_any_lines() {
    assert!(matches(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(matches(&["a", "...", "d"], &["a", "d"]));
    assert!(matches(&["...", "b"], &["a", "b"]));
    assert!(!matches(&["a", "...", "d"], &["a", "b"]));
    assert!(!matches(&["a", "b"], &["a", "b", "c"]));
    assert!(matches(&["a  "], &["a"]));
}

#[test]
fn blocks_keep_their_info_indentation_and_file() {
    let text = "intro\n<!-- file: e.toml -->\n```toml\nname = 1\n```\n\n1. step\n\n   ```console\n   $ fleetcheck x\n     indented\n   ```\n";
    let b = blocks(text);
    assert_eq!(b.len(), 2);
    assert_eq!(b[0].info, "toml");
    assert_eq!(b[0].file.as_deref(), Some("e.toml"));
    assert_eq!(b[0].lines, ["name = 1"]);
    assert_eq!(b[1].info, "console");
    assert_eq!(b[1].file, None);
    assert_eq!(b[1].lines, ["$ fleetcheck x", "  indented"]);
}
