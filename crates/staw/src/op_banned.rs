//! `op-banned`: formats with `exclude_op_banned` do not allow cards banned
//! from organised play.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "op-banned",
    codes: &[Code::OpBanned],
    check,
    reads: Reads::Fleet,
    added_leaves: Some(|a, card| !(a.format.exclude_op_banned && card.op_banned)),
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    if !a.format.exclude_op_banned {
        return;
    }
    for l in a.every_card().iter().filter(|l| l.card.op_banned) {
        out.push(
            Diagnostic::new(
                Code::OpBanned,
                format!(
                    "{} ({}) on {} is banned from organised play, and format {} excludes such cards",
                    l.card.name, l.card.id, l.place, a.format.id
                ),
            )
            .with_span(Some(l.span.clone())),
        );
    }
}
