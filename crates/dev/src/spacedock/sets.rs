//! Space Dock's product ids translated to ours.

use super::{loose, Record, SdSet};
use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use std::collections::{HashMap, HashSet};

/// Space Dock set ids -> ours. Up to 2015 both builders use the product
/// numbers; later Space Dock has its own (`72017` "U.S.S. Hathaway" is our
/// `71201`), and three of its ids are ours for other products (`72224p`
/// is its "U.S.S. Enterprise-D" and our "Xindus"). A Space Dock set is
/// ours with the same id when the name or the wave agrees; else the one of
/// ours with its name (narrowed by wave); else, by content, the one set of
/// ours that holds a card of the title of every one of its records that has
/// a title of ours, when there are at least [`CONTENT_MIN`] such records
/// (its "Romulan Faction Pack" `72945` is our "Romulan 2017" `75001`). An
/// id Space Dock lists on a card but not in `<Sets>` (`OP5Prize`) is taken
/// as ours when we have it.
#[derive(Debug, Clone, Default)]
pub struct SetMap {
    map: HashMap<String, Vec<String>>,
}

/// The fewest records with a title of ours that tie a Space Dock set to one
/// of ours by content: a set of one or two records (a resource, a prize
/// card) says too little.
pub const CONTENT_MIN: usize = 3;

impl SetMap {
    /// Builds the translation from Space Dock's sets and ours, and from
    /// the sets of our cards of each record's title (`titled`, in record
    /// order; empty for a record no title of ours fits).
    pub fn new(db: &Database, sets: &[SdSet], records: &[Record], titled: &[Vec<&Card>]) -> SetMap {
        let mut by_name: HashMap<String, Vec<&fleetcheck_data::model::Set>> = HashMap::new();
        for s in &db.sets {
            by_name.entry(loose(&s.name)).or_default().push(s);
        }
        let mut map = HashMap::new();
        for sd in sets {
            if let Some(o) = db.set(&sd.id) {
                let wave = o.parent.as_deref().map(loose);
                if loose(&o.name) == loose(&sd.name) || wave.as_deref() == Some(&*loose(&sd.parent))
                {
                    map.insert(sd.id.clone(), vec![o.id.clone()]);
                    continue;
                }
            }
            let mut named: Vec<&fleetcheck_data::model::Set> =
                by_name.get(&loose(&sd.name)).cloned().unwrap_or_default();
            if named.len() > 1 {
                named.retain(|o| o.parent.as_deref().map(loose) == Some(loose(&sd.parent)));
            }
            let ours = match named.as_slice() {
                [one] => vec![one.id.clone()],
                _ => Vec::new(),
            };
            map.insert(sd.id.clone(), ours);
        }
        // By content, for the sets neither id nor name tie to ours.
        let open: HashSet<&str> = records
            .iter()
            .flat_map(|r| &r.sets)
            .map(String::as_str)
            .filter(|s| map.get(*s).is_some_and(Vec::is_empty))
            .collect();
        for sd in open {
            let mut counts: HashMap<&str, usize> = HashMap::new();
            let mut n = 0;
            for (r, cards) in records.iter().zip(titled) {
                if cards.is_empty() || !r.sets.iter().any(|s| s == sd) {
                    continue;
                }
                n += 1;
                let held: HashSet<&str> = cards
                    .iter()
                    .flat_map(|c| &c.sets)
                    .map(String::as_str)
                    .collect();
                for s in held {
                    *counts.entry(s).or_default() += 1;
                }
            }
            let all: Vec<&str> = counts
                .iter()
                .filter(|(_, k)| **k == n)
                .map(|(s, _)| *s)
                .collect();
            if let [one] = all.as_slice() {
                if n >= CONTENT_MIN {
                    map.insert(sd.to_string(), vec![one.to_string()]);
                }
            }
        }
        SetMap { map }
    }

    /// Our set ids for a record's Space Dock set ids.
    pub fn ours(&self, db: &Database, sd_sets: &[String]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for s in sd_sets {
            let ids = match self.map.get(s) {
                Some(v) => v.clone(),
                None if db.set(s).is_some() => vec![s.clone()],
                None => Vec::new(),
            };
            for id in ids {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
        out
    }
}
