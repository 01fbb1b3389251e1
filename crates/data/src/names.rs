//! Display names of the lowercase ids the cards use for factions, species
//! and upgrade slot types (`"mirror-universe"` -> "Mirror Universe",
//! `"borg"` slot -> "Borg"), for every text a person reads: messages, cost
//! modifier sources, `fleetcheck card`. Ids stay ids in fleet files, JSON
//! codes and JSON id fields.
//!
//! The names are data (`data/staw/names.toml`), compiled into the binary by
//! `build.rs` as static tables (`embedded`), so that any code can name
//! a faction without a database at hand. An id the table does not know (a
//! `--data` database with a new faction) is shown as it is.
//!
//! That file is also the one list of the factions and of the species
//! ([`FACTIONS`], [`SPECIES`]): the validator, the importer, `options` and
//! the shell completions read it from here.

/// Every faction the database knows (the ids of `data/staw/names.toml`'s
/// `[[faction]]` list; `no-faction`, carried by four upgrades instead of a
/// faction, matches no ship).
pub use super::embedded::FACTIONS;
/// The species of captains and admirals that are no faction
/// (`Card::species`; `data/staw/names.toml`'s `[[species]]` list).
pub use super::embedded::SPECIES;
use super::embedded::{FACTION_NAMES, SLOT_NAMES, SPECIES_NAMES};

/// The faction id `no-faction`, which four upgrades carry instead of a
/// faction.
pub const NO_FACTION: &str = "no-faction";

fn lookup<'a>(table: &'static [(&'static str, &'static str)], id: &'a str) -> &'a str {
    table
        .iter()
        .find(|(k, _)| *k == id)
        .map_or(id, |(_, name)| name)
}

/// The display name of a faction id: "federation" -> "Federation".
pub fn faction(id: &str) -> &str {
    lookup(FACTION_NAMES, id)
}

/// The display name of a species id: "tholian" -> "Tholian".
pub fn species(id: &str) -> &str {
    lookup(SPECIES_NAMES, id)
}

/// The display name of an upgrade slot type: "borg" -> "Borg", "crew" ->
/// "crew".
pub fn slot(id: &str) -> &str {
    lookup(SLOT_NAMES, id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SLOT_TYPES;

    #[test]
    fn every_known_id_has_a_display_name() {
        let ids = |t: &[(&'static str, &str)]| t.iter().map(|(k, _)| *k).collect::<Vec<_>>();
        assert_eq!(FACTIONS, ids(FACTION_NAMES));
        assert_eq!(SPECIES, ids(SPECIES_NAMES));
        assert!(FACTIONS.contains(&NO_FACTION));
        assert_eq!(FACTIONS.len(), 15, "{FACTIONS:?}");
        assert_eq!(
            SPECIES,
            ["andorian", "gorn", "hirogen", "krenim", "tholian"]
        );
        for s in SLOT_TYPES {
            assert!(SLOT_NAMES.iter().any(|(k, _)| k == s), "slot {s}");
        }
    }

    #[test]
    fn names_and_unknown_ids() {
        assert_eq!(faction("mirror-universe"), "Mirror Universe");
        assert_eq!(faction("species-8472"), "Species 8472");
        assert_eq!(faction("cardassian"), "cardassian");
        assert_eq!(species("hirogen"), "Hirogen");
        assert_eq!(slot("borg"), "Borg");
        assert_eq!(slot("tech"), "tech");
    }

    /// The faction names are those of the raw data's faction pseudo-cards
    /// (`excluded.toml`: `faction_<id>`).
    #[test]
    fn faction_names_are_the_raw_datas() {
        let text = include_str!("../../../data/staw/excluded.toml");
        let v: toml::Value = toml::from_str(text).unwrap();
        let mut n = 0;
        for e in v["excluded"].as_array().unwrap() {
            let Some(id) = e["id"].as_str().unwrap().strip_prefix("faction_") else {
                continue;
            };
            let name = e["name"].as_str().unwrap();
            assert_eq!(faction(&id.replace('_', "-")), name, "{id}");
            n += 1;
        }
        assert_eq!(n, FACTIONS.len() - 1, "every faction but no-faction");
    }
}
