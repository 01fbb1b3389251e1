//! Resolution by what the fleet says (issue 23, docs/fleet-file.md
//! "Resolution by what the fleet says"): a name several cards share is
//! decided on its ship when exactly one candidate that can go there pays
//! no penalty and none is cheaper (the note `chosen-card`), a card
//! reference may state its cost there, and everything else stays
//! `ambiguous-card`, ranked on its ship. `add` and `fix` ask the engine
//! the same way (issue 22).

use crate::golden::{db, TODAY};
use crate::support::run;
use fleetcheck_edit::fix::Session;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_staw::{Analysed, CheckOptions, Code, Engine};

fn opts() -> CheckOptions {
    CheckOptions {
        today: TODAY.into(),
        ..CheckOptions::default()
    }
}

fn source(text: &str) -> Source {
    Source {
        path: "f.toml".into(),
        text: text.into(),
    }
}

/// The fleet through the engine: its diagnostics and its total.
fn analyse(text: &str) -> Analysed<i32> {
    Engine::new(db(), opts()).analyse_text(source(text), |a| a.total)
}

fn only(a: &Analysed<i32>, code: impl Into<fleetcheck_input::diag::Code> + Copy) -> &Diagnostic {
    let found: Vec<&Diagnostic> = a.diagnostics.iter().filter(|d| d.is(code)).collect();
    assert_eq!(found.len(), 1, "{:#?}", a.diagnostics);
    found[0]
}

/// The ids a diagnostic's fixes pick, in order.
fn fix_ids(d: &Diagnostic) -> Vec<&str> {
    d.fixes.iter().filter_map(|f| f.id.as_deref()).collect()
}

/// Four cards are called Cloaking Device; on the U.S.S. Defiant only its
/// own (T240) pays no penalty: the others pay their ship penalty (+5) and
/// the faction penalty (+1). The name resolves, with the note.
#[test]
fn cloaking_device_on_the_defiant_is_t240_with_a_note() {
    let a = analyse(
        "[[ship]]\nship = \"S180\"\ncaptain = \"Cap639\"\nupgrades = [\"Cloaking Device\"]\n",
    );
    let note = only(&a, Code::ChosenCard);
    assert_eq!(
        note.message,
        "'Cloaking Device' is T240 (Federation): the only candidate without a penalty on the U.S.S. Defiant, and none is cheaper there (4 SP; the others 10 SP)"
    );
    assert!(!a.diagnostics.iter().any(Diagnostic::is_input_error));
    // The Defiant (24), Sisko (4), its Cloaking Device at 4.
    assert_eq!(a.priced, Some(32));
}

/// The compact form `Name (Set)`: the Starter Set holds the Federation
/// W122 and the Klingon W120, which pays the faction penalty on the
/// Federation Enterprise-D (6 SP against 5): W122, with the note.
#[test]
fn photon_torpedoes_of_the_starter_set_on_its_enterprise_is_w122() {
    let a = analyse("[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Photon Torpedoes (Starter Set)\"]\n");
    let note = only(&a, Code::ChosenCard);
    assert_eq!(
        note.message,
        "'Photon Torpedoes (Starter Set)' is W122 (Federation): the only candidate without a penalty on the U.S.S. Enterprise-D, and none is cheaper there (5 SP; the other 6 SP)"
    );
    assert_eq!(a.priced, Some(28 + 6 + 5));
}

/// The costs a list states: the Photon Torpedoes that cost 5 there and the
/// Data that costs 3, with Picard (Cap049) on the Starter Set Enterprise-D:
/// 28 + 6 + 5 + 3 = 42 SP.
#[test]
fn stated_costs_price_the_starter_enterprise_at_42() {
    let a = analyse(
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\n  { name = \"Photon Torpedoes\", cost = 5 },\n  { name = \"Data\", cost = 3 },\n]\n",
    );
    assert!(
        !a.diagnostics.iter().any(Diagnostic::is_input_error),
        "{:#?}",
        a.diagnostics
    );
    assert_eq!(a.priced, Some(42));
}

/// A stated cost that no candidate has there is an input error naming the
/// costs there.
#[test]
fn a_stated_cost_no_candidate_has_is_an_error_naming_the_costs() {
    let a = analyse(
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [{ name = \"Data\", cost = 7 }]\n",
    );
    let d = only(&a, InputCode::StatedCost);
    assert_eq!(
        d.message,
        "{ name = \"Data\", cost = 7 } states a cost of 7 SP, but no candidate costs that on the U.S.S. Enterprise-D: they cost 3 or 5 SP"
    );
    assert_eq!(a.priced, None);
    // One card, the wrong cost: the same error.
    let a = analyse("[[ship]]\nship = \"S207\"\ncaptain = { id = \"Cap049\", cost = 5 }\n");
    let d = only(&a, InputCode::StatedCost);
    assert_eq!(
        d.message,
        "{ id = \"Cap049\", cost = 5 } states a cost of 5 SP, but no candidate costs that on the U.S.S. Enterprise-D: it costs 6 SP"
    );
}

/// Federation Photon Torpedoes of several costs all pay no penalty on the
/// Enterprise-D: the fleet does not decide, the name stays ambiguous, every
/// candidate a fix (no cap), ranked there.
#[test]
fn a_name_the_fleet_does_not_decide_stays_ambiguous() {
    let a = analyse(
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Photon Torpedoes\"]\n",
    );
    let d = only(&a, InputCode::AmbiguousCard);
    assert!(!a.diagnostics.iter().any(|d| d.is(Code::ChosenCard)));
    let ids = fix_ids(d);
    assert_eq!(&ids[..5], ["W204", "W118", "W078", "W031", "W058"]);
    assert_eq!(ids.len(), 23, "{ids:?}");
    // The message's help keeps its cap: 12 candidates and a line more.
    assert_eq!(d.help.len(), 13);
}

/// `add` ranks the candidates on the ship they go to, as `check` does:
/// the Federation Siskos (no penalty on the Defiant) first, cheapest
/// first (Cap815 is a reprint of Cap006: once), the Mirror Universe one,
/// cheapest printed but 3 SP with a penalty there, last.
#[test]
fn add_ranks_candidates_on_the_ship() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f.toml"), "[[ship]]\nship = \"S180\"\n").unwrap();
    let r = run(
        d.path(),
        &["add", "f.toml", "captain", "Benjamin Sisko", "--ship", "1"],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
    let ids: Vec<&str> = r
        .stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("help: "))
        .filter_map(|l| l.split(':').next())
        .collect();
    assert_eq!(
        ids,
        ["Cap639", "Cap710", "Cap006", "Cap419"],
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains(
            "Cap419: Benjamin Sisko, a captain, Mirror Universe, 3 SP on this ship with a penalty"
        ),
        "{}",
        r.stderr
    );
}

/// `add` applies the policy too: the Defiant's Cloaking Device by name.
#[test]
fn add_resolves_what_the_fleet_decides() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("f.toml"),
        "[[ship]]\nship = \"S180\"\ncaptain = \"Cap639\"\n",
    )
    .unwrap();
    let r = run(
        d.path(),
        &["add", "f.toml", "upgrade", "Cloaking Device", "--ship", "1"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(d.path().join("f.toml")).unwrap();
    assert!(text.contains("{ id = \"T240\" }"), "{text}");
}

/// `fix` asks in file order, each question ranked with the answers given
/// before it, in memory: before the ship is chosen its captain is ranked
/// by printed cost (the Mirror Universe Sisko first); once the Federation
/// U.S.S. Reliant is chosen (not the Independent one), on it (the Federation ones first).
#[test]
fn fix_reranks_after_the_ship_is_chosen() {
    let text = "[[ship]]\nship = \"U.S.S. Reliant\"\ncaptain = \"Benjamin Sisko\"\n";
    let mut s = Session::new(db(), &source(text), &opts());
    let q = s.next().expect("the ship is asked first");
    assert_eq!(q.line, 2);
    let captain = s.open().into_iter().nth(1).expect("then the captain");
    let before: Vec<&str> = captain
        .choices
        .iter()
        .filter_map(|c| c.id.as_deref())
        .collect();
    assert_eq!(before[0], "Cap419", "{before:?}");
    let runs = s.engine().runs();
    let federation = q
        .choices
        .iter()
        .find(|c| c.id.as_deref() == Some("S202"))
        .expect("the Federation Reliant is a choice")
        .clone();
    s.answer(&q, federation);
    // One resolution in memory, no pricing.
    assert_eq!(s.engine().runs(), runs + 1);
    let q = s.next().expect("the captain is asked next");
    assert_eq!(q.line, 3);
    let after: Vec<&str> = q.choices.iter().filter_map(|c| c.id.as_deref()).collect();
    assert_eq!(after, ["Cap639", "Cap710", "Cap006", "Cap419"]);
    assert!(
        q.choices[0].label.contains("on this ship"),
        "{}",
        q.choices[0].label
    );
}

// ---- fix on a terminal (a pseudo-terminal from `script`, 80 columns) ----

/// The text drawn on the terminal, one entry a line: escape sequences out.
fn screen_lines(screen: &str) -> Vec<String> {
    console::strip_ansi_codes(screen)
        .split(['\n', '\r'])
        .map(str::to_string)
        .collect()
}

/// Typing filters the 23 Photon Torpedoes: "klingon" leaves the Klingon
/// ones, Enter takes the first of them; every line drawn fits 80 columns
/// (an entry longer than that is cut), so that a redraw leaves no stale
/// line.
#[test]
fn fix_filters_as_you_type_within_80_columns() {
    let d = tempfile::tempdir().unwrap();
    let text =
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Photon Torpedoes\"]\n";
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    let (screen, code) = crate::support::fix_on_a_terminal(d.path(), &[b"klingon", b"\r"]);
    assert_eq!(code, 0, "{screen}");
    let lines = screen_lines(&screen);
    let widest = lines
        .iter()
        .map(|l| console::measure_text_width(l))
        .max()
        .unwrap();
    assert!(widest <= 80, "a line of {widest} columns:\n{screen}");
    assert!(screen.contains('…'), "no entry was cut:\n{screen}");
    assert!(screen.contains("(filtered from 23)"), "{screen}");
    assert_eq!(
        std::fs::read_to_string(d.path().join("f.toml")).unwrap(),
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [{ id = \"W160\" }]  # Photon Torpedoes (I.K.S. Ves Batlh)\n"
    );
}

/// No wrap-around: Up on the first entry stays there (Enter then takes
/// the first, never the last), and Page Down past the end stops at the
/// last.
#[test]
fn fix_does_not_wrap_around() {
    let d = tempfile::tempdir().unwrap();
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Jean-Luc Picard\"\n";
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    let (screen, code) = crate::support::fix_on_a_terminal(d.path(), &[b"\x1b[A", b"\r"]);
    assert_eq!(code, 0, "{screen}");
    assert_eq!(
        std::fs::read_to_string(d.path().join("f.toml")).unwrap(),
        "[[ship]]\nship = \"S207\"\ncaptain = { id = \"Cap629\" }  # Jean-Luc Picard (U.S.S. Stargazer)\n"
    );
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    let (screen, code) =
        crate::support::fix_on_a_terminal(d.path(), &[b"\x1b[6~\x1b[6~\x1b[6~", b"\r"]);
    assert_eq!(code, 0, "{screen}");
    assert!(
        std::fs::read_to_string(d.path().join("f.toml"))
            .unwrap()
            .contains("{ id = \"Cap818\" }"),
        "{screen}"
    );
}

/// Ctrl-C stops asking and says so; the answers given are written only if
/// the player then answers `y`.
#[test]
fn fix_stopped_writes_the_answers_only_if_asked() {
    let d = tempfile::tempdir().unwrap();
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Jean-Luc Picard\"\nupgrades = [\"Dataa\"]\n";
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    let (screen, code) = crate::support::fix_on_a_terminal(d.path(), &[b"\r", b"\x03", b"n"]);
    assert_eq!(code, 2, "{screen}");
    assert!(screen.contains("stopped (Ctrl-C)"), "{screen}");
    assert!(
        screen.contains("stopped: write the 1 answer given to f.toml? [y/N] no"),
        "{screen}"
    );
    assert!(
        screen.contains("f.toml: stopped (Ctrl-C); nothing was changed"),
        "{screen}"
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("f.toml")).unwrap(),
        text
    );
    let (screen, code) = crate::support::fix_on_a_terminal(d.path(), &[b"\r", b"\x03", b"y"]);
    assert_eq!(code, 2, "one reference is left: {screen}");
    assert!(screen.contains("fixed 1 reference in f.toml"), "{screen}");
    assert_eq!(
        std::fs::read_to_string(d.path().join("f.toml")).unwrap(),
        "[[ship]]\nship = \"S207\"\ncaptain = { id = \"Cap629\" }  # Jean-Luc Picard (U.S.S. Stargazer)\nupgrades = [\"Dataa\"]\n"
    );
}

/// `fix --yes` without a terminal: a typo with one close name is
/// corrected, and the name then decided where it is the only legal choice
/// (the Borg Tractor Beam, the only one with a slot on the Enterprise-D);
/// what it cannot decide ('Dataa': Data or Data Node) it lists, and the
/// one-line array becomes one card a line so that the card chosen gets its
/// comment.
#[test]
fn fix_yes_corrects_a_typo_and_lists_what_it_left() {
    let d = tempfile::tempdir().unwrap();
    let text = "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\"Tractor Beem\", \"Dataa\"]\n";
    std::fs::write(d.path().join("f.toml"), text).unwrap();
    let r = run(d.path(), &["fix", "--yes", "f.toml"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "fixed 1 reference in f.toml\nf.toml: 1 reference left to fix\n"
    );
    assert_eq!(
        r.stdout,
        "f.toml:4: no upgrade matches 'Dataa'\n   1. Data  -> \"Data\"\n   2. Data Node  -> \"Data Node\"\n"
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("f.toml")).unwrap(),
        "[[ship]]\nship = \"S207\"\ncaptain = \"Cap049\"\nupgrades = [\n  { id = \"W181\" },  # Tractor Beam (Borg Octahedron), written \"Tractor Beem\"\n  \"Dataa\",\n]\n"
    );
}

/// Judging a candidate prices its ship with it, so a ship's names are
/// ranked there only among its first 64 card references (a ship of
/// thousands of cards resolves in linear time). On a Defiant whose
/// captain and 62 upgrades (by id) come first, the 64th reference,
/// "Cloaking Device", is still T240 with its note; a 65th is not decided
/// and says why.
#[test]
fn names_past_a_ships_first_64_cards_are_not_ranked_on_it() {
    let fleet = |ids: usize| {
        let mut upgrades: Vec<String> = vec!["\"W122\"".to_string(); ids];
        upgrades.push("\"Cloaking Device\"".to_string());
        format!(
            "sp_cap = 100000\n[[ship]]\nship = \"S180\"\ncaptain = \"Cap639\"\nupgrades = [{}]\n",
            upgrades.join(", ")
        )
    };
    let a = analyse(&fleet(62));
    assert_eq!(
        only(&a, Code::ChosenCard).message,
        "'Cloaking Device' is T240 (Federation): the only candidate without a penalty on the U.S.S. Defiant, and none is cheaper there (4 SP; the others 10 SP)"
    );
    assert!(
        !a.diagnostics.iter().any(|d| d.is(InputCode::AmbiguousCard)),
        "{:#?}",
        a.diagnostics
    );
    let a = analyse(&fleet(63));
    assert!(!a.diagnostics.iter().any(|d| d.is(Code::ChosenCard)));
    let d = only(&a, InputCode::AmbiguousCard);
    assert_eq!(
        d.message,
        "'Cloaking Device' names 4 different cards that fit as an upgrade; pick one by its id"
    );
    assert_eq!(
        d.help.last().map(String::as_str),
        Some("not ranked on its ship: only a ship's first 64 cards are judged there")
    );
}

/// `find_alone` (what the fleet writer asks of a card's name: does it
/// name that card alone?) gives `find`'s card, and nothing where `find`
/// gives a diagnostic, which it does not make: a name several cards share
/// (every Photon Torpedoes), a name of one card there (Clark Terrell as a
/// captain; Data as a crew upgrade, its reprints counted once), an id, a
/// name with its set, a name of the wrong type there, a name of no card,
/// a stated cost off the ships that both cards of the name have.
#[test]
fn find_alone_is_find_without_the_diagnostic() {
    use fleetcheck_staw::fleet::read::{CardRef, Query, RefTable};
    use fleetcheck_staw::fleet::resolve::{find, find_alone};
    use fleetcheck_staw::fleet::Position;
    let text = |t: &str| Query::Text(t.into());
    let stated = |name: &str, cost: i64| {
        Query::Table(RefTable {
            name: Some(name.into()),
            cost: Some(cost),
            ..RefTable::default()
        })
    };
    let asked = [
        (text("Photon Torpedoes"), Position::Upgrade, None),
        (text("Clark Terrell"), Position::Captain, Some("Cap217")),
        (text("Data"), Position::Upgrade, None),
        (text("Data"), Position::Captain, None),
        (text("W122"), Position::Upgrade, Some("W122")),
        (text("U.S.S. Reliant"), Position::Ship, None),
        (text("Photon Torpedoes"), Position::Captain, None),
        (text("No Such Card"), Position::Upgrade, None),
        (stated("Photon Torpedoes", 3), Position::Upgrade, None),
        (stated("U.S.S. Reliant", 20), Position::Ship, None),
    ];
    for (query, pos, want) in asked {
        let r = CardRef { span: 0..0, query };
        let alone = find_alone(db(), &r, pos).map(|c| c.id.as_str());
        let found = find(db(), &r, pos).ok().map(|c| c.id.as_str());
        assert_eq!(alone, found, "{r:?} at {pos:?}");
        assert_eq!(alone, want, "{r:?} at {pos:?}");
    }
}
