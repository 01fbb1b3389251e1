//! `fleetcheck import`: not built yet.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {}

pub fn run(_args: &ImportArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`import` is not built yet")
}
