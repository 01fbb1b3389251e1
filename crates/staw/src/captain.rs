//! `captain` and `no-captain`: a ship takes one captain, unless its card
//! says otherwise (`rules.captains`; attack squadrons take none).
//!
//! A ship without a captain is allowed while building (Space Dock and
//! Utopia allow it, and a fleet is often drafted ship by ship), but every
//! ship needs a captain to be deployed, so it is worth a warning that
//! names the free generic captain of the ship's faction. A captain on a
//! ship that takes none is an error.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "captain",
    codes: &[Code::Captain, Code::NoCaptain],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        let ship = s.entry.ship.card;
        let allowed = ship
            .rules
            .captains
            .unwrap_or(if ship.squadron { 0 } else { 1 });
        match &s.entry.captain {
            Some(c) if allowed == 0 => out.push(
                Diagnostic::new(
                    Code::Captain,
                    format!(
                        "{} takes no captain, but {} ({}) is assigned to it",
                        s.label(i),
                        c.card.name,
                        c.card.id
                    ),
                )
                .with_span(Some(c.span.clone())),
            ),
            None if allowed > 0 => {
                let mut d = Diagnostic::new(
                    Code::NoCaptain,
                    format!(
                        "{} has no captain; every ship needs one in play",
                        s.label(i)
                    ),
                )
                .with_span(Some(s.entry.ship.span.clone()));
                if let Some(g) = generic_captain(a, ship) {
                    d = d.with_help(format!(
                        "the generic captain of its faction costs 0 SP: captain = {}",
                        g
                    ));
                }
                out.push(d);
            }
            _ => {}
        }
    }
}

/// The generic (non-unique, 0 SP) captain of the ship's faction, as a
/// card reference that resolves: its name, or its id when the name is
/// shared. Only looked up for a ship without a captain.
fn generic_captain(a: &Analysis, ship: &Card) -> Option<String> {
    let g = a.db.cards.iter().find(|c| {
        c.kind == CardType::Captain
            && !c.helper
            && c.cost == 0
            && !c.unique
            && !c.mirror_unique
            && c.factions.iter().any(|f| ship.factions.first() == Some(f))
    })?;
    let captains =
        a.db.named_as(g)
            .into_iter()
            .filter(|c| c.kind == CardType::Captain)
            .count();
    Some(if captains == 1 {
        format!("{:?}", g.name)
    } else {
        format!("{{ id = {:?} }}", g.id)
    })
}
