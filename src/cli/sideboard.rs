//! `fleetcheck sideboard FLEET`: prices the Reinforcements Sideboard (each
//! card's base, additional costs and cost; the total against 20 SP; the
//! resource's own 10 SP) and prints the in-game swap plan: for every
//! sideboard card and every ship, whether the ship's Action may equip it or
//! exchange it there, and whether that places an Auxiliary Power token.
//! `-o json` is the ordinary report with a `swap_plan` array per fleet; the
//! exit code is `check`'s.

use super::check::{print, read_source, render_options};
use super::{Common, Output};
use crate::report::model::{CardRef, SwapReport};
use crate::report::{self, Checked};
use crate::staw::swap::Swap;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct SideboardArgs {
    /// The fleet file whose sideboard to price and plan.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    #[command(flatten)]
    pub judge: super::check::Judge,
    #[command(flatten)]
    pub common: Common,
}

pub fn run(args: &SideboardArgs) -> anyhow::Result<i32> {
    let opts = args.judge.options()?;
    let db = super::load_db(&args.common)?;
    let checked = match read_source(&args.fleet) {
        Ok(source) => super::check::dispatch(source, |s| plan(&db, s, &opts)),
        Err(c) => *c,
    };
    let files = std::slice::from_ref(&checked);
    let ropts = render_options(&args.common);
    print(|w| match args.common.output {
        Output::Table | Output::Markdown | Output::Csv => {
            report::sideboard::render(w, &checked, &ropts)
        }
        Output::Json => report::json::render_all(w, "sideboard", files),
        Output::Github => report::github::render_all(w, files),
    })?;
    Ok(checked.exit_code())
}

/// Checks a STAW fleet and attaches its swap plan to the report (only when
/// the fleet has a sideboard).
pub fn plan(
    db: &crate::data::Database,
    source: crate::input::diag::Source,
    opts: &crate::staw::CheckOptions,
) -> Checked {
    let (mut checked, swaps) = report::staw::check_with_swaps(db, source, opts);
    if checked.report.sideboard.is_some() {
        checked.report.swap_plan = Some(swaps.into_iter().map(wire).collect());
    }
    checked
}

fn wire(s: Swap) -> SwapReport {
    SwapReport {
        section: s.section,
        card: CardRef {
            id: s.card_id,
            name: s.card_name,
        },
        ship_index: s.ship,
        ship: s.ship_name,
        equip: s.equip,
        exchange: s.exchange,
        not_allowed: s.not_allowed,
        auxiliary_power: s.auxiliary_power,
    }
}
