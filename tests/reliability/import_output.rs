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
///
/// Known defect (src/edit/interop/, reported, not this suite's to fix;
/// `imported::known_defect`): an import that yields nothing and says
/// nothing (a Utopia ship entry without an `id`, as in a Space Dock squad
/// read as a Utopia fleet; a Space Dock squad with no name and no ships)
/// writes an empty file, which `check` refuses, with exit 0. Those cases
/// are counted here and must be exactly that; every other fault fails the
/// test.
#[test]
fn the_import_corpus_passes_the_import_output_assertion() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz/corpus/import");
    let (mut files, mut fleets, mut known) = (0, 0, 0);
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
            if imported::known_defect(&fleet, &problems, &fault) {
                known += 1;
            } else {
                faults.push(format!("{} ({importer:?}): {fault}", path.display()));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    assert!(
        files >= 200 && fleets >= 20,
        "{files} files, {fleets} fleets"
    );
    // 10 on 2026-12-01 (utopia-ship-entry-without-id.json and
    // spacedock-no-name-no-ships.spacedock are the plain cases); 0 once the
    // importers report them.
    eprintln!("{known} fleets imported empty without a problem (the known defect)");
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
