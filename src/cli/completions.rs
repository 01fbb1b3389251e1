//! `fleetcheck completions SHELL`: a shell completion script generated from
//! the clap definitions (clap_complete), printed to standard output.
//!
//! The script also completes the values the card database knows, where
//! the shell allows it: card names and ids (`card`, `add`, `remove`,
//! `options --replace`), formats (`--format`), factions (`--faction`) and
//! card and slot types (`--type`, `--slot`). They are put on the clap
//! command here only, as possible values, so that parsing a command line
//! never depends on them (a value outside the list is still read, and the
//! command's own check says what is wrong with it). clap_complete's
//! dynamic completion would need a crate that is not vendored
//! (`is_executable`), so the values are written into the script.

use clap::builder::PossibleValuesParser;
use clap::{Arg, Args, Command, CommandFactory};

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// The database's values an argument may complete to.
struct Values {
    cards: Vec<String>,
    formats: Vec<String>,
    factions: Vec<String>,
    types: Vec<String>,
    slots: Vec<String>,
}

impl Values {
    fn of(db: &fleetcheck_data::Database) -> Values {
        let mut cards: Vec<String> = db
            .cards
            .iter()
            .flat_map(|c| [c.id.clone(), c.name.clone()])
            .collect();
        cards.sort();
        cards.dedup();
        let mut slots: Vec<String> = fleetcheck_data::model::SLOT_TYPES
            .iter()
            .map(|s| s.to_string())
            .collect();
        slots.extend(["captain".to_string(), "admiral".to_string()]);
        let mut types: Vec<String> = db
            .cards
            .iter()
            .map(|c| c.kind.as_str().to_string())
            .chain(slots.iter().cloned())
            .collect();
        types.sort();
        types.dedup();
        Values {
            cards,
            formats: db.formats.iter().map(|f| f.id.clone()).collect(),
            factions: fleetcheck_data::names::FACTIONS
                .iter()
                .map(|f| f.to_string())
                .collect(),
            types,
            slots,
        }
    }
}

pub fn run(args: &CompletionsArgs) -> anyhow::Result<i32> {
    let db = fleetcheck_data::Database::embedded()?;
    // Built first: each command's arguments are added late
    // (`#[command(defer = true)]`), and only then can they take values.
    let mut full = super::Cli::command();
    full.build();
    let mut cmd = with_values(full, &Values::of(&db), "");
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "fleetcheck", &mut out);
    super::check::print(|w| w.write_all(&out))?;
    Ok(0)
}

/// `cmd` (at `path`: `options`, `xwing expose`) and its subcommands with
/// the database's values as the possible values of the arguments that
/// take them.
fn with_values(cmd: Command, values: &Values, path: &str) -> Command {
    // X-Wing's `--card` is a damage card, not a STAW card.
    let staw = !path.starts_with("xwing");
    let cmd = cmd.mut_args(|a| {
        let list = match (a.get_id().as_str(), value_name(&a).as_deref()) {
            ("format", _) => Some(&values.formats),
            ("faction", _) => Some(&values.factions),
            ("slot", _) => Some(&values.slots),
            ("kind", Some("TYPE")) => Some(&values.types),
            ("query", _) if path == "card" => Some(&values.cards),
            (_, Some("CARD")) if staw => Some(&values.cards),
            _ => None,
        };
        match list {
            Some(l) => a.value_parser(PossibleValuesParser::new(
                l.iter()
                    .map(|s| clap::builder::PossibleValue::new(s.clone())),
            )),
            None => a,
        }
    });
    cmd.mut_subcommands(|s| {
        let sub = format!("{path} {}", s.get_name());
        with_values(s, values, sub.trim_start())
    })
}

fn value_name(a: &Arg) -> Option<String> {
    a.get_value_names()
        .and_then(|v| v.first())
        .map(|s| s.to_string())
}
