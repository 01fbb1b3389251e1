//! `card-pool`: the cards a fleet may use at all.
//!
//! - Builder helpers (`Card::helper`: the cards of set 80000 "Builder" and
//!   the `AP*` ids, which the Utopia builder uses for another game mode)
//!   are in the database so that `fleetcheck card AP1001` shows them, but no
//!   format's card pool holds them: a fleet that names one (by id, since
//!   names never resolve to them) is not legal, in every format.
//! - Formats with `card_pool_by_date` allow only cards released on or
//!   before the evaluation date (`--as-of`, the file's `as_of`, else
//!   today): a card none of whose sets was out by then is reported. Cards
//!   without a known set are not judged.
//!
//! ```toml
//! [[ship]]
//! ship = "U.S.S. Enterprise-D"
//! upgrades = ["AP1002"]        # a builder helper -> card-pool
//! ```

use super::analysis::Analysis;
use super::{Code, Reads, Rule};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "card-pool",
    codes: &[Code::CardPool],
    check,
    reads: Reads::Fleet,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let cards = a.every_card();
    for l in cards.iter().filter(|l| l.card.helper) {
        out.push(
            Diagnostic::new(
                Code::CardPool,
                format!(
                    "{} ({}) on {} is a helper card of another game mode of the Utopia builder (set 80000 \"Builder\"), not a card of any format's card pool",
                    l.card.name, l.card.id, l.place
                ),
            )
            .with_span(Some(l.span.clone()))
            .with_help("use the printed card instead (`fleetcheck search` lists the card pool)"),
        );
    }
    let Some(date) = &a.date else { return };
    if !a.format.card_pool_by_date {
        return;
    }
    for l in cards.iter().filter(|l| !l.card.helper) {
        let Some(first) = a.db.release_date(l.card) else {
            continue;
        };
        if first > date.as_str() {
            out.push(
                Diagnostic::new(
                    Code::CardPool,
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
