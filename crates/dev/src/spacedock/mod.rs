//! Deriving the Space Dock id mapping (`data/interop/spacedock.toml`) from
//! Space Dock's card data (`Data.xml`, see `../shared/reference/spacedock/`)
//! and the hand corrections (`data/interop/spacedock-corrections.toml`).
//!
//! The rules, in the order they apply (each only to what the ones before
//! left undecided; [`Rule`] names the one that decided each record):
//!
//! 1. Title: our cards of the record's type (and slot) with its title,
//!    narrowed by faction, set, cost, class and uniqueness until one is
//!    left. Space Dock numbers many products differently from Utopia (its
//!    `72017` "U.S.S. Hathaway" is our `71201`; its `72224p` "U.S.S.
//!    Enterprise-D" is our `72284p`, while our `72224p` is "Xindus"), so a
//!    record's sets are first translated to ours ([`SetMap`]). A card that
//!    takes no slot of ours ("This Upgrade does not require an Upgrade
//!    slot") fits every one of the per-slot records Space Dock keeps for it.
//! 2. Printed facts: ship attack, agility, hull, shields and upgrade bar;
//!    captain skill and talents.
//! 3. Date: a card first printed after Space Dock's data (2018-01-03) is
//!    not the card a Space Dock record stands for.
//! 4. Reprints: candidates identical in every rule-relevant fact (all but
//!    id and sets) are one card to the rules; the earliest printed is
//!    taken, so that import and export always agree on one card.
//! 5. Set and cost: a record whose title names no card of ours (a typo on
//!    either side, Space Dock's "(Vor'cha Bonus)" titles, a generic captain
//!    named after its species) maps to the one card of its type, slot, cost
//!    and faction (ships: class and uniqueness) in its sets that no other
//!    record of those sets stands for by title.
//! 6. Corrections: `data/interop/spacedock-corrections.toml`, facts checked
//!    by hand against both data sources, each with its evidence. A
//!    correction naming an id unknown on either side, of another card type,
//!    or one the rules already derive, is rejected.
//!
//! Several Space Dock records of one card (reprints, the per-slot records of
//! a card that takes no slot, ids merged in 2014) map to it; export writes
//! one of them (the one with our card's title, then the one of the earliest
//! product, then Space Dock's first) and the others are aliases.

use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::{normalize, Database};
use fleetcheck_edit::interop::spacedock::{Entry, Mapping, Unmapped};
use std::collections::{HashMap, HashSet};

mod corrections;
mod sets;
mod xml;

pub use corrections::{parse_corrections, Correction};
pub use sets::{SetMap, CONTENT_MIN};
use xml::BAR;
pub use xml::{parse_data_xml, parse_sets, Record, SdSet, SpaceDockData};

/// The date of Space Dock's data (`Data.xml` version 2018-01-03@06-12): no
/// card first printed after it can be one of its records.
pub const SPACEDOCK_DATA_DATE: &str = "2018-01-03";

/// Where the hand corrections live, relative to `data/`.
pub const CORRECTIONS_PATH: &str = "interop/spacedock-corrections.toml";

/// Ids Space Dock merged into others in 2014 (still seen in old squad
/// files), from Space Dock's own notes: old id -> the id it became.
pub const MERGED: &[(&str, &str)] = &[
    ("3033", "3024"),
    ("3052", "3011"),
    ("3119", "3012"),
    ("quantum_torpedoes_71531", "3067"),
    ("energy_dissipator_op5prize", "3059"),
];

/// Letters and digits only, lowercase: "Romulan Bird-Of-Prey Class" and
/// "Romulan Bird-of-Prey Class" are the same, and so are "USS Cairo" and
/// "U.S.S. Cairo".
pub(super) fn loose(s: &str) -> String {
    normalize(s)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect()
}

fn faction_id(s: &str) -> String {
    normalize(s).replace(' ', "-")
}

/// Our card type for a record, and the upgrade slot it names.
pub(crate) fn kind_of(r: &Record) -> (CardType, Option<String>) {
    match r.element.as_str() {
        "Ship" => (CardType::Ship, None),
        "Captain" => (CardType::Captain, None),
        "Admiral" => (CardType::Admiral, None),
        "Resource" => (CardType::Resource, None),
        "Flagship" => (CardType::Flagship, None),
        "FleetCaptain" => (CardType::FleetCaptain, None),
        "Officer" => (CardType::Officer, None),
        _ if r.kind == "Resource" => (CardType::ShipResource, None),
        _ => (CardType::Upgrade, Some(r.kind.to_lowercase())),
    }
}

/// Space Dock's type of a record, as the mapping file names it.
fn kind_name(r: &Record) -> String {
    if r.kind.is_empty() {
        r.element.clone()
    } else {
        r.kind.clone()
    }
}

// ---- the derivation --------------------------------------------------------

/// The rule that decided a record (see the module header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// One card of the type and title, narrowed by faction, set (by the
    /// ids both builders share), cost, class and uniqueness.
    Title,
    /// As `Title`, where a set Space Dock numbers differently from us
    /// made the difference.
    TranslatedSet,
    /// As `Title`, a card that takes no slot of ours, for one of the
    /// per-slot records Space Dock keeps for it.
    NoSlot,
    /// Narrowed by printed facts (ship stats and upgrade bar, captain
    /// skill and talents).
    Printed,
    /// The other candidates were first printed after Space Dock's data.
    Date,
    /// Identical reprints: the earliest printed.
    Reprint,
    /// No card of the title: the one card of its type, slot, cost and
    /// faction in its sets that no other record there stands for.
    SetAndCost,
    /// A hand correction.
    Correction,
}

impl Rule {
    /// The rule's name in reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Rule::Title => "title",
            Rule::TranslatedSet => "translated-set",
            Rule::NoSlot => "no-slot",
            Rule::Printed => "printed-facts",
            Rule::Date => "date",
            Rule::Reprint => "reprint",
            Rule::SetAndCost => "set-and-cost",
            Rule::Correction => "correction",
        }
    }
}

/// The mapping and, for every mapped record, the rule that decided it.
#[derive(Debug, Clone, Default)]
pub struct Derived {
    pub mapping: Mapping,
    /// (Space Dock id, rule), in `Data.xml` order; aliases of merged ids
    /// are not listed.
    pub rules: Vec<(String, Rule)>,
}

/// Whether a card of ours fits a record's type and slot.
fn fits(c: &Card, kind: CardType, slot: Option<&str>) -> bool {
    let kind_ok =
        c.kind == kind || (kind == CardType::ShipResource && c.kind == CardType::Resource);
    kind_ok
        && match slot {
            // Space Dock has no slot-less upgrades: it keeps one record per
            // slot type for a card that takes no slot of ours.
            Some(s) => {
                c.rules.no_slot || fleetcheck_staw::fleet::resolve::upgrade_types(c).any(|t| t == s)
            }
            None => true,
        }
}

fn class_fits(db: &Database, c: &Card, r: &Record) -> bool {
    c.class
        .as_deref()
        .and_then(|id| db.class(id))
        .is_some_and(|k| loose(&k.name) == loose(&r.class))
}

/// The printed facts of a ship or captain record that ours must share.
fn printed_fits(c: &Card, r: &Record) -> bool {
    let same = |ours: Option<i32>, theirs: Option<i32>| theirs.is_none() || ours == theirs;
    match r.element.as_str() {
        "Ship" => {
            let bar_ok = BAR.iter().zip(r.bar).all(|(slot, n)| {
                n.is_none_or(|n| c.slots.iter().filter(|s| s == slot).count() as i32 == n)
            });
            same(c.attack, r.attack)
                && same(c.agility, r.agility)
                && same(c.hull, r.hull)
                && same(c.shields, r.shield)
                && bar_ok
        }
        "Captain" => {
            same(c.skill, r.skill) && same(c.talents.map(|t| t as i32).or(Some(0)), r.talent)
        }
        _ => true,
    }
}

/// Keeps the candidates `keep` accepts, if any; whether that left one.
fn narrow(cands: &mut Vec<&Card>, keep: impl Fn(&Card) -> bool) -> bool {
    if cands.len() < 2 {
        return false;
    }
    let n: Vec<&Card> = cands.iter().copied().filter(|c| keep(c)).collect();
    if !n.is_empty() && n.len() < cands.len() {
        *cands = n;
        return cands.len() == 1;
    }
    false
}

/// Derives the mapping from Space Dock's data and the hand corrections;
/// a correction that does not hold is an error (every one is listed).
pub fn derive(
    db: &Database,
    data: &SpaceDockData,
    corrections: &[Correction],
) -> Result<Mapping, String> {
    derive_explained(db, data, corrections).map(|d| d.mapping)
}

/// [`derive`], with the rule that decided each record.
pub fn derive_explained(
    db: &Database,
    data: &SpaceDockData,
    corrections: &[Correction],
) -> Result<Derived, String> {
    let records = &data.records;
    let mut names: HashMap<String, Vec<&Card>> = HashMap::new();
    // Builder helpers of another game mode are in no card pool: never a
    // Space Dock card.
    for c in db.cards.iter().filter(|c| !c.helper) {
        names.entry(loose(&c.name)).or_default().push(c);
    }
    let titled: Vec<Vec<&Card>> = records
        .iter()
        .map(|r| {
            let (kind, slot) = kind_of(r);
            names
                .get(&loose(&r.title))
                .map(|v| {
                    v.iter()
                        .copied()
                        .filter(|c| fits(c, kind, slot.as_deref()))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    let sets = SetMap::new(db, &data.sets, records, &titled);
    let ours: Vec<Vec<String>> = records.iter().map(|r| sets.ours(db, &r.sets)).collect();

    // Pass 1: by title.
    let mut found: Vec<(Vec<&Card>, Rule)> = Vec::with_capacity(records.len());
    for ((r, our_sets), cands) in records.iter().zip(&ours).zip(&titled) {
        let (kind, slot) = kind_of(r);
        let mut cands = cands.clone();
        // A generic ship whose Space Dock title is not ours ("Cardassian
        // Keldon"): the generic ships of its class.
        if cands.is_empty() && kind == CardType::Ship && !r.unique {
            cands = db
                .cards
                .iter()
                .filter(|c| c.kind == CardType::Ship && !c.unique && class_fits(db, c, r))
                .collect();
        }
        let mut rule = Rule::Title;
        let faction = faction_id(&r.faction);
        if !r.faction.is_empty() {
            narrow(&mut cands, |c| c.factions.contains(&faction));
        }
        // What Space Dock's own set ids alone would keep: where that is not
        // what our sets keep, the translation decided.
        let mut by_ids = cands.clone();
        narrow(&mut by_ids, |c| c.sets.iter().any(|s| r.sets.contains(s)));
        narrow(&mut cands, |c| c.sets.iter().any(|s| our_sets.contains(s)));
        if by_ids != cands {
            rule = Rule::TranslatedSet;
        }
        narrow(&mut cands, |c| c.cost.to_string() == r.cost);
        if r.element == "Ship" {
            narrow(&mut cands, |c| class_fits(db, c, r));
        }
        if matches!(r.element.as_str(), "Ship" | "Captain" | "Upgrade") {
            narrow(&mut cands, |c| c.unique == r.unique);
        }
        if narrow(&mut cands, |c| printed_fits(c, r)) {
            rule = Rule::Printed;
        }
        if narrow(&mut cands, |c| {
            db.release_date(c).is_some_and(|d| d <= SPACEDOCK_DATA_DATE)
        }) {
            rule = Rule::Date;
        }
        if cands.len() > 1 {
            let first = cands[0];
            if cands.iter().all(|c| c.is_reprint_of(first)) {
                let earliest = cands
                    .iter()
                    .copied()
                    .min_by_key(|c| (db.release_date(c).unwrap_or("9999"), db.index_of(&c.id)))
                    .expect("two or more candidates");
                cands = vec![earliest];
                rule = Rule::Reprint;
            }
        }
        if let ([one], Some(s)) = (cands.as_slice(), slot.as_deref()) {
            if rule == Rule::Title
                && one.rules.no_slot
                && !fleetcheck_staw::fleet::resolve::upgrade_types(one).any(|t| t == s)
            {
                rule = Rule::NoSlot;
            }
        }
        found.push((cands, rule));
    }

    // The cards each record stands for by title, by our set: in one product
    // each card has its own record, so these are not free for pass 2.
    let mut claimed: HashSet<(&str, &str)> = HashSet::new();
    for ((cands, _), our_sets) in found.iter().zip(&ours) {
        for c in cands {
            for s in our_sets {
                claimed.insert((c.id.as_str(), s.as_str()));
            }
        }
    }

    // Pass 2: no card of the title: the one free card of the record's
    // type, slot, cost and faction in its sets.
    let mut whys: Vec<Option<String>> = vec![None; records.len()];
    for (i, r) in records.iter().enumerate() {
        if !found[i].0.is_empty() {
            continue;
        }
        let (kind, slot) = kind_of(r);
        let faction = faction_id(&r.faction);
        let our_sets = &ours[i];
        let cands: Vec<&Card> = db
            .cards
            .iter()
            .filter(|c| !c.helper && fits(c, kind, slot.as_deref()))
            .filter(|c| c.cost.to_string() == r.cost)
            .filter(|c| r.faction.is_empty() || c.factions.contains(&faction))
            .filter(|c| r.element != "Ship" || (class_fits(db, c, r) && c.unique == r.unique))
            .filter(|c| {
                c.sets.iter().any(|s| {
                    our_sets.contains(s) && !claimed.contains(&(c.id.as_str(), s.as_str()))
                })
            })
            .collect();
        match cands.as_slice() {
            [one] => found[i] = (vec![*one], Rule::SetAndCost),
            [] => {
                whys[i] = Some(if our_sets.is_empty() {
                    "no card of this type and title; none of its sets is ours".into()
                } else {
                    format!(
                        "no card of this type and title, nor another of this type and cost in its set ({})",
                        our_sets.join(", ")
                    )
                })
            }
            many => {
                whys[i] = Some(format!(
                    "no card of this type and title; {} of this type and cost in its set ({}): {}",
                    many.len(),
                    our_sets.join(", "),
                    many.iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            }
        }
    }

    // Pass 3: the hand corrections.
    let index: HashMap<&str, usize> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), i))
        .collect();
    let mut errors = Vec::new();
    let mut corrected: HashMap<usize, &Correction> = HashMap::new();
    for c in corrections {
        let Some(&i) = index.get(c.spacedock.as_str()) else {
            errors.push(format!(
                "correction for Space Dock id {:?}: Space Dock's data has no such card",
                c.spacedock
            ));
            continue;
        };
        if corrected.insert(i, c).is_some() {
            errors.push(format!(
                "correction for Space Dock id {:?}: corrected twice",
                c.spacedock
            ));
            continue;
        }
        if c.why.trim().is_empty() {
            errors.push(format!(
                "correction for Space Dock id {:?}: no `why`",
                c.spacedock
            ));
        }
        let r = &records[i];
        let Some(id) = &c.id else {
            continue;
        };
        let Some(card) = db.by_id(id) else {
            errors.push(format!(
                "correction for Space Dock id {:?}: we have no card {id:?}",
                c.spacedock
            ));
            continue;
        };
        let (kind, slot) = kind_of(r);
        if card.helper || !fits(card, kind, slot.as_deref()) {
            errors.push(format!(
                "correction for Space Dock id {:?}: {} ({}) is not a {} card",
                c.spacedock,
                card.name,
                card.id,
                kind_name(r)
            ));
            continue;
        }
        if let [one] = found[i].0.as_slice() {
            if one.id == card.id {
                errors.push(format!(
                    "correction for Space Dock id {:?}: the rules already map it to {} ({}); remove the correction",
                    c.spacedock, card.name, card.id
                ));
                continue;
            }
        }
        found[i] = (vec![card], Rule::Correction);
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }

    let mut m = Mapping::default();
    let mut rules = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let (_, slot) = kind_of(r);
        if let Some(c) = corrected.get(&i).filter(|c| c.id.is_none()) {
            m.unmapped.push(Unmapped {
                spacedock: r.id.clone(),
                title: r.title.clone(),
                kind: kind_name(r),
                why: c.why.trim().to_string(),
            });
            continue;
        }
        let (cands, rule) = &found[i];
        match cands.as_slice() {
            [one] => {
                m.card.push(Entry {
                    spacedock: r.id.clone(),
                    id: one.id.clone(),
                    title: r.title.clone(),
                    // Only either-slot cards need the record's slot (also
                    // those whose card data prints one type and whose rules
                    // let them fill others: Systems Upgrade T057, a [tech]
                    // that fills a [crew] or [weapon] slot, is Space Dock's
                    // `systems_upgrade_c` in a crew slot, and a sideboard's
                    // section is read from it): a card that takes no slot
                    // is one card whatever record it came as.
                    slot: slot.filter(|_| {
                        let types = fleetcheck_staw::fleet::resolve::upgrade_types(one);
                        let first = one.slot.as_deref();
                        (first.is_none() || types.filter(|t| Some(*t) != first).count() > 0)
                            && !one.rules.no_slot
                    }),
                    alias: false,
                });
                rules.push((r.id.clone(), *rule));
            }
            [] => m.unmapped.push(Unmapped {
                spacedock: r.id.clone(),
                title: r.title.clone(),
                kind: kind_name(r),
                why: whys[i]
                    .clone()
                    .unwrap_or_else(|| "no card of this type and title".into()),
            }),
            many => m.unmapped.push(Unmapped {
                spacedock: r.id.clone(),
                title: r.title.clone(),
                kind: kind_name(r),
                why: format!(
                    "{} cards fit: {}",
                    many.len(),
                    many.iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        }
    }

    // Several Space Dock records of one card (and slot): export writes one,
    // the others are aliases. The one with our card's title (our generic
    // "Dominion" captain is Space Dock's "Dominion", not its "Breen"), then
    // the one of the earliest product (the original printing, not a
    // reprint), then Space Dock's first.
    let mut groups: HashMap<(String, Option<String>), Vec<usize>> = HashMap::new();
    for (i, e) in m.card.iter().enumerate() {
        groups
            .entry((e.id.clone(), e.slot.clone()))
            .or_default()
            .push(i);
    }
    let dates: HashMap<&str, &str> = data
        .sets
        .iter()
        .map(|s| (s.id.as_str(), s.date.as_str()))
        .collect();
    let position: HashMap<&str, (usize, &Record)> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), (i, r)))
        .collect();
    let order = |e: &Entry| {
        let (i, r) = position[e.spacedock.as_str()];
        let name = db.by_id(&e.id).map(|c| loose(&c.name)).unwrap_or_default();
        let earliest = r
            .sets
            .iter()
            .map(|s| {
                dates
                    .get(s.as_str())
                    .copied()
                    .or_else(|| db.set(s).map(|o| o.release_date.as_str()))
                    .unwrap_or("9999")
            })
            .min()
            .unwrap_or("9999");
        (loose(&r.title) != name, earliest, i)
    };
    let mut alias = vec![false; m.card.len()];
    for idx in groups.into_values() {
        let keep = idx
            .iter()
            .copied()
            .min_by_key(|&i| order(&m.card[i]))
            .expect("a group has a record");
        for i in idx {
            alias[i] = i != keep;
        }
    }
    for (e, a) in m.card.iter_mut().zip(alias) {
        e.alias = a;
    }
    // Old ids merged into others map to the same card.
    for (old, new) in MERGED {
        if let Some(e) = m.card.iter().find(|e| e.spacedock == *new).cloned() {
            m.card.push(Entry {
                spacedock: old.to_string(),
                alias: true,
                ..e
            });
        }
    }
    Ok(Derived { mapping: m, rules })
}

#[cfg(test)]
mod tests;
