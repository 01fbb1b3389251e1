//! Tests of `staw::fleet::read`.

use super::*;
use fleetcheck_input::tree::parse;

fn read_text(text: &str) -> (RawFleet, Vec<Diagnostic>) {
    let mut d = Vec::new();
    let f = read(&parse(text).unwrap(), &mut d);
    (f, d)
}

#[test]
fn long_values_are_shortened_in_messages() {
    assert_eq!(shorten("Data"), "Data");
    let long = "x".repeat(200_000);
    let short = shorten(&long);
    assert_eq!(short, format!("{}… (200000 characters)", "x".repeat(60)));
}

#[test]
fn points_out_of_range_are_input_errors() {
    for (text, needle) in [
        (
            "sp_cap = 9223372036854775807\n",
            "`sp_cap` = 9223372036854775807 is out of range",
        ),
        (
            "sp_cap = -5\n",
            "`sp_cap` = -5 is out of range: it must be 0 to 100000 SP",
        ),
        (
            "additional_points = -200000\n",
            "`additional_points` = -200000 is out of range",
        ),
    ] {
        let (f, diags) = read_text(text);
        assert!(
            f.sp_cap.is_none() && f.additional_points.is_none(),
            "{text}"
        );
        assert_eq!(diags.len(), 1, "{text}: {diags:?}");
        assert_eq!(diags[0].code, InputCode::Shape);
        assert!(diags[0].message.starts_with(needle), "{}", diags[0].message);
        assert_eq!(
            diags[0].span.as_ref().unwrap().start,
            text.find('=').unwrap() + 2
        );
    }
}

#[test]
fn reads_every_key_with_spans() {
    let text = r#"name = "N"
format = "standard"
resource = "Flagship"
additional_points = 5
as_of = 2016-06-30
[[ship]]
ship = { name = "Dominion Starship", class = "Keldon" }
captain = "Gul Ranor"
upgrades = ["A", { id = "W101" }]
officers = "First Officer"
[sideboard]
crew = { id = "C195" }
"#;
    let (f, d) = read_text(text);
    assert!(d.is_empty(), "{d:?}");
    assert_eq!(f.name.unwrap().value, "N");
    assert_eq!(f.additional_points.unwrap().value, 5);
    assert_eq!(f.as_of.unwrap().value, "2016-06-30");
    let s = &f.ships[0];
    assert_eq!(
        &text[s.captain.as_ref().unwrap().span.clone()],
        "\"Gul Ranor\""
    );
    assert_eq!(s.upgrades.len(), 2);
    assert_eq!(s.officers.len(), 1);
    let Query::Table(t) = &s.ship.as_ref().unwrap().query else {
        panic!("table reference")
    };
    assert_eq!(t.class.as_deref(), Some("Keldon"));
    let sb = f.sideboard.unwrap();
    assert_eq!(sb.entries[0].section.value, "crew");
    assert!(!sb.entries[0].list);
}

#[test]
fn reports_every_shape_and_key_problem() {
    let text = r#"nmae = "x"
additional_points = "5"
[[ship]]
ship = 3
captain = ["A", "B"]
upgrade = ["C"]
upgrades = [{ nam = "D" }, 4]
"#;
    let (_, d) = read_text(text);
    let codes: Vec<_> = d.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "unknown-key",
            "shape",
            "shape",
            "shape",
            "unknown-key",
            "unknown-key",
            "shape"
        ]
    );
    assert_eq!(d[0].help, ["did you mean `name`?"]);
    assert_eq!(d[4].help, ["did you mean `upgrades`?"]);
}

#[test]
fn bad_dates_are_shape_errors() {
    let (_, d) = read_text("as_of = \"2016-02-30\"\n");
    assert_eq!(d[0].code, InputCode::Shape);
    assert!(
        d[0].message.contains("not a valid date"),
        "{}",
        d[0].message
    );
}

#[test]
fn sideboard_lists_and_unknown_sections_are_kept() {
    let (f, d) = read_text("[sideboard]\ncrew = [\"A\", \"B\"]\nadmiral = \"X\"\n");
    assert!(d.is_empty());
    let sb = f.sideboard.unwrap();
    assert!(sb.entries[0].list);
    assert_eq!(sb.entries[0].cards.len(), 2);
    assert_eq!(sb.entries[1].section.value, "admiral");
}

#[test]
fn empty_file_is_flagged() {
    let (f, _) = read_text("# only a comment\n");
    assert!(f.empty);
}
