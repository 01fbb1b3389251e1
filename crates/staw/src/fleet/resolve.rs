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

use super::candidates::{ambiguous, dedupe, dedupe_upto, join_or, key_for, order, with_candidates};
use super::read::{CardRef, Query, RawFleet, RawShip, RefTable};
use fleetcheck_data::model::Card;
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::{Diagnostic, Fix, InputCode};
use std::ops::Range;
use std::rc::Rc;

pub use super::candidates::{describe_kind, Candidate};
pub use super::position::{upgrade_types, Position, SideboardSection};
pub use super::resolved::{
    Chosen, Equivalent, Fit, Fleet, Judge, Placed, ShipEntry, Sideboard, SideboardCard,
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
pub(crate) fn resolve_judged<'a>(
    db: &'a Database,
    raw: &RawFleet,
    judge: Option<&dyn Judge>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    let before = diags.len();
    let mut lookups = Lookups::of(raw.references().count());
    let mut equivalent = Vec::new();
    let mut chosen = Vec::new();
    let resource = raw
        .resource
        .as_ref()
        .and_then(|r| place(db, &mut lookups, r, Position::Resource, None, diags));
    let mut ships = Vec::with_capacity(raw.ships.len());
    for s in &raw.ships {
        if let Some(e) = ship(
            db,
            &mut lookups,
            s,
            judge,
            &mut equivalent,
            &mut chosen,
            diags,
        ) {
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
                if let Some(card) = place(db, &mut lookups, r, pos, prefer, diags) {
                    out.cards.push(SideboardCard {
                        section: e.section.clone(),
                        card,
                    });
                }
            }
        }
        std::sync::Arc::new(out)
    });
    (diags.len() == before && ships.len() == raw.ships.len()).then_some(Fleet {
        resource,
        ships,
        sideboard,
        equivalent,
        chosen,
    })
}

/// Resolves a ship: its ship card first, then its captain, then the rest,
/// each judged (when a name is shared) on the ship with what is resolved.
fn ship<'a>(
    db: &'a Database,
    lookups: &mut Lookups<'a>,
    s: &RawShip,
    judge: Option<&dyn Judge>,
    equivalent: &mut Vec<Equivalent<'a>>,
    chosen: &mut Vec<Chosen<'a>>,
    diags: &mut Vec<Diagnostic>,
) -> Option<ShipEntry<'a>> {
    let ship = s
        .ship
        .as_ref()
        .and_then(|r| place(db, lookups, r, Position::Ship, None, diags));
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
    for (n, (r, pos)) in refs.enumerate() {
        // Judging a candidate prices the ship with it: past the first
        // `JUDGED_WHILE_FEWER_THAN` references of a ship, a name shared by
        // several cards is no longer ranked there, so that a ship of
        // thousands of cards resolves in linear time.
        let judged = n < JUDGED_WHILE_FEWER_THAN;
        let ctx = judge.zip(entry.as_ref()).filter(|_| judged);
        let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
        match find_in(db, lookups, r, pos, None, ctx, Told::suggesting(suggest)) {
            Ok(found) => {
                let placed = Placed {
                    card: found.card,
                    span: r.span.clone(),
                };
                if let Some(c) = found.chosen {
                    chosen.push(c);
                }
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
            Err(d) if !judged && judge.is_some() && d.is(InputCode::AmbiguousCard) => {
                diags.push((*d).with_help(format!(
                    "not ranked on its ship: only a ship's first {JUDGED_WHILE_FEWER_THAN} cards are judged there"
                )));
            }
            Err(d) => {
                diags.push(*d);
            }
        }
    }
    entry
}

/// A ship's card references beyond which a name shared by several cards is
/// not ranked on the ship (see `ship`); far more than any ship holds.
pub(crate) const JUDGED_WHILE_FEWER_THAN: usize = 64;

/// Puts a resolved card at its place of a ship; the card it replaced
/// there, at a place that holds one card (a captain, an admiral...).
pub(crate) fn put<'a>(e: &mut ShipEntry<'a>, pos: Position, p: Placed<'a>) -> Option<Placed<'a>> {
    match pos {
        Position::Captain => e.captain.replace(p),
        Position::Admiral => e.admiral.replace(p),
        Position::Flagship => e.flagship.replace(p),
        Position::FleetCaptain => e.fleet_captain.replace(p),
        Position::Ambassador => e.ambassador.replace(p),
        Position::Construction => e.construction.replace(p),
        Position::Officer => {
            e.officers.push(p);
            None
        }
        _ => {
            e.upgrades.push(p);
            None
        }
    }
}

/// A ship with `card` put at `pos` (for judging a candidate there).
pub(crate) fn with_card<'a>(
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
pub(crate) const SUGGEST_WHILE_FEWER_THAN: usize = 200;

/// Resolves a reference into `diags` or a placed card (see `find_preferring`).
fn place<'a>(
    db: &'a Database,
    lookups: &mut Lookups<'a>,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Placed<'a>> {
    // "Did you mean" searches the whole database: only for the first
    // problems of a file, so that a file of 60,000 unknown names is
    // checked in linear time (the rest say what is wrong, without it).
    let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
    match find_preferring(db, lookups, r, pos, prefer, suggest) {
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

/// Resolves one reference as if written at `pos` of the ship `ship` (as
/// read), after its cards: judged there as the fleet's resolution judges
/// it (`resolve_judged`), the candidates ranked on that ship. Without a
/// ship (or a judge), as [`find`].
pub fn find_on<'a>(
    db: &'a Database,
    ship: Option<&RawShip>,
    judge: Option<&dyn Judge>,
    pos: Position,
    r: &CardRef,
) -> Result<Found<'a>, Box<Diagnostic>> {
    // The ship's own references resolved again (in memory, from what was
    // read): their problems are the fleet's, not this reference's.
    let mut scratch = Vec::new();
    let mut lookups = Lookups::default();
    let entry = ship.and_then(|s| {
        self::ship(
            db,
            &mut lookups,
            s,
            judge,
            &mut Vec::new(),
            &mut Vec::new(),
            &mut scratch,
        )
    });
    find_in(
        db,
        &mut lookups,
        r,
        pos,
        None,
        judge.zip(entry.as_ref()),
        Told::Suggesting,
    )
}

/// Resolves one reference for a position.
pub fn find<'a>(db: &'a Database, r: &CardRef, pos: Position) -> Result<&'a Card, Box<Diagnostic>> {
    find_preferring(db, &mut Lookups::default(), r, pos, None, true)
}

/// `find` with `lookups` (a fleet's), where `prefer` (a `[sideboard]` key
/// that is no section) names the card type meant when a name is shared.
fn find_preferring<'a>(
    db: &'a Database,
    lookups: &mut Lookups<'a>,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    suggest: bool,
) -> Result<&'a Card, Box<Diagnostic>> {
    find_in(db, lookups, r, pos, prefer, None, Told::suggesting(suggest)).map(|f| f.card)
}

/// The card `r` names where `pos` stands, judged on no ship, when it
/// names one: [`find`]'s card, without making the diagnostic of a
/// reference that names several (every candidate listed with its sets)
/// or none (no "did you mean" is looked for). How a card is best written
/// asks this of its name.
pub fn find_alone<'a>(db: &'a Database, r: &CardRef, pos: Position) -> Option<&'a Card> {
    find_in(
        db,
        &mut Lookups::default(),
        r,
        pos,
        None,
        None,
        Told::Nothing,
    )
    .ok()
    .map(|f| f.card)
}

/// What `find_in` tells of a reference that names no one card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Told {
    /// Its candidates, or the names close to it ("did you mean").
    Suggesting,
    /// Its candidates; no "did you mean" (past a file's first problems).
    Plain,
    /// Nothing: the caller asks only which card it names
    /// ([`find_alone`]).
    Nothing,
}

impl Told {
    /// [`Told::Suggesting`] when `suggest`, else [`Told::Plain`].
    fn suggesting(suggest: bool) -> Told {
        if suggest {
            Told::Suggesting
        } else {
            Told::Plain
        }
    }
}

/// A resolved reference: the card, the cards equivalent to it on its
/// ship that the reference named too, and, when the fleet decided between
/// different cards, why this one.
pub struct Found<'a> {
    pub card: &'a Card,
    pub others: Vec<&'a Card>,
    pub chosen: Option<Chosen<'a>>,
}

impl<'a> Found<'a> {
    fn one(card: &'a Card) -> Found<'a> {
        Found {
            card,
            others: Vec::new(),
            chosen: None,
        }
    }
}

/// Decides between the candidates `fitting` (several, or one with a stated
/// cost) of a reference, in the order of resolution by what the fleet
/// says (docs/fleet-file.md, "Card references"):
/// 1. a stated `cost` keeps the candidates that cost that there (none is
///    the input error `stated-cost`, naming the costs there);
/// 2. one left is the card; candidates all alike on their ship resolve to
///    the first (`equivalent-cards`);
/// 3. those that cannot go there drop out when any can; if exactly one of
///    the rest pays no penalty there and none is cheaper there, it is the
///    card (`chosen-card`);
/// 4. otherwise `ambiguous-card`, every candidate ranked on its ship.
fn decide<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    all: &[&'a Card],
    fitting: &[&'a Card],
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
    stated: Option<i64>,
) -> Result<Found<'a>, Box<Diagnostic>> {
    let mut cands = order(db, all, fitting, pos, ctx);
    // A cost on a ship is judged there; without a ship to judge it on (its
    // ship card failed, or the format is unknown) it cannot narrow.
    if let Some(cost) = stated.filter(|_| ctx.is_some() || !pos.on_ship()) {
        let (kept, other): (Vec<Candidate>, Vec<Candidate>) = cands
            .into_iter()
            .partition(|c| i64::from(cost_there(c)) == cost);
        if kept.is_empty() {
            return Err(Box::new(stated_cost(r, pos, cost, &other, ctx)));
        }
        cands = kept;
    }
    if let [only] = cands.as_slice() {
        return Ok(Found::one(only.card));
    }
    let Some((_, entry)) = ctx else {
        return Err(Box::new(ambiguous(db, r, pos, &cands, false)));
    };
    let first = &cands[0];
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
            chosen: None,
        });
    }
    if let Some(chosen) = choose(r, &cands, entry) {
        return Ok(Found {
            card: chosen.used,
            others: Vec::new(),
            chosen: Some(chosen),
        });
    }
    Err(Box::new(ambiguous(db, r, pos, &cands, true)))
}

/// A candidate's cost where it stands: judged on its ship, else printed.
fn cost_there(c: &Candidate) -> i32 {
    c.fit.as_ref().map_or(c.card.cost, |f| f.cost)
}

/// The card the fleet decides on among `cands` (each judged on `entry`):
/// those that cannot go there left out when any can, the only one of the
/// rest without a penalty there, when none of them is cheaper there.
fn choose<'a>(r: &CardRef, cands: &[Candidate<'a>], entry: &ShipEntry<'a>) -> Option<Chosen<'a>> {
    let fits: Vec<(&Candidate<'a>, &Fit)> = cands
        .iter()
        .map(|c| c.fit.as_ref().map(|f| (c, f)))
        .collect::<Option<_>>()?;
    let any_legal = fits.iter().any(|(_, f)| f.legal);
    let (can, cannot): (Vec<_>, Vec<_>) =
        fits.into_iter().partition(|(_, f)| f.legal || !any_legal);
    let mut free = can.iter().filter(|(_, f)| !f.penalty);
    let (used, fit) = *free.next()?;
    if free.next().is_some() || can.iter().any(|(_, f)| f.cost < fit.cost) {
        return None;
    }
    Some(Chosen {
        span: r.span.clone(),
        label: r.label(),
        used: used.card,
        cost: fit.cost,
        others: can
            .iter()
            .filter(|(c, _)| !std::ptr::eq(c.card, used.card))
            .map(|(c, f)| (c.card, f.cost))
            .collect(),
        cannot: cannot.iter().map(|(c, _)| c.card).collect(),
        ship: entry.ship.card.name.clone(),
    })
}

/// A stated cost that no candidate has where the reference stands: the
/// costs there, each with the candidates of that cost.
fn stated_cost(
    r: &CardRef,
    pos: Position,
    cost: i64,
    cands: &[Candidate],
    ctx: Option<(&dyn Judge, &ShipEntry)>,
) -> Diagnostic {
    let mut costs: Vec<i32> = cands.iter().map(cost_there).collect();
    costs.sort_unstable();
    costs.dedup();
    let there = match ctx {
        Some((_, e)) => format!("on the {}", e.ship.card.name),
        None => format!("as {}", pos.wanted()),
    };
    let listed = costs.iter().map(i32::to_string).collect::<Vec<_>>();
    let mut d = Diagnostic::new(
        InputCode::StatedCost,
        format!(
            "{} states a cost of {cost} SP, but no candidate costs that {there}: {} {} SP",
            r.label(),
            if cands.len() == 1 {
                "it costs"
            } else {
                "they cost"
            },
            join_or(&listed)
        ),
    )
    .with_span(Some(r.span.clone()));
    for c in &costs {
        let ids: Vec<&str> = cands
            .iter()
            .filter(|k| cost_there(k) == *c)
            .map(|k| k.card.id.as_str())
            .collect();
        d = d.with_help(format!("{c} SP: {}", ids.join(", ")));
    }
    d.with_help("write the cost the card has where it stands (after penalties and discounts), or leave `cost` out")
}

/// The cards a reference's words name, before where it stands is
/// weighed: by id, else by name; an inline table's (or a compact
/// "Name (Set)" text's) name or id narrowed by its other keys.
struct Named<'a> {
    /// A compact text as the table it stands for (`None`: the query as
    /// read).
    compact: Option<Query>,
    candidates: Vec<&'a Card>,
    /// For a table, the cards its name or id names before narrowing.
    narrowed_from: Vec<&'a Card>,
}

impl<'a> Named<'a> {
    fn of(db: &'a Database, query: &Query) -> Named<'a> {
        // The cards a plain text names, by id, else by name (looked for once).
        let named = match query {
            Query::Text(s) => match db.by_id(s) {
                Some(c) => vec![c],
                None => db.by_name(s),
            },
            Query::Table(_) => Vec::new(),
        };
        let compact = match query {
            Query::Text(s) if named.is_empty() => split_compact(s).map(|(name, set)| {
                Query::Table(RefTable {
                    name: Some(name.to_string()),
                    set: Some(set.to_string()),
                    ..RefTable::default()
                })
            }),
            _ => None,
        };
        let (candidates, narrowed_from) = match compact.as_ref().unwrap_or(query) {
            Query::Text(_) => (named, Vec::new()),
            Query::Table(t) => {
                let base: Vec<&Card> = match (&t.id, &t.name) {
                    (Some(id), _) => db.by_id(id).into_iter().collect(),
                    (None, Some(name)) => db.by_name(name),
                    (None, None) => Vec::new(),
                };
                let table = TableQuery::of(db, t);
                let narrowed: Vec<&Card> = base
                    .iter()
                    .copied()
                    .filter(|c| table.matches(db, c))
                    .collect();
                (narrowed, base)
            }
        };
        Named {
            compact,
            candidates,
            narrowed_from,
        }
    }
}

/// The cards each query of a fleet names ([`Named`]): for a fleet of many
/// references ([`Lookups::of`]), each distinct query is looked up once,
/// so that a name repeated on every ship of a large fleet is not looked up,
/// nor its table narrowed, again; a few references are looked up each
/// (keeping them would cost more than it saves).
#[derive(Default)]
pub(crate) struct Lookups<'a> {
    memo: Option<std::collections::HashMap<Query, Rc<Named<'a>>, foldhash::fast::RandomState>>,
}

/// The references of a fleet from which its lookups are kept.
const LOOKUPS_KEPT_FROM: usize = 64;

/// A query's [`Named`], kept or made for one reference.
enum Looked<'a> {
    Made(Named<'a>),
    Kept(Rc<Named<'a>>),
}

impl<'a> std::ops::Deref for Looked<'a> {
    type Target = Named<'a>;
    fn deref(&self) -> &Named<'a> {
        match self {
            Looked::Made(n) => n,
            Looked::Kept(n) => n,
        }
    }
}

impl<'a> Lookups<'a> {
    /// The lookups of a fleet of `references` card references.
    fn of(references: usize) -> Lookups<'a> {
        Lookups {
            memo: (references >= LOOKUPS_KEPT_FROM).then(Default::default),
        }
    }

    fn named(&mut self, db: &'a Database, query: &Query) -> Looked<'a> {
        let Some(memo) = &mut self.memo else {
            return Looked::Made(Named::of(db, query));
        };
        if let Some(n) = memo.get(query) {
            return Looked::Kept(Rc::clone(n));
        }
        let n = Rc::new(Named::of(db, query));
        memo.insert(query.clone(), Rc::clone(&n));
        Looked::Kept(n)
    }
}

/// Resolves one reference for a position; with a judge and the ship it
/// stands on, candidates that are all the same there resolve to the first,
/// and an ambiguity lists them in the order a player looks for them.
fn find_in<'a>(
    db: &'a Database,
    lookups: &mut Lookups<'a>,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
    told: Told,
) -> Result<Found<'a>, Box<Diagnostic>> {
    let named = lookups.named(db, &r.query);
    let Named {
        compact,
        candidates,
        narrowed_from,
    } = &*named;
    let query = compact.as_ref().unwrap_or(&r.query);
    let all: &[&Card] = candidates;
    let stated = match &query {
        Query::Table(t) => t.cost,
        Query::Text(_) => None,
    };
    // Nothing to tell, no ship to judge the cards on and no stated cost
    // that narrows them off the ships: which card, if one alone fits, is
    // all that is asked (below), and the first two that fit tell it.
    let which_alone = told == Told::Nothing && ctx.is_none() && (stated.is_none() || pos.on_ship());
    let most = if which_alone { 2 } else { usize::MAX };
    let fitting: Vec<&Card> = dedupe_upto(all.iter().copied().filter(|c| pos.fits(c)), most);
    let sideboard = matches!(pos, Position::Sideboard(_));
    let one = |card| Ok(Found::one(card));
    match fitting.len() {
        0 => {}
        1 if stated.is_none() => return one(fitting[0]),
        // Several cards: `decide` would find them ambiguous, which the
        // caller does not want told.
        n if n > 1 && which_alone => {
            return Err(Box::new(Diagnostic::new(
                InputCode::AmbiguousCard,
                String::new(),
            )));
        }
        _ => return decide(db, r, pos, all, &fitting, ctx, stated),
    }
    let candidates = dedupe(all.to_vec());
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
                            is_loose(c.kind.as_str(), &key)
                                || upgrade_types(c).any(|t| is_loose(t, &key))
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
                    let cands = order(db, all, &candidates, pos, None);
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
        let cands = order(db, narrowed_from, &dedupe(pool), pos, ctx);
        return Err(Box::new(with_candidates(d, db, &cands, ctx.is_some())));
    }
    let query = match &query {
        Query::Text(s) => s.clone(),
        Query::Table(t) => t.name.clone().or(t.id.clone()).unwrap_or_default(),
    };
    let mut seen = Vec::new();
    let suggestions = if told == Told::Suggesting {
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
    let loose: Vec<u8> = normalize(s).bytes().map(loose_byte).collect();
    // ASCII bytes mapped to ASCII bytes: UTF-8 still.
    String::from_utf8(loose).unwrap_or_default()
}

/// A byte of a normalised name as [`loose`] writes it: underscores and
/// hyphens as spaces.
fn loose_byte(b: u8) -> u8 {
    if b == b'_' || b == b'-' {
        b' '
    } else {
        b
    }
}

/// `loose(s) == key`, without making `loose(s)` for an ASCII `s`.
fn is_loose(s: &str, key: &str) -> bool {
    fleetcheck_data::normalized_is(s, loose_byte, key)
}

/// An inline table's fields made into the keys cards are compared with,
/// once for all the cards its name or id finds.
struct TableQuery<'t> {
    id: Option<&'t str>,
    name: Option<String>,
    faction: Option<String>,
    sets: Option<Vec<&'t fleetcheck_data::model::Set>>,
    class: Option<String>,
    kind: Option<String>,
}

impl<'t> TableQuery<'t> {
    fn of(db: &'t Database, t: &'t RefTable) -> TableQuery<'t> {
        TableQuery {
            id: t.id.as_deref().map(str::trim),
            name: t.name.as_deref().map(normalize),
            faction: t.faction.as_deref().map(loose),
            sets: t.set.as_deref().map(|s| db.sets_named(s)),
            class: t.class.as_deref().map(loose),
            kind: t.kind.as_deref().map(loose),
        }
    }

    /// Whether card `c` is one the table names.
    fn matches(&self, db: &Database, c: &Card) -> bool {
        if let Some(id) = self.id {
            if !c.id.eq_ignore_ascii_case(id)
                && !c.alias_ids.iter().any(|a| a.eq_ignore_ascii_case(id))
            {
                return false;
            }
        }
        if let Some(name) = &self.name {
            if *c.name_key() != **name {
                return false;
            }
        }
        if let Some(f) = &self.faction {
            if !c.factions.iter().any(|x| is_loose(x, f)) {
                return false;
            }
        }
        if let Some(sets) = &self.sets {
            if !c.sets.iter().any(|id| sets.iter().any(|set| set.id == *id)) {
                return false;
            }
        }
        if let Some(k) = &self.class {
            let hit = c.class.as_ref().is_some_and(|id| {
                is_loose(id, k) || db.class(id).is_some_and(|cl| is_loose(&cl.name, k))
            });
            if !hit {
                return false;
            }
        }
        if let Some(k) = &self.kind {
            if !is_loose(c.kind.as_str(), k) && !upgrade_types(c).any(|s| is_loose(s, k)) {
                return false;
            }
        }
        true
    }
}
