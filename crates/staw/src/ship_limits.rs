//! Ship limits (`Rules::ship_limits`), reported as `restriction`: a card
//! limits the other cards of its ship. Every card there that matches the
//! limit's `applies_to` must match its `only` (none may be there when
//! `only` is absent):
//!
//! - "This ship may only be assigned Gareb or a Romulan Drone Pilot as its
//!   Captain" (Prototype 01 S061): captains must be named Gareb or Romulan
//!   Drone Pilot;
//! - "K'Temoc may only field Klingon [talent] Upgrades", "You may only
//!   equip the 'Grand Nagus' and 'Rules of Acquisition' [talent] Upgrades
//!   to this Captain" (Gint);
//! - "you may only have a Romulan Captain and Romulan [crew] Upgrades
//!   assigned to your ship" (Romulan Hijackers C039);
//! - "You cannot deploy a [borg] Upgrade with a cost greater than 5 to this
//!   ship" (Scout 255): borg upgrades of a printed cost of 5 or less;
//! - "You may not equip the Science Vessel Variant [tech] Upgrade to this
//!   ship" (Combat Vessel Variant T265): no such card.
//!
//! ```toml
//! [[card.rules.ship_limits]]
//! applies_to = { types = ["captain"] }
//! only = { names = ["Gareb", "Romulan Drone Pilot"] }
//! ```

use super::analysis::Analysis;
use super::cost::{filter_matches, Target};
use super::words::filter_phrase;
use super::Code;
use fleetcheck_input::diag::Diagnostic;

/// Reports every card that breaks a limit of another card of its ship, at
/// the card that breaks it.
pub(crate) fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        let limiting = s
            .cards_in_play()
            .filter(|(_, c)| !c.rules.ship_limits.is_empty());
        for (from_k, from) in limiting {
            for limit in &from.rules.ship_limits {
                // `only` narrows the cards `applies_to` picks: its type and
                // slot are theirs unless it names its own.
                let only = limit.only.as_ref().map(|o| {
                    let mut o = o.clone();
                    if o.types.is_empty() {
                        o.types = limit.applies_to.types.clone();
                    }
                    if o.slots.is_empty() {
                        o.slots = limit.applies_to.slots.clone();
                    }
                    o
                });
                for (k, c) in s.cards.iter().enumerate() {
                    if k == from_k {
                        continue;
                    }
                    let slot = c.slot.filter(|s| *s != "none");
                    let t = Target {
                        card: c.placed.card,
                        role: c.role,
                        slot,
                        at: (i, k),
                        cost: Some(c.price.cost),
                        sub_factions: a.format.sub_factions,
                    };
                    if !filter_matches(&limit.applies_to, &t) {
                        continue;
                    }
                    if only.as_ref().is_some_and(|o| filter_matches(o, &t)) {
                        continue;
                    }
                    let what = match &only {
                        Some(o) if o.max_cost.is_some() => format!(
                            "allows only {} there, and it costs {} SP there",
                            filter_phrase(a.db, o),
                            c.price.cost
                        ),
                        Some(o) => format!("allows only {} there", filter_phrase(a.db, o)),
                        None => {
                            format!("allows no {} there", filter_phrase(a.db, &limit.applies_to))
                        }
                    };
                    out.push(c.placed.diagnostic(
                        Code::Restriction,
                        format!(
                            "{} ({}) may not be on {}: {} ({}) {what}",
                            c.placed.card.name,
                            c.placed.card.id,
                            s.label(i),
                            from.name,
                            from.id,
                        ),
                    ));
                }
            }
        }
    }
}
