use super::*;

fn db() -> Database {
    Database::embedded().expect("the embedded data loads")
}

fn source(text: &str) -> Source {
    Source {
        path: "event.toml".into(),
        text: text.into(),
    }
}

/// Every problem as (code, line:column, message, help).
fn problems(text: &str) -> Vec<(String, String, String, Vec<String>)> {
    crate::test_support::problems(text, read(&db(), &source(text)))
}

/// Each problem's code, place and message.
fn located(p: &[(String, String, String, Vec<String>)]) -> Vec<(&str, &str, &str)> {
    p.iter()
        .map(|(c, at, m, _)| (c.as_str(), at.as_str(), m.as_str()))
        .collect()
}

fn codes_at(text: &str) -> Vec<(String, String)> {
    problems(text)
        .into_iter()
        .map(|(c, at, _, _)| (c, at))
        .collect()
}

fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn a_good_event_file_is_read_with_its_cards_resolved() {
    let text = "name = \"Regional\"\ndate = 2025-06-01\nformat = \"standard\"\nsp_cap = 100\nrequire_player = true\nban = [\"V'Las\", \"T240\"]\nban_factions = [\"Dominion\"]\nfactions = [\"federation\", \"klingon\"]\nresources = []\n[[restrict]]\ncards = [\"W122\"]\nmax = 1\n";
    let e = read(&db(), &source(text)).unwrap();
    assert_eq!(
        (e.name.as_str(), e.date.as_str(), e.format.as_str()),
        ("Regional", "2025-06-01", "standard")
    );
    assert_eq!(
        (e.sp_cap, e.own_cap(), e.require_player),
        (Some(100), Some(100), true)
    );
    let ids: Vec<&str> = e.rules.banned_cards.iter().map(|c| c.id.as_str()).collect();
    // By name: every card of that name (V'Las the admiral and the captain).
    assert_eq!(ids, ["A023", "Cap520", "T240"]);
    // Faction ids of the one list, whatever their case.
    assert_eq!(e.rules.banned_factions, ["dominion"]);
    assert_eq!(
        e.rules.factions,
        Some(vec!["federation".into(), "klingon".into()])
    );
    assert_eq!(e.rules.resources, Some(vec![]));
    assert_eq!(e.rules.restricted.len(), 1);
    assert_eq!(e.rules.restricted[0].max, 1);
    assert!(!e.rules.no_faction_penalties);
}

#[test]
fn the_defaults_of_an_event_file() {
    let e = read(&db(), &source("name = \"X\"\ndate = \"2025-06-01\"\n")).unwrap();
    assert_eq!(e.format, crate::DEFAULT_FORMAT);
    assert_eq!((e.sp_cap, e.own_cap()), (None, None));
    assert_eq!(e.cap(&db()), Some(100));
    assert_eq!(e.rules, EventRules::default());
    let booster = read(
        &db(),
        &source("name = \"X\"\ndate = \"2025-06-01\"\nblind_booster = true\n"),
    )
    .unwrap();
    assert_eq!(booster.own_cap(), Some(130));
}

/// The problems of issue #22 at once: a misspelt key, a bad date, a
/// misspelt format, a misspelt card, a value of the wrong type, each on
/// its line, with "did you mean".
#[test]
fn every_problem_at_once_each_located() {
    let text = "name = \"Regional\"\ndate = \"2025-13-01\"\ncap = 100\nformat = \"standrd\"\nban = [\"V'Las\", \"Cloaking Devise\"]\nblind_booster = \"yes\"\nban_factions = [\"klingn\"]\n";
    let p = problems(text);
    let got = located(&p);
    assert_eq!(
        got,
        [
            ("shape", "2:8", "`date` is not a valid date: \"2025-13-01\""),
            (
                "unknown-key",
                "3:1",
                "unknown key `cap` at the top of an event file"
            ),
            ("unknown-format", "4:10", "unknown format \"standrd\""),
            (
                "unknown-card",
                "5:17",
                "`ban`: no card has the id or name \"Cloaking Devise\""
            ),
            (
                "shape",
                "6:17",
                "`blind_booster` must be true or false, found a string"
            ),
            (
                "unknown-faction",
                "7:17",
                "`ban_factions`: no faction has the id \"klingn\""
            ),
        ]
    );
    assert_eq!(p[1].3, ["did you mean `sp_cap`?"]);
    assert_eq!(p[2].3, ["did you mean `standard`?"]);
    assert_eq!(
        p[3].3,
        ["did you mean \"Cloaking Device\", \"Cloaked Mines\", \"Cloaked Fighters\", \"Class 4 Cloaking Device\"?"]
    );
    assert_eq!(p[5].3, ["did you mean `klingon`?"]);
}

#[test]
fn a_syntax_error_is_the_one_problem() {
    assert_eq!(
        codes_at("name = \"X\ndate = \"2025-06-01\"\n"),
        pairs(&[("parse", "1:10")])
    );
}

#[test]
fn name_and_date_are_required() {
    let p = problems("format = \"standard\"\n");
    let got: Vec<&str> = p.iter().map(|(_, _, m, _)| m.as_str()).collect();
    assert_eq!(
        got,
        [
            "the event file has no `name`: `name` and `date` are required",
            "the event file has no `date`: `name` and `date` are required"
        ]
    );
}

#[test]
fn restrict_tables_are_read_key_by_key() {
    let text = "name = \"X\"\ndate = \"2025-06-01\"\n[[restrict]]\ncard = [\"W122\"]\nmax = -1\n[[restrict]]\ncards = \"W122\"\nmax = 2\n";
    let p = problems(text);
    let got = located(&p);
    assert_eq!(
        got,
        [
            ("shape", "3:1", "this [[restrict]] has no `cards`"),
            ("unknown-key", "4:1", "unknown key `card` in a [[restrict]]"),
            (
                "shape",
                "5:7",
                "`max` = -1 is out of range: it must be 0 to 1000"
            ),
            (
                "shape",
                "7:9",
                "`cards` must be a list of cards (an id or a name) in quotes, found a string"
            ),
        ]
    );
    assert_eq!(p[1].3, ["did you mean `cards`?"]);
}

#[test]
fn house_rules_are_read() {
    let text = "name = \"X\"\ndate = \"2025-06-01\"\nmin_ships = 2\nmax_ships = 3\nship_sp_cap = 40\nfaction_penalties = false\nban_sets = [\"71120\", \"Starter Set\"]\nmax_copies = 1\n[[cost]]\ncard = \"Cloaking Device\"\ncost = 3\n";
    let e = read(&db(), &source(text)).unwrap();
    let r = &e.rules;
    assert_eq!(
        (r.min_ships, r.max_ships, r.ship_sp_cap),
        (Some(2), Some(3), Some(40))
    );
    assert!(r.no_faction_penalties);
    // One set, named twice.
    assert_eq!(
        r.banned_sets,
        [NamedSet {
            id: "71120".into(),
            name: "Starter Set".into()
        }]
    );
    assert_eq!(r.max_copies, Some(1));
    assert_eq!(r.costs.len(), 1);
    assert_eq!(r.costs[0].cost, 3);
    assert!(r.costs[0].cards.iter().any(|c| c.id == "T240"));
    let t240 = db().by_id("T240").unwrap().clone();
    assert_eq!(r.recost(&t240), Some(3));
}

#[test]
fn bad_house_rule_values_are_located_input_errors() {
    let text = "name = \"X\"\ndate = \"2025-06-01\"\nmin_ships = 4\nmax_ships = 3\nship_sp_cap = \"40\"\nfaction_penalty = false\nfaction_penalties = 0\nban_sets = [\"Starter Sett\", \"Nowhere at all\"]\nmax_copies = 0\n[[cost]]\ncard = \"Cloaking Devise\"\ncots = 3\n";
    let p = problems(text);
    let got = located(&p);
    assert_eq!(
        got,
        [
            (
                "shape",
                "3:13",
                "min_ships = 4 is more than max_ships = 3: no fleet could play"
            ),
            (
                "shape",
                "5:15",
                "`ship_sp_cap` must be a whole number, found a string"
            ),
            (
                "unknown-key",
                "6:1",
                "unknown key `faction_penalty` at the top of an event file"
            ),
            (
                "shape",
                "7:21",
                "`faction_penalties` must be true or false, found an integer"
            ),
            (
                "unknown-set",
                "8:13",
                "`ban_sets`: no expansion has the id or name \"Starter Sett\""
            ),
            (
                "unknown-set",
                "8:29",
                "`ban_sets`: no expansion has the id or name \"Nowhere at all\""
            ),
            (
                "shape",
                "9:14",
                "`max_copies` = 0 is out of range: it must be 1 to 1000"
            ),
            ("shape", "10:1", "this [[cost]] has no `cost`"),
            (
                "unknown-card",
                "11:8",
                "`card`: no card has the id or name \"Cloaking Devise\""
            ),
            ("unknown-key", "12:1", "unknown key `cots` in a [[cost]]"),
        ]
    );
    assert_eq!(p[2].3, ["did you mean `faction_penalties`?"]);
    assert_eq!(p[4].3, ["did you mean \"Starter Set\" (71120)?"]);
    assert_eq!(p[9].3, ["did you mean `cost`?"]);
}
