//! `empty-fleet`: a fleet file with no ship, no resource and no sideboard
//! has nothing to check, and is never "legal at 0 SP" (a list with only a
//! `player` line, a file written half-way). A list of only a sideboard or
//! only a resource is a fleet.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "empty-fleet",
    codes: &[Code::EmptyFleet],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let f = a.fleet;
    if f.ships.is_empty() && f.resource.is_none() && f.sideboard.is_none() {
        out.push(
            Diagnostic::new(
                Code::EmptyFleet,
                "the fleet has no ships, no resource and no sideboard: nothing to check",
            )
            .with_help("a fleet names its ships as [[ship]] tables (`fleetcheck new` writes one)"),
        );
    }
}
