//! The ship as the engine's lower parts read it: the role a card plays,
//! the cards of a ship in report order, and the [`ShipView`] that
//! conditions are evaluated against (its methods are in `condition`). The
//! bottom of the STAW engine's own layers: view → conditions → pricing
//! (`cost`, `state`, `resource`, `slot_terms`) → `analysis` → the checks.

use crate::fleet::{Placed, ShipEntry};
use fleetcheck_data::model::{Card, CardType, ShipClass};

/// The role a card plays in the fleet: decides the faction penalty, which
/// discounts reach it and where it is listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Ship,
    Captain,
    Admiral,
    Upgrade,
    Flagship,
    FleetCaptain,
    Ambassador,
    Construction,
    Officer,
    /// A card a resource attaches to a ship (Fleet Commander, Sick Bay...).
    ShipResource,
}

impl Role {
    /// The type name used in card filters, reports and messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Ship => "ship",
            Role::Captain => "captain",
            Role::Admiral => "admiral",
            Role::Upgrade => "upgrade",
            Role::Flagship => "flagship",
            Role::FleetCaptain => "fleet-captain",
            Role::Ambassador => "ambassador",
            Role::Construction => "construction",
            Role::Officer => "officer",
            Role::ShipResource => "ship-resource",
        }
    }

    /// The faction penalty this role pays when it shares no faction with
    /// its ship.
    pub fn penalty(self) -> i32 {
        match self {
            Role::Captain | Role::Upgrade => 1,
            Role::Admiral => 3,
            _ => 0,
        }
    }
}

/// What a card is bought for: a ship (with its faction as changed by other
/// cards, and its captain), or nothing (the sideboard).
#[derive(Debug, Clone, Copy)]
pub enum Holder<'a> {
    Ship(ShipView<'a>),
    None,
}

/// A ship as conditions see it.
#[derive(Debug, Clone, Copy)]
pub struct ShipView<'a> {
    pub ship: &'a Card,
    /// The ship's factions plus those other cards add (independent
    /// flagships).
    pub factions: &'a [String],
    pub captain: Option<&'a Card>,
    /// The captain's factions plus those an independent fleet captain adds.
    pub captain_factions: &'a [String],
    pub sub_factions: bool,
    /// Every card of the ship (its admiral, upgrades, ...), for conditions
    /// about them; `None` where only the ship and captain are known.
    pub entry: Option<&'a ShipEntry<'a>>,
    /// The ship's class as printed, for conditions that name a class (a
    /// "Galaxy Class (MU)" ship is a Galaxy Class ship), if known.
    pub class: Option<&'a ShipClass>,
    /// The ship's maneuver dial and firing arcs: its class entry (the
    /// Mirror Universe dial of a "Galaxy Class (MU)" ship), if known.
    pub dial: Option<&'a ShipClass>,
    /// The factions of the fleet's other ships.
    pub other_factions: &'a [std::borrow::Cow<'a, str>],
}

/// A ship's cards in report order with their roles, as [`cards_of`] lists
/// them, made at every pricing (`analysis`): a ship's few cards are kept
/// in place.
pub(crate) type CardList<'a> = smallvec::SmallVec<[(Role, &'a Placed<'a>); 8]>;

/// The cards of a ship in report order, with their roles.
pub fn cards_of<'a>(e: &'a ShipEntry<'a>) -> Vec<(Role, &'a Placed<'a>)> {
    let mut v = Vec::with_capacity(6 + e.officers.len() + e.upgrades.len());
    v.extend(each_card(e));
    v
}

/// [`cards_of`] as an iterator, for a walk that keeps no list.
pub(crate) fn each_card<'a>(
    e: &'a ShipEntry<'a>,
) -> impl Iterator<Item = (Role, &'a Placed<'a>)> + 'a {
    let one = |role, p: &'a Option<Placed<'a>>| p.as_ref().map(|p| (role, p));
    [
        one(Role::Captain, &e.captain),
        one(Role::Admiral, &e.admiral),
        one(Role::Flagship, &e.flagship),
        one(Role::FleetCaptain, &e.fleet_captain),
        one(Role::Ambassador, &e.ambassador),
        one(Role::Construction, &e.construction),
    ]
    .into_iter()
    .flatten()
    .chain(e.officers.iter().map(|p| (Role::Officer, p)))
    .chain(e.upgrades.iter().map(|p| {
        let role = if p.card.kind == CardType::ShipResource {
            Role::ShipResource
        } else {
            Role::Upgrade
        };
        (role, p)
    }))
}
