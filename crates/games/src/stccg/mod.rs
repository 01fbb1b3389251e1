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

pub(crate) mod data;
mod summary;

use crate::input::{self, loose, Fields};
use crate::Checked;
use crate::{run, RuleSet, Summary};
use data::{Class, Facts};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::Spanned;
use fleetcheck_input::tree::{Node, Open};
use serde_json::{json, Value};
use std::ops::Range;

crate::rule_set! {
    /// The Star Trek CCG rule set.
    id: "stccg",
    title: "Star Trek CCG (first edition), First Contact deck rules",
    name: "Star Trek CCG",
    codes {
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

use summary::{details, summary};

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

fn read(_: &Source, _: &Open, root: &Node, f: &Facts, diags: &mut Vec<Diagnostic>) -> Option<Deck> {
    let (top, name) = input::top_level(root, TOP_KEYS, "in a Star Trek CCG deck list", diags)?;
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

#[cfg(test)]
mod tests;
