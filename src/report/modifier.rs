//! A cost modifier in a table's few words: the short form of the
//! `Modifiers` column of `check`, `sideboard` and `options`
//! ("+1 faction (Romulan on Federation)"). The long form is the modifier's
//! own sentence (`Modifier::source`), shown whole by `price` and in the
//! JSON report.

use super::model::Modifier;

/// The modifiers of one card, each in its short form, one per line.
pub fn modifiers(name: &str, id: &str, mods: &[Modifier]) -> String {
    mods.iter()
        .map(|m| modifier(name, id, m))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One modifier of the card `name` (`id`): signed amount, short kind, and
/// its source without what the row already says (the card's own name, the
/// amount): "Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant"
/// on the Cloaking Device's row becomes "+5 ship penalty (unless on the
/// U.S.S. Defiant)", and a faction penalty names the two factions only:
/// "+1 faction (Romulan on Federation)".
pub fn modifier(name: &str, id: &str, m: &Modifier) -> String {
    if m.kind == "faction-penalty" {
        if let Some(short) = faction(name, &m.source) {
            return format!("{:+} faction ({short})", m.amount);
        }
    }
    let kind = match m.kind.as_str() {
        "faction-penalty" => "faction penalty",
        "ship-penalty" => "ship penalty",
        "set-cost" => "set cost",
        k => k,
    };
    let own = format!("{name} ({id}):");
    let amount = format!("{:+} SP", m.amount);
    let mut source = m.source.trim();
    source = source
        .strip_prefix(own.as_str())
        .unwrap_or(source)
        .trim_start();
    source = source
        .strip_prefix(amount.as_str())
        .unwrap_or(source)
        .trim_start();
    if source.is_empty() {
        format!("{:+} {kind}", m.amount)
    } else {
        format!("{:+} {kind} ({source})", m.amount)
    }
}

/// "Romulan on Federation" (", doubled" when a card doubles it) from the
/// engine's "Donatra is Romulan but U.S.S. Enterprise-D is Federation[;
/// doubled by ...]"; `None` for a sentence of another shape, which is then
/// shown whole.
fn faction(name: &str, source: &str) -> Option<String> {
    let (main, doubled) = match source.split_once("; doubled by ") {
        Some((main, _)) => (main, true),
        None => (source, false),
    };
    let rest = main.strip_prefix(name)?;
    let (card, ship) = rest.split_once(" but ")?;
    let of = |what: &str| -> Option<String> {
        let what = what.trim();
        if what.ends_with(" has no faction") || what == "has no faction" {
            return Some("no faction".into());
        }
        let factions = what
            .strip_prefix("is ")
            .or_else(|| what.rsplit_once(" is ").map(|(_, f)| f))?;
        Some(factions.trim().to_string())
    };
    let card = of(card)?;
    let ship = of(ship)?;
    Some(if doubled {
        format!("{card} on {ship}, doubled")
    } else {
        format!("{card} on {ship}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(kind: &str, amount: i32, source: &str) -> Modifier {
        Modifier {
            kind: kind.into(),
            amount,
            source: source.into(),
        }
    }

    #[test]
    fn a_faction_penalty_names_the_two_factions() {
        let p = m(
            "faction-penalty",
            1,
            "Donatra is Romulan but U.S.S. Enterprise-D is Federation",
        );
        assert_eq!(
            modifier("Donatra", "Cap643", &p),
            "+1 faction (Romulan on Federation)"
        );
        let p = m(
            "faction-penalty",
            2,
            "Worf is Klingon and Federation but Soong has no faction; doubled by X (E1)",
        );
        assert_eq!(
            modifier("Worf", "C1", &p),
            "+2 faction (Klingon and Federation on no faction, doubled)"
        );
        let p = m(
            "faction-penalty",
            1,
            "Kurn has no faction but I.K.S. Ch'Tang is Klingon",
        );
        assert_eq!(
            modifier("Kurn", "C2", &p),
            "+1 faction (no faction on Klingon)"
        );
        // A sentence of another shape is shown whole.
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
