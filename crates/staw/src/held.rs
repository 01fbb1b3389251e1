//! `held`: which card is held face down beneath which (shared/rules/staw.md,
//! "Cards held beneath another card"). A holder (Quark, Cryogenic Stasis,
//! Experimental Torpedo Bay, ...) is a slot it adds (`AddSlot::beneath`);
//! so is the face-down slot of Balance of Terror ("The chosen Upgrade will
//! be placed face down below your ship card", a slot at a fixed cost:
//! `SetCost::face_down`). The slot assignment puts a card there when that
//! gives the lowest legal total (`slot_terms`, every choice of which card
//! goes face down: `face_down::choose`), and this note says where it
//! went: the held card takes no slot of the upgrade bar and is priced as
//! an upgrade of the ship.

use super::analysis::Analysis;
use super::slot_terms;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "held",
    codes: &[Code::Held],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        for c in &s.cards {
            // A captain's own talent icons that carry a face-down fixed
            // cost (Kirk's "... are placed face down") hold nothing: the
            // talent is his, beneath no card.
            let Some(t) =
                slot_terms::of(s, i, c.slot_index).filter(|t| t.is_face_down() && !t.add.icons)
            else {
                continue;
            };
            let card = c.placed.card;
            out.push(c.placed.diagnostic(
                Code::Held,
                format!(
                    "{} ({}) is held face down beneath {} ({}) on {}: no slot of the upgrade bar, {} SP as an upgrade of the ship",
                    card.name,
                    card.id,
                    t.from.name,
                    t.from.id,
                    s.label(i),
                    c.price.cost
                ),
            ));
        }
    }
}
