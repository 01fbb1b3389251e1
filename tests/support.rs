//! What the test modules share: running the built binary as a user would.

use assert_cmd::Command;
use std::path::Path;

/// "Today" for every run of the binary, so that dated rules stay fixed.
pub const TODAY: &str = "2025-06-01";

/// The binary, run in `dir` with a fixed today and colour left to its own
/// choice (off, as stdout is no terminal).
pub fn fleetcheck(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("fleetcheck").unwrap();
    c.current_dir(dir)
        .env("FLEETCHECK_TODAY", TODAY)
        .env_remove("NO_COLOR");
    c
}

/// One finished run: its exit code and output.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary in `dir` with `args`.
pub fn run(dir: &Path, args: &[&str]) -> Run {
    let out = fleetcheck(dir).args(args).output().unwrap();
    Run {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}
