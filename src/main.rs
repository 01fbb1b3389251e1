//! The `fleetcheck` binary: parse the command line, run, exit with the code.

fn main() {
    let code = fleetcheck::cli::main();
    std::process::exit(code);
}
