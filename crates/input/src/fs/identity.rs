//! Whether two names lead to one file: the same canonical path (whatever
//! the spelling or symbolic links), or two hard links of one file. A
//! writer refuses to write over an input of its own run with it.

use std::path::Path;

/// Whether `a` and `b` name one existing file (through symbolic links,
/// or as two hard links of it). A name that does not exist is no file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b || same_inode(&a, &b),
        _ => false,
    }
}

#[cfg(unix)]
fn same_inode(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_inode(_: &Path, _: &Path) -> bool {
    false
}
