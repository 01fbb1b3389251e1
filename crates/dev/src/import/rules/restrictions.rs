//! Purchase restrictions (`rules.restrictions`): every condition must hold
//! for the ship (and its captain) the card is bought for.
//!
//! From flags: `ship<Faction>` (any of the flagged factions),
//! `captain<Faction>`, `<class>Limit` (any of the flagged classes, see
//! `CLASS_FLAGS`), `hullConstraint`/`shieldConstraint`/`attackConstraint`/
//! `csConstraint` (`"3-"` at most 3, `"4+"` at least 4). The `shipLimit`
//! flag (one captain) only marks a ship-specific card; its text names the
//! ship ("(Romulan Drone Ship Only)").
//!
//! From text: "may/can only be purchased/equipped/deployed for/to/by <target>",
//! where the target is a ship phrase, a captain phrase, or both joined by
//! "assigned to"/"on"/"with"/"that has" ("a Klingon Captain assigned to a
//! Klingon ship" is captain faction AND ship faction), optionally with stat
//! bounds ("a Federation ship with a Hull value of 3 or less"); "Ship must
//! have a hull of Hull 3 or less"; and "(<class> Only)" notes.
//!
//! Faction flagships and faction fleet captains: a ship, or a captain, of
//! their faction (R004, R010).
//!
//! ```toml
//! [[card.rules.restrictions]]
//! kind = "ship-faction"
//! any = ["vulcan"]
//! ```

use super::target::{self, strip_article};
use super::{faction_of_flag, push_all_unique, push_unique, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::{CardType, Condition};
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "restrictions",
    apply,
};

/// `<x>Limit` flags and the class names they stand for.
pub const CLASS_FLAGS: &[(&str, &[&str])] = &[
    ("aerieLimit", &["Aerie Class"]),
    ("akiraLimit", &["Akira Class"]),
    ("andorianLimit", &["Andorian Battle Cruiser"]),
    ("attackshipLimit", &["Jem'Hadar Attack Ship"]),
    ("battleshipLimit", &["Jem'Hadar Battleship"]),
    ("brelLimit", &["B'Rel Class"]),
    ("constitutionkLimit", &["Constitution Class (Kelvin)"]),
    ("dauntlessLimit", &["Dauntless Class"]),
    ("dderidexLimit", &["D'deridex Class"]),
    ("defiantLimit", &["Defiant Class", "Defiant Class (Mirror)"]),
    (
        "deltaflyerLimit",
        &["Delta Flyer Class", "Delta Flyer Class Shuttlecraft"],
    ),
    ("dkyrLimit", &["D'Kyr Class"]),
    ("dreadnaughtLimit", &["Cardassian ATR-4107"]),
    ("droneLimit", &["Romulan Drone Ship"]),
    ("excelsiorLimit", &["Excelsior Class"]),
    ("galorLimit", &["Cardassian Galor Class"]),
    ("gornLimit", &["Gorn Raider"]),
    ("hirogenLimit", &["Hirogen Warship"]),
    ("intrepidLimit", &["Intrepid Class"]),
    ("keldonLimit", &["Cardassian Keldon Class"]),
    ("kvortLimit", &["K'Vort Class"]),
    ("maquisraiderLimit", &["Maquis Raider"]),
    (
        "neghvarLimit",
        &["Negh'var Class", "Negh'var Class (Mirror)"],
    ),
    ("neradaLimit", &["Nerada-Type"]),
    ("novaLimit", &["Nova Class"]),
    ("numiriLimit", &["Numiri Patrol Ship"]),
    ("nxLimit", &["Federation NX Class"]),
    ("prometheusLimit", &["Prometheus Class"]),
    ("remanLimit", &["Reman Warbird"]),
    ("sovereignLimit", &["Sovereign Class"]),
    ("suurokLimit", &["Suurok Class"]),
    ("vidiianLimit", &["Vidiian Battle Cruiser"]),
    ("vorchaLimit", &["Vor'cha Class"]),
    ("warbirdLimit", &["Warbird Class"]),
];

static ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:may|can|my) only be (?:purchased|equipped|deployed|assigned|fielded|used)(?: to)? (?:for|to|by|on) (.+?)\s*(?:\.?\s*$|,? an[dy] (?:costs?|no ship|the sp|it costs|cannot|may not|only|you may|its?)\b)",
    )
    .unwrap()
});
/// "This Upgrade ... my not be deployed to a Borg ship": the target must not
/// hold (one condition only; several would need an all-of).
static NOT_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b(?:(?:may|can|my) not|cannot) be (?:purchased|equipped|deployed|assigned|fielded)(?: to)? (?:for|to|by|on) (.+?)\s*(?:\.?\s*$|,? an[dy] (?:costs?|no ship|the sp|it costs|cannot|only|you may|its?)\b)",
    )
    .unwrap()
});
static MUST_HAVE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^ship must have (.+?)\.?$").unwrap());
static ONLY_NOTE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^\(?\s*([^()]+?)\s+only\s*\)?\.?$").unwrap());
/// Connectors between the parts of a target phrase.
static CONNECTOR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i) (assigned to|equipped to|on|with|that has|who is on|whose) ").unwrap()
});

fn apply(cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut found: Vec<Condition> = Vec::new();
    flags(cx, s, &mut found)?;
    resource_cards(s, &mut found);
    let sentences: Vec<(usize, String)> = s
        .text
        .sentences()
        .map(|(at, t)| (at, t.to_string()))
        .collect();
    for (at, sentence) in &sentences {
        for c in ONLY.captures_iter(sentence) {
            let m = c.get(1).map_or(0..0, |m| m.range());
            if let Some(conds) = parse_target(cx, &c[1]) {
                push_all_unique(&mut found, conds);
                let whole = c.get(0).map_or(0..0, |m| m.range());
                s.text.consume(at + whole.start, at + m.end);
            }
        }
        if let Some(c) = NOT_TO.captures(sentence) {
            if let Some(mut conds) = parse_target(cx, &c[1]).filter(|c| c.len() == 1) {
                // "cannot be deployed to a ship that does not have ...":
                // the two negations cancel.
                let cond = match conds.remove(0) {
                    Condition::Not { not } => *not,
                    c => Condition::Not { not: Box::new(c) },
                };
                push_unique(&mut found, cond);
                let whole = c.get(0).map_or(0..0, |m| m.range());
                let target_end = c.get(1).map_or(0, |m| m.end());
                s.text.consume(at + whole.start, at + target_end);
            }
        }
        if let Some(c) = MUST_HAVE.captures(sentence) {
            if let Some(cond) = target::stat(&c[1]) {
                push_unique(&mut found, cond);
                s.text.consume(*at, at + sentence.len());
            }
        }
        if let Some(c) = ONLY_NOTE.captures(sentence) {
            let cond = target::ship(cx, &c[1]).or_else(|| {
                // "Vor'cha Class and Negh'var Class Only"
                let alts = target::alternatives(&c[1]);
                let conds: Option<Vec<Condition>> =
                    alts.iter().map(|a| target::one_ship(cx, a)).collect();
                conds.filter(|c| c.len() > 1).map(target::merge_any)
            });
            if let Some(cond) = cond {
                push_unique(&mut found, cond);
                s.text.consume(*at, at + sentence.len());
            }
        }
    }
    for mut c in found {
        // A text restriction equal to a flag one adds nothing.
        target::normalize(&mut c);
        push_unique(&mut s.card.rules.restrictions, c);
    }
    Ok(())
}

/// A faction flagship goes on a ship of its faction, a faction fleet
/// captain with a captain of its faction ("If a Federation, Klingon, Romulan,
/// or Dominion flagship option is chosen, players must assign a ship of the
/// same faction as their flagship", R004; the same for captains, R010).
/// The resources' own sentences are consumed: their cards carry the rule.
fn resource_cards(s: &mut Subject, out: &mut Vec<Condition>) {
    let independent = s.card.factions.iter().any(|f| f == "independent");
    let factions = s.card.factions.clone();
    match s.card.kind {
        CardType::Flagship if !independent => out.push(Condition::ShipFaction { any: factions }),
        CardType::FleetCaptain if !independent => {
            // "... must also be assigned to a ship of that same Faction".
            out.push(Condition::CaptainFaction {
                any: factions.clone(),
            });
            out.push(Condition::ShipFaction { any: factions });
        }
        _ => {}
    }
    if matches!(s.card.id.as_str(), "R004" | "R010") {
        let spans: Vec<(usize, usize)> = s
            .text
            .sentences()
            .filter(|(_, t)| SAME_FACTION.is_match(t))
            .map(|(at, t)| (at, at + t.len()))
            .collect();
        s.text.consume_all(spans);
    }
}

static SAME_FACTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)players must assign an? (?:ship|captain) of the same faction as their (?:flagship|fleet captain)").unwrap()
});

/// The restrictions of the raw flags.
fn flags(cx: &Cx, s: &Subject, out: &mut Vec<Condition>) -> Result<(), ImportError> {
    let raw = s.raw;
    let mut ship_factions = Vec::new();
    let mut captain_factions = Vec::new();
    let mut classes = Vec::new();
    for (key, _) in raw.obj.iter() {
        if !raw.flag(key).unwrap_or(false) {
            continue;
        }
        if let Some(f) = key.strip_prefix("ship").filter(|f| *f != "Limit") {
            if let Some(f) = faction_of_flag(f) {
                push_unique(&mut ship_factions, f.to_string());
            } else if f.starts_with(char::is_uppercase) {
                return Err(raw.error(format!("unknown ship faction flag `{key}`")));
            }
        } else if let Some(f) = key.strip_prefix("captain") {
            let f = faction_of_flag(f)
                .ok_or_else(|| raw.error(format!("unknown captain faction flag `{key}`")))?;
            push_unique(&mut captain_factions, f.to_string());
        } else if key.ends_with("Limit") && key != "shipLimit" {
            let (_, names) = CLASS_FLAGS
                .iter()
                .find(|(k, _)| k == key)
                .ok_or_else(|| raw.error(format!("unknown class flag `{key}`")))?;
            for n in *names {
                push_all_unique(&mut classes, cx.classes.lookup(n));
            }
            if classes.is_empty() {
                return Err(raw.error(format!("class flag `{key}` names no known class")));
            }
        }
    }
    if !ship_factions.is_empty() {
        out.push(Condition::ShipFaction { any: ship_factions });
    }
    if !captain_factions.is_empty() {
        out.push(Condition::CaptainFaction {
            any: captain_factions,
        });
    }
    if !classes.is_empty() {
        out.push(Condition::ShipClass { any: classes });
    }
    for (key, at_most, at_least) in [
        (
            "hullConstraint",
            (|v| Condition::HullAtMost { value: v }) as fn(i32) -> Condition,
            (|v| Condition::HullAtLeast { value: v }) as fn(i32) -> Condition,
        ),
        (
            "shieldConstraint",
            |v| Condition::ShieldsAtMost { value: v },
            |v| Condition::ShieldsAtLeast { value: v },
        ),
        (
            "attackConstraint",
            |v| Condition::AttackAtMost { value: v },
            |v| Condition::AttackAtLeast { value: v },
        ),
        (
            "csConstraint",
            |v| Condition::CaptainSkillAtMost { value: v },
            |v| Condition::CaptainSkillAtLeast { value: v },
        ),
    ] {
        let Some(v) = raw.str(key)? else { continue };
        let v = v.trim();
        let parse = |n: &str| {
            n.trim()
                .parse::<i32>()
                .map_err(|_| raw.error(format!("`{key}` has an unknown value {v:?}")))
        };
        if let Some(n) = v.strip_suffix('-') {
            out.push(at_most(parse(n)?));
        } else if let Some(n) = v.strip_suffix('+') {
            out.push(at_least(parse(n)?));
        } else {
            return Err(raw.error(format!("`{key}` has an unknown value {v:?}")));
        }
    }
    Ok(())
}

/// The conditions of a restriction target phrase, or `None` when any part
/// of it is not understood.
pub fn parse_target(cx: &Cx, phrase: &str) -> Option<Vec<Condition>> {
    let phrase = phrase.trim().trim_end_matches(['.', ',']);
    let mut out = Vec::new();
    // "that has the [battlestations] icon on its Action Bar": taken out
    // first, as its "on" is no connector.
    let owned;
    let phrase = match ACTION_CLAUSE.captures(phrase) {
        Some(c) => {
            let a = c[1].to_lowercase();
            if !fleetcheck_data::model::ACTIONS.contains(&a.as_str()) {
                return None;
            }
            out.push(Condition::ShipAction { action: a });
            let m = c.get(0).map_or(0..0, |m| m.range());
            owned = format!("{}{}", &phrase[..m.start], &phrase[m.end..]);
            owned.as_str()
        }
        None => phrase,
    };
    // Clauses about the ship's dial, arcs or name (`class_facts`).
    let (class_conds, without) = super::class_facts::take(phrase)?;
    out.extend(class_conds);
    let phrase = without.as_str();
    let mut parts = Vec::new();
    let mut last = 0;
    for m in CONNECTOR.find_iter(phrase) {
        parts.push(&phrase[last..m.start()]);
        last = m.end();
    }
    parts.push(&phrase[last..]);
    for part in parts {
        let part = strip_article(part);
        if ANY_SHIP_OR_CAPTAIN.is_match(part) {
            // "a ship with a Hull value of 3 or less", "a Captain assigned
            // to a D7-Class ship": the other parts say it all.
        } else if let Some(c) = target::stat(part) {
            out.push(c);
        } else if let Some(cs) = target::captain(cx, part) {
            out.extend(cs);
        } else if let Some(c) = target::ship(cx, part) {
            out.push(c);
        } else {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

static ACTION_CLAUSE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\s*(?:that has|with) the \[([a-z-]+)\] (?:icon|action) on its action bar")
        .unwrap()
});
static ANY_SHIP_OR_CAPTAIN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:one of your )?(?:ships?|captains?)$").unwrap());

#[cfg(test)]
#[path = "restrictions_tests.rs"]
mod tests;
