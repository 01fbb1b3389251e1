//! Reading and writing the user's files safely: reading (`read`: a regular
//! file, bounded, decoded), writing atomically without ever losing the
//! user's work (`write`), and the temporary files of a write (`temp`).
//!
//! Writing the user's files without ever losing their work: every write is
//! atomic (a temporary file in the same directory, made by the `tempfile`
//! crate, flushed to disk, then renamed over the target, so a reader or a
//! crash sees the old file or the new one, never half of each) and refuses
//! to overwrite a file that changed on disk since it was read (an editor
//! saved it meanwhile, another run edited it).
//!
//! The one helper every command that edits a file calls:
//!
//! ```no_run
//! use fleetcheck_input::fs::{self, Guard};
//! # fn main() -> Result<(), fleetcheck_input::fs::WriteError> {
//! let path = std::path::Path::new("fleet.toml");
//! let (text, original) = fs::read_to_string(path)?;
//! let edited = text.replace("Khan", "Khan Singh");
//! fs::write(path, edited.as_bytes(), Guard::Unchanged(&original))?;
//! # Ok(()) }
//! ```

mod form;
mod identity;
mod read;
mod temp;
mod write;

pub use form::Form;
pub use identity::same_file;
pub use read::{
    decode, io_reason, over_limit, read_named, read_stream, read_text, read_text_for_edit,
    Unreadable, MAX_FILE_BYTES,
};
pub use write::{read, read_to_string, write, Guard, Original, WriteError};

#[cfg(test)]
mod tests;
