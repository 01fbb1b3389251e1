//! The `fleetcheck` binary: parse the command line, run, exit with the code.

/// mimalloc 2 in place of the system's allocator (glibc's malloc, whose
/// malloc and free took three tenths of `options`' instructions): 13 to
/// 27% fewer instructions for everything but the shortest runs, 2% fewer
/// for one check, at the same peak memory; a run that does little (`card`)
/// pays about 100,000 instructions more, mimalloc reading its settings
/// from the environment at start (docs/performance.md, "The allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let code = fleetcheck::cli::main();
    std::process::exit(code);
}
