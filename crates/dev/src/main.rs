//! The `fleetcheck-dev` binary: the maintainer's tools (see the crate's docs).

fn main() {
    let code = fleetcheck_dev::run(
        std::env::args_os(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code);
}
