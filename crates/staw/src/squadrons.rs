//! The attack squadron resources (`Rules::squadrons`, reported as
//! `restriction`): Hideki Class Attack Fighters (R005) and Federation
//! Attack Fighters (R006): "Players may only include 1 Attack Squadron
//! when building their fleets for the tournament" and "Attack Squadrons
//! can not be equipped with any upgrades or captain cards". With such a
//! resource, the fleet has at most `max` ships that are attack squadrons
//! (`Card::squadron`), and (`bare`) those carry no upgrade and no captain.
//!
//! ```toml
//! [card.rules.squadrons]
//! max = 1
//! bare = true
//! ```

use super::analysis::Analysis;
use super::cost::Role;
use super::words::count;
use super::Code;
use fleetcheck_input::diag::Diagnostic;

pub(crate) fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(res) = &a.resource else { return };
    let card = res.placed.card;
    let Some(limit) = &card.rules.squadrons else {
        return;
    };
    let mut seen = 0;
    for (i, s) in a.ships.iter().enumerate() {
        if !s.entry.ship.card.squadron {
            continue;
        }
        seen += 1;
        if seen > limit.max {
            out.push(
                Diagnostic::new(
                    Code::Restriction,
                    format!(
                        "with the {} resource ({}) a fleet may include at most {}, and {} is one too many",
                        card.name,
                        card.id,
                        count(limit.max, "attack squadron", "attack squadrons"),
                        s.label(i)
                    ),
                )
                .with_span(Some(s.entry.ship.span.clone())),
            );
        }
        if !limit.bare {
            continue;
        }
        for c in s
            .cards
            .iter()
            .filter(|c| matches!(c.role, Role::Upgrade | Role::Captain))
        {
            out.push(c.placed.diagnostic(
                Code::Restriction,
                format!(
                    "with the {} resource ({}) attack squadrons carry no upgrades or captains, but {} ({}) is on {}",
                    card.name,
                    card.id,
                    c.placed.card.name,
                    c.placed.card.id,
                    s.label(i)
                ),
            ));
        }
    }
}
