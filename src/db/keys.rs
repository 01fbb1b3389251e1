//! The keys cards are found by: a lowercased id, a normalised name. Shared
//! by the loader (`super`) and by `build.rs`, which writes the embedded
//! database's index with them, so that both agree on every key.

/// The lookup key of a card id or alias id: lowercased (the id as the data
/// file spells it; a query is trimmed first).
pub fn id_key(id: &str) -> String {
    id.to_lowercase()
}

/// Normalises a card name for matching: lowercase, trimmed, inner
/// whitespace collapsed, typographic apostrophes and quotes made plain.
pub fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for ch in name.trim().chars() {
        let ch = match ch {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '`' | '\u{00B4}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => '"',
            '\u{2013}' | '\u{2014}' => '-',
            c => c,
        };
        if ch.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.extend(ch.to_lowercase());
    }
    out
}
