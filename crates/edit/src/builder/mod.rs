//! The fleet builder: create a fleet file (`new`) and edit it in place
//! (`add`, `remove`), keeping the user's comments, key order and formatting.
//!
//! Edits go through `toml_edit` (`layout` keeps comments with the entries
//! they were written after). Every card reference is resolved against the
//! database before anything changes, with the fleet reader's own resolver
//! (`fleet::resolve::find`): an unknown or ambiguous card is refused with
//! the resolver's message and its "did you mean" or candidate list. The
//! caller checks the new text and writes it atomically (`fleetcheck_input::fs`).
//!
//! What a new reference looks like in the file: the card's name when the
//! name alone resolves to exactly that card where it stands, else
//! `{ id = "..." }` with a comment naming the card, as the sample fleets
//! do.

mod add;
pub mod collection;
pub mod layout;
pub mod options;
mod place;
mod reference;
mod remove;

pub use add::{add, add_on};
pub use place::Place;
pub use reference::{label, reference, Query};
pub use remove::remove;

use fleetcheck_input::diag::{Code, Diagnostic};
use fleetcheck_staw::fleet::resolve::{Position, SideboardSection};
use toml_edit::DocumentMut;

/// What an edit adds or removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Ship,
    Captain,
    Admiral,
    Upgrade,
    Resource,
    Sideboard,
    Flagship,
    FleetCaptain,
    Ambassador,
    Construction,
    Officer,
}

impl Kind {
    /// Every kind, in the order the command line lists them.
    pub const ALL: [Kind; 11] = [
        Kind::Ship,
        Kind::Captain,
        Kind::Admiral,
        Kind::Upgrade,
        Kind::Resource,
        Kind::Sideboard,
        Kind::Flagship,
        Kind::FleetCaptain,
        Kind::Ambassador,
        Kind::Construction,
        Kind::Officer,
    ];

    /// The `add`/`remove` word for it (`fleet-captain`).
    pub fn word(self) -> &'static str {
        match self {
            Kind::FleetCaptain => "fleet-captain",
            Kind::Upgrade => "upgrade",
            Kind::Officer => "officer",
            k => k.key(),
        }
    }

    /// The key it is written under (`upgrades` and `officers` are lists).
    pub fn key(self) -> &'static str {
        match self {
            Kind::Ship => "ship",
            Kind::Captain => "captain",
            Kind::Admiral => "admiral",
            Kind::Upgrade => "upgrades",
            Kind::Resource => "resource",
            Kind::Sideboard => "sideboard",
            Kind::Flagship => "flagship",
            Kind::FleetCaptain => "fleet_captain",
            Kind::Ambassador => "ambassador",
            Kind::Construction => "construction",
            Kind::Officer => "officers",
        }
    }

    /// How it is called in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Ship => "ship",
            Kind::Captain => "captain",
            Kind::Admiral => "admiral",
            Kind::Upgrade => "upgrade",
            Kind::Resource => "resource",
            Kind::Sideboard => "sideboard card",
            Kind::Flagship => "flagship",
            Kind::FleetCaptain => "fleet captain",
            Kind::Ambassador => "ambassador",
            Kind::Construction => "starship construction card",
            Kind::Officer => "officer",
        }
    }

    /// Where the card stands, for the resolver (not for the sideboard).
    fn position(self) -> Position {
        match self {
            Kind::Ship => Position::Ship,
            Kind::Captain => Position::Captain,
            Kind::Admiral => Position::Admiral,
            Kind::Upgrade => Position::Upgrade,
            Kind::Resource => Position::Resource,
            Kind::Sideboard => Position::Sideboard(SideboardSection::Other),
            Kind::Flagship => Position::Flagship,
            Kind::FleetCaptain => Position::FleetCaptain,
            Kind::Ambassador => Position::Ambassador,
            Kind::Construction => Position::Construction,
            Kind::Officer => Position::Officer,
        }
    }

    fn list(self) -> bool {
        matches!(self, Kind::Upgrade | Kind::Officer)
    }
}

/// A refused edit (exit code 2): what is wrong, and how to go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditError {
    /// The diagnostic's code when the refusal is a reader's diagnostic (an
    /// unknown or ambiguous card); `None` when the edit itself is refused.
    pub code: Option<Code>,
    pub message: String,
    pub help: Vec<String>,
}

impl EditError {
    fn new(message: impl Into<String>) -> EditError {
        EditError {
            code: None,
            message: message.into(),
            help: Vec::new(),
        }
    }

    /// Whether it is a reader's diagnostic of this code.
    pub fn is(&self, code: impl Into<Code>) -> bool {
        self.code == Some(code.into())
    }

    fn help(mut self, h: impl Into<String>) -> EditError {
        self.help.push(h.into());
        self
    }

    fn from_diag(d: Diagnostic) -> EditError {
        EditError {
            code: Some(d.code),
            message: d.message,
            help: d.help,
        }
    }
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        for h in &self.help {
            write!(f, "\n  help: {h}")?;
        }
        Ok(())
    }
}

/// An edit done in memory: the new text and one line saying what changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edited {
    pub text: String,
    pub done: String,
}

/// The text of a new fleet file: a short commented header, the name and
/// the format.
pub fn new_fleet(name: &str, format: &str) -> String {
    let mut doc = DocumentMut::new();
    doc.insert("name", toml_edit::value(name));
    doc.insert("format", toml_edit::value(format));
    format!(
        "# A Star Trek: Attack Wing fleet (fleetcheck fleet file).\n\
         # Add cards with `fleetcheck add FILE ship|captain|upgrade|... CARD`,\n\
         # check it with `fleetcheck check FILE`.\n{doc}"
    )
}

fn parse(text: &str) -> Result<DocumentMut, EditError> {
    text.parse::<DocumentMut>().map_err(|e| {
        EditError::new(format!(
            "the file is not valid TOML, so it cannot be edited: {}",
            e.message().trim()
        ))
        .help("fix the syntax error first (`fleetcheck check FILE` shows where it is)")
    })
}
