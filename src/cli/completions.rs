//! `fleetcheck completions SHELL`: a shell completion script generated from
//! the clap definitions (clap_complete), printed to standard output.

use clap::{Args, CommandFactory};

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

pub fn run(args: &CompletionsArgs) -> anyhow::Result<i32> {
    let mut cmd = super::Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "fleetcheck", &mut out);
    super::check::print(|w| w.write_all(&out))?;
    Ok(0)
}
