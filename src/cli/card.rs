//! `fleetcheck card QUERY`: one card's facts and fleet-building rules.
//!
//! The query is a card id (any case) or a card name (normalised as in fleet
//! files). A name shared by several cards is exit code 2 with the list of
//! candidates and the ids that pick them; an unknown query is exit code 2
//! with "did you mean" suggestions. Both go to stderr.

use super::check::print;
use super::{Common, Output};
use clap::Args;
use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use fleetcheck_report::card::{render_card, render_list, view};
use fleetcheck_report::RenderOptions;

#[derive(Debug, Clone, Args)]
pub struct CardArgs {
    /// A card id (`T240`) or name (`"Cloaking Device"`).
    pub query: String,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// What a query names.
#[derive(Debug)]
pub enum Lookup<'a> {
    One(&'a Card),
    Several(Vec<&'a Card>),
    None { suggestions: Vec<&'a Card> },
}

/// Looks a query up: an id first, then a name.
pub fn lookup<'a>(db: &'a Database, query: &str) -> Lookup<'a> {
    if let Some(c) = db.by_id(query) {
        return Lookup::One(c);
    }
    let mut named = db.by_name(query);
    match named.len() {
        0 => Lookup::None {
            suggestions: db.suggest(query, &[], 5),
        },
        1 => Lookup::One(named[0]),
        _ => {
            named.sort_by(|a, b| (a.kind, &a.id).cmp(&(b.kind, &b.id)));
            Lookup::Several(named)
        }
    }
}

pub fn run(args: &CardArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    match lookup(db, &args.query) {
        Lookup::One(card) => {
            print(|w| match args.common.output {
                Output::Json => fleetcheck_report::json::render_with(w, "card", |r| {
                    r.card = Some(fleetcheck_report::model::payload(&view(db, card)));
                }),
                // Annotations make no sense for a card: print the facts.
                _ => render_card(w, db, card),
            })?;
            Ok(0)
        }
        Lookup::Several(cards) => {
            let mut text = Vec::new();
            render_list(&mut text, db, &cards, &RenderOptions::default())?;
            let message = format!(
                "\"{}\" names {} cards; ask for one by its id, e.g. `fleetcheck card {}`\n{}",
                args.query.trim(),
                cards.len(),
                cards[0].id,
                String::from_utf8_lossy(&text).trim_end()
            );
            // Said here: the table of the cards is lines of its own (a
            // refusal is said on one line).
            eprintln!("error: {message}");
            Err(super::refusal::Refusal::new(message).said().into())
        }
        Lookup::None { suggestions } => {
            let message = format!("no card has the id or name \"{}\"", args.query.trim());
            eprintln!("error: {message}");
            let mut refusal = super::refusal::Refusal::new(message).said();
            if !suggestions.is_empty() {
                let names: Vec<String> = suggestions
                    .iter()
                    .map(|c| format!("\"{}\"", c.name))
                    .collect();
                let help = format!("did you mean {}?", names.join(", "));
                eprintln!("help: {help}");
                refusal = refusal.help(help);
            }
            Err(refusal.into())
        }
    }
}
