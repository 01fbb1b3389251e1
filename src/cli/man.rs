//! `fleetcheck man`: the man pages (roff), generated from the clap
//! definitions (clap_mangen) with the sections clap does not know: EXIT
//! STATUS, ENVIRONMENT (every variable the CLI reads), FILES and EXAMPLES.
//! `fleetcheck man` prints the main page, `--command NAME` one
//! subcommand's page, and `fleetcheck man DIR` writes every page at once
//! (`fleetcheck.1`, `fleetcheck-check.1`, `fleetcheck-data-check.1`, ...),
//! each atomically through `input::fs::write`.

use super::check::TODAY_ENV;
use super::event::STEP_SUMMARY_ENV;
use super::refusal::Refusal;
use anyhow::Context;
use clap::{Args, Command, CommandFactory};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// The page of this subcommand (`fleetcheck-add(1)`) instead of the
    /// main page.
    #[arg(long, value_name = "NAME", conflicts_with = "dir")]
    pub command: Option<String>,
    /// Write every page (the main one and one per subcommand) into this
    /// directory, created when needed, instead of printing one.
    #[arg(value_name = "DIR", value_hint = clap::ValueHint::DirPath)]
    pub dir: Option<PathBuf>,
}

/// The exit codes, as `.TP` paragraphs.
const EXIT_STATUS: &[(&str, &str)] = &[
    ("0", "Every file is legal (warnings allowed), or the command did what it was asked."),
    ("1", "At least one fleet breaks a rule (an illegal fleet is still exported and priced, with exit status 1)."),
    ("2", "A usage or input error: an unreadable file, TOML syntax, an unknown or ambiguous card, a wrong shape, a refused edit (nothing is written)."),
];

/// Every environment variable the CLI reads.
fn environment() -> Vec<(&'static str, &'static str)> {
    vec![
        (TODAY_ENV, "The date (YYYY-MM-DD) taken as today for the card pool and the retirement of resources."),
        ("NO_COLOR", "When set and not empty, no colour (with --color auto)."),
        ("CLICOLOR_FORCE", "When set and not 0, colour even when standard output is no terminal (with --color auto)."),
        ("COLUMNS", "The width tables wrap to (a number of at least 20); without it, the terminal's width on a terminal, and no wrapping otherwise."),
        (STEP_SUMMARY_ENV, "fleetcheck event appends its roster, in Markdown, to the file it names (GitHub Actions)."),
    ]
}

const FILES: &[(&str, &str)] = &[
    (
        "*.toml",
        "Fleet files (spec: fleet-file.md); fleetcheck check DIR checks every *.toml below DIR.",
    ),
    (
        "data/staw/",
        "The card database, compiled into the binary; --data DIR reads another one.",
    ),
];

const EXAMPLES: &[(&str, &str)] = &[
    (
        "fleetcheck my-fleet.toml",
        "Check a fleet: costs, every rule broken, a verdict.",
    ),
    (
        "fleetcheck check fleets/ -o json",
        "Check every fleet below a folder, as one JSON document.",
    ),
    (
        "fleetcheck price my-fleet.toml",
        "Every card's cost with each modifier named in full.",
    ),
    (
        "fleetcheck options my-fleet.toml --ship 1 --slot crew --limit 10",
        "The ten cheapest crew cards that fit ship 1 without a faction penalty.",
    ),
    (
        "fleetcheck fix my-fleet.toml",
        "Choose the card meant by every unknown or ambiguous name.",
    ),
    (
        "fleetcheck man /usr/local/share/man/man1",
        "Write every man page.",
    ),
];

pub fn run(args: &ManArgs) -> anyhow::Result<i32> {
    let mut cmd = super::Cli::command().disable_help_subcommand(true);
    cmd.build();
    if let Some(dir) = &args.dir {
        return write_all(&cmd, dir);
    }
    let page = match &args.command {
        None => page(&cmd, "fleetcheck", true)?,
        Some(name) => match cmd.find_subcommand(name) {
            Some(sub) => page(sub, &format!("fleetcheck-{name}"), false)?,
            None => {
                let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
                return Err(Refusal::new(format!(
                    "no subcommand {name:?} (subcommands: {})",
                    names.join(", ")
                ))
                .into());
            }
        },
    };
    super::check::print(|w| w.write_all(&page))?;
    Ok(0)
}

/// Every page, written into `dir`: the main page and one per subcommand
/// (nested ones named `fleetcheck-data-check.1`).
fn write_all(cmd: &Command, dir: &Path) -> anyhow::Result<i32> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut pages = vec![("fleetcheck".to_string(), page(cmd, "fleetcheck", true)?)];
    collect(cmd, "fleetcheck", &mut pages)?;
    for (name, text) in &pages {
        let path = dir.join(format!("{name}.1"));
        fleetcheck_input::fs::write(&path, text, fleetcheck_input::fs::Guard::Output)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let n = pages.len();
    super::check::print(|w| writeln!(w, "wrote {n} man pages to {}", dir.display()))?;
    Ok(0)
}

fn collect(cmd: &Command, prefix: &str, pages: &mut Vec<(String, Vec<u8>)>) -> anyhow::Result<()> {
    for sub in cmd.get_subcommands() {
        let name = format!("{prefix}-{}", sub.get_name());
        pages.push((name.clone(), page(sub, &name, false)?));
        collect(sub, &name, pages)?;
    }
    Ok(())
}

/// One page: clap_mangen's sections, then ours (FILES and EXAMPLES on
/// the main page only), then SEE ALSO on a subcommand's page.
fn page(cmd: &Command, name: &str, main: bool) -> anyhow::Result<Vec<u8>> {
    let cmd = cmd.clone().name(name.to_string());
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out)?;
    section(&mut out, "EXIT STATUS", EXIT_STATUS);
    section(&mut out, "ENVIRONMENT", &environment());
    if main {
        section(&mut out, "FILES", FILES);
        section(&mut out, "EXAMPLES", EXAMPLES);
    } else {
        out.extend_from_slice(b".SH \"SEE ALSO\"\nfleetcheck(1)\n");
    }
    Ok(out)
}

/// A section of `.TP` paragraphs: the term in bold, then its text.
fn section(out: &mut Vec<u8>, title: &str, items: &[(&str, &str)]) {
    out.extend_from_slice(format!(".SH \"{title}\"\n").as_bytes());
    for (term, text) in items {
        out.extend_from_slice(format!(".TP\n\\fB{}\\fR\n{}\n", roff(term), roff(text)).as_bytes());
    }
}

/// Text for roff: backslashes and hyphens escaped, and no line that a
/// leading `.` or `'` would make a request.
fn roff(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    match t.starts_with(['.', '\'']) {
        true => format!("\\&{t}"),
        false => t,
    }
}
