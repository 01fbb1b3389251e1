//! The rules an event adds to its format (`fleetcheck event`): cards and
//! factions it bans, the resources it allows, cards it restricts, the
//! Blind Booster split (40 SP reserved for the booster ship, 90 SP for the
//! rest, not mixed), and the organiser's house rules (the number of ships,
//! a cap per ship, no faction penalties, banned expansions, re-costed
//! cards, copies of one card). The event file is read by [`read`]
//! (`event/file.rs`, with the spanned reader: every problem at once,
//! located); what it asks is handed here as ids and names, and checked on
//! the priced fleet like any rule, each finding placed on the card that
//! causes it.

use super::analysis::Analysis;
use super::cost::{Modifier, ModifierKind, Price};
use fleetcheck_input::diag::Diagnostic;
use std::ops::Range;

mod file;

pub use file::{read, Event, COST_KEYS, EVENT_KEYS, RESTRICT_KEYS};

fleetcheck_input::diag::codes! {
    /// The findings of `fleetcheck event`: the event's own rules and what
    /// only a folder of lists shows. The README's table of them is
    /// generated from here.
    pub enum EventCode: Rule in "event" {
        EventBanned = ("event-banned", Error, "a card the event bans (on the card's line)"),
        EventFaction = ("event-faction", Error, "a ship of a banned faction, or of a faction the event does not allow"),
        EventResource = ("event-resource", Error, "a resource the event does not allow"),
        EventRestricted = ("event-restricted", Error, "more of the restricted cards than the event allows (on the one too many)"),
        BoosterShip = ("booster-ship", Error, "a Blind Booster list that marks no ship, or several, as its booster"),
        BoosterCap = ("booster-cap", Error, "the booster ship over 40 SP, or the rest of the fleet over 90 SP"),
        PlayerMissing = ("player-missing", Error, "no `player` line, at an event with `require_player = true`"),
        DuplicatePlayer = ("duplicate-player", Error, "two lists of one player (names compared without case)"),
        DuplicateList = ("duplicate-list", Warning, "two lists with the same cards (the same fingerprint)"),
        FingerprintChanged = ("fingerprint-changed", Error, "`--against`: the list's cards are not the ones submitted"),
        NotInRoster = ("not-in-roster", Warning, "`--against`: no list of this file or player in the roster"),
        EventShipCount = ("event-ship-count", Error, "fewer ships than the event's `min_ships`, or more than its `max_ships`"),
        EventShipSpCap = ("event-ship-sp-cap", Error, "a ship that costs more with its cards than the event's `ship_sp_cap`"),
        EventFactionPenalty = ("event-faction-penalty", Error, "a card that pays a faction penalty at an event with `faction_penalties = false`"),
        EventSet = ("event-set", Error, "a card printed only in expansions the event bans (`ban_sets`; reprints in an allowed set count)"),
        EventCopies = ("event-copies", Error, "more copies of one card than the event's `max_copies` (reprints counted as one card)"),
        EventCost = ("event-cost", Note, "a card the event re-costs (`[[cost]]`): the event's price in place of its base cost"),
    }
}

/// The SP reserved for the booster ship of a Blind Booster event.
pub(crate) const BOOSTER_SP: i32 = 40;
/// The SP for the rest of a Blind Booster fleet.
pub(crate) const REST_SP: i32 = 90;

/// A card the event names, resolved to its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub id: String,
    pub name: String,
}

/// At most `max` of these cards in a fleet, together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restricted {
    pub cards: Vec<Named>,
    pub max: usize,
}

/// An expansion the event names (`ban_sets`), resolved to its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedSet {
    pub id: String,
    pub name: String,
}

/// A card the event re-costs (`[[cost]]`): `cost` replaces its base cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recost {
    /// Every printing the event file's `card` names.
    pub cards: Vec<Named>,
    pub cost: i32,
}

/// What an event adds to its format.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventRules {
    /// Cards no fleet may field.
    pub banned_cards: Vec<Named>,
    /// Factions no ship may belong to.
    pub banned_factions: Vec<String>,
    /// When given: every ship belongs to one of these factions.
    pub factions: Option<Vec<String>>,
    /// When given: the only resources allowed (empty: none).
    pub resources: Option<Vec<Named>>,
    pub restricted: Vec<Restricted>,
    /// A Blind Booster event.
    pub blind_booster: bool,
    /// At least this many ships (`min_ships`).
    pub min_ships: Option<usize>,
    /// At most this many ships (`max_ships`).
    pub max_ships: Option<usize>,
    /// Every ship with its cards at most this (`ship_sp_cap`).
    pub ship_sp_cap: Option<i32>,
    /// `faction_penalties = false`: no card may pay a faction penalty.
    pub no_faction_penalties: bool,
    /// Expansions no card may come from (`ban_sets`): a card is allowed
    /// when it, or a reprint of it, is in a set not among these.
    pub banned_sets: Vec<NamedSet>,
    /// The event's prices of cards (`[[cost]]`).
    pub costs: Vec<Recost>,
    /// At most this many copies of any one card (`max_copies`).
    pub max_copies: Option<usize>,
}

impl EventRules {
    /// The event's price of a card, if it re-costs it.
    pub(crate) fn recost(&self, card: &fleetcheck_data::model::Card) -> Option<i32> {
        recost_of(&self.costs, card)
    }
}

fn recost_of(costs: &[Recost], card: &fleetcheck_data::model::Card) -> Option<i32> {
    costs
        .iter()
        .find(|r| r.cards.iter().any(|c| c.id == card.id))
        .map(|r| r.cost)
}

/// The event's prices (`[[cost]]`) put into the priced fleet: each
/// re-costed card's base cost replaced by the event's, as a named
/// modifier (`event-cost`) first in its price, its other modifiers kept
/// (a faction penalty, a discount; a cost never below 0); a card whose
/// cost another card fixes (`set-cost`) keeps that fixed cost. The ships',
/// the sideboard's and the fleet's totals follow.
pub(crate) fn reprice(a: &mut Analysis, costs: &[Recost]) {
    let apply = |price: &mut Price, card: &fleetcheck_data::model::Card| {
        let Some(cost) = recost_of(costs, card) else {
            return;
        };
        if price
            .modifiers
            .iter()
            .any(|m| m.kind == ModifierKind::SetCost)
        {
            return;
        }
        let delta = cost - price.base;
        if delta == 0 {
            return;
        }
        price.modifiers.insert(
            0,
            Modifier {
                kind: ModifierKind::EventCost,
                amount: delta,
                source: format!(
                    "the event's [[cost]]: {} ({}) costs {cost} SP in place of {}",
                    card.name, card.id, price.base
                ),
                factions: None,
            },
        );
        price.cost += delta;
        // The floor again, on the new cost.
        let floors: i32 = price
            .modifiers
            .iter()
            .filter(|m| m.kind == ModifierKind::Floor)
            .map(|m| m.amount)
            .sum();
        price.modifiers.retain(|m| m.kind != ModifierKind::Floor);
        price.cost -= floors;
        if price.cost < 0 {
            price.modifiers.push(Modifier {
                kind: ModifierKind::Floor,
                amount: -price.cost,
                source: "a cost never goes below 0".into(),
                factions: None,
            });
            price.cost = 0;
        }
    };
    for s in &mut a.ships {
        apply(s.price.to_mut(), s.entry.ship.card);
        for c in &mut s.cards {
            apply(c.price.to_mut(), c.placed.card);
        }
        s.total = s
            .cards
            .iter()
            .map(|c| c.price.cost)
            .fold(s.price.cost, i32::saturating_add);
    }
    if let Some(r) = &mut a.resource {
        apply(&mut r.price, r.placed.card);
    }
    if let Some(sb) = &mut a.sideboard {
        for (c, p) in &mut sb.cards {
            apply(p.to_mut(), c.card.card);
        }
        sb.total = sb.cards.iter().map(|(_, p)| p.cost).sum();
    }
    a.total = a
        .ships
        .iter()
        .map(|s| s.total)
        .chain(a.resource.as_ref().map(|r| r.price.cost))
        .fold(a.additional_points, i32::saturating_add);
}

/// Every card of the fleet with where it is written: ships, cards on
/// ships, the resource, the sideboard.
fn cards<'a>(a: &'a Analysis) -> Vec<(&'a fleetcheck_data::model::Card, Range<usize>)> {
    let mut out = Vec::new();
    if let Some(r) = &a.fleet.resource {
        out.push((r.card, r.span.clone()));
    }
    for s in &a.ships {
        out.push((s.entry.ship.card, s.entry.ship.span.clone()));
        out.extend(
            s.cards
                .iter()
                .map(|c| (c.placed.card, c.placed.span.clone())),
        );
    }
    if let Some(sb) = &a.fleet.sideboard {
        out.extend(sb.cards.iter().map(|c| (c.card.card, c.card.span.clone())));
    }
    out
}

fn faction_in(f: &str, list: &[String]) -> bool {
    list.iter().any(|x| x.trim().eq_ignore_ascii_case(f))
}

/// Checks the event's rules on the priced fleet.
pub fn check(a: &Analysis, rules: &EventRules, diags: &mut Vec<Diagnostic>) {
    let all = cards(a);
    for (card, span) in &all {
        if rules.banned_cards.iter().any(|b| b.id == card.id) {
            diags.push(
                Diagnostic::new(
                    crate::event::EventCode::EventBanned,
                    format!("{} ({}) is banned at this event", card.name, card.id),
                )
                .with_span(Some(span.clone())),
            );
        }
    }
    for s in &a.ships {
        let ship = s.entry.ship.card;
        let span = Some(s.entry.ship.span.clone());
        if let Some(f) = ship
            .factions
            .iter()
            .find(|f| faction_in(f, &rules.banned_factions))
        {
            diags.push(
                Diagnostic::new(
                    crate::event::EventCode::EventFaction,
                    format!(
                        "{} ({}) is {f}, a faction banned at this event",
                        ship.name, ship.id
                    ),
                )
                .with_span(span.clone()),
            );
        } else if let Some(allowed) = &rules.factions {
            if !ship.factions.iter().any(|f| faction_in(f, allowed)) {
                diags.push(
                    Diagnostic::new(
                        crate::event::EventCode::EventFaction,
                        format!(
                            "{} ({}) is {}: this event allows only {}",
                            ship.name,
                            ship.id,
                            ship.factions.join(", "),
                            allowed.join(", ")
                        ),
                    )
                    .with_span(span),
                );
            }
        }
    }
    if let (Some(allowed), Some(r)) = (&rules.resources, &a.fleet.resource) {
        if !allowed.iter().any(|x| x.id == r.card.id) {
            let which = if allowed.is_empty() {
                "no resource".to_string()
            } else {
                allowed
                    .iter()
                    .map(|x| format!("{} ({})", x.name, x.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            diags.push(
                Diagnostic::new(
                    crate::event::EventCode::EventResource,
                    format!(
                        "the resource {} ({}) is not allowed at this event: it allows {which}",
                        r.card.name, r.card.id
                    ),
                )
                .with_span(Some(r.span.clone())),
            );
        }
    }
    for r in &rules.restricted {
        let found: Vec<&(&fleetcheck_data::model::Card, Range<usize>)> = all
            .iter()
            .filter(|(c, _)| r.cards.iter().any(|x| x.id == c.id))
            .collect();
        if found.len() > r.max {
            // On the card that goes over the limit.
            let (card, span) = found[r.max];
            diags.push(
                Diagnostic::new(
                    crate::event::EventCode::EventRestricted,
                    format!(
                        "{} in the fleet: at most {}{} at this event ({} ({}) is one too many)",
                        counted(found.iter().map(|(c, _)| *c)),
                        r.max,
                        match once_each(r.cards.iter().map(|c| c.name.as_str())).as_slice() {
                            [_] => String::new(),
                            names => format!(" of {} together", names.join(", ")),
                        },
                        card.name,
                        card.id
                    ),
                )
                .with_span(Some(span.clone())),
            );
        }
    }
    if rules.blind_booster {
        booster(a, diags);
    }
    house_rules(a, rules, &all, diags);
}

/// The organiser's house rules: the number of ships, the cap per ship, no
/// faction penalties, banned expansions, re-costed cards, copies of one
/// card.
fn house_rules(
    a: &Analysis,
    rules: &EventRules,
    all: &[(&fleetcheck_data::model::Card, Range<usize>)],
    diags: &mut Vec<Diagnostic>,
) {
    let n = a.ships.len();
    if let Some(min) = rules.min_ships.filter(|&m| n < m) {
        // On the last ship (where one more would go), else the file's start.
        let span = a
            .ships
            .last()
            .map_or_else(|| a.fleet_span(), |s| s.entry.ship.span.clone());
        diags.push(
            Diagnostic::new(
                EventCode::EventShipCount,
                format!(
                    "the fleet has {n} ship{}: this event asks for at least {min} (min_ships)",
                    plural(n)
                ),
            )
            .with_span(Some(span)),
        );
    }
    if let Some(max) = rules.max_ships.filter(|&m| n > m) {
        // On the first ship too many.
        let s = &a.ships[max];
        diags.push(
            Diagnostic::new(
                EventCode::EventShipCount,
                format!(
                    "the fleet has {n} ships: this event allows at most {max} (max_ships); {} is one too many",
                    s.label(max)
                ),
            )
            .with_span(Some(s.entry.ship.span.clone())),
        );
    }
    if let Some(cap) = rules.ship_sp_cap {
        for (i, s) in a.ships.iter().enumerate().filter(|(_, s)| s.total > cap) {
            diags.push(
                Diagnostic::new(
                    EventCode::EventShipSpCap,
                    format!(
                        "{} costs {} SP with its cards, {} over this event's {cap} SP per ship (ship_sp_cap)",
                        s.label(i),
                        s.total,
                        s.total - cap
                    ),
                )
                .with_span(Some(s.entry.ship.span.clone())),
            );
        }
    }
    if rules.no_faction_penalties {
        for (i, s) in a.ships.iter().enumerate() {
            for c in &s.cards {
                for m in c
                    .price
                    .modifiers
                    .iter()
                    .filter(|m| m.kind == ModifierKind::FactionPenalty)
                {
                    let card = c.placed.card;
                    diags.push(
                        Diagnostic::new(
                            EventCode::EventFactionPenalty,
                            format!(
                                "{} ({}) pays a faction penalty of {:+} SP on {} ({}): this event allows no faction penalty (faction_penalties = false)",
                                card.name,
                                card.id,
                                m.amount,
                                s.label(i),
                                m.source
                            ),
                        )
                        .with_span(Some(c.placed.span.clone()))
                        .with_help("put the card on a ship of its faction, or take another card"),
                    );
                }
            }
        }
    }
    if !rules.banned_sets.is_empty() {
        for (card, span) in all {
            if let Some(sets) = only_in_banned_sets(a.db, card, &rules.banned_sets) {
                diags.push(
                    Diagnostic::new(
                        EventCode::EventSet,
                        format!(
                            "{} ({}) is only in {}, banned at this event (ban_sets)",
                            card.name,
                            card.id,
                            sets.join(", ")
                        ),
                    )
                    .with_span(Some(span.clone())),
                );
            }
        }
    }
    if !rules.costs.is_empty() {
        cost_notes(a, rules, diags);
    }
    if let Some(max) = rules.max_copies {
        copies(all, max, diags);
    }
}

/// A note on each card the event's price went into (not on one whose cost
/// another card fixes: `reprice`).
fn cost_notes(a: &Analysis, rules: &EventRules, diags: &mut Vec<Diagnostic>) {
    let mut repriced: Vec<(&fleetcheck_data::model::Card, &Price, Range<usize>)> = Vec::new();
    for s in &a.ships {
        repriced.push((s.entry.ship.card, &s.price, s.entry.ship.span.clone()));
        for c in &s.cards {
            repriced.push((c.placed.card, &c.price, c.placed.span.clone()));
        }
    }
    if let Some(r) = &a.resource {
        repriced.push((r.placed.card, &r.price, r.placed.span.clone()));
    }
    if let Some(sb) = &a.sideboard {
        for (c, p) in &sb.cards {
            repriced.push((c.card.card, p, c.card.span.clone()));
        }
    }
    for (card, price, span) in repriced {
        if !price
            .modifiers
            .iter()
            .any(|m| m.kind == ModifierKind::EventCost)
        {
            continue;
        }
        diags.push(
            Diagnostic::new(
                EventCode::EventCost,
                format!(
                    "{} ({}) costs {} SP at this event in place of its {} SP ([[cost]])",
                    card.name,
                    card.id,
                    rules.recost(card).unwrap_or(price.cost),
                    price.base
                ),
            )
            .with_span(Some(span)),
        );
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The banned sets a card is in, by name, when it is in no other set and
/// no reprint of it is either; `None` when it may be fielded (a card the
/// database gives no set is never banned by set).
fn only_in_banned_sets(
    db: &fleetcheck_data::Database,
    card: &fleetcheck_data::model::Card,
    banned: &[NamedSet],
) -> Option<Vec<String>> {
    let is_banned = |set: &String| banned.iter().any(|b| &b.id == set);
    if card.sets.is_empty() || card.sets.iter().any(|s| !is_banned(s)) {
        return None;
    }
    let reprints = db.named_as(card);
    if reprints
        .iter()
        .filter(|r| r.id != card.id && r.is_reprint_of(card))
        .any(|r| r.sets.iter().any(|s| !is_banned(s)))
    {
        return None;
    }
    Some(
        banned
            .iter()
            .filter(|b| card.sets.contains(&b.id))
            .map(|b| format!("{} ({})", b.name, b.id))
            .collect(),
    )
}

/// `max_copies`: at most `max` copies of any one card in the fleet, its
/// reprints counted as the same card (`Card::is_reprint_of`); the finding
/// stands on the first copy over the limit and names each printing once.
fn copies(
    all: &[(&fleetcheck_data::model::Card, Range<usize>)],
    max: usize,
    diags: &mut Vec<Diagnostic>,
) {
    // Groups of copies in file order: the first card of a group stands for it.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by_key(|&i| all[i].1.start);
    for i in order {
        let card = all[i].0;
        match groups.iter_mut().find(|g| {
            let first = all[g[0]].0;
            first.id == card.id || first.is_reprint_of(card)
        }) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    for g in groups.iter().filter(|g| g.len() > max) {
        let mut ids: Vec<&str> = Vec::new();
        for &i in g {
            if !ids.contains(&all[i].0.id.as_str()) {
                ids.push(&all[i].0.id);
            }
        }
        let (first, _) = &all[g[0]];
        let (_, span) = &all[g[max]];
        diags.push(
            Diagnostic::new(
                EventCode::EventCopies,
                format!(
                    "{} copies of {} ({}) in the fleet: this event allows at most {max} of any card (max_copies)",
                    g.len(),
                    first.name,
                    ids.join(", ")
                ),
            )
            .with_span(Some(span.clone())),
        );
    }
}

/// Cards counted by name, each name once with the ids of its cards in the
/// fleet, in fleet order: "3 Photon Torpedoes (W118, W078, W122)", "2 Data
/// (C209) and 1 Worf (C080)".
fn counted<'c>(cards: impl Iterator<Item = &'c fleetcheck_data::model::Card>) -> String {
    let mut by_name: Vec<(&str, usize, Vec<&str>)> = Vec::new();
    for c in cards {
        match by_name.iter_mut().find(|(n, _, _)| *n == c.name) {
            Some((_, count, ids)) => {
                *count += 1;
                if !ids.contains(&c.id.as_str()) {
                    ids.push(&c.id);
                }
            }
            None => by_name.push((&c.name, 1, vec![&c.id])),
        }
    }
    let parts: Vec<String> = by_name
        .iter()
        .map(|(name, n, ids)| format!("{n} {name} ({})", ids.join(", ")))
        .collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Each item once, in first-seen order.
fn once_each<'s>(items: impl Iterator<Item = &'s str>) -> Vec<&'s str> {
    let mut out: Vec<&str> = Vec::new();
    for i in items {
        if !out.contains(&i) {
            out.push(i);
        }
    }
    out
}

/// The Blind Booster split: one ship marked `booster = true`, at most 40 SP
/// with its cards; the rest of the fleet at most 90 SP.
fn booster(a: &Analysis, diags: &mut Vec<Diagnostic>) {
    let marked: Vec<usize> = a
        .ships
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            a.raw.ships.iter().any(|r| {
                r.span.start <= s.entry.ship.span.start
                    && s.entry.ship.span.end <= r.span.end
                    && r.booster.as_ref().is_some_and(|b| b.value)
            })
        })
        .map(|(i, _)| i)
        .collect();
    if marked.len() != 1 {
        let span = marked
            .get(1)
            .map(|&i| a.ships[i].entry.ship.span.clone())
            .or_else(|| a.ships.first().map(|s| s.entry.ship.span.clone()));
        diags.push(
            Diagnostic::new(
                crate::event::EventCode::BoosterShip,
                format!(
                    "a Blind Booster fleet marks exactly one ship as its booster, this one marks {}",
                    marked.len()
                ),
            )
            .with_span(span)
            .with_help("write `booster = true` in the [[ship]] of the booster's ship"),
        );
        return;
    }
    let ship = &a.ships[marked[0]];
    if ship.total > BOOSTER_SP {
        diags.push(
            Diagnostic::new(
                crate::event::EventCode::BoosterCap,
                format!(
                    "the booster ship costs {} SP, {} over the {BOOSTER_SP} SP reserved for it",
                    ship.total,
                    ship.total - BOOSTER_SP
                ),
            )
            .with_span(Some(ship.entry.ship.span.clone())),
        );
    }
    let rest = a.total - ship.total;
    if rest > REST_SP {
        // On the ship (after the booster's) that tips the rest over.
        let mut running = a.total - a.ships.iter().map(|s| s.total).sum::<i32>();
        let mut at = None;
        for (i, s) in a.ships.iter().enumerate() {
            if i == marked[0] {
                continue;
            }
            running += s.total;
            if running > REST_SP && at.is_none() {
                at = Some(s.entry.ship.span.clone());
            }
        }
        diags.push(
            Diagnostic::new(
                crate::event::EventCode::BoosterCap,
                format!(
                    "the fleet without its booster ship costs {rest} SP, {} over the {REST_SP} SP for the rest (the booster's unused SP do not carry over)",
                    rest - REST_SP
                ),
            )
            .with_span(at),
        );
    }
}

#[cfg(test)]
mod tests;
