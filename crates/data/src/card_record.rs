//! A card's record in the compiled blob: written by the compile
//! (`compile::layout`) and read by `embedded::Blob::card`, the one place
//! that knows it.
//!
//! A record starts with its text: the bytes of every string of the card,
//! one after the other, after their total length (a LEB128 number). The
//! text is checked to be UTF-8 once, not string by string.
//!
//! Then the card's facts, one after the other in the order of [`Card`]'s
//! fields, without their names: a string as its length (its bytes are the
//! next ones of the text), a list as its length and its items, a
//! number as four little-endian bytes, an absent value as a 0 byte (a
//! present one as 1, then the value), the five flags as the bits of one
//! byte. Its rules, which most cards have none of, come last, as an
//! optional value written the same way: every field of [`Rules`] and of
//! the parts it holds in the order they are declared, a flag as a 0 or 1
//! byte, and a variant of an enum (`Condition`, `PenaltyRule`, `Scope`) as
//! its index among the variants, then its fields.
//!
//! Why not MessagePack: reading a card by its field names took about
//! 7,000 instructions, and `options` reads every card that may fit a ship
//! (about 900): more than a quarter of its time. Its rules alone, read by
//! their names (and the internally tagged enums through serde's buffer),
//! took about 4,400 instructions a card.
//!
//! Each type is written and read by one [`Stored`] implementation, made
//! for the structs and enums of `Rules` by [`stored_struct!`] and
//! [`stored_enum!`] from one list of their fields: a field missing from
//! the list is a compile error (the writer destructures every value).
//!
//! A damaged record gives an error, never a panic: every length is checked
//! against the bytes (or the text) left, the text is checked to be UTF-8
//! and every string to end on a character's boundary, every flag
//! and variant index against its range, nesting is bounded, and the record
//! must end where its bytes do.

use super::model::{
    AddSlot, Card, CardFilter, CardType, Condition, CostFromFleet, CostFromShip, CostModifier,
    CostPerCard, Discount, ExtraAdmirals, PenaltyRule, Rules, Scope, SetCost, ShipLimit, SlotsAlso,
    SquadronLimit, StatBonus,
};

const UNIQUE: u8 = 1;
const MIRROR_UNIQUE: u8 = 2;
const SQUADRON: u8 = 4;
const OP_BANNED: u8 = 8;
const HELPER: u8 = 16;

/// How deep values may nest in a record (a condition inside a condition):
/// the real rules nest three deep.
const MAX_DEPTH: u32 = 32;

/// Appends `card`'s record to `out`.
pub(crate) fn write(card: &Card, record: &mut Vec<u8>) -> Result<(), rmp_serde::encode::Error> {
    let mut out = Out::default();
    facts(card, &mut out);
    // The text first, after its length; then the facts.
    length(record, out.text.len());
    record.extend(out.text.as_bytes());
    record.extend(out.facts);
    Ok(())
}

/// Writes `card`'s facts and rules, each string's bytes to the text.
fn facts(card: &Card, out: &mut Out) {
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
    id.put(out);
    alias_ids.put(out);
    out.push(*kind as u8);
    name.put(out);
    slot.put(out);
    factions.put(out);
    cost.put(out);
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
    sets.put(out);
    class.put(out);
    for stat in [attack, agility, hull, shields, skill] {
        stat.put(out);
    }
    actions.put(out);
    slots.put(out);
    talents.put(out);
    species.put(out);
    // As an `Option<Rules>`: absent when the card has none.
    match rules.is_empty() {
        true => out.push(0),
        false => {
            out.push(1);
            rules.put(out);
        }
    }
}

/// A record being written: its facts, and the text of its strings.
#[derive(Default)]
struct Out {
    facts: Vec<u8>,
    text: String,
}

impl Out {
    fn push(&mut self, byte: u8) {
        self.facts.push(byte);
    }

    fn extend(&mut self, bytes: impl IntoIterator<Item = u8>) {
        self.facts.extend(bytes);
    }

    fn length(&mut self, n: usize) {
        length(&mut self.facts, n);
    }
}

/// Reads a card's record (its normalised name not yet kept: `Card::keyed`),
/// made in the box it is kept in.
pub(crate) fn read(bytes: &[u8]) -> Result<Box<Card>, String> {
    let mut r = Reader {
        bytes,
        at: 0,
        text: "",
        text_at: 0,
        depth: 0,
    };
    // The text of every string, checked to be UTF-8 once.
    let n = r.length()?;
    r.text = std::str::from_utf8(r.take(n)?).map_err(|_| "its text is not UTF-8")?;
    let id = r.get()?;
    let alias_ids = r.get()?;
    let kind = CardType::ALL
        .get(usize::from(r.byte()?))
        .copied()
        .ok_or("its card type is out of range")?;
    let name = r.get()?;
    let slot = r.get()?;
    let factions = r.get()?;
    let cost = r.get()?;
    let flags = r.byte()?;
    if flags & !(UNIQUE | MIRROR_UNIQUE | SQUADRON | OP_BANNED | HELPER) != 0 {
        return Err("its flags are out of range".into());
    }
    let sets = r.get()?;
    let class = r.get()?;
    let attack = r.get()?;
    let agility = r.get()?;
    let hull = r.get()?;
    let shields = r.get()?;
    let skill = r.get()?;
    let actions = r.get()?;
    let slots = r.get()?;
    let talents = r.get()?;
    let species = r.get()?;
    let rules = r.get::<Option<Rules>>()?.unwrap_or_default();
    if r.at != bytes.len() {
        return Err("it has bytes after its rules".into());
    }
    if r.text_at != r.text.len() {
        return Err("it has text no string reads".into());
    }
    Ok(Box::new(Card {
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
    }))
}

/// A value of a record: how it is written, and read back.
trait Stored: Sized {
    fn put(&self, out: &mut Out);
    fn get(r: &mut Reader<'_>) -> Result<Self, String>;
}

/// A length (of a string or a list), as LEB128.
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

impl Stored for String {
    fn put(&self, out: &mut Out) {
        out.length(self.len());
        out.text.push_str(self);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        let n = r.length()?;
        let end = r.text_at.checked_add(n).filter(|&e| e <= r.text.len());
        let end = end.ok_or("its text is cut short")?;
        let s = r
            .text
            .get(r.text_at..end)
            .ok_or("a string ends inside a character")?;
        r.text_at = end;
        Ok(s.to_owned())
    }
}

impl Stored for i32 {
    fn put(&self, out: &mut Out) {
        out.extend(self.to_le_bytes());
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        Ok(i32::from_le_bytes(r.four()?))
    }
}

impl Stored for u32 {
    fn put(&self, out: &mut Out) {
        out.extend(self.to_le_bytes());
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        Ok(u32::from_le_bytes(r.four()?))
    }
}

impl Stored for bool {
    fn put(&self, out: &mut Out) {
        out.push(u8::from(*self));
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        match r.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err("a flag is neither 0 nor 1".into()),
        }
    }
}

impl<T: Stored> Stored for Vec<T> {
    fn put(&self, out: &mut Out) {
        out.length(self.len());
        for item in self {
            item.put(out);
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        let n = r.length()?;
        if n == 0 {
            return Ok(Vec::new());
        }
        // Each item takes a byte at least: a damaged count asks for no
        // more room than there are bytes.
        let mut items = Vec::with_capacity(n.min(r.bytes.len() - r.at));
        for _ in 0..n {
            items.push(r.get()?);
        }
        Ok(items)
    }
}

impl<T: Stored> Stored for Option<T> {
    fn put(&self, out: &mut Out) {
        match self {
            Some(v) => {
                out.push(1);
                v.put(out);
            }
            None => out.push(0),
        }
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        match r.byte()? {
            0 => Ok(None),
            1 => r.get().map(Some),
            _ => Err("an optional value is marked neither absent nor present".into()),
        }
    }
}

impl<T: Stored> Stored for Box<T> {
    fn put(&self, out: &mut Out) {
        (**self).put(out);
    }
    fn get(r: &mut Reader<'_>) -> Result<Self, String> {
        r.get().map(Box::new)
    }
}

/// [`Stored`] for structs: each field in the order listed (every field,
/// or the writer's destructuring does not compile).
macro_rules! stored_struct {
    ($($ty:ident { $($field:ident),* $(,)? })*) => {$(
        impl Stored for $ty {
            fn put(&self, out: &mut Out) {
                let $ty { $($field),* } = self;
                $($field.put(out);)*
            }
            fn get(r: &mut Reader<'_>) -> Result<Self, String> {
                // A struct expression's fields are read in the order
                // written.
                Ok($ty { $($field: r.get()?),* })
            }
        }
    )*};
}

/// [`Stored`] for enums: the variant's index among those listed (every
/// variant, or the writer's match does not compile), then its fields.
macro_rules! stored_enum {
    ($($ty:ident { $($variant:ident { $($field:ident),* $(,)? }),* $(,)? })*) => {$(
        impl Stored for $ty {
            fn put(&self, out: &mut Out) {
                #[allow(non_camel_case_types, clippy::enum_variant_names)]
                enum Index { $($variant),* }
                match self {
                    $($ty::$variant { $($field),* } => {
                        out.push(Index::$variant as u8);
                        $($field.put(out);)*
                    })*
                }
            }
            fn get(r: &mut Reader<'_>) -> Result<Self, String> {
                #[allow(non_camel_case_types, clippy::enum_variant_names)]
                enum Index { $($variant),* }
                let index = r.byte()?;
                // Every value that holds itself is an enum's: nesting is
                // bounded here.
                r.nested(|r| {
                    $(if index == Index::$variant as u8 {
                        return Ok($ty::$variant { $($field: r.get()?),* });
                    })*
                    Err(format!("a {} at byte {} is out of range", stringify!($ty), r.at - 1))
                })
            }
        }
    )*};
}

stored_struct! {
    Rules {
        restrictions, max_per_ship, no_slot, either_slot, adds_slots, cost_modifiers,
        cost_per_card, cost_from_ship, cost_from_fleet, stat_bonuses, discounts, penalty,
        adds_factions, captains, fleet_excludes, no_admiral, no_ambassador, set_costs,
        ship_limits, no_slot_for, extra_admirals, slots_also, squadrons,
        free_talent_for_bonus, unique_fleet_captain, unmodeled,
    }
    ExtraAdmirals { count, applies_to, when }
    SlotsAlso { slots, also }
    SquadronLimit { max, bare }
    ShipLimit { applies_to, only }
    AddSlot {
        slot, count, only, same_faction, discount, per_unused_printed_slot, set_cost,
        exceed_restrictions, when, beneath, no_penalty, icons,
    }
    CostModifier { amount, when, unless }
    CostPerCard { amount, per }
    CostFromShip { stat, plus }
    CostFromFleet { stat, starting, half_total, base, per_ship, above }
    StatBonus { stat, amount, when }
    CardFilter {
        types, slots, question, factions, not_factions, names, name_words, max_cost,
        max_printed_cost, restricted_to, not_ship_specific,
    }
    Discount { amount, scope, applies_to, min, when, max_cards, exceed_restrictions }
    SetCost { amount, scope, applies_to, max_cards, exceed_restrictions, face_down }
}

stored_enum! {
    Scope { Ship {}, Fleet {} }
    PenaltyRule {
        NoPenalty {},
        NoPenaltyOn { factions },
        Waive { scope, applies_to, faction_restriction, when },
        Double { scope, applies_to },
    }
    Condition {
        ShipFaction { any },
        ShipClass { any },
        ShipName { any },
        CaptainFaction { any },
        CaptainName { any },
        CaptainSpecies { any },
        AdmiralSpecies { any },
        ShipManeuver { maneuver },
        MaxSpeedAtMost { value },
        RearArc {},
        CaptainTalentsAtLeast { value },
        OtherShipFaction { any },
        ShipHasCard { any },
        NameIsClass {},
        HullAtMost { value },
        HullAtLeast { value },
        ShieldsAtMost { value },
        ShieldsAtLeast { value },
        AttackAtMost { value },
        AttackAtLeast { value },
        CaptainSkillAtMost { value },
        CaptainSkillAtLeast { value },
        UniqueShip {},
        GenericShip {},
        ShipAction { action },
        AnyOf { any },
        Not { not },
    }
}

/// The bytes of a record, read from the front.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
    /// The record's text, and where the next string starts in it.
    text: &'b str,
    text_at: usize,
    /// How many values the one being read is inside of.
    depth: u32,
}

impl<'b> Reader<'b> {
    fn get<T: Stored>(&mut self) -> Result<T, String> {
        T::get(self)
    }

    /// `read` one level deeper, or an error past [`MAX_DEPTH`].
    fn nested<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, String>,
    ) -> Result<T, String> {
        if self.depth >= MAX_DEPTH {
            return Err("its values nest too deep".into());
        }
        self.depth += 1;
        let out = read(self);
        self.depth -= 1;
        out
    }

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
        // Most lengths are below 128: one byte.
        if let Some(&byte) = self.bytes.get(self.at).filter(|&&b| b < 0x80) {
            self.at += 1;
            return Ok(usize::from(byte));
        }
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

    fn four(&mut self) -> Result<[u8; 4], String> {
        let b = self.take(4)?;
        Ok([b[0], b[1], b[2], b[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    /// A filter with every field set.
    fn filter(n: i32) -> CardFilter {
        CardFilter {
            types: words(&["upgrade"]),
            slots: words(&["crew", "tech"]),
            question: true,
            factions: words(&["klingon"]),
            not_factions: words(&["borg"]),
            names: words(&["Worf"]),
            name_words: words(&["cloak"]),
            max_cost: Some(n),
            max_printed_cost: Some(-n),
            restricted_to: words(&["dominion"]),
            not_ship_specific: true,
        }
    }

    /// Every variant of `Condition`, nested ones too.
    fn every_condition() -> Vec<Condition> {
        use Condition::*;
        let any = || words(&["a", "b"]);
        vec![
            ShipFaction { any: any() },
            ShipClass { any: any() },
            ShipName { any: any() },
            CaptainFaction { any: any() },
            CaptainName { any: any() },
            CaptainSpecies { any: any() },
            AdmiralSpecies { any: any() },
            ShipManeuver {
                maneuver: "come-about".into(),
            },
            MaxSpeedAtMost { value: 3 },
            RearArc,
            CaptainTalentsAtLeast { value: 1 },
            OtherShipFaction { any: any() },
            ShipHasCard { any: any() },
            NameIsClass,
            HullAtMost { value: 4 },
            HullAtLeast { value: 5 },
            ShieldsAtMost { value: 6 },
            ShieldsAtLeast { value: 7 },
            AttackAtMost { value: 8 },
            AttackAtLeast { value: 9 },
            CaptainSkillAtMost { value: 10 },
            CaptainSkillAtLeast { value: -11 },
            UniqueShip,
            GenericShip,
            ShipAction {
                action: "scan".into(),
            },
            AnyOf {
                any: vec![
                    RearArc,
                    Condition::captain_named_or_of_species("Loskene", "tholian"),
                ],
            },
            Not {
                not: Box::new(Not {
                    not: Box::new(UniqueShip),
                }),
            },
        ]
    }

    /// Rules with every field set, and every variant of the enums in them.
    fn every_rule() -> Rules {
        let when = || {
            Some(Condition::ShipFaction {
                any: words(&["romulan"]),
            })
        };
        let discount = Discount {
            amount: -2,
            scope: Scope::Fleet,
            applies_to: filter(3),
            min: Some(1),
            when: when(),
            max_cards: Some(2),
            exceed_restrictions: true,
        };
        let set_cost = SetCost {
            amount: 3,
            scope: Scope::Ship,
            applies_to: filter(4),
            max_cards: Some(1),
            exceed_restrictions: true,
            face_down: true,
        };
        Rules {
            restrictions: every_condition(),
            max_per_ship: Some(1),
            no_slot: true,
            either_slot: words(&["crew", "weapon"]),
            adds_slots: vec![
                AddSlot {
                    slot: words(&["tech"]),
                    count: 2,
                    only: Some(filter(5)),
                    same_faction: true,
                    discount: Some(discount.clone()),
                    per_unused_printed_slot: true,
                    set_cost: Some(set_cost.clone()),
                    exceed_restrictions: true,
                    when: when(),
                    beneath: true,
                    no_penalty: true,
                    icons: true,
                },
                AddSlot::plain(words(&["crew"]), 1),
            ],
            cost_modifiers: vec![CostModifier {
                amount: 5,
                when: when(),
                unless: Some(Condition::NameIsClass),
            }],
            cost_per_card: vec![CostPerCard {
                amount: 1,
                per: filter(6),
            }],
            cost_from_ship: Some(CostFromShip {
                stat: "hull".into(),
                plus: -1,
            }),
            cost_from_fleet: Some(CostFromFleet {
                stat: "hull".into(),
                starting: true,
                half_total: true,
                base: 1,
                per_ship: 2,
                above: 3,
            }),
            stat_bonuses: vec![StatBonus {
                stat: "shields".into(),
                amount: 1,
                when: when(),
            }],
            discounts: vec![discount],
            penalty: vec![
                PenaltyRule::NoPenalty,
                PenaltyRule::NoPenaltyOn {
                    factions: words(&["vulcan"]),
                },
                PenaltyRule::Waive {
                    scope: Scope::Fleet,
                    applies_to: filter(7),
                    faction_restriction: true,
                    when: when(),
                },
                PenaltyRule::Double {
                    scope: Scope::Ship,
                    applies_to: filter(8),
                },
            ],
            adds_factions: words(&["bajoran"]),
            captains: Some(2),
            fleet_excludes: words(&["Someone Else"]),
            no_admiral: true,
            no_ambassador: true,
            set_costs: vec![set_cost],
            ship_limits: vec![ShipLimit {
                applies_to: filter(9),
                only: Some(filter(10)),
            }],
            no_slot_for: vec![filter(11)],
            extra_admirals: vec![ExtraAdmirals {
                count: 1,
                applies_to: filter(12),
                when: when(),
            }],
            slots_also: vec![SlotsAlso {
                slots: words(&["crew"]),
                also: words(&["weapon"]),
            }],
            squadrons: Some(SquadronLimit { max: 2, bare: true }),
            free_talent_for_bonus: true,
            unique_fleet_captain: true,
            unmodeled: words(&["slot-fill"]),
        }
    }

    #[test]
    fn rules_with_every_field_and_variant_read_back_as_written() {
        let card = Card {
            id: "R1".into(),
            name: "Everything".into(),
            rules: every_rule(),
            ..Card::default()
        };
        let mut out = Vec::new();
        write(&card, &mut out).unwrap();
        assert_eq!(*read(&out).unwrap(), card);
        // Each field changed alone reads back changed: none is dropped on
        // the way (a field written but read into another would fail here).
        for c in every_condition() {
            let one = Card {
                rules: Rules {
                    restrictions: vec![c],
                    ..Rules::default()
                },
                ..card.clone()
            };
            let mut out = Vec::new();
            write(&one, &mut out).unwrap();
            assert_eq!(*read(&out).unwrap(), one);
        }
    }

    #[test]
    fn nesting_past_the_bound_is_an_error() {
        let mut c = Condition::UniqueShip;
        for _ in 0..MAX_DEPTH {
            c = Condition::Not { not: Box::new(c) };
        }
        let card = Card {
            id: "N1".into(),
            rules: Rules {
                restrictions: vec![c],
                ..Rules::default()
            },
            ..Card::default()
        };
        let mut out = Vec::new();
        write(&card, &mut out).unwrap();
        assert_eq!(read(&out), Err("its values nest too deep".into()));
        // One level less reads.
        let Condition::Not { not } = card.rules.restrictions[0].clone() else {
            unreachable!()
        };
        let shallower = Card {
            rules: Rules {
                restrictions: vec![*not],
                ..Rules::default()
            },
            ..card
        };
        let mut out = Vec::new();
        write(&shallower, &mut out).unwrap();
        assert_eq!(*read(&out).unwrap(), shallower);
    }

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
        assert_eq!(*read(&out).unwrap(), card);
        // Without its rules, it ends with a 0 after its species; its
        // strings are its text, in the order of its fields.
        let plain = Card {
            rules: Rules::default(),
            ..card
        };
        let mut short = Vec::new();
        write(&plain, &mut short).unwrap();
        assert_eq!(short.last(), Some(&0));
        let text =
            "X1X1ax1bÜnïcode — namecrewfederationbajoran71000galaxy_classscancrewcrewtechgorn";
        assert_eq!(usize::from(short[0]), text.len());
        assert_eq!(&short[1..1 + text.len()], text.as_bytes());
        assert!(out.len() > short.len());
        assert_eq!(*read(&short).unwrap(), plain);
        short.push(0);
        assert_eq!(read(&short), Err("it has bytes after its rules".into()));
    }

    #[test]
    fn a_damaged_record_is_an_error_not_a_panic() {
        let card = Card {
            id: "C1".into(),
            name: "Someone".into(),
            factions: vec!["romulan".into()],
            rules: every_rule(),
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
        // A variant index out of range, and a flag neither 0 nor 1.
        let arc = Card {
            rules: Rules {
                restrictions: vec![Condition::RearArc],
                ..Rules::default()
            },
            ..Card::default()
        };
        let mut out = Vec::new();
        write(&arc, &mut out).unwrap();
        let mut plain = Vec::new();
        write(&Card::default(), &mut plain).unwrap();
        // The rules: present (1), one restriction (1), its variant (9).
        let at = plain.len() - 1;
        assert_eq!(out[at..at + 3], [1, 1, 9]);
        let mut bad = out.clone();
        bad[at + 2] = 200;
        assert_eq!(
            read(&bad),
            Err(format!("a Condition at byte {} is out of range", at + 2))
        );
        // After the restrictions: max_per_ship (absent), then no_slot.
        let mut bad = out.clone();
        bad[at + 4] = 2;
        assert_eq!(read(&bad), Err("a flag is neither 0 nor 1".into()));
        assert_eq!(read(&[0x05, b'a']), Err("it is cut short".into()));
        assert_eq!(
            read(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x80]),
            Err("a length is too long".into())
        );
        assert_eq!(read(&[0x01, 0xff]), Err("its text is not UTF-8".into()));
        // A string's length past the text, or into a character: the text
        // "é" (two bytes), then an id of length 3 and of length 1.
        assert_eq!(
            read(&[0x02, 0xc3, 0xa9, 0x03]),
            Err("its text is cut short".into())
        );
        assert_eq!(
            read(&[0x02, 0xc3, 0xa9, 0x01]),
            Err("a string ends inside a character".into())
        );
        // Text that no string reads.
        let mut more = Vec::new();
        write(&Card::default(), &mut more).unwrap();
        more[0] = 1;
        more.insert(1, b'x');
        assert_eq!(read(&more), Err("it has text no string reads".into()));
    }
}
