//! The one integration test binary. One module per area.
mod architecture;
mod builder;
mod cli;
mod engine;
mod games;
mod golden;
mod hardening;
mod import;
mod interop;
mod props;
mod readers;
mod readme;
mod reliability;
mod report;
mod sheet;
mod sideboard;
mod support;
