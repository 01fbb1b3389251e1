//! Space Dock squad files (`.spacedock`: one squad; `.spacedocksquads`: a
//! list of them) and the mapping from Space Dock's card ids to ours.
//!
//! Space Dock names cards by its own ids (`1011`, `3039`,
//! `tahna_los_op6prize`). The mapping (`data/interop/spacedock.toml`) is
//! project data, derived from Space Dock's card data (`Data.xml`, see
//! `../shared/reference/spacedock/`) and the hand corrections
//! (`data/interop/spacedock-corrections.toml`) by the maintainer's tool
//! (`fleetcheck-dev`, its `spacedock` module, whose header lists the rules). Space Dock records that are no card of ours, or that no rule
//! decides, are listed in the file as `[[unmapped]]` with the reason; import
//! reports such a card with that reason and does not import it. Import maps
//! an id the file does not know at all by title and type against the
//! database; whatever still cannot be mapped is reported with its title and
//! id. Export uses the mapping; a card without a Space Dock id is reported
//! and nothing is written.
//!
//! A squad: `{name, notes, additionalPoints, resource, ships: [{shipId,
//! shipTitle, flagship, captain: {upgradeId, upgradeTitle}, upgrades: [...]}]}`;
//! admirals, fleet captains and officers are in `upgrades`; the sideboard
//! is a ship entry with `"sideboard": true`. Cost overrides
//! (`costIsOverridden`, `overriddenCost`) are reported, never obeyed.

use serde::{Deserialize, Serialize};

mod export;
mod import;

pub use export::export;
pub use import::{import, import_text};

/// One Space Dock card mapped to ours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The Space Dock id.
    pub spacedock: String,
    /// Our card id.
    pub id: String,
    /// Space Dock's title (written in exported squads).
    pub title: String,
    /// For a card that may fill either of two slots, Space Dock has one
    /// record per slot type: the slot this record is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// Another Space Dock record of the same card (a reprint, another of
    /// the per-slot records of a card that takes no slot, or an id merged
    /// into another): read on import, never written on export.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alias: bool,
}

/// A Space Dock card that maps to no card of ours, with the reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unmapped {
    /// The Space Dock id.
    pub spacedock: String,
    /// Space Dock's title.
    pub title: String,
    /// Space Dock's type (`Ship`, `Captain`, `Crew`, ...).
    pub kind: String,
    /// Why it maps to no card of ours (import reports it).
    pub why: String,
}

/// The mapping file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mapping {
    /// The records that map to a card of ours.
    #[serde(default)]
    pub card: Vec<Entry>,
    /// The records that do not, with the reason.
    #[serde(default)]
    pub unmapped: Vec<Unmapped>,
}

/// Where the mapping lives, relative to `data/`.
pub const MAPPING_PATH: &str = "interop/spacedock.toml";

impl Mapping {
    /// The mapping embedded in the binary (empty if the file is missing).
    pub fn embedded() -> Mapping {
        fleetcheck_data::embedded::FILES
            .iter()
            .find(|(p, _)| *p == MAPPING_PATH)
            .and_then(|(_, text)| toml::from_str(text).ok())
            .unwrap_or_default()
    }

    /// The Space Dock record to write for our card `id` counted as `slot`.
    pub fn export_id(&self, id: &str, slot: Option<&str>) -> Option<&Entry> {
        let mine: Vec<&Entry> = self
            .card
            .iter()
            .filter(|e| e.id.eq_ignore_ascii_case(id) && !e.alias)
            .collect();
        mine.iter()
            .find(|e| e.slot.is_some() && e.slot.as_deref() == slot)
            .or_else(|| mine.iter().find(|e| e.slot.is_none()))
            .or_else(|| mine.first())
            .copied()
    }

    /// The file's text: a header, then every entry.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# Space Dock card ids -> fleetcheck card ids. Generated from Space Dock's card\n\
             # data (Data.xml, data version 2018-01-03@06-12) and the hand corrections\n\
             # (spacedock-corrections.toml: edit those, never this file) by\n\
             # `fleetcheck-dev` (spacedock); the test `interop::spacedock_mapping_is_fresh`\n\
             # checks it (UPDATE_SPACEDOCK_MAP=1 rewrites it). Facts only: ids, titles, slot\n\
             # types.\n",
        );
        out.push_str(&toml::to_string(self).expect("the mapping serialises"));
        out
    }
}
