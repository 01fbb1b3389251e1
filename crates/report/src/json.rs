//! The JSON report (`--output json`): one pretty-printed document per run,
//! `{"schema_version": 1, "fleetcheck": <version>, "command": ..., "fleets":
//! [...], "summary": {...}}` (the one envelope, [`Report`], of every
//! command that prints JSON), and its JSON Schema.
//!
//! The schema is generated from the wire types of [`super::model`] and
//! committed as `crates/report/src/report.schema.json`; a test keeps the two equal
//! (`UPDATE_SCHEMA=1 cargo test` rewrites the file after a deliberate change
//! of the wire types).

use super::model::{ErrorReport, Report, SkippedFile, Summary, TogetherReport};
use super::Checked;
use std::io::{self, Write};

/// The committed JSON Schema of the report.
pub const SCHEMA: &str = include_str!("report.schema.json");

/// The report of these checked files, written by `command`.
pub fn report(command: &str, files: &[Checked]) -> Report {
    Report {
        fleets: Some(files.iter().map(Checked::finish).collect()),
        summary: Some(summary(files)),
        ..Report::new(command)
    }
}

/// The counts of these files.
pub fn summary(files: &[Checked]) -> Summary {
    Summary::of(files.iter().map(Checked::status))
}

/// Writes the report of these files as one JSON document.
pub fn render_all(w: &mut dyn Write, command: &str, files: &[Checked]) -> io::Result<()> {
    write_value(w, &report(command, files))
}

/// Writes one document of `command` with `set` filling in its payload.
pub fn render_with(
    w: &mut dyn Write,
    command: &str,
    set: impl FnOnce(&mut Report),
) -> io::Result<()> {
    let mut r = Report::new(command);
    set(&mut r);
    write_value(w, &r)
}

/// Writes the document of a refusal of `command`: the error, and the
/// report of the file it is about when there is one.
pub fn render_error(
    w: &mut dyn Write,
    command: &str,
    error: ErrorReport,
    file: Option<&Checked>,
) -> io::Result<()> {
    let mut r = match file {
        Some(f) => report(command, std::slice::from_ref(f)),
        None => Report::new(command),
    };
    r.error = Some(error);
    write_value(w, &r)
}

/// The document [`render_all`] writes, in pieces, so that `check DIR`
/// can render each fleet on any core and write them in order: [`start`],
/// then for the n-th fleet [`separator`] and its [`fleet`], then [`end`].
/// Byte for byte the same document (JSON strings hold no raw line breaks,
/// so a fleet pretty-printed alone is the same text indented).
pub fn start(w: &mut dyn Write, command: &str) -> io::Result<()> {
    let version = serde_json::to_string(env!("CARGO_PKG_VERSION"))?;
    let command = serde_json::to_string(command)?;
    write!(
        w,
        "{{\n  \"schema_version\": {},\n  \"fleetcheck\": {version},\n  \"command\": {command},\n  \"fleets\": [",
        super::model::SCHEMA_VERSION
    )
}

/// What comes before the `n`-th fleet (from 0).
pub fn separator(n: usize) -> &'static str {
    if n == 0 {
        "\n"
    } else {
        ",\n"
    }
}

/// One fleet of the document, indented for its place in `fleets`.
pub fn fleet(w: &mut Vec<u8>, checked: &Checked) -> io::Result<()> {
    let mut text = Vec::with_capacity(2048);
    serde_json::to_writer_pretty(&mut text, &checked.finish())?;
    w.reserve(text.len() + text.len() / 4);
    // Line by line (each copied whole), every line indented.
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            w.push(b'\n');
        }
        w.extend_from_slice(b"    ");
        w.extend_from_slice(line);
    }
    Ok(())
}

/// The end of a document of `summary.files` fleets, with the files of the
/// walk that were `skipped` (the key left out when none) and, for several
/// fleets checked with a collection, whether they can be built `together`.
pub fn end(
    w: &mut dyn Write,
    summary: &Summary,
    skipped: &[SkippedFile],
    together: Option<&TogetherReport>,
) -> io::Result<()> {
    let s = serde_json::to_string_pretty(summary)?.replace('\n', "\n  ");
    if summary.files == 0 {
        write!(w, "]")?;
    } else {
        write!(w, "\n  ]")?;
    }
    if !skipped.is_empty() {
        let k = serde_json::to_string_pretty(skipped)?.replace('\n', "\n  ");
        write!(w, ",\n  \"skipped\": {k}")?;
    }
    write!(w, ",\n  \"summary\": {s}")?;
    if let Some(t) = together {
        let t = serde_json::to_string_pretty(t)?.replace('\n', "\n  ");
        write!(w, ",\n  \"together\": {t}")?;
    }
    writeln!(w, "\n}}")
}

/// Writes any serialisable value pretty-printed, with a final newline.
pub(crate) fn write_value<T: serde::Serialize + ?Sized>(
    w: &mut dyn Write,
    value: &T,
) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *w, value)?;
    writeln!(w)
}

/// The JSON Schema of [`Report`], generated from the wire types, as the
/// text committed in `report.schema.json`.
pub fn generate_schema() -> String {
    let schema = schemars::schema_for!(Report);
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema always serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use fleetcheck_data::Database;
    use std::path::Path;

    /// The document in pieces is the document whole: no fleet, one, many.
    #[test]
    fn pieces_make_the_document() {
        let db = Database::embedded().unwrap();
        let opts = fleetcheck_staw::CheckOptions {
            today: "2026-11-29".into(),
            ..Default::default()
        };
        let check = |p: &Path| match fleetcheck_input::fs::read_text(p) {
            Ok(source) => crate::staw::check(&db, source, &opts),
            Err(u) => Checked::input_error(&u.path, "staw", u.source, u.diag),
        };
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fleets");
        let mut files: Vec<Checked> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| check(&e.unwrap().path()))
            .collect();
        files.push(check(Path::new("no-such.toml")));
        for n in [0, 1, files.len()] {
            // The document written piece by piece, as `check` streams it.
            let streamed = |skipped: &[SkippedFile], together: Option<&TogetherReport>| {
                let mut pieces = Vec::new();
                start(&mut pieces, "check").unwrap();
                for (i, f) in files[..n].iter().enumerate() {
                    pieces.extend_from_slice(separator(i).as_bytes());
                    fleet(&mut pieces, f).unwrap();
                }
                end(&mut pieces, &summary(&files[..n]), skipped, together).unwrap();
                String::from_utf8(pieces)
            };
            let mut whole = Vec::new();
            render_all(&mut whole, "check", &files[..n]).unwrap();
            assert_eq!(streamed(&[], None), String::from_utf8(whole));
            // With skipped files: the document of the same Report.
            let skipped = vec![SkippedFile {
                file: "lists/notes.txt".into(),
                reason: "not a *.toml fleet file".into(),
            }];
            let mut whole = Vec::new();
            write_value(
                &mut whole,
                &Report {
                    skipped: skipped.clone(),
                    ..report("check", &files[..n])
                },
            )
            .unwrap();
            assert_eq!(streamed(&skipped, None), String::from_utf8(whole));
            // With several fleets judged together: the document of the
            // same Report.
            let together = TogetherReport {
                file: "shelf.toml".into(),
                fleets: n,
                left_out: 0,
                fits: false,
                short: vec![crate::model::ShortCard {
                    id: "W122".into(),
                    name: "Photon Torpedoes".into(),
                    needed: 2,
                    owned: 1,
                    short: 1,
                }],
            };
            let mut whole = Vec::new();
            write_value(
                &mut whole,
                &Report {
                    skipped: skipped.clone(),
                    together: Some(together.clone()),
                    ..report("check", &files[..n])
                },
            )
            .unwrap();
            assert_eq!(
                streamed(&skipped, Some(&together)),
                String::from_utf8(whole)
            );
        }
    }
}
