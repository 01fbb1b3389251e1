//! The cost breakdown (`fleetcheck price`, table output): every card with
//! its base cost, each modifier on its own line (kind, signed amount, the
//! card or rule that caused it), the card's cost, per ship and in total.
//! The JSON output of `price` is the ordinary report (`super::json`), which
//! carries the same modifiers.

use super::model::{FleetReport, Modifier};
use super::table::{self, new_table, right, unwrapped};
use super::{Checked, RenderOptions};
use crate::data::names;
use comfy_table::{Cell, Table};
use std::io::{self, Write};

/// Renders the breakdown of one checked file, then its diagnostics and
/// verdict.
pub fn render(w: &mut dyn Write, checked: &Checked, opts: &RenderOptions) -> io::Result<()> {
    let r = &checked.report;
    table::header(w, r)?;
    if table::has_costs(r) {
        writeln!(w, "{}", breakdown(r, opts))?;
        if let Some(sb) = &r.sideboard {
            writeln!(
                w,
                "{}, not part of the fleet total",
                table::sideboard_line(sb.total, sb.cap)
            )?;
        }
        if let Some(total) = r.total {
            writeln!(w, "{}", table::total_line(total, r.cap))?;
        }
    } else if let Some(text) = &checked.text {
        write!(w, "{text}")?;
    }
    table::diagnostics(w, checked, opts)?;
    table::verdict(w, checked, opts)
}

/// Adds a card's rows: the first modifier on the card's own row, the others
/// on continuation rows, so that every modifier is one line.
fn add_card(t: &mut Table, label: String, base: i32, mods: &[Modifier], cost: i32) {
    let first = mods.first();
    let mut row = vec![Cell::new(label), Cell::new(base)];
    row.extend(modifier_cells(first));
    row.push(Cell::new(cost));
    t.add_row(row);
    for m in mods.iter().skip(1) {
        let mut row = vec![Cell::new(""), Cell::new("")];
        row.extend(modifier_cells(Some(m)));
        row.push(Cell::new(""));
        t.add_row(row);
    }
}

fn modifier_cells(m: Option<&Modifier>) -> [Cell; 3] {
    match m {
        Some(m) => [
            Cell::new(&m.kind),
            Cell::new(format!("{:+}", m.amount)),
            Cell::new(&m.source),
        ],
        None => [Cell::new(""), Cell::new(""), Cell::new("")],
    }
}

fn subtotal(t: &mut Table, label: String, amount: i32) {
    t.add_row(vec![
        Cell::new(label),
        Cell::new(""),
        Cell::new(""),
        Cell::new(""),
        Cell::new(""),
        Cell::new(amount),
    ]);
}

fn breakdown(r: &FleetReport, opts: &RenderOptions) -> Table {
    let mut t = new_table(opts);
    t.set_header(vec!["Card", "Base", "Modifier", "Amount", "Source", "Cost"]);
    for (n, ship) in r.ships.iter().enumerate() {
        let base = table::base_of(ship.cost, &ship.modifiers);
        add_card(
            &mut t,
            format!("{}. {} ({})", n + 1, ship.ship.name, ship.ship.id),
            base,
            &ship.modifiers,
            ship.cost,
        );
        for c in &ship.cards {
            let slot = c
                .slot
                .as_deref()
                .map_or(String::new(), |s| format!(", {}", names::slot(s)));
            add_card(
                &mut t,
                format!(
                    "   {} ({}; {}{slot})",
                    c.name,
                    c.id,
                    c.kind.replace('-', " ")
                ),
                c.base,
                &c.modifiers,
                c.cost,
            );
        }
        subtotal(
            &mut t,
            format!("   ship total: {}", ship.ship.name),
            ship.total,
        );
    }
    if let Some(res) = &r.resource {
        let base = table::base_of(res.cost, &res.modifiers);
        add_card(
            &mut t,
            format!("resource: {} ({})", res.name, res.id),
            base,
            &res.modifiers,
            res.cost,
        );
    }
    if let Some(points) = r.additional_points.filter(|&p| p != 0) {
        subtotal(&mut t, "additional points".into(), points);
    }
    if let Some(sb) = &r.sideboard {
        for c in &sb.cards {
            add_card(
                &mut t,
                format!("sideboard {}: {} ({})", c.section, c.card.name, c.card.id),
                c.card.base,
                &c.card.modifiers,
                c.card.cost,
            );
        }
    }
    right(&mut t, &[1, 3, 5]);
    unwrapped(&mut t, &[0, 1, 2, 3, 5]);
    t
}
