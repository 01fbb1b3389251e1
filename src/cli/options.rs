//! `fleetcheck options FLEET [--ship N] [--slot TYPE] [--faction F |
//! --any-faction] [--max-cost N] [--limit N] [--replace CARD]` (or
//! `--sideboard SECTION`) `[--collection FILE] [--owned]`: the cards that
//! could legally go there now, each with the cost it would have there and
//! the SP left, penalty-free first and by cost (with a collection, the
//! cards with a free copy first, then the owned, then the missing; with
//! `--owned` only those with a free copy); a table or JSON. See
//! `builder::options`.

use super::check::{check_options, print, read_source, render_options};
use super::refusal::Refusal;
use super::{Common, Output};
use clap::Args;
use fleetcheck_edit::builder::options::{options, Ask};
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct OptionsArgs {
    /// The fleet file.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    /// The ship (1 = the first [[ship]]); needed when the fleet has more
    /// than one.
    #[arg(long, value_name = "N")]
    pub ship: Option<usize>,
    /// Only this slot type (crew, tech, weapon, talent, borg, squadron,
    /// captain, admiral).
    #[arg(long, value_name = "TYPE")]
    pub slot: Option<String>,
    /// Options for this section of the Reinforcements Sideboard instead.
    #[arg(long, value_name = "SECTION", conflicts_with_all = ["ship", "replace"])]
    pub sideboard: Option<String>,
    /// Only cards of this faction (by default: the cards that pay no
    /// faction penalty there).
    #[arg(long, value_name = "FACTION")]
    pub faction: Option<String>,
    /// Cards of every faction, those that pay a faction penalty there too.
    #[arg(long, conflicts_with = "faction")]
    pub any_faction: bool,
    /// Only cards that would cost at most this many SP there.
    #[arg(long, value_name = "N")]
    pub max_cost: Option<i32>,
    /// At most this many cards (penalty-free ones first, then by cost).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// The cards that could take this card's place on the ship (its id or
    /// name).
    #[arg(long, value_name = "CARD")]
    pub replace: Option<String>,
    #[command(flatten)]
    pub owned: super::check::Owned,
    /// Only the cards of which the collection holds a copy the fleet does
    /// not use already.
    #[arg(long = "owned", conflicts_with = "no_collection")]
    pub only_owned: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &OptionsArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let source = match read_source(&args.fleet) {
        Ok(s) => s,
        Err(c) => return super::export::input_error(&c, &args.common),
    };
    // An unknown slot type or faction is a mistake, not "no cards".
    if let Some(slot) = &args.slot {
        let known = fleetcheck_data::model::SLOT_TYPES;
        let all = known.iter().copied().chain(["captain", "admiral"]);
        if !all.clone().any(|k| k == slot.trim().to_lowercase()) {
            return Err(Refusal::new(format!(
                "unknown slot type `{slot}`; {}",
                fleetcheck_input::suggest::help(slot, "slot types", all)
            ))
            .into());
        }
    }
    if let Some(faction) = &args.faction {
        let known = fleetcheck_data::names::FACTIONS;
        let id = fleetcheck_data::normalize(faction).replace(' ', "-");
        if !known.contains(&id.as_str()) {
            return Err(Refusal::new(format!(
                "unknown faction `{faction}`; {}",
                fleetcheck_input::suggest::help(faction, "factions", known.iter().copied())
            ))
            .into());
        }
    }
    if let Err(c) = fleetcheck_edit::staw_only(&source) {
        return super::export::input_error(&c, &args.common);
    }
    let mut opts = check_options(None, None)?;
    opts.collection = args.owned.shelf(db)?;
    if args.only_owned && opts.collection.is_none() {
        return Err(Refusal::new(format!(
            "--owned lists the cards the collection holds a free copy of, and no collection is given: use --collection FILE or ${}",
            super::check::COLLECTION_ENV
        ))
        .into());
    }
    let ask = Ask {
        ship: args.ship,
        slot: args.slot.clone(),
        sideboard: args.sideboard.clone(),
        faction: args.faction.clone(),
        any_faction: args.any_faction,
        max_cost: args.max_cost,
        limit: args.limit,
        replace: args.replace.clone(),
        breaking: false,
        owned: args.only_owned,
        starting: None,
        workers: super::pool::cores(),
    };
    let found = match options(db, &source, &opts, &ask) {
        Ok(f) => f,
        Err(e) => {
            if e.message.contains("input error") {
                let c = super::check::check_source(db, source, &opts);
                return super::export::input_error(&c, &args.common);
            }
            // The message, then each help line: a refusal says its
            // message on one line.
            let refusal = Refusal::new(format!("{}: {}", args.fleet.display(), e.message));
            return Err(e.help.iter().fold(refusal, |r, h| r.help(h.clone())).into());
        }
    };
    let ropts = render_options(&args.common);
    let file = args.fleet.display().to_string();
    print(|w| match args.common.output {
        Output::Json | Output::Github => fleetcheck_report::json::render_with(w, "options", |r| {
            r.options = Some(fleetcheck_report::model::payload(&found));
        }),
        Output::Table | Output::Markdown | Output::Csv => {
            fleetcheck_report::options::render(w, &file, &found, &ropts)
        }
    })?;
    Ok(0)
}
