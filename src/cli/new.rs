//! `fleetcheck new FILE [--name NAME] [--format ID] [--force]`: writes a new
//! fleet file with a short commented header. An existing file is never
//! overwritten without `--force`.

use super::refusal::Refusal;
use super::Common;
use clap::Args;
use fleetcheck_edit::builder;
use std::path::PathBuf;

#[derive(Debug, Clone, Args)]
pub struct NewArgs {
    /// The fleet file to create.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The fleet's name (default: the file name without `.toml`).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// The format: standard, tournament-2016, tournament-2014 or sandbox
    /// (`fleetcheck formats` describes them).
    #[arg(long, value_name = "ID", default_value = fleetcheck_staw::DEFAULT_FORMAT)]
    pub format: String,
    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &NewArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let format = args.format.trim();
    if db.format(format).is_none() {
        let known: Vec<&str> = db.formats.iter().map(|f| f.id.as_str()).collect();
        return Err(Refusal::new(format!(
            "unknown format {format:?} (known formats: {})",
            known.join(", ")
        ))
        .into());
    }
    if args.file.is_dir() {
        return Err(Refusal::new(format!("{} is a directory", args.file.display())).into());
    }
    if args.file.exists() && !args.force {
        return Err(Refusal::new(format!(
            "{} already exists; nothing was written",
            args.file.display()
        ))
        .help("pass --force to overwrite it")
        .into());
    }
    let name = args.name.clone().unwrap_or_else(|| {
        args.file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "New fleet".into())
    });
    let text = builder::new_fleet(&name, format);
    let guard = if args.force {
        fleetcheck_input::fs::Guard::Overwrite
    } else {
        fleetcheck_input::fs::Guard::New
    };
    // `--force` replaces a file another fleetcheck may be editing: after it.
    let _lock = if args.force {
        super::add::lock(&args.file)?
    } else {
        None
    };
    if let Err(e) = fleetcheck_input::fs::write(&args.file, text.as_bytes(), guard) {
        return Err(Refusal::new(e.to_string()).into());
    }
    super::check::print(|w| {
        writeln!(
            w,
            "{}: new fleet {name:?}, format {format}",
            args.file.display()
        )
    })?;
    Ok(0)
}
