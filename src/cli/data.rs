//! `fleetcheck data ...`: validate and re-import the card database.
//!
//! - `data check [--data DIR] [--unmodeled] [-o table|json|github]`: every
//!   problem of the database (exit 1 when any; builder helpers must be
//!   marked `helper` and filed under `cards/builder/`), and with
//!   `--unmodeled` every card with rule phrases the database does not model.
//! - `data import-utopia INPUT [--out DIR]`: the importer (`crate::import`);
//!   exit 2 with a message naming the raw file and card when the input is
//!   bad, and nothing written.

use super::{Common, Output};
use crate::import::validate::{self, Problem};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Validate the card database: unique ids, references, rules, no ability text.
    Check(DataCheckArgs),
    /// Import the raw Utopia card data (JSON) into a database directory.
    ImportUtopia(ImportArgs),
}

#[derive(Debug, Clone, Args)]
pub struct DataCheckArgs {
    /// List every card with a rule phrase the database does not model.
    #[arg(long)]
    pub unmodeled: bool,
    #[command(flatten)]
    pub common: Common,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// The raw data folder (e.g. ../shared/reference/staw-utopia).
    pub input: PathBuf,
    /// The database directory to write.
    #[arg(long, default_value = "data/staw")]
    pub out: PathBuf,
}

pub fn run(cmd: &DataCommand) -> anyhow::Result<i32> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cmd {
        DataCommand::Check(a) => check(a, &mut out),
        DataCommand::ImportUtopia(a) => import(a, &mut out),
    }
}

/// One card with unmodeled rule phrases (`--unmodeled`).
#[derive(Debug, Serialize)]
pub struct UnmodeledCard {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub phrases: Vec<String>,
}

#[derive(Serialize)]
struct CheckReport<'a> {
    ok: bool,
    cards: usize,
    /// Of `cards`, builder helpers of another game mode (in no card pool).
    helpers: usize,
    problems: &'a [Problem],
    #[serde(skip_serializing_if = "Option::is_none")]
    unmodeled: Option<&'a [UnmodeledCard]>,
}

/// `data check`, writing to `out`; the exit code.
pub fn check(args: &DataCheckArgs, out: &mut dyn Write) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let problems = validate::check(&db, validate::Options::full());
    let helpers = db.cards.iter().filter(|c| c.helper).count();
    let counted = if helpers == 0 {
        format!("{} cards", db.cards.len())
    } else {
        format!(
            "{} cards ({helpers} of them builder helpers, in no card pool)",
            db.cards.len()
        )
    };
    let unmodeled: Option<Vec<UnmodeledCard>> = args
        .unmodeled
        .then(|| {
            db.cards
                .iter()
                .filter(|c| !c.rules.unmodeled.is_empty())
                .map(|c| UnmodeledCard {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    kind: c.kind.as_str().to_string(),
                    phrases: c.rules.unmodeled.clone(),
                })
                .collect::<Vec<_>>()
        })
        .map(|mut list| {
            list.sort_by(|a, b| {
                crate::import::write::natural_key(&a.id)
                    .cmp(&crate::import::write::natural_key(&b.id))
            });
            list
        });
    match args.common.output {
        Output::Json => {
            let report = CheckReport {
                ok: problems.is_empty(),
                cards: db.cards.len(),
                helpers,
                problems: &problems,
                unmodeled: unmodeled.as_deref(),
            };
            serde_json::to_writer_pretty(&mut *out, &report)?;
            writeln!(out)?;
        }
        Output::Github => {
            for p in &problems {
                writeln!(out, "::error file=data/staw/{}::{}", p.file, annotation(p))?;
            }
            for u in unmodeled.iter().flatten() {
                for ph in &u.phrases {
                    writeln!(out, "::notice::{} {}: unmodeled: {}", u.id, u.name, ph)?;
                }
            }
        }
        Output::Table => {
            if let Some(list) = &unmodeled {
                let mut t = comfy_table::Table::new();
                t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED);
                // A fixed width, so that long phrases wrap the same way on
                // a terminal and in a pipe.
                t.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
                t.set_width(120);
                t.set_header(["id", "name", "type", "unmodeled rule phrases"]);
                for u in list {
                    t.add_row([
                        u.id.clone(),
                        u.name.clone(),
                        u.kind.clone(),
                        u.phrases.join("\n"),
                    ]);
                }
                writeln!(out, "{t}")?;
                let phrases: usize = list.iter().map(|u| u.phrases.len()).sum();
                writeln!(
                    out,
                    "{} cards with {} unmodeled rule phrases",
                    list.len(),
                    phrases
                )?;
            }
            for p in &problems {
                writeln!(out, "error: {p}")?;
            }
            if problems.is_empty() {
                writeln!(out, "ok: {counted}, no problems")?;
            } else {
                writeln!(out, "{} problems in {counted}", problems.len())?;
            }
        }
    }
    Ok(if problems.is_empty() { 0 } else { 1 })
}

fn annotation(p: &Problem) -> String {
    match &p.id {
        Some(id) => format!("{id}: {}", p.message),
        None => p.message.clone(),
    }
}

/// `data import-utopia`, writing a summary to `out`; the exit code.
pub fn import(args: &ImportArgs, out: &mut dyn Write) -> anyhow::Result<i32> {
    let imported = match crate::import::run(&args.input, &args.out) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("nothing was written to {}", args.out.display());
            return Ok(2);
        }
    };
    let mut by_type: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in &imported.cards {
        *by_type.entry(c.kind.as_str()).or_default() += 1;
    }
    writeln!(
        out,
        "imported {} cards into {}",
        imported.cards.len(),
        args.out.display()
    )?;
    for (t, n) in &by_type {
        writeln!(out, "  {t}: {n}")?;
    }
    writeln!(
        out,
        "excluded {} raw entries (excluded.toml)",
        imported.excluded.len()
    )?;
    for n in &imported.notes {
        writeln!(out, "note: {n}")?;
    }
    let c = &imported.coverage;
    writeln!(
        out,
        "rule phrases: {} of {} cards fully modeled ({}%); restriction/cost phrases: {} of {} ({}%)",
        c.fully_modeled,
        c.cards_with_rule_phrases,
        c.percent,
        c.restriction_or_cost_fully_modeled,
        c.cards_with_restriction_or_cost_phrases,
        c.restriction_or_cost_percent
    )?;
    Ok(0)
}
