//! The printable build sheet: its HTML, and a real browser printing it.
//! The browser test prints the sheet of a four-ship fleet with headless
//! Chromium to PDF (A4 and Letter), and checks with poppler's `pdfinfo` and
//! `pdftotext` that it is one page holding every card. It needs those
//! programs, so it is `#[ignore]`d in the plain `cargo test`; `.ci/run`
//! installs Debian's `chromium` and `poppler-utils` and runs it with
//! `cargo test the_sheet_prints -- --ignored`, where it fails, never skips,
//! when either is missing.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

use crate::support::TODAY;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fleetcheck(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("fleetcheck")
        .unwrap()
        .env_remove("FLEETCHECK_COLLECTION")
        .current_dir(dir)
        .env("FLEETCHECK_TODAY", TODAY)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn four_ships() -> String {
    root()
        .join("tests/fixtures/interop/four-ships.toml")
        .display()
        .to_string()
}

#[test]
fn sheet_html_holds_fields_cards_totals_and_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let sample = root()
        .join("tests/fixtures/interop/fleets/3-klingon-reinforcements.toml")
        .display()
        .to_string();
    let (code, html, err) = fleetcheck(
        dir.path(),
        &[
            "export",
            &sample,
            "--to",
            "sheet",
            "--player",
            "Jane <Doe>",
            "--event",
            "Regional",
        ],
    );
    assert_eq!(code, 0, "{err}");
    // User text is escaped; the date is left blank to fill in by hand.
    assert!(html.contains("<b>Player</b>Jane &lt;Doe&gt;</div>"));
    assert!(html.contains("<b>Date</b></div>"));
    assert!(html.contains("@page { size: A4; margin: 10mm; }"));
    insta::assert_snapshot!("sheet_own_3", html);
    let (code, html, _) = fleetcheck(
        dir.path(),
        &["export", &sample, "--to", "sheet", "--paper", "letter"],
    );
    assert_eq!(code, 0);
    assert!(html.contains("@page { size: letter; margin: 10mm; }"));
}

#[test]
fn an_illegal_fleet_states_its_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let (code, html, err) = fleetcheck(dir.path(), &["export", &four_ships(), "--to", "sheet"]);
    // An illegal fleet is still written, with a warning and exit code 1.
    assert_eq!(code, 1);
    assert!(err.starts_with("warning: "), "{err}");
    assert!(
        err.contains("four-ships.toml breaks 2 rules (see `fleetcheck check ")
            && err.ends_with("); exported as it is\n"),
        "{err}"
    );
    assert!(
        html.contains("Verdict: ILLEGAL (resource-retired, sp-cap)"),
        "{html}"
    );
    assert!(html.contains("Fleet total: 144 SP of 130 SP"));
}

/// Collapses whitespace, for comparing text that the PDF may wrap.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether the words of `phrase` stand in `text` in order, with at most
/// two other words among them (a table cell that wraps beside another).
fn words_in_order(text: &str, phrase: &str) -> bool {
    let text: Vec<&str> = text.split_whitespace().collect();
    let want: Vec<&str> = phrase.split_whitespace().collect();
    (0..text.len()).any(|start| {
        let mut k = 0;
        let mut others = 0;
        for w in &text[start..] {
            if *w == want[k] {
                k += 1;
                if k == want.len() {
                    return true;
                }
            } else if k == 0 {
                return false;
            } else {
                others += 1;
                if others > 2 {
                    return false;
                }
            }
        }
        false
    })
}

#[test]
#[ignore = "needs chromium and pdftotext: run with --ignored"]
fn the_sheet_prints_on_one_page_in_a_real_browser() {
    // Fails, saying what to install, when Chromium or poppler is missing.
    crate::support::chromium();
    let dir = tempfile::tempdir().unwrap();
    // Every card of the fleet, from the engine's own report.
    let (_, json, _) = fleetcheck(dir.path(), &["check", &four_ships(), "-o", "json"]);
    let v = crate::support::assert_valid_json(&json);
    let f = &v["fleets"][0];
    // Each as the sheet names it: its name, the set of its printing (the
    // first released, from `card -o json`: "Starter Set and 2 more"), its id.
    let named = |name: &serde_json::Value, id: &serde_json::Value| {
        let id = id.as_str().unwrap();
        let (_, card, _) = fleetcheck(dir.path(), &["card", id, "-o", "json"]);
        let card = crate::support::assert_valid_json(&card);
        let mut sets: Vec<(String, String)> = card["card"]["set_details"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["release_date"].as_str().unwrap().to_string(),
                    s["name"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        sets.sort();
        let set = match sets.len() {
            1 => sets[0].1.clone(),
            n => format!("{} and {} more", sets[0].1, n - 1),
        };
        (
            format!("{} ({set})", name.as_str().unwrap()),
            id.to_string(),
        )
    };
    let mut cards: Vec<(String, String)> = Vec::new();
    for s in f["ships"].as_array().unwrap() {
        cards.push(named(&s["ship"]["name"], &s["ship"]["id"]));
        cards.extend(
            s["cards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| named(&c["name"], &c["id"])),
        );
    }
    cards.extend(
        f["sideboard"]["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| named(&c["name"], &c["id"])),
    );
    cards.push(named(&f["resource"]["name"], &f["resource"]["id"]));
    assert_eq!(f["ships"].as_array().unwrap().len(), 4);
    for paper in ["a4", "letter"] {
        let html = dir.path().join(format!("sheet-{paper}.html"));
        let pdf = dir.path().join(format!("sheet-{paper}.pdf"));
        let (code, _, err) = fleetcheck(
            dir.path(),
            &[
                "export",
                &four_ships(),
                "--to",
                "sheet",
                "--paper",
                paper,
                "--player",
                "Jane Doe",
                "--event",
                "Regional 2025",
                "--date",
                "2025-06-01",
                "-O",
                html.to_str().unwrap(),
            ],
        );
        assert_eq!(code, 1, "an illegal fleet: {err}");
        let profile = dir.path().join(format!("profile-{paper}"));
        let info = crate::support::print_to_pdf(&html, &pdf, &profile);
        let pages = crate::support::pdf_pages(&info);
        assert_eq!(pages, Some(1), "{paper}: {info}");
        // pdfinfo names the paper: "Page size: 594.96 x 841.92 pts (A4)".
        let size = if paper == "a4" { "(A4)" } else { "(letter)" };
        let line = info
            .lines()
            .find(|l| l.starts_with("Page size:"))
            .unwrap_or("");
        assert!(line.ends_with(size), "{paper}: {info}");
        let text = std::process::Command::new("pdftotext")
            .arg("-layout")
            .arg(&pdf)
            .arg("-")
            .output()
            .expect("pdftotext runs");
        // Line by line, whitespace collapsed: a row of the sheet is one line
        // (two ship boxes side by side share it).
        let text: String = String::from_utf8(text.stdout)
            .unwrap()
            .lines()
            .map(squash)
            .collect::<Vec<_>>()
            .join("\n");
        // In reading order (without -layout), whitespace collapsed: each
        // card's name and set (a cell that wraps may take the type of its
        // row between two lines), and its id.
        let reading = std::process::Command::new("pdftotext")
            .arg(&pdf)
            .arg("-")
            .output()
            .expect("pdftotext runs");
        let reading = squash(&String::from_utf8(reading.stdout).unwrap());
        for (name, id) in &cards {
            assert!(
                words_in_order(&reading, name),
                "{paper}: {name} missing from\n{reading}"
            );
            assert!(
                reading.contains(&format!(" {id} ")),
                "{paper}: {id} missing from\n{reading}"
            );
        }
        for field in [
            "Jane Doe",
            "Regional 2025",
            "2025-06-01",
            "Ship total 40",
            "Ship total 34",
            "Fleet total: 144 SP of 130 SP",
            "Verdict: ILLEGAL",
        ] {
            assert!(
                text.contains(field),
                "{paper}: {field} missing from\n{text}"
            );
        }
    }
}
