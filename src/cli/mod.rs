//! The command line (clap derive), one file per subcommand. Each
//! subcommand's `run` returns the process exit code; `main` maps errors that
//! escape (usage, unreadable database) to exit code 2.

pub mod add;
pub mod card;
pub mod check;
pub mod completions;
pub mod data;
pub mod export;
pub mod import;
pub mod man;
pub mod new;
pub mod options;
pub mod price;
pub mod remove;
pub mod search;
pub mod sideboard;
pub mod xwing;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Builds, prices and checks fleets for Star Trek: Attack Wing.
///
/// `fleetcheck FLEET...` is `fleetcheck check FLEET...`. Exit codes: 0 every
/// fleet is legal, 1 at least one fleet breaks a rule, 2 usage or input
/// error (unreadable file, TOML syntax, unknown or ambiguous card, wrong
/// shape).
#[derive(Debug, Parser)]
#[command(name = "fleetcheck", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Fleet files or directories to check (same as `fleetcheck check`).
    #[command(flatten)]
    pub check: check::CheckArgs,
}

/// Options every command understands.
#[derive(Debug, Clone, Args, Default)]
pub struct Common {
    /// Output: a human table, the JSON report, or GitHub Actions annotations.
    #[arg(short, long, value_enum, default_value_t = Output::Table, global = true)]
    pub output: Output,
    /// Use this card database directory instead of the embedded one.
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
    /// Never colour the output (colour is also off when stdout is not a terminal).
    #[arg(long, global = true)]
    pub no_color: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Output {
    #[default]
    Table,
    Json,
    Github,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check fleet files (a directory: every *.toml under it) and report
    /// costs and every rule violation.
    Check(check::CheckArgs),
    /// The cost breakdown of every card: base, faction penalty, ship-specific
    /// penalty, discounts, each named.
    Price(price::PriceArgs),
    /// Price the Reinforcements Sideboard and print the in-game swap plan.
    Sideboard(sideboard::SideboardArgs),
    /// The facts and fleet-building rules of one card.
    Card(card::CardArgs),
    /// Find cards by name, filtered by type, faction, class, cost, uniqueness.
    Search(search::SearchArgs),
    /// The card database: validate it, list unmodeled rules, re-import it.
    #[command(subcommand)]
    Data(data::DataCommand),
    /// X-Wing damage state: expose or repair a damage card in a state file.
    #[command(subcommand)]
    Xwing(xwing::XwingCommand),
    /// Create a new fleet file (never over an existing one without --force).
    New(new::NewArgs),
    /// Add a card to a fleet file in place, keeping its comments and layout.
    Add(add::AddArgs),
    /// Remove a card from a fleet file in place, keeping its comments and layout.
    Remove(remove::RemoveArgs),
    /// The cards that could legally be added to a ship (or the sideboard)
    /// now, with the cost they would have there and the SP left.
    Options(options::OptionsArgs),
    /// Convert a fleet from another builder (Utopia, Space Dock) into a fleet file.
    Import(import::ImportArgs),
    /// Export a fleet as text, a Utopia link, a Space Dock file or a printable sheet.
    Export(export::ExportArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(man::ManArgs),
}

/// Parses the command line from the environment and runs it.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return 2;
        }
        // `--help`, `--version`: output like any other, a write error is
        // an error (exit 2), a closed pipe ends quietly.
        Err(e) => {
            use std::io::IsTerminal;
            if std::io::stdout().is_terminal() {
                let _ = e.print();
                return 0;
            }
            let text = e.render().to_string();
            return match check::print(|w| w.write_all(text.as_bytes())) {
                Ok(()) => 0,
                Err(err) => {
                    eprintln!("error: {err:#}");
                    2
                }
            };
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            2
        }
    }
}

/// Runs a parsed command line; the exit code or an error (exit 2).
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    match cli.command {
        None => {
            if cli.check.fleets.is_empty() {
                use clap::CommandFactory;
                Cli::command().print_help()?;
                return Ok(2);
            }
            check::run(&cli.check)
        }
        Some(Command::Check(a)) => check::run(&a),
        Some(Command::Price(a)) => price::run(&a),
        Some(Command::Sideboard(a)) => sideboard::run(&a),
        Some(Command::Card(a)) => card::run(&a),
        Some(Command::Search(a)) => search::run(&a),
        Some(Command::Data(c)) => data::run(&c),
        Some(Command::Xwing(c)) => xwing::run(&c),
        Some(Command::New(a)) => new::run(&a),
        Some(Command::Add(a)) => add::run(&a),
        Some(Command::Remove(a)) => remove::run(&a),
        Some(Command::Options(a)) => options::run(&a),
        Some(Command::Import(a)) => import::run(&a),
        Some(Command::Export(a)) => export::run(&a),
        Some(Command::Completions(a)) => completions::run(&a),
        Some(Command::Man(a)) => man::run(&a),
    }
}

/// Loads the database named by `--data`, or the embedded one.
pub fn load_db(common: &Common) -> anyhow::Result<crate::data::Database> {
    use anyhow::Context;
    match &common.data {
        Some(dir) => crate::data::Database::from_dir(dir)
            .with_context(|| format!("cannot load the card database in {}", dir.display())),
        None => crate::data::Database::embedded().context("the embedded card database is invalid"),
    }
}
