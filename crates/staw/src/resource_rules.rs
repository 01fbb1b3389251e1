//! `resource-count`, `resource-card` and `resource-unassigned`: the
//! fleet's resource and the cards resources attach to ships.
//!
//! - At most one resource per fleet (`Format::max_resources`, default 1).
//!   The file has one `resource` key, so only a format allowing none can
//!   be broken.
//! - A flagship, fleet captain, officer or other resource card on a ship
//!   needs its resource to be the fleet's resource; the Flagship and Fleet
//!   Captain resources give one card each, other resources each of their
//!   cards once.
//! - Officer cards are assigned to the ship's crew upgrades, at most two to
//!   one crew upgrade (Officer Cards, rule 2): a ship needs a crew upgrade
//!   for every two officers.
//! - A resource that attaches cards (Flagship, Fleet Captain, Officer
//!   Cards...) but is attached to no ship is charged at fleet level: a
//!   warning, since it is legal but rarely meant.

use super::analysis::Analysis;
use super::cost::Role;
use super::resource::{is_attached, resource_of};
use super::words::count;
use super::{Code, Reads, Rule};
use fleetcheck_data::normalize;
use fleetcheck_input::diag::Diagnostic;

pub(crate) const RULE: Rule = Rule {
    name: "resource",
    codes: &[
        Code::ResourceCount,
        Code::ResourceCard,
        Code::ResourceUnassigned,
    ],
    check,
    reads: Reads::Fleet,
    added_leaves: None,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let max = a.format.max_resources.unwrap_or(1);
    if let Some(r) = &a.resource {
        if max == 0 {
            out.push(r.placed.diagnostic(
                Code::ResourceCount,
                format!(
                    "format {} allows no resource, but the fleet has {} ({})",
                    a.format.id, r.placed.card.name, r.placed.card.id
                ),
            ));
        }
        if r.attaches && r.carried.is_empty() {
            out.push(
                r.placed
                    .diagnostic(
                        Code::ResourceUnassigned,
                        format!(
                            "the {} resource ({}) is attached to no ship, so its {} SP are charged to the fleet",
                            r.placed.card.name, r.placed.card.id, r.price.cost
                        ),
                    )
                    .with_help("assign its card to a ship (flagship = ..., fleet_captain = ..., officers = [...])"),
            );
        }
    }
    let mut one_each: Vec<(Role, String, String)> = Vec::new();
    for (i, s) in a.ships.iter().enumerate() {
        let crew = s.cards.iter().filter(|c| c.slot == Some("crew")).count();
        if let Some(o) = s
            .cards
            .iter()
            .filter(|c| c.role == Role::Officer)
            .nth(2 * crew)
        {
            out.push(o.placed.diagnostic(
                Code::ResourceCard,
                format!(
                    "officer {} ({}) has no crew upgrade to be assigned to: {} has {}, and each takes at most two officers",
                    o.placed.card.name,
                    o.placed.card.id,
                    s.label(i),
                    count(crew as i64, "crew upgrade", "crew upgrades")
                ),
            ));
        }
        for c in s.cards.iter().filter(|c| is_attached(c.role)) {
            let card = c.placed.card;
            let needed = resource_of(a.db, card);
            let have = a.resource.as_ref().map(|r| r.placed.card);
            let ok = matches!((needed, have), (Some(n), Some(h)) if std::ptr::eq(n, h));
            if !ok {
                let needed = needed.map_or("its resource".to_string(), |n| {
                    format!("the {} resource ({})", n.name, n.id)
                });
                let have = have.map_or("the fleet has no resource".to_string(), |h| {
                    format!("the fleet's resource is {} ({})", h.name, h.id)
                });
                out.push(c.placed.diagnostic(
                    Code::ResourceCard,
                    format!(
                        "{} {} ({}) on {} comes with {needed}, but {have}",
                        c.role.as_str().replace('-', " "),
                        card.name,
                        card.id,
                        s.label(i)
                    ),
                ));
                continue;
            }
            // The Flagship and Fleet Captain resources give one card; the
            // others each of their cards once.
            let key = match c.role {
                Role::Flagship | Role::FleetCaptain => String::new(),
                _ => normalize(&card.name),
            };
            let here = format!("{} ({}) on {}", card.name, card.id, s.label(i));
            match one_each.iter().find(|(r, k, _)| *r == c.role && *k == key) {
                Some((_, _, first)) => out.push(c.placed.diagnostic(
                    Code::ResourceCard,
                    format!(
                        "{} {}, and {here} is a second one after {first}",
                        have.map_or("the resource".to_string(), |r| format!(
                            "the {} resource ({})",
                            r.name, r.id
                        )),
                        if key.is_empty() {
                            format!("gives one {} card", c.role.as_str().replace('-', " "))
                        } else {
                            "gives each of its cards once".to_string()
                        }
                    ),
                )),
                None => one_each.push((c.role, key, here)),
            }
        }
    }
}
