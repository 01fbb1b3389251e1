//! The rules an event adds to its format (`fleetcheck event`): cards and
//! factions it bans, the resources it allows, cards it restricts, and the
//! Blind Booster split (40 SP reserved for the booster ship, 90 SP for the
//! rest, not mixed). The event file is read by the command line; what it
//! asks is handed here as ids and names, and checked on the priced fleet
//! like any rule, each finding placed on the card that causes it.

use super::analysis::Analysis;
use fleetcheck_input::diag::Diagnostic;
use std::ops::Range;

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
    }
}

/// The SP reserved for the booster ship of a Blind Booster event.
pub const BOOSTER_SP: i32 = 40;
/// The SP for the rest of a Blind Booster fleet.
pub const REST_SP: i32 = 90;

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
