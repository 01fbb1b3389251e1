//! `fleetcheck check FLEET|DIR...` (and the bare `fleetcheck FLEET...`):
//! reads every fleet file safely, hands it to the rule set its `game` key
//! names, and prints one report per file.
//!
//! Reading is where untrusted input arrives, so it is careful: a file over
//! [`MAX_FLEET_BYTES`] is refused from its metadata and never read whole,
//! bytes that are not UTF-8 are reported with their line and column, and an
//! empty file, a missing file or a directory where a file is needed are
//! diagnostics of that file (exit code 2) rather than an abort, so the other
//! files of the run are still checked.
//!
//! Directories expand to every `*.toml` below them, recursively, sorted by
//! path; hidden directories (`.git`, ...) are skipped. A directory with no
//! fleet file is an input error naming it.
//!
//! The default evaluation date is today's date; the environment variable
//! `FLEETCHECK_TODAY=YYYY-MM-DD` fixes it, for reproducible tests and CI.

use super::{Common, Output};
use anyhow::{bail, Context};
use clap::Args;
use fleetcheck_data::Database;
use fleetcheck_games::Which;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::fs::Unreadable;
use fleetcheck_input::tree::Parsed;
use fleetcheck_report::model::SkippedFile;
use fleetcheck_report::{self as report, Checked, RenderOptions};
use fleetcheck_staw::collection::{self as collection, Shelf};
use fleetcheck_staw::CheckOptions;
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Fleet files larger than this are refused (`too-large`).
pub const MAX_FLEET_BYTES: u64 = fleetcheck_input::fs::MAX_FILE_BYTES;

/// The environment variable that fixes "today" (YYYY-MM-DD).
pub const TODAY_ENV: &str = "FLEETCHECK_TODAY";

#[derive(Debug, Clone, Args, Default)]
pub struct CheckArgs {
    /// Fleet files, or directories (every *.toml below them).
    #[arg(value_name = "FLEET")]
    pub fleets: Vec<PathBuf>,
    #[command(flatten)]
    pub judge: Judge,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

// What a fleet is judged against, when not its own: the options of every
// command that checks or prices a fleet (`check`, `price`, `sideboard`).
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
#[derive(Debug, Clone, Args, Default)]
pub struct Judge {
    /// Judge the fleet against this format instead of its own (it also
    /// replaces the file's sp_cap).
    #[arg(long, value_name = "ID")]
    pub format: Option<String>,
    /// Evaluate the card pool and resource retirement at this date (YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub as_of: Option<String>,
    #[command(flatten)]
    pub owned: Owned,
}

impl Judge {
    /// The check options these arguments give (today from the clock or
    /// `FLEETCHECK_TODAY`).
    pub fn options(&self) -> anyhow::Result<CheckOptions> {
        check_options(self.format.clone(), self.as_of.as_deref())
    }

    /// [`Judge::options`] with the collection to judge against
    /// (`--collection`, `FLEETCHECK_COLLECTION`).
    pub fn options_on(&self, db: &Database) -> anyhow::Result<CheckOptions> {
        let mut opts = self.options()?;
        opts.collection = self.owned.shelf(db)?;
        Ok(opts)
    }
}

pub fn run(args: &CheckArgs) -> anyhow::Result<i32> {
    if args.fleets.is_empty() {
        bail!("no fleet file given: `fleetcheck check FLEET|DIR...`");
    }
    let db = super::load_db(&args.common)?;
    let mut opts = args.judge.options_on(db)?;
    // Only the JSON report shows the fingerprint and each fleet's
    // collection object.
    opts.skip_fingerprint = args.common.output != Output::Json;
    opts.skip_collection_report = opts.skip_fingerprint;
    let ropts = render_options(&args.common);
    let (inputs, skipped) = walk(&args.fleets).split_skipped();
    let check = |input: Input| match input {
        Input::File(path) => check_path(db, &path, &opts),
        Input::Problem(c) => *c,
        Input::Skipped(_) => unreachable!("split off above"),
    };
    let mut outcome = Streamed::default();
    let shelf = opts.collection.as_deref().map(|s| (db, s));
    print(|w| {
        outcome = stream(
            w,
            inputs.into_inputs(),
            &skipped,
            args.common.output,
            &ropts,
            shelf,
            check,
        )?;
        Ok(())
    })?;
    Ok(outcome.exit_code)
}

/// What a run of [`stream`] keeps of its files: counts, never a file's
/// report, so that its memory does not grow with the number of files.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Streamed {
    /// How many files were legal, illegal, not readable.
    pub counts: report::model::Summary,
    /// The exit code of the run ([`exit_code`] of every file).
    pub exit_code: i32,
}

/// The output of many files, checked and rendered on all cores
/// (`pool::ordered`) and written in input order as each is done: byte for
/// byte what `report::table::render_all` (each file, blank lines between,
/// the summary line when there is more than one),
/// `report::github::render_all` (the count line last) or
/// `report::json::render_all` (one document) writes. Keeps only the
/// counts of the files ([`Streamed`]): each file's report is dropped once
/// written. The `skipped` files of the walks are listed after the files
/// (never an error) and counted in the summary line. Several files checked
/// with a collection (`shelf`) end with whether they can all be built at
/// the same time from it (`report::staw::Together`, summed file by file):
/// a line after the summary, the JSON's `together` (the shelf comes with
/// the database its cards are counted in).
pub fn stream(
    w: &mut dyn Write,
    inputs: impl IntoIterator<Item = Input, IntoIter: ExactSizeIterator + Send>,
    skipped: &[SkippedFile],
    output: Output,
    ropts: &RenderOptions,
    shelf: Option<(&Database, &Shelf)>,
    check: impl Fn(Input) -> Checked + Sync,
) -> std::io::Result<Streamed> {
    let mut outcome = Streamed::default();
    let mut sum = shelf.map(|(db, _)| report::staw::Together::new(db));
    let summing = sum.is_some();
    if output == Output::Json {
        report::json::start(w, "check")?;
    }
    // What the writer needs of a file: its text, and what the summary
    // counts (the report itself is dropped by the worker that made it).
    let render = |input| {
        let checked = check(input);
        // A report of a few ships is a few kilobytes.
        let mut text = Vec::with_capacity(4096);
        // Writing to a Vec cannot fail.
        let _ = match output {
            Output::Github => report::github::render(&mut text, &checked),
            Output::Json => report::json::fleet(&mut text, &checked),
            Output::Table | Output::Markdown | Output::Csv => {
                report::table::render(&mut text, &checked, ropts)
            }
        };
        let (status, exit_code) = (checked.status(), checked.exit_code());
        let tally = checked.tally.filter(|_| summing);
        (text, status, exit_code, tally)
    };
    super::pool::ordered(inputs, render, |(text, status, exit_code, tally)| {
        match output {
            Output::Json => {
                w.write_all(report::json::separator(outcome.counts.files).as_bytes())?
            }
            Output::Table if outcome.counts.files > 0 => writeln!(w)?,
            _ => {}
        }
        w.write_all(&text)?;
        outcome.counts = outcome.counts.with(status);
        outcome.exit_code = outcome.exit_code.max(exit_code);
        if let Some(sum) = &mut sum {
            sum.add(tally.as_deref());
        }
        Ok::<(), std::io::Error>(())
    })?;
    let files = outcome.counts.files;
    let together = shelf
        .zip(sum)
        .filter(|_| files > 1)
        .map(|((_, s), sum)| sum.report(s));
    match output {
        Output::Json => report::json::end(w, &outcome.counts, skipped, together.as_ref())?,
        Output::Table if files > 1 || !skipped.is_empty() => {
            writeln!(w)?;
            report::table::skipped(w, skipped)?;
            writeln!(
                w,
                "{}",
                report::table::summary_of(&outcome.counts, skipped.len())
            )?;
        }
        Output::Github => {
            report::github::skipped(w, skipped)?;
            writeln!(
                w,
                "{}",
                report::table::summary_of(&outcome.counts, skipped.len())
            )?;
        }
        _ => {}
    }
    if output != Output::Json {
        if let Some(t) = &together {
            writeln!(w, "{}", report::table::together(t))?;
        }
    }
    Ok(outcome)
}

/// The exit code of a run: 2 if any file had an input error, else 1 if any
/// had an error, else 0.
pub fn exit_code(files: &[Checked]) -> i32 {
    files.iter().map(Checked::exit_code).max().unwrap_or(0)
}

/// The options of a check from the command line: `--format`, a validated
/// `--as-of`, and today's date. A malformed date is a usage error.
pub fn check_options(format: Option<String>, as_of: Option<&str>) -> anyhow::Result<CheckOptions> {
    let as_of = match as_of {
        Some(d) => Some(parse_date(d).with_context(|| format!("--as-of {d:?}"))?),
        None => None,
    };
    Ok(CheckOptions {
        format,
        as_of,
        today: today()?,
        sp_cap: None,
        skip_fingerprint: false,
        skip_collection_report: false,
        costs: Vec::new(),
        collection: None,
    })
}

/// Today's date (YYYY-MM-DD): `FLEETCHECK_TODAY` if set, else the local
/// date (UTC when the local offset is unknown).
pub fn today() -> anyhow::Result<String> {
    if let Ok(fixed) = std::env::var(TODAY_ENV) {
        return parse_date(&fixed).with_context(|| format!("{TODAY_ENV}={fixed:?}"));
    }
    let now = time::OffsetDateTime::now_local().unwrap_or_else(|_| time::OffsetDateTime::now_utc());
    Ok(format_date(now.date()))
}

fn format_date(d: time::Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// Validates a calendar date written YYYY-MM-DD and returns it normalised.
pub fn parse_date(s: &str) -> anyhow::Result<String> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    let d = time::Date::parse(s.trim(), &fmt)
        .map_err(|e| anyhow::anyhow!("not a date of the form YYYY-MM-DD ({e})"))?;
    Ok(format_date(d))
}

/// Colour and width for the human renderers: `--color always|never`, else
/// (`auto`) on a terminal or with `CLICOLOR_FORCE`, never with `NO_COLOR`
/// or `--no-color`; tables wrap to `COLUMNS` when it is set (a number of
/// at least 20), else to the terminal's width on a terminal, and never
/// otherwise.
pub fn render_options(common: &Common) -> RenderOptions {
    let tty = std::io::stdout().is_terminal();
    let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty() && v != "0");
    let color = match (common.no_color, common.color) {
        (true, _) | (_, super::ColorChoice::Never) => false,
        (_, super::ColorChoice::Always) => true,
        (_, super::ColorChoice::Auto) => !set("NO_COLOR") && (set("CLICOLOR_FORCE") || tty),
    };
    RenderOptions {
        color,
        width: columns(std::env::var("COLUMNS").ok().as_deref()).or_else(|| {
            if tty {
                comfy_table::Table::new().width()
            } else {
                None
            }
        }),
    }
}

/// The width `COLUMNS` asks for: a whole number of at least 20 (narrower
/// tables cannot hold a card's name); anything else is ignored.
pub fn columns(value: Option<&str>) -> Option<u16> {
    value?.trim().parse::<u16>().ok().filter(|w| *w >= 20)
}

/// Whether anything went to standard output through [`print`] (a refusal
/// then writes no document of its own: `cli::refusal`).
static PRINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn printed() -> bool {
    PRINTED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Writes to stdout through `f`, buffered (stdout alone flushes every
/// line); a closed pipe (`| head`) is not an error.
pub fn print(f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> anyhow::Result<()> {
    PRINTED.store(true, std::sync::atomic::Ordering::Relaxed);
    let stdout = std::io::stdout();
    let mut lock = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match f(&mut lock).and_then(|()| lock.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("cannot write to standard output"))
        }
        _ => Ok(()),
    }
}

// The arguments of a command that reads one fleet (`price`, `sideboard`).
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
#[derive(Debug, Clone, Args)]
pub struct OneFleet {
    /// The fleet file.
    #[arg(value_name = "FLEET")]
    pub fleet: PathBuf,
    #[command(flatten)]
    pub judge: Judge,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// Prints one file's outcome in the output format asked for: the JSON
/// report (under `command`) and GitHub annotations as every command prints
/// them, the text forms by `text`.
pub fn print_one(
    common: &Common,
    command: &str,
    checked: &Checked,
    text: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let files = std::slice::from_ref(checked);
    print(|w| match common.output {
        Output::Json => report::json::render_all(w, command, files),
        Output::Github => report::github::render_all(w, files),
        Output::Table | Output::Markdown | Output::Csv => text(w),
    })
}

/// One input of a run: a file to check, a problem found while expanding
/// the arguments (a directory without fleets, an unreadable directory), or
/// a file of a walked folder that is not checked (listed, never an error).
#[derive(Debug)]
pub enum Input {
    File(PathBuf),
    Problem(Box<Checked>),
    Skipped(SkippedFile),
}

/// The inputs to check, and the files of the walks that were skipped.
pub fn split_skipped(inputs: Vec<Input>) -> (Vec<Input>, Vec<SkippedFile>) {
    let mut skipped = Vec::new();
    let inputs = inputs
        .into_iter()
        .filter_map(|i| match i {
            Input::Skipped(s) => {
                skipped.push(s);
                None
            }
            i => Some(i),
        })
        .collect();
    (inputs, skipped)
}

/// Expands the command-line paths in order: a directory becomes every
/// `*.toml` below it (sorted by path); anything else stays as given, and
/// reading reports what is wrong with it. The files of a walk that are
/// skipped (`Input::Skipped`) are in the order of their paths among
/// themselves; in a directory without folders they come after its fleets.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    walk(paths).into_inputs().collect()
}

/// [`expand`], held compactly: the names of the files a walk finds in one
/// buffer, each file a few numbers, its path made only when it is taken
/// (`check` of a folder of 100,000 fleets held 100,000 paths, and as many
/// names while it sorted them: peak memory grew with the number of files).
pub fn walk(paths: &[PathBuf]) -> Inputs {
    let mut out = Inputs::default();
    for p in paths {
        if !p.is_dir() {
            out.push(Input::File(p.clone()));
            continue;
        }
        let (items, others) = (out.items.len(), out.others.len());
        let mut seen = HashSet::new();
        let walked = p
            .canonicalize()
            .and_then(|root| collect_fleets(p, (&root, p), &mut out, &mut seen));
        if let Err(e) = walked {
            out.items.truncate(items);
            out.others.truncate(others);
            out.push(problem(
                p,
                Diagnostic::new(
                    InputCode::Io,
                    format!("cannot read directory {}: {e}", p.display()),
                ),
            ));
            continue;
        }
        // Skipped files (and links out of the folder) are no fleets.
        if !out.items[items..].iter().any(|i| out.is_file(i)) {
            out.push(problem(
                p,
                Diagnostic::new(
                    InputCode::Io,
                    format!("no fleet files (*.toml) in directory {}", p.display()),
                ),
            ));
        }
    }
    out
}

/// The inputs of a run in order ([`walk`]): a file of a walk is the
/// number of its directory and where its name is in one buffer; anything
/// else (a path given, a problem, a skipped file, a name that is not
/// UTF-8) is kept as it is.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The names of the files of the walks, one after another.
    names: String,
    /// The directories walked, as they are joined to their files' names.
    dirs: Vec<PathBuf>,
    items: Vec<Item>,
    /// The inputs kept as they are (each taken once).
    others: Vec<Option<Input>>,
}

/// One input of [`Inputs`]: `names[start..end]` in `dirs[dir]`, or, with
/// `dir` [`OTHER`], `others[start]`.
#[derive(Debug, Clone, Copy)]
struct Item {
    dir: u32,
    start: u32,
    end: u32,
}

/// The `dir` of an [`Item`] kept as it is.
const OTHER: u32 = u32::MAX;

impl Inputs {
    fn push(&mut self, input: Input) {
        let start = u32::try_from(self.others.len()).unwrap_or(u32::MAX);
        self.others.push(Some(input));
        self.items.push(Item {
            dir: OTHER,
            start,
            end: start,
        });
    }

    /// Whether the item is a file to check.
    fn is_file(&self, i: &Item) -> bool {
        i.dir != OTHER || matches!(self.others[i.start as usize], Some(Input::File(_)))
    }

    /// How many inputs there are.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The inputs without the skipped files of the walks, and those.
    pub fn split_skipped(mut self) -> (Inputs, Vec<SkippedFile>) {
        let mut skipped = Vec::new();
        let others = &mut self.others;
        self.items.retain(|i| {
            if i.dir != OTHER {
                return true;
            }
            match others[i.start as usize].take() {
                Some(Input::Skipped(s)) => {
                    skipped.push(s);
                    false
                }
                kept => {
                    others[i.start as usize] = kept;
                    true
                }
            }
        });
        (self, skipped)
    }

    /// The inputs in order, each path made as it is taken.
    pub fn into_inputs(self) -> impl ExactSizeIterator<Item = Input> + Send {
        let Inputs {
            names,
            dirs,
            items,
            mut others,
        } = self;
        items
            .into_iter()
            .map(move |i| match dirs.get(i.dir as usize) {
                Some(dir) => Input::File(dir.join(&names[i.start as usize..i.end as usize])),
                None => others[i.start as usize]
                    .take()
                    .unwrap_or_else(|| unreachable!("each input is taken once")),
            })
    }
}

/// A symbolic link of a walked folder that leads out of it: skipped, with
/// where it leads, not read. `folder` is the folder as the user named it.
fn outside(link: &Path, to: &Path, folder: &Path) -> Input {
    Input::Skipped(SkippedFile {
        file: link.display().to_string(),
        reason: format!(
            "a symbolic link to {}, outside the folder {}; not read (a walk stays inside the folder it was given: copy the file into it, or name it on the command line)",
            to.display(),
            folder.display()
        ),
    })
}

/// A file of a walked folder that is not a fleet file.
fn not_toml(path: &Path) -> Input {
    Input::Skipped(SkippedFile {
        file: path.display().to_string(),
        reason: "not a *.toml fleet file".into(),
    })
}

fn problem(path: &Path, d: Diagnostic) -> Input {
    Input::Problem(Box::new(Checked::input_error(
        &path.display().to_string(),
        "staw",
        None,
        d,
    )))
}

/// The fleet files under `dir`, in the order of their paths: the entries
/// of each directory are sorted by name and walked depth first, which is
/// the order of the whole paths compared component by component (sorting
/// 10,000 whole paths at the end cost more than walking them). A symbolic
/// link (to a folder or a `*.toml`) that leads out of `root`, the folder
/// given, is not followed; it and every other file that is not a `*.toml`
/// (hidden ones aside) are skipped.
fn collect_fleets(
    dir: &Path,
    (root, given): (&Path, &Path),
    out: &mut Inputs,
    seen: &mut HashSet<PathBuf>,
) -> std::io::Result<()> {
    // Symbolic links may form a loop: visit every real directory once.
    if !seen.insert(dir.canonicalize()?) {
        return Ok(());
    }
    let number = u32::try_from(out.dirs.len()).unwrap_or(OTHER - 1);
    out.dirs.push(dir.to_path_buf());
    // The plain files of the directory (the most of a large one) go
    // straight into `out`, their names into its buffer; the others
    // (folders, links, names that are not UTF-8) wait here.
    let from = out.items.len();
    let mut entries = Vec::new();
    for e in std::fs::read_dir(dir)? {
        let e = e?;
        // The entry's own type needs no system call on most file systems;
        // only a symbolic link is followed to see what it points at.
        let (is_dir, leaves) = match e.file_type() {
            Ok(t) if !t.is_symlink() => (t.is_dir(), None),
            _ => {
                let p = e.path();
                // A dangling link is read as given: the reader names it.
                let to = p.canonicalize().ok().filter(|to| !to.starts_with(root));
                (p.is_dir(), to)
            }
        };
        let name = e.file_name();
        match name.to_str() {
            Some(plain) if !is_dir && leaves.is_none() && out.names.len() < OTHER as usize => {
                let start = out.names.len();
                out.names.push_str(plain);
                out.items.push(Item {
                    dir: number,
                    start: start as u32,
                    end: out.names.len() as u32,
                });
            }
            _ => entries.push((name, is_dir, leaves)),
        }
    }
    if entries.is_empty() {
        // Only plain files: sorted by name in place, and those that are
        // no fleet files taken out (listed after the directory's fleets:
        // the order of the skipped files among themselves is the walk's).
        let names = &out.names;
        let name = |i: &Item| &names[i.start as usize..i.end as usize];
        out.items[from..].sort_unstable_by(|a, b| name(a).cmp(name(b)));
        let mut kept = from;
        let mut others = Vec::new();
        for k in from..out.items.len() {
            let i = out.items[k];
            let name = &out.names[i.start as usize..i.end as usize];
            if Path::new(name).extension().is_some_and(|x| x == "toml") {
                out.items[kept] = i;
                kept += 1;
            } else if !name.starts_with('.') {
                others.push(not_toml(&dir.join(name)));
            }
        }
        out.items.truncate(kept);
        for o in others {
            out.push(o);
        }
        return Ok(());
    }
    // Folders or links among them: every entry sorted together.
    entries.extend(out.items.split_off(from).into_iter().map(|i| {
        let name = std::ffi::OsString::from(&out.names[i.start as usize..i.end as usize]);
        (name, false, None)
    }));
    entries.sort_unstable();
    for (name, is_dir, leaves) in entries {
        let p = dir.join(&name);
        let hidden = name.as_encoded_bytes().starts_with(b".");
        let fleet = !is_dir && p.extension().is_some_and(|x| x == "toml");
        if let Some(to) = leaves.filter(|_| fleet || (is_dir && !hidden)) {
            out.push(outside(&p, &to, given));
        } else if is_dir {
            if !hidden {
                collect_fleets(&p, (root, given), out, seen)?;
            }
        } else if fleet {
            out.push(Input::File(p));
        } else if !hidden {
            out.push(not_toml(&p));
        }
    }
    Ok(())
}

/// Reads and checks one file with the rule set its `game` key names.
pub fn check_path(db: &Database, path: &Path, opts: &CheckOptions) -> Checked {
    match read_source(path) {
        Ok(source) => check_source(db, source, opts),
        Err(c) => *c,
    }
}

/// THE dispatcher of every command that checks a file already read: the
/// file is parsed once, its `game` (default `staw`) picks the rule set
/// (`games::which`), which reads the same tree, and the outcome becomes a
/// report.
pub fn check_source(db: &Database, source: Source, opts: &CheckOptions) -> Checked {
    dispatch(source, |parsed| report::staw::check(db, parsed, opts))
}

/// [`check_source`] with what a command does to a STAW file in place of the
/// plain check (`sideboard` adds the swap plan).
pub fn dispatch(source: Source, staw: impl FnOnce(Parsed) -> Checked) -> Checked {
    let parsed = Parsed::of(source);
    match fleetcheck_games::which(&parsed) {
        Ok(Which::Staw) => staw(parsed),
        Ok(Which::Other(g)) => Checked::from_game((g.check)(parsed)),
        Err(d) => not_checked(parsed.source, *d),
    }
}

/// The report of a file that no rule set could take (an unknown game).
pub fn not_checked(source: Source, d: Diagnostic) -> Checked {
    let path = source.path.clone();
    Checked::input_error(&path, fleetcheck_staw::GAME, Some(source), d)
}

/// What an empty fleet file is told it needs.
const FLEET_NEEDS: &str = "a fleet needs at least one [[ship]]";

/// What an empty collection file is told it needs.
pub const COLLECTION_NEEDS: &str =
    "a collection file lists what you own: expansions under [sets], loose cards under [cards]";

/// Reads a fleet file (`input::fs::read_text`: a regular file of at most
/// 1 MiB, UTF-8, not empty). Every failure is a finished [`Checked`] with
/// one input-error diagnostic.
/// `-` is standard input (read to its end, at most the same size).
pub fn read_source(path: &Path) -> Result<Source, Box<Checked>> {
    read_source_of(path, FLEET_NEEDS)
}

/// [`read_source`] for a file of another kind (an event or a collection
/// file): an empty one is told `needs`, what a file of its kind needs.
pub fn read_source_of(path: &Path, needs: &str) -> Result<Source, Box<Checked>> {
    let read = if path == Path::new("-") {
        fleetcheck_input::fs::read_stream(std::io::stdin().lock(), "<stdin>", "standard input")
    } else {
        fleetcheck_input::fs::read_text(path)
    };
    read.map_err(|u| unreadable_of(*u, needs))
}

/// A fleet from standard input, reported as `<stdin>`.
pub fn read_stdin() -> Result<Source, Box<Checked>> {
    read_source(Path::new("-"))
}

/// [`read_source`] for a command that edits the file: also the fingerprint
/// of the bytes read, for [`fleetcheck_input::fs::write`] with
/// [`fleetcheck_input::fs::Guard::Unchanged`] (which then refuses to overwrite
/// the file if it changed on disk in the meantime).
pub fn read_for_edit(
    path: &Path,
) -> Result<(Source, fleetcheck_input::fs::Original), Box<Checked>> {
    read_for_edit_of(path, FLEET_NEEDS)
}

/// [`read_for_edit`] of a file of another kind: an empty one is told
/// `needs` (see [`read_source_of`]).
pub fn read_for_edit_of(
    path: &Path,
    needs: &str,
) -> Result<(Source, fleetcheck_input::fs::Original), Box<Checked>> {
    fleetcheck_input::fs::read_text_for_edit(path).map_err(|u| unreadable_of(*u, needs))
}

/// The report of a fleet file that could not be read.
pub fn unreadable(u: Unreadable) -> Box<Checked> {
    unreadable_of(u, FLEET_NEEDS)
}

/// The report of a file that could not be read, an empty one told
/// `needs` (what a file of its kind needs).
pub fn unreadable_of(u: Unreadable, needs: &str) -> Box<Checked> {
    let Unreadable { path, source, diag } = u;
    let diag = if diag.is(InputCode::Empty) {
        diag.with_help(needs)
    } else {
        diag
    };
    Box::new(Checked::input_error(
        &path,
        fleetcheck_staw::GAME,
        source,
        diag,
    ))
}

/// Checks the bytes of a fleet file named `name` exactly as `check` checks
/// a file with these contents (the size limit, encoding and emptiness
/// checks of the reader, then [`check_source`]). The entry point of the
/// fuzz target and of tests that need no file.
pub fn check_bytes(db: &Database, name: &str, bytes: Vec<u8>, opts: &CheckOptions) -> Checked {
    match fleetcheck_input::fs::decode(name, name, bytes) {
        Ok(source) => check_source(db, source, opts),
        Err(u) => *unreadable(*u),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory's fleets come in the order of their whole paths,
    /// compared component by component, as `Path`'s order has it.
    #[test]
    fn a_directory_is_walked_in_path_order() {
        let dir = tempfile::tempdir().unwrap();
        let files = [
            "b.toml",
            "a/z.toml",
            "a.b/c.toml",
            "ab.toml",
            "A.toml",
            "a/y/x.toml",
            "a/y.toml",
            "a-/q.toml",
            ".hidden/h.toml",
            "notes.txt",
        ];
        for f in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, "").unwrap();
        }
        let walked: Vec<PathBuf> = expand(&[dir.path().to_path_buf()])
            .into_iter()
            .filter_map(|i| match i {
                Input::File(p) => Some(p),
                Input::Problem(c) => panic!("{:?}", c.report.file),
                Input::Skipped(s) => {
                    assert_eq!(s.file, dir.path().join("notes.txt").display().to_string());
                    None
                }
            })
            .collect();
        let mut sorted = walked.clone();
        sorted.sort();
        assert_eq!(walked, sorted);
        let names: Vec<String> = walked
            .iter()
            .map(|p| p.strip_prefix(dir.path()).unwrap().display().to_string())
            .collect();
        assert_eq!(
            names,
            [
                "A.toml",
                "a/y/x.toml",
                "a/y.toml",
                "a/z.toml",
                "a-/q.toml",
                "a.b/c.toml",
                "ab.toml",
                "b.toml"
            ]
        );
    }

    /// The streamed output is byte for byte what `render_all` writes, for
    /// one file and for many (more than the pool's window), every output.
    #[test]
    fn streaming_equals_render_all() {
        let db = Database::embedded().unwrap();
        let opts = check_options(None, None).unwrap();
        let ropts = RenderOptions::default();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fleets");
        let paths: Vec<PathBuf> = expand(&[dir])
            .into_iter()
            .map(|i| match i {
                Input::File(p) => p,
                Input::Problem(_) | Input::Skipped(_) => {
                    unreachable!("the example fleets are files")
                }
            })
            .collect();
        assert!(
            paths.len() > 2 * super::super::pool::ITEMS_PER_THREAD,
            "enough files for threads"
        );
        // More files than the pool's window: the examples, over and over.
        let many: Vec<PathBuf> = paths
            .iter()
            .cycle()
            .take(super::super::pool::WINDOW + 7)
            .cloned()
            .collect();
        for list in [&paths[..1], &paths[..], &many[..]] {
            let files: Vec<Checked> = list.iter().map(|p| check_path(&db, p, &opts)).collect();
            for output in [Output::Table, Output::Github, Output::Json] {
                let mut ours = Vec::new();
                let inputs: Vec<Input> = list.iter().cloned().map(Input::File).collect();
                let outcome = stream(&mut ours, inputs, &[], output, &ropts, None, |i| match i {
                    Input::File(p) => check_path(&db, &p, &opts),
                    Input::Problem(c) => *c,
                    Input::Skipped(_) => unreachable!("none given"),
                })
                .unwrap();
                let mut theirs = Vec::new();
                match output {
                    Output::Github => report::github::render_all(&mut theirs, &files).unwrap(),
                    Output::Json => report::json::render_all(&mut theirs, "check", &files).unwrap(),
                    _ => report::table::render_all(&mut theirs, &files, &ropts).unwrap(),
                }
                assert_eq!(String::from_utf8(ours), String::from_utf8(theirs));
                assert_eq!(outcome.exit_code, exit_code(&files));
                assert_eq!(outcome.counts, report::json::summary(&files));
            }
        }
    }
}

// ---- `--collection FILE`, `--no-collection` (docs/collection.md) -------------
//
// What the player owns, read by the one reader, then by the engine's
// collection reader (`staw::collection::read`: every problem at once, each
// located; a file with problems is refused, exit 2). Without
// `--collection`, the file `FLEETCHECK_COLLECTION` names; only here is the
// environment read: the engine gets the shelf as a value.

/// The environment variable naming the default collection file.
pub const COLLECTION_ENV: &str = "FLEETCHECK_COLLECTION";

// What the player owns (not a doc comment: clap would make it the about of
// the commands that use it).
#[derive(Debug, Clone, Args, Default)]
pub struct Owned {
    /// Warn (not-owned) about cards the fleet uses more copies of than
    /// this collection file holds (default: $FLEETCHECK_COLLECTION).
    #[arg(long, value_name = "FILE")]
    pub collection: Option<PathBuf>,
    /// Use no collection, not even $FLEETCHECK_COLLECTION.
    #[arg(long, conflicts_with = "collection")]
    pub no_collection: bool,
}

impl Owned {
    /// The collection file to use: `--collection`, else the environment's,
    /// else none.
    pub fn path(&self) -> Option<PathBuf> {
        if self.no_collection {
            return None;
        }
        self.collection.clone().or_else(|| {
            std::env::var_os(COLLECTION_ENV)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        })
    }

    /// The shelf of the collection to use, if any.
    pub fn shelf(&self, db: &Database) -> anyhow::Result<Option<Arc<Shelf>>> {
        match self.path() {
            Some(p) => Ok(Some(Arc::new(read_shelf(db, &p)?))),
            None => Ok(None),
        }
    }
}

/// Reads a collection file into its shelf, or refuses it with every
/// problem located.
pub fn read_shelf(db: &Database, path: &Path) -> anyhow::Result<Shelf> {
    let source = read_source_of(path, COLLECTION_NEEDS).map_err(|c| RefusedFile::of(*c))?;
    match collection::read(db, &source) {
        Ok(c) => Ok(Shelf::of(db, &c, &source.path)),
        Err(diags) => Err(refused(source, diags).into()),
    }
}

/// The refusal of a collection file with problems.
pub fn refused(
    source: fleetcheck_input::diag::Source,
    diags: Vec<fleetcheck_input::diag::Diagnostic>,
) -> RefusedFile {
    let file = source.path.clone();
    let n = diags.len();
    let mut diags = diags.into_iter();
    let first = diags
        .next()
        .expect("a refused collection file has a problem");
    let mut checked = Checked::input_error(&file, fleetcheck_staw::GAME, Some(source), first);
    checked.diagnostics.extend(diags);
    RefusedFile {
        message: format!(
            "{file}: the collection file has {n} problem{}; nothing was checked",
            if n == 1 { "" } else { "s" }
        ),
        file: Box::new(checked),
    }
}

/// A file a command cannot use, with its report: `refusal::exit` makes it
/// a refusal (this module is below `refusal`, which uses `check`).
#[derive(Debug)]
pub struct RefusedFile {
    pub message: String,
    pub file: Box<Checked>,
}

impl RefusedFile {
    fn of(checked: Checked) -> RefusedFile {
        let message = match checked.diagnostics.iter().find(|d| d.is_input_error()) {
            Some(d) => format!("{}: {}", checked.report.file, d.message),
            None => format!("{}: the file cannot be used", checked.report.file),
        };
        RefusedFile {
            message,
            file: Box::new(checked),
        }
    }
}

impl std::fmt::Display for RefusedFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RefusedFile {}
