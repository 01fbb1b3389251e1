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
use super::refusal::Refusal;
use super::{Common, Output};
use clap::{Args, Subcommand};
use fleetcheck_games::xwing::{self, edit};
use fleetcheck_input::diag::{InputCode, Source};
use fleetcheck_input::tree::Parsed;
use fleetcheck_report as report;
use fleetcheck_report::table::one_line;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
// Each command's arguments are built only when clap needs them (the
// command run, its help, man pages, completions): start-up is measured.
#[command(defer = true)]
pub enum XwingCommand {
    /// Expose a face-down damage card of a ship: it turns face up and its
    /// effect resolves.
    Expose(MoveArgs),
    /// Repair a damage card of a ship: a face-up card turns face down, a
    /// face-down card goes to the discard pile.
    Repair(RepairArgs),
}

// Which card of which ship, in which file.
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
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
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

// `repair`: the card, and which copy when the ship has it both ways.
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
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
    // A file that cannot be edited: its report is this command's output,
    // as `check` shows it; with `-o json`, inside the refusal's document.
    let refuse_file = |c: report::Checked, said: Option<String>| -> anyhow::Result<i32> {
        let mut refusal = Refusal::file(c);
        if args.common.output != Output::Json {
            show(refusal.file.as_deref().expect("a file refusal"), None)?;
            refusal = refusal.said();
        }
        if let Some(m) = said {
            eprintln!("error: {}", one_line(&m));
            refusal.message = m;
        }
        Err(refusal.into())
    };
    let _lock = super::add::lock(&args.file)?;
    let (mut source, original) = match read_for_edit(&args.file) {
        Ok(s) => s,
        Err(c) => return refuse_file(*c, None),
    };
    // Edited with `\n` line ends; written back with the file's own (and
    // its byte order mark), as `add` does.
    let form = original.form();
    source.text = form.to_edit(&source.text).into_owned();
    // The dispatcher decides what the file is: only X-Wing files are edited.
    // The file is parsed once, for it and for the edit.
    let parsed = Parsed::of(source);
    match fleetcheck_games::which(&parsed) {
        Ok(fleetcheck_games::Which::Other(g)) if g.id == xwing::ID => {}
        Ok(_) => {
            let d = fleetcheck_input::diag::Diagnostic::new(
                InputCode::UnknownGame,
                format!(
                    "{} is not an X-Wing damage state: `fleetcheck xwing` edits files with game = \"xwing\"",
                    parsed.source.path
                ),
            );
            return refuse_file(super::check::not_checked(parsed.source, d), None);
        }
        Err(d) => return refuse_file(super::check::not_checked(parsed.source, *d), None),
    }
    let path = parsed.source.path.clone();
    match edit::apply(&parsed, &args.ship, &args.card, mv) {
        Ok(done) => {
            // Never over a file that changed on disk since it was read.
            fleetcheck_input::fs::write(
                &args.file,
                &form.to_write(&done.text),
                fleetcheck_input::fs::Guard::Unchanged(&original),
            )
            .map_err(|e| Refusal::new(super::add::write_error(&args.file, &e)))?;
            let checked = report::Checked::from_game(xwing::check(Parsed::of(Source {
                path,
                text: done.text,
            })));
            show(&checked, Some(&done.summary))?;
            Ok(checked.exit_code())
        }
        Err(edit::Refused::Invalid(_)) => {
            // The file's input errors, as `check` would show them.
            let checked = report::Checked::from_game(xwing::check(parsed));
            refuse_file(
                checked,
                Some(format!(
                    "{path} has input errors; fix them first. It was not changed."
                )),
            )
        }
        Err(edit::Refused::Move { reason, help }) => {
            eprintln!("error: {}", one_line(&reason));
            for h in &help {
                eprintln!("  help: {}", one_line(h));
            }
            eprintln!("{} was not changed.", one_line(&path.to_string()));
            let refusal = help.into_iter().fold(Refusal::new(reason), Refusal::help);
            Err(refusal.said().into())
        }
    }
}
