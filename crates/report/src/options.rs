//! The answer of `fleetcheck options`: its wire type (the `options`
//! payload of the JSON report) and its table.
//!
//! The place is named by fields (`at`: ship number, id and name, slot
//! type, sideboard section, the card replaced), never only by a sentence;
//! `place` is the same place in words, for people. An empty answer says
//! why (`why`).

use super::model::Modifier;
use super::modifier::modifiers;
use super::table::draw_within;
use super::RenderOptions;
use fleetcheck_staw::words::factions_and;
use serde::Serialize;
use std::borrow::Cow;
use std::io::{self, Write};

/// One card that could be added.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Candidate {
    pub id: String,
    pub name: String,
    /// `captain`, `admiral`, or the upgrade's slot type(s).
    #[serde(rename = "type")]
    pub kind: String,
    pub factions: Vec<String>,
    pub base: i32,
    pub modifiers: Vec<Modifier>,
    /// What it would cost there.
    pub cost: i32,
    /// The fleet (or sideboard) total with it.
    pub total: i32,
    /// The SP still free with it: under the fleet's cap (the sideboard's
    /// for a section), and under the per-ship cap of a format that has one
    /// when that is less.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub left: Option<i32>,
    /// The codes of the errors it would bring there (only asked for by the
    /// language server; `fleetcheck options` offers no such card).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breaks: Vec<String>,
    /// With a collection: what it holds of the card (absent for a card
    /// the database lists in no expansion: no collection holds it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collection: Option<Shelved>,
}

/// What the collection holds of a candidate, against the fleet's own use.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Shelved {
    /// `free` (a copy left after the fleet's own use), `owned` (held, but
    /// the fleet uses every copy already) or `missing` (not held).
    pub status: String,
    /// Copies the collection holds (any printing of the card).
    pub owned: u32,
    /// Copies the fleet uses already.
    pub used: u32,
}

impl Shelved {
    /// The status of `owned` copies held of which the fleet uses `used`.
    pub fn of(owned: u32, used: u32) -> Shelved {
        let status = if owned > used {
            "free"
        } else if owned > 0 {
            "owned"
        } else {
            "missing"
        };
        Shelved {
            status: status.to_string(),
            owned,
            used,
        }
    }

    /// The copies left after the fleet's own use.
    pub fn free(&self) -> u32 {
        self.owned.saturating_sub(self.used)
    }

    /// Its rank in the answer: free, then owned, then missing.
    pub fn rank(this: Option<&Shelved>) -> u8 {
        match this.map(|s| s.status.as_str()) {
            Some("free") => 0,
            Some("owned") => 1,
            _ => 2,
        }
    }

    /// The table's cell: "free (1 of 2 left)", "owned (0 of 1 left)",
    /// "missing".
    fn cell(this: Option<&Shelved>) -> String {
        match this {
            Some(s) if s.owned > 0 => format!("{} ({} of {} left)", s.status, s.free(), s.owned),
            Some(s) => s.status.clone(),
            None => "in no expansion".to_string(),
        }
    }
}

/// The cards found, counted by what the collection holds of them
/// (`--collection`).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct OnShelf {
    /// The collection file, as given.
    pub file: String,
    /// Cards with a free copy.
    pub free: usize,
    /// Cards held whose every copy the fleet uses already.
    pub owned: usize,
    /// Cards not held (or in no expansion).
    pub missing: usize,
    /// `--owned`: only the cards with a free copy are listed (and counted
    /// in `found`); the others are left out.
    pub owned_only: bool,
}

/// A card named by id and name.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Named {
    pub id: String,
    pub name: String,
}

/// Where the options are for, by fields.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, Default)]
pub struct At {
    /// The ship, 1-based (absent for a sideboard section).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ship_name: Option<String>,
    /// The slot type asked for (`crew`, `captain`, ...), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<String>,
    /// The sideboard section, for `--sideboard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// The card whose place the options would take (`--replace`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replacing: Option<Named>,
}

/// Why no card is listed.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Why {
    /// `slot-full`, `section-full`, `cap-reached`, `faction` (only cards
    /// with a faction penalty fit: `--any-faction` lists them), `max-cost`,
    /// or `none`.
    pub code: String,
    pub message: String,
}

/// The answer: where, and the cards (with a collection: those with a free
/// copy first, then those owned, then the missing), penalty-free first,
/// then by cost there.
#[derive(Debug, Clone, Serialize)]
pub struct Options {
    /// The place in words: "ship 2 (U.S.S. Defiant)", "the sideboard's
    /// tech section".
    pub place: String,
    pub at: At,
    pub options: Vec<Candidate>,
    /// How many cards were found before `--limit`.
    pub found: usize,
    /// Cards that fit but pay a faction penalty there, left out without
    /// `--faction` or `--any-faction`.
    pub with_faction_penalty: usize,
    /// `--collection`: the cards found, by what the collection holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collection: Option<OnShelf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<Why>,
}

/// The table of `fleetcheck options`: a line saying how many cards could
/// go where, the cards, and why there are none when there are none.
pub fn render(w: &mut dyn Write, file: &str, o: &Options, opts: &RenderOptions) -> io::Result<()> {
    let s = if o.found == 1 { "" } else { "s" };
    let verb = match &o.at.replacing {
        Some(r) => format!("could take the place of {} ({}) on", r.name, r.id),
        None => "could be added to".to_string(),
    };
    write!(w, "{file}: {} card{s} {verb} {}", o.found, o.place)?;
    if o.options.len() < o.found {
        write!(w, " (the first {} shown)", o.options.len())?;
    }
    writeln!(w)?;
    if o.with_faction_penalty > 0 {
        let s = if o.with_faction_penalty == 1 { "" } else { "s" };
        writeln!(
            w,
            "{} more card{s} with a faction penalty there: --any-faction lists them",
            o.with_faction_penalty
        )?;
    }
    if let Some(c) = &o.collection {
        writeln!(w, "{}", shelf_line(c))?;
    }
    if let Some(why) = &o.why {
        return writeln!(w, "none: {}", why.message);
    }
    let rows: Vec<Vec<Cow<'_, str>>> = o
        .options
        .iter()
        .map(|c| {
            let mut row: Vec<Cow<'_, str>> = vec![
                format!("{} ({})", c.name, c.id).into(),
                c.kind.as_str().into(),
                factions_and(&c.factions).into(),
                c.base.to_string().into(),
                modifiers(&c.name, &c.id, &c.modifiers).into(),
                c.cost.to_string().into(),
                c.left.map_or(String::new(), |l| l.to_string()).into(),
            ];
            if o.collection.is_some() {
                row.push(Shelved::cell(c.collection.as_ref()).into());
            }
            row
        })
        .collect();
    let mut header = vec![
        "Card",
        "Type",
        "Faction",
        "Base",
        "Modifiers",
        "Cost",
        "SP left",
    ];
    if o.collection.is_some() {
        header.push("Collection");
    }
    // The type, then the faction, then what is left, then the base, then
    // what the collection holds give way; the card, its modifiers and its
    // cost there always stay.
    writeln!(
        w,
        "{}",
        draw_within(
            &header,
            rows,
            &[3, 5, 6],
            opts,
            (&[1, 2, 6, 3, 7], "-o json has all")
        )
    )
}

/// The line that counts the cards found by what the collection holds.
fn shelf_line(c: &OnShelf) -> String {
    let cards = |n: usize| format!("{n} card{}", if n == 1 { "" } else { "s" });
    if c.owned_only {
        let left_out = c.owned + c.missing;
        let mut line = format!(
            "collection {}: only the cards with a free copy (--owned)",
            c.file
        );
        if left_out > 0 {
            line.push_str(&format!(
                "; {} without one left out ({} owned with every copy in use, {} not owned)",
                cards(left_out),
                c.owned,
                c.missing
            ));
        }
        line
    } else {
        format!(
            "collection {}: {} with a free copy first, then {} owned with every copy in use, then {} not owned",
            c.file,
            cards(c.free),
            c.owned,
            c.missing
        )
    }
}
