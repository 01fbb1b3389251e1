//! Layout-keeping edits of a `toml_edit` document: pushing to and removing
//! from arrays without moving any comment to the wrong entry, and inserting
//! a key at its natural place in a table without reordering the user's keys.
//!
//! How `toml_edit` stores the text around array values: the prefix of value
//! `k` holds everything between the comma after value `k-1` (or the `[`) and
//! value `k`, so the end-of-line comment of value `k-1` sits in the prefix of
//! value `k`, and the comment of the last value sits in the array's
//! `trailing`. The functions here move those pieces so that every comment
//! stays on the line of the value it was written after.

use toml_edit::{Array, Item, Key, RawString, Table, Value};

fn raw(s: Option<&RawString>) -> String {
    s.and_then(|r| r.as_str()).unwrap_or("").to_string()
}

/// Splits `s` after its first newline: (up to and including it, the rest).
/// Without a newline: ("", s).
fn split_line(s: &str) -> (&str, &str) {
    match s.find('\n') {
        Some(i) => s.split_at(i + 1),
        None => ("", s),
    }
}

/// True when the array is written over several lines.
pub(crate) fn is_multiline(a: &Array) -> bool {
    raw(Some(a.trailing())).contains('\n')
        || a.iter().any(|v| {
            raw(v.decor().prefix()).contains('\n') || raw(v.decor().suffix()).contains('\n')
        })
}

/// In a multi-line array without a trailing comma, the last value's suffix
/// holds its end of line (and comment): move it to the trailing text and
/// add the comma, so that the last line looks like every other one.
fn normalize_tail(a: &mut Array) {
    if a.trailing_comma() || a.is_empty() {
        return;
    }
    let last = a.len() - 1;
    let v = a.get_mut(last).unwrap();
    let suffix = raw(v.decor().suffix());
    v.decor_mut().set_suffix("");
    let trailing = raw(Some(a.trailing()));
    a.set_trailing(format!("{suffix}{trailing}"));
    a.set_trailing_comma(true);
}

/// Appends `value` to the array in the array's own style. In a multi-line
/// array the new value goes on its own line with the indentation of the
/// last one, and `comment` (without `#`) follows it on that line.
pub fn push(a: &mut Array, mut value: Value, comment: Option<&str>) {
    if !is_multiline(a) {
        let prefix = if a.is_empty() { "" } else { " " };
        value.decor_mut().set_prefix(prefix);
        value.decor_mut().set_suffix("");
        a.push_formatted(value);
        return;
    }
    normalize_tail(a);
    let trailing = raw(Some(a.trailing()));
    // The last value's indentation (after its prefix's last newline).
    let indent = a
        .iter()
        .last()
        .map(|v| raw(v.decor().prefix()))
        .and_then(|p| p.rsplit_once('\n').map(|(_, i)| i.to_string()))
        .unwrap_or_else(|| "  ".to_string());
    // The trailing text is "<last value's line end>\n<lines before ]>".
    let (line_end, rest) = split_line(&trailing);
    // In an empty array, the first line of the trailing text is the rest
    // of the `[` line (a comment there stays on it).
    let line_end = if line_end.is_empty() {
        // No newline at all.
        "\n".to_string()
    } else {
        line_end.to_string()
    };
    let closing = if rest.is_empty() && !trailing.contains('\n') {
        trailing.clone()
    } else {
        rest.to_string()
    };
    // The old trailing text (the previous value's comment and newline)
    // now precedes the new value.
    value.decor_mut().set_prefix(format!("{line_end}{indent}"));
    value.decor_mut().set_suffix("");
    a.push_formatted(value);
    a.set_trailing_comma(true);
    let comment = comment.map(|c| format!("  # {c}")).unwrap_or_default();
    a.set_trailing(format!("{comment}\n{closing}"));
}

/// Removes value `k` with its own end-of-line comment; the comment of the
/// value before it and any comment lines of their own stay.
pub fn remove(a: &mut Array, k: usize) {
    let multiline = is_multiline(a);
    let prefix_k = raw(a.get(k).and_then(|v| v.decor().prefix()));
    if !multiline {
        a.remove(k);
        if k == 0 {
            if let Some(next) = a.get_mut(0) {
                next.decor_mut().set_prefix(prefix_k);
            }
        }
        if a.is_empty() {
            a.set_trailing_comma(false);
        }
        return;
    }
    normalize_tail(a);
    // prefix_k = <end of the previous value's line> <own comment lines + indent>.
    let (prev_line_end, own) = split_line(&prefix_k);
    // Whole comment lines written above the removed value are kept.
    let kept_lines: String = own
        .split_inclusive('\n')
        .filter(|l| l.ends_with('\n') && l.trim_start().starts_with('#'))
        .collect();
    let len = a.len();
    let next_text = if k + 1 < len {
        raw(a.get(k + 1).and_then(|v| v.decor().prefix()))
    } else {
        raw(Some(a.trailing()))
    };
    // The removed value's end-of-line comment is the first line of the next
    // prefix (or of the trailing text): drop it.
    let (_, after) = split_line(&next_text);
    let after = if next_text.contains('\n') {
        after.to_string()
    } else {
        next_text.clone()
    };
    let joined = format!("{prev_line_end}{kept_lines}{after}");
    a.remove(k);
    if k < a.len() {
        a.get_mut(k).unwrap().decor_mut().set_prefix(joined);
    } else {
        a.set_trailing(joined);
        if a.is_empty() {
            a.set_trailing_comma(false);
        }
    }
}

/// Inserts `key = item` into `table` after the last existing key that comes
/// before it in `order`, keeping every other key, its decor and its order.
pub(crate) fn insert_ordered(table: &mut Table, key: &str, item: Item, order: &[&str]) {
    let rank = |k: &str| order.iter().position(|o| *o == k);
    let my_rank = rank(key).unwrap_or(usize::MAX);
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    // Insert after the last key ranked before this one (values only: tables
    // are placed by their own position, not by the order of items).
    let after = keys
        .iter()
        .enumerate()
        .filter(|(_, k)| {
            rank(k).is_some_and(|r| r < my_rank) && table.get(k).is_some_and(Item::is_value)
        })
        .map(|(i, _)| i)
        .next_back();
    let at = match after {
        Some(i) => i + 1,
        None => keys
            .iter()
            .position(|k| table.get(k).is_some_and(Item::is_value))
            .unwrap_or(keys.len()),
    };
    let mut entries: Vec<(Key, Item)> = Vec::with_capacity(keys.len() + 1);
    for k in &keys {
        if let Some(e) = table.remove_entry(k) {
            entries.push(e);
        }
    }
    let new_key = Key::new(key);
    entries.insert(at.min(entries.len()), (new_key, item));
    for (k, v) in entries {
        table.insert_formatted(&k, v);
    }
}

/// Removes `key` from `table`; whole comment lines written above it move to
/// the key after it (or stay in the table's trailing place: the returned
/// text, for the caller to keep).
pub(crate) fn remove_key(table: &mut Table, key: &str) -> Option<String> {
    let keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    let i = keys.iter().position(|k| k == key)?;
    let prefix = raw(table.key(key).and_then(|k| k.leaf_decor().prefix()));
    let comments: String = prefix
        .split_inclusive('\n')
        .filter(|l| l.trim_start().starts_with('#'))
        .collect();
    table.remove(key);
    if comments.is_empty() {
        return None;
    }
    // The next value key gets the comment lines in front of its own.
    if let Some(next) = keys[i + 1..]
        .iter()
        .find(|k| table.get(k).is_some_and(Item::is_value))
    {
        if let Some(mut k) = table.key_mut(next) {
            let old = raw(k.leaf_decor().prefix());
            k.leaf_decor_mut().set_prefix(format!("{comments}{old}"));
        }
        return None;
    }
    Some(comments)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toml_edit::DocumentMut;

    fn arr<'a>(doc: &'a mut DocumentMut, key: &str) -> &'a mut Array {
        doc[key].as_array_mut().unwrap()
    }

    #[test]
    fn push_to_a_commented_multiline_array() {
        let text = "u = [\n  \"A\",   # first\n  \"B\",   # second\n]\nx = 1\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        push(arr(&mut doc, "u"), Value::from("C"), Some("third"));
        assert_eq!(
            doc.to_string(),
            "u = [\n  \"A\",   # first\n  \"B\",   # second\n  \"C\",  # third\n]\nx = 1\n"
        );
    }

    #[test]
    fn push_to_a_multiline_array_without_trailing_comma() {
        let text = "u = [\n    \"A\",\n    \"B\"\n]\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        push(arr(&mut doc, "u"), Value::from("C"), None);
        assert_eq!(
            doc.to_string(),
            "u = [\n    \"A\",\n    \"B\",\n    \"C\",\n]\n"
        );
    }

    #[test]
    fn push_to_an_empty_array_keeps_the_comment_after_its_bracket() {
        let mut doc: DocumentMut = "u = [ # c\n]\nx = 1\n".parse().unwrap();
        push(arr(&mut doc, "u"), Value::from("C"), Some("third"));
        assert_eq!(doc.to_string(), "u = [ # c\n  \"C\",  # third\n]\nx = 1\n");
    }

    #[test]
    fn push_to_a_single_line_array() {
        let mut doc: DocumentMut = "u = [\"A\", \"B\"]  # note\n".parse().unwrap();
        push(arr(&mut doc, "u"), Value::from("C"), None);
        assert_eq!(doc.to_string(), "u = [\"A\", \"B\", \"C\"]  # note\n");
        let mut doc: DocumentMut = "u = []\n".parse().unwrap();
        push(arr(&mut doc, "u"), Value::from("C"), None);
        assert_eq!(doc.to_string(), "u = [\"C\"]\n");
    }

    #[test]
    fn remove_keeps_the_neighbours_comments() {
        let text =
            "u = [\n  \"A\",   # first\n  # about B\n  \"B\",   # second\n  \"C\",   # third\n]\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        remove(arr(&mut doc, "u"), 1);
        assert_eq!(
            doc.to_string(),
            "u = [\n  \"A\",   # first\n  # about B\n  \"C\",   # third\n]\n"
        );
        let mut doc: DocumentMut = text.parse().unwrap();
        remove(arr(&mut doc, "u"), 2);
        assert_eq!(
            doc.to_string(),
            "u = [\n  \"A\",   # first\n  # about B\n  \"B\",   # second\n]\n"
        );
        let mut doc: DocumentMut = text.parse().unwrap();
        remove(arr(&mut doc, "u"), 0);
        assert_eq!(
            doc.to_string(),
            "u = [\n  # about B\n  \"B\",   # second\n  \"C\",   # third\n]\n"
        );
    }

    #[test]
    fn remove_from_a_single_line_array() {
        let mut doc: DocumentMut = "u = [\"A\", \"B\", \"C\"]\n".parse().unwrap();
        remove(arr(&mut doc, "u"), 0);
        assert_eq!(doc.to_string(), "u = [\"B\", \"C\"]\n");
        remove(arr(&mut doc, "u"), 1);
        assert_eq!(doc.to_string(), "u = [\"B\"]\n");
    }

    #[test]
    fn insert_ordered_keeps_other_keys_in_place() {
        let text = "# head\nship = \"X\"   # the ship\nupgrades = [\"A\"]\nzzz = 1\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        insert_ordered(
            doc.as_table_mut(),
            "captain",
            Item::Value(Value::from("Kirk")),
            &["ship", "captain", "upgrades"],
        );
        assert_eq!(
            doc.to_string(),
            "# head\nship = \"X\"   # the ship\ncaptain = \"Kirk\"\nupgrades = [\"A\"]\nzzz = 1\n"
        );
    }

    #[test]
    fn remove_key_moves_comment_lines_to_the_next_key() {
        let text = "ship = \"X\"\n# the captain\ncaptain = \"Kirk\"  # gone\nupgrades = []\n";
        let mut doc: DocumentMut = text.parse().unwrap();
        assert_eq!(remove_key(doc.as_table_mut(), "captain"), None);
        assert_eq!(
            doc.to_string(),
            "ship = \"X\"\n# the captain\nupgrades = []\n"
        );
    }
}
