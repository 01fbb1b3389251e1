//! What a list or an event file says never acts on the terminal, the
//! spreadsheet or the CI that reads the roster: control characters are
//! neutralised in every output (`report::table::one_line`, the helper of
//! `check`), CSV cells that look like formulas are prefixed with `'`,
//! Markdown and HTML are escaped, the event name is no workflow command.

use crate::support::{fleetcheck, run};
use std::path::PathBuf;

const LIST: &str = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\n";

/// An event named with a workflow command after a line break, and lists
/// whose players carry a formula, escape sequences and HTML, one in a
/// file whose name holds a line break and a forged finding.
fn hostile_event() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fleets/events/regional-2025");
    let event = std::fs::read_to_string(root.join("event.toml"))
        .unwrap()
        .replace(
            "name = \"Regional 2025\"",
            "name = \"R\\n::stop-commands::x\\u001b]0;title\\u0007\"",
        );
    std::fs::write(dir.path().join("event.toml"), event).unwrap();
    let lists = dir.path().join("lists");
    std::fs::create_dir(&lists).unwrap();
    let players = [
        (
            "formula.toml",
            r#"=HYPERLINK(\"http://evil.example\",\"x\")"#,
        ),
        ("plus.toml", "+cmd|' /C calc'!A0"),
        (
            "escape.toml",
            r"\u001b]52;c;cHduZWQ=\u0007\u001b[2J<img src=x onerror=alert(1)>[a](http://evil.example)\r\u0000",
        ),
        (
            "evil\n::error file=x::forged.toml",
            "Line WWW.evil.example me@evil.example",
        ),
    ];
    for (file, player) in players {
        std::fs::write(lists.join(file), format!("player = \"{player}\"\n{LIST}")).unwrap();
    }
    dir
}

fn event(dir: &std::path::Path, output: &str) -> String {
    let r = run(dir, &["event", "event.toml", "lists", "-o", output]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    r.stdout
}

fn no_control_characters(output: &str, text: &str) {
    for bad in ['\u{1b}', '\u{7}', '\r', '\0'] {
        assert!(!text.contains(bad), "{output}: {bad:?} in\n{text}");
    }
}

#[test]
fn the_roster_table_prints_no_control_character_and_forges_no_line() {
    let dir = hostile_event();
    let text = event(dir.path(), "table");
    no_control_characters("table", &text);
    assert!(
        text.starts_with("R ::stop-commands::x ]0;title  (format standard"),
        "{text}"
    );
    assert!(!text.lines().any(|l| l.starts_with("::")), "{text}");
    assert!(
        text.contains("lists/evil ::error file=x::forged.toml: warning duplicate-list: "),
        "{text}"
    );
}

#[test]
fn github_output_names_the_event_in_no_workflow_command() {
    let dir = hostile_event();
    let text = event(dir.path(), "github");
    no_control_characters("github", &text);
    for l in text.lines().filter(|l| l.starts_with("::")) {
        assert!(
            l.starts_with("::error ") || l.starts_with("::warning ") || l.starts_with("::notice "),
            "{l}"
        );
    }
    assert!(
        text.ends_with(
            "R ::stop-commands::x ]0;title : 4 lists: 4 legal, 0 illegal, 0 input errors\n"
        ),
        "{text}"
    );
}

#[test]
fn markdown_and_the_step_summary_carry_no_html_and_no_link() {
    let dir = hostile_event();
    let summary = dir.path().join("summary.md");
    let out = fleetcheck(dir.path())
        .args(["event", "event.toml", "lists", "-o", "markdown"])
        .env("GITHUB_STEP_SUMMARY", &summary)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let markdown = String::from_utf8(out.stdout).unwrap();
    let step = std::fs::read_to_string(&summary).unwrap();
    assert_eq!(markdown, step);
    no_control_characters("markdown", &markdown);
    assert!(!markdown.contains("<img"), "{markdown}");
    assert!(!markdown.contains("[a]("), "{markdown}");
    assert!(!markdown.contains("http:"), "{markdown}");
    assert!(
        markdown.contains(r"&lt;img src=x onerror=alert(1)&gt;\[a\](http\://evil.example)"),
        "{markdown}"
    );
    assert!(
        markdown.starts_with(r"### R \:\:stop-commands\:\:x \]0;title  (format standard"),
        "{markdown}"
    );
    // GitHub's autolinks of a `www.` and an e-mail address: escaped.
    assert!(
        markdown.contains(r"Line WWW\.evil.example me\@evil.example"),
        "{markdown}"
    );
}

/// The printed sheets (`--sheets`, HTML): the players' markup is text,
/// escaped as HTML (`sheet::escape`), never an element, and no control
/// character is written.
#[test]
fn the_sheets_carry_no_markup_of_the_lists() {
    let dir = hostile_event();
    let r = run(
        dir.path(),
        &["event", "event.toml", "lists", "--sheets", "sheets.html"],
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let html = std::fs::read_to_string(dir.path().join("sheets.html")).unwrap();
    no_control_characters("sheets", &html);
    assert!(!html.contains("<img"), "{html}");
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt;[a](http://evil.example)"),
        "{html}"
    );
    assert!(
        html.contains("=HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;)"),
        "{html}"
    );
}

#[test]
fn csv_prefixes_cells_a_spreadsheet_would_take_for_formulas() {
    let dir = hostile_event();
    let text = event(dir.path(), "csv");
    no_control_characters("csv", &text);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "file,player,factions,ships,total,cap,status,codes,fingerprint"
    );
    let row = |file: &str| {
        *lines
            .iter()
            .find(|l| l.starts_with(file))
            .unwrap_or_else(|| panic!("{file}: {text}"))
    };
    assert!(
        row("lists/formula.toml,").starts_with(
            r#"lists/formula.toml,"'=HYPERLINK(""http://evil.example"",""x"")",federation,"#
        ),
        "{text}"
    );
    assert!(
        row("lists/plus.toml,").starts_with("lists/plus.toml,'+cmd|' /C calc'!A0,federation,"),
        "{text}"
    );
    for l in &lines[1..] {
        for cell in l.split(',') {
            assert!(!cell.starts_with(['=', '+', '@']), "{cell} in {l}");
        }
    }
}

/// `fix` without a terminal lists an unresolved name as text: the escape
/// sequences and line breaks of `"Dat\u001b]0;x\u0007a\nb"` do not reach
/// the terminal.
#[test]
fn fix_lists_unresolved_names_without_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\nupgrades = [\"Dat\\u001b]0;x\\u0007a\\nb\\r\"]\n";
    std::fs::write(dir.path().join("f.toml"), text).unwrap();
    let r = run(dir.path(), &["fix", "f.toml"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    no_control_characters("fix", &r.stdout);
    assert!(
        r.stdout
            .starts_with("f.toml:4: no upgrade matches 'Dat ]0;x a b'\n"),
        "{}",
        r.stdout
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("f.toml")).unwrap(),
        text
    );
}

/// `check` names the file and the fleet as text (`one_line`): a fleet
/// named with an OSC sequence and a workflow command after a line break,
/// in a file of a walked folder whose name holds a line break and a forged
/// finding. The table has no control character and no line of its own
/// starting with `::` (a CI log would take it for a command), `-o github`
/// none either; `fix` and a refusal name such a file on one line too.
#[test]
fn check_fix_and_refusals_name_files_and_fleets_as_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("d")).unwrap();
    let file = "evil\n::error file=x::forged\u{1b}]0;t\u{7}.toml";
    std::fs::write(
        dir.path().join("d").join(file),
        "name = \"N\\u001b]0;t\\u0007\\n::error::x\"\n[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\nupgrades = [\"Dataa\"]\n",
    )
    .unwrap();
    let r = run(dir.path(), &["check", "d"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    no_control_characters("check", &r.stdout);
    assert!(
        !r.stdout.lines().any(|l| l.starts_with("::")),
        "{}",
        r.stdout
    );
    let shown = "d/evil ::error file=x::forged ]0;t .toml";
    assert!(
        r.stdout
            .starts_with(&format!("{shown}: N ]0;t  ::error::x\n")),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains(&format!("\nINPUT ERROR {shown}: 1 error\n")),
        "{}",
        r.stdout
    );
    // `-o github`: the file is a property, escaped; every line starting
    // with `::` is an annotation of that file.
    let r = run(dir.path(), &["check", "d", "-o", "github"]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    no_control_characters("check -o github", &r.stdout);
    for l in r.stdout.lines().filter(|l| l.starts_with("::")) {
        assert!(
            l.starts_with("::error file=d/evil%0A%3A%3Aerror file=x%3A%3Aforged ]0;t .toml,"),
            "{l}"
        );
    }
    // `fix` without a terminal: its list and its last word.
    let path = format!("d/{file}");
    let r = run(dir.path(), &["fix", &path]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    no_control_characters("fix", &r.stdout);
    no_control_characters("fix", &r.stderr);
    assert!(
        r.stdout.starts_with(&format!("{shown}:5: ")),
        "{}",
        r.stdout
    );
    assert_eq!(
        r.stderr,
        format!("{shown}: 1 reference left to fix; nothing was changed (run `fleetcheck fix` on a terminal to choose)\n")
    );
    // A refusal: `new` over an existing file.
    let r = run(dir.path(), &["new", &path]);
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    no_control_characters("new", &r.stderr);
    assert!(
        r.stderr.starts_with(&format!("error: {shown}")),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().filter(|l| l.starts_with("::")).count(), 0);
}

/// `fix` on a terminal asks about a name holding an escape sequence, in a
/// file whose name holds one: the question and the list show them as text
/// (`one_line`), the sequences never reach the terminal; Esc leaves the
/// question, and the file, as they were (exit 2: one reference left).
#[test]
fn fix_asks_on_a_terminal_without_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let file = "f\u{1b}]0;t\u{7}.toml";
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap906\"\nupgrades = [\"Dat\\u001b]2;x\\u0007a\"]\n";
    std::fs::write(dir.path().join(file), text).unwrap();
    let mut pty = crate::support::Pty::open();
    let mut child = pty.spawn(dir.path(), &["fix", file]);
    pty.wait_for(&mut child, "Ctrl-C stop");
    pty.type_keys(b"\x1b");
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2));
    let screen = String::from_utf8_lossy(&pty.rest()).into_owned();
    for sequence in ["\u{1b}]0;t\u{7}", "\u{1b}]2;x\u{7}"] {
        assert!(!screen.contains(sequence), "{sequence:?} in {screen:?}");
    }
    assert!(
        screen.contains("f ]0;t .toml:4: no upgrade matches 'Dat ]2;x a'"),
        "{screen:?}"
    );
    assert!(screen.contains("> Data"), "{screen:?}");
    assert!(
        screen.contains("f ]0;t .toml: 1 reference left to fix\r\n"),
        "{screen:?}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(file)).unwrap(),
        text
    );
}

/// `import` names the file it wrote, and the lines it could not read, as
/// text: an output file whose name holds escape sequences and a pasted
/// line that holds them reach no terminal (the file is written under its
/// own name all the same).
#[test]
fn import_says_hostile_file_names_and_lines_as_text() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("list.txt"),
        "U.S.S. Defiant\n- Benjamin Sisko\n- \u{1b}]0;pwned\u{7}Cloaking Device\u{1b}[2J\n",
    )
    .unwrap();
    let out = "fleet\u{1b}]0;title\u{7}.toml";
    let r = run(dir.path(), &["import", "text", "list.txt", "-O", out]);
    no_control_characters("import text", &r.stderr);
    assert!(
        r.stderr.contains("wrote fleet ]0;title .toml: 1 ship"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("list.txt:3: "), "{}", r.stderr);
    assert!(dir.path().join(out).exists());
}
