//! `fleetcheck data ...`: validate and re-import the card database.

use super::Common;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Validate the card database: unique ids, references, rules, no ability text.
    Check(DataCheckArgs),
    /// Import the raw Utopia card data (JSON) into a database directory.
    ImportUtopia(ImportArgs),
}

#[derive(Debug, Clone, Args)]
pub struct DataCheckArgs {
    /// List every card with a rule phrase the database does not model.
    #[arg(long)]
    pub unmodeled: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The raw data folder (e.g. ../shared/reference/staw-utopia).
    pub input: PathBuf,
    /// The database directory to write.
    #[arg(long, default_value = "data/staw")]
    pub out: PathBuf,
}

pub fn run(_cmd: &DataCommand) -> anyhow::Result<i32> {
    anyhow::bail!("`data` is not implemented yet")
}
