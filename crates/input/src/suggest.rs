//! The one "did you mean": every suggestion fleetcheck makes (card names,
//! keys of a file, games, formats, factions, systems, ...) is ranked here,
//! with one similarity and one threshold, so that a typo is caught the
//! same way wherever it is made.
//!
//! Names are compared folded ([`fold`]): case, spacing, typographic quotes
//! and punctuation do not count, `_` and `-` count as spaces. Similarity is
//! Jaro-Winkler on the folded names, raised to [`CONTAINED`] when one
//! contains the other ("Picard" for "Jean-Luc Picard").

use crate::diag::{Diagnostic, InputCode};
use crate::tree::Entry;

/// The least similarity that makes a candidate a suggestion.
pub(crate) const THRESHOLD: f64 = 0.8;

/// The similarity of a candidate that contains the query, or is contained
/// in it (a part of a long name is a likely query).
pub(crate) const CONTAINED: f64 = 0.85;

/// A name made comparable: lowercase, typographic quotes plain, `_` and `-`
/// as spaces, other punctuation dropped, spaces collapsed ("Fuel_Leak!"
/// and "fuel leak" fold alike).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut space = false;
    for c in name.chars() {
        let c = match c {
            '_' | '-' => ' ',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            space = !out.is_empty();
            continue;
        }
        if !c.is_alphanumeric() {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// How alike two names are, from 0 to 1 (see the module doc).
pub fn similarity(query: &str, candidate: &str) -> f64 {
    folded_similarity(&fold(query), &fold(candidate))
}

fn folded_similarity(q: &str, c: &str) -> f64 {
    let score = strsim::jaro_winkler(q, c);
    if !q.is_empty() && !c.is_empty() && (c.contains(q) || q.contains(c)) {
        score.max(CONTAINED)
    } else {
        score
    }
}

/// Up to `n` candidates alike enough to `query`, best first (ties by
/// name). Each candidate is a name and a value to return for it.
pub fn ranked<'a, T>(
    query: &str,
    candidates: impl IntoIterator<Item = (&'a str, T)>,
    n: usize,
) -> Vec<T> {
    let q = fold(query);
    let mut scored: Vec<(f64, &str, T)> = candidates
        .into_iter()
        .filter_map(|(name, v)| {
            let s = folded_similarity(&q, &fold(name));
            (s >= THRESHOLD).then_some((s, name, v))
        })
        .collect();
    // Of equally alike candidates, the one nearest the query's length
    // first (`cap`: `sp_cap` before `ship_sp_cap`, which both contain it).
    let len = |n: &str| n.chars().count().abs_diff(query.chars().count());
    scored.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(len(a.1).cmp(&len(b.1)))
            .then(a.1.cmp(b.1))
    });
    scored.into_iter().take(n).map(|(_, _, v)| v).collect()
}

/// The candidate most alike to `query`, if it is alike enough to be a typo.
pub fn closest<'a>(query: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    ranked(query, candidates.into_iter().map(|c| (c, c)), 1)
        .into_iter()
        .next()
}

/// "did you mean `x`?" for the closest candidate, else the list of every
/// candidate (`known <what>: a, b, c`).
pub fn help<'a>(
    query: &str,
    what: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> String {
    match closest(query, candidates.clone()) {
        Some(k) => format!("did you mean `{k}`?"),
        None => format!(
            "known {what}: {}",
            candidates.into_iter().collect::<Vec<_>>().join(", ")
        ),
    }
}

/// The `unknown-key` error of a key that its table does not know, with the
/// closest known key or the list of them. `place` says where
/// ("in [[ship]]").
pub fn unknown_key(e: &Entry, known: &[&str], place: &str) -> Diagnostic {
    Diagnostic::new(
        InputCode::UnknownKey,
        format!("unknown key `{}` {place}", e.key),
    )
    .with_span(Some(e.key_span.clone()))
    .with_help(help(&e.key, "keys", known.iter().copied()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_punctuation_and_separators() {
        assert_eq!(fold("  Fuel_Leak! "), "fuel leak");
        assert_eq!(fold("Direct-Hit"), "direct hit");
        assert_eq!(fold("I.K.S. Ch’Tang"), "iks chtang");
    }

    #[test]
    fn one_threshold_for_every_suggestion() {
        assert_eq!(closest("chek", ["check", "price"]), Some("check"));
        assert_eq!(closest("xwng", ["staw", "xwing", "ti4"]), Some("xwing"));
        assert_eq!(closest("zzzz", ["check", "price"]), None);
        // Of two names that contain the query, the nearer in length.
        assert_eq!(
            closest("cap", ["max_copies", "ship_sp_cap", "sp_cap"]),
            Some("sp_cap")
        );
        // A part of a name is a likely query.
        assert_eq!(
            ranked("picard", [("jean luc picard", 1), ("kirk", 2)], 5),
            vec![1]
        );
    }

    #[test]
    fn help_lists_the_candidates_when_none_is_close() {
        assert_eq!(
            help("nope", "games", ["staw", "xwing"]),
            "known games: staw, xwing"
        );
        assert_eq!(
            help("stw", "games", ["staw", "xwing"]),
            "did you mean `staw`?"
        );
    }
}
