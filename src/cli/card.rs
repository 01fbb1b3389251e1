//! `fleetcheck card QUERY`: one card's facts and rules.

use super::Common;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct CardArgs {
    /// A card id (`T240`) or name (`"Cloaking Device"`).
    pub query: String,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(_args: &CardArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`card` is not implemented yet")
}
