//! docs/cli.md against the program's own command tree (clap, built as
//! `fleetcheck --help` builds it): a heading for every command, and in its
//! section every option, every positional argument and every value they
//! take; the options every command takes in their own section; no heading
//! for a command that does not exist.

use super::{headings, page, section};
use clap::CommandFactory;

/// The commands of the tree as `fleetcheck` words (`check`, `data
/// check`, ...): the commands without subcommands of their own. clap's
/// `help` is left out.
fn commands(cmd: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
    for sub in cmd.get_subcommands() {
        if sub.get_name() == "help" {
            continue;
        }
        let p = format!("{path}{}", sub.get_name()).trim().to_string();
        if sub.has_subcommands() {
            commands(sub, &format!("{p} "), out);
        } else {
            out.push((p, sub.clone()));
        }
    }
}

fn tree() -> clap::Command {
    let mut cmd = fleetcheck::cli::Cli::command();
    // Commands build their arguments late (`defer`): build them all.
    cmd.build();
    cmd
}

/// What a section must say of one argument: `--long` for an option, its
/// value name for a positional argument, and `` `value` `` for each value
/// it takes.
fn missing_from(section: &str, arg: &clap::Arg) -> Vec<String> {
    let mut missing = Vec::new();
    match arg.get_long() {
        Some(long) => {
            if !section.contains(&format!("--{long}")) {
                missing.push(format!("--{long}"));
            }
        }
        None => {
            let names: Vec<String> = match arg.get_value_names() {
                Some(v) => v.iter().map(|n| n.to_string()).collect(),
                None => vec![arg.get_id().as_str().to_uppercase()],
            };
            for n in names {
                if !section.contains(&n) {
                    missing.push(n);
                }
            }
        }
    }
    if arg.get_action().takes_values() {
        for v in arg.get_possible_values() {
            if !v.is_hide_set() && !section.contains(&format!("`{}`", v.get_name())) {
                missing.push(format!("`{}` (a value of {})", v.get_name(), arg.get_id()));
            }
        }
    }
    missing
}

fn own_arguments(cmd: &clap::Command) -> impl Iterator<Item = &clap::Arg> {
    cmd.get_arguments().filter(|a| {
        !a.is_global_set() && !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version")
    })
}

#[test]
fn docs_cli_has_a_heading_for_every_command_with_every_option() {
    let cli = page("docs/cli.md");
    let top = tree();
    let mut all = Vec::new();
    commands(&top, "", &mut all);
    assert!(all.len() >= 20, "{} commands", all.len());
    let mut problems = Vec::new();
    for (path, cmd) in &all {
        let title = format!("`fleetcheck {path}`");
        let Some(text) = section(&cli, |h| h.contains(&title)) else {
            problems.push(format!("no heading for {title}"));
            continue;
        };
        for arg in own_arguments(cmd) {
            for m in missing_from(text, arg) {
                problems.push(format!("{title}: {m} is not in its section"));
            }
        }
    }
    // `fleetcheck FLEET...` is `check`: its arguments are check's.
    let check = section(&cli, |h| h.contains("`fleetcheck check`")).unwrap_or_default();
    for arg in own_arguments(&top) {
        for m in missing_from(check, arg) {
            problems.push(format!(
                "`fleetcheck` (as check): {m} is not in the check section"
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "docs/cli.md is not the command tree:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn docs_cli_has_every_option_every_command_takes() {
    let cli = page("docs/cli.md");
    let text = section(&cli, |h| h == "Options every command takes")
        .expect("docs/cli.md: a section \"Options every command takes\"");
    let top = tree();
    let mut missing = Vec::new();
    for arg in top.get_arguments().filter(|a| a.is_global_set()) {
        missing.extend(missing_from(text, arg));
    }
    for long in ["--help", "--version"] {
        if !text.contains(long) {
            missing.push(long.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "docs/cli.md, \"Options every command takes\", lacks {missing:?}"
    );
}

#[test]
fn every_command_heading_of_docs_cli_names_a_command() {
    let cli = page("docs/cli.md");
    let mut all = Vec::new();
    commands(&tree(), "", &mut all);
    let known: Vec<&str> = all.iter().map(|(p, _)| p.as_str()).collect();
    let mut unknown = Vec::new();
    for (_, title) in headings(&cli) {
        let Some(rest) = title.split("`fleetcheck ").nth(1) else {
            continue;
        };
        let path = rest.split('`').next().unwrap_or_default();
        if !known.contains(&path) {
            unknown.push(path.to_string());
        }
    }
    assert!(
        unknown.is_empty(),
        "docs/cli.md has headings for commands the program does not have: {unknown:?}"
    );
}
