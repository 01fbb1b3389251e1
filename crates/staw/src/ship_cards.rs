//! `ship-has-card`: the ship carries a card of one of these names, among
//! its captain, admiral, upgrades, resource cards and construction ("If
//! this ship is equipped with the 'Federation Prototype' [hook]" on the
//! U.S.S. Prometheus S362; a Borg "support ship" is one that carries the
//! Borg Support Vehicle Token, Sphere 936 S240). With no ship (the
//! sideboard) it is never met.
//!
//! ```toml
//! [card.rules.discounts.when]
//! kind = "ship-has-card"
//! any = ["Federation Prototype"]
//! ```

use super::view::{each_card, ShipView};
use super::words::or_list;
use fleetcheck_data::normalize;

/// Whether the ship carries a card named one of `any`.
pub(crate) fn has(v: &ShipView, any: &[String]) -> bool {
    let Some(e) = v.entry else { return false };
    let wanted: Vec<String> = any.iter().map(|n| normalize(n)).collect();
    each_card(e).any(|(_, p)| wanted.contains(&normalize(&p.card.name)))
}

/// The ship in the terms of a `ship-has-card` condition: "is equipped
/// with Federation Prototype", "is not equipped with Federation Prototype".
pub(crate) fn actual(v: &ShipView, any: &[String]) -> String {
    let found = v.entry.and_then(|e| {
        each_card(e)
            .map(|(_, p)| p.card)
            .find(|c| any.iter().any(|n| normalize(n) == normalize(&c.name)))
    });
    match found {
        Some(c) => format!("is equipped with {} ({})", c.name, c.id),
        None => format!("is not equipped with {}", or_list(any)),
    }
}
