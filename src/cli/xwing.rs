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

use super::check::{print, read_source, render_options};
use super::{Common, Output};
use crate::diag::Source;
use crate::games::xwing::{self, edit};
use crate::report;
use anyhow::Context;
use clap::{Args, Subcommand};
use std::io::Write;
use std::path::{Path, PathBuf};

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
            Output::Table => {
                if let Some(line) = before {
                    writeln!(w, "{line}")?;
                    writeln!(w)?;
                }
                report::table::render(w, checked, &ropts)
            }
            Output::Json => report::json::render_all(w, files),
            Output::Github => report::github::render_all(w, files),
        })
    };
    let source = match read_source(&args.file) {
        Ok(s) => s,
        Err(c) => {
            show(&c, None)?;
            return Ok(2);
        }
    };
    let path = source.path.clone();
    match edit::apply(&source, &args.ship, &args.card, mv) {
        Ok(done) => {
            write_atomic(&args.file, &done.text)
                .with_context(|| format!("cannot write {path}; it was not changed"))?;
            let checked = xwing::check(Source {
                path,
                text: done.text,
            });
            show(&checked, Some(&done.summary))?;
            Ok(checked.exit_code())
        }
        Err(edit::Refused::Invalid(_)) => {
            // Show the file's input errors as `check` would.
            let checked = xwing::check(source);
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

/// Replaces `path` with `text` atomically: a temporary file in the same
/// directory (same file system, so the rename is atomic), flushed to disk,
/// given the original's permissions, then renamed over it. A symbolic link
/// is followed, so the link stays and its target changes.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map_or_else(|| "state".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.fleetcheck-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        drop(f);
        if let Ok(meta) = std::fs::metadata(&target) {
            std::fs::set_permissions(&tmp, meta.permissions())?;
        }
        std::fs::rename(&tmp, &target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
