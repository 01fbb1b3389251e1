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

use super::analysis::cards_of;
use super::condition::ShipView;
use crate::db::normalize;

/// Whether the ship carries a card named one of `any`.
pub fn has(v: &ShipView, any: &[String]) -> bool {
    let Some(e) = v.entry else { return false };
    let wanted: Vec<String> = any.iter().map(|n| normalize(n)).collect();
    cards_of(e)
        .iter()
        .any(|(_, p)| wanted.contains(&normalize(&p.card.name)))
}

/// The ship's cards in words, for messages.
pub fn actual(v: &ShipView) -> String {
    let Some(e) = v.entry else {
        return "it is no ship".into();
    };
    let names: Vec<String> = cards_of(e)
        .iter()
        .map(|(_, p)| p.card.name.clone())
        .collect();
    if names.is_empty() {
        "it carries no cards".into()
    } else {
        format!("it carries {}", names.join(", "))
    }
}
