//! What the fuzz target `event` shares with the first-tier test that
//! replays its corpus (`tests/hardening.rs`): an input as an event file,
//! read and run as `fleetcheck event` reads and runs it, and the
//! assertion. Included by path (`#[path = ...] mod event;`) from both
//! places, so that the test asserts exactly what the fuzz target does.
//!
//! The input is the event file's bytes: the reader's checks (size,
//! encoding, emptiness: `input::fs::decode`), then the event reader
//! (`cli::event::event_of`, the spanned `staw::event::read`). A refused
//! file's report is drawn as a refusal is (the table, the JSON error
//! document). An event read checks the example lists of `fleets/events/`
//! (`cli::event::check_list` with `cli::event::list_options`), makes the
//! roster (`cli::event::roster_of`) and draws it in every output of
//! `fleetcheck event -o` (`cli::event::render`) and as the `--sheets`
//! HTML. A crash is a panic, and any JSON output that does not parse.

use fleetcheck::cli::check::unreadable_of;
use fleetcheck::cli::event::{check_list, event_of, list_options, render, roster_of, EVENT_NEEDS};
use fleetcheck::cli::refusal::Refusal;
use fleetcheck::cli::Output;
use fleetcheck_data::Database;
use fleetcheck_input::diag::Source;
use fleetcheck_report::model::ErrorReport;
use fleetcheck_report::{json, sheet, table, RenderOptions};
use std::sync::OnceLock;

fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| Database::embedded().expect("the embedded database loads"))
}

/// The lists every event is run over: the example lists of both events of
/// `fleets/events/` (legal and illegal ones, two of one player, one
/// without a player, one of a single ship...).
const LISTS: &[(&str, &str)] = &[
    (
        "house-rules/lists/ann.toml",
        include_str!("../../../fleets/events/house-rules/lists/ann.toml"),
    ),
    (
        "house-rules/lists/armada.toml",
        include_str!("../../../fleets/events/house-rules/lists/armada.toml"),
    ),
    (
        "house-rules/lists/flagship.toml",
        include_str!("../../../fleets/events/house-rules/lists/flagship.toml"),
    ),
    (
        "house-rules/lists/penalty.toml",
        include_str!("../../../fleets/events/house-rules/lists/penalty.toml"),
    ),
    (
        "house-rules/lists/solo.toml",
        include_str!("../../../fleets/events/house-rules/lists/solo.toml"),
    ),
    (
        "house-rules/lists/starter.toml",
        include_str!("../../../fleets/events/house-rules/lists/starter.toml"),
    ),
    (
        "house-rules/lists/twice.toml",
        include_str!("../../../fleets/events/house-rules/lists/twice.toml"),
    ),
    (
        "regional-2025/lists/jane.toml",
        include_str!("../../../fleets/events/regional-2025/lists/jane.toml"),
    ),
    (
        "regional-2025/lists/worf.toml",
        include_str!("../../../fleets/events/regional-2025/lists/worf.toml"),
    ),
];

/// Every output of `fleetcheck event -o`.
const OUTPUTS: [Output; 5] = [
    Output::Table,
    Output::Json,
    Output::Github,
    Output::Markdown,
    Output::Csv,
];

/// Fails to compile when `Output` gains a mode that `OUTPUTS` lacks.
fn _every_output_is_in_outputs(o: Output) {
    match o {
        Output::Table | Output::Json | Output::Github | Output::Markdown | Output::Csv => {}
    }
}

/// The table's forms: coloured or not, wrapped to a narrow or a common
/// width (columns left out) or not wrapped.
const TABLES: [RenderOptions; 3] = [
    RenderOptions {
        color: true,
        width: Some(20),
    },
    RenderOptions {
        color: false,
        width: Some(80),
    },
    RenderOptions {
        color: false,
        width: None,
    },
];

/// Reads the input as an event file and runs the event over the example
/// lists, drawing everything; panics (a crash of the fuzz target, a
/// failure of the replay) where `fleetcheck event` would go wrong.
pub fn run(data: &[u8]) {
    let db = db();
    let read = match fleetcheck_input::fs::decode("event.toml", "event.toml", data.to_vec()) {
        Ok(source) => event_of(db, source),
        Err(u) => Err(Refusal::file(*unreadable_of(*u, EVENT_NEEDS))),
    };
    let event = match read {
        Ok(event) => event,
        Err(refusal) => return refused(&refusal),
    };
    let opts = list_options(&event, "2026-01-01".to_string(), None)
        .expect("the date the event reader accepts is a date");
    let lists = LISTS
        .iter()
        .map(|(path, text)| {
            let source = Source {
                path: path.to_string(),
                text: text.to_string(),
            };
            check_list(db, &event, source, &opts)
        })
        .collect();
    let (report, files) = roster_of(db, &event, lists, None);
    for f in &files {
        assert!((0..=2).contains(&f.exit_code()), "{}", f.report.file);
    }
    for output in OUTPUTS {
        // The table in each of its forms; the other outputs have one.
        let forms = if output == Output::Table {
            &TABLES[..]
        } else {
            &TABLES[2..]
        };
        for ropts in forms {
            let mut out = Vec::new();
            render(&mut out, output, &report, &files, ropts).expect("writing to memory");
            if output == Output::Json {
                serde_json::from_slice::<serde_json::Value>(&out).expect("the roster is JSON");
            }
        }
    }
    let fields = sheet::Fields {
        player: None,
        event: Some(event.name.clone()),
        date: Some(event.date.clone()),
        paper: sheet::Paper::A4,
    };
    sheet::render_many(db, &report, &files, &fields);
}

/// A refused event file, drawn as `refusal::exit` draws it: its report as
/// the table, and the JSON error document.
fn refused(refusal: &Refusal) {
    let file = refusal
        .file
        .as_deref()
        .expect("the refusal of a file has its report");
    assert_eq!(
        file.exit_code(),
        2,
        "a refused event file is an input error"
    );
    for ropts in &TABLES {
        table::render(&mut Vec::new(), file, ropts).expect("writing to memory");
    }
    let mut out = Vec::new();
    let error = ErrorReport {
        message: refusal.message.clone(),
        help: refusal.help.clone(),
    };
    json::render_error(&mut out, "event", error, Some(file)).expect("writing to memory");
    serde_json::from_slice::<serde_json::Value>(&out).expect("the error document is JSON");
}
