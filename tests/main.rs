//! The one integration test binary. One module per area.
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
mod report;
mod rules13;
mod sheet;
mod sideboard;
mod support;
