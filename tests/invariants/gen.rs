//! Random LEGAL fleets of real cards, deterministic from a seed.
//!
//! A fleet is built the way a player builds one with `fleetcheck add`:
//! card by card through the builder (`edit::builder::add`), each edit
//! checked by the engine and kept only when it brings no new error (the
//! test `options` uses for a candidate). What is tried is drawn from the
//! embedded database by the seed: a format, one to four ships (three or
//! more where the format asks for it), captains (mostly of the ship's
//! faction), an admiral now and then, upgrades of the ship's slot types and
//! of the captain's talents (mostly of the ship's faction, some of any
//! faction or type, so that penalties, waivers, either-slot and no-slot
//! cards, added slots and held cards come up), a resource (the ones that
//! attach cards to ships, and the Reinforcements Sideboard, more often),
//! the cards it attaches (flagships, fleet captains, officers, ship
//! resources), ambassadors and constructions, and the sideboard's five
//! sections. A build that ends illegal (a format's minimum number of
//! ships not reached) is dropped and the next attempt of the same seed
//! made, so `legal_fleet(seed)` is always the same legal fleet.

use crate::interop::db;
use fleetcheck_data::model::{Card, CardType};
use fleetcheck_data::Database;
use fleetcheck_edit::builder::{self, Kind, Place, Query};
use fleetcheck_edit::interop::spacedock::Mapping;
use fleetcheck_input::diag::Source;
use fleetcheck_report::Checked;
use fleetcheck_staw::fleet::resolve::upgrade_types;
use fleetcheck_staw::CheckOptions;
use std::collections::HashMap;
use std::sync::OnceLock;

/// SplitMix64: small, fast, and the same sequence on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64, stream: u64) -> Rng {
        let mut r = Rng(seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03));
        r.next();
        r
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> Option<&'a T> {
        (!v.is_empty()).then(|| &v[self.below(v.len())])
    }
}

/// The cards of the embedded database by what they are (builder helpers
/// left out: they are no printed cards).
pub struct Cards {
    pub ships: Vec<&'static Card>,
    pub captains: Vec<&'static Card>,
    pub admirals: Vec<&'static Card>,
    pub ambassadors: Vec<&'static Card>,
    pub constructions: Vec<&'static Card>,
    pub resources: Vec<&'static Card>,
    /// Upgrades by every slot type they may fill.
    pub upgrades: HashMap<String, Vec<&'static Card>>,
    pub all_upgrades: Vec<&'static Card>,
    /// The cards a resource attaches to ships, by the resource's id.
    pub attached: HashMap<String, Vec<&'static Card>>,
}

/// Every card, and the cards Space Dock has (half the fleets are built
/// from those, so that the Space Dock round trip has fleets to carry: most
/// fleets of every card hold one newer than Space Dock's 2018 data).
pub struct Pool {
    pub all: Cards,
    pub spacedock: Cards,
    pub formats: Vec<String>,
}

/// Space Dock's mapping of card ids, read once.
pub fn spacedock_map() -> &'static Mapping {
    static MAP: OnceLock<Mapping> = OnceLock::new();
    MAP.get_or_init(Mapping::embedded)
}

fn in_spacedock(c: &Card) -> bool {
    let map = spacedock_map();
    map.export_id(&c.id, None).is_some()
        || upgrade_types(c).any(|t| map.export_id(&c.id, Some(t)).is_some())
}

fn cards(keep: impl Fn(&Card) -> bool) -> Cards {
    let db: &'static Database = db();
    let kept: Vec<&'static Card> = db.cards.iter().filter(|c| !c.helper && keep(c)).collect();
    let of = |t: CardType| -> Vec<&'static Card> {
        kept.iter().copied().filter(|c| c.kind == t).collect()
    };
    let mut upgrades: HashMap<String, Vec<&'static Card>> = HashMap::new();
    let all_upgrades = of(CardType::Upgrade);
    for c in &all_upgrades {
        let mut types: Vec<&str> = upgrade_types(c).collect();
        types.sort_unstable();
        types.dedup();
        for t in types {
            upgrades.entry(t.to_string()).or_default().push(c);
        }
    }
    let mut attached: HashMap<String, Vec<&'static Card>> = HashMap::new();
    for c in &kept {
        let kind = matches!(
            c.kind,
            CardType::Flagship
                | CardType::FleetCaptain
                | CardType::Officer
                | CardType::ShipResource
        );
        if let Some(r) = kind.then(|| fleetcheck_staw::resource_of(db, c)).flatten() {
            attached.entry(r.id.clone()).or_default().push(c);
        }
    }
    Cards {
        ships: of(CardType::Ship),
        captains: of(CardType::Captain),
        admirals: of(CardType::Admiral),
        ambassadors: of(CardType::Ambassador),
        constructions: of(CardType::Construction),
        resources: of(CardType::Resource),
        upgrades,
        all_upgrades,
        attached,
    }
}

pub fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        all: cards(|_| true),
        spacedock: cards(in_spacedock),
        formats: db().formats.iter().map(|f| f.id.clone()).collect(),
    })
}

/// "Today" of every check: dated rules (card pools, retired resources)
/// stay fixed.
pub fn options() -> CheckOptions {
    CheckOptions {
        today: crate::support::TODAY.to_string(),
        ..CheckOptions::default()
    }
}

/// The engine's check of a fleet text.
pub fn check(text: &str) -> Checked {
    fleetcheck_report::staw::check(
        db(),
        Source {
            path: "generated.toml".into(),
            text: text.into(),
        },
        &options(),
    )
}

/// The errors of a check, counted by code.
pub fn errors_by_code(c: &Checked) -> HashMap<&'static str, usize> {
    let mut m = HashMap::new();
    for d in c.diagnostics.iter().filter(|d| d.is_error()) {
        *m.entry(d.code.as_str()).or_insert(0) += 1;
    }
    m
}

/// Whether `after` has an error code more often than `before`.
pub fn new_errors(
    before: &HashMap<&'static str, usize>,
    after: &HashMap<&'static str, usize>,
) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = after
        .iter()
        .filter(|(c, n)| before.get(*c).copied().unwrap_or(0) < **n)
        .map(|(c, _)| *c)
        .collect();
    v.sort_unstable();
    v
}

/// A legal generated fleet: its text and check.
pub struct Generated {
    pub text: String,
    pub checked: Checked,
    /// Engine checks the build made (for the figures a run prints).
    pub checks: usize,
}

/// A fleet being built.
struct Build {
    cards: &'static Cards,
    /// The format's SP cap.
    sp_cap: Option<i32>,
    rng: Rng,
    text: String,
    checked: Option<Checked>,
    errors: HashMap<&'static str, usize>,
    /// Per ship, the slot types of its free slots (after the last check).
    free: Vec<Vec<String>>,
    checks: usize,
    /// Error codes an edit may bring for now (a format's minimum number
    /// of ships, while the ships are added).
    tolerate: &'static [&'static str],
    /// The ships' cards so far (the ship card, the captain if any).
    ships: Vec<(&'static Card, Option<&'static Card>)>,
}

/// The check of a fleet text, and per ship the slot types of its free
/// slots.
fn check_with_free_slots(text: &str) -> (Checked, Vec<Vec<String>>) {
    let source = Source {
        path: "generated.toml".into(),
        text: text.into(),
    };
    let (checked, free) = fleetcheck_report::staw::check_and(db(), source, &options(), |a| {
        a.ships
            .iter()
            .map(|s| {
                s.free_slots()
                    .flat_map(|s| s.accepts.iter().map(|t| t.to_string()))
                    .collect()
            })
            .collect()
    });
    (checked, free.unwrap_or_default())
}

impl Build {
    /// Adds `card` as `kind` at `place` if the fleet then has no new
    /// error; whether it was kept.
    fn try_add(&mut self, kind: Kind, card: &Card, place: &Place) -> bool {
        let Ok(edited) = builder::add(db(), &self.text, kind, &Query::text(&card.id), place) else {
            return false;
        };
        let (checked, free) = check_with_free_slots(&edited.text);
        self.checks += 1;
        if checked.exit_code() == 2 {
            return false;
        }
        let errors = errors_by_code(&checked);
        let new = new_errors(&self.errors, &errors);
        if new.iter().any(|c| !self.tolerate.contains(c)) {
            return false;
        }
        self.text = edited.text;
        self.errors = errors;
        self.free = free;
        self.checked = Some(checked);
        true
    }

    /// Tries up to `tries` cards drawn by `draw`; the one kept.
    fn try_some(
        &mut self,
        tries: usize,
        kind: Kind,
        place: &Place,
        draw: impl Fn(&mut Rng) -> Option<&'static Card>,
    ) -> Option<&'static Card> {
        for _ in 0..tries {
            let card = draw(&mut self.rng)?;
            if self.try_add(kind, card, place) {
                return Some(card);
            }
        }
        None
    }

    /// The fleet's SP cap (a generous bound with no cap).
    fn cap(&self) -> i32 {
        self.sp_cap.unwrap_or(1000)
    }

    /// The SP the fleet may still spend.
    fn left(&self) -> i32 {
        let total = self.checked.as_ref().and_then(|c| c.report.total);
        self.cap() - total.unwrap_or(0)
    }
}

fn shares(a: &Card, b: &Card) -> bool {
    a.factions.iter().any(|f| b.factions.contains(f))
}

/// A card of `list` that costs at most `left` printed, `own` percent of
/// the time one that shares a faction with `with`.
fn draw_near(
    rng: &mut Rng,
    list: &[&'static Card],
    with: &Card,
    own: u64,
    left: i32,
) -> Option<&'static Card> {
    let near = rng.chance(own);
    let fits: Vec<&'static Card> = list
        .iter()
        .copied()
        .filter(|c| c.cost <= left && (!near || shares(c, with)))
        .collect();
    match rng.pick(&fits) {
        Some(c) => Some(c),
        None if near => draw_near(rng, list, with, 0, left),
        None => None,
    }
}

/// The resources drawn more often: those that attach cards to ships, the
/// sideboard, and those priced from the fleet.
const FAVOURED_RESOURCES: &[&str] = &[
    "R003", "R004", "R010", "R011", "R015", "R020", "R024", "R029", "R033", "R036", "R042",
];

/// The legal fleet of `seed`: odd seeds draw only cards Space Dock has.
pub fn legal_fleet(seed: u64) -> Generated {
    let mut checks = 0;
    for attempt in 0.. {
        let (text, checked, n) = build(seed, attempt);
        checks += n;
        if let Some(c) = checked.filter(|c| c.exit_code() == 0) {
            return Generated {
                text,
                checked: c,
                checks,
            };
        }
    }
    unreachable!("an attempt always ends")
}

/// One attempt at the fleet of `seed`: the text, its last check (none
/// when no card could be added), and the checks made.
fn build(seed: u64, attempt: u64) -> (String, Option<Checked>, usize) {
    let pool = pool();
    let mut rng = Rng::new(seed, attempt);
    // Standard more often than the others.
    let format = if rng.chance(40) {
        "standard".to_string()
    } else {
        rng.pick(&pool.formats).cloned().unwrap()
    };
    let min_ships = db().format(&format).and_then(|f| f.min_ships).unwrap_or(1) as usize;
    let mut b = Build {
        sp_cap: db().format(&format).and_then(|f| f.sp_cap),
        cards: if seed % 2 == 1 {
            &pool.spacedock
        } else {
            &pool.all
        },
        rng,
        text: builder::new_fleet(&format!("generated {seed}"), &format),
        checked: None,
        errors: HashMap::new(),
        free: Vec::new(),
        checks: 0,
        tolerate: &[],
        ships: Vec::new(),
    };
    let cards = b.cards;
    // The ships first: until the format's minimum, a fleet short of ships
    // has that error (tolerated while the ships are added).
    // One to three ships (four now and then), on at most two thirds of
    // the cap, so that there are SP left for their cards.
    let n = min_ships.max(1 + b.rng.below(3) + usize::from(b.rng.chance(10)));
    b.tolerate = &["ship-count"];
    for _ in 0..n {
        let left = b.left() - b.cap() / 3;
        let ship = b.try_some(8, Kind::Ship, &Place::default(), |r| {
            draw_near(r, &cards.ships, cards.ships[0], 0, left)
        });
        if let Some(s) = ship {
            b.ships.push((s, None));
        }
    }
    b.tolerate = &[];
    match &b.checked {
        Some(c) if c.exit_code() == 0 => {}
        _ => return (b.text, None, b.checks),
    }
    // The resource, and what it attaches.
    if b.rng.chance(55) {
        let favoured: Vec<&'static Card> = cards
            .resources
            .iter()
            .copied()
            .filter(|c| FAVOURED_RESOURCES.contains(&c.id.as_str()))
            .collect();
        let list = if b.rng.chance(70) {
            favoured
        } else {
            cards.resources.clone()
        };
        b.try_some(4, Kind::Resource, &Place::default(), |r| {
            r.pick(&list).copied()
        });
    }
    let ships = b.ships.clone();
    for (i, (ship, _)) in ships.iter().enumerate() {
        let place = Place {
            ship: Some(i + 1),
            section: None,
        };
        if b.rng.chance(90) {
            let left = b.left();
            let captain = b.try_some(6, Kind::Captain, &place, |r| {
                draw_near(r, &cards.captains, ship, 75, left)
            });
            b.ships[i].1 = captain;
        }
        if b.rng.chance(15) {
            let left = b.left();
            b.try_some(4, Kind::Admiral, &place, |r| {
                draw_near(r, &cards.admirals, ship, 70, left)
            });
        }
        if b.rng.chance(5) {
            b.try_some(3, Kind::Ambassador, &place, |r| {
                r.pick(&cards.ambassadors).copied()
            });
        }
        if b.rng.chance(5) {
            b.try_some(3, Kind::Construction, &place, |r| {
                r.pick(&cards.constructions).copied()
            });
        }
    }
    // Flagships, fleet captains and ship resources before the upgrades
    // (they add slots); officers after them (an officer stands with a
    // crew card).
    attach_resource_cards(&mut b, false);
    for (i, (ship, _)) in b.ships.clone().iter().enumerate() {
        upgrades(&mut b, i, ship);
    }
    attach_resource_cards(&mut b, true);
    sideboard(&mut b);
    (b.text, b.checked, b.checks)
}

/// Upgrades for ship `i`: one for a free slot type at a time, until no
/// slot is free or five in a row were refused; now and then one of any
/// type (a card that needs no slot, holds another, or adds a slot).
fn upgrades(b: &mut Build, i: usize, ship: &Card) {
    let cards = b.cards;
    let place = Place {
        ship: Some(i + 1),
        section: None,
    };
    let mut refused = 0;
    while refused < 5 {
        let free = b.free.get(i).cloned().unwrap_or_default();
        let any_type = b.rng.chance(10);
        if free.is_empty() && !any_type {
            // Once in a while a full ship still gets a card of any type.
            if b.rng.chance(50) {
                break;
            }
            refused += 1;
            continue;
        }
        let list: &[&'static Card] = if any_type || free.is_empty() {
            &cards.all_upgrades
        } else {
            let t = &free[b.rng.below(free.len())];
            cards.upgrades.get(t).map_or(&[][..], Vec::as_slice)
        };
        let left = b.left();
        match b.try_some(1, Kind::Upgrade, &place, |r| {
            draw_near(r, list, ship, 70, left)
        }) {
            Some(_) => refused = 0,
            None => refused += 1,
        }
    }
}

/// The cards the fleet's resource attaches to ships: a flagship, a fleet
/// captain, ship resources; with `officers`, officers only.
fn attach_resource_cards(b: &mut Build, officers: bool) {
    let Some(resource) = b
        .checked
        .as_ref()
        .and_then(|c| c.report.resource.as_ref())
        .map(|r| r.id.clone())
    else {
        return;
    };
    let Some(cards) = b.cards.attached.get(&resource) else {
        return;
    };
    let kind = match cards[0].kind {
        CardType::Flagship => Kind::Flagship,
        CardType::FleetCaptain => Kind::FleetCaptain,
        CardType::Officer => Kind::Officer,
        _ => Kind::Upgrade,
    };
    if (kind == Kind::Officer) != officers {
        return;
    }
    let times = if kind == Kind::Officer {
        1 + b.rng.below(3)
    } else {
        1
    };
    // An officer is assigned to a crew upgrade of its ship.
    let with_crew: Vec<usize> = match &b.checked {
        Some(c) if officers => c
            .report
            .ships
            .iter()
            .enumerate()
            .filter(|(_, s)| s.cards.iter().any(|c| c.slot.as_deref() == Some("crew")))
            .map(|(i, _)| i)
            .collect(),
        _ => (0..b.ships.len()).collect(),
    };
    for _ in 0..times {
        let Some(&ship) = b.rng.pick(&with_crew) else {
            return;
        };
        let place = Place {
            ship: Some(ship + 1),
            section: None,
        };
        let near = b.ships[ship].0;
        let left = b.left();
        b.try_some(4, kind, &place, |r| draw_near(r, cards, near, 60, left));
    }
}

/// The Reinforcements Sideboard's sections, when the fleet has it.
fn sideboard(b: &mut Build) {
    let cards = b.cards;
    let has = b
        .checked
        .as_ref()
        .and_then(|c| c.report.resource.as_ref())
        .is_some_and(|r| r.id == "R003");
    if !has {
        return;
    }
    for section in fleetcheck_staw::fleet::read::SIDEBOARD_SECTIONS {
        if !b.rng.chance(70) {
            continue;
        }
        let place = Place {
            ship: None,
            section: Some(section.to_string()),
        };
        let list: &[&'static Card] = if *section == "captain" {
            &cards.captains
        } else {
            cards.upgrades.get(*section).map_or(&[][..], Vec::as_slice)
        };
        b.try_some(3, Kind::Sideboard, &place, |r| r.pick(list).copied());
    }
}
