//! A ship's factions as its cards change them: an independent flagship (or
//! an upgrade such as Captured) adds its faction to the ship, an
//! independent fleet captain to the captain; a face-down card adds none.

use super::cost::Role;
use super::view::{each_card, ShipView};
use crate::fleet::ShipEntry;
use fleetcheck_data::model::ShipClass;
use fleetcheck_data::Database;
use std::borrow::Cow;

/// A ship's factions as changed by its cards: an independent flagship (or
/// an upgrade such as Captured) adds its faction to the ship, an
/// independent fleet captain to the captain.
#[derive(Debug, Clone)]
pub(crate) struct Factions<'a> {
    /// Borrowed from the cards while no card adds a faction.
    pub ship: Cow<'a, [String]>,
    pub captain: Cow<'a, [String]>,
    /// The ship's class as printed (`ShipClass::dial_of` of its dial).
    pub class: Option<&'a ShipClass>,
    /// The ship's maneuver dial and firing arcs (its class entry).
    pub dial: Option<&'a ShipClass>,
    /// The factions of the fleet's other ships (filled by `analyse`;
    /// shared by every pricing of the ship that keeps them).
    pub others: std::sync::Arc<[Cow<'a, str>]>,
}

impl<'a> Factions<'a> {
    /// `muted(k)`: the k-th card of the ship (`cards_of`) is face down.
    pub(crate) fn of(
        db: &'a Database,
        e: &'a ShipEntry<'a>,
        muted: impl Fn(usize) -> bool,
    ) -> Factions<'a> {
        // Flagships and upgrades ("This ship gains the Independent
        // Faction") add to the ship; a fleet captain adds to the captain.
        let mut ship = Cow::Borrowed(e.ship.card.factions.as_slice());
        for (k, (r, p)) in each_card(e).enumerate() {
            if matches!(r, Role::Flagship | Role::Upgrade | Role::ShipResource) && !muted(k) {
                add_unique(&mut ship, &p.card.rules.adds_factions);
            }
        }
        let mut captain = Cow::Borrowed(
            e.captain
                .as_ref()
                .map_or(&[][..], |c| c.card.factions.as_slice()),
        );
        if let Some(f) = &e.fleet_captain {
            add_unique(&mut captain, &f.card.rules.adds_factions);
        }
        let dial = e.ship.card.class.as_deref().and_then(|c| db.class(c));
        Factions {
            ship,
            captain,
            class: printed_class(db, dial),
            dial,
            others: Default::default(),
        }
    }

    pub(crate) fn view<'v>(&'v self, e: &'v ShipEntry, sub_factions: bool) -> ShipView<'v> {
        ShipView {
            ship: e.ship.card,
            factions: &self.ship,
            captain: e.captain.as_ref().map(|c| c.card),
            captain_factions: &self.captain,
            sub_factions,
            entry: Some(e),
            class: self.class,
            dial: self.dial,
            other_factions: &self.others,
        }
    }
}

/// The class a ship prints, from its class entry: the class whose dial
/// the entry is (`ShipClass::dial_of`), else the entry itself.
pub(crate) fn printed_class<'a>(
    db: &'a Database,
    dial: Option<&'a ShipClass>,
) -> Option<&'a ShipClass> {
    dial.and_then(|d| d.dial_of.as_deref())
        .and_then(|c| db.class(c))
        .or(dial)
}

/// [`extend_unique`] of borrowed factions, copied only when one is added.
fn add_unique(v: &mut Cow<'_, [String]>, add: &[String]) {
    if add.iter().any(|a| !v.contains(a)) {
        extend_unique(v.to_mut(), add);
    }
}

pub(crate) fn extend_unique(v: &mut Vec<String>, add: &[String]) {
    for a in add {
        if !v.contains(a) {
            v.push(a.clone());
        }
    }
}
