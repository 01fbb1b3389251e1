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
//!
//! bash splits what `compgen` prints at every space, and an apostrophe in
//! its word list opens a quote that runs on to the next name (`V'Lar`
//! offered cards that do not exist). So the bash script's values are
//! escaped in its word lists (`Jean-Luc\ Picard`, `V\'Lar`), and each list
//! is completed by one function, [`BASH_REPLY`], that reads `compgen`'s
//! words one per line and puts each on the command line escaped.

use clap::builder::PossibleValuesParser;
use clap::{Arg, Args, Command, CommandFactory};

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
    /// The global options (`Cli::common`; `--data`: its cards, formats),
    /// copied in by `Cli::share_common`.
    #[arg(skip)]
    pub common: super::Common,
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
    /// The database's values, each written as `word` writes it.
    fn of(db: &fleetcheck_data::Database, word: fn(&str) -> String) -> Values {
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
        let words = |v: Vec<String>| v.iter().map(|s| word(s)).collect();
        Values {
            cards: words(cards),
            formats: db.formats.iter().map(|f| word(&f.id)).collect(),
            factions: fleetcheck_data::names::FACTIONS
                .iter()
                .map(|f| word(f))
                .collect(),
            types: words(types),
            slots: words(slots),
        }
    }
}

pub fn run(args: &CompletionsArgs) -> anyhow::Result<i32> {
    let db = super::load_db(&args.common)?;
    let bash = args.shell == clap_complete::Shell::Bash;
    let word: fn(&str) -> String = if bash { bash_word } else { str::to_string };
    // Built first: each command's arguments are added late
    // (`#[command(defer = true)]`), and only then can they take values.
    let mut full = super::Cli::command();
    full.build();
    let mut cmd = with_values(full, &Values::of(db, word), "");
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "fleetcheck", &mut out);
    if bash {
        out = bash_replies(&String::from_utf8(out)?).into_bytes();
    }
    super::check::print(|w| w.write_all(&out))?;
    Ok(0)
}

/// `value` as one word of a word list inside the script's double quotes:
/// after the quotes, every character but a letter, digit or `-_./:,+@%=`
/// has a backslash before it (`compgen` takes it out again).
fn bash_word(value: &str) -> String {
    let mut w = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || "-_./:,+@%=".contains(c) => {}
            // Special inside double quotes: its backslash is doubled too.
            '$' | '`' | '"' | '\\' => w.push_str("\\\\\\"),
            _ => w.push('\\'),
        }
        w.push(c);
    }
    w
}

/// The function each of the bash script's word lists completes through:
/// `compgen`'s words read one per line (spaces kept), those that begin
/// with what was typed, each escaped for the command line (`printf %q`).
const BASH_REPLY: &str = r#"# The completions of a list that begin with what was typed, one per line of
# compgen's output (card names hold spaces and apostrophes), each escaped
# for the command line. What was typed is read as the shell reads it: an
# opening quote and backslashes taken out ("V'L, V\'L and V'L all begin
# V'Lar). Plain bash 3.2: no mapfile, no subshell per word.
_fleetcheck_reply() {
    local w q typed="${cur}"
    typed="${typed#[\"\']}"
    typed="${typed//\\/}"
    COMPREPLY=()
    while IFS= read -r w; do
        if [[ "${w}" == "${typed}"* ]]; then
            printf -v q '%q' "${w}"
            COMPREPLY+=("${q}")
        fi
    done < <(compgen -W "$1")
}

"#;

/// clap_complete's bash script with every `COMPREPLY=( $(compgen -W
/// "LIST" -- "${cur}") )` completed by [`BASH_REPLY`] instead (the files'
/// `compgen -f` lines are left as they are).
fn bash_replies(script: &str) -> String {
    let mut out = String::with_capacity(script.len() + BASH_REPLY.len());
    out.push_str(BASH_REPLY);
    for line in script.split_inclusive('\n') {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let list = ["COMPREPLY=( $(compgen -W \"", "COMPREPLY=($(compgen -W \""]
            .iter()
            .find_map(|p| body.strip_prefix(p))
            .and_then(|rest| {
                let rest = rest.trim_end();
                ["\" -- \"${cur}\") )", "\" -- \"${cur}\"))"]
                    .iter()
                    .find_map(|e| rest.strip_suffix(e))
            });
        match list {
            Some(list) => {
                out.push_str(indent);
                out.push_str("_fleetcheck_reply \"");
                out.push_str(list);
                out.push_str("\"\n");
            }
            None => out.push_str(line),
        }
    }
    out
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
