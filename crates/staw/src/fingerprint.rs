//! The fingerprint of a fleet: a short hash of its resolved cards, so that
//! an organiser can tell in round 3 that a list is the one submitted.
//!
//! It hashes card ids in a canonical order (SHA-256), never the file's
//! text: comments, layout, card names written for ids, the order of the
//! ships and of the upgrades on a ship change nothing; a different card on
//! any ship, the resource or the sideboard changes it.

use super::analysis::Analysis;
use crate::fleet::{Fleet, ShipEntry};
use sha2::{Digest, Sha256};

/// Hex digits of the hash that are printed (48 bits).
pub const LEN: usize = 12;

/// The fingerprint of the analysed fleet.
pub fn of(a: &Analysis) -> String {
    of_fleet(a.fleet)
}

/// The fingerprint of a resolved fleet: [`LEN`] lowercase hex digits.
pub fn of_fleet(fleet: &Fleet) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let hash = Sha256::digest(canonical(fleet).as_bytes());
    let mut hex = String::with_capacity(LEN);
    for b in &hash[..LEN / 2] {
        hex.push(HEX[usize::from(b >> 4)] as char);
        hex.push(HEX[usize::from(b & 15)] as char);
    }
    hex
}

/// The text that is hashed: one line per ship (its card, then every card on
/// it by role and id, sorted), sorted; the resource; the sideboard sorted.
pub fn canonical(fleet: &Fleet) -> String {
    let mut ships: Vec<String> = fleet.ships.iter().map(ship).collect();
    ships.sort_unstable();
    let mut out = String::with_capacity(64 + ships.iter().map(|s| s.len() + 1).sum::<usize>());
    out.push_str("fleetcheck-fingerprint-1\n");
    if let Some(r) = &fleet.resource {
        push_all(&mut out, &["resource ", &r.card.id, "\n"]);
    }
    for s in ships {
        out.push_str(&s);
        out.push('\n');
    }
    if let Some(sb) = &fleet.sideboard {
        let mut cards: Vec<(&str, &str)> = sb
            .cards
            .iter()
            .map(|c| (c.section.value.as_str(), c.card.card.id.as_str()))
            .collect();
        // The order of the lines "sideboard SECTION ID": no section name
        // is the start of another, so (section, id) sorts as the lines do.
        cards.sort_unstable();
        for (section, id) in cards {
            push_all(&mut out, &["sideboard ", section, " ", id, "\n"]);
        }
    }
    out
}

fn push_all(out: &mut String, parts: &[&str]) {
    for p in parts {
        out.push_str(p);
    }
}

/// "ship ID role=id role=id ...", the cards sorted by "role=id" (no role
/// is the start of another, so (role, id) sorts as those words do).
fn ship(s: &ShipEntry) -> String {
    let one = [
        ("captain", &s.captain),
        ("admiral", &s.admiral),
        ("flagship", &s.flagship),
        ("fleet_captain", &s.fleet_captain),
        ("ambassador", &s.ambassador),
        ("construction", &s.construction),
    ];
    let mut cards: Vec<(&str, &str)> = one
        .iter()
        .filter_map(|(role, p)| p.as_ref().map(|p| (*role, p.card.id.as_str())))
        .chain(s.upgrades.iter().map(|p| ("upgrade", p.card.id.as_str())))
        .chain(s.officers.iter().map(|p| ("officer", p.card.id.as_str())))
        .collect();
    cards.sort_unstable();
    let mut line = String::with_capacity(16 + cards.len() * 20);
    push_all(&mut line, &["ship ", &s.ship.card.id, " "]);
    for (i, (role, id)) in cards.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        push_all(&mut line, &[role, "=", id]);
    }
    line
}
