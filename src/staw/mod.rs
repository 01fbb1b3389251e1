//! The legality engine: the cost model, then one file per rule.
//!
//! `check_source` runs the pipeline on one file:
//! 1. parse (`fleet::tree`) and read the keys (`fleet::read`): `parse`,
//!    `shape`, `unknown-key`, `empty`;
//! 2. pick the format and the evaluation date: `unknown-format`;
//! 3. resolve every card reference (`fleet::resolve`): `unknown-card`,
//!    `ambiguous-card`, `wrong-card-type`;
//! 4. if the file could be read, price it (`analysis`, `cost`, `slots`,
//!    `resource`) and run every rule of `RULES`.
//!
//! Input errors (step 1-3) stop before pricing: a fleet with an unknown
//! card has no meaningful total. Rules push diagnostics and never stop.

pub mod analysis;
pub mod card_refs;
pub mod class_facts;
pub mod condition;
pub mod cost;
pub mod exceed;
pub mod faction;
pub mod fleet;
pub mod resource;
pub mod ship_cards;
pub mod slot_terms;
pub mod slots;
pub mod species;
pub mod swap;
pub mod words;

mod admiral_limit;
mod captain;
mod card_pool;
mod op_banned;
mod oversized;
mod resource_rules;
mod restriction;
mod retired;
mod ship_count;
mod ship_limits;
mod ship_sp_cap;
mod sideboard;
mod slot;
mod sp_cap;
mod squadrons;
mod unique;

use crate::data::Database;
use crate::input::diag::{Diagnostic, Source};
use crate::staw::fleet::read;
use crate::input::tree;
use crate::staw::fleet::resolve;
use crate::report::model::{
    CardRef, CardReport, FleetReport, ResourceReport, ShipReport, SideboardCard, SideboardReport,
};
use crate::report::Checked;
use analysis::Analysis;

pub use crate::staw::fleet::resolve::upgrade_types;

/// How to check a fleet: overrides from the command line.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// `--format`: use this format instead of the fleet's own.
    pub format: Option<String>,
    /// `--as-of` (YYYY-MM-DD): overrides the fleet's `as_of`.
    pub as_of: Option<String>,
    /// Today's date (YYYY-MM-DD), the default evaluation date. Passed in so
    /// that tests are reproducible.
    pub today: String,
}

/// One rule of the engine: the codes it reports and its check.
pub struct Rule {
    /// A short name (the file that holds it).
    pub name: &'static str,
    /// The diagnostic codes it may report.
    pub codes: &'static [&'static str],
    /// What it enforces, in one line.
    pub summary: &'static str,
    pub check: fn(&Analysis, &mut Vec<Diagnostic>),
}

/// Every rule, in the order they run.
pub const RULES: &[Rule] = &[
    slot::RULE,
    captain::RULE,
    admiral_limit::RULE,
    unique::RULE,
    restriction::RULE,
    resource_rules::RULE,
    retired::RULE,
    sideboard::RULE,
    sp_cap::RULE,
    ship_count::RULE,
    ship_sp_cap::RULE,
    oversized::RULE,
    card_pool::RULE,
    op_banned::RULE,
];

/// The default format of a fleet file without `format`.
pub const DEFAULT_FORMAT: &str = "standard";

/// Checks one STAW fleet file: parses it, resolves every card, prices
/// every card and checks every rule. Never panics; every problem is a
/// diagnostic of the returned `Checked`.
pub fn check_source(db: &Database, source: Source, opts: &CheckOptions) -> Checked {
    run(db, source, opts, &mut |_| {})
}

/// `check_source`, plus the Reinforcements Sideboard's swap plan
/// (`swap::plan`; empty when the file could not be priced or has no
/// sideboard).
pub fn check_with_swaps(
    db: &Database,
    source: Source,
    opts: &CheckOptions,
) -> (Checked, Vec<swap::Swap>) {
    let mut plan = Vec::new();
    let checked = run(db, source, opts, &mut |a| plan = swap::plan(a));
    (checked, plan)
}

/// The pipeline; `visit` sees the priced fleet when there is one.
fn run(
    db: &Database,
    source: Source,
    opts: &CheckOptions,
    visit: &mut dyn FnMut(&Analysis),
) -> Checked {
    let mut diags = Vec::new();
    let mut report = FleetReport {
        file: source.path.clone(),
        game: "staw".into(),
        ..Default::default()
    };
    // Diagnostics in file order, as a compiler reports them; fleet-wide
    // findings without a place come last.
    let done = |report, mut diags: Vec<Diagnostic>, source| {
        diags.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
        Checked {
            source: Some(source),
            report,
            diagnostics: diags,
            text: None,
        }
    };
    let root = match tree::parse(&source.text) {
        Ok(r) => r,
        Err(e) => {
            diags.push(
                Diagnostic::error("parse", format!("TOML syntax error: {}", e.message))
                    .with_span(e.span),
            );
            return done(report, diags, source);
        }
    };
    let raw = read::read(&root, &mut diags);
    if raw.empty {
        diags.push(
            Diagnostic::error("empty", "the fleet file is empty")
                .with_span(Some(0..0))
                .with_help("a fleet file lists its ships as [[ship]] tables, each with ship = \"...\" and captain = \"...\""),
        );
        return done(report, diags, source);
    }
    if let Some(g) = &raw.game {
        let game = g.value.trim().to_lowercase();
        if game != "staw" {
            if let Some(c) = crate::games::check(&game, source.clone()) {
                return c;
            }
            let known: Vec<&str> = std::iter::once("staw")
                .chain(crate::games::GAMES.iter().copied())
                .collect();
            diags.push(
                Diagnostic::error("unknown-game", format!("unknown game {:?}", g.value))
                    .with_span(Some(g.span.clone()))
                    .with_help(format!("known games: {}", known.join(", "))),
            );
            return done(report, diags, source);
        }
    }
    report.name = raw.name.as_ref().map(|n| n.value.clone());
    report.additional_points = raw
        .additional_points
        .as_ref()
        .map(|a| i32::try_from(a.value).unwrap_or(i32::MAX));

    // The format: --format, else the file's, else the default.
    let (format_id, format_span) = match (&opts.format, &raw.format) {
        (Some(f), _) => (f.trim().to_string(), None),
        (None, Some(f)) => (f.value.trim().to_string(), Some(f.span.clone())),
        (None, None) => (DEFAULT_FORMAT.to_string(), None),
    };
    let format = db.format(&format_id);
    match format {
        Some(f) => report.format = Some(f.id.clone()),
        None => {
            let known: Vec<&str> = db.formats.iter().map(|f| f.id.as_str()).collect();
            let by = if format_span.is_some() {
                ""
            } else {
                " (--format)"
            };
            diags.push(
                Diagnostic::error(
                    "unknown-format",
                    format!("unknown format {format_id:?}{by}"),
                )
                .with_span(format_span.clone())
                .with_help(format!("known formats: {}", known.join(", "))),
            );
        }
    }
    // The evaluation date: --as-of, else the file's as_of, else today.
    let date = match (&opts.as_of, &raw.as_of) {
        (Some(d), _) => {
            if read::parse_date(d.trim()).is_none() {
                diags.push(Diagnostic::error(
                    "shape",
                    format!("--as-of {d:?} is not a valid date (YYYY-MM-DD)"),
                ));
            }
            Some(d.trim().to_string())
        }
        (None, Some(d)) => Some(d.value.clone()),
        (None, None) => {
            Some(opts.today.trim().to_string()).filter(|d| read::parse_date(d).is_some())
        }
    };
    report.as_of = date.clone();

    let fleet = resolve::resolve(db, &raw, &mut diags);
    let (Some(fleet), Some(format)) = (fleet, format) else {
        return done(report, diags, source);
    };
    if diags.iter().any(Diagnostic::is_input_error) {
        return done(report, diags, source);
    }
    // The cap: the file's sp_cap when the file's own format is used. The
    // span is filled in by the analysis (`Analysis::fleet_span`).
    let cap = match (&raw.sp_cap, &opts.format) {
        (Some(c), None) => Some((
            i32::try_from(c.value).unwrap_or(i32::MAX),
            "set by the file's sp_cap".to_string(),
        )),
        _ => format
            .sp_cap
            .map(|c| (c, format!("of format {}", format.id))),
    };
    let a = analysis::analyse(db, format, date, &raw, &fleet, cap);
    for rule in RULES {
        (rule.check)(&a, &mut diags);
    }
    visit(&a);
    fill_report(&mut report, &a);
    done(report, diags, source)
}

/// Copies the priced fleet into the wire report.
fn fill_report(r: &mut FleetReport, a: &Analysis) {
    r.not_tournament_legal = a.format.sandbox;
    r.total = Some(a.total);
    r.cap = a.cap.as_ref().map(|c| c.0);
    r.ships = a
        .ships
        .iter()
        .map(|s| ShipReport {
            ship: CardRef {
                id: s.entry.ship.card.id.clone(),
                name: s.entry.ship.card.name.clone(),
            },
            cost: s.price.cost,
            modifiers: s.price.modifiers.clone(),
            total: s.total,
            cards: s
                .cards
                .iter()
                .map(|c| CardReport {
                    id: c.placed.card.id.clone(),
                    name: c.placed.card.name.clone(),
                    kind: c.role.as_str().into(),
                    slot: c.slot.clone(),
                    base: c.price.base,
                    modifiers: c.price.modifiers.clone(),
                    cost: c.price.cost,
                })
                .collect(),
        })
        .collect();
    r.resource = a.resource.as_ref().map(|res| ResourceReport {
        id: res.placed.card.id.clone(),
        name: res.placed.card.name.clone(),
        cost: res.price.cost,
        modifiers: res.price.modifiers.clone(),
    });
    r.sideboard = a.sideboard.as_ref().map(|sb| SideboardReport {
        total: sb.total,
        cap: sideboard::CAP,
        cards: sb
            .cards
            .iter()
            .map(|(c, p)| SideboardCard {
                section: c.section.value.clone(),
                card: CardReport {
                    id: c.card.card.id.clone(),
                    name: c.card.card.name.clone(),
                    kind: c.card.card.kind.as_str().into(),
                    slot: c.card.card.slot.clone(),
                    base: p.base,
                    modifiers: p.modifiers.clone(),
                    cost: p.cost,
                },
            })
            .collect(),
    });
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod registry_tests {
    use super::*;

    #[test]
    fn rule_codes_are_unique_and_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            for c in r.codes {
                assert!(seen.insert(*c), "code {c} is reported by two rules");
                assert!(
                    c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                    "{c} is not kebab-case"
                );
                assert!(
                    !crate::input::diag::INPUT_ERROR_CODES.contains(c),
                    "rule code {c} would be an input error"
                );
            }
        }
    }
}
