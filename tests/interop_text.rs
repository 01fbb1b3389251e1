//! `import text` reads back what `export --to text` writes, for every
//! example fleet of `fleets/` (and the interop fixtures): with set names (`--sets`) to the same cards
//! (reprints are one card); without, too (a card whose name another card
//! has is written with its set, and its id where the set does not tell it
//! apart; `invariants::round_trip` holds the fingerprint). Every line it
//! cannot read is reported with its number.

use crate::interop::{db, example_fleets, root};
use crate::support::run;
use std::path::Path;

/// The first printing of a card (reprints are one card to the rules).
fn printing(id: &str) -> String {
    let c = db().by_id(id).unwrap();
    db().by_name(&c.name)
        .into_iter()
        .find(|o| o.is_reprint_of(c))
        .map_or(id.to_string(), |o| o.id.clone())
}

/// A fleet as `check` reports it: its name, verdict and total, and each
/// ship's and the sideboard's cards with their costs there, by first
/// printing (`exact`) or by name and type.
pub(crate) fn seen(dir: &Path, file: &str, exact: bool) -> String {
    let r = run(dir, &["check", file, "-o", "json"]);
    assert_ne!(r.code, 2, "{file}: {}", r.stdout);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let f = &v["fleets"][0];
    let card = |c: &serde_json::Value| {
        let who = if exact {
            printing(c["id"].as_str().unwrap())
        } else {
            format!(
                "{} ({})",
                c["name"].as_str().unwrap(),
                c["type"].as_str().unwrap()
            )
        };
        format!("{who} {}", c["cost"])
    };
    let mut out = vec![format!(
        "{} legal={} total={}",
        f["name"], f["legal"], f["total"]
    )];
    for s in f["ships"].as_array().unwrap() {
        let ship = if exact {
            printing(s["ship"]["id"].as_str().unwrap())
        } else {
            s["ship"]["name"].as_str().unwrap().to_string()
        };
        let mut cards: Vec<String> = s["cards"].as_array().unwrap().iter().map(card).collect();
        cards.sort();
        out.push(format!("{ship} {} [{}]", s["total"], cards.join(", ")));
    }
    if let Some(sb) = f["sideboard"].as_object() {
        let mut cards: Vec<String> = sb["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| format!("{}: {}", c["section"], card(c)))
            .collect();
        cards.sort();
        out.push(format!("sideboard {} [{}]", sb["total"], cards.join(", ")));
    }
    out.join("\n")
}

#[test]
fn import_text_reads_back_the_text_export_of_every_example_fleet() {
    let dir = tempfile::tempdir().unwrap();
    let fleets = example_fleets();
    assert!(fleets.len() >= 10, "{fleets:?}");
    // And the project's own interop fleets (officers, fleet captains, a
    // sideboard, either-slot cards, an illegal one).
    let mut own = Vec::new();
    for dir in ["fleets", "layout"] {
        own.extend(
            std::fs::read_dir(root().join("tests/fixtures/interop").join(dir))
                .unwrap()
                .map(|e| e.unwrap().path()),
        );
    }
    own.sort();
    for path in fleets.into_iter().chain(own) {
        let name = path.display().to_string();
        for sets in [true, false] {
            let mut args = vec!["export", name.as_str(), "--to", "text"];
            if sets {
                args.push("--sets");
            }
            let r = run(dir.path(), &args);
            assert_ne!(r.code, 2, "{name}: {}", r.stderr);
            std::fs::write(dir.path().join("list.txt"), &r.stdout).unwrap();
            let back = run(
                dir.path(),
                &[
                    "import",
                    "text",
                    "list.txt",
                    "--out",
                    "back.toml",
                    "--force",
                ],
            );
            // Nothing unread, nothing left for `fix`, every cost as printed.
            assert_eq!(
                back.code, 0,
                "{name} (sets: {sets}):\n{}\n{}",
                back.stderr, r.stdout
            );
            assert!(
                back.stderr.starts_with("wrote back.toml: ") && back.stderr.lines().count() == 1,
                "{name} (sets: {sets}):\n{}",
                back.stderr
            );
            assert_eq!(
                seen(dir.path(), "back.toml", sets),
                seen(dir.path(), &name, sets),
                "{name} (sets: {sets}):\n{}",
                std::fs::read_to_string(dir.path().join("back.toml")).unwrap()
            );
        }
    }
}

/// Every line that cannot be read or resolved is reported with its number
/// and kept in the file as a comment; a name cards share that differ there
/// is left for `fix`; a name cards share that are the same there is taken,
/// and the file says so.
#[test]
fn import_text_reports_every_line_it_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("list.txt"),
        "My list\n\
         U.S.S. Reliant [20]\n\
         - Clark Terrell 2 (Captain) [1]\n\
         - Jean-Luc Picard 9 (Captain) [6]\n\
         - Photon Torpedoes\n\
         - Nonsense Card [2]\n\
         -\n\
         Resource: Reinforcements Sideboard [10]\n\
         - Kira Nerys 3 (Captain)\n\
         - Feint\n\
         - Attack Pattern Omega\n",
    )
    .unwrap();
    let r = run(dir.path(), &["import", "text", "list.txt"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: list.txt:4: 'Jean-Luc Picard' is a second captain under one ship; not imported\n\
         note: list.txt:5: 'Photon Torpedoes' names 23 different cards that fit as an upgrade; pick one by its id (left for `fleetcheck fix`)\n\
         error: list.txt:6: no upgrade matches 'Nonsense Card'\n\
         error: list.txt:7: cannot read '-'\n\
         error: list.txt:11: 'Attack Pattern Omega': no free sideboard section fits it\n"
    );
    insta::assert_snapshot!(r.stdout);
}

/// `import` says what it wrote, creates the `--out` directory when needed,
/// names a file in `--out DIR` after the fleet, and never writes over a
/// file without `--force`.
#[test]
fn import_says_what_it_wrote_and_creates_the_out_directory() {
    let dir = tempfile::tempdir().unwrap();
    let fleet = root().join("fleets/klingon-sideboard.toml");
    let r = run(
        dir.path(),
        &[
            "export",
            &fleet.display().to_string(),
            "--to",
            "text",
            "--out",
            "list.txt",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(
        dir.path(),
        &["import", "text", "list.txt", "--out", "new/dir/"],
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, ""));
    assert_eq!(
        r.stderr,
        "wrote new/dir/klingon-strike-with-a-sideboard.toml: 2 ships, 94 SP, legal\n"
    );
    let r = run(
        dir.path(),
        &["import", "text", "list.txt", "-O", "other/f.toml"],
    );
    assert_eq!(r.code, 0);
    assert_eq!(r.stderr, "wrote other/f.toml: 2 ships, 94 SP, legal\n");
    let r = run(
        dir.path(),
        &["import", "text", "list.txt", "-O", "other/f.toml"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: other/f.toml already exists; pass --force to overwrite it\n"
    );
    let r = run(
        dir.path(),
        &[
            "import",
            "text",
            "list.txt",
            "-O",
            "other/f.toml",
            "--force",
        ],
    );
    assert_eq!(r.code, 0);
    assert_eq!(r.stderr, "wrote other/f.toml: 2 ships, 94 SP, legal\n");
    // Several Space Dock squads into a directory that does not exist yet.
    let squads = crate::interop::fixture("two.spacedocksquads");
    let r = run(
        dir.path(),
        &["import", "spacedock", &squads, "--out", "squads"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "wrote squads/federation-three-ships.toml: 3 ships, 100 SP, legal\n\
         wrote squads/romulan-birds-of-prey.toml: 4 ships, 97 SP, legal\n"
    );
    // A list with input errors is written, and the summary says so.
    std::fs::write(
        dir.path().join("bad.txt"),
        "U.S.S. Reliant [20]\n- Nonsense Card\n",
    )
    .unwrap();
    let r = run(
        dir.path(),
        &["import", "text", "bad.txt", "-O", "bad/b.toml"],
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: bad.txt:2: no upgrade matches 'Nonsense Card'\n\
         wrote bad/b.toml: 1 ship, input errors (see `fleetcheck check bad/b.toml`; `fleetcheck fix` settles ambiguous names)\n"
    );
}

/// A cost the list prints that the fleet does not give (the other builder
/// prices it otherwise, or the list is wrong) is a warning with its line:
/// the card is read.
#[test]
fn import_text_warns_of_costs_the_fleet_does_not_give() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("list.txt"),
        "U.S.S. Reliant [20]\n- Clark Terrell 2 (Captain) [3]\nShip Total: 30 SP\n",
    )
    .unwrap();
    let r = run(dir.path(), &["import", "text", "list.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "warning: list.txt:1: ship 1 ('U.S.S. Reliant') totals 21 SP; the list says 30 SP\n\
         warning: list.txt:2: 'Clark Terrell' costs 1 SP there; the list says 3 SP\n"
    );
    assert!(
        r.stdout.contains("captain = \"Clark Terrell\"\n"),
        "{}",
        r.stdout
    );
}

/// A list so long that settling every shared name would price the fleet
/// too often is settled as far as the bound allows; the rest is left for
/// `fix`, each line with a note, and every ship is in the file.
#[test]
fn import_text_of_a_long_list_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let mut list = String::from("Big list\n");
    for _ in 0..120 {
        list.push_str("U.S.S. Reliant [20]\n- Clark Terrell 2 (Captain) [1]\n");
        list.push_str(&"- Photon Torpedoes [3]\n".repeat(6));
    }
    std::fs::write(dir.path().join("big.txt"), list).unwrap();
    let r = run(dir.path(), &["import", "text", "big.txt"]);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .lines()
            .all(|l| l.starts_with("note: big.txt:") && l.ends_with("(left for `fleetcheck fix`)")),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout.matches("[[ship]]").count(), 120);
}

/// The date, SP cap and additional points a list gives are read into the
/// fleet file; one that is no date or out of range is reported, not kept.
#[test]
fn import_text_reads_the_date_cap_and_additional_points() {
    let dir = tempfile::tempdir().unwrap();
    let read = |text: &str| {
        std::fs::write(dir.path().join("l.txt"), text).unwrap();
        run(dir.path(), &["import", "text", "l.txt"])
    };
    let r = read("My list\nFormat: standard\nAs Of: 2016-06-30\nSP Cap: 120 SP\nAdditional Points: 3 SP\nU.S.S. Reliant [20]\n- Clark Terrell 2 (Captain) [1]\n");
    assert_eq!((r.code, r.stderr.as_str()), (0, ""));
    assert!(
        r.stdout.contains("name = \"My list\"\nformat = \"standard\"\nas_of = \"2016-06-30\"\nsp_cap = 120\nadditional_points = 3\n"),
        "{}",
        r.stdout
    );
    let r = read(
        "As Of: 2016-13-40\nSP Cap: -5 SP\nAdditional Points: 200000 SP\nU.S.S. Reliant [20]\n",
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: l.txt:1: cannot read 'As Of: 2016-13-40'\n\
         error: l.txt:2: cannot read 'SP Cap: -5 SP'\n\
         error: l.txt:3: cannot read 'Additional Points: 200000 SP'\n"
    );
}

/// The resolutions and runs of the engine of `import text` of a fixture of
/// `tests/fixtures/interop/text`, with its fleet file and what it reported.
fn import_counted(file: &str) -> (u64, u64, String, usize) {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/interop/text").join(file)).unwrap();
    let opts = fleetcheck_staw::CheckOptions {
        today: "2026-12-01".into(),
        ..fleetcheck_staw::CheckOptions::default()
    };
    let engine = fleetcheck_staw::Engine::new(db(), opts);
    let imported = fleetcheck_edit::interop::text_in::import_on(&engine, &text, file);
    (
        engine.resolutions(),
        engine.runs(),
        imported.toml,
        imported.unread.len(),
    )
}

/// `import text` of a 12-card list (3 ships, 9 cards) resolves the fleet
/// 6 times however many cards its names may be: the other candidates of a
/// line are priced in memory. Without the captains' markers and skills,
/// its names have more candidates (the first card under each ship is read
/// as its captain, Sisko may be two captains): more pricings (77 runs
/// against 67) and one resolution more (Sisko's first candidate changes),
/// and the same fleet file.
///
/// Each fleet is priced once: the marked list's lines have 59 candidates
/// beyond their first (3, 1, 22, 2, 2, 3, 4 and 22), and the fleet of
/// every line's first candidate is one more: 60 pricings, where there were
/// 67 (74 runs). That fleet is priced once for all the lines of a pass,
/// which score their first candidate on it, and a line scored again in a
/// later pass, the other lines' first candidates unchanged, is scored on
/// the outcomes it had: each is the same fleet priced the same way
/// (resolved, or the same card put in the same place in memory), so the
/// scores, the cards kept and the file are those of pricing it again.
#[test]
fn import_text_of_a_12_card_list_resolves_the_fleet_a_bounded_number_of_times() {
    let (resolutions, runs, toml, unread) = import_counted("federation-12-cards.txt");
    assert_eq!((resolutions, runs, unread), (6, 67, 0), "{toml}");
    assert!(toml.contains("captain = { id = \"Cap906\" }"), "{toml}");
    let (more, more_runs, unmarked, unread) = import_counted("federation-unmarked.txt");
    assert_eq!((more, more_runs, unread), (7, 77, 0), "{unmarked}");
    let keys = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(keys(&unmarked), keys(&toml), "{unmarked}");
}

/// The options of the in-process imports of these tests.
fn opts() -> fleetcheck_staw::CheckOptions {
    fleetcheck_staw::CheckOptions {
        today: "2026-12-01".into(),
        ..fleetcheck_staw::CheckOptions::default()
    }
}

/// `import text` of a text, in process.
fn imported(text: &str) -> fleetcheck_edit::interop::text_in::Imported {
    fleetcheck_edit::interop::text_in::import(db(), text, "list.txt", &opts())
}

/// `import text` writes its file with the one writer: the file is its
/// model through `FleetFile::to_toml`, and the fleet it holds, read back
/// into a `FleetModel` and written by `FleetModel::to_toml` with the same
/// header, is the same bytes (date and cap included).
#[test]
fn import_text_is_written_by_the_one_fleet_writer() {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/interop/text/federation-12-cards.txt"))
            .unwrap();
    let text = format!("As Of: 2016-06-30\nSP Cap: 120 SP\n{text}");
    let i = imported(&text);
    assert!(i.unread.is_empty(), "{:?}", i.unread);
    assert_eq!(i.toml, i.file.to_toml(db()));
    assert!(
        i.toml.contains("as_of = \"2016-06-30\"\nsp_cap = 120\n"),
        "{}",
        i.toml
    );
    let source = fleetcheck_input::diag::Source {
        path: "f.toml".into(),
        text: i.toml.clone(),
    };
    let model = fleetcheck_edit::interop::FleetModel::from_source(db(), &source).unwrap();
    assert_eq!(model.to_toml(db(), &i.file.header), i.toml);
}

/// What `import text` says of the file it wrote (the summary, the
/// questions left for `fix`) is the analysis of the fleet value it built,
/// and that value is what its file says: the same total, the same
/// findings, in the same order, as `check` of the file.
#[test]
fn import_text_checks_the_value_its_file_writes() {
    let lists = [
        "U.S.S. Reliant [20]\n- Clark Terrell 2 (Captain) [1]\n- Photon Torpedoes\n- Nonsense Card [2]\n",
        "U.S.S. Reliant [20]\n- Clark Terrell 2 (Captain) [3]\nShip Total: 30 SP\n",
    ];
    for list in lists {
        let i = imported(list);
        let file = fleetcheck::cli::check::check_source(
            db(),
            fleetcheck_input::diag::Source {
                path: "list.txt".into(),
                text: i.toml.clone(),
            },
            &opts(),
        );
        let said = |c: &fleetcheck_report::Checked| {
            let findings: Vec<(fleetcheck_input::diag::Code, String)> = c
                .diagnostics
                .iter()
                .map(|d| (d.code, d.message.clone()))
                .collect();
            (c.report.total, c.exit_code(), findings)
        };
        assert_eq!(said(&i.checked), said(&file), "{}", i.toml);
    }
}

/// `FleetFile::to_raw` is the value its text reads as: for every example
/// fleet, its model's file analysed as a value and as the text
/// `to_toml` writes give the same total and findings (those of the
/// illegal example fleets too).
#[test]
fn a_fleet_file_value_is_analysed_as_its_text() {
    let engine = fleetcheck_staw::Engine::new(db(), opts());
    for path in example_fleets() {
        let file = crate::interop::model(&path).file(&["a header".into()]);
        let text = file.to_toml(db());
        // The value's cards stand nowhere in a text (empty spans): its
        // findings are the text's, in another order.
        let seen = |a: fleetcheck_staw::Analysed<i32>| {
            let mut findings: Vec<(fleetcheck_input::diag::Code, String)> = a
                .diagnostics
                .iter()
                .map(|d| (d.code, d.message.clone()))
                .collect();
            findings.sort();
            (a.priced, findings)
        };
        let source = fleetcheck_input::diag::Source {
            path: "f.toml".into(),
            text,
        };
        let as_text = engine.analyse_text(source.clone(), |a| a.total);
        let as_value = engine
            .resolve_fleet(source, file.to_raw(db()))
            .analyse(|a| a.total);
        assert!(as_text.priced.is_some(), "{}", path.display());
        assert_eq!(seen(as_value), seen(as_text), "{}", path.display());
    }
}

/// The one writer writes a name as the player wrote it (a string, no
/// comment) and a slot's note after its card, beside the card's own
/// comment when it is written by id.
#[test]
fn the_fleet_writer_writes_names_as_written_and_notes() {
    use fleetcheck_edit::interop::{CardText, FleetFile, ShipFile, Slot};
    let mut ship = ShipFile::new(Slot::id("S202"));
    ship.captain = Some(Slot {
        note: Some("line 2: read as Clark Terrell".into()),
        ..Slot::id("Cap217")
    });
    ship.upgrades.push(Slot {
        card: CardText::Name("Photon Torpedoes".into()),
        span: 0..0,
        note: None,
    });
    let file = FleetFile {
        header: vec!["a header".into()],
        ships: vec![ship],
        ..FleetFile::default()
    };
    let text = file.to_toml(db());
    assert!(
        text.starts_with("# a header\n\n[[ship]]\nship = { id = \"S202\" }  # U.S.S. Reliant (ship, federation, 20 SP)\n"),
        "{text}"
    );
    assert!(
        text.contains("\ncaptain = \"Clark Terrell\"  # line 2: read as Clark Terrell\nupgrades = [\n  \"Photon Torpedoes\",\n]\n"),
        "{text}"
    );
}

/// What `import text` makes of a list of the corpus: its fleet file, and
/// its reports followed by the fleet's ships, total and exit code.
fn corpus_import(name: &str, text: &str) -> (String, String) {
    let i = fleetcheck_edit::interop::text_in::import(db(), text, name, &opts());
    let mut out = String::new();
    for u in &i.unread {
        use fleetcheck_edit::interop::text_in::Level;
        let level = match u.level {
            Level::Error => "error",
            Level::Note => "note",
            Level::Warning => "warning",
        };
        out.push_str(&format!("{level}: {}: {}\n", u.line, u.message));
    }
    let c = &i.checked;
    let total = c
        .report
        .total
        .map_or("no total".to_string(), |t| format!("{t} SP"));
    out.push_str(&format!(
        "{} ship(s), {total}, check exit {}\n",
        i.file.ships.len(),
        c.exit_code()
    ));
    (i.toml, out)
}

/// The corpus of pasted lists (`tests/import_text_corpus/`): forum posts
/// (no bullets, `*`, `•`, `+`, numbered, indented, markdown, costs as
/// `(5)`, `[5]`, `5 SP`, `- 5`, `– 5`, `5pts`, `Total:` lines), Utopia's and
/// fleetcheck's text exports, typos and names spelled otherwise; each
/// `NAME.txt` with the exact fleet file `import text` writes of it
/// (`NAME.toml`) and what it says (`NAME.out`: every line it reports,
/// then the fleet's ships, total and exit code). `FLEETCHECK_BLESS=1`
/// rewrites the expected files (read them before committing).
#[test]
fn every_pasted_list_of_the_corpus_imports_as_expected() {
    let dir = root().join("tests/import_text_corpus");
    let mut lists: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    lists.sort();
    assert!(lists.len() >= 20, "{}", lists.len());
    let bless = std::env::var_os("FLEETCHECK_BLESS").is_some();
    let mut wrong = Vec::new();
    for path in lists {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (toml, out) = corpus_import(&name, &std::fs::read_to_string(&path).unwrap());
        let (want_toml, want_out) = (path.with_extension("toml"), path.with_extension("out"));
        if bless {
            std::fs::write(&want_toml, &toml).unwrap();
            std::fs::write(&want_out, &out).unwrap();
            continue;
        }
        let read = |p: &std::path::Path| std::fs::read_to_string(p).unwrap_or_default();
        if read(&want_toml) != toml || read(&want_out) != out {
            wrong.push(format!("{name}:\n{toml}\n{out}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A pasted text with nothing of a fleet in it (only a total, a prose
/// post, NUL bytes, nothing at all, `/dev/null`, standard input empty or
/// `/dev/zero`) writes no file: exit 2 and the reason.
#[test]
fn import_text_without_a_fleet_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for (file, text) in [
        ("total.txt", "Total: 93/100\n"),
        ("prose.txt", "Hello all, thoughts welcome!\n"),
    ] {
        std::fs::write(dir.path().join(file), text).unwrap();
        let r = run(dir.path(), &["import", "text", file, "-O", "out.toml"]);
        assert_eq!(r.code, 2, "{file}: {}", r.stderr);
        assert!(
            r.stderr.ends_with(&format!("error: {file}: no ship, resource or sideboard card in the list (a ship is a line that names a ship, its cards the lines under it); nothing was written\n")),
            "{file}: {}",
            r.stderr
        );
        assert!(!dir.path().join("out.toml").exists(), "{file}");
    }
    // Nothing at all, bytes that are no list, a device, standard input
    // empty or endless: the one reader's refusal, or no fleet; no file.
    std::fs::write(dir.path().join("empty.txt"), "").unwrap();
    std::fs::write(dir.path().join("nul.txt"), b"ab\0\0cd\n").unwrap();
    let no_fleet = "no ship, resource or sideboard card in the list (a ship is a line that names a ship, its cards the lines under it); nothing was written";
    for (input, stdin, message) in [
        ("empty.txt", None, "empty.txt is empty".to_string()),
        ("nul.txt", None, format!("nul.txt: {no_fleet}")),
        (
            "/dev/null",
            None,
            "/dev/null is a device, not a regular file; it was not read".to_string(),
        ),
        (
            "-",
            Some("/dev/null"),
            "standard input is empty".to_string(),
        ),
        (
            "-",
            Some("/dev/zero"),
            "standard input is more than 1048576 bytes; files are limited to 1048576 bytes (1 MiB)"
                .to_string(),
        ),
    ] {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"));
        cmd.current_dir(dir.path())
            .args(["import", "text", input, "-O", "out.toml"]);
        if let Some(from) = stdin {
            cmd.stdin(std::fs::File::open(from).unwrap());
        }
        let out = cmd.output().unwrap();
        let said = (input, stdin);
        assert_eq!(out.status.code(), Some(2), "{said:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            format!("error: {message}\n"),
            "{said:?}"
        );
        assert!(out.stdout.is_empty(), "{said:?}");
        assert!(!dir.path().join("out.toml").exists(), "{said:?}");
    }
}

/// Two `Resource:` lines: the first is the fleet's resource, the second
/// is said not imported (exit 2, its line); the file written has one
/// `resource` key, parses and checks (it had two: unreadable, exit 0).
#[test]
fn import_text_of_two_resources_writes_one_and_says_the_other() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("res.txt"),
        "My fleet\nU.S.S. Enterprise-D [28]\n- Jean-Luc Picard 9 (Captain) [6]\nResource: Fleet Captain [5]\nResource: Flagship [0]\n",
    )
    .unwrap();
    let r = run(dir.path(), &["import", "text", "res.txt", "-O", "out.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "error: res.txt:5: 'Flagship' is a second resource; not imported\nwrote out.toml: 1 ship, 39 SP, legal\n"
    );
    let written = std::fs::read_to_string(dir.path().join("out.toml")).unwrap();
    assert_eq!(written.matches("\nresource = ").count(), 1, "{written}");
    assert!(
        written.contains("\nresource = \"Fleet Captain\"\n"),
        "{written}"
    );
    assert!(
        written.contains("# line 5 not imported: 'Flagship' is a second resource; not imported\n"),
        "{written}"
    );
    let c = run(dir.path(), &["check", "out.toml"]);
    assert_eq!(c.code, 0, "{}{}", c.stdout, c.stderr);
}

/// A name still shared is written with the cost the list states for it,
/// `{ name = ..., cost = ... }` (`CardText::Stated`), which `check` then
/// settles by the resolution policy: on the Starter Set Enterprise-D with
/// Picard (Cap049), the Photon Torpedoes that cost 5 there and the Data
/// that costs 3, 42 SP.
#[test]
fn the_fleet_writer_writes_a_stated_cost_that_check_settles() {
    use fleetcheck_edit::interop::{CardText, FleetFile, ShipFile, Slot};
    let stated = |name: &str, cost: i64| Slot {
        card: CardText::Stated {
            name: name.into(),
            cost,
        },
        span: 0..0,
        note: None,
    };
    let mut ship = ShipFile::new(Slot::id("S207"));
    ship.captain = Some(Slot::id("Cap049"));
    ship.upgrades.push(stated("Photon Torpedoes", 5));
    ship.upgrades.push(stated("Data", 3));
    let file = FleetFile {
        ships: vec![ship],
        ..FleetFile::default()
    };
    let text = file.to_toml(db());
    assert_eq!(
        text,
        "\n[[ship]]\n\
         ship = { id = \"S207\" }  # U.S.S. Enterprise-D (ship, federation, 28 SP)\n\
         captain = { id = \"Cap049\" }  # Jean-Luc Picard (captain, federation, 6 SP)\n\
         upgrades = [\n  \
         { name = \"Photon Torpedoes\", cost = 5 },\n  \
         { name = \"Data\", cost = 3 },\n]\n"
    );
    let c = fleetcheck_report::staw::check(
        db(),
        fleetcheck_input::diag::Source {
            path: "stated.toml".into(),
            text,
        },
        &fleetcheck_staw::CheckOptions::default(),
    );
    let errors: Vec<&str> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!((c.report.total, errors), (Some(42), vec![]));
}

/// `import text` writes the cost a line states only where a candidate
/// costs that there: a stated cost no candidate has would turn a name
/// left for `fix` into an error. No Self Destruct Sequence costs 5 on the
/// U.S.S. Reliant (T101 4 SP, T210 6 SP): the name is left as written.
#[test]
fn import_text_leaves_out_a_stated_cost_no_candidate_has() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("l.txt");
    std::fs::write(
        &list,
        "U.S.S. Reliant (U.S.S. Reliant) (S202) [20]\n- Clark Terrell 2 (Captain) [1]\n- Self Destruct Sequence [5]\n",
    )
    .unwrap();
    let r = run(dir.path(), &["import", "text", "l.txt"]);
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (
            2,
            "# Imported from text (l.txt) by fleetcheck.\n\n[[ship]]\nship = { id = \"S202\" }  # U.S.S. Reliant (ship, federation, 20 SP)\ncaptain = \"Clark Terrell\"\nupgrades = [\n  \"Self Destruct Sequence\",\n]\n",
            "note: l.txt:3: 'Self Destruct Sequence' names 2 different cards that fit as an upgrade; pick one by its id (left for `fleetcheck fix`)\n"
        )
    );
}
