//! Sets (`sets.json` -> `sets.toml`), with release dates made valid.
//!
//! The raw data has a few dates that are not calendar dates: a day past the
//! month's end (`2021-06-31`, `2017-02-29`) is clamped to the month's last
//! day, and an unpadded day (`2017-12-3`) is zero-padded. Either way the set
//! keeps the original in `release_date_raw`, so nothing is guessed silently.

use super::raw::read_array;
use super::ImportError;
use fleetcheck_data::model::Set;
use serde_json::Value;
use std::path::Path;

/// Reads and converts every set.
pub fn read_sets(dir: &Path) -> Result<Vec<Set>, ImportError> {
    let file = "sets.json";
    let mut out = Vec::new();
    for (i, v) in read_array(dir, file)?.into_iter().enumerate() {
        let err = |id: &str, message: String| ImportError::Card {
            file: file.to_string(),
            id: id.to_string(),
            message,
        };
        let Value::Object(o) = v else {
            return Err(ImportError::Malformed {
                file: file.to_string(),
                message: format!("entry {i} is not an object"),
            });
        };
        let id = match o.get("id") {
            Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
            _ => {
                return Err(ImportError::Malformed {
                    file: file.to_string(),
                    message: format!("entry {i} has no id"),
                })
            }
        };
        let name = o
            .get("name")
            .and_then(Value::as_str)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .ok_or_else(|| err(&id, "set has no name".into()))?;
        let raw_date = o
            .get("releaseDate")
            .and_then(Value::as_str)
            .ok_or_else(|| err(&id, "set has no releaseDate".into()))?;
        let date = normalize_date(raw_date)
            .ok_or_else(|| err(&id, format!("releaseDate {raw_date:?} is not a date")))?;
        let parent = o
            .get("parentSet")
            .and_then(Value::as_str)
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty());
        out.push(Set {
            id,
            name,
            release_date_raw: (date != raw_date).then(|| raw_date.to_string()),
            release_date: date,
            parent,
        });
    }
    Ok(out)
}

/// A valid ISO date for a raw `YYYY-M-D` date: zero-padded, the day clamped
/// to the month's last day. `None` when it is not of that shape at all.
pub fn normalize_date(raw: &str) -> Option<String> {
    let mut parts = raw.trim().split('-');
    let y: i32 = parts.next()?.parse().ok()?;
    let m: u8 = parts.next()?.parse().ok()?;
    let d: u8 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || !(1..=12).contains(&m) || d == 0 || !(1000..=9999).contains(&y) {
        return None;
    }
    let last = time::Month::try_from(m).ok()?.length(y);
    Some(format!("{y:04}-{m:02}-{:02}", d.min(last)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_clamped_and_padded() {
        assert_eq!(normalize_date("2021-06-31").as_deref(), Some("2021-06-30"));
        assert_eq!(normalize_date("2017-02-29").as_deref(), Some("2017-02-28"));
        assert_eq!(normalize_date("2016-02-30").as_deref(), Some("2016-02-29"));
        assert_eq!(normalize_date("2017-12-3").as_deref(), Some("2017-12-03"));
        assert_eq!(normalize_date("2013-08-01").as_deref(), Some("2013-08-01"));
        assert_eq!(normalize_date("2013-13-01"), None);
        assert_eq!(normalize_date("soon"), None);
    }
}
