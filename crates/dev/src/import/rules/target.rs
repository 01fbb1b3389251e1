//! Resolving the ship or captain a phrase of card text names ("a Klingon
//! ship", "the U.S.S. Defiant", "a Prometheus Class ship", "a Xindi Weapon",
//! "a Klingon Captain", "a ship with a Hull value of 3 or less") into
//! `model::Condition`s. Shared by the restriction and cost-modifier kinds.
//!
//! A name is tried as a ship name, then a faction, then a class (loosely:
//! "Intrepid-class", "Raptor class"), then a class family ("a Jem'Hadar
//! ship" is any class whose name starts with Jem'Hadar). Alternatives ("a
//! Vor'cha Class or Negh'var Class ship", "either a A, B or C ship") become
//! one `any` list when they are of one kind, else `any-of`.

use super::{faction_of, species_of, Cx};
use fleetcheck_data::model::Condition;
use regex::Regex;
use std::sync::LazyLock;

static STAT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:a |an )?(?:printed )?(hull|shields?|primary weapon|attack|agility|captain skill)(?: value| number)?(?: of| is)?(?: hull)? (\d+) or (less|lower|fewer|below|smaller|more|greater|higher|above|larger)$",
    )
    .unwrap()
});

/// "Unique", "Unique / Mirror Unique" (a Mirror Universe unique ship is a
/// unique ship for these cards).
static UNIQUE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^unique(?:\s*/\s*mirror unique)?$").unwrap());
static NAMED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)^captain named? (.+)$").unwrap());

/// Names the card texts use for classes.
const CLASS_ALIASES: &[(&str, &[&str])] = &[
    ("Bajoran Lightship", &["Bajoran Solar Sailor"]),
    (
        "Federation Shuttlecraft",
        &[
            "Type 7 Shuttlecraft",
            "Delta Flyer Class Shuttlecraft",
            "Delta Flyer Class",
        ],
    ),
];

/// Strips a leading article and trailing punctuation.
pub fn strip_article(s: &str) -> &str {
    let s = s.trim().trim_end_matches(['.', ',', ';', ':']).trim();
    for a in ["a ", "an ", "the ", "A ", "An ", "The "] {
        if let Some(r) = s.strip_prefix(a) {
            return r.trim();
        }
    }
    s
}

fn strip_suffix_ci<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let n = s.len().checked_sub(suffix.len())?;
    (s.is_char_boundary(n) && s[n..].eq_ignore_ascii_case(suffix)).then(|| s[..n].trim())
}

/// The condition for a single ship noun phrase ("Klingon ship", "U.S.S.
/// Defiant", "Prometheus Class ship").
pub fn one_ship(cx: &Cx, phrase: &str) -> Option<Condition> {
    let p = strip_article(phrase);
    if p.is_empty() {
        return None;
    }
    // "a non-Borg ship"
    if let Some(rest) = strip_non(p) {
        return one_ship(cx, rest).map(|c| Condition::Not { not: Box::new(c) });
    }
    if let Some(n) = cx.ship_names.get(&fleetcheck_data::normalize(p)) {
        return Some(Condition::ShipName {
            any: vec![n.clone()],
        });
    }
    let core = ["ships", "ship", "starship", "vessel"]
        .iter()
        .find_map(|s| strip_suffix_ci(p, &format!(" {s}")))
        .unwrap_or(p);
    if UNIQUE.is_match(core) {
        return Some(Condition::UniqueShip);
    }
    if let Some((_, names)) = CLASS_ALIASES
        .iter()
        .find(|(alias, _)| p.eq_ignore_ascii_case(alias) || core.eq_ignore_ascii_case(alias))
    {
        let mut ids = Vec::new();
        for n in *names {
            super::push_all_unique(&mut ids, cx.classes.lookup(n));
        }
        return (!ids.is_empty()).then_some(Condition::ShipClass { any: ids });
    }
    if let Some(n) = cx.ship_names.get(&fleetcheck_data::normalize(core)) {
        return Some(Condition::ShipName {
            any: vec![n.clone()],
        });
    }
    if let Some(f) = faction_of(core) {
        return Some(Condition::ShipFaction {
            any: vec![f.to_string()],
        });
    }
    for candidate in [p, core] {
        let ids = cx.classes.lookup(candidate);
        if !ids.is_empty() {
            return Some(Condition::ShipClass { any: ids });
        }
    }
    let ids = cx.classes.lookup_family(core);
    if !ids.is_empty() {
        return Some(Condition::ShipClass { any: ids });
    }
    None
}

/// The rest of "non-Borg ship" / "non Kazon ship", if the phrase is negated.
pub fn strip_non(p: &str) -> Option<&str> {
    let l = p.get(..4)?.to_lowercase();
    (l == "non-" || l == "non ").then(|| p[4..].trim())
}

/// Splits "A, B or C" / "A or B" / "A and B" into its alternatives.
pub fn alternatives(phrase: &str) -> Vec<&str> {
    let p = phrase.trim();
    let p = p
        .strip_prefix("either ")
        .or_else(|| p.strip_prefix("Either "))
        .unwrap_or(p);
    let mut out = Vec::new();
    for part in p.split(", ") {
        for alt in part.split(" or ") {
            for alt in alt.split(" and ") {
                let alt = alt.trim().trim_start_matches("or ").trim();
                if !alt.is_empty() {
                    out.push(alt);
                }
            }
        }
    }
    out
}

/// The condition for a ship phrase that may list alternatives. The noun of
/// the last alternative ("ship") is understood for the others.
pub fn ship(cx: &Cx, phrase: &str) -> Option<Condition> {
    if let Some(c) = one_ship(cx, phrase) {
        return Some(c);
    }
    let alts = alternatives(strip_article(phrase));
    if alts.len() < 2 {
        return None;
    }
    let mut conds = Vec::new();
    for a in alts {
        conds.push(one_ship(cx, a)?);
    }
    Some(merge_any(conds))
}

/// Sorts the `any` lists of a condition, so that equal conditions compare
/// equal whatever order flags and texts listed them in.
pub fn normalize(c: &mut Condition) {
    use Condition::*;
    match c {
        ShipFaction { any }
        | ShipClass { any }
        | ShipName { any }
        | CaptainFaction { any }
        | CaptainName { any }
        | CaptainSpecies { any }
        | AdmiralSpecies { any }
        | OtherShipFaction { any }
        | ShipHasCard { any } => {
            any.sort();
            any.dedup();
        }
        AnyOf { any } => {
            for c in any.iter_mut() {
                normalize(c);
            }
        }
        Not { not } => normalize(not),
        _ => {}
    }
}

/// Merges alternatives: one `any` list when all are of one kind.
pub fn merge_any(conds: Vec<Condition>) -> Condition {
    use Condition::*;
    let mut iter = conds.into_iter();
    let Some(mut acc) = iter.next() else {
        return AnyOf { any: Vec::new() };
    };
    for c in iter {
        acc = match (acc, c) {
            (ShipFaction { mut any }, ShipFaction { any: b }) => {
                extend_unique(&mut any, b);
                ShipFaction { any }
            }
            (ShipClass { mut any }, ShipClass { any: b }) => {
                extend_unique(&mut any, b);
                ShipClass { any }
            }
            (ShipName { mut any }, ShipName { any: b }) => {
                extend_unique(&mut any, b);
                ShipName { any }
            }
            (CaptainFaction { mut any }, CaptainFaction { any: b }) => {
                extend_unique(&mut any, b);
                CaptainFaction { any }
            }
            (CaptainName { mut any }, CaptainName { any: b }) => {
                extend_unique(&mut any, b);
                CaptainName { any }
            }
            (CaptainSpecies { mut any }, CaptainSpecies { any: b }) => {
                extend_unique(&mut any, b);
                CaptainSpecies { any }
            }
            (AnyOf { mut any }, c) => {
                super::push_unique(&mut any, c);
                AnyOf { any }
            }
            (a, c) => AnyOf { any: vec![a, c] },
        };
    }
    acc
}

fn extend_unique(v: &mut Vec<String>, more: Vec<String>) {
    for m in more {
        super::push_unique(v, m);
    }
}

/// The condition for a captain phrase ("Klingon Captain", "Loskene",
/// "a Captain with a Captain Skill of 5 or higher").
pub fn captain(cx: &Cx, phrase: &str) -> Option<Vec<Condition>> {
    let p = strip_article(phrase);
    // "a Romulan Captain" is any Romulan captain, even though one captain
    // card is named "Romulan Captain"; "Loskene" or "the Borg Queen" is a
    // name.
    let indefinite = {
        let l = phrase.trim_start().to_lowercase();
        l.starts_with("a ") || l.starts_with("an ")
    };
    if !indefinite {
        if let Some(n) = cx.captain_names.get(&fleetcheck_data::normalize(p)) {
            return Some(vec![Condition::CaptainName {
                any: vec![n.clone()],
            }]);
        }
    }
    // "Loskene or any other Tholian Captain", "Karr or a Hirogen Captain":
    // a name, or any captain of a kind ("a Klingon or Romulan Captain" is
    // no name: the generic captain named "Klingon" is not meant).
    if let Some(i) = p.to_lowercase().find(" or ").filter(|_| !indefinite) {
        let (first, rest) = (&p[..i], &p[i + 4..]);
        let name = Some(strip_article(first))
            .filter(|f| faction_of(f).is_none())
            .and_then(|f| cx.captain_names.get(&fleetcheck_data::normalize(f)));
        if let Some(n) = name {
            let mut other = captain(cx, rest)?;
            if other.len() != 1 {
                return None;
            }
            let name = Condition::CaptainName {
                any: vec![n.clone()],
            };
            return Some(vec![merge_any(vec![name, other.remove(0)])]);
        }
    }
    if let Some(rest) = strip_non(p) {
        // "a non-Borg Captain"
        let inner = captain(cx, &format!("a {rest}"))?;
        return Some(
            inner
                .into_iter()
                .map(|c| Condition::Not { not: Box::new(c) })
                .collect(),
        );
    }
    let lower = p.to_lowercase();
    if let Some(rest) = lower.strip_prefix("captain with ") {
        return stat(rest).map(|c| vec![c]);
    }
    if let Some(c) = NAMED.captures(p) {
        // "a Captain name Kang, Koloth, or Kor"
        let mut names = Vec::new();
        for a in alternatives(&c[1]) {
            names.push(
                cx.captain_names
                    .get(&fleetcheck_data::normalize(a))?
                    .clone(),
            );
        }
        return Some(vec![Condition::CaptainName { any: names }]);
    }
    // "any other Tholian Captain" is any Tholian captain.
    let p = ["any other ", "any "]
        .iter()
        .find_map(|a| {
            p.get(..a.len())
                .filter(|h| h.eq_ignore_ascii_case(a))
                .map(|_| &p[a.len()..])
        })
        .unwrap_or(p);
    // "a Hirogen Captain or Admiral": a species only (admirals have no
    // faction condition).
    if let Some(core) = strip_suffix_ci(p, " captain or admiral") {
        let sp = species_of(core)?;
        return Some(vec![Condition::AnyOf {
            any: vec![
                Condition::CaptainSpecies {
                    any: vec![sp.to_string()],
                },
                Condition::AdmiralSpecies {
                    any: vec![sp.to_string()],
                },
            ],
        }]);
    }
    let core = strip_suffix_ci(p, " captain").or_else(|| strip_suffix_ci(p, " captains"))?;
    // "a Tholian Captain": a species that is no faction.
    if let Some(sp) = species_of(core) {
        return Some(vec![Condition::CaptainSpecies {
            any: vec![sp.to_string()],
        }]);
    }
    let alts = alternatives(core);
    let mut factions = Vec::new();
    for a in alts {
        factions.push(faction_of(strip_article(a))?.to_string());
    }
    Some(vec![Condition::CaptainFaction { any: factions }])
}

/// A stat bound ("Hull value of 3 or less", "Primary Weapon Value of 3 or
/// less", "printed Captain Skill of 5 or higher").
pub fn stat(phrase: &str) -> Option<Condition> {
    let c = STAT.captures(strip_article(phrase))?;
    let n: i32 = c[2].parse().ok()?;
    let at_most = matches!(
        c[3].to_lowercase().as_str(),
        "less" | "lower" | "fewer" | "below" | "smaller"
    );
    let what = c[1].to_lowercase();
    Some(match (what.as_str(), at_most) {
        ("hull", true) => Condition::HullAtMost { value: n },
        ("hull", false) => Condition::HullAtLeast { value: n },
        ("shield" | "shields", true) => Condition::ShieldsAtMost { value: n },
        ("shield" | "shields", false) => Condition::ShieldsAtLeast { value: n },
        ("primary weapon" | "attack", true) => Condition::AttackAtMost { value: n },
        ("primary weapon" | "attack", false) => Condition::AttackAtLeast { value: n },
        ("captain skill", true) => Condition::CaptainSkillAtMost { value: n },
        ("captain skill", false) => Condition::CaptainSkillAtLeast { value: n },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::cx;
    use super::*;

    #[test]
    fn ships_by_name_faction_and_class() {
        let cx = cx();
        assert_eq!(
            ship(&cx, "the U.S.S. Defiant"),
            Some(Condition::ShipName {
                any: vec!["U.S.S. Defiant".into()]
            })
        );
        assert_eq!(
            ship(&cx, "a Klingon ship"),
            Some(Condition::ShipFaction {
                any: vec!["klingon".into()]
            })
        );
        assert_eq!(
            ship(&cx, "a Prometheus Class ship"),
            Some(Condition::ShipClass {
                any: vec!["prometheus_class".into()]
            })
        );
        assert_eq!(
            ship(&cx, "an Intrepid-class ship"),
            Some(Condition::ShipClass {
                any: vec!["intrepid_class".into()]
            })
        );
        assert_eq!(
            ship(&cx, "a Xindi Weapon"),
            Some(Condition::ShipClass {
                any: vec!["71225".into()]
            })
        );
        assert_eq!(
            ship(&cx, "a Species 8472 ship"),
            Some(Condition::ShipFaction {
                any: vec!["species-8472".into()]
            })
        );
        assert_eq!(
            ship(&cx, "a Jem'hadar ship"),
            Some(Condition::ShipClass {
                any: vec![
                    "5014".into(),
                    "jem_hadar_battle_cruiser".into(),
                    "jem_hadar_battleship".into()
                ]
            })
        );
        assert_eq!(ship(&cx, "a Unique ship"), Some(Condition::UniqueShip));
        assert_eq!(
            ship(&cx, "a non-Borg ship"),
            Some(Condition::Not {
                not: Box::new(Condition::ShipFaction {
                    any: vec!["borg".into()]
                })
            })
        );
        assert_eq!(
            captain(&cx, "a non-Borg Captain"),
            Some(vec![Condition::Not {
                not: Box::new(Condition::CaptainFaction {
                    any: vec!["borg".into()]
                })
            }])
        );
        assert_eq!(
            ship(&cx, "a Unique / Mirror Unique ship"),
            Some(Condition::UniqueShip)
        );
    }

    #[test]
    fn alternatives_merge() {
        let cx = cx();
        assert_eq!(
            ship(
                &cx,
                "either a Intrepid Class, Sovereign Class, or Galaxy Class ship"
            ),
            Some(Condition::ShipClass {
                any: vec![
                    "intrepid_class".into(),
                    "sovereign_class".into(),
                    "5000".into()
                ]
            })
        );
        assert_eq!(
            ship(&cx, "a Klingon or Romulan ship"),
            Some(Condition::ShipFaction {
                any: vec!["klingon".into(), "romulan".into()]
            })
        );
        assert_eq!(ship(&cx, "a Gorn ship"), None);
    }

    #[test]
    fn captains_and_stats() {
        let cx = cx();
        assert_eq!(
            captain(&cx, "a Klingon Captain"),
            Some(vec![Condition::CaptainFaction {
                any: vec!["klingon".into()]
            }])
        );
        assert_eq!(
            captain(&cx, "a Vidiian Captain"),
            None,
            "a species, not the card named Vidiian Captain"
        );
        assert_eq!(
            captain(&cx, "Loskene"),
            Some(vec![Condition::CaptainName {
                any: vec!["Loskene".into()]
            }])
        );
        // Species that are no faction (E103, E184, E187).
        let name_or =
            |name: &str, sp: &str| Some(vec![Condition::captain_named_or_of_species(name, sp)]);
        assert_eq!(
            captain(&cx, "Loskene or any other Tholian Captain"),
            name_or("Loskene", "tholian")
        );
        assert_eq!(
            captain(&cx, "S'Sesslak or a Gorn Captain"),
            name_or("S'Sesslak", "gorn")
        );
        assert_eq!(
            captain(&cx, "a Hirogen Captain or Admiral"),
            Some(vec![Condition::AnyOf {
                any: vec![
                    Condition::CaptainSpecies {
                        any: vec!["hirogen".into()]
                    },
                    Condition::AdmiralSpecies {
                        any: vec!["hirogen".into()]
                    },
                ]
            }])
        );
        assert_eq!(captain(&cx, "Loskene or any other Vidiian Captain"), None);
        // E283-style: factions, not the generic captain named "Klingon".
        let mut cx = cx;
        cx.captain_names.insert("klingon".into(), "Klingon".into());
        assert_eq!(
            captain(&cx, "Klingon or Romulan Captain"),
            Some(vec![Condition::CaptainFaction {
                any: vec!["klingon".into(), "romulan".into()]
            }])
        );
        assert_eq!(
            stat("a Hull value of 3 or less"),
            Some(Condition::HullAtMost { value: 3 })
        );
        assert_eq!(
            stat("a Primary Weapon Value of 4 or greater"),
            Some(Condition::AttackAtLeast { value: 4 })
        );
        assert_eq!(
            stat("a printed Captain Skill of 5 or higher"),
            Some(Condition::CaptainSkillAtLeast { value: 5 })
        );
        assert_eq!(
            stat("a hull of Hull 3 or less"),
            Some(Condition::HullAtMost { value: 3 })
        );
    }
}
