//! Editing and interop: the layer that writes fleet files. `builder`
//! creates and edits them in place (`new`, `add`, `remove`, `options`);
//! `interop` reads and writes the other builders' formats (Utopia, Space
//! Dock, text). Both check through `staw::analyse`, the one pipeline.

pub mod builder;
pub mod interop;
