//! The command line of `fleetcheck-dev`:
//!
//! - `import-utopia INPUT [--out DIR]`: the importer ([`crate::import`]);
//!   exit 2 with a message naming the raw file and card when the input is
//!   bad, and nothing written.
//! - `docs-codes [PAGE]`: the code tables of docs/diagnostics.md rewritten
//!   from the registries ([`crate::codes`]); exit 2 when a marker is
//!   missing, nothing written.
//! - `unmodeled --from RAW [--data DIR] [-o table|json|github]`: the report
//!   of `fleetcheck data check --unmodeled`, each rule's phrases quoted from
//!   the raw Utopia data in RAW, read now and never stored. Exit 2 when RAW
//!   cannot be read, before any output.

use clap::{Args, Parser, Subcommand};
use fleetcheck::cli::data::{self as data_cli, DataCheckArgs};
use fleetcheck::cli::{Common, Output};
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Parser)]
#[command(
    name = "fleetcheck-dev",
    version,
    about = "fleetcheck's maintainer tools (not part of the fleetcheck binary)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Import the raw Utopia card data (JSON) into a database directory.
    ImportUtopia(ImportArgs),
    /// List every card with a fleet-building rule the database does not
    /// model, quoting each rule's phrases from the raw Utopia data.
    Unmodeled(UnmodeledArgs),
    /// Rewrite the diagnostic code tables of a docs page (docs/diagnostics.md)
    /// from the code registries.
    DocsCodes(DocsCodesArgs),
}

#[derive(Debug, Args)]
struct DocsCodesArgs {
    /// The page whose `<!-- codes:ID:start -->` ... `<!-- codes:ID:end -->`
    /// tables are rewritten.
    #[arg(default_value = "docs/diagnostics.md")]
    page: PathBuf,
}

#[derive(Debug, Args)]
struct ImportArgs {
    /// The raw data folder (e.g. ../shared/reference/staw-utopia).
    input: PathBuf,
    /// The database directory to write.
    #[arg(long, default_value = "data/staw")]
    out: PathBuf,
}

#[derive(Debug, Args)]
struct UnmodeledArgs {
    /// The raw Utopia data folder to quote the phrases from (e.g.
    /// ../shared/reference/staw-utopia).
    #[arg(long, value_name = "DIR")]
    from: PathBuf,
    /// The card database to check instead of the embedded one.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    #[arg(short, long, value_enum, default_value_t = Output::Table)]
    output: Output,
}

/// Runs `fleetcheck-dev` with `args` (the program's name first), writing to
/// `out` and `err`; the exit code.
pub fn run<I, T>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = if e.use_stderr() {
                write!(err, "{}", e.render())
            } else {
                write!(out, "{}", e.render())
            };
            return e.exit_code();
        }
    };
    let result = match &cli.command {
        Command::ImportUtopia(a) => import(a, out, err),
        Command::Unmodeled(a) => unmodeled(a, out, err),
        Command::DocsCodes(a) => docs_codes(a, out, err),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "error: {e:#}");
            2
        }
    }
}

/// `docs-codes`: the page's code tables regenerated, written only when
/// they changed; exit 2 (nothing written) when a marker is missing.
fn docs_codes(
    args: &DocsCodesArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<i32> {
    let page = &args.page;
    let text = std::fs::read_to_string(page)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", page.display()))?;
    let fresh = match crate::codes::fill_docs(&text) {
        Ok(f) => f,
        Err(e) => {
            writeln!(err, "error: {}: {e}", page.display())?;
            return Ok(2);
        }
    };
    if fresh == text {
        writeln!(out, "{}: the code tables are up to date", page.display())?;
    } else {
        std::fs::write(page, fresh)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", page.display()))?;
        writeln!(out, "{}: code tables rewritten", page.display())?;
    }
    Ok(0)
}

/// `import-utopia`, writing a summary to `out`; the exit code.
fn import(args: &ImportArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<i32> {
    let imported = match crate::import::run(&args.input, &args.out) {
        Ok(i) => i,
        Err(e) => {
            writeln!(err, "error: {e}")?;
            writeln!(err, "nothing was written to {}", args.out.display())?;
            return Ok(2);
        }
    };
    let mut by_type: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in &imported.cards {
        *by_type.entry(c.kind.as_str()).or_default() += 1;
    }
    writeln!(
        out,
        "imported {} cards into {}",
        imported.cards.len(),
        args.out.display()
    )?;
    for (t, n) in &by_type {
        writeln!(out, "  {t}: {n}")?;
    }
    writeln!(
        out,
        "excluded {} raw entries (excluded.toml)",
        imported.excluded.len()
    )?;
    for n in &imported.notes {
        writeln!(out, "note: {n}")?;
    }
    let c = &imported.coverage;
    writeln!(
        out,
        "rule phrases: {} of {} cards fully modeled ({}%); restriction/cost phrases: {} of {} ({}%)",
        c.fully_modeled,
        c.cards_with_rule_phrases,
        c.percent,
        c.restriction_or_cost_fully_modeled,
        c.cards_with_restriction_or_cost_phrases,
        c.restriction_or_cost_percent
    )?;
    Ok(0)
}

/// `unmodeled --from`: the raw data read first (exit 2 before any output
/// when it cannot be), then `data check --unmodeled`'s report with the
/// phrases.
fn unmodeled(
    args: &UnmodeledArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<i32> {
    let phrases = match crate::import::unmodeled_phrases(&args.from) {
        Ok(p) => p,
        Err(e) => {
            writeln!(
                err,
                "error: cannot read the raw Utopia data in {} (--from): {e}",
                args.from.display()
            )?;
            return Ok(2);
        }
    };
    let check = DataCheckArgs {
        unmodeled: true,
        common: Common {
            output: args.output,
            data: args.data.clone(),
            ..Common::default()
        },
    };
    data_cli::check_quoting(&check, Some((&args.from, &phrases)), out)
}
