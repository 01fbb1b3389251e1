//! `fleetcheck remove FILE KIND [CARD] [--ship N]`: removes a card from a
//! fleet file in place, with the same checks, atomic write and report as
//! `add` (see `add::edit`).

use super::add::{edit, KindArg, Target};
use super::Common;
use clap::Args;
use fleetcheck_edit::builder;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct RemoveArgs {
    /// The fleet file to edit.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// What to remove.
    #[arg(value_enum, value_name = "KIND")]
    pub kind: KindArg,
    /// The card (id or name); for a ship also its number; for the
    /// sideboard also a section. Optional for one-card keys (captain,
    /// admiral, resource, ...).
    #[arg(value_name = "CARD")]
    pub card: Option<String>,
    #[command(flatten)]
    pub target: Target,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &RemoveArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let place = args.target.place();
    let query = args.card.as_deref().map(|c| args.target.narrow.query(c));
    edit(db, &args.file, "remove", &args.common, |text| {
        builder::remove(db, text, args.kind.kind(), query.as_ref(), &place)
    })
}
