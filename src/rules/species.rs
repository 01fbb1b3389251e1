//! Species conditions: `captain-species` and `admiral-species`.
//!
//! A few captains and admirals belong to a species that is no faction (the
//! Tholian Loskene, the Gorn S'Sesslak, the Andorian Thy'lek Shran, the
//! Hirogen Karr, the Krenim Annorax: all Independent cards), and some
//! upgrades may only be purchased for them: "This Upgrade may only be
//! purchased for Loskene or any other Tholian Captain" (Tholian Assembly
//! E051), "This card may only be equipped to a Hirogen Captain or Admiral"
//! (Relics E187). The species is a fact of the captain card
//! (`Card::species`); the conditions compare it, ignoring case.
//!
//! ```toml
//! [[card.rules.restrictions]]
//! kind = "any-of"
//! any = [{ kind = "captain-name", any = ["Loskene"] },
//!        { kind = "captain-species", any = ["tholian"] }]
//! ```

use super::condition::ShipView;
use crate::db::model::Card;

/// Whether the card is of one of these species.
pub fn is(card: &Card, any: &[String]) -> bool {
    card.species
        .iter()
        .any(|s| any.iter().any(|a| a.eq_ignore_ascii_case(s)))
}

/// `captain-species`: the ship's captain is of one of these species.
pub fn captain_is(v: &ShipView, any: &[String]) -> bool {
    v.captain.is_some_and(|c| is(c, any))
}

/// `admiral-species`: the ship's admiral is of one of these species.
pub fn admiral_is(v: &ShipView, any: &[String]) -> bool {
    v.entry
        .and_then(|e| e.admiral.as_ref())
        .is_some_and(|a| is(a.card, any))
}

/// What the ship's captain or admiral is, for messages.
pub fn actual(v: &ShipView, admiral: bool) -> String {
    let (who, card) = if admiral {
        (
            "admiral",
            v.entry.and_then(|e| e.admiral.as_ref()).map(|a| a.card),
        )
    } else {
        ("captain", v.captain)
    };
    match card {
        None => format!("it has no {who}"),
        Some(c) if c.species.is_empty() => {
            format!("its {who} {} ({}) is of no such species", c.name, c.id)
        }
        Some(c) => format!("its {who} {} ({}) is {}", c.name, c.id, c.species.join("/")),
    }
}
