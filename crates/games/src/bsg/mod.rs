//! Battlestar Galactica: The Board Game, damage, `game = "bsg"` (seed 003).
//!
//! A file holds a game state: the damage tokens on Galactica and on each
//! basestar, where the Vipers are (reserves, space, the Damaged Vipers box,
//! destroyed) and the Raptors (reserves, lost). Checked for consistency
//! (each token exists once and belongs to its ship class; resource tokens
//! never stay on Galactica; the piece counts add up) with errors, and for
//! its consequences with notes: destroyed basestars (a critical hit counts
//! as two tokens), the Cylon victory at six tokens on Galactica, damaged
//! locations, damaged Vipers that cannot launch, basestars that cannot
//! launch raiders or attack Galactica, or are easier to hit.
//!
//! ```toml
//! game = "bsg"
//! [galactica]
//! damage = ["FTL Control", "Armory"]
//! [[basestar]]
//! name = "Basestar A"
//! damage = ["Critical Hit"]
//! [vipers]
//! space = 2
//! damaged = 1
//! ```

pub(crate) mod data;
mod summary;

use crate::input::{self, count, loose, Fields};
use crate::Checked;
use crate::{run, RuleSet, Summary};
use data::{Class, Effect, Facts, GalacticaKind};
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::{Node, Open, Spanned};
use serde_json::{json, Value};
use std::ops::Range;

crate::rule_set! {
    /// The Battlestar Galactica rule set.
    id: "bsg",
    title: "Battlestar Galactica: The Board Game damage",
    name: "Battlestar Galactica",
    codes {
        DuplicateDamage = ("duplicate-damage", Error, "a damage token is listed twice (each token exists once)"),
        DamageClass = ("damage-class", Error, "a basestar token on Galactica or a Galactica token on a basestar"),
        ResourceDamage = ("resource-damage", Error, "a resource-loss token on Galactica: it is resolved and removed from the game"),
        BasestarCount = ("basestar-count", Error, "more than 2 basestars"),
        ViperCount = ("viper-count", Error, "the Viper boxes do not add up to 8"),
        RaptorCount = ("raptor-count", Error, "the Raptor boxes do not add up to 4"),
        CylonsWin = ("cylons-win", Note, "6 or more damage tokens on Galactica: the Cylons win"),
        LocationDamaged = ("location-damaged", Note, "a Galactica location is damaged: characters there go to Sickbay, its action cannot be used until repaired"),
        BasestarDestroyed = ("basestar-destroyed", Note, "a basestar has 3 or more damage (a critical hit counts two): it leaves the board, its tokens are shuffled back"),
        HangarDisabled = ("hangar-disabled", Note, "a basestar cannot launch Raiders or Heavy Raiders"),
        WeaponsDisabled = ("weapons-disabled", Note, "a basestar cannot attack Galactica"),
        StructuralDamage = ("structural-damage", Note, "attack rolls against a basestar get +2"),
        ViperDamaged = ("viper-damaged", Note, "Vipers in the Damaged Vipers box cannot launch until repaired; says how many can launch"),
    }
}

use summary::{details, summary};

const TOP_KEYS: &[&str] = &["galactica", "basestar", "vipers", "raptors"];
const VIPER_BOXES: &[&str] = &["reserve", "space", "damaged", "destroyed"];
const RAPTOR_BOXES: &[&str] = &["reserve", "lost"];

/// A damage token as listed.
#[derive(Debug, Clone)]
struct Listed {
    token: usize,
    span: Range<usize>,
}

#[derive(Debug, Clone)]
struct Basestar {
    name: String,
    span: Range<usize>,
    damage: Vec<Listed>,
}

impl Basestar {
    /// The damage its tokens count for (a critical hit counts two).
    fn damage(&self, f: &Facts) -> i64 {
        self.damage.iter().map(|l| f.tokens[l.token].damage).sum()
    }

    fn destroyed(&self, f: &Facts) -> bool {
        self.damage(f) >= f.thresholds.basestar_destroyed
    }

    /// True when a basestar token with this effect is on it.
    fn has(&self, f: &Facts, e: Effect) -> bool {
        self.damage
            .iter()
            .any(|l| f.tokens[l.token].class == Class::Basestar && f.tokens[l.token].effect == e)
    }

    /// What attack rolls against it get.
    fn attack_bonus(&self, f: &Facts) -> i64 {
        self.damage
            .iter()
            .map(|l| f.tokens[l.token].attack_bonus)
            .sum()
    }
}

/// Boxes of a kind of piece: (box, count, span); `reserve` may be left out.
#[derive(Debug, Clone, Default)]
struct Boxes {
    listed: bool,
    span: Range<usize>,
    counts: Vec<(String, Spanned<i64>)>,
}

impl Boxes {
    fn get(&self, name: &str) -> Option<i64> {
        self.counts
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.value)
    }

    fn others(&self) -> i64 {
        self.counts
            .iter()
            .filter(|(k, _)| k != "reserve")
            .map(|(_, v)| v.value)
            .sum()
    }

    /// The reserve as listed, or the rest of `pieces`.
    fn reserve(&self, pieces: i64) -> i64 {
        self.get("reserve")
            .unwrap_or_else(|| (pieces - self.others()).max(0))
    }
}

struct State {
    name: Option<String>,
    galactica: Vec<Listed>,
    basestars: Vec<Basestar>,
    vipers: Boxes,
    raptors: Boxes,
}

fn read(
    _: &Source,
    _: &Open,
    root: &Node,
    f: &Facts,
    diags: &mut Vec<Diagnostic>,
) -> Option<State> {
    let (top, name) = input::top_level(root, TOP_KEYS, "in a Battlestar Galactica file", diags)?;
    let mut galactica = Vec::new();
    if let Some(e) = top.entry("galactica") {
        if let Some(t) = Fields::new(&e.node, "`galactica`", "in [galactica]", &["damage"], diags) {
            galactica = damage(&t, f, diags);
        }
    }
    let mut basestars: Vec<Basestar> = Vec::new();
    for node in top.tables("basestar", diags) {
        let Some(t) = Fields::new(
            node,
            "a [[basestar]]",
            "in a [[basestar]]",
            &["name", "damage"],
            diags,
        ) else {
            continue;
        };
        t.require("name", "name = \"Basestar A\"", diags);
        let Some(n) = t.string("name", diags) else {
            continue;
        };
        if basestars.iter().any(|b| loose(&b.name) == loose(&n.value)) {
            diags.push(
                Diagnostic::new(
                    InputCode::Shape,
                    format!("two basestars are named `{}`", n.value),
                )
                .with_span(Some(n.span.clone())),
            );
        }
        basestars.push(Basestar {
            name: n.value.trim().to_string(),
            span: node.span.clone(),
            damage: damage(&t, f, diags),
        });
    }
    let vipers = boxes(&top, "vipers", VIPER_BOXES, diags);
    let raptors = boxes(&top, "raptors", RAPTOR_BOXES, diags);
    if TOP_KEYS.iter().all(|k| top.entry(k).is_none()) {
        diags.push(
            Diagnostic::new(InputCode::Empty, "nothing to check: the file has no [galactica], [[basestar]], [vipers] or [raptors]")
                .with_span(Some(0..0)),
        );
    }
    Some(State {
        name,
        galactica,
        basestars,
        vipers,
        raptors,
    })
}

/// The `damage` list of a ship.
fn damage(t: &Fields, f: &Facts, diags: &mut Vec<Diagnostic>) -> Vec<Listed> {
    let mut out = Vec::new();
    for s in t.strings("damage", diags).unwrap_or_default() {
        match f.token(&s.value) {
            Some(token) => out.push(Listed {
                token,
                span: s.span,
            }),
            None => diags.push(input::unknown_value(
                InputCode::UnknownCard,
                "damage token",
                &s.value,
                &s.span,
                f.tokens.iter().map(|t| t.name.as_str()),
            )),
        }
    }
    out
}

fn boxes(top: &Fields, key: &str, names: &[&str], diags: &mut Vec<Diagnostic>) -> Boxes {
    let Some(e) = top.entry(key) else {
        return Boxes::default();
    };
    let place = format!("in [{key}]");
    let Some(t) = Fields::new(&e.node, &format!("`{key}`"), &place, names, diags) else {
        return Boxes::default();
    };
    let mut b = Boxes {
        listed: true,
        span: e.key_span.clone(),
        counts: Vec::new(),
    };
    for name in names {
        if let Some(n) = t.integer(name, 0, diags) {
            b.counts.push((name.to_string(), n));
        }
    }
    b
}

fn note(code: Code, message: String, span: Range<usize>) -> Diagnostic {
    code.diag(message).with_span(Some(span))
}

fn rules(s: &State, f: &Facts, diags: &mut Vec<Diagnostic>) {
    // Where each token is listed, in file order.
    let mut seen: Vec<(usize, String)> = Vec::new();
    let mut places: Vec<(&str, &[Listed], Class)> =
        vec![("Galactica", s.galactica.as_slice(), Class::Galactica)];
    for b in &s.basestars {
        places.push((b.name.as_str(), b.damage.as_slice(), Class::Basestar));
    }
    for (ship, list, class) in &places {
        for l in *list {
            let t = &f.tokens[l.token];
            if let Some((_, first)) = seen.iter().find(|(x, _)| *x == l.token) {
                let where_ = if first == ship {
                    format!("twice on {ship}")
                } else {
                    format!("on {first} and on {ship}")
                };
                diags.push(
                    Diagnostic::new(
                        Code::DuplicateDamage,
                        format!(
                            "{} is listed {where_}; the game has one {} token",
                            t.name, t.name
                        ),
                    )
                    .with_span(Some(l.span.clone())),
                );
            } else {
                seen.push((l.token, ship.to_string()));
            }
            if t.class != *class {
                let (is, draws) = match t.class {
                    Class::Galactica => (
                        "a Galactica damage token",
                        "basestars draw basestar damage tokens",
                    ),
                    Class::Basestar => (
                        "a basestar damage token",
                        "Galactica draws Galactica damage tokens",
                    ),
                };
                diags.push(
                    Diagnostic::new(
                        Code::DamageClass,
                        format!("{} is {is} and cannot be on {ship}: {draws}", t.name),
                    )
                    .with_span(Some(l.span.clone())),
                );
            } else if t.kind == Some(GalacticaKind::Resource) {
                diags.push(
                    Diagnostic::new(
                        Code::ResourceDamage,
                        format!(
                            "{} is a resource-loss token: the fleet loses the resource and the token is removed from the game, it never stays on Galactica",
                            t.name
                        ),
                    )
                    .with_span(Some(l.span.clone()))
                    .with_help("remove it from Galactica's damage and lower the resource dial"),
                );
            }
        }
    }
    let max = f.pieces.basestars;
    if s.basestars.len() as i64 > max {
        let extra = &s.basestars[max as usize];
        diags.push(
            Diagnostic::new(
                Code::BasestarCount,
                format!(
                    "{} basestars are listed; the game has {max}",
                    s.basestars.len()
                ),
            )
            .with_span(Some(input::header_of(&extra.span))),
        );
    }
    pieces(
        &s.vipers,
        f.pieces.vipers,
        Code::ViperCount,
        "Vipers",
        diags,
    );
    pieces(
        &s.raptors,
        f.pieces.raptors,
        Code::RaptorCount,
        "Raptors",
        diags,
    );

    // Consequences.
    let on_galactica = s.galactica.len() as i64;
    if on_galactica >= f.thresholds.cylons_win {
        diags.push(note(
            Code::CylonsWin,
            format!(
                "{on_galactica} damage tokens are on Galactica (the Cylons win at {}): Galactica is destroyed and the Cylons win",
                f.thresholds.cylons_win
            ),
            s.galactica[f.thresholds.cylons_win as usize - 1].span.clone(),
        ));
    }
    for l in &s.galactica {
        let t = &f.tokens[l.token];
        if t.kind == Some(GalacticaKind::Location) {
            diags.push(note(
                Code::LocationDamaged,
                format!(
                    "{} is damaged: characters there go to Sickbay, and its action cannot be used until it is repaired",
                    t.name
                ),
                l.span.clone(),
            ));
        }
    }
    for b in &s.basestars {
        let dmg = b.damage(f);
        if b.destroyed(f) {
            let parts: Vec<String> = b
                .damage
                .iter()
                .map(|l| format!("{} {}", f.tokens[l.token].name, f.tokens[l.token].damage))
                .collect();
            diags.push(note(
                Code::BasestarDestroyed,
                format!(
                    "{} is destroyed ({} = {dmg} damage; {} destroys a basestar): it leaves the board and its damage tokens are shuffled back",
                    b.name,
                    parts.join(" + "),
                    f.thresholds.basestar_destroyed
                ),
                input::header_of(&b.span),
            ));
            continue;
        }
        for l in &b.damage {
            let t = &f.tokens[l.token];
            if t.class != Class::Basestar {
                continue;
            }
            let (code, message) = match t.effect {
                Effect::None => continue,
                Effect::NoLaunch => (
                    Code::HangarDisabled,
                    format!(
                        "{} cannot launch Raiders or Heavy Raiders ({})",
                        b.name, t.name
                    ),
                ),
                Effect::NoAttack => (
                    Code::WeaponsDisabled,
                    format!("{} cannot attack Galactica ({})", b.name, t.name),
                ),
                Effect::AttackBonus => (
                    Code::StructuralDamage,
                    format!(
                        "attack rolls against {} get +{} ({})",
                        b.name, t.attack_bonus, t.name
                    ),
                ),
            };
            diags.push(note(code, message, l.span.clone()));
        }
    }
    if let Some(n) = s.vipers.get("damaged").filter(|n| *n > 0) {
        let span = s
            .vipers
            .counts
            .iter()
            .find(|(k, _)| k == "damaged")
            .map(|(_, v)| v.span.clone())
            .unwrap_or_else(|| s.vipers.span.clone());
        diags.push(note(
            Code::ViperDamaged,
            format!(
                "{} in the Damaged Vipers box cannot launch until repaired (usually with an Engineering skill card); {} can launch from the reserves",
                count(n, "Viper", "Vipers"),
                s.vipers.reserve(f.pieces.vipers)
            ),
            span,
        ));
    }
}

/// The pieces of one kind add up to the game's count.
fn pieces(b: &Boxes, total: i64, code: Code, what: &str, diags: &mut Vec<Diagnostic>) {
    if !b.listed {
        return;
    }
    let listed: Vec<String> = b
        .counts
        .iter()
        .map(|(k, v)| format!("{k} {}", v.value))
        .collect();
    match b.get("reserve") {
        Some(r) if r + b.others() != total => diags.push(
            Diagnostic::new(
                code,
                format!(
                    "{} {what} are listed ({}); the game has {total}",
                    r + b.others(),
                    listed.join(", ")
                ),
            )
            .with_span(Some(b.span.clone())),
        ),
        None if b.others() > total => diags.push(
            Diagnostic::new(
                code,
                format!(
                    "{} {what} are listed outside the reserves ({}); the game has {total}",
                    b.others(),
                    listed.join(", ")
                ),
            )
            .with_span(Some(b.span.clone())),
        ),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
