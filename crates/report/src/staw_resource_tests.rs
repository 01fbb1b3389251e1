//! Resources priced from the fleet by their `cost_from_fleet` rule, on
//! the invented resources of `CARDS` (Shield Lattice R900, Power Relay
//! R901): the rule prices them, whatever their ids.

use super::*;

#[test]
fn resources_priced_from_the_fleet_by_their_rule() {
    // Defiant (24 + 4, shields 3, hull 3), Gr'oth (20 + 4, shields 2, hull 5).
    let fleet = |res: &str| {
        let c = check(&format!("resource = \"{res}\"\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"Benjamin Sisko\"\n[[ship]]\nship = \"I.K.S. Gr'oth\"\ncaptain = \"Gowron\"\n"));
        assert_eq!(codes(&c), Vec::<&str>::new());
        let (r, m) = (c.finish(), |m: &Modifier| {
            format!("{} {:+}: {}", m.kind, m.amount, m.source)
        });
        let res = r.resource.unwrap();
        (
            r.total,
            res.cost,
            res.modifiers.iter().map(m).collect::<Vec<_>>().join("; "),
        )
    };
    // Half the starting shields, 5, rounded up: 3 (printed 1, +2); 1 + 3
    // for each ship whose hull is above 4 (the Gr'oth): 4 (printed 2, +2).
    assert_eq!(
        ["Shield Lattice", "Power Relay"].map(fleet),
        [
            (
                Some(52 + 3),
                3,
                "fleet-resource +2: half the fleet's total starting shields of 5, rounded up"
                    .into()
            ),
            (
                Some(52 + 4),
                4,
                "fleet-resource +2: 1 + 3 for each ship with a hull above 4 (1 ship)".into()
            ),
        ]
    );
}
