//! Import and export: every sample of ../shared/reference/interop imports
//! to its documented fleet and total, exports back to the same link, text
//! and squad file, and round trips hold for every example fleet; the Space
//! Dock mapping is the fresh derivation from Space Dock's card data.

use crate::support::{run, TODAY};
use fleetcheck::data::Database;
use fleetcheck::edit::interop::{priced, spacedock, text, utopia, FleetModel};
use fleetcheck::input::diag::Source;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn interop(name: &str) -> PathBuf {
    root().join("../shared/reference/interop").join(name)
}

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

/// The eight samples: (file stem, documented total).
const SAMPLES: &[(&str, i32)] = &[
    ("1-federation-three-ships", 100),
    ("2-klingon-federation-admiral", 99),
    ("3-klingon-sideboard", 94),
    ("4-dominion-flagship", 96),
    ("5-federation-fleet-captain", 96),
    ("6-romulan-generic-birds-of-prey", 97),
    ("7-federation-either-slot", 90),
    ("8-illegal-duplicate-unique", 79),
];

fn source(path: &Path) -> Source {
    Source {
        path: path.display().to_string(),
        text: std::fs::read_to_string(path).unwrap(),
    }
}

fn model(path: &Path) -> FleetModel {
    FleetModel::from_source(db(), &source(path)).expect("the sample reads")
}

/// The total the engine gives a fleet text.
fn total_of(text: &str) -> (i32, Vec<String>) {
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

// The derivation is tooling: compiled with `--features reference` only.
#[cfg(feature = "reference")]
/// The hand corrections of the Space Dock mapping.
fn corrections() -> Vec<spacedock::Correction> {
    let path = root().join("data").join(spacedock::CORRECTIONS_PATH);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    spacedock::parse_corrections(&text).unwrap_or_else(|e| panic!("{e}"))
}

// The derivation is tooling: compiled with `--features reference` only.
#[cfg(feature = "reference")]
#[test]
fn spacedock_mapping_is_fresh() {
    let xml = root().join("../shared/reference/spacedock/Data.xml");
    let text = std::fs::read_to_string(&xml).expect("Space Dock's Data.xml in ../shared");
    let data = spacedock::SpaceDockData::parse(&text);
    assert!(data.records.len() > 1500, "{} records", data.records.len());
    let derived = spacedock::derive(db(), &data, &corrections())
        .unwrap_or_else(|e| panic!("{e}"))
        .to_toml();
    let path = root().join("data").join(spacedock::MAPPING_PATH);
    if std::env::var_os("UPDATE_SPACEDOCK_MAP").is_some() {
        std::fs::write(&path, &derived).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == derived,
        "data/{} is not the fresh derivation; run UPDATE_SPACEDOCK_MAP=1 cargo test spacedock_mapping_is_fresh",
        spacedock::MAPPING_PATH
    );
}

// The derivation is tooling: compiled with `--features reference` only.
#[cfg(feature = "reference")]
#[test]
fn spacedock_corrections_are_checked_against_both_sides() {
    let xml = root().join("../shared/reference/spacedock/Data.xml");
    let text = std::fs::read_to_string(&xml).expect("Space Dock's Data.xml in ../shared");
    let data = spacedock::SpaceDockData::parse(&text);
    let fix = |spacedock: &str, id: Option<&str>, why: &str| spacedock::Correction {
        spacedock: spacedock.into(),
        id: id.map(str::to_string),
        why: why.into(),
    };
    let err = |cs: &[spacedock::Correction]| spacedock::derive(db(), &data, cs).unwrap_err();

    // A correction applies: Space Dock's 1047 (sets 71274 R.I.S. Vo and
    // 72024 R.I.S. Pi, one Tech slot) is our Pi generic S208 by its upgrade
    // bar; a correction may say the Vo generic S277 instead.
    let m = spacedock::derive(db(), &data, &[fix("1047", Some("S277"), "set 71274")]).unwrap();
    let e = m.card.iter().find(|e| e.spacedock == "1047").unwrap();
    assert_eq!(e.id, "S277");
    // One without an id makes a record no card of ours, with its reason.
    let m = spacedock::derive(db(), &data, &[fix("1047", None, "a test reason")]).unwrap();
    assert!(m.card.iter().all(|e| e.spacedock != "1047"));
    let u = m.unmapped.iter().find(|u| u.spacedock == "1047").unwrap();
    assert_eq!((u.kind.as_str(), u.why.as_str()), ("Ship", "a test reason"));

    // Unknown on either side, another type, redundant, twice, no reason.
    assert_eq!(
        err(&[fix("no_such_card_71531", Some("S091"), "x")]),
        "correction for Space Dock id \"no_such_card_71531\": Space Dock's data has no such card"
    );
    assert_eq!(
        err(&[fix("1047", Some("S99999"), "x")]),
        "correction for Space Dock id \"1047\": we have no card \"S99999\""
    );
    assert_eq!(
        err(&[fix("1047", Some("Cap106"), "x")]),
        "correction for Space Dock id \"1047\": Dominion (Cap106) is not a Ship card"
    );
    assert_eq!(
        err(&[fix("u_s_s_enterprise_e_71531", Some("S091"), "x")]),
        "correction for Space Dock id \"u_s_s_enterprise_e_71531\": the rules already map it to U.S.S. Enterprise NCC-1701-E (S091); remove the correction"
    );
    assert_eq!(
        err(&[fix("1047", None, "x"), fix("1047", Some("S277"), "y")]),
        "correction for Space Dock id \"1047\": corrected twice"
    );
    assert_eq!(
        err(&[fix("1047", Some("S277"), " ")]),
        "correction for Space Dock id \"1047\": no `why`"
    );
    // Every error is listed, not only the first.
    assert_eq!(
        err(&[fix("nope", None, "x"), fix("1047", Some("S0"), "x")])
            .lines()
            .count(),
        2
    );
}

// The derivation is tooling: compiled with `--features reference` only.
#[cfg(feature = "reference")]
/// What each derivation rule decides: the count per rule, and every record
/// a rule other than the plain title match maps, with the facts to check it
/// by hand (Space Dock's sets, cost and title; ours).
#[test]
fn spacedock_mapping_rules() {
    let xml = root().join("../shared/reference/spacedock/Data.xml");
    let text = std::fs::read_to_string(&xml).expect("Space Dock's Data.xml in ../shared");
    let data = spacedock::SpaceDockData::parse(&text);
    let derived =
        spacedock::derive_explained(db(), &data, &corrections()).unwrap_or_else(|e| panic!("{e}"));
    let records: std::collections::HashMap<&str, &spacedock::Record> =
        data.records.iter().map(|r| (r.id.as_str(), r)).collect();
    let ids: std::collections::HashMap<&str, &str> = derived
        .mapping
        .card
        .iter()
        .map(|e| (e.spacedock.as_str(), e.id.as_str()))
        .collect();
    let mut counts: std::collections::BTreeMap<spacedock::Rule, usize> = Default::default();
    let mut lines = Vec::new();
    for (sd, rule) in &derived.rules {
        *counts.entry(*rule).or_default() += 1;
        if *rule == spacedock::Rule::Title {
            continue;
        }
        let r = records[sd.as_str()];
        let c = db().by_id(ids[sd.as_str()]).unwrap();
        lines.push(format!(
            "{}: {} {:?} {} {} SP [{}] -> {} {:?} {} SP [{}]",
            rule.as_str(),
            sd,
            r.title,
            if r.kind.is_empty() {
                &r.element
            } else {
                &r.kind
            },
            r.cost,
            r.sets.join(" "),
            c.id,
            c.name,
            c.cost,
            c.sets.join(" ")
        ));
    }
    let mut out: Vec<String> = counts
        .iter()
        .map(|(r, n)| format!("{} {n}", r.as_str()))
        .collect();
    out.push(format!(
        "mapped {}, aliases {}, unmapped {}",
        derived.mapping.card.len(),
        derived.mapping.card.iter().filter(|e| e.alias).count(),
        derived.mapping.unmapped.len()
    ));
    out.push(String::new());
    out.extend(lines);
    insta::assert_snapshot!("spacedock_mapping_rules", out.join("\n"));
}

#[test]
fn utopia_samples_import_to_the_documented_fleet_and_total() {
    for (stem, total) in SAMPLES {
        let link = std::fs::read_to_string(interop(&format!("{stem}.utopia.txt"))).unwrap();
        let v = utopia::parse_input(&link).unwrap();
        let (fleet, problems) = utopia::import(db(), &v);
        assert!(problems.is_empty(), "{stem}: {problems:?}");
        let want = model(&interop(&format!("{stem}.toml")));
        assert_eq!(fleet.cards(), want.cards(), "{stem}");
        let toml = fleet.to_toml(db(), &["imported".into()]);
        let (t, codes) = total_of(&toml);
        assert_eq!(t, *total, "{stem}:\n{toml}");
        let illegal = codes.iter().any(|c| c == "unique");
        assert_eq!(illegal, stem.starts_with('8'), "{stem}: {codes:?}");
    }
}

#[test]
fn utopia_export_of_each_sample_is_utopias_own_link() {
    for (stem, _) in SAMPLES {
        let src = source(&interop(&format!("{stem}.toml")));
        let (link, problems) = priced::with_analysis(db(), &src, &Default::default(), |a| {
            let p = priced::layout(a);
            (utopia::link(&p), p.problems)
        })
        .unwrap();
        assert!(problems.is_empty(), "{stem}: {problems:?}");
        let want = std::fs::read_to_string(interop(&format!("{stem}.utopia.txt"))).unwrap();
        let want = want.lines().next().unwrap().trim();
        if link != want {
            let got =
                String::from_utf8(utopia::base64_decode(link.rsplit_once('#').unwrap().1).unwrap())
                    .unwrap();
            let exp =
                String::from_utf8(utopia::base64_decode(want.rsplit_once('#').unwrap().1).unwrap())
                    .unwrap();
            panic!("{stem}:\n got {got}\nwant {exp}");
        }
    }
}

/// Utopia's text export without its first two lines and its last one, and
/// fleetcheck's without its name and format lines, with the sideboard's
/// costs (which Utopia hides) and total taken out.
fn body(text: &str, utopia: bool) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let lines: Vec<&str> = if utopia {
        lines[2..lines.len() - 1].to_vec()
    } else {
        let start = lines.iter().position(|l| l.is_empty()).unwrap() + 1;
        lines[start..].to_vec()
    };
    let mut out = Vec::new();
    let mut in_resource = false;
    for l in lines {
        if l.starts_with("Resource:") {
            in_resource = true;
        } else if l.is_empty() {
            in_resource = false;
        }
        if l.starts_with("Sideboard Total:") {
            continue;
        }
        if in_resource && l.starts_with("- ") {
            out.push(l.rsplit_once(" [").map_or(l, |(a, _)| a).to_string());
        } else {
            out.push(l.to_string());
        }
    }
    out.join("\n").trim_end().to_string()
}

#[test]
fn text_export_matches_utopias_text_export() {
    for (stem, _) in SAMPLES {
        let src = source(&interop(&format!("{stem}.toml")));
        let text = priced::with_analysis(db(), &src, &Default::default(), |a| {
            text::render(db(), &priced::layout(a))
        })
        .unwrap();
        let want = std::fs::read_to_string(interop(&format!("{stem}.utopia-text.txt"))).unwrap();
        assert_eq!(body(&text, false), body(&want, true), "{stem}:\n{text}");
    }
    let src = source(&interop("3-klingon-sideboard.toml"));
    let text = priced::with_analysis(db(), &src, &Default::default(), |a| {
        text::render(db(), &priced::layout(a))
    })
    .unwrap();
    insta::assert_snapshot!("text_export_sideboard", text);
}

#[test]
fn spacedock_samples_import_to_the_documented_fleet_and_total() {
    let map = spacedock::Mapping::embedded();
    for (stem, total) in SAMPLES {
        let text = std::fs::read_to_string(interop(&format!("{stem}.spacedock"))).unwrap();
        let mut squads = spacedock::import_text(db(), &map, &text).unwrap();
        assert_eq!(squads.len(), 1);
        let (fleet, problems) = squads.remove(0);
        assert!(problems.is_empty(), "{stem}: {problems:?}");
        let want = model(&interop(&format!("{stem}.toml")));
        assert_eq!(fleet.cards(), want.cards(), "{stem}");
        assert_eq!(fleet.name, want.name, "{stem}");
        let toml = fleet.to_toml(db(), &[]);
        assert_eq!(total_of(&toml).0, *total, "{stem}:\n{toml}");
    }
}

#[test]
fn spacedock_export_of_each_sample_is_the_sample() {
    let map = spacedock::Mapping::embedded();
    for (stem, _) in SAMPLES {
        let src = source(&interop(&format!("{stem}.toml")));
        let m = FleetModel::from_source(db(), &src).unwrap();
        let (json, problems) = spacedock::export(db(), &map, &m, &src);
        assert!(problems.is_empty(), "{stem}: {problems:?}");
        let mut got: serde_json::Value = serde_json::from_str(&json).unwrap();
        let mut want: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(interop(&format!("{stem}.spacedock"))).unwrap(),
        )
        .unwrap();
        // The samples' notes describe the sample; the fleet files have none.
        assert_eq!(got["notes"], "");
        got["notes"].take();
        want["notes"].take();
        assert_eq!(got, want, "{stem}:\n{json}");
    }
}

/// Every STAW example fleet of fleets/ and every sample.
fn all_fleets() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("fleets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v.extend(SAMPLES.iter().map(|(s, _)| interop(&format!("{s}.toml"))));
    v
}

#[test]
fn utopia_round_trips_every_example_fleet() {
    for path in all_fleets() {
        let src = source(&path);
        let want = model(&path);
        let (link, problems) = priced::with_analysis(db(), &src, &Default::default(), |a| {
            let p = priced::layout(a);
            (utopia::link(&p), p.problems)
        })
        .unwrap();
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        let (back, problems) = utopia::import(db(), &utopia::parse_input(&link).unwrap());
        assert!(problems.is_empty(), "{}: {problems:?}", path.display());
        assert_eq!(back.cards(), want.cards(), "{}", path.display());
    }
}

#[test]
fn spacedock_round_trips_every_example_fleet() {
    let map = spacedock::Mapping::embedded();
    for path in all_fleets() {
        let src = source(&path);
        let want = model(&path);
        let (json, problems) = spacedock::export(db(), &map, &want, &src);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Cards newer than Space Dock's 2018 data cannot go there: the
        // export names each of them (and the command writes nothing).
        let missing: Vec<&str> = problems
            .iter()
            .map(|p| {
                assert!(
                    p.error && p.message.contains("has no Space Dock id"),
                    "{name}: {p:?}"
                );
                p.message.split_once(" (").unwrap().0
            })
            .collect();
        let expected: &[&str] = match name.as_str() {
            "dominion-keldons.toml" => &["Female Changeling"],
            // K'Mpec the admiral. (The Negh'var's own Photon Torpedoes,
            // W114 of set 71126, are Space Dock's "Photon Torpedoes
            // (Negh'Var Bonus)", 3051.)
            "illegal-over-cap.toml" => &["K'Mpec"],
            _ => &[],
        };
        assert_eq!(missing, expected, "{name}");
        if !missing.is_empty() {
            continue;
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
    }
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures/interop")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn import_utopia_from_a_link_a_file_or_json() {
    let dir = tempfile::tempdir().unwrap();
    let file = interop("2-klingon-federation-admiral.utopia.txt");
    let link = std::fs::read_to_string(&file).unwrap();
    let link = link.lines().next().unwrap();
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
    let shown = outputs[0].replace(&file.display().to_string(), "<sample 2>");
    insta::assert_snapshot!("import_utopia_sample_2", shown);
    // Written to a file, it checks at Utopia's total.
    let r = run(dir.path(), &["import", "utopia", link, "--out", "f.toml"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let c = run(dir.path(), &["check", "f.toml", "-o", "json"]);
    let v: serde_json::Value = serde_json::from_str(&c.stdout).unwrap();
    assert_eq!(v["fleets"][0]["total"], 99);
    // Never over an existing file without --force.
    let r = run(dir.path(), &["import", "utopia", link, "--out", "f.toml"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("already exists"), "{}", r.stderr);
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

#[test]
fn import_spacedock_reports_overrides_and_unmapped_cards() {
    let dir = tempfile::tempdir().unwrap();
    // Space Dock's own test squad: a cost override of Varel to 0 SP.
    let real = interop("romulan_2_ship.spacedock").display().to_string();
    let r = run(dir.path(), &["import", "spacedock", &real]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("the cost of Varel (3039) is overridden to 0 SP in the squad; fleetcheck prices it by the rules instead"),
        "{}",
        r.stderr
    );
    insta::assert_snapshot!(
        "import_spacedock_romulan_2_ship",
        r.stdout.replace(&real, "<romulan_2_ship.spacedock>")
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

#[test]
fn export_commands() {
    let dir = tempfile::tempdir().unwrap();
    let sample = interop("5-federation-fleet-captain.toml")
        .display()
        .to_string();
    let r = run(dir.path(), &["export", &sample, "--to", "utopia"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let want = std::fs::read_to_string(interop("5-federation-fleet-captain.utopia.txt")).unwrap();
    assert_eq!(r.stdout.trim(), want.lines().next().unwrap().trim());
    let r = run(dir.path(), &["export", &sample, "--to", "text"]);
    assert_eq!(r.code, 0);
    insta::assert_snapshot!("export_text_sample_5", r.stdout);
    let r = run(
        dir.path(),
        &[
            "export",
            &sample,
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

/// Utopia links name a card as `<Utopia type>:<id>`: the type written for
/// every card of the database is the one Utopia's own data gives it.
#[test]
fn utopia_type_prefixes_match_utopias_data() {
    let dir = root().join("../shared/reference/staw-utopia");
    let mut types: std::collections::HashMap<String, String> = Default::default();
    for file in [
        "ships",
        "captains",
        "admirals",
        "ambassadors",
        "upgrades",
        "resources",
        "others",
        "starship_construction",
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{file}.json"))).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        for card in v.as_array().unwrap() {
            let ty = card["type"].as_str().unwrap().to_string();
            let ids: Vec<String> = match &card["id"] {
                serde_json::Value::Array(a) => a
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_string))
                    .collect(),
                serde_json::Value::String(s) => vec![s.clone()],
                _ => Vec::new(),
            };
            for id in ids {
                types.insert(id, ty.clone());
            }
        }
    }
    let mut checked = 0;
    for c in &db().cards {
        for id in std::iter::once(&c.id).chain(&c.alias_ids) {
            if let Some(t) = types.get(id) {
                assert_eq!(utopia::utopia_type(c), t, "{} ({id})", c.name);
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked} cards checked");
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
