//! `fleetcheck price FLEET`: the cost breakdown of every card (base cost,
//! each modifier with its kind, amount and source, the card's cost, per
//! ship and in total). The JSON output is the same report as `check`'s;
//! the exit code too.

use super::check::{check_path, print, render_options};
use super::{Common, Output};
use crate::report;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct PriceArgs {
    /// The fleet file to price.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    #[command(flatten)]
    pub judge: super::check::Judge,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(args: &PriceArgs) -> anyhow::Result<i32> {
    let opts = args.judge.options()?;
    let db = super::load_db(&args.common)?;
    // A directory is read as a file and reported as an `io` error: `price`
    // explains one fleet.
    let checked = check_path(&db, &args.fleet, &opts);
    let files = std::slice::from_ref(&checked);
    let ropts = render_options(&args.common);
    print(|w| match args.common.output {
        Output::Table | Output::Markdown | Output::Csv => {
            report::price::render(w, &checked, &ropts)
        }
        Output::Json => report::json::render_all(w, "price", files),
        Output::Github => report::github::render_all(w, files),
    })?;
    Ok(checked.exit_code())
}
