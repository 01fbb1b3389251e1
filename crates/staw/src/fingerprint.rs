//! The fingerprint of a fleet: a short hash of its resolved cards, so that
//! an organiser can tell in round 3 that a list is the one submitted.
//!
//! It hashes cards in a canonical order (SHA-256), never the file's text:
//! comments, layout, card names written for ids, the order of the ships
//! and of the upgrades on a ship change nothing, and neither does which
//! printing of a card the list names (a reprint, `Card::is_reprint_of`, is
//! the same card: each card counts by its first printing's id); a
//! different card on any ship, in another role, the resource or the
//! sideboard changes it.

use super::analysis::Analysis;
use crate::fleet::{Fleet, ShipEntry};
use fleetcheck_data::model::Card;
use fleetcheck_data::Database;
use sha2::{Digest, Sha256};

/// Hex digits of the hash that are printed (48 bits).
pub(crate) const LEN: usize = 12;

/// The version of the fingerprint, stated in the event roster: a roster of
/// another version is not compared (`--against` refuses it), so that a
/// change of what is hashed never reads as a changed list. Version 1
/// hashed the printings' ids; version 2 the cards (reprints as one).
pub const VERSION: u32 = 2;

/// The fingerprint of the analysed fleet.
pub fn of(a: &Analysis) -> String {
    of_fleet(a.db, a.fleet)
}

/// The fingerprint of a resolved fleet: [`LEN`] lowercase hex digits.
pub(crate) fn of_fleet<'c>(db: &'c Database, fleet: &Fleet<'c>) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let hash = Sha256::digest(canonical(db, fleet).as_bytes());
    let mut hex = String::with_capacity(LEN);
    for b in &hash[..LEN / 2] {
        hex.push(HEX[usize::from(b >> 4)] as char);
        hex.push(HEX[usize::from(b & 15)] as char);
    }
    hex
}

/// The text that is hashed: one line per ship (its card, then every card on
/// it by role and id, sorted), sorted; the resource; the sideboard sorted.
/// Every card by the id of its first printing ([`Database::first_printing`]).
pub fn canonical<'c>(db: &'c Database, fleet: &Fleet<'c>) -> String {
    let id = |c: &'c Card| -> &'c str { db.first_printing(c) };
    let mut ships: Vec<String> = fleet.ships.iter().map(|s| ship(s, &id)).collect();
    ships.sort_unstable();
    let mut out = String::with_capacity(64 + ships.iter().map(|s| s.len() + 1).sum::<usize>());
    out.push_str("fleetcheck-fingerprint-2\n");
    if let Some(r) = &fleet.resource {
        push_all(&mut out, &["resource ", id(r.card), "\n"]);
    }
    for s in ships {
        out.push_str(&s);
        out.push('\n');
    }
    if let Some(sb) = &fleet.sideboard {
        let mut cards: Vec<(&str, &str)> = sb
            .cards
            .iter()
            .map(|c| (c.section.value.as_str(), id(c.card.card)))
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
fn ship<'c>(s: &ShipEntry<'c>, id: &dyn Fn(&'c Card) -> &'c str) -> String {
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
        .filter_map(|(role, p)| p.as_ref().map(|p| (*role, id(p.card))))
        .chain(s.upgrades.iter().map(|p| ("upgrade", id(p.card))))
        .chain(s.officers.iter().map(|p| ("officer", id(p.card))))
        .collect();
    cards.sort_unstable();
    let mut line = String::with_capacity(16 + cards.len() * 20);
    push_all(&mut line, &["ship ", id(s.ship.card), " "]);
    for (i, (role, id)) in cards.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        push_all(&mut line, &[role, "=", id]);
    }
    line
}
