//! Import and export through the project's own fleets: every example fleet
//! of `fleets/` and every fleet of `tests/fixtures/interop/fleets` exports to
//! a Utopia link, a Space Dock squad and Utopia's text layout, exactly as
//! committed, and imports back to the same cards and total; hand-written
//! Space Dock and Utopia inputs cover what cannot be read. (The interop
//! samples of `../shared`, Space Dock's `Data.xml` and the mapping derived
//! from it are checked by the reference tier, `tests/reference/interop.rs`.)

use crate::support::{run, TODAY};
use fleetcheck::data::Database;
use fleetcheck::edit::interop::{priced, spacedock, text, utopia, FleetModel};
use fleetcheck::input::diag::Source;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

pub(crate) fn source(path: &Path) -> Source {
    Source {
        path: path.display().to_string(),
        text: std::fs::read_to_string(path).unwrap(),
    }
}

pub(crate) fn model(path: &Path) -> FleetModel {
    FleetModel::from_source(db(), &source(path)).expect("the fleet reads")
}

/// The total the engine gives a fleet text.
pub(crate) fn total_of(text: &str) -> (i32, Vec<String>) {
    let opts = fleetcheck::staw::CheckOptions {
        today: TODAY.into(),
        ..Default::default()
    };
    let c = fleetcheck::cli::check::check_source(
        db(),
        Source {
            path: "x.toml".into(),
            text: text.into(),
        },
        &opts,
    );
    let codes = c.diagnostics.iter().map(|d| d.code.clone()).collect();
    (c.report.total.unwrap_or(-1), codes)
}

/// The project's own interop fleets (the same cards as the interop samples
/// of `../shared`, written by the project): (file stem, total worked out by
/// hand).
const OWN: &[(&str, i32)] = &[
    ("1-three-federation-ships", 100),
    ("2-klingon-with-federation-admiral", 99),
    ("3-klingon-reinforcements", 94),
    ("4-keldon-flagship", 96),
    ("5-excelsior-fleet-captain", 96),
    ("6-romulan-generic-starships", 97),
    ("7-either-slot-holograms", 90),
    ("8-illegal-two-mccoys", 79),
];

pub(crate) fn own(stem: &str) -> PathBuf {
    root()
        .join("tests/fixtures/interop/fleets")
        .join(format!("{stem}.toml"))
}

/// Every STAW example fleet of fleets/ and every own interop fleet.
fn all_fleets() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("fleets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v.extend(OWN.iter().map(|(s, _)| own(s)));
    v
}

/// Exports the fleet at `path` to a Utopia link and imports it back: the
/// same cards. Returns the link.
pub(crate) fn utopia_round_trip(path: &Path) -> String {
    let src = source(path);
    let want = model(path);
    let (link, problems) = priced::with_analysis(db(), &src, &Default::default(), |a| {
        let p = priced::layout(a);
        (utopia::link(&p), p.problems)
    })
    .unwrap();
    assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    let (back, problems) = utopia::import(db(), &utopia::parse_input(&link).unwrap());
    assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    assert_eq!(back.cards(), want.cards(), "{}", path.display());
    link
}

/// Exports the fleet at `path` to a Space Dock squad and imports it back:
/// the same cards, name and additional points. `missing` are the cards
/// Space Dock does not have, named by the export (then nothing goes back).
/// Returns the squad, if written.
pub(crate) fn spacedock_round_trip(path: &Path, missing: &[&str]) -> Option<String> {
    let map = spacedock::Mapping::embedded();
    let src = source(path);
    let want = model(path);
    let (json, problems) = spacedock::export(db(), &map, &want, &src);
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let got: Vec<&str> = problems
        .iter()
        .map(|p| {
            assert!(
                p.error && p.message.contains("has no Space Dock id"),
                "{name}: {p:?}"
            );
            p.message.split_once(" (").unwrap().0
        })
        .collect();
    assert_eq!(got, missing, "{name}");
    if !got.is_empty() {
        return None;
    }
    let mut squads = spacedock::import_text(db(), &map, &json).unwrap();
    let (back, problems) = squads.remove(0);
    assert!(problems.is_empty(), "{}: {problems:?}", path.display());
    assert_eq!(back.cards(), want.cards(), "{}", path.display());
    assert_eq!(back.name, want.name.or(back.name.clone()));
    assert_eq!(
        back.additional_points.unwrap_or(0),
        want.additional_points.unwrap_or(0)
    );
    Some(json)
}

#[test]
fn utopia_round_trips_every_example_fleet() {
    for path in all_fleets() {
        utopia_round_trip(&path);
    }
}

#[test]
fn spacedock_round_trips_every_example_fleet() {
    for path in all_fleets() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Cards newer than Space Dock's 2018 data cannot go there: the
        // export names each of them (and the command writes nothing).
        let expected: &[&str] = match name.as_str() {
            "dominion-keldons.toml" => &["Female Changeling"],
            // K'Mpec the admiral. (The Negh'var's own Photon Torpedoes,
            // W114 of set 71126, are Space Dock's "Photon Torpedoes
            // (Negh'Var Bonus)", 3051.)
            "illegal-over-cap.toml" => &["K'Mpec"],
            _ => &[],
        };
        spacedock_round_trip(&path, expected);
    }
}

/// Each own fleet: its Utopia link, Space Dock squad and text export are
/// exactly the committed ones, and each imports back to the fleet's cards
/// at the total worked out by hand (the eighth is illegal: a unique card
/// twice).
#[test]
fn own_fleets_export_exactly_and_import_back_at_their_totals() {
    let map = spacedock::Mapping::embedded();
    let mut links = Vec::new();
    for (stem, total) in OWN {
        let path = own(stem);
        let want = model(&path);
        let link = utopia_round_trip(&path);
        let (fleet, problems) = utopia::import(db(), &utopia::parse_input(&link).unwrap());
        assert!(problems.is_empty(), "{stem}: {problems:?}");
        let (t, codes) = total_of(&fleet.to_toml(db(), &["imported".into()]));
        assert_eq!(t, *total, "{stem}: Utopia link back");
        assert_eq!(
            codes.iter().any(|c| c == "unique"),
            stem.starts_with('8'),
            "{stem}: {codes:?}"
        );
        links.push(format!("{stem}\n{link}"));

        let json = spacedock_round_trip(&path, &[]).expect("every card is in Space Dock");
        let mut squads = spacedock::import_text(db(), &map, &json).unwrap();
        let (fleet, _) = squads.remove(0);
        assert_eq!(fleet.name, want.name, "{stem}");
        assert_eq!(
            total_of(&fleet.to_toml(db(), &[])).0,
            *total,
            "{stem}: squad back"
        );
        insta::assert_snapshot!(format!("own_spacedock_{stem}"), json);

        let src = source(&path);
        let text = priced::with_analysis(db(), &src, &Default::default(), |a| {
            text::render(db(), &priced::layout(a))
        })
        .unwrap();
        insta::assert_snapshot!(format!("own_text_{stem}"), text);
    }
    insta::assert_snapshot!("own_utopia_links", links.join("\n\n"));
}

#[test]
fn import_utopia_from_a_link_a_file_or_json() {
    let dir = tempfile::tempdir().unwrap();
    let fleet = own("2-klingon-with-federation-admiral")
        .display()
        .to_string();
    let r = run(dir.path(), &["export", &fleet, "--to", "utopia"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let link = r.stdout.trim().to_string();
    let file = dir.path().join("fleet.utopia.txt");
    std::fs::write(&file, format!("{link}\n")).unwrap();
    let hash = link.rsplit_once('#').unwrap().1;
    let json = String::from_utf8(utopia::base64_decode(hash).unwrap()).unwrap();
    let mut outputs = Vec::new();
    for input in [
        file.display().to_string(),
        link.to_string(),
        hash.to_string(),
        json,
    ] {
        let r = run(dir.path(), &["import", "utopia", &input]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        outputs.push(r.stdout);
    }
    // The same fleet whatever the form; only the header line says where
    // it came from.
    let body = |o: &String| o.split_once('\n').unwrap().1.to_string();
    assert!(outputs.iter().all(|o| body(o) == body(&outputs[0])));
    assert!(outputs[1].starts_with("# Imported from Utopia (the command line)"));
    let shown = outputs[0].replace(&file.display().to_string(), "<fleet.utopia.txt>");
    insta::assert_snapshot!("import_utopia_own_2", shown);
    // Written to a file, it checks at the same total.
    let r = run(dir.path(), &["import", "utopia", &link, "--out", "f.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let c = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    assert_eq!(v["fleets"][0]["total"], 99);
    // Never over an existing file without --force.
    let r = run(dir.path(), &["import", "utopia", &link, "--out", "f.toml"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("already exists"), "{}", r.stderr);
}

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

#[test]
fn export_commands() {
    let dir = tempfile::tempdir().unwrap();
    let fleet = own("5-excelsior-fleet-captain").display().to_string();
    let r = run(dir.path(), &["export", &fleet, "--to", "utopia"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let link = utopia_round_trip(&own("5-excelsior-fleet-captain"));
    assert_eq!(r.stdout.trim(), link);
    let r = run(dir.path(), &["export", &fleet, "--to", "text"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("export_text_own_5", r.stdout);
    let r = run(
        dir.path(),
        &[
            "export",
            &fleet,
            "--to",
            "spacedock",
            "--out",
            "s.spacedock",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(
        dir.path(),
        &["import", "spacedock", "s.spacedock", "--out", "back.toml"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let c = run(dir.path(), &["check", "back.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    assert_eq!(v["fleets"][0]["total"], 96);
    // A card Space Dock does not have: named, exit 2, nothing written.
    let keldons = root()
        .join("fleets/dominion-keldons.toml")
        .display()
        .to_string();
    let r = run(
        dir.path(),
        &[
            "export",
            &keldons,
            "--to",
            "spacedock",
            "--out",
            "k.spacedock",
        ],
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("Female Changeling (A032) has no Space Dock id"),
        "{}",
        r.stderr
    );
    assert!(!dir.path().join("k.spacedock").exists());
    // A fleet with an input error is shown as check shows it.
    std::fs::write(
        dir.path().join("bad.toml"),
        "[[ship]]\nship = \"No Such Ship\"\n",
    )
    .unwrap();
    let r = run(dir.path(), &["export", "bad.toml", "--to", "text"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown-card"), "{}", r.stderr);
}

pub(crate) fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/interop")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn import_utopia_reports_what_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        dir.path(),
        &["import", "utopia", "https://example.invalid/#%%%"],
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a Utopia link"), "{}", r.stderr);
    let r = run(dir.path(), &["import", "utopia", "{\"ships\": 3}"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no `ships` list"), "{}", r.stderr);
    // An unknown card id is reported and kept as a comment, not dropped.
    let json = r#"{"ships":[{"id":"ship:S207","captain":{"id":"captain:Cap906"},"upgrades":[{"id":"crew:C999999"},{"id":"crew:C209"}]}]}"#;
    let r = run(dir.path(), &["import", "utopia", json]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("unknown Utopia card crew:C999999"),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout
            .contains("# NOT IMPORTED: unknown Utopia card crew:C999999"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("C209"), "{}", r.stdout);
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

/// A malformed Utopia link is an input error that says what is wrong: the
/// hand decoder once read `YWI=garbage` as `ab` and went on.
#[test]
fn a_utopia_link_with_garbage_after_the_padding_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (input, why) in [
        (
            format!("{}#YWI=garbage", utopia::SITE),
            "the base64 after `#` is malformed: padding `=` at position 4 is followed by more text (padding only ends base64)",
        ),
        (
            "YWI*".to_string(),
            "the base64 is malformed: character '*' at position 4 is not base64",
        ),
    ] {
        let r = run(dir.path(), &["import", "utopia", &input]);
        assert_eq!(r.code, 2, "{input}");
        assert_eq!(
            r.stderr,
            format!("error: the command line: not a Utopia link: {why}\n")
        );
        assert_eq!(r.stdout, "");
    }
}
