//! From the STAW engine's outcome to the report: the priced fleet of an
//! [`Analysis`] copied into the wire types, and the engine's modifiers
//! into the report's. `priced` is the visitor handed to the engine
//! (`staw::Engine`, the one door); [`checked`] finishes its outcome. The
//! report runs no pipeline of its own: `check` and `check_and` are the
//! engine's `analyse_text` with these two around it.

use super::model::{
    CardRef, CardReport, CollectionCard, CollectionReport, FleetReport, Modifier, ResourceReport,
    ShipReport, ShortCard, SideboardCard, SideboardReport, SwapReport, TogetherReport,
};
use super::Checked;
use fleetcheck_data::Database;
use fleetcheck_input::tree::Parsed;
use fleetcheck_staw::analysis::Analysis;
use fleetcheck_staw::collection::Tally;
use fleetcheck_staw::{self as staw, cost, swap, Analysed, CheckOptions, Engine};

/// The priced parts of a fleet's report (everything the analysis decides).
#[derive(Debug, Clone, Default)]
pub struct Priced {
    pub not_tournament_legal: bool,
    pub total: i32,
    pub cap: Option<i32>,
    pub ships: Vec<ShipReport>,
    pub resource: Option<ResourceReport>,
    pub sideboard: Option<SideboardReport>,
    /// [`staw::fingerprint::of`] the resolved fleet (none when the options
    /// skip it).
    pub fingerprint: Option<String>,
    /// What the fleet uses of the collection (`--collection`), card by
    /// card (none when the options skip it).
    pub collection: Option<CollectionReport>,
    /// The same as numbers, for what several fleets use together (with a
    /// collection, whatever the options).
    pub tally: Option<Vec<Tally>>,
}

/// The report's modifier for one of the engine's.
pub fn modifier(m: &cost::Modifier) -> Modifier {
    Modifier {
        kind: m.kind.as_str().to_string(),
        amount: m.amount,
        source: m.source.clone(),
        factions: m.factions.clone(),
    }
}

fn modifiers(ms: &[cost::Modifier]) -> Vec<Modifier> {
    ms.iter().map(modifier).collect()
}

/// The visitor of the engine that copies the priced fleet.
pub fn priced(a: &Analysis) -> Priced {
    priced_with(a, true)
}

/// [`priced`], with or without the fingerprint.
pub fn priced_with(a: &Analysis, fingerprint: bool) -> Priced {
    priced_showing(a, fingerprint, true)
}

/// [`priced`], with or without the fingerprint and the collection object
/// (`CheckOptions::skip_fingerprint`, `skip_collection_report`).
fn priced_showing(a: &Analysis, fingerprint: bool, collection_report: bool) -> Priced {
    Priced {
        not_tournament_legal: a.format.sandbox,
        fingerprint: fingerprint.then(|| staw::fingerprint::of(a)),
        collection: a
            .collection
            .filter(|_| collection_report)
            .map(|shelf| collection(a, shelf)),
        tally: a.ownership().map(staw::collection::Ownership::tally),
        total: a.total,
        cap: a.cap.as_ref().map(|c| c.0),
        ships: a
            .ships
            .iter()
            .map(|s| ShipReport {
                ship: CardRef {
                    id: s.entry.ship.card.id.clone(),
                    name: s.entry.ship.card.name.clone(),
                },
                cost: s.price.cost,
                modifiers: modifiers(&s.price.modifiers),
                total: s.total,
                cards: s
                    .cards
                    .iter()
                    .map(|c| CardReport {
                        id: c.placed.card.id.clone(),
                        name: c.placed.card.name.clone(),
                        kind: c.role.as_str().into(),
                        slot: c.slot.map(str::to_string),
                        base: c.price.base,
                        modifiers: modifiers(&c.price.modifiers),
                        cost: c.price.cost,
                    })
                    .collect(),
            })
            .collect(),
        resource: a.resource.as_ref().map(|res| ResourceReport {
            id: res.placed.card.id.clone(),
            name: res.placed.card.name.clone(),
            cost: res.price.cost,
            modifiers: modifiers(&res.price.modifiers),
        }),
        sideboard: a.sideboard.as_ref().map(|sb| SideboardReport {
            total: sb.total,
            cap: staw::sideboard::CAP,
            cards: sb
                .cards
                .iter()
                .map(|(c, p)| SideboardCard {
                    section: c.section.value.clone(),
                    card: CardReport {
                        id: c.card.card.id.clone(),
                        name: c.card.card.name.clone(),
                        kind: c.card.card.kind.as_str().into(),
                        slot: c.card.card.slot.clone(),
                        base: p.base,
                        modifiers: modifiers(&p.modifiers),
                        cost: p.cost,
                    },
                })
                .collect(),
        }),
    }
}

/// What the analysed fleet uses of the shelf.
pub fn collection(a: &Analysis, shelf: &staw::collection::Shelf) -> CollectionReport {
    let mut out = CollectionReport {
        file: shelf.name.clone(),
        ..CollectionReport::default()
    };
    for u in a.ownership().into_iter().flat_map(|o| &o.cards) {
        let short = u.short() > 0;
        let card = CollectionCard {
            sets: if short {
                u.sources
                    .iter()
                    .map(|s| CardRef {
                        id: s.id.clone(),
                        name: s.name.clone(),
                    })
                    .collect()
            } else {
                Vec::new()
            },
            id: u.id.to_string(),
            name: u.name.to_string(),
            needed: u.needed,
            owned: u.owned,
            first_printing: u.first_printing.to_string(),
        };
        if short {
            out.missing.push(card);
        } else {
            out.owned.push(card);
        }
    }
    out
}

/// Whether the fleets of `files` can all be built at the same time from
/// `shelf`, and if not, which cards fall short and by how many (the files
/// that could not be priced are left out, and counted): [`Together`] of
/// each file.
pub fn together(
    db: &Database,
    shelf: &staw::collection::Shelf,
    files: &[Checked],
) -> TogetherReport {
    let mut sum = Together::new(db);
    for f in files {
        sum.add(f.tally.as_deref());
    }
    sum.report(shelf)
}

/// What several fleets use of one shelf, summed file by file as they are
/// checked (`check DIR` keeps no file's report for it): each card used
/// once, by first printing, in the order of first use (in each fleet, the
/// cards it owns enough of, then those it lacks, as its collection object
/// lists them), with the copies all the fleets use. As much memory for
/// 100,000 fleets as for two: a few numbers per card of the database.
#[derive(Debug, Clone)]
pub struct Together<'d> {
    db: &'d Database,
    /// The cards used, in order of first use; `needed` is the sum.
    cards: Vec<Tally>,
    /// Where each first printing (an index of the database's cards) is in
    /// `cards`.
    at: Vec<Option<usize>>,
    /// Fleets summed, and files left out (not priced).
    fleets: usize,
    left_out: usize,
}

impl<'d> Together<'d> {
    pub fn new(db: &'d Database) -> Together<'d> {
        Together {
            db,
            cards: Vec::new(),
            at: Vec::new(),
            fleets: 0,
            left_out: 0,
        }
    }

    /// Adds one checked file's use ([`Checked::tally`]; `None` for a file
    /// that could not be priced).
    pub fn add(&mut self, tally: Option<&[Tally]>) {
        let Some(tally) = tally else {
            self.left_out += 1;
            return;
        };
        self.fleets += 1;
        let (owned, missing): (Vec<&Tally>, Vec<&Tally>) =
            tally.iter().partition(|t| t.owned >= t.needed);
        for t in owned.into_iter().chain(missing) {
            // A card of no database is left out, as its words are.
            if t.of(self.db).is_none() {
                continue;
            }
            if self.at.len() <= t.first_at {
                self.at.resize(t.first_at + 1, None);
            }
            match self.at[t.first_at] {
                Some(i) => self.cards[i].needed += t.needed,
                None => {
                    self.at[t.first_at] = Some(self.cards.len());
                    self.cards.push(*t);
                }
            }
        }
    }

    /// Whether the fleets added can all be built at the same time from
    /// `shelf`, and if not, which cards fall short and by how many.
    pub fn report(&self, shelf: &staw::collection::Shelf) -> TogetherReport {
        let cards = self.cards.iter().filter_map(|t| t.of(self.db));
        let short: Vec<ShortCard> = shelf
            .together(cards)
            .missing()
            .map(|u| ShortCard {
                id: u.id.to_string(),
                name: u.name.to_string(),
                needed: u.needed,
                owned: u.owned,
                short: u.short(),
            })
            .collect();
        TogetherReport {
            file: shelf.name.clone(),
            fleets: self.fleets,
            left_out: self.left_out,
            fits: short.is_empty(),
            short,
        }
    }
}

/// The report of an analysed STAW file.
pub fn checked(a: Analysed<Priced>) -> Checked {
    let mut report = FleetReport {
        file: a.source.path.clone(),
        game: staw::GAME.into(),
        name: a.name,
        player: a.player,
        format: a.format,
        as_of: a.as_of,
        additional_points: a.additional_points,
        ..FleetReport::default()
    };
    let mut tally = None;
    if let Some(p) = a.priced {
        tally = p.tally;
        report.not_tournament_legal = p.not_tournament_legal;
        report.total = Some(p.total);
        report.cap = p.cap;
        report.ships = p.ships;
        report.resource = p.resource;
        report.sideboard = p.sideboard;
        report.fingerprint = p.fingerprint;
        report.collection = p.collection;
    }
    Checked {
        source: Some(a.source),
        report,
        diagnostics: a.diagnostics,
        text: None,
        tally,
    }
}

/// Analyses a STAW fleet file (its text, or the tree the dispatcher
/// parsed of it) and reports it.
pub fn check(db: &Database, file: impl Into<Parsed>, opts: &CheckOptions) -> Checked {
    check_on(&Engine::new(db, opts.clone()), file)
}

/// [`check`] on an engine the caller holds.
pub(crate) fn check_on(engine: &Engine, file: impl Into<Parsed>) -> Checked {
    let opts = engine.check_options();
    let (fingerprint, collection) = (!opts.skip_fingerprint, !opts.skip_collection_report);
    checked(engine.analyse_text(file, |a| priced_showing(a, fingerprint, collection)))
}

/// [`check`], plus the Reinforcements Sideboard's swap plan (empty when
/// the file could not be priced or has no sideboard).
pub fn check_with_swaps(
    db: &Database,
    file: impl Into<Parsed>,
    opts: &CheckOptions,
) -> (Checked, Vec<swap::Swap>) {
    let (c, plan) = check_and(db, file, opts, swap::plan);
    (c, plan.unwrap_or_default())
}

/// [`check`], and what `f` makes of the priced fleet (`None` when the file
/// could not be priced).
pub fn check_and<R>(
    db: &Database,
    file: impl Into<Parsed>,
    opts: &CheckOptions,
    f: impl FnOnce(&Analysis) -> R,
) -> (Checked, Option<R>) {
    check_and_on(&Engine::new(db, opts.clone()), file, f)
}

/// [`check_and`] on an engine the caller holds.
pub(crate) fn check_and_on<R>(
    engine: &Engine,
    file: impl Into<Parsed>,
    f: impl FnOnce(&Analysis) -> R,
) -> (Checked, Option<R>) {
    let a = engine.analyse_text(file, |a| (priced(a), f(a)));
    let mut r = None;
    let a = a.map(|(p, x)| {
        r = Some(x);
        p
    });
    (checked(a), r)
}

#[cfg(test)]
#[path = "staw_tests.rs"]
mod tests;

impl From<swap::Swap> for SwapReport {
    fn from(s: swap::Swap) -> SwapReport {
        SwapReport {
            section: s.section,
            card: CardRef {
                id: s.card_id,
                name: s.card_name,
            },
            ship_index: s.ship,
            ship: s.ship_name,
            equip: s.equip,
            exchange: s.exchange,
            not_allowed: s.not_allowed,
            auxiliary_power: s.auxiliary_power,
        }
    }
}
