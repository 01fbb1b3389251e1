//! `fleetcheck price FLEET`: the cost breakdown of every card (base cost,
//! each modifier with its kind, amount and source, the card's cost, per
//! ship and in total). The JSON output is the same report as `check`'s;
//! the exit code too.

use super::check::{check_path, print_one, render_options, OneFleet};
use fleetcheck_report as report;

pub type PriceArgs = OneFleet;

pub fn run(args: &PriceArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let opts = args.judge.options_on(db)?;
    // A directory is read as a file and reported as an `io` error: `price`
    // explains one fleet.
    let checked = check_path(db, &args.fleet, &opts);
    let ropts = render_options(&args.common);
    print_one(&args.common, "price", &checked, |w| {
        report::price::render(w, &checked, &ropts)
    })?;
    Ok(checked.exit_code())
}
