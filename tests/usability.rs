//! Writing a fleet by hand (issue 16): names a player can use, sets by part
//! of their name or product number, the compact `Name (Set)` form, the
//! candidates of an ambiguous name in the order a player looks for them,
//! and equivalent cards resolved with a note.

use crate::support::run;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/usability")
}

fn write(text: &str) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    d
}

/// The eleven-card fleet of the issue, written with plain names and sets,
/// resolves: only the fleet's real problem (over the cap) is reported,
/// with a note naming the admiral used among two that are the same there.
#[test]
fn eleven_cards_by_plain_names_and_sets() {
    let r = run(&dir(), &["check", "eleven.toml"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    insta::assert_snapshot!(r.stdout);
}

/// The Starter Set holds a Klingon and a Federation Photon Torpedoes: the
/// set alone is ambiguous on a Federation ship, and the error lists both,
/// the penalty-free one first, each with its cost there and every set.
#[test]
fn set_alone_is_ambiguous_and_lists_both_with_cost_there() {
    let d = write(
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [{ name = \"Photon Torpedoes\", set = \"Starter\" }]\n",
    );
    let r = run(d.path(), &["check", "f.toml"]);
    assert_eq!(r.code, 2);
    let help: Vec<&str> = r.stdout.lines().filter(|l| l.contains("= help:")).collect();
    assert_eq!(help.len(), 2, "{}", r.stdout);
    assert!(help[0].contains("W122: Photon Torpedoes, a weapon upgrade, Federation, 5 SP on this ship, in Starter Set (71120)"), "{}", help[0]);
    assert!(help[1].contains("W120: Photon Torpedoes, a weapon upgrade, Klingon, 6 SP on this ship with a penalty, in Starter Set (71120)"), "{}", help[1]);
    insta::assert_snapshot!(r.stdout.replace(d.path().to_str().unwrap(), "DIR"));
}

/// A plain name lists every card in the order a player looks for it:
/// Federation (no penalty) cheapest first, reprints once with all sets.
#[test]
fn plain_name_candidates_in_player_order() {
    let d = write(
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Photon Torpedoes\"]\n",
    );
    let r = run(d.path(), &["check", "f.toml"]);
    assert_eq!(r.code, 2);
    let ids: Vec<&str> = r
        .stdout
        .lines()
        .filter_map(|l| l.split("= help: ").nth(1))
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert_eq!(&ids[..5], ["W204", "W118", "W078", "W031", "W058"]);
    assert_eq!(ids.len(), 23);
    // The Starter Set printing (W122) is offered among the sets of W031.
    assert!(r.stdout.contains("W031: Photon Torpedoes, a weapon upgrade, Federation, 5 SP on this ship, in USS Prometheus (71802), Starter Set (71120)"));
}

/// A set by its product number, by its whole name, by a part; a part that
/// matches several sets lists them.
#[test]
fn sets_by_number_name_and_part() {
    for set in ["71120", "Starter Set", "starter", "Starter"] {
        let d = write(&format!(
            "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [{{ name = \"Data\", set = \"{set}\" }}]\n"
        ));
        let r = run(d.path(), &["-o", "json", "check", "f.toml"]);
        assert!(r.stdout.contains("\"C209\""), "{set}: {}", r.stdout);
    }
    let d = write("[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Cloaking Device (Negh'var)\"]\n");
    let r = run(d.path(), &["check", "f.toml"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("= help: \"Negh'var\" names 2 sets: I.K.S. Negh'var (71126), I.K.S. Negh'Var (Repaint) (72251)"), "{}", r.stdout);
}

/// Names several cards share resolve when they are the same on the ship,
/// with a note naming the card used.
#[test]
fn equivalent_cards_resolve_with_a_note() {
    let d = write("[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nadmiral = \"James T. Kirk\"\n");
    let r = run(d.path(), &["check", "f.toml"]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert!(r.stdout.contains("note[equivalent-cards]: 'James T. Kirk' names 2 cards that are the same on the U.S.S. Enterprise-D; used A026 (James T. Kirk (U.S.S. Enterprise (Refit)))"), "{}", r.stdout);
    assert!(r.stdout.contains(
        "= help: A044 would cost the same and be as legal there; write { id = \"A026\" } to say so"
    ));
}
