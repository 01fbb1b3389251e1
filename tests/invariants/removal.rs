//! Invariant 2, `removing-a-card-raises-no-other-cost`: taking one card out
//! of a legal fleet (a ship with everything on it, a captain, an admiral,
//! an upgrade, a flagship, a fleet captain, an officer, an ambassador, a
//! construction, the resource, a sideboard card) never raises the cost of
//! a card that stays, unless a rule named in the report says so.
//!
//! The fleet is read into its model (`FleetModel`, card ids), the card
//! taken out, the model written back (`to_toml`) and checked. The cards
//! that stay are matched by place (the ship, shifted when a ship goes; the
//! resource; the sideboard section) and by id (the n-th copy of an id on
//! that ship). A card that costs more afterwards must have one of these
//! reasons, read from the two reports' modifiers:
//!
//! - `grant-lost`: before, it had a modifier whose source names a card
//!   taken out ("Name (ID)": that card's discount, fixed cost, holding
//!   cost), or a card attached by a resource taken out (Fleet Captain rule
//!   5, a rule of the resource, names the fleet captain card);
//! - `source-held`: a card whose modifier it lost is now held face down
//!   (a card that added slots was taken out, and a holder was the only
//!   place left for the granting card: its text is out of play);
//! - `unused-slots`: a discount counted per unused slot of the printed
//!   upgrade bar (B'Elanna Torres) is smaller: a card that added slots was
//!   taken out, and a card moved into the printed bar;
//! - `own-rule`: its own additional cost (`ship-penalty`: "+5 SP unless
//!   ...", "-1 SP for each ... on its ship") is new or larger: its own
//!   text reads the fleet;
//! - `penalty-unwaived`: its faction penalty is new or larger, and a card
//!   taken out waived penalties or added factions to its ship or captain,
//!   or added a slot whose card pays no penalty (card data: a `penalty`
//!   waiver, `adds_factions`, an added slot's `no_penalty`: Elim Garak);
//! - `limited-grant`: a modifier of another card that stays is gone or
//!   smaller, and that card's grant is limited or conditional (a discount
//!   or fixed cost to at most N cards, "the cards it saves most on"; one
//!   with a condition on its ship or fleet, also the discount of a slot it
//!   adds; one whose filter reads a cost): the engine's choice of who gets
//!   it changed, or its condition no longer holds;
//! - `grant-moved`: a modifier it lost went to another card of its ship
//!   (as many cards of the ship carry it as before: a slot's discount or
//!   fixed cost, Sakharov's -2 SP or Balance of Terror's 0 SP, now on
//!   another card that saves as much or more; the slot assignment settled
//!   a tie anew, or a slot freed by the removal let it);
//! - `slot-moved`: it went into a slot of another type (the lowest-total
//!   slot assignment placed it elsewhere);
//! - `slot-lost`: a card taken out added slots to the ship (a captain's or
//!   an admiral's talents, an added slot) and the card's slot cost
//!   changed (a `surcharge` or `set-cost` of a slot's card: it moved into
//!   the slot that costs more, Senior Staff's [talent] at +1 SP, since
//!   the slot it had is gone; the report names the slot's type only);
//! - for the resource, `fleet-resource` or `attached`: a resource priced
//!   from the fleet (Emergency Force Field, Improved Hull, Main Power
//!   Grid), or one whose cost its attached card carried.
//!
//! Anything else is a failure naming the card taken out, the card that
//! costs more, and both cards' modifiers.

use super::gen::check;
use crate::interop::db;
use fleetcheck_data::model::PenaltyRule;
use fleetcheck_edit::interop::FleetModel;
use fleetcheck_input::diag::Source;
use fleetcheck_report::model::{FleetReport, Modifier};
use fleetcheck_report::Checked;
use std::collections::HashMap;

/// Where a priced card stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum At {
    Ship(usize),
    Resource,
    Sideboard(String),
}

/// A priced card of a report.
#[derive(Debug, Clone)]
struct Priced {
    name: String,
    slot: Option<String>,
    cost: i32,
    modifiers: Vec<Modifier>,
}

/// Every priced card by (place, id, copy number).
fn priced(r: &FleetReport) -> HashMap<(At, String, usize), Priced> {
    let mut out = HashMap::new();
    let mut put = |at: At, id: &str, p: Priced| {
        let mut n = 0;
        while out.contains_key(&(at.clone(), id.to_string(), n)) {
            n += 1;
        }
        out.insert((at, id.to_string(), n), p);
    };
    for (i, s) in r.ships.iter().enumerate() {
        put(
            At::Ship(i),
            &s.ship.id,
            Priced {
                name: s.ship.name.clone(),
                slot: None,
                cost: s.cost,
                modifiers: s.modifiers.clone(),
            },
        );
        for c in &s.cards {
            put(
                At::Ship(i),
                &c.id,
                Priced {
                    name: c.name.clone(),
                    slot: c.slot.clone(),
                    cost: c.cost,
                    modifiers: c.modifiers.clone(),
                },
            );
        }
    }
    if let Some(res) = &r.resource {
        put(
            At::Resource,
            &res.id,
            Priced {
                name: res.name.clone(),
                slot: None,
                cost: res.cost,
                modifiers: res.modifiers.clone(),
            },
        );
    }
    if let Some(sb) = &r.sideboard {
        for c in &sb.cards {
            put(
                At::Sideboard(c.section.clone()),
                &c.card.id,
                Priced {
                    name: c.card.name.clone(),
                    slot: None,
                    cost: c.card.cost,
                    modifiers: c.card.modifiers.clone(),
                },
            );
        }
    }
    out
}

/// One card taken out: the model without it, what was taken (card ids),
/// and the ship that went (its index), if a whole ship did.
struct Removal {
    what: String,
    model: FleetModel,
    removed: Vec<String>,
    ship_gone: Option<usize>,
}

/// Every single-card removal of the model.
fn removals(m: &FleetModel) -> Vec<Removal> {
    let mut out = Vec::new();
    let mut push = |what: String, model: FleetModel, removed: Vec<String>, gone| {
        out.push(Removal {
            what,
            model,
            removed,
            ship_gone: gone,
        })
    };
    if let Some(r) = &m.resource {
        let mut n = m.clone();
        n.resource = None;
        push(format!("the resource {r}"), n, vec![r.clone()], None);
    }
    for (k, (section, id)) in m.sideboard.iter().enumerate() {
        let mut n = m.clone();
        n.sideboard.remove(k);
        push(
            format!("the sideboard's {section} {id}"),
            n,
            vec![id.clone()],
            None,
        );
    }
    for (i, s) in m.ships.iter().enumerate() {
        if m.ships.len() > 1 {
            let mut n = m.clone();
            n.ships.remove(i);
            let mut ids = vec![s.ship.clone()];
            ids.extend(ship_cards(s));
            push(format!("ship {} ({})", i + 1, s.ship), n, ids, Some(i));
        }
        type Field = fn(&mut fleetcheck_edit::interop::ShipModel) -> &mut Option<String>;
        let singles: [(&str, Field); 6] = [
            ("captain", |s| &mut s.captain),
            ("admiral", |s| &mut s.admiral),
            ("flagship", |s| &mut s.flagship),
            ("fleet captain", |s| &mut s.fleet_captain),
            ("ambassador", |s| &mut s.ambassador),
            ("construction", |s| &mut s.construction),
        ];
        for (what, field) in singles {
            let mut n = m.clone();
            if let Some(id) = field(&mut n.ships[i]).take() {
                push(
                    format!("the {what} {id} of ship {}", i + 1),
                    n,
                    vec![id],
                    None,
                );
            }
        }
        for k in 0..s.upgrades.len() {
            let mut n = m.clone();
            let id = n.ships[i].upgrades.remove(k);
            push(
                format!("the upgrade {id} of ship {}", i + 1),
                n,
                vec![id],
                None,
            );
        }
        for k in 0..s.officers.len() {
            let mut n = m.clone();
            let id = n.ships[i].officers.remove(k);
            push(
                format!("the officer {id} of ship {}", i + 1),
                n,
                vec![id],
                None,
            );
        }
    }
    out
}

fn ship_cards(s: &fleetcheck_edit::interop::ShipModel) -> Vec<String> {
    [
        &s.captain,
        &s.admiral,
        &s.flagship,
        &s.fleet_captain,
        &s.ambassador,
        &s.construction,
    ]
    .into_iter()
    .flatten()
    .cloned()
    .chain(s.upgrades.iter().cloned())
    .chain(s.officers.iter().cloned())
    .collect()
}

/// The ids a modifier's source names: every "(ID)".
fn named_ids(source: &str) -> Vec<&str> {
    source
        .split('(')
        .skip(1)
        .filter_map(|rest| rest.split_once(')').map(|(id, _)| id))
        .collect()
}

fn sum_of(mods: &[Modifier], kind: &str) -> i32 {
    mods.iter()
        .filter(|m| m.kind == kind)
        .map(|m| m.amount)
        .sum()
}

/// Whether the card with this id grants something limited or conditional.
fn limited_grant(id: &str) -> bool {
    let Some(card) = db().by_id(id) else {
        return false;
    };
    let r = &card.rules;
    let discount = |d: &fleetcheck_data::model::Discount| {
        d.max_cards.is_some() || d.when.is_some() || d.applies_to.max_cost.is_some()
    };
    let set_cost = |s: &fleetcheck_data::model::SetCost| {
        s.max_cards.is_some() || s.applies_to.max_cost.is_some()
    };
    r.discounts.iter().any(discount)
        || r.set_costs.iter().any(set_cost)
        // A slot it adds whose card costs less, while a condition holds
        // (TEBOK: "while this card is on a ship in a fleet with another
        // Romulan ship").
        || r.adds_slots.iter().any(|a| {
            (a.discount.is_some() || a.set_cost.is_some()) && a.when.is_some()
                || a.discount.as_ref().is_some_and(discount)
                || a.set_cost.as_ref().is_some_and(set_cost)
        })
}

/// Whether a card adds a slot whose card's discount is counted per unused
/// slot of the printed upgrade bar (B'Elanna Torres).
fn per_unused_slot(id: &str) -> bool {
    db().by_id(id)
        .is_some_and(|c| c.rules.adds_slots.iter().any(|a| a.per_unused_printed_slot))
}

/// Whether a card adds slots to its ship (talents, an added slot).
fn adds_slots(id: &str) -> bool {
    db().by_id(id)
        .is_some_and(|c| c.talents.unwrap_or(0) > 0 || !c.rules.adds_slots.is_empty())
}

/// Whether a card waives penalties or adds factions.
fn changes_penalties(id: &str) -> bool {
    db().by_id(id).is_some_and(|c| {
        !c.rules.adds_factions.is_empty()
            || c.rules
                .penalty
                .iter()
                .any(|p| matches!(p, PenaltyRule::Waive { .. }))
            // A slot whose card pays no faction penalty (Elim Garak's).
            || c.rules.adds_slots.iter().any(|a| a.no_penalty)
    })
}

/// Why a card costs more after a removal, if a named rule says so.
/// `moved(m)`: another card of its ship carries `m` after the removal
/// that did not before.
fn reason(
    before: &Priced,
    after: &Priced,
    removed: &[String],
    moved: impl Fn(&Modifier) -> bool,
    newly_held: impl Fn(&str) -> bool,
) -> Option<&'static str> {
    let lost = |m: &Modifier| !after.modifiers.contains(m);
    // A card taken out, or a card attached by a resource taken out (Fleet
    // Captain rule 5 is the resource's: the fleet captain card names it).
    let gone = |id: &str| {
        removed.iter().any(|r| r == id)
            || db().by_id(id).is_some_and(|c| {
                fleetcheck_staw::resource_of(db(), c).is_some_and(|res| removed.contains(&res.id))
            })
    };
    // A modifier it lost whose source names a card that `is`.
    let lost_from = |is: &dyn Fn(&str) -> bool| {
        before
            .modifiers
            .iter()
            .filter(|m| lost(m))
            .any(|m| named_ids(&m.source).into_iter().any(is))
    };
    if lost_from(&gone) {
        return Some("grant-lost");
    }
    let slots_taken = removed.iter().any(|id| adds_slots(id));
    // A card whose grant it was is now held face down (its text is out of
    // play): a slot the removal took left a holder the only place for it.
    if slots_taken && lost_from(&newly_held) {
        return Some("source-held");
    }
    // A discount per unused printed slot (B'Elanna Torres) is smaller when
    // a slot the removal took sends a card into the printed upgrade bar.
    if slots_taken && lost_from(&per_unused_slot) {
        return Some("unused-slots");
    }
    if sum_of(&after.modifiers, "ship-penalty") > sum_of(&before.modifiers, "ship-penalty") {
        return Some("own-rule");
    }
    if sum_of(&after.modifiers, "faction-penalty") > sum_of(&before.modifiers, "faction-penalty")
        && removed.iter().any(|id| changes_penalties(id))
    {
        return Some("penalty-unwaived");
    }
    if lost_from(&limited_grant) {
        return Some("limited-grant");
    }
    if before.modifiers.iter().filter(|m| lost(m)).any(&moved) {
        return Some("grant-moved");
    }
    if before.slot != after.slot {
        return Some("slot-moved");
    }
    fn slot_cost(p: &Priced) -> Vec<&Modifier> {
        p.modifiers
            .iter()
            .filter(|m| m.kind == "surcharge" || m.kind == "set-cost")
            .collect()
    }
    if slots_taken && slot_cost(before) != slot_cost(after) {
        return Some("slot-lost");
    }
    let resource_rule = |m: &Modifier| m.kind == "fleet-resource" || m.kind == "attached";
    if before
        .modifiers
        .iter()
        .chain(&after.modifiers)
        .any(resource_rule)
    {
        return Some("resource-rule");
    }
    None
}

/// How many removals were checked, by reason of the increases explained.
#[derive(Debug, Default)]
pub struct Tally {
    pub removals: usize,
    pub explained: HashMap<&'static str, usize>,
}

/// Whether a check holds card `id` face down (its `held` note).
fn held(c: &Checked, id: &str) -> bool {
    let named = format!("({id}) is held face down");
    c.diagnostics
        .iter()
        .any(|d| d.code.as_str() == "held" && d.message.contains(&named))
}

pub fn holds(text: &str, checked: &Checked, tally: &mut Tally) -> Result<(), String> {
    let report = &checked.report;
    let source = Source {
        path: "generated.toml".into(),
        text: text.into(),
    };
    let model = FleetModel::from_source(db(), &source).map_err(|c| {
        format!(
            "the fleet does not read into its model: {:?}",
            c.diagnostics
        )
    })?;
    // The model written back is the same fleet.
    let again = check(&model.to_toml(db(), &[]));
    if again.report.total != report.total || again.report.fingerprint != report.fingerprint {
        return Err(format!(
            "the fleet's model written back is another fleet: total {:?} and fingerprint {:?}, \
             not {:?} and {:?}:\n{}",
            again.report.total,
            again.report.fingerprint,
            report.total,
            report.fingerprint,
            model.to_toml(db(), &[])
        ));
    }
    let before = priced(report);
    for r in removals(&model) {
        tally.removals += 1;
        let after_text = r.model.to_toml(db(), &[]);
        let after_checked = check(&after_text);
        let after = &after_checked;
        if after.exit_code() == 2 {
            return Err(format!(
                "without {}, the fleet has an input error: {:?}\n{after_text}",
                r.what, after.diagnostics
            ));
        }
        let after = priced(&after.report);
        for ((at, id, n), b) in &before {
            let at_after = match (at, r.ship_gone) {
                (At::Ship(i), Some(g)) if *i == g => continue,
                (At::Ship(i), Some(g)) if *i > g => At::Ship(i - 1),
                _ => at.clone(),
            };
            let Some(a) = after.get(&(at_after.clone(), id.clone(), *n)) else {
                continue;
            };
            if a.cost <= b.cost {
                continue;
            }
            // How many cards of the ship carry `m`, before and after.
            let carriers = |map: &HashMap<(At, String, usize), Priced>, ship: &At, m: &Modifier| {
                map.iter()
                    .filter(|((at, _, _), p)| at == ship && p.modifiers.contains(m))
                    .count()
            };
            let moved = |m: &Modifier| {
                matches!(at, At::Ship(_))
                    && carriers(&after, &at_after, m) >= carriers(&before, at, m)
            };
            let newly_held = |id: &str| held(&after_checked, id) && !held(checked, id);
            match reason(b, a, &r.removed, moved, newly_held) {
                Some(why) => *tally.explained.entry(why).or_insert(0) += 1,
                None => {
                    return Err(format!(
                        "taking out {} raises {} ({id}, {at:?}) from {} to {} with no named rule:\n  \
                         before: slot {:?}, {:?}\n  after: slot {:?}, {:?}\nthe fleet without it:\n{after_text}",
                        r.what, b.name, b.cost, a.cost, b.slot, b.modifiers, a.slot, a.modifiers
                    ))
                }
            }
        }
    }
    Ok(())
}
