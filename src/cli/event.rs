//! `fleetcheck event EVENT LISTS_DIR`: a tournament organiser's check of
//! every submitted list against the event file (`event.toml`).
//!
//! Every list goes through the one pipeline (`check::dispatch` and
//! `report::staw`), with the event's format, date and SP cap as the
//! options of the check and the event's own rules (`staw::event`) as
//! extra diagnostics of the priced fleet. Then what no single list can
//! show: two lists of one player (`duplicate-player`), two identical lists
//! (`duplicate-list`, a warning: same fingerprint), a list without ships
//! (`empty-fleet`), a file in the folder that is not a STAW fleet
//! (`not-a-fleet`), a list without a player when the event asks for one
//! (`player-missing`), and with `--against ROSTER.json` every list whose
//! fingerprint is not the one in that roster (`fingerprint-changed`,
//! `not-in-roster`).
//!
//! Output: the roster (`-o table|json|github|markdown|csv`); on GitHub
//! Actions the roster is also appended as Markdown to the file named by
//! `GITHUB_STEP_SUMMARY`. `--sheets OUT.html` writes one printable file: a
//! cover page listing every submission with its verdict (the unreadable
//! ones with their error, the skipped files), then every readable list's
//! build sheet, one list per page.

use super::check::{self, print, read_source, render_options, Input};
use super::refusal::Refusal;
use super::{Common, Output};
use anyhow::{bail, Context};
use clap::Args;
use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, Source};
use fleetcheck_report::model::{EventReport, Status};
use fleetcheck_report::{self as report, roster, Checked, RenderOptions};
use fleetcheck_staw::event::Event;
use fleetcheck_staw::CheckOptions;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable GitHub Actions names its step summary file in.
pub const STEP_SUMMARY_ENV: &str = "GITHUB_STEP_SUMMARY";

#[derive(Debug, Clone, Args)]
pub struct EventArgs {
    /// The event file (`event.toml`).
    pub event: PathBuf,
    /// The folder of submitted lists (every *.toml below it).
    pub lists: PathBuf,
    /// Compare every list's fingerprint with this roster (`-o json` of an earlier run).
    #[arg(long, value_name = "ROSTER.json")]
    pub against: Option<PathBuf>,
    /// Write every list's build sheet into this HTML file, one list per page.
    #[arg(long, value_name = "OUT.html")]
    pub sheets: Option<PathBuf>,
    #[command(flatten)]
    pub owned: super::check::Owned,
    /// The sheets' page size.
    #[arg(long, value_enum, default_value_t = fleetcheck_report::sheet::Paper::A4)]
    pub paper: fleetcheck_report::sheet::Paper,
    /// Overwrite an existing `--sheets` file (never an input of the run,
    /// nor anything that is not a regular file).
    #[arg(long, requires = "sheets")]
    pub force: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

/// What an empty event file is told it needs (the keys `staw::event::read`
/// requires).
pub const EVENT_NEEDS: &str = "an event file needs at least its `name` and `date`";

/// Reads an event file by the one reader, then as the engine reads it
/// ([`event_of`]).
pub fn read_event(db: &Database, path: &Path) -> anyhow::Result<Event> {
    let source = check::read_source_of(path, EVENT_NEEDS).map_err(|c| Refusal::file(*c))?;
    Ok(event_of(db, source)?)
}

/// An event file's text read as the engine reads it
/// (`staw::event::read`): every problem at once, each located in the file;
/// a file with problems is refused (exit 2) with its report, drawn as
/// `check` draws a fleet's input errors. The fuzz target `event` reads its
/// inputs here.
pub fn event_of(db: &Database, source: Source) -> Result<Event, Refusal> {
    match fleetcheck_staw::event::read(db, &source) {
        Ok(event) => Ok(event),
        Err(diags) => {
            let file = source.path.clone();
            let n = diags.len();
            let mut diags = diags.into_iter();
            let first = diags.next().expect("a refused event file has a problem");
            let mut checked =
                Checked::input_error(&file, fleetcheck_staw::GAME, Some(source), first);
            checked.diagnostics.extend(diags);
            let message = format!(
                "{file}: the event file has {n} problem{}; nothing was checked",
                if n == 1 { "" } else { "s" }
            );
            Err(Refusal {
                file: Some(Box::new(checked)),
                ..Refusal::new(message)
            })
        }
    }
}

/// What the event needs of a priced list beyond its report.
#[derive(Debug, Clone, Default)]
struct Facts {
    diagnostics: Vec<Diagnostic>,
    factions: Vec<String>,
    player_span: Option<std::ops::Range<usize>>,
}

/// Checks one list of the event: the one pipeline with the event's
/// options, plus the event's rules and the checks of one list
/// (`not-a-fleet`, `player-missing`).
pub fn check_list(db: &Database, event: &Event, source: Source, opts: &CheckOptions) -> Listed {
    let mut facts: Option<Facts> = None;
    let mut c = check::dispatch(source, |s| {
        let (c, f) = report::staw::check_and(db, s, opts, |a| {
            let mut diagnostics = Vec::new();
            fleetcheck_staw::event::check(a, &event.rules, &mut diagnostics);
            let mut factions: Vec<String> = a
                .ships
                .iter()
                .flat_map(|s| s.factions.iter().cloned())
                .collect();
            factions.sort();
            factions.dedup();
            Facts {
                diagnostics,
                factions,
                player_span: a.raw.player.as_ref().map(|p| p.span.clone()),
            }
        });
        facts = f;
        c
    });
    let facts = facts.unwrap_or_default();
    if c.report.game != fleetcheck_staw::GAME {
        c.diagnostics.push(
            Diagnostic::new(
                fleetcheck_input::diag::InputCode::NotAFleet,
                format!(
                    "{} is a {} file, not a Star Trek: Attack Wing fleet",
                    c.report.file, c.report.game
                ),
            )
            .with_help("an event checks STAW fleets only: move this file out of the folder"),
        );
    }
    c.diagnostics.extend(facts.diagnostics);
    if event.require_player && c.report.player.is_none() && c.status() != Status::InputError {
        c.diagnostics.push(
            Diagnostic::new(
                fleetcheck_staw::event::EventCode::PlayerMissing,
                "the list does not name its player",
            )
            .with_help("write player = \"...\" at the top of the list"),
        );
    }
    sort(&mut c);
    Listed {
        checked: c,
        factions: facts.factions,
        player_span: facts.player_span,
    }
}

/// One list of the event with what the roster needs.
#[derive(Debug, Clone)]
pub struct Listed {
    pub checked: Checked,
    pub factions: Vec<String>,
    player_span: Option<std::ops::Range<usize>>,
}

/// Diagnostics in file order, those without a place last (as the
/// pipeline orders them).
fn sort(c: &mut Checked) {
    c.diagnostics
        .sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
}

/// The files of the lists folder, as `check DIR` takes them
/// (`check::expand`): every *.toml below it, except `skip` (the event and
/// roster files); every other file is skipped (listed, never an error),
/// but `output` (the sheets of an earlier run). A list named as `output`
/// stays an input, for `sheets_allowed` to refuse.
fn inputs(dir: &Path, skip: &[PathBuf], output: Option<&Path>) -> Vec<Input> {
    let skipped = |p: &Path| skip.iter().any(|s| fleetcheck_input::fs::same_file(p, s));
    let written = |p: &Path| output.is_some_and(|o| fleetcheck_input::fs::same_file(p, o));
    check::expand(&[dir.to_path_buf()])
        .into_iter()
        .filter(|i| match i {
            Input::File(p) => !skipped(p),
            Input::Skipped(s) => !skipped(Path::new(&s.file)) && !written(Path::new(&s.file)),
            Input::Problem(_) => true,
        })
        .collect()
}

/// Flags across the lists: two lists of one player, two identical lists.
fn cross_checks(lists: &mut [Listed]) {
    const MAX_NAMED: usize = 3;
    let mut by_player: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut by_print: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, l) in lists.iter().enumerate() {
        if let Some(p) = &l.checked.report.player {
            by_player.entry(player_key(p)).or_default().push(i);
        }
        if let Some(f) = l
            .checked
            .report
            .fingerprint
            .as_ref()
            .filter(|_| !l.checked.report.ships.is_empty())
        {
            by_print.entry(f.clone()).or_default().push(i);
        }
    }
    // The other lists of a group, at most `MAX_NAMED` of them by name:
    // 3,000 copies of one list name 3 each, not 2,999 (and look at no
    // more than 4 of the group for it).
    let others = |group: &[usize], i: usize, lists: &[Listed]| -> String {
        let files: Vec<&str> = group
            .iter()
            .filter(|&&j| j != i)
            .take(MAX_NAMED)
            .map(|&j| lists[j].checked.report.file.as_str())
            .collect();
        let mut named = files.join(", ");
        let rest = group.len() - 1 - files.len();
        if rest > 0 {
            named.push_str(&format!(" and {rest} more"));
        }
        named
    };
    for group in by_player.values().filter(|g| g.len() > 1) {
        for &i in group {
            let with = others(group, i, lists);
            let l = &mut lists[i];
            let player = l.checked.report.player.clone().unwrap_or_default();
            let span = l.player_span.clone();
            l.checked.diagnostics.push(
                Diagnostic::new(
                    fleetcheck_staw::event::EventCode::DuplicatePlayer,
                    format!("{player:?} also submitted {with}"),
                )
                .with_span(span),
            );
        }
    }
    for group in by_print.values().filter(|g| g.len() > 1) {
        for &i in group {
            let with = others(group, i, lists);
            let l = &mut lists[i];
            let print = l.checked.report.fingerprint.clone().unwrap_or_default();
            // A warning: two players may bring the same list; the
            // organiser looks at who submitted what.
            l.checked.diagnostics.push(Diagnostic::new(
                fleetcheck_staw::event::EventCode::DuplicateList,
                format!("the same cards as {with} (fingerprint {print})"),
            ));
        }
    }
}

/// A player's name as players are told apart: without surrounding space,
/// in one Unicode normal form (NFC: a "José" typed with a combining accent
/// is the same player) and without case.
fn player_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    name.trim().nfc().collect::<String>().to_lowercase()
}

/// The fingerprints of an earlier roster (`-o json` of `fleetcheck
/// event`): by player and by file ([`file_key`]).
#[derive(Debug, Default)]
pub struct Against {
    path: String,
    by_player: BTreeMap<String, String>,
    by_file: BTreeMap<String, String>,
    /// This run's lists folder, when the roster names its own: each list
    /// is then found by its path inside the folder.
    folder: Option<PathBuf>,
}

/// Reads the roster `path` to compare the lists of the folder `lists`
/// with.
fn read_against(path: &Path, lists: &Path) -> anyhow::Result<Against> {
    let source = fleetcheck_input::fs::read_text(path)
        .map_err(|u| anyhow::anyhow!("{}: {}", u.path, u.diag.message))?;
    let v: serde_json::Value = serde_json::from_str(&source.text)
        .with_context(|| format!("{}: not a JSON roster", path.display()))?;
    let Some(rows) = v
        .get("event")
        .and_then(|e| e.get("roster"))
        .and_then(|r| r.as_array())
    else {
        bail!(
            "{}: no event roster in it (write it with `fleetcheck event EVENT LISTS -o json`)",
            path.display()
        );
    };
    // Fingerprints of another version hash other things: compared, every
    // list would read as changed.
    let version = v
        .get("event")
        .and_then(|e| e.get("fingerprint_version"))
        .map_or(Some(1), serde_json::Value::as_u64);
    let ours = fleetcheck_staw::fingerprint::VERSION;
    if version != Some(u64::from(ours)) {
        let theirs = version.map_or("an unknown version".to_string(), |n| format!("version {n}"));
        bail!(
            "{}: its fingerprints are of {theirs}, this fleetcheck's of version {ours} \
             (reprints and names written for ids count as one card), so no list is compared; \
             write the roster again with this fleetcheck (`fleetcheck event EVENT LISTS -o json`) \
             from the lists as submitted",
            path.display()
        );
    }
    let theirs = v
        .get("event")
        .and_then(|e| e.get("lists"))
        .and_then(|l| l.as_str())
        .map(PathBuf::from);
    let mut a = Against {
        path: path.display().to_string(),
        folder: theirs.as_ref().map(|_| lists.to_path_buf()),
        ..Against::default()
    };
    for r in rows {
        let Some(print) = r.get("fingerprint").and_then(|f| f.as_str()) else {
            continue;
        };
        if let Some(p) = r.get("player").and_then(|p| p.as_str()) {
            a.by_player.insert(player_key(p), print.to_string());
        }
        if let Some(f) = r.get("file").and_then(|f| f.as_str()) {
            a.by_file
                .insert(file_key(f, theirs.as_deref()), print.to_string());
        }
    }
    Ok(a)
}

/// A list as a roster knows it: its path inside the lists folder
/// (`north/jane.toml` and `south/jane.toml` are two lists), the same from
/// any working directory; by its file name alone with a roster that names
/// no folder (written before rosters did).
fn file_key(file: &str, folder: Option<&Path>) -> String {
    let path = Path::new(file);
    match folder {
        Some(f) => path.strip_prefix(f).unwrap_or(path).display().to_string(),
        None => path
            .file_name()
            .map_or(file.to_string(), |n| n.to_string_lossy().into_owned()),
    }
}

/// Each list against the roster's entries of its file ([`file_key`]) and
/// of its player: a renamed file is found by its player, a renamed player by
/// the file. The list is unchanged when either entry has its fingerprint
/// (two files whose names were swapped, each kept by its player, are no
/// change); changed when an entry is found with another one; not in the
/// roster when neither its file name nor its player is: then nothing ties
/// it to a submission (a file and its player both renamed, a new list).
fn compare(lists: &mut [Listed], against: &Against) {
    for l in lists.iter_mut() {
        let r = &l.checked.report;
        let Some(now) = r.fingerprint.clone() else {
            continue;
        };
        let by_file = against
            .by_file
            .get(&file_key(&r.file, against.folder.as_deref()));
        let by_player = r
            .player
            .as_ref()
            .and_then(|p| against.by_player.get(&player_key(p)));
        let entries: Vec<&String> = by_file.into_iter().chain(by_player).collect();
        if entries.iter().any(|t| **t == now) {
            continue;
        }
        let d = match entries.first() {
            Some(t) => Diagnostic::new(
                fleetcheck_staw::event::EventCode::FingerprintChanged,
                format!(
                    "fingerprint {now} is not the submitted list's {t} ({}): a card changed",
                    against.path
                ),
            ),
            None => Diagnostic::new(
                fleetcheck_staw::event::EventCode::NotInRoster,
                format!("no list of this player or file in {}", against.path),
            ),
        };
        let span = l.player_span.clone();
        l.checked.diagnostics.push(d.with_span(span));
    }
}

/// The check options of every list of an event: its format, date and SP
/// cap in place of each list's own, its prices, the fingerprint on (the
/// roster and `duplicate-list` need it), `today` and the collection.
pub fn list_options(
    event: &Event,
    today: String,
    collection: Option<std::sync::Arc<fleetcheck_staw::collection::Shelf>>,
) -> anyhow::Result<CheckOptions> {
    Ok(CheckOptions {
        format: Some(event.format.clone()),
        as_of: Some(check::parse_date(&event.date)?),
        today,
        sp_cap: event.own_cap(),
        // The roster and the duplicate-list check need it.
        skip_fingerprint: false,
        skip_collection_report: false,
        costs: event.rules.costs.clone(),
        collection,
    })
}

/// The roster of an event's checked lists ([`check_list`]): the checks
/// across lists (`duplicate-player`, `duplicate-list`), the comparison with
/// an earlier roster (`--against`), every list's diagnostics in file
/// order; the event's report and every list's, as [`render`] draws them.
/// What `run` does between reading the lists and printing, and what the
/// fuzz target `event` calls.
pub fn roster_of(
    db: &Database,
    event: &Event,
    mut lists: Vec<Listed>,
    against: Option<&Against>,
) -> (EventReport, Vec<Checked>) {
    cross_checks(&mut lists);
    if let Some(a) = against {
        compare(&mut lists, a);
    }
    for l in &mut lists {
        sort(&mut l.checked);
    }
    let report = event_report(db, event, &lists, against.map(|a| a.path.clone()));
    (report, lists.into_iter().map(|l| l.checked).collect())
}

pub fn run(args: &EventArgs) -> anyhow::Result<i32> {
    let common = &args.common;
    let db = super::load_db(common)?;
    let event = read_event(db, &args.event)?;
    let against = match &args.against {
        Some(p) => Some(read_against(p, &args.lists)?),
        None => None,
    };
    if !args.lists.is_dir() {
        bail!("{} is not a folder of lists", args.lists.display());
    }
    let opts = list_options(&event, check::today()?, args.owned.shelf(db)?)?;
    let mut skip = vec![args.event.clone()];
    skip.extend(args.against.clone());
    let (inputs, skipped) =
        check::split_skipped(inputs(&args.lists, &skip, args.sheets.as_deref()));
    if let Some(out) = &args.sheets {
        sheets_allowed(out, &skip, &inputs, args.force)?;
    }
    let lists: Vec<Listed> = super::pool::par_map(inputs, |input| match input {
        Input::File(p) => match read_source(&p) {
            Ok(source) => check_list(db, &event, source, &opts),
            Err(c) => Listed {
                checked: *c,
                factions: Vec::new(),
                player_span: None,
            },
        },
        Input::Problem(c) => Listed {
            checked: *c,
            factions: Vec::new(),
            player_span: None,
        },
        Input::Skipped(_) => unreachable!("split off above"),
    });
    let (mut report, files) = roster_of(db, &event, lists, against.as_ref());
    report.skipped = skipped;
    report.lists = Some(args.lists.display().to_string());
    let ropts = render_options(common);
    print(|w| render(w, common.output, &report, &files, &ropts))?;
    if let Some(path) = std::env::var_os(STEP_SUMMARY_ENV).filter(|p| !p.is_empty()) {
        step_summary(Path::new(&path), &report, &files)?;
    }
    if let Some(out) = &args.sheets {
        let html = report::sheet::render_many(db, &report, &files, &sheet_fields(&event, args));
        let guard = if args.force {
            fleetcheck_input::fs::Guard::Overwrite
        } else {
            fleetcheck_input::fs::Guard::New
        };
        fleetcheck_input::fs::write(out, html.as_bytes(), guard)
            .map_err(|e| super::refusal::Refusal::new(format!("{e}; no sheets were written")))?;
    }
    Ok(check::exit_code(&files))
}

/// Whether `--sheets OUT` may be written, before anything is checked:
/// never over an input of the run (the event file, the roster, a list;
/// through a symbolic link or a hard link too), over an existing file only
/// with `--force`, and never over what is not a regular file (`fs::write`
/// refuses that too, at the write).
fn sheets_allowed(
    out: &Path,
    skip: &[PathBuf],
    lists: &[Input],
    force: bool,
) -> Result<(), super::refusal::Refusal> {
    let refuse = |why: String| {
        super::refusal::Refusal::new(format!(
            "--sheets {}: {why}; nothing was written",
            out.display()
        ))
    };
    let list_files = lists.iter().filter_map(|i| match i {
        Input::File(p) => Some(p.as_path()),
        Input::Problem(_) | Input::Skipped(_) => None,
    });
    let inputs = skip.iter().map(PathBuf::as_path).chain(list_files);
    if let Some(input) = inputs
        .into_iter()
        .find(|i| fleetcheck_input::fs::same_file(i, out))
    {
        return Err(refuse(format!(
            "is {}, an input of this run",
            input.display()
        )));
    }
    match std::fs::metadata(out) {
        Ok(m) if !m.is_file() => Err(refuse(
            "is not a regular file (a FIFO, a device, a socket or a folder)".into(),
        )),
        Ok(_) if !force => Err(refuse("already exists".into())
            .help("pass --force to overwrite it, or name another file")),
        _ => Ok(()),
    }
}

fn sheet_fields(event: &Event, args: &EventArgs) -> report::sheet::Fields {
    report::sheet::Fields {
        player: None,
        event: Some(event.name.clone()),
        date: Some(event.date.clone()),
        paper: args.paper,
    }
}

/// The event's part of the report: the event as read, and the roster.
fn event_report(
    db: &Database,
    event: &Event,
    lists: &[Listed],
    against: Option<String>,
) -> EventReport {
    EventReport {
        name: event.name.clone(),
        date: event.date.clone(),
        format: event.format.clone(),
        sp_cap: event.cap(db),
        blind_booster: event.rules.blind_booster,
        roster: lists
            .iter()
            .map(|l| roster::row(&l.checked, l.factions.clone()))
            .collect(),
        fingerprint_version: fleetcheck_staw::fingerprint::VERSION,
        skipped: Vec::new(),
        against,
        lists: None,
    }
}

/// Writes the roster in the asked form.
pub fn render(
    w: &mut dyn Write,
    output: Output,
    report: &EventReport,
    files: &[Checked],
    ropts: &RenderOptions,
) -> std::io::Result<()> {
    match output {
        Output::Table => roster::table(w, report, files, ropts),
        Output::Json => roster::json(w, report, files),
        Output::Github => roster::github(w, report, files),
        Output::Markdown => roster::markdown(w, report, files),
        Output::Csv => roster::csv(w, report),
    }
}

/// Appends the roster as Markdown to the GitHub step summary file.
fn step_summary(path: &Path, report: &EventReport, files: &[Checked]) -> anyhow::Result<()> {
    let mut text = Vec::new();
    roster::markdown(&mut text, report, files)?;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open {STEP_SUMMARY_ENV} {}", path.display()))?;
    f.write_all(&text)
        .with_context(|| format!("cannot write {STEP_SUMMARY_ENV} {}", path.display()))?;
    Ok(())
}
