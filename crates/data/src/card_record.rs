//! A card's record in the compiled blob: written by the compile
//! (`compile::layout`) and read by `embedded::Blob::card`, the one place
//! that knows it.
//!
//! The card's facts are written one after the other in the order of
//! [`Card`]'s fields, without their names: a string as its length (a
//! LEB128 number) and its bytes, a list as its length and its items, a
//! number as four little-endian bytes, an absent value as a 0 byte (a
//! present one as 1, then the value), the five flags as the bits of one
//! byte. Its rules, which most cards have none of, come last, as an
//! optional value: the length and bytes of the MessagePack of `Rules`
//! with named fields (its `Condition` and `PenaltyRule` enums are
//! internally tagged, which only a self-describing format reads back).
//!
//! Why not MessagePack for the whole card: reading a card by its field
//! names took about 7,000 instructions, and `options` reads every card
//! that may fit a ship (about 900): more than a quarter of its time.
//!
//! A damaged record gives an error, never a panic: every length is checked
//! against the bytes left, every string is checked to be UTF-8, and the
//! record must end where its bytes do.

use super::model::{Card, CardType};

const UNIQUE: u8 = 1;
const MIRROR_UNIQUE: u8 = 2;
const SQUADRON: u8 = 4;
const OP_BANNED: u8 = 8;
const HELPER: u8 = 16;

/// Appends `card`'s record to `out`.
pub(crate) fn write(card: &Card, out: &mut Vec<u8>) -> Result<(), rmp_serde::encode::Error> {
    // Destructured, so that a new field is a compile error here until it
    // is written (and read).
    let Card {
        id,
        alias_ids,
        kind,
        name,
        slot,
        factions,
        cost,
        unique,
        mirror_unique,
        sets,
        class,
        attack,
        agility,
        hull,
        shields,
        actions,
        slots,
        squadron,
        skill,
        talents,
        species,
        op_banned,
        helper,
        rules,
        name_key: _,
    } = card;
    text(out, id);
    list(out, alias_ids);
    out.push(*kind as u8);
    text(out, name);
    optional(out, slot.as_ref(), |o, s| text(o, s));
    list(out, factions);
    number(out, *cost);
    let flags = [
        (*unique, UNIQUE),
        (*mirror_unique, MIRROR_UNIQUE),
        (*squadron, SQUADRON),
        (*op_banned, OP_BANNED),
        (*helper, HELPER),
    ];
    out.push(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .fold(0, |f, (_, b)| f | b),
    );
    list(out, sets);
    optional(out, class.as_ref(), |o, s| text(o, s));
    for stat in [attack, agility, hull, shields, skill] {
        optional(out, stat.as_ref(), |o, n| number(o, *n));
    }
    list(out, actions);
    list(out, slots);
    optional(out, talents.as_ref(), |o, n| o.extend(n.to_le_bytes()));
    list(out, species);
    match rules.is_empty() {
        true => out.push(0),
        false => {
            let bytes = rmp_serde::to_vec_named(rules)?;
            out.push(1);
            length(out, bytes.len());
            out.extend(bytes);
        }
    }
    Ok(())
}

fn length(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let byte = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

fn text(out: &mut Vec<u8>, s: &str) {
    length(out, s.len());
    out.extend(s.as_bytes());
}

fn list(out: &mut Vec<u8>, items: &[String]) {
    length(out, items.len());
    for s in items {
        text(out, s);
    }
}

fn number(out: &mut Vec<u8>, n: i32) {
    out.extend(n.to_le_bytes());
}

fn optional<T>(out: &mut Vec<u8>, value: Option<&T>, write: impl FnOnce(&mut Vec<u8>, &T)) {
    match value {
        Some(v) => {
            out.push(1);
            write(out, v);
        }
        None => out.push(0),
    }
}

/// Reads a card's record (its normalised name not yet kept: `Card::keyed`).
pub(crate) fn read(bytes: &[u8]) -> Result<Card, String> {
    let mut r = Reader { bytes, at: 0 };
    let id = r.text()?;
    let alias_ids = r.list()?;
    let kind = CardType::ALL
        .get(usize::from(r.byte()?))
        .copied()
        .ok_or("its card type is out of range")?;
    let name = r.text()?;
    let slot = r.optional(Reader::text)?;
    let factions = r.list()?;
    let cost = r.number()?;
    let flags = r.byte()?;
    if flags & !(UNIQUE | MIRROR_UNIQUE | SQUADRON | OP_BANNED | HELPER) != 0 {
        return Err("its flags are out of range".into());
    }
    let sets = r.list()?;
    let class = r.optional(Reader::text)?;
    let attack = r.optional(Reader::number)?;
    let agility = r.optional(Reader::number)?;
    let hull = r.optional(Reader::number)?;
    let shields = r.optional(Reader::number)?;
    let skill = r.optional(Reader::number)?;
    let actions = r.list()?;
    let slots = r.list()?;
    let talents = r.optional(|r| Ok(u32::from_le_bytes(r.four()?)))?;
    let species = r.list()?;
    let rules = r
        .optional(|r| {
            let n = r.length()?;
            rmp_serde::from_slice(r.take(n)?).map_err(|e| format!("its rules cannot be read: {e}"))
        })?
        .unwrap_or_default();
    if r.at != bytes.len() {
        return Err("it has bytes after its rules".into());
    }
    Ok(Card {
        id,
        alias_ids,
        kind,
        name,
        slot,
        factions,
        cost,
        unique: flags & UNIQUE != 0,
        mirror_unique: flags & MIRROR_UNIQUE != 0,
        sets,
        class,
        attack,
        agility,
        hull,
        shields,
        actions,
        slots,
        squadron: flags & SQUADRON != 0,
        skill,
        talents,
        species,
        op_banned: flags & OP_BANNED != 0,
        helper: flags & HELPER != 0,
        rules,
        name_key: Default::default(),
    })
}

/// The bytes of a record, read from the front.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Result<&'b [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("it is cut short")?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn length(&mut self) -> Result<usize, String> {
        let mut n: usize = 0;
        for shift in (0..35).step_by(7) {
            let byte = self.byte()?;
            n |= usize::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err("a length is too long".into())
    }

    fn text(&mut self) -> Result<String, String> {
        let n = self.length()?;
        let bytes = self.take(n)?;
        std::str::from_utf8(bytes)
            .map(String::from)
            .map_err(|_| "a string is not UTF-8".into())
    }

    fn list(&mut self) -> Result<Vec<String>, String> {
        let n = self.length()?;
        // Each item takes a byte at least: a damaged count asks for no
        // more room than there are bytes.
        let mut items = Vec::with_capacity(n.min(self.bytes.len() - self.at));
        for _ in 0..n {
            items.push(self.text()?);
        }
        Ok(items)
    }

    fn four(&mut self) -> Result<[u8; 4], String> {
        let b = self.take(4)?;
        Ok([b[0], b[1], b[2], b[3]])
    }

    fn number(&mut self) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.four()?))
    }

    fn optional<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.byte()? {
            0 => Ok(None),
            1 => read(self).map(Some),
            _ => Err("an optional value is marked neither absent nor present".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::model::{Condition, Rules};
    use super::*;

    #[test]
    fn a_card_with_every_fact_reads_back_as_written() {
        let card = Card {
            id: "X1".into(),
            alias_ids: vec!["X1a".into(), "x1b".into()],
            kind: CardType::ShipResource,
            name: "Ünïcode — name".into(),
            slot: Some("crew".into()),
            factions: vec!["federation".into(), "bajoran".into()],
            cost: -3,
            unique: true,
            mirror_unique: true,
            sets: vec!["71000".into()],
            class: Some("galaxy_class".into()),
            attack: Some(i32::MIN),
            agility: Some(0),
            hull: Some(i32::MAX),
            shields: Some(-1),
            actions: vec!["scan".into()],
            slots: vec!["crew".into(), "crew".into(), "tech".into()],
            squadron: true,
            skill: Some(9),
            talents: Some(u32::MAX),
            species: vec!["gorn".into()],
            op_banned: true,
            helper: true,
            rules: Rules {
                max_per_ship: Some(1),
                restrictions: vec![Condition::captain_named_or_of_species("Loskene", "tholian")],
                ..Rules::default()
            },
            name_key: Default::default(),
        };
        let mut out = Vec::new();
        write(&card, &mut out).unwrap();
        assert_eq!(read(&out).unwrap(), card);
        // Without its rules, it ends with a 0 after its species.
        let plain = Card {
            rules: Rules::default(),
            ..card
        };
        let mut short = Vec::new();
        write(&plain, &mut short).unwrap();
        assert_eq!(short.last(), Some(&0));
        assert!(out.starts_with(&short[..short.len() - 1]) && out.len() > short.len());
        assert_eq!(read(&short).unwrap(), plain);
        short.push(0);
        assert_eq!(read(&short), Err("it has bytes after its rules".into()));
    }

    #[test]
    fn a_damaged_record_is_an_error_not_a_panic() {
        let card = Card {
            id: "C1".into(),
            name: "Someone".into(),
            factions: vec!["romulan".into()],
            rules: Rules {
                no_slot: true,
                ..Rules::default()
            },
            ..Card::default()
        };
        let mut out = Vec::new();
        write(&card, &mut out).unwrap();
        // Every cut short: an error.
        for n in 0..out.len() {
            assert!(read(&out[..n]).is_err(), "cut at {n}");
        }
        // Every byte changed to each value: an error or a card, never a
        // panic.
        for i in 0..out.len() {
            for b in [0x00, 0x02, 0x7f, 0x80, 0xff] {
                let mut bad = out.clone();
                bad[i] = b;
                let _ = read(&bad);
            }
        }
        assert_eq!(read(&[0x05, b'a']), Err("it is cut short".into()));
        assert_eq!(
            read(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x80]),
            Err("a length is too long".into())
        );
        assert_eq!(read(&[0x01, 0xff]), Err("a string is not UTF-8".into()));
    }
}
