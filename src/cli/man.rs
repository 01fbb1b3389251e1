//! `fleetcheck man`: not built yet.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct ManArgs {}

pub fn run(_args: &ManArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`man` is not built yet")
}
