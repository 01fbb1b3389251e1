//! Where an edit applies: the ship picked by `--ship` (or the only one),
//! named in messages as "ship 2 (U.S.S. Reliant)".

use super::reference::resolved;
use super::EditError;
use fleetcheck_data::Database;
use fleetcheck_staw::fleet::resolve::Position;
use toml_edit::{ArrayOfTables, DocumentMut, Item, Table};

/// Where an edit applies: the ship (1-based) and the sideboard section.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    pub ship: Option<usize>,
    pub section: Option<String>,
}

pub(super) fn ships_mut(doc: &mut DocumentMut) -> Result<&mut ArrayOfTables, EditError> {
    if doc.get("ship").is_none() {
        doc.insert("ship", Item::ArrayOfTables(ArrayOfTables::new()));
    }
    match doc.get_mut("ship") {
        Some(Item::ArrayOfTables(a)) => Ok(a),
        _ => Err(EditError::new(
            "the file's `ship` is not a list of [[ship]] tables, so its ships cannot be edited",
        )
        .help("write each ship as a [[ship]] table")),
    }
}

pub(super) fn ship_count(doc: &DocumentMut) -> usize {
    doc.get("ship")
        .and_then(Item::as_array_of_tables)
        .map_or(0, ArrayOfTables::len)
}

/// "ship 2 (U.S.S. Reliant)".
pub(super) fn ship_label(db: &Database, t: &Table, n: usize) -> String {
    let name = t
        .get("ship")
        .and_then(Item::as_value)
        .and_then(|v| {
            resolved(db, v, Position::Ship)
                .map(|c| c.name.clone())
                .or_else(|| v.as_str().map(str::to_string))
        })
        .unwrap_or_else(|| "no ship card".into());
    format!("ship {n} ({name})")
}

/// The 1-based ship number to edit: `--ship N`, or the only ship.
pub(super) fn pick_ship(
    db: &Database,
    doc: &DocumentMut,
    ship: Option<usize>,
) -> Result<usize, EditError> {
    let count = ship_count(doc);
    let list = || {
        let ships = doc.get("ship").and_then(Item::as_array_of_tables);
        ships
            .map(|a| {
                a.iter()
                    .enumerate()
                    .map(|(i, t)| ship_label(db, t, i + 1))
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
    };
    match ship {
        Some(n) if n >= 1 && n <= count => Ok(n),
        Some(n) if count == 0 => Err(EditError::new(format!(
            "there is no ship {n}: the fleet has no ships yet"
        ))
        .help("add one first: fleetcheck add FILE ship CARD")),
        Some(n) => Err(EditError::new(format!(
            "there is no ship {n}: the fleet has {count} ship{} ({})",
            if count == 1 { "" } else { "s" },
            list()
        ))),
        None if count == 1 => Ok(1),
        None if count == 0 => Err(EditError::new("the fleet has no ships yet")
            .help("add one first: fleetcheck add FILE ship CARD")),
        None => Err(EditError::new(format!(
            "which ship? the fleet has {count} ships ({})",
            list()
        ))
        .help("pass --ship N")),
    }
}
