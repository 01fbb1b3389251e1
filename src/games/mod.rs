//! The other rule sets of the source documents, one folder each.
