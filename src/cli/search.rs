//! `fleetcheck search TEXT`: cards by name with filters.

use super::Common;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    /// Text to find in card names (case-insensitive).
    #[arg(default_value = "")]
    pub text: String,
    /// Card type or upgrade slot type (ship, captain, crew, tech, ...).
    #[arg(long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    #[arg(long)]
    pub faction: Option<String>,
    /// Ship class (name or id).
    #[arg(long)]
    pub class: Option<String>,
    #[arg(long, value_name = "SP")]
    pub max_cost: Option<i32>,
    /// Only unique cards.
    #[arg(long)]
    pub unique: bool,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(_args: &SearchArgs) -> anyhow::Result<i32> {
    anyhow::bail!("`search` is not implemented yet")
}
