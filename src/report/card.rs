//! Cards for people: the facts of one card and its fleet-building rules in
//! plain words (`fleetcheck card`), the card list of `fleetcheck search`,
//! and their JSON form (the card as stored, plus the names its ids refer
//! to and the rules as sentences).

use super::table::{new_table, right, unwrapped};
use super::RenderOptions;
use crate::db::model::{
    AddSlot, Card, CardFilter, CardType, Condition, CostModifier, Discount, PenaltyRule, Scope,
    SetCost,
};
use crate::db::Database;
use comfy_table::Cell;
use serde::Serialize;
use std::io::{self, Write};

/// A card as printed by `card -o json` and `search -o json`: every stored
/// field, plus the resolved names.
#[derive(Debug, Clone, Serialize)]
pub struct CardView<'a> {
    #[serde(flatten)]
    pub card: &'a Card,
    /// Display names of `factions`.
    pub faction_names: Vec<String>,
    /// The ship class's name, for ships.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_name: Option<String>,
    /// The sets of `sets`, with names and release dates.
    pub set_details: Vec<SetView>,
    /// The card's fleet-building rules as sentences.
    pub rules_text: Vec<String>,
}

/// A set as shown with a card.
#[derive(Debug, Clone, Serialize)]
pub struct SetView {
    pub id: String,
    /// `None` when the database does not list the set.
    pub name: Option<String>,
    pub release_date: Option<String>,
}

/// Resolves a card's names against the database.
pub fn view<'a>(db: &Database, card: &'a Card) -> CardView<'a> {
    CardView {
        card,
        faction_names: card.factions.iter().map(|f| faction_name(f)).collect(),
        class_name: card.class.as_deref().map(|c| class_name(db, c)),
        set_details: card
            .sets
            .iter()
            .map(|s| {
                let set = db.set(s);
                SetView {
                    id: s.clone(),
                    name: set.map(|x| x.name.clone()),
                    release_date: set.map(|x| x.release_date.clone()),
                }
            })
            .collect(),
        rules_text: rules_text(db, card),
    }
}

/// "federation" -> "Federation", "mirror-universe" -> "Mirror Universe".
pub fn faction_name(id: &str) -> String {
    id.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn class_name(db: &Database, id: &str) -> String {
    db.class(id)
        .map_or_else(|| id.to_string(), |c| c.name.clone())
}

fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn factions(any: &[String]) -> String {
    or_list(&any.iter().map(|f| faction_name(f)).collect::<Vec<_>>())
}

/// "a/an" for a following word.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// The ship a condition describes, as a noun phrase: "a Federation ship",
/// "the U.S.S. Defiant", "a ship with Hull 3 or less".
pub fn ship_phrase(db: &Database, c: &Condition) -> String {
    match c {
        Condition::ShipFaction { any } => {
            let f = factions(any);
            format!("{} {f} ship", article(&f))
        }
        Condition::ShipClass { any } => {
            let names: Vec<String> = any.iter().map(|id| class_name(db, id)).collect();
            let n = or_list(&names);
            format!("{} {n} ship", article(&n))
        }
        Condition::ShipName { any } => {
            or_list(&any.iter().map(|n| format!("the {n}")).collect::<Vec<_>>())
        }
        Condition::CaptainFaction { any } => {
            let f = factions(any);
            format!("a ship with {} {f} captain", article(&f))
        }
        Condition::CaptainName { any } => format!("a ship captained by {}", or_list(any)),
        Condition::CaptainSpecies { any } => {
            let s = factions(any);
            format!("a ship with {} {s} captain", article(&s))
        }
        Condition::AdmiralSpecies { any } => {
            let s = factions(any);
            format!("a ship with {} {s} admiral", article(&s))
        }
        Condition::ShipManeuver { maneuver } => {
            format!("a ship with a [{maneuver}] maneuver on its dial")
        }
        Condition::MaxSpeedAtMost { value } => {
            format!("a ship whose dial goes no higher than speed {value}")
        }
        Condition::RearArc => "a ship with a rear firing arc".into(),
        Condition::CaptainTalentsAtLeast { value } => {
            format!("a ship whose captain shows at least {value} [talent] icon(s)")
        }
        Condition::ShipHasCard { any } => format!("a ship carrying {}", or_list(any)),
        Condition::OtherShipFaction { any } => {
            format!("a ship of a fleet with another {} ship", factions(any))
        }
        Condition::NameIsClass => "a ship whose name after U.S.S. is its class's name".into(),
        Condition::HullAtMost { value } => format!("a ship with Hull {value} or less"),
        Condition::HullAtLeast { value } => format!("a ship with Hull {value} or more"),
        Condition::ShieldsAtMost { value } => format!("a ship with Shields {value} or less"),
        Condition::ShieldsAtLeast { value } => format!("a ship with Shields {value} or more"),
        Condition::AttackAtMost { value } => {
            format!("a ship with Primary Weapon {value} or less")
        }
        Condition::AttackAtLeast { value } => {
            format!("a ship with Primary Weapon {value} or more")
        }
        Condition::CaptainSkillAtMost { value } => {
            format!("a ship whose captain has skill {value} or less")
        }
        Condition::CaptainSkillAtLeast { value } => {
            format!("a ship whose captain has skill {value} or more")
        }
        Condition::UniqueShip => "a unique ship".into(),
        Condition::GenericShip => "a non-unique ship".into(),
        Condition::ShipAction { action } => format!("a ship with the [{action}] action"),
        Condition::AnyOf { any } => {
            or_list(&any.iter().map(|c| ship_phrase(db, c)).collect::<Vec<_>>())
        }
        Condition::Not { not } => format!("any ship but {}", ship_phrase(db, not)),
    }
}

/// A cost modifier in words: "+5 SP on any ship other than the U.S.S.
/// Defiant", "+1 SP on a ship with a Klingon captain".
pub fn cost_modifier(db: &Database, m: &CostModifier) -> String {
    let amount = format!("{:+} SP", m.amount);
    match (&m.when, &m.unless) {
        (None, None) => format!("{amount} always"),
        (Some(w), None) => format!("{amount} on {}", ship_phrase(db, w)),
        (None, Some(u)) => format!("{amount} on {}", other_than(db, u)),
        (Some(w), Some(u)) => format!(
            "{amount} on {}, unless it is {}",
            ship_phrase(db, w),
            ship_phrase(db, u)
        ),
    }
}

/// "any ship other than the U.S.S. Defiant", "any non-Vulcan ship".
fn other_than(db: &Database, c: &Condition) -> String {
    match c {
        Condition::ShipFaction { any } => format!("any non-{} ship", factions(any)),
        _ => format!("any ship other than {}", ship_phrase(db, c)),
    }
}

fn filter_phrase(db: &Database, f: &CardFilter) -> String {
    let mut words = Vec::new();
    if !f.factions.is_empty() {
        words.push(factions(&f.factions));
    }
    if !f.not_factions.is_empty() {
        words.push(format!("non-{}", factions(&f.not_factions)));
    }
    if !f.slots.is_empty() {
        words.push(or_list(
            &f.slots.iter().map(|s| format!("[{s}]")).collect::<Vec<_>>(),
        ));
    }
    let kinds = if f.types.is_empty() {
        "upgrades".to_string()
    } else {
        or_list(
            &f.types
                .iter()
                .map(|t| format!("{}s", t.replace('-', " ")))
                .collect::<Vec<_>>(),
        )
    };
    words.push(kinds);
    let mut s = words.join(" ");
    if !f.names.is_empty() {
        s = format!("{s} named {}", or_list(&f.names));
    }
    if let Some(m) = f.max_cost {
        s = format!("{s} with a printed cost of {m} SP or less");
    }
    if !f.restricted_to.is_empty() {
        let names: Vec<String> = f.restricted_to.iter().map(|c| class_name(db, c)).collect();
        s = format!("{s} restricted to the {}", or_list(&names));
    }
    if f.not_ship_specific {
        s = format!("{s} that name no ship or class");
    }
    s
}

fn scope_phrase(scope: Scope) -> &'static str {
    match scope {
        Scope::Ship => "on this card's ship",
        Scope::Fleet => "in the whole fleet",
    }
}

fn discount(db: &Database, d: &Discount) -> String {
    let mut s = format!(
        "{} cost {} SP {}",
        capitalise(&filter_phrase(db, &d.applies_to)),
        format_args!("{:+}", d.amount),
        scope_phrase(d.scope)
    );
    if let Some(when) = &d.when {
        s.push_str(&format!(
            ", while this card is on {}",
            ship_phrase(db, when)
        ));
    }
    if let Some(min) = d.min {
        s.push_str(&format!(" (never below {min} SP)"));
    }
    if let Some(n) = d.max_cards {
        s.push_str(&format!(
            ", on at most {n} card{}",
            if n == 1 { "" } else { "s" }
        ));
    }
    if d.exceed_restrictions {
        s.push_str(", even beyond their purchase restrictions");
    }
    s
}

fn set_cost(db: &Database, c: &SetCost) -> String {
    let mut s = format!(
        "{} cost exactly {} SP {}",
        capitalise(&filter_phrase(db, &c.applies_to)),
        c.amount,
        scope_phrase(c.scope)
    );
    if let Some(n) = c.max_cards {
        s.push_str(&format!(
            ", at most {n} card{}",
            if n == 1 { "" } else { "s" }
        ));
    }
    if c.exceed_restrictions {
        s.push_str(", even beyond their purchase restrictions");
    }
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn add_slot(db: &Database, a: &AddSlot) -> String {
    let slots = or_list(&a.slot.iter().map(|s| format!("[{s}]")).collect::<Vec<_>>());
    let mut s = format!(
        "Adds {} {slots} slot{} to its ship",
        a.count,
        if a.count == 1 { "" } else { "s" }
    );
    let mut only = Vec::new();
    if let Some(f) = &a.only {
        only.push(filter_phrase(db, f));
    }
    if a.same_faction {
        only.push("cards of the ship's faction".into());
    }
    if !only.is_empty() {
        s.push_str(&format!(" for {} only", and_list(&only)));
    }
    if let Some(d) = &a.discount {
        let when = if d.applies_to == CardFilter::default() {
            String::new()
        } else {
            format!(" if it is one of the {}", filter_phrase(db, &d.applies_to))
        };
        s.push_str(&format!("; the card in it costs {:+} SP{when}", d.amount));
        if let Some(min) = d.min {
            s.push_str(&format!(" (never below {min} SP)"));
        }
    }
    if let Some(c) = &a.set_cost {
        s.push_str(&format!("; the card in it costs {} SP", c.amount));
    }
    if a.exceed_restrictions {
        s.push_str("; the card in it may exceed its purchase restrictions");
    }
    if let Some(w) = &a.when {
        s.push_str(&format!(", while this card is on {}", ship_phrase(db, w)));
    }
    s
}

fn penalty(db: &Database, p: &PenaltyRule) -> String {
    match p {
        PenaltyRule::NoPenalty => "Never pays a faction penalty".into(),
        PenaltyRule::NoPenaltyOn { factions: f } => {
            format!("Pays no faction penalty on {} ship", {
                let f = factions(f);
                format!("{} {f}", article(&f))
            })
        }
        PenaltyRule::Waive { scope, applies_to } => format!(
            "{} {} pay no faction penalty",
            capitalise(&filter_phrase(db, applies_to)),
            scope_phrase(*scope)
        ),
        PenaltyRule::Double { scope, applies_to } => format!(
            "{} {} pay the faction penalty twice",
            capitalise(&filter_phrase(db, applies_to)),
            scope_phrase(*scope)
        ),
    }
}

fn stat_name(stat: &str) -> &str {
    match stat {
        "attack" => "Primary Weapon Value",
        "agility" => "Agility",
        "hull" => "Hull",
        "shields" => "Shields",
        s => s,
    }
}

/// Every structured rule of a card as one sentence each, in the order of
/// the model's fields.
pub fn rules_text(db: &Database, card: &Card) -> Vec<String> {
    let r = &card.rules;
    let mut out = Vec::new();
    if !r.restrictions.is_empty() {
        let conds: Vec<String> = r.restrictions.iter().map(|c| ship_phrase(db, c)).collect();
        out.push(format!(
            "May only be purchased for {}",
            conds.join(", and for ")
        ));
    }
    if let Some(n) = r.max_per_ship {
        let n = if n == 1 {
            "one".to_string()
        } else {
            n.to_string()
        };
        out.push(format!(
            "No ship may be equipped with more than {n} {}",
            card.name
        ));
    }
    if r.no_slot {
        out.push("Needs no upgrade slot".into());
    }
    if !r.either_slot.is_empty() {
        out.push(format!(
            "Fills one {} slot",
            or_list(
                &r.either_slot
                    .iter()
                    .map(|s| format!("[{s}]"))
                    .collect::<Vec<_>>()
            )
        ));
    }
    out.extend(r.adds_slots.iter().map(|a| add_slot(db, a)));
    out.extend(r.cost_modifiers.iter().map(|m| cost_modifier(db, m)));
    if let Some(c) = &r.cost_from_ship {
        let plus = match c.plus {
            0 => String::new(),
            p => format!(" {p:+}"),
        };
        out.push(format!(
            "Costs the ship's {}{plus} SP instead of its printed cost",
            stat_name(&c.stat)
        ));
    }
    out.extend(r.discounts.iter().map(|d| discount(db, d)));
    out.extend(r.set_costs.iter().map(|c| set_cost(db, c)));
    out.extend(r.penalty.iter().map(|p| penalty(db, p)));
    if !r.adds_factions.is_empty() {
        out.push(format!(
            "Adds the {} faction to its ship",
            and_list(
                &r.adds_factions
                    .iter()
                    .map(|f| faction_name(f))
                    .collect::<Vec<_>>()
            )
        ));
    }
    match r.captains {
        Some(0) => out.push("Takes no captain".into()),
        Some(1) | None => {}
        Some(n) => out.push(format!("Allows {n} captains")),
    }
    if r.no_admiral {
        out.push("Its ship may take no admiral".into());
    }
    if r.no_ambassador {
        out.push("Its ship may take no ambassador".into());
    }
    for f in &r.no_slot_for {
        out.push(format!(
            "{} on its ship need no upgrade slot",
            capitalise(&filter_phrase(db, f))
        ));
    }
    for x in &r.extra_admirals {
        let mut s = format!(
            "The fleet may include {} more admiral{}: {}",
            x.count,
            if x.count == 1 { "" } else { "s" },
            filter_phrase(db, &x.applies_to)
        );
        if let Some(w) = &x.when {
            s.push_str(&format!(", while this card is on {}", ship_phrase(db, w)));
        }
        out.push(s);
    }
    for w in &r.slots_also {
        let list = |v: &[String]| or_list(&v.iter().map(|s| format!("[{s}]")).collect::<Vec<_>>());
        out.push(format!(
            "The {} slots of its ship also take {} upgrades",
            list(&w.slots),
            list(&w.also)
        ));
    }
    if let Some(q) = &r.squadrons {
        let mut s = format!("The fleet may include at most {} attack squadron(s)", q.max);
        if q.bare {
            s.push_str(", with no upgrades or captains");
        }
        out.push(s);
    }
    for l in &r.ship_limits {
        out.push(match &l.only {
            Some(o) => {
                // `only` narrows the cards `applies_to` picks.
                let mut o = o.clone();
                if o.types.is_empty() {
                    o.types = l.applies_to.types.clone();
                }
                if o.slots.is_empty() {
                    o.slots = l.applies_to.slots.clone();
                }
                format!("On its ship, only {}", filter_phrase(db, &o))
            }
            None => format!("Its ship may carry no {}", filter_phrase(db, &l.applies_to)),
        });
    }
    if !r.fleet_excludes.is_empty() {
        out.push(format!(
            "May not be in the same fleet as {}",
            or_list(&r.fleet_excludes)
        ));
    }
    out.extend(
        r.unmodeled
            .iter()
            .map(|u| format!("Not checked by fleetcheck: \"{u}\"")),
    );
    out
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// The type in words: "upgrade (tech)", "ship (Defiant Class)".
pub fn type_phrase(db: &Database, card: &Card) -> String {
    match (card.kind, &card.slot, &card.class) {
        // Either-slot cards may keep their printed slot and list others.
        (CardType::Upgrade, slot, _) if slot.is_some() || !card.rules.either_slot.is_empty() => {
            let mut slots: Vec<&str> = slot.iter().map(String::as_str).collect();
            for s in &card.rules.either_slot {
                if !slots.contains(&s.as_str()) {
                    slots.push(s);
                }
            }
            format!("upgrade ({})", slots.join(" or "))
        }
        (CardType::Ship, _, Some(class)) => {
            let squadron = if card.squadron { ", squadron" } else { "" };
            format!("ship ({}{squadron})", class_name(db, class))
        }
        (k, _, _) => k.as_str().to_string(),
    }
}

/// Prints one card: its facts, then its rules.
pub fn render_card(w: &mut dyn Write, db: &Database, card: &Card) -> io::Result<()> {
    let mut facts: Vec<(&str, String)> = Vec::new();
    facts.push(("id", card.id.clone()));
    if !card.alias_ids.is_empty() {
        facts.push(("also", card.alias_ids.join(", ")));
    }
    facts.push(("type", type_phrase(db, card)));
    let fnames: Vec<String> = card.factions.iter().map(|f| faction_name(f)).collect();
    facts.push(("faction", and_list(&fnames)));
    facts.push(("cost", format!("{} SP", card.cost)));
    let unique = if card.mirror_unique {
        "Mirror Universe unique".to_string()
    } else {
        yes_no(card.unique).to_string()
    };
    facts.push(("unique", unique));
    let stats: Vec<String> = [
        ("Attack", card.attack),
        ("Agility", card.agility),
        ("Hull", card.hull),
        ("Shields", card.shields),
    ]
    .iter()
    .filter_map(|(n, v)| v.map(|v| format!("{n} {v}")))
    .collect();
    if !stats.is_empty() {
        facts.push(("stats", stats.join(", ")));
    }
    if !card.actions.is_empty() {
        facts.push(("actions", card.actions.join(", ")));
    }
    if !card.slots.is_empty() {
        facts.push(("slots", card.slots.join(", ")));
    }
    if let Some(s) = card.skill {
        facts.push(("skill", s.to_string()));
    }
    if let Some(t) = card.talents {
        facts.push(("talents", t.to_string()));
    }
    if !card.species.is_empty() {
        let names: Vec<String> = card.species.iter().map(|s| faction_name(s)).collect();
        facts.push(("species", and_list(&names)));
    }
    if card.op_banned {
        facts.push(("banned", "not allowed in organised play".into()));
    }
    if card.helper {
        facts.push((
            "helper",
            "a builder helper of another game mode, in no card pool".into(),
        ));
    }
    let v = view(db, card);
    for (i, s) in v.set_details.iter().enumerate() {
        let text = match (&s.name, &s.release_date) {
            (Some(n), Some(d)) => format!("{n} ({}, released {d})", s.id),
            _ => format!("{} (not in the set list)", s.id),
        };
        facts.push((if i == 0 { "sets" } else { "" }, text));
    }
    writeln!(w, "{} ({})", card.name, card.id)?;
    for (k, v) in &facts {
        writeln!(w, "  {k:<8} {v}")?;
    }
    if v.rules_text.is_empty() {
        writeln!(w, "rules: none")?;
    } else {
        writeln!(w, "rules:")?;
        for r in &v.rules_text {
            writeln!(w, "  - {r}")?;
        }
    }
    Ok(())
}

/// The first set's name and release date, for lists.
pub fn first_set(db: &Database, card: &Card) -> String {
    card.sets
        .iter()
        .filter_map(|s| db.set(s))
        .min_by(|a, b| a.release_date.cmp(&b.release_date))
        .map_or_else(
            || card.sets.first().cloned().unwrap_or_default(),
            |s| format!("{} ({})", s.name, s.release_date),
        )
}

/// A list of cards as a table: id, name, type, faction, cost, unique, set.
pub fn render_list(
    w: &mut dyn Write,
    db: &Database,
    cards: &[&Card],
    opts: &RenderOptions,
) -> io::Result<()> {
    let mut t = new_table(opts);
    t.set_header(vec![
        "Id", "Name", "Type", "Faction", "Cost", "Unique", "Set",
    ]);
    for c in cards {
        let unique = if c.mirror_unique {
            "mirror"
        } else if c.unique {
            "yes"
        } else {
            ""
        };
        t.add_row(vec![
            Cell::new(&c.id),
            Cell::new(&c.name),
            Cell::new(type_phrase(db, c)),
            Cell::new(and_list(
                &c.factions
                    .iter()
                    .map(|f| faction_name(f))
                    .collect::<Vec<_>>(),
            )),
            Cell::new(c.cost),
            Cell::new(unique),
            Cell::new(first_set(db, c)),
        ]);
    }
    right(&mut t, &[4]);
    unwrapped(&mut t, &[0, 4, 5]);
    writeln!(w, "{t}")
}
