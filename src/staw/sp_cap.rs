//! `sp-cap`: the fleet total (ships + resource + additional points) may
//! not exceed the cap: the file's `sp_cap`, else the format's.

use super::analysis::Analysis;
use super::{Code, Rule};
use crate::input::diag::Diagnostic;

pub const RULE: Rule = Rule {
    name: "sp-cap",
    codes: &[Code::SpCap],
    summary: "the fleet total is at most the SP cap",
    check,
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
            .with_span(Some(a.fleet_span())),
        );
    }
}
