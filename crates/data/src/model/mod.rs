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

mod catalog;
mod condition;
mod rules;

pub use catalog::{Format, Retirement, Set, ShipClass, ACTIONS, SLOT_TYPES, SUB_FACTIONS};
pub use condition::Condition;
pub use rules::{
    AddSlot, CardFilter, CostFromFleet, CostFromShip, CostModifier, CostPerCard, Discount,
    ExtraAdmirals, PenaltyRule, Scope, SetCost, ShipLimit, SlotsAlso, SquadronLimit, StatBonus,
};

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
    /// The name normalised as names are looked up ([`Card::name_key`]),
    /// kept for a card of a database (public only so that a card can be
    /// written as `Card { .., ..Card::default() }`).
    #[serde(skip)]
    pub name_key: NameKey,
}

impl Card {
    /// The slot types an upgrade may fill: its own, or its choices
    /// (`Rules::either_slot`).
    pub fn upgrade_types(&self) -> impl Iterator<Item = &str> {
        self.slot
            .iter()
            .map(String::as_str)
            .chain(self.rules.either_slot.iter().map(String::as_str))
    }

    /// The [talent] icons that are plain slots of its ship: all of them,
    /// or none when an `adds_slots` entry stands for them with its terms
    /// (`AddSlot::icons`: Elim Garak's own talent, Duras' "equipped to this
    /// Captain"), which then adds those slots itself.
    pub fn plain_talent_icons(&self) -> u32 {
        if self.rules.adds_slots.iter().any(|a| a.icons) {
            0
        } else {
            self.talents.unwrap_or(0)
        }
    }

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
            name_key: _,
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
            && (name == &other.name || self.name_key() == other.name_key())
    }

    /// The card's name normalised as names are looked up and compared
    /// (`normalize`: case, spaces, apostrophe variants): made once for a
    /// card of a database (the first time it is asked for: uniqueness and
    /// every lookup by a card's own name compare it), each time for any
    /// other card (a card built or copied may be renamed).
    pub fn name_key(&self) -> std::borrow::Cow<'_, str> {
        match &self.name_key.0 {
            Some(k) => {
                std::borrow::Cow::Borrowed(k.get_or_init(|| super::keys::normalize(&self.name)))
            }
            None => std::borrow::Cow::Owned(super::keys::normalize(&self.name)),
        }
    }

    /// The card with a place to keep its normalised name once made
    /// ([`Card::name_key`]): for a card of a database, which is never
    /// changed.
    pub(crate) fn keyed(mut self: Box<Card>) -> Box<Card> {
        self.name_key = NameKey(Some(std::sync::OnceLock::new()));
        self
    }
}

/// A database card's normalised name, kept once made. A copy of a card
/// keeps none (it may be renamed); two cards compare equal whether or not
/// theirs is kept.
#[derive(Debug, Default)]
pub struct NameKey(Option<std::sync::OnceLock<String>>);

impl Clone for NameKey {
    fn clone(&self) -> NameKey {
        NameKey(None)
    }
}

impl PartialEq for NameKey {
    fn eq(&self, _: &NameKey) -> bool {
        true
    }
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn is_zero(n: &i32) -> bool {
    *n == 0
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
    /// Costs counted per card of its ship (`CostPerCard`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost_per_card: Vec<CostPerCard>,
    /// The card's cost is derived from its ship's stats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_from_ship: Option<CostFromShip>,
    /// A resource's cost is derived from the fleet's ships (`CostFromFleet`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_from_fleet: Option<CostFromFleet>,
    /// Values this card adds to its ship's starting stats (`StatBonus`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stat_bonuses: Vec<StatBonus>,
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
    /// A fleet captain resource whose rule 5 lets a captain with printed
    /// [talent] slots forgo its fleet captain's bonus [talent] slot and take
    /// one of its talents for free (Fleet Captain R010: "forego taking the
    /// bonus [talent] Upgrade and equip your Captain with 1 of his [talent]
    /// Upgrades for free"); see `staw::fleet_captain`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub free_talent_for_bonus: bool,
    /// A fleet captain resource whose fleet captain goes to a unique
    /// captain only (Fleet Captain R010, rule 6: "You may not assign a
    /// non-unique Captain as your Fleet Captain"); see `staw::restriction`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique_fleet_captain: bool,
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
