//! The renderers in process: table, price, JSON and GitHub output of
//! hand-built `Checked` values (independent of the engine), the committed
//! JSON Schema, the JSON report's shape, and card rules in words.

use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, InputCode, Severity, Source};
use fleetcheck_report::model::{
    CardRef, CardReport, FleetReport, Modifier, ResourceReport, ShipReport, SideboardCard,
    SideboardReport,
};
use fleetcheck_report::{card, github, json, price, table, Checked, RenderOptions};
use fleetcheck_staw::Code;
use serde_json::Value;
use std::path::Path;

fleetcheck_input::diag::codes! {
    /// Codes of no registry of fleetcheck's, for the renderers' tests.
    enum OtherCode: Rule in "test" {
        Unusual = ("unusual", Warning, "a code the renderers do not know"),
        Injecting = ("co:de,x", Error, "a code with the characters of a workflow command"),
    }
}

const PLAIN: RenderOptions = RenderOptions {
    color: false,
    width: None,
};

fn render(f: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) -> String {
    let mut out = Vec::new();
    f(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// The byte range of the `n`th occurrence of `needle` in `text`.
fn span_of(text: &str, needle: &str) -> std::ops::Range<usize> {
    let start = text.find(needle).expect("needle in text");
    start..start + needle.len()
}

fn m(kind: &str, amount: i32, source: &str) -> Modifier {
    Modifier::new(kind, amount, source)
}

fn card(
    id: &str,
    name: &str,
    kind: &str,
    slot: Option<&str>,
    base: i32,
    mods: Vec<Modifier>,
) -> CardReport {
    let cost = base + mods.iter().map(|m| m.amount).sum::<i32>();
    CardReport {
        id: id.into(),
        name: name.into(),
        kind: kind.into(),
        slot: slot.map(Into::into),
        base,
        modifiers: mods,
        cost,
    }
}

const FLEET: &str = r#"name = "Defiant and friends"
resource = "Reinforcements Sideboard"

[[ship]]
ship = "U.S.S. Defiant"
captain = "Benjamin Sisko"
upgrades = ["Cloaking Device", "Worf"]

[[ship]]
ship = "Koranak"
captain = { id = "Cap721" }
upgrades = [{ name = "Cloaking Device", faction = "federation" }]

[sideboard]
tech = { id = "T240" }
crew = "Worf"
"#;

/// A two-ship illegal fleet with every kind of row and three diagnostics.
fn illegal_fleet() -> Checked {
    let source = Source {
        path: "fleets/defiant.toml".into(),
        text: FLEET.into(),
    };
    let ships = vec![
        ShipReport {
            ship: CardRef {
                id: "S180".into(),
                name: "U.S.S. Defiant".into(),
            },
            cost: 24,
            modifiers: vec![],
            total: 36,
            cards: vec![
                card("Cap639", "Benjamin Sisko", "captain", None, 4, vec![]),
                card(
                    "T240",
                    "Cloaking Device",
                    "upgrade",
                    Some("tech"),
                    4,
                    vec![],
                ),
                card(
                    "C012",
                    "Worf",
                    "upgrade",
                    Some("crew"),
                    3,
                    vec![m(
                        "faction-penalty",
                        1,
                        "Worf is klingon, U.S.S. Defiant is federation",
                    )],
                ),
            ],
        },
        ShipReport {
            ship: CardRef {
                id: "S123".into(),
                name: "Koranak".into(),
            },
            cost: 26,
            modifiers: vec![],
            total: 46,
            cards: vec![
                card(
                    "Cap721",
                    "Gul Dukat",
                    "captain",
                    None,
                    5,
                    vec![m(
                        "faction-penalty",
                        1,
                        "Gul Dukat is cardassian, Koranak is dominion",
                    )],
                ),
                card(
                    "T240",
                    "Cloaking Device",
                    "upgrade",
                    Some("tech"),
                    4,
                    vec![
                        m(
                            "ship-penalty",
                            5,
                            "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant",
                        ),
                        m(
                            "faction-penalty",
                            1,
                            "Cloaking Device is federation, Koranak is dominion",
                        ),
                    ],
                ),
            ],
        },
    ];
    let report = FleetReport {
        file: source.path.clone(),
        name: Some("Defiant and friends".into()),
        game: "staw".into(),
        format: Some("standard".into()),
        as_of: Some("2025-01-01".into()),
        total: Some(92),
        cap: Some(100),
        ships,
        resource: Some(ResourceReport {
            id: "R003".into(),
            name: "Reinforcements Sideboard".into(),
            cost: 10,
            modifiers: vec![],
        }),
        sideboard: Some(SideboardReport {
            total: 12,
            cap: 20,
            cards: vec![
                SideboardCard {
                    section: "tech".into(),
                    card: card(
                        "T240",
                        "Cloaking Device",
                        "upgrade",
                        Some("tech"),
                        4,
                        vec![m(
                            "ship-penalty",
                            5,
                            "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant",
                        )],
                    ),
                },
                SideboardCard {
                    section: "crew".into(),
                    card: card("C012", "Worf", "upgrade", Some("crew"), 3, vec![]),
                },
            ],
        }),
        ..FleetReport::default()
    };
    let worf_ship = span_of(FLEET, "\"Worf\"");
    let worf_sb = {
        let at = FLEET.rfind("\"Worf\"").unwrap();
        at..at + 6
    };
    let diagnostics = vec![
        Diagnostic::new(
            Code::Unique,
            "Worf (C012) is unique and appears twice: on ship 1 (U.S.S. Defiant) and on the sideboard",
        )
        .with_span(Some(worf_sb))
        .with_help("first used here: line 7"),
        Diagnostic::new(
            Code::Unique,
            "Cloaking Device (T240) appears on ship 2 and on the sideboard",
        )
        .with_span(Some(span_of(FLEET, "{ id = \"T240\" }"))),
        // A code of no registry of fleetcheck's: the renderers show any
        // code as it is.
        Diagnostic {
            code: OtherCode::Unusual.code(),
            severity: Severity::Warning,
            ..Diagnostic::new(Code::Unique, "Worf costs more on a Federation ship")
        }
        .with_span(Some(worf_ship)),
    ];
    Checked {
        source: Some(source),
        report,
        diagnostics,
        text: None,
        tally: None,
    }
}

fn legal_sandbox() -> Checked {
    let text = "format = \"sandbox\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\n";
    Checked {
        source: Some(Source {
            path: "fleets/sandbox.toml".into(),
            text: text.into(),
        }),
        report: FleetReport {
            file: "fleets/sandbox.toml".into(),
            game: "staw".into(),
            format: Some("sandbox".into()),
            as_of: Some("2025-01-01".into()),
            not_tournament_legal: true,
            total: Some(31),
            cap: None,
            additional_points: Some(7),
            ships: vec![ShipReport {
                ship: CardRef {
                    id: "S180".into(),
                    name: "U.S.S. Defiant".into(),
                },
                cost: 24,
                modifiers: vec![],
                total: 24,
                cards: vec![],
            }],
            ..FleetReport::default()
        },
        diagnostics: vec![],
        text: None,
        tally: None,
    }
}

fn parse_error() -> Checked {
    let text = "name = \"broken\n[[ship]]\n";
    let source = Source {
        path: "fleets/broken.toml".into(),
        text: text.into(),
    };
    Checked::input_error(
        "fleets/broken.toml",
        "staw",
        Some(source),
        Diagnostic::new(InputCode::Parse, "invalid basic string, expected `\"`")
            .with_span(Some(14..15)),
    )
}

fn other_game() -> Checked {
    Checked {
        source: Some(Source {
            path: "fleets/xwing.toml".into(),
            text: "game = \"xwing\"\n".into(),
        }),
        report: FleetReport {
            file: "fleets/xwing.toml".into(),
            game: "xwing".into(),
            details: Some(serde_json::json!({ "faceup": 2 })),
            ..FleetReport::default()
        },
        diagnostics: vec![],
        text: Some("damage deck: 33 cards, 2 face up".into()),
        tally: None,
    }
}

fn all() -> Vec<Checked> {
    vec![
        illegal_fleet(),
        legal_sandbox(),
        parse_error(),
        other_game(),
    ]
}

#[test]
fn table_of_an_illegal_fleet() {
    let out = render(|w| table::render(w, &illegal_fleet(), &PLAIN));
    insta::assert_snapshot!(out);
}

#[test]
fn table_of_several_files_with_summary() {
    let out = render(|w| table::render_all(w, &all(), &PLAIN));
    insta::assert_snapshot!(out);
}

#[test]
fn table_wraps_to_a_fixed_width() {
    let opts = RenderOptions {
        color: false,
        width: Some(80),
    };
    let out = render(|w| table::render(w, &illegal_fleet(), &opts));
    for line in out.lines().filter(|l| l.starts_with(['│', '┌', '└', '╞'])) {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
    insta::assert_snapshot!(out);
}

#[test]
fn colour_only_when_asked() {
    let opts = RenderOptions {
        color: true,
        width: None,
    };
    let coloured = render(|w| table::render(w, &illegal_fleet(), &opts));
    assert!(coloured.contains("\x1b["));
    let plain = render(|w| table::render_all(w, &all(), &PLAIN));
    assert!(!plain.contains('\x1b'));
}

#[test]
fn price_breakdown() {
    let out = render(|w| price::render(w, &illegal_fleet(), &PLAIN));
    insta::assert_snapshot!(out);
}

#[test]
fn json_report() {
    let out = render(|w| json::render_all(w, "check", &all()));
    insta::assert_snapshot!(out);
}

#[test]
fn github_annotations() {
    let out = render(|w| github::render_all(w, &all()));
    insta::assert_snapshot!(out);
}

#[test]
fn modifiers_are_named_compactly() {
    let on = |m: Modifier| fleetcheck_report::modifier::modifier("Cloaking Device", "T240", &m);
    assert_eq!(
        on(m(
            "ship-penalty",
            5,
            "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant"
        )),
        "+5 ship penalty (unless on the U.S.S. Defiant)"
    );
    assert_eq!(
        on(m(
            "faction-penalty",
            1,
            "Cloaking Device is Federation, Koranak is Dominion"
        )),
        "+1 faction penalty (Cloaking Device is Federation, Koranak is Dominion)"
    );
    assert_eq!(
        on(m("discount", -1, "Kurn (C018)")),
        "-1 discount (Kurn (C018))"
    );
    assert_eq!(on(m("set-cost", 2, "")), "+2 set cost");
    // Another card's prefix stays.
    assert_eq!(
        on(m("ship-penalty", 5, "Worf (C012): +5 SP")),
        "+5 ship penalty (Worf (C012): +5 SP)"
    );
}

#[test]
fn github_escapes_data_and_properties() {
    assert_eq!(github::escape_data("100% a\r\nb"), "100%25 a%0D%0Ab");
    assert_eq!(
        github::escape_property("dir,x/a:b%.toml"),
        "dir%2Cx/a%3Ab%25.toml"
    );
    let mut c = parse_error();
    c.report.file = "odd,name:1.toml".into();
    c.diagnostics[0].message = "50% off\nnext".into();
    let out = render(|w| github::render(w, &c));
    assert_eq!(
        out.lines().next().unwrap(),
        "::error file=odd%2Cname%3A1.toml,line=1,col=15,title=parse%3A 50%25 off::50%25 off%0Anext"
    );
}

/// Spans that point past the end, are empty, or cover a line break are
/// drawn without panicking.
#[test]
fn awkward_spans_render() {
    let text = "a = 1\nb = \"é\"\n";
    let mk = |span: std::ops::Range<usize>| {
        Checked::input_error(
            "f.toml",
            "staw",
            Some(Source {
                path: "f.toml".into(),
                text: text.into(),
            }),
            Diagnostic::new(InputCode::Parse, "x").with_span(Some(span)),
        )
    };
    let mut out = String::new();
    // A reversed span (end before start) is drawn as one character.
    #[allow(clippy::reversed_empty_ranges)]
    let spans = [0..0, 5..6, 10..11, 13..13, 14..200, 200..300, 3..2];
    for span in spans {
        out.push_str(&format!("--- {span:?}\n"));
        out.push_str(&render(|w| table::diagnostics(w, &mk(span), &PLAIN)));
    }
    insta::assert_snapshot!(out);
}

fn schema_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/report/src/report.schema.json")
}

/// The committed schema is the one generated from the wire types. After a
/// deliberate change of `report/model.rs`, regenerate it with
/// `UPDATE_SCHEMA=1 cargo test` (never done when CI is set).
#[test]
fn committed_schema_is_current() {
    let generated = json::generate_schema();
    let path = schema_path();
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != generated
        && std::env::var_os("UPDATE_SCHEMA").is_some()
        && std::env::var_os("CI").is_none()
    {
        std::fs::write(&path, &generated).unwrap();
        return;
    }
    assert!(
        committed == generated,
        "{} is out of date: run `UPDATE_SCHEMA=1 cargo test` and commit it",
        path.display()
    );
    assert_eq!(json::SCHEMA, committed);
}

/// The committed schema, closed: every object that lists its properties
/// may hold no others (schemars allows extra keys by default; the report
/// never writes any, so they are flagged too).
fn closed_schema() -> Value {
    fn close(v: &mut Value) {
        match v {
            Value::Object(o) => {
                if o.contains_key("properties") && !o.contains_key("additionalProperties") {
                    o.insert("additionalProperties".into(), Value::Bool(false));
                }
                o.values_mut().for_each(close);
            }
            Value::Array(a) => a.iter_mut().for_each(close),
            _ => {}
        }
    }
    let mut schema: Value = serde_json::from_str(json::SCHEMA).unwrap();
    close(&mut schema);
    schema
}

/// Every violation of the (closed) committed schema, with its path, by the
/// `jsonschema` crate under the draft the schema declares (`$schema`).
fn schema_errors(report: &Value) -> Vec<String> {
    static VALIDATOR: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    let validator = VALIDATOR.get_or_init(|| {
        jsonschema::validator_for(&closed_schema()).expect("the committed schema compiles")
    });
    validator
        .iter_errors(report)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// Checks a JSON report against the committed schema and the keys the
/// command line reference (docs/cli.md) promises.
pub fn assert_report_shape(report: &Value) {
    let errs = schema_errors(report);
    assert!(errs.is_empty(), "report does not fit the schema: {errs:#?}");
    assert!(report["fleetcheck"].is_string());
    for f in report["fleets"].as_array().expect("fleets array") {
        for key in ["file", "game", "legal", "status", "diagnostics"] {
            assert!(f.get(key).is_some(), "fleet report without {key:?}: {f}");
        }
        for s in f["ships"].as_array().into_iter().flatten() {
            for key in ["ship", "total", "cards"] {
                assert!(s.get(key).is_some(), "ship without {key:?}");
            }
            assert!(s["ship"]["id"].is_string() && s["ship"]["name"].is_string());
            for c in s["cards"].as_array().unwrap() {
                for key in ["id", "name", "type", "base", "modifiers", "cost"] {
                    assert!(c.get(key).is_some(), "card without {key:?}: {c}");
                }
                for m in c["modifiers"].as_array().unwrap() {
                    for key in ["kind", "amount", "source"] {
                        assert!(m.get(key).is_some(), "modifier without {key:?}");
                    }
                }
            }
        }
        if let Some(sb) = f.get("sideboard") {
            for key in ["total", "cap", "cards"] {
                assert!(sb.get(key).is_some(), "sideboard without {key:?}");
            }
        }
        for d in f["diagnostics"].as_array().unwrap() {
            for key in ["code", "severity", "message"] {
                assert!(d.get(key).is_some(), "diagnostic without {key:?}");
            }
            let sev = d["severity"].as_str().unwrap();
            assert!(["error", "warning", "note"].contains(&sev), "{sev}");
        }
    }
}

#[test]
fn json_report_fits_schema_and_spec() {
    let out = render(|w| json::render_all(w, "check", &all()));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_report_shape(&v);
    // The spec's example values land where the spec puts them.
    let f = &v["fleets"][0];
    assert_eq!(f["legal"], false);
    assert_eq!(f["total"], 92);
    assert_eq!(f["cap"], 100);
    assert_eq!(
        f["ships"][1]["cards"][1]["modifiers"][0]["kind"],
        "ship-penalty"
    );
    assert_eq!(f["resource"]["cost"], 10);
    assert_eq!(f["sideboard"]["cards"][0]["section"], "tech");
    assert_eq!(f["sideboard"]["cards"][0]["cost"], 9);
    assert_eq!(f["diagnostics"][0]["line"], 16);
    assert_eq!(f["diagnostics"][0]["column"], 8);
    assert_eq!(v["fleets"][1]["not_tournament_legal"], true);
    assert_eq!(v["fleets"][1]["legal"], true);
}

#[test]
fn schema_validator_catches_wrong_shapes() {
    let out = render(|w| json::render_all(w, "check", &all()));
    let good: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(schema_errors(&good), Vec::<String>::new());
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        schema_errors(&v)
    };
    assert!(!broken(&|v| v["fleets"][0]["total"] = "92".into()).is_empty());
    assert!(!broken(&|v| {
        v["fleets"][0].as_object_mut().unwrap().remove("status");
    })
    .is_empty());
    assert!(!broken(&|v| v["fleets"][0]["status"] = "maybe".into()).is_empty());
    assert!(!broken(&|v| {
        v.as_object_mut().unwrap().remove("schema_version");
    })
    .is_empty());
    assert!(!broken(&|v| v["summary"]["files"] = (-1).into()).is_empty());
}

/// The schema check says where a report goes wrong, and how.
#[test]
fn schema_errors_name_the_place() {
    let out = render(|w| json::render_all(w, "check", &all()));
    let mut v: Value = serde_json::from_str(&out).unwrap();
    v["fleets"][0]["total"] = "92".into();
    v["fleets"][0]["ships"][0]["cards"][0]["extra"] = 1.into();
    v["fleets"][0]["diagnostics"][0]
        .as_object_mut()
        .unwrap()
        .remove("severity");
    let errs = schema_errors(&v);
    assert_eq!(errs.len(), 3, "{errs:#?}");
    assert!(
        errs.iter().any(|e| e.starts_with("/fleets/0/total: ")),
        "{errs:#?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.starts_with("/fleets/0/ships/0/cards/0: ") && e.contains("extra")),
        "{errs:#?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.starts_with("/fleets/0/diagnostics/0: ") && e.contains("severity")),
        "{errs:#?}"
    );
}

fn fixture_db() -> Database {
    Database::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cli/db"))
        .unwrap()
}

#[test]
fn card_rules_in_words() {
    let db = fixture_db();
    let t240 = db.by_id("T240").unwrap();
    assert_eq!(
        card::rules_text(&db, t240),
        ["+5 SP on any ship other than the U.S.S. Defiant"]
    );
    let t078 = db.by_id("T078").unwrap();
    assert_eq!(
        card::rules_text(&db, t078),
        [
            "May only be purchased for a Mirror Universe ship",
            "No ship may be equipped with more than one Cloaking Device",
        ]
    );
    let c999 = db.by_id("C999").unwrap();
    insta::assert_snapshot!(card::rules_text(&db, c999).join("\n"));
    let out = render(|w| card::render_card(w, &db, db.by_id("S180").unwrap()));
    insta::assert_snapshot!(out);
}

#[test]
fn condition_phrases() {
    use fleetcheck_data::model::{Condition, CostModifier};
    let db = fixture_db();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let cases = [
        (
            CostModifier {
                amount: 1,
                when: Some(Condition::CaptainFaction {
                    any: s(&["klingon"]),
                }),
                unless: None,
            },
            "+1 SP on a ship with a Klingon captain",
        ),
        (
            CostModifier {
                amount: 3,
                when: None,
                unless: Some(Condition::ShipFaction {
                    any: s(&["vulcan", "federation"]),
                }),
            },
            "+3 SP on any ship that is neither Vulcan nor Federation",
        ),
        (
            CostModifier {
                amount: 2,
                when: Some(Condition::ShipClass {
                    any: s(&["defiant_class", "unknown_class"]),
                }),
                unless: None,
            },
            "+2 SP on a Defiant Class ship or a ship of class unknown_class",
        ),
        (
            CostModifier {
                amount: 5,
                when: Some(Condition::CaptainSkillAtLeast { value: 6 }),
                unless: Some(Condition::ShipName {
                    any: s(&["U.S.S. Enterprise"]),
                }),
            },
            "+5 SP on a ship whose captain has a skill of 6 or more, unless it is the U.S.S. Enterprise",
        ),
        (
            CostModifier {
                amount: -1,
                when: Some(Condition::AnyOf {
                    any: vec![
                        Condition::HullAtMost { value: 3 },
                        Condition::ShipAction {
                            action: "cloak".into(),
                        },
                    ],
                }),
                unless: None,
            },
            "-1 SP on a ship with a hull of 3 or less or with the [cloak] action",
        ),
    ];
    for (m, want) in cases {
        assert_eq!(card::cost_modifier(&db, &m), want);
    }
    assert_eq!(card::faction_name("mirror-universe"), "Mirror Universe");
}

/// The example fleets of `fleets/` through the real engine and the
/// embedded database, rendered in process: table, then the JSON report.
#[test]
fn example_fleets() {
    let db = Database::embedded().unwrap();
    let opts = fleetcheck_staw::CheckOptions {
        today: "2025-06-01".into(),
        ..Default::default()
    };
    insta::glob!("../fleets", "*.toml", |path| {
        let rel = Path::new("fleets").join(path.file_name().unwrap());
        let checked = fleetcheck::cli::check::check_path(&db, &rel, &opts);
        let files = std::slice::from_ref(&checked);
        let table = render(|w| table::render(w, &checked, &PLAIN));
        let json = render(|w| json::render_all(w, "check", files));
        assert_report_shape(&serde_json::from_str(&json).unwrap());
        insta::assert_snapshot!(format!("{table}\n{json}"));
    });
}

/// Whether a line of `--output github` would be read by the Actions runner
/// as a workflow command other than our own annotations: one that starts
/// with `::` after blanks, or (a line that is no `::` command) holds `##[`
/// anywhere (the older syntax, tried only when the line is no `::`
/// command).
fn foreign_command(line: &str) -> bool {
    let ours = ["::error file=", "::warning file=", "::notice file="]
        .iter()
        .any(|p| line.starts_with(p));
    if ours {
        // One command: the first `::` after the properties ends them, and
        // escaped properties hold none.
        let props = &line[2..line[2..].find("::").unwrap() + 2];
        return props.contains('\n') || props.contains("::");
    }
    line.contains("##[") || line.trim_start().starts_with("::")
}

/// File names and messages cannot inject workflow commands: every field of
/// every command is escaped, and the summary lines too.
#[test]
fn github_fields_cannot_inject_commands() {
    let mut c = parse_error();
    c.report.file = "a\n::stop-commands::x.toml".into();
    c.diagnostics[0].message = "bad ##[add-mask]y 100%\r\n::set-output name=a::b".into();
    c.diagnostics[0].code = OtherCode::Injecting.code();
    c.diagnostics[0].help = vec!["one\n::error::injected".into()];
    let out = render(|w| github::render(w, &c));
    assert_eq!(
        out,
        "::error file=a%0A%3A%3Astop-commands%3A%3Ax.toml,line=1,col=15,title=co%3Ade%2Cx%3A bad ##[add-mask]y 100%25::bad ##[add-mask]y 100%25%0D%0A::set-output name=a::b%0Ahelp: one%0A::error::injected\n\
         a%0A::stop-commands::x.toml: ILLEGAL, 1 error\n"
    );
    for name in [
        "::error::x.toml",
        "  ::warning::x.toml",
        "##[add-mask]x.toml",
        "dir/##[error]y.toml",
    ] {
        c.report.file = name.into();
        let line = github::summary_line(&c);
        assert!(!foreign_command(&line), "{line}");
    }
    assert_eq!(github::escape_plain("::error::x.toml"), "%3A:error::x.toml");
    assert_eq!(github::escape_plain("a/##[x].toml"), "a/##%5Bx].toml");
    assert_eq!(
        github::escape_plain("fleets/x,y:z.toml"),
        "fleets/x,y:z.toml"
    );
}

/// The same through the binary, with files whose names hold a line break,
/// `%`, `:` and `,`.
#[cfg(unix)]
#[test]
fn github_output_of_files_with_hostile_names() {
    let dir = tempfile::tempdir().unwrap();
    let names = [
        "a\n::stop-commands::x.toml",
        "100%:b,c.toml",
        "##[add-mask]d.toml",
        "::error::e.toml",
    ];
    for n in names {
        std::fs::write(dir.path().join(n), "name = \n").unwrap();
    }
    let r = crate::support::run(
        dir.path(),
        &[
            "check", "-o", "github", names[0], names[1], names[2], names[3],
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // An annotation and a summary line per file, then the count line.
    assert_eq!(lines.len(), 9, "{}", r.stdout);
    for line in &lines {
        assert!(!foreign_command(line), "{line:?}");
    }
    assert!(
        lines[0].starts_with("::error file=a%0A%3A%3Astop-commands%3A%3Ax.toml,line=1,"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "a%0A::stop-commands::x.toml: INPUT ERROR, 1 error"
    );
    assert!(
        lines[2].starts_with("::error file=100%25%3Ab%2Cc.toml,line=1,"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3], "100%25:b,c.toml: INPUT ERROR, 1 error");
    assert_eq!(lines[5], "##%5Badd-mask]d.toml: INPUT ERROR, 1 error");
    assert_eq!(lines[7], "%3A:error::e.toml: INPUT ERROR, 1 error");
}

/// An excerpt never shows more than a bounded slice of a line: a 100 KB
/// line is cut to a window around the span, and the column stays the one
/// in the whole line.
#[test]
fn an_excerpt_of_a_100_kb_line_is_bounded() {
    let text = format!("name = \"{}\"\n", "x".repeat(100_000));
    let at = 8 + 60_000;
    let c = Checked::input_error(
        "f.toml",
        "staw",
        Some(Source {
            path: "f.toml".into(),
            text: text.clone(),
        }),
        Diagnostic::new(fleetcheck_input::diag::InputCode::Parse, "x").with_span(Some(at..at + 1)),
    );
    let out = render(|w| table::diagnostics(w, &c, &PLAIN));
    assert!(out.len() < 1000, "{} bytes", out.len());
    assert!(out.contains(&format!(" --> f.toml:1:{}", at + 1)), "{out}");
    assert!(out.contains("1 | ...xxx"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 220), "{out}");
    // With colour, the same bound.
    let color = RenderOptions {
        color: true,
        width: None,
    };
    let out = render(|w| table::diagnostics(w, &c, &color));
    assert!(out.len() < 1200, "{} bytes", out.len());
}

/// Control characters of the file never reach the terminal: each is shown
/// as a stand-in, and the excerpt stays on its line.
#[test]
fn an_excerpt_replaces_control_characters() {
    let text = "name = \"a\x1b[2J\x07\x08\rb\u{9b}c\u{7f}\"\n";
    let c = Checked::input_error(
        "f.toml",
        "staw",
        Some(Source {
            path: "f.toml".into(),
            text: text.into(),
        }),
        Diagnostic::new(
            fleetcheck_input::diag::InputCode::Parse,
            "bad \x1b]0;title\x07",
        )
        .with_span(Some(7..9)),
    );
    for opts in [
        PLAIN,
        RenderOptions {
            color: true,
            width: None,
        },
    ] {
        let out = render(|w| table::diagnostics(w, &c, &opts));
        let stripped: String = if opts.color {
            // The renderer's own colour codes are the only escapes left.
            out.replace("\x1b[0m", "")
                .split('\x1b')
                .enumerate()
                .map(|(i, p)| {
                    if i == 0 {
                        p
                    } else {
                        p.split_once('m').map_or(p, |x| x.1)
                    }
                })
                .collect()
        } else {
            out.clone()
        };
        assert!(
            !stripped.chars().any(|c| c.is_control() && c != '\n'),
            "{stripped:?}"
        );
        if !opts.color {
            assert!(out.contains("1 | name = \"a [2J   b??c \""), "{out:?}");
        }
    }
}
