//! THE door into the engine: [`Engine`] holds the database and the check
//! options, and every question goes through it, values in, values out.
//!
//! - [`Engine::analyse_text`]: a fleet file's text through the whole
//!   pipeline (spans kept, diagnostics in file order);
//! - [`Engine::resolve_text`] / [`Engine::resolve_fleet`]: read (from text,
//!   or a [`RawFleet`] built in memory) and resolve once, giving a
//!   [`Resolved`] fleet;
//! - [`Resolved::analyse`]: price it and run every rule;
//!   [`Resolved::with`]: the same fleet with one [`Change`] made in memory
//!   (a card added, removed or replaced), ready to be priced again without
//!   writing or parsing any TOML;
//! - [`Resolved::base`]: the fleet priced and checked once, kept as a
//!   [`Base`]; [`Resolved::analyse_rules_beside`] prices a fleet made of
//!   it by one change beside it, taking from the base what the change
//!   cannot have changed (a question about many changes of one fleet:
//!   `options`, the language server's completion).
//!
//! [`Engine::runs`] counts the pipeline runs (each resolution and each
//! pricing with the rules), so that tests can hold a command to a bounded
//! number of them.

use crate::analysis::{self, Analysis, Beside, Changed, Pricing};
use crate::fleet::read::{self, RawFleet};
use crate::fleet::{resolve, Fleet, Placed, Position, ShipEntry, Sideboard, SideboardCard};
use crate::{Analysed, CheckOptions, OnItsShip, Reads, DEFAULT_FORMAT, GAME, RULES};
use fleetcheck_data::model::{Card, Format};
use fleetcheck_data::Database;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::Parsed;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The engine: a database and the options of a check (`--format`,
/// `--as-of`, today, an event's cap). Cheap to make; holds no fleet.
#[derive(Debug, Clone)]
pub struct Engine<'db> {
    db: &'db Database,
    opts: CheckOptions,
    runs: Arc<AtomicU64>,
    resolutions: Arc<AtomicU64>,
}

impl<'db> Engine<'db> {
    pub fn new(db: &'db Database, opts: CheckOptions) -> Engine<'db> {
        Engine {
            db,
            opts,
            runs: Arc::new(AtomicU64::new(0)),
            resolutions: Arc::new(AtomicU64::new(0)),
        }
    }

    pub fn db(&self) -> &'db Database {
        self.db
    }

    pub fn check_options(&self) -> &CheckOptions {
        &self.opts
    }

    /// How many times the pipeline ran so far on this engine and the
    /// fleets it resolved: each resolution (read + resolve) and each
    /// pricing with the rules counts one.
    pub fn runs(&self) -> u64 {
        self.runs.load(Ordering::Relaxed)
    }

    /// How many of [`Engine::runs`] were resolutions (read + resolve), not
    /// pricings.
    pub fn resolutions(&self) -> u64 {
        self.resolutions.load(Ordering::Relaxed)
    }

    /// THE pipeline of a STAW fleet file, the one that `check`, `price`,
    /// `sideboard`, `options`, `export` and `import` all run: parses it,
    /// reads its keys, picks the format and the date, resolves every card,
    /// prices every card and checks every rule of [`RULES`]; then hands the
    /// priced fleet to `visit`. Never panics; every problem is a diagnostic.
    ///
    /// Which game a file is for is decided before, once, by the caller's
    /// dispatcher (`games::which`), which hands on the tree it parsed
    /// (a [`Parsed`]; a caller with only the text gives a [`Source`]); a
    /// file whose `game` is not `staw` is an input error here.
    pub fn analyse_text<R>(
        &self,
        file: impl Into<Parsed>,
        visit: impl FnOnce(&Analysis) -> R,
    ) -> Analysed<R> {
        self.resolve_text(file).analyse(visit)
    }

    /// Reads the file (its text parsed once, or the tree given), then
    /// resolves it ([`Engine::resolve_fleet`]).
    pub fn resolve_text(&self, file: impl Into<Parsed>) -> Resolved<'db> {
        let Parsed {
            source,
            root,
            mut diagnostics,
            ..
        } = file.into();
        let raw = root.map(|root| read::read(&root, &mut diagnostics));
        self.resolve_read(source, raw, diagnostics)
    }

    /// Resolves a fleet value built in memory: no TOML text in between.
    /// Its references' spans are what the builder gave them (empty ones
    /// when it has no text); `source` names it in the outcome.
    pub fn resolve_fleet(&self, source: Source, raw: RawFleet) -> Resolved<'db> {
        self.resolve_read(source, Some(raw), Vec::new())
    }

    fn resolve_read(
        &self,
        source: Source,
        raw: Option<RawFleet>,
        diags: Vec<Diagnostic>,
    ) -> Resolved<'db> {
        self.runs.fetch_add(1, Ordering::Relaxed);
        self.resolutions.fetch_add(1, Ordering::Relaxed);
        let read = raw.is_some();
        let mut r = Resolved {
            db: self.db,
            runs: Arc::clone(&self.runs),
            head: Arc::new(Analysed {
                source,
                diagnostics: diags,
                name: None,
                player: None,
                format: None,
                as_of: None,
                additional_points: None,
                priced: None,
            }),
            raw: Arc::new(raw.unwrap_or_default()),
            fleet: None,
            format: None,
            date: None,
            cap: None,
            costs: self.opts.costs.clone(),
            collection: self.opts.collection.clone(),
            id: next_id(),
            changed: None,
        };
        if read {
            r.resolve(&self.opts);
        }
        r
    }
}

/// A fleet read and resolved once: the diagnostics of reading and
/// resolving it, and (when it could be read) every card reference resolved
/// to its card, the format, the date and the cap. Priced by
/// [`Resolved::analyse`]; changed in memory by [`Resolved::with`].
#[derive(Debug, Clone)]
pub struct Resolved<'db> {
    db: &'db Database,
    runs: Arc<AtomicU64>,
    /// What was read, with the diagnostics of reading and resolving
    /// (shared: a fleet changed by [`Resolved::with`] keeps them).
    head: Arc<Analysed<()>>,
    raw: Arc<RawFleet>,
    /// `None` when the fleet cannot be priced (an input error, an unknown
    /// format).
    fleet: Option<Fleet<'db>>,
    format: Option<&'db Format>,
    /// Shared by the copies changed in memory (`Resolved::with`).
    date: Option<Arc<str>>,
    cap: Option<(i32, Arc<str>)>,
    /// An event's prices of cards (`CheckOptions::costs`).
    costs: Vec<crate::event::Recost>,
    /// What the player owns (`CheckOptions::collection`).
    collection: Option<Arc<crate::collection::Shelf>>,
    /// This fleet (a clone is the same fleet); [`Resolved::with`] makes
    /// another.
    id: u64,
    /// For a fleet made by [`Resolved::with`]: the fleet it was made
    /// from (its `id`), what the change touched, and the card it added
    /// when it only added one (no card replaced).
    changed: Option<(u64, Changed, Option<&'db Card>)>,
}

/// A number no other fleet resolved or changed in this process has.
fn next_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A fleet priced and checked once ([`Resolved::base`]), kept so that
/// copies of it with one change ([`Resolved::with`]) are priced beside it
/// ([`Resolved::analyse_rules_beside`]): a ship the change did not touch
/// is taken from it when priced against the same, and a rule that does
/// not read what changed ([`Reads`]) keeps its findings.
pub struct Base<'r> {
    id: u64,
    head: Arc<Analysed<()>>,
    analysis: Analysis<'r>,
    /// Repriced by an event's prices (`CheckOptions::costs`): nothing is
    /// taken from it.
    repriced: bool,
    /// The rules' diagnostics in the rules' order, and each rule's part.
    diagnostics: Vec<Diagnostic>,
    by_rule: Vec<Range<usize>>,
    /// The slot assignments made while pricing changes beside it.
    assignments: crate::slots::Assignments,
    /// The fleet breaks no restriction and nothing in it could lift one
    /// (`restriction::none_lifted`): a card's own unmet restriction is
    /// sure to add one ([`Base::sure_to_break`]).
    restrictions_sure: bool,
}

impl<'r> Base<'r> {
    /// The priced fleet.
    pub fn analysis(&self) -> &Analysis<'r> {
        &self.analysis
    }

    /// What [`Resolved::analyse`] gives for the fleet: the diagnostics of
    /// reading, resolving and the rules in file order, and what `visit`
    /// makes of the priced fleet.
    pub fn analysed<R>(&self, visit: impl FnOnce(&Analysis) -> R) -> Analysed<R> {
        let mut out = Analysed::clone(&self.head).map(|()| unreachable!());
        out.diagnostics.extend(self.diagnostics.iter().cloned());
        out.priced = Some(visit(&self.analysis));
        out.diagnostics
            .sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
        out
    }

    /// A rule that `card` is sure to break once more than this fleet does
    /// wherever one change puts it, and whatever else that change does,
    /// known without pricing the changed fleet: `upgrade_on` is the ship
    /// (0-based) it is added to as an upgrade, `None` for any other place.
    /// `None` when unsure. A question that shows only the cards that break
    /// nothing (`options`) leaves these out unpriced.
    ///
    /// - `card-pool`: the card is out of the fleet's card pool (a builder
    ///   helper, or released after the date the format is judged on).
    /// - `restriction`: as an upgrade, one of its purchase restrictions
    ///   that reads only the ship, its captain and the fleet's factions
    ///   does not hold, where nothing could lift it: its rules are
    ///   restrictions alone, no card of the fleet lets cards exceed
    ///   restrictions or lifts faction restrictions, no card is face down,
    ///   the ship has no slot a card added with terms, and the fleet breaks no
    ///   restriction (so that the count can only grow).
    pub fn sure_to_break(&self, card: &Card, upgrade_on: Option<usize>) -> Option<crate::Code> {
        if crate::card_pool::is_outside(&self.analysis, card) {
            return Some(crate::Code::CardPool);
        }
        let i = upgrade_on?;
        (self.restrictions_sure && crate::restriction::surely_unmet(&self.analysis, i, card))
            .then_some(crate::Code::Restriction)
    }
}

/// One change of a resolved fleet, made in memory.
#[derive(Debug, Clone, Copy)]
pub enum Change<'db> {
    /// `card` put at `position` of ship `ship` (0-based), after the cards
    /// there (an upgrade or an officer at the end of its list).
    Add {
        ship: usize,
        position: Position,
        card: &'db Card,
    },
    /// `card` under the sideboard section `section`.
    AddSideboard {
        section: &'static str,
        card: &'db Card,
    },
    /// The card at `position` of ship `ship` removed; `index` is its index
    /// in the list for upgrades and officers (ignored elsewhere).
    Remove {
        ship: usize,
        position: Position,
        index: usize,
    },
    /// [`Change::Remove`], then [`Change::Add`] of `card` there.
    Replace {
        ship: usize,
        position: Position,
        index: usize,
        card: &'db Card,
    },
}

impl<'db> Resolved<'db> {
    /// The resolved fleet; `None` when it cannot be priced.
    pub fn fleet(&self) -> Option<&Fleet<'db>> {
        self.fleet.as_ref()
    }

    /// The fleet as read.
    pub fn raw(&self) -> &RawFleet {
        &self.raw
    }

    /// The diagnostics of reading and resolving (not yet of the rules).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.head.diagnostics
    }

    /// Prices the fleet, runs every rule of [`RULES`] and hands the priced
    /// fleet to `visit`: the outcome of the whole pipeline, diagnostics in
    /// file order (fleet-wide ones, without a place, last).
    pub fn analyse<R>(&self, visit: impl FnOnce(&Analysis) -> R) -> Analysed<R> {
        // `head` is never priced: the visitor's type is free.
        let mut out = Analysed::clone(&self.head).map(|()| unreachable!());
        out.priced = self.analyse_rules(&mut out.diagnostics, visit);
        out.diagnostics
            .sort_by_key(|d| d.span.as_ref().map_or(usize::MAX, |s| s.start));
        out
    }

    /// [`Resolved::analyse`] without what was read: prices the fleet, runs
    /// every rule of [`RULES`], pushes their diagnostics (only theirs, in
    /// the rules' order) to `diagnostics` and hands the priced fleet to
    /// `visit`; `None` when the fleet cannot be priced. For a question
    /// that prices many changes of one fleet (`options`): the diagnostics
    /// of reading and resolving ([`Resolved::diagnostics`]) are the same
    /// for each and are not copied again.
    pub fn analyse_rules<R>(
        &self,
        diagnostics: &mut Vec<Diagnostic>,
        visit: impl FnOnce(&Analysis) -> R,
    ) -> Option<R> {
        let a = self.priced(Pricing::Alone)?;
        for rule in RULES {
            (rule.check)(&a, diagnostics);
        }
        Some(visit(&a))
    }

    /// Prices the fleet and runs every rule once, and hands `then` the
    /// outcome kept as a [`Base`] to price this fleet's changes beside;
    /// `None` when the fleet cannot be priced.
    pub fn base<T>(&self, then: impl FnOnce(&Base) -> T) -> Option<T> {
        let analysis = self.priced(Pricing::Base)?;
        let mut diagnostics = Vec::new();
        let mut by_rule = Vec::with_capacity(RULES.len());
        for rule in RULES {
            let start = diagnostics.len();
            (rule.check)(&analysis, &mut diagnostics);
            by_rule.push(start..diagnostics.len());
        }
        let restriction = crate::Code::Restriction.code();
        let restrictions_sure = !diagnostics.iter().any(|d| d.code == restriction)
            && crate::restriction::none_lifted(&analysis);
        Some(then(&Base {
            restrictions_sure,
            id: self.id,
            head: Arc::clone(&self.head),
            analysis,
            repriced: !self.costs.is_empty(),
            diagnostics,
            by_rule,
            assignments: crate::slots::Assignments::default(),
        }))
    }

    /// [`Resolved::analyse_rules`] of this fleet, made from `base`'s fleet
    /// by one [`Resolved::with`], priced beside it: the same diagnostics,
    /// in the same order, and the same priced fleet, with the ships the
    /// change did not touch taken from `base` (when priced against the
    /// same grants and waivers, with the same factions) and the findings
    /// of each rule that does not read what changed kept. Any other fleet
    /// is priced whole, as `analyse_rules` does.
    pub fn analyse_rules_beside<'s, 'r: 's, R>(
        &'s self,
        base: &Base<'r>,
        diagnostics: &mut Vec<Diagnostic>,
        visit: impl FnOnce(&Analysis) -> R,
    ) -> Option<R> {
        // What the change touched, and the card it added when it only
        // added one.
        let (changed, added) = match self.changed {
            Some((from, changed, added))
                if from == base.id && !base.repriced && self.costs.is_empty() =>
            {
                (Some(changed), added)
            }
            _ => (None, None),
        };
        let beside = changed.map(|changed| Beside {
            ships: &base.analysis.ships,
            resource: base.analysis.resource.as_ref(),
            sideboard: base.analysis.sideboard.as_ref(),
            against: base.analysis.against.as_ref(),
            changed,
            assignments: &base.assignments,
        });
        let a = self.priced(beside.map_or(Pricing::Alone, Pricing::Beside))?;
        for (rule, kept) in RULES.iter().zip(&base.by_rule) {
            let keeps = match (rule.reads, changed) {
                (Reads::Sideboard, Some(Changed::Ship(_))) => true,
                _ => added
                    .zip(rule.added_leaves)
                    .is_some_and(|(card, leaves)| leaves(&base.analysis, card)),
            };
            if keeps {
                diagnostics.extend_from_slice(&base.diagnostics[kept.clone()]);
            } else {
                (rule.check)(&a, diagnostics);
            }
        }
        Some(visit(&a))
    }

    /// The fleet priced (with an event's prices and the collection), the
    /// rules not yet run; `None` when it cannot be priced.
    fn priced<'s>(&'s self, pricing: Pricing<'s, 's>) -> Option<Analysis<'s>> {
        let (Some(fleet), Some(format)) = (&self.fleet, self.format) else {
            return None;
        };
        self.runs.fetch_add(1, Ordering::Relaxed);
        let mut a = analysis::analyse(
            self.db,
            format,
            self.date.as_deref(),
            &self.raw,
            fleet,
            self.cap.as_ref().map(|(n, by)| (*n, &**by)),
            pricing,
        );
        if !self.costs.is_empty() {
            crate::event::reprice(&mut a, &self.costs);
        }
        a.collection = self.collection.as_deref();
        Some(a)
    }

    /// Resolves `r` as if written at `position` of ship `ship` (0-based)
    /// after that ship's cards, as `check` resolves a reference there: the
    /// candidates judged and ranked on that ship, the fleet's policy
    /// applied (docs/fleet-file.md, "Card references"). The card, and the
    /// `chosen-card` note when the fleet decided between different cards;
    /// otherwise the diagnostic `check` would give (`ambiguous-card` with
    /// every candidate as a fix, ranked there). A place off the ships (the
    /// ship card, the resource, the sideboard) is resolved without one.
    /// Resolves nothing else again and prices no fleet: the ship is the one
    /// read, in memory.
    pub fn find_on(
        &self,
        ship: usize,
        position: Position,
        r: &read::CardRef,
    ) -> Result<(&'db Card, Option<Diagnostic>), Box<Diagnostic>> {
        let judge = self.format.map(|format| OnItsShip {
            db: self.db,
            format,
            date: self.date.clone(),
        });
        let on = self.raw.ships.get(ship).filter(|_| position.on_ship());
        let found = resolve::find_on(
            self.db,
            on,
            judge.as_ref().map(|j| j as &dyn resolve::Judge),
            position,
            r,
        )?;
        let note = found.chosen.as_ref().map(crate::chosen::note);
        Ok((found.card, note))
    }

    /// The same fleet with `change` made in memory; `None` when the fleet
    /// cannot be priced or the change names no place of it (no such ship,
    /// no card there to remove, a sideboard section already taken).
    ///
    /// An added card has no reference in the text: its span is empty, at
    /// the end of its ship's (or the sideboard's) last reference, so that
    /// diagnostics keep file order and no other reference has it.
    pub fn with(&self, change: Change<'db>) -> Option<Resolved<'db>> {
        // The ship a card is put on is copied with room for it.
        let grows = match change {
            Change::Add { ship, .. } | Change::Replace { ship, .. } => Some(ship),
            Change::AddSideboard { .. } | Change::Remove { .. } => None,
        };
        let mut fleet = copy_fleet(self.fleet.as_ref()?, grows);
        // The card added, unless it replaced one.
        let mut added = None;
        let changed = match change {
            Change::Add { ship, .. }
            | Change::Remove { ship, .. }
            | Change::Replace { ship, .. } => Changed::Ship(ship),
            Change::AddSideboard { .. } => Changed::Sideboard,
        };
        match change {
            Change::Add {
                ship,
                position,
                card,
            } => {
                let e = fleet.ships.get_mut(ship)?;
                let at = end_of(e);
                if resolve::put(e, position, Placed { card, span: at..at }).is_none() {
                    added = Some(card);
                }
            }
            Change::AddSideboard { section, card } => {
                let end = self.head.source.text.len();
                let sb = Arc::make_mut(fleet.sideboard.get_or_insert_with(|| {
                    Arc::new(Sideboard {
                        span: end..end,
                        cards: Vec::new(),
                        lists: Vec::new(),
                    })
                }));
                if sb.cards.iter().any(|c| c.section.value == section) {
                    return None;
                }
                let at = sb
                    .cards
                    .iter()
                    .map(|c| c.card.span.end)
                    .max()
                    .unwrap_or(sb.span.end);
                sb.cards.push(SideboardCard {
                    section: read::Spanned {
                        value: section.to_string(),
                        span: at..at,
                    },
                    card: Placed { card, span: at..at },
                });
                added = Some(card);
            }
            Change::Remove {
                ship,
                position,
                index,
            } => remove(fleet.ships.get_mut(ship)?, position, index)?,
            Change::Replace {
                ship,
                position,
                index,
                card,
            } => {
                let e = fleet.ships.get_mut(ship)?;
                remove(e, position, index)?;
                let at = end_of(e);
                resolve::put(e, position, Placed { card, span: at..at });
            }
        }
        // Field by field: `..self.clone()` would clone this fleet too, only
        // to drop it.
        Some(Resolved {
            db: self.db,
            runs: Arc::clone(&self.runs),
            head: Arc::clone(&self.head),
            raw: Arc::clone(&self.raw),
            fleet: Some(fleet),
            format: self.format,
            date: self.date.clone(),
            cap: self.cap.clone(),
            costs: self.costs.clone(),
            collection: self.collection.clone(),
            id: next_id(),
            changed: Some((self.id, changed, added)),
        })
    }

    /// Reads the header keys, picks the format, the date and the cap, and
    /// resolves every card reference (the steps 2-3 of the pipeline).
    fn resolve(&mut self, opts: &CheckOptions) {
        let db = self.db;
        let raw = &*self.raw;
        // Not yet shared: made mutable in place.
        let out = Arc::make_mut(&mut self.head);
        let diags = &mut out.diagnostics;
        if raw.empty {
            diags.push(
                Diagnostic::new(InputCode::Empty, "the fleet file is empty")
                    .with_span(Some(0..0))
                    .with_help("a fleet file lists its ships as [[ship]] tables, each with ship = \"...\" and captain = \"...\""),
            );
            return;
        }
        if let Some(g) = &raw.game {
            if !g.value.trim().eq_ignore_ascii_case(GAME) {
                diags.push(
                    Diagnostic::new(
                        InputCode::UnknownGame,
                        format!("game {:?} is not a Star Trek: Attack Wing fleet", g.value),
                    )
                    .with_span(Some(g.span.clone())),
                );
                return;
            }
        }
        out.name = raw.name.as_ref().map(|n| n.value.clone());
        out.player = raw.player.as_ref().map(|n| n.value.clone());
        out.additional_points = raw
            .additional_points
            .as_ref()
            .map(|a| i32::try_from(a.value).unwrap_or(i32::MAX));

        // The format: --format, else the file's, else the default.
        let (format_id, format_span) = match (&opts.format, &raw.format) {
            (Some(f), _) => (f.trim().to_string(), None),
            (None, Some(f)) => (f.value.trim().to_string(), Some(f.span.clone())),
            (None, None) => (DEFAULT_FORMAT.to_string(), None),
        };
        let format = db.format(&format_id);
        match format {
            Some(f) => out.format = Some(f.id.clone()),
            None => {
                let known: Vec<&str> = db.formats.iter().map(|f| f.id.as_str()).collect();
                let by = if format_span.is_some() {
                    ""
                } else {
                    " (--format)"
                };
                diags.push(
                    Diagnostic::new(
                        InputCode::UnknownFormat,
                        format!("unknown format {format_id:?}{by}"),
                    )
                    .with_span(format_span.clone())
                    .with_help(fleetcheck_input::suggest::help(
                        &format_id, "formats", known,
                    )),
                );
            }
        }
        // The evaluation date: --as-of, else the file's as_of, else today.
        let date = match (&opts.as_of, &raw.as_of) {
            (Some(d), _) => {
                if read::parse_date(d.trim()).is_none() {
                    diags.push(Diagnostic::new(
                        InputCode::Shape,
                        format!("--as-of {d:?} is not a valid date (YYYY-MM-DD)"),
                    ));
                }
                Some(d.trim().to_string())
            }
            (None, Some(d)) => Some(d.value.clone()),
            (None, None) => {
                Some(opts.today.trim().to_string()).filter(|d| read::parse_date(d).is_some())
            }
        };
        out.as_of = date.clone();

        // Kept though the fleet may not resolve: `find_on` judges a card
        // on a ship of it with them.
        self.format = format;
        self.date = date.as_deref().map(Arc::from);
        let judge = format.map(|format| OnItsShip {
            db,
            format,
            date: self.date.clone(),
        });
        let fleet = resolve::resolve_judged(
            db,
            raw,
            judge.as_ref().map(|j| j as &dyn resolve::Judge),
            diags,
        );
        let (Some(fleet), Some(format)) = (fleet, format) else {
            return;
        };
        if diags.iter().any(Diagnostic::is_input_error) {
            return;
        }
        // The cap: the file's sp_cap when the file's own format is used. The
        // span is filled in by the analysis (`Analysis::fleet_span`).
        self.cap = match (&raw.sp_cap, &opts.format) {
            _ if opts.sp_cap.is_some() => opts.sp_cap.map(|c| (c, Arc::from("of the event"))),
            (Some(c), None) => Some((
                i32::try_from(c.value).unwrap_or(i32::MAX),
                Arc::from("set by the file's sp_cap"),
            )),
            _ => format
                .sp_cap
                .map(|c| (c, Arc::from(format!("of format {}", format.id)))),
        };
        self.fleet = Some(fleet);
    }
}

/// A copy of `fleet`, ship `grows` (if any) with room for one more
/// upgrade or officer (copying its lists again to put one there would
/// cost as much as the copy).
fn copy_fleet<'db>(fleet: &Fleet<'db>, grows: Option<usize>) -> Fleet<'db> {
    let Fleet {
        resource,
        ships,
        sideboard,
        equivalent,
        chosen,
    } = fleet;
    let with_room = |list: &[Placed<'db>]| {
        let mut v = Vec::with_capacity(list.len() + 1);
        v.extend_from_slice(list);
        v
    };
    let ships = ships
        .iter()
        .enumerate()
        .map(|(i, e)| match grows == Some(i) {
            true => {
                let ShipEntry {
                    ship,
                    captain,
                    admiral,
                    upgrades,
                    flagship,
                    fleet_captain,
                    ambassador,
                    construction,
                    officers,
                } = e;
                ShipEntry {
                    ship: ship.clone(),
                    captain: captain.clone(),
                    admiral: admiral.clone(),
                    upgrades: with_room(upgrades),
                    flagship: flagship.clone(),
                    fleet_captain: fleet_captain.clone(),
                    ambassador: ambassador.clone(),
                    construction: construction.clone(),
                    officers: with_room(officers),
                }
            }
            false => e.clone(),
        })
        .collect();
    Fleet {
        resource: resource.clone(),
        ships,
        sideboard: sideboard.clone(),
        equivalent: equivalent.clone(),
        chosen: chosen.clone(),
    }
}

/// Where a card added to a ship stands: the end of the ship's last
/// reference.
fn end_of(e: &ShipEntry) -> usize {
    crate::view::each_card(e)
        .map(|(_, p)| p.span.end)
        .fold(e.ship.span.end, usize::max)
}

/// Removes the card at `position` (`index` in a list) of a ship.
fn remove(e: &mut ShipEntry, position: Position, index: usize) -> Option<()> {
    fn take<T>(o: &mut Option<T>) -> Option<()> {
        o.take().map(|_| ())
    }
    fn take_at<T>(v: &mut Vec<T>, i: usize) -> Option<()> {
        (i < v.len()).then(|| {
            v.remove(i);
        })
    }
    match position {
        Position::Captain => take(&mut e.captain),
        Position::Admiral => take(&mut e.admiral),
        Position::Flagship => take(&mut e.flagship),
        Position::FleetCaptain => take(&mut e.fleet_captain),
        Position::Ambassador => take(&mut e.ambassador),
        Position::Construction => take(&mut e.construction),
        Position::Officer => take_at(&mut e.officers, index),
        Position::Upgrade => take_at(&mut e.upgrades, index),
        _ => None,
    }
}

/// A span of no reference of a file: where a candidate judged in memory
/// stands.
pub(crate) fn nowhere() -> Range<usize> {
    usize::MAX / 2..usize::MAX / 2 + 1
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
