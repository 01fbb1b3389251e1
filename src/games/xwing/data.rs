//! The X-Wing damage decks (`data/xwing/*.toml`, one deck per file): card
//! numbers, names, traits and copy counts. Loaded once from the embedded
//! data and validated (numbers 1..n without gaps, names unique, copies
//! adding up to the deck's size).

use crate::games::input::loose;
use serde::Deserialize;
use std::sync::OnceLock;

/// One damage deck composition.
#[derive(Debug, Clone)]
pub struct Deck {
    /// `standard`, the value of `deck = "..."`.
    pub id: String,
    pub name: String,
    /// Cards in the deck (the sum of the copies).
    pub size: i64,
    /// By number: `cards[0]` is card 1.
    pub cards: Vec<DamageCard>,
}

/// One numbered damage card.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageCard {
    pub number: i64,
    pub name: String,
    /// `pilot` or `ship`.
    #[serde(rename = "trait")]
    pub trait_: String,
    pub copies: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    deck: DeckHead,
    card: Vec<DamageCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckHead {
    id: String,
    name: String,
    size: i64,
}

/// What a card reference in a file says: a number or a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardKey<'a> {
    Number(i64),
    Name(&'a str),
}

impl CardKey<'_> {
    /// Reads a string: all digits is a number, anything else a name.
    pub fn from_text(s: &str) -> CardKey<'_> {
        match s.trim().parse::<i64>() {
            Ok(n) => CardKey::Number(n),
            Err(_) => CardKey::Name(s),
        }
    }
}

impl Deck {
    /// The index (number - 1) of the card a reference names.
    pub fn find(&self, key: &CardKey) -> Option<usize> {
        match key {
            CardKey::Number(n) => {
                let i = usize::try_from(*n).ok()?.checked_sub(1)?;
                (i < self.cards.len()).then_some(i)
            }
            CardKey::Name(s) => {
                let l = loose(s);
                self.cards.iter().position(|c| loose(&c.name) == l)
            }
        }
    }

    /// "card 14 Direct Hit!".
    pub fn label(&self, i: usize) -> String {
        let c = &self.cards[i];
        format!("card {} {}", c.number, c.name)
    }
}

/// Every deck of the embedded data, or what is wrong with it.
pub fn decks() -> Result<&'static [Deck], String> {
    static DECKS: OnceLock<Result<Vec<Deck>, String>> = OnceLock::new();
    DECKS
        .get_or_init(|| load(crate::db::embedded::files("xwing")))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// Parses and validates deck files given as (path, text).
pub fn load<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Result<Vec<Deck>, String> {
    let mut decks: Vec<Deck> = Vec::new();
    for (path, text) in files {
        let f: DeckFile =
            toml::from_str(text).map_err(|e| format!("data/xwing/{path}: {}", e.message()))?;
        let deck = Deck {
            id: f.deck.id,
            name: f.deck.name,
            size: f.deck.size,
            cards: f.card,
        };
        validate(&deck).map_err(|e| format!("data/xwing/{path}: {e}"))?;
        if decks.iter().any(|d| d.id == deck.id) {
            return Err(format!("data/xwing/{path}: deck id {} twice", deck.id));
        }
        decks.push(deck);
    }
    if decks.is_empty() {
        return Err("data/xwing/ has no damage deck".into());
    }
    Ok(decks)
}

fn validate(deck: &Deck) -> Result<(), String> {
    for (i, c) in deck.cards.iter().enumerate() {
        if c.number != i as i64 + 1 {
            return Err(format!(
                "card {} ({}) is listed where number {} belongs: cards go 1..n in order",
                c.number,
                c.name,
                i + 1
            ));
        }
        if c.copies < 1 {
            return Err(format!("card {} has {} copies", c.number, c.copies));
        }
        if !matches!(c.trait_.as_str(), "pilot" | "ship" | "crew") {
            return Err(format!(
                "card {} has the unknown trait {}",
                c.number, c.trait_
            ));
        }
        if deck.cards[..i]
            .iter()
            .any(|o| loose(&o.name) == loose(&c.name))
        {
            return Err(format!("the name {} is used twice", c.name));
        }
    }
    let sum: i64 = deck.cards.iter().map(|c| c.copies).sum();
    if sum != deck.size {
        return Err(format!(
            "the copies add up to {sum}, the deck's size is {}",
            deck.size
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_decks_are_valid_and_the_standard_deck_is_exact() {
        let decks = decks().expect("the embedded X-Wing data is valid");
        let std = decks.iter().find(|d| d.id == "standard").unwrap();
        assert_eq!(std.size, 33);
        assert_eq!(std.cards.len(), 14);
        let copies: Vec<_> = std.cards.iter().map(|c| (c.number, c.copies)).collect();
        assert_eq!(
            copies,
            vec![
                (1, 2),
                (2, 2),
                (3, 2),
                (4, 2),
                (5, 2),
                (6, 2),
                (7, 2),
                (8, 2),
                (9, 2),
                (10, 2),
                (11, 2),
                (12, 2),
                (13, 4),
                (14, 5)
            ]
        );
        assert_eq!(std.cards[13].name, "Direct Hit!");
        assert_eq!(std.cards[12].name, "Fuel Leak");
        let pilots = std.cards.iter().filter(|c| c.trait_ == "pilot").count();
        assert_eq!(pilots, 4);
    }

    #[test]
    fn cards_are_found_by_number_or_loose_name() {
        let std = &decks().unwrap()[0];
        assert_eq!(std.find(&CardKey::Number(14)), Some(13));
        assert_eq!(std.find(&CardKey::Number(15)), None);
        assert_eq!(std.find(&CardKey::Number(0)), None);
        assert_eq!(std.find(&CardKey::Name("direct hit")), Some(13));
        assert_eq!(std.find(&CardKey::from_text(" 5 ")), Some(4));
        assert_eq!(std.label(4), "card 5 Console Fire");
    }

    #[test]
    fn invalid_deck_files_are_refused_with_the_reason() {
        let bad = "[deck]\nid = \"x\"\nname = \"X\"\nsize = 3\n[[card]]\nnumber = 1\nname = \"A\"\ntrait = \"ship\"\ncopies = 2\n";
        let e = load([("x.toml", bad)].into_iter()).unwrap_err();
        assert_eq!(
            e,
            "data/xwing/x.toml: the copies add up to 2, the deck's size is 3"
        );
        let gap = "[deck]\nid = \"x\"\nname = \"X\"\nsize = 1\n[[card]]\nnumber = 2\nname = \"A\"\ntrait = \"ship\"\ncopies = 1\n";
        assert!(load([("x.toml", gap)].into_iter())
            .unwrap_err()
            .contains("cards go 1..n"));
    }
}
