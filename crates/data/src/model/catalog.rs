//! What the cards refer to: sets, ship classes, formats, retirements,
//! the sub-faction table and the upgrade slot types.

use super::is_false;
use serde::{Deserialize, Serialize};

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
    /// The class whose ships carry this maneuver dial: the raw data gives
    /// some ships a dial of their own under a class of their own
    /// (`galaxy__class_mu`, "Galaxy X Class") while the ship prints the
    /// class it is ("Galaxy Class (MU)": a Galaxy Class with the Mirror
    /// Universe dial). Such a ship is of this class for every condition
    /// that names a class, and keeps this entry's dial and arcs
    /// (shared/rules/staw.md: a ship's class is its printed class).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dial_of: Option<String>,
}

impl ShipClass {
    /// The highest cost of an upgrade on a ship of a shuttlecraft class
    /// (`shuttle`), read on its cost there after discounts.
    pub const SHUTTLE_MAX_COST: i32 = 3;
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

/// Every ship action the database knows.
pub const ACTIONS: &[&str] = &[
    "target-lock",
    "evade",
    "scan",
    "battlestations",
    "cloak",
    "sensor-echo",
    "regenerate",
];

/// The upgrade slot types.
pub const SLOT_TYPES: &[&str] = &["crew", "tech", "weapon", "talent", "borg", "squadron"];
