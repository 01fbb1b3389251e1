//! `fleetcheck fix FILE [--yes]`: walks every unknown or ambiguous card
//! reference of a fleet file. On a terminal it asks which card is meant
//! (a list in the order a player looks for them), then rewrites the file
//! in place as `{ id = "W122" }  # Photon Torpedoes (Starter Set)`,
//! keeping its comments and layout, atomically, and only if the file did
//! not change meanwhile. Each answer goes to the engine in memory, and the
//! questions after it are ranked with it (`edit::fix::Session`). The list
//! is `chooser`'s: every candidate, type to filter, no wrap-around; Esc
//! skips a question, Ctrl-C stops and asks whether to write the answers
//! given. Without a terminal it prints the choices and exits 2, changing
//! nothing. `--yes` takes the first choice where it is the only legal one.

use super::check::{check_options, read_for_edit};
use super::chooser::{self, Outcome};
use super::refusal::Refusal;
use super::Common;
use clap::Args;
use fleetcheck_edit::fix::{apply, Question, Session};
use fleetcheck_input::diag::{Fix, Source};
use fleetcheck_report::table::one_line;
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct FixArgs {
    /// The fleet file to fix in place.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    /// Take the first choice where it is the only legal one, without asking.
    #[arg(long)]
    pub yes: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &FixArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    // Held until the fix is written: an `add` or another `fix` of the
    // file waits for it (`input::lock`), and this one for them.
    let _lock = super::add::lock(&args.fleet)?;
    let (mut source, original) = match read_for_edit(&args.fleet) {
        Ok(r) => r,
        Err(c) => return super::export::input_error(&c, &args.common),
    };
    match fleetcheck_edit::staw_only(&source) {
        Err(c) => return super::export::input_error(&c, &args.common),
        // Not TOML: no reference can be fixed; its syntax error is shown
        // (exit 2), never "nothing to fix".
        Ok(parsed) if parsed.root.is_none() => {
            let c = super::check::check_source(db, source, &check_options(None, None)?);
            return super::export::input_error(&c, &args.common);
        }
        Ok(_) => {}
    }
    // Fixed with `\n` line ends; written back with the file's own (and
    // its byte order mark), as `add` does.
    let form = original.form();
    source.text = form.to_edit(&source.text).into_owned();
    let opts = check_options(None, None)?;
    let terminal = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    // Each answer is given to the engine in memory, so that the questions
    // after it are ranked with it (a ship chosen ranks its cards there).
    let mut session = Session::new(db, &source, &opts);
    // The file as every message names it: text, one line.
    let file = one_line(&source.path).into_owned();
    let term = console::Term::stderr();
    if terminal {
        // Keys are read in raw mode: a signal puts the terminal back.
        chooser::restore_on_signal()?;
    }
    let mut stopped = false;
    while let Some(q) = session.next() {
        let pick = if let Some(c) = q.obvious().filter(|_| args.yes) {
            Asked::Chosen(c.clone())
        } else if terminal && !q.choices.is_empty() {
            ask(&term, &source, &q)?
        } else {
            Asked::Skip
        };
        match pick {
            Asked::Chosen(c) => session.answer(&q, c),
            Asked::Skip => session.skip(&q),
            Asked::Stop => {
                stopped = true;
                break;
            }
        }
    }
    // Stopped: the answers given are written only if the player says so.
    if stopped {
        let n = session.answers().len();
        let keep = n > 0
            && confirm(
                &term,
                &format!(
                    "stopped: write the {n} answer{} given to {}? [y/N] ",
                    if n == 1 { "" } else { "s" },
                    file
                ),
            )?;
        if !keep {
            let message = format!("{file}: stopped (Ctrl-C); nothing was changed");
            eprintln!("{message}");
            return Err(Refusal::new(message).said().into());
        }
    }
    let left: Vec<Question> = session.open();
    let fixed = session.answers().len();
    let text = apply(db, &source.text, session.answers());
    if !left.is_empty() && !terminal {
        let mut out = String::new();
        for q in &left {
            out.push_str(&format!("{}:{}: {}\n", file, q.line, one_line(&q.message)));
            if q.choices.is_empty() {
                out.push_str("  (nothing close: write the card's id)\n");
            }
            for (i, c) in q.choices.iter().enumerate() {
                out.push_str(&format!(
                    "  {:>2}. {}  -> {}\n",
                    i + 1,
                    one_line(&c.label),
                    one_line(&c.write)
                ));
            }
        }
        super::check::print(|w| w.write_all(out.as_bytes()))?;
    }
    if fixed > 0 && (left.is_empty() || terminal || args.yes) {
        let bytes = form.to_write(&text);
        // What is written parses, or nothing is: a fix never leaves a
        // file unreadable while saying it fixed it.
        let written = String::from_utf8_lossy(&bytes);
        if let Err(e) = toml::from_str::<toml::Table>(written.trim_start_matches('\u{feff}')) {
            return Err(Refusal::new(format!(
                "the fix would leave {} unreadable ({}); the file was not changed",
                file,
                e.message()
            ))
            .into());
        }
        let guard = fleetcheck_input::fs::Guard::Unchanged(&original);
        if let Err(e) = fleetcheck_input::fs::write(&args.fleet, &bytes, guard) {
            return Err(Refusal::new(format!("{e}; the file was not changed")).into());
        }
        eprintln!(
            "fixed {fixed} reference{} in {}",
            if fixed == 1 { "" } else { "s" },
            file
        );
    }
    if left.is_empty() {
        if fixed == 0 {
            eprintln!("{}: every card reference resolves; nothing to fix", file);
        }
        Ok(0)
    } else {
        let message = format!(
            "{}: {} reference{} left to fix{}",
            file,
            left.len(),
            if left.len() == 1 { "" } else { "s" },
            if terminal || fixed > 0 {
                ""
            } else {
                "; nothing was changed (run `fleetcheck fix` on a terminal to choose)"
            }
        );
        // Said in its own words (no `error:`: the questions above are the
        // output); with `-o json`, the refusal's document.
        eprintln!("{message}");
        Err(Refusal::new(message).said().into())
    }
}

/// What the player answered to one question.
enum Asked {
    Chosen(Fix),
    /// Esc: left as it is.
    Skip,
    /// Ctrl-C: stop asking.
    Stop,
}

/// Asks which choice is meant, with the chooser (type to filter, no
/// wrap-around, entries cut to the terminal's width).
fn ask(term: &console::Term, source: &Source, q: &Question) -> anyhow::Result<Asked> {
    let items: Vec<String> = q
        .choices
        .iter()
        .map(|c| one_line(&c.label).into_owned())
        .collect();
    let prompt = format!(
        "{}:{}: {}",
        one_line(&source.path),
        q.line,
        one_line(&q.message)
    );
    Ok(match chooser::choose(term, &prompt, &items)? {
        Outcome::Chosen(i) => q.choices.get(i).cloned().map_or(Asked::Skip, Asked::Chosen),
        Outcome::Skip => Asked::Skip,
        Outcome::Interrupt => Asked::Stop,
    })
}

/// A yes-or-no question: `y` is yes, any other key no.
fn confirm(term: &console::Term, prompt: &str) -> anyhow::Result<bool> {
    term.write_str(prompt)?;
    let yes = matches!(chooser::read_key(term)?, console::Key::Char('y' | 'Y'));
    term.write_line(if yes { "yes" } else { "no" })?;
    Ok(yes)
}
