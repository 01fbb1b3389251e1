//! The hand corrections of the mapping (`data/interop/spacedock-corrections.toml`).

use super::CORRECTIONS_PATH;
use serde::Deserialize;

/// One hand correction: a Space Dock record and our card it is (or, with no
/// `id`, why it is no card of ours), with the evidence.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// The Space Dock id.
    pub spacedock: String,
    /// Our card id; absent: the record is no card of ours.
    #[serde(default)]
    pub id: Option<String>,
    /// The evidence: set ids and names, cost, class, skill, on both sides.
    pub why: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct CorrectionsFile {
    #[serde(default)]
    correction: Vec<Correction>,
}

/// Reads the corrections file.
pub fn parse_corrections(text: &str) -> Result<Vec<Correction>, String> {
    toml::from_str::<CorrectionsFile>(text)
        .map(|f| f.correction)
        .map_err(|e| format!("{CORRECTIONS_PATH}: {e}"))
}
