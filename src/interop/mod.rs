//! Interop with the other fleet builders: Utopia links, Space Dock squad
//! files, and the plain text list players post.
