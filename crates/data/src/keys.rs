//! The keys cards are found by: a lowercased id, a normalised name. The
//! compile (`super::compile`, also included by `build.rs`) writes every
//! database's index with them and the lookups (`super::Database`) make
//! their queries with them, so that both agree on every key.

/// The lookup key of a card id or alias id: lowercased (the id as the data
/// file spells it; a query is trimmed first).
pub(crate) fn id_key(id: &str) -> String {
    id.to_lowercase()
}

/// An id key of at most 8 bytes as the compiled id index's number keys
/// hold it (`compile`'s layout): its bytes, padded with zeros to 8, read
/// big-endian, so that numbers sort as the keys do. `None` for a longer key.
pub(crate) fn id_word(key: &[u8]) -> Option<[u8; 8]> {
    let mut word = [0u8; 8];
    word.get_mut(..key.len())?.copy_from_slice(key);
    Some(word)
}

/// Normalises a card name for matching: lowercase, trimmed, inner
/// whitespace collapsed, typographic apostrophes and quotes made plain.
pub fn normalize(name: &str) -> String {
    // Most names are ASCII: the same mapping byte by byte (rules compare
    // normalised names in loops).
    if name.is_ascii() {
        return normalize_ascii(name);
    }
    normalize_chars(name)
}

fn normalize_ascii(name: &str) -> String {
    let mut out = Vec::with_capacity(name.len());
    let mut space = false;
    for b in name.trim().bytes() {
        if (b as char).is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(b' ');
        }
        space = false;
        out.push(match b {
            b'`' => b'\'',
            b => b.to_ascii_lowercase(),
        });
    }
    // ASCII in, ASCII out.
    String::from_utf8(out).unwrap_or_default()
}

fn normalize_chars(name: &str) -> String {
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

/// A natural sort key: "Cap10" before "Cap100", "S9" before "S10".
pub fn natural_key(id: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut num = String::new();
    for ch in id.chars() {
        if ch.is_ascii_digit() {
            num.push(ch);
        } else {
            if !num.is_empty() {
                out.push((std::mem::take(&mut text), num.parse().unwrap_or(u64::MAX)));
                num.clear();
            }
            text.extend(ch.to_lowercase());
        }
    }
    out.push((text, num.parse().unwrap_or(0)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The ASCII path maps exactly as the general one.
        #[test]
        fn ascii_names_normalise_as_any_other(name in "[ -~\t\n\x0b\x0c\r]{0,24}") {
            proptest::prop_assert_eq!(normalize_ascii(&name), normalize_chars(&name));
        }
    }
}
