//! A cost modifier in a table's few words: the short form of the
//! `Modifiers` column of `check`, `sideboard` and `options`
//! ("+1 faction (Romulan on Federation)"). The long form is the modifier's
//! own sentence (`Modifier::source`), shown whole by `price` and in the
//! JSON report.

use super::model::Modifier;
use fleetcheck_staw::cost::PenaltyFactions;
use fleetcheck_staw::words::factions_and;

/// The modifiers of one card, each in its short form, one per line.
pub fn modifiers(name: &str, id: &str, mods: &[Modifier]) -> String {
    mods.iter()
        .map(|m| modifier(name, id, m))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `s` without "{name} ({id}):" before it.
fn strip_own<'s>(s: &'s str, name: &str, id: &str) -> Option<&'s str> {
    s.strip_prefix(name)?
        .strip_prefix(" (")?
        .strip_prefix(id)?
        .strip_prefix("):")
}

/// `s` without "{amount:+} SP" before it.
fn strip_amount(s: &str, amount: i32) -> Option<&str> {
    s.strip_prefix(if amount < 0 { '-' } else { '+' })?
        .strip_prefix(amount.unsigned_abs().to_string().as_str())?
        .strip_prefix(" SP")
}

/// One modifier of the card `name` (`id`): signed amount, short kind, and
/// its source without what the row already says (the card's own name, the
/// amount): "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant"
/// on the Cloaking Device's row becomes "+5 ship penalty (unless on the
/// U.S.S. Defiant)", and a faction penalty names the two factions only:
/// "+1 faction (Romulan on Federation)".
pub fn modifier(name: &str, id: &str, m: &Modifier) -> String {
    if let Some(f) = &m.factions {
        return format!("{:+} faction ({})", m.amount, faction(f));
    }
    let kind = match m.kind.as_str() {
        "faction-penalty" => "faction penalty",
        "ship-penalty" => "ship penalty",
        "set-cost" => "set cost",
        "event-cost" => "event cost",
        k => k,
    };
    // "{name} ({id}):" and "{amount:+} SP" stripped, without writing them.
    let mut source = m.source.trim();
    source = strip_own(source, name, id).unwrap_or(source).trim_start();
    source = strip_amount(source, m.amount)
        .unwrap_or(source)
        .trim_start();
    if source.is_empty() {
        format!("{:+} {kind}", m.amount)
    } else {
        format!("{:+} {kind} ({source})", m.amount)
    }
}

/// "Romulan on Federation", "no faction on Klingon" (", doubled" when a
/// card doubles it): the two sides of a faction penalty.
fn faction(f: &PenaltyFactions) -> String {
    let side = |ids: &[String]| {
        if ids.iter().all(|f| f == "no-faction") {
            "no faction".to_string()
        } else {
            factions_and(ids)
        }
    };
    let doubled = if f.doubled { ", doubled" } else { "" };
    format!("{} on {}{doubled}", side(&f.card), side(&f.ship))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(kind: &str, amount: i32, source: &str) -> Modifier {
        Modifier::new(kind, amount, source)
    }

    fn penalty(amount: i32, card: &[&str], ship: &[&str], doubled: bool) -> Modifier {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
        Modifier {
            factions: Some(PenaltyFactions {
                card: ids(card),
                ship: ids(ship),
                doubled,
            }),
            ..m("faction-penalty", amount, "the sentence is not read")
        }
    }

    #[test]
    fn a_faction_penalty_names_the_two_factions() {
        let p = penalty(1, &["romulan"], &["federation"], false);
        assert_eq!(
            modifier("Donatra", "Cap643", &p),
            "+1 faction (Romulan on Federation)"
        );
        let p = penalty(2, &["klingon", "federation"], &[], true);
        assert_eq!(
            modifier("Worf", "C1", &p),
            "+2 faction (Klingon and Federation on no faction, doubled)"
        );
        let p = penalty(1, &["no-faction"], &["klingon"], false);
        assert_eq!(
            modifier("Kurn", "C2", &p),
            "+1 faction (no faction on Klingon)"
        );
        // Without the facts, the sentence is shown whole.
        let p = m("faction-penalty", 1, "some other rule");
        assert_eq!(
            modifier("Kurn", "C2", &p),
            "+1 faction penalty (some other rule)"
        );
    }

    #[test]
    fn the_row_card_and_amount_are_not_repeated() {
        let p = m(
            "ship-penalty",
            5,
            "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant",
        );
        assert_eq!(
            modifier("Cloaking Device", "T240", &p),
            "+5 ship penalty (unless on the U.S.S. Defiant)"
        );
        let d = m("discount", -1, "Romulan Drone Ship (S1)");
        assert_eq!(
            modifier("X", "Y", &d),
            "-1 discount (Romulan Drone Ship (S1))"
        );
        assert_eq!(modifiers("X", "Y", &[d.clone(), d]).lines().count(), 2);
    }
}
