//! The Reinforcements Sideboard (resource R003; shared/rules/staw.md):
//!
//! - `sideboard-resource`: a `[sideboard]` needs the resource;
//! - `sideboard-slot`: one card per section (`captain`, `talent`, `crew`,
//!   `tech`, `weapon`), no other key, and each card of its section's type;
//! - `sideboard-borg`: no Borg upgrade (slot type Borg, whatever its
//!   faction; a Borg-faction tech card is fine);
//! - `sideboard-cap`: the cards cost at most 20 SP together. Their cost is
//!   the printed cost plus every additional cost in the card text, judged
//!   with no ship (`cost::on_sideboard`: T240 costs 4 + 5 = 9 there); no
//!   faction penalty, no discount. The 20 SP are not part of the fleet
//!   total; the resource's own 10 SP are;
//! - `sideboard-set-cost` (warning): a card whose cost is set by the ship
//!   it is equipped to has no such ship on the sideboard; no ruling covers
//!   it, so its printed cost is counted and the user is told.
//!
//! Sideboard cards also count for uniqueness (`unique`).
//!
//! ```toml
//! resource = "Reinforcements Sideboard"
//! [sideboard]
//! tech = { id = "T240" }          # 9 SP: the sideboard is not the U.S.S. Defiant
//! crew = [{ id = "C209" }, { id = "C211" }]   # sideboard-slot: one card per section
//! ```

use super::analysis::Analysis;
use super::{upgrade_types, Code, Reads, Rule};
use crate::fleet::read::SIDEBOARD_SECTIONS;
use crate::fleet::resolve::{describe_kind, SideboardSection};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_input::diag::Diagnostic;

/// The Reinforcements Sideboard resource.
pub(crate) const REINFORCEMENTS_SIDEBOARD: &str = "R003";

/// What the sideboard's cards may cost together.
pub const CAP: i32 = 20;

pub const RULE: Rule = Rule {
    name: "sideboard",
    codes: &[
        Code::SideboardResource,
        Code::SideboardSlot,
        Code::SideboardBorg,
        Code::SideboardCap,
        Code::SideboardSetCost,
    ],
    check,
    reads: Reads::Sideboard,
    added_leaves: None,
};

/// A Borg upgrade: printed with the Borg type, or a card without a type of
/// its own whose only choice is Borg. A tech card that may also fill a
/// Borg slot (Systems Upgrade) is a tech upgrade.
fn is_borg(card: &Card) -> bool {
    card.kind == CardType::Upgrade
        && match &card.slot {
            Some(s) => s == "borg",
            None => !card.rules.either_slot.is_empty() && upgrade_types(card).all(|t| t == "borg"),
        }
}

fn check(a: &Analysis, out: &mut Vec<Diagnostic>) {
    let (Some(sb), Some(state)) = (&a.fleet.sideboard, &a.sideboard) else {
        return;
    };
    let has_resource = a.resource.as_ref().is_some_and(|r| {
        r.placed
            .card
            .id
            .eq_ignore_ascii_case(REINFORCEMENTS_SIDEBOARD)
    });
    if !has_resource {
        let have = match &a.resource {
            Some(r) => format!(
                "the fleet's resource is {} ({})",
                r.placed.card.name, r.placed.card.id
            ),
            None => "the fleet has no resource".into(),
        };
        out.push(
            Diagnostic::new(
                Code::SideboardResource,
                format!("[sideboard] needs the Reinforcements Sideboard resource ({REINFORCEMENTS_SIDEBOARD}), but {have}"),
            )
            .with_span(Some(sb.span.clone()))
            .with_help("add resource = \"Reinforcements Sideboard\" at the top of the file"),
        );
    }
    for l in &sb.lists {
        let n = sb.cards.iter().filter(|c| c.section.span == l.span).count();
        out.push(
            Diagnostic::new(
                Code::SideboardSlot,
                format!(
                    "the sideboard holds one card per section, but `{}` lists {n}",
                    l.value
                ),
            )
            .with_span(Some(l.span.clone())),
        );
    }
    let mut unknown_reported: Vec<&str> = Vec::new();
    for (c, price) in &state.cards {
        let card = c.card.card;
        let section = SideboardSection::of(&c.section.value);
        if section == SideboardSection::Other {
            if !unknown_reported.contains(&c.section.value.as_str()) {
                unknown_reported.push(&c.section.value);
                out.push(
                    Diagnostic::new(
                        Code::SideboardSlot,
                        format!(
                            "the sideboard has no `{}` section (sections: {})",
                            c.section.value,
                            SIDEBOARD_SECTIONS.join(", ")
                        ),
                    )
                    .with_span(Some(c.section.span.clone())),
                );
            }
            continue;
        }
        if is_borg(card) {
            out.push(
                Diagnostic::new(
                    Code::SideboardBorg,
                    format!(
                        "{} ({}) is {}, and Borg upgrades may not be placed on the sideboard",
                        card.name,
                        card.id,
                        describe_kind(card)
                    ),
                )
                .with_span(Some(c.card.span.clone())),
            );
        } else if !section.fits(card) {
            out.push(
                Diagnostic::new(
                    Code::SideboardSlot,
                    format!(
                        "{} ({}) is {}, so it cannot go in the sideboard's `{}` section",
                        card.name,
                        card.id,
                        describe_kind(card),
                        c.section.value
                    ),
                )
                .with_span(Some(c.card.span.clone())),
            );
        }
        if card.rules.cost_from_ship.is_some() {
            out.push(
                Diagnostic::new(
                    Code::SideboardSetCost,
                    format!(
                        "{} ({}) takes its cost from the ship it is equipped to; the sideboard is no ship, so its printed cost, {} SP, is counted",
                        card.name, card.id, price.base
                    ),
                )
                .with_span(Some(c.card.span.clone())),
            );
        }
    }
    if state.total > CAP {
        use std::fmt::Write as _;
        let mut message = format!(
            "the sideboard's cards cost {} SP together, {} over its {CAP} SP cap: ",
            state.total,
            state.total - CAP,
        );
        for (k, (c, p)) in state.cards.iter().enumerate() {
            let plus = if k > 0 { " + " } else { "" };
            let _ = write!(message, "{plus}{} {}", c.card.card.name, p.cost);
        }
        out.push(Diagnostic::new(Code::SideboardCap, message).with_span(Some(sb.span.clone())));
    }
}
