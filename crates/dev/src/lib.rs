//! `fleetcheck-dev`: the maintainer's tools, kept out of the binary users
//! install (in the manner of ruff's `ruff_dev`).
//!
//! - [`import`]: the Utopia importer, raw card data (JSON) to the project's
//!   database (`data/staw`, TOML): `cargo run -p fleetcheck-dev --
//!   import-utopia ../shared/reference/staw-utopia`.
//! - `unmodeled --from RAW`: `fleetcheck data check --unmodeled` with each
//!   rule's phrases quoted from the raw data, read at run time.
//! - [`spacedock`]: the derivation of the Space Dock id mapping
//!   (`data/interop/spacedock.toml`) from Space Dock's `Data.xml`.
//!
//! - [`codes`]: the diagnostic code tables of docs/diagnostics.md,
//!   generated from the registries: `cargo run -p fleetcheck-dev --
//!   docs-codes` rewrites them.
//!
//! The command line is [`run`]; `src/main.rs` only calls it.

mod cli;
pub mod codes;
pub mod import;
pub mod spacedock;

pub use cli::run;
