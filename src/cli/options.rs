//! `fleetcheck options FLEET --ship N [--slot TYPE] [--max-cost N]
//! [--faction F]` (or `--sideboard SECTION`): the cards that could legally
//! be added now, each with the cost it would have there (modifiers named)
//! and the SP left under the cap, sorted by cost; a table or JSON. See
//! `builder::options`.

use super::check::{check_options, print, read_source};
use super::{Common, Output};
use crate::edit::builder::options::{options, Ask};
use crate::report::modifier::modifier;
use crate::staw::words::factions_and;
use clap::Args;
use comfy_table::{presets, Table};
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct OptionsArgs {
    /// The fleet file.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    /// The ship (1 = the first [[ship]]).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub ship: usize,
    /// Only this slot type (crew, tech, weapon, talent, borg, squadron,
    /// captain, admiral).
    #[arg(long, value_name = "TYPE")]
    pub slot: Option<String>,
    /// Options for this section of the Reinforcements Sideboard instead.
    #[arg(long, value_name = "SECTION", conflicts_with = "ship")]
    pub sideboard: Option<String>,
    /// Only cards of this faction.
    #[arg(long, value_name = "FACTION")]
    pub faction: Option<String>,
    /// Only cards that would cost at most this many SP there.
    #[arg(long, value_name = "N")]
    pub max_cost: Option<i32>,
    /// At most this many cards (penalty-free ones first, then by cost).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    #[command(flatten)]
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
        let known = crate::data::model::SLOT_TYPES;
        if !known.contains(&slot.trim().to_lowercase().as_str()) {
            eprintln!(
                "error: unknown slot type `{slot}`; {}",
                crate::input::suggest::help(slot, "slot types", known.iter().copied())
            );
            return Ok(2);
        }
    }
    if let Some(faction) = &args.faction {
        let known = crate::data::import::facts::FACTIONS;
        let id = crate::data::normalize(faction).replace(' ', "-");
        if !known.contains(&id.as_str()) {
            eprintln!(
                "error: unknown faction `{faction}`; {}",
                crate::input::suggest::help(faction, "factions", known.iter().copied())
            );
            return Ok(2);
        }
    }
    let opts = check_options(None, None)?;
    let ask = Ask {
        ship: Some(args.ship),
        slot: args.slot.clone(),
        sideboard: args.sideboard.clone(),
        faction: args.faction.clone(),
        max_cost: args.max_cost,
    };
    if let Err(c) = crate::edit::staw_only(&source) {
        return super::export::input_error(&c, &args.common);
    }
    let found = match options(&db, &source, &opts, &ask) {
        Ok(mut f) => {
            if let Some(n) = args.limit {
                f.options.truncate(n);
            }
            f
        }
        Err(e) => {
            eprintln!("error: {}: {}", args.fleet.display(), e.message);
            if e.message.contains("input error") {
                let c = super::check::check_source(&db, source, &opts);
                return super::export::input_error(&c, &args.common);
            }
            return Ok(2);
        }
    };
    print(|w| match args.common.output {
        Output::Json | Output::Github => crate::report::json::render_with(w, "options", |r| {
            r.options = Some(crate::report::model::payload(&found));
        }),
        Output::Table | Output::Markdown | Output::Csv => {
            writeln!(
                w,
                "{}: {} card{} could be added to {}",
                args.fleet.display(),
                found.options.len(),
                if found.options.len() == 1 { "" } else { "s" },
                found.place
            )?;
            if found.options.is_empty() {
                return Ok(());
            }
            let mut t = Table::new();
            t.load_preset(presets::UTF8_FULL_CONDENSED).force_no_tty();
            t.set_header(vec![
                "Card",
                "Type",
                "Faction",
                "Base",
                "Modifiers",
                "Cost",
                "SP left",
            ]);
            for o in &found.options {
                let mods: Vec<String> = o
                    .modifiers
                    .iter()
                    .map(|m| modifier(&o.name, &o.id, m))
                    .collect();
                t.add_row(vec![
                    format!("{} ({})", o.name, o.id),
                    o.kind.clone(),
                    factions_and(&o.factions),
                    o.base.to_string(),
                    mods.join("\n"),
                    o.cost.to_string(),
                    o.left.map_or(String::new(), |l| l.to_string()),
                ]);
            }
            writeln!(w, "{t}")
        }
    })?;
    Ok(0)
}
