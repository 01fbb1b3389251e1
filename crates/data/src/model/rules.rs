//! The parts of a card's `Rules`: slots it adds, costs, discounts,
//! waivers and limits it puts on other cards.

use super::{is_false, is_zero};
use serde::{Deserialize, Serialize};

use super::Condition;

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
    /// The `discount` counts once for each unused slot of the ship's
    /// printed upgrade bar ("The [borg] Upgrade equipped to this ship using
    /// that [borg] Upgrade Slot cost -1SP for each unused Upgrade Slot on
    /// that ship's printed Upgrade Bar", B'Elanna Torres C357): the slot
    /// assignment weighs leaving printed slots free (`slot_terms`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub per_unused_printed_slot: bool,
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
    /// The slots are beneath the card that adds them: a card there is held
    /// face down under that card ("place 1 non-Borg [tech] Upgrade with a
    /// cost of 5 or less face down beneath this card", Quark), takes no
    /// slot of the upgrade bar, and is priced as an upgrade of the ship
    /// (shared/rules/staw.md, "Cards held beneath another card").
    #[serde(default, skip_serializing_if = "is_false")]
    pub beneath: bool,
    /// The card in an added slot pays no faction penalty ("You do not pay
    /// a Faction penalty when assigning Elim Garak or his [talent]
    /// Upgrade").
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_penalty: bool,
    /// The entry is the card's own printed [talent] icons with terms, not
    /// more slots: the engine adds no plain slot for those icons.
    #[serde(default, skip_serializing_if = "is_false")]
    pub icons: bool,
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
            per_unused_printed_slot: false,
            set_cost: None,
            exceed_restrictions: false,
            when: None,
            beneath: false,
            no_penalty: false,
            icons: false,
        }
    }

    /// Whether the card in an added slot is face down: held beneath the
    /// card that adds it, or in a face-down slot at a fixed cost (Balance
    /// of Terror).
    pub fn is_face_down(&self) -> bool {
        self.beneath || self.set_cost.as_ref().is_some_and(|c| c.face_down)
    }

    /// Whether the added slots put any terms on the cards that fill them.
    pub fn has_terms(&self) -> bool {
        self.only.is_some()
            || self.same_faction
            || self.discount.is_some()
            || self.set_cost.is_some()
            || self.exceed_restrictions
            || self.when.is_some()
            || self.beneath
            || self.no_penalty
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

/// A cost counted per card: `amount` once for each other card of this
/// card's ship matching `per` ("This card costs -1 SP for each
/// Independent Upgrade equipped to this ship", Iden).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostPerCard {
    pub amount: i32,
    pub per: CardFilter,
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

/// A resource that prices itself from the fleet's ships instead of its
/// printed cost (`Rules::cost_from_fleet`), in one of two shapes:
///
/// - `half_total`: half the fleet's total `stat`, rounded up ("a number of
///   SP equal to the total combined starting Shield Values of all ships in
///   your fleet divided by 2 (round up)", Emergency Force Field R020;
///   Improved Hull R029 for hull);
/// - otherwise `base` plus `per_ship` for each ship whose `stat` is above
///   `above` ("This resource costs 3 SP plus 2 SP for each Hull Value
///   greater than 3", Main Power Grid R024: 3 + 2 for each ship with a
///   hull above 3, shared/rules/staw.md "Resources").
///
/// `starting`: the ships' starting values count (printed plus what their
/// cards in play add, `StatBonus`), else the printed ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostFromFleet {
    /// `hull` or `shields`.
    pub stat: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub starting: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub half_total: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub base: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub per_ship: i32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub above: i32,
}

/// A value a card adds to its ship's printed stat (`Rules::stat_bonuses`):
/// "Your starting Shield Value is at +1" (Systems Upgrade T057), "Increase
/// this ship's Shield Value by 1" (Temporal Shielding T296), "Add +2 to
/// this ship's Hull Value" (Reinforced Hull T286). The ship's starting
/// value is its printed value plus the bonuses of its cards in play
/// (face up); resources priced from the fleet read it (Emergency Force
/// Field: "the total combined starting Shield Values").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatBonus {
    /// `hull` or `shields`.
    pub stat: String,
    pub amount: i32,
    /// Only while this holds for the ship: an effect listed for some ships
    /// ("Miranda Class, Excelsior Class, or Galaxy Class - Increase this
    /// ship's Hull Value by 1", Dominion War Retrofit Con004).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
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
    /// Only "? Upgrades": cards of the upgrade type ? (Utopia's `question`,
    /// no printed slot type: `Card::slot` is none), whatever slot they
    /// fill. "-1 SP for each [Independent] ? Upgrade" (Iden), "This slot can
    /// only be filled by [question] Upgrades" (Reginald Barclay).
    #[serde(default, skip_serializing_if = "is_false")]
    pub question: bool,
    /// Card factions. Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub factions: Vec<String>,
    /// Card factions it must not have ("non-Borg [tech] Upgrades").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_factions: Vec<String>,
    /// Card names. Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Words the card's name holds, one of them at least ("a Torpedo
    /// [weapon] Upgrade": Photon Torpedoes, Plasma Torpedo). Empty: any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub name_words: Vec<String>,
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

impl Discount {
    /// `sp` SP off (an `amount` of `-sp`) for the matching cards on this
    /// ship, with no other terms.
    pub fn off_on_ship(sp: i32, applies_to: CardFilter) -> Discount {
        Discount {
            amount: -sp,
            scope: Scope::Ship,
            applies_to,
            min: None,
            when: None,
            max_cards: None,
            exceed_restrictions: false,
        }
    }
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
    /// The card that gets this cost is placed face down ("costs exactly 3
    /// Squadron Points and is placed face down beside his card", Tahna
    /// Los; Balance of Terror's slot): its text is not in play.
    #[serde(default, skip_serializing_if = "is_false")]
    pub face_down: bool,
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
        /// The waiver holds while this holds for the granting card's ship
        /// ("... or any Romulan [crew] Upgrades to this Federation ship",
        /// Rekar).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        when: Option<Condition>,
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
