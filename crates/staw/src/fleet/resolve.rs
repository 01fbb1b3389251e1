//! Resolving card references against the database: a string is an exact id
//! (any case) or a name (`db::normalize`), an inline table narrows by id,
//! name, faction, set, class and type. A reference must come to exactly one
//! card of a type that fits where it stands; cards that are one card
//! printed in several sets (same facts, other id) count once.
//!
//! Problems are input errors (`unknown-card` with "did you mean",
//! `ambiguous-card` listing each candidate and the inline table that picks
//! it, `wrong-card-type`), and every reference of a file is resolved so
//! that all of them are reported together.

use super::candidates::{
    ambiguous, dedupe, join_or, key_for, order, with_candidate, MAX_CANDIDATES,
};
use super::read::{CardRef, Query, RawFleet, RawShip, RefTable};
use fleetcheck_data::model::Card;
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::{Diagnostic, Fix, InputCode};
use std::ops::Range;

pub use super::candidates::{candidate_line, describe_kind, Candidate};
pub use super::position::{upgrade_types, Position, SideboardSection};
pub use super::resolved::{
    Equivalent, Fit, Fleet, Judge, Placed, ShipEntry, Sideboard, SideboardCard,
};
pub use super::written::{compact, split_compact};

/// Resolves every card reference of the file. `None` when any failed
/// (each failure is in `diags`).
pub fn resolve<'a>(
    db: &'a Database,
    raw: &RawFleet,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    resolve_judged(db, raw, None, diags)
}

/// `resolve`, where `judge` prices the candidates of a name several cards
/// share on their ship: equivalent candidates resolve (`Fleet::equivalent`),
/// others are listed in the order a player looks for them.
pub fn resolve_judged<'a>(
    db: &'a Database,
    raw: &RawFleet,
    judge: Option<&dyn Judge>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    let before = diags.len();
    let mut equivalent = Vec::new();
    let resource = raw
        .resource
        .as_ref()
        .and_then(|r| place(db, r, Position::Resource, None, diags));
    let mut ships = Vec::new();
    for s in &raw.ships {
        if let Some(e) = ship(db, s, judge, &mut equivalent, diags) {
            ships.push(e);
        }
    }
    let sideboard = raw.sideboard.as_ref().map(|sb| {
        let mut out = Sideboard {
            span: sb.span.clone(),
            cards: Vec::new(),
            lists: Vec::new(),
        };
        for e in &sb.entries {
            if e.list {
                out.lists.push(e.section.clone());
            }
            let section = SideboardSection::of(&e.section.value);
            let pos = Position::Sideboard(section);
            let prefer = (section == SideboardSection::Other).then_some(e.section.value.as_str());
            for r in &e.cards {
                if let Some(card) = place(db, r, pos, prefer, diags) {
                    out.cards.push(SideboardCard {
                        section: e.section.clone(),
                        card,
                    });
                }
            }
        }
        out
    });
    (diags.len() == before && ships.len() == raw.ships.len()).then_some(Fleet {
        resource,
        ships,
        sideboard,
        equivalent,
    })
}

/// Resolves a ship: its ship card first, then its captain, then the rest,
/// each judged (when a name is shared) on the ship with what is resolved.
fn ship<'a>(
    db: &'a Database,
    s: &RawShip,
    judge: Option<&dyn Judge>,
    equivalent: &mut Vec<Equivalent<'a>>,
    diags: &mut Vec<Diagnostic>,
) -> Option<ShipEntry<'a>> {
    let ship = s
        .ship
        .as_ref()
        .and_then(|r| place(db, r, Position::Ship, None, diags));
    let mut entry = ship.clone().map(|ship| ShipEntry {
        ship,
        captain: None,
        admiral: None,
        upgrades: Vec::new(),
        flagship: None,
        fleet_captain: None,
        ambassador: None,
        construction: None,
        officers: Vec::new(),
    });
    let singles: [(&Option<CardRef>, Position); 6] = [
        (&s.captain, Position::Captain),
        (&s.admiral, Position::Admiral),
        (&s.flagship, Position::Flagship),
        (&s.fleet_captain, Position::FleetCaptain),
        (&s.ambassador, Position::Ambassador),
        (&s.construction, Position::Construction),
    ];
    let lists: [(&Vec<CardRef>, Position); 2] = [
        (&s.upgrades, Position::Upgrade),
        (&s.officers, Position::Officer),
    ];
    let refs = singles
        .into_iter()
        .filter_map(|(r, p)| r.as_ref().map(|r| (r, p)))
        .chain(
            lists
                .into_iter()
                .flat_map(|(v, p)| v.iter().map(move |r| (r, p))),
        );
    for (r, pos) in refs {
        let ctx = judge.zip(entry.as_ref());
        let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
        match find_in(db, r, pos, None, ctx, suggest) {
            Ok(found) => {
                let placed = Placed {
                    card: found.card,
                    span: r.span.clone(),
                };
                if !found.others.is_empty() {
                    equivalent.push(Equivalent {
                        span: r.span.clone(),
                        label: r.label(),
                        used: found.card,
                        others: found.others,
                        ship: entry
                            .as_ref()
                            .map(|e| e.ship.card.name.clone())
                            .unwrap_or_default(),
                    });
                }
                if let Some(e) = entry.as_mut() {
                    put(e, pos, placed);
                }
            }
            Err(d) => {
                diags.push(*d);
            }
        }
    }
    entry
}

/// Puts a resolved card at its place of a ship.
fn put<'a>(e: &mut ShipEntry<'a>, pos: Position, p: Placed<'a>) {
    match pos {
        Position::Captain => e.captain = Some(p),
        Position::Admiral => e.admiral = Some(p),
        Position::Flagship => e.flagship = Some(p),
        Position::FleetCaptain => e.fleet_captain = Some(p),
        Position::Ambassador => e.ambassador = Some(p),
        Position::Construction => e.construction = Some(p),
        Position::Officer => e.officers.push(p),
        _ => e.upgrades.push(p),
    }
}

/// A ship with `card` put at `pos` (for judging a candidate there).
pub fn with_card<'a>(
    e: &ShipEntry<'a>,
    pos: Position,
    card: &'a Card,
    span: Range<usize>,
) -> ShipEntry<'a> {
    let mut e = e.clone();
    put(&mut e, pos, Placed { card, span });
    e
}

/// A file's diagnostics beyond which an unknown card gets no "did you
/// mean" (see `place`).
pub const SUGGEST_WHILE_FEWER_THAN: usize = 200;

/// Resolves a reference into `diags` or a placed card (see `find_preferring`).
fn place<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Placed<'a>> {
    // "Did you mean" searches the whole database: only for the first
    // problems of a file, so that a file of 60,000 unknown names is
    // checked in linear time (the rest say what is wrong, without it).
    let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
    match find_preferring(db, r, pos, prefer, suggest) {
        Ok(card) => Some(Placed {
            card,
            span: r.span.clone(),
        }),
        Err(d) => {
            diags.push(*d);
            None
        }
    }
}

/// Resolves one reference for a position.
pub fn find<'a>(db: &'a Database, r: &CardRef, pos: Position) -> Result<&'a Card, Box<Diagnostic>> {
    find_preferring(db, r, pos, None, true)
}

/// `find`, where `prefer` (a `[sideboard]` key that is no section) names
/// the card type meant when a name is shared.
fn find_preferring<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    suggest: bool,
) -> Result<&'a Card, Box<Diagnostic>> {
    find_in(db, r, pos, prefer, None, suggest).map(|f| f.card)
}

/// A resolved reference: the card, and the cards equivalent to it on its
/// ship that the reference named too.
struct Found<'a> {
    card: &'a Card,
    others: Vec<&'a Card>,
}

/// Resolves one reference for a position; with a judge and the ship it
/// stands on, candidates that are all the same there resolve to the first,
/// and an ambiguity lists them in the order a player looks for them.
fn find_in<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
    suggest: bool,
) -> Result<Found<'a>, Box<Diagnostic>> {
    let compact_table = match &r.query {
        Query::Text(s) if db.by_id(s).is_none() && db.by_name(s).is_empty() => split_compact(s)
            .map(|(name, set)| RefTable {
                name: Some(name.to_string()),
                set: Some(set.to_string()),
                ..RefTable::default()
            }),
        _ => None,
    };
    let query = match &compact_table {
        Some(t) => Query::Table(t.clone()),
        None => r.query.clone(),
    };
    let (mut candidates, narrowed_from) = match &query {
        Query::Text(s) => match db.by_id(s) {
            Some(c) => (vec![c], Vec::new()),
            None => (db.by_name(s), Vec::new()),
        },
        Query::Table(t) => {
            let base: Vec<&Card> = match (&t.id, &t.name) {
                (Some(id), _) => db.by_id(id).into_iter().collect(),
                (None, Some(name)) => db.by_name(name),
                (None, None) => Vec::new(),
            };
            let narrowed: Vec<&Card> = base
                .iter()
                .copied()
                .filter(|c| matches_table(db, c, t))
                .collect();
            (narrowed, base)
        }
    };
    let all: Vec<&Card> = candidates.clone();
    let fitting: Vec<&Card> = dedupe(candidates.iter().copied().filter(|c| pos.fits(c)).collect());
    let sideboard = matches!(pos, Position::Sideboard(_));
    let one = |card| {
        Ok(Found {
            card,
            others: Vec::new(),
        })
    };
    match fitting.len() {
        1 => return one(fitting[0]),
        n if n > 1 => {
            let cands = order(db, &all, &fitting, pos, ctx);
            if let Some(first) = cands.first().filter(|_| ctx.is_some()) {
                let same = cands.iter().all(|c| {
                    c.fit.is_some()
                        && c.fit == first.fit
                        && c.card.unique == first.card.unique
                        && c.card.mirror_unique == first.card.mirror_unique
                });
                if same {
                    return Ok(Found {
                        card: first.card,
                        others: cands[1..].iter().map(|c| c.card).collect(),
                    });
                }
            }
            return Err(Box::new(ambiguous(db, r, pos, &cands, ctx.is_some())));
        }
        _ => {}
    }
    candidates = dedupe(candidates);
    if !candidates.is_empty() {
        if sideboard {
            // Any card resolves on the sideboard; the sideboard rule says
            // when it is of the wrong type for its section.
            // Under a key that is no section, a card whose type the key
            // names is the one meant (`admiral = "K'Mpec"`).
            if candidates.len() > 1 {
                if let Some(key) = prefer.map(loose) {
                    let named: Vec<&Card> = candidates
                        .iter()
                        .copied()
                        .filter(|c| {
                            loose(c.kind.as_str()) == key
                                || upgrade_types(c).any(|t| loose(t) == key)
                        })
                        .collect();
                    if named.len() == 1 {
                        return one(named[0]);
                    }
                }
            }
            return match candidates.len() {
                1 => one(candidates[0]),
                _ => {
                    let cands = order(db, &all, &candidates, pos, None);
                    Err(Box::new(ambiguous(db, r, pos, &cands, false)))
                }
            };
        }
        let what: Vec<String> = candidates.iter().map(|c| describe_kind(c)).collect();
        let mut keys: Vec<&str> = candidates.iter().map(|c| key_for(c.kind)).collect();
        keys.dedup();
        return Err(Box::new(
            Diagnostic::new(
                InputCode::WrongCardType,
                format!(
                    "{} is {}, but {} goes here",
                    r.label(),
                    join_or(&what),
                    pos.wanted()
                ),
            )
            .with_span(Some(r.span.clone()))
            .with_help(format!(
                "write it under {}",
                join_or(&keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>())
            )),
        ));
    }
    let mut d = Diagnostic::new(
        InputCode::UnknownCard,
        format!("no {} matches {}", strip_article(pos.wanted()), r.label()),
    )
    .with_span(Some(r.span.clone()));
    if !narrowed_from.is_empty() {
        d.message = format!(
            "no {} matches {}: {} card{} of that name or id, none with these details",
            strip_article(pos.wanted()),
            r.label(),
            narrowed_from.len(),
            if narrowed_from.len() == 1 { "" } else { "s" }
        );
        if let Query::Table(RefTable { set: Some(set), .. }) = &query {
            let sets = db.sets_named(set);
            if sets.is_empty() {
                d = d.with_help(format!(
                    "no set is named {set:?}: give a set's number or part of its name"
                ));
            } else if sets.len() > 1 {
                d = d.with_help(format!(
                    "{set:?} names {} sets: {}",
                    sets.len(),
                    sets.iter()
                        .map(|s| format!("{} ({})", s.name, s.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        let fitting: Vec<&Card> = narrowed_from
            .iter()
            .copied()
            .filter(|c| pos.fits(c))
            .collect();
        let pool = if fitting.is_empty() {
            narrowed_from.clone()
        } else {
            fitting
        };
        let cands = order(db, &narrowed_from, &dedupe(pool), pos, ctx);
        for c in cands.iter().take(MAX_CANDIDATES) {
            d = with_candidate(d, db, c, ctx.is_some());
        }
        return Err(Box::new(d));
    }
    let query = match &query {
        Query::Text(s) => s.clone(),
        Query::Table(t) => t.name.clone().or(t.id.clone()).unwrap_or_default(),
    };
    let mut seen = Vec::new();
    let suggestions = if suggest {
        db.suggest(&query, pos.types(), 5)
    } else {
        Vec::new()
    };
    for c in suggestions {
        if !seen.contains(&c.name) {
            seen.push(c.name.clone());
        }
    }
    if !seen.is_empty() {
        d = d.with_help(format!(
            "did you mean {}?",
            join_or(&seen.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>())
        ));
        for n in seen {
            d = d.with_fix(Fix {
                write: format!("{n:?}"),
                id: None,
                label: n,
                legal: true,
            });
        }
    }
    Err(Box::new(d))
}

fn strip_article(s: &str) -> &str {
    s.strip_prefix("a ")
        .or_else(|| s.strip_prefix("an "))
        .unwrap_or(s)
}

/// A faction, class or type as the user may write it: any case, spaces,
/// underscores and hyphens alike.
fn loose(s: &str) -> String {
    normalize(s).replace(['_', '-'], " ")
}

fn matches_table(db: &Database, c: &Card, t: &RefTable) -> bool {
    if let Some(id) = &t.id {
        let id = id.trim();
        if !c.id.eq_ignore_ascii_case(id) && !c.alias_ids.iter().any(|a| a.eq_ignore_ascii_case(id))
        {
            return false;
        }
    }
    if let Some(name) = &t.name {
        if normalize(&c.name) != normalize(name) {
            return false;
        }
    }
    if let Some(f) = &t.faction {
        let f = loose(f);
        if !c.factions.iter().any(|x| loose(x) == f) {
            return false;
        }
    }
    if let Some(s) = &t.set {
        let sets = db.sets_named(s);
        if !c.sets.iter().any(|id| sets.iter().any(|set| set.id == *id)) {
            return false;
        }
    }
    if let Some(k) = &t.class {
        let k = loose(k);
        let hit = c.class.as_ref().is_some_and(|id| {
            loose(id) == k || db.class(id).is_some_and(|cl| loose(&cl.name) == k)
        });
        if !hit {
            return false;
        }
    }
    if let Some(k) = &t.kind {
        let k = loose(k);
        if loose(c.kind.as_str()) != k && !upgrade_types(c).any(|s| loose(s) == k) {
            return false;
        }
    }
    true
}
