//! The STAW card model: the facts of every card and its fleet-building rules
//! as structured data.
//!
//! These types are the on-disk schema of `data/staw/*.toml` (deserialised by
//! `db::load`) and the in-memory model used by the legality engine. Field
//! names are the TOML keys; optional and empty fields are skipped when
//! serialised so that the data files stay short and reviewable.
//!
//! Factions, slot types and class ids are plain lowercase strings
//! (`"federation"`, `"mirror-universe"`, `"crew"`, `"galaxy_class"`): the
//! database is the authority on which values exist, and `data check`
//! validates every reference.

use serde::{Deserialize, Serialize};

/// What kind of card this is. Decides where a card may stand in a fleet file.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Ship,
    Captain,
    Admiral,
    Ambassador,
    /// Crew, tech, weapon, talent, borg, squadron and either-slot upgrades.
    #[default]
    Upgrade,
    Resource,
    FleetCaptain,
    Officer,
    Flagship,
    /// Starship construction cards (the [hook] cards).
    Construction,
    /// Cards that a resource attaches to a ship (Fleet Commander, Sickbay...).
    ShipResource,
}

impl CardType {
    /// Every card type in declaration order: `ALL[t as usize] == t` (the
    /// compiled database stores a card's type as that number).
    pub const ALL: [CardType; 11] = [
        CardType::Ship,
        CardType::Captain,
        CardType::Admiral,
        CardType::Ambassador,
        CardType::Upgrade,
        CardType::Resource,
        CardType::FleetCaptain,
        CardType::Officer,
        CardType::Flagship,
        CardType::Construction,
        CardType::ShipResource,
    ];

    /// The kebab-case name used in data files, JSON and messages.
    pub fn as_str(self) -> &'static str {
        match self {
            CardType::Ship => "ship",
            CardType::Captain => "captain",
            CardType::Admiral => "admiral",
            CardType::Ambassador => "ambassador",
            CardType::Upgrade => "upgrade",
            CardType::Resource => "resource",
            CardType::FleetCaptain => "fleet-captain",
            CardType::Officer => "officer",
            CardType::Flagship => "flagship",
            CardType::Construction => "construction",
            CardType::ShipResource => "ship-resource",
        }
    }
}

/// One card of the database.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Card {
    /// The card id (`"T240"`, `"S180"`, `"Cap645"`).
    pub id: String,
    /// Other ids printed for the same card (the raw data lists a few cards
    /// under two ids); they resolve to this card.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alias_ids: Vec<String>,
    #[serde(rename = "type")]
    pub kind: CardType,
    pub name: String,
    /// For upgrades: the slot type it takes (`crew`, `tech`, `weapon`,
    /// `talent`, `borg`, `squadron`). `None` for either-slot cards, whose
    /// choices are in `rules.either_slot`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    pub factions: Vec<String>,
    pub cost: i32,
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    /// Mirror Universe unique: clashes only with other Mirror Universe
    /// unique cards of the same name.
    #[serde(default, skip_serializing_if = "is_false")]
    pub mirror_unique: bool,
    /// Set ids this card was printed in (see `sets.toml`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,

    // ---- ships -------------------------------------------------------
    /// Ship class id (see `classes.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agility: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hull: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shields: Option<i32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<String>,
    /// The printed upgrade bar (one entry per slot).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<String>,
    /// An attack squadron rather than a ship.
    #[serde(default, skip_serializing_if = "is_false")]
    pub squadron: bool,

    // ---- captains, admirals, fleet captains ----------------------------
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<i32>,
    /// Talent slots the captain or admiral adds to its ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub talents: Option<u32>,
    /// The species of a captain or admiral where it is no faction
    /// (`tholian`, `gorn`, `andorian`, `hirogen`, `krenim`: all Independent
    /// cards), for cards that "may only be purchased for Loskene or any
    /// other Tholian Captain". From the card text ("This card counts as a
    /// Gorn Captain"), else from `corrections.toml` with a reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub species: Vec<String>,

    /// Not allowed in organised play (Utopia's `opBanned`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub op_banned: bool,

    /// A helper card of another game mode of the Utopia builder (set
    /// `80000` "Builder", ids starting `AP`), not a printed card. It is in
    /// the database so that `fleetcheck card AP1001` finds it by id, but out
    /// of the default card pool: name lookups and suggestions skip it (it
    /// never makes a name ambiguous), `search` lists it only with `--all`,
    /// and a fleet that uses it (by id) is not legal (`card-pool`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub helper: bool,

    /// The card's fleet-building rules.
    #[serde(default, skip_serializing_if = "Rules::is_empty")]
    pub rules: Rules,
}

impl Card {
    /// Whether `other` is this card printed again (in another set, under
    /// another id): one card to the rules, which a fleet counts once, a
    /// name resolves to once and a Space Dock record stands for once.
    ///
    /// The facts compared are everything the card says but its id, its
    /// alias ids and its sets: its type, name (normalised: case, spaces,
    /// apostrophe and quote variants, as names are looked up), slot,
    /// factions, cost, uniqueness (and Mirror Universe uniqueness), ship
    /// class, printed stats (attack, agility, hull, shields), actions,
    /// upgrade bar, whether it is a squadron, captain skill, talents,
    /// species, organised-play ban, whether it is a builder helper (a
    /// helper is no printing of the card it copies: it is out of the card
    /// pool) and every fleet-building rule. Two cards that differ in any of
    /// these (a ship with another action bar, a captain of another skill)
    /// are two cards. A card is a reprint of itself.
    pub fn is_reprint_of(&self, other: &Card) -> bool {
        // Destructured, so that a new field is a compile error here until
        // it is decided whether it tells two printings apart.
        let Card {
            id: _,
            alias_ids: _,
            sets: _,
            kind,
            name,
            slot,
            factions,
            cost,
            unique,
            mirror_unique,
            class,
            attack,
            agility,
            hull,
            shields,
            actions,
            slots,
            squadron,
            skill,
            talents,
            species,
            op_banned,
            helper,
            rules,
        } = self;
        *kind == other.kind
            && *cost == other.cost
            && *unique == other.unique
            && *mirror_unique == other.mirror_unique
            && *squadron == other.squadron
            && *op_banned == other.op_banned
            && *helper == other.helper
            && *attack == other.attack
            && *agility == other.agility
            && *hull == other.hull
            && *shields == other.shields
            && *skill == other.skill
            && *talents == other.talents
            && *slot == other.slot
            && *class == other.class
            && *factions == other.factions
            && *actions == other.actions
            && *slots == other.slots
            && *species == other.species
            && *rules == other.rules
            && (name == &other.name
                || super::keys::normalize(name) == super::keys::normalize(&other.name))
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The fleet-building rules of one card. Every field is one rule kind of
/// `rules::kinds`; an empty field means the card has no rule of that kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Purchase restrictions: every one must hold for the ship (and its
    /// captain) the card is bought for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restrictions: Vec<Condition>,
    /// "No ship may be equipped with more than N <card>".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_per_ship: Option<u32>,
    /// May be equipped without a slot.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_slot: bool,
    /// May fill one slot of any of these types (question cards; "any slot").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub either_slot: Vec<String>,
    /// Slots this card adds to its ship's upgrade bar.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adds_slots: Vec<AddSlot>,
    /// Additional costs ("+5 SP for any ship other than the U.S.S. Defiant").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost_modifiers: Vec<CostModifier>,
    /// The card's cost is derived from its ship's stats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_from_ship: Option<CostFromShip>,
    /// Discounts this card grants to other cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discounts: Vec<Discount>,
    /// Faction penalty waivers and changes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalty: Vec<PenaltyRule>,
    /// Factions this card adds to its ship (independent flagships) or to
    /// its captain (independent fleet captains).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adds_factions: Vec<String>,
    /// A ship card that takes no captain, or a card that allows a second one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captains: Option<u32>,
    /// Cards (by name) that may not be in the same fleet as this card
    /// ("cannot deploy this card to the same fleet as X").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleet_excludes: Vec<String>,
    /// The ship carrying this card may not have an admiral.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_admiral: bool,
    /// The ship carrying this card may not have an ambassador ("You cannot
    /// have an Admiral and/or Ambassador equipped to this ship", Iden).
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_ambassador: bool,
    /// Other cards this card lets the player buy at a fixed cost ("may
    /// deploy X for 0 SP", "placed face down for a cost of exactly 3 SP").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_costs: Vec<SetCost>,
    /// Limits on the other cards of this card's ship: "This ship may only be
    /// assigned Gareb or a Romulan Drone Pilot as its Captain", "K'Temoc may
    /// only field Klingon [talent] Upgrades", "You cannot deploy a [borg]
    /// Upgrade with a cost greater than 5 to this ship", "You may not equip
    /// the Science Vessel Variant [tech] Upgrade to this ship".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ship_limits: Vec<ShipLimit>,
    /// Cards of this card's ship that need no slot there: "You may equip
    /// the 'Transporter Room' [tech] Upgrade to this ship without requiring
    /// an Upgrade Slot" (Miles O'Brien C477).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_slot_for: Vec<CardFilter>,
    /// Admirals the fleet may have beyond the one every fleet may: "Your
    /// fleet may include 1 additional Federation Admiral with a cost of 4 SP
    /// or less" (James T. Kirk A044, while on a Constitution Refit Class).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra_admirals: Vec<ExtraAdmirals>,
    /// Slots of this card's ship that also take other upgrade types: "you
    /// may treat any of the [crew] or [tech] Upgrade slots on your Upgrade
    /// Bar as [weapon] Upgrade slots" (Dolim).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots_also: Vec<SlotsAlso>,
    /// A resource that is an attack squadron (Hideki Class Attack Fighters
    /// R005, Federation Attack Fighters R006): the fleet may include at
    /// most `max` attack squadrons, which carry no upgrades or captains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squadrons: Option<SquadronLimit>,
    /// Phrases that look like fleet-building rules but are not modeled.
    /// Listed by `fleetcheck data check --unmodeled`; never silently ignored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmodeled: Vec<String>,
}

impl Rules {
    pub fn is_empty(&self) -> bool {
        self == &Rules::default()
    }
}

/// A condition on the ship a card is bought for (and that ship's captain).
/// Used by purchase restrictions and by conditional cost modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Condition {
    /// The ship has one of these factions.
    ShipFaction {
        any: Vec<String>,
    },
    /// The ship is of one of these class ids.
    ShipClass {
        any: Vec<String>,
    },
    /// The ship has one of these names (ship names, not ids: a card for
    /// "the U.S.S. Defiant" fits every printing of it).
    ShipName {
        any: Vec<String>,
    },
    /// The ship's captain has one of these factions.
    CaptainFaction {
        any: Vec<String>,
    },
    /// The ship's captain has one of these names.
    CaptainName {
        any: Vec<String>,
    },
    /// The ship's captain is of one of these species (`Card::species`):
    /// "Loskene or any other Tholian Captain".
    CaptainSpecies {
        any: Vec<String>,
    },
    /// The ship's admiral is of one of these species ("a Hirogen Captain
    /// or Admiral").
    AdmiralSpecies {
        any: Vec<String>,
    },
    /// The ship's maneuver dial (its class's) has this maneuver kind ("a
    /// [come-about] Maneuver on its Maneuver Dial"). Not met for a class
    /// without a known dial.
    ShipManeuver {
        maneuver: String,
    },
    /// The highest speed on the ship's maneuver dial is at most `value`
    /// ("does not have a 4 or higher on its Maneuver Dial": 3). Not met for
    /// a class without a known dial.
    MaxSpeedAtMost {
        value: i32,
    },
    /// The ship's class has a rear firing arc.
    RearArc,
    /// The ship's captain shows at least `value` talent icons ("If the
    /// Captain's card does not have an [talent] icon": not 1).
    CaptainTalentsAtLeast {
        value: i32,
    },
    /// Another ship of the fleet has one of these factions ("if there is at
    /// least one other Romulan Ship in your starting fleet").
    OtherShipFaction {
        any: Vec<String>,
    },
    /// The ship carries a card with one of these names ("If this ship is
    /// equipped with the 'Federation Prototype'", a Borg support ship: one
    /// with the Borg Support Vehicle Token).
    ShipHasCard {
        any: Vec<String>,
    },
    /// The ship's name after "U.S.S." (its registry number ignored) is its
    /// class's name ("U.S.S. Prometheus", a Prometheus Class ship).
    NameIsClass,
    /// The ship's printed hull is at most `value`.
    HullAtMost {
        value: i32,
    },
    HullAtLeast {
        value: i32,
    },
    ShieldsAtMost {
        value: i32,
    },
    ShieldsAtLeast {
        value: i32,
    },
    /// The ship's primary weapon value is at most `value`.
    AttackAtMost {
        value: i32,
    },
    AttackAtLeast {
        value: i32,
    },
    CaptainSkillAtMost {
        value: i32,
    },
    CaptainSkillAtLeast {
        value: i32,
    },
    /// The ship is a unique ship.
    UniqueShip,
    /// The ship is a non-unique (generic) ship.
    GenericShip,
    /// The ship has this action on its action bar.
    ShipAction {
        action: String,
    },
    /// Any one of the inner conditions holds.
    AnyOf {
        any: Vec<Condition>,
    },
    /// The inner condition does not hold ("a non-Borg ship").
    Not {
        not: Box<Condition>,
    },
}

/// Admirals a card lets the fleet include beyond the first
/// (`Rules::extra_admirals`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraAdmirals {
    #[serde(default = "one")]
    pub count: u32,
    /// The admirals it allows (`types` should be `["admiral"]`).
    pub applies_to: CardFilter,
    /// While this holds for the granting card's ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
}

/// Slots of a ship that take more upgrade types (`Rules::slots_also`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlotsAlso {
    /// The slot types concerned.
    pub slots: Vec<String>,
    /// What they take besides.
    pub also: Vec<String>,
}

/// The attack squadron rules of a resource (`Rules::squadrons`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadronLimit {
    /// At most this many attack squadrons in the fleet.
    pub max: u32,
    /// Attack squadrons carry no upgrades and no captain.
    #[serde(default, skip_serializing_if = "is_false")]
    pub bare: bool,
}

/// A limit a card puts on the other cards of its ship (`Rules::ship_limits`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipLimit {
    /// The cards it concerns (`types` empty: upgrades).
    pub applies_to: CardFilter,
    /// They must match this; absent: none of them may be on the ship.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<CardFilter>,
}

/// Slots a card adds to its ship, and the terms of the cards that fill
/// them. The fleet file does not say which slot a card takes: the engine
/// gives each card the slot that makes the fleet cheapest among the legal
/// assignments (shared/rules/staw.md, Slots and restrictions).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AddSlot {
    /// One slot type, or several when the player chooses one of them.
    pub slot: Vec<String>,
    #[serde(default = "one")]
    pub count: u32,
    /// Only cards matching this filter may fill the added slot(s): "That
    /// Upgrade ... must be a Romulan [tech] Upgrade" (Nijil), "These
    /// Upgrades cannot have a cost greater than 4 SP" (Cargo Hold), "You
    /// may field the 'Secret Research' [talent] Upgrade" (a captain without
    /// a talent icon: a talent slot for that card only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<CardFilter>,
    /// Only a card that shares a faction with the ship may fill the added
    /// slot(s) (Balance of Terror: "The Upgrade must be of the same faction
    /// as the ship").
    #[serde(default, skip_serializing_if = "is_false")]
    pub same_faction: bool,
    /// The card in an added slot gets this discount, when it matches the
    /// discount's `applies_to` ("That Upgrade costs -1 SP", "If the
    /// additional [weapon] Upgrade is a Xindi [weapon] Upgrade, its cost is
    /// -2 SP"); a positive amount is a surcharge ("This [crew] may equip a
    /// [talent] at the cost of +1SP"). Its `scope`, `when` and `max_cards`
    /// are not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discount: Option<Discount>,
    /// The card in an added slot costs exactly this (a face-down slot:
    /// Balance of Terror's card carries the 3 SP, so its slot's card costs
    /// 0). Its `scope` and `max_cards` are not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_cost: Option<SetCost>,
    /// The card in an added slot may exceed its purchase restrictions
    /// ("This Upgrade may exceed the ship's restrictions", Sakharov).
    #[serde(default, skip_serializing_if = "is_false")]
    pub exceed_restrictions: bool,
    /// The slots are there only while this holds for the ship ("if there is
    /// at least one other Romulan Ship in your starting fleet, Tebok may
    /// field 1 Romulan [talent]").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
}

impl AddSlot {
    /// `count` slots of these types, with no terms.
    pub fn plain(slot: Vec<String>, count: u32) -> AddSlot {
        AddSlot {
            slot,
            count,
            only: None,
            same_faction: false,
            discount: None,
            set_cost: None,
            exceed_restrictions: false,
            when: None,
        }
    }

    /// Whether the added slots put any terms on the cards that fill them.
    pub fn has_terms(&self) -> bool {
        self.only.is_some()
            || self.same_faction
            || self.discount.is_some()
            || self.set_cost.is_some()
            || self.exceed_restrictions
            || self.when.is_some()
    }
}

fn one() -> u32 {
    1
}

/// An additional cost of a card: `amount` is added when `when` holds, or
/// when `unless` does not hold. Both absent: always.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostModifier {
    pub amount: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unless: Option<Condition>,
}

/// The card costs the ship's stat plus `plus` instead of its printed cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostFromShip {
    /// `attack`, `agility`, `hull` or `shields`.
    pub stat: String,
    #[serde(default)]
    pub plus: i32,
}

/// Where a discount or waiver applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// The cards on the granting card's own ship.
    #[default]
    Ship,
    /// Every ship of the fleet.
    Fleet,
}

/// Which cards a discount or waiver applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct CardFilter {
    /// Card types (`captain`, `admiral`, `upgrade`, ...). Empty: upgrades.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    /// Upgrade slot types (`crew`, `tech`, ...). Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<String>,
    /// Card factions. Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<String>,
    /// Card factions it must not have ("non-Borg [tech] Upgrades").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_factions: Vec<String>,
    /// Card names. Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The card's cost on its ship is at most this ("[weapon] Upgrades
    /// with a cost of 5 or less", "cannot have a cost greater than 4 SP"):
    /// printed cost, faction penalty, every additional cost and the other
    /// cards' discounts, before the discount or fixed cost that this
    /// filter's own grant gives (shared/rules/staw.md, "Conditions on a
    /// card's cost").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cost: Option<i32>,
    /// The card's printed cost is at most this ("a printed cost of 4 SP or
    /// less").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_printed_cost: Option<i32>,
    /// Cards whose purchase restrictions ask for one of these ship classes
    /// ("Prometheus Class Restricted Upgrades").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restricted_to: Vec<String>,
    /// Cards that refer to no specific ship or class: no ship name or class
    /// in their purchase restrictions or additional costs ("this Upgrade
    /// cannot refer to a specific ship or class of ship").
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_ship_specific: bool,
}

/// A discount this card grants to other cards ("All of your [crew]
/// Upgrades cost -1 SP").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Discount {
    /// Negative: a discount.
    pub amount: i32,
    #[serde(default)]
    pub scope: Scope,
    #[serde(default)]
    pub applies_to: CardFilter,
    /// The discounted card's cost never goes below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i32>,
    /// The discount applies only while this holds for the granting card's
    /// ship ("If this card is assigned to an Independent ship, ...").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// "One of your ... Upgrades costs -N": the discount applies to at most
    /// this many matching cards (those it saves most on; file order on ties).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cards: Option<u32>,
    /// A card that gets this discount may exceed its purchase restrictions
    /// and the ship's upgrade bar (it needs no slot): "at a cost of -2 SP,
    /// even if it exceeds your ship's restrictions".
    #[serde(default, skip_serializing_if = "is_false")]
    pub exceed_restrictions: bool,
}

/// A fixed cost this card gives to other cards on its ship (or fleet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetCost {
    /// The cost the matching card has instead of its own (before no other
    /// modifier: a set cost is final).
    pub amount: i32,
    #[serde(default)]
    pub scope: Scope,
    #[serde(default)]
    pub applies_to: CardFilter,
    /// At most this many matching cards get the set cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_cards: Option<u32>,
    /// A card that gets this cost may exceed its purchase restrictions and
    /// the ship's upgrade bar (it needs no slot): "for free, even if it
    /// exceeds your ship's restrictions" (the Enterprise NX-01 has no [tech]
    /// slot for its Enhanced Hull Plating).
    #[serde(default, skip_serializing_if = "is_false")]
    pub exceed_restrictions: bool,
}

/// Faction penalty waivers and changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PenaltyRule {
    /// This card never pays a faction penalty.
    NoPenalty,
    /// This card pays no faction penalty on a ship of one of these factions.
    NoPenaltyOn { factions: Vec<String> },
    /// Cards matching `applies_to` pay no faction penalty (on this card's
    /// ship, or fleet-wide).
    Waive {
        #[serde(default)]
        scope: Scope,
        #[serde(default)]
        applies_to: CardFilter,
        /// The waiver lifts the faction restriction of those cards too
        /// ("You may assign any [talent] Upgrade to your ship, regardless
        /// of Faction restriction", Lore): their purchase restrictions on
        /// a ship's or captain's faction do not apply.
        #[serde(default, skip_serializing_if = "is_false")]
        faction_restriction: bool,
    },
    /// Cards matching `applies_to` that pay a faction penalty pay it twice
    /// ("The faction penalty is doubled for any non-Klingon Upgrades
    /// assigned to your ship").
    Double {
        #[serde(default)]
        scope: Scope,
        #[serde(default)]
        applies_to: CardFilter,
    },
}

/// A set (expansion, organised-play kit, ...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Set {
    pub id: String,
    pub name: String,
    /// ISO date. Dates invalid in the raw data are clamped to the month's
    /// last day and `release_date_raw` keeps the original.
    pub release_date: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release_date_raw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
}

/// A ship class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ShipClass {
    pub id: String,
    pub name: String,
    /// Oversized base (Borg Cube class, Nor class orbital station).
    #[serde(default, skip_serializing_if = "is_false")]
    pub oversized: bool,
    /// A shuttlecraft class (its name says "Shuttle"): no card costing more
    /// than 3 SP on a ship of it (rulebook p. 22, FAQ).
    #[serde(default, skip_serializing_if = "is_false")]
    pub shuttle: bool,
    /// The forward firing arc in degrees (90 or 180); absent for ships
    /// that fire all around (the Borg classes) and classes without a
    /// known dial.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_arc: Option<u32>,
    /// The rear firing arc in degrees, for classes that have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear_arc: Option<u32>,
    /// The highest speed on the maneuver dial.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_speed: Option<i32>,
    /// The maneuver kinds on the dial: `straight`, `bank`, `turn`,
    /// `come-about`, `reverse` (a speed below 0), `spin`, `flank`, `stop`,
    /// `45-degree-rotate`, `90-degree-rotate`. Empty: no known dial.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub maneuvers: Vec<String>,
}

/// A fleet-building format (`data/staw/formats.toml`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Format {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sp_cap: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_ships: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_ships: Option<u32>,
    /// Per-ship SP cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_sp_cap: Option<i32>,
    /// Ships whose base cost is at least this may exceed the per-ship cap
    /// with up to `ship_cap_exception_upgrades` SP of upgrades plus a
    /// captain and an admiral.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_cap_exception_base: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ship_cap_exception_upgrades: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_oversized: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_resources: Option<u32>,
    /// Enforce the resource retirement dates below.
    #[serde(default, skip_serializing_if = "is_false")]
    pub retire_resources: bool,
    /// Vulcan and Bajoran count as Federation; Ferengi, Kazon and Xindi as
    /// Independent, for the faction penalty.
    #[serde(default)]
    pub sub_factions: bool,
    /// Every report is marked NOT TOURNAMENT LEGAL.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sandbox: bool,
    /// Only cards from sets released on or before the evaluation date.
    #[serde(default, skip_serializing_if = "is_false")]
    pub card_pool_by_date: bool,
    /// Exclude cards marked `op_banned`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exclude_op_banned: bool,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// A resource retirement date (`[[retirement]]` in `formats.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Retirement {
    /// Resource card id.
    pub resource: String,
    /// ISO date from which the resource is retired.
    pub retired: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// The sub-faction table: sub-faction -> prime faction.
pub const SUB_FACTIONS: &[(&str, &str)] = &[
    ("vulcan", "federation"),
    ("bajoran", "federation"),
    ("ferengi", "independent"),
    ("kazon", "independent"),
    ("xindi", "independent"),
];

/// The upgrade slot types.
pub const SLOT_TYPES: &[&str] = &["crew", "tech", "weapon", "talent", "borg", "squadron"];
