//! The priced fleet: every ship with its effective factions, slots, the
//! slot each upgrade went into and the price of every card; the resource;
//! the sideboard; the totals. Built once per check (`analyse`), then every
//! rule of the registry reads it.

use super::cost::{self, At, Effect, Grant, OnShip, Role, Target, Waiver, SHIP_CARD};
use super::face_down::{self, Holding};
use super::fleet_captain;
use super::limited::{self, choose_limited};
use super::resource::{self, ResourceState};
use super::ship_factions::Factions;
use super::slot_terms;
use super::slots::{self, Accepts, Slot};
pub use super::state::{CardState, ShipState, SideboardState};
use super::upgrade_types;
pub use super::view::cards_of;
use crate::fleet::read::RawFleet;
use crate::fleet::{Fleet, Placed, ShipEntry};
use fleetcheck_data::model::{Card, Format};
use fleetcheck_data::Database;
use std::borrow::Cow;

/// Everything the rules check.
#[derive(Debug)]
pub struct Analysis<'a> {
    pub db: &'a Database,
    pub format: &'a Format,
    /// The evaluation date (ISO) for the card pool and retirements; `None`
    /// when none is known.
    pub date: Option<&'a str>,
    pub raw: &'a RawFleet,
    pub fleet: &'a Fleet<'a>,
    pub ships: Vec<ShipState<'a>>,
    pub resource: Option<ResourceState<'a>>,
    pub sideboard: Option<SideboardState<'a>>,
    pub additional_points: i32,
    /// Ships + resource + additional points.
    pub total: i32,
    /// The fleet SP cap and what sets it, as words that follow "the 100 SP
    /// cap": "set by the file's sp_cap", "of format standard".
    pub cap: Option<(i32, &'a str)>,
    /// What the player owns (`--collection`), when the check was given it.
    pub collection: Option<&'a crate::collection::Shelf>,
    /// What the fleet uses of `collection`: counted once, when first asked
    /// for ([`Analysis::ownership`]: by the `not-owned` rule, then the
    /// report's `collection` and `options`).
    owned: std::sync::OnceLock<Option<crate::collection::Ownership<'a>>>,
    /// Every card in file order, gathered the first time a rule asks
    /// ([`Analysis::every_card`]: several rules read it).
    cards: std::sync::OnceLock<Vec<Located<'a>>>,
    /// What the `restriction` rule reads of the fleet when an upgrade is
    /// added to it, made the first time a change asks
    /// (`restriction::leaves`).
    pub(crate) read_by_restriction: std::sync::OnceLock<Option<CardNames<'a>>>,
    /// What the ships were priced against, when each was priced once
    /// (`Against`): a copy of the fleet with one change is priced beside
    /// this one ([`Beside`]).
    pub(crate) against: Option<Against<'a>>,
}

/// What a fleet's ships were priced against: the grants and waivers in
/// play. Not made when a grant is limited to some cards (`price_ships`):
/// which cards get it is chosen across the fleet. Two are the same when
/// they hold the same grants and waivers, each known by where its card
/// stands, the card and which of the card's rules it is.
///
/// A ship's pricing reads only the ship, its cards, its factions (with the
/// other ships'), these grants and waivers and the fleet's resource
/// (`price_ship`'s arguments): priced against the same, a ship the change
/// did not touch is priced as it was, and is taken from the fleet it was
/// priced in ([`Beside`]) rather than priced again.
#[derive(Debug, Clone)]
pub(crate) struct Against<'a> {
    grants: Vec<Grant<'a>>,
    waivers: Vec<Waiver<'a>>,
}

impl PartialEq for Against<'_> {
    fn eq(&self, other: &Self) -> bool {
        fn rule(g: &Grant) -> *const () {
            match g.effect {
                Effect::Discount(d) => std::ptr::from_ref(d).cast(),
                Effect::SetCost(s) => std::ptr::from_ref(s).cast(),
            }
        }
        self.grants.len() == other.grants.len()
            && self.waivers.len() == other.waivers.len()
            && self
                .grants
                .iter()
                .zip(&other.grants)
                .all(|(a, b)| a.at == b.at && std::ptr::eq(a.from, b.from) && rule(a) == rule(b))
            && self.waivers.iter().zip(&other.waivers).all(|(a, b)| {
                a.at == b.at && std::ptr::eq(a.from, b.from) && std::ptr::eq(a.filter, b.filter)
            })
    }
}

/// How a fleet is priced: alone (a check), as a base that copies of it
/// with one change are priced beside (what its ships were priced against
/// is kept: `Analysis::against`), or beside such a base.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pricing<'b, 'a> {
    Alone,
    Base,
    Beside(Beside<'b, 'a>),
}

/// What one change of a fleet touched (`Resolved::with`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Changed {
    /// Ship `0` (0-based): a card added to it, removed or replaced.
    Ship(usize),
    /// A card added to the sideboard.
    Sideboard,
}

/// The priced fleet a copy of it with one change is priced beside: each
/// ship the change did not touch is taken from it (moved onto the copy's
/// entry) when the copy's ships are priced against the same grants and
/// waivers and the ship keeps its factions, and each sideboard card still
/// in its place keeps its price (a sideboard price reads the card alone).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Beside<'b, 'a> {
    pub ships: &'b [ShipState<'a>],
    pub resource: Option<&'b ResourceState<'a>>,
    pub sideboard: Option<&'b SideboardState<'a>>,
    pub against: Option<&'b Against<'a>>,
    pub changed: Changed,
    /// The slot assignments made so far beside the same fleet.
    pub assignments: &'b slots::Assignments,
}

impl<'b, 'a> Beside<'b, 'a> {
    /// Ship `i` as priced beside, if the change did not touch it (`e` is
    /// the copy's entry of it).
    fn untouched(self, i: usize, e: &ShipEntry) -> Option<&'b ShipState<'a>> {
        if self.changed == Changed::Ship(i) {
            return None;
        }
        self.ships
            .get(i)
            .filter(|s| std::ptr::eq(s.entry.ship.card, e.ship.card))
    }

    /// The priced ship `i` to take, if the change did not touch it and it
    /// has these factions.
    fn ship(self, i: usize, e: &ShipEntry, factions: &Factions) -> Option<&'b ShipState<'a>> {
        self.untouched(i, e).filter(|s| {
            *s.factions == *factions.ship
                && *s.captain_factions == *factions.captain
                && s.other_factions == factions.others
        })
    }
}

/// The slots of a ship: printed, the talent slots of its captain, admiral
/// (and any card with talent icons), and those its cards add; slots a card
/// lets take more types (`Rules::slots_also`) accept those too. The cards
/// at `muted` are face down: their text adds nothing.
pub fn slots_of<'a>(
    e: &ShipEntry<'a>,
    cards: &[(Role, &Placed<'a>)],
    muted: &[usize],
) -> Vec<Slot<'a>> {
    let ship = e.ship.card;
    let mut out: Vec<Slot> = ship
        .slots
        .iter()
        .map(|t| Slot {
            accepts: Accepts::One(t),
            source: &ship.name,
            added: None,
            by: None,
        })
        .collect();
    // Captains and admirals show talent icons; so do a few crew cards
    // ("Elim Garak or his [talent] Upgrade").
    for (k, (_, p)) in cards.iter().enumerate().filter(|(k, _)| !muted.contains(k)) {
        // Icons an `adds_slots` entry stands for (with its terms) are
        // added there.
        for _ in 0..p.card.plain_talent_icons() {
            out.push(Slot {
                accepts: Accepts::One("talent"),
                source: &p.card.name,
                added: None,
                by: Some(k),
            });
        }
    }
    // The ship card and its cards in play, walked twice (no list made).
    let with_index = || {
        std::iter::once((SHIP_CARD, ship))
            .chain(cards.iter().enumerate().map(|(k, (_, p))| (k, p.card)))
            .filter(|(k, _)| !muted.contains(k))
    };
    let widening: Vec<&fleetcheck_data::model::SlotsAlso> = with_index()
        .flat_map(|(_, c)| &c.rules.slots_also)
        .collect();
    for (k, card) in with_index() {
        for (n, a) in card.rules.adds_slots.iter().enumerate() {
            for _ in 0..a.count {
                out.push(Slot {
                    accepts: a.slot.iter().map(String::as_str).collect::<Vec<_>>().into(),
                    source: &card.name,
                    added: a.has_terms().then_some((k, n)),
                    by: (k != SHIP_CARD).then_some(k),
                });
            }
        }
    }
    // "Treat any of the [crew] or [tech] Upgrade slots as [weapon] Upgrade
    // slots" (Dolim): those slots take the other types too.
    for w in widening {
        for slot in out.iter_mut() {
            if slot.accepts.iter().any(|t| w.slots.iter().any(|s| s == t)) {
                for t in &w.also {
                    if !slot.accepts.contains(&t.as_str()) {
                        slot.accepts.push(t);
                    }
                }
            }
        }
    }
    out
}

/// Prices the fleet.
///
/// A face-down card's text is not in play (shared/rules/staw.md): a card
/// held beneath another adds no slot, grants no discount or waiver and
/// lifts no restriction. Which cards are held is the slot assignment's
/// result, so a fleet whose held cards have such text is priced again for
/// every choice of which of them go face down (`face_down::choose`).
pub(crate) fn analyse<'a>(
    db: &'a Database,
    format: &'a Format,
    date: Option<&'a str>,
    raw: &'a RawFleet,
    fleet: &'a Fleet<'a>,
    cap: Option<(i32, &'a str)>,
    pricing: Pricing<'a, 'a>,
) -> Analysis<'a> {
    let beside = match pricing {
        Pricing::Beside(b) => Some(b),
        Pricing::Alone | Pricing::Base => None,
    };
    let weighed = !matches!(pricing, Pricing::Alone);
    let (first, against) = price_ships(db, format, fleet, &Holding::default(), beside, weighed);
    // Kept by a base, and only when the ships' first pricing is their
    // pricing.
    let against =
        against.filter(|_| matches!(pricing, Pricing::Base) && face_down::holds_no_text(&first));
    let ships = face_down::choose(
        first,
        |h| price_ships(db, format, fleet, h, None, false).0,
        |ships| {
            let resource = fleet.resource.as_ref().map(|r| {
                resource::price(db, r, ships, format.sub_factions, None)
                    .price
                    .cost
            });
            ships
                .iter()
                .map(|s| i64::from(s.total))
                .chain(resource.map(i64::from))
                .sum()
        },
    );
    let sideboard = fleet.sideboard.as_ref().map(|sb| {
        let kept = beside
            .and_then(|b| b.sideboard)
            .map_or(&[][..], |s| &s.cards);
        let cards: Vec<_> = sb
            .cards
            .iter()
            .enumerate()
            .map(|(k, c)| {
                let price = match kept.get(k) {
                    Some((was, p)) if std::ptr::eq(was.card.card, c.card.card) => {
                        Cow::Borrowed(&**p)
                    }
                    _ => Cow::Owned(cost::on_sideboard(db, c.card.card)),
                };
                (c, price)
            })
            .collect();
        let total = cards.iter().map(|(_, p)| p.cost).sum();
        SideboardState { cards, total }
    });
    // Whether the same resource attaches cards, as the fleet beside found.
    let attaching = |r: &Placed| {
        let was = beside.and_then(|b| b.resource)?;
        (std::ptr::eq(was.placed.card, r.card) && was.carried.is_empty()).then_some(was.attaches)
    };
    let resource = fleet
        .resource
        .as_ref()
        .map(|r| resource::price(db, r, &ships, format.sub_factions, attaching(r)));
    let additional_points = raw
        .additional_points
        .as_ref()
        .map_or(0, |a| i32::try_from(a.value).unwrap_or(i32::MAX));
    let total = ships
        .iter()
        .map(|s| s.total)
        .chain(resource.as_ref().map(|r| r.price.cost))
        .fold(additional_points, i32::saturating_add);
    Analysis {
        db,
        format,
        date,
        raw,
        fleet,
        ships,
        resource,
        sideboard,
        additional_points,
        total,
        cap,
        collection: None,
        owned: std::sync::OnceLock::new(),
        cards: std::sync::OnceLock::new(),
        read_by_restriction: std::sync::OnceLock::new(),
        against,
    }
}

/// The normalised names of a fleet's cards: every card's, and those of
/// the cards with a most-per-ship limit, each list sorted (made by
/// `restriction::leaves`).
#[derive(Debug)]
pub(crate) struct CardNames<'a> {
    pub(crate) every: Vec<std::borrow::Cow<'a, str>>,
    pub(crate) limited: Vec<std::borrow::Cow<'a, str>>,
}

/// Prices the ships, with the text of the cards `holding` mutes out of
/// play and the cards it keeps face up out of the face-down slots.
/// For each ship, the factions of the other ships, in the order a walk
/// over them finds them (by ship, then as each lists them), each once.
/// Linear in the ships: each faction's first two places are kept, and a
/// ship takes the first that is not its own.
fn others_of<'a>(factions: &[Factions<'a>]) -> Vec<std::sync::Arc<[std::borrow::Cow<'a, str>]>> {
    use std::borrow::Cow;
    // A faction as the ship's card names it (borrowed), or as a card added
    // it (copied).
    let name_at = |(j, k): (usize, usize)| -> Cow<'a, str> {
        match &factions[j].ship {
            Cow::Borrowed(s) => Cow::Borrowed(s[k].as_str()),
            Cow::Owned(v) => Cow::Owned(v[k].clone()),
        }
    };
    type At = (usize, usize);
    let mut places: Vec<(&str, At, Option<At>)> = Vec::new();
    for (j, f) in factions.iter().enumerate() {
        for (k, name) in f.ship.iter().enumerate() {
            match places.iter_mut().find(|p| p.0 == name) {
                Some(p) => {
                    if p.2.is_none() && p.1 .0 != j {
                        p.2 = Some((j, k));
                    }
                }
                None => places.push((name, (j, k), None)),
            }
        }
    }
    (0..factions.len())
        .map(|i| {
            let mut others: smallvec::SmallVec<[At; 8]> = places
                .iter()
                .filter_map(|&(_, first, second)| if first.0 != i { Some(first) } else { second })
                .collect();
            others.sort_unstable();
            // Made in place (a slice's iterator knows its length).
            others.as_slice().iter().map(|&at| name_at(at)).collect()
        })
        .collect()
}

/// Prices the ships; with what they were priced against when `weighed`
/// (for a base, or beside one) and no grant is limited. A ship `beside`
/// holds priced against the same is taken from it (only with every text
/// in play: `holding` empty).
fn price_ships<'a>(
    db: &'a Database,
    format: &'a Format,
    fleet: &'a Fleet<'a>,
    holding: &Holding,
    beside: Option<Beside<'a, 'a>>,
    weighed: bool,
) -> (Vec<ShipState<'a>>, Option<Against<'a>>) {
    if let Some(ships) = beside
        .filter(|_| holding == &Holding::default())
        .and_then(|b| price_extended(db, format, fleet, b))
    {
        return (ships, None);
    }
    let muted = &holding.muted;
    let sub = format.sub_factions;
    let lists: Vec<crate::view::CardList> = fleet
        .ships
        .iter()
        .map(|e| crate::view::each_card(e).collect())
        .collect();
    // A ship the change did not touch has the factions it had beside
    // (priced there with every text in play, as here).
    let plain = holding == &Holding::default();
    let untouched = |i: usize| {
        beside
            .filter(|b| plain && b.against.is_some())
            .and_then(|b| b.untouched(i, &fleet.ships[i]))
    };
    // The ship a change added one quiet upgrade to (`extends`): its
    // factions are its base's too (a quiet card adds none).
    let grown: Option<(usize, &ShipState<'a>)> = beside
        .filter(|b| plain && b.against.is_some())
        .and_then(|b| match b.changed {
            Changed::Ship(i) => b
                .ships
                .get(i)
                .filter(|s| extends(s, &fleet.ships[i], &lists[i]))
                .map(|s| (i, s)),
            Changed::Sideboard => None,
        });
    let mut factions: Vec<Factions> = fleet
        .ships
        .iter()
        .enumerate()
        .map(
            |(i, e)| match untouched(i).or(grown.filter(|(g, _)| *g == i).map(|(_, s)| s)) {
                Some(s) => factions_as_priced(s),
                None => Factions::of(db, e, |k| muted.contains(&(i, k))),
            },
        )
        .collect();
    let others = others_of(&factions);
    for (f, others) in factions.iter_mut().zip(others) {
        f.others = others;
    }
    let view = |i: usize| factions[i].view(&fleet.ships[i], sub);
    let mut grants: Vec<Grant> = Vec::new();
    let mut waivers: Vec<Waiver> = Vec::new();
    for (i, (e, list)) in fleet.ships.iter().zip(&lists).enumerate() {
        cost::grants_of(e.ship.card, (i, SHIP_CARD), &mut grants, &mut waivers);
        for (k, (_, p)) in list.iter().enumerate() {
            if !muted.contains(&(i, k)) {
                cost::grants_of(p.card, (i, k), &mut grants, &mut waivers);
            }
        }
    }
    // A discount with a condition applies while it holds for the granting
    // card's ship ("If this card is assigned to an Independent ship").
    grants.retain(|g| g.when().is_none_or(|c| view(g.at.0).holds(c)));
    waivers.retain(|w| w.when.is_none_or(|c| view(w.at.0).holds(c)));
    // A grant limited to some cards is chosen across the fleet: no ship
    // is priced as it was beside.
    let limited = grants.iter().any(|g| g.max_cards().is_some());
    let against = (weighed && !limited).then(|| Against {
        grants: grants.clone(),
        waivers: waivers.clone(),
    });
    let taken: Vec<Option<&ShipState<'a>>> = match beside {
        Some(b) if plain && against.is_some() && b.against == against.as_ref() => {
            (0..fleet.ships.len())
                .map(|i| b.ship(i, &fleet.ships[i], &factions[i]))
                .collect()
        }
        _ => Vec::new(),
    };
    let free_talent = free_talent(fleet);
    // That ship, priced against the same: priced from its base
    // (`price_ship`'s `base`).
    let reuse = match beside {
        Some(b) if !free_talent && against.is_some() && b.against == against.as_ref() => grown,
        _ => None,
    };
    // A limited grant goes to the cards it saves most on; a pick that the
    // slots then made worthless is dropped and the choice made again
    // (`limited`), each time without the picks found wasted so far.
    let mut excluded: Vec<(usize, At)> = Vec::new();
    // A fleet of many ships priced alone keeps its slot assignments too:
    // its ships often repeat (the same build again and again), and a few
    // ships' assignments cost less made than kept.
    let kept = (beside.is_none() && fleet.ships.len() >= ASSIGNMENTS_KEPT_FROM)
        .then(slots::Assignments::default);
    let made = beside.map(|b| b.assignments).or(kept.as_ref());
    // A base's ships keep what their slots were assigned from (`Needs`):
    // changes are priced beside them, and beside nothing else.
    let keeps_needs = weighed && beside.is_none();
    loop {
        // Without a limited grant there is nothing to choose.
        let chosen: std::borrow::Cow<[Grant]> = if limited {
            let mut chosen = grants.clone();
            choose_limited(
                db,
                &lists,
                &factions,
                fleet,
                &mut chosen,
                &waivers,
                sub,
                &excluded,
            );
            chosen.into()
        } else {
            grants.as_slice().into()
        };
        let ships = price_all(
            fleet,
            &lists,
            &factions,
            &chosen,
            &waivers,
            db,
            free_talent,
            holding,
            sub,
            &taken,
            made,
            reuse,
            keeps_needs,
        );
        let wasted = limited::wasted(&chosen, &ships);
        if wasted.is_empty() || wasted.iter().all(|w| excluded.contains(w)) {
            return (ships, against);
        }
        excluded.extend(wasted);
    }
}

/// The ships of a fleet a change added one quiet upgrade to (ship `n`,
/// [`extends`]), priced beside its base without reading the rest of the
/// fleet again, when the base's ships were priced against grants and
/// waivers of its own (`Beside::against`): a quiet upgrade adds no
/// faction, grant or waiver, so every ship keeps its factions, and the
/// fleet's grants and waivers are the base's, none on ship `n` holding
/// only while a condition does (the one ship whose cards changed). Ship
/// `n` is priced from its base (`price_ship`), the others taken as they
/// were priced there: what `price_ships` would make of the same fleet.
/// `None` when one of these does not hold (`price_ships` then prices the
/// fleet), as with Fleet Captain rule 5, which reads every talent.
fn price_extended<'a>(
    db: &'a Database,
    format: &'a Format,
    fleet: &'a Fleet<'a>,
    b: Beside<'a, 'a>,
) -> Option<Vec<ShipState<'a>>> {
    let Changed::Ship(n) = b.changed else {
        return None;
    };
    let against = b.against?;
    let (e, base) = (fleet.ships.get(n)?, b.ships.get(n)?);
    let list: crate::view::CardList = crate::view::each_card(e).collect();
    if free_talent(fleet) || fleet.ships.len() != b.ships.len() || !extends(base, e, &list) {
        return None;
    }
    // The ship's grants and waivers (`price_ships` keeps those whose
    // condition holds): none may hold only while a condition does.
    let (mut grants, mut waivers) = (Vec::new(), Vec::new());
    cost::grants_of(e.ship.card, (n, SHIP_CARD), &mut grants, &mut waivers);
    for (k, (_, p)) in list.iter().enumerate() {
        cost::grants_of(p.card, (n, k), &mut grants, &mut waivers);
    }
    if grants.iter().any(|g| g.when().is_some()) || waivers.iter().any(|w| w.when.is_some()) {
        return None;
    }
    let factions = factions_as_priced(base);
    let on = OnShip {
        db,
        view: factions.view(e, format.sub_factions),
        grants: &against.grants,
        waivers: &against.waivers,
    };
    let none = ShipHolding {
        muted: Vec::new(),
        kept_up: Vec::new(),
    };
    let mut ships = Vec::with_capacity(fleet.ships.len());
    for (i, (e_i, was)) in fleet.ships.iter().zip(b.ships).enumerate() {
        if i == n {
            ships.push(price_ship(
                n,
                e,
                &list,
                &factions,
                &on,
                false,
                &none,
                Some(b.assignments),
                Some(base),
                false,
            ));
        } else {
            let list_i: crate::view::CardList = crate::view::each_card(e_i).collect();
            ships.push(was.moved_to(e_i, &list_i)?);
            #[cfg(test)]
            TAKEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
    Some(ships)
}

/// Whether the fleet's resource has Fleet Captain rule 5 (the talent that
/// saves most is free), a rule of the resource.
fn free_talent(fleet: &Fleet) -> bool {
    fleet
        .resource
        .as_ref()
        .is_some_and(|r| r.card.rules.free_talent_for_bonus)
}

/// The factions a ship was priced with: those of a ship the change did
/// not touch, or added a quiet upgrade to.
fn factions_as_priced<'a>(s: &ShipState<'a>) -> Factions<'a> {
    Factions {
        ship: s.factions.clone(),
        captain: s.captain_factions.clone(),
        class: s.class,
        dial: s.dial,
        others: std::sync::Arc::clone(&s.other_factions),
    }
}

/// The ships from which a fleet priced alone keeps the slot assignments
/// it makes ([`slots::Assignments`]).
const ASSIGNMENTS_KEPT_FROM: usize = 8;

/// Prices every ship against the fleet's grants and waivers; a ship
/// `taken` holds (priced against the same) is moved onto its entry.
#[allow(clippy::too_many_arguments)]
fn price_all<'a>(
    fleet: &'a Fleet<'a>,
    lists: &[crate::view::CardList<'a>],
    factions: &[Factions<'a>],
    grants: &[Grant<'a>],
    waivers: &[Waiver<'a>],
    db: &'a Database,
    free_talent: bool,
    holding: &Holding,
    sub: bool,
    taken: &[Option<&'a ShipState<'a>>],
    made: Option<&slots::Assignments>,
    reuse: Option<(usize, &'a ShipState<'a>)>,
    keeps_needs: bool,
) -> Vec<ShipState<'a>> {
    let mut ships = Vec::with_capacity(fleet.ships.len());
    for (i, (e, list)) in fleet.ships.iter().zip(lists).enumerate() {
        if let Some(s) = taken
            .get(i)
            .copied()
            .flatten()
            .and_then(|s| s.moved_to(e, list))
        {
            #[cfg(test)]
            TAKEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            ships.push(s);
            continue;
        }
        let on = OnShip {
            db,
            view: factions[i].view(e, sub),
            grants,
            waivers,
        };
        let here = ShipHolding {
            muted: Holding::on_ship(&holding.muted, i),
            kept_up: Holding::on_ship(&holding.kept_up, i),
        };
        ships.push(price_ship(
            i,
            e,
            list,
            &factions[i],
            &on,
            free_talent,
            &here,
            made,
            reuse.filter(|(j, _)| *j == i).map(|(_, s)| s),
            keeps_needs,
        ));
    }
    ships
}

/// How many ships were taken from a fleet priced beside (tests).
#[cfg(test)]
pub(crate) static TAKEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many cards' prices were taken from the base of a ship a change
/// added a quiet upgrade to (tests).
#[cfg(test)]
pub(crate) static REUSED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Whether `list` (the cards of ship `e`) is `base`'s cards with one
/// quiet upgrade after them ([`quiet`]), on the same ship card, where every
/// slot of `base` is plain (none added with terms): the ship has its
/// base's factions and is priced from `base` (`price_ship`).
fn extends(base: &ShipState, e: &ShipEntry, list: &[(Role, &Placed)]) -> bool {
    let Some(((role, added), rest)) = list.split_last() else {
        return false;
    };
    base.needs.known
        && std::ptr::eq(base.entry.ship.card, e.ship.card)
        && *role == Role::Upgrade
        && quiet(added.card)
        && rest.len() == base.cards.len()
        && rest
            .iter()
            .zip(&base.cards)
            .all(|((r, p), c)| *r == c.role && std::ptr::eq(p.card, c.placed.card))
        && base.slots.iter().all(|s| s.added.is_none())
}

/// Whether an upgrade added to a ship leaves the ship's other cards as
/// they were priced: its rules price, restrict or limit it alone, or are
/// rules of the fleet that pricing does not read; it adds no slot, talent
/// icon, grant, waiver, faction or captain. Every field of `Rules` is
/// named, so that a new one is decided here.
pub(crate) fn quiet(card: &Card) -> bool {
    let fleetcheck_data::model::Rules {
        // Its own cost, purchase and slot, and rules of the fleet.
        restrictions: _,
        max_per_ship: _,
        no_slot: _,
        either_slot: _,
        cost_modifiers: _,
        cost_per_card: _,
        cost_from_ship: _,
        fleet_excludes: _,
        ship_limits: _,
        squadrons: _,
        unmodeled: _,
        // What other cards, slots or factions read.
        adds_slots,
        cost_from_fleet,
        stat_bonuses,
        discounts,
        penalty,
        adds_factions,
        captains,
        no_admiral,
        no_ambassador,
        set_costs,
        no_slot_for,
        extra_admirals,
        slots_also,
        free_talent_for_bonus,
        unique_fleet_captain,
    } = &card.rules;
    card.plain_talent_icons() == 0
        && adds_slots.is_empty()
        && cost_from_fleet.is_none()
        && stat_bonuses.is_empty()
        && discounts.is_empty()
        && penalty.is_empty()
        && adds_factions.is_empty()
        && captains.is_none()
        && !no_admiral
        && !no_ambassador
        && set_costs.is_empty()
        && no_slot_for.is_empty()
        && extra_admirals.is_empty()
        && slots_also.is_empty()
        && !free_talent_for_bonus
        && !unique_fleet_captain
}

/// Whether a card's own price reads its ship's other cards: a cost per
/// card of the ship, or an additional cost whose condition reads them
/// (`ship-has-card`).
fn reads_ship_cards(card: &Card) -> bool {
    !card.rules.cost_per_card.is_empty()
        || card.rules.cost_modifiers.iter().any(|m| {
            [&m.when, &m.unless]
                .into_iter()
                .flatten()
                .any(|c| !crate::condition::reads_no_cards(c))
        })
}

/// One ship's part of a `Holding`: indices among its cards.
struct ShipHolding {
    muted: Vec<usize>,
    kept_up: Vec<usize>,
}

/// Prices ship `i` and its cards; `on` is what they are priced against
/// (the ship as conditions see it, every grant and waiver of the fleet);
/// `free_talent`: the fleet's resource has Fleet Captain rule 5; `made`:
/// the slot assignments made beside the same fleet, if any; `base`: this
/// ship priced in the fleet a change was made from, when the change added
/// one quiet upgrade to it (`extends`): its slots and its other cards'
/// options are taken from there, and each other card's price where the
/// card keeps its slot and its price reads none of the ship's cards;
/// `keeps_needs`: it is a base's ship, which keeps its `Needs`.
#[allow(clippy::too_many_arguments)]
fn price_ship<'a>(
    i: usize,
    e: &'a ShipEntry<'a>,
    list: &[(Role, &'a Placed<'a>)],
    factions: &Factions<'a>,
    on: &OnShip,
    free_talent: bool,
    holding: &ShipHolding,
    made: Option<&slots::Assignments>,
    base: Option<&'a ShipState<'a>>,
    keeps_needs: bool,
) -> ShipState<'a> {
    let muted = &holding.muted;
    let ship = e.ship.card;
    let sub = on.view.sub_factions;
    // Filters' factions match with the format's sub-factions.
    fn target<'t>(
        card: &'t Card,
        role: Role,
        slot: Option<&'t str>,
        at: At,
        sub: bool,
    ) -> Target<'t> {
        Target {
            card,
            role,
            slot,
            at,
            cost: None,
            sub_factions: sub,
        }
    }
    // The upgrades that need a slot, with their cost for each slot type.
    let exempting: Vec<(usize, &Card)> = slot_terms::exempting(ship, list)
        .into_iter()
        .filter(|(k, _)| !muted.contains(k))
        .collect();
    // No card frees another of its slot: the base's cards need the slots
    // they needed there.
    let base = base.filter(|_| exempting.is_empty());
    // The text of a face-down card is not in play.
    let slots = match base {
        Some(b) => std::sync::Arc::clone(&b.slots),
        None => slot_terms::active(slots_of(e, list, muted), i, ship, list, &on.view).into(),
    };
    // The card a change added after the base's cards (with a base).
    let added = list.len().wrapping_sub(1);
    let needs = |k: usize| {
        list[k].0 == Role::Upgrade
            && needs_slot(list[k].1)
            && !slot_terms::freed(&exempting, list, i, k, on.grants, sub)
    };
    let options_of = |k: usize| -> slots::Options {
        upgrade_types(list[k].1.card)
            .map(|t| {
                (
                    t,
                    cost::cost_on_ship(
                        &target(list[k].1.card, Role::Upgrade, Some(t), (i, k), sub),
                        on,
                    ),
                )
            })
            .collect()
    };
    let (needing, options): (smallvec::SmallVec<[usize; 8]>, Vec<slots::Options>) = match base {
        Some(b) => {
            let (mut needing, mut options) = b.needs.unpacked();
            if needs(added) {
                needing.push(added);
                options.push(options_of(added));
            }
            (needing, options)
        }
        None => {
            let needing: smallvec::SmallVec<[usize; 8]> =
                (0..list.len()).filter(|&k| needs(k)).collect();
            let options = needing.iter().map(|&k| options_of(k)).collect();
            (needing, options)
        }
    };
    let terms = slot_terms::ShipSlots {
        ship: i,
        ship_card: ship,
        list,
        slots: &slots,
        on,
        unused_printed: 0,
        kept_up: &holding.kept_up,
    };
    // Beside its base, the ship's assignment is known by what was added.
    let assignment = match (base, made) {
        (Some(_), Some(made)) => {
            let options_added: &[(&str, i32)] = match needing.last() {
                Some(&k) if k == added => options.last().map_or(&[], |o| o.as_slice()),
                _ => &[],
            };
            made.grown(i, options_added, || terms.assign(&needing, &options, None))
        }
        _ => terms.assign(&needing, &options, made),
    };
    // A discount per unused printed slot reads the assignment's.
    let terms = slot_terms::ShipSlots {
        unused_printed: terms.unused_printed_by(&assignment),
        ..terms
    };
    // Each card's place among `needing`.
    let mut need_at: smallvec::SmallVec<[Option<usize>; 8]> = smallvec::smallvec![None; list.len()];
    for (n, &k) in needing.iter().enumerate() {
        need_at[k] = Some(n);
    }
    // Fleet Captain rule 5: the talent that saves most, if any, is free
    // (`taken`: each card's slot, made only for a fleet with the rule).
    let forgone = free_talent
        .then(|| {
            let taken: Vec<Option<usize>> = need_at
                .iter()
                .map(|n| assignment[(*n)?].map(|(j, _)| j))
                .collect();
            fleet_captain::forgone(i, list, &slots, &taken).map(|f| (f, taken))
        })
        .flatten();
    let free = forgone.and_then(|(f, taken)| {
        let mut best: Option<(i32, Vec<Grant>, usize)> = None;
        for &k in &f.candidates {
            let (_, placed) = list[k];
            let t = target(placed.card, Role::Upgrade, Some("talent"), (i, k), sub);
            let mut grants = on.grants.to_vec();
            grants.push(f.grant((i, k)));
            let with = OnShip {
                grants: &grants,
                ..*on
            };
            let free = slot_terms::ShipSlots { on: &with, ..terms };
            let saving = terms.price(taken[k], &t).cost - free.price(taken[k], &t).cost;
            if saving > 0 && best.as_ref().is_none_or(|b| saving > b.0) {
                best = Some((saving, grants, k));
            }
        }
        best.map(|(_, grants, k)| (grants, k))
    });
    let mut cards = Vec::with_capacity(list.len());
    for (k, &(role, placed)) in list.iter().enumerate() {
        let (slot, unplaced, slot_index) = if role == Role::Upgrade {
            match need_at[k] {
                Some(n) => match assignment[n] {
                    Some((j, opt)) => (Some(options[n][opt].0), false, Some(j)),
                    None => (None, true, None),
                },
                None => (Some("none"), false, None),
            }
        } else if role == Role::ShipResource {
            (Some("none"), false, None)
        } else {
            (None, false, None)
        };
        let priced_as = match (slot, unplaced) {
            (Some(s), _) if s != "none" => Some(s),
            (_, true) => upgrade_types(placed.card).next(),
            _ => None,
        };
        // A card of the base that keeps its slot, priced as there.
        let kept = base.and_then(|b| b.cards.get(k)).filter(|c| {
            free.is_none()
                && c.slot == slot
                && c.unplaced == unplaced
                && c.slot_index == slot_index
                && !reads_ship_cards(placed.card)
        });
        let (face_down, price) = match kept {
            Some(c) => {
                #[cfg(test)]
                REUSED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                (c.face_down, Cow::Borrowed(&*c.price))
            }
            None => {
                let t = target(placed.card, role, priced_as, (i, k), sub);
                let price = match &free {
                    Some((grants, f)) if *f == k => {
                        let with = OnShip { grants, ..*on };
                        slot_terms::ShipSlots { on: &with, ..terms }.price(slot_index, &t)
                    }
                    _ => terms.price(slot_index, &t),
                };
                // Held beneath a card, in a face-down slot (Balance of
                // Terror), or bought face down at a fixed cost (Tahna Los,
                // Khan Singh).
                let face_down = slot_index
                    .and_then(|j| terms.terms(j))
                    .is_some_and(|tm| tm.face_down(&t))
                    || (role == Role::Upgrade && cost::fixed_face_down(&t, on));
                (face_down, Cow::Owned(price))
            }
        };
        cards.push(CardState {
            placed,
            role,
            slot,
            unplaced,
            slot_index,
            face_down,
            price,
        });
    }
    let price = match base.filter(|_| !reads_ship_cards(ship)) {
        Some(b) => Cow::Borrowed(&*b.price),
        None => Cow::Owned(cost::on_ship(
            &target(ship, Role::Ship, None, (i, SHIP_CARD), sub),
            on,
        )),
    };
    let total = cards
        .iter()
        .map(|c| c.price.cost)
        .fold(price.cost, i32::saturating_add);
    ShipState {
        entry: e,
        factions: factions.ship.clone(),
        captain_factions: factions.captain.clone(),
        price,
        class: factions.class,
        dial: factions.dial,
        other_factions: std::sync::Arc::clone(&factions.others),
        cards,
        slots,
        total,
        needs: if keeps_needs {
            crate::state::Needs::of(&needing, &options)
        } else {
            crate::state::Needs::default()
        },
    }
}

/// Whether an upgrade needs a slot of its ship.
fn needs_slot(p: &Placed) -> bool {
    !p.card.rules.no_slot && upgrade_types(p.card).next().is_some()
}

/// Where a card of [`Located`] stands, written when a message needs it
/// (not for every card of every check).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place<'a> {
    /// Ship `0` (0-based) of the fleet, the ship card's name.
    Ship(usize, &'a str),
    Resource,
    Sideboard,
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // As `ShipState::label` writes it.
            Place::Ship(i, name) => write!(f, "ship {} ({name})", i + 1),
            Place::Resource => f.write_str("the resource"),
            Place::Sideboard => f.write_str("the sideboard"),
        }
    }
}

/// A card of the fleet wherever it stands, for the rules that look at
/// every card (uniqueness, card pool).
#[derive(Debug, Clone)]
pub struct Located<'a> {
    pub card: &'a fleetcheck_data::model::Card,
    pub span: std::ops::Range<usize>,
    /// `None` for the resource; `Some(Role::Ship)` for a ship card.
    pub role: Option<Role>,
    /// Where it stands, for messages: "ship 2 (U.S.S. Defiant)", "the
    /// sideboard", "the resource".
    pub place: Place<'a>,
    /// On the sideboard.
    pub sideboard: bool,
}

impl<'a> Analysis<'a> {
    /// Where a finding about the whole fleet points: the file's `sp_cap`,
    /// else its `format`, else its `name`, else its first ship, else the
    /// file's start.
    pub(crate) fn fleet_span(&self) -> std::ops::Range<usize> {
        let r = self.raw;
        r.sp_cap
            .as_ref()
            .map(|x| x.span.clone())
            .or_else(|| r.format.as_ref().map(|x| x.span.clone()))
            .or_else(|| r.name.as_ref().map(|x| x.span.clone()))
            .or_else(|| self.fleet.ships.first().map(|s| s.ship.span.clone()))
            .unwrap_or(0..0)
    }

    /// The card that tips the fleet total over `cap`: adding up the
    /// additional points, the resource, then each ship and each card on it
    /// in file order, the first whose cost takes the sum over the cap.
    /// `None` when no card does (the sum never goes over).
    pub(crate) fn tipping_span(&self, cap: i32) -> Option<std::ops::Range<usize>> {
        let mut sum = i64::from(self.additional_points);
        if let Some(r) = &self.resource {
            sum += i64::from(r.price.cost);
            if sum > i64::from(cap) {
                return Some(r.placed.span.clone());
            }
        }
        for s in &self.ships {
            sum += i64::from(s.price.cost);
            if sum > i64::from(cap) {
                return Some(s.entry.ship.span.clone());
            }
            for c in &s.cards {
                sum += i64::from(c.price.cost);
                if sum > i64::from(cap) {
                    return Some(c.placed.span.clone());
                }
            }
        }
        None
    }

    /// What the fleet uses of the collection it is judged against, if any:
    /// counted the first time it is asked for (after `collection` is set,
    /// as the engine does before the rules run), then read by every asker.
    pub fn ownership(&self) -> Option<&crate::collection::Ownership<'a>> {
        self.owned
            .get_or_init(|| {
                let shelf = self.collection?;
                Some(shelf.ownership(
                    self.db,
                    self.every_card().iter().map(|l| (l.card, l.span.clone())),
                ))
            })
            .as_ref()
    }

    /// Every card of the fleet in file order: each ship and its cards, the
    /// resource, the sideboard.
    pub(crate) fn every_card(&self) -> &[Located<'a>] {
        self.cards.get_or_init(|| self.gather_cards())
    }

    /// Whether `f` holds of a card of the fleet, from the cards gathered
    /// if a rule asked for them ([`Analysis::every_card`]), else without
    /// gathering them.
    pub(crate) fn any_card(&self, f: impl Fn(&Card) -> bool) -> bool {
        match self.cards.get() {
            Some(cards) => cards.iter().any(|l| f(l.card)),
            None => self.each_card().any(|l| f(l.card)),
        }
    }

    fn gather_cards(&self) -> Vec<Located<'a>> {
        let ships: usize = self.ships.iter().map(|s| 1 + s.cards.len()).sum();
        let sideboard = self.sideboard.as_ref().map_or(0, |sb| sb.cards.len());
        let mut out = Vec::with_capacity(ships + 1 + sideboard);
        out.extend(self.each_card());
        out.sort_by_key(|l| l.span.start);
        out
    }

    /// Every card of the fleet where it stands: each ship and its cards,
    /// the resource, the sideboard (in that order, not the file's).
    fn each_card(&self) -> impl Iterator<Item = Located<'a>> + '_ {
        let ships = self.ships.iter().enumerate().flat_map(|(i, s)| {
            let place = Place::Ship(i, &s.entry.ship.card.name);
            std::iter::once(Located {
                card: s.entry.ship.card,
                span: s.entry.ship.span.clone(),
                role: Some(Role::Ship),
                place,
                sideboard: false,
            })
            .chain(s.cards.iter().map(move |c| Located {
                card: c.placed.card,
                span: c.placed.span.clone(),
                role: Some(c.role),
                place,
                sideboard: false,
            }))
        });
        let resource = self.resource.iter().map(|r| Located {
            card: r.placed.card,
            span: r.placed.span.clone(),
            role: None,
            place: Place::Resource,
            sideboard: false,
        });
        let sideboard = self.sideboard.iter().flat_map(|sb| {
            sb.cards.iter().map(|(c, _)| Located {
                card: c.card.card,
                span: c.card.span.clone(),
                role: None,
                place: Place::Sideboard,
                sideboard: true,
            })
        });
        ships.chain(resource).chain(sideboard)
    }
}

#[cfg(test)]
mod tests {
    use super::{others_of, Factions};

    fn ships(lists: &[&[&str]]) -> Vec<Factions<'static>> {
        lists
            .iter()
            .map(|l| Factions {
                ship: l.iter().map(|f| f.to_string()).collect::<Vec<_>>().into(),
                captain: Vec::new().into(),
                class: None,
                dial: None,
                others: Vec::new().into(),
            })
            .collect()
    }

    /// The factions of the other ships, by ship then as each lists them,
    /// each once: a faction first met on the ship itself takes its place
    /// of the next ship that has it.
    #[test]
    fn the_other_ships_factions_in_the_order_a_walk_finds_them() {
        let f = ships(&[
            &["federation", "bajoran"],
            &["klingon", "federation"],
            &["bajoran", "romulan"],
        ]);
        let want: [&[&str]; 3] = [
            &["klingon", "federation", "bajoran", "romulan"],
            &["federation", "bajoran", "romulan"],
            &["federation", "bajoran", "klingon"],
        ];
        let others = |f: &[Factions<'static>]| -> Vec<Vec<String>> {
            others_of(f)
                .iter()
                .map(|o| o.iter().map(|s| s.to_string()).collect())
                .collect()
        };
        assert_eq!(others(&f), want.map(|w| w.to_vec()));
        assert_eq!(others(&ships(&[&["dominion"]])), [Vec::<String>::new()]);
    }
}
