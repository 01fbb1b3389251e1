//! The engine on the files of `../shared`: the interop samples' totals
//! worked out by hand, the located input errors and uniqueness clash of the
//! golden corpus, and the never-panics sweep over the corpus.

use super::shared;
use crate::engine::{assert_totals, at, check, codes, message, summary};
use crate::golden::check_file;

#[test]
fn interop_samples_match_the_totals_worked_out_by_hand() {
    let dir = shared("reference/interop");
    let cases: &[(&str, i32, Option<i32>, i32)] = &[
        ("1-federation-three-ships.toml", 100, None, 0),
        ("2-klingon-federation-admiral.toml", 99, None, 0),
        ("3-klingon-sideboard.toml", 94, Some(18), 0),
        ("4-dominion-flagship.toml", 96, None, 0),
        ("5-federation-fleet-captain.toml", 96, None, 0),
        ("6-romulan-generic-birds-of-prey.toml", 97, None, 0),
        ("7-federation-either-slot.toml", 90, None, 0),
        ("8-illegal-duplicate-unique.toml", 79, None, 1),
    ];
    assert_totals(&dir, cases);
}

#[test]
fn corpus_input_errors_and_clashes_are_located() {
    let dir = shared("golden/staw");
    let c = check_file(&dir.join("own-err-toml-syntax.toml"));
    assert_eq!(codes(&c), ["parse"]);
    assert_eq!(at(&c, "parse"), [(8, 31)]);
    assert_eq!(
        message(&c, "parse"),
        "TOML syntax error: invalid basic string, expected `\"`"
    );
    let c = check_file(&dir.join("own-err-unknown-card.toml"));
    assert_eq!(codes(&c), ["unknown-card"]);
    assert_eq!(
        message(&c, "unknown-card"),
        "no captain matches 'Jean-Luc Pickard'"
    );
    assert_eq!(c.diagnostics[0].help, ["did you mean 'Jean-Luc Picard'?"]);
    assert_eq!(at(&c, "unknown-card"), [(7, 11)]);
    let c = check_file(&dir.join("own-unique-captain-and-crew.toml"));
    assert_eq!(codes(&c), ["unique"]);
    assert_eq!(
        message(&c, "unique"),
        "the crew upgrade Data (C209) on ship 2 (U.S.S. Enterprise-D) has the same unique name as the captain Data (Cap430) on ship 1 (U.S.S. Sutherland)"
    );
    assert_eq!(at(&c, "unique"), [(12, 13)]);
    for file in [
        "own-unique-mirror-coexist.toml",
        "own-names-normalised.toml",
    ] {
        let c = check_file(&dir.join(file));
        assert!(c.diagnostics.is_empty(), "{file}: {}", summary(&c));
    }
}

#[test]
fn never_panics_on_the_corpus() {
    let mut n = 0;
    for e in std::fs::read_dir(shared("golden/staw")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "toml") || p.ends_with("expected.toml") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let _ = check(&text);
        let mut cut = 0;
        for line in text.split_inclusive('\n') {
            cut += line.len();
            let _ = check(&text[..cut]);
            let _ = check(&text[..cut.saturating_sub(line.len() / 2)]);
        }
        n += 1;
    }
    assert!(n >= 50, "only {n} fleets in ../shared/golden/staw");
}
