//! How a card is written in a list and read back: the compact form
//! `Name (Set)`.

use fleetcheck_data::model::Card;
use fleetcheck_data::Database;

/// `"Photon Torpedoes (Starter Set)"`: a card name and the set it is
/// printed in, as players write lists; `None` for anything else.
pub fn split_compact(s: &str) -> Option<(&str, &str)> {
    let s = s.trim();
    let body = s.strip_suffix(')')?;
    // The `(` that the last `)` closes: set names hold parentheses too
    // (`James T. Kirk (U.S.S. Enterprise (Refit))`).
    let mut depth = 0;
    let mut open = None;
    for (i, ch) in body.char_indices().rev() {
        match ch {
            ')' => depth += 1,
            '(' if depth == 0 => {
                open = Some(i);
                break;
            }
            '(' => depth -= 1,
            _ => {}
        }
    }
    let open = open?;
    let (name, set) = (body[..open].trim(), body[open + 1..].trim());
    (!name.is_empty() && !set.is_empty()).then_some((name, set))
}

/// The compact form of a card in a set: `Photon Torpedoes (Starter Set)`,
/// by the first of its sets in which no other card has its name and type
/// (so that the form names it alone), else its first set.
pub fn compact(db: &Database, c: &Card) -> String {
    let others: Vec<&Card> = db
        .named_as(c)
        .into_iter()
        .filter(|o| o.kind == c.kind && !o.is_reprint_of(c))
        .collect();
    let alone = |set: &str| {
        let named = db.sets_named(db.set(set).map_or(set, |s| s.name.as_str()));
        !others
            .iter()
            .any(|o| o.sets.iter().any(|s| named.iter().any(|n| n.id == *s)))
    };
    // Its own sets first, then those of its reprints (the same card to
    // the rules).
    let mut sets: Vec<&String> = c.sets.iter().collect();
    for o in db.named_as(c).into_iter().filter(|o| o.is_reprint_of(c)) {
        sets.extend(o.sets.iter().filter(|s| !c.sets.contains(s)));
    }
    let set = sets
        .iter()
        .find(|s| alone(s))
        .or(sets.first())
        .and_then(|s| db.set(s));
    match set {
        Some(set) => format!("{} ({})", c.name, set.name),
        None => c.name.clone(),
    }
}
