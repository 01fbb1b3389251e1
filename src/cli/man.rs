//! `fleetcheck man`: the man page (roff), generated from the clap
//! definitions (clap_mangen): the main page with every subcommand listed,
//! or with `--command NAME` the page of one subcommand.

use clap::{Args, CommandFactory};

#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// The page of this subcommand (`fleetcheck-add(1)`) instead of the
    /// main page.
    #[arg(long, value_name = "NAME")]
    pub command: Option<String>,
}

pub fn run(args: &ManArgs) -> anyhow::Result<i32> {
    let cmd = super::Cli::command();
    let cmd = match &args.command {
        None => cmd,
        Some(name) => match cmd.find_subcommand(name) {
            // clap takes a static name without its "string" feature; the
            // process prints one page and ends.
            Some(sub) => {
                let full: &'static str = Box::leak(format!("fleetcheck-{name}").into_boxed_str());
                sub.clone().name(full)
            }
            None => {
                let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).collect();
                eprintln!(
                    "error: no subcommand {name:?} (subcommands: {})",
                    names.join(", ")
                );
                return Ok(2);
            }
        },
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out)?;
    super::check::print(|w| w.write_all(&out))?;
    Ok(0)
}
