//! The chooser of `fix`: a list a player can trust on an 80-column
//! terminal. Typing filters it (every word typed must be in an entry, any
//! case); the arrows and Page Up/Down move without wrapping from one end
//! to the other; every entry is cut to the terminal's width, so that a
//! redraw clears exactly what was drawn; Esc skips the question and
//! Ctrl-C stops, each said on the screen.
//!
//! The state ([`Chooser`]: keys in, lines out) is apart from the terminal
//! ([`choose`]), so that tests drive it without one.

use std::io;

/// A key, as the chooser reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Input {
    Char(char),
    Backspace,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    Enter,
    Escape,
    Interrupt,
    Other,
}

/// How a question ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The entry of this index (of all entries, not of the filtered ones).
    Chosen(usize),
    /// Esc: the question is left as it is.
    Skip,
    /// Ctrl-C: stop asking.
    Interrupt,
}

/// The keys, said under the list.
pub(crate) const KEYS: &str =
    "type to filter · ↑↓ PgUp PgDn move · Enter choose · Esc skip · Ctrl-C stop";

/// A list of entries, filtered by what was typed, with a cursor.
#[derive(Debug, Clone)]
pub(crate) struct Chooser<'a> {
    items: &'a [String],
    filter: String,
    /// The indices of the entries that match the filter.
    shown: Vec<usize>,
    /// The cursor, in `shown`.
    cursor: usize,
    /// The first row of `shown` drawn.
    top: usize,
    /// How many entries are drawn at once.
    page: usize,
}

impl<'a> Chooser<'a> {
    pub(crate) fn new(items: &'a [String], page: usize) -> Chooser<'a> {
        Chooser {
            items,
            filter: String::new(),
            shown: (0..items.len()).collect(),
            cursor: 0,
            top: 0,
            page: page.max(1),
        }
    }

    /// The entry under the cursor (of all entries).
    pub(crate) fn current(&self) -> Option<usize> {
        self.shown.get(self.cursor).copied()
    }

    /// One key; `Some` when it ends the question.
    pub(crate) fn key(&mut self, k: Input) -> Option<Outcome> {
        let last = self.shown.len().saturating_sub(1);
        match k {
            Input::Enter => return self.current().map(Outcome::Chosen),
            Input::Escape => return Some(Outcome::Skip),
            Input::Interrupt => return Some(Outcome::Interrupt),
            Input::Up => self.cursor = self.cursor.saturating_sub(1),
            Input::Down => self.cursor = (self.cursor + 1).min(last),
            Input::PageUp => self.cursor = self.cursor.saturating_sub(self.page),
            Input::PageDown => self.cursor = (self.cursor + self.page).min(last),
            Input::Home => self.cursor = 0,
            Input::End => self.cursor = last,
            Input::Char(c) if !c.is_control() => {
                self.filter.push(c);
                self.refilter();
            }
            Input::Backspace => {
                self.filter.pop();
                self.refilter();
            }
            Input::Char(_) | Input::Other => {}
        }
        // The cursor stays on the page drawn.
        if self.cursor < self.top {
            self.top = self.cursor;
        } else if self.cursor >= self.top + self.page {
            self.top = self.cursor + 1 - self.page;
        }
        None
    }

    fn refilter(&mut self) {
        let words: Vec<String> = self
            .filter
            .split_whitespace()
            .map(str::to_lowercase)
            .collect();
        self.shown = (0..self.items.len())
            .filter(|&i| {
                let item = self.items[i].to_lowercase();
                words.iter().all(|w| item.contains(w.as_str()))
            })
            .collect();
        self.cursor = 0;
        self.top = 0;
    }

    /// The lines to draw, each at most `width` columns: the prompt, the
    /// filter, the page of entries (the cursor's marked `>`), where the
    /// page is in the list, and the keys.
    pub(crate) fn lines(&self, prompt: &str, width: usize) -> Vec<String> {
        let fit = |s: &str| console::truncate_str(s, width.max(8), "…").into_owned();
        let mut out = vec![fit(prompt)];
        out.push(fit(&if self.filter.is_empty() {
            "filter: (type to filter)".to_string()
        } else {
            format!("filter: {}", self.filter)
        }));
        let end = (self.top + self.page).min(self.shown.len());
        for (row, &i) in self.shown[self.top..end].iter().enumerate() {
            let mark = if self.top + row == self.cursor {
                "> "
            } else {
                "  "
            };
            out.push(fit(&format!("{mark}{}", self.items[i])));
        }
        out.push(fit(&if self.shown.is_empty() {
            format!("no entry matches (of {})", self.items.len())
        } else {
            format!(
                "{}-{} of {}{}",
                self.top + 1,
                end,
                self.shown.len(),
                if self.shown.len() < self.items.len() {
                    format!(" (filtered from {})", self.items.len())
                } else {
                    String::new()
                }
            )
        }));
        out.push(fit(KEYS));
        out
    }
}

/// The signals after which [`restore_on_signal`] puts the terminal back.
#[cfg(unix)]
const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGQUIT,
];

/// Set (in the signal handler itself) when one of [`SIGNALS`] arrived,
/// once [`restore_on_signal`] is armed.
#[cfg(unix)]
static SIGNALLED: std::sync::OnceLock<std::sync::Arc<std::sync::atomic::AtomicBool>> =
    std::sync::OnceLock::new();

/// Puts the terminal back as it is now when a signal ends the process
/// (SIGTERM, SIGHUP, SIGINT, SIGQUIT): a key is read in raw mode (no echo,
/// no line editing, Ctrl-C a key, not a signal), and a process killed
/// while it waits for one would leave the shell's terminal so. Called
/// before the first key is read, on the terminal of standard input (the
/// one `console` reads keys from): on a signal, its settings of now are
/// set again, the cursor is shown (`\x1b[?25h` on standard error, the
/// chooser's terminal), and the signal then does what it does by default
/// (the process ends by it, exit status 128 + its number). Armed once a
/// process; a thread waits for the signals (`signal-hook`), so nothing of
/// this runs in a signal handler but the setting of a flag ([`read_key`]).
#[cfg(unix)]
pub(crate) fn restore_on_signal() -> io::Result<()> {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    if SIGNALLED.get().is_some() {
        return Ok(());
    }
    let saved = rustix::termios::tcgetattr(io::stdin())?;
    let flag = Arc::new(AtomicBool::new(false));
    for signal in SIGNALS {
        signal_hook::flag::register(signal, Arc::clone(&flag))?;
    }
    let mut signals = signal_hook::iterator::Signals::new(SIGNALS)?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            use std::io::Write;
            let now = rustix::termios::OptionalActions::Now;
            let _ = rustix::termios::tcsetattr(io::stdin(), now, &saved);
            let mut err = io::stderr();
            let _ = err.write_all(b"\x1b[?25h");
            let _ = err.flush();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            // Not ended by it (a signal whose default is to go on): as
            // the shell says a process ended by a signal.
            std::process::exit(128 + signal);
        }
    });
    let _ = SIGNALLED.set(flag);
    Ok(())
}

/// No terminal settings to put back where there are no signals.
#[cfg(not(unix))]
pub(crate) fn restore_on_signal() -> io::Result<()> {
    Ok(())
}

/// Whether a signal arrived since [`restore_on_signal`] was armed.
fn signalled() -> bool {
    #[cfg(unix)]
    {
        SIGNALLED
            .get()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::SeqCst))
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// One key, read in raw mode. A signal that interrupts the read comes back
/// from `console` as Ctrl-C; it is no key: this thread then waits for
/// [`restore_on_signal`]'s, which puts the terminal back and ends the
/// process by the signal.
pub(crate) fn read_key(term: &console::Term) -> io::Result<console::Key> {
    let key = term.read_key_raw();
    if signalled() {
        loop {
            std::thread::park();
        }
    }
    key
}

/// Asks on the terminal `term` which entry is meant.
pub(crate) fn choose(term: &console::Term, prompt: &str, items: &[String]) -> io::Result<Outcome> {
    let (rows, cols) = term.size();
    // The prompt, the filter, the position and the keys around the page.
    let page = usize::from(rows).saturating_sub(6).clamp(3, 12);
    let width = usize::from(cols).saturating_sub(1);
    let mut c = Chooser::new(items, page);
    let mut drawn = 0;
    // The cursor is never hidden; a signal while a key is read puts the
    // terminal's settings back ([`restore_on_signal`], armed by `fix`).
    let outcome = loop {
        term.clear_last_lines(drawn)?;
        let lines = c.lines(prompt, width);
        for l in &lines {
            term.write_line(l)?;
        }
        drawn = lines.len();
        let k = match read_key(term)? {
            console::Key::Char(ch) => Input::Char(ch),
            console::Key::Backspace => Input::Backspace,
            console::Key::ArrowUp => Input::Up,
            console::Key::ArrowDown => Input::Down,
            console::Key::PageUp => Input::PageUp,
            console::Key::PageDown => Input::PageDown,
            console::Key::Home => Input::Home,
            console::Key::End => Input::End,
            console::Key::Enter => Input::Enter,
            console::Key::Escape => Input::Escape,
            console::Key::CtrlC => Input::Interrupt,
            _ => Input::Other,
        };
        if let Some(o) = c.key(k) {
            break o;
        }
    };
    term.clear_last_lines(drawn)?;
    let said = match outcome {
        Outcome::Chosen(i) => format!("{prompt}\n  chosen: {}", items[i]),
        Outcome::Skip => format!("{prompt}\n  skipped (Esc): left as it is"),
        Outcome::Interrupt => format!("{prompt}\n  stopped (Ctrl-C)"),
    };
    for l in said.lines() {
        term.write_line(&console::truncate_str(l, width.max(8), "…"))?;
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(n: usize) -> Vec<String> {
        (1..=n)
            .map(|i| format!("W{i:03}: Photon Torpedoes, {i} SP"))
            .collect()
    }

    /// The cursor stops at both ends: no wrap-around from the last entry
    /// to the first, by arrow or by page.
    #[test]
    fn no_wrap_around() {
        let all = items(23);
        let mut c = Chooser::new(&all, 10);
        assert_eq!(c.key(Input::Up), None);
        assert_eq!(c.current(), Some(0));
        for _ in 0..5 {
            c.key(Input::PageDown);
        }
        assert_eq!(c.current(), Some(22));
        c.key(Input::Down);
        assert_eq!(c.current(), Some(22));
        assert_eq!(c.key(Input::Enter), Some(Outcome::Chosen(22)));
        c.key(Input::PageUp);
        assert_eq!(c.current(), Some(12));
        c.key(Input::Home);
        assert_eq!(c.current(), Some(0));
    }

    /// Typing filters (every word, any case); Backspace widens again; the
    /// index chosen is the entry's among all.
    #[test]
    fn typing_filters() {
        let all = vec![
            "W122: Photon Torpedoes, Federation, 5 SP".to_string(),
            "W120: Photon Torpedoes, Klingon, 6 SP".to_string(),
            "W031: Photon Torpedoes, Federation, 5 SP".to_string(),
        ];
        let mut c = Chooser::new(&all, 10);
        for ch in "kling".chars() {
            c.key(Input::Char(ch));
        }
        assert_eq!(c.current(), Some(1));
        assert_eq!(
            c.lines("?", 80)[2],
            "> W120: Photon Torpedoes, Klingon, 6 SP"
        );
        assert_eq!(c.lines("?", 80)[3], "1-1 of 1 (filtered from 3)");
        for _ in 0..5 {
            c.key(Input::Backspace);
        }
        for ch in "fed W03".chars() {
            c.key(Input::Char(ch));
        }
        assert_eq!(c.key(Input::Enter), Some(Outcome::Chosen(2)));
        c.key(Input::Char('x'));
        assert_eq!(c.key(Input::Enter), None, "nothing matches: nothing chosen");
        assert_eq!(c.key(Input::Escape), Some(Outcome::Skip));
        assert_eq!(c.key(Input::Interrupt), Some(Outcome::Interrupt));
    }

    /// Every line fits the width: an entry longer than it is cut with an
    /// ellipsis, so that nothing wraps and a redraw leaves no stale line.
    #[test]
    fn lines_fit_the_width() {
        let all = vec![format!("Cap629: Jean-Luc Picard, a captain, Federation, 4 SP on this ship, in U.S.S. Stargazer (71510) — write {{ id = \"Cap629\" }}")];
        let c = Chooser::new(&all, 10);
        let lines = c.lines("f.toml:4: 'Jean-Luc Picard' names 5 different cards that fit as a captain; pick one by its id", 79);
        assert!(
            lines.iter().all(|l| console::measure_text_width(l) <= 79),
            "{lines:#?}"
        );
        assert!(lines[2]
            .starts_with("> Cap629: Jean-Luc Picard, a captain, Federation, 4 SP on this ship"));
        assert!(lines[2].ends_with('…'));
        assert_eq!(lines.last().unwrap(), KEYS);
    }
}
