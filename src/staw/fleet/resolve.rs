//! Resolving card references against the database: a string is an exact id
//! (any case) or a name (`db::normalize`), an inline table narrows by id,
//! name, faction, set, class and type. A reference must come to exactly one
//! card of a type that fits where it stands; cards that are one card
//! printed in several sets (same facts, other id) count once.
//!
//! Problems are input errors (`unknown-card` with "did you mean",
//! `ambiguous-card` listing each candidate and the inline table that picks
//! it, `wrong-card-type`), and every reference of a file is resolved so
//! that all of them are reported together.

use super::read::{CardRef, Query, RawFleet, RawShip, RefTable, Spanned, SIDEBOARD_SECTIONS};
use crate::data::model::{Card, CardType};
use crate::data::{names, normalize, Database};
use crate::input::diag::{Diagnostic, InputCode};
use crate::staw::words::factions_and;
use std::ops::Range;

/// Where a card reference stands in the file, which decides the card types
/// that fit there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    Ship,
    Captain,
    Admiral,
    /// An entry of `upgrades`: upgrades, and the cards some resources attach
    /// to a ship (Fleet Commander, Sick Bay, ...), which have no key of
    /// their own.
    Upgrade,
    Resource,
    Flagship,
    FleetCaptain,
    Ambassador,
    Construction,
    Officer,
    /// A `[sideboard]` key: any card resolves (the sideboard rule judges
    /// whether it fits the section), but cards of the section's type are
    /// preferred when a name is shared.
    Sideboard(SideboardSection),
}

/// A section of the Reinforcements Sideboard, or a key that is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideboardSection {
    Captain,
    /// An upgrade section: `talent`, `crew`, `tech` or `weapon`.
    Upgrade(&'static str),
    /// A key that is no section.
    Other,
}

impl SideboardSection {
    /// The section of a `[sideboard]` key.
    pub fn of(key: &str) -> SideboardSection {
        match SIDEBOARD_SECTIONS.iter().find(|s| **s == key) {
            Some(&"captain") => SideboardSection::Captain,
            Some(s) => SideboardSection::Upgrade(s),
            None => SideboardSection::Other,
        }
    }

    /// Whether `card` belongs in this section.
    pub fn fits(self, card: &Card) -> bool {
        match self {
            SideboardSection::Captain => card.kind == CardType::Captain,
            SideboardSection::Upgrade(slot) => {
                card.kind == CardType::Upgrade && upgrade_types(card).any(|s| s == slot)
            }
            SideboardSection::Other => false,
        }
    }
}

/// The slot types an upgrade may fill.
pub fn upgrade_types(card: &Card) -> impl Iterator<Item = &str> {
    card.slot
        .iter()
        .map(String::as_str)
        .chain(card.rules.either_slot.iter().map(String::as_str))
}

impl Position {
    /// The card types that fit.
    pub fn types(self) -> &'static [CardType] {
        match self {
            Position::Ship => &[CardType::Ship],
            Position::Captain => &[CardType::Captain],
            Position::Admiral => &[CardType::Admiral],
            Position::Upgrade => &[CardType::Upgrade, CardType::ShipResource],
            Position::Resource => &[CardType::Resource],
            Position::Flagship => &[CardType::Flagship],
            Position::FleetCaptain => &[CardType::FleetCaptain],
            Position::Ambassador => &[CardType::Ambassador],
            Position::Construction => &[CardType::Construction],
            Position::Officer => &[CardType::Officer],
            Position::Sideboard(SideboardSection::Captain) => &[CardType::Captain],
            Position::Sideboard(_) => &[CardType::Upgrade],
        }
    }

    /// Whether the card may stand here (for the sideboard: whether it is
    /// the preferred kind; any card still resolves there).
    pub fn fits(self, card: &Card) -> bool {
        match self {
            Position::Sideboard(s @ (SideboardSection::Captain | SideboardSection::Upgrade(_))) => {
                s.fits(card)
            }
            _ => self.types().contains(&card.kind),
        }
    }

    /// What fits here, for messages ("a captain", "an upgrade").
    pub fn wanted(self) -> &'static str {
        match self {
            Position::Ship => "a ship",
            Position::Captain | Position::Sideboard(SideboardSection::Captain) => "a captain",
            Position::Admiral => "an admiral",
            Position::Upgrade => "an upgrade",
            Position::Resource => "a resource",
            Position::Flagship => "a flagship card",
            Position::FleetCaptain => "a fleet captain card",
            Position::Ambassador => "an ambassador",
            Position::Construction => "a starship construction card",
            Position::Officer => "an officer card",
            Position::Sideboard(_) => "an upgrade",
        }
    }
}

/// A resolved card and the span of the reference that named it.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed<'a> {
    pub card: &'a Card,
    pub span: Range<usize>,
}

/// One `[[ship]]` with every card resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ShipEntry<'a> {
    pub ship: Placed<'a>,
    pub captain: Option<Placed<'a>>,
    pub admiral: Option<Placed<'a>>,
    pub upgrades: Vec<Placed<'a>>,
    pub flagship: Option<Placed<'a>>,
    pub fleet_captain: Option<Placed<'a>>,
    pub ambassador: Option<Placed<'a>>,
    pub construction: Option<Placed<'a>>,
    pub officers: Vec<Placed<'a>>,
}

/// One card of `[sideboard]` with its section key.
#[derive(Debug, Clone, PartialEq)]
pub struct SideboardCard<'a> {
    pub section: Spanned<String>,
    pub card: Placed<'a>,
}

/// `[sideboard]` resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Sideboard<'a> {
    /// The `sideboard` key of the `[sideboard]` header.
    pub span: Range<usize>,
    pub cards: Vec<SideboardCard<'a>>,
    /// Sections written as a list: (section, span of the key).
    pub lists: Vec<Spanned<String>>,
}

/// The fleet with every card reference resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Fleet<'a> {
    pub resource: Option<Placed<'a>>,
    pub ships: Vec<ShipEntry<'a>>,
    pub sideboard: Option<Sideboard<'a>>,
}

/// Resolves every card reference of the file. `None` when any failed
/// (each failure is in `diags`).
pub fn resolve<'a>(
    db: &'a Database,
    raw: &RawFleet,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    let before = diags.len();
    let resource = raw
        .resource
        .as_ref()
        .and_then(|r| place(db, r, Position::Resource, None, diags));
    let mut ships = Vec::new();
    for s in &raw.ships {
        if let Some(e) = ship(db, s, diags) {
            ships.push(e);
        }
    }
    let sideboard = raw.sideboard.as_ref().map(|sb| {
        let mut out = Sideboard {
            span: sb.span.clone(),
            cards: Vec::new(),
            lists: Vec::new(),
        };
        for e in &sb.entries {
            if e.list {
                out.lists.push(e.section.clone());
            }
            let section = SideboardSection::of(&e.section.value);
            let pos = Position::Sideboard(section);
            let prefer = (section == SideboardSection::Other).then_some(e.section.value.as_str());
            for r in &e.cards {
                if let Some(card) = place(db, r, pos, prefer, diags) {
                    out.cards.push(SideboardCard {
                        section: e.section.clone(),
                        card,
                    });
                }
            }
        }
        out
    });
    (diags.len() == before && ships.len() == raw.ships.len()).then_some(Fleet {
        resource,
        ships,
        sideboard,
    })
}

fn ship<'a>(db: &'a Database, s: &RawShip, diags: &mut Vec<Diagnostic>) -> Option<ShipEntry<'a>> {
    let mut one = |r: &Option<CardRef>, pos: Position| {
        r.as_ref().and_then(|r| place(db, r, pos, None, diags))
    };
    let ship = one(&s.ship, Position::Ship);
    let captain = one(&s.captain, Position::Captain);
    let admiral = one(&s.admiral, Position::Admiral);
    let flagship = one(&s.flagship, Position::Flagship);
    let fleet_captain = one(&s.fleet_captain, Position::FleetCaptain);
    let ambassador = one(&s.ambassador, Position::Ambassador);
    let construction = one(&s.construction, Position::Construction);
    let upgrades = s
        .upgrades
        .iter()
        .filter_map(|r| place(db, r, Position::Upgrade, None, diags))
        .collect();
    let officers = s
        .officers
        .iter()
        .filter_map(|r| place(db, r, Position::Officer, None, diags))
        .collect();
    Some(ShipEntry {
        ship: ship?,
        captain,
        admiral,
        upgrades,
        flagship,
        fleet_captain,
        ambassador,
        construction,
        officers,
    })
}

/// A file's diagnostics beyond which an unknown card gets no "did you
/// mean" (see `place`).
pub const SUGGEST_WHILE_FEWER_THAN: usize = 200;

/// Resolves a reference into `diags` or a placed card (see `find_preferring`).
fn place<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Placed<'a>> {
    // "Did you mean" searches the whole database: only for the first
    // problems of a file, so that a file of 60,000 unknown names is
    // checked in linear time (the rest say what is wrong, without it).
    let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
    match find_preferring(db, r, pos, prefer, suggest) {
        Ok(card) => Some(Placed {
            card,
            span: r.span.clone(),
        }),
        Err(d) => {
            diags.push(*d);
            None
        }
    }
}

/// Resolves one reference for a position.
pub fn find<'a>(db: &'a Database, r: &CardRef, pos: Position) -> Result<&'a Card, Box<Diagnostic>> {
    find_preferring(db, r, pos, None, true)
}

/// `find`, where `prefer` (a `[sideboard]` key that is no section) names
/// the card type meant when a name is shared.
fn find_preferring<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    suggest: bool,
) -> Result<&'a Card, Box<Diagnostic>> {
    let (mut candidates, narrowed_from) = match &r.query {
        Query::Text(s) => match db.by_id(s) {
            Some(c) => (vec![c], Vec::new()),
            None => (db.by_name(s), Vec::new()),
        },
        Query::Table(t) => {
            let base: Vec<&Card> = match (&t.id, &t.name) {
                (Some(id), _) => db.by_id(id).into_iter().collect(),
                (None, Some(name)) => db.by_name(name),
                (None, None) => Vec::new(),
            };
            let narrowed: Vec<&Card> = base
                .iter()
                .copied()
                .filter(|c| matches_table(db, c, t))
                .collect();
            (narrowed, base)
        }
    };
    let fitting: Vec<&Card> = dedupe(candidates.iter().copied().filter(|c| pos.fits(c)).collect());
    let sideboard = matches!(pos, Position::Sideboard(_));
    match fitting.len() {
        1 => return Ok(fitting[0]),
        n if n > 1 => return Err(Box::new(ambiguous(db, r, pos, &fitting))),
        _ => {}
    }
    candidates = dedupe(candidates);
    if !candidates.is_empty() {
        if sideboard {
            // Any card resolves on the sideboard; the sideboard rule says
            // when it is of the wrong type for its section.
            // Under a key that is no section, a card whose type the key
            // names is the one meant (`admiral = "K'Mpec"`).
            if candidates.len() > 1 {
                if let Some(key) = prefer.map(loose) {
                    let named: Vec<&Card> = candidates
                        .iter()
                        .copied()
                        .filter(|c| {
                            loose(c.kind.as_str()) == key
                                || upgrade_types(c).any(|t| loose(t) == key)
                        })
                        .collect();
                    if named.len() == 1 {
                        return Ok(named[0]);
                    }
                }
            }
            return match candidates.len() {
                1 => Ok(candidates[0]),
                _ => Err(Box::new(ambiguous(db, r, pos, &candidates))),
            };
        }
        let what: Vec<String> = candidates.iter().map(|c| describe_kind(c)).collect();
        let mut keys: Vec<&str> = candidates.iter().map(|c| key_for(c.kind)).collect();
        keys.dedup();
        return Err(Box::new(
            Diagnostic::new(
                InputCode::WrongCardType,
                format!(
                    "{} is {}, but {} goes here",
                    r.label(),
                    join_or(&what),
                    pos.wanted()
                ),
            )
            .with_span(Some(r.span.clone()))
            .with_help(format!(
                "write it under {}",
                join_or(&keys.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>())
            )),
        ));
    }
    let mut d = Diagnostic::new(
        InputCode::UnknownCard,
        format!("no {} matches {}", strip_article(pos.wanted()), r.label()),
    )
    .with_span(Some(r.span.clone()));
    if !narrowed_from.is_empty() {
        d.message = format!(
            "no {} matches {}: {} card{} of that name or id, none with these details",
            strip_article(pos.wanted()),
            r.label(),
            narrowed_from.len(),
            if narrowed_from.len() == 1 { "" } else { "s" }
        );
        for c in dedupe(narrowed_from).iter().take(MAX_CANDIDATES) {
            d = d.with_help(format!(
                "{} — write {}",
                candidate_line(db, c),
                pick_table(c)
            ));
        }
        return Err(Box::new(d));
    }
    let query = match &r.query {
        Query::Text(s) => s.clone(),
        Query::Table(t) => t.name.clone().or(t.id.clone()).unwrap_or_default(),
    };
    let mut seen = Vec::new();
    let suggestions = if suggest {
        db.suggest(&query, pos.types(), 5)
    } else {
        Vec::new()
    };
    for c in suggestions {
        if !seen.contains(&c.name) {
            seen.push(c.name.clone());
        }
    }
    if !seen.is_empty() {
        d = d.with_help(format!(
            "did you mean {}?",
            join_or(&seen.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>())
        ));
    }
    Err(Box::new(d))
}

fn strip_article(s: &str) -> &str {
    s.strip_prefix("a ")
        .or_else(|| s.strip_prefix("an "))
        .unwrap_or(s)
}

fn ambiguous(db: &Database, r: &CardRef, pos: Position, cards: &[&Card]) -> Diagnostic {
    let mut d = Diagnostic::new(
        InputCode::AmbiguousCard,
        format!(
            "{} names {} different cards that fit as {}; pick one by its id",
            r.label(),
            cards.len(),
            pos.wanted()
        ),
    )
    .with_span(Some(r.span.clone()));
    // A bounded list: a name may fit dozens of cards.
    for c in cards.iter().take(MAX_CANDIDATES) {
        d = d.with_help(format!(
            "{} — write {}",
            candidate_line(db, c),
            pick_table(c)
        ));
    }
    if cards.len() > MAX_CANDIDATES {
        d = d.with_help(format!(
            "and {} more (`fleetcheck search` lists them all)",
            cards.len() - MAX_CANDIDATES
        ));
    }
    d
}

/// The most candidates one message lists.
const MAX_CANDIDATES: usize = 12;

/// "Cap721: a captain, Dominion, set 71279 (Koranak), cost 4 SP".
fn candidate_line(db: &Database, c: &Card) -> String {
    let set = c
        .sets
        .first()
        .map(|s| match db.set(s) {
            Some(set) => format!("set {} ({})", set.id, set.name),
            None => format!("set {s}"),
        })
        .unwrap_or_else(|| "no set".into());
    format!(
        "{}: {}, {}, {}, cost {} SP",
        c.id,
        describe_kind(c),
        factions_and(&c.factions),
        set,
        c.cost
    )
}

/// The inline table that picks exactly this card.
fn pick_table(c: &Card) -> String {
    format!("{{ id = \"{}\" }}", c.id)
}

/// The fleet-file key a card of this type goes under.
fn key_for(kind: CardType) -> &'static str {
    match kind {
        CardType::Ship => "ship",
        CardType::Captain => "captain",
        CardType::Admiral => "admiral",
        CardType::Ambassador => "ambassador",
        CardType::Upgrade | CardType::ShipResource => "upgrades",
        CardType::Resource => "resource",
        CardType::FleetCaptain => "fleet_captain",
        CardType::Officer => "officers",
        CardType::Flagship => "flagship",
        CardType::Construction => "construction",
    }
}

/// "a crew upgrade", "a captain", "a ship".
pub fn describe_kind(c: &Card) -> String {
    match (c.kind, &c.slot) {
        (CardType::Upgrade, Some(s)) => format!("a {} upgrade", names::slot(s)),
        (CardType::Upgrade, None) => {
            let types: Vec<&str> = upgrade_types(c).map(names::slot).collect();
            if types.is_empty() {
                "an upgrade".into()
            } else {
                format!("a {} upgrade", types.join("-or-"))
            }
        }
        (k, _) => {
            let s = k.as_str().replace('-', " ");
            if s.starts_with(['a', 'e', 'i', 'o', 'u']) {
                format!("an {s}")
            } else {
                format!("a {s}")
            }
        }
    }
}

fn join_or(items: &[String]) -> String {
    let mut items: Vec<&String> = items.iter().collect();
    items.dedup();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!(
            "{} or {}",
            items[..n - 1]
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            items[n - 1]
        ),
    }
}

/// Removes cards that are another card of the list printed again
/// (`Card::is_reprint_of`; the first one stays).
fn dedupe(cards: Vec<&Card>) -> Vec<&Card> {
    let mut out: Vec<&Card> = Vec::with_capacity(cards.len());
    for c in cards {
        if !out
            .iter()
            .any(|o| std::ptr::eq(*o, c) || o.is_reprint_of(c))
        {
            out.push(c);
        }
    }
    out
}

/// A faction, class or type as the user may write it: any case, spaces,
/// underscores and hyphens alike.
fn loose(s: &str) -> String {
    normalize(s).replace(['_', '-'], " ")
}

fn matches_table(db: &Database, c: &Card, t: &RefTable) -> bool {
    if let Some(id) = &t.id {
        let id = id.trim();
        if !c.id.eq_ignore_ascii_case(id) && !c.alias_ids.iter().any(|a| a.eq_ignore_ascii_case(id))
        {
            return false;
        }
    }
    if let Some(name) = &t.name {
        if normalize(&c.name) != normalize(name) {
            return false;
        }
    }
    if let Some(f) = &t.faction {
        let f = loose(f);
        if !c.factions.iter().any(|x| loose(x) == f) {
            return false;
        }
    }
    if let Some(s) = &t.set {
        let s = loose(s);
        let hit = c
            .sets
            .iter()
            .any(|id| loose(id) == s || db.set(id).is_some_and(|set| loose(&set.name) == s));
        if !hit {
            return false;
        }
    }
    if let Some(k) = &t.class {
        let k = loose(k);
        let hit = c.class.as_ref().is_some_and(|id| {
            loose(id) == k || db.class(id).is_some_and(|cl| loose(&cl.name) == k)
        });
        if !hit {
            return false;
        }
    }
    if let Some(k) = &t.kind {
        let k = loose(k);
        if loose(c.kind.as_str()) != k && !upgrade_types(c).any(|s| loose(s) == k) {
            return false;
        }
    }
    true
}
