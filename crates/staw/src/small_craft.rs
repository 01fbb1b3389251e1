//! Shuttlecraft and fighter squadrons (reported as `restriction`;
//! shared/rules/staw.md, "Rulings settled after review"):
//!
//! - a ship of a shuttlecraft class (`ShipClass::shuttle`: Type 7
//!   Shuttlecraft, Delta Flyer Class Shuttlecraft, Ferengi Shuttle) carries
//!   no upgrade that costs more than 3 SP on it, read on its cost there
//!   after discounts (a card placed face down included: its cost is the
//!   fixed cost plus its penalties). Captains and admirals are no upgrades
//!   and are not bounded (rulebook p. 22 speaks of upgrades);
//! - a fighter squadron (`Card::squadron`: the Attack Squadron ships) takes
//!   no admiral, no upgrade other than [squadron] upgrades, and no resource
//!   card attached to it (flagship, fleet captain, officers, the cards a
//!   resource attaches to a ship).
//!
//! ```toml
//! [[ship]]
//! ship = "Sakharov"                  # a Type 7 Shuttlecraft
//! upgrades = ["Photon Torpedoes"]    # 5 SP -> restriction
//! ```

use super::analysis::Analysis;
use super::cost::Role;
use fleetcheck_data::model::ShipClass;
use fleetcheck_input::diag::Diagnostic;

const SHUTTLE_MAX_COST: i32 = ShipClass::SHUTTLE_MAX_COST;

pub(crate) fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    for (i, s) in a.ships.iter().enumerate() {
        if let Some(class) = s.class.filter(|c| c.shuttle) {
            for c in s.cards.iter().filter(|c| c.role == Role::Upgrade) {
                if c.price.cost > SHUTTLE_MAX_COST {
                    out.push(c.placed.diagnostic(
                        super::Code::Restriction,
                        format!(
                            "{} ({}) costs {} SP on {}, a {} (a shuttlecraft), which may carry no upgrade costing more than {SHUTTLE_MAX_COST} SP",
                            c.placed.card.name,
                            c.placed.card.id,
                            c.price.cost,
                            s.label(i),
                            class.name
                        ),
                    ));
                }
            }
        }
        if !s.entry.ship.card.squadron {
            continue;
        }
        for c in &s.cards {
            let card = c.placed.card;
            let why = match c.role {
                Role::Admiral => "takes no admiral".to_string(),
                Role::Upgrade if !super::upgrade_types(card).any(|t| t == "squadron") => {
                    "takes only [squadron] upgrades".to_string()
                }
                Role::Flagship | Role::FleetCaptain | Role::Officer | Role::ShipResource => {
                    format!(
                        "takes no resource card ({})",
                        c.role.as_str().replace('-', " ")
                    )
                }
                _ => continue,
            };
            out.push(c.placed.diagnostic(
                super::Code::Restriction,
                format!(
                    "{} ({}) may not be on {}: a fighter squadron {why}",
                    card.name,
                    card.id,
                    s.label(i)
                ),
            ));
        }
    }
}
