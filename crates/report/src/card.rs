//! Cards for people: the facts of one card and its fleet-building rules in
//! plain words (`fleetcheck card`), the card list of `fleetcheck search`,
//! and their JSON form (the card as stored, plus the names its ids refer
//! to and the rules as sentences).

use super::table::draw;
use super::RenderOptions;
use fleetcheck_data::model::{
    AddSlot, Card, CardFilter, CardType, Condition, CostModifier, Discount, PenaltyRule, Scope,
    SetCost,
};
use fleetcheck_data::{names, Database};
use fleetcheck_staw::condition::describe;
use fleetcheck_staw::words::{self, and_list, article, class_name, filter_phrase, or_list};
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

/// The display name of a faction id (`data/staw/names.toml`):
/// "federation" -> "Federation", "mirror-universe" -> "Mirror Universe".
pub fn faction_name(id: &str) -> String {
    names::faction(id).to_string()
}

fn factions(any: &[String]) -> String {
    words::factions_or(any)
}

/// A cost modifier in words: "+5 SP on any ship other than the U.S.S.
/// Defiant", "+1 SP on a ship with a Klingon captain".
pub fn cost_modifier(db: &Database, m: &CostModifier) -> String {
    let amount = format!("{:+} SP", m.amount);
    match (&m.when, &m.unless) {
        (None, None) => format!("{amount} always"),
        (Some(w), None) => format!("{amount} on {}", describe(db, w)),
        (None, Some(u)) => format!("{amount} on {}", other_than(db, u)),
        (Some(w), Some(u)) => format!(
            "{amount} on {}, unless it is {}",
            describe(db, w),
            describe(db, u)
        ),
    }
}

/// "any ship other than the U.S.S. Defiant", "any non-Vulcan ship", "any
/// ship that is neither Vulcan nor Federation".
fn other_than(db: &Database, c: &Condition) -> String {
    match c {
        Condition::ShipFaction { any } => match words::non_faction_ship(any).strip_prefix("a ") {
            Some(rest) => format!("any {rest}"),
            None => format!("any ship other than {}", describe(db, c)),
        },
        _ => format!("any ship other than {}", describe(db, c)),
    }
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
        s.push_str(&format!(", while this card is on {}", describe(db, when)));
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
    let mut s = if a.icons {
        format!(
            "Its {} [talent] icon{} on its ship",
            a.count,
            if a.count == 1 { "" } else { "s" }
        )
    } else if a.beneath {
        format!(
            "Holds {} {slots} card{} face down beneath it (no slot of the upgrade bar)",
            a.count,
            if a.count == 1 { "" } else { "s" }
        )
    } else {
        format!(
            "Adds {} {slots} slot{} to its ship",
            a.count,
            if a.count == 1 { "" } else { "s" }
        )
    };
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
    let each = if a.count == 1 {
        "the card in it"
    } else {
        "each card in them"
    };
    let when = |f: &CardFilter| {
        if *f == CardFilter::default() {
            String::new()
        } else {
            format!(" if it is one of the {}", filter_phrase(db, f))
        }
    };
    if let Some(d) = &a.discount {
        let when = when(&d.applies_to);
        s.push_str(&format!("; {each} costs {:+} SP{when}", d.amount));
        if let Some(min) = d.min {
            s.push_str(&format!(" (never below {min} SP)"));
        }
    }
    if let Some(c) = &a.set_cost {
        let when = when(&c.applies_to);
        s.push_str(&format!("; {each} costs {} SP{when}", c.amount));
    }
    if a.no_penalty {
        s.push_str(&format!("; {each} pays no faction penalty"));
    }
    if a.exceed_restrictions {
        s.push_str(&format!("; {each} may exceed its purchase restrictions"));
    }
    if let Some(w) = &a.when {
        s.push_str(&format!(", while this card is on {}", describe(db, w)));
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
        PenaltyRule::Waive {
            scope,
            applies_to,
            faction_restriction,
            when,
        } => format!(
            "{} {} pay no faction penalty{}{}",
            capitalise(&filter_phrase(db, applies_to)),
            scope_phrase(*scope),
            if *faction_restriction {
                " and may be bought whatever their faction restriction"
            } else {
                ""
            },
            when.as_ref()
                .map(|c| format!(", while this card is on {}", describe(db, c)))
                .unwrap_or_default()
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
    // Every restriction must hold: one sentence each.
    for c in &r.restrictions {
        out.push(format!("May only be purchased for {}", describe(db, c)));
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
    out.extend(r.cost_per_card.iter().map(|m| {
        format!(
            "{:+} SP for each of the {} on its ship",
            m.amount,
            filter_phrase(db, &m.per)
        )
    }));
    if let Some(c) = &r.cost_from_ship {
        let stat = stat_name(&c.stat);
        out.push(match c.plus {
            0 => format!("Costs as many SP as its ship's {stat} instead of its printed cost"),
            p => format!("Costs its ship's {stat} {p:+} SP instead of its printed cost"),
        });
    }
    if let Some(c) = &r.cost_from_fleet {
        let stat = stat_name(&c.stat);
        let starting = if c.starting { "starting " } else { "printed " };
        out.push(if c.half_total {
            format!("Costs half the fleet's total {starting}{stat}, rounded up, instead of its printed cost")
        } else {
            format!(
                "Costs {} SP plus {} SP for each ship with a {starting}{stat} above {} instead of its printed cost",
                c.base, c.per_ship, c.above
            )
        });
    }
    out.extend(
        r.stat_bonuses
            .iter()
            .map(|b| format!("Its ship's starting {} {:+}", stat_name(&b.stat), b.amount)),
    );
    out.extend(r.discounts.iter().map(|d| discount(db, d)));
    out.extend(r.set_costs.iter().map(|c| set_cost(db, c)));
    out.extend(r.penalty.iter().map(|p| penalty(db, p)));
    if !r.adds_factions.is_empty() {
        let added = and_list(
            &r.adds_factions
                .iter()
                .map(|f| faction_name(f))
                .collect::<Vec<_>>(),
        );
        out.push(
            if card.kind == fleetcheck_data::model::CardType::FleetCaptain {
                // A fleet captain adds its faction to the captain, not the ship.
                format!("Its captain counts as {added} as well as its own faction")
            } else {
                format!("Adds the {added} faction to its ship")
            },
        );
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
            s.push_str(&format!(", while this card is on {}", describe(db, w)));
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
        let mut s = format!(
            "The fleet may include at most {}",
            words::count(q.max, "attack squadron", "attack squadrons")
        );
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
            .map(|u| match fleetcheck_data::unmodeled::description(u) {
                Some(d) => format!("Not checked by fleetcheck: {d} ({u})"),
                None => format!("Not checked by fleetcheck: \"{u}\""),
            }),
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
pub(crate) fn type_phrase(db: &Database, card: &Card) -> String {
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
        (k, _, _) => k.as_str().replace('-', " "),
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
    facts.push((
        "faction",
        if fnames.is_empty() {
            "none".to_string()
        } else {
            and_list(&fnames)
        },
    ));
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
        facts.push(("species", words::species_and(&card.species)));
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
pub(crate) fn first_set(db: &Database, card: &Card) -> String {
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
    let rows = cards
        .iter()
        .map(|c| {
            let unique = if c.mirror_unique {
                "mirror"
            } else if c.unique {
                "yes"
            } else {
                ""
            };
            vec![
                c.id.as_str().into(),
                c.name.as_str().into(),
                type_phrase(db, c).into(),
                and_list(
                    &c.factions
                        .iter()
                        .map(|f| faction_name(f))
                        .collect::<Vec<_>>(),
                )
                .into(),
                c.cost.to_string().into(),
                unique.into(),
                first_set(db, c).into(),
            ]
        })
        .collect();
    let header = ["Id", "Name", "Type", "Faction", "Cost", "Unique", "Set"];
    writeln!(w, "{}", draw(&header, rows, &[4], opts))
}
