//! The bottom layer: what every other layer reads files and reports
//! findings with. Nothing here knows a game.
//!
//! - `fs`: reading a file safely (a regular file, bounded size, decoded
//!   text) and writing one atomically;
//! - `lock`: an advisory lock on a file for a whole read-edit-write;
//! - `diag`: the one finding type (`Diagnostic`), its severity and the
//!   source text its spans point into;
//! - `tree`: a TOML text as a tree of spanned values, every problem at once;
//! - `suggest`: the one "did you mean".

pub mod diag;
pub mod fs;
pub mod lock;
pub mod suggest;
pub mod tree;
