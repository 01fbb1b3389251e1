//! The second tier: tests that read the real reference data of `../shared`
//! beside the project (the raw Utopia card data, Space Dock's `Data.xml`,
//! the interop samples, the golden corpus). Compiled and run only by
//! `cargo test --features reference`; without `../shared` every one of them
//! fails, naming what it looked for. The first tier (plain `cargo test`)
//! needs nothing but the clone.

use std::path::PathBuf;

mod engine;
mod golden;
mod import;
mod interop;

/// The project's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `rel` under `../shared`: panics with a clear message when `../shared` or
/// that path is missing, so that a reference test never passes by reading
/// nothing.
pub fn shared(rel: &str) -> PathBuf {
    let base = root().join("../shared");
    assert!(
        base.is_dir(),
        "the reference tier (`cargo test --features reference`) reads the reference data in \
         ../shared beside the project, but {} is not a directory: put it there, or run the \
         first tier, plain `cargo test`, which needs nothing but the clone",
        base.display()
    );
    let path = base.join(rel);
    assert!(
        path.exists(),
        "the reference tier needs ../shared/{rel}, but {} does not exist",
        path.display()
    );
    path
}

/// Reads a file of `../shared` (see `shared`).
pub fn read_shared(rel: &str) -> String {
    let path = shared(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
