//! `restriction`: purchase restrictions and "one per ship" limits.
//!
//! - Every condition of a card's `rules.restrictions` must hold for the
//!   ship it is bought for and that ship's captain ("may only be purchased
//!   for a Vulcan ship", "... a ship with a Hull of 3 or less"); faction
//!   conditions follow the format's sub-faction switch (`faction`). The
//!   message says what the card asks for and what the ship is instead
//!   (`condition::unmet`).
//! - `rules.max_per_ship`: "No ship may be equipped with more than one
//!   <card>" (counted by name).
//! - A fleet captain goes to a unique captain (the Fleet Captain resource,
//!   rule 6: "You may not assign a non-unique Captain as your Fleet
//!   Captain", `rules.unique_fleet_captain`).
//! - `rules.no_admiral`, `rules.no_ambassador`: the ship carrying the card
//!   (or the ship card itself) may not have an admiral, an ambassador.
//! - `rules.fleet_excludes`: "cannot deploy this card to the same fleet as
//!   X": no card of that name anywhere in the fleet, sideboard included.
//! - `rules.ship_limits`: a card limits the other cards of its ship
//!   (`ship_limits`).
//! - `rules.squadrons`: an attack squadron resource limits the fleet's
//!   attack squadrons (`squadrons`).
//! - Shuttlecraft carry no upgrade costing more than 3 SP; fighter
//!   squadrons take no admiral, only [squadron] upgrades and no resource
//!   card (`small_craft`).
//! - A card that may exceed its restrictions where it stands (a slot or a
//!   grant that allows it, see `exceed`) is not held to them.
//! - A card covered by a waiver that lifts the faction restriction
//!   (`PenaltyRule::Waive::faction_restriction`: Lore's "You may assign any
//!   [talent] Upgrade to your ship, regardless of Faction restriction") is
//!   not held to its ship- and captain-faction restrictions; its other
//!   restrictions stand.
//!
//! ```toml
//! [[ship]]
//! ship = "U.S.S. Enterprise-D"             # hull 5
//! upgrades = ["Ramming Attack"]            # hull 3 or less -> restriction
//! ```

use super::analysis::Analysis;
use super::analysis::{CardNames, CardState};
use super::condition::unmet;
use super::cost::{self, Role, Target};
use super::{exceed, ship_limits, small_craft, squadrons};
use super::{Code, Reads, Rule};
use fleetcheck_data::model::Condition;
use fleetcheck_data::normalize;
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "restriction",
    codes: &[Code::Restriction],
    check,
    reads: Reads::Fleet,
    added_leaves: Some(leaves),
};

/// An upgrade added leaves the rule's findings as they were when nothing
/// this rule reads comes of it, and nothing of the fleet reads it:
///
/// - it is quiet (`analysis::quiet`: the ship's factions, captain and
///   slots are the same with it), with no restriction, fleet exclusion or
///   limit on its ship's cards of its own, and a most-per-ship limit only
///   when no card of the fleet has its name;
/// - no ship is a shuttlecraft or a fighter squadron (which judge the
///   upgrades put on them), and no slot was added by a card (whose terms
///   might let a card exceed its restrictions where it stands);
/// - no card is face down, lets others exceed their restrictions or lifts
///   faction restrictions (`none_lifted`), limits its ship's cards,
///   excludes cards from the fleet, or has a restriction that reads its
///   ship's cards; no card with a most-per-ship limit has its name.
///
/// The other cards may then stand in other slots, but no finding reads a
/// card's slot or price. What this reads of the fleet is made once
/// (`names_of`).
fn leaves(a: &Analysis, card: &fleetcheck_data::model::Card) -> bool {
    let r = &card.rules;
    if card.kind != fleetcheck_data::model::CardType::Upgrade
        || !r.restrictions.is_empty()
        || r.max_per_ship == Some(0)
        || !r.fleet_excludes.is_empty()
        || !r.ship_limits.is_empty()
        || r.squadrons.is_some()
        || !crate::analysis::quiet(card)
    {
        return false;
    }
    let Some(names) = a.read_by_restriction.get_or_init(|| names_of(a)) else {
        return false;
    };
    let key = card.name_key();
    let has =
        |list: &[std::borrow::Cow<str>]| list.binary_search_by(|n| n.as_ref().cmp(&key)).is_ok();
    match r.max_per_ship {
        Some(_) => !has(&names.every),
        None => !has(&names.limited),
    }
}

/// The names [`leaves`] looks up (`analysis::CardNames`), when no card of
/// the fleet and none of its ships could read an upgrade added.
fn names_of<'a>(a: &Analysis<'a>) -> Option<CardNames<'a>> {
    let plain_ships = a.ships.iter().all(|s| {
        !s.entry.ship.card.squadron
            && !s.class.is_some_and(|c| c.shuttle)
            && s.slots.iter().all(|slot| slot.added.is_none())
    });
    let reads = a.any_card(|c| {
        !c.rules.ship_limits.is_empty()
            || !c.rules.fleet_excludes.is_empty()
            || !c
                .rules
                .restrictions
                .iter()
                .all(crate::condition::reads_no_cards)
    });
    if !plain_ships || reads || !none_lifted(a) {
        return None;
    }
    let cards = a.every_card();
    let mut every: Vec<_> = cards.iter().map(|l| l.card.name_key()).collect();
    let mut limited: Vec<_> = cards
        .iter()
        .filter(|l| l.card.rules.max_per_ship.is_some())
        .map(|l| l.card.name_key())
        .collect();
    every.sort();
    limited.sort();
    Some(CardNames { every, limited })
}

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    per_ship(a, out);
    fleet_excludes(a, out);
    ship_limits::check(a, out);
    squadrons::check(a, out);
    small_craft::check(a, out);
}

/// Cards that may not share a fleet: reported once per pair, at the card
/// that names the other.
fn fleet_excludes(a: &Analysis, out: &mut Vec<Diagnostic>) {
    if !a.any_card(|c| !c.rules.fleet_excludes.is_empty()) {
        return;
    }
    let cards = a.every_card();
    let mut reported: Vec<(usize, usize)> = Vec::new();
    for l in cards
        .iter()
        .filter(|l| !l.card.rules.fleet_excludes.is_empty())
    {
        let excluded: Vec<String> = l
            .card
            .rules
            .fleet_excludes
            .iter()
            .map(|n| normalize(n))
            .collect();
        for other in cards {
            if other.span == l.span || !excluded.contains(&normalize(&other.card.name)) {
                continue;
            }
            let pair = (
                l.span.start.min(other.span.start),
                l.span.start.max(other.span.start),
            );
            if reported.contains(&pair) {
                continue;
            }
            reported.push(pair);
            out.push(
                Diagnostic::new(
                    Code::Restriction,
                    format!(
                        "{} ({}) on {} may not be in the same fleet as {} ({}) on {}",
                        l.card.name,
                        l.card.id,
                        l.place,
                        other.card.name,
                        other.card.id,
                        other.place
                    ),
                )
                .with_span(Some(l.span.clone())),
            );
        }
    }
}

fn per_ship(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let sub = a.format.sub_factions;
    let grantors = exceed::grantors(a);
    let lifting = lifting_waivers(a);
    for (i, s) in a.ships.iter().enumerate() {
        let view = s.view(sub);
        for (k, c) in s.cards.iter().enumerate() {
            let card = c.placed.card;
            if card.rules.restrictions.is_empty()
                || exceed::allowed(&grantors, s, i, k, c, a.format.sub_factions)
            {
                continue;
            }
            let lifted = faction_restriction_lifted(a, &lifting, i, k, c);
            for cond in &card.rules.restrictions {
                if lifted && is_faction_condition(cond) {
                    continue;
                }
                if !view.holds(cond) {
                    let name = format!("{} ({})", card.name, card.id);
                    out.push(c.placed.diagnostic(
                        Code::Restriction,
                        unmet(a.db, cond, &view, &name, &s.label(i)),
                    ));
                }
            }
        }
        // One per ship: report the first card beyond the limit.
        let mut counted: Vec<(std::borrow::Cow<str>, u32)> = Vec::new();
        for c in &s.cards {
            let card = c.placed.card;
            let Some(max) = card.rules.max_per_ship else {
                continue;
            };
            let key = card.name_key();
            let n = match counted.iter_mut().find(|(k, _)| *k == key) {
                Some(e) => {
                    e.1 += 1;
                    e.1
                }
                None => {
                    counted.push((key, 1));
                    1
                }
            };
            if n == max + 1 {
                let on_ship = s
                    .cards
                    .iter()
                    .filter(|x| x.placed.card.name_key() == card.name_key())
                    .count();
                let max = if max == 1 {
                    "one".to_string()
                } else {
                    max.to_string()
                };
                out.push(c.placed.diagnostic(
                    Code::Restriction,
                    format!(
                        "no ship may be equipped with more than {max} {} ({}); {} has {on_ship}",
                        card.name,
                        card.id,
                        s.label(i)
                    ),
                ));
            }
        }
        // No admiral (`no_admiral`) or ambassador (`no_ambassador`) on
        // the ship of a card that forbids one.
        let ship = &s.entry.ship;
        let kinds = [
            (&s.entry.admiral, Role::Admiral, "admiral"),
            (&s.entry.ambassador, Role::Ambassador, "ambassador"),
        ];
        for (who, role, word) in kinds {
            let Some(who) = who else { continue };
            let forbids = |c: &fleetcheck_data::model::Card| match role {
                Role::Admiral => c.rules.no_admiral,
                _ => c.rules.no_ambassador,
            };
            let forbidding = std::iter::once((ship.card, &ship.span))
                .chain(
                    s.cards
                        .iter()
                        .filter(|c| c.role != role)
                        .map(|c| (c.placed.card, &c.placed.span)),
                )
                .find(|(card, _)| forbids(card));
            if let Some((card, span)) = forbidding {
                out.push(
                    Diagnostic::new(
                        Code::Restriction,
                        format!(
                            "{} ({}) allows no {word} on its ship, but {} has the {word} {} ({})",
                            card.name,
                            card.id,
                            s.label(i),
                            who.card.name,
                            who.card.id
                        ),
                    )
                    .with_span(Some(span.clone())),
                );
            }
        }
        // A rule of the fleet's resource (`Rules::unique_fleet_captain`).
        let unique_only = a
            .fleet
            .resource
            .as_ref()
            .is_some_and(|r| r.card.rules.unique_fleet_captain);
        let fc = s.cards.iter().find(|c| c.role == Role::FleetCaptain);
        if let Some(fc) = fc.filter(|_| unique_only) {
            let generic = s
                .entry
                .captain
                .as_ref()
                .is_none_or(|c| !(c.card.unique || c.card.mirror_unique));
            if generic {
                let who = match &s.entry.captain {
                    Some(c) => format!(
                        "is captained by {} ({}), who is not unique",
                        c.card.name, c.card.id
                    ),
                    None => "has no captain".into(),
                };
                out.push(fc.placed.diagnostic(
                    Code::Restriction,
                    format!(
                        "the fleet captain {} ({}) may only be assigned to a unique captain; {} {who}",
                        fc.placed.card.name,
                        fc.placed.card.id,
                        s.label(i)
                    ),
                ));
            }
        }
    }
}

/// Whether a condition is a faction restriction: on the ship's or the
/// captain's faction (also "a non-X ship", and either of such).
fn is_faction_condition(c: &Condition) -> bool {
    match c {
        Condition::ShipFaction { .. } | Condition::CaptainFaction { .. } => true,
        Condition::Not { not } => is_faction_condition(not),
        Condition::AnyOf { any } => any.iter().all(is_faction_condition),
        _ => false,
    }
}

/// The waivers of the fleet's cards in play that lift faction
/// restrictions (a face-down card lifts none), gathered once per fleet.
fn lifting_waivers<'a>(a: &Analysis<'a>) -> Vec<cost::Waiver<'a>> {
    let mut lifting = Vec::new();
    let (mut grants, mut waivers) = (Vec::new(), Vec::new());
    for (j, other) in a.ships.iter().enumerate() {
        // Waivers come of penalty rules alone (`cost::grants_of`).
        for (gk, from) in other
            .cards_in_play()
            .filter(|(_, c)| !c.rules.penalty.is_empty())
        {
            cost::grants_of(from, (j, gk), &mut grants, &mut waivers);
            lifting.extend(waivers.drain(..).filter(|w| w.lifts_faction_restriction));
            grants.clear();
        }
    }
    lifting
}

/// Whether a card of the fleet lifts the faction restriction of the card
/// `c`, the `k`-th card of ship `i` (one of `lifting`).
fn faction_restriction_lifted(
    a: &Analysis,
    lifting: &[cost::Waiver],
    i: usize,
    k: usize,
    c: &CardState,
) -> bool {
    let t = Target {
        card: c.placed.card,
        role: c.role,
        slot: c.slot.filter(|s| *s != "none"),
        at: (i, k),
        cost: Some(c.price.cost),
        sub_factions: a.format.sub_factions,
    };
    lifting.iter().any(|w| cost::covers_waiver(w, &t))
}

/// Whether nothing in the fleet `a` could lift a card's purchase
/// restriction where a change puts it: no card lets cards exceed their
/// restrictions or lifts faction restrictions, and no card is face down
/// (whose text, out of play here, might come into play with the change).
/// What [`surely_unmet`] needs of the fleet, weighed once for it.
pub(crate) fn none_lifted(a: &Analysis) -> bool {
    !a.ships.iter().any(|s| s.cards.iter().any(|c| c.face_down))
        && exceed::grantors(a).is_empty()
        && lifting_waivers(a).is_empty()
}

/// Whether `card`, added as an upgrade to ship `i` of the fleet `a` (one
/// the rule found no restriction in, and where [`none_lifted`]), is sure
/// to break one of its own purchase restrictions there, whatever else the
/// change does: the rule then finds one more `restriction` error
/// (`engine::Base::sure_to_break`). `false` when unsure. Sure means:
///
/// - the card is quiet (`analysis::quiet`: it adds no slot, talent,
///   faction, captain, grant or waiver), so that the ship's factions,
///   captain and slots are the same with it;
/// - the ship has no slot that a card added with terms (which might let
///   it exceed them);
/// - one of its restrictions that reads only the ship, its captain and
///   the fleet's other ships (not the ship's other cards) does not hold.
pub(crate) fn surely_unmet(a: &Analysis, i: usize, card: &fleetcheck_data::model::Card) -> bool {
    use fleetcheck_data::model::CardType;
    let Some(s) = a.ships.get(i) else {
        return false;
    };
    if card.kind != CardType::Upgrade
        || card.rules.restrictions.is_empty()
        || card.talents.unwrap_or(0) > 0
        || s.slots.iter().any(|slot| slot.added.is_some())
    {
        return false;
    }
    let view = s.view(a.format.sub_factions);
    crate::analysis::quiet(card)
        && card
            .rules
            .restrictions
            .iter()
            .any(|c| crate::condition::reads_no_cards(c) && !view.holds(c))
}
