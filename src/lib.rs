//! fleetcheck's command line (`src/cli/`), a library so that the integration
//! tests call it in process; the binary (`src/main.rs`) only runs
//! [`cli::main`]. The engine and everything below the CLI are the member
//! crates under `crates/` (`ARCHITECTURE.md` is the map).

pub mod cli;
