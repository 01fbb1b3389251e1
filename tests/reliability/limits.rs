//! What an import writes, `check` reads: a fleet file over the 1 MiB limit
//! of the one reader is refused before it is written (exit 2, nothing
//! written, the message says the limit); and a pasted list reads its lines
//! whatever its line ends and byte order mark; a key past the parser's
//! recursion limit is located.

use crate::support::run;

/// 50,000 ships in each importer's format (under 1 MiB of input), the
/// fleet file it would write (4 MB), and the exact refusal.
#[test]
fn an_import_larger_than_check_reads_is_refused_unwritten() {
    let utopia = format!(
        r#"{{"ships":[{}]}}"#,
        vec![r#"{"id":"ship:S207"}"#; 50_000].join(",")
    );
    let spacedock = format!(
        r#"{{"name":"Big","ships":[{}]}}"#,
        vec![r#"{"shipId":"1001"}"#; 50_000].join(",")
    );
    for (from, file, input, bytes) in [
        ("utopia", "u.json", utopia, 4_100_047),
        ("spacedock", "s.spacedock", spacedock, 4_100_069),
    ] {
        let dir = tempfile::tempdir().unwrap();
        assert!(input.len() < 1 << 20, "{from}: {} bytes", input.len());
        super::write(dir.path(), file, &input);
        let r = run(dir.path(), &["import", from, file, "-O", "out.toml"]);
        assert_eq!(
            (r.code, r.stderr.as_str()),
            (
                2,
                format!(
                    "error: the fleet file would be {bytes} bytes; fleet files are limited to 1048576 bytes (1 MiB): nothing was written to out.toml\n"
                )
                .as_str()
            ),
            "{from}"
        );
        assert!(!dir.path().join("out.toml").exists(), "{from}");
    }
}

/// The same pasted list with LF, CRLF and CR-only line ends, each with and
/// without a byte order mark: one fleet file, the same bytes.
#[test]
fn a_pasted_list_reads_the_same_with_any_line_ends_and_a_bom() {
    let list = "My Fleet\nU.S.S. Enterprise-D [28]\n- Jean-Luc Picard 9 (Captain) [6]\n";
    let mut written = Vec::new();
    for (ends, bom) in [
        ("\n", ""),
        ("\r\n", ""),
        ("\r", ""),
        ("\n", "\u{feff}"),
        ("\r", "\u{feff}"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        super::write(
            dir.path(),
            "l.txt",
            &format!("{bom}{}", list.replace('\n', ends)),
        );
        let r = run(dir.path(), &["import", "text", "l.txt", "-O", "out.toml"]);
        let out = super::read(dir.path(), "out.toml");
        assert!(
            out.contains("\nname = \"My Fleet\"\n"),
            "{ends:?} {bom:?}: {out}"
        );
        written.push((r.code, out));
    }
    let first = written[0].clone();
    assert_eq!(first.0, 0, "{}", first.1);
    for w in &written {
        assert_eq!(w, &first);
    }
}

/// A key nested 20,000 deep passes the parser's recursion limit, an error
/// the parser gives without a place: `check` still says the line (JSON, so
/// that the exact place is read, not the excerpt of a 40 KB line).
#[test]
fn a_key_past_the_recursion_limit_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let deep = vec!["a"; 20_000].join(".");
    super::write(
        dir.path(),
        "deep.toml",
        &format!("name = \"Deep\"\n\n{deep} = 1\n"),
    );
    let r = run(dir.path(), &["check", "deep.toml", "-o", "json"]);
    assert_eq!(r.code, 2);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let d = &v["fleets"][0]["diagnostics"][0];
    assert_eq!(
        (
            d["code"].as_str(),
            d["message"].as_str(),
            d["line"].as_u64(),
            d["column"].as_u64()
        ),
        (
            Some("parse"),
            Some("TOML syntax error: recursion limit"),
            Some(3),
            Some(1)
        ),
        "{d}"
    );
}

/// A pasted list of 1,000 ships, each `U.S.S. Defiant` with Data, Worf and
/// Odo (names several cards share): every ship is imported and every name
/// left to `fix` is reported, once. `bench/instructions.py` counts the
/// same list at 20,000 ships (100,000 lines): time linear in the lines.
#[test]
fn a_pasted_list_of_a_thousand_ships_imports_every_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut list = String::from("Big paste\n\n");
    for _ in 0..1000 {
        list.push_str("U.S.S. Defiant\n- Data\n- Worf\n- Odo\n\n");
    }
    super::write(dir.path(), "list.txt", &list);
    let r = run(
        dir.path(),
        &["import", "text", "list.txt", "-O", "out.toml"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 3001);
    let count = |what: &str| lines.iter().filter(|l| l.contains(what)).count();
    assert_eq!(
        count("'Data' names 4 different cards that fit as a captain"),
        1000
    );
    assert_eq!(
        count("'Worf' names 7 different cards that fit as an upgrade"),
        1000
    );
    assert_eq!(
        count("'Odo' names 2 different cards that fit as an upgrade"),
        1000
    );
    assert_eq!(
        lines[3000],
        "wrote out.toml: 1000 ships, input errors (see `fleetcheck check out.toml`; `fleetcheck fix` settles ambiguous names)"
    );
    let written = std::fs::read_to_string(dir.path().join("out.toml")).unwrap();
    assert_eq!(written.matches("[[ship]]").count(), 1000);
}
