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

use super::view::ShipView;
use super::words::{species_and, species_or};
use fleetcheck_data::model::Card;

/// Whether the card is of one of these species.
pub(crate) fn is(card: &Card, any: &[String]) -> bool {
    card.species
        .iter()
        .any(|s| any.iter().any(|a| a.eq_ignore_ascii_case(s)))
}

/// `captain-species`: the ship's captain is of one of these species.
pub(crate) fn captain_is(v: &ShipView, any: &[String]) -> bool {
    v.captain.is_some_and(|c| is(c, any))
}

/// `admiral-species`: the ship's admiral is of one of these species.
pub(crate) fn admiral_is(v: &ShipView, any: &[String]) -> bool {
    v.entry
        .and_then(|e| e.admiral.as_ref())
        .is_some_and(|a| is(a.card, any))
}

/// What a captain or admiral is, for messages about a species condition
/// (`any`): "is Gorn", "is not Tholian".
pub(crate) fn actual(card: &Card, any: &[String]) -> String {
    if card.species.is_empty() {
        format!("is not {}", species_or(any))
    } else {
        format!("is {}", species_and(&card.species))
    }
}

/// The ship's admiral in the terms of an `admiral-species` condition: "has
/// the admiral Karr (A042), who is Hirogen", "has no admiral".
pub(crate) fn admiral(v: &ShipView, any: &[String]) -> String {
    match v.entry.and_then(|e| e.admiral.as_ref()) {
        Some(a) => format!(
            "has the admiral {} ({}), who {}",
            a.card.name,
            a.card.id,
            actual(a.card, any)
        ),
        None => "has no admiral".into(),
    }
}
