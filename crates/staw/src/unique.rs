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
use super::{Code, Rule};
use crate::fleet::resolve::describe_kind;
use fleetcheck_data::normalize;
use fleetcheck_input::diag::Diagnostic;
use std::collections::hash_map::Entry;
use std::collections::HashMap;

pub(crate) const RULE: Rule = Rule {
    name: "unique",
    codes: &[Code::Unique],
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let cards = a.every_card();
    // The first card of each unique name, by index; a card is described
    // only when it clashes.
    let mut seen: HashMap<(bool, String), usize> = HashMap::new();
    for (i, l) in cards.iter().enumerate() {
        if l.role.is_some_and(is_attached) || (l.role.is_none() && !l.sideboard) {
            continue;
        }
        let c = l.card;
        if !(c.unique || c.mirror_unique) {
            continue;
        }
        match seen.entry((c.mirror_unique, normalize(&c.name))) {
            Entry::Occupied(first) => {
                let mu = if c.mirror_unique {
                    "Mirror Universe "
                } else {
                    ""
                };
                let (here, first) = (describe(l), describe(&cards[*first.get()]));
                out.push(
                    Diagnostic::new(
                        Code::Unique,
                        format!("{here} has the same {mu}unique name as {first}"),
                    )
                    .with_span(Some(l.span.clone())),
                );
            }
            Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
}

/// "the crew upgrade Data (C209) on ship 2 (U.S.S. Enterprise-D)".
fn describe(l: &Located<'_>) -> String {
    let c = l.card;
    let kind = describe_kind(c);
    let kind = kind
        .strip_prefix("a ")
        .or_else(|| kind.strip_prefix("an "))
        .unwrap_or(&kind);
    format!("the {kind} {} ({}) on {}", c.name, c.id, l.place)
}
