//! `sp-cap`: the fleet total (ships + resource + additional points) may
//! not exceed the cap: the file's `sp_cap`, else the format's.

use super::analysis::Analysis;
use super::Rule;
use crate::diag::Diagnostic;

pub const RULE: Rule = Rule {
    name: "sp-cap",
    codes: &["sp-cap"],
    summary: "the fleet total is at most the SP cap",
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(cap) = &a.cap else { return };
    if a.total > cap.value {
        let by = if a.raw.sp_cap.as_ref().is_some_and(|c| c.span == cap.span) {
            "the file's sp_cap".to_string()
        } else {
            format!("format {}", a.format.id)
        };
        out.push(
            Diagnostic::error(
                "sp-cap",
                format!(
                    "the fleet costs {} SP, {} over the {} SP cap of {by}",
                    a.total,
                    a.total - cap.value,
                    cap.value
                ),
            )
            .with_span(Some(cap.span.clone())),
        );
    }
}
