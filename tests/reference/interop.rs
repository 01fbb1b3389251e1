//! Interop against the real reference data of `../shared`: every interop
//! sample imports to its documented fleet and total and exports back to
//! Utopia's own link, text and Space Dock's squad file; round trips hold for
//! every sample; Space Dock's own test squad imports; the Space Dock mapping
//! is the fresh derivation from Space Dock's `Data.xml`; the Utopia type of
//! every card is the one Utopia's data gives it.

use super::{read_shared, shared};
use crate::interop::{
    db, export_every_way, import_utopia_every_form, model, root, source, spacedock_round_trip,
    total_of, utopia_round_trip,
};
use crate::support::run;
use fleetcheck_dev::spacedock as mapping;
use fleetcheck_edit::interop::{priced, spacedock, text, utopia, FleetModel};
use std::path::PathBuf;

fn interop(name: &str) -> PathBuf {
    shared("reference/interop").join(name)
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

/// Space Dock's card data.
fn data_xml() -> String {
    read_shared("reference/spacedock/Data.xml")
}

/// The hand corrections of the Space Dock mapping.
fn corrections() -> Vec<mapping::Correction> {
    let path = root().join("data").join(mapping::CORRECTIONS_PATH);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    mapping::parse_corrections(&text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn spacedock_mapping_is_fresh() {
    let text = data_xml();
    let data = mapping::SpaceDockData::parse(&text);
    assert!(data.records.len() > 1500, "{} records", data.records.len());
    let derived = mapping::derive(db(), &data, &corrections())
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

#[test]
fn spacedock_corrections_are_checked_against_both_sides() {
    let text = data_xml();
    let data = mapping::SpaceDockData::parse(&text);
    let fix = |spacedock: &str, id: Option<&str>, why: &str| mapping::Correction {
        spacedock: spacedock.into(),
        id: id.map(str::to_string),
        why: why.into(),
    };
    let err = |cs: &[mapping::Correction]| mapping::derive(db(), &data, cs).unwrap_err();

    // A correction applies: Space Dock's 1047 (sets 71274 R.I.S. Vo and
    // 72024 R.I.S. Pi, one Tech slot) is our Pi generic S208 by its upgrade
    // bar; a correction may say the Vo generic S277 instead.
    let m = mapping::derive(db(), &data, &[fix("1047", Some("S277"), "set 71274")]).unwrap();
    let e = m.card.iter().find(|e| e.spacedock == "1047").unwrap();
    assert_eq!(e.id, "S277");
    // One without an id makes a record no card of ours, with its reason.
    let m = mapping::derive(db(), &data, &[fix("1047", None, "a test reason")]).unwrap();
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

/// What each derivation rule decides: the count per rule, and every record
/// a rule other than the plain title match maps, with the facts to check it
/// by hand (Space Dock's sets, cost and title; ours).
#[test]
fn spacedock_mapping_rules() {
    let text = data_xml();
    let data = mapping::SpaceDockData::parse(&text);
    let derived =
        mapping::derive_explained(db(), &data, &corrections()).unwrap_or_else(|e| panic!("{e}"));
    let records: std::collections::HashMap<&str, &mapping::Record> =
        data.records.iter().map(|r| (r.id.as_str(), r)).collect();
    let ids: std::collections::HashMap<&str, &str> = derived
        .mapping
        .card
        .iter()
        .map(|e| (e.spacedock.as_str(), e.id.as_str()))
        .collect();
    let mut counts: std::collections::BTreeMap<mapping::Rule, usize> = Default::default();
    let mut lines = Vec::new();
    for (sd, rule) in &derived.rules {
        *counts.entry(*rule).or_default() += 1;
        if *rule == mapping::Rule::Title {
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

/// A line of fleetcheck's text export without what tells printings apart,
/// which Utopia's export does not write: a ` (SET NAME)` or ` (CARD ID)`
/// after a name (`Benjamin Sisko (U.S.S. Defiant) 6 (Captain) [4]`, `U.S.S.
/// Reliant (U.S.S. Reliant) (S202) [20]`).
fn without_printings(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(" (") {
        // The group's own closing parenthesis: a set's name may hold a
        // pair (`U.S.S. Enterprise (Refit)`).
        let mut depth = 0;
        let Some(len) = rest[at + 2..].char_indices().find_map(|(i, c)| match c {
            '(' => {
                depth += 1;
                None
            }
            ')' if depth == 0 => Some(i),
            ')' => {
                depth -= 1;
                None
            }
            _ => None,
        }) else {
            break;
        };
        let group = &rest[at + 2..at + 2 + len];
        let printing = db().sets.iter().any(|s| s.name == group) || db().by_id(group).is_some();
        out.push_str(&rest[..at]);
        if !printing {
            out.push_str(&rest[at..at + 3 + len]);
        }
        rest = &rest[at + 3 + len..];
    }
    out.push_str(rest);
    out
}

/// Utopia's text export without its first two lines and its last one, and
/// fleetcheck's without its name and format lines and without what tells
/// printings apart ([`without_printings`]: the round trip back through
/// `import text` needs it, Utopia does not write it), with the sideboard's
/// costs (which Utopia hides) and total taken out.
fn body(text: &str, utopia: bool) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let lines: Vec<&str> = if utopia {
        lines[2..lines.len() - 1].to_vec()
    } else {
        let start = lines.iter().position(|l| l.is_empty()).unwrap() + 1;
        lines[start..].to_vec()
    };
    let lines: Vec<String> = if utopia {
        lines.iter().map(|l| l.to_string()).collect()
    } else {
        lines.iter().map(|l| without_printings(l)).collect()
    };
    let mut out = Vec::new();
    let mut in_resource = false;
    for l in lines.iter().map(String::as_str) {
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

#[test]
fn import_utopia_from_a_link_a_file_or_json() {
    let file = interop("2-klingon-federation-admiral.utopia.txt");
    let link = std::fs::read_to_string(&file).unwrap();
    let link = link.lines().next().unwrap();
    let shown = import_utopia_every_form(&file, link, "<sample 2>", 99);
    insta::assert_snapshot!("import_utopia_sample_2", shown);
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

    // Unknown cards: the first tier's
    // `import_spacedock_reports_overrides_and_unmapped_cards` (the
    // project's own fixture).
}

/// The export commands on sample 5 (Space Dock's missing cards and input
/// errors: the first tier's `export_commands`).
#[test]
fn export_commands() {
    let sample = interop("5-federation-fleet-captain.toml");
    let want = std::fs::read_to_string(interop("5-federation-fleet-captain.utopia.txt")).unwrap();
    let link = want.lines().next().unwrap().trim();
    insta::assert_snapshot!("export_text_sample_5", export_every_way(&sample, link, 96));
}

/// Utopia links name a card as `<Utopia type>:<id>`: the type written for
/// every card of the database is the one Utopia's own data gives it, but
/// for the two `tech` cards Utopia's card rules (`utopia-card-rules.js`,
/// not in `../shared`) make `question` cards, as every card that may fill
/// either of several slots is: written `tech:T053`, Utopia's loader finds
/// no card and drops it.
#[test]
fn utopia_type_prefixes_match_utopias_data() {
    let dir = shared("reference/staw-utopia");
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
    for id in ["T053", "T057"] {
        assert_eq!(types[id], "tech");
        types.insert(id.to_string(), "question".into());
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
    let question = |id: &str| utopia::utopia_type(db().by_id(id).unwrap());
    assert_eq!(
        (question("T053"), question("T057")),
        ("question", "question")
    );
    assert!(checked > 2000, "{checked} cards checked");
}

#[test]
fn round_trips_hold_for_every_sample() {
    for (stem, _) in SAMPLES {
        let path = interop(&format!("{stem}.toml"));
        utopia_round_trip(&path);
        spacedock_round_trip(&path, &[]);
    }
}

/// Utopia's own text export of each sample (no set names) imports to the
/// sample's fleet: the same names at the same costs on each ship, the same
/// totals and verdict, nothing left unread or for `fix`, no cost other than
/// Utopia prints.
#[test]
fn utopia_text_samples_import_to_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    for (stem, _) in SAMPLES {
        let text = interop(&format!("{stem}.utopia-text.txt"));
        let text = text.display().to_string();
        let r = run(
            dir.path(),
            &["import", "text", &text, "--out", "back.toml", "--force"],
        );
        assert_eq!(r.code, 0, "{stem}: {}", r.stderr);
        // Every cost Utopia prints is the one fleetcheck gives.
        assert_eq!(r.stderr.lines().count(), 1, "{stem}: {}", r.stderr);
        let sample = interop(&format!("{stem}.toml")).display().to_string();
        // Utopia's text has no fleet name: all but the name line.
        let seen = |file: &str| {
            let s = crate::interop_text::seen(dir.path(), file, false);
            s.split_once(" legal=").unwrap().1.to_string()
        };
        assert_eq!(
            seen("back.toml"),
            seen(&sample),
            "{stem}:\n{}",
            std::fs::read_to_string(dir.path().join("back.toml")).unwrap()
        );
    }
}
