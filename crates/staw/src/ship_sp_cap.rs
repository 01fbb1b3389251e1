//! `ship-sp-cap`: the format's per-ship cap (the 2016 tournament format:
//! 50 SP, counting everything assigned to the ship), with its exception: a
//! ship whose base (printed) cost is 43 or more may add up to 8 SP of
//! upgrades and other cards, plus a captain and an admiral, even above the
//! cap.
//!
//! ```toml
//! format = "tournament-2016"
//! [[ship]]
//! ship = "Tactical Cube 138"               # base 46
//! captain = { id = "Cap811" }              # 6
//! upgrades = ["Borg Alcove", "Transwarp Signal"]   # 4 + 4 = 8: 60 is allowed
//! ```

use super::analysis::Analysis;
use super::cost::Role;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "ship-sp-cap",
    codes: &[Code::ShipSpCap],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(cap) = a.format.ship_sp_cap else {
        return;
    };
    for (i, s) in a.ships.iter().enumerate() {
        if s.total <= cap {
            continue;
        }
        let base = s.entry.ship.card.cost;
        let extras: i32 = s
            .cards
            .iter()
            .filter(|c| !matches!(c.role, Role::Captain | Role::Admiral))
            .map(|c| c.price.cost)
            .sum();
        let exception = match (
            a.format.ship_cap_exception_base,
            a.format.ship_cap_exception_upgrades,
        ) {
            (Some(min_base), Some(max_up)) if base >= min_base => Some((min_base, max_up)),
            _ => None,
        };
        let msg = match exception {
            Some((_, max_up)) if extras <= max_up => continue,
            Some((min_base, max_up)) => format!(
                "{} costs {} SP, over the {cap} SP per-ship cap of format {}; with a base cost of {base} ({min_base} or more) it may go over with up to {max_up} SP of cards besides its captain and admiral, but it has {extras} SP of them",
                s.label(i), s.total, a.format.id
            ),
            None => format!(
                "{} costs {} SP, over the {cap} SP per-ship cap of format {}",
                s.label(i),
                s.total,
                a.format.id
            ),
        };
        out.push(Diagnostic::new(Code::ShipSpCap, msg).with_span(Some(s.entry.ship.span.clone())));
    }
}
