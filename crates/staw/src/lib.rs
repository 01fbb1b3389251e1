//! The legality engine: the cost model, then one file per rule.
//!
//! [`Engine`] is the one door into it (values in, values out): a fleet
//! file's text or a fleet value built in memory, resolved once
//! ([`Resolved`]), priced and checked, or changed in memory ([`Change`]:
//! a card added, removed, replaced) and priced again. The pipeline:
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
pub mod collection;
pub mod condition;
pub mod cost;
mod engine;
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
mod chosen;
mod empty_fleet;
mod equivalent;
mod held;
mod not_owned;
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
use fleetcheck_input::diag::{Diagnostic, Source};

pub use crate::fleet::resolve::upgrade_types;
pub use codes::Code;
pub use engine::{Base, Change, Engine, Resolved};
pub use resource::resource_of;
pub use slots::{Accepts, Slot};

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
    /// Nothing will show what the fleet uses of the collection card by
    /// card (`check` with the table or GitHub output): the report leaves
    /// its `collection` object out rather than build it. The `not-owned`
    /// warnings, and what several fleets use together, are unchanged.
    pub skip_collection_report: bool,
    /// An event's prices of cards (`[[cost]]`): each replaces the card's
    /// base cost, a named modifier of its price (`event-cost`).
    pub costs: Vec<event::Recost>,
    /// `--collection`: what the player owns; a fleet that uses more copies
    /// of a card than it holds gets `not-owned` (`collection::RULE`).
    pub collection: Option<std::sync::Arc<collection::Shelf>>,
}

/// One rule of the engine: the codes it reports and its check.
pub struct Rule {
    /// A short name (the file that holds it).
    pub name: &'static str,
    /// The diagnostic codes it may report.
    pub codes: &'static [Code],
    pub check: fn(&Analysis, &mut Vec<Diagnostic>),
    /// What of the priced fleet its findings depend on.
    pub reads: Reads,
    /// Whether a card added to the fleet `a` (anywhere, replacing none)
    /// leaves the rule's findings as they were in `a`, known from the card
    /// alone: the fleet priced with it then keeps them
    /// (`Resolved::analyse_rules_beside`). `None`: any card may change them.
    pub added_leaves: Option<fn(&Analysis, &fleetcheck_data::model::Card) -> bool>,
}

/// What a rule's findings depend on: a fleet changed where the rule does
/// not read keeps the rule's findings, which are then not looked for
/// again (`Resolved::analyse_rules_beside`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    /// Anything of the fleet.
    Fleet,
    /// The sideboard, its cards' prices (which read the card alone) and
    /// which resource the fleet has; no ship.
    Sideboard,
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
    empty_fleet::RULE,
    ship_sp_cap::RULE,
    oversized::RULE,
    card_pool::RULE,
    op_banned::RULE,
    equivalent::RULE,
    chosen::RULE,
    held::RULE,
    not_owned::RULE,
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

/// Judges the candidates of a shared name on their ship: prices the ship
/// with the candidate (and the cards resolved before it) and runs every
/// rule; the candidate is legal there when no error points at it.
pub(crate) struct OnItsShip<'d> {
    pub(crate) db: &'d Database,
    pub(crate) format: &'d fleetcheck_data::model::Format,
    /// The evaluation date, shared with the resolved fleet.
    pub(crate) date: Option<std::sync::Arc<str>>,
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
        let at = engine::nowhere();
        let e = resolve::with_card(entry, pos, card, at.clone());
        let fleet = fleet::Fleet {
            resource: None,
            ships: vec![e],
            sideboard: None,
            equivalent: Vec::new(),
            chosen: Vec::new(),
        };
        let raw = read::RawFleet::default();
        let a = analysis::analyse(
            self.db,
            self.format,
            self.date.as_deref(),
            &raw,
            &fleet,
            None,
            analysis::Pricing::Alone,
        );
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

/// What the readers' unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    use fleetcheck_input::diag::{Diagnostic, Lines};

    /// A reader's problems as (code, line:column, message, help), in the
    /// reader's order, of a file of `text`.
    pub(crate) fn problems(
        text: &str,
        read: Result<impl Sized, Vec<Diagnostic>>,
    ) -> Vec<(String, String, String, Vec<String>)> {
        let Err(diags) = read else {
            panic!("the file has problems");
        };
        let lines = Lines::of(text);
        diags
            .iter()
            .map(|d| {
                let at = d.span.as_ref().map_or("-".to_string(), |s| {
                    let (l, c) = lines.line_col(s.start);
                    format!("{l}:{c}")
                });
                (d.code.to_string(), at, d.message.clone(), d.help.clone())
            })
            .collect()
    }
}

#[cfg(test)]
mod registry_tests {
    use super::*;
    use fleetcheck_input::diag::InputCode;

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
