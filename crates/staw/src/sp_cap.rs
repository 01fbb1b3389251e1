//! `sp-cap`: the fleet total (ships + resource + additional points) may
//! not exceed the cap: the file's `sp_cap`, else the format's. The finding
//! stands on the ship or card whose cost takes the total over the cap.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "sp-cap",
    codes: &[Code::SpCap],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some((cap, by)) = &a.cap else { return };
    if a.total > *cap {
        out.push(
            Diagnostic::new(
                Code::SpCap,
                format!(
                    "the fleet costs {} SP, {} over the {cap} SP cap {by}",
                    a.total,
                    i64::from(a.total) - i64::from(*cap)
                ),
            )
            // On the ship or card that tips the total over the cap.
            .with_span(Some(a.tipping_span(*cap).unwrap_or_else(|| a.fleet_span()))),
        );
    }
}
