//! The plain text list players post (`export --to text`), in the layout of
//! the Utopia builder's "Traditional" text export, which players know: a
//! ship line `Name [cost]`, its cards below it as `- Name [cost]` (cards in
//! a card's own slots one level deeper, `- - `), `Ship Total: N SP`, the
//! resource with its sideboard cards, and `Fleet Total: N SP`. Costs are
//! fleetcheck's, penalties included. Unlike Utopia the sideboard cards show
//! their costs, followed by the sideboard's total, and the list says the
//! date and SP cap the fleet file sets (`As Of:`, `SP Cap:`).

use super::priced::{Node, Priced};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use std::fmt::Write as _;

/// A card's line (and those of the cards in its slots); `section`, the
/// sideboard section it stands in, is named after it when the card fits
/// more than one (`Course Change (Crew)`), which `import text` reads.
fn line(
    db: &Database,
    node: &Node,
    indent: usize,
    sets: bool,
    section: Option<&str>,
    out: &mut String,
) {
    let c = node.card;
    let mut text = "- ".repeat(indent);
    text.push_str(&written(db, c, sets));
    match c.kind {
        CardType::Captain => {
            let _ = write!(text, " {} (Captain)", c.skill.unwrap_or(0));
        }
        CardType::Admiral => text.push_str(" (Admiral)"),
        CardType::Ambassador => text.push_str(" (Ambassador)"),
        CardType::FleetCaptain => text.push_str(" Fleet Captain"),
        CardType::Flagship => text.push_str(" Flagship"),
        CardType::Ship if !c.unique => {
            let class = c
                .class
                .as_deref()
                .map(|id| db.class(id).map_or(id, |k| k.name.as_str()))
                .unwrap_or("");
            let _ = write!(text, " ({class})");
        }
        _ => {}
    }
    let types: std::collections::BTreeSet<&str> =
        fleetcheck_staw::fleet::resolve::upgrade_types(c).collect();
    if let Some(s) = section.filter(|_| types.len() > 1) {
        let mut word = s.to_string();
        word[..1].make_ascii_uppercase();
        let _ = write!(text, " ({word})");
    }
    let _ = writeln!(out, "{text} [{}]", node.cost);
    for child in [
        &node.resource,
        &node.captain,
        &node.admiral,
        &node.ambassador,
        &node.construction,
    ]
    .into_iter()
    .flatten()
    {
        line(db, child, indent + 1, sets, None, out);
    }
    for n in node.upgrades.iter().chain(&node.upgrade_slots).flatten() {
        line(db, n, indent + 1, sets, None, out);
    }
}

/// How a card is written: its name, or its compact form `Name (Set)`
/// when `sets` or when another card has its name (else `import text`
/// could read the name back as the other card: the list names the
/// printing it holds).
/// A card that its name and set do not tell apart from another (two cards
/// of one name printed in one set: Fleet Commander R033a and R033b, the
/// talent and the weapon Balance of Terror) is followed by its id in
/// parentheses, which `import text` reads as that card.
fn written(db: &Database, c: &Card, sets: bool) -> String {
    use fleetcheck_staw::fleet::resolve::{compact, split_compact};
    let others: Vec<&Card> = db
        .named_as(c)
        .into_iter()
        .filter(|o| o.id != c.id)
        .collect();
    if !sets && others.is_empty() {
        return c.name.clone();
    }
    let form = compact(db, c);
    let set_ids: Vec<&str> = split_compact(&form)
        .map(|(_, set)| {
            db.sets_named(set)
                .into_iter()
                .map(|s| s.id.as_str())
                .collect()
        })
        .unwrap_or_default();
    // What the line marks (a captain, an admiral, a ship...) tells kinds
    // apart: a twin is of the same kind, or neither kind is marked.
    let marked = |k: CardType| {
        matches!(
            k,
            CardType::Ship
                | CardType::Captain
                | CardType::Admiral
                | CardType::Ambassador
                | CardType::FleetCaptain
                | CardType::Flagship
        )
    };
    let twin = others.iter().any(|o| {
        o.sets.iter().any(|s| set_ids.contains(&s.as_str()))
            && (o.kind == c.kind || !(marked(o.kind) || marked(c.kind)))
            && (c.kind != CardType::Ship || c.unique || o.class == c.class)
    });
    if twin {
        format!("{form} ({})", c.id)
    } else {
        form
    }
}

/// The text list of a priced fleet.
pub fn render(db: &Database, p: &Priced) -> String {
    render_with(db, p, false)
}

/// The text list, with every card in its compact form `Name (Set)` when
/// `sets` (`export --to text --sets`): the way players write lists, read
/// back by `import text` and by any fleet file.
pub fn render_with(db: &Database, p: &Priced, sets: bool) -> String {
    let mut out = String::new();
    if let Some(name) = &p.name {
        let _ = writeln!(out, "{name}");
    }
    if let Some(f) = &p.format {
        let _ = writeln!(out, "Format: {f}");
    }
    if let Some(d) = &p.as_of {
        let _ = writeln!(out, "As Of: {d}");
    }
    if let Some(c) = p.sp_cap {
        let _ = writeln!(out, "SP Cap: {c} SP");
    }
    if !out.is_empty() {
        out.push('\n');
    }
    for s in &p.ships {
        line(db, &s.node, 0, sets, None, &mut out);
        let _ = writeln!(out, "Ship Total: {} SP\n", s.total);
    }
    if let Some(r) = &p.resource {
        let name = written(db, r.card, sets);
        let _ = writeln!(out, "Resource: {name} [{}]", r.cost);
        let sections = super::priced::SIDEBOARD_ORDER.iter();
        for (n, section) in r.upgrade_slots.iter().zip(sections) {
            if let Some(n) = n {
                line(db, n, 1, sets, Some(section), &mut out);
            }
        }
        if let Some(t) = p.sideboard_total {
            let _ = writeln!(out, "Sideboard Total: {t} SP (not in the fleet total)");
        }
        out.push('\n');
    }
    if p.additional_points != 0 {
        let _ = writeln!(out, "Additional Points: {} SP\n", p.additional_points);
    }
    let _ = writeln!(out, "Fleet Total: {} SP", p.total);
    out
}
