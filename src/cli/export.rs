//! `fleetcheck export FLEET --to text|utopia|spacedock|sheet [--out FILE]`:
//! the fleet as the text list players post, a Utopia link, a Space Dock
//! squad file, or the printable build sheet (HTML).
//!
//! A card that the target format cannot carry (no Space Dock id, no Utopia
//! slot) is an error naming it, exit code 2, and nothing is written: the
//! other builder would otherwise show a different fleet. An illegal fleet
//! exports as it is (the sheet states its verdict), with a warning on
//! standard error and exit code 1.

use super::check::{check_options, read_source};
use super::refusal::Refusal;
use super::Common;
use clap::{Args, ValueEnum};
use fleetcheck_edit::interop::{priced, spacedock, text, utopia, Problem};
use fleetcheck_report as report;
use fleetcheck_report::table::one_line;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// The plain text list with costs (the Utopia "Traditional" layout).
    Text,
    /// A Utopia link that opens the fleet in the Utopia builder.
    Utopia,
    /// A `.spacedock` squad file (JSON) for the Space Dock apps.
    Spacedock,
    /// A printable fleet build sheet (HTML) for tournaments.
    Sheet,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// The fleet file.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    /// What to export to.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Target,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'O', value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Text: every card as `Name (Set)`, the compact form players write
    /// and fleet files accept.
    #[arg(long)]
    pub sets: bool,
    /// Overwrite an existing --out file (never the fleet file itself).
    #[arg(long)]
    pub force: bool,
    /// Sheet: the player's name.
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Sheet: the event.
    #[arg(long, value_name = "EVENT")]
    pub event: Option<String>,
    /// Sheet: the date (default: blank, to fill in by hand).
    #[arg(long, value_name = "DATE")]
    pub date: Option<String>,
    /// Sheet: the page size.
    #[arg(long, value_enum, default_value_t = fleetcheck_report::sheet::Paper::A4)]
    pub paper: fleetcheck_report::sheet::Paper,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &ExportArgs) -> anyhow::Result<i32> {
    if let Some(out) = &args.out {
        if let Err(e) = out_allowed(&args.fleet, out, args.force) {
            return Err(Refusal::new(format!("{e}; nothing was written")).into());
        }
    }
    let db = super::load_db(&args.common)?;
    let source = match read_source(&args.fleet) {
        Ok(s) => s,
        Err(c) => return input_error(&c, &args.common),
    };
    let opts = check_options(None, None)?;
    let verdict = super::check::check_source(db, source.clone(), &opts);
    let result: Result<(String, Vec<Problem>), Box<report::Checked>> = match args.to {
        Target::Text | Target::Utopia => priced::with_analysis(db, &source, &opts, |a| {
            let p = priced::layout(a);
            let out = if args.to == Target::Text {
                text::render_with(db, &p, args.sets)
            } else {
                format!("{}\n", utopia::link(&p))
            };
            (out, p.problems)
        }),
        Target::Spacedock => {
            fleetcheck_edit::interop::FleetModel::from_source(db, &source).map(|m| {
                let map = spacedock::Mapping::embedded();
                let (json, problems) = spacedock::export(db, &map, &m, &source);
                (json, problems)
            })
        }
        Target::Sheet => {
            if let Err(c) = fleetcheck_edit::staw_only(&source) {
                return input_error(&c, &args.common);
            }
            let checked = super::check::check_source(db, source.clone(), &opts);
            if checked.exit_code() == 2 {
                Err(Box::new(checked))
            } else {
                let fields = fleetcheck_report::sheet::Fields {
                    player: args.player.clone(),
                    event: args.event.clone(),
                    date: args.date.clone(),
                    paper: args.paper,
                };
                Ok((
                    fleetcheck_report::sheet::render(db, &checked, &fields),
                    Vec::new(),
                ))
            }
        }
    };
    let (out, problems) = match result {
        Ok(r) => r,
        Err(c) => return input_error(&c, &args.common),
    };
    let errors = problems.iter().filter(|p| p.error).count();
    for p in &problems {
        let level = if p.error { "error" } else { "warning" };
        eprintln!("{level}: {}", one_line(&p.message));
    }
    if errors > 0 {
        return Err(Refusal::new(format!("{} cannot be exported to {:?} as it is ({errors} card{} not carried over); nothing was written", args.fleet.display(),
            args.to,
            if errors == 1 { "" } else { "s" })).into());
    }
    match &args.out {
        Some(path) => {
            let guard = if args.force {
                fleetcheck_input::fs::Guard::Overwrite
            } else {
                fleetcheck_input::fs::Guard::New
            };
            if let Err(e) = fleetcheck_input::fs::write(path, out.as_bytes(), guard) {
                return Err(Refusal::new(e.to_string()).into());
            }
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            if let Err(e) = stdout.write_all(out.as_bytes()) {
                if e.kind() != std::io::ErrorKind::BrokenPipe {
                    return Err(e.into());
                }
            }
        }
    }
    if verdict.exit_code() == 1 {
        let n = verdict.count(fleetcheck_input::diag::Severity::Error);
        eprintln!(
            "warning: {} breaks {n} rule{} (see `fleetcheck check {}`); exported as it is",
            one_line(&args.fleet.display().to_string()),
            if n == 1 { "" } else { "s" },
            one_line(&args.fleet.display().to_string())
        );
        return Ok(1);
    }
    Ok(0)
}

/// Whether the export may write `out`: never over the fleet file it reads
/// (the same file by its canonical path, whatever the spelling or link),
/// and over another existing file only with `--force`.
fn out_allowed(fleet: &Path, out: &Path, force: bool) -> Result<(), String> {
    let same = fleetcheck_input::fs::same_file(fleet, out);
    if same {
        return Err(format!(
            "{} is the fleet file being exported: the export would replace it",
            out.display()
        ));
    }
    if !force && std::fs::symlink_metadata(out).is_ok() {
        return Err(format!(
            "{} already exists; pass --force to overwrite it",
            out.display()
        ));
    }
    Ok(())
}

/// Refuses a fleet file with input errors (exit code 2): its report goes
/// on standard error, and into the JSON of the refusal (`cli::refusal`).
pub(crate) fn input_error(c: &report::Checked, _common: &Common) -> anyhow::Result<i32> {
    Err(super::refusal::Refusal::file(c.clone()).into())
}
