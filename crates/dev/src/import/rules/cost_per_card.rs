//! A card's own cost counted per card of its ship (`rules.cost_per_card`):
//! "This card costs -1 SP for each [Independent] [question] Upgrade
//! equipped to this ship" (Iden, Cap037: each Independent ? Upgrade; the
//! bold "?" of the raw text is the ? type's icon, `text::clean`). The
//! qualifiers are read as every card filter's are (`qualifiers`): factions,
//! slot icons, the ? type.
//!
//! ```toml
//! [[card.rules.cost_per_card]]
//! amount = -1
//! per = { factions = ["independent"], question = true }
//! ```

use super::{push_unique, qualifiers, span_of, Cx, Kind, Subject};
use crate::import::ImportError;
use fleetcheck_data::model::CostPerCard;
use regex::Regex;
use std::sync::LazyLock;

pub const KIND: Kind = Kind {
    name: "cost_per_card",
    apply,
};

static PER_CARD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^this (?:card|captain|upgrade) costs? ([+-])\s?(\d+)\s?sp for each ((?:[\w'-]+ |\[[a-z]+\] )*?)upgrades? equipped to this ship\.?$",
    )
    .unwrap()
});

fn apply(_cx: &Cx, s: &mut Subject) -> Result<(), ImportError> {
    let mut spans = Vec::new();
    for (at, t) in s.text.sentences() {
        let Some(c) = PER_CARD.captures(t.trim_end()) else {
            continue;
        };
        let (Some(per), Ok(n)) = (qualifiers(&c[3]), c[2].parse::<i32>()) else {
            continue;
        };
        let amount = if &c[1] == "-" { -n } else { n };
        if amount != 0 {
            push_unique(&mut s.card.rules.cost_per_card, CostPerCard { amount, per });
            spans.push(span_of(&c, at));
        }
    }
    s.text.consume_all(spans);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::testing::{cx, subject};
    use super::*;
    use fleetcheck_data::model::CardFilter;
    use serde_json::json;

    fn run(text: &str) -> Subject<'static> {
        let mut s = subject("X1", text, json!({"type": "captain", "skill": 10}));
        apply(&cx(), &mut s).unwrap();
        s
    }

    #[test]
    fn iden_counts_independent_question_upgrades() {
        // Cap037 Iden, as the raw text has it.
        let s = run("You cannot have an Admiral and/or Ambassador equipped to this ship. <hr> This card costs -1 SP for each <img src='img/text/faction-indy.png' width='20' height='20' title='Independent Faction'> <b>?</b> Upgrade equipped to this ship. <hr> Add 1 [crit].");
        assert_eq!(
            s.card.rules.cost_per_card,
            [CostPerCard {
                amount: -1,
                per: CardFilter {
                    factions: vec!["independent".into()],
                    question: true,
                    ..CardFilter::default()
                },
            }]
        );
        let at = s.text.text.find("This card costs").unwrap();
        assert!(s.text.is_consumed(at));
    }

    #[test]
    fn other_qualifiers_and_other_phrases() {
        let s = run("This card costs +1 SP for each Klingon [crew] Upgrade equipped to this ship.");
        assert_eq!(s.card.rules.cost_per_card[0].amount, 1);
        assert_eq!(s.card.rules.cost_per_card[0].per.slots, ["crew"]);
        assert!(!s.card.rules.cost_per_card[0].per.question);
        // Not a card of the ship, or a word no filter reads: left alone.
        for text in [
            "This card costs -1 SP for each Testa aboard this ship.",
            "This card costs -1 SP for each damaged Upgrade equipped to this ship.",
        ] {
            assert!(run(text).card.rules.cost_per_card.is_empty(), "{text}");
        }
    }
}
