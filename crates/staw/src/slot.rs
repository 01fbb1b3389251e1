//! `slot`: every upgrade that needs a slot must find a free one of its
//! type on its ship (printed slots, captain and admiral talent slots, slots
//! other cards add). The assignment itself is solved in `slots`; this rule
//! reports the cards left without a slot, naming the ship, the slot type
//! and the slots the ship has (with the terms of slots that other cards
//! add: "1 tech (for Romulan [tech] upgrades only)").
//!
//! ```toml
//! [[ship]]
//! ship = "U.S.S. Enterprise-D"      # 2 weapon, 3 crew: no tech slot
//! captain = "Jean-Luc Picard"
//! upgrades = ["Positron Beam"]      # tech -> slot
//! ```

use super::analysis::{Analysis, ShipState};
use super::slot_terms;
use super::words::{and_list, filter_phrase, slots_or};
use super::{upgrade_types, Code, Reads, Rule};
use fleetcheck_data::names;
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "slot",
    codes: &[Code::Slot],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        // Per ship, once: the types its free slots take, and their words.
        let mut free: Option<Vec<&str>> = None;
        let mut described: Option<String> = None;
        for c in s.cards.iter().filter(|c| c.unplaced) {
            let card = c.placed.card;
            let types: Vec<&str> = upgrade_types(card).collect();
            // A free slot of its type whose terms refuse it (a slot "for
            // Romulan [tech] upgrades only") is no free slot for it.
            let free = free.get_or_insert_with(|| {
                s.free_slots()
                    .flat_map(|slot| slot.accepts.iter().copied())
                    .collect()
            });
            let refused = free.iter().any(|t| types.contains(t));
            let described = described.get_or_insert_with(|| describe_slots(a, s, i));
            let left = if refused {
                "none left that takes it"
            } else {
                "none left"
            };
            out.push(
                c.placed
                    .diagnostic(
                        Code::Slot,
                        format!(
                            "{} ({}) needs a free {} slot, but {} has {left}",
                            card.name,
                            card.id,
                            slots_or(&types),
                            s.label(i)
                        ),
                    )
                    .with_help(format!("the ship's upgrade slots: {described}")),
            );
        }
    }
}

/// "2 weapon, 3 crew, 1 talent", "1 crew-or-tech", "1 tech (for Romulan
/// [tech] upgrades only)".
fn describe_slots(a: &Analysis, s: &ShipState, i: usize) -> String {
    let mut groups: Vec<(String, usize)> = Vec::new();
    // A slot that takes nothing (its condition does not hold) is none.
    for (j, slot) in s.slots.iter().enumerate() {
        if slot.accepts.is_empty() {
            continue;
        }
        // "2 crew-or-tech": a slot that takes either, as one word.
        let mut name = slot
            .accepts
            .iter()
            .map(|t| names::slot(t))
            .collect::<Vec<_>>()
            .join("-or-");
        if let Some(t) = slot_terms::of(s, i, Some(j)) {
            if t.add.beneath {
                name = format!("{name} held beneath {}", t.from.name);
            }
            let mut only = Vec::new();
            if let Some(f) = &t.add.only {
                only.push(filter_phrase(a.db, f));
            }
            if t.add.same_faction {
                only.push("cards of the ship's faction".to_string());
            }
            if !only.is_empty() {
                name = format!("{name} (for {} only)", and_list(&only));
            }
        }
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some(g) => g.1 += 1,
            None => groups.push((name, 1)),
        }
    }
    if groups.is_empty() {
        return "none".into();
    }
    groups
        .iter()
        .map(|(n, k)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}
