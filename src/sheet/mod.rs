//! The printable fleet build sheet (HTML with print CSS).
