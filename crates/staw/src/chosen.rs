//! `chosen-card`: a name several different cards share, resolved because
//! the fleet decides between them (the only candidate without a penalty
//! where it stands, and none cheaper there). Resolution (`fleet::resolve`)
//! decides it; this rule says which card was used, and why.

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use crate::fleet::resolve::Chosen;
use crate::words::factions_and;
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "chosen-card",
    codes: &[Code::ChosenCard],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for c in &a.fleet.chosen {
        out.push(note(c));
    }
}

/// The note of a reference the fleet decided: "'Cloaking Device' is T240
/// (Federation): the only candidate without a penalty on the
/// U.S.S. Defiant, and none is cheaper there (4 SP; the others 10 SP)".
pub(crate) fn note(c: &Chosen) -> Diagnostic {
    let mut costs: Vec<i32> = c.others.iter().map(|(_, cost)| *cost).collect();
    costs.sort_unstable();
    costs.dedup();
    let others = match costs.as_slice() {
        [] => String::new(),
        [one] => format!("; the other{} {one} SP", plural(c.others.len())),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(i32::to_string).collect();
            format!("; the others {} or {last} SP", rest.join(", "))
        }
    };
    let mut d = Diagnostic::new(
        Code::ChosenCard,
        format!(
            "{} is {} ({}): the only candidate without a penalty on the {}, and none is cheaper there ({} SP{others})",
            c.label,
            c.used.id,
            factions_and(&c.used.factions),
            c.ship,
            c.cost,
        ),
    )
    .with_span(Some(c.span.clone()));
    if !c.cannot.is_empty() {
        let ids: Vec<&str> = c.cannot.iter().map(|k| k.id.as_str()).collect();
        d = d.with_help(format!(
            "left out because they cannot go there: {}",
            ids.join(", ")
        ));
    }
    let ids: Vec<&str> = c.others.iter().map(|(k, _)| k.id.as_str()).collect();
    let also = if ids.is_empty() {
        String::new()
    } else {
        format!(" (the others: {})", ids.join(", "))
    };
    d.with_help(format!(
        "write {{ id = \"{}\" }} to say so, or another candidate's id{also}",
        c.used.id
    ))
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
