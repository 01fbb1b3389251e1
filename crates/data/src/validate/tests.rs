//! Tests of `data::import::validate`.

use super::*;
use crate::unmodeled;

const SETS: &str = "[[set]]\nid = \"1\"\nname = \"Core\"\nrelease_date = \"2013-08-01\"\n";
const CLASSES: &str = "[[class]]\nid = \"5000\"\nname = \"Galaxy Class\"\n";

fn problems(cards: &str) -> Vec<String> {
    let db = Database::from_files([
        ("sets.toml".to_string(), SETS.to_string()),
        ("classes.toml".to_string(), CLASSES.to_string()),
        ("cards/x.toml".to_string(), cards.to_string()),
    ])
    .unwrap();
    check(&db, Options::importer())
        .iter()
        .map(|p| p.to_string())
        .collect()
}

#[test]
fn clean_card() {
    let p = problems(
        "[[card]]\nid = \"S1\"\ntype = \"ship\"\nname = \"U.S.S. X\"\nfactions = [\"federation\"]\ncost = 20\nsets = [\"1\"]\nclass = \"5000\"\n",
    );
    assert!(p.is_empty(), "{p:?}");
}

#[test]
fn broken_references_and_text() {
    let p = problems(
        r#"[[card]]
id = "T1"
alias_ids = ["t1"]
type = "upgrade"
name = "<b>Bad</b>"
slot = "gadget"
factions = ["federation", "gorn"]
cost = 2
sets = ["9"]
rules = { max_per_ship = 0, restrictions = [{ kind = "ship-class", any = ["nope"] }, { kind = "ship-name", any = ["U.S.S. Nowhere"] }], cost_modifiers = [{ amount = 0 }], unmodeled = ["WHEN ATTACKING: roll"] }
"#,
    );
    let all = p.join("\n");
    for needle in [
        "id t1 is also card T1",
        "holds HTML",
        "unknown slot type \"gadget\"",
        "unknown faction \"gorn\"",
        "set \"9\" is not in sets.toml",
        "max_per_ship is 0",
        "unknown class id \"nope\"",
        "\"U.S.S. Nowhere\", which is no ship",
        "amount 0",
        "unmodeled holds \"WHEN ATTACKING: roll\", which is no unmodeled tag (one of: restriction, cost, ",
    ] {
        assert!(all.contains(needle), "missing {needle:?} in\n{all}");
    }
    assert!(
        p.iter().all(|l| l.starts_with("cards/x.toml: T1: ")),
        "{all}"
    );
}

fn with_unmodeled(list: &str) -> Vec<String> {
    problems(&format!(
        "[[card]]\nid = \"S1\"\ntype = \"ship\"\nname = \"U.S.S. X\"\nfactions = [\"federation\"]\ncost = 20\nsets = [\"1\"]\nclass = \"5000\"\nrules = {{ unmodeled = {list} }}\n"
    ))
}

#[test]
fn unmodeled_holds_tags_not_text() {
    assert!(with_unmodeled("[\"cost\", \"slot-swap\"]").is_empty());
    // An invented sentence of a card's shape: rejected, whatever its
    // length, and the message says what is allowed.
    assert_eq!(
        with_unmodeled("[\"cost\", \"Testa costs -1 SP.\"]"),
        [format!(
            "cards/x.toml: S1: unmodeled holds \"Testa costs -1 SP.\", which is no unmodeled \
             tag (one of: {})",
            unmodeled::tag_list()
        )]
    );
    assert_eq!(with_unmodeled("[\"Cost\"]").len(), 1, "tags are lowercase");
    assert_eq!(
        with_unmodeled("[\"cost\", \"cost\"]"),
        ["cards/x.toml: S1: unmodeled lists \"cost\" twice"]
    );
}

#[test]
fn cost_from_fleet_is_one_shape_on_a_resource() {
    let resource = |rule: &str| {
        problems(&format!(
            "[[card]]\nid = \"R1\"\ntype = \"resource\"\nname = \"X\"\nfactions = []\ncost = 0\nsets = [\"1\"]\nrules = {{ cost_from_fleet = {{ {rule} }} }}\n"
        ))
    };
    assert!(resource("stat = \"shields\", starting = true, half_total = true").is_empty());
    assert!(resource("stat = \"hull\", base = 3, per_ship = 2, above = 3").is_empty());
    let shape = "cost_from_fleet needs either half_total or a non-zero per_ship (with base and above), not both";
    for rule in [
        "stat = \"hull\"",
        "stat = \"hull\", half_total = true, per_ship = 2",
        "stat = \"hull\", base = 3, above = 3",
    ] {
        let p = resource(rule);
        assert!(p.iter().any(|p| p.contains(shape)), "{rule}: {p:?}");
    }
    let p = resource("stat = \"agility\", half_total = true");
    assert!(
        p.iter()
            .any(|p| p.contains("cost_from_fleet has unknown stat \"agility\" (hull or shields)")),
        "{p:?}"
    );
    let p = problems(
        "[[card]]\nid = \"T1\"\ntype = \"upgrade\"\nname = \"X\"\nslot = \"tech\"\nfactions = [\"federation\"]\ncost = 2\nsets = [\"1\"]\nrules = { cost_from_fleet = { stat = \"hull\", half_total = true } }\n",
    );
    assert!(
        p.iter()
            .any(|p| p.contains("cost_from_fleet on a card that is no resource")),
        "{p:?}"
    );
}
