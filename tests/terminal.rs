//! A CLI that behaves at the terminal (issue 16): tables that fit 80
//! columns without a column of single letters, the man pages with the
//! sections clap does not write (and all of them at once), completions of
//! the database's values, and a closed pipe that ends quietly.

use crate::support::{fleetcheck, run};
use std::io::Read;
use std::process::Stdio;

use crate::options::TWO_SHIPS as LONG_MODIFIERS;

fn fleet() -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f.toml"), LONG_MODIFIERS).unwrap();
    d
}

/// `COLUMNS=80`: every table line fits, and every word of a cell is whole
/// on one line.
fn at_80(args: &[&str]) -> String {
    let d = fleet();
    let out = fleetcheck(d.path())
        .env("COLUMNS", "80")
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines().filter(|l| l.starts_with(['│', '┌', '└', '╞'])) {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
    text
}

#[test]
fn check_at_80_columns_wraps_between_words_with_short_modifiers() {
    let text = at_80(&["check", "f.toml"]);
    assert!(text.contains("┆ +1 faction      ┆"), "{text}");
    assert!(text.contains("┆ (Romulan on     ┆"), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn price_at_80_columns_keeps_the_long_form() {
    let text = at_80(&["price", "f.toml"]);
    insta::assert_snapshot!(text);
}

/// `options` at 80 columns: its widest column gives way (named under the
/// table) rather than the table run past the width.
#[test]
fn options_at_80_columns_leave_out_what_does_not_fit() {
    let d = tempfile::tempdir().unwrap();
    let fleet =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fleets/dominion-keldons.toml");
    std::fs::copy(fleet, d.path().join("f.toml")).unwrap();
    let out = fleetcheck(d.path())
        .env("COLUMNS", "80")
        .args(["options", "f.toml", "--ship", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
    assert!(
        text.contains(
            "│ Card                  ┆ Faction     ┆ Base ┆ Modifiers      ┆ Cost ┆ SP left │\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("\n(not shown at 80 columns: Type; -o json has all)\n"),
        "{text}"
    );
}

/// Without `COLUMNS` (and no terminal), or with a value that is no width,
/// tables never wrap.
#[test]
fn no_width_no_wrapping() {
    let d = fleet();
    let plain = run(d.path(), &["check", "f.toml"]);
    let odd = fleetcheck(d.path())
        .env("COLUMNS", "wide")
        .args(["check", "f.toml"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(odd.stdout).unwrap(), plain.stdout);
    assert!(plain.stdout.contains("+1 faction (Romulan on Federation)"));
}

#[test]
fn man_page_has_exit_status_environment_files_and_examples() {
    let d = tempfile::tempdir().unwrap();
    let r = run(d.path(), &["man"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ours = &r.stdout[r.stdout.find(".SH \"EXIT STATUS\"").expect("EXIT STATUS")..];
    insta::assert_snapshot!(ours);
    let r = run(d.path(), &["man", "--command", "options"]);
    assert!(r.stdout.contains(".SH \"EXIT STATUS\""));
    assert!(r.stdout.contains(".SH \"ENVIRONMENT\""));
    assert!(r.stdout.ends_with(".SH \"SEE ALSO\"\nfleetcheck(1)\n"));
}

/// `man DIR` writes every page, each the same as the page printed alone,
/// and again over the pages of an earlier run.
#[test]
fn man_dir_writes_every_page() {
    let d = tempfile::tempdir().unwrap();
    for _ in 0..2 {
        let r = run(d.path(), &["man", "pages/man1"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.stdout, "wrote 28 man pages to pages/man1\n");
    }
    let mut names: Vec<String> = std::fs::read_dir(d.path().join("pages/man1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    insta::assert_snapshot!(names.join("\n"));
    for sub in ["check", "options", "man", "completions"] {
        let alone = run(d.path(), &["man", "--command", sub]).stdout;
        let written =
            std::fs::read_to_string(d.path().join(format!("pages/man1/fleetcheck-{sub}.1")))
                .unwrap();
        assert_eq!(written, alone, "{sub}");
    }
    let main = std::fs::read_to_string(d.path().join("pages/man1/fleetcheck.1")).unwrap();
    assert_eq!(main, run(d.path(), &["man"]).stdout);
}

/// The completions offer formats, factions, slot types and card names.
#[test]
fn completions_offer_the_databases_values() {
    let d = tempfile::tempdir().unwrap();
    let bash = run(d.path(), &["completions", "bash"]);
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    // Every list of values but the commands' own and the card names (long).
    let mut lists: Vec<&str> = bash
        .stdout
        .lines()
        .filter_map(|l| l.split_once("_fleetcheck_reply \"")?.1.split_once('"'))
        .map(|(values, _)| values)
        .filter(|v| !v.starts_with('-') && !v.contains("Cloaking\\ Device"))
        .filter(|v| !v.contains("-h --help"))
        .collect();
    lists.sort();
    lists.dedup();
    insta::assert_snapshot!(lists.join("\n"));
    // card, add, remove, options --replace (not X-Wing's damage cards).
    let cards = bash
        .stdout
        .lines()
        .filter(|l| l.contains("Cloaking\\ Device"))
        .count();
    assert_eq!(cards, 4);
    let zsh = run(d.path(), &["completions", "zsh"]).stdout;
    // zsh completes a whole name, its spaces escaped.
    for card in [
        "Cloaking\\ Device",
        " T240 ",
        "Jean-Luc\\ Picard",
        " Cap906 ",
    ] {
        assert!(zsh.contains(card), "zsh completions lack {card}");
    }
    // bash offers whole names, apostrophes and spaces kept and escaped,
    // however the start was typed (escaped, after a quote or bare).
    let script = d.path().join("fleetcheck.bash");
    std::fs::write(&script, &bash.stdout).unwrap();
    for (typed, offered) in [
        (r"V\'L", r"V\'Lar V\'Las"),
        (r#""V'L"#, r"V\'Lar V\'Las"),
        ("V'L", r"V\'Lar V\'Las"),
        (r"Jean-Luc\ P", r"Jean-Luc\ Picard"),
        ("Cloaki", r"Cloaking\ Device"),
        ("Jarok", r"Jarok\'s\ Scout\ Vessel"),
    ] {
        assert_eq!(
            bash_completes(&script, &["card", typed]),
            offered,
            "{typed}"
        );
    }
    assert_eq!(
        bash_completes(&script, &["check", "--format", "tournament-2"]),
        "tournament-2016 tournament-2014"
    );
    // `--data`: the values are that database's.
    let db = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli/db");
    let fixture = run(
        d.path(),
        &["completions", "bash", "--data", db.to_str().unwrap()],
    );
    assert_eq!(fixture.code, 0, "{}", fixture.stderr);
    std::fs::write(&script, &fixture.stdout).unwrap();
    assert_eq!(
        bash_completes(&script, &["card", ""]),
        r"-o -h --output --data --no-color --color --help Benjamin\ Sisko C999 Cap419 Cap639 Cloaking\ Device Fixture\ Officer I.S.S.\ Defiant S084 S180 T078 T233 T240 U.S.S.\ Defiant"
    );
    // Parsing does not depend on them: a name outside the lists is read.
    let r = run(d.path(), &["card", "No Such Card"]);
    assert_eq!(r.code, 2);
    assert!(!r.stderr.contains("possible values"), "{}", r.stderr);
}

/// What bash offers for the last of `words` after `fleetcheck` with the
/// completion `script` loaded: the replies, space-separated.
fn bash_completes(script: &std::path::Path, words: &[&str]) -> String {
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(
            r#"source "$0"; COMP_WORDS=(fleetcheck "$@"); COMP_CWORD=$#;
            _fleetcheck fleetcheck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}";
            echo "${COMPREPLY[*]}""#,
        )
        .arg(script)
        .args(words)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .trim_end()
        .to_string()
}

/// A large output into a pipe closed after a few bytes (`| head -c 100`)
/// ends quietly: nothing on stderr, no panic. (`check` stops at the closed
/// pipe, so its exit code is that of the files checked until then: 0 or
/// 1, never 2 or a panic's 101.)
#[test]
fn a_pipe_closed_early_ends_quietly() {
    let d = tempfile::tempdir().unwrap();
    for i in 0..200 {
        std::fs::write(d.path().join(format!("f{i:03}.toml")), LONG_MODIFIERS).unwrap();
    }
    for (args, code) in [
        (&["check", "."][..], [0, 1]),
        (&["check", ".", "-o", "json"], [0, 1]),
        (&["completions", "bash"], [0, 0]),
        (&["search", "a"], [0, 0]),
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
            .current_dir(d.path())
            .env("FLEETCHECK_TODAY", crate::support::TODAY)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut head = [0u8; 100];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // The read end is closed here, with most of the output unwritten.
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err, "", "{args:?}");
        let got = out.status.code().expect("exited, not killed");
        assert!(code.contains(&got), "{args:?}: exit {got}");
    }
}
