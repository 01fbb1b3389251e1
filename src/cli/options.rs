//! `fleetcheck options`: not built yet.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct OptionsArgs {}

pub fn run(_args: &OptionsArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`options` is not built yet")
}
