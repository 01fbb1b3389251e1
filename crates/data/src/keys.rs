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
    each_ascii_normalized(name, |b| {
        out.push(b);
        true
    });
    // ASCII in, ASCII out.
    String::from_utf8(out).unwrap_or_default()
}

/// Hands `take` each byte of [`normalize`] of an ASCII `name` in turn,
/// until it returns false (a name compared with a key needs no string of
/// its own); false when it was stopped.
fn each_ascii_normalized(name: &str, mut take: impl FnMut(u8) -> bool) -> bool {
    let mut space = false;
    let mut started = false;
    for b in name.trim().bytes() {
        if (b as char).is_whitespace() {
            space = true;
            continue;
        }
        if space && started && !take(b' ') {
            return false;
        }
        space = false;
        started = true;
        let b = match b {
            b'`' => b'\'',
            b => b.to_ascii_lowercase(),
        };
        if !take(b) {
            return false;
        }
    }
    true
}

/// Whether `normalize(name)` with every byte passed through `map` is
/// `key`, without making the string for an ASCII name (asked of many
/// cards against one query's key).
pub fn normalized_is(name: &str, map: impl Fn(u8) -> u8, key: &str) -> bool {
    if name.is_ascii() {
        let key = key.as_bytes();
        let mut at = 0;
        let whole = each_ascii_normalized(name, |b| {
            let same = key.get(at) == Some(&map(b));
            at += 1;
            same
        });
        return whole && at == key.len();
    }
    normalize_chars(name)
        .bytes()
        .map(|b| if b.is_ascii() { map(b) } else { b })
        .eq(key.bytes())
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

        /// A name is compared with a key as its normalised, mapped string
        /// would be, ASCII or not.
        #[test]
        fn a_name_is_its_normalised_key(
            name in "[ -~\t\n’“é_]{0,24}",
            other in "[ -~\t\n’“é_]{0,24}",
        ) {
            let loose = |b: u8| if b == b'_' || b == b'-' { b' ' } else { b };
            let key = |s: &str| normalize(s).replace(['_', '-'], " ");
            proptest::prop_assert!(normalized_is(&name, loose, &key(&name)));
            proptest::prop_assert_eq!(normalized_is(&name, loose, &key(&other)), key(&name) == key(&other));
            proptest::prop_assert!(normalized_is(&name, |b| b, &normalize(&name)));
        }
    }

    #[test]
    fn a_name_differs_from_a_key_of_other_words() {
        assert!(normalized_is(
            "  Cardassian_Keldon  Class ",
            |b| if b == b'_' { b' ' } else { b },
            "cardassian keldon class"
        ));
        assert!(!normalized_is("Keldon Class", |b| b, "keldon"));
        assert!(!normalized_is("Keldon", |b| b, "keldon class"));
        assert!(normalized_is("Gul\u{2019}s  Ship", |b| b, "gul's ship"));
    }
}
