//! `fleetcheck add FILE KIND CARD [--ship N]`: adds a card to a fleet file
//! in place (see `builder`). The shared end of every edit lives here too:
//! lock and read the file, check the new text, refuse it if it brings an
//! input error (a [`Refusal`]: exit 2, the file untouched), write it
//! atomically with `input::fs` in the file's own line ends and byte order
//! mark (never over a file that changed since it was read), and print what
//! changed, the new total and every new violation. A rule violation does
//! not stop an edit: a player may be mid-build.

use super::check::{check_options, print, render_options};
use super::refusal::Refusal;
use super::{Common, Output};
use clap::{Args, ValueEnum};
use fleetcheck_data::Database;
use fleetcheck_edit::builder::{self, EditError, Edited, Kind, Place, Query};
use fleetcheck_input::diag::{Code, Diagnostic, Source};
use fleetcheck_report::{self as report, Checked};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What `add` and `remove` work on: a builder [`Kind`] by its word
/// (`ship`, `fleet-captain`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindArg(pub Kind);

impl KindArg {
    pub fn kind(self) -> Kind {
        self.0
    }
}

impl ValueEnum for KindArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [KindArg; Kind::ALL.len()] = {
            let mut all = [KindArg(Kind::Ship); Kind::ALL.len()];
            let mut i = 0;
            while i < all.len() {
                all[i] = KindArg(Kind::ALL[i]);
                i += 1;
            }
            all
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self.0 {
            Kind::Ship => "A new [[ship]] (remove: a ship by number or card)",
            Kind::Upgrade => "An upgrade (crew, tech, weapon, talent, ...) of a ship",
            Kind::Resource => "The fleet's resource",
            Kind::Sideboard => "A card of the Reinforcements Sideboard",
            _ => "",
        };
        let value = clap::builder::PossibleValue::new(self.0.word());
        Some(if help.is_empty() {
            value
        } else {
            value.help(help)
        })
    }
}

// What an edit aims at, beyond the card's name: `--ship`, `--section`
// and the narrowing of the card.
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
#[derive(Debug, Clone, Args, Default)]
pub struct Target {
    /// The ship (1 = the first [[ship]]); needed when the fleet has several.
    #[arg(long, value_name = "N")]
    pub ship: Option<usize>,
    /// The sideboard section (captain, talent, crew, tech, weapon): where
    /// the card goes when its type does not say it, or the one to empty.
    #[arg(long, value_name = "SECTION")]
    pub section: Option<String>,
    #[command(flatten)]
    pub narrow: Narrow,
}

impl Target {
    pub fn place(&self) -> Place {
        Place {
            ship: self.ship,
            section: self.section.clone(),
        }
    }
}

// Narrowing a card by more than its name, as an inline-table reference.
// (Not a doc comment: clap would make it the about of the commands that
// use it, whose arguments are built late: `#[command(defer = true)]`.)
#[derive(Debug, Clone, Args, Default)]
pub struct Narrow {
    /// Only cards of this faction.
    #[arg(long, value_name = "FACTION")]
    pub faction: Option<String>,
    /// Only cards of this set (id or name).
    #[arg(long, value_name = "SET")]
    pub set: Option<String>,
    /// Only ships of this class.
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
    /// Only cards of this upgrade or card type.
    #[arg(long = "type", value_name = "TYPE")]
    pub card_type: Option<String>,
}

impl Narrow {
    /// The query for a card named `text`.
    pub fn query(&self, text: &str) -> Query {
        Query {
            text: text.to_string(),
            faction: self.faction.clone(),
            set: self.set.clone(),
            class: self.class.clone(),
            kind: self.card_type.clone(),
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct AddArgs {
    /// The fleet file to edit.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// What to add.
    #[arg(value_enum, value_name = "KIND")]
    pub kind: KindArg,
    /// The card: an id (`Cap906`) or a name (`"Jean-Luc Picard"`).
    #[arg(value_name = "CARD")]
    pub card: String,
    #[command(flatten)]
    pub target: Target,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(args: &AddArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let target = &args.target;
    let (place, query) = (target.place(), target.narrow.query(&args.card));
    // A name several cards share is resolved on its ship as `check` does.
    let engine = fleetcheck_staw::Engine::new(db, check_options(None, None)?);
    edit(db, &args.file, "add", &args.common, |text| {
        builder::add_on(&engine, text, args.kind.kind(), &query, &place)
    })
}

/// Locks a file for an edit ([`fleetcheck_input::lock`]); a file that cannot
/// be locked is a refusal.
pub(crate) fn lock(path: &Path) -> anyhow::Result<Option<fleetcheck_input::lock::Lock>> {
    fleetcheck_input::lock::exclusive(path).map_err(|e| {
        Refusal::new(format!(
            "cannot lock {} for editing: {}; nothing was written",
            path.display(),
            fleetcheck_input::fs::io_reason(&e)
        ))
        .into()
    })
}

/// What a failed edit write says: a file changed by someone else while it
/// was edited is named as such.
pub(crate) fn write_error(path: &Path, e: &fleetcheck_input::fs::WriteError) -> String {
    match e {
        fleetcheck_input::fs::WriteError::Changed { .. } => format!(
            "{}: the file changed while editing; nothing was written (run the command again to edit the new contents)",
            path.display()
        ),
        e => format!("{e}; the file was not changed"),
    }
}

/// Reads the file, runs the edit on its text, checks, writes and reports.
pub(crate) fn edit(
    db: &Database,
    path: &Path,
    command: &str,
    common: &Common,
    f: impl FnOnce(&str) -> Result<Edited, EditError>,
) -> anyhow::Result<i32> {
    // Held until the edit is written: another fleetcheck editing the file
    // waits for it.
    let _lock = lock(path)?;
    // Read once: the text edited and the fingerprint of its bytes, to
    // refuse the write if the file changes meanwhile.
    let (mut before, original) =
        super::check::read_for_edit(path).map_err(|c| Refusal::file(*c))?;
    fleetcheck_edit::staw_only(&before).map_err(|c| Refusal::file(*c))?;
    // Edited with `\n` line ends; written back with the file's own (and
    // its byte order mark).
    let form = original.form();
    before.text = form.to_edit(&before.text).into_owned();
    let edited = f(&before.text).map_err(|e| refused(path, &e))?;
    let opts = check_options(None, None)?;
    let checked_before = super::check::check_source(db, before.clone(), &opts);
    let after = Source {
        path: before.path.clone(),
        text: edited.text.clone(),
    };
    let checked_after = super::check::check_source(db, after, &opts);
    let new = new_diagnostics(&checked_before, &checked_after);
    let broken: Vec<&Diagnostic> = new.iter().copied().filter(|d| d.is_input_error()).collect();
    if !broken.is_empty() {
        let message = format!(
            "the edit would leave {} unreadable; nothing was changed",
            path.display()
        );
        let ropts = render_options(common);
        let mut err = std::io::stderr().lock();
        writeln!(err, "error: {message}")?;
        let mut refusal = Refusal::new(message).said();
        for d in broken {
            report::table::diagnostic(
                &mut err,
                checked_after.source.as_ref(),
                &checked_after.report.file,
                d,
                &ropts,
            )?;
            refusal = refusal.help(format!("{}: {}", d.code, d.message));
        }
        return Err(refusal.into());
    }
    let guard = fleetcheck_input::fs::Guard::Unchanged(&original);
    fleetcheck_input::fs::write(path, &form.to_write(&edited.text), guard)
        .map_err(|e| Refusal::new(write_error(path, &e)))?;
    let ropts = render_options(common);
    print(|w| match common.output {
        Output::Json => report::json::render_all(w, command, std::slice::from_ref(&checked_after)),
        Output::Github => report::github::render_all(w, std::slice::from_ref(&checked_after)),
        Output::Table | Output::Markdown | Output::Csv => {
            writeln!(w, "{}: {}", path.display(), edited.done)?;
            writeln!(w, "{}", total_line(&checked_after))?;
            for d in &new {
                report::table::diagnostic(
                    w,
                    checked_after.source.as_ref(),
                    &checked_after.report.file,
                    d,
                    &ropts,
                )?;
            }
            writeln!(w, "{}", report::table::verdict_line(&checked_after))
        }
    })?;
    Ok(0)
}

/// A refused edit.
fn refused(path: &Path, e: &EditError) -> Refusal {
    let refusal = Refusal::new(format!(
        "{}: {}; nothing was changed",
        path.display(),
        e.message
    ));
    e.help.iter().fold(refusal, |r, h| r.help(h.clone()))
}

/// "Total 40 / 100 SP (60 left), format standard".
pub(crate) fn total_line(c: &Checked) -> String {
    let r = &c.report;
    let mut line = match (r.total, r.cap) {
        (Some(t), Some(cap)) if t <= cap => format!("Total {t} / {cap} SP ({} left)", cap - t),
        (Some(t), Some(cap)) => format!("Total {t} / {cap} SP ({} over)", t - cap),
        (Some(t), None) => format!("Total {t} SP (no cap)"),
        (None, _) => "Total: not priced (the file has an input error)".to_string(),
    };
    if let Some(f) = &r.format {
        line.push_str(&format!(", format {f}"));
    }
    line
}

/// The diagnostics of `after` that `before` did not have (same code and
/// message; as many times as they are new).
pub(crate) fn new_diagnostics<'a>(before: &Checked, after: &'a Checked) -> Vec<&'a Diagnostic> {
    // How many of each (code, message) the file had: a multiset, so that
    // an edit of a fleet with thousands of findings stays linear.
    let mut old: std::collections::HashMap<(Code, &str), usize> = std::collections::HashMap::new();
    for d in &before.diagnostics {
        *old.entry((d.code, d.message.as_str())).or_default() += 1;
    }
    let mut out = Vec::new();
    for d in &after.diagnostics {
        match old.get_mut(&(d.code, d.message.as_str())) {
            Some(n) if *n > 0 => *n -= 1,
            _ => out.push(d),
        }
    }
    out
}
