//! The fuzz target `import_output` (`tests/fuzz/`), replayed over its
//! committed corpus in the first tier: cargo-fuzz is not part of the normal
//! build, so this is what runs the target's assertion on every `cargo
//! test` (the same code: `tests/fuzz/common/imported.rs`).

#[path = "../fuzz/common/imported.rs"]
mod imported;

use imported::Importer;
use std::path::Path;

/// Every input of `tests/fuzz/corpus/import` (the sample links and squad
/// files, and what the `import` target found) through both importers:
/// every fleet imported parses with only the fleet's own keys and checks
/// without an input error, or the import reported an error.
/// (Among them the two faults this assertion found, now fixed: an import
/// that found no ship, and a base64 error inside a multibyte character.)
#[test]
fn the_import_corpus_passes_the_import_output_assertion() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus/import");
    let (mut files, mut fleets) = (0, 0);
    let mut faults = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        files += 1;
        for (importer, fleet, problems) in imported::imports(text) {
            fleets += 1;
            let Some(fault) = imported::fault(&fleet, &problems) else {
                continue;
            };
            faults.push(format!("{} ({importer:?}): {fault}", path.display()));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    assert!(
        files >= 200 && fleets >= 20,
        "{files} files, {fleets} fleets"
    );
}

/// The crafted squads of this suite, whose titles and ids hold line breaks
/// that would start keys of their own, pass it through the importer they
/// are written for.
#[test]
fn the_hostile_squads_pass_the_import_output_assertion() {
    for (text, wanted) in [
        (super::HOSTILE_SPACEDOCK, Importer::SpaceDock),
        (super::HOSTILE_UTOPIA, Importer::Utopia),
    ] {
        let found: Vec<_> = imported::imports(text)
            .into_iter()
            .filter(|(importer, ..)| *importer == wanted)
            .collect();
        assert_eq!(found.len(), 1, "{wanted:?}");
        for (_, fleet, problems) in found {
            imported::assert_output(&fleet, &problems);
        }
    }
}

/// The two faults the assertion found, through the command a user runs:
/// exit 2, a message that says what is wrong, and no file written.
#[test]
fn the_faults_import_output_found_are_import_errors() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus/import");
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "utopia",
            "utopia-base64-error-inside-a-multibyte-character",
            format!(
                "error: {}: not a Utopia link: the base64 is malformed: character '¡' at position 4 is not base64\n",
                corpus
                    .join("utopia-base64-error-inside-a-multibyte-character")
                    .display()
            ),
        ),
        (
            "utopia",
            "utopia-ship-entry-without-id.json",
            "error: squad 1: the Utopia fleet holds no ship (a ship entry without a card `id` is an empty slot): nothing to import\n\
             squad 1: nothing was written\n"
                .to_string(),
        ),
        (
            "spacedock",
            "spacedock-no-name-no-ships.spacedock",
            "error: squad 1: the squad holds no ship: nothing to import\n\
             squad 1: nothing was written\n"
                .to_string(),
        ),
    ];
    for (from, file, stderr) in cases {
        let input = corpus.join(file);
        let r = crate::support::run(
            dir.path(),
            &["import", from, input.to_str().unwrap(), "-O", "out.toml"],
        );
        assert_eq!((r.code, r.stderr.as_str()), (2, stderr.as_str()), "{file}");
        assert!(!dir.path().join("out.toml").exists(), "{file}");
    }
}
