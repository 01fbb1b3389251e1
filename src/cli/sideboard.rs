//! `fleetcheck sideboard FLEET`: prices the Reinforcements Sideboard (each
//! card's base, additional costs and cost; the total against 20 SP; the
//! resource's own 10 SP) and prints the in-game swap plan: for every
//! sideboard card and every ship, whether the ship's Action may equip it or
//! exchange it there, and whether that places an Auxiliary Power token.
//! `-o json` is the ordinary report with a `swap_plan` array per fleet; the
//! exit code is `check`'s.

use super::check::{print_one, read_source, render_options, OneFleet};
use fleetcheck_report::model::SwapReport;
use fleetcheck_report::{self as report, Checked};

pub type SideboardArgs = OneFleet;

pub fn run(args: &SideboardArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let opts = args.judge.options_on(db)?;
    let checked = match read_source(&args.fleet) {
        Ok(source) => super::check::dispatch(source, |s| plan(db, s, &opts)),
        Err(c) => *c,
    };
    let ropts = render_options(&args.common);
    print_one(&args.common, "sideboard", &checked, |w| {
        report::sideboard::render(w, &checked, &ropts)
    })?;
    Ok(checked.exit_code())
}

/// Checks a STAW fleet and attaches its swap plan to the report (only when
/// the fleet has a sideboard).
pub fn plan(
    db: &fleetcheck_data::Database,
    file: impl Into<fleetcheck_input::tree::Parsed>,
    opts: &fleetcheck_staw::CheckOptions,
) -> Checked {
    let (mut checked, swaps) = report::staw::check_with_swaps(db, file, opts);
    if checked.report.sideboard.is_some() {
        checked.report.swap_plan = Some(swaps.into_iter().map(SwapReport::from).collect());
    }
    checked
}
