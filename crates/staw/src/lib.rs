//! The legality engine: the cost model, then one file per rule.
//!
//! [`analyse`] runs the pipeline on one file:
//! 1. parse (`input::tree`) and read the keys (`fleet::read`): `parse`,
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
mod card_refs;
mod class_facts;
mod codes;
pub mod condition;
pub mod cost;
pub mod event;
mod exceed;
mod face_down;
mod faction;
pub mod fingerprint;
pub mod fleet;
mod fleet_captain;
mod limited;
mod resource;
mod ship_cards;
mod ship_factions;
mod slot_terms;
mod slots;
mod species;
mod state;
pub mod swap;
mod target;
mod view;
pub mod words;

mod admiral_limit;
mod captain;
mod card_pool;
mod equivalent;
mod held;
mod op_banned;
mod oversized;
mod resource_rules;
mod restriction;
mod retired;
mod ship_count;
mod ship_limits;
mod ship_sp_cap;
pub mod sideboard;
mod slot;
mod small_craft;
mod sp_cap;
mod squadrons;
mod unique;

use crate::fleet::read;
use crate::fleet::resolve;
use analysis::Analysis;
use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree;

pub use crate::fleet::resolve::upgrade_types;
pub use codes::Code;
pub use resource::resource_of;
pub use slots::Slot;

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
    /// An event's SP cap: overrides the format's and the file's `sp_cap`.
    pub sp_cap: Option<i32>,
    /// Nothing will show the fleet's fingerprint (`check` with the table
    /// or GitHub output): the report leaves it out rather than compute it.
    pub skip_fingerprint: bool,
}

/// One rule of the engine: the codes it reports and its check.
pub struct Rule {
    /// A short name (the file that holds it).
    pub name: &'static str,
    /// The diagnostic codes it may report.
    pub codes: &'static [Code],
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
    equivalent::RULE,
    held::RULE,
];

/// The default format of a fleet file without `format`.
pub const DEFAULT_FORMAT: &str = "standard";

/// One STAW fleet file analysed: what was read from it, every diagnostic
/// (in file order; fleet-wide ones last), and what the caller's visitor
/// made of the priced fleet. The engine's own outcome: the report layer
/// turns it into a report.
#[derive(Debug, Clone)]
pub struct Analysed<R> {
    pub source: Source,
    pub diagnostics: Vec<Diagnostic>,
    /// The file's `name`.
    pub name: Option<String>,
    /// The file's `player`.
    pub player: Option<String>,
    /// The format used, when it is known.
    pub format: Option<String>,
    /// The evaluation date (YYYY-MM-DD).
    pub as_of: Option<String>,
    /// The file's `additional_points`.
    pub additional_points: Option<i32>,
    /// What the visitor returned on the priced fleet; `None` when the file
    /// could not be priced (an input error, an unknown format).
    pub priced: Option<R>,
}

impl<R> Analysed<R> {
    /// The same outcome with `f` applied to what the visitor returned.
    pub fn map<S>(self, f: impl FnOnce(R) -> S) -> Analysed<S> {
        Analysed {
            source: self.source,
            diagnostics: self.diagnostics,
            name: self.name,
            player: self.player,
            format: self.format,
            as_of: self.as_of,
            additional_points: self.additional_points,
            priced: self.priced.map(f),
        }
    }
}

/// THE pipeline of a STAW fleet file, the one that `check`, `price`,
/// `sideboard`, `options`, `export` and `import` all run: parses it, reads
/// its keys, picks the format and the date, resolves every card, prices
/// every card and checks every rule of [`RULES`]; then hands the priced
/// fleet to `visit`. Never panics; every problem is a diagnostic.
///
/// Which game a file is for is decided before, once, by the caller's
/// dispatcher (`games::which`); a file whose `game` is not `staw` is an
/// input error here.
pub fn analyse<R>(
    db: &Database,
    source: Source,
    opts: &CheckOptions,
    visit: impl FnOnce(&Analysis) -> R,
) -> Analysed<R> {
    let mut out = Analysed {
        source,
        diagnostics: Vec::new(),
        name: None,
        player: None,
        format: None,
        as_of: None,
        additional_points: None,
        priced: None,
    };
    pipeline(db, opts, &mut out, visit);
    // Diagnostics in file order, as a compiler reports them; fleet-wide
    // findings without a place come last.
    out.diagnostics
        .sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    out
}

fn pipeline<R>(
    db: &Database,
    opts: &CheckOptions,
    out: &mut Analysed<R>,
    visit: impl FnOnce(&Analysis) -> R,
) {
    let diags = &mut out.diagnostics;
    let Some(root) = tree::parse_reported(&out.source.text, diags) else {
        return;
    };
    let raw = read::read(&root, diags);
    if raw.empty {
        diags.push(
            Diagnostic::new(InputCode::Empty, "the fleet file is empty")
                .with_span(Some(0..0))
                .with_help("a fleet file lists its ships as [[ship]] tables, each with ship = \"...\" and captain = \"...\""),
        );
        return;
    }
    if let Some(g) = &raw.game {
        if !g.value.trim().eq_ignore_ascii_case(GAME) {
            diags.push(
                Diagnostic::new(
                    InputCode::UnknownGame,
                    format!("game {:?} is not a Star Trek: Attack Wing fleet", g.value),
                )
                .with_span(Some(g.span.clone())),
            );
            return;
        }
    }
    out.name = raw.name.as_ref().map(|n| n.value.clone());
    out.player = raw.player.as_ref().map(|n| n.value.clone());
    out.additional_points = raw
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
        Some(f) => out.format = Some(f.id.clone()),
        None => {
            let known: Vec<&str> = db.formats.iter().map(|f| f.id.as_str()).collect();
            let by = if format_span.is_some() {
                ""
            } else {
                " (--format)"
            };
            diags.push(
                Diagnostic::new(
                    InputCode::UnknownFormat,
                    format!("unknown format {format_id:?}{by}"),
                )
                .with_span(format_span.clone())
                .with_help(fleetcheck_input::suggest::help(
                    &format_id, "formats", known,
                )),
            );
        }
    }
    // The evaluation date: --as-of, else the file's as_of, else today.
    let date = match (&opts.as_of, &raw.as_of) {
        (Some(d), _) => {
            if read::parse_date(d.trim()).is_none() {
                diags.push(Diagnostic::new(
                    InputCode::Shape,
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
    out.as_of = date.clone();

    let judge = format.map(|format| OnItsShip {
        db,
        format,
        date: date.clone(),
    });
    let fleet = resolve::resolve_judged(
        db,
        &raw,
        judge.as_ref().map(|j| j as &dyn resolve::Judge),
        diags,
    );
    let (Some(fleet), Some(format)) = (fleet, format) else {
        return;
    };
    if diags.iter().any(Diagnostic::is_input_error) {
        return;
    }
    // The cap: the file's sp_cap when the file's own format is used. The
    // span is filled in by the analysis (`Analysis::fleet_span`).
    let cap = match (&raw.sp_cap, &opts.format) {
        _ if opts.sp_cap.is_some() => opts.sp_cap.map(|c| (c, "of the event".to_string())),
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
        (rule.check)(&a, diags);
    }
    out.priced = Some(visit(&a));
}

/// Judges the candidates of a shared name on their ship: prices the ship
/// with the candidate (and the cards resolved before it) and runs every
/// rule; the candidate is legal there when no error points at it.
struct OnItsShip<'d> {
    db: &'d Database,
    format: &'d fleetcheck_data::model::Format,
    date: Option<String>,
}

impl resolve::Judge for OnItsShip<'_> {
    fn fit(
        &self,
        entry: &fleet::ShipEntry,
        pos: fleet::Position,
        card: &fleetcheck_data::model::Card,
    ) -> Option<resolve::Fit> {
        use cost::ModifierKind;
        use fleetcheck_input::diag::Severity;
        // A span no reference of a file has.
        let at = usize::MAX / 2..usize::MAX / 2 + 1;
        let e = resolve::with_card(entry, pos, card, at.clone());
        let fleet = fleet::Fleet {
            resource: None,
            ships: vec![e],
            sideboard: None,
            equivalent: Vec::new(),
        };
        let raw = read::RawFleet::default();
        let a = analysis::analyse(self.db, self.format, self.date.clone(), &raw, &fleet, None);
        let price = a
            .ships
            .first()?
            .cards
            .iter()
            .find(|c| c.placed.span == at)?
            .price
            .clone();
        let mut diags = Vec::new();
        for rule in RULES {
            (rule.check)(&a, &mut diags);
        }
        let legal = !diags
            .iter()
            .any(|d| d.severity == Severity::Error && d.span.as_ref() == Some(&at));
        let penalty = price.modifiers.iter().any(|m| {
            matches!(
                m.kind,
                ModifierKind::FactionPenalty | ModifierKind::ShipPenalty
            )
        });
        Some(resolve::Fit {
            cost: price.cost,
            penalty,
            legal,
        })
    }
}

/// The value of `game = "..."` of a STAW fleet file (the default).
pub const GAME: &str = "staw";

#[cfg(test)]
mod registry_tests {
    use super::*;

    #[test]
    fn every_code_is_reported_by_exactly_one_rule() {
        let mut seen = std::collections::HashSet::new();
        for r in RULES {
            for c in r.codes {
                assert!(seen.insert(*c), "code {c} is reported by two rules");
            }
        }
        for c in Code::ALL {
            assert!(seen.contains(c), "code {c} is reported by no rule");
            assert!(
                c.as_str()
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch == '-'),
                "{c} is not kebab-case"
            );
            assert!(
                InputCode::parse(c.as_str()).is_none(),
                "rule code {c} would be an input error"
            );
            let exit = if c.severity() == fleetcheck_input::diag::Severity::Error {
                1
            } else {
                0
            };
            assert_eq!(c.exit_code(), exit, "{c}");
        }
    }
}
