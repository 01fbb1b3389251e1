//! What the generated fleets hold, counted: each run prints it, so that
//! the generator's variety is seen, not assumed.

use fleetcheck_report::Checked;

/// Counts by what: "format standard", "2 ships", "upgrade in crew",
/// "modifier discount", "note held", ...
#[derive(Debug, Default)]
pub struct Variety(pub std::collections::BTreeMap<String, usize>);

impl Variety {
    fn count(&mut self, what: String) {
        *self.0.entry(what).or_insert(0) += 1;
    }

    pub fn add(&mut self, c: &Checked) {
        let r = &c.report;
        for d in &c.diagnostics {
            self.count(format!("{} {}", d.severity.as_str(), d.code));
        }
        self.count(format!("format {}", r.format.as_deref().unwrap_or("?")));
        self.count(format!("{} ships", r.ships.len()));
        if let Some(res) = &r.resource {
            self.count(format!("resource {}", res.id));
        }
        if let Some(sb) = &r.sideboard {
            for c in &sb.cards {
                self.count(format!("sideboard {}", c.section));
            }
        }
        for s in &r.ships {
            for c in &s.cards {
                match &c.slot {
                    Some(slot) => self.count(format!("{} in {slot}", c.kind)),
                    None => self.count(c.kind.clone()),
                }
                for m in &c.modifiers {
                    self.count(format!("modifier {}", m.kind));
                }
            }
        }
    }
}

impl std::fmt::Display for Variety {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        write!(f, "{}", parts.join(", "))
    }
}
