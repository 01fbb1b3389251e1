//! What resolution makes of a fleet file: every card reference resolved to
//! its card ([`Placed`]), by ship ([`ShipEntry`]) and sideboard, and the
//! verdict of pricing a candidate card at a place ([`Fit`], [`Judge`]).
//! `resolve` builds them and `candidates` orders the candidates of an
//! ambiguous reference by them; both use this module, neither the other's
//! types.

use super::position::Position;
use super::read::Spanned;
use fleetcheck_data::model::Card;
use fleetcheck_input::diag::{Diagnostic, DiagnosticCode};
use std::ops::Range;

/// A resolved card and the span of the reference that named it.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed<'a> {
    pub card: &'a Card,
    pub span: Range<usize>,
}

impl Placed<'_> {
    /// A diagnostic at the reference that named this card.
    pub fn diagnostic(&self, code: impl DiagnosticCode, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(code, message).with_span(Some(self.span.clone()))
    }
}

/// One `[[ship]]` with every card resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ShipEntry<'a> {
    pub ship: Placed<'a>,
    pub captain: Option<Placed<'a>>,
    pub admiral: Option<Placed<'a>>,
    pub upgrades: Vec<Placed<'a>>,
    pub flagship: Option<Placed<'a>>,
    pub fleet_captain: Option<Placed<'a>>,
    pub ambassador: Option<Placed<'a>>,
    pub construction: Option<Placed<'a>>,
    pub officers: Vec<Placed<'a>>,
}

/// One card of `[sideboard]` with its section key.
#[derive(Debug, Clone, PartialEq)]
pub struct SideboardCard<'a> {
    pub section: Spanned<String>,
    pub card: Placed<'a>,
}

/// `[sideboard]` resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Sideboard<'a> {
    /// The `sideboard` key of the `[sideboard]` header.
    pub span: Range<usize>,
    pub cards: Vec<SideboardCard<'a>>,
    /// Sections written as a list: (section, span of the key).
    pub lists: Vec<Spanned<String>>,
}

/// The fleet with every card reference resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Fleet<'a> {
    pub resource: Option<Placed<'a>>,
    pub ships: Vec<ShipEntry<'a>>,
    /// Shared by the copies of a fleet changed in memory, until one
    /// changes it.
    pub sideboard: Option<std::sync::Arc<Sideboard<'a>>>,
    /// References that named several cards, resolved because every one
    /// gives the same result where it stands (reported as notes).
    pub equivalent: Vec<Equivalent<'a>>,
    /// References that named several different cards, resolved because
    /// the fleet decides between them: the only candidate that pays no
    /// penalty where it stands and is the cheapest there (notes).
    pub chosen: Vec<Chosen<'a>>,
}

/// A reference that named several cards which are the same on its ship
/// (same cost there, same legality, same uniqueness): the first was used.
#[derive(Debug, Clone, PartialEq)]
pub struct Equivalent<'a> {
    pub span: Range<usize>,
    /// The reference as written ('Photon Torpedoes').
    pub label: String,
    pub used: &'a Card,
    pub others: Vec<&'a Card>,
    /// The ship it stands on, by its card's name.
    pub ship: String,
}

/// A reference that named several different cards, resolved by what the
/// fleet says: among the candidates that can go there (all of them when
/// none can), `used` is the only one without a penalty there, and none is
/// cheaper there.
#[derive(Debug, Clone, PartialEq)]
pub struct Chosen<'a> {
    pub span: Range<usize>,
    /// The reference as written ('Cloaking Device').
    pub label: String,
    pub used: &'a Card,
    /// Its cost there.
    pub cost: i32,
    /// The other candidates that can go there, each with its cost there.
    pub others: Vec<(&'a Card, i32)>,
    /// Candidates left out because they cannot go there (a wrong slot, a
    /// purchase restriction).
    pub cannot: Vec<&'a Card>,
    /// The ship it stands on, by its card's name.
    pub ship: String,
}

/// How a candidate card would do at a place of a ship: its cost there,
/// whether it pays a penalty (faction or ship), whether it breaks a rule
/// there. The pipeline (`staw::Engine`) judges candidates by pricing
/// them on the ship; resolution only orders and compares the verdicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    pub cost: i32,
    pub penalty: bool,
    pub legal: bool,
}

/// Judges a candidate card on a ship (see `Fit`).
pub trait Judge {
    /// How `card` does at `pos` of `entry` (the ship with the cards
    /// resolved so far); `None` when it cannot be judged there.
    fn fit(&self, entry: &ShipEntry, pos: Position, card: &Card) -> Option<Fit>;
}
