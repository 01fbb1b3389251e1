//! `fleetcheck search TEXT`: cards by name with filters.
//!
//! TEXT matches anywhere in a card's name (normalised as in fleet files:
//! case, spacing, apostrophes) or is a card id. Filters: `--type` (a card
//! type such as `ship`, `captain`, `fleet-captain`, or an upgrade slot type
//! such as `crew`, `tech`: cards that can fill that slot), `--faction`,
//! `--class` (ships of that class, by class name or id), `--max-cost`,
//! `--unique` (unique or Mirror Universe unique), `--set` (cards of a set,
//! by id or by text in the set's name: an expansion's contents), `--all` (builder helper
//! cards of another game mode too; they are left out otherwise, and a
//! search that only they match says so). Results are sorted by
//! type, then name, then id. No match is not an error: "no cards match",
//! exit code 0. An unknown type, faction, class or set is a usage error (exit
//! code 2) listing the known values.

use super::check::{print, render_options};
use super::{Common, Output};
use anyhow::bail;
use clap::Args;
use fleetcheck_data::model::{Card, CardType, SLOT_TYPES};
use fleetcheck_data::{normalize, Database};
use fleetcheck_report::card::{render_list, view};

#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    /// Text to find in card names (case-insensitive), or a card id.
    #[arg(default_value = "")]
    pub text: String,
    /// Card type or upgrade slot type (ship, captain, crew, tech, ...).
    #[arg(long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    /// Only cards of this faction (e.g. federation, "mirror universe").
    #[arg(long)]
    pub faction: Option<String>,
    /// Only ships of this class (name or id).
    #[arg(long)]
    pub class: Option<String>,
    /// Only cards whose printed cost is at most this.
    #[arg(long, value_name = "SP")]
    pub max_cost: Option<i32>,
    /// Only unique cards.
    #[arg(long)]
    pub unique: bool,
    /// Only cards of this set: a set id (71531) or text in the set's name
    /// ("Enterprise-E"; every set whose name contains it).
    #[arg(long)]
    pub set: Option<String>,
    /// Also list the builder's helper cards of another game mode (set 80000
    /// "Builder", AP ids), which are not in any card pool.
    #[arg(long)]
    pub all: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// `--type`: a card type or a slot type.
#[derive(Debug, Clone, PartialEq, Eq)]
enum TypeFilter {
    Card(CardType),
    Slot(String),
}

/// "Fleet Captain", "fleet_captain" -> "fleet-captain".
fn keyword(s: &str) -> String {
    normalize(s).replace([' ', '_'], "-")
}

fn type_filter(s: &str) -> anyhow::Result<TypeFilter> {
    let k = keyword(s);
    if let Some(t) = CardType::ALL.iter().find(|t| t.as_str() == k) {
        return Ok(TypeFilter::Card(*t));
    }
    if SLOT_TYPES.contains(&k.as_str()) {
        return Ok(TypeFilter::Slot(k));
    }
    let mut known: Vec<&str> = CardType::ALL.iter().map(|t| t.as_str()).collect();
    known.extend(SLOT_TYPES);
    bail!(
        "unknown --type {s:?}{}; known: {}",
        did_you_mean(&k, known.iter().copied()),
        known.join(", ")
    )
}

fn did_you_mean<'a>(q: &str, known: impl Iterator<Item = &'a str>) -> String {
    closest(q, known).map_or(String::new(), |k| format!(" (did you mean {k:?}?)"))
}

use fleetcheck_input::suggest::closest;

fn faction_filter(db: &Database, s: &str) -> anyhow::Result<String> {
    let k = keyword(s);
    let mut known: Vec<&str> = db
        .cards
        .iter()
        .flat_map(|c| c.factions.iter().map(String::as_str))
        .collect();
    known.sort_unstable();
    known.dedup();
    if known.contains(&k.as_str()) {
        return Ok(k);
    }
    bail!(
        "unknown --faction {s:?}{}; known: {}",
        did_you_mean(&k, known.iter().copied()),
        known.join(", ")
    )
}

fn class_filter(db: &Database, s: &str) -> anyhow::Result<String> {
    let n = normalize(s);
    if let Some(c) = db
        .classes
        .iter()
        .find(|c| c.id.to_lowercase() == n || normalize(&c.name) == n)
    {
        return Ok(c.id.clone());
    }
    bail!(
        "unknown --class {s:?}{}",
        did_you_mean(&n, db.classes.iter().map(|c| c.name.as_str()))
    )
}

/// The ids of the sets `s` names (`Database::sets_named`: a set's id or
/// product number, its whole name, the start or any part of its name).
fn set_filter(db: &Database, s: &str) -> anyhow::Result<Vec<String>> {
    let ids: Vec<String> = db.sets_named(s).iter().map(|x| x.id.clone()).collect();
    if ids.is_empty() {
        let n = normalize(s);
        bail!(
            "unknown --set {s:?}{}: give a set id or text in a set's name",
            did_you_mean(&n, db.sets.iter().map(|x| x.name.as_str()))
        )
    }
    Ok(ids)
}

/// Cards matching every filter, sorted by type, name, id; builder helpers
/// only with `--all`.
fn find<'a>(db: &'a Database, args: &SearchArgs) -> anyhow::Result<Vec<&'a Card>> {
    let mut out = find_any(db, args)?;
    if !args.all {
        out.retain(|c| !c.helper);
    }
    Ok(out)
}

/// Cards matching every filter, builder helpers included.
fn find_any<'a>(db: &'a Database, args: &SearchArgs) -> anyhow::Result<Vec<&'a Card>> {
    let kind = args.kind.as_deref().map(type_filter).transpose()?;
    let faction = args
        .faction
        .as_deref()
        .map(|f| faction_filter(db, f))
        .transpose()?;
    let class = args
        .class
        .as_deref()
        .map(|c| class_filter(db, c))
        .transpose()?;
    let sets = args.set.as_deref().map(|s| set_filter(db, s)).transpose()?;
    let text = normalize(&args.text);
    let mut out: Vec<&Card> = db
        .cards
        .iter()
        .filter(|c| {
            text.is_empty()
                || normalize(&c.name).contains(&text)
                || c.id.eq_ignore_ascii_case(&text)
                || c.alias_ids.iter().any(|a| a.eq_ignore_ascii_case(&text))
        })
        .filter(|c| match &kind {
            None => true,
            Some(TypeFilter::Card(t)) => c.kind == *t,
            Some(TypeFilter::Slot(s)) => {
                c.slot.as_deref() == Some(s.as_str()) || c.rules.either_slot.contains(s)
            }
        })
        .filter(|c| faction.as_ref().is_none_or(|f| c.factions.contains(f)))
        .filter(|c| class.as_ref().is_none_or(|k| c.class.as_ref() == Some(k)))
        .filter(|c| args.max_cost.is_none_or(|m| c.cost <= m))
        .filter(|c| !args.unique || c.unique || c.mirror_unique)
        .filter(|c| {
            sets.as_ref()
                .is_none_or(|s| c.sets.iter().any(|x| s.contains(x)))
        })
        .collect();
    out.sort_by_cached_key(|c| (c.kind, normalize(&c.name), c.id.clone()));
    Ok(out)
}

pub fn run(args: &SearchArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let cards = find(db, args)?;
    let ropts = render_options(&args.common);
    print(|w| match args.common.output {
        Output::Json => fleetcheck_report::json::render_with(w, "search", |r| {
            r.cards = Some(
                cards
                    .iter()
                    .map(|c| fleetcheck_report::model::payload(&view(db, c)))
                    .collect(),
            );
        }),
        _ if cards.is_empty() => {
            writeln!(w, "no cards match")?;
            // Say so when only builder helpers match, rather than hide them.
            let helpers = if args.all {
                0
            } else {
                find_any(db, args).map_or(0, |c| c.len())
            };
            if helpers > 0 {
                writeln!(
                    w,
                    "({helpers} builder helper card{} of another game mode match{}: add --all to list {})",
                    if helpers == 1 { "" } else { "s" },
                    if helpers == 1 { "es" } else { "" },
                    if helpers == 1 { "it" } else { "them" }
                )?;
            }
            Ok(())
        }
        _ => {
            render_list(w, db, &cards, &ropts)?;
            let n = cards.len();
            writeln!(w, "{n} card{}", if n == 1 { "" } else { "s" })
        }
    })?;
    Ok(0)
}
