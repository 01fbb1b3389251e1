//! The card being priced or matched (`Target`), where a card sits (`At`),
//! and whether a card filter of a rule matches it (`filter_matches`): what
//! pricing (`cost`) and the rules share.

use super::faction::counts_as;
use super::view::Role;
use fleetcheck_data::model::{Card, CardFilter, CardType};
use fleetcheck_data::normalize;

/// Where a granting card sits: (ship index, card index on that ship).
/// The ship card itself has index `SHIP_CARD`.
pub type At = (usize, usize);

/// The index of the ship card among its ship's cards.
pub(crate) const SHIP_CARD: usize = usize::MAX;

/// The card being priced.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    pub card: &'a Card,
    pub role: Role,
    /// The slot type it is counted as (upgrades).
    pub slot: Option<&'a str>,
    pub at: At,
    /// The card's cost on its ship, when a filter that reads it
    /// (`CardFilter::max_cost`) must see it; `None`: its printed cost is
    /// used there.
    pub cost: Option<i32>,
    /// The format's sub-faction switch: a filter's factions count
    /// sub-factions one way (`faction::counts_as`): with sub-factions on, a
    /// Vulcan card is a Federation card for "All of your Federation [crew]
    /// Upgrades", never a Federation card a Vulcan one.
    pub sub_factions: bool,
}

/// Whether a discount's or waiver's filter covers the target.
///
/// A faction the filter names means that faction (shared/rules/staw.md,
/// "A faction named in a card's filter means that faction"): the card must
/// be of it or of a sub-faction that counts as it ("[Ferengi] Upgrades"
/// take no Independent card, "Kazon [weapon] Upgrades" no Ferengi one,
/// "[Vulcan] Captains" no Federation one); the faction penalty's wider,
/// two-way matching (`faction::shares_faction`) is for penalties only. A
/// card excluded by faction ("non-Borg") is one that counts as it.
pub(crate) fn filter_matches(f: &CardFilter, t: &Target) -> bool {
    let role = t.role.as_str();
    let type_ok = if f.types.is_empty() {
        t.role == Role::Upgrade
    } else {
        f.types.iter().any(|x| x == role)
    };
    let slot_ok = f.slots.is_empty()
        || match t.slot {
            Some(s) => f.slots.iter().any(|x| x == s),
            None => super::upgrade_types(t.card).any(|s| f.slots.iter().any(|x| x == s)),
        };
    // "? Upgrades": the printed type, not the slot taken.
    let question_ok = !f.question || (t.card.kind == CardType::Upgrade && t.card.slot.is_none());
    let faction_ok = (f.factions.is_empty()
        || counts_as(&t.card.factions, &f.factions, t.sub_factions))
        && !counts_as(&t.card.factions, &f.not_factions, t.sub_factions);
    let name_ok = f.names.is_empty() || {
        let n = normalize(&t.card.name);
        f.names.iter().any(|x| normalize(x) == n)
    };
    // A word of the name: "Torpedo" names Photon Torpedoes too.
    let word_ok = f.name_words.is_empty() || {
        let n = normalize(&t.card.name);
        f.name_words
            .iter()
            .any(|w| n.split(' ').any(|x| x.starts_with(&normalize(w))))
    };
    let cost_ok = f
        .max_cost
        .is_none_or(|m| t.cost.unwrap_or(t.card.cost) <= m)
        && f.max_printed_cost.is_none_or(|m| t.card.cost <= m);
    type_ok
        && slot_ok
        && question_ok
        && faction_ok
        && name_ok
        && word_ok
        && cost_ok
        && super::card_refs::matches(f, t.card)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(card: &Card, sub_factions: bool) -> Target<'_> {
        Target {
            card,
            role: Role::Upgrade,
            slot: Some("tech"),
            at: (0, 0),
            cost: None,
            sub_factions,
        }
    }

    fn upgrade(factions: &[&str], slot: Option<&str>) -> Card {
        Card {
            kind: CardType::Upgrade,
            factions: factions.iter().map(|f| f.to_string()).collect(),
            slot: slot.map(str::to_string),
            ..Card::default()
        }
    }

    fn factions(f: &[&str]) -> CardFilter {
        CardFilter {
            factions: f.iter().map(|f| f.to_string()).collect(),
            ..CardFilter::default()
        }
    }

    #[test]
    fn a_named_faction_counts_one_way() {
        let ferengi = upgrade(&["ferengi"], Some("tech"));
        let independent = upgrade(&["independent"], Some("tech"));
        let kazon = upgrade(&["kazon"], Some("tech"));
        // A Ferengi card counts as Independent; never the reverse; siblings
        // never match; without sub-factions only the faction itself.
        assert!(filter_matches(
            &factions(&["independent"]),
            &target(&ferengi, true)
        ));
        assert!(!filter_matches(
            &factions(&["independent"]),
            &target(&ferengi, false)
        ));
        assert!(!filter_matches(
            &factions(&["ferengi"]),
            &target(&independent, true)
        ));
        assert!(!filter_matches(
            &factions(&["ferengi"]),
            &target(&kazon, true)
        ));
        assert!(filter_matches(
            &factions(&["ferengi"]),
            &target(&ferengi, false)
        ));
        // "non-Independent" excludes what counts as Independent.
        let non = CardFilter {
            not_factions: vec!["independent".into()],
            ..CardFilter::default()
        };
        assert!(!filter_matches(&non, &target(&kazon, true)));
        assert!(filter_matches(&non, &target(&kazon, false)));
    }

    #[test]
    fn question_upgrades_are_the_printed_type() {
        let f = CardFilter {
            question: true,
            ..CardFilter::default()
        };
        // A ? card in a [tech] slot is a ? Upgrade; a [tech] card is not.
        assert!(filter_matches(
            &f,
            &target(&upgrade(&["independent"], None), true)
        ));
        assert!(!filter_matches(
            &f,
            &target(&upgrade(&["independent"], Some("tech")), true)
        ));
    }
}
