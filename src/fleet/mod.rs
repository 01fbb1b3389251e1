//! The fleet file (`shared/spec/fleet-file.md`): reading it with spans on
//! every user value, and resolving its card references against the database.
