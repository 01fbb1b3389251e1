//! The files and documents fleetcheck reads and writes, against their
//! pages: docs/json.md has every key of every object of `fleetcheck
//! schema`, each in that object's section; docs/event-file.md every key the
//! event file reader takes, and an example `fleetcheck event` accepts;
//! docs/fleet-file.md every key of a STAW fleet file.

use super::{names, page, root, section};
use serde_json::Value;

/// The properties of a schema object, and for an enum (`oneOf` of
/// constants) its values.
fn keys_of(object: &Value) -> Vec<String> {
    let mut out: Vec<String> = object
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default();
    for variant in object
        .get("oneOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        for v in variant
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            out.extend(v.as_str().map(String::from));
        }
    }
    out
}

#[test]
fn docs_json_names_every_key_of_the_schema_in_its_objects_section() {
    let json = page("docs/json.md");
    let schema: Value =
        serde_json::from_str(&fleetcheck_report::json::generate_schema()).expect("schema");
    let mut objects = vec![(
        schema["title"].as_str().expect("a title").to_string(),
        schema.clone(),
    )];
    for (name, def) in schema["definitions"].as_object().expect("definitions") {
        objects.push((name.clone(), def.clone()));
    }
    let mut problems = Vec::new();
    for (name, object) in &objects {
        let title = format!("`{name}`");
        let Some(text) = section(&json, |h| h.contains(&title)) else {
            problems.push(format!("no heading names {title}"));
            continue;
        };
        for key in keys_of(object) {
            if !text.contains(&format!("`{key}`")) {
                problems.push(format!("{title}: `{key}` is not in its section"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "docs/json.md is not `fleetcheck schema`:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn docs_event_file_names_every_key_the_reader_takes() {
    use fleetcheck_staw::event::{COST_KEYS, EVENT_KEYS, RESTRICT_KEYS};
    let text = page("docs/event-file.md");
    let keys = section(&text, |h| h == "Keys").expect("docs/event-file.md: a section \"Keys\"");
    let missing: Vec<&str> = EVENT_KEYS
        .iter()
        .chain(RESTRICT_KEYS)
        .chain(COST_KEYS)
        .copied()
        .filter(|k| !names(keys, k))
        .collect();
    assert!(
        missing.is_empty(),
        "keys missing from docs/event-file.md, \"Keys\": {missing:?}"
    );
}

/// The first TOML block of the page, the example event file, is one
/// `fleetcheck event` reads without a problem.
#[test]
fn docs_event_file_example_is_an_event_file_fleetcheck_accepts() {
    let text = page("docs/event-file.md");
    let start = text.find("```toml\n").expect("a TOML example") + "```toml\n".len();
    let example = &text[start..start + text[start..].find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("event.toml"), example).unwrap();
    let lists = root().join("fleets/events/regional-2025/lists");
    let r = crate::support::run(
        dir.path(),
        &["event", "event.toml", lists.to_str().unwrap()],
    );
    assert!(
        r.code != 2 && r.stderr.is_empty(),
        "the example of docs/event-file.md is refused (exit {}):\n{}",
        r.code,
        r.stderr
    );
    assert!(r
        .stdout
        .starts_with("Regional 2025 (format standard, date 2025-06-01, 100 SP)"));
}

#[test]
fn docs_fleet_file_names_every_key() {
    use fleetcheck_staw::fleet::read::{REF_KEYS, SHIP_KEYS, SIDEBOARD_SECTIONS, TOP_KEYS};
    let text = page("docs/fleet-file.md");
    let missing: Vec<&str> = TOP_KEYS
        .iter()
        .chain(SHIP_KEYS)
        .chain(REF_KEYS)
        .chain(SIDEBOARD_SECTIONS)
        .copied()
        .filter(|k| !names(&text, k))
        .collect();
    assert!(
        missing.is_empty(),
        "keys missing from docs/fleet-file.md: {missing:?}"
    );
}
