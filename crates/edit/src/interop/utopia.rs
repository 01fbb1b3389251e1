//! The Utopia web builder's fleet links: `index.html#<base64 of JSON>`,
//! the JSON being `{ships: [{id: "ship:S180", captain, admiral, resource,
//! upgrades, upgradeSlots}], resource}` as Utopia's `saveFleet` writes it.
//!
//! Card ids are Utopia's (the project's ids come from Utopia's data), each
//! prefixed by Utopia's card type (`crew:C209`, `question:Q024`). Utopia
//! loads an upgrade into the slot at its index, so the export puts every
//! card in the slot the engine assigned it (`priced`).

use super::model::{FleetModel, Problem, ShipModel};
use super::priced::{Node, Priced};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use serde_json::Value;

/// The address of the Utopia builder that links open.
pub const SITE: &str =
    "https://angrytribble.github.io/Star-Trek-Attack-Wing-Utopia/staw-utopia/index.html";

/// Utopia's type name of a card: the prefix of its saved id. A card that
/// may fill either of several slot types is Utopia's `question` card, even
/// where Utopia's data prints one type for it (its card rules make the
/// Assault Vessel Upgrade and the Systems Upgrade, `tech` cards, `question`
/// cards): Utopia finds a saved card by that prefix.
pub fn utopia_type(card: &Card) -> &str {
    if card.kind == CardType::Upgrade && !card.rules.either_slot.is_empty() {
        return "question";
    }
    match card.kind {
        CardType::Ship => "ship",
        CardType::Captain => "captain",
        CardType::Admiral => "admiral",
        CardType::Ambassador => "ambassador",
        CardType::Upgrade => card.slot.as_deref().unwrap_or("question"),
        CardType::Resource => "resource",
        CardType::FleetCaptain => "fleet-captain",
        CardType::Officer => "officer",
        CardType::Flagship => "flagship",
        CardType::Construction => "starship_construction",
        CardType::ShipResource => "ship-resource",
    }
}

// ---- base64 (the `base64` crate, strict) --------------------------------

use base64::alphabet;
use base64::engine::{DecodePaddingMode, Engine as _, GeneralPurpose, GeneralPurposeConfig};

/// Decoding: padding optional (a link pasted without it), everything else
/// strict: a character outside the alphabet, padding anywhere but at the
/// end, a length no bytes have, or stray bits in the last character are
/// errors, never skipped.
const LENIENT_PADDING: GeneralPurposeConfig =
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
const STANDARD: GeneralPurpose = GeneralPurpose::new(&alphabet::STANDARD, LENIENT_PADDING);
const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&alphabet::URL_SAFE, LENIENT_PADDING);

/// Base64 with padding, standard alphabet (as the browser's `btoa`).
pub(crate) fn base64_encode(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Base64, standard or URL-safe alphabet (not mixed), padding optional.
/// Anything else is an error that says what is wrong and where (positions
/// count characters from 1).
pub fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let engine = if text.contains(['-', '_']) && !text.contains(['+', '/']) {
        &URL_SAFE
    } else {
        &STANDARD
    };
    engine.decode(text).map_err(|e| decode_error(text, e))
}

/// What a decoding error means, in words.
fn decode_error(text: &str, e: base64::DecodeError) -> String {
    use base64::DecodeError as E;
    // The crate counts bytes, and may point inside a multibyte character
    // of the text: the character it is in is meant.
    let floor = |offset: usize| {
        let mut i = offset.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let at = |offset: usize| text[..floor(offset)].chars().count() + 1;
    let char_at = |offset: usize| text[floor(offset)..].chars().next().unwrap_or('?');
    match e {
        E::InvalidByte(offset, b'=') => format!(
            "padding `=` at position {} is followed by more text (padding only ends base64)",
            at(offset)
        ),
        E::InvalidByte(offset, _) => format!(
            "character {:?} at position {} is not base64",
            char_at(offset),
            at(offset)
        ),
        E::InvalidLength(n) => format!(
            "{n} base64 characters are no whole number of bytes (is the link cut short?)"
        ),
        E::InvalidLastSymbol { offset, .. } => format!(
            "the last character {:?} (position {}) is not how base64 ends (is the link cut short or altered?)",
            char_at(offset),
            at(offset)
        ),
        E::InvalidPadding => "the `=` padding at the end is wrong".to_string(),
    }
}

// ---- import -------------------------------------------------------------

/// The fleet JSON from what the user gave: a link, the part after `#`, the
/// base64 text, or the JSON itself (the first non-empty line counts; a
/// sample file has the link on line 1).
pub fn parse_input(input: &str) -> Result<Value, String> {
    let line = input
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .ok_or("the input is empty")?;
    let json_text = if line.starts_with('{') {
        input.trim().to_string()
    } else {
        let hash = match line.rsplit_once('#') {
            Some((_, h)) => h,
            None => line,
        };
        // A link pasted from a browser may have the padding escaped.
        let hash = hash.replace("%3D", "=").replace("%3d", "=");
        let part = if line.contains('#') {
            "the base64 after `#`"
        } else {
            "the base64"
        };
        let bytes = base64_decode(&hash)
            .map_err(|e| format!("not a Utopia link: {part} is malformed: {e}"))?;
        String::from_utf8(bytes)
            .map_err(|_| "not a Utopia link: the data is not text".to_string())?
    };
    let v: Value = serde_json::from_str(&json_text)
        .map_err(|e| format!("not a Utopia fleet: the JSON does not parse ({e})"))?;
    if !v.get("ships").is_some_and(Value::is_array) {
        return Err("not a Utopia fleet: the JSON has no `ships` list".into());
    }
    Ok(v)
}

/// Imports a Utopia fleet document. Cards that are unknown, or that have
/// no place in a fleet file, are problems (errors), never dropped silently.
pub fn import(db: &Database, v: &Value) -> (FleetModel, Vec<Problem>) {
    let mut problems = Vec::new();
    let mut fleet = FleetModel::default();
    for (i, s) in v["ships"].as_array().into_iter().flatten().enumerate() {
        let Some(ship) = card_of(db, s, &mut problems) else {
            continue;
        };
        if ship.kind != CardType::Ship {
            problems.push(Problem::error(format!(
                "ship {}: {} ({}) is not a ship",
                i + 1,
                ship.name,
                ship.id
            )));
            continue;
        }
        let mut m = ShipModel {
            ship: ship.id.clone(),
            ..ShipModel::default()
        };
        let label = format!("ship {} ({})", i + 1, ship.name);
        walk_ship(db, s, &mut m, &label, &mut problems);
        fleet.ships.push(m);
    }
    if let Some(r) = v.get("resource").filter(|r| !r.is_null()) {
        if let Some(card) = card_of(db, r, &mut problems).filter(|c| {
            let ok = c.kind == CardType::Resource;
            if !ok {
                problems.push(Problem::error(format!(
                    "{} ({}) stands as the fleet's resource but is {}; not imported",
                    c.name,
                    c.id,
                    fleetcheck_staw::fleet::resolve::describe_kind(c)
                )));
            }
            ok
        }) {
            fleet.resource = Some(card.id.clone());
            for (i, slot) in r["upgradeSlots"]
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
            {
                let Some(c) = card_of(db, slot, &mut problems) else {
                    continue;
                };
                match section_of(c, slot, i) {
                    Some(section) => fleet.sideboard.push((section, c.id.clone())),
                    None => problems.push(Problem::error(format!(
                        "{} ({}) in the slots of the resource {} has no place in a fleet file",
                        c.name, c.id, card.name
                    ))),
                }
            }
        }
    }
    fleet.refuse_if_shipless(
        "the Utopia fleet holds no ship (a ship entry without a card `id` is an empty slot): \
         nothing to import"
            .into(),
        &mut problems,
    );
    (fleet, problems)
}

/// The sideboard section of a card from its Utopia type; a `question`
/// card (either slot) is in the section of its slot, the `index`-th of
/// Utopia's sideboard, when it may fill that type.
fn section_of(card: &Card, saved: &Value, index: usize) -> Option<String> {
    let ty = saved["id"].as_str()?.split_once(':')?.0;
    let order = super::priced::SIDEBOARD_ORDER;
    if order.contains(&ty) {
        return Some(ty.to_string());
    }
    if card.kind == CardType::Captain {
        return Some("captain".to_string());
    }
    order
        .get(index)
        .filter(|s| fleetcheck_staw::fleet::resolve::upgrade_types(card).any(|t| t == **s))
        .map(|s| s.to_string())
}

/// The card a saved entry names; `None` for an empty slot (`{}`), and a
/// problem for an id the database does not know.
fn card_of<'a>(db: &'a Database, saved: &Value, problems: &mut Vec<Problem>) -> Option<&'a Card> {
    let id = match saved {
        Value::Null => return None,
        Value::Object(o) => match o.get("id") {
            // An empty slot.
            None | Some(Value::Null) => return None,
            Some(Value::String(id)) => id.as_str(),
            Some(other) => {
                problems.push(Problem::error(format!(
                    "a Utopia entry whose id is not text ({}); not imported",
                    super::json::excerpt(other)
                )));
                return None;
            }
        },
        other => {
            problems.push(Problem::error(format!(
                "a Utopia entry that is not a card ({}); not imported",
                super::json::excerpt(other)
            )));
            return None;
        }
    };
    let bare = id.split_once(':').map_or(id, |(_, b)| b);
    match db.by_id(bare) {
        Some(c) => Some(c),
        None => {
            problems.push(Problem::error(format!(
                "unknown Utopia card {id}: not in the card database, not imported"
            )));
            None
        }
    }
}

fn walk_ship(
    db: &Database,
    s: &Value,
    m: &mut ShipModel,
    label: &str,
    problems: &mut Vec<Problem>,
) {
    let mut one = |key: &str, kind: CardType, problems: &mut Vec<Problem>| -> Option<String> {
        let v = s.get(key)?;
        let c = card_of(db, v, problems)?;
        if c.kind != kind {
            problems.push(Problem::error(format!(
                "{label}: {} ({}) stands in the {key} slot but is {}; not imported",
                c.name,
                c.id,
                fleetcheck_staw::fleet::resolve::describe_kind(c)
            )));
            return None;
        }
        collect_slots(db, v, m, label, problems);
        Some(c.id.clone())
    };
    let captain = one("captain", CardType::Captain, problems);
    let admiral = one("admiral", CardType::Admiral, problems);
    let ambassador = one("ambassador", CardType::Ambassador, problems);
    let construction = one("construction", CardType::Construction, problems);
    m.captain = captain;
    m.admiral = admiral;
    m.ambassador = ambassador;
    m.construction = construction;
    if let Some(r) = s.get("resource") {
        if let Some(c) = card_of(db, r, problems) {
            match c.kind {
                CardType::Flagship => m.flagship = Some(c.id.clone()),
                CardType::FleetCaptain => m.fleet_captain = Some(c.id.clone()),
                CardType::Officer => m.officers.push(c.id.clone()),
                CardType::ShipResource | CardType::Upgrade => m.upgrades.push(c.id.clone()),
                _ => problems.push(Problem::error(format!(
                    "{label}: {} ({}) is no card a ship carries",
                    c.name, c.id
                ))),
            }
            collect_slots(db, r, m, label, problems);
        }
    }
    for u in s["upgrades"].as_array().into_iter().flatten() {
        upgrade(db, u, m, label, problems);
    }
    collect_slots(db, s, m, label, problems);
}

/// The cards in a card's own slots (`upgradeSlots`), recursively.
fn collect_slots(
    db: &Database,
    v: &Value,
    m: &mut ShipModel,
    label: &str,
    problems: &mut Vec<Problem>,
) {
    for u in v["upgradeSlots"].as_array().into_iter().flatten() {
        upgrade(db, u, m, label, problems);
    }
}

fn upgrade(db: &Database, u: &Value, m: &mut ShipModel, label: &str, problems: &mut Vec<Problem>) {
    let Some(c) = card_of(db, u, problems) else {
        return;
    };
    match c.kind {
        CardType::Upgrade | CardType::ShipResource => m.upgrades.push(c.id.clone()),
        CardType::Officer => m.officers.push(c.id.clone()),
        _ => problems.push(Problem::error(format!(
            "{label}: {} ({}) stands in an upgrade slot but is {}",
            c.name,
            c.id,
            fleetcheck_staw::fleet::resolve::describe_kind(c)
        ))),
    }
    collect_slots(db, u, m, label, problems);
}

// ---- export -------------------------------------------------------------

/// One saved card in Utopia's key order (`saveCard`).
fn saved(node: &Node, out: &mut String) {
    out.push_str("{\"id\":");
    out.push_str(&super::json::string(&format!(
        "{}:{}",
        utopia_type(node.card),
        node.card.id
    )));
    for (key, child) in [
        ("resource", &node.resource),
        ("captain", &node.captain),
        ("admiral", &node.admiral),
        ("ambassador", &node.ambassador),
        ("construction", &node.construction),
    ] {
        if let Some(c) = child {
            out.push_str(&format!(",\"{key}\":"));
            saved(c, out);
        }
    }
    for (key, list) in [
        ("upgrades", &node.upgrades),
        ("upgradeSlots", &node.upgrade_slots),
    ] {
        if list.is_empty() {
            continue;
        }
        out.push_str(&format!(",\"{key}\":["));
        for (i, slot) in list.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match slot {
                Some(n) => saved(n, out),
                None => out.push_str("{}"),
            }
        }
        out.push(']');
    }
    out.push('}');
}

/// The fleet JSON as Utopia's `saveFleet` and `angular.toJson` write it.
pub(crate) fn fleet_json(p: &Priced) -> String {
    let mut out = String::from("{\"ships\":[");
    for (i, s) in p.ships.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        saved(&s.node, &mut out);
    }
    out.push(']');
    if let Some(r) = &p.resource {
        out.push_str(",\"resource\":");
        saved(r, &mut out);
    }
    out.push('}');
    out
}

/// The Utopia link that opens the fleet.
pub fn link(p: &Priced) -> String {
    format!("{SITE}#{}", base64_encode(fleet_json(p).as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        for s in ["", "a", "ab", "abc", "abcd", "{\"ships\":[]}"] {
            let e = base64_encode(s.as_bytes());
            assert_eq!(base64_decode(&e).unwrap(), s.as_bytes());
        }
        assert_eq!(base64_encode(b"ab"), "YWI=");
        assert_eq!(base64_decode("YWI").unwrap(), b"ab");
        assert!(base64_decode("a*b").is_err());
    }

    /// Strict decoding: what the hand decoder skipped is an error that says
    /// what is wrong (`YWI=garbage` once decoded to `ab`).
    #[test]
    fn base64_rejects_garbage_with_a_reason() {
        assert_eq!(
            base64_decode("YWI=garbage").unwrap_err(),
            "padding `=` at position 4 is followed by more text (padding only ends base64)"
        );
        assert_eq!(
            base64_decode("YW*I").unwrap_err(),
            "character '*' at position 3 is not base64"
        );
        assert_eq!(
            base64_decode("YWJjZ").unwrap_err(),
            "5 base64 characters are no whole number of bytes (is the link cut short?)"
        );
        assert_eq!(
            base64_decode("YWJ").unwrap_err(),
            "the last character 'J' (position 3) is not how base64 ends (is the link cut short or altered?)"
        );
        assert_eq!(
            base64_decode("YW I=").unwrap_err(),
            "character ' ' at position 3 is not base64"
        );
        // URL-safe links decode; a mix of both alphabets does not.
        assert_eq!(base64_decode("-_8").unwrap(), [0xfb, 0xff]);
        assert!(base64_decode("+_8").is_err());
        assert_eq!(
            parse_input("https://x/index.html#YWI=garbage").unwrap_err(),
            "not a Utopia link: the base64 after `#` is malformed: padding `=` at position 4 is followed by more text (padding only ends base64)"
        );
    }
}
