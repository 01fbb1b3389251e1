//! `fleetcheck options` answers a player's question (issue 16): the cards
//! that pay no faction penalty there by default, cheapest first;
//! `--any-faction`, `--limit`, `--replace`; an empty answer that says why;
//! the SP left under a per-ship cap; the place named by fields in the
//! JSON; and a question back when the fleet has several ships (issue 15).

use crate::support::run;

fn write(files: &[(&str, &str)]) -> tempfile::TempDir {
    let d = tempfile::tempdir().unwrap();
    for (name, text) in files {
        std::fs::write(d.path().join(name), text).unwrap();
    }
    d
}

/// The Enterprise-D with Picard (Cap049): crew slots free, no tech slot.
const ONE_SHIP: &str = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\n";

/// Two ships: a Romulan captain and crew on a Federation ship, a
/// Federation captain on a Romulan one, and the Defiant's cloak elsewhere
/// (the long modifiers of the issue; `terminal` draws them at 80 columns).
pub const TWO_SHIPS: &str = r#"name = "Two ships"
[[ship]]
ship = "S207"
captain = { id = "Cap643" }
upgrades = [{ id = "C195" }, "Data (Starter Set)"]

[[ship]]
ship = { id = "S198" }
captain = "Jean-Luc Picard (Starter Set)"
upgrades = [{ id = "W119" }, { id = "T240" }]
"#;

fn json(dir: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["options", "-o", "json"];
    all.extend_from_slice(args);
    let r = run(dir, &all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    serde_json::from_str::<serde_json::Value>(&r.stdout).unwrap()["options"].clone()
}

/// Cards without a penalty there, cheapest first, the first three; the
/// count of those left out for their faction penalty; numbers
/// right-aligned.
#[test]
fn penalty_free_cheapest_first_with_a_limit() {
    let d = write(&[("f.toml", ONE_SHIP)]);
    let r = run(
        d.path(),
        &["options", "f.toml", "--slot", "weapon", "--limit", "3"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!(r.stdout);
}

/// `--any-faction` adds the cards that pay a faction penalty there, after
/// the penalty-free ones; `--faction` takes one faction's cards, penalty
/// or not.
#[test]
fn any_faction_widens_and_faction_narrows() {
    let d = write(&[("f.toml", ONE_SHIP)]);
    let own = json(d.path(), &["f.toml", "--slot", "weapon"]);
    let all = json(d.path(), &["f.toml", "--slot", "weapon", "--any-faction"]);
    let hidden = own["with_faction_penalty"].as_u64().unwrap();
    assert!(hidden > 0);
    assert_eq!(
        all["found"].as_u64().unwrap(),
        own["found"].as_u64().unwrap() + hidden
    );
    assert_eq!(all["with_faction_penalty"], 0);
    let opts = all["options"].as_array().unwrap();
    let penalised = |o: &serde_json::Value| {
        o["modifiers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["kind"] == "faction-penalty")
    };
    let first = opts.iter().position(penalised).unwrap();
    assert!(opts[first..].iter().all(penalised));
    let klingon = json(
        d.path(),
        &[
            "f.toml",
            "--slot",
            "weapon",
            "--faction",
            "klingon",
            "--limit",
            "2",
        ],
    );
    let opts = klingon["options"].as_array().unwrap();
    assert_eq!(opts.len(), 2);
    assert!(opts.iter().all(penalised));
    let r = run(
        d.path(),
        &["options", "f.toml", "--faction", "klingon", "--any-faction"],
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("cannot be used with"), "{}", r.stderr);
}

/// With more than one ship, `options` asks which (exit 2, the ships
/// listed); the JSON names the place by fields.
#[test]
fn asks_for_the_ship_and_names_the_place_by_fields() {
    let d = write(&[("f.toml", TWO_SHIPS)]);
    let r = run(d.path(), &["options", "f.toml"]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        "error: f.toml: which ship? the fleet has 2 ships (ship 1 (U.S.S. Enterprise-D), ship 2 (I.R.W. Valdore))\n  help: pass --ship N\n"
    );
    let v = json(
        d.path(),
        &["f.toml", "--ship", "2", "--slot", "crew", "--limit", "1"],
    );
    insta::assert_json_snapshot!(v["at"], @r#"
    {
      "ship": 2,
      "ship_id": "S198",
      "ship_name": "I.R.W. Valdore",
      "slot": "crew"
    }
    "#);
}

/// `--replace CARD`: what could take that card's place (its slot, the
/// fleet without it), the card itself left out.
#[test]
fn replace_lists_what_could_take_a_cards_place() {
    let d = write(&[("f.toml", TWO_SHIPS)]);
    let r = run(
        d.path(),
        &[
            "options",
            "f.toml",
            "--ship",
            "1",
            "--replace",
            "Data",
            "--limit",
            "4",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    insta::assert_snapshot!(r.stdout);
    let v = json(
        d.path(),
        &[
            "f.toml",
            "--ship",
            "1",
            "--replace",
            "C209",
            "--max-cost",
            "3",
        ],
    );
    assert_eq!(v["at"]["replacing"]["id"], "C209");
    assert_eq!(v["at"]["slot"], "crew");
    let opts = v["options"].as_array().unwrap();
    assert!(opts.iter().all(|o| o["id"] != "C209" && o["id"] != "C080"));
    let r = run(
        d.path(),
        &["options", "f.toml", "--ship", "1", "--replace", "Worf"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: f.toml: ship 1 (U.S.S. Enterprise-D) has no card Worf; its cards: Donatra (Cap643), Tactical Officer (C195), Data (C209)\n"
    );
}

/// An empty answer says why: the slot is full, the section is full, the
/// cap is reached.
#[test]
fn an_empty_answer_says_why() {
    let full_cap = "sp_cap = 34\n[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\n";
    let sideboard = r#"resource = "Reinforcements Sideboard"
[[ship]]
ship = "S207"
captain = "Cap049"
[sideboard]
tech = { id = "T240" }
"#;
    let d = write(&[
        ("two.toml", TWO_SHIPS),
        ("cap.toml", full_cap),
        ("sb.toml", sideboard),
    ]);
    let mut out = String::new();
    for args in [
        &["two.toml", "--ship", "1", "--slot", "tech"][..],
        &["two.toml", "--ship", "2", "--slot", "captain"],
        &["cap.toml", "--slot", "admiral"],
        &["sb.toml", "--sideboard", "tech"],
        &[
            "two.toml",
            "--ship",
            "2",
            "--slot",
            "crew",
            "--max-cost",
            "0",
        ],
    ] {
        let mut all = vec!["options"];
        all.extend_from_slice(args);
        let r = run(d.path(), &all);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        out.push_str(&format!(
            "$ fleetcheck options {}\n{}\n",
            args.join(" "),
            r.stdout
        ));
    }
    insta::assert_snapshot!(out);
    let v = json(d.path(), &["sb.toml", "--sideboard", "tech"]);
    assert_eq!(v["why"]["code"], "section-full");
    assert_eq!(v["at"]["section"], "tech");
    let v = json(d.path(), &["cap.toml", "--slot", "admiral"]);
    assert_eq!(v["why"]["code"], "cap-reached");
}

/// In a format with a per-ship cap (tournament-2016: 50 SP a ship), the SP
/// left is the ship's when that is less than the fleet's.
#[test]
fn sp_left_respects_the_per_ship_cap() {
    let t16 = format!("format = \"tournament-2016\"\n{ONE_SHIP}");
    let d = write(&[("f.toml", &t16)]);
    let v = json(d.path(), &["f.toml", "--slot", "crew", "--limit", "1"]);
    let o = &v["options"][0];
    // The Enterprise-D (28) and Picard (Cap049): the ship's 50 SP bind
    // before the fleet's 130.
    let ship_total = 50 - o["left"].as_i64().unwrap();
    assert_eq!(ship_total, o["total"].as_i64().unwrap());
    assert!(o["left"].as_i64().unwrap() < 130 - o["total"].as_i64().unwrap());
}

/// What the language server's completion asks (`Ask::starting`, what is
/// typed): exactly the cards of the whole answer whose name or id starts
/// with it, in the same order, at the same cost (only they are priced).
#[test]
fn cards_starting_with_what_is_typed_are_the_whole_answer_filtered() {
    use fleetcheck_data::normalize;
    use fleetcheck_edit::builder::options::{options, Ask};
    let db = crate::interop::db();
    let source = fleetcheck_input::diag::Source {
        path: "two.toml".into(),
        text: TWO_SHIPS.into(),
    };
    let opts = fleetcheck_staw::CheckOptions::default();
    let ask = Ask {
        ship: Some(1),
        any_faction: true,
        breaking: true,
        ..Ask::default()
    };
    let all = options(db, &source, &opts, &ask).unwrap().options;
    assert!(all.len() > 100, "{}", all.len());
    for typed in ["", "b", "Bo", "tuesday (c", "c4", "W2", "zzz"] {
        let want: Vec<_> = all
            .iter()
            .filter(|c| {
                let t = normalize(typed);
                normalize(&c.name).starts_with(&t) || normalize(&c.id).starts_with(&t)
            })
            .collect();
        let asked = Ask {
            starting: Some(typed.to_string()),
            ..ask.clone()
        };
        let got = options(db, &source, &opts, &asked).unwrap().options;
        assert_eq!(got.iter().collect::<Vec<_>>(), want, "{typed:?}");
    }
}

/// A fleet of more than `MAX_CARDS` cards is refused before any card is
/// tried (each would be priced with the whole fleet), with exit 2 and a
/// message that says why.
#[test]
fn a_fleet_of_too_many_cards_is_refused_before_any_card_is_tried() {
    let max = fleetcheck_edit::builder::options::MAX_CARDS;
    // Ships of two cards each (the ship and its captain), the last one
    // without its captain: one card more than the bound.
    let mut over = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\n".repeat(max / 2);
    over.push_str("[[ship]]\nship = \"S207\"\n");
    let d = write(&[("big.toml", &over)]);
    let r = run(d.path(), &["options", "big.toml", "--ship", "1"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert_eq!(
        r.stderr,
        format!(
            "error: big.toml: the fleet has {} cards; options answers for a fleet of at most {max}\n  help: each card it tries is priced with the whole fleet, so that the answer would take time in proportion to the fleet's size times the cards tried\n",
            max + 1
        )
    );
}
