//! `admiral-limit`: at most one admiral in the whole fleet.
//!
//! ```toml
//! [[ship]]
//! admiral = "Female Changeling"
//! [[ship]]
//! admiral = "K'Mpec"                # admiral-limit
//! ```

use super::analysis::Analysis;
use super::Rule;
use crate::diag::Diagnostic;

pub const RULE: Rule = Rule {
    name: "admiral-limit",
    codes: &["admiral-limit"],
    summary: "at most one admiral per fleet",
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let mut first: Option<(usize, &str)> = None;
    for (i, s) in a.ships.iter().enumerate() {
        let Some(adm) = &s.entry.admiral else {
            continue;
        };
        match first {
            None => first = Some((i, &adm.card.name)),
            Some((j, name)) => out.push(
                Diagnostic::error(
                    "admiral-limit",
                    format!(
                        "a fleet has at most one admiral: {} ({}) on {} is a second one after {} on {}",
                        adm.card.name,
                        adm.card.id,
                        s.label(i),
                        name,
                        a.ships[j].label(j)
                    ),
                )
                .with_span(Some(adm.span.clone())),
            ),
        }
    }
}
