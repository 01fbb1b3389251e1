//! `import text`: a fleet pasted from a forum post or Utopia's text export
//! (`Ship [cost]`, `- Captain 9 (Captain) [6]`, `- Upgrade [3]`, `- - a
//! card in a card's slot`, `Resource: ...`, with or without set names as
//! `Name (Set)` or Utopia's `Name (Set, Set)`, costs in brackets or
//! parentheses, other bullets) read into a fleet file (`parse`). Each line
//! is settled to one card by what it says and by what the list prints of
//! the fleet (`resolve`); a card settled is written as the fleet file
//! names it (its name, or `{ id = ... }` with a comment). A name still
//! shared by cards that differ there is written as the player wrote it and
//! left for `fix`. Every line that could not be read or resolved is
//! reported with its line number; nothing is dropped silently (an unread
//! line stays as a comment).

mod parse;
mod resolve;

use super::model::{CardText, FleetFile, ShipFile, Slot};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_input::diag::{shorten, Diagnostic, InputCode, Source};
use fleetcheck_report::Checked;
use fleetcheck_staw::{CheckOptions, Engine};
use parse::{Entry, Listing, Place};
use std::collections::HashMap;
use std::ops::Range;

/// A line the import could not read or resolve, or whose cost the fleet
/// does not give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unread {
    /// 1-based line of the pasted text.
    pub line: usize,
    pub message: String,
    pub level: Level,
}

/// How much an `Unread` line matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// A card that is not in the fleet file as meant (exit 2).
    Error,
    /// An ambiguous name left for `fix` (exit 2).
    Note,
    /// The card is read, but the fleet gives it (or its ship) another cost
    /// than the list prints: the other builder prices it otherwise, or the
    /// list is wrong.
    Warning,
}

/// The fleet file key of a card under a ship.
fn key_of(kind: CardType) -> &'static str {
    match kind {
        CardType::Captain => "captain",
        CardType::Admiral => "admiral",
        CardType::Flagship => "flagship",
        CardType::FleetCaptain => "fleet_captain",
        CardType::Ambassador => "ambassador",
        CardType::Construction => "construction",
        CardType::Officer => "officers",
        _ => "upgrades",
    }
}

/// Where each entry of a listing goes in the fleet file, by the keys
/// `keys` gives and the entries `has` keeps (a ship not kept leaves its
/// cards out), a ship's cards in the order of their `rank` (the list's
/// order, unless another order gives each card the cost the list prints).
struct Layout {
    resource: Option<usize>,
    /// Each ship's entry with its cards' keys and entries, in list order.
    ships: Vec<(usize, Vec<(&'static str, usize)>)>,
    sideboard: Vec<(&'static str, usize)>,
    /// A second captain (admiral, ...) under one ship, a second resource:
    /// no key left.
    extra: Vec<usize>,
}

impl Layout {
    fn of(
        listing: &Listing,
        keys: &dyn Fn(usize) -> &'static str,
        has: &dyn Fn(usize) -> bool,
        rank: &[i64],
    ) -> Layout {
        let entries = &listing.entries;
        let mut out = Layout {
            resource: None,
            ships: Vec::new(),
            sideboard: Vec::new(),
            extra: Vec::new(),
        };
        for (i, e) in entries.iter().enumerate() {
            if e.place == Place::Resource && has(i) {
                match out.resource {
                    None => out.resource = Some(i),
                    Some(_) => out.extra.push(i),
                }
            }
        }
        // Each ship's cards, gathered in one pass over the entries (a list
        // of thousands of ships is laid out in linear time).
        let mut under: HashMap<usize, Vec<usize>> = HashMap::new();
        for (j, e) in entries.iter().enumerate() {
            if let (Place::OnShip, Some(ship)) = (e.place, e.ship) {
                under.entry(ship).or_default().push(j);
            }
        }
        for (i, e) in entries.iter().enumerate() {
            if e.place != Place::Ship || !has(i) {
                continue;
            }
            let mut mine: Vec<usize> = e
                .ship
                .and_then(|ship| under.remove(&ship))
                .unwrap_or_default();
            mine.sort_by_key(|&j| rank[j]);
            let mut cards = Vec::new();
            let mut used = Vec::new();
            for &j in &mine {
                let key = keys(j);
                if key == "upgrades" || key == "officers" {
                    continue;
                }
                if used.contains(&key) {
                    out.extra.push(j);
                    continue;
                }
                used.push(key);
                if has(j) {
                    cards.push((key, j));
                }
            }
            for list in ["officers", "upgrades"] {
                cards.extend(
                    mine.iter()
                        .filter(|&&j| keys(j) == list && has(j))
                        .map(|&j| (list, j)),
                );
            }
            out.ships.push((i, cards));
        }
        out.sideboard = (0..entries.len())
            .filter(|&i| entries[i].place == Place::Sideboard && !keys(i).is_empty() && has(i))
            .map(|i| (keys(i), i))
            .collect();
        out
    }

    /// The fleet file of the listing laid out so, each entry's card as
    /// `slot` gives it, `header` first; and where each entry's card is.
    fn file(
        &self,
        listing: &Listing,
        header: &[String],
        slot: &dyn Fn(usize) -> Slot,
    ) -> (FleetFile, resolve::Spans) {
        let mut spans = Vec::new();
        let mut put = |i: usize| {
            let s = slot(i);
            spans.push((s.span.clone(), i));
            s
        };
        let resource = self.resource.map(&mut put);
        let mut ships = Vec::new();
        for (i, cards) in &self.ships {
            let mut ship = ShipFile::new(put(*i));
            for &(key, j) in cards {
                let s = put(j);
                match key {
                    "officers" => ship.officers.push(s),
                    "upgrades" => ship.upgrades.push(s),
                    key => {
                        if let Some(single) = ship.single_mut(key) {
                            *single = Some(s);
                        }
                    }
                }
            }
            ships.push(ship);
        }
        let sideboard = self
            .sideboard
            .iter()
            .map(|&(key, i)| (key.to_string(), put(i)))
            .collect();
        let file = FleetFile {
            header: header.to_vec(),
            name: listing.name.clone(),
            format: listing.format.clone(),
            as_of: listing.as_of.clone(),
            sp_cap: listing.sp_cap,
            resource,
            additional_points: listing.additional_points,
            notes: None,
            ships,
            sideboard,
        };
        (file, spans)
    }
}

/// A pasted list as its lines are read: a byte order mark at its start is
/// no part of the fleet's name, and a carriage return alone (old Mac line
/// ends) ends a line as a line feed does (one byte for one: the lines keep
/// their byte ranges). A CRLF stays one line end.
fn line_ends(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !text.contains('\r') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// The byte range of each line of `text` (0-based), blanks around it left
/// out: where a pasted line's card stands.
fn line_spans(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let lead = line.len() - line.trim_start().len();
        let end = start + line.trim_end().len();
        out.push((start + lead).min(end)..end);
        start += line.len() + 1;
    }
    out
}

/// What `import text` makes of a pasted list.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The fleet file, as the one writer writes it (`toml`).
    pub file: FleetFile,
    pub toml: String,
    /// What could not be read or resolved, by line.
    pub unread: Vec<Unread>,
    /// The fleet of the file checked: the value the file writes, analysed
    /// (not the file read again).
    pub checked: Checked,
}

/// The fleet file of a pasted list, and what could not be read.
pub fn import(db: &Database, text: &str, from: &str, opts: &CheckOptions) -> Imported {
    import_on(&Engine::new(db, opts.clone()), text, from)
}

/// [`import`] on an engine the caller holds (whose [`Engine::runs`] then
/// counts the pricings of the candidates).
pub fn import_on(engine: &Engine, text: &str, from: &str) -> Imported {
    let text = &line_ends(text);
    let db = engine.db();
    let listing = parse::read(db, text);
    let entries = &listing.entries;
    let lines = line_spans(text);
    let span = |i: usize| lines.get(entries[i].line - 1).cloned().unwrap_or(0..0);
    let source = Source {
        path: from.to_string(),
        text: text.to_string(),
    };
    let cands: Vec<Vec<&Card>> = entries.iter().map(|e| resolve::candidates(db, e)).collect();
    let sections = resolve::sections(&listing, &cands);
    let in_order: Vec<i64> = (0..entries.len() as i64).collect();
    // A choice of one card a line as a fleet value (no TOML text), each
    // card by its id, its reference at its line of the list.
    let pricing = |choice: &[Option<&Card>]| {
        let keys = |i: usize| key(&entries[i], choice[i].as_slice(), sections[i]);
        let layout = Layout::of(&listing, &keys, &|i| choice[i].is_some(), &in_order);
        let (file, spans) = layout.file(&listing, &[], &|i| Slot {
            card: CardText::Id(choice[i].map(|c| c.id.clone()).unwrap_or_default()),
            span: span(i),
            note: None,
        });
        (
            engine.resolve_fleet(source.clone(), file.to_raw_by_id()),
            spans,
        )
    };
    let picks = resolve::settle(&listing, cands, &pricing);

    let mut unread = Vec::new();
    let mut header = vec![format!("Imported from text ({from}) by fleetcheck.")];
    for (line, t) in &listing.unread {
        header.push(format!("line {line} not read: {t}"));
        unread.push(Unread {
            line: *line,
            message: format!("cannot read '{}'", shorten(t)),
            level: Level::Error,
        });
    }
    for &i in &picks.same_there {
        let cs = &picks.cands[i];
        let ids: Vec<&str> = cs.iter().map(|c| c.id.as_str()).collect();
        header.push(format!(
            "line {}: '{}' may be {}, the same there; took {}",
            entries[i].line,
            shorten(&entries[i].name),
            ids.join(", "),
            ids[0]
        ));
    }
    for (i, e) in entries.iter().enumerate() {
        if e.place == Place::Sideboard && sections[i].is_none() {
            header.push(format!("line {} not read: {}", e.line, e.name));
            unread.push(Unread {
                line: e.line,
                message: format!("'{}': no free sideboard section fits it", shorten(&e.name)),
                level: Level::Error,
            });
        }
    }
    let settled = |i: usize| picks.cands[i].len() == 1 || picks.same_there.contains(&i);
    let keys = |i: usize| {
        let cs = &picks.cands[i];
        key(
            &entries[i],
            if settled(i) { &cs[..1] } else { cs },
            sections[i],
        )
    };
    let layout = Layout::of(&listing, &keys, &|_| true, &in_order);
    // A second captain (and the like) under one ship has no key left: its
    // line is kept as a comment.
    for &j in &layout.extra {
        let message = if entries[j].place == Place::Resource {
            format!(
                "'{}' is a second resource; not imported",
                shorten(&entries[j].name)
            )
        } else {
            format!(
                "'{}' is a second {} under one ship; not imported",
                shorten(&entries[j].name),
                keys(j).replace('_', " ")
            )
        };
        header.push(format!("line {} not imported: {message}", entries[j].line));
        unread.push(Unread {
            line: entries[j].line,
            message,
            level: Level::Error,
        });
    }
    // A typo read as the one close name: a warning, and a note at the
    // card in the file.
    let typo = |i: usize| {
        let e = &entries[i];
        e.written
            .as_ref()
            .filter(|_| e.typo)
            .map(|w| format!("line {}: '{}' read as {}", e.line, shorten(w), e.name))
    };
    for e in entries {
        if let Some(w) = e.written.as_ref().filter(|_| e.typo) {
            unread.push(Unread {
                line: e.line,
                message: format!(
                    "'{}' is no card's name; read as '{}', the one close name",
                    shorten(w),
                    e.name
                ),
                level: Level::Warning,
            });
        }
    }
    // A card settled is written as the fleet file names it; a name still
    // shared, as the card's name (the player's, or the one close name),
    // with the cost the line states (a name no card has, without) (`{ name = ..., cost = 5 }`: `check`
    // keeps the candidates that cost that there), unless no candidate
    // costs that there (`unstated`: the list is wrong, or prices
    // otherwise).
    let unstated = std::cell::RefCell::new(Vec::new());
    let slot = |i: usize| Slot {
        card: match (settled(i), entries[i].cost) {
            (true, _) => CardText::Id(picks.cands[i][0].id.clone()),
            (false, Some(cost)) if picks.cands[i].len() > 1 && !unstated.borrow().contains(&i) => {
                CardText::Stated {
                    name: entries[i].name.clone(),
                    cost: i64::from(cost),
                }
            }
            (false, _) => CardText::Name(entries[i].name.clone()),
        },
        span: span(i),
        note: typo(i),
    };
    let choice: Vec<Option<&Card>> = picks.cands.iter().map(|v| v.first().copied()).collect();
    let fingerprint = !engine.check_options().skip_fingerprint;
    // The file's fleet, as a value: its unresolved names are the
    // questions; priced, its costs are compared with the list's.
    let build = |rank: &[i64]| {
        let (file, spans) =
            Layout::of(&listing, &keys, &|_| true, rank).file(&listing, &header, &slot);
        let resolved = engine.resolve_fleet(source.clone(), file.to_raw(db));
        (file, (resolved, spans))
    };
    let (mut file, mut fleet) = build(&in_order);
    let wrong: Vec<usize> = {
        let (resolved, spans) = &fleet;
        let at = resolve::EntriesAt::of(spans);
        resolved
            .diagnostics()
            .iter()
            .filter(|d| d.is(InputCode::StatedCost))
            .filter_map(|d| d.span.as_ref())
            .filter_map(|s| at.get(s))
            .collect()
    };
    if !wrong.is_empty() {
        unstated.borrow_mut().extend(wrong);
        (file, fleet) = build(&in_order);
    }
    // Every line settled: the file's fleet is the fleet of the choice,
    // priced once for both.
    let (outcome, analysed) = if (0..entries.len()).all(settled) {
        let priced = |fleet: &resolve::Priced| {
            resolve::price_and(&listing, &choice, fleet, |a| {
                fleetcheck_report::staw::priced_with(a, fingerprint)
            })
        };
        let mut done = priced(&fleet);
        // The engine gives what depends on the order of a ship's cards (a
        // limited discount, one of two slots that price a card otherwise)
        // to the card the file names first: where cards the list prices
        // so are not priced so, the file names them in the order that is.
        let misses = resolve::cost_misses(&listing, &done.0);
        if !misses.is_empty() {
            let rank = reordered(&listing, &keys, in_order.clone(), misses, |rank| {
                resolve::cost_misses(&listing, &resolve::price(&listing, &choice, &build(rank).1))
            });
            if rank != in_order {
                (file, fleet) = build(&rank);
                done = priced(&fleet);
            }
        }
        done
    } else {
        let analysed = fleet
            .0
            .analyse(|a| fleetcheck_report::staw::priced_with(a, fingerprint));
        (
            resolve::price(&listing, &choice, &pricing(&choice)),
            analysed,
        )
    };
    let toml = file.to_toml(db);
    let (resolved, spans) = &fleet;
    let at = resolve::EntriesAt::of(spans);
    let entry_at = |s: &Range<usize>| at.get(s);
    let mut questions: Vec<&Diagnostic> = resolved
        .diagnostics()
        .iter()
        .filter(|d| d.is(InputCode::AmbiguousCard) || d.is(InputCode::UnknownCard))
        .collect();
    questions.sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
    for q in questions {
        let line = q
            .span
            .as_ref()
            .and_then(&entry_at)
            .map_or(0, |i| entries[i].line);
        let ambiguous = q.is(InputCode::AmbiguousCard);
        unread.push(Unread {
            line,
            message: if ambiguous {
                format!("{} (left for `fleetcheck fix`)", q.message)
            } else {
                q.message.clone()
            },
            level: if ambiguous { Level::Note } else { Level::Error },
        });
    }
    for (line, message) in resolve::differences(&listing, &picks, &outcome) {
        unread.push(Unread {
            line,
            message,
            level: Level::Warning,
        });
    }
    unread.sort_by_key(|u| u.line);
    Imported {
        file,
        toml,
        unread,
        checked: fleetcheck_report::staw::checked(analysed),
    }
}

/// The most tries of another order of a ship's cards (each a pricing).
const REORDERS: usize = 40;

/// The order of the cards (`rank`, whose cards priced otherwise than the
/// list prints them are `best`) that leaves the fewest such (`misses`): an upgrade (or
/// officer) so priced goes first or last among its ship's cards, or two
/// such of one ship change places, while that leaves fewer.
fn reordered(
    listing: &Listing,
    keys: &dyn Fn(usize) -> &'static str,
    mut rank: Vec<i64>,
    mut best: Vec<usize>,
    misses: impl Fn(&[i64]) -> Vec<usize>,
) -> Vec<i64> {
    let listed = |a: usize| keys(a) == "upgrades" || keys(a) == "officers";
    let mut tries = 0;
    'better: while !best.is_empty() {
        let mut orders: Vec<Vec<i64>> = Vec::new();
        for (x, &a) in best.iter().enumerate() {
            let ea = &listing.entries[a];
            if !listed(a) || ea.place != Place::OnShip {
                continue;
            }
            let mine = (0..listing.entries.len())
                .filter(|&j| {
                    listing.entries[j].place == Place::OnShip && listing.entries[j].ship == ea.ship
                })
                .map(|j| rank[j]);
            let (low, high) = mine.fold((i64::MAX, i64::MIN), |(l, h), r| (l.min(r), h.max(r)));
            for to in [low - 1, high + 1] {
                let mut r = rank.clone();
                r[a] = to;
                orders.push(r);
            }
            for &b in &best[x + 1..] {
                let eb = &listing.entries[b];
                if keys(a) == keys(b) && ea.place == eb.place && ea.ship == eb.ship {
                    let mut r = rank.clone();
                    r.swap(a, b);
                    orders.push(r);
                }
            }
        }
        for r in orders {
            if tries == REORDERS {
                break 'better;
            }
            tries += 1;
            let m = misses(&r);
            if m.len() < best.len() {
                best = m;
                rank = r;
                continue 'better;
            }
        }
        break;
    }
    rank
}

/// The key an entry goes under: its cards' type under a ship, its section
/// in the sideboard (empty: none fits).
fn key(e: &Entry, cands: &[&Card], section: Option<&'static str>) -> &'static str {
    match e.place {
        Place::Ship => "ship",
        Place::Resource => "resource",
        Place::Sideboard => section.unwrap_or(""),
        Place::OnShip => match (e.marker, cands.first()) {
            (Some(m), _) => key_of(m.kind()),
            (None, Some(c)) => key_of(c.kind),
            (None, None) => "upgrades",
        },
    }
}
