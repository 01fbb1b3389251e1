//! The databases embedded at build time (see `build.rs`). The one place that
//! knows how the data reaches the binary: swap the representation here
//! (and in `build.rs`) without touching the rest.
//!
//! - STAW: `build.rs` parses and validates `data/staw/` at build time and
//!   embeds the cards, sets, classes, formats and retirements as one
//!   MessagePack blob, so start-up decodes a compact binary form instead of
//!   parsing some 550 KB of TOML (about 1.5 ms instead of 20 ms).
//! - Every other game: its `data/<game>/*.toml` files as text ([`files`]);
//!   they are a few kilobytes each.

use super::model::{Card, Format, Retirement, Set, ShipClass};
use super::{Database, LoadError};

include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));

/// The layout version `build.rs` writes (its `FORMAT_VERSION`).
const FORMAT_VERSION: u32 = 1;

/// The compiled database as `build.rs` writes it (its `Compiled`): format
/// version, data files, the index into them of each card's file, cards,
/// sets, classes, formats, retirements.
type Compiled = (
    u32,
    Vec<String>,
    Vec<u32>,
    Vec<Card>,
    Vec<Set>,
    Vec<ShipClass>,
    Vec<Format>,
    Vec<Retirement>,
);

/// The embedded files under `data/<game>/`, as (path relative to that
/// folder, contents), for every game but STAW (whose data is compiled:
/// see [`staw`]).
pub fn files(game: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    FILES.iter().filter_map(move |(path, text)| {
        path.strip_prefix(game)
            .and_then(|p| p.strip_prefix('/'))
            .map(|p| (p, *text))
    })
}

/// The STAW database compiled into the binary.
pub fn staw() -> Result<Database, LoadError> {
    decode(STAW)
}

/// Decodes a compiled database (the bytes `build.rs` writes).
pub fn decode(bytes: &[u8]) -> Result<Database, LoadError> {
    let invalid = |why: String| LoadError::Invalid(format!("the compiled card database {why}"));
    let (version, files, card_file, cards, sets, classes, formats, retirements): Compiled =
        rmp_serde::from_slice(bytes).map_err(|e| invalid(format!("cannot be read: {e}")))?;
    if version != FORMAT_VERSION {
        return Err(invalid(format!(
            "has layout version {version}, this program reads {FORMAT_VERSION}"
        )));
    }
    if card_file.len() != cards.len() || card_file.iter().any(|&f| f as usize >= files.len()) {
        return Err(invalid("has a broken card file table".into()));
    }
    let card_files = card_file
        .iter()
        .map(|&f| files[f as usize].clone())
        .collect();
    Ok(Database::from_parts(
        cards,
        card_files,
        sets,
        classes,
        formats,
        retirements,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The compiled database is exactly what `--data data/staw` loads from
    /// the TOML files: same cards in the same order, same files, sets,
    /// classes, formats and retirements (so `build.rs` and `Database::from_dir`
    /// agree on which files are loaded and how).
    #[test]
    fn compiled_equals_the_toml_files() {
        let compiled = staw().unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/staw");
        let toml = Database::from_dir(&dir).unwrap();
        assert_eq!(compiled.cards.len(), toml.cards.len());
        assert!(compiled.cards == toml.cards);
        assert_eq!(compiled.card_files, toml.card_files);
        assert_eq!(compiled.sets, toml.sets);
        assert_eq!(compiled.classes, toml.classes);
        assert_eq!(compiled.formats, toml.formats);
        assert_eq!(compiled.retirements, toml.retirements);
        // The index is built too.
        assert_eq!(compiled.by_id("t240").unwrap().name, "Cloaking Device");
    }

    #[test]
    fn staw_text_is_not_embedded_other_games_are() {
        assert_eq!(files("staw").count(), 0);
        assert!(files("xwing").count() > 0);
    }

    #[test]
    fn a_damaged_blob_is_an_error_not_a_panic() {
        for bytes in [&b""[..], &STAW[..STAW.len() / 2], b"\x93\x02\x90\x90"] {
            let e = decode(bytes).unwrap_err().to_string();
            assert!(e.starts_with("the compiled card database "), "{e}");
        }
        let wrong = rmp_serde::to_vec_named(&(
            2u32,
            Vec::<String>::new(),
            Vec::<u32>::new(),
            Vec::<Card>::new(),
            Vec::<Set>::new(),
            Vec::<ShipClass>::new(),
            Vec::<Format>::new(),
            Vec::<Retirement>::new(),
        ))
        .unwrap();
        assert_eq!(
            decode(&wrong).unwrap_err().to_string(),
            "the compiled card database has layout version 2, this program reads 1"
        );
    }
}
