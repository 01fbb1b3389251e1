//! `equivalent-cards`: a name several cards share, resolved because every
//! one of them gives the same result on its ship (same cost there, same
//! legality, same uniqueness). Resolution (`fleet::resolve`) decides it;
//! this rule says which card was used.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "equivalent-cards",
    codes: &[Code::EquivalentCards],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for e in &a.fleet.equivalent {
        let others: Vec<&str> = e.others.iter().map(|c| c.id.as_str()).collect();
        out.push(
            Diagnostic::new(
                Code::EquivalentCards,
                format!(
                    "{} names {} cards that are the same on the {}; used {} ({})",
                    e.label,
                    others.len() + 1,
                    e.ship,
                    e.used.id,
                    crate::fleet::resolve::compact(a.db, e.used),
                ),
            )
            .with_span(Some(e.span.clone()))
            .with_help(format!(
                "{} would cost the same and be as legal there; write {{ id = \"{}\" }} to say so",
                others.join(", "),
                e.used.id
            )),
        );
    }
}
