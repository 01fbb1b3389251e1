//! The command line (clap derive), one file per subcommand. Each
//! subcommand's `run` returns the process exit code; `main` maps errors that
//! escape (usage, unreadable database) to exit code 2.

pub mod add;
pub mod card;
pub mod check;
mod chooser;
pub mod collection;
pub mod completions;
pub mod data;
pub mod event;
pub mod export;
pub mod fix;
pub mod import;
pub mod man;
pub mod new;
pub mod options;
pub mod pool;
pub mod price;
pub mod refusal;
pub mod remove;
pub mod schema;
pub mod search;
pub mod sideboard;
pub mod xwing;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Builds, prices and checks fleets for Star Trek: Attack Wing.
///
/// Also checks, by a file's `game` key: X-Wing (second edition) damage
/// decks (`xwing`), Twilight Imperium (fourth edition) command tokens
/// (`ti4`), Battlestar Galactica damage (`bsg`) and Star Trek CCG (first
/// edition) First Contact deck rules (`stccg`).
///
/// `fleetcheck FLEET...` is `fleetcheck check FLEET...`; options go before
/// or after the command. Exit codes: 0 every fleet is legal, 1 at least one
/// fleet breaks a rule, 2 usage or input error (unreadable file, TOML
/// syntax, unknown or ambiguous card, wrong shape).
#[derive(Debug, Parser)]
#[command(name = "fleetcheck", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Fleet files or directories to check (same as `fleetcheck check`).
    #[command(flatten)]
    pub check: check::CheckArgs,
    /// The options every command takes, declared once, here: they are
    /// global, so clap accepts them after any command too. Each command's
    /// arguments carry a copy (`common`, filled in by `parse`), rather than
    /// each command declaring them again: clap would build them once per
    /// command at every start (README, "Performance").
    #[command(flatten)]
    pub common: Common,
}

impl Cli {
    /// Copies the global options into the arguments of the command run.
    fn share_common(&mut self) {
        self.check.common = self.common.clone();
        let common = match &mut self.command {
            None | Some(Command::Schema | Command::Man(_)) => None,
            Some(Command::Completions(a)) => Some(&mut a.common),
            Some(Command::Check(a)) => Some(&mut a.common),
            Some(Command::Price(a) | Command::Sideboard(a)) => Some(&mut a.common),
            Some(Command::Card(a)) => Some(&mut a.common),
            Some(Command::Search(a)) => Some(&mut a.common),
            Some(Command::Data(data::DataCommand::Check(a))) => Some(&mut a.common),
            Some(Command::Xwing(
                xwing::XwingCommand::Expose(a)
                | xwing::XwingCommand::Repair(xwing::RepairArgs { target: a, .. }),
            )) => Some(&mut a.common),
            Some(Command::Event(a)) => Some(&mut a.common),
            Some(Command::New(a)) => Some(&mut a.common),
            Some(Command::Add(a)) => Some(&mut a.common),
            Some(Command::Remove(a)) => Some(&mut a.common),
            Some(Command::Fix(a)) => Some(&mut a.common),
            Some(Command::Options(a)) => Some(&mut a.common),
            Some(Command::Import(a)) => Some(&mut a.common),
            Some(Command::Export(a)) => Some(&mut a.common),
            Some(Command::Formats(a)) => Some(&mut a.common),
            Some(Command::Lsp(a)) => Some(&mut a.common),
            Some(Command::Collection(c)) => Some(c.common_mut()),
        };
        if let Some(c) = common {
            *c = self.common.clone();
        }
    }
}

/// Options every command understands.
#[derive(Debug, Clone, Args, Default)]
pub struct Common {
    /// Output: a human table, the JSON report, or GitHub Actions annotations
    /// (`fleetcheck event` also: a Markdown or CSV roster).
    #[arg(short, long, value_enum, default_value_t = Output::Table, global = true)]
    pub output: Output,
    /// Use this card database directory instead of the embedded one.
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
    /// Never colour the output (same as `--color never`).
    #[arg(long, global = true)]
    pub no_color: bool,
    /// Colour: `auto` (on a terminal, unless `NO_COLOR` is set; `CLICOLOR_FORCE`
    /// forces it), `always` or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Output {
    #[default]
    Table,
    Json,
    Github,
    /// The roster as a Markdown table (`fleetcheck event` only).
    Markdown,
    /// The roster as CSV (`fleetcheck event` only).
    Csv,
}

impl Output {
    /// Markdown and CSV are forms of the event roster only.
    pub fn roster_only(self) -> bool {
        matches!(self, Output::Markdown | Output::Csv)
    }
}

#[derive(Debug, Subcommand)]
// Each command's arguments are built only when clap needs them (the
// command run, its help, man pages, completions): start-up is measured.
#[command(defer = true)]
pub enum Command {
    /// Check fleet files (a directory: every *.toml under it) and report
    /// costs and every rule violation.
    ///
    /// Exit status: 0 every fleet is legal (warnings allowed), 1 at least
    /// one fleet breaks a rule, 2 a usage or input error in at least one
    /// file (unreadable, TOML syntax, unknown or ambiguous card, wrong
    /// shape). `-` reads a fleet from standard input.
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
    /// Check a folder of tournament lists against an event file: the
    /// roster, duplicate players and lists, fingerprints, printable sheets.
    Event(event::EventArgs),
    /// Print the JSON Schema of every `--output json` document.
    Schema,
    /// Create a new fleet file (never over an existing one without --force).
    New(new::NewArgs),
    /// Add a card to a fleet file in place, keeping its comments and layout.
    Add(add::AddArgs),
    /// Remove a card from a fleet file in place, keeping its comments and layout.
    Remove(remove::RemoveArgs),
    /// Choose the card meant by every unknown or ambiguous reference of a
    /// fleet file, and rewrite it in place with their ids.
    Fix(fix::FixArgs),
    /// The cards that could legally be added to a ship (or the sideboard)
    /// now, with the cost they would have there and the SP left.
    Options(options::OptionsArgs),
    /// A collection file (what a player owns): show what it holds, add or
    /// remove an expansion in place, keeping its comments and layout.
    #[command(subcommand)]
    Collection(collection::CollectionCommand),
    /// Convert a fleet from another builder (Utopia, Space Dock) into a fleet file.
    Import(import::ImportArgs),
    /// Export a fleet as text, a Utopia link, a Space Dock file or a printable sheet.
    Export(export::ExportArgs),
    /// The STAW formats a fleet can be checked under (`format = "..."`,
    /// `--format`), with their limits.
    Formats(FormatsArgs),
    /// A language server (LSP) over stdio: live checks, hover, completion
    /// and fixes of fleet files in an editor (docs/lsp.md).
    Lsp(FormatsArgs),
    /// Print a shell completion script.
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(man::ManArgs),
}

impl Command {
    /// The `command` of its JSON document.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Check(_) => "check",
            Command::Price(_) => "price",
            Command::Sideboard(_) => "sideboard",
            Command::Card(_) => "card",
            Command::Search(_) => "search",
            Command::Data(data::DataCommand::Check(_)) => "data-check",
            Command::Xwing(_) => "xwing",
            Command::Event(_) => "event",
            Command::Schema => "schema",
            Command::New(_) => "new",
            Command::Add(_) => "add",
            Command::Remove(_) => "remove",
            Command::Fix(_) => "fix",
            Command::Options(_) => "options",
            Command::Collection(c) => c.name(),
            Command::Import(_) => "import",
            Command::Export(_) => "export",
            Command::Formats(_) => "formats",
            Command::Lsp(_) => "lsp",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }
}

/// Parses the command line from the environment and runs it.
pub fn main() -> i32 {
    let args = commands_first(std::env::args_os().collect());
    if let Some(e) = misspelt_command(&args) {
        eprint!("{e}");
        return usage_error(&args, e.render().to_string());
    }
    if let Some(msg) = misused_options(&args) {
        eprintln!("error: {msg}");
        return usage_error(&args, msg);
    }
    let cli = match parse(&args) {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return usage_error(&args, e.render().to_string());
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
    let common = cli.common.clone();
    let command = cli.command.as_ref().map_or("check", Command::name);
    refusal::exit(run(cli), &common, command)
}

/// The command line, parsed, with the global options shared with the
/// command run (`Cli::share_common`).
fn parse(args: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(args).map(|mut cli| {
        cli.share_common();
        cli
    })
}

/// A usage error (exit 2), said on stderr already; with `-o json` on the
/// command line, also the JSON document of a refusal (`refusal::exit`), so
/// that a script asking for JSON gets a document.
fn usage_error(args: &[std::ffi::OsString], said: String) -> i32 {
    use clap::CommandFactory;
    let words: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    let json = words
        .windows(2)
        .any(|w| matches!(w[0], "-o" | "--output") && w[1] == "json")
        || words
            .iter()
            .any(|w| matches!(*w, "--output=json" | "-ojson" | "-o=json"));
    let common = Common {
        output: if json { Output::Json } else { Output::Table },
        ..Common::default()
    };
    let cmd = Cli::command();
    let command = match words.get(1).and_then(|w| cmd.find_subcommand(w)) {
        Some(c) if c.get_name() == "data" && words.get(2) == Some(&"check") => {
            "data-check".to_string()
        }
        Some(c)
            if c.get_name() == "collection"
                && matches!(words.get(2), Some(&("show" | "add" | "remove"))) =>
        {
            format!("collection-{}", words[2])
        }
        Some(c) => c.get_name().to_string(),
        None => "check".to_string(),
    };
    let message = said.trim().trim_start_matches("error: ").to_string();
    refusal::exit(
        Err(refusal::Refusal::new(message).said().into()),
        &common,
        &command,
    )
}

/// The options every command takes that are followed by a value.
const VALUE_OPTIONS: &[&str] = &["-o", "--output", "--data", "--color"];

/// The command line with the command moved before the options given ahead
/// of it, as cargo takes them: `fleetcheck --no-color card T240` is
/// `fleetcheck card --no-color T240`. Anything else is left alone (the
/// `fleetcheck FLEET...` shorthand).
pub fn commands_first(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut i = 1;
    while i < args.len() {
        let Some(a) = args[i].to_str() else { break };
        if a == "--" {
            break;
        }
        if a.starts_with('-') && a.len() > 1 {
            i += if VALUE_OPTIONS.contains(&a) { 2 } else { 1 };
            continue;
        }
        if i > 1 && (a == "help" || is_command(a)) {
            let c = args.remove(i);
            args.insert(1, c);
        }
        break;
    }
    args
}

/// Whether `word` names a command (or one of its aliases), without
/// building clap's command tree.
fn is_command(word: &str) -> bool {
    <Command as clap::Subcommand>::has_subcommand(word)
}

/// clap's "unrecognized subcommand ... a similar subcommand exists" for a
/// first word that is no file and is close to a command's name
/// (`fleetcheck chek f.toml`), rather than "cannot read chek".
fn misspelt_command(args: &[std::ffi::OsString]) -> Option<clap::Error> {
    use clap::CommandFactory;
    let mut i = 1;
    while i < args.len() {
        let a = args[i].to_str()?;
        if a == "--" {
            return None;
        }
        if a.starts_with('-') && a.len() > 1 {
            i += if VALUE_OPTIONS.contains(&a) { 2 } else { 1 };
            continue;
        }
        break;
    }
    let word = args.get(i)?.to_str()?;
    if is_command(word) || std::path::Path::new(word).exists() {
        return None;
    }
    // Only a word that is neither builds the command tree (every run
    // builds it once more to parse: start-up is measured).
    let mut cmd = Cli::command();
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    let best =
        fleetcheck_input::suggest::closest(word, names.iter().map(String::as_str))?.to_string();
    cmd.build();
    let mut err = clap::Error::new(clap::error::ErrorKind::InvalidSubcommand).with_cmd(&cmd);
    use clap::error::{ContextKind, ContextValue};
    err.insert(
        ContextKind::InvalidSubcommand,
        ContextValue::String(word.to_string()),
    );
    err.insert(
        ContextKind::SuggestedSubcommand,
        ContextValue::Strings(vec![best]),
    );
    err.insert(
        ContextKind::Usage,
        ContextValue::StyledStr(cmd.render_usage()),
    );
    Some(err)
}

/// The commands whose output `-o` does not choose (they write fleet files,
/// scripts, pages or converted fleets).
const NO_OUTPUT: &[&str] = &["new", "import", "export", "completions", "man", "fix"];

/// Common mistakes with options, said once: `--format json` (the output
/// is `-o json`; `--format` is the game format) and `-o` given to a
/// command whose output it does not choose.
fn misused_options(args: &[std::ffi::OsString]) -> Option<String> {
    let words: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    for (i, w) in words.iter().enumerate() {
        let value = match w.strip_prefix("--format=") {
            Some(v) => Some(v),
            None if *w == "--format" => words.get(i + 1).copied(),
            None => None,
        };
        if let Some(v @ ("json" | "table" | "github")) = value {
            return Some(format!(
                "--format {v}: --format picks the game format (standard, ...); did you mean `-o {v}`?"
            ));
        }
    }
    let command = words.get(1).copied().filter(|c| NO_OUTPUT.contains(c))?;
    let given = words.iter().skip(2).take_while(|w| **w != "--").any(|w| {
        *w == "-o"
            || *w == "--output"
            || w.starts_with("--output=")
            || (w.starts_with("-o") && !w.starts_with("--") && w.len() > 2)
    });
    given.then(|| {
        format!("-o chooses how results are shown; `fleetcheck {command}` has no such output (it writes files or text of its own)")
    })
}

/// Runs a parsed command line; the exit code or an error (exit 2).
pub fn run(cli: Cli) -> anyhow::Result<i32> {
    let output = match &cli.command {
        Some(Command::Event(_)) => None,
        _ => Some(cli.common.output),
    };
    if let Some(o) = output.filter(|o| o.roster_only()) {
        use clap::ValueEnum;
        let name = o
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        anyhow::bail!(
            "`--output {name}` is a form of the event roster: use it with `fleetcheck event`"
        );
    }
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
        Some(Command::Event(a)) => event::run(&a),
        Some(Command::Schema) => schema::run(),
        Some(Command::New(a)) => new::run(&a),
        Some(Command::Add(a)) => add::run(&a),
        Some(Command::Remove(a)) => remove::run(&a),
        Some(Command::Fix(a)) => fix::run(&a),
        Some(Command::Options(a)) => options::run(&a),
        Some(Command::Import(a)) => import::run(&a),
        Some(Command::Export(a)) => export::run(&a),
        Some(Command::Completions(a)) => completions::run(&a),
        Some(Command::Man(a)) => man::run(&a),
        Some(Command::Formats(a)) => formats(&a),
        Some(Command::Lsp(a)) => lsp(&a),
        Some(Command::Collection(c)) => collection::run(&c),
    }
}

#[derive(Debug, Clone, Args)]
pub struct FormatsArgs {
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// `fleetcheck lsp`: the language server on stdin/stdout until `exit` or
/// the end of stdin (`fleetcheck_lsp`); exit code 0 after `shutdown`, else
/// 1, as the protocol says. Today's date from the clock or
/// `FLEETCHECK_TODAY`.
fn lsp(args: &FormatsArgs) -> anyhow::Result<i32> {
    let db = load_db(&args.common)?;
    let opts = check::check_options(None, None)?;
    let session = fleetcheck_lsp::serve_stdio(db, opts, pool::cores())
        .map_err(|e| anyhow::anyhow!("lsp: {e}"))?;
    Ok(session.exit_code)
}

/// `fleetcheck formats`: every format, its id, name and limits.
fn formats(args: &FormatsArgs) -> anyhow::Result<i32> {
    let db = load_db(&args.common)?;
    let mut out = String::new();
    for f in &db.formats {
        let mut limits = Vec::new();
        if let Some(c) = f.sp_cap {
            limits.push(format!("{c} SP"));
        }
        match (f.min_ships, f.max_ships) {
            (Some(a), Some(b)) if a == b => limits.push(format!("{a} ships")),
            (Some(a), Some(b)) => limits.push(format!("{a} to {b} ships")),
            (Some(a), None) => limits.push(format!("at least {a} ships")),
            (None, Some(b)) => limits.push(format!("at most {b} ships")),
            (None, None) => {}
        }
        if let Some(c) = f.ship_sp_cap {
            limits.push(format!("{c} SP a ship"));
        }
        let limits = if limits.is_empty() {
            "no limits".to_string()
        } else {
            limits.join(", ")
        };
        out.push_str(&format!("{:<16} {} ({limits})\n", f.id, f.name));
    }
    check::print(|w| match args.common.output {
        Output::Json => fleetcheck_report::json::render_with(w, "formats", |r| {
            r.formats = Some(
                db.formats
                    .iter()
                    .map(fleetcheck_report::model::payload)
                    .collect(),
            );
        }),
        _ => w.write_all(out.as_bytes()),
    })?;
    Ok(0)
}

/// Loads the database named by `--data`, or the embedded one.
pub fn load_db(common: &Common) -> anyhow::Result<&'static fleetcheck_data::Database> {
    use anyhow::Context;
    // The database lives as long as the process: its cards are decoded
    // once, however many commands a process runs (the tests run many),
    // and never freed one by one at exit (freeing every card `options`
    // decoded cost it 5 million instructions).
    static EMBEDDED: std::sync::OnceLock<fleetcheck_data::Database> = std::sync::OnceLock::new();
    match &common.data {
        Some(dir) => fleetcheck_data::Database::from_dir(dir)
            .map(|db| &*Box::leak(Box::new(db)))
            .with_context(|| format!("cannot load the card database in {}", dir.display())),
        None => {
            if let Some(db) = EMBEDDED.get() {
                return Ok(db);
            }
            let db = fleetcheck_data::Database::embedded()
                .context("the embedded card database is invalid")?;
            Ok(EMBEDDED.get_or_init(|| db))
        }
    }
}
