//! The cost model: what one card costs where it stands, as a base and a
//! list of named modifiers ([`Modifier`]), in the order of the rules:
//!
//! 1. `base`: the printed cost;
//! 2. `set-cost`: cards whose cost is set from the ship's stats
//!    (`cost_from_ship`): the difference to the printed cost;
//! 3. `ship-penalty`: the card's own additional costs (`cost_modifiers`,
//!    "+5 SP for any ship other than the U.S.S. Defiant"), separate from
//!    and stacking with the faction penalty;
//! 4. `discount`: what other cards grant (captains, admirals, fleet
//!    captains, flagships, other upgrades; on their ship or fleet-wide; a
//!    card never discounts itself), each kept above the discount's `min`;
//!    a discount limited to some cards ("one of your Dominion upgrades")
//!    goes to the cards it saves most on (`analysis` chooses them); the
//!    extra cost of a card in a slot that costs more (`surcharge`: Senior
//!    Staff's [talent] slot, +1 SP) comes here too;
//! 5. `faction-penalty`: +1 for a captain or upgrade, +3 for an admiral,
//!    that shares no faction with its ship (see `faction`), unless a
//!    waiver applies, twice that when a card doubles it (K'Temoc: "The
//!    faction penalty is doubled for any non-Klingon Upgrades"); generic
//!    0-cost captains, flagships, fleet captains, officers, ambassadors and
//!    constructions never pay it;
//! 6. `floor`: the cost is raised to 0 if it went below (cards printed
//!    with a negative cost keep it: the Borg Support Vehicle Token).
//!
//! A fixed cost another card gives ("may deploy X for 0 SP", "costs
//! exactly 3 SP": `set_costs`) replaces the printed cost only: `set-cost`
//! to that amount, then the card's own additional costs and its faction
//! penalty; no discount (shared/rules/staw.md, "Fixed costs").
//!
//! A grant whose filter reads the card's cost ("with a cost of 5 or
//! less") reads it on the ship, before that grant (see [`on_ship`]); "a
//! printed cost of N or less" reads the printed cost.
//!
//! On the Reinforcements Sideboard only 1-3 apply, with every condition
//! about a ship counted as not met (`condition::Holder::None`).

use super::condition::{describe, Holder, ShipView};
use super::faction::{counts_as, shares_faction};
pub(crate) use super::target::{filter_matches, SHIP_CARD};
pub use super::target::{At, Target};
pub use super::view::Role;
use super::words::push_is_factions;
use fleetcheck_data::model::{
    Card, CardFilter, CardType, Condition, CostModifier, Discount, PenaltyRule, Scope, SetCost,
};
use fleetcheck_data::Database;

/// A change of cost some card of the fleet grants to others: a discount
/// ("crew upgrades cost -1 SP") or a fixed cost ("may deploy X for 0 SP").
#[derive(Debug, Clone)]
pub struct Grant<'a> {
    pub at: At,
    pub from: &'a Card,
    pub effect: Effect<'a>,
    /// For a grant limited to some cards (`max_cards`: "one of your
    /// upgrades"): the cards chosen to get it; `None` for every match.
    pub only: Option<Vec<At>>,
}

/// What a grant does.
#[derive(Debug, Clone, Copy)]
pub enum Effect<'a> {
    Discount(&'a Discount),
    SetCost(&'a SetCost),
}

impl Grant<'_> {
    fn scope(&self) -> Scope {
        match self.effect {
            Effect::Discount(d) => d.scope,
            Effect::SetCost(s) => s.scope,
        }
    }

    fn filter(&self) -> &CardFilter {
        match self.effect {
            Effect::Discount(d) => &d.applies_to,
            Effect::SetCost(s) => &s.applies_to,
        }
    }

    /// The condition on the granting card's ship while which it applies
    /// ("If this card is assigned to an Independent ship"), if any.
    pub(crate) fn when(&self) -> Option<&Condition> {
        match self.effect {
            Effect::Discount(d) => d.when.as_ref(),
            Effect::SetCost(_) => None,
        }
    }

    /// How many cards at most it applies to.
    pub fn max_cards(&self) -> Option<u32> {
        match self.effect {
            Effect::Discount(d) => d.max_cards,
            Effect::SetCost(s) => s.max_cards,
        }
    }

    /// Whether it may apply to the target, whatever `only` says: another
    /// card, within its scope, matching its filter.
    pub fn covers(&self, t: &Target) -> bool {
        self.at != t.at
            && (self.scope() == Scope::Fleet || self.at.0 == t.at.0)
            && filter_matches(self.filter(), t)
    }

    /// Whether it applies to the target.
    fn reaches(&self, t: &Target) -> bool {
        self.covers(t) && self.only.as_ref().is_none_or(|o| o.contains(&t.at))
    }
}

/// A faction penalty waiver some card of the fleet grants (or, with
/// `doubles`, a card that doubles the penalty: `PenaltyRule::Double`).
#[derive(Debug, Clone, Copy)]
pub struct Waiver<'a> {
    pub at: At,
    pub from: &'a Card,
    pub scope: Scope,
    pub filter: &'a CardFilter,
    /// Doubles the penalty of the cards it covers instead of waiving it.
    pub doubles: bool,
    /// Lifts the faction restriction of the cards it covers too (Lore).
    pub lifts_faction_restriction: bool,
    /// Holds only while this holds for the granting card's ship (Rekar's
    /// "to this Federation ship"); `analyse` drops the waiver otherwise.
    pub when: Option<&'a Condition>,
}

/// What kind of change a [`Modifier`] is (its kebab-case name is the
/// `kind` of the JSON report).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModifierKind {
    /// The cost is set from the ship's stats, or fixed by another card.
    SetCost,
    /// The card's own additional cost ("+5 SP unless on ship X").
    ShipPenalty,
    /// Another card lowers the cost.
    Discount,
    /// A slot that costs more to fill (Senior Staff's talent slot).
    Surcharge,
    /// No shared faction with the ship.
    FactionPenalty,
    /// Raised to 0 after discounts.
    Floor,
    /// A fleet resource's cost from the fleet's ships.
    FleetResource,
    /// A resource whose cost is paid by the card it attaches to a ship.
    Attached,
    /// An event's price of the card (`[[cost]]` of the event file) in
    /// place of its base cost.
    EventCost,
}

impl ModifierKind {
    /// The kebab-case name used in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            ModifierKind::SetCost => "set-cost",
            ModifierKind::ShipPenalty => "ship-penalty",
            ModifierKind::Discount => "discount",
            ModifierKind::Surcharge => "surcharge",
            ModifierKind::FactionPenalty => "faction-penalty",
            ModifierKind::Floor => "floor",
            ModifierKind::FleetResource => "fleet-resource",
            ModifierKind::Attached => "attached",
            ModifierKind::EventCost => "event-cost",
        }
    }
}

/// One named change to a card's cost, as the engine records it (the
/// report layer turns it into the wire type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    pub kind: ModifierKind,
    pub amount: i32,
    /// The card or rule that caused it, in words.
    pub source: String,
    /// A faction penalty's two sides, as facts (`None` for other kinds).
    pub factions: Option<PenaltyFactions>,
}

/// Why a card pays a faction penalty: the factions it counts as (its own,
/// or those its fleet captain gives a captain) and its ship's, as ids
/// (empty or `no-faction` for none); `doubled` when a card doubles it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PenaltyFactions {
    pub card: Vec<String>,
    pub ship: Vec<String>,
    pub doubled: bool,
}

/// A priced card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Price {
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    pub cost: i32,
}

impl Price {
    fn start(base: i32) -> Price {
        Price {
            base,
            modifiers: Vec::new(),
            cost: base,
        }
    }

    pub(crate) fn push(&mut self, kind: ModifierKind, amount: i32, source: String) {
        self.add(Modifier {
            kind,
            amount,
            source,
            factions: None,
        });
    }

    fn add(&mut self, m: Modifier) {
        self.cost += m.amount;
        self.modifiers.push(m);
    }
}

/// Everything a card on a ship is priced against.
#[derive(Debug, Clone, Copy)]
pub struct OnShip<'a> {
    /// The database, for naming ship classes in modifier sources.
    pub db: &'a Database,
    pub view: ShipView<'a>,
    /// Every discount of the fleet.
    pub grants: &'a [Grant<'a>],
    /// Every faction penalty waiver of the fleet.
    pub waivers: &'a [Waiver<'a>],
}

/// The cost of a card on a ship.
///
/// A grant whose filter reads the card's cost ("[weapon] Upgrades with a
/// cost of 5 or less cost -2 SP": `CardFilter::max_cost`) is judged on the
/// card's cost there without the grants that read it: printed cost, every
/// additional cost, the other cards' discounts and the faction penalty
/// (shared/rules/staw.md, "Conditions on a card's cost"). A weapon printed
/// at 5 that costs +5 on a non-Breen ship is a 10 SP card there.
pub fn on_ship(t: &Target, s: &OnShip) -> Price {
    judged(t, s, Making::named)
}

/// [`on_ship`]'s cost alone: the same changes made, none of them put in
/// words (what the slot assignment weighs, many times per card).
pub(crate) fn cost_on_ship(t: &Target, s: &OnShip) -> i32 {
    judged(t, s, Making::cost_only).cost
}

/// [`on_ship`], the price made by `making`; the cost a grant that reads
/// it judges is made without words.
fn judged(t: &Target, s: &OnShip, making: fn(i32) -> Making) -> Price {
    let reads_cost = |g: &Grant| g.filter().max_cost.is_some();
    if t.cost.is_none() && s.grants.iter().any(reads_cost) {
        let judged = Target {
            cost: Some(priced(t, s, false, Making::cost_only).cost),
            ..*t
        };
        return priced(&judged, s, true, making);
    }
    priced(t, s, true, making)
}

/// A price being made: with `named`, each change is recorded as a
/// [`Modifier`] with its source in words; without, only the cost moves
/// (the words are never made).
struct Making {
    price: Price,
    named: bool,
}

impl Making {
    fn named(base: i32) -> Making {
        Making {
            price: Price::start(base),
            named: true,
        }
    }

    fn cost_only(base: i32) -> Making {
        Making {
            price: Price::start(base),
            named: false,
        }
    }

    fn cost(&self) -> i32 {
        self.price.cost
    }

    /// A change of `amount`, with its source (made only when named) and,
    /// for a faction penalty, its two sides.
    fn change(
        &mut self,
        kind: ModifierKind,
        amount: i32,
        source: impl FnOnce() -> String,
        factions: impl FnOnce() -> Option<PenaltyFactions>,
    ) {
        if self.named {
            self.price.add(Modifier {
                kind,
                amount,
                source: source(),
                factions: factions(),
            });
        } else {
            self.price.cost += amount;
        }
    }
}

/// The price of a card on a ship; `with_cost_conditions`: also the grants
/// whose filter reads the card's cost (judged on `t.cost`); `making`
/// starts the price from the printed cost, named or cost only.
fn priced(t: &Target, s: &OnShip, with_cost_conditions: bool, making: fn(i32) -> Making) -> Price {
    let card = t.card;
    let mut p = making(card.cost);
    let applies =
        |g: &&Grant| g.reaches(t) && (with_cost_conditions || g.filter().max_cost.is_none());
    // A fixed cost another card gives replaces the printed cost (and a cost
    // from the ship's stats); the card's additional costs and its faction
    // penalty still apply, no discount does (shared/rules/staw.md, "Fixed
    // costs").
    let fixed = s
        .grants
        .iter()
        .filter(applies)
        .filter_map(|g| match g.effect {
            Effect::SetCost(c) => Some((c.amount, g)),
            Effect::Discount(_) => None,
        })
        .min_by_key(|(amount, _)| *amount);
    if let Some((amount, g)) = fixed {
        if amount != p.cost() {
            p.change(
                ModifierKind::SetCost,
                amount - p.cost(),
                || {
                    format!(
                        "{} ({}): costs {amount} SP{}",
                        g.from.name,
                        g.from.id,
                        // Only Fleet Captain rule 5 gives a fleet captain's set
                        // cost (`fleet_captain`).
                        if g.from.kind == CardType::FleetCaptain {
                            " in place of its bonus [talent] slot (Fleet Captain rule 5)"
                        } else {
                            ""
                        }
                    )
                },
                || None,
            );
        }
    } else if let Some(cfs) = &card.rules.cost_from_ship {
        let ship = s.view.ship;
        let value = match cfs.stat.as_str() {
            "attack" => ship.attack,
            "agility" => ship.agility,
            "hull" => ship.hull,
            "shields" => ship.shields,
            _ => None,
        }
        .unwrap_or(0);
        let set = value + cfs.plus;
        if set != p.cost() {
            let stat = match cfs.stat.as_str() {
                "attack" => "primary weapon value",
                "shields" => "shield value",
                other => other,
            };
            // "costs the primary weapon value of I.K.S. Negh'var plus 1: 5 + 1
            // = 6 SP".
            let from = || match cfs.plus {
                0 => format!("the {stat} of {}: {set} SP", ship.name),
                n if n > 0 => format!(
                    "the {stat} of {} plus {n}: {value} + {n} = {set} SP",
                    ship.name
                ),
                n => format!(
                    "the {stat} of {} minus {}: {value} - {} = {set} SP",
                    ship.name, -n, -n
                ),
            };
            p.change(
                ModifierKind::SetCost,
                set - p.cost(),
                || format!("{} ({}): costs {}", card.name, card.id, from()),
                || None,
            );
        }
    }
    own_modifiers(&mut p, s.db, card, &Holder::Ship(s.view));
    let discounts = s.grants.iter().filter(applies).filter(|_| fixed.is_none());
    for g in discounts {
        let Effect::Discount(d) = g.effect else {
            continue;
        };
        let before = p.cost();
        let mut after = before + d.amount;
        if let Some(min) = d.min {
            after = after.max(min.min(before));
        }
        if after != before {
            // A positive "discount" is an added slot's extra cost (Senior
            // Staff: "This [crew] may equip a [talent] at the cost of +1SP").
            let kind = if after > before {
                ModifierKind::Surcharge
            } else {
                ModifierKind::Discount
            };
            p.change(
                kind,
                after - before,
                || format!("{} ({})", g.from.name, g.from.id),
                || None,
            );
        }
    }
    if let Some(own) = faction_penalty(t, s) {
        let doubled = s.waivers.iter().find(|w| w.doubles && covers_waiver(w, t));
        p.change(
            ModifierKind::FactionPenalty,
            t.role.penalty() * if doubled.is_some() { 2 } else { 1 },
            || {
                // "Sakonna is Independent but Dominion Starship is
                // Dominion", written in one string.
                let mut source = String::with_capacity(96);
                source.push_str(&card.name);
                source.push(' ');
                push_is_factions(&mut source, own);
                source.push_str(" but ");
                source.push_str(&s.view.ship.name);
                source.push(' ');
                push_is_factions(&mut source, s.view.factions);
                if let Some(w) = doubled {
                    source.push_str("; doubled by ");
                    source.push_str(&w.from.name);
                    source.push_str(" (");
                    source.push_str(&w.from.id);
                    source.push(')');
                }
                source
            },
            || {
                Some(PenaltyFactions {
                    card: own.to_vec(),
                    ship: s.view.factions.to_vec(),
                    doubled: doubled.is_some(),
                })
            },
        );
    }
    floor(&mut p, card);
    p.price
}

/// Whether the fixed cost another card gives the target (the lowest, as
/// `on_ship` takes it) places it face down (`SetCost::face_down`).
pub(crate) fn fixed_face_down(t: &Target, s: &OnShip) -> bool {
    s.grants
        .iter()
        .filter(|g| g.reaches(t))
        .filter_map(|g| match g.effect {
            Effect::SetCost(c) => Some(c),
            Effect::Discount(_) => None,
        })
        .min_by_key(|c| c.amount)
        .is_some_and(|c| c.face_down)
}

/// The cost of a card on the Reinforcements Sideboard: printed cost and
/// its own additional costs with no ship; no discount, no faction penalty.
pub(crate) fn on_sideboard(db: &Database, card: &Card) -> Price {
    let mut p = Making::named(card.cost);
    own_modifiers(&mut p, db, card, &Holder::None);
    floor(&mut p, card);
    p.price
}

/// The card's own additional costs whose condition holds.
fn own_modifiers(p: &mut Making, db: &Database, card: &Card, holder: &Holder) {
    for m in &card.rules.cost_modifiers {
        if applies(m, holder) {
            p.change(
                ModifierKind::ShipPenalty,
                m.amount,
                || modifier_source(db, card, m),
                || None,
            );
        }
    }
    // "-1 SP for each Independent Upgrade equipped to this ship".
    for m in &card.rules.cost_per_card {
        let n = counted(&m.per, card, holder);
        if n > 0 {
            p.change(
                ModifierKind::ShipPenalty,
                m.amount.saturating_mul(n),
                || {
                    format!(
                        "{} ({}): {:+} SP for each of {n} {} on its ship",
                        card.name,
                        card.id,
                        m.amount,
                        super::words::filter_phrase(db, &m.per)
                    )
                },
                || None,
            );
        }
    }
}

/// How many other cards of the holder's ship match `per`.
fn counted(per: &CardFilter, card: &Card, holder: &Holder) -> i32 {
    let Holder::Ship(view) = holder else {
        return 0;
    };
    let Some(entry) = view.entry else {
        return 0;
    };
    let n = super::view::each_card(entry)
        .filter(|(role, p)| {
            !std::ptr::eq(p.card, card)
                && filter_matches(
                    per,
                    &Target {
                        card: p.card,
                        role: *role,
                        slot: None,
                        at: (usize::MAX, usize::MAX),
                        cost: None,
                        sub_factions: view.sub_factions,
                    },
                )
        })
        .count();
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// Whether an additional cost applies: `when` holds and `unless` does not.
pub fn applies(m: &CostModifier, holder: &Holder) -> bool {
    m.when.as_ref().is_none_or(|c| holder.holds(c))
        && m.unless.as_ref().is_none_or(|c| !holder.holds(c))
}

/// "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant", "Truce
/// (E060): +5 SP on a ship whose captain has a skill of 6 or more". The
/// table's modifier column drops the card's own name and the amount
/// (`report::table::modifier`), so the rest must read on its own.
fn modifier_source(db: &Database, card: &Card, m: &CostModifier) -> String {
    let mut why = String::new();
    if let Some(c) = &m.when {
        why.push_str(&format!(" on {}", describe(db, c)));
    }
    if let Some(c) = &m.unless {
        why.push_str(&format!(" unless on {}", describe(db, c)));
    }
    format!("{} ({}): {:+} SP{why}", card.name, card.id, m.amount)
}

fn floor(p: &mut Making, card: &Card) {
    if p.cost() < 0 && card.cost >= 0 {
        p.change(
            ModifierKind::Floor,
            -p.cost(),
            || "a cost never goes below 0".into(),
            || None,
        );
    }
}

/// Whether a waiver (or doubler) reaches the target: another card, within
/// its scope, matching its filter.
pub(crate) fn covers_waiver(w: &Waiver, t: &Target) -> bool {
    w.at != t.at && (w.scope == Scope::Fleet || w.at.0 == t.at.0) && filter_matches(w.filter, t)
}

/// The factions the target counts as, if it pays the faction penalty.
fn faction_penalty<'t>(t: &Target<'t>, s: &OnShip<'t>) -> Option<&'t [String]> {
    let card = t.card;
    if t.role.penalty() == 0 {
        return None;
    }
    let sub = s.view.sub_factions;
    if t.role == Role::Captain {
        // Generic 0-cost captains are there to be put on any ship.
        if !card.unique && !card.mirror_unique && card.cost == 0 {
            return None;
        }
    }
    // A captain counts as the factions its fleet captain adds too (an
    // Independent fleet captain: no penalty on an Independent ship, +1 as
    // usual elsewhere).
    let own = if t.role == Role::Captain && !s.view.captain_factions.is_empty() {
        s.view.captain_factions
    } else {
        &card.factions
    };
    if shares_faction(own, s.view.factions, sub) {
        return None;
    }
    for r in &card.rules.penalty {
        match r {
            PenaltyRule::NoPenalty => return None,
            PenaltyRule::NoPenaltyOn { factions } => {
                if counts_as(s.view.factions, factions, sub) {
                    return None;
                }
            }
            PenaltyRule::Waive { .. } | PenaltyRule::Double { .. } => {}
        }
    }
    if s.waivers.iter().any(|w| !w.doubles && covers_waiver(w, t)) {
        return None;
    }
    Some(own)
}

/// The discounts, fixed costs and waivers a card grants, as seen from `at`.
pub(crate) fn grants_of<'a>(
    card: &'a Card,
    at: At,
    grants: &mut Vec<Grant<'a>>,
    waivers: &mut Vec<Waiver<'a>>,
) {
    let effects = card
        .rules
        .discounts
        .iter()
        .map(Effect::Discount)
        .chain(card.rules.set_costs.iter().map(Effect::SetCost));
    for effect in effects {
        grants.push(Grant {
            at,
            from: card,
            effect,
            only: None,
        });
    }
    for r in &card.rules.penalty {
        let (scope, applies_to, doubles, lifts, when) = match r {
            PenaltyRule::Waive {
                scope,
                applies_to,
                faction_restriction,
                when,
            } => (
                scope,
                applies_to,
                false,
                *faction_restriction,
                when.as_ref(),
            ),
            PenaltyRule::Double { scope, applies_to } => (scope, applies_to, true, false, None),
            _ => continue,
        };
        waivers.push(Waiver {
            at,
            from: card,
            scope: *scope,
            filter: applies_to,
            doubles,
            lifts_faction_restriction: lifts,
            when,
        });
    }
}
