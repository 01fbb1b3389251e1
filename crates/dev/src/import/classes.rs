//! Ship classes (`ship_classes.json` -> `classes.toml`) and the class of each
//! ship.
//!
//! - Class ids are the raw ids (`5000`, `intrepid_class`). Raw classes that
//!   share one name (`K'Vort Class` and `K'Vort Class `, the two `Maquis
//!   Raider` and `Jem'Hadar Battleship` entries: different maneuver dials of
//!   one class) are merged into the one with the smallest id: for fleet
//!   building a K'Vort is a K'Vort.
//! - A ship's `class` string is matched to a class by name (case, spacing and
//!   apostrophes ignored), then by id (`Galaxy Class (MU)` is
//!   `galaxy__class_mu`). The "Class" suffix is NOT dropped here:
//!   `Romulan Bird-of-Prey Class` (the 22nd-century I.R.W. Praetus) and
//!   `Romulan Bird-of-Prey` are different ships, and fleet files tell their
//!   generic Romulan Starships apart by exactly that class name. A ship whose
//!   class matches none gets a new class with a slug id and a note.
//! - A class found by id for a qualified name is a maneuver dial of the
//!   class the name gives without its qualifier: `galaxy__class_mu`
//!   ("Galaxy X Class", the Mirror Universe dial) is the dial of ships that
//!   print "Galaxy Class (MU)", which are Galaxy Class ships
//!   (`ShipClass::dial_of` = `5000`; shared/rules/staw.md: a ship's class
//!   is its printed class). "Constitution Class (Refit)" names a class of
//!   its own and is no dial.
//! - The maneuver dial and firing arcs of each class (`front_arc`,
//!   `rear_arc`, `max_speed`, `maneuvers`), for cards that ask for "a
//!   [come-about] Maneuver on its Maneuver Dial" or "no rear firing arc". A
//!   merged class has every maneuver and arc of its dials; a class created
//!   for a ship has no known dial.
//! - `oversized` is set for the Borg Cube class and the Nor class orbital
//!   station only (the 2016 tournament rules' oversized bases); the Borg
//!   Tactical Cube is not a Borg Cube class ship.
//! - `shuttle` is set for every class whose name says "Shuttle" (Type 7
//!   Shuttlecraft, Delta Flyer Class Shuttlecraft, Ferengi Shuttle): no
//!   card costing more than 3 SP on a shuttlecraft (rulebook p. 22).
//! - For card texts, `ClassIndex::lookup` matches class names loosely
//!   ("Intrepid-class", "D`Deridex Class", "DDeridx Class" all find one).

use super::raw::RawCard;
use super::ImportError;
use fleetcheck_data::model::ShipClass;
use std::collections::BTreeMap;

/// Class names with an oversized base.
const OVERSIZED: &[&str] = &["borgcube", "norclassorbitalspacestation"];

/// Misspellings of class names in card texts and icon titles.
const CLASS_TYPOS: &[(&str, &str)] = &[("dderidx", "dderidex")];

/// The class table and its lookups.
#[derive(Debug, Default)]
pub struct ClassIndex {
    pub classes: Vec<ShipClass>,
    /// Notes on classes the importer created or merged (written as comments).
    pub notes: BTreeMap<String, String>,
    /// Raw class id -> kept class id.
    id_map: BTreeMap<String, String>,
    /// Exact name key -> class id.
    by_name: BTreeMap<String, String>,
    /// Loose key (no "class" word) -> class ids.
    by_loose: BTreeMap<String, Vec<String>>,
}

/// Lowercase, alphanumeric only ("K'Vort Class " -> "kvortclass").
pub fn name_key(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// `name_key` without the word "class" and with known typos fixed
/// ("Intrepid-class" -> "intrepid").
pub fn loose_key(name: &str) -> String {
    let words: Vec<String> = name
        .split(|c: char| c.is_whitespace() || c == '-' || c == '(' || c == ')')
        .map(name_key)
        .filter(|w| !w.is_empty() && w != "class")
        .collect();
    let mut k = words.concat();
    for (typo, fixed) in CLASS_TYPOS {
        if k == *typo {
            k = fixed.to_string();
        }
    }
    k
}

/// The class a ship's class string names without its qualifier:
/// "Galaxy Class (MU)" -> "Galaxy Class"; `None` without a qualifier.
fn printed_class(class: &str) -> Option<&str> {
    let class = class.trim();
    let i = class.rfind(" (").filter(|_| class.ends_with(')'))?;
    Some(class[..i].trim()).filter(|p| !p.is_empty())
}

/// A slug id for a created class ("Romulan Bird-of-Prey Class" ->
/// "romulan_bird_of_prey_class").
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') && c != '\'' && c != '`' {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// The maneuver dial and firing arcs of one raw class: `frontArc` and
/// `rearArc` in degrees ("" for none), `maneuvers` a table of speed ->
/// maneuver kind -> colour plus `min`/`max`.
#[derive(Debug, Default, Clone, PartialEq)]
struct Dial {
    front_arc: Option<u32>,
    rear_arc: Option<u32>,
    max_speed: Option<i32>,
    maneuvers: Vec<String>,
}

/// Raw maneuver kinds and the names the database uses.
const MANEUVER_NAMES: &[(&str, &str)] = &[
    ("straight", "straight"),
    ("bank", "bank"),
    ("turn", "turn"),
    ("about", "come-about"),
    ("spin", "spin"),
    ("flank", "flank"),
    ("stop", "stop"),
    ("45-degree-rotate", "45-degree-rotate"),
    ("90-degree-rotate", "90-degree-rotate"),
];

impl Dial {
    fn of(c: &RawCard) -> Result<Dial, ImportError> {
        let arc = |key: &str| -> Result<Option<u32>, ImportError> {
            match c.get(key) {
                None => Ok(None),
                Some(serde_json::Value::String(s)) if s.trim().is_empty() => Ok(None),
                Some(v) => v
                    .as_str()
                    .and_then(|s| s.trim().parse().ok())
                    .or_else(|| v.as_u64().and_then(|n| u32::try_from(n).ok()))
                    .map(Some)
                    .ok_or_else(|| c.error(format!("`{key}` is not an arc in degrees: {v}"))),
            }
        };
        let mut dial = Dial {
            front_arc: arc("frontArc")?,
            rear_arc: arc("rearArc")?,
            ..Dial::default()
        };
        let Some(m) = c.get("maneuvers") else {
            return Ok(dial);
        };
        let m = m
            .as_object()
            .ok_or_else(|| c.error("`maneuvers` is not a table"))?;
        for (speed, kinds) in m {
            if speed == "min" || speed == "max" {
                continue;
            }
            let speed: i32 = speed
                .parse()
                .map_err(|_| c.error(format!("maneuver speed {speed:?} is not a number")))?;
            let kinds = kinds
                .as_object()
                .ok_or_else(|| c.error(format!("maneuvers at speed {speed} are not a table")))?;
            if speed < 0 {
                super::push_unique(&mut dial.maneuvers, "reverse".to_string());
                continue;
            }
            dial.max_speed = Some(dial.max_speed.map_or(speed, |m| m.max(speed)));
            for kind in kinds.keys() {
                let name = MANEUVER_NAMES
                    .iter()
                    .find(|(raw, _)| raw == kind)
                    .map(|(_, n)| *n)
                    .ok_or_else(|| c.error(format!("unknown maneuver {kind:?}")))?;
                super::push_unique(&mut dial.maneuvers, name.to_string());
            }
        }
        Ok(dial)
    }

    /// Adds this dial to a class: a class merged from several raw classes
    /// (two dials of one class) has every maneuver and arc of any of them.
    fn merge_into(&self, class: &mut ShipClass) {
        let max = |a: Option<u32>, b: Option<u32>| a.max(b);
        class.front_arc = max(class.front_arc, self.front_arc);
        class.rear_arc = max(class.rear_arc, self.rear_arc);
        class.max_speed = class.max_speed.max(self.max_speed);
        super::push_all_unique(&mut class.maneuvers, self.maneuvers.iter().cloned());
        class.maneuvers.sort_by_key(|m| {
            MANEUVER_NAMES
                .iter()
                .position(|(_, n)| n == m)
                .unwrap_or(usize::MAX)
        });
    }
}

impl ClassIndex {
    /// Builds the table from the raw classes, then resolves every ship's
    /// class (creating classes for unmatched names). Returns the index and
    /// the class id of each ship, by position in `ships`.
    pub fn build(
        raw_classes: &[RawCard],
        ships: &[&RawCard],
    ) -> Result<(ClassIndex, Vec<String>), ImportError> {
        let mut idx = ClassIndex::default();
        // Sort by id so that the kept id of a merged class is deterministic.
        let mut sorted: Vec<&RawCard> = raw_classes.iter().collect();
        sorted.sort_by(|a, b| a.id().cmp(b.id()));
        for c in sorted {
            let name = c
                .str("name")?
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .ok_or_else(|| c.error("ship class has no name"))?
                .to_string();
            let key = name_key(&name);
            let dial = Dial::of(c)?;
            if let Some(kept) = idx.by_name.get(&key).cloned() {
                if let Some(k) = idx.classes.iter_mut().find(|k| k.id == kept) {
                    dial.merge_into(k);
                }
                idx.id_map.insert(c.id().to_string(), kept.clone());
                idx.notes
                    .entry(kept)
                    .and_modify(|n| n.push_str(&format!(", {}", c.id())))
                    .or_insert_with(|| format!("also raw class id {}", c.id()));
                continue;
            }
            idx.id_map.insert(c.id().to_string(), c.id().to_string());
            idx.by_name.insert(key.clone(), c.id().to_string());
            let mut class = ShipClass {
                id: c.id().to_string(),
                oversized: OVERSIZED.contains(&key.as_str()),
                shuttle: key.contains("shuttle"),
                name,
                ..ShipClass::default()
            };
            dial.merge_into(&mut class);
            idx.classes.push(class);
        }
        let mut ship_classes = Vec::with_capacity(ships.len());
        for s in ships {
            let class = s
                .str("class")?
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .ok_or_else(|| s.error("ship has no class"))?;
            let id = if let Some(cid) = s.str("classId")? {
                idx.id_map.get(cid).cloned().ok_or_else(|| {
                    s.error(format!("classId {cid:?} is not in ship_classes.json"))
                })?
            } else {
                idx.resolve_ship_class(class)
            };
            ship_classes.push(id);
        }
        idx.classes.sort_by(|a, b| a.id.cmp(&b.id));
        for c in &idx.classes {
            idx.by_loose
                .entry(loose_key(&c.name))
                .or_default()
                .push(c.id.clone());
        }
        Ok((idx, ship_classes))
    }

    /// The class id for a ship's raw class string, creating a class when
    /// nothing matches.
    fn resolve_ship_class(&mut self, class: &str) -> String {
        let key = name_key(class);
        if let Some(id) = self.by_name.get(&key) {
            return id.clone();
        }
        let s = slug(class);
        let by_id = self
            .id_map
            .keys()
            .find(|id| slug(id).replace("__", "_") == s)
            .map(|id| self.id_map[id].clone());
        if let Some(id) = by_id {
            // "Galaxy Class (MU)": a Galaxy Class ship with the dial of the
            // Mirror Universe entry. The class it prints is the one named
            // without the qualifier.
            let printed = printed_class(class)
                .and_then(|p| self.by_name.get(&name_key(p)))
                .filter(|p| **p != id)
                .cloned();
            let note = match &printed {
                Some(p) => format!("ships name this class {class:?}: class {p} with this dial"),
                None => format!("ships name this class {class:?}"),
            };
            self.notes.entry(id.clone()).or_insert(note);
            if let Some(k) = self.classes.iter_mut().find(|k| k.id == id) {
                k.dial_of = k.dial_of.take().or(printed);
            }
            return id;
        }
        self.notes.insert(
            s.clone(),
            format!("created by the importer: ship class {class:?} is not in ship_classes.json"),
        );
        self.by_name.insert(key.clone(), s.clone());
        self.classes.push(ShipClass {
            id: s.clone(),
            name: class.to_string(),
            oversized: OVERSIZED.contains(&key.as_str()),
            shuttle: key.contains("shuttle"),
            ..ShipClass::default()
        });
        s
    }

    /// Class ids whose name matches `name` loosely (see `loose_key`).
    pub fn lookup(&self, name: &str) -> Vec<String> {
        self.by_loose
            .get(&loose_key(name))
            .cloned()
            .unwrap_or_default()
    }

    /// Class ids whose loose name starts or ends with `word` ("Jem'Hadar" ->
    /// the attack ship, battleship and battle cruiser; "Keldon class" -> the
    /// Cardassian Keldon Class), sorted.
    pub fn lookup_family(&self, word: &str) -> Vec<String> {
        let k = loose_key(word);
        if k.len() < 4 {
            return Vec::new();
        }
        let mut ids: Vec<String> = self
            .by_loose
            .iter()
            .filter(|(key, _)| key.starts_with(&k) || key.ends_with(&k))
            .flat_map(|(_, ids)| ids.iter().cloned())
            .collect();
        ids.sort();
        ids
    }

    /// The class with this id.
    pub fn get(&self, id: &str) -> Option<&ShipClass> {
        self.classes.iter().find(|c| c.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(file: &str, v: serde_json::Value) -> RawCard {
        let obj = v.as_object().cloned().unwrap();
        RawCard {
            file: file.into(),
            index: 0,
            ids: vec![obj["id"].as_str().unwrap().to_string()],
            obj,
        }
    }

    #[test]
    fn ships_find_merged_created_and_oversized_classes() {
        use serde_json::json;
        let classes = vec![
            raw("c", json!({"id": "5020", "name": "K'Vort Class"})),
            raw(
                "c",
                json!({"id": "new_kvort_class", "name": "K'Vort Class "}),
            ),
            raw("c", json!({"id": "5007", "name": "Romulan Bird-of-Prey"})),
            raw("c", json!({"id": "5000", "name": "Galaxy Class"})),
            raw(
                "c",
                json!({"id": "galaxy__class_mu", "name": "Galaxy X Class"}),
            ),
            raw("c", json!({"id": "borg_cube", "name": "Borg Cube"})),
            raw(
                "c",
                json!({"id": "borg_tactical_cube", "name": "Borg Tactical Cube"}),
            ),
            raw("c", json!({"id": "maquis_raider", "name": "Maquis Raider"})),
            raw(
                "c",
                json!({"id": "maquis_raider_b", "name": "Maquis Raider"}),
            ),
        ];
        let ships = [
            raw("s", json!({"id": "S1", "class": "K'Vort Class "})),
            raw(
                "s",
                json!({"id": "S2", "class": "Romulan Bird-of-Prey Class"}),
            ),
            raw("s", json!({"id": "S3", "class": "Galaxy Class (MU)"})),
            raw(
                "s",
                json!({"id": "S4", "class": "Maquis Raider", "classId": "maquis_raider_b"}),
            ),
            raw("s", json!({"id": "S5", "class": "Borg Tactical Cube"})),
        ];
        let refs: Vec<&RawCard> = ships.iter().collect();
        let (idx, ids) = ClassIndex::build(&classes, &refs).unwrap();
        assert_eq!(
            ids,
            vec![
                "5020",
                "romulan_bird_of_prey_class",
                "galaxy__class_mu",
                "maquis_raider",
                "borg_tactical_cube"
            ]
        );
        assert!(idx.notes["romulan_bird_of_prey_class"].contains("created"));
        // "Galaxy Class (MU)" is a Galaxy Class with its own dial.
        assert_eq!(
            idx.get("galaxy__class_mu")
                .and_then(|k| k.dial_of.as_deref()),
            Some("5000")
        );
        assert_eq!(idx.get("5000").and_then(|k| k.dial_of.as_deref()), None);
        assert!(idx.notes["5020"].contains("new_kvort_class"));
        let oversized: Vec<&str> = idx
            .classes
            .iter()
            .filter(|c| c.oversized)
            .map(|c| c.id.as_str())
            .collect();
        assert_eq!(oversized, vec!["borg_cube"]);
        assert_eq!(idx.lookup("K`Vort class"), vec!["5020"]);
        let bad = [raw(
            "s",
            json!({"id": "S9", "class": "X", "classId": "nope"}),
        )];
        let bad: Vec<&RawCard> = bad.iter().collect();
        assert!(ClassIndex::build(&classes, &bad).is_err());
    }

    #[test]
    fn keys_ignore_case_quotes_and_class() {
        assert_eq!(name_key("K'Vort Class "), "kvortclass");
        assert_eq!(loose_key("Intrepid-class"), "intrepid");
        assert_eq!(loose_key("D`Deridex Class"), "dderidex");
        assert_eq!(loose_key("DDeridx Class"), "dderidex");
        assert_eq!(loose_key("Nerada-Type"), "neradatype");
        assert_eq!(
            slug("Romulan Bird-of-Prey Class"),
            "romulan_bird_of_prey_class"
        );
        assert_eq!(slug("Galaxy Class (MU)"), "galaxy_class_mu");
        assert_eq!(printed_class("Galaxy Class (MU)"), Some("Galaxy Class"));
        assert_eq!(printed_class("Galaxy Class"), None);
    }
}
