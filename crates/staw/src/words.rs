//! The small grammar of every STAW message: lists ("a, b or c"), articles,
//! counted nouns ("1 ship", "2 ships"), factions, species, slot types and
//! ship classes by their display names, and card filters in words. The
//! rule messages, the cost modifier sources, the swap plan notes and
//! `fleetcheck card` all speak through these, so that one card or faction
//! reads the same everywhere.

use fleetcheck_data::model::CardFilter;
use fleetcheck_data::{names, Database};

/// "a", "a or b", "a, b or c".
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    join(items, "or")
}

/// "a", "a and b", "a, b and c".
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    join(items, "and")
}

/// The items, commas between them and `word` before the last, written
/// into one string.
fn join<S: AsRef<str>>(items: &[S], word: &str) -> String {
    let len: usize = items.iter().map(|i| i.as_ref().len() + 2).sum();
    let mut out = String::with_capacity(len + word.len());
    push_join(&mut out, items.iter().map(AsRef::as_ref), word);
    out
}

/// [`join`] written at the end of `out` (no list or string of its own).
fn push_join<'s>(out: &mut String, items: impl ExactSizeIterator<Item = &'s str>, word: &str) {
    let n = items.len();
    for (i, item) in items.enumerate() {
        if i + 1 == n && i > 0 {
            out.push(' ');
            out.push_str(word);
            out.push(' ');
        } else if i > 0 {
            out.push_str(", ");
        }
        out.push_str(item);
    }
}

/// What something is not: "not A", "neither A nor B", "none of A, B and
/// C".
pub fn neither<S: AsRef<str> + std::fmt::Display>(items: &[S]) -> String {
    match items {
        [one] => format!("not {one}"),
        [first, second] => format!("neither {first} nor {second}"),
        _ => format!("none of {}", and_list(items)),
    }
}

/// A ship of none of these factions: "a non-Borg ship", "a ship that is
/// neither Vulcan nor Federation".
pub fn non_faction_ship(ids: &[String]) -> String {
    match ids {
        [one] => a(&format!("non-{} ship", names::faction(one))),
        _ => format!("a ship that is {}", neither(&faction_names(ids))),
    }
}

/// The indefinite article for a phrase: "an Independent ship", "a unique
/// ship", "a U.S.S. ship", "an [evade]".
pub fn article(phrase: &str) -> &'static str {
    let p = phrase.trim_start_matches('[').to_lowercase();
    let vowel = p.starts_with(['a', 'e', 'i', 'o', 'u']);
    // Words whose vowel letter sounds like "you", and initialisms read
    // letter by letter ("U.S.S.").
    let you = p.starts_with("uni") || p.starts_with("u.") || p.starts_with("use");
    if vowel && !you {
        "an"
    } else {
        "a"
    }
}

/// The phrase with its indefinite article: "an Akira Class ship".
pub fn a(phrase: &str) -> String {
    format!("{} {phrase}", article(phrase))
}

/// "1 ship", "2 ships", "0 ships".
pub fn count(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Faction ids by their display names, joined with "or": "Klingon or
/// Romulan".
pub fn factions_or(ids: &[String]) -> String {
    let mut out = String::new();
    push_faction_names(&mut out, ids, "or");
    out
}

/// Faction ids by their display names, joined with "and": "Federation and
/// Vulcan"; "no faction" for none.
pub fn factions_and<S: AsRef<str>>(ids: &[S]) -> String {
    if ids.is_empty() {
        return names::faction("no-faction").to_string();
    }
    let mut out = String::new();
    push_faction_names(&mut out, ids, "and");
    out
}

fn faction_names<S: AsRef<str>>(ids: &[S]) -> Vec<&str> {
    ids.iter().map(|f| names::faction(f.as_ref())).collect()
}

/// Faction ids by their display names, joined with `word`, written at
/// the end of `out`.
fn push_faction_names<S: AsRef<str>>(out: &mut String, ids: &[S], word: &str) {
    push_join(out, ids.iter().map(|f| names::faction(f.as_ref())), word);
}

/// What a card or ship of these factions is: "is Federation", "is
/// Federation and Vulcan", "has no faction".
pub(crate) fn is_factions(ids: &[String]) -> String {
    let mut out = String::new();
    push_is_factions(&mut out, ids);
    out
}

/// [`is_factions`] written at the end of `out` (a faction penalty's
/// source, made for every card that pays one, is written in one string).
pub(crate) fn push_is_factions(out: &mut String, ids: &[String]) {
    if ids.is_empty() || ids.iter().all(|f| f == "no-faction") {
        out.push_str("has no faction");
    } else {
        out.push_str("is ");
        push_faction_names(out, ids, "and");
    }
}

/// Species ids by their display names, joined with "or".
pub(crate) fn species_or(ids: &[String]) -> String {
    or_list(
        &ids.iter()
            .map(|s| names::species(s).to_string())
            .collect::<Vec<_>>(),
    )
}

/// Species ids by their display names, joined with "and".
pub fn species_and(ids: &[String]) -> String {
    and_list(
        &ids.iter()
            .map(|s| names::species(s).to_string())
            .collect::<Vec<_>>(),
    )
}

/// Upgrade slot types by their display names, joined with "or": "crew or
/// tech", "Borg".
pub(crate) fn slots_or<S: AsRef<str>>(ids: &[S]) -> String {
    or_list(
        &ids.iter()
            .map(|s| names::slot(s.as_ref()).to_string())
            .collect::<Vec<_>>(),
    )
}

/// Slot types as card icons: "[crew] or [tech]".
pub(crate) fn icons_or(ids: &[String]) -> String {
    or_list(&ids.iter().map(|s| format!("[{s}]")).collect::<Vec<_>>())
}

/// The display name of a ship class id (`classes.toml`), or the id when the
/// database does not know it.
pub fn class_name(db: &Database, id: &str) -> String {
    db.class(id)
        .map_or_else(|| id.to_string(), |c| c.name.clone())
}

/// A ship of a class, as a noun phrase with its article: "a Galaxy Class
/// ship", "an Akira Class ship", but "a Jem'Hadar Attack Ship" and "a Borg
/// Cube", whose class names already name the kind of ship; "a ship of class
/// x" for a class id the database does not know.
pub(crate) fn class_ship(db: &Database, id: &str) -> String {
    let Some(class) = db.class(id) else {
        return format!("a ship of class {id}");
    };
    let name = &class.name;
    // "Constitution Class (Refit)" is a class, "Delta Flyer Class
    // Shuttlecraft" a kind of ship.
    let lower = name.to_lowercase();
    let stem = match lower.rfind(" (") {
        Some(i) if lower.ends_with(')') => &lower[..i],
        _ => lower.as_str(),
    };
    let names_a_class = stem.ends_with(" class") || stem.ends_with("-type");
    if names_a_class {
        a(&format!("{name} ship"))
    } else {
        a(name)
    }
}

/// A card filter in words: "Romulan [crew] upgrades", "captains named Gareb
/// or Romulan Drone Pilot", "[borg] upgrades with a printed cost of 5 SP or
/// less". Card types are plural; upgrades when the filter names none.
pub fn filter_phrase(db: &Database, f: &CardFilter) -> String {
    let mut words = Vec::new();
    if !f.factions.is_empty() {
        words.push(factions_or(&f.factions));
    }
    if !f.not_factions.is_empty() {
        words.push(format!("non-{}", factions_or(&f.not_factions)));
    }
    if !f.slots.is_empty() {
        words.push(icons_or(&f.slots));
    }
    if f.question {
        words.push("?".into());
    }
    let kinds = if f.types.is_empty() {
        "upgrades".to_string()
    } else {
        or_list(
            &f.types
                .iter()
                .map(|t| format!("{}s", t.replace('-', " ")))
                .collect::<Vec<_>>(),
        )
    };
    words.push(kinds);
    let mut s = words.join(" ");
    if !f.names.is_empty() {
        s = format!("{s} named {}", or_list(&f.names));
    }
    if !f.name_words.is_empty() {
        s = format!("{s} with {} in the name", or_list(&f.name_words));
    }
    if let Some(m) = f.max_cost {
        s = format!("{s} with a cost of {m} SP or less");
    }
    if let Some(m) = f.max_printed_cost {
        s = format!("{s} with a printed cost of {m} SP or less");
    }
    if !f.restricted_to.is_empty() {
        let names: Vec<String> = f.restricted_to.iter().map(|c| class_name(db, c)).collect();
        s = format!("{s} restricted to the {}", or_list(&names));
    }
    if f.not_ship_specific {
        s = format!("{s} that name no ship or class");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::model::ShipClass;

    fn v(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn lists_articles_and_counts() {
        assert_eq!(or_list(&v(&[])), "");
        assert_eq!(or_list(&v(&["a"])), "a");
        assert_eq!(or_list(&v(&["a", "b"])), "a or b");
        assert_eq!(and_list(&v(&["a", "b", "c"])), "a, b and c");
        assert_eq!(a("Independent ship"), "an Independent ship");
        assert_eq!(a("unique ship"), "a unique ship");
        assert_eq!(a("U.S.S. ship"), "a U.S.S. ship");
        assert_eq!(a("[evade] action"), "an [evade] action");
        assert_eq!(a("Federation ship"), "a Federation ship");
        assert_eq!(count(1, "ship", "ships"), "1 ship");
        assert_eq!(count(0, "ship", "ships"), "0 ships");
        assert_eq!(count(2u32, "ship", "ships"), "2 ships");
        assert_eq!(neither(&v(&["A"])), "not A");
        assert_eq!(neither(&v(&["A", "B"])), "neither A nor B");
        assert_eq!(neither(&v(&["A", "B", "C"])), "none of A, B and C");
        assert_eq!(non_faction_ship(&v(&["borg"])), "a non-Borg ship");
        assert_eq!(
            non_faction_ship(&v(&["vulcan", "federation"])),
            "a ship that is neither Vulcan nor Federation"
        );
    }

    #[test]
    fn factions_by_their_display_names() {
        assert_eq!(
            factions_or(&v(&["klingon", "romulan"])),
            "Klingon or Romulan"
        );
        assert_eq!(
            factions_and(&v(&["federation", "vulcan"])),
            "Federation and Vulcan"
        );
        assert_eq!(is_factions(&v(&["mirror-universe"])), "is Mirror Universe");
        assert_eq!(is_factions(&v(&["no-faction"])), "has no faction");
        assert_eq!(is_factions(&[]), "has no faction");
        assert_eq!(species_or(&v(&["tholian", "gorn"])), "Tholian or Gorn");
        assert_eq!(slots_or(&["crew", "borg"]), "crew or Borg");
    }

    #[test]
    fn ships_of_a_class() {
        let class = |id: &str, name: &str| ShipClass {
            id: id.into(),
            name: name.into(),
            ..ShipClass::default()
        };
        let db = Database::of_classes(vec![
            class("akira", "Akira Class"),
            class("5014", "Jem'Hadar Attack Ship"),
            class("refit", "Constitution Class (Refit)"),
            class("nerada", "Nerada-Type"),
            class("flyer", "Delta Flyer Class Shuttlecraft"),
        ]);
        assert_eq!(class_ship(&db, "akira"), "an Akira Class ship");
        assert_eq!(class_ship(&db, "5014"), "a Jem'Hadar Attack Ship");
        assert_eq!(
            class_ship(&db, "refit"),
            "a Constitution Class (Refit) ship"
        );
        assert_eq!(class_ship(&db, "nerada"), "a Nerada-Type ship");
        assert_eq!(class_ship(&db, "flyer"), "a Delta Flyer Class Shuttlecraft");
        assert_eq!(
            class_ship(&db, "unknown_class"),
            "a ship of class unknown_class"
        );
    }

    #[test]
    fn filters_in_words() {
        let db = Database::default();
        let f = CardFilter {
            factions: v(&["romulan"]),
            slots: v(&["crew"]),
            ..CardFilter::default()
        };
        assert_eq!(filter_phrase(&db, &f), "Romulan [crew] upgrades");
        let f = CardFilter {
            types: v(&["captain"]),
            names: v(&["Gareb", "Romulan Drone Pilot"]),
            ..CardFilter::default()
        };
        assert_eq!(
            filter_phrase(&db, &f),
            "captains named Gareb or Romulan Drone Pilot"
        );
        let f = CardFilter {
            slots: v(&["borg"]),
            max_cost: Some(5),
            not_factions: v(&["borg"]),
            ..CardFilter::default()
        };
        assert_eq!(
            filter_phrase(&db, &f),
            "non-Borg [borg] upgrades with a cost of 5 SP or less"
        );
        let f = CardFilter {
            types: v(&["fleet-captain"]),
            ..CardFilter::default()
        };
        assert_eq!(filter_phrase(&db, &f), "fleet captains");
        let f = CardFilter {
            factions: v(&["independent"]),
            question: true,
            ..CardFilter::default()
        };
        assert_eq!(filter_phrase(&db, &f), "Independent ? upgrades");
    }
}
