//! `fleetcheck xwing expose|repair FILE`: X-Wing damage state transitions.

use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum XwingCommand {}

pub fn run(cmd: &XwingCommand) -> anyhow::Result<i32> {
    match *cmd {}
}
