//! The fleet-building rules of a card, from its structured flags and from
//! the phrases of its text. One rule kind per file, each with its doc
//! comment and unit tests on real card texts; `KINDS` is the registry, run
//! in order on every card. A kind fills its field of `model::Rules` and
//! marks the text spans it modeled as consumed; `detect` then reports every
//! rule phrase left unconsumed: its kind tag (`crate::import::unmodeled`) in
//! `rules.unmodeled`, the phrase itself only in memory (`Subject::phrases`).

pub mod adds_factions;
pub mod adds_slots;
pub mod class_facts;
pub mod cost_from_fleet;
pub mod cost_from_ship;
pub mod cost_modifiers;
pub mod cost_per_card;
pub mod detect;
pub mod discount_choices;
pub mod discounts;
pub mod either_slot;
pub mod extra_admirals;
pub mod fleet_captain;
pub mod fleet_excludes;
pub mod held;
pub mod max_per_ship;
pub mod no_admiral;
pub mod no_slot;
pub mod penalty;
pub mod restrictions;
pub mod set_costs;
pub mod ship_limits;
pub mod slot_terms;
pub mod slots_also;
pub mod species;
pub mod squadrons;
pub mod stat_bonuses;
pub mod talent_permissions;
pub mod target;

use super::classes::ClassIndex;
use super::raw::RawCard;
use super::text::CardText;
use super::ImportError;
pub(crate) use super::{push_all_unique, push_unique};
use fleetcheck_data::model::{AddSlot, Card, CardFilter};
use fleetcheck_data::unmodeled::Phrase;
use std::collections::BTreeMap;

/// What the rule parsers may look names up in.
#[derive(Debug, Default)]
pub struct Cx {
    pub classes: ClassIndex,
    /// Normalised ship name -> the ship name as printed.
    pub ship_names: BTreeMap<String, String>,
    /// Normalised captain name -> the captain name as printed.
    pub captain_names: BTreeMap<String, String>,
    /// Normalised names of every card (to check names quoted in texts).
    pub card_names: BTreeMap<String, String>,
}

/// One card being parsed: its raw entry, cleaned text and the card built so
/// far (facts and the rules of the kinds run before).
pub struct Subject<'a> {
    pub raw: &'a RawCard,
    pub text: CardText,
    pub card: Card,
    /// The unmodeled rule phrases found so far with their tags; never
    /// written (the card keeps only the tags).
    pub phrases: Vec<Phrase>,
}

impl Subject<'_> {
    /// Records a rule phrase no kind models: its tag on the card
    /// (`rules.unmodeled`, in vocabulary order), the phrase in memory.
    pub fn unmodeled(&mut self, tag: &'static str, phrase: String) {
        let tags = &mut self.card.rules.unmodeled;
        if !tags.iter().any(|t| t == tag) {
            tags.push(tag.to_string());
            fleetcheck_data::unmodeled::normalize(tags);
        }
        let p = Phrase { tag, text: phrase };
        if !self.phrases.contains(&p) {
            self.phrases.push(p);
        }
    }
}

/// One rule kind: a name (for coverage and messages) and its parser.
pub struct Kind {
    pub name: &'static str,
    pub apply: fn(&Cx, &mut Subject) -> Result<(), ImportError>,
}

/// The registry: every rule kind, in the order they run. Kinds that read
/// longer phrases run before kinds whose phrases they contain.
pub const KINDS: &[Kind] = &[
    species::KIND,
    cost_from_ship::KIND,
    cost_from_fleet::KIND,
    stat_bonuses::KIND,
    cost_modifiers::KIND,
    cost_per_card::KIND,
    restrictions::KIND,
    max_per_ship::KIND,
    no_slot::KIND,
    either_slot::KIND,
    adds_slots::KIND,
    slot_terms::KIND,
    discounts::KIND,
    discount_choices::KIND,
    talent_permissions::KIND,
    set_costs::KIND,
    held::KIND,
    penalty::KIND,
    adds_factions::KIND,
    fleet_excludes::KIND,
    no_admiral::KIND,
    ship_limits::KIND,
    slots_also::KIND,
    extra_admirals::KIND,
    squadrons::KIND,
    fleet_captain::KIND,
];

/// Runs every kind on a card, then the unmodeled-phrase detector.
pub fn apply_all(cx: &Cx, subject: &mut Subject) -> Result<(), ImportError> {
    for kind in KINDS {
        (kind.apply)(cx, subject)?;
    }
    detect::fill_unmodeled(subject);
    Ok(())
}

/// A faction id for a word of card text ("Klingon", "Species 8472",
/// "Mirror Universe", and "Mirror" alone), if it names one of the one list
/// (`fleetcheck_data::names::FACTIONS`; never `no-faction`): the word
/// without spaces and punctuation is the id without its hyphens.
pub fn faction_of(word: &str) -> Option<&'static str> {
    let w = letters_and_digits(word);
    if w == "mirror" {
        return Some("mirror-universe");
    }
    fleetcheck_data::names::FACTIONS
        .iter()
        .copied()
        .filter(|f| *f != fleetcheck_data::names::NO_FACTION)
        .find(|f| letters_and_digits(f) == w)
}

/// A word's letters and digits, lowercase ("Species 8472" -> "species8472").
fn letters_and_digits(word: &str) -> String {
    word.trim()
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A species id (`Card::species`) for a word of card text ("Tholian",
/// "Gorn"), if it names one that is no faction.
pub fn species_of(word: &str) -> Option<&'static str> {
    let w = letters_and_digits(word);
    fleetcheck_data::names::SPECIES
        .iter()
        .copied()
        .find(|s| *s == w)
}

/// The faction id of a raw flag suffix (`shipKlingon` -> "Klingon").
pub fn faction_of_flag(suffix: &str) -> Option<&'static str> {
    faction_of(suffix)
}

/// Consumes every match of `re` in the card's sentences; whether there was
/// one (a rule that one phrase switches on).
pub fn consume_matches(s: &mut Subject, re: &regex::Regex) -> bool {
    let spans: Vec<(usize, usize)> = s
        .text
        .sentences()
        .flat_map(|(at, t)| re.find_iter(t).map(move |m| (at + m.start(), at + m.end())))
        .collect();
    let found = !spans.is_empty();
    s.text.consume_all(spans);
    found
}

/// The byte range of the whole match `c` in the card text, for a sentence
/// that starts at byte `at`.
pub fn span_of(c: &regex::Captures, at: usize) -> (usize, usize) {
    let m = c.get(0).map_or(0..0, |m| m.range());
    (at + m.start, at + m.end)
}

/// A number word or digits ("one" -> 1, "2" -> 2).
pub fn number(word: &str) -> Option<u32> {
    let w = word.trim().to_lowercase();
    Some(match w.as_str() {
        "a" | "an" | "one" => 1,
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        _ => return w.parse().ok(),
    })
}

/// The qualifiers of a card filter, read forwards: factions, slot icons and
/// the ? type's icon joined by "and"/"or" ("Romulan [talent] and Klingon
/// [talent] ", "Independent Faction [question] "). A faction's icon reads as
/// its title ("Independent Faction"): the word "Faction" after a faction is
/// part of it. `[question]` is the ? Upgrade type (`CardFilter::question`:
/// the cards of type ?, as Q032 and Q033 are), not a slot. `None` when any
/// other word stands there.
pub fn qualifiers(words: &str) -> Option<CardFilter> {
    let mut f = CardFilter::default();
    let mut after_faction = false;
    for w in words.split_whitespace() {
        let wl = w.to_lowercase();
        let faction = faction_of(&wl);
        if wl == "[question]" {
            f.question = true;
        } else if let Some(slot) = slot_of(&wl).filter(|_| wl.starts_with('[')) {
            push_unique(&mut f.slots, slot.to_string());
        } else if let Some(fa) = faction {
            push_unique(&mut f.factions, fa.to_string());
        } else if !(matches!(wl.as_str(), "and" | "or") || (after_faction && wl == "faction")) {
            return None;
        }
        after_faction = faction.is_some();
    }
    Some(f)
}

/// The `adds_slots` entry that stands for the card's own printed [talent]
/// icons with terms (`AddSlot::icons`: Elim Garak's "his [talent] Upgrade"
/// pays no penalty, Duras' "[talent] Upgrades equipped to this Captain cost
/// 3 SP"), made on first use, so that one entry holds every term of the
/// icons; `None` for a card without talent icons.
pub fn own_icons(card: &mut Card) -> Option<&mut AddSlot> {
    let n = card.talents.filter(|&n| n > 0)?;
    let slots = &mut card.rules.adds_slots;
    let i = match slots.iter().position(|a| a.icons) {
        Some(i) => i,
        None => {
            let mut icons = AddSlot::plain(vec!["talent".into()], n);
            icons.icons = true;
            slots.push(icons);
            slots.len() - 1
        }
    };
    slots.get_mut(i)
}

/// A slot type from an icon (`[crew]`) or a word ("crew", "Weapon").
pub fn slot_of(word: &str) -> Option<&'static str> {
    let w = word
        .trim()
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_lowercase();
    fleetcheck_data::model::SLOT_TYPES
        .iter()
        .copied()
        .find(|s| *s == w || format!("{s}s") == w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualifiers_read_factions_icons_and_the_question_type() {
        let f = qualifiers("Independent Faction [question] ").unwrap();
        assert_eq!(f.factions, ["independent"]);
        assert!(f.question && f.slots.is_empty());
        let f = qualifiers("Romulan [talent] and Klingon [talent] ").unwrap();
        assert_eq!(
            (f.factions, f.slots),
            (
                vec!["romulan".to_string(), "klingon".to_string()],
                vec!["talent".to_string()]
            )
        );
        // "Faction" only after a faction; any other word: no filter.
        assert!(qualifiers("Faction [crew] ").is_none());
        assert!(qualifiers("other ").is_none());
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the kinds' unit tests: a subject from a real card text and
    //! raw flags, and a small name context.
    use super::*;
    use crate::import::raw::RawCard;
    use serde_json::{json, Value};

    /// A raw upgrade with this text and these extra raw fields.
    pub(crate) fn subject(id: &str, text: &str, extra: Value) -> Subject<'static> {
        let mut obj = json!({"type": "tech", "id": id, "name": "Test", "text": text,
            "factions": ["federation"], "cost": 3});
        if let (Some(o), Value::Object(e)) = (obj.as_object_mut(), extra) {
            o.extend(e);
        }
        let raw = Box::leak(Box::new(RawCard {
            file: "upgrades.json".into(),
            index: 0,
            ids: vec![id.to_string()],
            obj: obj.as_object().cloned().unwrap_or_default(),
        }));
        let card = crate::import::facts::card(raw, None).expect("test card");
        Subject {
            raw,
            text: CardText::new(text),
            card,
            phrases: Vec::new(),
        }
    }

    /// `cx()` that also knows these card names.
    pub(crate) fn cx_with_cards(names: &[&str]) -> Cx {
        let mut cx = cx();
        for n in names {
            cx.card_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        cx
    }

    /// A context with a few real ships and classes.
    pub(crate) fn cx() -> Cx {
        use crate::import::raw::RawCard;
        let class = |id: &str, name: &str| RawCard {
            file: "ship_classes.json".into(),
            index: 0,
            ids: vec![id.to_string()],
            obj: json!({"id": id, "name": name})
                .as_object()
                .cloned()
                .unwrap(),
        };
        let raw_classes = vec![
            class("5003", "Defiant Class"),
            class("prometheus_class", "Prometheus Class"),
            class("intrepid_class", "Intrepid Class"),
            class("5020", "K'Vort Class"),
            class("5018", "B'Rel Class"),
            class("5004", "D'deridex Class"),
            class("5012", "Cardassian Galor Class"),
            class("reman_warbird", "Reman Warbird"),
            class("71225", "Xindi Weapon"),
            class("5006", "Romulan Science Vessel"),
            class("romulan_drone_ship", "Romulan Drone Ship"),
            class("5014", "Jem'Hadar Attack Ship"),
            class("jem_hadar_battleship", "Jem'Hadar Battleship"),
            class("jem_hadar_battle_cruiser", "Jem'Hadar Battle Cruiser"),
            class("borg_cube", "Borg Cube"),
            class("bajoran_interceptor", "Bajoran Interceptor"),
            class("ardassian_ATR_4107", "Cardassian ATR-4107"),
            class("species_8472_bioship", "Species 8472 Bioship"),
            class("suurok_class", "Suurok Class"),
            class("akira_class", "Akira Class"),
            class("sovereign_class", "Sovereign Class"),
            class("5000", "Galaxy Class"),
            class("72224p", "Xindi Reptilian Warship"),
            class("krenim_weapon_ship", "Krenim Weapon Ship"),
            class("raptor_class", "Raptor Class"),
            class("5021", "Cardassian Keldon Class"),
        ];
        let (classes, _) = ClassIndex::build(&raw_classes, &[]).expect("classes");
        let mut cx = Cx {
            classes,
            ..Cx::default()
        };
        for n in [
            "U.S.S. Defiant",
            "I.S.S. Defiant",
            "U.S.S. Enterprise-D",
            "U.S.S. Voyager",
            "I.K.S. Negh'var",
            "Bajoran Lightship",
        ] {
            cx.ship_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        for n in [
            "Bio-Neural Circuitry",
            "Variable Geometry Pylons",
            "Borg Ablative Hull Armor",
        ] {
            cx.card_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        for n in ["Loskene", "S'Sesslak", "Jean-Luc Picard", "Vidiian Captain"] {
            cx.captain_names
                .insert(fleetcheck_data::normalize(n), n.to_string());
        }
        cx
    }
}
