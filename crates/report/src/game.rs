//! The other games' state summaries drawn: their text as it is, their
//! tables as the table report draws a card list (never wrapped, never
//! coloured, so the text is the same everywhere).

use comfy_table::{presets, Cell, CellAlignment, Table};
use fleetcheck_games::{Block, Summary};

/// The summary as text.
pub(crate) fn render(summary: &Summary) -> String {
    let mut out = String::new();
    for b in &summary.blocks {
        match b {
            Block::Text(t) => out.push_str(t),
            Block::Table {
                header,
                rows,
                right,
            } => out.push_str(&table(header, rows, right)),
        }
    }
    out
}

fn table(header: &[String], rows: &[Vec<String>], right: &[usize]) -> String {
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED).force_no_tty();
    t.set_header(header.iter().map(Cell::new).collect::<Vec<_>>());
    for row in rows {
        t.add_row(
            row.iter()
                .enumerate()
                .map(|(i, s)| {
                    let c = Cell::new(s);
                    if right.contains(&i) {
                        c.set_alignment(CellAlignment::Right)
                    } else {
                        c
                    }
                })
                .collect::<Vec<_>>(),
        );
    }
    t.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_tables_in_order() {
        let mut s = Summary::default();
        s.text("Deck\n");
        s.table(
            &["#", "Card"],
            vec![vec!["1".into(), "Direct Hit".into()]],
            &[0],
        );
        s.text("\nend\n");
        assert_eq!(
            render(&s),
            "Deck\n┌───┬────────────┐\n│ # ┆ Card       │\n╞═══╪════════════╡\n│ 1 ┆ Direct Hit │\n└───┴────────────┘\nend\n"
        );
    }
}
