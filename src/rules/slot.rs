//! `slot`: every upgrade that needs a slot must find a free one of its
//! type on its ship (printed slots, captain and admiral talent slots, slots
//! other cards add). The assignment itself is solved in `slots`; this rule
//! reports the cards left without a slot, naming the ship, the slot type
//! and the slots the ship has.
//!
//! ```toml
//! [[ship]]
//! ship = "U.S.S. Enterprise-D"      # 2 weapon, 3 crew: no tech slot
//! captain = "Jean-Luc Picard"
//! upgrades = ["Positron Beam"]      # tech -> slot
//! ```

use super::analysis::Analysis;
use super::slots::Slot;
use super::words::slots_or;
use super::{upgrade_types, Rule};
use crate::diag::Diagnostic;

pub const RULE: Rule = Rule {
    name: "slot",
    codes: &["slot"],
    summary: "every upgrade needs a free slot of its type",
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        for c in s.cards.iter().filter(|c| c.unplaced) {
            let card = c.placed.card;
            let types: Vec<&str> = upgrade_types(card).collect();
            out.push(
                Diagnostic::error(
                    "slot",
                    format!(
                        "{} ({}) needs a free {} slot, but {} has none left",
                        card.name,
                        card.id,
                        slots_or(&types),
                        s.label(i)
                    ),
                )
                .with_span(Some(c.placed.span.clone()))
                .with_help(format!(
                    "the ship's upgrade slots: {}",
                    describe_slots(&s.slots)
                )),
            );
        }
    }
}

/// "2 weapon, 3 crew, 1 talent", "1 crew or tech".
fn describe_slots(slots: &[Slot]) -> String {
    if slots.iter().all(|s| s.accepts.is_empty()) {
        return "none".into();
    }
    let mut groups: Vec<(String, usize)> = Vec::new();
    // A slot that takes nothing (its condition does not hold) is none.
    for s in slots.iter().filter(|s| !s.accepts.is_empty()) {
        let name = slots_or(&s.accepts);
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some(g) => g.1 += 1,
            None => groups.push((name, 1)),
        }
    }
    groups
        .iter()
        .map(|(n, k)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
