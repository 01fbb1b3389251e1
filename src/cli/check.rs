//! `fleetcheck check FLEET|DIR...` (and the bare `fleetcheck FLEET...`).

use super::Common;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args, Default)]
pub struct CheckArgs {
    /// Fleet files, or directories (every *.toml below them).
    #[arg(value_name = "FLEET")]
    pub fleets: Vec<PathBuf>,
    /// Check against this format instead of the fleet's own.
    #[arg(long, value_name = "ID")]
    pub format: Option<String>,
    /// Evaluate the card pool and resource retirement at this date (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(_args: &CheckArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`check` is not implemented yet")
}
