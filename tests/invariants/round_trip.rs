//! Invariant 3, `round-trips-keep-fingerprint-and-total`: a legal fleet
//! exported to a Utopia link and to a Space Dock squad (the library
//! functions under `fleetcheck export --to utopia|spacedock`) and imported
//! back (those under `fleetcheck import utopia|spacedock`) is the same
//! fleet: the same fingerprint (its cards, ship by ship, the resource and
//! the sideboard) and the same total. So is its text list (`export --to
//! text`, with and without `--sets`) read back by `import text`, which
//! must read and settle every line and give every card the cost the list
//! prints (the text list is laid out as for Utopia: what Utopia's layout
//! cannot hold is excluded from it too).
//!
//! Neither builder's format carries fleetcheck's `format` key, so the
//! fleet imported back is checked under the original's format (a format
//! changes prices: sub-factions). Beyond that, what a format cannot carry
//! is a problem the export names (and then nothing is written): a fleet
//! whose export names one is excluded from that round trip only when every
//! problem is one of [`EXCLUSIONS`], each a limit of the other builder's
//! format; it is counted under its reason. Any other export problem, any
//! import problem, and any difference of fingerprint or total is a
//! failure.

use super::gen::check;
use crate::interop::db;
use fleetcheck_edit::interop::{priced, spacedock, text, text_in, utopia, FleetModel, Problem};
use fleetcheck_input::diag::Source;
use fleetcheck_report::model::FleetReport;
use std::collections::BTreeMap;

/// What a format cannot carry: (format, words of the export's problem,
/// why).
pub const EXCLUSIONS: &[(&str, &str, &str)] = &[
    (
        "spacedock",
        "has no Space Dock id",
        "a card newer than Space Dock's 2018 card data (or one it cannot tell apart)",
    ),
    (
        "spacedock",
        "Space Dock squads have no place for ambassadors or starship construction cards",
        "Space Dock squads have no ambassador or construction",
    ),
    (
        "utopia",
        "has no sideboard slot in Utopia",
        "a sideboard card under a section Utopia's sideboard has no slot for",
    ),
    (
        "utopia",
        "cannot be carried: Utopia holds one resource card per ship",
        "two resource cards on one ship",
    ),
    (
        "utopia",
        "has no crew upgrade to stand beneath",
        "an officer with no crew card to stand beneath (Utopia holds an officer with a crew)",
    ),
    (
        "utopia",
        "but Utopia holds such a card in a [tech], [weapon] or [crew] slot",
        "more no-slot cards than a Utopia ship has slots to hold them in",
    ),
    (
        "utopia",
        "a Utopia fleet holds every upgrade in a slot",
        "an upgrade the engine holds in no slot, a grant letting it exceed the upgrade bar \
         (I.K.S. K'Tanco's free Klingon tech, Vrax's Reman Bodyguards): where Utopia holds \
         such a card is in its card rules, which are code, not data the project has",
    ),
];

/// Fleets excluded from a round trip, by (format, reason); fleets that
/// made it.
#[derive(Debug, Default)]
pub struct Tally {
    pub excluded: BTreeMap<(&'static str, &'static str), usize>,
    pub round_trips: BTreeMap<&'static str, usize>,
}

/// The reason a format cannot carry the fleet, when every problem is a
/// documented one; else the problems as a failure.
fn excluded(format: &'static str, problems: &[Problem]) -> Result<Option<&'static str>, String> {
    // The text list is laid out as Utopia lays a fleet out (`priced`):
    // what Utopia's layout cannot hold, it cannot either.
    let format = if format == "text" { "utopia" } else { format };
    if problems.is_empty() {
        return Ok(None);
    }
    let mut reason = None;
    for p in problems {
        match EXCLUSIONS
            .iter()
            .find(|(f, words, _)| *f == format && p.message.contains(words))
        {
            Some((_, _, why)) => reason = reason.or(Some(*why)),
            None => {
                return Err(format!(
                    "the {format} export names a problem that is no documented exclusion: {}",
                    p.message
                ))
            }
        }
    }
    Ok(reason)
}

/// The fleet imported back, checked under the original's format: the same
/// fingerprint and total.
fn same(
    format: &str,
    original: &FleetReport,
    want: &FleetModel,
    mut back: FleetModel,
    problems: &[Problem],
) -> Result<(), String> {
    if !problems.is_empty() {
        return Err(format!(
            "importing the {format} export back names problems: {:?}",
            problems.iter().map(|p| &p.message).collect::<Vec<_>>()
        ));
    }
    back.format = want.format.clone();
    let text = back.to_toml(db(), &[]);
    let c = check(&text);
    if c.report.fingerprint != original.fingerprint || c.report.total != original.total {
        return Err(format!(
            "the {format} round trip gives fingerprint {:?} and total {:?}, not {:?} and {:?}; \
             the cards back: {:?}\nthe cards sent: {:?}\nthe fleet back:\n{text}",
            c.report.fingerprint,
            c.report.total,
            original.fingerprint,
            original.total,
            back.cards(),
            want.cards()
        ));
    }
    Ok(())
}

pub fn check_fleet(text: &str, original: &FleetReport, tally: &mut Tally) -> Result<(), String> {
    let source = Source {
        path: "generated.toml".into(),
        text: text.into(),
    };
    let want = FleetModel::from_source(db(), &source).map_err(|c| {
        format!(
            "the fleet does not read into its model: {:?}",
            c.diagnostics
        )
    })?;
    // Utopia.
    let (link, problems) = priced::with_analysis(db(), &source, &super::gen::options(), |a| {
        let p = priced::layout(a);
        (utopia::link(&p), p.problems)
    })
    .map_err(|c| {
        format!(
            "the fleet cannot be laid out for Utopia: {:?}",
            c.diagnostics
        )
    })?;
    match excluded("utopia", &problems)? {
        Some(why) => *tally.excluded.entry(("utopia", why)).or_insert(0) += 1,
        None => {
            let json = utopia::parse_input(&link).map_err(|e| format!("the link: {e}"))?;
            let (back, problems) = utopia::import(db(), &json);
            same("Utopia", original, &want, back, &problems)?;
            *tally.round_trips.entry("utopia").or_insert(0) += 1;
        }
    }
    text_trip(text, original, tally)?;
    // Space Dock.
    let map = super::gen::spacedock_map();
    let (squad, problems) = spacedock::export(db(), map, &want, &source);
    match excluded("spacedock", &problems)? {
        Some(why) => *tally.excluded.entry(("spacedock", why)).or_insert(0) += 1,
        None => {
            let mut squads = spacedock::import_text(db(), map, &squad)
                .map_err(|e| format!("the squad does not read back: {e}\n{squad}"))?;
            if squads.len() != 1 {
                return Err(format!("the squad reads back as {} squads", squads.len()));
            }
            let (back, problems) = squads.remove(0);
            same("Space Dock", original, &want, back, &problems)?;
            *tally.round_trips.entry("spacedock").or_insert(0) += 1;
        }
    }
    Ok(())
}

/// The text list read back by `import text`: every line read and settled,
/// no cost the fleet gives otherwise than the list prints, and the same
/// fingerprint and total.
pub fn text_back(list: &str, sets: bool, original: &FleetReport) -> Result<(), String> {
    let flag = if sets { " --sets" } else { "" };
    let back = text_in::import(db(), list, "export.txt", &super::gen::options());
    if !back.unread.is_empty() {
        return Err(format!(
            "importing the text list (export --to text{flag}) back names lines: {:?}\nthe list:\n{list}\nthe fleet back:\n{}",
            back.unread, back.toml
        ));
    }
    let c = check(&back.toml);
    if c.report.fingerprint != original.fingerprint || c.report.total != original.total {
        return Err(format!(
            "the text round trip (export --to text{flag}) gives fingerprint {:?} and total {:?}, \
             not {:?} and {:?}\nthe list:\n{list}\nthe fleet back:\n{}",
            c.report.fingerprint, c.report.total, original.fingerprint, original.total, back.toml
        ));
    }
    Ok(())
}

/// The text round trip of a fleet: `export --to text` with and without
/// `--sets` read back by `import text`.
pub fn text_trip(text: &str, original: &FleetReport, tally: &mut Tally) -> Result<(), String> {
    let source = Source {
        path: "generated.toml".into(),
        text: text.into(),
    };
    // The text list (`export --to text`, with and without `--sets`),
    // read back by `import text`.
    let (lists, problems) = priced::with_analysis(db(), &source, &super::gen::options(), |a| {
        let p = priced::layout(a);
        (
            [false, true].map(|sets| (sets, text::render_with(db(), &p, sets))),
            p.problems,
        )
    })
    .map_err(|c| {
        format!(
            "the fleet cannot be laid out as a text list: {:?}",
            c.diagnostics
        )
    })?;
    match excluded("text", &problems)? {
        Some(why) => *tally.excluded.entry(("text", why)).or_insert(0) += 1,
        None => {
            for (sets, list) in lists {
                text_back(&list, sets, original)?;
            }
            *tally.round_trips.entry("text").or_insert(0) += 1;
        }
    }
    Ok(())
}
