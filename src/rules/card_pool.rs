//! `card-pool`: formats with `card_pool_by_date` allow only cards released
//! on or before the evaluation date (`--as-of`, the file's `as_of`, else
//! today): a card none of whose sets was out by then is reported. Cards
//! without a known set are not judged.

use super::analysis::Analysis;
use super::Rule;
use crate::diag::Diagnostic;

pub const RULE: Rule = Rule {
    name: "card-pool",
    codes: &["card-pool"],
    summary: "only cards released by the evaluation date (formats with a card pool)",
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let Some(date) = &a.date else { return };
    if !a.format.card_pool_by_date {
        return;
    }
    for l in a.every_card() {
        let Some(first) = a.db.release_date(l.card) else {
            continue;
        };
        if first > date.as_str() {
            out.push(
                Diagnostic::error(
                    "card-pool",
                    format!(
                        "{} ({}) on {} was first released on {first}, after {date}, the date format {} is evaluated on",
                        l.card.name, l.card.id, l.place, a.format.id
                    ),
                )
                .with_span(Some(l.span.clone()))
                .with_help("set as_of (or --as-of) to a later date, or pick a card released by then"),
            );
        }
    }
}
