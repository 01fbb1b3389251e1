//! The candidates of an ambiguous or unknown reference: ordered as a
//! player looks for them, each as a help line with the table that picks it.

use super::position::{upgrade_types, Position};
use super::read::CardRef;
use super::resolved::{Fit, Judge, ShipEntry};
use crate::words::factions_and;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::{names, Database};
use fleetcheck_input::diag::{Diagnostic, Fix, InputCode};

/// One candidate of an ambiguous or unknown reference, in the order a
/// player looks for it: cards that fit the place first (legal, no
/// penalty), cheapest first.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    pub card: &'a Card,
    /// Every set it is printed in (its reprints' sets too), as ids.
    pub sets: Vec<String>,
    /// How it does on its ship, when there is one to judge it on.
    pub fit: Option<Fit>,
}

pub(super) fn ambiguous(
    db: &Database,
    r: &CardRef,
    pos: Position,
    cards: &[Candidate],
    on_ship: bool,
) -> Diagnostic {
    let mut d = Diagnostic::new(
        InputCode::AmbiguousCard,
        format!(
            "{} names {} different cards that fit as {}; pick one by its id",
            r.label(),
            cards.len(),
            pos.wanted()
        ),
    )
    .with_span(Some(r.span.clone()));
    d = with_candidates(d, db, cards, on_ship);
    if cards.len() > MAX_CANDIDATES {
        d = d.with_help(format!(
            "and {} more (`fleetcheck search` lists them all)",
            cards.len() - MAX_CANDIDATES
        ));
    }
    d
}

/// The most candidates one message lists.
pub(super) const MAX_CANDIDATES: usize = 12;

/// The candidates `cards` (reprints removed) of a reference, each with
/// every set it is printed in (from `all`, the cards the reference named
/// with their reprints) and, on a ship, how it does there; in the order a
/// player looks for them: legal without penalty first, then legal, then
/// the rest, each by cost there, faction and id.
pub(super) fn order<'a>(
    db: &'a Database,
    all: &[&'a Card],
    cards: &[&'a Card],
    pos: Position,
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
) -> Vec<Candidate<'a>> {
    let mut out: Vec<Candidate> = cards
        .iter()
        .map(|c| {
            let mut sets: Vec<String> = Vec::new();
            let printings = db
                .named_as(c)
                .into_iter()
                .chain(all.iter().copied())
                .filter(|o| std::ptr::eq(*o, *c) || o.is_reprint_of(c));
            for o in std::iter::once(*c).chain(printings) {
                for s in &o.sets {
                    if !sets.contains(s) {
                        sets.push(s.clone());
                    }
                }
            }
            Candidate {
                card: c,
                sets,
                fit: ctx.and_then(|(j, e)| j.fit(e, pos, c)),
            }
        })
        .collect();
    out.sort_by_key(|c| {
        let rank = match &c.fit {
            Some(f) if f.legal && !f.penalty => 0,
            Some(f) if f.legal => 1,
            Some(_) => 2,
            None => 0,
        };
        let cost = c.fit.as_ref().map_or(c.card.cost, |f| f.cost);
        (
            rank,
            cost,
            factions_and(&c.card.factions),
            c.card.id.clone(),
        )
    });
    out
}

/// `d` with each candidate as the fix that picks it, in their order (every
/// one: `fix` offers them all), and the first `MAX_CANDIDATES` as help
/// lines ("W122: Photon Torpedoes, a weapon upgrade, Federation, 3 SP on
/// this ship, in Starter Set (71120), U.S.S. Reliant (71121) — write
/// { id = "W122" }"): a message stays bounded though a name may fit
/// dozens of cards.
pub(super) fn with_candidates(
    mut d: Diagnostic,
    db: &Database,
    cards: &[Candidate],
    on_ship: bool,
) -> Diagnostic {
    let mut fixes = std::mem::take(&mut d.fixes).into_vec();
    for (i, c) in cards.iter().enumerate() {
        let fix = Fix {
            label: candidate_line(db, c, on_ship),
            write: pick_table(c.card),
            id: Some(c.card.id.clone()),
            legal: c.fit.as_ref().is_none_or(|f| f.legal),
        };
        if i < MAX_CANDIDATES {
            d = d.with_help(format!("{} — write {}", fix.label, fix.write));
        }
        fixes.push(fix);
    }
    d.fixes = fixes.into_boxed_slice();
    d
}

/// A candidate in words, without the table that picks it.
pub(crate) fn candidate_line(db: &Database, c: &Candidate, on_ship: bool) -> String {
    let card = c.card;
    let sets = if c.sets.is_empty() {
        "in no set".to_string()
    } else {
        let names: Vec<String> = c
            .sets
            .iter()
            .map(|s| match db.set(s) {
                Some(set) => format!("{} ({})", set.name, set.id),
                None => s.clone(),
            })
            .collect();
        format!("in {}", names.join(", "))
    };
    let cost = match &c.fit {
        Some(f) => {
            let mut s = format!("{} SP on this ship", f.cost);
            if f.penalty {
                s.push_str(" with a penalty");
            }
            if !f.legal {
                s.push_str(", breaks a rule there");
            }
            s
        }
        None if on_ship => format!("{} SP", card.cost),
        None => format!("cost {} SP", card.cost),
    };
    format!(
        "{}: {}, {}, {}, {}, {}",
        card.id,
        card.name,
        describe_kind(card),
        factions_and(&card.factions),
        cost,
        sets
    )
}

/// The inline table that picks exactly this card.
fn pick_table(c: &Card) -> String {
    format!("{{ id = \"{}\" }}", c.id)
}

/// The fleet-file key a card of this type goes under.
pub(super) fn key_for(kind: CardType) -> &'static str {
    match kind {
        CardType::Ship => "ship",
        CardType::Captain => "captain",
        CardType::Admiral => "admiral",
        CardType::Ambassador => "ambassador",
        CardType::Upgrade | CardType::ShipResource => "upgrades",
        CardType::Resource => "resource",
        CardType::FleetCaptain => "fleet_captain",
        CardType::Officer => "officers",
        CardType::Flagship => "flagship",
        CardType::Construction => "construction",
    }
}

/// "a crew upgrade", "a captain", "a ship".
pub fn describe_kind(c: &Card) -> String {
    match (c.kind, &c.slot) {
        (CardType::Upgrade, Some(s)) => format!("a {} upgrade", names::slot(s)),
        (CardType::Upgrade, None) => {
            let types: Vec<&str> = upgrade_types(c).map(names::slot).collect();
            if types.is_empty() {
                "an upgrade".into()
            } else {
                format!("a {} upgrade", types.join("-or-"))
            }
        }
        (k, _) => {
            let s = k.as_str().replace('-', " ");
            if s.starts_with(['a', 'e', 'i', 'o', 'u']) {
                format!("an {s}")
            } else {
                format!("a {s}")
            }
        }
    }
}

pub(super) fn join_or(items: &[String]) -> String {
    let mut items: Vec<&String> = items.iter().collect();
    items.dedup();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!(
            "{} or {}",
            items[..n - 1]
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            items[n - 1]
        ),
    }
}

/// Removes cards that are another card of the list printed again
/// (`Card::is_reprint_of`; the first one stays).
pub(crate) fn dedupe(cards: Vec<&Card>) -> Vec<&Card> {
    dedupe_upto(cards, usize::MAX)
}

/// [`dedupe`], ended when `most` cards are kept (the first `most` of
/// its answer).
pub(crate) fn dedupe_upto<'a>(
    cards: impl IntoIterator<Item = &'a Card>,
    most: usize,
) -> Vec<&'a Card> {
    let cards = cards.into_iter();
    let mut out: Vec<&Card> = Vec::with_capacity(cards.size_hint().0.min(most));
    for c in cards {
        if out.len() == most {
            break;
        }
        if !out
            .iter()
            .any(|o| std::ptr::eq(*o, c) || o.is_reprint_of(c))
        {
            out.push(c);
        }
    }
    out
}
