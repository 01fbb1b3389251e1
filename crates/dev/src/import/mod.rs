//! Importers: the Utopia raw card data (`../shared/reference/staw-utopia`,
//! JSON) into the project's database (`data/staw`, TOML).
//!
//! The import is all in memory until the end: read and check every raw file
//! (`raw`), leave out the entries that are not cards (`facts::exclusion`;
//! the helpers of another game mode are cards, marked `helper`),
//! merge entries printed under one id, build each card's facts (`facts`,
//! `classes`, `sets`) and rules (`rules`, one unit per rule kind; a rule
//! phrase no kind models is recorded as a kind tag of `unmodeled`, its words
//! only in memory, for `unmodeled_phrases`), apply the
//! hand corrections (`corrections`), render the TOML files (`write`),
//! validate the result as a database (`validate`), and only then swap the
//! new files in. Any error names the raw file and card id and writes
//! nothing. Re-running on the same input gives identical bytes.

pub mod classes;
pub mod corrections;
pub mod facts;
pub mod raw;
pub mod rules;
pub mod sets;
pub mod text;
pub mod unmodeled;
pub mod write;

use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::validate;
use raw::RawCard;
use rules::{Cx, Subject};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Pushes `c` unless an equal value is already there.
pub(crate) fn push_unique<T: PartialEq>(v: &mut Vec<T>, c: T) {
    if !v.contains(&c) {
        v.push(c);
    }
}

/// Pushes each of `items` unless an equal value is already there.
pub(crate) fn push_all_unique<T: PartialEq>(v: &mut Vec<T>, items: impl IntoIterator<Item = T>) {
    for c in items {
        push_unique(v, c);
    }
}

/// An import failure. Nothing is written when one occurs.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{file}: malformed: {message}")]
    Malformed { file: String, message: String },
    #[error("{file}: card {id}: {message}")]
    Card {
        file: String,
        id: String,
        message: String,
    },
    #[error("corrections.toml: {0}")]
    Corrections(String),
    #[error("the imported database is invalid:\n{0}")]
    Invalid(String),
}

/// A raw entry left out of the database, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub struct Excluded {
    pub id: String,
    pub name: String,
    pub file: String,
    pub reason: String,
}

/// Coverage of the rule phrases (written to `coverage.toml`). Builder
/// helpers of another game mode (`Card::helper`) are cards of the database
/// but not of the default card pool: the phrase counts leave them out.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Coverage {
    /// Cards in the database.
    pub cards: usize,
    /// Of those, builder helpers (not counted below).
    pub helpers: usize,
    /// Cards whose text holds at least one fleet-building phrase.
    pub cards_with_rule_phrases: usize,
    /// Of those, cards with no unmodeled phrase.
    pub fully_modeled: usize,
    /// `fully_modeled / cards_with_rule_phrases`, in percent (one decimal).
    pub percent: f64,
    /// Cards whose text holds a purchase restriction or cost phrase.
    pub cards_with_restriction_or_cost_phrases: usize,
    /// Of those, cards with no unmodeled phrase.
    pub restriction_or_cost_fully_modeled: usize,
    pub restriction_or_cost_percent: f64,
    /// Cards carrying each rule kind.
    pub by_kind: BTreeMap<String, usize>,
}

/// The result of an import, before it is written.
#[derive(Debug)]
pub struct Imported {
    /// Relative path -> file contents, for every generated file.
    pub files: BTreeMap<String, String>,
    pub cards: Vec<Card>,
    pub excluded: Vec<Excluded>,
    pub coverage: Coverage,
    /// Things the importer decided that a reader should know.
    pub notes: Vec<String>,
}

/// The raw data parsed into cards, before the hand corrections.
struct Parsed {
    sets: Vec<fleetcheck_data::model::Set>,
    cx: Cx,
    cards: Vec<Card>,
    excluded: Vec<Excluded>,
    notes: Vec<String>,
    /// Card id -> (has a rule phrase, has a restriction or cost phrase).
    phrase_cards: BTreeMap<String, (bool, bool)>,
    /// Card id -> its unmodeled rule phrases with their tags (memory only).
    phrases: BTreeMap<String, Vec<fleetcheck_data::unmodeled::Phrase>>,
    /// Card id and alias id -> its cleaned text, where the corrections'
    /// evidence is read (memory only).
    texts: corrections::Texts,
}

/// Imports the raw data in `input`, applying `corrections` (the text of a
/// `corrections.toml`, if any). Writes nothing.
pub fn import_utopia(input: &Path, corrections: Option<&str>) -> Result<Imported, ImportError> {
    let Parsed {
        sets,
        cx,
        mut cards,
        mut excluded,
        notes,
        phrase_cards,
        phrases: _,
        texts,
    } = parse(input)?;
    if let Some(text) = corrections {
        corrections::apply(text, &mut cards, &mut excluded, &texts)?;
    }
    for c in &cards {
        if c.kind == CardType::Upgrade
            && c.slot.is_none()
            && c.rules.either_slot.is_empty()
            && !c.rules.no_slot
        {
            let file = "upgrades.json".to_string();
            return Err(ImportError::Card {
                file,
                id: c.id.clone(),
                message: "unclassifiable upgrade: no slot type, no either-slot phrase and no \
                          no-slot phrase (fix it in corrections.toml)"
                    .into(),
            });
        }
    }
    excluded.sort();
    write::sort_cards(&mut cards);

    let coverage = coverage(&cards, &phrase_cards);
    let files = write::render(&cards, &sets, &cx.classes, &excluded, &coverage)?;
    let db =
        fleetcheck_data::Database::from_files(files.iter().map(|(p, t)| (p.clone(), t.clone())))
            .map_err(|e| ImportError::Invalid(e.to_string()))?;
    let problems = validate::check(&db, validate::Options::importer());
    if !problems.is_empty() {
        let list: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        return Err(ImportError::Invalid(list.join("\n")));
    }
    Ok(Imported {
        files,
        cards,
        excluded,
        coverage,
        notes,
    })
}

/// The rule phrases of the raw data in `input` that the importer leaves
/// unmodeled, by card id, each with its tag: the card's own words, read at
/// run time and never stored (`data check --unmodeled --from`). Before hand
/// corrections: a correction may clear or change a card's tags.
pub fn unmodeled_phrases(
    input: &Path,
) -> Result<BTreeMap<String, Vec<fleetcheck_data::unmodeled::Phrase>>, ImportError> {
    Ok(parse(input)?.phrases)
}

/// Reads and parses the raw data: every card's facts and rules.
fn parse(input: &Path) -> Result<Parsed, ImportError> {
    let sets = sets::read_sets(input)?;
    let set_ids: BTreeSet<&str> = sets.iter().map(|s| s.id.as_str()).collect();
    let raw_classes = raw::read_cards(input, "ship_classes.json")?;
    let mut notes = Vec::new();
    let mut excluded = Vec::new();
    let mut kept: Vec<RawCard> = Vec::new();
    for (file, types) in raw::CARD_FILES {
        for r in raw::read_cards(input, file)? {
            if !types.contains(&r.kind()) {
                return Err(r.error(format!("unknown card type {:?} for {file}", r.kind())));
            }
            if let Some(reason) = facts::exclusion(&r) {
                excluded.push(Excluded {
                    id: r.ids.join(", "),
                    name: r
                        .str("name")
                        .ok()
                        .flatten()
                        .unwrap_or("")
                        .trim()
                        .to_string(),
                    file: file.to_string(),
                    reason,
                });
                continue;
            }
            for s in r.strings("set")? {
                if !set_ids.contains(s.as_str()) {
                    return Err(r.error(format!("set {s:?} is not in sets.json")));
                }
            }
            kept.push(r);
        }
    }
    let groups = merge_duplicates(&kept, &mut notes)?;

    // Classes: every ship's class must resolve (or be created).
    let ship_raws: Vec<&RawCard> = groups
        .iter()
        .map(|g| &kept[g.entries[0]])
        .filter(|r| r.kind() == "ship")
        .collect();
    let (class_index, ship_classes) = classes::ClassIndex::build(&raw_classes, &ship_raws)?;
    let mut class_of: BTreeMap<String, String> = BTreeMap::new();
    for (r, c) in ship_raws.iter().zip(ship_classes) {
        class_of.insert(r.id().to_string(), c);
    }
    let mut cx = Cx {
        classes: class_index,
        ..Cx::default()
    };
    for g in &groups {
        let r = &kept[g.entries[0]];
        // Names in card texts are names of the default card pool: a helper
        // of another game mode ("Tactical Officer", AP1002) is never meant.
        if facts::is_helper(r) {
            continue;
        }
        let name = r.str("name")?.unwrap_or("").trim().to_string();
        cx.card_names
            .insert(fleetcheck_data::normalize(&name), name.clone());
        match r.kind() {
            "ship" => {
                cx.ship_names
                    .insert(fleetcheck_data::normalize(&name), name);
            }
            "captain" => {
                cx.captain_names
                    .insert(fleetcheck_data::normalize(&name), name);
            }
            _ => {}
        }
    }

    let mut cards = Vec::new();
    let mut phrase_cards: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    let mut phrases = BTreeMap::new();
    let mut texts = corrections::Texts::new();
    for g in &groups {
        let r = &kept[g.entries[0]];
        let mut card = facts::card(r, class_of.get(r.id()).cloned())?;
        card.id = g.id.clone();
        card.alias_ids = g.aliases.clone();
        card.sets = g.sets.clone();
        let mut subject = Subject {
            raw: r,
            text: text::CardText::new(r.text()),
            card,
            phrases: Vec::new(),
        };
        rules::apply_all(&cx, &mut subject)?;
        phrase_cards.insert(
            subject.card.id.clone(),
            (
                rules::detect::has_rule_phrase(&subject.text.text),
                rules::detect::has_restriction_or_cost_phrase(&subject.text.text),
            ),
        );
        if !subject.phrases.is_empty() {
            phrases.insert(subject.card.id.clone(), subject.phrases);
        }
        for id in std::iter::once(&subject.card.id).chain(&subject.card.alias_ids) {
            texts.insert(id.clone(), subject.text.text.clone());
        }
        cards.push(subject.card);
    }

    Ok(Parsed {
        sets,
        cx,
        cards,
        excluded,
        notes,
        phrase_cards,
        phrases,
        texts,
    })
}

/// Imports `input` into the database directory `out` (its
/// `corrections.toml`, if present, is applied). Writes nothing on error.
pub fn run(input: &Path, out: &Path) -> Result<Imported, ImportError> {
    let corrections_path = out.join("corrections.toml");
    let corrections = match std::fs::read_to_string(&corrections_path) {
        Ok(t) => Some(t),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(source) => {
            return Err(ImportError::Io {
                path: corrections_path.display().to_string(),
                source,
            })
        }
    };
    let imported = import_utopia(input, corrections.as_deref())?;
    write::write_atomically(out, &imported.files)?;
    Ok(imported)
}

/// Raw entries that are one card: their positions in the kept list, the
/// card id, its alias ids and the union of their sets.
struct Group {
    entries: Vec<usize>,
    id: String,
    aliases: Vec<String>,
    sets: Vec<String>,
}

/// Groups raw entries that share an id (S199 listed twice; `["T308",
/// "T308a"]` next to `"T308"`). The facts of the entries must agree.
fn merge_duplicates(kept: &[RawCard], notes: &mut Vec<String>) -> Result<Vec<Group>, ImportError> {
    let mut group_of_id: BTreeMap<&str, usize> = BTreeMap::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, r) in kept.iter().enumerate() {
        let existing: BTreeSet<usize> = r
            .ids
            .iter()
            .filter_map(|id| group_of_id.get(id.as_str()).copied())
            .collect();
        let g = match existing.len() {
            0 => {
                groups.push(Vec::new());
                groups.len() - 1
            }
            1 => *existing.iter().next().unwrap_or(&0),
            _ => {
                return Err(r.error("its ids join two different cards"));
            }
        };
        groups[g].push(i);
        for id in &r.ids {
            group_of_id.insert(id, g);
        }
    }
    let mut out = Vec::new();
    for entries in groups {
        let first = &kept[entries[0]];
        let mut count: BTreeMap<&str, usize> = BTreeMap::new();
        let mut sets: Vec<String> = Vec::new();
        for &e in &entries {
            let r = &kept[e];
            for id in &r.ids {
                *count.entry(id).or_default() += 1;
            }
            rules::push_all_unique(&mut sets, r.strings("set")?);
            if e != entries[0] {
                for key in ["type", "name", "cost", "factions", "unique"] {
                    let a = first.get(key).map(|v| v.to_string().trim().to_lowercase());
                    let b = r.get(key).map(|v| v.to_string().trim().to_lowercase());
                    if a != b {
                        return Err(r.error(format!(
                            "listed twice with different `{key}` ({} and {})",
                            a.unwrap_or_default(),
                            b.unwrap_or_default()
                        )));
                    }
                }
            }
        }
        // The id shared by most entries, then the shortest, is the card id.
        let id = count
            .iter()
            .max_by(|a, b| {
                a.1.cmp(b.1)
                    .then(b.0.len().cmp(&a.0.len()))
                    .then(b.0.cmp(a.0))
            })
            .map(|(id, _)| id.to_string())
            .unwrap_or_default();
        let aliases: Vec<String> = count
            .keys()
            .filter(|k| **k != id)
            .map(|k| k.to_string())
            .collect();
        if entries.len() > 1 {
            notes.push(format!(
                "{} ({}) is listed {} times in {}: kept once{}, sets united",
                id,
                first.str("name")?.unwrap_or("").trim(),
                entries.len(),
                first.file,
                if aliases.is_empty() {
                    String::new()
                } else {
                    format!(" with alias ids {}", aliases.join(", "))
                }
            ));
        }
        out.push(Group {
            entries,
            id,
            aliases,
            sets,
        });
    }
    Ok(out)
}

fn coverage(cards: &[Card], phrases: &BTreeMap<String, (bool, bool)>) -> Coverage {
    let mut c = Coverage {
        cards: cards.len(),
        ..Coverage::default()
    };
    for card in cards {
        if card.helper {
            c.helpers += 1;
            continue;
        }
        let (any, rc) = phrases.get(&card.id).copied().unwrap_or_default();
        let modeled = card.rules.unmodeled.is_empty();
        if any {
            c.cards_with_rule_phrases += 1;
            c.fully_modeled += usize::from(modeled);
        }
        if rc {
            c.cards_with_restriction_or_cost_phrases += 1;
            c.restriction_or_cost_fully_modeled += usize::from(modeled);
        }
        let r = &card.rules;
        for (kind, has) in [
            ("restrictions", !r.restrictions.is_empty()),
            ("max_per_ship", r.max_per_ship.is_some()),
            ("no_slot", r.no_slot),
            ("either_slot", !r.either_slot.is_empty()),
            ("adds_slots", !r.adds_slots.is_empty()),
            ("slot_terms", r.adds_slots.iter().any(|a| a.has_terms())),
            ("cost_modifiers", !r.cost_modifiers.is_empty()),
            ("cost_per_card", !r.cost_per_card.is_empty()),
            ("cost_from_ship", r.cost_from_ship.is_some()),
            ("cost_from_fleet", r.cost_from_fleet.is_some()),
            ("stat_bonuses", !r.stat_bonuses.is_empty()),
            ("discounts", !r.discounts.is_empty()),
            ("penalty", !r.penalty.is_empty()),
            ("adds_factions", !r.adds_factions.is_empty()),
            ("captains", r.captains.is_some()),
            ("set_costs", !r.set_costs.is_empty()),
            ("fleet_excludes", !r.fleet_excludes.is_empty()),
            ("no_admiral", r.no_admiral),
            ("no_ambassador", r.no_ambassador),
            ("ship_limits", !r.ship_limits.is_empty()),
            ("no_slot_for", !r.no_slot_for.is_empty()),
            ("extra_admirals", !r.extra_admirals.is_empty()),
            ("slots_also", !r.slots_also.is_empty()),
            ("squadrons", r.squadrons.is_some()),
            ("free_talent_for_bonus", r.free_talent_for_bonus),
            ("unique_fleet_captain", r.unique_fleet_captain),
            ("unmodeled", !r.unmodeled.is_empty()),
        ] {
            if has {
                *c.by_kind.entry(kind.to_string()).or_default() += 1;
            }
        }
    }
    let pct = |a: usize, b: usize| {
        if b == 0 {
            100.0
        } else {
            (a as f64 * 1000.0 / b as f64).round() / 10.0
        }
    };
    c.percent = pct(c.fully_modeled, c.cards_with_rule_phrases);
    c.restriction_or_cost_percent = pct(
        c.restriction_or_cost_fully_modeled,
        c.cards_with_restriction_or_cost_phrases,
    );
    c
}
