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
    added_leaves: Some(|a, card| outside(a, card).is_none()),
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    // The helpers first, then the cards released too late.
    let outside: Vec<_> = a
        .every_card()
        .iter()
        .filter_map(|l| Some((l, outside(a, l.card)?)))
        .collect();
    let (helpers, later): (Vec<_>, Vec<_>) = outside
        .into_iter()
        .partition(|(_, why)| matches!(why, Outside::Helper));
    for (l, why) in helpers.into_iter().chain(later) {
        let (card, place) = (l.card, l.place);
        let d = match why {
            Outside::Helper => Diagnostic::new(
                Code::CardPool,
                format!(
                    "{} ({}) on {place} is a helper card of another game mode of the Utopia builder (set 80000 \"Builder\"), not a card of any format's card pool",
                    card.name, card.id
                ),
            )
            .with_help("use the printed card instead (`fleetcheck search` lists the card pool)"),
            Outside::Later { first, date } => Diagnostic::new(
                Code::CardPool,
                format!(
                    "{} ({}) on {place} was first released on {first}, after {date}, the date format {} is evaluated on",
                    card.name, card.id, a.format.id
                ),
            )
            .with_help("set as_of (or --as-of) to a later date, or pick a card released by then"),
        };
        out.push(d.with_span(Some(l.span.clone())));
    }
}

/// Why a card is out of the card pool.
enum Outside<'a> {
    /// A builder helper.
    Helper,
    /// First released on `first`, after the evaluation date `date`.
    Later { first: &'a str, date: &'a str },
}

/// Why `card` is out of the fleet's card pool, wherever it stands in the
/// fleet (the rule reports every such card once); `None` when it is in.
fn outside<'a>(a: &'a Analysis, card: &'a fleetcheck_data::model::Card) -> Option<Outside<'a>> {
    if card.helper {
        return Some(Outside::Helper);
    }
    let date = a.date.filter(|_| a.format.card_pool_by_date)?;
    let first = a.db.release_date(card)?;
    (first > date).then_some(Outside::Later { first, date })
}

/// Whether `card`, put anywhere in the fleet `a`, is out of its card pool:
/// the rule then finds one more `card-pool` error, whatever else changed
/// (`engine::Base::sure_to_break`).
pub(crate) fn is_outside(a: &Analysis, card: &fleetcheck_data::model::Card) -> bool {
    outside(a, card).is_some()
}
