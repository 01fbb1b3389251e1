//! `fleetcheck data check [--data DIR] [--unmodeled] [-o table|json|github]`:
//! every problem of the card database (exit 1 when any; builder helpers must
//! be marked `helper` and filed under `cards/builder/`), and with
//! `--unmodeled` every card with fleet-building rules the database does not
//! model, by kind tag with its description (`fleetcheck_data::unmodeled`).
//!
//! Re-importing the Utopia data, and quoting the unmodeled rules' phrases
//! from it (`unmodeled --from RAW`, which prints this report with them), are
//! the maintainer's tool's (`cargo run -p fleetcheck-dev`), not the user's.

use super::{Common, Output};
use clap::{Args, Subcommand};
use fleetcheck_data::unmodeled::{self, Phrase};
use fleetcheck_data::validate::{self, Problem};
use fleetcheck_report::github;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

#[derive(Debug, Subcommand)]
// Each command's arguments are built only when clap needs them (the
// command run, its help, man pages, completions): start-up is measured.
#[command(defer = true)]
pub enum DataCommand {
    /// Validate the card database: unique ids, references, rules, no ability text.
    Check(DataCheckArgs),
}

#[derive(Debug, Clone, Args)]
pub struct DataCheckArgs {
    /// Also list every card with a fleet-building rule the database does not
    /// model, by kind: a tag and what it means (the database stores the tag,
    /// never the card's text).
    #[arg(long)]
    pub unmodeled: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(cmd: &DataCommand) -> anyhow::Result<i32> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cmd {
        DataCommand::Check(a) => check(a, &mut out),
    }
}

/// One card with unmodeled rules (`--unmodeled`).
#[derive(Debug, Serialize)]
pub struct UnmodeledCard {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// Its unmodeled rules, one per tag, in the card's order.
    pub tags: Vec<UnmodeledTag>,
}

/// One unmodeled rule kind of a card.
#[derive(Debug, Serialize)]
pub struct UnmodeledTag {
    pub tag: String,
    /// The tag's description (`fleetcheck_data::unmodeled::TAGS`).
    pub description: String,
    /// With `fleetcheck-dev unmodeled --from`: the card's phrases of this
    /// kind in the raw source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phrases: Option<Vec<String>>,
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

/// The raw data's unmodeled rule phrases by card id (read by the
/// maintainer's tool; the card's own words, never stored).
pub type Phrases = BTreeMap<String, Vec<Phrase>>;

/// The cards with unmodeled rules, in natural id order; with `phrases`, the
/// phrases of each rule quoted from the raw data.
fn unmodeled_cards(
    db: &fleetcheck_data::Database,
    phrases: Option<&Phrases>,
) -> Vec<UnmodeledCard> {
    let mut list: Vec<UnmodeledCard> = db
        .cards
        .iter()
        .filter(|c| !c.rules.unmodeled.is_empty())
        .map(|c| UnmodeledCard {
            id: c.id.clone(),
            name: c.name.clone(),
            kind: c.kind.as_str().to_string(),
            tags: c
                .rules
                .unmodeled
                .iter()
                .map(|tag| UnmodeledTag {
                    tag: tag.clone(),
                    description: unmodeled::description(tag)
                        .unwrap_or("not a known tag (see the problems)")
                        .to_string(),
                    phrases: phrases.map(|all| {
                        // The card's phrases under its id or an alias id.
                        std::iter::once(&c.id)
                            .chain(&c.alias_ids)
                            .filter_map(|id| all.get(id))
                            .flatten()
                            .filter(|p| p.tag == tag.as_str())
                            .map(|p| p.text.clone())
                            .collect()
                    }),
                })
                .collect(),
        })
        .collect();
    list.sort_by(|a, b| {
        fleetcheck_data::natural_key(&a.id).cmp(&fleetcheck_data::natural_key(&b.id))
    });
    list
}

/// `data check`, writing to `out`; the exit code.
pub fn check(args: &DataCheckArgs, out: &mut dyn Write) -> anyhow::Result<i32> {
    check_quoting(args, None, out)
}

/// `data check` with, for `--unmodeled`, each rule's phrases quoted from
/// the raw data read from the folder `from` (`fleetcheck-dev unmodeled
/// --from`); the exit code.
pub fn check_quoting(
    args: &DataCheckArgs,
    quoted: Option<(&Path, &Phrases)>,
    out: &mut dyn Write,
) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let problems = validate::check(db, validate::Options::full());
    let helpers = db.cards.iter().filter(|c| c.helper).count();
    let counted = if helpers == 0 {
        format!("{} cards", db.cards.len())
    } else {
        format!(
            "{} cards ({helpers} of them builder helpers, in no card pool)",
            db.cards.len()
        )
    };
    // Read everything before writing anything.
    let unmodeled = args
        .unmodeled
        .then(|| unmodeled_cards(db, quoted.map(|(_, p)| p)));
    let from = quoted.map(|(dir, _)| dir);
    match args.common.output {
        Output::Json => {
            let report = CheckReport {
                ok: problems.is_empty(),
                cards: db.cards.len(),
                helpers,
                problems: &problems,
                unmodeled: unmodeled.as_deref(),
            };
            fleetcheck_report::json::render_with(out, "data-check", |r| {
                r.data = Some(fleetcheck_report::model::payload(&report));
            })?;
        }
        Output::Github => {
            for p in &problems {
                writeln!(
                    out,
                    "::error file={}::{}",
                    github::escape_property(&format!("data/staw/{}", p.file)),
                    github::escape_data(&annotation(p))
                )?;
            }
            for u in unmodeled.iter().flatten() {
                for t in &u.tags {
                    let mut message = format!(
                        "{} {}: unmodeled {}: {}",
                        u.id, u.name, t.tag, t.description
                    );
                    for ph in t.phrases.iter().flatten() {
                        message.push_str(&format!("; source: \"{ph}\""));
                    }
                    writeln!(out, "::notice::{}", github::escape_data(&message))?;
                }
            }
        }
        Output::Table | Output::Markdown | Output::Csv => {
            if let Some(list) = &unmodeled {
                write_unmodeled_table(out, list, from)?;
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

/// The `--unmodeled` table and its summary line.
fn write_unmodeled_table(
    out: &mut dyn Write,
    list: &[UnmodeledCard],
    from: Option<&Path>,
) -> anyhow::Result<()> {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED);
    // A fixed width, so that long lines wrap the same way on a terminal and
    // in a pipe.
    t.set_content_arrangement(comfy_table::ContentArrangement::Dynamic);
    t.set_width(120);
    let what = if from.is_some() {
        "unmodeled rules: kind, what it does, the source's phrases"
    } else {
        "unmodeled rules: kind, what it does"
    };
    t.set_header(["id", "name", "type", what]);
    let mut by_tag: Vec<(&str, usize)> = Vec::new();
    for u in list {
        let mut cell: Vec<String> = Vec::new();
        for tag in &u.tags {
            cell.push(format!("{}: {}", tag.tag, tag.description));
            match &tag.phrases {
                Some(ps) if ps.is_empty() => {
                    cell.push("source: no phrase of this kind".into());
                }
                Some(ps) => cell.extend(ps.iter().map(|p| format!("source: \"{p}\""))),
                None => {}
            }
            match by_tag.iter_mut().find(|(n, _)| *n == tag.tag) {
                Some((_, count)) => *count += 1,
                None => by_tag.push((&tag.tag, 1)),
            }
        }
        t.add_row([
            u.id.clone(),
            u.name.clone(),
            u.kind.clone(),
            cell.join("\n"),
        ]);
    }
    // Ids, names and types never wrap; the rules take the rest.
    for i in 0..3 {
        if let Some(c) = t.column_mut(i) {
            c.set_constraint(comfy_table::ColumnConstraint::ContentWidth);
        }
    }
    writeln!(out, "{t}")?;
    // The summary counts the kinds in vocabulary order.
    let rank = |n: &str| {
        unmodeled::TAGS
            .iter()
            .position(|t| t.name == n)
            .unwrap_or(usize::MAX)
    };
    by_tag.sort_by(|a, b| rank(a.0).cmp(&rank(b.0)).then(a.0.cmp(b.0)));
    let total: usize = by_tag.iter().map(|(_, n)| n).sum();
    let kinds: Vec<String> = by_tag.iter().map(|(n, c)| format!("{c} {n}")).collect();
    writeln!(
        out,
        "{} cards with {total} unmodeled rules ({})",
        list.len(),
        kinds.join(", ")
    )?;
    if let Some(dir) = from {
        writeln!(
            out,
            "phrases quoted from {} at run time; the database stores only the kinds",
            dir.display()
        )?;
    }
    Ok(())
}

fn annotation(p: &Problem) -> String {
    match &p.id {
        Some(id) => format!("{id}: {}", p.message),
        None => p.message.clone(),
    }
}
