//! Where a card reference stands in the fleet file (`Position`), the
//! sections of the Reinforcements Sideboard, and the slot types an upgrade
//! may fill: what decides the card types that fit a place.

use super::read::SIDEBOARD_SECTIONS;
use fleetcheck_data::model::{Card, CardType};

/// Where a card reference stands in the file, which decides the card types
/// that fit there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Ship,
    Captain,
    Admiral,
    /// An entry of `upgrades`: upgrades, and the cards some resources attach
    /// to a ship (Fleet Commander, Sick Bay, ...), which have no key of
    /// their own.
    Upgrade,
    Resource,
    Flagship,
    FleetCaptain,
    Ambassador,
    Construction,
    Officer,
    /// A `[sideboard]` key: any card resolves (the sideboard rule judges
    /// whether it fits the section), but cards of the section's type are
    /// preferred when a name is shared.
    Sideboard(SideboardSection),
}

/// A section of the Reinforcements Sideboard, or a key that is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideboardSection {
    Captain,
    /// An upgrade section: `talent`, `crew`, `tech` or `weapon`.
    Upgrade(&'static str),
    /// A key that is no section.
    Other,
}

impl SideboardSection {
    /// The section of a `[sideboard]` key.
    pub fn of(key: &str) -> SideboardSection {
        match SIDEBOARD_SECTIONS.iter().find(|s| **s == key) {
            Some(&"captain") => SideboardSection::Captain,
            Some(s) => SideboardSection::Upgrade(s),
            None => SideboardSection::Other,
        }
    }

    /// Whether `card` belongs in this section.
    pub fn fits(self, card: &Card) -> bool {
        match self {
            SideboardSection::Captain => card.kind == CardType::Captain,
            SideboardSection::Upgrade(slot) => {
                card.kind == CardType::Upgrade && upgrade_types(card).any(|s| s == slot)
            }
            SideboardSection::Other => false,
        }
    }
}

/// The slot types an upgrade may fill (`Card::upgrade_types`).
pub fn upgrade_types(card: &Card) -> impl Iterator<Item = &str> {
    card.upgrade_types()
}

impl Position {
    /// The card types that fit.
    pub fn types(self) -> &'static [CardType] {
        match self {
            Position::Ship => &[CardType::Ship],
            Position::Captain => &[CardType::Captain],
            Position::Admiral => &[CardType::Admiral],
            Position::Upgrade => &[CardType::Upgrade, CardType::ShipResource],
            Position::Resource => &[CardType::Resource],
            Position::Flagship => &[CardType::Flagship],
            Position::FleetCaptain => &[CardType::FleetCaptain],
            Position::Ambassador => &[CardType::Ambassador],
            Position::Construction => &[CardType::Construction],
            Position::Officer => &[CardType::Officer],
            Position::Sideboard(SideboardSection::Captain) => &[CardType::Captain],
            Position::Sideboard(_) => &[CardType::Upgrade],
        }
    }

    /// Whether the card may stand here (for the sideboard: whether it is
    /// the preferred kind; any card still resolves there).
    pub fn fits(self, card: &Card) -> bool {
        match self {
            Position::Sideboard(s @ (SideboardSection::Captain | SideboardSection::Upgrade(_))) => {
                s.fits(card)
            }
            _ => self.types().contains(&card.kind),
        }
    }

    /// Whether the place is on a ship (its cost there depends on the
    /// ship), rather than the ship card itself, the resource or the
    /// sideboard (where a card costs what is printed).
    pub fn on_ship(self) -> bool {
        !matches!(
            self,
            Position::Ship | Position::Resource | Position::Sideboard(_)
        )
    }

    /// What fits here, for messages ("a captain", "an upgrade").
    pub fn wanted(self) -> &'static str {
        match self {
            Position::Ship => "a ship",
            Position::Captain | Position::Sideboard(SideboardSection::Captain) => "a captain",
            Position::Admiral => "an admiral",
            Position::Upgrade => "an upgrade",
            Position::Resource => "a resource",
            Position::Flagship => "a flagship card",
            Position::FleetCaptain => "a fleet captain card",
            Position::Ambassador => "an ambassador",
            Position::Construction => "a starship construction card",
            Position::Officer => "an officer card",
            Position::Sideboard(_) => "an upgrade",
        }
    }
}
