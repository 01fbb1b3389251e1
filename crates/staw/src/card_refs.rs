//! The card filters that look at what a card's own rules name
//! (`CardFilter::restricted_to`, `CardFilter::not_ship_specific`):
//!
//! - "Prometheus Class Restricted Upgrades" (U.S.S. Prometheus S362): cards
//!   whose purchase restrictions ask for that class;
//! - "this Upgrade cannot refer to a specific ship or class of ship" (Tahna
//!   Los Cap524): cards that name no ship and no class in their purchase
//!   restrictions or additional costs.
//!
//! ```toml
//! applies_to = { restricted_to = ["prometheus_class"] }
//! ```

use fleetcheck_data::model::{Card, CardFilter, Condition};

/// Whether the card passes the filter's rule-based parts.
pub(crate) fn matches(f: &CardFilter, card: &Card) -> bool {
    let restricted = f.restricted_to.is_empty()
        || card
            .rules
            .restrictions
            .iter()
            .any(|c| names_class(c, &f.restricted_to));
    let generic = !f.not_ship_specific || !ship_specific(card);
    restricted && generic
}

/// Whether a condition asks for one of these classes.
fn names_class(c: &Condition, ids: &[String]) -> bool {
    match c {
        Condition::ShipClass { any } => any.iter().any(|a| ids.contains(a)),
        Condition::AnyOf { any } => any.iter().any(|c| names_class(c, ids)),
        _ => false,
    }
}

/// Whether a condition names a ship or a class.
fn names_ship(c: &Condition) -> bool {
    match c {
        Condition::ShipClass { .. } | Condition::ShipName { .. } | Condition::NameIsClass => true,
        Condition::AnyOf { any } => any.iter().any(names_ship),
        Condition::Not { not } => names_ship(not),
        _ => false,
    }
}

/// Whether the card refers to a specific ship or class.
pub(crate) fn ship_specific(card: &Card) -> bool {
    let r = &card.rules;
    r.restrictions.iter().any(names_ship)
        || r.cost_modifiers
            .iter()
            .flat_map(|m| m.when.iter().chain(m.unless.iter()))
            .any(names_ship)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::model::CostModifier;

    #[test]
    fn restricted_and_specific_cards() {
        let mut card = Card::default();
        let f = CardFilter {
            restricted_to: vec!["prometheus_class".into()],
            ..CardFilter::default()
        };
        assert!(!matches(&f, &card));
        card.rules.restrictions = vec![Condition::ShipClass {
            any: vec!["prometheus_class".into()],
        }];
        assert!(matches(&f, &card));
        let g = CardFilter {
            not_ship_specific: true,
            ..CardFilter::default()
        };
        assert!(!matches(&g, &card));
        let mut cloak = Card::default();
        cloak.rules.cost_modifiers = vec![CostModifier {
            amount: 5,
            when: None,
            unless: Some(Condition::ShipName {
                any: vec!["U.S.S. Defiant".into()],
            }),
        }];
        assert!(ship_specific(&cloak));
        assert!(matches(&g, &Card::default()));
    }
}
