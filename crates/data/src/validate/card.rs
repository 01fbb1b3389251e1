//! The checks of one card: its facts, its rules, no ability text.

use super::{Checker, MAX_STRING};
use crate::model::ACTIONS;
use crate::model::{CardType, PenaltyRule};
use crate::names::SPECIES;
use crate::unmodeled;
use std::collections::BTreeSet;

pub(super) fn check_card(ck: &mut Checker, card: &crate::model::Card) {
    ck.text(&card.name, "the name", MAX_STRING);
    // Builder helpers of another game mode (set 80000, AP ids) and only
    // they are marked `helper`, so that they stay out of the card pool.
    let builder = card.sets.iter().any(|s| s == "80000")
        || std::iter::once(&card.id)
            .chain(&card.alias_ids)
            .any(|id| id.starts_with("AP"));
    if builder && !card.helper {
        ck.problem("a builder helper (set 80000 or an AP id) without helper = true");
    }
    if card.helper && !builder {
        ck.problem("helper = true on a card of neither set 80000 nor an AP id");
    }
    if card.helper && !ck.file.starts_with("cards/builder/") {
        ck.problem("a builder helper outside cards/builder/");
    }
    if card.name.trim() != card.name || card.name.is_empty() {
        ck.problem("the name is empty or not trimmed");
    }
    for f in &card.factions {
        ck.faction(f, "factions");
    }
    for sp in &card.species {
        if !SPECIES.contains(&sp.as_str()) {
            ck.problem(format!("unknown species {sp:?}"));
        }
    }
    if !card.species.is_empty() && !matches!(card.kind, CardType::Captain | CardType::Admiral) {
        ck.problem("only captains and admirals have a species");
    }
    if card.factions.is_empty() && card.kind != CardType::Resource {
        ck.problem("no faction");
    }
    for s in &card.sets {
        if ck.db.set(s).is_none() {
            ck.problem(format!("set {s:?} is not in sets.toml"));
        }
    }
    if card.sets.is_empty() {
        ck.problem("no set");
    }
    match card.kind {
        CardType::Ship => match &card.class {
            Some(c) if ck.db.class(c).is_some() => {}
            Some(c) => ck.problem(format!("class {c:?} is not in classes.toml")),
            None => ck.problem("a ship without a class"),
        },
        _ => {
            if card.class.is_some() {
                ck.problem("only ships have a class");
            }
        }
    }
    if card.kind == CardType::Upgrade
        && card.slot.is_none()
        && card.rules.either_slot.is_empty()
        && !card.rules.no_slot
    {
        ck.problem("an upgrade with no slot type, no either_slot and no no_slot");
    }
    if card.kind != CardType::Upgrade && card.slot.is_some() {
        ck.problem("only upgrades have a slot type");
    }
    if let Some(s) = &card.slot {
        ck.slot(s, "slot");
    }
    for s in &card.slots {
        ck.slot(s, "slots");
    }
    for a in &card.actions {
        if !ACTIONS.contains(&a.as_str()) {
            ck.problem(format!("unknown action {a:?}"));
        }
    }
    if card.unique && card.mirror_unique {
        ck.problem("both unique and mirror_unique");
    }
    let r = &card.rules;
    for c in &r.restrictions {
        ck.condition(c, "a restriction");
    }
    if r.max_per_ship == Some(0) {
        ck.problem("max_per_ship is 0");
    }
    for s in &r.either_slot {
        ck.slot(s, "either_slot");
    }
    if r.either_slot.len() == 1 {
        ck.problem("either_slot lists a single slot type");
    }
    for a in &r.adds_slots {
        if a.count == 0 || a.slot.is_empty() {
            ck.problem("adds_slots entry with no slot or count 0");
        }
        for s in &a.slot {
            ck.slot(s, "adds_slots");
        }
        if let Some(f) = &a.only {
            ck.filter(f, "the cards an added slot takes");
        }
        if let Some(d) = &a.discount {
            // Positive: the slot's card costs more (a surcharge).
            if d.amount == 0 {
                ck.problem("an added slot's discount is 0");
            }
            ck.filter(&d.applies_to, "an added slot's discount");
        }
        if a.set_cost.as_ref().is_some_and(|c| c.amount < 0) {
            ck.problem("an added slot's set cost is below 0");
        }
        if let Some(c) = &a.when {
            ck.condition(c, "an added slot");
        }
    }
    for m in &r.cost_per_card {
        if m.amount == 0 {
            ck.problem("a cost per card has amount 0");
        }
        ck.filter(&m.per, "a cost per card");
    }
    for m in &r.cost_modifiers {
        ck.modifier(m);
    }
    if let Some(c) = &r.cost_from_ship {
        if !["attack", "agility", "hull", "shields"].contains(&c.stat.as_str()) {
            ck.problem(format!("cost_from_ship has unknown stat {:?}", c.stat));
        }
    }
    if let Some(c) = &r.cost_from_fleet {
        if !["hull", "shields"].contains(&c.stat.as_str()) {
            ck.problem(format!(
                "cost_from_fleet has unknown stat {:?} (hull or shields)",
                c.stat
            ));
        }
        if card.kind != CardType::Resource {
            ck.problem("cost_from_fleet on a card that is no resource");
        }
        // One shape: half the total, or a base plus an amount per ship.
        let per_ship = c.base != 0 || c.per_ship != 0 || c.above != 0;
        if c.half_total == per_ship || (per_ship && c.per_ship == 0) {
            ck.problem(
                "cost_from_fleet needs either half_total or a non-zero per_ship (with base and above), not both",
            );
        }
    }
    for b in &r.stat_bonuses {
        if !["hull", "shields"].contains(&b.stat.as_str()) || b.amount == 0 {
            ck.problem(format!(
                "a stat bonus of {:+} to {:?} (hull or shields, not 0)",
                b.amount, b.stat
            ));
        }
        if let Some(c) = &b.when {
            ck.condition(c, "a stat bonus");
        }
    }
    for d in &r.discounts {
        if d.amount >= 0 {
            ck.problem("a discount that is not negative");
        }
        if d.min.is_some_and(|m| m < 0) {
            ck.problem("a discount with a negative floor");
        }
        ck.filter(&d.applies_to, "a discount");
    }
    for p in &r.penalty {
        match p {
            PenaltyRule::NoPenalty => {}
            PenaltyRule::NoPenaltyOn { factions } => {
                ck.nonempty(factions.len(), "no-penalty-on");
                for f in factions {
                    ck.faction(f, "no-penalty-on");
                }
            }
            PenaltyRule::Waive { applies_to, .. } => ck.filter(applies_to, "a penalty waiver"),
            PenaltyRule::Double { applies_to, .. } => ck.filter(applies_to, "a doubled penalty"),
        }
    }
    for f in &r.adds_factions {
        ck.faction(f, "adds_factions");
    }
    for d in &r.discounts {
        if d.max_cards == Some(0) {
            ck.problem("a discount with max_cards 0");
        }
        if let Some(c) = &d.when {
            ck.condition(c, "a discount");
        }
    }
    for c in &r.set_costs {
        if c.amount < 0 || c.max_cards == Some(0) {
            ck.problem("a set cost below 0 or with max_cards 0");
        }
        ck.filter(&c.applies_to, "a set cost");
    }
    for n in &r.fleet_excludes {
        if ck.db.by_name(n).is_empty() {
            ck.problem(format!("fleet_excludes names {n:?}, which is no card"));
        }
    }
    for f in &r.no_slot_for {
        ck.filter(f, "no_slot_for");
    }
    for x in &r.extra_admirals {
        if x.count == 0 {
            ck.problem("extra_admirals with count 0");
        }
        ck.filter(&x.applies_to, "extra admirals");
        if let Some(c) = &x.when {
            ck.condition(c, "extra admirals");
        }
    }
    for w in &r.slots_also {
        for t in w.slots.iter().chain(&w.also) {
            ck.slot(t, "slots_also");
        }
    }
    if r.squadrons.as_ref().is_some_and(|q| q.max == 0) {
        ck.problem("squadrons with max 0");
    }
    for l in &r.ship_limits {
        ck.filter(&l.applies_to, "a ship limit");
        if let Some(o) = &l.only {
            ck.filter(o, "a ship limit");
        }
    }
    // Kind tags only: a sentence here would be the card's own text.
    let mut seen = BTreeSet::new();
    for u in &r.unmodeled {
        if !unmodeled::is_tag(u) {
            ck.problem(format!(
                "unmodeled holds {:?}, which is no unmodeled tag (one of: {})",
                u.chars().take(MAX_STRING).collect::<String>(),
                unmodeled::tag_list()
            ));
        } else if !seen.insert(u.as_str()) {
            ck.problem(format!("unmodeled lists {u:?} twice"));
        }
    }
}
