//! The stccg state summary: text and tables for the report, and the
//! same as a tree of values for the JSON report.

use super::*;

pub(super) fn summary(d: &Deck, f: &Facts) -> Summary {
    let (borg, inferred) = d.borg(f);
    let plays = match (&d.affiliation, borg, inferred) {
        (Some(a), _, _) => format!(
            "plays {} (declared)",
            f.affiliation(a).map_or(a.clone(), |n| n.name.clone())
        ),
        (None, true, _) => "plays Borg (it has Borg personnel, ships or facilities)".into(),
        (None, false, _) => "does not play Borg".into(),
    };
    let mut out = Summary::from(format!(
        "Deck list: {} cards; {plays}\n",
        d.cards.iter().map(|c| c.count).sum::<i64>()
    ));
    let seed = d.count("seed");
    let draw = d.count("draw");
    let status = |ok: bool| if ok { "ok" } else { "no" };
    out.table(
        &["Pile", "Cards", "Rule", "Status"],
        vec![
            vec![
                "Seed".into(),
                seed.to_string(),
                format!("at most {}", f.deck.max_seed),
                status(seed <= f.deck.max_seed).into(),
            ],
            vec![
                "Draw deck".into(),
                draw.to_string(),
                format!("at least {}", f.deck.min_draw),
                status(draw >= f.deck.min_draw).into(),
            ],
            vec![
                "Side decks".into(),
                d.count("side").to_string(),
                "-".into(),
                "ok".into(),
            ],
        ],
        &[1],
    );
    out.text("\n");
    let rows = d
        .cards
        .iter()
        .map(|c| {
            vec![
                c.name.clone(),
                f.types[c.kind].name.clone(),
                c.pile.to_string(),
                if c.affiliations.is_empty() {
                    "-".into()
                } else {
                    affiliation_names(f, c)
                },
                if c.icons.is_empty() {
                    "-".into()
                } else {
                    c.icons.join(", ")
                },
                if c.unique { "yes" } else { "no" }.into(),
                c.location
                    .as_ref()
                    .map_or_else(|| "-".into(), |l| l.value.trim().to_string()),
                c.count.to_string(),
            ]
        })
        .collect();
    out.text("\nCards\n");
    out.table(
        &[
            "Card",
            "Type",
            "Deck",
            "Affiliation",
            "Icons",
            "Unique",
            "Seeded at",
            "Count",
        ],
        rows,
        &[7],
    );
    out.text("\n");
    out
}

pub(super) fn details(d: &Deck, f: &Facts) -> Value {
    let (borg, inferred) = d.borg(f);
    let cards: Vec<Value> = d
        .cards
        .iter()
        .map(|c| {
            let mut v = json!({
                "name": c.name,
                "type": f.types[c.kind].id,
                "deck": c.pile,
                "affiliation": c.affiliations,
                "icons": c.icons,
                "unique": c.unique,
                "count": c.count,
            });
            if let Some(l) = &c.location {
                v["location"] = json!(l.value.trim());
            }
            v
        })
        .collect();
    json!({
        "affiliation": d.affiliation,
        "borg_deck": borg,
        "borg_inferred": borg && inferred,
        "seed": d.count("seed"),
        "draw": d.count("draw"),
        "side": d.count("side"),
        "max_seed": f.deck.max_seed,
        "min_draw": f.deck.min_draw,
        "cards": cards,
    })
}
