//! `fleetcheck xwing expose|repair FILE --ship NAME --card CARD`: X-Wing
//! damage state transitions, applied to a state file in place.
//!
//! The move follows the damage card rules of seed 001 (see
//! `games::xwing::edit`). The file is rewritten atomically (a temporary
//! file in the same directory, then a rename), with the user's comments
//! and layout kept; a move the rules do not allow, a file with input
//! errors or a file that is not an X-Wing state is refused with exit code 2
//! and left untouched. After a move the new state is printed as `check`
//! prints it, and the exit code is the new state's (0 consistent, 1 not).

use super::check::{print, read_for_edit, render_options};
use super::{Common, Output};
use crate::games::xwing::{self, edit};
use crate::input::diag::{InputCode, Source};
use crate::report;
use clap::{Args, Subcommand};
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum XwingCommand {
    /// Expose a face-down damage card of a ship: it turns face up and its
    /// effect resolves.
    Expose(MoveArgs),
    /// Repair a damage card of a ship: a face-up card turns face down, a
    /// face-down card goes to the discard pile.
    Repair(RepairArgs),
}

/// Which card of which ship, in which file.
#[derive(Debug, Clone, Args)]
pub struct MoveArgs {
    /// The damage state file (`game = "xwing"`); it is edited in place.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The ship, by the `name` of its [[ship]] (case does not matter).
    #[arg(long, value_name = "NAME")]
    pub ship: String,
    /// The damage card, by number (1-14 in the standard deck) or name.
    #[arg(long, value_name = "CARD")]
    pub card: String,
    #[command(flatten)]
    pub common: Common,
}

/// `repair`: the card, and which copy when the ship has it both ways.
#[derive(Debug, Clone, Args)]
pub struct RepairArgs {
    #[command(flatten)]
    pub target: MoveArgs,
    /// Repair the face-up copy (it turns face down).
    #[arg(long, conflicts_with = "face_down")]
    pub face_up: bool,
    /// Repair a face-down copy (it is discarded).
    #[arg(long)]
    pub face_down: bool,
}

pub fn run(cmd: &XwingCommand) -> anyhow::Result<i32> {
    let (args, mv) = match cmd {
        XwingCommand::Expose(a) => (a, edit::Move::Expose),
        XwingCommand::Repair(r) => {
            let side = match (r.face_up, r.face_down) {
                (true, _) => Some(edit::Side::FaceUp),
                (_, true) => Some(edit::Side::FaceDown),
                _ => None,
            };
            (&r.target, edit::Move::Repair(side))
        }
    };
    let ropts = render_options(&args.common);
    let show = |checked: &report::Checked, before: Option<&str>| {
        let files = std::slice::from_ref(checked);
        print(|w| match args.common.output {
            Output::Table | Output::Markdown | Output::Csv => {
                if let Some(line) = before {
                    writeln!(w, "{line}")?;
                    writeln!(w)?;
                }
                report::table::render(w, checked, &ropts)
            }
            Output::Json => report::json::render_all(w, "xwing", files),
            Output::Github => report::github::render_all(w, files),
        })
    };
    let _lock = match super::add::lock(&args.file) {
        Ok(l) => l,
        Err(code) => return Ok(code),
    };
    let (source, original) = match read_for_edit(&args.file) {
        Ok(s) => s,
        Err(c) => {
            show(&c, None)?;
            return Ok(2);
        }
    };
    // The dispatcher decides what the file is: only X-Wing files are edited.
    match crate::games::which(&source) {
        Ok(crate::games::Which::Other(g)) if g.id == xwing::GAME.id => {}
        Ok(_) => {
            let d = crate::input::diag::Diagnostic::new(
                InputCode::UnknownGame,
                format!(
                    "{} is not an X-Wing damage state: `fleetcheck xwing` edits files with game = \"xwing\"",
                    source.path
                ),
            );
            show(&super::check::not_checked(source, d), None)?;
            return Ok(2);
        }
        Err(d) => {
            show(&super::check::not_checked(source, *d), None)?;
            return Ok(2);
        }
    }
    let path = source.path.clone();
    match edit::apply(&source, &args.ship, &args.card, mv) {
        Ok(done) => {
            // Never over a file that changed on disk since it was read.
            if let Err(e) = crate::input::fs::write(
                &args.file,
                done.text.as_bytes(),
                crate::input::fs::Guard::Unchanged(&original),
            ) {
                eprintln!("error: {}", super::add::write_error(&args.file, &e));
                return Ok(2);
            }
            let checked = report::Checked::from_game(xwing::check(Source {
                path,
                text: done.text,
            }));
            show(&checked, Some(&done.summary))?;
            Ok(checked.exit_code())
        }
        Err(edit::Refused::Invalid(_)) => {
            // Show the file's input errors as `check` would.
            let checked = report::Checked::from_game(xwing::check(source));
            show(&checked, None)?;
            eprintln!("error: {path} has input errors; fix them first. It was not changed.");
            Ok(2)
        }
        Err(edit::Refused::Move { reason, help }) => {
            eprintln!("error: {reason}");
            for h in help {
                eprintln!("  help: {h}");
            }
            eprintln!("{path} was not changed.");
            Ok(2)
        }
    }
}
