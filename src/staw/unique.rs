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

use super::analysis::Analysis;
use super::resource::is_attached;
use super::{Code, Rule};
use crate::data::normalize;
use crate::input::diag::Diagnostic;
use crate::staw::fleet::resolve::describe_kind;
use std::collections::HashMap;

pub const RULE: Rule = Rule {
    name: "unique",
    codes: &[Code::Unique],
    summary: "a unique name appears once in the fleet (Mirror Universe unique apart)",
    check,
};

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<(bool, String), String> = HashMap::new();
    for l in a.every_card() {
        if l.role.is_some_and(is_attached) || (l.role.is_none() && !l.sideboard) {
            continue;
        }
        let c = l.card;
        if !(c.unique || c.mirror_unique) {
            continue;
        }
        let key = (c.mirror_unique, normalize(&c.name));
        // "the crew upgrade Data (C209) on ship 2 (U.S.S. Enterprise-D)".
        let kind = describe_kind(c);
        let kind = kind
            .strip_prefix("a ")
            .or_else(|| kind.strip_prefix("an "))
            .unwrap_or(&kind);
        let here = format!("the {kind} {} ({}) on {}", c.name, c.id, l.place);
        match seen.get(&key) {
            Some(first) => {
                let mu = if c.mirror_unique {
                    "Mirror Universe "
                } else {
                    ""
                };
                out.push(
                    Diagnostic::new(
                        Code::Unique,
                        format!("{here} has the same {mu}unique name as {first}"),
                    )
                    .with_span(Some(l.span.clone())),
                );
            }
            None => {
                seen.insert(key, here);
            }
        }
    }
}
