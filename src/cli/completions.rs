//! `fleetcheck completions`: not built yet.

use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {}

pub fn run(_args: &CompletionsArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`completions` is not built yet")
}
