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
    /// References that named several cards, resolved because every one
    /// gives the same result where it stands (reported as notes).
    pub equivalent: Vec<Equivalent<'a>>,
}

/// A reference that named several cards which are the same on its ship
/// (same cost there, same legality, same uniqueness): the first was used.
#[derive(Debug, Clone, PartialEq)]
pub struct Equivalent<'a> {
    pub span: Range<usize>,
    /// The reference as written ('Photon Torpedoes').
    pub label: String,
    pub used: &'a Card,
    pub others: Vec<&'a Card>,
    /// The ship it stands on, by its card's name.
    pub ship: String,
}

/// How a candidate card would do at a place of a ship: its cost there,
/// whether it pays a penalty (faction or ship), whether it breaks a rule
/// there. The pipeline (`staw::analyse`) judges candidates by pricing
/// them on the ship; resolution only orders and compares the verdicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    pub cost: i32,
    pub penalty: bool,
    pub legal: bool,
}

/// Judges a candidate card on a ship (see `Fit`).
pub trait Judge {
    /// How `card` does at `pos` of `entry` (the ship with the cards
    /// resolved so far); `None` when it cannot be judged there.
    fn fit(&self, entry: &ShipEntry, pos: Position, card: &Card) -> Option<Fit>;
}

/// One candidate of an ambiguous or unknown reference, in the order a
/// player looks for it: cards that fit the place first (legal, no
/// penalty), cheapest first.
#[derive(Debug, Clone)]
pub struct Candidate<'a> {
    pub card: &'a Card,
    /// Every set it is printed in (its reprints' sets too), as ids.
    pub sets: Vec<String>,
    /// How it does on its ship, when there is one to judge it on.
    pub fit: Option<Fit>,
}

/// Resolves every card reference of the file. `None` when any failed
/// (each failure is in `diags`).
pub fn resolve<'a>(
    db: &'a Database,
    raw: &RawFleet,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    resolve_judged(db, raw, None, diags)
}

/// `resolve`, where `judge` prices the candidates of a name several cards
/// share on their ship: equivalent candidates resolve (`Fleet::equivalent`),
/// others are listed in the order a player looks for them.
pub fn resolve_judged<'a>(
    db: &'a Database,
    raw: &RawFleet,
    judge: Option<&dyn Judge>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Fleet<'a>> {
    let before = diags.len();
    let mut equivalent = Vec::new();
    let resource = raw
        .resource
        .as_ref()
        .and_then(|r| place(db, r, Position::Resource, None, diags));
    let mut ships = Vec::new();
    for s in &raw.ships {
        if let Some(e) = ship(db, s, judge, &mut equivalent, diags) {
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
        equivalent,
    })
}

/// Resolves a ship: its ship card first, then its captain, then the rest,
/// each judged (when a name is shared) on the ship with what is resolved.
fn ship<'a>(
    db: &'a Database,
    s: &RawShip,
    judge: Option<&dyn Judge>,
    equivalent: &mut Vec<Equivalent<'a>>,
    diags: &mut Vec<Diagnostic>,
) -> Option<ShipEntry<'a>> {
    let ship = s
        .ship
        .as_ref()
        .and_then(|r| place(db, r, Position::Ship, None, diags));
    let mut entry = ship.clone().map(|ship| ShipEntry {
        ship,
        captain: None,
        admiral: None,
        upgrades: Vec::new(),
        flagship: None,
        fleet_captain: None,
        ambassador: None,
        construction: None,
        officers: Vec::new(),
    });
    let singles: [(&Option<CardRef>, Position); 6] = [
        (&s.captain, Position::Captain),
        (&s.admiral, Position::Admiral),
        (&s.flagship, Position::Flagship),
        (&s.fleet_captain, Position::FleetCaptain),
        (&s.ambassador, Position::Ambassador),
        (&s.construction, Position::Construction),
    ];
    let lists: [(&Vec<CardRef>, Position); 2] = [
        (&s.upgrades, Position::Upgrade),
        (&s.officers, Position::Officer),
    ];
    let refs = singles
        .into_iter()
        .filter_map(|(r, p)| r.as_ref().map(|r| (r, p)))
        .chain(
            lists
                .into_iter()
                .flat_map(|(v, p)| v.iter().map(move |r| (r, p))),
        );
    for (r, pos) in refs {
        let ctx = judge.zip(entry.as_ref());
        let suggest = diags.len() < SUGGEST_WHILE_FEWER_THAN;
        match find_in(db, r, pos, None, ctx, suggest) {
            Ok(found) => {
                let placed = Placed {
                    card: found.card,
                    span: r.span.clone(),
                };
                if !found.others.is_empty() {
                    equivalent.push(Equivalent {
                        span: r.span.clone(),
                        label: r.label(),
                        used: found.card,
                        others: found.others,
                        ship: entry
                            .as_ref()
                            .map(|e| e.ship.card.name.clone())
                            .unwrap_or_default(),
                    });
                }
                if let Some(e) = entry.as_mut() {
                    put(e, pos, placed);
                }
            }
            Err(d) => {
                diags.push(*d);
            }
        }
    }
    entry
}

/// Puts a resolved card at its place of a ship.
fn put<'a>(e: &mut ShipEntry<'a>, pos: Position, p: Placed<'a>) {
    match pos {
        Position::Captain => e.captain = Some(p),
        Position::Admiral => e.admiral = Some(p),
        Position::Flagship => e.flagship = Some(p),
        Position::FleetCaptain => e.fleet_captain = Some(p),
        Position::Ambassador => e.ambassador = Some(p),
        Position::Construction => e.construction = Some(p),
        Position::Officer => e.officers.push(p),
        _ => e.upgrades.push(p),
    }
}

/// A ship with `card` put at `pos` (for judging a candidate there).
pub fn with_card<'a>(
    e: &ShipEntry<'a>,
    pos: Position,
    card: &'a Card,
    span: Range<usize>,
) -> ShipEntry<'a> {
    let mut e = e.clone();
    put(&mut e, pos, Placed { card, span });
    e
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
    find_in(db, r, pos, prefer, None, suggest).map(|f| f.card)
}

/// A resolved reference: the card, and the cards equivalent to it on its
/// ship that the reference named too.
struct Found<'a> {
    card: &'a Card,
    others: Vec<&'a Card>,
}

/// `"Photon Torpedoes (Starter Set)"`: a card name and the set it is
/// printed in, as players write lists; `None` for anything else.
pub fn split_compact(s: &str) -> Option<(&str, &str)> {
    let s = s.trim();
    let body = s.strip_suffix(')')?;
    // The `(` that the last `)` closes: set names hold parentheses too
    // (`James T. Kirk (U.S.S. Enterprise (Refit))`).
    let mut depth = 0;
    let mut open = None;
    for (i, ch) in body.char_indices().rev() {
        match ch {
            ')' => depth += 1,
            '(' if depth == 0 => {
                open = Some(i);
                break;
            }
            '(' => depth -= 1,
            _ => {}
        }
    }
    let open = open?;
    let (name, set) = (body[..open].trim(), body[open + 1..].trim());
    (!name.is_empty() && !set.is_empty()).then_some((name, set))
}

/// A choice read back from a help line of `ambiguous-card` or
/// `unknown-card` (the lines `candidate_help` and "did you mean" write):
/// what to write in place of the reference, the line in words, and
/// whether the card breaks a rule where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// `{ id = "W122" }` or `"Data"`.
    pub write: String,
    /// The card id, when the choice is a card.
    pub id: Option<String>,
    pub text: String,
    pub legal: bool,
}

/// The choices of a diagnostic's help lines, in their order.
pub fn choices_of(help: &[String]) -> Vec<Choice> {
    let mut out = Vec::new();
    for h in help {
        if let Some((text, table)) = h.rsplit_once(" — write ") {
            let id = table
                .strip_prefix("{ id = \"")
                .and_then(|t| t.strip_suffix("\" }"))
                .map(str::to_string);
            out.push(Choice {
                write: table.to_string(),
                id,
                text: text.to_string(),
                legal: !text.contains(BREAKS),
            });
        } else if let Some(names) = h
            .strip_prefix("did you mean ")
            .and_then(|n| n.strip_suffix('?'))
        {
            for n in names.split(", ").flat_map(|p| p.split(" or ")) {
                let n = n.trim_matches('\'');
                out.push(Choice {
                    write: format!("{n:?}"),
                    id: None,
                    text: n.to_string(),
                    legal: true,
                });
            }
        }
    }
    out
}

/// How a candidate line says the card breaks a rule where it stands.
const BREAKS: &str = ", breaks a rule there";

/// The compact form of a card in a set: `Photon Torpedoes (Starter Set)`,
/// by the first of its sets in which no other card has its name and type
/// (so that the form names it alone), else its first set.
pub fn compact(db: &Database, c: &Card) -> String {
    let others: Vec<&Card> = db
        .by_name(&c.name)
        .into_iter()
        .filter(|o| o.kind == c.kind && !o.is_reprint_of(c))
        .collect();
    let alone = |set: &str| {
        let named = db.sets_named(db.set(set).map_or(set, |s| s.name.as_str()));
        !others
            .iter()
            .any(|o| o.sets.iter().any(|s| named.iter().any(|n| n.id == *s)))
    };
    // Its own sets first, then those of its reprints (the same card to
    // the rules).
    let mut sets: Vec<&String> = c.sets.iter().collect();
    for o in db
        .by_name(&c.name)
        .into_iter()
        .filter(|o| o.is_reprint_of(c))
    {
        sets.extend(o.sets.iter().filter(|s| !c.sets.contains(s)));
    }
    let set = sets
        .iter()
        .find(|s| alone(s))
        .or(sets.first())
        .and_then(|s| db.set(s));
    match set {
        Some(set) => format!("{} ({})", c.name, set.name),
        None => c.name.clone(),
    }
}

/// Resolves one reference for a position; with a judge and the ship it
/// stands on, candidates that are all the same there resolve to the first,
/// and an ambiguity lists them in the order a player looks for them.
fn find_in<'a>(
    db: &'a Database,
    r: &CardRef,
    pos: Position,
    prefer: Option<&str>,
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
    suggest: bool,
) -> Result<Found<'a>, Box<Diagnostic>> {
    let compact_table = match &r.query {
        Query::Text(s) if db.by_id(s).is_none() && db.by_name(s).is_empty() => split_compact(s)
            .map(|(name, set)| RefTable {
                name: Some(name.to_string()),
                set: Some(set.to_string()),
                ..RefTable::default()
            }),
        _ => None,
    };
    let query = match &compact_table {
        Some(t) => Query::Table(t.clone()),
        None => r.query.clone(),
    };
    let (mut candidates, narrowed_from) = match &query {
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
    let all: Vec<&Card> = candidates.clone();
    let fitting: Vec<&Card> = dedupe(candidates.iter().copied().filter(|c| pos.fits(c)).collect());
    let sideboard = matches!(pos, Position::Sideboard(_));
    let one = |card| {
        Ok(Found {
            card,
            others: Vec::new(),
        })
    };
    match fitting.len() {
        1 => return one(fitting[0]),
        n if n > 1 => {
            let cands = order(db, &all, &fitting, pos, ctx);
            if let Some(first) = cands.first().filter(|_| ctx.is_some()) {
                let same = cands.iter().all(|c| {
                    c.fit.is_some()
                        && c.fit == first.fit
                        && c.card.unique == first.card.unique
                        && c.card.mirror_unique == first.card.mirror_unique
                });
                if same {
                    return Ok(Found {
                        card: first.card,
                        others: cands[1..].iter().map(|c| c.card).collect(),
                    });
                }
            }
            return Err(Box::new(ambiguous(db, r, pos, &cands, ctx.is_some())));
        }
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
                        return one(named[0]);
                    }
                }
            }
            return match candidates.len() {
                1 => one(candidates[0]),
                _ => {
                    let cands = order(db, &all, &candidates, pos, None);
                    Err(Box::new(ambiguous(db, r, pos, &cands, false)))
                }
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
        if let Query::Table(RefTable { set: Some(set), .. }) = &query {
            let sets = db.sets_named(set);
            if sets.is_empty() {
                d = d.with_help(format!(
                    "no set is named {set:?}: give a set's number or part of its name"
                ));
            } else if sets.len() > 1 {
                d = d.with_help(format!(
                    "{set:?} names {} sets: {}",
                    sets.len(),
                    sets.iter()
                        .map(|s| format!("{} ({})", s.name, s.id))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        let fitting: Vec<&Card> = narrowed_from
            .iter()
            .copied()
            .filter(|c| pos.fits(c))
            .collect();
        let pool = if fitting.is_empty() {
            narrowed_from.clone()
        } else {
            fitting
        };
        let cands = order(db, &narrowed_from, &dedupe(pool), pos, ctx);
        for c in cands.iter().take(MAX_CANDIDATES) {
            d = d.with_help(candidate_help(db, c, ctx.is_some()));
        }
        return Err(Box::new(d));
    }
    let query = match &query {
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

fn ambiguous(
    db: &Database,
    r: &CardRef,
    pos: Position,
    cards: &[Candidate],
    on_ship: bool,
) -> Diagnostic {
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
        d = d.with_help(candidate_help(db, c, on_ship));
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

/// The candidates `cards` (reprints removed) of a reference, each with
/// every set it is printed in (from `all`, the cards the reference named
/// with their reprints) and, on a ship, how it does there; in the order a
/// player looks for them: legal without penalty first, then legal, then
/// the rest, each by cost there, faction and id.
pub fn order<'a>(
    db: &'a Database,
    all: &[&'a Card],
    cards: &[&'a Card],
    pos: Position,
    ctx: Option<(&dyn Judge, &ShipEntry<'a>)>,
) -> Vec<Candidate<'a>> {
    let mut out: Vec<Candidate> = cards
        .iter()
        .map(|c| {
            let mut sets: Vec<String> = Vec::new();
            let printings = db
                .by_name(&c.name)
                .into_iter()
                .chain(all.iter().copied())
                .filter(|o| std::ptr::eq(*o, *c) || o.is_reprint_of(c));
            for o in std::iter::once(*c).chain(printings) {
                for s in &o.sets {
                    if !sets.contains(s) {
                        sets.push(s.clone());
                    }
                }
            }
            Candidate {
                card: c,
                sets,
                fit: ctx.and_then(|(j, e)| j.fit(e, pos, c)),
            }
        })
        .collect();
    out.sort_by_key(|c| {
        let rank = match &c.fit {
            Some(f) if f.legal && !f.penalty => 0,
            Some(f) if f.legal => 1,
            Some(_) => 2,
            None => 0,
        };
        let cost = c.fit.as_ref().map_or(c.card.cost, |f| f.cost);
        (
            rank,
            cost,
            factions_and(&c.card.factions),
            c.card.id.clone(),
        )
    });
    out
}

/// One candidate as a help line: "W122: Photon Torpedoes, a weapon
/// upgrade, Federation, 3 SP on this ship, in Starter Set (71120), U.S.S.
/// Reliant (71121) — write { id = "W122" }".
fn candidate_help(db: &Database, c: &Candidate, on_ship: bool) -> String {
    format!(
        "{} — write {}",
        candidate_line(db, c, on_ship),
        pick_table(c.card)
    )
}

/// A candidate in words, without the table that picks it.
pub fn candidate_line(db: &Database, c: &Candidate, on_ship: bool) -> String {
    let card = c.card;
    let sets = if c.sets.is_empty() {
        "in no set".to_string()
    } else {
        let names: Vec<String> = c
            .sets
            .iter()
            .map(|s| match db.set(s) {
                Some(set) => format!("{} ({})", set.name, set.id),
                None => s.clone(),
            })
            .collect();
        format!("in {}", names.join(", "))
    };
    let cost = match &c.fit {
        Some(f) => {
            let mut s = format!("{} SP on this ship", f.cost);
            if f.penalty {
                s.push_str(" with a penalty");
            }
            if !f.legal {
                s.push_str(BREAKS);
            }
            s
        }
        None if on_ship => format!("{} SP", card.cost),
        None => format!("cost {} SP", card.cost),
    };
    format!(
        "{}: {}, {}, {}, {}, {}",
        card.id,
        card.name,
        describe_kind(card),
        factions_and(&card.factions),
        cost,
        sets
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
        let sets = db.sets_named(s);
        if !c.sets.iter().any(|id| sets.iter().any(|set| set.id == *id)) {
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
