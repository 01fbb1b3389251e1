//! Invariant 1, `total-is-the-sum-of-priced-cards`: the fleet's total is
//! the sum of its cards' costs as `fleetcheck price` shows them.
//!
//! The price table is rendered (`report::price::render`, no wrapping) and
//! read back row by row: every card's row has its base, one row per
//! modifier with its amount, and its cost, and base + amounts = cost; each
//! ship's rows add up to its "ship total" row; the ships, the resource and
//! the additional points add up to the "Total N" line; the sideboard's rows
//! to its "Sideboard N / 20 SP" line, outside the fleet total. The same
//! sums are checked on the report itself (what `price -o json` prints), and
//! the table and the report must agree card by card.

use fleetcheck_report::model::FleetReport;
use fleetcheck_report::{Checked, RenderOptions};

/// One card row of the price table and its modifier rows.
#[derive(Debug)]
struct Row {
    label: String,
    base: Option<i32>,
    amounts: Vec<i32>,
    cost: i32,
}

fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('│')?.strip_suffix('│')?;
    Some(inner.split('┆').map(|c| c.trim().to_string()).collect())
}

fn int(s: &str, what: &str, line: &str) -> Result<i32, String> {
    s.trim_start_matches('+')
        .parse()
        .map_err(|_| format!("the price table's {what} {s:?} is no number in {line:?}"))
}

/// The rows of the rendered table.
fn rows(table: &str) -> Result<Vec<Row>, String> {
    let mut out: Vec<Row> = Vec::new();
    for line in table.lines() {
        let Some(c) = cells(line) else { continue };
        if c.len() != 6 || c[0] == "Card" {
            continue;
        }
        if c[0].is_empty() {
            // A modifier's continuation row.
            let last = out
                .last_mut()
                .ok_or_else(|| format!("a modifier row before any card: {line:?}"))?;
            last.amounts.push(int(&c[3], "amount", line)?);
            continue;
        }
        out.push(Row {
            label: c[0].clone(),
            base: if c[1].is_empty() {
                None
            } else {
                Some(int(&c[1], "base", line)?)
            },
            amounts: if c[3].is_empty() {
                Vec::new()
            } else {
                vec![int(&c[3], "amount", line)?]
            },
            cost: int(&c[5], "cost", line)?,
        });
    }
    Ok(out)
}

/// The number in "Total 94 / 100 SP" or "Sideboard 18 / 20 SP".
fn line_number(text: &str, start: &str) -> Option<i32> {
    text.lines()
        .find_map(|l| l.strip_prefix(start))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
}

pub fn holds(checked: &Checked) -> Result<(), String> {
    let r = &checked.report;
    report_sums(r)?;
    let mut out = Vec::new();
    let opts = RenderOptions {
        color: false,
        width: None,
    };
    fleetcheck_report::price::render(&mut out, checked, &opts).map_err(|e| e.to_string())?;
    let table = String::from_utf8(out).map_err(|e| e.to_string())?;
    let rows = rows(&table)?;
    let mut fleet = 0;
    let mut ship_sum: Option<i32> = None;
    let mut sideboard = 0;
    let mut card = 0;
    for row in &rows {
        if let Some(base) = row.base {
            let sum = base + row.amounts.iter().sum::<i32>();
            if sum != row.cost {
                return Err(format!(
                    "price shows {} at base {base} with modifiers {:?} = {sum}, but a cost of {}",
                    row.label, row.amounts, row.cost
                ));
            }
        }
        if row.label.starts_with("ship total: ") {
            let sum = ship_sum.take().unwrap_or(0);
            if sum != row.cost {
                return Err(format!(
                    "price shows the rows of {} adding up to {sum}, but {}",
                    row.label, row.cost
                ));
            }
            fleet += row.cost;
            continue;
        }
        if row.label.starts_with("sideboard ") {
            sideboard += row.cost;
            continue;
        }
        if row.label.starts_with("resource: ") || row.label == "additional points" {
            fleet += row.cost;
            continue;
        }
        // A ship's row ("1. Name (ID)") or a card on it.
        *ship_sum.get_or_insert(0) += row.cost;
        card += 1;
    }
    let Some(total) = line_number(&table, "Total ") else {
        return Err(format!("price shows no total line:\n{table}"));
    };
    if Some(total) != r.total {
        return Err(format!(
            "price shows Total {total}, the report {:?}",
            r.total
        ));
    }
    if fleet != total {
        return Err(format!(
            "price shows rows adding up to {fleet}, but Total {total}:\n{table}"
        ));
    }
    if let Some(sb) = &r.sideboard {
        let shown = line_number(&table, "Sideboard ");
        if shown != Some(sideboard) || sb.total != sideboard {
            return Err(format!(
                "the sideboard's rows add up to {sideboard}; price shows {shown:?}, the report {}",
                sb.total
            ));
        }
    }
    let in_report: usize = r.ships.iter().map(|s| 1 + s.cards.len()).sum();
    if card != in_report {
        return Err(format!(
            "price shows {card} ship and card rows, the report has {in_report}:\n{table}"
        ));
    }
    Ok(())
}

/// The same sums on the report.
fn report_sums(r: &FleetReport) -> Result<(), String> {
    let mut sum = r.additional_points.unwrap_or(0);
    for s in &r.ships {
        let mut ship = s.cost;
        for c in &s.cards {
            let m: i32 = c.modifiers.iter().map(|m| m.amount).sum();
            if c.base + m != c.cost {
                return Err(format!(
                    "{} ({}) on {}: base {} + modifiers {m} is not its cost {}",
                    c.name, c.id, s.ship.name, c.base, c.cost
                ));
            }
            ship += c.cost;
        }
        if ship != s.total {
            return Err(format!(
                "{}: its cost and cards add up to {ship}, its total is {}",
                s.ship.name, s.total
            ));
        }
        sum += s.total;
    }
    if let Some(res) = &r.resource {
        sum += res.cost;
    }
    if r.total != Some(sum) {
        return Err(format!(
            "the ships, resource and points add up to {sum}, the total is {:?}",
            r.total
        ));
    }
    if let Some(sb) = &r.sideboard {
        let cards: i32 = sb.cards.iter().map(|c| c.card.cost).sum();
        if cards != sb.total {
            return Err(format!(
                "the sideboard's cards add up to {cards}, its total is {}",
                sb.total
            ));
        }
    }
    Ok(())
}
