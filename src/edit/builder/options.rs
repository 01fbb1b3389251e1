//! `options`: the cards that could legally be added to a ship (or to a
//! sideboard section) now. Each candidate is added to an in-memory copy of
//! the fleet file (the same edit `add` makes) and the copy is checked by
//! the engine: a candidate is an option when the edit brings no new error
//! (a free slot, its restrictions met, uniqueness kept, the caps kept). Its
//! cost is the one the engine gives it on that ship, with every modifier
//! named, and the SP left is the cap minus the new total.
//!
//! To keep this fast, upgrades that fit no free slot type of the ship (and
//! need a slot) are not tried, and a card printed in several sets is tried
//! once.

use super::{add, Kind, Place, Query};
use crate::data::model::{Card, CardType};
use crate::data::{normalize, Database};
use crate::input::diag::Source;
use crate::report::model::{CardReport, Modifier};
use crate::report::Checked;
use crate::staw::fleet::resolve::upgrade_types;
use crate::staw::CheckOptions;
use serde::Serialize;
use std::collections::HashMap;

/// Where to look for options.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    /// The ship (1-based); ignored with `sideboard`.
    pub ship: Option<usize>,
    /// Only this slot type (`crew`, `tech`, ...), or `captain`/`admiral`.
    pub slot: Option<String>,
    /// A sideboard section instead of a ship.
    pub sideboard: Option<String>,
    /// Only cards of this faction.
    pub faction: Option<String>,
    /// Only cards that would cost at most this.
    pub max_cost: Option<i32>,
}

/// One card that could be added.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Option_ {
    pub id: String,
    pub name: String,
    /// `captain`, `admiral`, or the upgrade's slot type(s).
    #[serde(rename = "type")]
    pub kind: String,
    pub factions: Vec<String>,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    /// What it would cost there.
    pub cost: i32,
    /// The fleet (or sideboard) total with it.
    pub total: i32,
    /// The cap minus that total, when there is a cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<i32>,
}

/// The answer: where, and the options sorted by cost.
#[derive(Debug, Clone, Serialize)]
pub struct Options {
    /// "ship 2 (U.S.S. Defiant)" or "the sideboard's tech section".
    pub place: String,
    pub options: Vec<Option_>,
}

fn errors_by_code(c: &Checked) -> HashMap<&str, usize> {
    let mut m = HashMap::new();
    for d in c.diagnostics.iter().filter(|d| d.is_error()) {
        *m.entry(d.code.as_str()).or_insert(0) += 1;
    }
    m
}

fn kind_label(c: &Card) -> String {
    match c.kind {
        CardType::Upgrade => upgrade_types(c).collect::<Vec<_>>().join("/"),
        k => k.as_str().to_string(),
    }
}

/// Finds the options; an error when the fleet cannot be read or the place
/// does not exist.
pub fn options(
    db: &Database,
    source: &Source,
    opts: &CheckOptions,
    ask: &Ask,
) -> Result<Options, super::EditError> {
    if let Err(c) = crate::edit::staw_only(source) {
        let why = c
            .diagnostics
            .first()
            .map_or(String::new(), |d| d.message.clone());
        return Err(super::EditError::new(format!("input error: {why}")));
    }
    // One analysis: the fleet's report, and each ship's free slots.
    let (base, ships) = crate::report::staw::check_and(db, source.clone(), opts, |a| {
        a.ships
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let free: Vec<String> = s.free_slots().flat_map(|s| s.accepts.clone()).collect();
                (
                    free,
                    s.entry.captain.is_none(),
                    s.entry.admiral.is_none(),
                    s.label(i),
                )
            })
            .collect::<Vec<_>>()
    });
    if base.exit_code() == 2 {
        return Err(super::EditError::new(
            "the fleet has an input error; `fleetcheck check` shows it",
        ));
    }
    let before = errors_by_code(&base);
    // Free slot types of the ship, from the priced fleet.
    let (place, kinds, section) = match &ask.sideboard {
        Some(section) => {
            let s = section.trim().to_lowercase();
            if !crate::staw::fleet::read::SIDEBOARD_SECTIONS.contains(&s.as_str()) {
                return Err(super::EditError::new(format!(
                    "`{s}` is not a sideboard section (sections: {})",
                    crate::staw::fleet::read::SIDEBOARD_SECTIONS.join(", ")
                )));
            }
            (format!("the sideboard's {s} section"), Vec::new(), Some(s))
        }
        None => {
            let n = ask.ship.unwrap_or(1);
            let count = base.report.ships.len();
            if n == 0 || n > count {
                return Err(super::EditError::new(format!(
                    "there is no ship {n}: the fleet has {count} ship{}",
                    if count == 1 { "" } else { "s" }
                )));
            }
            let Some((free, no_captain, no_admiral, label)) =
                ships.and_then(|mut all| (n <= all.len()).then(|| all.swap_remove(n - 1)))
            else {
                return Err(super::EditError::new("the fleet could not be priced"));
            };
            let mut kinds = vec![(Kind::Upgrade, free)];
            if no_captain {
                kinds.push((Kind::Captain, Vec::new()));
            }
            if no_admiral {
                kinds.push((Kind::Admiral, Vec::new()));
            }
            (label, kinds, None)
        }
    };
    let slot = ask.slot.as_deref().map(|s| s.trim().to_lowercase());
    let faction = ask
        .faction
        .as_deref()
        .map(|f| normalize(f).replace(' ', "-"));
    let mut seen: Vec<&Card> = Vec::new();
    let mut out = Vec::new();
    for card in &db.cards {
        if let Some(f) = &faction {
            if !card.factions.contains(f) {
                continue;
            }
        }
        let kind = match (&section, card.kind) {
            (Some(s), CardType::Captain) if s == "captain" => Kind::Sideboard,
            (Some(s), CardType::Upgrade) if upgrade_types(card).any(|t| t == s) => Kind::Sideboard,
            (Some(_), _) => continue,
            (None, CardType::Upgrade) => {
                let Some((_, free)) = kinds.iter().find(|(k, _)| *k == Kind::Upgrade) else {
                    continue;
                };
                let fits =
                    card.rules.no_slot || upgrade_types(card).any(|t| free.iter().any(|f| f == t));
                if !fits {
                    continue;
                }
                if let Some(s) = &slot {
                    if !upgrade_types(card).any(|t| t == s) {
                        continue;
                    }
                }
                Kind::Upgrade
            }
            (None, CardType::Captain | CardType::Admiral) => {
                let k = if card.kind == CardType::Captain {
                    Kind::Captain
                } else {
                    Kind::Admiral
                };
                if !kinds.iter().any(|(x, _)| *x == k) {
                    continue;
                }
                if slot.as_deref().is_some_and(|s| s != card.kind.as_str()) {
                    continue;
                }
                k
            }
            _ => continue,
        };
        // A reprint of a card already tried.
        if seen.iter().any(|s| {
            s.kind == card.kind
                && s.name == card.name
                && s.factions == card.factions
                && s.cost == card.cost
                && s.slot == card.slot
                && s.rules == card.rules
        }) {
            continue;
        }
        seen.push(card);
        let place = Place {
            ship: ask.ship.or(Some(1)),
            section: section.clone(),
        };
        let Ok(edited) = add(db, &source.text, kind, &Query::text(&card.id), &place) else {
            continue;
        };
        let after = crate::report::staw::check(
            db,
            Source {
                path: source.path.clone(),
                text: edited.text,
            },
            opts,
        );
        if after.exit_code() == 2 {
            continue;
        }
        let now = errors_by_code(&after);
        if now
            .iter()
            .any(|(c, n)| before.get(c).copied().unwrap_or(0) < *n)
        {
            continue;
        }
        let report: Option<&CardReport> = match &section {
            Some(_) => after
                .report
                .sideboard
                .as_ref()
                .and_then(|sb| sb.cards.iter().rev().find(|c| c.card.id == card.id))
                .map(|c| &c.card),
            None => after
                .report
                .ships
                .get(ask.ship.unwrap_or(1) - 1)
                .and_then(|s| s.cards.iter().rev().find(|c| c.id == card.id)),
        };
        let Some(r) = report else { continue };
        let (total, cap) = match &section {
            Some(_) => {
                let sb = after.report.sideboard.as_ref();
                (sb.map_or(0, |s| s.total), sb.map(|s| s.cap))
            }
            None => (after.report.total.unwrap_or(0), after.report.cap),
        };
        if ask.max_cost.is_some_and(|m| r.cost > m) {
            continue;
        }
        out.push(Option_ {
            id: card.id.clone(),
            name: card.name.clone(),
            kind: kind_label(card),
            factions: card.factions.clone(),
            base: r.base,
            modifiers: r.modifiers.clone(),
            cost: r.cost,
            total,
            left: cap.map(|c| c - total),
        });
    }
    out.sort_by(|a, b| (a.cost, &a.name, &a.id).cmp(&(b.cost, &b.name, &b.id)));
    Ok(Options {
        place,
        options: out,
    })
}
