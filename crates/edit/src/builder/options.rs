//! `options`: the cards that could legally be added to a ship (or to a
//! sideboard section) now, answering a player's question rather than
//! listing the database. The fleet is read and resolved once by the engine
//! (`staw::Engine`); each candidate is put at the place in memory
//! (`Change::Add`, where `add` would write it) and that fleet priced and
//! checked again, no TOML written or parsed: a candidate is an option
//! when the change brings no new error
//! (a free slot, its restrictions met, uniqueness kept, the caps kept). Its
//! cost is the one the engine gives it on that ship, with every modifier
//! named; the SP left is the cap minus the new total, or the per-ship cap
//! minus the ship's new total when a format has one and that is less.
//!
//! Without `faction` or `any_faction`, cards that pay a faction penalty
//! there are left out (and counted). `replace` lists what could take a
//! card's place: the card is removed in memory (`Change::Remove`) and its
//! slot asked for. An
//! empty answer says why (`report::options::Why`).
//!
//! With a collection (`CheckOptions::collection`), each card is marked by
//! what the collection holds of it against the fleet's own use
//! (`report::options::Shelved`: `free`, `owned`, `missing`), and the cards
//! with a free copy come first, then the owned, then the missing;
//! `Ask::owned` keeps only those with a free copy (and counts the others).
//!
//! To keep this fast, upgrades that fit no free slot type of the ship (and
//! need a slot) are not tried, and a card printed in several sets is tried
//! once.

use super::{EditError, Kind};
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::{normalize, Database};
use fleetcheck_input::diag::{Diagnostic, Source};
use fleetcheck_report::model::CardReport;
use fleetcheck_report::options::{At, Candidate, Named, OnShelf, Options, Shelved, Why};
use fleetcheck_report::staw::{checked, modifier, priced_with};
use fleetcheck_report::Checked;
use fleetcheck_staw::analysis::Analysis;
use fleetcheck_staw::collection::Shelf;
use fleetcheck_staw::fleet::read::SIDEBOARD_SECTIONS;
use fleetcheck_staw::fleet::resolve::upgrade_types;
use fleetcheck_staw::fleet::Position;
use fleetcheck_staw::{Base, Change, CheckOptions, Engine, Resolved};
use std::collections::HashMap;

/// Where to look for options.
#[derive(Debug, Clone, Default)]
pub struct Ask {
    /// The ship (1-based); needed when the fleet has more than one ship;
    /// ignored with `sideboard`.
    pub ship: Option<usize>,
    /// Only this slot type (`crew`, `tech`, ...), or `captain`/`admiral`.
    pub slot: Option<String>,
    /// A sideboard section instead of a ship.
    pub sideboard: Option<String>,
    /// Only cards of this faction.
    pub faction: Option<String>,
    /// Cards that pay a faction penalty there too (without `faction`,
    /// they are left out and counted).
    pub any_faction: bool,
    /// Only cards that would cost at most this.
    pub max_cost: Option<i32>,
    /// At most this many cards.
    pub limit: Option<usize>,
    /// The cards that could take this card's place on the ship instead.
    pub replace: Option<String>,
    /// Also the cards that fit the place but would break a rule there
    /// (each with the codes of the errors it brings, `Candidate::breaks`),
    /// after all the others: the language server's completion shows them
    /// with "breaks a rule there". `fleetcheck options` lists none.
    pub breaking: bool,
    /// Only the cards of which the collection holds a copy the fleet does
    /// not use already (`--owned`; nothing without a collection).
    pub owned: bool,
    /// Only the cards whose name or id starts with this, compared as
    /// names are (`normalize`): the language server's completion asks with
    /// what is typed, so that only those cards are priced.
    pub starting: Option<String>,
    /// How many threads may price the cards (each card's pricing reads
    /// the fleet only; the answer is the same for any number): 0 and 1
    /// price them on the calling thread. The caller knows the machine's
    /// cores; this crate reads no environment.
    pub workers: usize,
}

/// How many errors of each code: a few codes, kept in a list (counted
/// for every card tried).
#[derive(Debug, Clone, Default)]
struct Errors(Vec<(fleetcheck_input::diag::Code, usize)>);

impl Errors {
    /// `diagnostics`' errors added.
    fn with(mut self, diagnostics: &[Diagnostic]) -> Errors {
        for d in diagnostics.iter().filter(|d| d.is_error()) {
            match self.0.iter_mut().find(|(c, _)| *c == d.code) {
                Some((_, n)) => *n += 1,
                None => self.0.push((d.code, 1)),
            }
        }
        self
    }

    fn get(&self, code: fleetcheck_input::diag::Code) -> usize {
        self.0
            .iter()
            .find(|(c, _)| *c == code)
            .map_or(0, |(_, n)| *n)
    }
}

fn errors_by_code(diagnostics: &[Diagnostic]) -> Errors {
    Errors::default().with(diagnostics)
}

fn kind_label(c: &Card) -> String {
    match c.kind {
        CardType::Upgrade => {
            let mut types: Vec<&str> = Vec::new();
            for t in upgrade_types(c) {
                if !types.contains(&t) {
                    types.push(t);
                }
            }
            types.join("/")
        }
        k => k.as_str().to_string(),
    }
}

/// The fleet read (once: the engine resolves what was read here), or the
/// error of a fleet that cannot be read.
fn read(source: &Source) -> Result<fleetcheck_input::tree::Parsed, EditError> {
    crate::staw_only(source).map_err(|c| {
        let why = c
            .diagnostics
            .first()
            .map_or(String::new(), |d| d.message.clone());
        EditError::new(format!("input error: {why}"))
    })
}

/// The most cards (ships, captains, upgrades, the resource, the
/// sideboard's) a fleet may have for `options`: every card tried (about
/// a thousand for a ship with free slots) is priced with the whole fleet.
/// The largest formats' fleets have about a hundred.
pub const MAX_CARDS: usize = 200;

/// Finds the options; an error when the fleet cannot be read, the place
/// does not exist, or the fleet has several ships and no `ship` is given.
pub fn options(
    db: &Database,
    source: &Source,
    opts: &CheckOptions,
    ask: &Ask,
) -> Result<Options, EditError> {
    let parsed = read(source)?;
    // Read and resolved once; every candidate is priced on it.
    let engine = Engine::new(db, opts.clone());
    let resolved = engine.resolve_text(parsed);
    let cards = resolved.raw().references().count();
    if cards > MAX_CARDS {
        return Err(EditError::new(format!(
            "the fleet has {cards} cards; options answers for a fleet of at most {MAX_CARDS}"
        ))
        .help("each card it tries is priced with the whole fleet, so that the answer would take time in proportion to the fleet's size times the cards tried"));
    }
    let Some(query) = &ask.replace else {
        return find(db, &resolved, source, ask, None, opts.collection.as_deref());
    };
    // `--replace CARD`: the fleet without that card, and the cards that
    // fit its slot there.
    let base = report(&resolved);
    if base.exit_code() == 2 {
        return Err(EditError::new(
            "the fleet has an input error; `fleetcheck check` shows it",
        ));
    }
    let n = super::place::pick_ship(db, &super::parse(&source.text)?, ask.ship)?;
    let Some(ship) = base.report.ships.get(n - 1) else {
        return Err(EditError::new("the fleet could not be priced"));
    };
    let wanted = normalize(query);
    let mut hits: Vec<&CardReport> = ship
        .cards
        .iter()
        .filter(|c| c.id.eq_ignore_ascii_case(query.trim()) || normalize(&c.name) == wanted)
        .collect();
    hits.dedup_by(|a, b| a.id == b.id);
    let label = format!("ship {n} ({})", ship.ship.name);
    let card = match hits.as_slice() {
        [one] => *one,
        [] => {
            let names: Vec<String> = ship
                .cards
                .iter()
                .map(|c| format!("{} ({})", c.name, c.id))
                .collect();
            return Err(EditError::new(format!(
                "{label} has no card {}; its cards: {}",
                query.trim(),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|c| format!("{} ({})", c.name, c.id))
                .collect();
            return Err(EditError::new(format!(
                "{} names several cards of {label}: {}",
                query.trim(),
                names.join(", ")
            ))
            .help("name the card by its id"));
        }
    };
    let (position, slot) = match card.kind.as_str() {
        "captain" => (Position::Captain, "captain".to_string()),
        "admiral" => (Position::Admiral, "admiral".to_string()),
        "upgrade" => (
            Position::Upgrade,
            card.slot.clone().unwrap_or_else(|| {
                db.by_id(&card.id)
                    .and_then(|c| upgrade_types(c).next().map(str::to_string))
                    .unwrap_or_default()
            }),
        ),
        other => {
            return Err(EditError::new(format!(
                "--replace takes a captain, an admiral or an upgrade; {} ({}) is a {}",
                card.name,
                card.id,
                other.replace('-', " ")
            )))
        }
    };
    // The card's place on the resolved ship: its index among the upgrades.
    let index = resolved
        .fleet()
        .and_then(|f| f.ships.get(n - 1))
        .and_then(|e| match position {
            Position::Upgrade => e.upgrades.iter().position(|p| p.card.id == card.id),
            _ => Some(0),
        });
    let without = index.and_then(|index| {
        resolved.with(Change::Remove {
            ship: n - 1,
            position,
            index,
        })
    });
    let Some(without) = without else {
        return Err(EditError::new(format!(
            "{label} has no {} {} ({}) to take out",
            card.kind, card.name, card.id
        )));
    };
    let inner = Ask {
        ship: Some(n),
        slot: Some(slot),
        replace: None,
        ..ask.clone()
    };
    let mut found = find(
        db,
        &without,
        source,
        &inner,
        db.by_id(&card.id),
        opts.collection.as_deref(),
    )?;
    found.at.replacing = Some(Named {
        id: card.id.clone(),
        name: card.name.clone(),
    });
    Ok(found)
}

/// What the engine says of the fleet before anything is added: the report,
/// per ship its free slot types and whether its captain and admiral
/// places are free, and with a collection the copies it uses of each card
/// (by first printing).
struct Before {
    report: Checked,
    ships: Vec<(Vec<String>, bool, bool)>,
    used: HashMap<String, u32>,
}

fn before(resolved: &Resolved, base: Option<&Base>) -> Before {
    let mut ships = Vec::new();
    let mut used = HashMap::new();
    let visit = |a: &Analysis| {
        if let Some(o) = a.ownership() {
            used = o
                .cards
                .iter()
                .map(|u| (u.first_printing.to_string(), u.needed))
                .collect();
        }
        ships = a
            .ships
            .iter()
            .map(|s| {
                let free: Vec<String> = s
                    .free_slots()
                    .flat_map(|s| s.accepts.iter().map(|t| t.to_string()))
                    .collect();
                (free, s.entry.captain.is_none(), s.entry.admiral.is_none())
            })
            .collect();
        priced_with(a, false)
    };
    let report = checked(match base {
        Some(base) => base.analysed(visit),
        None => resolved.analyse(visit),
    });
    Before {
        report,
        ships,
        used,
    }
}

/// The report of a resolved fleet, priced and checked (no fingerprint:
/// nothing of `options` shows it).
fn report(resolved: &Resolved) -> Checked {
    checked(resolved.analyse(|a| priced_with(a, false)))
}

/// The cards that fit `ask`'s place in `source`, but `exclude` (the card
/// replaced) and its reprints; each marked by what `shelf` holds of it.
/// The fleet is priced and checked once, and each card priced beside it
/// (`Resolved::analyse_rules_beside`).
fn find(
    db: &Database,
    resolved: &Resolved,
    source: &Source,
    ask: &Ask,
    exclude: Option<&Card>,
    shelf: Option<&Shelf>,
) -> Result<Options, EditError> {
    let beside = |base: Option<&Base>| find_beside(db, resolved, base, source, ask, exclude, shelf);
    match resolved.base(|base| beside(Some(base))) {
        Some(found) => found,
        // Not priced: `before` says why.
        None => beside(None),
    }
}

/// [`find`] beside `kept`, the fleet priced and checked (`None` when it
/// cannot be priced).
fn find_beside(
    db: &Database,
    resolved: &Resolved,
    kept: Option<&Base>,
    source: &Source,
    ask: &Ask,
    exclude: Option<&Card>,
    shelf: Option<&Shelf>,
) -> Result<Options, EditError> {
    let Before {
        report: base,
        ships,
        used,
    } = before(resolved, kept);
    if base.exit_code() == 2 {
        return Err(EditError::new(
            "the fleet has an input error; `fleetcheck check` shows it",
        ));
    }
    let before = errors_by_code(&base.diagnostics);
    let slot = ask.slot.as_deref().map(|s| s.trim().to_lowercase());
    // The place: a sideboard section, or a ship's free slots.
    let (place, at, kinds, section, n) = match &ask.sideboard {
        Some(section) => {
            let s = section.trim().to_lowercase();
            if !SIDEBOARD_SECTIONS.contains(&s.as_str()) {
                return Err(EditError::new(format!(
                    "`{s}` is not a sideboard section (sections: {})",
                    SIDEBOARD_SECTIONS.join(", ")
                )));
            }
            let at = At {
                section: Some(s.clone()),
                ..At::default()
            };
            (
                format!("the sideboard's {s} section"),
                at,
                Vec::new(),
                Some(s),
                0,
            )
        }
        None => {
            let n = super::place::pick_ship(db, &super::parse(&source.text)?, ask.ship)?;
            let Some((free, no_captain, no_admiral)) = ships.get(n - 1).cloned() else {
                return Err(EditError::new("the fleet could not be priced"));
            };
            let Some(ship) = base.report.ships.get(n - 1) else {
                return Err(EditError::new("the fleet could not be priced"));
            };
            let at = At {
                ship: Some(n),
                ship_id: Some(ship.ship.id.clone()),
                ship_name: Some(ship.ship.name.clone()),
                slot: slot.clone(),
                ..At::default()
            };
            let mut kinds = vec![(Kind::Upgrade, free)];
            if no_captain {
                kinds.push((Kind::Captain, Vec::new()));
            }
            if no_admiral {
                kinds.push((Kind::Admiral, Vec::new()));
            }
            (format!("ship {n} ({})", ship.ship.name), at, kinds, None, n)
        }
    };
    let faction = ask
        .faction
        .as_deref()
        .map(|f| normalize(f).replace(' ', "-"));
    let ship_cap = base
        .report
        .format
        .as_deref()
        .and_then(|f| db.format(f))
        .filter(|_| section.is_none())
        .and_then(|f| {
            let ship = base.report.ships.get(n.wrapping_sub(1))?;
            let exception = f.ship_cap_exception_base.is_some_and(|b| {
                fleetcheck_report::table::base_of(ship.cost, &ship.modifiers) >= b
            });
            f.ship_sp_cap.filter(|_| !exception)
        });
    let mut tally = Tally::default();
    // Reprints are one card: each is known by its first printing.
    // (by the index of the first printing: no name is hashed)
    let mut seen = vec![false; db.cards.len()];
    let excluded = exclude.map(|x| db.first_printing(x));
    let starting = ask
        .starting
        .as_deref()
        .map(normalize)
        .filter(|s| !s.is_empty());
    // The cards to try, in the database's order: each is priced, then
    // judged in that order. Only cards of a type the place takes are read
    // (a card's type is known without decoding it), upgrades only when
    // they may fit; the ones not read yet are decoded on the workers
    // first.
    let takes = |kind: Option<CardType>| match (&section, kind) {
        (Some(s), Some(CardType::Captain)) => s == "captain",
        (_, Some(CardType::Upgrade)) => true,
        (None, Some(CardType::Captain)) => kinds.iter().any(|(k, _)| *k == Kind::Captain),
        (None, Some(CardType::Admiral)) => kinds.iter().any(|(k, _)| *k == Kind::Admiral),
        _ => false,
    };
    // An upgrade not decoded yet is read only if it may fill the slot
    // asked for, or a free slot (or needs none): its types are known
    // without decoding it too. (A decoded one is judged below, once.)
    // Not with a prefix typed (the language server's completion): few
    // cards are priced then, and the server decodes every card at its
    // start, so that looking at the types first would cost more than it
    // saves.
    let free: Vec<&str> = kinds
        .iter()
        .filter(|(k, _)| *k == Kind::Upgrade)
        .flat_map(|(_, f)| f.iter().map(String::as_str))
        .collect();
    let wanted: Vec<&str> = match section.as_deref().or(slot.as_deref()) {
        Some(s) => vec![s],
        None => free,
    };
    let may_fit = |i: usize, kind: Option<CardType>| {
        kind != Some(CardType::Upgrade)
            || starting.is_some()
            || db.cards.is_decoded(i)
            || db.cards.fits_any(i, &wanted).unwrap_or(true)
    };
    let of_type: Vec<usize> = (0..db.cards.len())
        .filter(|&i| {
            let kind = db.cards.kind(i);
            takes(kind) && may_fit(i, kind)
        })
        .collect();
    // A reprint whose first printing comes before it here is not read: it
    // has its first printing's type, factions and rules, so it is judged
    // as that one was below (and is then skipped as a reprint tried).
    let of_type: Vec<usize> = of_type
        .iter()
        .copied()
        .filter(|&i| {
            let first = db.first_printing_of(i);
            first >= i || of_type.binary_search(&first).is_err()
        })
        .collect();
    if ask.workers > 1 {
        crate::on_workers(ask.workers, &of_type, |&i| {
            db.cards.get(i);
        });
    }
    let mut tries: Vec<Try> = Vec::new();
    for (i, card) in of_type.iter().filter_map(|&i| Some((i, db.cards.get(i)?))) {
        if let Some(f) = &faction {
            if !card.factions.contains(f) {
                continue;
            }
        }
        let kind = match (&section, card.kind) {
            (Some(s), CardType::Captain) if s == "captain" => Kind::Sideboard,
            (Some(s), CardType::Upgrade) if upgrade_types(card).any(|t| t == s) => Kind::Sideboard,
            (Some(_), _) => continue,
            (None, CardType::Upgrade) => {
                if let Some(s) = &slot {
                    if !upgrade_types(card).any(|t| t == s) {
                        continue;
                    }
                }
                let Some((_, free)) = kinds.iter().find(|(k, _)| *k == Kind::Upgrade) else {
                    continue;
                };
                // With `--slot`, the card goes into a free slot of that type.
                let fits = card.rules.no_slot
                    || match &slot {
                        Some(s) => free.iter().any(|f| f == s),
                        None => upgrade_types(card).any(|t| free.iter().any(|f| f == t)),
                    };
                if !fits {
                    continue;
                }
                Kind::Upgrade
            }
            (None, CardType::Captain | CardType::Admiral) => {
                let k = if card.kind == CardType::Captain {
                    Kind::Captain
                } else {
                    Kind::Admiral
                };
                if slot.as_deref().is_some_and(|s| s != card.kind.as_str()) {
                    continue;
                }
                if !kinds.iter().any(|(x, _)| *x == k) {
                    continue;
                }
                k
            }
            _ => continue,
        };
        // A reprint of a card already tried, or the card replaced (its
        // first printing known by its index, without looking its id up).
        let first_index = db.first_printing_of(i);
        let first = db
            .cards
            .get(first_index)
            .map_or(card.id.as_str(), |c| c.id.as_str());
        if excluded == Some(first)
            || seen
                .get_mut(first_index)
                .is_some_and(|tried| std::mem::replace(tried, true))
        {
            continue;
        }
        // With a collection, the card is offered as a printing the shelf
        // holds (the Starter Set's Data, not the Enterprise-E's), when it
        // holds one: what the player would add is the card in hand. Its
        // copies are counted across its printings either way.
        let card = match shelf {
            Some(s) if !s.holds_printing(db, card) => db
                .named_as(card)
                .into_iter()
                .find(|c| s.holds_printing(db, c) && db.first_printing(c) == first)
                .unwrap_or(card),
            _ => card,
        };
        // After the reprints are counted as tried and the printing chosen:
        // the card that stands for its reprints is the one the whole
        // answer would give.
        if let Some(p) = &starting {
            if !card.name_key().starts_with(p.as_str())
                && !normalize(&card.id).starts_with(p.as_str())
            {
                continue;
            }
        }
        tally.tried += 1;
        // A card sure to break a rule where it goes would not be shown
        // (`Base::sure_to_break`): it is not priced.
        if !ask.breaking {
            let upgrade_on = (kind == Kind::Upgrade).then(|| n - 1);
            if kept.is_some_and(|k| k.sure_to_break(card, upgrade_on).is_some()) {
                continue;
            }
        }
        let change = match (kind, &section) {
            (Kind::Sideboard, Some(s)) => {
                let Some(section) = SIDEBOARD_SECTIONS.iter().find(|x| *x == s) else {
                    continue;
                };
                Change::AddSideboard { section, card }
            }
            (k, _) => Change::Add {
                ship: n - 1,
                position: k.position(),
                card,
            },
        };
        tries.push(Try {
            card,
            first,
            change,
        });
    }
    // Each card priced with the fleet (on `ask.workers` threads: each
    // pricing reads the resolved fleet only).
    let sideboard = section.is_some();
    // What was read is the same for every card tried (and has no input
    // error): its errors are counted once, each card's rules on top.
    let read = errors_by_code(resolved.diagnostics());
    // A card that pays a faction penalty is shown with `--faction` or
    // `--any-faction` only (its modifiers are not copied otherwise).
    let shows_penalised = faction.is_some() || ask.any_faction;
    let priced = crate::on_workers(ask.workers, &tries, |t| {
        // No such place (a sideboard section already taken).
        let changed = resolved.with(t.change)?;
        // Only what the answer needs is taken from the priced fleet (no
        // report of every card is built for each candidate).
        let mut diagnostics = Vec::new();
        let outcome = |a: &Analysis| Outcome::of(a, sideboard, n, t.card, shows_penalised);
        let outcome = match kept {
            Some(kept) => changed.analyse_rules_beside(kept, &mut diagnostics, outcome),
            None => changed.analyse_rules(&mut diagnostics, outcome),
        };
        // A rule never finds an input error; were one to, the card would
        // not be offered, as before.
        if fleetcheck_input::diag::exit_code(&diagnostics) == 2 {
            return None;
        }
        let errors = read.clone().with(&diagnostics);
        Some(Priced { errors, outcome })
    });
    let mut out = Vec::new();
    for (t, after) in tries.iter().zip(priced) {
        let Try { card, first, .. } = *t;
        let Some(after) = after else {
            continue;
        };
        let now = after.errors;
        let new: Vec<fleetcheck_input::diag::Code> = now
            .0
            .iter()
            .filter(|(c, n)| before.get(*c) < *n)
            .map(|(c, _)| *c)
            .collect();
        if !new.is_empty() {
            if new.iter().all(|c| CAP_CODES.contains(c)) {
                tally.over_cap += 1;
            }
            if !ask.breaking {
                continue;
            }
        }
        let mut breaks: Vec<String> = new.iter().map(|c| c.as_str().to_string()).collect();
        breaks.sort();
        let Some(Some(r)) = after.outcome else {
            continue;
        };
        let (total, cap) = (r.total, r.cap);
        if ask.max_cost.is_some_and(|m| r.cost > m) {
            tally.over_max_cost += 1;
            continue;
        }
        if r.penalty && !shows_penalised {
            tally.with_penalty += 1;
            continue;
        }
        let ship_left = ship_cap.and_then(|c| Some(c - r.ship_total?));
        let left = match (cap.map(|c| c - total), ship_left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        // Over a cap the fleet already broke: only what costs nothing fits.
        if left.is_some_and(|l| l < 0) && r.cost > 0 && breaks.is_empty() {
            tally.over_cap += 1;
            if !ask.breaking {
                continue;
            }
            breaks.push(fleetcheck_staw::Code::SpCap.code().as_str().to_string());
        }
        // What the collection holds of it, against the fleet's own use
        // (a card in no expansion is held by none).
        let held = shelf
            .filter(|_| !card.sets.is_empty() && !card.helper)
            .map(|s| Shelved::of(s.copies(db, card), used.get(first).copied().unwrap_or(0)));
        if shelf.is_some() {
            match held.as_ref().map(|h| h.status.as_str()) {
                Some("free") => tally.free += 1,
                Some("owned") => tally.owned += 1,
                _ => tally.missing += 1,
            }
            if ask.owned && Shelved::rank(held.as_ref()) > 0 {
                continue;
            }
        }
        out.push(Candidate {
            id: card.id.clone(),
            name: card.name.clone(),
            kind: kind_label(card),
            factions: card.factions.clone(),
            base: r.base,
            modifiers: r.modifiers,
            cost: r.cost,
            total,
            left,
            breaks,
            collection: held,
        });
    }
    // With a collection the cards with a free copy first, then the owned;
    // cards that pay no penalty there first, then by cost there (with
    // `breaking`, those that break a rule after all the others).
    let penalty = |o: &Candidate| o.modifiers.iter().any(|m| m.kind == "faction-penalty");
    let key = |o: &Candidate| {
        (
            !o.breaks.is_empty(),
            Shelved::rank(o.collection.as_ref()),
            penalty(o),
            o.cost,
            o.name.clone(),
            o.id.clone(),
        )
    };
    out.sort_by_cached_key(key);
    let found = out.len();
    if let Some(limit) = ask.limit {
        out.truncate(limit);
    }
    let why = (found == 0).then(|| {
        let free = kinds
            .iter()
            .find(|(k, _)| *k == Kind::Upgrade)
            .map_or(&[][..], |(_, f)| f.as_slice());
        why_none(
            &base,
            &place,
            &section,
            slot.as_deref(),
            &kinds,
            free,
            &tally,
            ask,
        )
    });
    Ok(Options {
        place,
        at,
        options: out,
        found,
        with_faction_penalty: tally.with_penalty,
        collection: shelf.map(|s| OnShelf {
            file: s.name.clone(),
            free: tally.free,
            owned: tally.owned,
            missing: tally.missing,
            owned_only: ask.owned,
        }),
        why,
    })
}

/// A card to try: the printing offered, its first printing (what its
/// reprints are known by) and where it is put.
struct Try<'db> {
    card: &'db Card,
    first: &'db str,
    change: Change<'db>,
}

/// What the fleet priced with a card to try says: its errors by code,
/// and what `options` takes of it (`None` when it cannot be priced).
struct Priced {
    errors: Errors,
    outcome: Option<Option<Outcome>>,
}

/// What `options` takes of the fleet priced with a candidate: the
/// candidate's price where it was put (the last card of its id on the
/// ship, or in the sideboard), the total against the cap it counts to,
/// and its ship's total.
struct Outcome {
    base: i32,
    /// It pays a faction penalty.
    penalty: bool,
    /// Empty for a card that pays a penalty, when such cards are not
    /// shown.
    modifiers: Vec<fleetcheck_report::model::Modifier>,
    cost: i32,
    total: i32,
    cap: Option<i32>,
    ship_total: Option<i32>,
}

impl Outcome {
    /// `None` when the candidate is not where it was put.
    fn of(
        a: &Analysis,
        sideboard: bool,
        ship: usize,
        card: &Card,
        shows_penalised: bool,
    ) -> Option<Outcome> {
        let ship = a.ships.get(ship.wrapping_sub(1));
        let (price, total, cap) = if sideboard {
            let sb = a.sideboard.as_ref()?;
            let (_, p) = sb
                .cards
                .iter()
                .rev()
                .find(|(c, _)| c.card.card.id == card.id)?;
            (p, sb.total, Some(fleetcheck_staw::sideboard::CAP))
        } else {
            let c = ship?
                .cards
                .iter()
                .rev()
                .find(|c| c.placed.card.id == card.id)?;
            (&c.price, a.total, a.cap.as_ref().map(|c| c.0))
        };
        let penalty = price
            .modifiers
            .iter()
            .any(|m| m.kind == fleetcheck_staw::cost::ModifierKind::FactionPenalty);
        Some(Outcome {
            base: price.base,
            penalty,
            modifiers: if penalty && !shows_penalised {
                Vec::new()
            } else {
                price.modifiers.iter().map(modifier).collect()
            },
            cost: price.cost,
            total,
            cap,
            ship_total: ship.map(|s| s.total),
        })
    }
}

/// The errors a card may bring only by its cost.
const CAP_CODES: &[fleetcheck_input::diag::Code] = &[
    fleetcheck_staw::Code::SpCap.code(),
    fleetcheck_staw::Code::ShipSpCap.code(),
    fleetcheck_staw::Code::SideboardCap.code(),
];

/// What became of the cards tried.
#[derive(Debug, Default)]
struct Tally {
    tried: usize,
    over_cap: usize,
    over_max_cost: usize,
    with_penalty: usize,
    /// With a collection, the cards that fit: with a free copy, owned with
    /// every copy in use, not owned.
    free: usize,
    owned: usize,
    missing: usize,
}

/// Why no card fits: the place is taken, the cap is reached, or the
/// filters left none.
#[allow(clippy::too_many_arguments)]
fn why_none(
    base: &Checked,
    place: &str,
    section: &Option<String>,
    slot: Option<&str>,
    kinds: &[(Kind, Vec<String>)],
    free: &[String],
    tally: &Tally,
    ask: &Ask,
) -> Why {
    let why = |code: &str, message: String| Why {
        code: code.to_string(),
        message,
    };
    if let Some(s) = section {
        let sb = base.report.sideboard.as_ref();
        if let Some(c) = sb.and_then(|sb| sb.cards.iter().find(|c| &c.section == s)) {
            return why(
                "section-full",
                format!("{place} already holds {} ({})", c.card.name, c.card.id),
            );
        }
        if let Some(sb) = sb.filter(|sb| sb.total >= sb.cap) {
            return why(
                "cap-reached",
                format!(
                    "the sideboard is at its cap ({} of {} SP)",
                    sb.total, sb.cap
                ),
            );
        }
    } else {
        let has = |k: Kind| kinds.iter().any(|(x, _)| *x == k);
        let taken = match slot {
            Some("captain") => (!has(Kind::Captain)).then(|| "has a captain already".to_string()),
            Some("admiral") => (!has(Kind::Admiral)).then(|| "has an admiral already".to_string()),
            Some(t) => (!free.iter().any(|f| f == t)).then(|| format!("has no free {t} slot")),
            None => (free.is_empty() && !has(Kind::Captain) && !has(Kind::Admiral))
                .then(|| "has no free slot".to_string()),
        };
        if let Some(t) = taken {
            return why("slot-full", format!("{place} {t}"));
        }
        if let (Some(total), Some(cap)) = (base.report.total, base.report.cap) {
            if total >= cap {
                return why(
                    "cap-reached",
                    format!("the fleet is at its cap ({total} of {cap} SP)"),
                );
            }
        }
    }
    if tally.tried > 0 && tally.over_cap == tally.tried {
        return why(
            "cap-reached",
            "every card that fits would pass the cap".to_string(),
        );
    }
    if ask.owned && tally.owned + tally.missing > 0 {
        return why(
            "not-owned",
            "no card that fits has a free copy in the collection: without --owned they are listed"
                .to_string(),
        );
    }
    if tally.with_penalty > 0 && tally.over_max_cost == 0 {
        return why(
            "faction",
            "only cards with a faction penalty fit there: --any-faction lists them".to_string(),
        );
    }
    if let (Some(m), true) = (ask.max_cost, tally.over_max_cost > 0) {
        return why(
            "max-cost",
            format!("no card that fits costs {m} SP or less there"),
        );
    }
    why("none", format!("no card fits {place} now"))
}
