//! `fleetcheck import utopia|spacedock INPUT [--out FILE|DIR]`: converts a
//! fleet from another builder into a fleet file.
//!
//! INPUT is a file, or (Utopia) the link, its `#` part or the JSON given
//! on the command line. A `.spacedocksquads` file holds several squads:
//! each becomes one fleet file in the `--out` directory. Every card that
//! cannot be mapped is reported with its title and id and written into
//! the fleet file as a comment, and the exit code is 2; Space Dock cost
//! overrides are reported (warnings) and not obeyed.

use super::refusal::Refusal;
use super::Common;
use clap::{Args, ValueEnum};
use fleetcheck_edit::interop::{spacedock, utopia, FleetModel, Problem};
use fleetcheck_input::tree::comment_text;
use fleetcheck_report::table::one_line;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Source {
    /// A Utopia fleet link (or its base64 part, or its JSON).
    Utopia,
    /// A Space Dock `.spacedock` squad or `.spacedocksquads` list.
    Spacedock,
    /// A pasted list: a forum post or Utopia's text export (`-` reads it
    /// from standard input).
    Text,
}

#[derive(Debug, Clone, Args)]
pub struct ImportArgs {
    /// Where the fleet comes from.
    #[arg(value_enum, value_name = "FROM")]
    pub from: Source,
    /// A file, `-` for standard input, or (Utopia) the link or JSON itself.
    #[arg(value_name = "INPUT")]
    pub input: String,
    /// Write the fleet file here (a directory for several squads) instead
    /// of standard output.
    #[arg(long, short = 'O', value_name = "PATH")]
    pub out: Option<PathBuf>,
    /// Overwrite existing fleet files.
    #[arg(long)]
    pub force: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// Reads INPUT with the one reader (`input::fs`: a regular file of at
/// most 1 MiB, UTF-8, not empty): standard input for `-`, the file if
/// something exists at that path (a directory or a FIFO is refused), else
/// the text itself.
fn input_text(input: &str) -> Result<(String, Option<String>), String> {
    let read = if input == "-" {
        let shown = "standard input";
        fleetcheck_input::fs::read_stream(std::io::stdin().lock(), shown, shown)
    } else if Path::new(input).exists() {
        fleetcheck_input::fs::read_text(Path::new(input))
    } else {
        return Ok((input.to_string(), None));
    };
    match read {
        Ok(source) => Ok((source.text, Some(source.path))),
        Err(u) => Err(u.diag.message),
    }
}

pub fn run(args: &ImportArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let (text, file) = input_text(&args.input).map_err(Refusal::new)?;
    let from = file.clone().unwrap_or_else(|| "the command line".into());
    if args.from == Source::Text {
        return import_text(db, args, &text, &from);
    }
    let fleets: Vec<(FleetModel, Vec<Problem>)> = match args.from {
        Source::Utopia => match utopia::parse_input(&text) {
            Ok(v) => vec![utopia::import(db, &v)],
            Err(e) => {
                return Err(Refusal::new(format!("{from}: {e}")).into());
            }
        },
        Source::Spacedock => {
            if file.is_none() {
                return Err(Refusal::new(format!("no such file: {} (Space Dock squads are imported from a .spacedock or .spacedocksquads file)", args.input)).into());
            }
            let map = spacedock::Mapping::embedded();
            match spacedock::import_text(db, &map, &text) {
                Ok(f) => f,
                Err(e) => {
                    return Err(Refusal::new(format!("{from}: {e}")).into());
                }
            }
        }
        Source::Text => unreachable!("read above"),
    };
    let what = match args.from {
        Source::Utopia => "Utopia",
        Source::Spacedock => "Space Dock",
        Source::Text => "text",
    };
    let several = fleets.len() > 1;
    if let Err(e) = prepare_out(args.out.as_deref(), several) {
        return Err(Refusal::new(e.to_string()).into());
    }
    if several && !args.out.as_ref().is_some_and(|o| o.is_dir()) {
        return Err(Refusal::new(format!(
            "{from} holds {} squads: give a directory with --out DIR for one fleet file each",
            fleets.len()
        ))
        .into());
    }
    let mut code = 0;
    let mut used = Vec::new();
    for (i, (fleet, problems)) in fleets.iter().enumerate() {
        let label = fleet
            .name
            .clone()
            .unwrap_or_else(|| format!("squad {}", i + 1));
        for p in problems {
            let level = if p.error { "error" } else { "warning" };
            eprintln!(
                "{level}: {}: {}",
                comment_text(&label),
                comment_text(&p.message)
            );
            if p.error {
                code = 2;
            }
        }
        let mut header = vec![format!("Imported from {what} ({from}) by fleetcheck.")];
        for p in problems {
            let level = if p.error { "NOT IMPORTED" } else { "NOTE" };
            header.push(format!("{level}: {}", p.message));
        }
        if fleet.ships.is_empty() {
            // Nothing a fleet file can hold (the error above says so).
            eprintln!("{}: nothing was written", comment_text(&label));
            continue;
        }
        let toml = fleet.to_toml(db, &header);
        let target = target(args.out.as_deref(), several, &label, &mut used);
        // The file written, checked as it is (in memory, not read back).
        let checked = |path: &Path| {
            let source = fleetcheck_input::diag::Source {
                path: path.display().to_string(),
                text: toml.clone(),
            };
            let opts = super::check::check_options(None, None).ok()?;
            Some(super::check::check_source(db, source, &opts))
        };
        let summary = |path: &Path| match checked(path) {
            Some(c) => summary(&c, fleet.ships.len(), path),
            None => String::new(),
        };
        if !write_fleet(target.as_deref(), &toml, args, &summary)? {
            code = 2;
        }
    }
    Ok(code)
}

/// Creates the directory `--out` needs: `--out DIR` for several fleets
/// (or a path ending in `/`), else the parent of `--out FILE`.
fn prepare_out(out: Option<&Path>, several: bool) -> Result<(), String> {
    let Some(o) = out else { return Ok(()) };
    let dir_wanted = several || o.as_os_str().to_string_lossy().ends_with('/');
    let dir = if dir_wanted { Some(o) } else { o.parent() };
    match dir.filter(|d| !d.as_os_str().is_empty() && !d.exists()) {
        Some(d) => std::fs::create_dir_all(d)
            .map_err(|e| format!("cannot create the directory {}: {e}", d.display())),
        None => Ok(()),
    }
}

/// Where a fleet file goes: `--out FILE`, or a file named after the fleet
/// in `--out DIR`; `None`: standard output.
fn target(
    out: Option<&Path>,
    several: bool,
    label: &str,
    used: &mut Vec<String>,
) -> Option<PathBuf> {
    match out {
        Some(dir) if several || dir.is_dir() => Some(dir.join(file_name(label, used))),
        Some(o) => Some(o.to_path_buf()),
        None => None,
    }
}

/// Writes one fleet file (never over the input of the run, never over an
/// existing one without `--force`, never one larger than `check` reads)
/// and says what it wrote (with `summary` of it), or prints it; whether it
/// was written.
fn write_fleet(
    path: Option<&Path>,
    toml: &str,
    args: &ImportArgs,
    summary: &dyn Fn(&Path) -> String,
) -> anyhow::Result<bool> {
    let force = args.force;
    let limit = fleetcheck_input::fs::MAX_FILE_BYTES;
    if toml.len() as u64 > limit {
        let to = path.map_or("standard output".to_string(), shown);
        eprintln!(
            "error: the fleet file would be {} bytes; fleet files are limited to {limit} bytes (1 MiB): nothing was written to {to}",
            toml.len(),
        );
        return Ok(false);
    }
    let Some(path) = path else {
        super::check::print(|w| w.write_all(toml.as_bytes()))?;
        return Ok(true);
    };
    // The list or squads being imported, also through a link: never
    // replaced by what is read from it, `--force` or not.
    let input = Path::new(&args.input);
    if args.input != "-" && fleetcheck_input::fs::same_file(input, path) {
        eprintln!(
            "error: {}: is {}, the input of this run; nothing was written, not even with --force",
            shown(path),
            shown(input)
        );
        return Ok(false);
    }
    if path.exists() && !force {
        eprintln!(
            "error: {} already exists; pass --force to overwrite it",
            shown(path)
        );
        return Ok(false);
    }
    let guard = if force {
        fleetcheck_input::fs::Guard::Overwrite
    } else {
        fleetcheck_input::fs::Guard::New
    };
    if let Err(e) = fleetcheck_input::fs::write(path, toml.as_bytes(), guard) {
        eprintln!("error: {}", one_line(&e.to_string()));
        return Ok(false);
    }
    eprintln!("wrote {}: {}", shown(path), one_line(&summary(path)));
    Ok(true)
}

/// `import text`: the pasted list read into a fleet file; every line not
/// read or not resolved is reported with its line number (exit 2 when a
/// card is missing or unknown; ambiguous names are left for `fix`).
fn import_text(
    db: &fleetcheck_data::Database,
    args: &ImportArgs,
    text: &str,
    from: &str,
) -> anyhow::Result<i32> {
    if args.input != "-" && !Path::new(&args.input).is_file() {
        return Err(Refusal::new(format!(
            "no such file: {} (give a text file, or - for standard input)",
            args.input
        ))
        .into());
    }
    let opts = super::check::check_options(None, None)?;
    let imported = fleetcheck_edit::interop::text_in::import(db, text, from, &opts);
    let mut code = 0;
    for u in &imported.unread {
        use fleetcheck_edit::interop::text_in::Level;
        let level = match u.level {
            Level::Error => "error",
            Level::Note => "note",
            Level::Warning => "warning",
        };
        eprintln!(
            "{level}: {}:{}: {}",
            one_line(from),
            u.line,
            one_line(&u.message)
        );
        if u.level != Level::Warning {
            code = 2;
        }
    }
    // Nothing of a fleet (an empty list, only a total, a prose post): no
    // file is written, and the exit code says so.
    let f = &imported.file;
    if f.ships.is_empty() && f.resource.is_none() && f.sideboard.is_empty() {
        return Err(Refusal::new(format!(
            "{from}: no ship, resource or sideboard card in the list (a ship is a line that names a ship, its cards the lines under it); nothing was written"
        ))
        .into());
    }
    if let Err(e) = prepare_out(args.out.as_deref(), false) {
        return Err(Refusal::new(e.to_string()).into());
    }
    // In `--out DIR`, the file is named after the fleet.
    let name = imported.file.name.as_deref().unwrap_or("fleet");
    let target = target(args.out.as_deref(), false, name, &mut Vec::new());
    // The summary of the fleet value the file writes, analysed by the
    // import (the file is not read again).
    let ships = imported.file.ships.len();
    let summary = |path: &Path| summary(&imported.checked, ships, path);
    if !write_fleet(target.as_deref(), &imported.toml, args, &summary)? {
        code = 2;
    }
    Ok(code)
}

/// What a written fleet file holds, checked (`c`, with `written` ships
/// in the file): "2 ships, 99 SP, legal".
pub(crate) fn summary(c: &fleetcheck_report::Checked, written: usize, path: &Path) -> String {
    // A file with input errors is not priced: its ships are counted from
    // the file.
    let r = &c.report;
    let ships = r.ships.len().max(written);
    let verdict = match c.exit_code() {
        0 => "legal".to_string(),
        1 => {
            let n = c.count(fleetcheck_input::diag::Severity::Error);
            format!("illegal ({n} error{})", if n == 1 { "" } else { "s" })
        }
        _ => format!(
            "input errors (see `fleetcheck check {}`; `fleetcheck fix` settles ambiguous names)",
            path.display()
        ),
    };
    let total = r.total.map(|t| format!("{t} SP, ")).unwrap_or_default();
    format!(
        "{ships} ship{}, {total}{verdict}",
        if ships == 1 { "" } else { "s" }
    )
}

/// The longest name part of an imported fleet's file name.
const MAX_SLUG: usize = 80;

/// A file name for a fleet: its name in lowercase words joined by `-`,
/// unique among those written in this run.
fn file_name(name: &str, used: &mut Vec<String>) -> String {
    let mut slug: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    while slug.contains("--") {
        slug = slug.replace("--", "-");
    }
    // A file name has at most 255 bytes on most systems: a long squad name
    // is cut (the slug is ASCII, so any byte is a char boundary).
    slug.truncate(MAX_SLUG);
    let slug = slug.trim_matches('-').to_string();
    let base = if slug.is_empty() {
        "fleet".to_string()
    } else {
        slug
    };
    let mut candidate = format!("{base}.toml");
    let mut n = 2;
    while used.contains(&candidate) {
        candidate = format!("{base}-{n}.toml");
        n += 1;
    }
    used.push(candidate.clone());
    candidate
}

/// A path as the messages show it: one line of text, whatever its name
/// holds (`one_line`).
fn shown(path: &Path) -> String {
    one_line(&path.display().to_string()).into_owned()
}
