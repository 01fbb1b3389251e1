//! Grants limited to some cards (`max_cards`: "One of your Dominion
//! Upgrades costs -2 SP"): which cards of the fleet get them. A fixed cost
//! that places its card face down ("One of the [tech] upgrades ... costs
//! exactly 3 SP and is placed face down", Tahna Los) goes to no card whose
//! text acts: the player keeps such a card face up.
//!
//! The choice is made before the slots are assigned, so a card it picks
//! may end up where the grant saves nothing (in a slot whose card costs a
//! fixed amount: Balance of Terror's [talent] slot, "costs 0 SP"): such a
//! pick is [`wasted`], and `analysis` chooses again without it, so that
//! the grant goes to a card it lowers (Jean-Luc Picard Cap803, "-1 SP" on
//! three upgrades, never on the talent Balance of Terror holds for free).

use super::cost::{self, At, Effect, Grant, ModifierKind, OnShip, Role, Target, Waiver, SHIP_CARD};
use super::ship_factions::Factions;
use super::state::ShipState;
use super::upgrade_types;
use crate::fleet::Fleet;
use fleetcheck_data::Database;

/// Gives each grant limited to some cards (`max_cards`: "One of your
/// Dominion Upgrades costs -2 SP") to the cards it saves most on, earlier
/// cards of the file first on a tie, one grant after the other. The saving
/// is judged with each card counted as its first slot type. `exclude`:
/// (grant index, card) pairs the grant may not go to.
#[allow(clippy::too_many_arguments)]
pub(crate) fn choose_limited<'a>(
    db: &Database,
    lists: &[crate::view::CardList<'a>],
    factions: &[Factions<'a>],
    fleet: &'a Fleet<'a>,
    grants: &mut [Grant<'a>],
    waivers: &[Waiver<'a>],
    sub: bool,
    exclude: &[(usize, At)],
) {
    let limited: Vec<usize> = (0..grants.len())
        .filter(|&g| grants[g].max_cards().is_some())
        .collect();
    for &g in &limited {
        grants[g].only = Some(Vec::new());
    }
    for &g in &limited {
        let max = grants[g].max_cards().unwrap_or(0) as usize;
        let mut savings: Vec<(i32, At)> = Vec::new();
        for (i, list) in lists.iter().enumerate() {
            let e = &fleet.ships[i];
            let targets = std::iter::once((Role::Ship, e.ship.card, SHIP_CARD))
                .chain(list.iter().enumerate().map(|(k, (r, p))| (*r, p.card, k)));
            for (role, card, k) in targets {
                let t = Target {
                    card,
                    role,
                    slot: upgrade_types(card).next(),
                    at: (i, k),
                    cost: None,
                    sub_factions: sub,
                };
                if !grants[g].covers(&t) || exclude.contains(&(g, t.at)) {
                    continue;
                }
                // A card bought face down loses its text: the player keeps
                // a card whose text acts face up (`face_down::has_text`).
                let face_down = matches!(grants[g].effect, Effect::SetCost(c) if c.face_down);
                if face_down && super::face_down::has_text(card) {
                    continue;
                }
                let price = |only: Vec<At>| {
                    let mut trial = grants.to_vec();
                    trial[g].only = Some(only);
                    let on = OnShip {
                        db,
                        view: factions[i].view(e, sub),
                        grants: &trial,
                        waivers,
                    };
                    cost::on_ship(&t, &on).cost
                };
                let saving = price(Vec::new()) - price(vec![t.at]);
                if saving > 0 {
                    savings.push((saving, t.at));
                }
            }
        }
        // Largest saving first; the sort is stable, so file order breaks ties.
        savings.sort_by_key(|(saving, _)| std::cmp::Reverse(*saving));
        grants[g].only = Some(savings.iter().take(max).map(|(_, at)| *at).collect());
    }
}

/// The picks of limited grants that saved nothing where the card stands
/// once priced (no modifier of the grant's card on it): (grant index,
/// card).
pub(crate) fn wasted(grants: &[Grant], ships: &[ShipState]) -> Vec<(usize, At)> {
    let mut out = Vec::new();
    for (g, grant) in grants.iter().enumerate() {
        let Some(only) = &grant.only else { continue };
        let label = format!("{} ({})", grant.from.name, grant.from.id);
        for &(i, k) in only {
            let Some(ship) = ships.get(i) else { continue };
            let price = if k == SHIP_CARD {
                Some(&ship.price)
            } else {
                ship.cards.get(k).map(|c| &c.price)
            };
            let saved = price.is_some_and(|p| {
                p.modifiers.iter().any(|m| {
                    matches!(
                        m.kind,
                        ModifierKind::Discount | ModifierKind::Surcharge | ModifierKind::SetCost
                    ) && (m.source == label || m.source.starts_with(&format!("{label}:")))
                })
            });
            if !saved {
                out.push((g, (i, k)));
            }
        }
    }
    out
}
