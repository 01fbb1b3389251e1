//! Star Trek CCG (first edition) deck lists under the First Contact rules
//! supplement, `game = "stccg"` (seed 004).
//!
//! A file lists the cards of a deck (`[[card]]`: name, type, seed, draw or
//! side deck, affiliation, icons, uniqueness, count). Checked: at most 30
//! seed cards and at least 30 draw-deck cards; unique missions not
//! duplicated; at most one artifact seeded per location (an illegal
//! artifact mis-seeds all of them); Borg-use-only cards only in a Borg deck;
//! no non-Borg personnel, ships or facilities in a Borg deck's draw deck or
//! side decks. Each violation names the cards.
//!
//! Rules about what is *in play* are not deck construction: they are notes,
//! never errors. Only one Borg Queen may be in play per collective, but she
//! is neither unique nor universal, so a deck may hold several copies
//! (`borg-queen`); a unique card may be in play once per player, so a deck
//! may hold several copies of it (no diagnostic); the Borg do not mix or
//! cooperate with non-Borg cards, which is a note for the non-Borg cards a
//! Borg deck seeds (`borg-cooperation`), since the deck rule names the draw
//! deck and side decks only.
//!
//! A deck plays Borg when it says `affiliation = "borg"` at the top, or,
//! without that key, when any of its personnel, ships or facilities is Borg.
//!
//! ```toml
//! game = "stccg"
//! affiliation = "borg"
//! [[card]]
//! name = "Borg Queen"
//! type = "personnel"
//! deck = "draw"
//! affiliation = "borg"
//! unique = true
//! ```

pub mod data;

use crate::games::input::{self, loose, Fields};
use crate::games::Checked;
use crate::games::{run, Game, RuleSet, Summary};
use crate::input::diag::{Diagnostic, InputCode, Source};
use crate::input::tree::Node;
use crate::input::tree::Spanned;
use data::{Class, Facts};
use serde_json::{json, Value};
use std::ops::Range;

/// The Star Trek CCG rule set.
pub const GAME: Game = Game {
    id: "stccg",
    title: "Star Trek CCG (first edition), First Contact deck rules",
    codes: Code::TABLE,
    check,
};

crate::input::diag::codes! {
    /// The diagnostic codes of this rule set (besides the shared
    /// `InputCode`s); the README's table of them is generated from here.
    pub enum Code: Rule {
        SeedLimit = ("seed-limit", Error, "more than 30 seed cards"),
        DrawMinimum = ("draw-minimum", Error, "fewer than 30 cards in the draw deck"),
        UniqueMission = ("unique-mission", Error, "a unique mission is in the deck more than once (mark a universal mission `unique = false`)"),
        ArtifactLocation = ("artifact-location", Error, "more than one artifact seeded at one location; names them, and all of the deck's seeded artifacts are mis-seeded"),
        BorgOnly = ("borg-only", Error, "a Borg-use-only card in a deck that does not play Borg"),
        BorgAffiliation = ("borg-affiliation", Error, "a non-Borg (or non-aligned) personnel, ship or facility in a Borg deck's draw deck or side decks"),
        BorgCooperation = ("borg-cooperation", Note, "a Borg deck seeds a non-Borg personnel, ship or facility: legal, but in play the Borg do not mix or cooperate with it"),
        BorgQueen = ("borg-queen", Note, "more than one Borg Queen in the deck: legal (neither unique nor universal), but only one may be in play per collective at a time"),
    }
}

const TOP_KEYS: &[&str] = &["affiliation", "card"];
const CARD_KEYS: &[&str] = &[
    "name",
    "type",
    "deck",
    "affiliation",
    "icons",
    "unique",
    "count",
    "location",
    "exempt",
];
/// The piles of a deck.
const PILES: &[&str] = &["seed", "draw", "side"];
/// The rules a card's own text may set aside (`exempt`).
const EXEMPTIBLE: &[&str] = &["artifact-location", "unique-mission"];

#[derive(Debug, Clone)]
struct Card {
    name: String,
    /// The `[[card]]` table.
    span: Range<usize>,
    /// Index into `Facts::types`.
    kind: usize,
    pile: &'static str,
    /// Affiliation ids.
    affiliations: Vec<String>,
    /// Icon ids, and the span of `icons`.
    icons: Vec<String>,
    icons_span: Option<Range<usize>>,
    unique: bool,
    count: i64,
    location: Option<Spanned<String>>,
    exempt: Vec<String>,
}

impl Card {
    fn class(&self, f: &Facts) -> Class {
        f.types[self.kind].class
    }

    fn is_borg(&self) -> bool {
        self.affiliations.iter().any(|a| a == "borg")
    }

    /// Personnel, ships and facilities: what a Borg deck restricts.
    fn is_crew_ship_or_facility(&self, f: &Facts) -> bool {
        matches!(
            self.class(f),
            Class::Personnel | Class::Ship | Class::Facility
        )
    }
}

struct Deck {
    name: Option<String>,
    /// The declared affiliation id.
    affiliation: Option<String>,
    cards: Vec<Card>,
}

impl Deck {
    fn count(&self, pile: &str) -> i64 {
        self.cards
            .iter()
            .filter(|c| c.pile == pile)
            .map(|c| c.count)
            .sum()
    }

    /// True when the deck plays Borg; and whether that was inferred.
    fn borg(&self, f: &Facts) -> (bool, bool) {
        match &self.affiliation {
            Some(a) => (a == "borg", false),
            None => (
                self.cards
                    .iter()
                    .any(|c| c.is_crew_ship_or_facility(f) && c.is_borg()),
                true,
            ),
        }
    }
}

/// Checks a Star Trek CCG file.
pub fn check(source: Source) -> Checked {
    run(
        &RuleSet {
            id: GAME.id,
            name: "Star Trek CCG",
            facts: data::facts,
            read,
            title: |s| s.name.clone(),
            rules,
            summary,
            details,
        },
        source,
    )
}

fn read(source: &Source, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let root = input::parse(source, diags)?;
    let (top, name) = input::top_level(&root, TOP_KEYS, "in a Star Trek CCG deck list", diags)?;
    let affiliation = top
        .string("affiliation", diags)
        .and_then(|a| affiliation_id(f, &a, diags));
    let mut cards = Vec::new();
    for node in top.tables("card", diags) {
        if let Some(c) = card(node, f, diags) {
            cards.push(c);
        }
    }
    if top.entry("card").is_none() {
        diags.push(
            Diagnostic::new(
                InputCode::Empty,
                "nothing to check: the deck list has no [[card]]",
            )
            .with_span(Some(0..0))
            .with_help("add a [[card]] with name, type and deck for each card"),
        );
    }
    Some(Deck {
        name,
        affiliation,
        cards,
    })
}

fn affiliation_id(f: &Facts, s: &Spanned<String>, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match f.affiliation(&s.value) {
        Some(a) => Some(a.id.clone()),
        None => {
            diags.push(input::unknown_value(
                InputCode::Shape,
                "affiliation",
                &s.value,
                &s.span,
                f.affiliations.iter().map(|a| a.id.as_str()),
            ));
            None
        }
    }
}

fn card(node: &Node, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<Card> {
    let t = Fields::new(node, "a [[card]]", "in a [[card]]", CARD_KEYS, diags)?;
    let mut ok = t.require("name", "name = \"Jean-Luc Picard\"", diags);
    ok &= t.require("type", "type = \"personnel\"", diags);
    ok &= t.require("deck", "deck = \"draw\"   # seed, draw or side", diags);
    let name = t.string("name", diags);
    let kind = t.string("type", diags).and_then(|s| {
        let found = f
            .types
            .iter()
            .position(|x| f.card_type(&s.value).is_some_and(|y| y.id == x.id));
        if found.is_none() {
            diags.push(input::unknown_value(
                InputCode::Shape,
                "card type",
                &s.value,
                &s.span,
                f.types.iter().map(|x| x.id.as_str()),
            ));
        }
        found
    });
    let pile = t.string("deck", diags).and_then(|s| {
        let l = loose(&s.value);
        let found = PILES.iter().find(|p| loose(p) == l).copied();
        if found.is_none() {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!(
                        "`deck` must be \"seed\", \"draw\" or \"side\", found \"{}\"",
                        s.value
                    ),
                )
                .with_span(Some(s.span.clone())),
            );
        }
        found
    });
    let affiliations: Vec<String> = t
        .strings("affiliation", diags)
        .unwrap_or_default()
        .iter()
        .filter_map(|a| affiliation_id(f, a, diags))
        .collect();
    let icons_span = t.entry("icons").map(|e| e.node.span.clone());
    let mut icons = Vec::new();
    for i in t.strings("icons", diags).unwrap_or_default() {
        match f.icon(&i.value) {
            Some(icon) => icons.push(icon.id.clone()),
            None => diags.push(input::unknown_value(
                InputCode::Shape,
                "icon",
                &i.value,
                &i.span,
                f.icons.iter().map(|x| x.id.as_str()),
            )),
        }
    }
    let unique = t.boolean("unique", diags).map(|b| b.value);
    let count = t.integer("count", 1, diags).map_or(1, |c| c.value);
    let location = t.string("location", diags);
    let mut exempt = Vec::new();
    for e in t.strings("exempt", diags).unwrap_or_default() {
        match EXEMPTIBLE.iter().find(|c| **c == e.value.trim()) {
            Some(c) => exempt.push(c.to_string()),
            None => diags.push(input::unknown_value(
                InputCode::Shape,
                "rule to exempt",
                &e.value,
                &e.span,
                EXEMPTIBLE.iter().copied(),
            )),
        }
    }
    let (Some(name), Some(kind), Some(pile), true) = (name, kind, pile, ok) else {
        return None;
    };
    let ty = &f.types[kind];
    // What the rules need to know about the card must be there.
    if matches!(ty.class, Class::Personnel | Class::Ship | Class::Facility)
        && affiliations.is_empty()
        && t.entry("affiliation").is_none()
    {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!(
                    "{} is a {} card and needs an `affiliation`",
                    name.value,
                    ty.name.to_lowercase()
                ),
            )
            .with_span(Some(input::header(node)))
            .with_help("add a line such as: affiliation = \"federation\" (or \"non-aligned\")"),
        );
    }
    if ty.class == Class::Artifact && pile == "seed" && location.is_none() {
        diags.push(
            Diagnostic::new(
                InputCode::Shape,
                format!("the seeded artifact {} needs a `location`", name.value),
            )
            .with_span(Some(input::header(node)))
            .with_help("add the mission it is seeded under, such as: location = \"Reunion\""),
        );
    }
    Some(Card {
        name: name.value.trim().to_string(),
        span: node.span.clone(),
        kind,
        pile,
        affiliations,
        icons,
        icons_span,
        unique: unique.unwrap_or(ty.unique_by_default),
        count,
        location,
        exempt,
    })
}

/// The affiliation names of a card, for messages ("Federation").
fn affiliation_names(f: &Facts, c: &Card) -> String {
    c.affiliations
        .iter()
        .filter_map(|a| f.affiliation(a).map(|n| n.name.clone()))
        .collect::<Vec<_>>()
        .join("/")
}

fn rules(d: &Deck, f: &Facts, diags: &mut Vec<Diagnostic>) {
    let max_seed = f.deck.max_seed;
    let seed = d.count("seed");
    if seed > max_seed {
        // The card with which the seed count went past the limit.
        let mut run = 0;
        let at = d
            .cards
            .iter()
            .filter(|c| c.pile == "seed")
            .find(|c| {
                run += c.count;
                run > max_seed
            })
            .map(|c| input::header_of(&c.span));
        diags.push(
            Diagnostic::new(
                Code::SeedLimit,
                format!("the deck has {seed} seed cards; at most {max_seed} may be seeded"),
            )
            .with_span(at),
        );
    }
    let min_draw = f.deck.min_draw;
    let draw = d.count("draw");
    if draw < min_draw {
        let at = d
            .cards
            .iter()
            .rfind(|c| c.pile == "draw")
            .map_or(0..1, |c| input::header_of(&c.span));
        diags.push(
            Diagnostic::new(
                Code::DrawMinimum,
                format!(
                    "the draw deck has {draw} cards; it needs at least {min_draw} ({} more)",
                    min_draw - draw
                ),
            )
            .with_span(Some(at)),
        );
    }
    // Unique missions: once in the whole deck.
    let missions: Vec<&Card> = d
        .cards
        .iter()
        .filter(|c| {
            c.class(f) == Class::Mission
                && c.unique
                && !c.exempt.iter().any(|e| e == "unique-mission")
        })
        .collect();
    for (i, c) in missions.iter().enumerate() {
        let earlier = missions[..i]
            .iter()
            .any(|o| loose(&o.name) == loose(&c.name));
        if earlier {
            continue;
        }
        let copies: i64 = missions
            .iter()
            .filter(|o| loose(&o.name) == loose(&c.name))
            .map(|o| o.count)
            .sum();
        if copies > 1 {
            let second = missions
                .iter()
                .filter(|o| loose(&o.name) == loose(&c.name))
                .nth(1)
                .unwrap_or(c);
            diags.push(
                Diagnostic::new(
                    Code::UniqueMission,
                    format!(
                        "the unique mission {} is in the deck {copies} times; unique missions may not be duplicated",
                        c.name
                    ),
                )
                .with_span(Some(input::header_of(&second.span)))
                .with_help("a universal mission may be duplicated: mark it `unique = false`"),
            );
        }
    }
    // One artifact per location.
    let artifacts: Vec<&Card> = d
        .cards
        .iter()
        .filter(|c| c.class(f) == Class::Artifact && c.pile == "seed")
        .collect();
    let all: i64 = artifacts.iter().map(|c| c.count).sum();
    let mut done: Vec<String> = Vec::new();
    for c in &artifacts {
        let Some(loc) = &c.location else { continue };
        let key = loose(&loc.value);
        if done.contains(&key) {
            continue;
        }
        done.push(key.clone());
        let here: Vec<&&Card> = artifacts
            .iter()
            .filter(|o| o.location.as_ref().is_some_and(|l| loose(&l.value) == key))
            .filter(|o| !o.exempt.iter().any(|e| e == "artifact-location"))
            .collect();
        let n: i64 = here.iter().map(|o| o.count).sum();
        if n > 1 {
            let names: Vec<String> = here
                .iter()
                .map(|o| {
                    if o.count > 1 {
                        format!("{} ×{}", o.name, o.count)
                    } else {
                        o.name.clone()
                    }
                })
                .collect();
            let at = if here.len() > 1 {
                here[1].location.as_ref().map(|l| l.span.clone())
            } else {
                here[0].location.as_ref().map(|l| l.span.clone())
            };
            diags.push(
                Diagnostic::new(
                    Code::ArtifactLocation,
                    format!(
                        "{n} artifacts are seeded at {} ({}); a player seeds at most one artifact per location, so all {all} of the deck's seeded artifacts are mis-seeded",
                        loc.value.trim(),
                        names.join(", ")
                    ),
                )
                .with_span(at)
                .with_help("a card whose own text allows it can say so with: exempt = [\"artifact-location\"]"),
            );
        }
    }
    let (borg, inferred) = d.borg(f);
    for c in &d.cards {
        if !borg && c.icons.iter().any(|i| i == "borg-only") {
            diags.push(
                Diagnostic::new(
                    Code::BorgOnly,
                    format!(
                        "{} has the Borg-use-only icon: it may be in a deck and used only when playing the Borg affiliation",
                        c.name
                    ),
                )
                .with_span(c.icons_span.clone().or(Some(input::header_of(&c.span)))),
            );
        }
        if borg && c.is_crew_ship_or_facility(f) && !c.is_borg() {
            let why = if inferred {
                " (the deck plays Borg: it has Borg personnel, ships or facilities)"
            } else {
                ""
            };
            let what = format!(
                "{} is a {} {}",
                c.name,
                affiliation_names(f, c),
                f.types[c.kind].name.to_lowercase()
            );
            // The rule names the draw deck and the side decks; what a
            // seeded card may do is a matter of play.
            let d = if c.pile == "seed" {
                note(
                    Code::BorgCooperation,
                    format!(
                        "{what} seeded by a Borg deck{why}: the Borg deck rule covers the draw deck and side decks, but in play the Borg do not mix or cooperate with non-Borg cards"
                    ),
                )
            } else {
                Diagnostic::new(
                    Code::BorgAffiliation,
                    format!(
                        "{what} in {} of a Borg deck: a Borg player may not use non-Borg personnel, ships or facilities in the draw deck or side decks{why}",
                        pile_name(c.pile)
                    ),
                )
            };
            diags.push(d.with_span(Some(input::header_of(&c.span))));
        }
    }
    let queens: Vec<&Card> = d
        .cards
        .iter()
        .filter(|c| f.is_borg_queen(&c.name))
        .collect();
    let n: i64 = queens.iter().map(|c| c.count).sum();
    if n > 1 {
        let at = if queens.len() > 1 {
            queens[1]
        } else {
            queens[0]
        };
        // A rule of play, not of the deck: a note.
        diags.push(
            note(
                Code::BorgQueen,
                format!("the deck has {n} Borg Queen cards: she is neither unique nor universal, so the deck may hold several, but only one Borg Queen may be in play per collective at a time"),
            )
            .with_span(Some(input::header_of(&at.span))),
        );
    }
}

/// A note: what the deck list implies in play, never an error.
fn note(code: Code, message: String) -> Diagnostic {
    code.diag(message)
}

/// "the draw deck", "a side deck", "the seed cards".
fn pile_name(pile: &str) -> &'static str {
    match pile {
        "seed" => "the seed cards",
        "side" => "a side deck",
        _ => "the draw deck",
    }
}

fn summary(d: &Deck, f: &Facts) -> Summary {
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

fn details(d: &Deck, f: &Facts) -> Value {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::diag::Severity;

    fn run(text: &str) -> Checked {
        check(Source {
            path: "d.toml".into(),
            text: text.into(),
        })
    }

    fn msgs(c: &Checked) -> Vec<(&str, &str)> {
        c.diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.message.as_str()))
            .collect()
    }

    const FILLER: &str =
        "[[card]]\nname = \"Filler\"\ntype = \"event\"\ndeck = \"draw\"\ncount = 30\n";

    #[test]
    fn limits_and_uniqueness() {
        let c = run("game = \"stccg\"\n[[card]]\nname = \"Reunion\"\ntype = \"mission\"\ndeck = \"seed\"\ncount = 2\n[[card]]\nname = \"Dilemma\"\ntype = \"dilemma\"\ndeck = \"seed\"\ncount = 29\n[[card]]\nname = \"Filler\"\ntype = \"event\"\ndeck = \"draw\"\ncount = 29\n");
        assert_eq!(
            msgs(&c),
            vec![
                ("seed-limit", "the deck has 31 seed cards; at most 30 may be seeded"),
                ("draw-minimum", "the draw deck has 29 cards; it needs at least 30 (1 more)"),
                ("unique-mission", "the unique mission Reunion is in the deck 2 times; unique missions may not be duplicated"),
            ]
        );
    }

    #[test]
    fn universal_missions_may_be_duplicated() {
        let c = run(&format!("game = \"stccg\"\n[[card]]\nname = \"Space\"\ntype = \"mission\"\ndeck = \"seed\"\nunique = false\ncount = 2\n{FILLER}"));
        assert_eq!(msgs(&c), vec![]);
    }

    /// Code, severity and message of every diagnostic.
    fn all(c: &Checked) -> Vec<(&str, Severity, &str)> {
        c.diagnostics
            .iter()
            .map(|d| (d.code.as_str(), d.severity, d.message.as_str()))
            .collect()
    }

    /// A card line: name, type, pile, then any other keys.
    fn card(name: &str, ty: &str, pile: &str, rest: &str) -> String {
        format!("[[card]]\nname = \"{name}\"\ntype = \"{ty}\"\ndeck = \"{pile}\"\n{rest}\n")
    }

    fn deck(top: &str, cards: &[String]) -> Checked {
        run(&format!("game = \"stccg\"\n{top}\n{}", cards.concat()))
    }

    #[test]
    fn seed_limit_is_thirty_seed_cards() {
        let ok = deck(
            "",
            &[
                card("Nagilum", "dilemma", "seed", "count = 30"),
                FILLER.into(),
            ],
        );
        assert_eq!(all(&ok), vec![]);
        let c = deck(
            "",
            &[
                card("Nagilum", "dilemma", "seed", "count = 31"),
                FILLER.into(),
            ],
        );
        assert_eq!(
            all(&c),
            vec![(
                "seed-limit",
                Severity::Error,
                "the deck has 31 seed cards; at most 30 may be seeded"
            )]
        );
        assert_eq!(c.exit_code(), 1);
    }

    #[test]
    fn draw_minimum_is_thirty_draw_deck_cards_side_decks_not_counted() {
        let ok = deck("", &[card("Filler", "event", "draw", "count = 30")]);
        assert_eq!(all(&ok), vec![]);
        // No upper limit any more (no 60-card deck).
        let big = deck("", &[card("Filler", "event", "draw", "count = 200")]);
        assert_eq!(all(&big), vec![]);
        let c = deck(
            "",
            &[
                card("Filler", "event", "draw", "count = 29"),
                card("Tent card", "event", "side", "count = 5"),
            ],
        );
        assert_eq!(
            all(&c),
            vec![(
                "draw-minimum",
                Severity::Error,
                "the draw deck has 29 cards; it needs at least 30 (1 more)"
            )]
        );
    }

    #[test]
    fn unique_missions_once_universal_or_exempt_ones_more() {
        let c = deck(
            "",
            &[
                card("Reunion", "mission", "seed", ""),
                card("reunion", "mission", "seed", ""),
                card("Space", "mission", "seed", "unique = false\ncount = 2"),
                card(
                    "Q-Flash mission",
                    "mission",
                    "seed",
                    "exempt = [\"unique-mission\"]\ncount = 2",
                ),
                FILLER.into(),
            ],
        );
        assert_eq!(
            all(&c),
            vec![("unique-mission", Severity::Error, "the unique mission Reunion is in the deck 2 times; unique missions may not be duplicated")]
        );
    }

    #[test]
    fn one_artifact_per_location_or_all_are_mis_seeded() {
        let c = deck(
            "",
            &[
                card("Horga'hn", "artifact", "seed", "location = \"Reunion\""),
                card(
                    "Thought Maker",
                    "artifact",
                    "seed",
                    "location = \"Reunion\"",
                ),
                card(
                    "Betazoid Gift Box",
                    "artifact",
                    "seed",
                    "location = \"Covert Installation\"",
                ),
                card(
                    "Cryosatellite",
                    "artifact",
                    "seed",
                    "location = \"Covert Installation\"\nexempt = [\"artifact-location\"]",
                ),
                // Not seeded: not at a location.
                card("Horga'hn", "artifact", "draw", ""),
                FILLER.into(),
            ],
        );
        assert_eq!(
            all(&c),
            vec![("artifact-location", Severity::Error, "2 artifacts are seeded at Reunion (Horga'hn, Thought Maker); a player seeds at most one artifact per location, so all 4 of the deck's seeded artifacts are mis-seeded")]
        );
    }

    #[test]
    fn borg_only_cards_only_in_a_borg_deck() {
        let objective = card(
            "Assimilate Planet",
            "objective",
            "draw",
            "icons = [\"borg-only\"]",
        );
        let c = deck(
            "affiliation = \"klingon\"",
            &[objective.clone(), FILLER.into()],
        );
        assert_eq!(
            all(&c),
            vec![("borg-only", Severity::Error, "Assimilate Planet has the Borg-use-only icon: it may be in a deck and used only when playing the Borg affiliation")]
        );
        // Nothing says the deck plays Borg: the same.
        let c = deck("", &[objective.clone(), FILLER.into()]);
        assert_eq!(all(&c)[0].0, "borg-only");
        let c = deck(
            "affiliation = \"borg\"",
            &[objective.clone(), FILLER.into()],
        );
        assert_eq!(all(&c), vec![]);
        // A deck with Borg personnel plays Borg.
        let drone = card(
            "Two of Eleven",
            "personnel",
            "draw",
            "affiliation = \"borg\"",
        );
        let c = deck("", &[objective, drone, FILLER.into()]);
        assert_eq!(all(&c), vec![]);
    }

    #[test]
    fn borg_decks_use_no_non_borg_crew_ships_or_facilities_in_draw_and_side_decks() {
        let c = deck(
            "affiliation = \"borg\"",
            &[
                card("Data", "personnel", "draw", "affiliation = \"federation\""),
                card("Hugh", "personnel", "side", "affiliation = \"non-aligned\""),
                card(
                    "Federation Outpost",
                    "outpost",
                    "seed",
                    "affiliation = \"federation\"",
                ),
                card("Borg Cube", "ship", "draw", "affiliation = \"borg\""),
                card(
                    "Two-faced",
                    "personnel",
                    "draw",
                    "affiliation = [\"borg\", \"federation\"]",
                ),
                card("Phaser", "equipment", "draw", ""),
                FILLER.into(),
            ],
        );
        assert_eq!(
            all(&c),
            vec![
                ("borg-affiliation", Severity::Error, "Data is a Federation personnel in the draw deck of a Borg deck: a Borg player may not use non-Borg personnel, ships or facilities in the draw deck or side decks"),
                ("borg-affiliation", Severity::Error, "Hugh is a Non-Aligned personnel in a side deck of a Borg deck: a Borg player may not use non-Borg personnel, ships or facilities in the draw deck or side decks"),
                ("borg-cooperation", Severity::Note, "Federation Outpost is a Federation facility seeded by a Borg deck: the Borg deck rule covers the draw deck and side decks, but in play the Borg do not mix or cooperate with non-Borg cards"),
            ]
        );
        // Only the note: the deck is legal.
        let c = deck(
            "",
            &[
                card(
                    "Federation Outpost",
                    "outpost",
                    "seed",
                    "affiliation = \"federation\"",
                ),
                card("Borg Cube", "ship", "draw", "affiliation = \"borg\""),
                FILLER.into(),
            ],
        );
        assert_eq!(
            all(&c),
            vec![("borg-cooperation", Severity::Note, "Federation Outpost is a Federation facility seeded by a Borg deck (the deck plays Borg: it has Borg personnel, ships or facilities): the Borg deck rule covers the draw deck and side decks, but in play the Borg do not mix or cooperate with non-Borg cards")]
        );
        assert_eq!(c.exit_code(), 0);
        // A deck that does not play Borg may use them all.
        let c = deck(
            "affiliation = \"federation\"",
            &[
                card("Data", "personnel", "draw", "affiliation = \"federation\""),
                FILLER.into(),
            ],
        );
        assert_eq!(all(&c), vec![]);
    }

    #[test]
    fn several_borg_queens_are_a_note_not_an_error() {
        let queen = |rest: &str| {
            card(
                "Borg Queen",
                "personnel",
                "draw",
                &format!("affiliation = \"borg\"\n{rest}"),
            )
        };
        let c = deck(
            "affiliation = \"borg\"",
            &[queen("count = 2"), FILLER.into()],
        );
        assert_eq!(
            all(&c),
            vec![("borg-queen", Severity::Note, "the deck has 2 Borg Queen cards: she is neither unique nor universal, so the deck may hold several, but only one Borg Queen may be in play per collective at a time")]
        );
        assert_eq!(c.exit_code(), 0);
        assert!(!c.diagnostics.iter().any(Diagnostic::is_error));
        // Two lines of one copy each: the same note, at the second.
        let c = deck(
            "affiliation = \"borg\"",
            &[
                queen(""),
                card("borg queen", "personnel", "side", "affiliation = \"borg\""),
                FILLER.into(),
            ],
        );
        assert_eq!(all(&c).len(), 1);
        assert_eq!(c.exit_code(), 0);
        let c = deck("affiliation = \"borg\"", &[queen(""), FILLER.into()]);
        assert_eq!(all(&c), vec![]);
    }

    #[test]
    fn copies_of_a_unique_personnel_are_legal() {
        let c = deck(
            "affiliation = \"federation\"",
            &[
                card(
                    "Jean-Luc Picard",
                    "personnel",
                    "draw",
                    "affiliation = \"federation\"\nunique = true\ncount = 3",
                ),
                FILLER.into(),
            ],
        );
        assert_eq!(all(&c), vec![]);
    }

    #[test]
    fn every_code_is_reported_with_its_registered_severity() {
        // One deck breaking every rule.
        let c = deck(
            "affiliation = \"borg\"",
            &[
                card("Reunion", "mission", "seed", "count = 2"),
                card("Nagilum", "dilemma", "seed", "count = 27"),
                card(
                    "Horga'hn",
                    "artifact",
                    "seed",
                    "location = \"Reunion\"\ncount = 2",
                ),
                card(
                    "Federation Outpost",
                    "outpost",
                    "seed",
                    "affiliation = \"federation\"",
                ),
                card("Data", "personnel", "draw", "affiliation = \"federation\""),
                card(
                    "Borg Queen",
                    "personnel",
                    "draw",
                    "affiliation = \"borg\"\ncount = 2",
                ),
            ],
        );
        let c2 = deck(
            "affiliation = \"klingon\"",
            &[card(
                "Assimilate Planet",
                "objective",
                "draw",
                "icons = [\"borg-only\"]",
            )],
        );
        let mut seen: Vec<(&str, Severity)> = all(&c)
            .iter()
            .chain(all(&c2).iter())
            .map(|(code, sev, _)| (*code, *sev))
            .collect();
        seen.sort_by_key(|(code, _)| *code);
        seen.dedup();
        let mut want: Vec<(&str, Severity)> =
            Code::TABLE.iter().map(|c| (c.code, c.severity)).collect();
        want.sort_by_key(|(code, _)| *code);
        assert_eq!(seen, want);
    }
}
