//! EXPOSE and REPAIR on an X-Wing damage state file, as the seed's rules
//! define them:
//!
//! - expose: a face-down card of the ship turns face up (its effect
//!   resolves; exposing is not suffering damage);
//! - repair: a face-up card turns face down; a face-down card is discarded
//!   (to `discard_pile`). When the ship has the card both ways, the player
//!   chooses (`Side`), as the rules let them.
//!
//! The edit goes through `toml_edit`, so the user's comments, order and
//! formatting stay; only the two piles involved change. A card moves with
//! the spelling the user gave it (number or name). Nothing is written here:
//! [`apply`] returns the new text, or why the move is refused.

use super::data::{self, CardKey, Deck};
use super::state::{self, unknown_card, State};
use crate::input::suggest;
use fleetcheck_input::diag::{Diagnostic, Source};
use fleetcheck_input::tree::Parsed;
use toml_edit::{Array, DocumentMut, Item, TableLike, Value};

/// Which way a card was when repaired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    FaceUp,
    FaceDown,
}

/// A move on one ship's damage card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Expose,
    /// `None`: whichever way the card is (refused when it is both).
    Repair(Option<Side>),
}

/// A move that was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Done {
    /// The file's new text.
    pub text: String,
    /// "Red Five: card 14 Direct Hit! exposed (face down → face up)".
    pub summary: String,
}

/// Why a move was not made.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// The file has input errors (they are listed); fix them first.
    Invalid(Vec<Diagnostic>),
    /// The move is not allowed: a one-line reason and help lines.
    Move { reason: String, help: Vec<String> },
}

fn refuse(reason: impl Into<String>) -> Refused {
    Refused::Move {
        reason: reason.into(),
        help: Vec::new(),
    }
}

/// Applies `mv` to the card `card` (number or name) on the ship `ship` of
/// the file `parsed` (parsed once, by the dispatcher).
pub fn apply(parsed: &Parsed, ship: &str, card: &str, mv: Move) -> Result<Done, Refused> {
    let decks =
        data::decks().map_err(|e| refuse(format!("the embedded X-Wing data is invalid: {e}")))?;
    let mut diags = Vec::new();
    let source = &parsed.source;
    let Some(root) = &parsed.root else {
        return Err(Refused::Invalid(parsed.diagnostics.clone()));
    };
    if data::is_deck_file(root) {
        return Err(Refused::Move {
            reason: format!("{} is a damage deck file, not a damage state", source.path),
            help: vec![
                "a state file names it with: deck = { file = \"...\" }; expose and repair edit the state file".into(),
            ],
        });
    }
    let state = state::from_tree(root, source, &parsed.open, decks, &mut diags);
    let state = match state {
        Some(s) if !diags.iter().any(Diagnostic::is_input_error) => s,
        _ => {
            diags.retain(Diagnostic::is_input_error);
            return Err(Refused::Invalid(diags));
        }
    };
    if state.game.as_deref().map(|g| g.trim().to_lowercase()) != Some("xwing".into()) {
        return Err(Refused::Move {
            reason: format!("{} is not an X-Wing file", source.path),
            help: vec!["an X-Wing damage state starts with: game = \"xwing\"".into()],
        });
    }
    let deck: &Deck = &state.deck;
    let Some(si) = state.ship(ship) else {
        let names: Vec<&str> = state.ships.iter().map(|s| s.name.as_str()).collect();
        let mut help = Vec::new();
        if let Some(best) = suggest(ship, names.iter().copied()) {
            help.push(format!("did you mean `{best}`?"));
        } else if names.is_empty() {
            help.push("the file has no [[ship]]".into());
        } else {
            help.push(format!("ships in the file: {}", names.join(", ")));
        }
        return Err(Refused::Move {
            reason: format!("no ship named `{}` in {}", ship.trim(), source.path),
            help,
        });
    };
    let key = CardKey::from_text(card);
    let Some(ci) = deck.find(&key) else {
        let d = unknown_card(deck, &key);
        return Err(Refused::Move {
            reason: d.message,
            help: d.help,
        });
    };
    let sh = &state.ships[si];
    let label = deck.label(ci);
    let up = sh.face_up.count(ci) > 0;
    let down = sh.face_down.count(ci) > 0;
    let not_on = || {
        format!(
            "{label} is not on {} (face up: {}; face down: {})",
            sh.name,
            listing(deck, &sh.face_up),
            listing(deck, &sh.face_down)
        )
    };
    // (from, to, what happened)
    let (from, to, what) = match mv {
        Move::Expose => {
            if down {
                (
                    "face_down",
                    "face_up",
                    "exposed (face down → face up; its effect resolves)",
                )
            } else if up {
                return Err(refuse(format!(
                    "{label} is already face up on {}: only a face-down card can be exposed",
                    sh.name
                )));
            } else {
                return Err(refuse(not_on()));
            }
        }
        Move::Repair(side) => {
            let side = match (side, up, down) {
                (Some(s), _, _) => s,
                (None, true, true) => {
                    return Err(Refused::Move {
                        reason: format!(
                            "{label} is on {} both face up and face down: say which to repair",
                            sh.name
                        ),
                        help: vec![
                            "add --face-up (it turns face down) or --face-down (it is discarded)"
                                .into(),
                        ],
                    })
                }
                (None, true, false) => Side::FaceUp,
                (None, false, true) => Side::FaceDown,
                (None, false, false) => return Err(refuse(not_on())),
            };
            match side {
                Side::FaceUp if up => ("face_up", "face_down", "repaired (face up → face down)"),
                Side::FaceDown if down => (
                    "face_down",
                    "discard_pile",
                    "repaired (face down → discard pile)",
                ),
                Side::FaceUp => {
                    return Err(refuse(format!("{label} is not face up on {}", sh.name)))
                }
                Side::FaceDown => {
                    return Err(refuse(format!("{label} is not face down on {}", sh.name)))
                }
            }
        }
    };
    let text = edit(&source.text, &state, si, ci, from, to)
        .ok_or_else(|| refuse(format!("{} could not be edited in place", source.path)))?;
    // The new text must read back as the same state with one card moved.
    let check = Source {
        path: source.path.clone(),
        text: text.clone(),
    };
    let mut after_diags = Vec::new();
    let after = state::read(&check, decks, &mut after_diags);
    let moved = after.as_ref().is_some_and(|a| {
        let b = &a.ships[si];
        let delta = |before: i64, after: i64| after - before;
        let (uf, df) = (
            delta(sh.face_up.count(ci), b.face_up.count(ci)),
            delta(sh.face_down.count(ci), b.face_down.count(ci)),
        );
        let disc = delta(
            state.discard_pile.as_ref().map_or(0, |p| p.count(ci)),
            a.discard_pile.as_ref().map_or(0, |p| p.count(ci)),
        );
        match (from, to) {
            ("face_down", "face_up") => (uf, df, disc) == (1, -1, 0),
            ("face_up", "face_down") => (uf, df, disc) == (-1, 1, 0),
            _ => (uf, df, disc) == (0, -1, 1),
        }
    });
    if !moved || after_diags.iter().any(Diagnostic::is_input_error) {
        return Err(refuse(format!(
            "{} could not be edited safely; it was not changed",
            source.path
        )));
    }
    Ok(Done {
        text,
        summary: format!("{}: {label} {what}", sh.name),
    })
}

/// A pile for messages, "none" when empty.
fn listing(deck: &Deck, pile: &state::Pile) -> String {
    pile.describe(deck).unwrap_or_else(|| "none".into())
}

/// Moves one copy of card `ci` of ship `si` from pile `from` to pile `to`
/// (`discard_pile` is at the top of the file). `None` if the document does
/// not have the shape `state::read` accepted (it always has).
fn edit(text: &str, state: &State, si: usize, ci: usize, from: &str, to: &str) -> Option<String> {
    let mut doc: DocumentMut = text.parse().ok()?;
    let deck: &Deck = &state.deck;
    let moved = {
        let ship = ship_table(&mut doc, si)?;
        let v = take(ship, from, deck, ci)?;
        if to != "discard_pile" {
            put(ship, to, deck, ci, v);
            return Some(doc.to_string());
        }
        v
    };
    put(doc.as_table_mut(), "discard_pile", deck, ci, moved);
    Some(doc.to_string())
}

/// The `si`-th ship, written as `[[ship]]` or as `ship = [{ ... }]`.
fn ship_table(doc: &mut DocumentMut, si: usize) -> Option<&mut dyn TableLike> {
    match doc.get_mut("ship")? {
        Item::ArrayOfTables(a) => a.get_mut(si).map(|t| t as &mut dyn TableLike),
        Item::Value(Value::Array(a)) => a
            .get_mut(si)?
            .as_inline_table_mut()
            .map(|t| t as &mut dyn TableLike),
        _ => None,
    }
}

/// The card a written reference names.
fn card_of(deck: &Deck, v: &Value) -> Option<usize> {
    match v {
        Value::Integer(i) => deck.find(&CardKey::Number(*i.value())),
        Value::String(s) => deck.find(&CardKey::from_text(s.value())),
        _ => None,
    }
}

/// A reference written as a table key, as a list value.
fn key_value(k: &str) -> Value {
    match k.trim().parse::<i64>() {
        Ok(n) => Value::from(n),
        Err(_) => Value::from(k),
    }
}

/// Removes one copy of `ci` from the pile `key`; returns the reference as
/// written.
fn take(t: &mut dyn TableLike, key: &str, deck: &Deck, ci: usize) -> Option<Value> {
    let item = t.get_mut(key)?;
    if let Some(arr) = item.as_array_mut() {
        // The last copy listed, so that the order of the others is kept.
        let idx = (0..arr.len())
            .rev()
            .find(|&i| arr.get(i).and_then(|v| card_of(deck, v)) == Some(ci))?;
        let prefix = arr.get(idx)?.decor().prefix().cloned();
        let mut v = arr.remove(idx);
        if idx == 0 {
            if let (Some(first), Some(p)) = (arr.get_mut(0), prefix) {
                first.decor_mut().set_prefix(p);
            }
        }
        v.decor_mut().clear();
        return Some(v);
    }
    let counts = item.as_table_like_mut()?;
    let k = counts
        .iter()
        .find(|(k, v)| {
            deck.find(&CardKey::from_text(k)) == Some(ci) && v.as_integer().is_some_and(|n| n > 0)
        })
        .map(|(k, _)| k.to_string())?;
    let n = counts.get(&k)?.as_integer()?;
    if n <= 1 {
        counts.remove(&k);
    } else {
        set_count(counts.get_mut(&k)?.as_value_mut()?, n - 1);
    }
    Some(key_value(&k))
}

/// Writes a count in place, keeping the spaces and comment around it.
fn set_count(slot: &mut Value, n: i64) {
    let decor = slot.decor().clone();
    *slot = Value::from(n);
    *slot.decor_mut() = decor;
}

/// The key a moved reference is written under in a table of counts: as the
/// file spelled it (`"console fire"`, `14`), not the deck's name.
fn spelling(v: &Value, deck: &Deck, ci: usize) -> String {
    match v {
        Value::String(s) => s.value().clone(),
        Value::Integer(n) => n.value().to_string(),
        _ => deck.cards[ci].name.clone(),
    }
}

/// Adds one copy of `ci`, referenced as `v`, to the pile `key` (created as a
/// list when absent).
fn put(t: &mut dyn TableLike, key: &str, deck: &Deck, ci: usize, v: Value) {
    match t.get_mut(key) {
        None => {
            let mut a = Array::new();
            a.push(v);
            t.insert(key, Item::Value(Value::Array(a)));
        }
        Some(item) => {
            if let Some(arr) = item.as_array_mut() {
                arr.push(v);
            } else if let Some(counts) = item.as_table_like_mut() {
                let existing = counts
                    .iter()
                    .find(|(k, _)| deck.find(&CardKey::from_text(k)) == Some(ci))
                    .map(|(k, _)| k.to_string());
                match existing {
                    Some(k) => {
                        if let Some(slot) = counts.get_mut(&k).and_then(Item::as_value_mut) {
                            let n = slot.as_integer().unwrap_or(0);
                            set_count(slot, n + 1);
                        }
                    }
                    None => {
                        // The space before a closing `}` stays before it.
                        let tail = counts
                            .iter_mut()
                            .last()
                            .and_then(|(_, item)| item.as_value_mut())
                            .and_then(|last| {
                                let s = last.decor().suffix().cloned();
                                last.decor_mut().set_suffix("");
                                s
                            });
                        let mut one = Value::from(1);
                        if let Some(s) = tail {
                            one.decor_mut().set_suffix(s);
                        }
                        counts.insert(&spelling(&v, deck, ci), Item::Value(one));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(text: &str) -> Parsed {
        Parsed::of(Source {
            path: "s.toml".into(),
            text: text.into(),
        })
    }

    const STATE: &str = "game = \"xwing\" # my game\n\n[[ship]]\nname = \"Red Five\"   # Luke\nface_up = [\"Console Fire\"]\nface_down = [14, \"Fuel Leak\"] # two\n\n[[ship]]\nname = \"Gold Two\"\n";

    #[test]
    fn expose_turns_a_face_down_card_face_up_and_keeps_the_layout() {
        let done = apply(&src(STATE), "red five", "14", Move::Expose).unwrap();
        assert_eq!(
            done.text,
            "game = \"xwing\" # my game\n\n[[ship]]\nname = \"Red Five\"   # Luke\nface_up = [\"Console Fire\", 14]\nface_down = [\"Fuel Leak\"] # two\n\n[[ship]]\nname = \"Gold Two\"\n"
        );
        assert_eq!(
            done.summary,
            "Red Five: card 14 Direct Hit! exposed (face down → face up; its effect resolves)"
        );
    }

    #[test]
    fn repair_face_up_turns_it_face_down() {
        let done = apply(&src(STATE), "Red Five", "console fire", Move::Repair(None)).unwrap();
        assert_eq!(
            done.text,
            "game = \"xwing\" # my game\n\n[[ship]]\nname = \"Red Five\"   # Luke\nface_up = []\nface_down = [14, \"Fuel Leak\", \"Console Fire\"] # two\n\n[[ship]]\nname = \"Gold Two\"\n"
        );
    }

    #[test]
    fn repair_face_down_discards_it() {
        let done = apply(&src(STATE), "Red Five", "Fuel Leak", Move::Repair(None)).unwrap();
        assert_eq!(
            done.text,
            "game = \"xwing\" # my game\ndiscard_pile = [\"Fuel Leak\"]\n\n[[ship]]\nname = \"Red Five\"   # Luke\nface_up = [\"Console Fire\"]\nface_down = [14] # two\n\n[[ship]]\nname = \"Gold Two\"\n"
        );
        assert_eq!(
            done.summary,
            "Red Five: card 13 Fuel Leak repaired (face down → discard pile)"
        );
    }

    #[test]
    fn counted_piles_are_decremented_and_incremented() {
        let text = "game = \"xwing\"\ndiscard_pile = { 14 = 1 }\n[[ship]]\nname = \"A\"\nface_down = { \"Direct Hit!\" = 2 }\n";
        let done = apply(
            &src(text),
            "A",
            "Direct Hit!",
            Move::Repair(Some(Side::FaceDown)),
        )
        .unwrap();
        assert_eq!(
            done.text,
            "game = \"xwing\"\ndiscard_pile = { 14 = 2 }\n[[ship]]\nname = \"A\"\nface_down = { \"Direct Hit!\" = 1 }\n"
        );
    }

    fn reason(r: Result<Done, Refused>) -> String {
        match r {
            Err(Refused::Move { reason, .. }) => reason,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn moves_that_the_rules_do_not_allow_are_refused() {
        assert_eq!(
            reason(apply(&src(STATE), "Red Five", "Console Fire", Move::Expose)),
            "card 5 Console Fire is already face up on Red Five: only a face-down card can be exposed"
        );
        assert_eq!(
            reason(apply(&src(STATE), "Gold Two", "14", Move::Repair(None))),
            "card 14 Direct Hit! is not on Gold Two (face up: none; face down: none)"
        );
        assert_eq!(
            reason(apply(
                &src(STATE),
                "Red Five",
                "14",
                Move::Repair(Some(Side::FaceUp))
            )),
            "card 14 Direct Hit! is not face up on Red Five"
        );
        assert_eq!(
            reason(apply(&src(STATE), "Red Six", "14", Move::Expose)),
            "no ship named `Red Six` in s.toml"
        );
        assert_eq!(
            reason(apply(&src(STATE), "Red Five", "15", Move::Expose)),
            "no card number 15 in the Standard damage deck (cards 1-14)"
        );
    }

    #[test]
    fn a_card_both_face_up_and_down_needs_a_side() {
        let text = "game = \"xwing\"\n[[ship]]\nname = \"A\"\nface_up = [5]\nface_down = [5]\n";
        assert_eq!(
            reason(apply(&src(text), "A", "5", Move::Repair(None))),
            "card 5 Console Fire is on A both face up and face down: say which to repair"
        );
        assert!(apply(&src(text), "A", "5", Move::Repair(Some(Side::FaceUp))).is_ok());
    }

    #[test]
    fn only_x_wing_files_are_edited() {
        let text = "game = \"bsg\"\n[[ship]]\nname = \"A\"\nface_down = [5]\n";
        assert_eq!(
            reason(apply(&src(text), "A", "5", Move::Expose)),
            "s.toml is not an X-Wing file"
        );
    }

    #[test]
    fn a_file_with_input_errors_is_not_edited() {
        let text = "game = \"xwing\"\n[[ship]]\nname = \"A\"\nface_dwn = [5]\n";
        match apply(&src(text), "A", "5", Move::Expose) {
            Err(Refused::Invalid(d)) => {
                assert_eq!(d[0].code, fleetcheck_input::diag::InputCode::UnknownKey)
            }
            other => panic!("{other:?}"),
        }
    }
}
