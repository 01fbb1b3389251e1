//! `--collection FILE` (and `--no-collection`) of `check`, `price`,
//! `sideboard`, `options` and `event`: what the player owns, read by the
//! one reader and then by the engine's collection reader
//! (`staw::collection::read`: every problem at once, each located; a file
//! with problems is refused, exit 2, drawn as `check` draws a fleet's
//! input errors). Without `--collection`, the file named by the
//! environment variable `FLEETCHECK_COLLECTION` (when it is set and not
//! empty) is the default; `--no-collection` turns both off. Only here is
//! the environment read: the engine gets the shelf as a value.

use super::check::read_source;
use super::refusal::Refusal;
use clap::Args;
use fleetcheck_data::Database;
use fleetcheck_report::Checked;
use fleetcheck_staw::collection::{self, Ownership, Shelf, Use};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The environment variable naming the default collection file.
pub const COLLECTION_ENV: &str = "FLEETCHECK_COLLECTION";

// What the player owns (not a doc comment: clap would make it the about of
// the commands that use it).
#[derive(Debug, Clone, Args, Default)]
pub struct Owned {
    /// Warn (not-owned) about cards the fleet uses more copies of than
    /// this collection file holds (default: $FLEETCHECK_COLLECTION).
    #[arg(long, value_name = "FILE")]
    pub collection: Option<PathBuf>,
    /// Use no collection, not even $FLEETCHECK_COLLECTION.
    #[arg(long, conflicts_with = "collection")]
    pub no_collection: bool,
}

impl Owned {
    /// The collection file to use: `--collection`, else the environment's,
    /// else none.
    pub fn path(&self) -> Option<PathBuf> {
        if self.no_collection {
            return None;
        }
        self.collection.clone().or_else(|| {
            std::env::var_os(COLLECTION_ENV)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
    }

    /// The shelf of the collection to use, if any.
    pub fn shelf(&self, db: &Database) -> anyhow::Result<Option<Arc<Shelf>>> {
        match self.path() {
            Some(p) => Ok(Some(Arc::new(read_shelf(db, &p)?))),
            None => Ok(None),
        }
    }
}

/// Reads a collection file into its shelf, or refuses it with every
/// problem located.
pub fn read_shelf(db: &Database, path: &Path) -> anyhow::Result<Shelf> {
    let source = read_source(path).map_err(|c| Refusal::file(*c))?;
    match collection::read(db, &source) {
        Ok(c) => Ok(Shelf::of(db, &c, &source.path)),
        Err(diags) => Err(refused(source, diags).into()),
    }
}

/// The refusal of a collection file with problems.
pub fn refused(
    source: fleetcheck_input::diag::Source,
    diags: Vec<fleetcheck_input::diag::Diagnostic>,
) -> Refusal {
    let file = source.path.clone();
    let n = diags.len();
    let mut diags = diags.into_iter();
    let first = diags
        .next()
        .expect("a refused collection file has a problem");
    let mut checked = Checked::input_error(&file, fleetcheck_staw::GAME, Some(source), first);
    checked.diagnostics.extend(diags);
    Refusal {
        file: Some(Box::new(checked)),
        ..Refusal::new(format!(
            "{file}: the collection file has {n} problem{}; nothing was checked",
            if n == 1 { "" } else { "s" }
        ))
    }
}

/// The one fleet-wide finding of several fleets checked with a collection:
/// whether they can all be built at the same time from it, and if not,
/// which cards fall short and by how many. Files that could not be priced
/// are left out (and said).
pub fn together(shelf: &Shelf, files: &[Checked]) -> String {
    let fleets: Vec<Ownership> = files
        .iter()
        .filter_map(|f| f.report.collection.as_ref())
        .map(|c| Ownership {
            cards: c
                .owned
                .iter()
                .chain(&c.missing)
                .map(|k| Use {
                    first_printing: k.first_printing.clone(),
                    id: k.id.clone(),
                    name: k.name.clone(),
                    needed: k.needed,
                    owned: k.owned,
                    spans: Vec::new(),
                })
                .collect(),
        })
        .collect();
    let unpriced = files.len() - fleets.len();
    let left_out = if unpriced == 0 {
        String::new()
    } else {
        format!(
            " ({unpriced} file{} that could not be priced left out)",
            if unpriced == 1 { "" } else { "s" }
        )
    };
    let all = shelf.together(&fleets);
    let short: Vec<String> = all
        .missing()
        .map(|u| {
            format!(
                "{} ({}) {} short ({} used, {} held)",
                u.name,
                u.id,
                u.short(),
                u.needed,
                u.owned
            )
        })
        .collect();
    if short.is_empty() {
        format!(
            "collection {}: the {} fleets can all be built at the same time{left_out}",
            shelf.name,
            fleets.len()
        )
    } else {
        format!(
            "warning[not-owned]: collection {}: the {} fleets cannot all be built at the same time{left_out}: {}",
            shelf.name,
            fleets.len(),
            short.join(", ")
        )
    }
}
