//! What the test modules share: running the built binary as a user would.

use assert_cmd::Command;
use std::path::Path;

/// "Today" for every run of the binary, so that dated rules stay fixed.
pub const TODAY: &str = "2025-06-01";

/// The binary, run in `dir` with a fixed today and colour left to its own
/// choice (off, as stdout is no terminal).
pub fn fleetcheck(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("fleetcheck").unwrap();
    c.env_remove("FLEETCHECK_COLLECTION");
    c.current_dir(dir)
        .env("FLEETCHECK_TODAY", TODAY)
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS");
    c
}

/// One finished run: its exit code and output.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary in `dir` with `args`. A JSON report on stdout (`-o
/// json`) is checked against `fleetcheck schema` by a real validator.
pub fn run(dir: &Path, args: &[&str]) -> Run {
    let out = fleetcheck(dir).args(args).output().unwrap();
    let r = Run {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    };
    let json = args
        .windows(2)
        .any(|w| matches!(w[0], "-o" | "--output") && w[1] == "json");
    if json && !r.stdout.is_empty() && !args.contains(&"export") {
        assert_valid_json(&r.stdout);
    }
    r
}

/// The JSON Schema `fleetcheck schema` prints, compiled once.
pub fn schema() -> &'static jsonschema::Validator {
    static SCHEMA: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(|| {
        let out = Command::cargo_bin("fleetcheck")
            .unwrap()
            .env_remove("FLEETCHECK_COLLECTION")
            .arg("schema")
            .output()
            .unwrap();
        assert!(out.status.success(), "fleetcheck schema fails");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("the schema is JSON");
        jsonschema::validator_for(&v).expect("the schema compiles")
    })
}

/// Asserts that `text` is one JSON document of the contract: it parses,
/// has the envelope and fits `fleetcheck schema`.
pub fn assert_valid_json(text: &str) -> serde_json::Value {
    let v: serde_json::Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("-o json printed no JSON ({e}):\n{text}"));
    assert_eq!(v["schema_version"], 1, "no schema_version: {text}");
    let errs: Vec<String> = schema()
        .iter_errors(&v)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(
        errs.is_empty(),
        "the output does not fit `fleetcheck schema`: {errs:#?}\n{text}"
    );
    v
}

/// Headless Chromium, or a failure that says how to get it: the browser
/// tests are `#[ignore]`d in plain `cargo test`, and `.ci/run` installs
/// Chromium and poppler-utils and runs them with `--ignored`.
pub fn chromium() -> std::path::PathBuf {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.is_file());
    for tool in ["pdfinfo", "pdftotext"] {
        assert!(
            std::process::Command::new(tool).arg("-v").output().is_ok(),
            "{tool} does not run: this test needs poppler-utils (apt-get install poppler-utils)"
        );
    }
    found.expect(
        "no Chromium at /usr/bin/chromium or /usr/bin/chromium-browser: this test needs \
         chromium and poppler-utils (apt-get install chromium poppler-utils)",
    )
}

/// Prints `html` to `pdf` with headless Chromium (a fresh profile in
/// `profile`) and returns what pdfinfo says of it.
pub fn print_to_pdf(html: &Path, pdf: &Path, profile: &Path) -> String {
    let out = std::process::Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("chromium runs");
    assert!(
        pdf.is_file(),
        "no PDF: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let info = std::process::Command::new("pdfinfo")
        .arg(pdf)
        .output()
        .expect("pdfinfo (poppler-utils) runs");
    String::from_utf8(info.stdout).unwrap()
}

/// The page count pdfinfo gives.
pub fn pdf_pages(info: &str) -> Option<u32> {
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .map(|p| p.trim().parse::<u32>().unwrap())
}

/// The `file` of every fleet of a JSON report, in its order.
pub fn files(v: &serde_json::Value) -> Vec<&str> {
    v["fleets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file"].as_str().unwrap())
        .collect()
}

/// `fleetcheck-dev ARGS`, the maintainer's tool, run in process (its
/// binary is another package's: `cargo test` builds only this package's),
/// in the manner of an `assert_cmd::Command`: `.args(..)`, `.arg(..)`,
/// `.output()`. Relative paths are the project root's (the tests' working
/// directory).
#[derive(Debug, Default)]
pub struct Dev {
    args: Vec<std::ffi::OsString>,
}

/// What `fleetcheck-dev` wrote and its exit code.
#[derive(Debug)]
pub struct DevOutput {
    pub status: DevStatus,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// The exit code of a [`Dev`] run.
#[derive(Debug, Clone, Copy)]
pub struct DevStatus(i32);

impl DevStatus {
    pub fn code(self) -> Option<i32> {
        Some(self.0)
    }
}

impl Dev {
    pub fn new() -> Dev {
        Dev::default()
    }

    pub fn arg(&mut self, a: impl AsRef<std::ffi::OsStr>) -> &mut Dev {
        self.args.push(a.as_ref().to_owned());
        self
    }

    pub fn args<A: AsRef<std::ffi::OsStr>>(&mut self, a: impl IntoIterator<Item = A>) -> &mut Dev {
        for x in a {
            self.arg(x);
        }
        self
    }

    pub fn output(&self) -> std::io::Result<DevOutput> {
        let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
        let argv = std::iter::once("fleetcheck-dev".into()).chain(self.args.iter().cloned());
        let code = fleetcheck_dev::run(argv, &mut stdout, &mut stderr);
        Ok(DevOutput {
            status: DevStatus(code),
            stdout,
            stderr,
        })
    }
}

/// Runs `fleetcheck fix f.toml` in `dir` on a pseudo-terminal of 80 by
/// 24, typing each chunk of keys after a pause (so that each arrives while
/// the list waits for a key, as a player types): the screen and the exit
/// code.
pub fn fix_on_a_terminal(dir: &std::path::Path, keys: &[&[u8]]) -> (String, i32) {
    assert!(
        std::process::Command::new("script")
            .arg("--version")
            .output()
            .is_ok(),
        "this test needs `script` (util-linux) for a pseudo-terminal"
    );
    let bin = assert_cmd::cargo::cargo_bin("fleetcheck");
    let mut child = std::process::Command::new("script")
        .current_dir(dir)
        .env("FLEETCHECK_TODAY", crate::support::TODAY)
        .args([
            "-qec",
            &format!("stty cols 80 rows 24; {} fix f.toml", bin.display()),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for k in keys {
        std::thread::sleep(std::time::Duration::from_millis(1500));
        use std::io::Write;
        stdin.write_all(k).unwrap();
        stdin.flush().unwrap();
    }
    std::thread::sleep(std::time::Duration::from_millis(1500));
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// A pseudo-terminal of 80 by 24 columns, opened here (rustix: no
/// `unsafe`, no `script`): the test reads the screen from its master side
/// and types into it; `fleetcheck` runs on its terminal side, which stays
/// open here too, so that its settings can be read after the run.
pub struct Pty {
    master: std::fs::File,
    pub terminal: std::os::fd::OwnedFd,
    /// Everything read from the screen so far.
    pub screen: Vec<u8>,
}

impl Pty {
    pub fn open() -> Pty {
        use rustix::fs::{Mode, OFlags};
        use rustix::pty::OpenptFlags;
        let master =
            rustix::pty::openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)
                .unwrap();
        rustix::pty::grantpt(&master).unwrap();
        rustix::pty::unlockpt(&master).unwrap();
        let name = rustix::pty::ptsname(&master, Vec::new()).unwrap();
        let terminal = rustix::fs::open(
            name.as_c_str(),
            OFlags::RDWR | OFlags::NOCTTY | OFlags::CLOEXEC,
            Mode::empty(),
        )
        .unwrap();
        let size = rustix::termios::Winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        rustix::termios::tcsetwinsize(&terminal, size).unwrap();
        Pty {
            master: std::fs::File::from(master),
            terminal,
            screen: Vec::new(),
        }
    }

    /// `fleetcheck ARGS` in `dir` with the terminal as its standard input,
    /// output and error.
    pub fn spawn(&self, dir: &Path, args: &[&str]) -> std::process::Child {
        let side = || std::process::Stdio::from(self.terminal.try_clone().unwrap());
        std::process::Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
            .current_dir(dir)
            .env("FLEETCHECK_TODAY", TODAY)
            .env_remove("FLEETCHECK_COLLECTION")
            .env("TERM", "xterm")
            .args(args)
            .stdin(side())
            .stdout(side())
            .stderr(side())
            .spawn()
            .unwrap()
    }

    /// Reads the screen until `text` is on it; panics with the screen if
    /// `child` ends first.
    pub fn wait_for(&mut self, child: &mut std::process::Child, text: &str) {
        use std::io::Read;
        let mut buf = [0u8; 4096];
        while !String::from_utf8_lossy(&self.screen).contains(text) {
            let mut fds = [rustix::event::PollFd::new(
                &self.master,
                rustix::event::PollFlags::IN,
            )];
            // Polled in steps, to notice a child that ended without it.
            let step = rustix::event::Timespec {
                tv_sec: 0,
                tv_nsec: 100_000_000,
            };
            if rustix::event::poll(&mut fds, Some(&step)).unwrap() == 0 {
                if let Some(status) = child.try_wait().unwrap() {
                    panic!(
                        "ended ({status}) before {text:?} was on the screen:\n{}",
                        String::from_utf8_lossy(&self.screen)
                    );
                }
                continue;
            }
            let n = self.master.read(&mut buf).unwrap();
            self.screen.extend_from_slice(&buf[..n]);
        }
    }

    /// Types `keys`.
    pub fn type_keys(&mut self, keys: &[u8]) {
        use std::io::Write;
        self.master.write_all(keys).unwrap();
        self.master.flush().unwrap();
    }

    /// Closes the terminal side and reads the rest of the screen, up to
    /// its end (the child has ended: nothing holds the terminal open).
    pub fn rest(self) -> Vec<u8> {
        use std::io::Read;
        let Pty {
            mut master,
            terminal,
            mut screen,
        } = self;
        drop(terminal);
        let mut buf = [0u8; 4096];
        // Linux says EIO once the terminal side is closed and read out.
        while let Ok(n @ 1..) = master.read(&mut buf) {
            screen.extend_from_slice(&buf[..n]);
        }
        screen
    }
}
