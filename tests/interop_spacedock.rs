//! Importing Space Dock squads from the command line: cost overrides and
//! unmapped cards reported, newly mapped records read and written back, a
//! list of squads into a directory. (The round trips of every fleet are in
//! `interop`.)

use crate::interop::{db, fixture};
use crate::support::run;
use fleetcheck_edit::interop::spacedock;

#[test]
fn import_spacedock_reports_overrides_and_unmapped_cards() {
    let dir = tempfile::tempdir().unwrap();
    // A squad with a cost override (Interphase Generator, 3040, to 0 SP)
    // and additional points: the override is reported and the card priced
    // by the rules.
    let squad = fixture("override.spacedock");
    let r = run(dir.path(), &["import", "spacedock", &squad]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("the cost of Interphase Generator (3040) is overridden to 0 SP in the squad; fleetcheck prices it by the rules instead"),
        "{}",
        r.stderr
    );
    insta::assert_snapshot!(
        "import_spacedock_override",
        r.stdout.replace(&squad, "<override.spacedock>")
    );
    std::fs::write(dir.path().join("r.toml"), &r.stdout).unwrap();
    let c = run(dir.path(), &["check", "r.toml", "-o", "json"]);
    assert_ne!(c.code, 2, "{}", c.stdout);

    let r = run(
        dir.path(),
        &["import", "spacedock", &fixture("unknown-cards.spacedock")],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("cannot map Space Dock card \"Imaginary Device\" (no_such_card_99999)"),
        "{}",
        r.stderr
    );
    // An id the mapping lacks, with a title that names one ship: imported
    // by title, with a warning.
    assert!(
        r.stderr.contains("\"U.S.S. Nowhere\" (9999)"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.contains("NOT IMPORTED"), "{}", r.stdout);
}

/// (ship, captain, upgrades) of every ship of a check report, by id.
fn report_ids(fleet: &serde_json::Value) -> Vec<(String, Vec<String>)> {
    fleet["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let cards = s["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["id"].as_str().unwrap().to_string())
                .collect();
            (s["ship"]["id"].as_str().unwrap().to_string(), cards)
        })
        .collect()
}

/// (shipId, captain's upgradeId, upgradeIds) of every ship of a squad.
fn squad_ids(json: &str) -> Vec<(String, String, Vec<String>)> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let ups = s["upgrades"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|u| u["upgradeId"].as_str().unwrap().to_string())
                .collect();
            (
                s["shipId"].as_str().unwrap().to_string(),
                s["captain"]["upgradeId"].as_str().unwrap().to_string(),
                ups,
            )
        })
        .collect()
}

#[test]
fn import_spacedock_newly_mapped_cards_and_back() {
    // The Enterprise-E (a title Utopia spells "U.S.S. Enterprise NCC-1701-E"),
    // the Enterprise-D of Space Dock's set 72224p (our 72284p), the Heavy
    // Graviton Beam (our "Heavy Gravition Beam"), the generic captain Space
    // Dock calls "Cardassian" (our "Dominion", Cap106) and a per-slot record
    // of Unremarkable Species (a card that takes no slot).
    let dir = tempfile::tempdir().unwrap();
    let squad = fixture("newly-mapped.spacedock");
    let r = run(dir.path(), &["import", "spacedock", &squad]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
    insta::assert_snapshot!(
        "import_spacedock_newly_mapped",
        r.stdout.replace(&squad, "<newly-mapped.spacedock>")
    );
    std::fs::write(dir.path().join("f.toml"), &r.stdout).unwrap();
    let c = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    assert_eq!(c.code, 0, "{}", c.stdout);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    let f = &v["fleets"][0];
    assert_eq!(
        report_ids(f),
        [
            (
                "S091".to_string(),
                vec!["Cap101".to_string(), "W138".into()]
            ),
            (
                "S256".into(),
                vec!["Cap803".into(), "C266".into(), "T146".into()]
            ),
            ("S190".into(), vec!["Cap106".into(), "Q004".into()]),
        ]
    );
    // 32 + 0 + 4; Picard: ship 28 - 2, himself 5, Yar 4 - 1, Transporter
    // 3 - 1; 17 + 0 + Unremarkable Species 5 (+5 off a Kazon ship, +1
    // faction penalty).
    let ship_totals: Vec<i64> = f["ships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].as_i64().unwrap())
        .collect();
    assert_eq!(ship_totals, [36, 36, 28]);
    assert_eq!(f["total"], 100);
    assert_eq!(f["legal"], true);

    // Export writes the Space Dock ids back: the same records, but our
    // Cap106 is written as Space Dock's "Dominion" (2036, the record with
    // our title; "Cardassian" 2022 is an alias) and Unremarkable Species as
    // Space Dock's first of its four per-slot records.
    let e = run(
        dir.path(),
        &[
            "export",
            "f.toml",
            "--to",
            "spacedock",
            "--out",
            "back.spacedock",
        ],
    );
    assert_eq!(e.code, 0, "{}", e.stderr);
    let back = std::fs::read_to_string(dir.path().join("back.spacedock")).unwrap();
    let s = |x: &str| x.to_string();
    assert_eq!(
        squad_ids(&back),
        [
            (
                s("u_s_s_enterprise_e_71531"),
                s("2003"),
                vec![s("heavy_graviton_beam_72326")]
            ),
            (
                s("u_s_s_enterprise_d_72224p"),
                s("jean_luc_picard_72224p"),
                vec![s("natasha_yar_72224p"), s("transporter_72224p")]
            ),
            (s("1020"), s("2036"), vec![s("unremarkable_species_72018")]),
        ]
    );
    // ... and importing that gives the same fleet.
    let again = run(dir.path(), &["import", "spacedock", "back.spacedock"]);
    assert_eq!(again.code, 0, "{}", again.stderr);
    let body = |o: &str| o.split_once('\n').unwrap().1.to_string();
    assert_eq!(body(&again.stdout), body(&r.stdout));
}

#[test]
fn import_spacedock_card_that_is_no_card_of_ours_fails_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["import", "spacedock", &fixture("not-ours.spacedock")],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let why = "cannot map Space Dock card \"Lursa\" (lursa_72325p, Crew): the crew side of our captain Cap438 Lursa";
    assert!(r.stderr.contains(why), "{}", r.stderr);
    assert!(
        r.stdout.contains(&format!("# NOT IMPORTED: {why}")),
        "{}",
        r.stdout
    );
    // The rest of the squad is imported; the Lursa of the title (our
    // captain Cap438) is not taken for the crew record.
    assert!(
        r.stdout.contains("captain = { id = \"Cap439\" }"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("upgrades"), "{}", r.stdout);

    // Every record the mapping lists as no card of ours fails the same way,
    // with its reason, even where its title names a card of ours.
    let map = spacedock::Mapping::embedded();
    assert_eq!(map.unmapped.len(), 4);
    for u in &map.unmapped {
        let squad = format!(
            r#"{{"ships":[{{"shipId":"1001","shipTitle":"U.S.S. Enterprise-D","captain":{{"upgradeId":{id},"upgradeTitle":{t}}},"upgrades":[{{"upgradeId":{id},"upgradeTitle":{t}}}]}}]}}"#,
            id = serde_json::to_string(&u.spacedock).unwrap(),
            t = serde_json::to_string(&u.title).unwrap()
        );
        let (_, problems) = spacedock::import_text(db(), &map, &squad)
            .unwrap()
            .remove(0);
        let want = format!(
            "cannot map Space Dock card {:?} ({}, {}): {}; not imported",
            u.title, u.spacedock, u.kind, u.why
        );
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems.iter().all(|p| p.error && p.message == want),
            "{problems:?}"
        );
    }
}

#[test]
fn import_spacedock_squads_into_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let squads = fixture("two.spacedocksquads");
    let r = run(dir.path(), &["import", "spacedock", &squads]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("holds 2 squads"), "{}", r.stderr);
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let r = run(
        dir.path(),
        &["import", "spacedock", &squads, "--out", "out"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["federation-three-ships.toml", "romulan-birds-of-prey.toml"]
    );
    let c = run(dir.path(), &["check", "out", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    let totals: Vec<i64> = v["fleets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["total"].as_i64().unwrap())
        .collect();
    assert_eq!(totals, [100, 97]);
}

/// Systems Upgrade (T057), a [tech] card that may fill a [crew] or
/// [weapon] slot, under the sideboard's `crew`: the squad names Space
/// Dock's crew record of it, and the squad imports back with the card
/// under `crew`, the same fleet (it once went out as the [tech] record and
/// came back under `tech`: another fingerprint, or two `tech` keys).
#[test]
fn an_either_slot_card_keeps_its_sideboard_section_through_space_dock() {
    use fleetcheck_edit::interop::FleetModel;
    use fleetcheck_input::diag::Source;
    let text = "resource = \"Reinforcements Sideboard\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\n\
                captain = { id = \"Cap418\" }\n\n[sideboard]\ntech = \"Ion Thrusters\"\n\
                crew = { id = \"T057\" }\n";
    let source = Source {
        path: "f.toml".into(),
        text: text.into(),
    };
    let map = spacedock::Mapping::embedded();
    let want = FleetModel::from_source(db(), &source).unwrap();
    let sections = |m: &FleetModel| m.normalized().sideboard;
    let expected = vec![
        ("crew".to_string(), "T057".to_string()),
        ("tech".to_string(), "T204".to_string()),
    ];
    assert_eq!(sections(&want), expected);
    let (squad, problems) = spacedock::export(db(), &map, &want, &source);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(squad.contains("\"systems_upgrade_c_71998p\""), "{squad}");
    let (back, problems) = spacedock::import_text(db(), &map, &squad)
        .unwrap()
        .remove(0);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(sections(&back), expected);
    assert_eq!(back.cards(), want.cards());
}
