//! `ship-count`: the format's minimum and maximum number of ships (the
//! 2016 tournament format: at least 3).

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "ship-count",
    codes: &[Code::ShipCount],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let n = a.ships.len() as u32;
    let span = a
        .raw
        .format
        .as_ref()
        .map(|f| f.span.clone())
        .unwrap_or(0..0);
    if let Some(min) = a.format.min_ships.filter(|&m| n < m) {
        out.push(
            Diagnostic::new(
                Code::ShipCount,
                format!(
                    "format {} needs at least {min} ships, but the fleet has {n}",
                    a.format.id
                ),
            )
            .with_span(Some(span.clone())),
        );
    }
    if let Some(max) = a.format.max_ships.filter(|&m| n > m) {
        out.push(
            Diagnostic::new(
                Code::ShipCount,
                format!(
                    "format {} allows at most {max} ships, but the fleet has {n}",
                    a.format.id
                ),
            )
            .with_span(Some(span)),
        );
    }
}
