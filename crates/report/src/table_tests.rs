//! Tests of `report::table`.

use super::*;
use fleetcheck_input::diag::InputCode;

fn render_one(text: &[u8], d: Diagnostic) -> String {
    let source = Source {
        path: "f.toml".into(),
        text: String::from_utf8_lossy(text).into_owned(),
    };
    let mut out = Vec::new();
    diagnostic(
        &mut out,
        Some(&source),
        "f.toml",
        &d,
        &RenderOptions::default(),
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn printable_keeps_byte_offsets() {
    let t = "a\r\x0c\u{85}b\n\tc";
    let p = printable(t);
    assert_eq!(p.len(), t.len());
    assert_eq!(p, "a  ??b\n c");
}

#[test]
fn carriage_returns_and_form_feeds_do_not_break_the_excerpt() {
    // Inputs found by the fuzz target `check` (tests/fuzz): the snippet
    // renderer overflowed on them.
    let mut cr = b"\r".repeat(25);
    cr.extend_from_slice(b"11111111111111sp_cap = ");
    cr.extend(b"1".repeat(80));
    cr.extend(b"\r".repeat(9));
    let out = render_one(
        &cr,
        Diagnostic::new(InputCode::Parse, "x").with_span(Some(30..40)),
    );
    assert!(out.starts_with("error[parse]: x"), "{out}");
    assert!(!out.contains('\r'));

    let mut ff = b"# Str the basear]]\n\"\n".to_vec();
    ff.extend(b"\x0c".repeat(24));
    ff.extend(b"\xc0".repeat(50));
    ff.extend(b"\x0c".repeat(26));
    ff.extend_from_slice(b"\xf5\xf3\x0c\x0c\x0c\x0e");
    ff.extend(b"\x0c".repeat(5));
    ff.extend_from_slice(b"dama@e = ['");
    let len = String::from_utf8_lossy(&ff).len();
    let out = render_one(
        &ff,
        Diagnostic::new(InputCode::Parse, "y").with_span(Some(len - 3..len)),
    );
    assert!(out.contains("error[parse]: y"), "{out}");
    assert!(!out.contains('\x0c'));
}

#[test]
fn fuzz_input_with_carriage_returns_renders_through_the_whole_check() {
    let mut cr = b"\r".repeat(25);
    cr.extend_from_slice(b"11111111111111sp_cap = ");
    cr.extend(b"1".repeat(80));
    cr.extend(b"\r".repeat(9));
    let db = fleetcheck_data::Database::embedded().unwrap();
    let source = Source {
        path: "cr.toml".into(),
        text: String::from_utf8(cr).unwrap(),
    };
    let opts = fleetcheck_staw::CheckOptions {
        today: "2026-11-29".into(),
        ..Default::default()
    };
    let checked = crate::staw::check(&db, source, &opts);
    let mut out = Vec::new();
    render(&mut out, &checked, &RenderOptions::default()).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("error[parse]"), "{out}");
    assert!(!out.contains('\r'));
}

#[test]
fn escape_sequences_of_the_file_do_not_reach_the_terminal() {
    let out = render_one(
        b"name = \"\x1b[31mRED\n",
        Diagnostic::new(InputCode::Parse, "bad \x1b[31m").with_span(Some(0..4)),
    );
    assert!(!out.contains('\x1b'), "{out:?}");
}
