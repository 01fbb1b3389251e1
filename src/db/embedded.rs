//! The databases embedded at build time (see `build.rs`). The one place that
//! knows how the data reaches the binary: swap the representation here
//! without touching the rest.

include!(concat!(env!("OUT_DIR"), "/embedded_data.rs"));

/// The embedded files under `data/<game>/`, as (path relative to that
/// folder, contents).
pub fn files(game: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    FILES.iter().filter_map(move |(path, text)| {
        path.strip_prefix(game)
            .and_then(|p| p.strip_prefix('/'))
            .map(|p| (p, *text))
    })
}
