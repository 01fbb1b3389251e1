//! `admiral-limit`: at most one admiral in the whole fleet, plus those a
//! card allows (`Rules::extra_admirals`: James T. Kirk A044, while on a
//! Constitution Refit Class ship, "Your fleet may include 1 additional
//! Federation Admiral with a cost of 4 SP or less"). A ship holds one
//! admiral at most (the file has one `admiral` key per ship), so "Both
//! Admirals may not be equipped to the same ship" always holds.
//!
//! The admirals an allowance covers are taken from the end of the file, so
//! the one reported is the last admiral nothing allows.
//!
//! ```toml
//! [[ship]]
//! admiral = "Female Changeling"
//! [[ship]]
//! admiral = "K'Mpec"                # admiral-limit
//! ```

use super::analysis::Analysis;
use super::cost::{filter_matches, Role, Target, SHIP_CARD};
use super::words::{count, filter_phrase};
use super::{Code, Reads, Rule};
use crate::fleet::Placed;
use fleetcheck_data::model::{Card, CardFilter};
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "admiral-limit",
    codes: &[Code::AdmiralLimit],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

/// One allowance: how many more admirals, which, and from which card.
struct Allowance<'a> {
    left: u32,
    count: u32,
    filter: &'a CardFilter,
    from: &'a Card,
}

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let sub = a.format.sub_factions;
    let admirals: Vec<(usize, &Placed)> = a
        .ships
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.entry.admiral.as_ref().map(|p| (i, p)))
        .collect();
    if admirals.len() <= 1 {
        return;
    }
    let mut allowances: Vec<Allowance> = Vec::new();
    for s in &a.ships {
        let view = s.view(sub);
        // A face-down card's text is not in play.
        let cards = std::iter::once(s.entry.ship.card).chain(
            s.cards
                .iter()
                .filter(|c| !c.face_down)
                .map(|c| c.placed.card),
        );
        for card in cards {
            for x in &card.rules.extra_admirals {
                if x.when.as_ref().is_none_or(|c| view.holds(c)) {
                    allowances.push(Allowance {
                        left: x.count,
                        count: x.count,
                        filter: &x.applies_to,
                        from: card,
                    });
                }
            }
        }
    }
    // Cover admirals from the end of the file; the rest share the one
    // admiral every fleet may have.
    let mut covered = vec![false; admirals.len()];
    for (n, (i, adm)) in admirals.iter().enumerate().rev() {
        let t = Target {
            card: adm.card,
            role: Role::Admiral,
            slot: None,
            at: (*i, SHIP_CARD),
            // "An additional Admiral with a cost of 4 SP or less": its cost
            // on its ship.
            cost: a.ships[*i]
                .cards
                .iter()
                .find(|c| c.role == Role::Admiral)
                .map(|c| c.price.cost),
            sub_factions: sub,
        };
        if let Some(al) = allowances.iter_mut().find(|al| {
            al.left > 0 && !std::ptr::eq(al.from, adm.card) && filter_matches(al.filter, &t)
        }) {
            al.left -= 1;
            covered[n] = true;
        }
    }
    let mut first: Option<(usize, &Card)> = None;
    for (n, (i, adm)) in admirals.iter().enumerate() {
        if covered[n] {
            continue;
        }
        let Some((j, one)) = first else {
            first = Some((*i, adm.card));
            continue;
        };
        let mut d = Diagnostic::new(
            Code::AdmiralLimit,
            format!(
                "a fleet may have only one admiral, and {} ({}) on {} is a second one after {} ({}) on {}",
                adm.card.name,
                adm.card.id,
                a.ships[*i].label(*i),
                one.name,
                one.id,
                a.ships[j].label(j)
            ),
        )
        .with_span(Some(adm.span.clone()));
        // Say what the cards that allow more admirals allow: not this one.
        for al in &allowances {
            d = d.with_help(format!(
                "{} ({}) allows {}: {}",
                al.from.name,
                al.from.id,
                count(al.count, "more admiral", "more admirals"),
                filter_phrase(a.db, al.filter)
            ));
        }
        out.push(d);
    }
}
