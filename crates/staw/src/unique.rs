//! `unique`: a unique card may appear once in the fleet. Uniqueness is by
//! name (normalised) across card types, ships and the sideboard: a unique
//! captain "Data" and a unique crew "Data" clash. Mirror Universe unique
//! cards clash only with Mirror Universe unique cards of the same name.
//! Non-unique cards repeat freely.
//!
//! The cards a resource attaches to ships (flagships, fleet captains,
//! officers) are limited by the `resource` rule instead: their names
//! ("Romulan", "Tactical Officer") are shared with cards they never clash
//! with.

use super::analysis::{Analysis, Located};
use super::resource::is_attached;
use super::{Code, Reads, Rule};
use crate::fleet::resolve::describe_kind;
use fleetcheck_input::diag::Diagnostic;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

pub(crate) const RULE: Rule = Rule {
    name: "unique",
    codes: &[Code::Unique],
    check,
    reads: Reads::Fleet,
    added_leaves: Some(leaves),
};

/// A card added leaves the clashes as they were when it is not unique, or
/// when no card of the fleet has its unique name (Mirror Universe or not):
/// it clashes with none, and the others' clashes do not read it.
fn leaves(a: &Analysis, card: &fleetcheck_data::model::Card) -> bool {
    if !(card.unique || card.mirror_unique) {
        return true;
    }
    let key = card.name_key();
    !a.any_card(|c| {
        (c.unique || c.mirror_unique)
            && c.mirror_unique == card.mirror_unique
            && c.name_key() == key
    })
}

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let cards = a.every_card();
    // The first card of each unique name, by index; a card is described
    // only when it clashes. A fleet has few unique cards: they are kept in
    // a list, and in a map once there are many.
    let mut seen = Seen {
        list: Vec::with_capacity(16),
        map: HashMap::default(),
    };
    // The description of each first card that a later one clashes with,
    // made once (a fleet may repeat one unique card on every ship).
    let mut firsts: HashMap<usize, String, foldhash::fast::FixedState> = HashMap::default();
    for (i, l) in cards.iter().enumerate() {
        if l.role.is_some_and(is_attached) || (l.role.is_none() && !l.sideboard) {
            continue;
        }
        let c = l.card;
        if !(c.unique || c.mirror_unique) {
            continue;
        }
        if let Some(first) = seen.first_or_insert((c.mirror_unique, c.name_key()), i) {
            let mu = if c.mirror_unique {
                "Mirror Universe "
            } else {
                ""
            };
            let first = firsts
                .entry(first)
                .or_insert_with(|| describe(&cards[first]));
            let mut message = describe(l);
            message.reserve(first.len() + 48);
            message.push_str(" has the same ");
            message.push_str(mu);
            message.push_str("unique name as ");
            message.push_str(first);
            out.push(Diagnostic::new(Code::Unique, message).with_span(Some(l.span.clone())));
        }
    }
}

/// A unique name: Mirror Universe or not, and the name normalised.
type Key<'a> = (bool, std::borrow::Cow<'a, str>);

/// The first card of each unique name seen: a list while it is short
/// (hashing costs more than comparing a few names), a map past
/// [`Seen::LIST`] names (a file may list thousands of cards).
struct Seen<'a> {
    list: Vec<(Key<'a>, usize)>,
    map: HashMap<Key<'a>, usize, foldhash::fast::FixedState>,
}

impl<'a> Seen<'a> {
    const LIST: usize = 32;

    /// The index of the first card of `key` if one was seen; else `i` is
    /// kept as its first.
    fn first_or_insert(&mut self, key: Key<'a>, i: usize) -> Option<usize> {
        if let Some((_, first)) = self.list.iter().find(|(k, _)| *k == key) {
            return Some(*first);
        }
        if self.list.len() < Self::LIST {
            self.list.push((key, i));
            return None;
        }
        match self.map.entry(key) {
            Entry::Occupied(first) => Some(*first.get()),
            Entry::Vacant(v) => {
                v.insert(i);
                None
            }
        }
    }
}

/// "the crew upgrade Data (C209) on ship 2 (U.S.S. Enterprise-D)".
fn describe(l: &Located<'_>) -> String {
    use std::fmt::Write;
    let c = l.card;
    let kind = describe_kind(c);
    let kind = kind
        .strip_prefix("a ")
        .or_else(|| kind.strip_prefix("an "))
        .unwrap_or(&kind);
    let mut out = String::with_capacity(96);
    for part in ["the ", kind, " ", &c.name, " (", &c.id, ") on "] {
        out.push_str(part);
    }
    // Writing to a String cannot fail.
    let _ = write!(out, "{}", l.place);
    out
}
