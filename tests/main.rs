//! The one integration test binary. One module per area.
mod cli;
mod report;
mod games;
mod golden;
mod import;
mod engine;
mod builder;
mod readme;
mod sideboard;
mod interop;
mod sheet;
mod hardening;
mod props;
