//! Editing and interop: the layer that writes fleet files. `builder`
//! creates and edits them in place (`new`, `add`, `remove`, `options`);
//! `interop` reads and writes the other builders' formats (Utopia, Space
//! Dock, text). Both ask the engine through its one door, `staw::Engine`.

pub mod builder;
pub mod fix;
pub mod interop;

use fleetcheck_data::Database;
use fleetcheck_games::Which;
use fleetcheck_input::diag::{Diagnostic, InputCode, Source};
use fleetcheck_input::tree::Parsed;
use fleetcheck_report::Checked;
use fleetcheck_staw::analysis::Analysis;
use fleetcheck_staw::CheckOptions;

/// The file parsed, for a STAW fleet file; otherwise the input error that
/// says the editing commands (build, import, export) take only STAW
/// fleets, or the dispatcher's own error (an unknown game).
pub fn staw_only(source: &Source) -> Result<Parsed, Box<Checked>> {
    let refuse = |d: Diagnostic| {
        let path = source.path.clone();
        Err(Box::new(Checked::input_error(
            &path,
            fleetcheck_staw::GAME,
            Some(source.clone()),
            d,
        )))
    };
    let parsed = Parsed::of(source.clone());
    match fleetcheck_games::which(&parsed) {
        Ok(Which::Staw) => Ok(parsed),
        Ok(Which::Other(g)) => refuse(Diagnostic::new(
            InputCode::UnknownGame,
            format!(
                "{} is a file of another game ({}, game = \"{}\"): only Star Trek: Attack Wing fleets are built, imported and exported",
                source.path, g.title, g.id
            ),
        )),
        Err(d) => refuse(*d),
    }
}

/// The engine (`staw::Engine`, the one door) as the editing commands use it: `f`
/// on the priced fleet of a STAW file; otherwise the check that shows why
/// it could not be priced (an input error), or the error of [`staw_only`].
pub fn with_analysis<R>(
    db: &Database,
    source: &Source,
    opts: &CheckOptions,
    f: impl FnOnce(&Analysis) -> R,
) -> Result<R, Box<Checked>> {
    let parsed = staw_only(source)?;
    let (checked, r) = fleetcheck_report::staw::check_and(db, parsed, opts, f);
    r.ok_or_else(|| Box::new(checked))
}

/// `f` of every item, in the items' order, on up to `workers` threads
/// (the calling thread one of them), each taking the next item as it
/// finishes one. A panic in `f` reaches the caller once every thread has
/// stopped.
pub fn on_workers<T: Sync, R: Send>(
    workers: usize,
    items: &[T],
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = workers.min(items.len() / MIN_PER_WORKER).max(1);
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return done;
            };
            done.push((i, f(item)));
        }
    };
    let mut all: Vec<(usize, R)> = std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut all = work();
        for o in others {
            match o.join() {
                Ok(done) => all.extend(done),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        all
    });
    all.sort_unstable_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// The fewest items worth a thread of their own: a thread costs about
/// as much to start as pricing a few cards.
const MIN_PER_WORKER: usize = 16;
