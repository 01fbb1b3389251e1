//! `oversized-limit`: at most `Format::max_oversized` ships with the
//! oversized base (ship classes marked `oversized` in `classes.toml`: the
//! Borg Cube class, the Nor class orbital station).

use super::analysis::Analysis;
use super::words::{and_list, class_ship, count};
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "oversized-limit",
    codes: &[Code::OversizedLimit],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(max) = a.format.max_oversized else {
        return;
    };
    let mut seen: Vec<String> = Vec::new();
    for (i, s) in a.ships.iter().enumerate() {
        let ship = s.entry.ship.card;
        let Some(class) = ship.class.as_deref().and_then(|c| a.db.class(c)) else {
            continue;
        };
        if !class.oversized {
            continue;
        }
        if seen.len() as u32 >= max {
            out.push(
                Diagnostic::new(
                    Code::OversizedLimit,
                    format!(
                        "format {} allows {} with an oversized base, and {}, {}, is one more after {}",
                        a.format.id,
                        count(max, "ship", "ships"),
                        s.label(i),
                        class_ship(a.db, &class.id),
                        and_list(&seen)
                    ),
                )
                .with_span(Some(s.entry.ship.span.clone())),
            );
        }
        seen.push(s.label(i));
    }
}
