//! `fleetcheck collection show FILE`, `collection add FILE SET [COUNT]`,
//! `collection remove FILE SET` (with `--card`, a loose card of `[cards]`
//! rather than an expansion of `[sets]`): a collection file (docs/collection.md)
//! shown, or edited in place as the fleet edits are (`add::edit`'s ways:
//! the lock, the file's own line ends and byte order mark, the atomic
//! write through `input::fs::write` that refuses a file changed since it
//! was read). The file is read by the collection reader first: a file
//! with problems is refused with every problem located (exit 2, nothing
//! written); the edit itself is `builder::collection`'s, which reads the
//! new text back before it is written.

use super::check::{print, read_source_of, refused, render_options, COLLECTION_NEEDS};
use super::refusal::Refusal;
use super::{Common, Output};
use clap::{Args, Subcommand};
use fleetcheck_data::Database;
use fleetcheck_edit::builder::collection::Holding;
use fleetcheck_edit::builder::{self, EditError, Edited};
use fleetcheck_input::diag::Source;
use fleetcheck_staw::collection::{self as collection, Collection, Shelf};
use std::path::{Path, PathBuf};

#[derive(Debug, Subcommand)]
// Each command's arguments are built only when clap needs them (the
// command run, its help, man pages, completions): start-up is measured.
#[command(defer = true)]
pub enum CollectionCommand {
    /// What a collection file holds: its expansions and loose cards, and
    /// every card it holds by type and faction, with copies.
    Show(ShowArgs),
    /// Add copies of an expansion (by id or name), or with --card of a
    /// loose card (by id or name), to a collection file in place, keeping
    /// its comments and layout.
    Add(AddSetArgs),
    /// Remove an expansion (by id or name, every copy), or with --card a
    /// loose card, from a collection file in place, keeping its comments
    /// and layout.
    Remove(RemoveSetArgs),
}

impl CollectionCommand {
    /// The `command` of its JSON document.
    pub fn name(&self) -> &'static str {
        match self {
            CollectionCommand::Show(_) => "collection-show",
            CollectionCommand::Add(_) => "collection-add",
            CollectionCommand::Remove(_) => "collection-remove",
        }
    }

    /// Its copy of the global options.
    pub fn common_mut(&mut self) -> &mut Common {
        match self {
            CollectionCommand::Show(a) => &mut a.common,
            CollectionCommand::Add(a) => &mut a.common,
            CollectionCommand::Remove(a) => &mut a.common,
        }
    }
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// The collection file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

#[derive(Debug, Clone, Args)]
pub struct AddSetArgs {
    /// The collection file to edit.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The expansion: its id (product number) or name (with --card, the
    /// card: its id, or a name that names one card).
    #[arg(value_name = "SET")]
    pub set: String,
    /// How many copies to add (1 to 1000; default 1).
    #[arg(value_name = "COUNT", default_value_t = 1)]
    pub count: u32,
    /// SET is a loose card, added to `[cards]` (not an expansion of
    /// `[sets]`).
    #[arg(long)]
    pub card: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

#[derive(Debug, Clone, Args)]
pub struct RemoveSetArgs {
    /// The collection file to edit.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The expansion: its id (product number) or name (with --card, the
    /// card: its id, or a name that names one card).
    #[arg(value_name = "SET")]
    pub set: String,
    /// SET is a loose card, removed from `[cards]` (not an expansion of
    /// `[sets]`).
    #[arg(long)]
    pub card: bool,
    /// The global options (`Cli::common`), copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: Common,
}

pub fn run(cmd: &CollectionCommand) -> anyhow::Result<i32> {
    match cmd {
        CollectionCommand::Show(a) => show(a),
        CollectionCommand::Add(a) => {
            let db = super::load_db(&a.common)?;
            edit(db, &a.file, cmd.name(), &a.common, |source, held| {
                builder::collection::add(db, source, held, holding(a.card), &a.set, a.count)
            })
        }
        CollectionCommand::Remove(a) => {
            let db = super::load_db(&a.common)?;
            edit(db, &a.file, cmd.name(), &a.common, |source, held| {
                builder::collection::remove(db, source, held, holding(a.card), &a.set)
            })
        }
    }
}

/// What SET names: a loose card with `--card`, else an expansion.
fn holding(card: bool) -> Holding {
    if card {
        Holding::Card
    } else {
        Holding::Set
    }
}

/// The collection of a file read, or its refusal with every problem
/// located.
fn read(db: &Database, source: &Source) -> anyhow::Result<Collection> {
    collection::read(db, source).map_err(|diags| refused(source.clone(), diags).into())
}

fn show(args: &ShowArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let source = read_source_of(&args.file, COLLECTION_NEEDS).map_err(|c| Refusal::file(*c))?;
    let held = read(db, &source)?;
    print_holdings(db, &source, &held, "collection-show", &args.common, None)?;
    Ok(0)
}

/// What the collection holds, as a table or the JSON document of
/// `command`; `done` first in the table.
fn print_holdings(
    db: &Database,
    source: &Source,
    held: &Collection,
    command: &str,
    common: &Common,
    done: Option<&str>,
) -> anyhow::Result<()> {
    let shelf = Shelf::of(db, held, &source.path);
    let h = fleetcheck_report::collection::holdings(db, held, &shelf);
    let ropts = render_options(common);
    print(|w| match common.output {
        Output::Json | Output::Github => fleetcheck_report::json::render_with(w, command, |r| {
            r.collection = Some(fleetcheck_report::model::payload(&h));
        }),
        Output::Table | Output::Markdown | Output::Csv => {
            if let Some(done) = done {
                writeln!(w, "{}: {done}", source.path)?;
            }
            fleetcheck_report::collection::render(w, &h, &ropts)
        }
    })
}

/// Locks and reads the file, runs the edit on its text, writes it and
/// shows what the collection holds now.
fn edit(
    db: &Database,
    path: &Path,
    command: &str,
    common: &Common,
    f: impl FnOnce(&Source, &Collection) -> Result<Edited, EditError>,
) -> anyhow::Result<i32> {
    let _lock = super::add::lock(path)?;
    let (mut before, original) =
        super::check::read_for_edit_of(path, COLLECTION_NEEDS).map_err(|c| Refusal::file(*c))?;
    let held = read(db, &before)?;
    let form = original.form();
    before.text = form.to_edit(&before.text).into_owned();
    let edited = f(&before, &held).map_err(|e| {
        let r = Refusal::new(format!(
            "{}: {}; nothing was changed",
            path.display(),
            e.message
        ));
        e.help.iter().fold(r, |r, h| r.help(h.clone()))
    })?;
    let guard = fleetcheck_input::fs::Guard::Unchanged(&original);
    fleetcheck_input::fs::write(path, &form.to_write(&edited.text), guard)
        .map_err(|e| Refusal::new(super::add::write_error(path, &e)))?;
    let after = Source {
        path: before.path.clone(),
        text: edited.text,
    };
    let held = read(db, &after)?;
    print_holdings(db, &after, &held, command, common, Some(&edited.done))?;
    Ok(0)
}
