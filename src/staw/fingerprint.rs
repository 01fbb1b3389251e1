//! The fingerprint of a fleet: a short hash of its resolved cards, so that
//! an organiser can tell in round 3 that a list is the one submitted.
//!
//! It hashes card ids in a canonical order (SHA-256), never the file's
//! text: comments, layout, card names written for ids, the order of the
//! ships and of the upgrades on a ship change nothing; a different card on
//! any ship, the resource or the sideboard changes it.

use super::analysis::Analysis;
use crate::staw::fleet::{Fleet, ShipEntry};
use sha2::{Digest, Sha256};

/// Hex digits of the hash that are printed (48 bits).
pub const LEN: usize = 12;

/// The fingerprint of the analysed fleet.
pub fn of(a: &Analysis) -> String {
    of_fleet(a.fleet)
}

/// The fingerprint of a resolved fleet: [`LEN`] lowercase hex digits.
pub fn of_fleet(fleet: &Fleet) -> String {
    let hash = Sha256::digest(canonical(fleet).as_bytes());
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    hex[..LEN].to_string()
}

/// The text that is hashed: one line per ship (its card, then every card on
/// it by role and id, sorted), sorted; the resource; the sideboard sorted.
pub fn canonical(fleet: &Fleet) -> String {
    let mut ships: Vec<String> = fleet.ships.iter().map(ship).collect();
    ships.sort();
    let mut out = String::from("fleetcheck-fingerprint-1\n");
    if let Some(r) = &fleet.resource {
        out.push_str(&format!("resource {}\n", r.card.id));
    }
    for s in ships {
        out.push_str(&s);
        out.push('\n');
    }
    if let Some(sb) = &fleet.sideboard {
        let mut cards: Vec<String> = sb
            .cards
            .iter()
            .map(|c| format!("sideboard {} {}", c.section.value, c.card.card.id))
            .collect();
        cards.sort();
        for c in cards {
            out.push_str(&c);
            out.push('\n');
        }
    }
    out
}

fn ship(s: &ShipEntry) -> String {
    let mut cards: Vec<String> = Vec::new();
    let one = [
        ("captain", &s.captain),
        ("admiral", &s.admiral),
        ("flagship", &s.flagship),
        ("fleet_captain", &s.fleet_captain),
        ("ambassador", &s.ambassador),
        ("construction", &s.construction),
    ];
    for (role, p) in one {
        if let Some(p) = p {
            cards.push(format!("{role}={}", p.card.id));
        }
    }
    cards.extend(s.upgrades.iter().map(|p| format!("upgrade={}", p.card.id)));
    cards.extend(s.officers.iter().map(|p| format!("officer={}", p.card.id)));
    cards.sort();
    format!("ship {} {}", s.ship.card.id, cards.join(" "))
}
