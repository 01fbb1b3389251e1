//! A [`Database`] assembled from a compiled blob: the embedded one
//! ([`staw`]), or one compiled at run time from `--data DIR` ([`read`]).
//! Above `embedded` (the blob's layout) and `store` (the tables over it).

use super::embedded::{
    Blob, Records, CARDS, CLASSES, FILE_NAMES, FILE_OFFSETS, FORMATS, RETIREMENTS, SETS, STAW,
};
use super::model::Card;
use super::store::{CardFiles, Table};
use super::{Database, LoadError};
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::sync::Arc;

/// The STAW database compiled into the binary. Its structure is checked;
/// its records are decoded when first used (`build.rs` validated them, and
/// the tests decode every one).
pub fn staw() -> Result<Database, LoadError> {
    load(Cow::Borrowed(STAW), false)
}

/// Decodes a compiled database (the bytes `build.rs` writes), checking all
/// of it: every record is decoded now, every table is in order.
pub fn decode(bytes: &[u8]) -> Result<Database, LoadError> {
    read(bytes.to_vec())
}

/// [`decode`], keeping the bytes (a database compiled at run time).
pub(crate) fn read(bytes: Vec<u8>) -> Result<Database, LoadError> {
    load(Cow::Owned(bytes), true)
}

fn invalid(why: String) -> LoadError {
    LoadError::Invalid(format!("the compiled card database {why}"))
}

fn load(bytes: Cow<'static, [u8]>, verify: bool) -> Result<Database, LoadError> {
    let blob = Blob::open(bytes).map_err(invalid)?;
    if verify {
        let files = blob
            .strings(FILE_OFFSETS, FILE_NAMES)
            .ok_or_else(|| invalid("cannot be read: its file names are damaged".into()))?;
        if (0..blob.cards()).any(|i| blob.card_file(i).is_none_or(|f| f >= files.len())) {
            return Err(invalid("has a broken card file table".into()));
        }
    }
    let (cards, sets, classes, formats, retirements) = match verify {
        true => {
            let (c, s, k, f, r) = blob.verify().map_err(invalid)?;
            (Some(c), Some(s), Some(k), Some(f), Some(r))
        }
        false => (None, None, None, None, None),
    };
    let blob = Arc::new(blob);
    Ok(Database::from_compiled(
        card_table(&blob, cards),
        CardFiles::compiled(Arc::clone(&blob)),
        table(&blob, SETS, sets),
        table(&blob, CLASSES, classes),
        table(&blob, FORMATS, formats),
        table(&blob, RETIREMENTS, retirements),
        Arc::clone(&blob),
    ))
}

/// Record table `r` of the blob, decoded on demand (or already).
fn table<T: DeserializeOwned>(blob: &Arc<Blob>, r: Records, decoded: Option<Vec<T>>) -> Table<T> {
    let decode: fn(&Blob, Records, usize) -> Result<Box<T>, String> =
        |b, r, i| b.record(r, i).map(Box::new);
    let decoded = decoded.map(|all| all.into_iter().map(Box::new).collect());
    Table::lazy(Arc::clone(blob), r, decode, decoded)
}

/// The card table: each card keeps its normalised name once decoded
/// (`Card::keyed`).
fn card_table(blob: &Arc<Blob>, decoded: Option<Vec<Card>>) -> Table<Card> {
    let decode: fn(&Blob, Records, usize) -> Result<Box<Card>, String> =
        |b, _, i| b.card(i).map(Card::keyed);
    let decoded = decoded.map(|all| all.into_iter().map(|c| Box::new(c).keyed()).collect());
    Table::lazy(Arc::clone(blob), CARDS, decode, decoded)
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
