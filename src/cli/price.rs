//! `fleetcheck price FLEET`: the cost breakdown of every card.

use super::Common;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct PriceArgs {
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    #[arg(long, value_name = "ID")]
    pub format: Option<String>,
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(_args: &PriceArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`price` is not implemented yet")
}
