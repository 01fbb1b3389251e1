//! `fleetcheck fix FILE [--yes]`: walks every unknown or ambiguous card
//! reference of a fleet file. On a terminal it asks which card is meant
//! (a list in the order a player looks for them), then rewrites the file
//! in place as `{ id = "W122" }  # Photon Torpedoes (Starter Set)`,
//! keeping its comments and layout, atomically, and only if the file did
//! not change meanwhile. Without a terminal it prints the choices and
//! exits 2, changing nothing. `--yes` takes the first choice where it is
//! the only legal one.

use super::check::{check_options, read_for_edit};
use super::refusal::Refusal;
use super::Common;
use clap::Args;
use fleetcheck_edit::fix::{apply, questions, Question};
use fleetcheck_input::diag::{Fix, Source};
use fleetcheck_report::table::one_line;
use std::io::IsTerminal;
use std::ops::Range;
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
    if let Err(c) = fleetcheck_edit::staw_only(&source) {
        return super::export::input_error(&c, &args.common);
    }
    // Fixed with `\n` line ends; written back with the file's own (and
    // its byte order mark), as `add` does.
    let form = original.form();
    source.text = form.to_edit(&source.text).into_owned();
    let opts = check_options(None, None)?;
    let terminal = std::io::stdin().is_terminal() && std::io::stderr().is_terminal();
    let mut text = source.text.clone();
    let mut fixed = 0;
    let mut left: Vec<Question> = Vec::new();
    // A chosen name may itself be shared by several cards: ask again on
    // the rewritten text until nothing is left to ask (or nothing moves).
    for _ in 0..4 {
        let current = Source {
            path: source.path.clone(),
            text: text.clone(),
        };
        let qs = questions(&db, &current, &opts);
        if qs.is_empty() {
            left.clear();
            break;
        }
        let mut answers: Vec<(Range<usize>, Fix)> = Vec::new();
        left.clear();
        for q in qs {
            let pick = if let Some(c) = q.obvious().filter(|_| args.yes) {
                Some(c.clone())
            } else if terminal && !q.choices.is_empty() {
                ask(&current, &q)?
            } else {
                None
            };
            match pick {
                Some(c) => answers.push((q.span.clone(), c)),
                None => left.push(q),
            }
        }
        if answers.is_empty() {
            break;
        }
        fixed += answers.len();
        text = apply(&db, &text, &answers);
    }
    if !left.is_empty() && !terminal {
        let mut out = String::new();
        for q in &left {
            out.push_str(&format!(
                "{}:{}: {}\n",
                one_line(&source.path),
                q.line,
                one_line(&q.message)
            ));
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
                source.path,
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
            source.path
        );
    }
    if left.is_empty() {
        if fixed == 0 {
            eprintln!(
                "{}: every card reference resolves; nothing to fix",
                source.path
            );
        }
        Ok(0)
    } else {
        let message = format!(
            "{}: {} reference{} left to fix{}",
            source.path,
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

/// Asks which choice is meant; `None` to skip.
fn ask(source: &Source, q: &Question) -> anyhow::Result<Option<Fix>> {
    let mut items: Vec<String> = q
        .choices
        .iter()
        .map(|c| one_line(&c.label).into_owned())
        .collect();
    items.push("(skip: leave it as it is)".into());
    let prompt = format!(
        "{}:{}: {}",
        one_line(&source.path),
        q.line,
        one_line(&q.message)
    );
    let picked = dialoguer::Select::new()
        .with_prompt(prompt)
        .items(&items)
        .default(0)
        .max_length(12)
        .interact_opt()?;
    Ok(picked.and_then(|i| q.choices.get(i).cloned()))
}
