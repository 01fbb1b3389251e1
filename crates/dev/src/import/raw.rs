//! Reading the raw Utopia JSON dumps: one file per card kind, each a JSON
//! array of objects. Everything here is about the raw shape (which file, which
//! id, which field); turning a raw card into a `model::Card` is `facts`.

use super::ImportError;
use serde_json::{Map, Value};
use std::path::Path;

/// The raw card files, in the order they are read, with the card `type`
/// values each may contain.
pub const CARD_FILES: &[(&str, &[&str])] = &[
    ("ships.json", &["ship"]),
    ("captains.json", &["captain"]),
    ("admirals.json", &["admiral"]),
    ("ambassadors.json", &["ambassador"]),
    (
        "upgrades.json",
        &[
            "crew", "tech", "weapon", "talent", "borg", "squadron", "question",
        ],
    ),
    ("resources.json", &["resource"]),
    (
        "others.json",
        &[
            "fleet-captain",
            "flagship",
            "officer",
            "ship-resource",
            "faction",
            "token",
        ],
    ),
    ("starship_construction.json", &["starship_construction"]),
];

/// One raw card: its JSON object and where it came from.
#[derive(Debug, Clone)]
pub struct RawCard {
    /// The raw file name (`upgrades.json`).
    pub file: String,
    /// Position in that file (0-based), for stable ordering of duplicates.
    pub index: usize,
    /// Every id of the card (the raw `id` is a string or an array).
    pub ids: Vec<String>,
    pub obj: Map<String, Value>,
}

impl RawCard {
    /// The first id, for messages.
    pub fn id(&self) -> &str {
        &self.ids[0]
    }

    /// An error about this card, naming the file and the id.
    pub fn error(&self, message: impl Into<String>) -> ImportError {
        ImportError::Card {
            file: self.file.clone(),
            id: self.id().to_string(),
            message: message.into(),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    /// The raw `type`.
    pub fn kind(&self) -> &str {
        self.get("type").and_then(Value::as_str).unwrap_or("")
    }

    pub fn str(&self, key: &str) -> Result<Option<&str>, ImportError> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(v) => Err(self.error(format!("field `{key}` is not a string: {v}"))),
        }
    }

    pub fn text(&self) -> &str {
        self.get("text").and_then(Value::as_str).unwrap_or("")
    }

    /// A boolean flag: absent or null is false.
    pub fn flag(&self, key: &str) -> Result<bool, ImportError> {
        match self.get(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(self.error(format!("field `{key}` is not a boolean: {v}"))),
        }
    }

    /// An integer field; numbers written as strings ("4") are accepted, as
    /// the raw data writes some stats that way.
    pub fn int(&self, key: &str) -> Result<Option<i32>, ImportError> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Number(n)) => n
                .as_i64()
                .and_then(|n| i32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| self.error(format!("field `{key}` is not an integer: {n}"))),
            Some(Value::String(s)) if s.trim().parse::<i32>().is_ok() => {
                Ok(Some(s.trim().parse().unwrap_or_default()))
            }
            Some(v) => Err(self.error(format!("field `{key}` is not an integer: {v}"))),
        }
    }

    /// A list of strings (absent: empty).
    pub fn strings(&self, key: &str) -> Result<Vec<String>, ImportError> {
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(a)) => a
                .iter()
                .map(|v| {
                    v.as_str().map(str::to_string).ok_or_else(|| {
                        self.error(format!("field `{key}` has a non-string entry: {v}"))
                    })
                })
                .collect(),
            Some(v) => Err(self.error(format!("field `{key}` is not a list: {v}"))),
        }
    }
}

/// Reads one raw JSON file as a list of cards.
pub fn read_cards(dir: &Path, file: &str) -> Result<Vec<RawCard>, ImportError> {
    let values = read_array(dir, file)?;
    let mut out = Vec::with_capacity(values.len());
    for (index, v) in values.into_iter().enumerate() {
        let Value::Object(obj) = v else {
            return Err(ImportError::Malformed {
                file: file.to_string(),
                message: format!("entry {index} is not an object"),
            });
        };
        let ids = match obj.get("id") {
            Some(Value::String(s)) if !s.trim().is_empty() => vec![s.trim().to_string()],
            Some(Value::Array(a)) if !a.is_empty() => {
                let mut ids = Vec::new();
                for v in a {
                    match v.as_str().map(str::trim) {
                        Some(s) if !s.is_empty() => ids.push(s.to_string()),
                        _ => {
                            return Err(ImportError::Malformed {
                                file: file.to_string(),
                                message: format!("entry {index} has an invalid id list"),
                            })
                        }
                    }
                }
                ids
            }
            _ => {
                return Err(ImportError::Malformed {
                    file: file.to_string(),
                    message: format!("entry {index} has no id"),
                })
            }
        };
        out.push(RawCard {
            file: file.to_string(),
            index,
            ids,
            obj,
        });
    }
    Ok(out)
}

/// Reads a raw JSON file that must hold an array.
pub fn read_array(dir: &Path, file: &str) -> Result<Vec<Value>, ImportError> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|source| ImportError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let value: Value = serde_json::from_str(&text).map_err(|e| ImportError::Malformed {
        file: file.to_string(),
        // serde_json's message ends with "at line L column C".
        message: e.to_string(),
    })?;
    match value {
        Value::Array(a) => Ok(a),
        _ => Err(ImportError::Malformed {
            file: file.to_string(),
            message: "the file does not hold a JSON array".into(),
        }),
    }
}
