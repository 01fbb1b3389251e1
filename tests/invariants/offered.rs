//! Invariants 4 and 5, on fleets built through `options`:
//!
//! - `options-cost-is-the-cost-added` (4): every card `options` offers for
//!   a slot, added to the fleet through the builder (`edit::builder::add`,
//!   what `fleetcheck add` does), costs there what `options` said (base,
//!   modifiers and cost), gives the fleet total it said, and keeps the
//!   fleet legal;
//! - `options-build-is-legal` (5): a fleet whose captains, admirals,
//!   upgrades and sideboard cards were each chosen from what `options`
//!   offered is legal.
//!
//! A fleet starts from the ships (and the resource, when it keeps the
//! fleet legal) of the generated fleet of the same seed; then, step after
//! step, a ship and a place are drawn (its captain, its admiral, one of its
//! printed slot types or a talent; a sideboard section when the fleet has
//! the Reinforcements Sideboard), `options` is asked for that place (with
//! or without `--any-faction`), every card offered is checked (4), and one
//! of them, drawn, is added. The fleet at the end is checked (5).

use super::gen::{self, check, Rng};
use crate::interop::db;
use fleetcheck_data::model::CardType;
use fleetcheck_edit::builder::options::{options, Ask};
use fleetcheck_edit::builder::{self, Kind, Place, Query};
use fleetcheck_input::diag::Source;
use fleetcheck_report::options::Candidate;

/// How much was asked and checked.
#[derive(Debug, Default)]
pub struct Tally {
    pub asked: usize,
    pub offered: usize,
    pub fleets: usize,
}

/// Steps of one options-built fleet.
const STEPS: usize = 6;

fn add(text: &str, kind: Kind, id: &str, place: &Place) -> Result<String, String> {
    builder::add(db(), text, kind, &Query::text(id), place)
        .map(|e| e.text)
        .map_err(|e| format!("adding {id}: {e}"))
}

pub fn check_seed(seed: u64, tally: &mut Tally) -> Result<String, String> {
    let g = gen::legal_fleet(seed);
    let r = &g.checked.report;
    let mut rng = Rng::new(seed, 0x0F_F3_4E_D0);
    let format = r.format.clone().unwrap_or_else(|| "standard".into());
    let mut text = builder::new_fleet(&format!("options-built {seed}"), &format);
    for s in &r.ships {
        text = add(&text, Kind::Ship, &s.ship.id, &Place::default())?;
    }
    if let Some(res) = &r.resource {
        let with = add(&text, Kind::Resource, &res.id, &Place::default())?;
        if check(&with).exit_code() == 0 {
            text = with;
        }
    }
    if check(&text).exit_code() != 0 {
        return Err(format!(
            "the generated fleet's ships alone are not legal:\n{text}"
        ));
    }
    for _ in 0..STEPS {
        let sideboard = check(&text)
            .report
            .resource
            .as_ref()
            .is_some_and(|r| r.id == "R003");
        let n = 1 + rng.below(r.ships.len());
        let ship = db().by_id(&r.ships[n - 1].ship.id).unwrap();
        let mut places: Vec<String> = vec!["captain".into(), "admiral".into(), "talent".into()];
        places.extend(ship.slots.iter().cloned());
        let (ask, place) = if sideboard && rng.chance(25) {
            let sections = fleetcheck_staw::fleet::read::SIDEBOARD_SECTIONS;
            let s = sections[rng.below(sections.len())].to_string();
            (
                Ask {
                    sideboard: Some(s.clone()),
                    any_faction: rng.chance(30),
                    ..Ask::default()
                },
                Place {
                    ship: None,
                    section: Some(s),
                },
            )
        } else {
            let slot = places[rng.below(places.len())].clone();
            (
                Ask {
                    ship: Some(n),
                    slot: Some(slot),
                    any_faction: rng.chance(30),
                    ..Ask::default()
                },
                Place {
                    ship: Some(n),
                    section: None,
                },
            )
        };
        let source = Source {
            path: "generated.toml".into(),
            text: text.clone(),
        };
        let offered = options(db(), &source, &gen::options(), &ask)
            .map_err(|e| format!("options {ask:?}: {e}\n{text}"))?;
        tally.asked += 1;
        for c in &offered.options {
            tally.offered += 1;
            added_as_offered(&text, &ask, &place, c)?;
        }
        if let Some(c) = rng.pick(&offered.options) {
            text = add(&text, kind_of(&c.id, &place), &c.id, &place)?;
        }
    }
    tally.fleets += 1;
    let c = check(&text);
    if c.exit_code() != 0 {
        return Err(format!(
            "options-build-is-legal: the fleet built from what options offered is not legal: {:?}\n{text}",
            c.diagnostics
                .iter()
                .filter(|d| d.is_error())
                .map(|d| format!("{}: {}", d.code, d.message))
                .collect::<Vec<_>>()
        ));
    }
    Ok(text)
}

fn kind_of(id: &str, place: &Place) -> Kind {
    if place.section.is_some() {
        return Kind::Sideboard;
    }
    match db().by_id(id).map(|c| c.kind) {
        Some(CardType::Captain) => Kind::Captain,
        Some(CardType::Admiral) => Kind::Admiral,
        _ => Kind::Upgrade,
    }
}

/// Invariant 4 for one offered card.
fn added_as_offered(text: &str, ask: &Ask, place: &Place, c: &Candidate) -> Result<(), String> {
    let fail = |what: String, edited: &str| {
        Err(format!(
            "options-cost-is-the-cost-added: options {ask:?} offers {} ({}) at base {}, cost {}, \
             modifiers {:?}, total {}; {what}\nthe fleet before:\n{text}\nwith it:\n{edited}",
            c.name, c.id, c.base, c.cost, c.modifiers, c.total
        ))
    };
    let edited = add(text, kind_of(&c.id, place), &c.id, place)?;
    let after = check(&edited);
    if after.exit_code() != 0 {
        let errors: Vec<String> = after
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("{}: {}", d.code, d.message))
            .collect();
        return fail(
            format!("added, the fleet is not legal: {errors:?}"),
            &edited,
        );
    }
    let r = &after.report;
    let (card, total) = match place.section {
        Some(_) => (
            r.sideboard
                .as_ref()
                .and_then(|sb| sb.cards.iter().rev().find(|s| s.card.id == c.id))
                .map(|s| &s.card),
            r.sideboard.as_ref().map_or(0, |s| s.total),
        ),
        None => (
            place
                .ship
                .and_then(|n| r.ships.get(n - 1))
                .and_then(|s| s.cards.iter().rev().find(|x| x.id == c.id)),
            r.total.unwrap_or(0),
        ),
    };
    let Some(card) = card else {
        return fail("added, it is not in the report".into(), &edited);
    };
    if card.base != c.base || card.cost != c.cost || card.modifiers != c.modifiers {
        return fail(
            format!(
                "added, it costs base {}, cost {}, modifiers {:?}",
                card.base, card.cost, card.modifiers
            ),
            &edited,
        );
    }
    if total != c.total {
        return fail(format!("added, the total is {total}"), &edited);
    }
    Ok(())
}
