//! `fleetcheck export`: not built yet.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {}

pub fn run(_args: &ExportArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`export` is not built yet")
}
