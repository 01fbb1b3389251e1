//! `resource-retired`: formats with `retire_resources` (the 2016
//! tournament format) do not allow a resource retired on or before the
//! evaluation date (`[[retirement]]` in `formats.toml`).

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "resource-retired",
    codes: &[Code::ResourceRetired],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let (Some(r), Some(date)) = (&a.resource, &a.date) else {
        return;
    };
    if !a.format.retire_resources {
        return;
    }
    let card = r.placed.card;
    let retired =
        a.db.retirements
            .iter()
            .filter(|x| x.resource.eq_ignore_ascii_case(&card.id))
            .find(|x| x.retired.as_str() <= *date);
    if let Some(x) = retired {
        out.push(r.placed.diagnostic(
            Code::ResourceRetired,
            format!(
                "{} ({}) has been retired from tournament play since {}, and format {} is evaluated on {date}",
                card.name, card.id, x.retired, a.format.id
            ),
        ));
    }
}
