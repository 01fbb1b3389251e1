//! Which card each line of a pasted list is. First by what the line says:
//! the name, the card types its place takes, set names, a generic ship's
//! class, a captain's skill (reprints count once). Where several cards are
//! left, by what the list prints of the whole fleet: the fleet is priced
//! with each candidate in turn, and the candidates that give the line its
//! printed cost, its ship the printed total and the fleet the fewest
//! errors stay. Where that leaves several, they are either the same there
//! (same cost, same legality: the first is taken, and the import says so)
//! or the line is left for `fix`.

use super::parse::{kinds, Entry, Listing, Marker, Place};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::{shorten, Diagnostic, Severity};
use fleetcheck_staw::analysis::Analysis;
use fleetcheck_staw::cost::ModifierKind;
use fleetcheck_staw::fleet::{Fleet, Position};
use fleetcheck_staw::{Analysed, Change, Resolved};
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// The cards a line may name, by what the line says, first released first,
/// reprints once (the printing of a set the line names, else the first
/// released).
pub(super) fn candidates<'a>(db: &'a Database, e: &Entry) -> Vec<&'a Card> {
    let kinds = kinds(e.place, e.marker);
    let mut cards: Vec<&Card> = db
        .by_name(&e.name)
        .into_iter()
        .filter(|c| kinds.contains(&c.kind))
        .collect();
    // Lists mark a captain, an admiral, an ambassador: a plain line under a
    // ship is another card when one has the name.
    if e.marker.is_none() && matches!(e.place, Place::OnShip | Place::Sideboard) {
        let marked = [CardType::Captain, CardType::Admiral, CardType::Ambassador];
        keep(&mut cards, |c| !marked.contains(&c.kind));
    }
    let all = cards.clone();
    let mut named_sets: Vec<String> = Vec::new();
    for g in &e.groups {
        // A card's id: that card (the text export names so a card that its
        // name and set do not tell apart from another).
        if keep(&mut cards, |c| c.id.eq_ignore_ascii_case(g.trim())) {
            continue;
        }
        let sets = sets_in(db, g);
        // A set of the card or of one of its reprints.
        let in_sets = |c: &Card| {
            all.iter()
                .filter(|r| r.is_reprint_of(c))
                .any(|r| r.sets.iter().any(|s| sets.contains(s)))
        };
        // Under a ship, words may name a set and a class ("Delta Flyer"):
        // the cards they name both ways, else of that set, else of that
        // class.
        if e.place == Place::Ship && keep(&mut cards, |c| in_sets(c) && class_is(db, c, g)) {
            named_sets.extend(sets);
            continue;
        }
        if keep(&mut cards, in_sets) {
            named_sets.extend(sets);
            continue;
        }
        if e.place == Place::Ship {
            keep(&mut cards, |c| class_is(db, c, g));
        }
    }
    if let (Some(skill), Some(Marker::Captain)) = (e.skill, e.marker) {
        keep(&mut cards, |c| c.skill == Some(skill));
    }
    // Of reprints, the printing of a set the line names, else the first
    // released (the one in the card pool of any date the others are).
    cards.sort_by_cached_key(|c| {
        (
            !c.sets.iter().any(|s| named_sets.contains(s)),
            db.release_date(c).unwrap_or("9999"),
            db.index_of(&c.id),
        )
    });
    let mut once: Vec<&Card> = Vec::new();
    for c in cards {
        if !once.iter().any(|o| c.is_reprint_of(o)) {
            once.push(c);
        }
    }
    once.sort_by_cached_key(|c| (db.release_date(c).unwrap_or("9999"), db.index_of(&c.id)));
    once
}

/// Keeps the cards `f` accepts when there are any; whether it did.
fn keep(cards: &mut Vec<&Card>, f: impl Fn(&Card) -> bool) -> bool {
    let kept: Vec<&Card> = cards.iter().copied().filter(|c| f(c)).collect();
    if kept.is_empty() {
        return false;
    }
    *cards = kept;
    true
}

/// Whether a ship is of the class the words name (with or without
/// "Class").
fn class_is(db: &Database, c: &Card, words: &str) -> bool {
    let Some(class) = c.class.as_deref().and_then(|id| db.class(id)) else {
        return false;
    };
    let (ours, theirs) = (normalize(&class.name), normalize(words));
    ours == theirs || ours == format!("{theirs} class") || format!("{ours} class") == theirs
}

/// The set ids the words name: one set's name or product number, or a list
/// of them separated by commas (Utopia prints every set of a card).
fn sets_in(db: &Database, words: &str) -> Vec<String> {
    let whole = |w: &str| -> Vec<String> {
        let w = w.trim();
        match db.set(w) {
            Some(s) => vec![s.id.clone()],
            None => db
                .sets
                .iter()
                .filter(|s| normalize(&s.name) == normalize(w))
                .map(|s| s.id.clone())
                .collect(),
        }
    };
    let sets = whole(words);
    if !sets.is_empty() {
        return sets;
    }
    words.split(", ").flat_map(whole).collect()
}

/// The card each line is, where known.
#[derive(Debug, Clone)]
pub(super) struct Picks<'a> {
    /// For each entry, the cards it may still be.
    pub cands: Vec<Vec<&'a Card>>,
    /// Entries whose remaining candidates are the same there: the first is
    /// taken.
    pub same_there: Vec<usize>,
}

/// What the fleet, priced with a choice of cards, says of each line.
pub(super) struct Outcome {
    /// Each entry's cost where it stands.
    cost: ByIndex<i32>,
    /// Each ship's total, by the listing's ship index.
    ship_total: ByIndex<i32>,
    /// The fleet's total, when priced.
    total: Option<i32>,
    errors: usize,
    /// The errors found at each entry's value.
    errors_at: ByIndex<usize>,
    /// The penalties (faction, ship) in the costs of each ship's cards, by
    /// the listing's ship index.
    penalties: ByIndex<usize>,
}

/// Values by a small index (an entry, a ship of the listing): a map that
/// hashes nothing, made at every pricing.
#[derive(Clone, Default)]
struct ByIndex<T>(Vec<Option<T>>);

impl<T: Copy> ByIndex<T> {
    fn insert(&mut self, k: usize, v: T) {
        if self.0.len() <= k {
            self.0.resize(k + 1, None);
        }
        self.0[k] = Some(v);
    }

    fn get(&self, k: &usize) -> Option<&T> {
        self.0.get(*k)?.as_ref()
    }
}

/// Where each entry's card is in a fleet value built from a listing (the
/// span of its reference: its line in the list), by entry.
pub(super) type Spans = Vec<(Range<usize>, usize)>;

/// Each span's entry (the first where two share one), found by a binary
/// search (no hashing: a fleet is priced many times, each pricing looks up
/// every card's entry).
pub(super) struct EntriesAt(Vec<((usize, usize), usize)>);

impl EntriesAt {
    pub(super) fn of(spans: &Spans) -> EntriesAt {
        let mut at: Vec<((usize, usize), usize)> =
            spans.iter().map(|(s, i)| ((s.start, s.end), *i)).collect();
        // Stable: of the entries of one span, the first stays first.
        at.sort_by_key(|(span, _)| *span);
        at.dedup_by_key(|(span, _)| *span);
        EntriesAt(at)
    }

    /// The entry whose card's reference is at `span`.
    pub(super) fn get(&self, span: &Range<usize>) -> Option<usize> {
        let key = (span.start, span.end);
        let k = self.0.binary_search_by_key(&key, |(s, _)| *s).ok()?;
        Some(self.0[k].1)
    }
}

/// The fleet with one card a line (`choice`) as a value, resolved once,
/// and where each entry's card is.
pub(super) type Priced<'db> = (Resolved<'db>, Spans);

/// Where the card whose reference is at `span` stands in a resolved fleet:
/// (ship, position, index in its list).
fn slot_at(fleet: &Fleet, span: &Range<usize>) -> Option<(usize, Position, usize)> {
    for (s, e) in fleet.ships.iter().enumerate() {
        let singles = [
            (Position::Captain, &e.captain),
            (Position::Admiral, &e.admiral),
            (Position::Flagship, &e.flagship),
            (Position::FleetCaptain, &e.fleet_captain),
            (Position::Ambassador, &e.ambassador),
            (Position::Construction, &e.construction),
        ];
        for (p, o) in singles {
            if o.as_ref().is_some_and(|x| x.span == *span) {
                return Some((s, p, 0));
            }
        }
        for (p, list) in [
            (Position::Officer, &e.officers),
            (Position::Upgrade, &e.upgrades),
        ] {
            if let Some(k) = list.iter().position(|x| x.span == *span) {
                return Some((s, p, k));
            }
        }
    }
    None
}

/// The fleet `base` (resolved with `base_choice`) with entry `i` made card
/// `c` in memory, and where each entry's value is: `None` when `c` cannot
/// take the place of entry `i`'s card there (another kind, a ship, the
/// resource, a sideboard card, a card not in the fleet).
pub(super) fn with_candidate<'db>(
    base: &(Resolved<'db>, Spans),
    base_choice: &[Option<&Card>],
    i: usize,
    c: &'db Card,
) -> Option<(Resolved<'db>, Spans)> {
    let (resolved, spans) = base;
    if base_choice[i]?.kind != c.kind {
        return None;
    }
    let span = &spans.iter().find(|(_, e)| *e == i)?.0;
    let (ship, position, index) = slot_at(resolved.fleet()?, span)?;
    let changed = resolved.with(Change::Replace {
        ship,
        position,
        index,
        card: c,
    })?;
    let e = &changed.fleet()?.ships[ship];
    let placed = match position {
        Position::Captain => e.captain.as_ref(),
        Position::Admiral => e.admiral.as_ref(),
        Position::Flagship => e.flagship.as_ref(),
        Position::FleetCaptain => e.fleet_captain.as_ref(),
        Position::Ambassador => e.ambassador.as_ref(),
        Position::Construction => e.construction.as_ref(),
        Position::Officer => e.officers.last(),
        _ => e.upgrades.last(),
    }?;
    let mut spans: Spans = spans.iter().filter(|(_, e)| *e != i).cloned().collect();
    spans.push((placed.span.clone(), i));
    Some((changed, spans))
}

/// Prices a resolved fleet with the current choice.
pub(super) fn price(listing: &Listing, choice: &[Option<&Card>], fleet: &Priced) -> Outcome {
    let (resolved, spans) = fleet;
    let at = EntriesAt::of(spans);
    let ships = priced_ships(listing, choice);
    // The rules' diagnostics apart: what was read is the resolved fleet's.
    let mut rules = Vec::new();
    let priced = resolved.analyse_rules(&mut rules, |a| (costs(a, &ships, &at), a.total));
    outcome(&at, priced, resolved.diagnostics().iter().chain(&rules))
}

/// [`price`], and the fleet's analysis with what `f` makes of it.
pub(super) fn price_and<R>(
    listing: &Listing,
    choice: &[Option<&Card>],
    fleet: &Priced,
    f: impl FnOnce(&Analysis) -> R,
) -> (Outcome, Analysed<R>) {
    let (resolved, spans) = fleet;
    let at = EntriesAt::of(spans);
    let ships = priced_ships(listing, choice);
    let checked = resolved.analyse(|a| (costs(a, &ships, &at), a.total, f(a)));
    let priced = checked.priced.as_ref().map(|p| (p.0.clone(), p.1));
    let outcome = outcome(&at, priced, checked.diagnostics.iter());
    (outcome, checked.map(|p| p.2))
}

/// The listing's ship index of each ship of the fleet priced with
/// `choice`, in fleet order.
fn priced_ships(listing: &Listing, choice: &[Option<&Card>]) -> Vec<usize> {
    listing
        .entries
        .iter()
        .enumerate()
        .filter(|(i, e)| e.place == Place::Ship && choice[*i].is_some())
        .filter_map(|(_, e)| e.ship)
        .collect()
}

/// Each entry's cost, each ship's total and each ship's penalties, by the
/// listing's ship index (`ships`, in fleet order), of a priced fleet.
type Costs = (ByIndex<i32>, ByIndex<i32>, ByIndex<usize>);

/// The [`Costs`] of the priced fleet `a`.
fn costs(a: &Analysis, ships: &[usize], at: &EntriesAt) -> Costs {
    let mut cost = ByIndex::default();
    let mut penalties = ByIndex::default();
    let mut ship_total = ByIndex::default();
    for (s, ship) in a.ships.iter().zip(ships) {
        ship_total.insert(*ship, s.total);
        if let Some(i) = at.get(&s.entry.ship.span) {
            cost.insert(i, s.price.cost);
        }
        let mut n = 0;
        for c in &s.cards {
            if let Some(i) = at.get(&c.placed.span) {
                cost.insert(i, c.price.cost);
            }
            n += c
                .price
                .modifiers
                .iter()
                .filter(|m| {
                    matches!(
                        m.kind,
                        ModifierKind::FactionPenalty | ModifierKind::ShipPenalty
                    )
                })
                .count();
        }
        penalties.insert(*ship, n);
    }
    if let Some(r) = &a.resource {
        if let Some(i) = at.get(&r.placed.span) {
            cost.insert(i, r.price.cost);
        }
    }
    for (c, p) in a.sideboard.iter().flat_map(|s| &s.cards) {
        if let Some(i) = at.get(&c.card.span) {
            cost.insert(i, p.cost);
        }
    }
    (cost, ship_total, penalties)
}

/// The [`Outcome`] of a fleet: its [`Costs`] and total when priced, and
/// its `diagnostics` (what was read and what the rules found).
fn outcome<'d>(
    at: &EntriesAt,
    priced: Option<(Costs, i32)>,
    diagnostics: impl Iterator<Item = &'d Diagnostic>,
) -> Outcome {
    let total = priced.as_ref().map(|p| p.1);
    let (cost, ship_total, penalties) = priced.map(|p| p.0).unwrap_or_default();
    let mut errors = 0;
    let mut errors_at: ByIndex<usize> = ByIndex::default();
    // A uniqueness clash is the list's own (a unique card twice), not a
    // sign of another card meant.
    for d in diagnostics
        .filter(|d| d.severity == Severity::Error && !d.is(fleetcheck_staw::Code::Unique))
    {
        errors += 1;
        if let Some(i) = d.span.as_ref().and_then(|s| at.get(s)) {
            errors_at.insert(i, errors_at.get(&i).copied().unwrap_or(0) + 1);
        }
    }
    Outcome {
        cost,
        ship_total,
        total,
        errors,
        errors_at,
        penalties,
    }
}

/// How well a choice reproduces the list at entry `i`: its printed cost,
/// its ship's printed total; then, as a player would choose, the fewest
/// penalties on its ship; then no error at the card itself, the fewest
/// errors.
type Score = (
    bool,
    bool,
    std::cmp::Reverse<usize>,
    std::cmp::Reverse<usize>,
    std::cmp::Reverse<usize>,
);

fn score(listing: &Listing, i: usize, p: &Outcome) -> Score {
    let e = &listing.entries[i];
    let cost_ok = e.cost.is_none_or(|c| p.cost.get(&i) == Some(&c));
    let total_ok = e
        .ship
        .and_then(|s| listing.ship_totals.get(s).copied().flatten())
        .is_none_or(|t| p.ship_total.get(&e.ship.unwrap_or(0)) == Some(&t));
    let own = p.errors_at.get(&i).copied().unwrap_or(0);
    (
        cost_ok,
        total_ok,
        std::cmp::Reverse(
            e.ship
                .and_then(|s| p.penalties.get(&s))
                .copied()
                .unwrap_or(0),
        ),
        std::cmp::Reverse(own),
        std::cmp::Reverse(p.errors),
    )
}

/// The most times `settle` prices the fleet, and the most card lines it
/// prices in all (each pricing prices every line): a list so long or so
/// ambiguous that settling it would take more leaves the rest for `fix`.
pub(super) const PRICINGS: usize = 1500;
pub(super) const LINES_PRICED: usize = 40_000;

/// How an [`Outcome`] of `settle` was priced: the fleet of a choice of one
/// card a line resolved (the choice by its number among those `settle`
/// met), or the fleet of the choice `base` resolved with line `line` made
/// the card of id `card` in memory (which may place that card otherwise
/// among its ship's cards than a resolution of the same choice would: not
/// the same pricing).
#[derive(PartialEq, Eq, Hash)]
enum PricedAs<'a> {
    Resolved(usize),
    Replaced {
        base: usize,
        line: usize,
        card: &'a str,
    },
}

/// The number of `choice` among the choices met (`met`), a new one added
/// last: the same cards (by id) on every line is the same choice.
fn choice_no<'a>(met: &mut Vec<Vec<Option<&'a Card>>>, choice: &[Option<&'a Card>]) -> usize {
    let same = |b: &[Option<&Card>]| {
        b.iter()
            .zip(choice)
            .all(|(x, y)| x.map(|c| &c.id) == y.map(|c| &c.id))
    };
    match met.iter().position(|b| same(b)) {
        Some(n) => n,
        None => {
            met.push(choice.to_vec());
            met.len() - 1
        }
    }
}

/// Settles the lines several cards share by pricing the fleet.
///
/// Each pricing is done once and its outcome kept: a line whose
/// candidates are scored again in a later pass, with the other lines'
/// first candidates as they were, is scored on the outcomes it had (the
/// same fleets priced the same way), and every line of a pass scores its
/// first candidate on the one pricing of the fleet of every line's first
/// candidate.
pub(super) fn settle<'a>(
    listing: &Listing,
    mut cands: Vec<Vec<&'a Card>>,
    pricing: &dyn Fn(&[Option<&Card>]) -> Priced<'a>,
) -> Picks<'a> {
    let mut same_there = Vec::new();
    // Ships first: their cards are priced on them.
    let mut order: Vec<usize> = (0..cands.len()).filter(|&i| cands[i].len() > 1).collect();
    order.sort_by_key(|&i| listing.entries[i].place != Place::Ship);
    let mut budget = PRICINGS.min(LINES_PRICED / listing.entries.len().max(1));
    // Every choice met, every outcome priced and how each was priced.
    let mut met: Vec<Vec<Option<&Card>>> = Vec::new();
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut done: HashMap<PricedAs<'a>, usize> = HashMap::new();
    // The fleet with the first candidate of every line (its number among
    // the choices met), resolved when a pricing not done before needs it,
    // until a line's first candidate changes.
    let mut last: Option<(usize, Priced)> = None;
    for _pass in 0..3 {
        let mut changed = false;
        for &i in &order {
            if cands[i].len() < 2 || cands[i].len() > budget {
                continue;
            }
            budget -= cands[i].len();
            let mut scored = Vec::new();
            let base_choice: Vec<Option<&Card>> =
                cands.iter().map(|v| v.first().copied()).collect();
            let base_no = choice_no(&mut met, &base_choice);
            for (k, c) in cands[i].clone().into_iter().enumerate() {
                let mut choice = base_choice.clone();
                choice[i] = Some(c);
                // The first candidate is the base itself; the others are
                // priced in memory where they take its place.
                let how = if k == 0 {
                    PricedAs::Resolved(base_no)
                } else {
                    PricedAs::Replaced {
                        base: base_no,
                        line: i,
                        card: c.id.as_str(),
                    }
                };
                let at = match done.get(&how) {
                    Some(&at) => at,
                    None => {
                        if last.as_ref().is_none_or(|(b, _)| *b != base_no) {
                            last = Some((base_no, pricing(&base_choice)));
                        }
                        let base = &last.as_ref().expect("resolved above").1;
                        let at = if k == 0 {
                            outcomes.push(price(listing, &choice, base));
                            outcomes.len() - 1
                        } else if let Some(f) = with_candidate(base, &base_choice, i, c) {
                            outcomes.push(price(listing, &choice, &f));
                            outcomes.len() - 1
                        } else {
                            // Not in memory: the fleet of this choice
                            // resolved, as the base of another pass may be.
                            let resolved = PricedAs::Resolved(choice_no(&mut met, &choice));
                            match done.get(&resolved) {
                                Some(&at) => at,
                                None => {
                                    outcomes.push(price(listing, &choice, &pricing(&choice)));
                                    done.insert(resolved, outcomes.len() - 1);
                                    outcomes.len() - 1
                                }
                            }
                        };
                        done.insert(how, at);
                        at
                    }
                };
                let p = &outcomes[at];
                scored.push((c, score(listing, i, p), p.cost.get(&i).copied()));
            }
            let best = scored.iter().map(|s| s.1).max().expect("candidates");
            let kept: Vec<&(&Card, _, Option<i32>)> =
                scored.iter().filter(|s| s.1 == best).collect();
            if kept.len() < cands[i].len() {
                changed = true;
                cands[i] = kept.iter().map(|s| s.0).collect();
            }
            // The same there: one cost, one verdict.
            if kept.len() > 1
                && kept[0].2.is_some()
                && kept.iter().all(|s| s.2 == kept[0].2)
                && !same_there.contains(&i)
            {
                same_there.push(i);
            }
        }
        if !changed {
            break;
        }
    }
    same_there.retain(|&i| cands[i].len() > 1);
    Picks { cands, same_there }
}

/// The sideboard section of each sideboard entry: `captain`, else a free
/// section (in Utopia's order) that one of its cards may fill, after the
/// section of the card above it where one is (lists give the sideboard in
/// that order), else any.
pub(super) fn sections(listing: &Listing, cands: &[Vec<&Card>]) -> Vec<Option<&'static str>> {
    let order = crate::interop::priced::SIDEBOARD_ORDER;
    let mut taken: Vec<&str> = Vec::new();
    let mut last = 0;
    listing
        .entries
        .iter()
        .zip(cands)
        .map(|(e, cs)| {
            if e.place != Place::Sideboard {
                return None;
            }
            let fits = |s: &&str| {
                if *s == "captain" {
                    e.marker == Some(Marker::Captain)
                        || (!cs.is_empty() && cs.iter().all(|c| c.kind == CardType::Captain))
                } else {
                    e.marker.is_none()
                        && cs.iter().any(|c| {
                            fleetcheck_staw::fleet::resolve::upgrade_types(c).any(|t| t == *s)
                        })
                }
            };
            let free = |s: &&str| !taken.contains(s) && fits(s);
            // The section the line names (`Course Change (Crew)`: the text
            // export names so a card that fits two), else by the order.
            let named = (0..order.len()).find(|&k| {
                free(&order[k])
                    && e.groups
                        .iter()
                        .any(|g| g.trim().eq_ignore_ascii_case(order[k]))
            });
            let at = named
                .or_else(|| (last..order.len()).find(|&k| free(&order[k])))
                .or_else(|| (0..order.len()).find(|&k| free(&order[k])));
            at.map(|k| {
                taken.push(order[k]);
                last = k;
                order[k]
            })
        })
        .collect()
}

/// The entries whose printed cost the fleet priced (`p`) does not give.
pub(super) fn cost_misses(listing: &Listing, p: &Outcome) -> Vec<usize> {
    (0..listing.entries.len())
        .filter(|i| {
            listing.entries[*i]
                .cost
                .is_some_and(|want| p.cost.get(i).is_some_and(|got| *got != want))
        })
        .collect()
}

/// The lines whose printed cost (or ship total, or fleet total) the fleet
/// as settled (`p`: priced with the first candidate of every line) does
/// not give: (line, what differs). Only settled lines count, a ship's
/// total only when all its lines are settled, the fleet's when all are.
pub(super) fn differences(listing: &Listing, picks: &Picks, p: &Outcome) -> Vec<(usize, String)> {
    let settled = |i: usize| picks.cands[i].len() == 1 || picks.same_there.contains(&i);
    // The ships with a line not settled, in one pass over the lines.
    let unsettled_ships: HashSet<usize> = (0..listing.entries.len())
        .filter(|&j| !settled(j))
        .filter_map(|j| listing.entries[j].ship)
        .collect();
    let mut out = Vec::new();
    for (i, e) in listing.entries.iter().enumerate() {
        if let (Some(want), Some(got), true) = (e.cost, p.cost.get(&i), settled(i)) {
            if want != *got {
                out.push((
                    e.line,
                    format!(
                        "'{}' costs {got} SP there; the list says {want} SP",
                        shorten(&e.name)
                    ),
                ));
            }
        }
        if e.place != Place::Ship {
            continue;
        }
        let Some(s) = e.ship else { continue };
        let all_settled = !unsettled_ships.contains(&s);
        let want = listing.ship_totals.get(s).copied().flatten();
        if let (Some(want), Some(got), true) = (want, p.ship_total.get(&s), all_settled) {
            if want != *got {
                out.push((
                    e.line,
                    format!(
                        "ship {} ('{}') totals {got} SP; the list says {want} SP",
                        s + 1,
                        shorten(&e.name)
                    ),
                ));
            }
        }
    }
    // The list's `Total` line, when every line is settled: never a card.
    let all = (0..listing.entries.len()).all(settled);
    if let (Some((line, want)), Some(got), true) = (listing.total, p.total, all) {
        if want != got {
            out.push((
                line,
                format!("the fleet totals {got} SP; the list says {want} SP"),
            ));
        }
    }
    out
}
