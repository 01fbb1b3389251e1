//! `fleetcheck lsp` driven as an editor drives it: the real binary, JSON-RPC
//! with Content-Length framing on its stdin and stdout.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
            .arg("lsp")
            .env("FLEETCHECK_TODAY", "2026-01-01")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut c = Client {
            child,
            stdin,
            stdout,
            next: 0,
        };
        let init = c.request("initialize", json!({"capabilities": {}}));
        assert_eq!(init["result"]["serverInfo"]["name"], "fleetcheck");
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut len = 0;
        loop {
            let mut line = String::new();
            self.stdout.read_line(&mut line).unwrap();
            let line = line.trim();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                len = n.parse().unwrap();
            }
        }
        let mut body = vec![0; len];
        self.stdout.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let v = self.read();
            if v["id"] == id {
                return v;
            }
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// `shutdown`, `exit`, and the server's end (exit code 0).
    fn finish(mut self) {
        let shut = self.request("shutdown", Value::Null);
        assert_eq!(shut["result"], Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
    }

    /// The next diagnostics published.
    fn diagnostics(&mut self) -> Value {
        loop {
            let v = self.read();
            if v["method"] == "textDocument/publishDiagnostics" {
                return v["params"].clone();
            }
        }
    }
}

const URI: &str = "file:///fleets/defiant.toml";

fn fleet(upgrade: &str) -> String {
    format!(
        "name = \"Defiant\"\nformat = \"standard\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = {{ id = \"Cap639\" }}\nupgrades = [\n  {{ id = \"W107\" }},\n  \"{upgrade}\",\n]\n"
    )
}

fn pos(line: u32, character: u32) -> Value {
    json!({"line": line, "character": character})
}

#[test]
fn a_client_session_checks_hovers_completes_and_fixes() {
    let mut c = Client::start();
    let text = fleet("Cloaking Devise");
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "toml", "version": 1, "text": text}}),
    );
    let d = c.diagnostics();
    assert_eq!(d["version"], 1);
    let diags = d["diagnostics"].as_array().unwrap();
    let unknown: Vec<&Value> = diags
        .iter()
        .filter(|d| d["code"] == "unknown-card")
        .collect();
    assert_eq!(unknown.len(), 1, "{diags:#?}");
    let typo = unknown[0];
    assert_eq!(typo["severity"], 1);
    assert_eq!(typo["source"], "fleetcheck");
    assert_eq!(typo["range"]["start"], pos(8, 2));
    assert_eq!(typo["range"]["end"], pos(8, 19));

    // Its fix: a quick fix replacing the typo.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": typo["range"], "context": {"diagnostics": [typo]}}),
    );
    let actions = actions["result"].as_array().unwrap().clone();
    let fix = actions
        .iter()
        .find(|a| a["kind"] == "quickfix")
        .expect("a quick fix");
    let edit = &fix["edit"]["changes"][URI][0];
    assert_eq!(edit["range"], typo["range"]);
    assert_eq!(edit["newText"], "\"Cloaking Device\"");

    // The edit made: the diagnostic is gone.
    let fixed = fleet("Cloaking Device");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    let d = c.diagnostics();
    assert_eq!(d["version"], 2);
    assert!(
        !d["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["code"] == "unknown-card"),
        "{d:#?}"
    );

    // Resolved now: the source action writes ids for the names.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": pos(0, 0), "end": pos(0, 0)}, "context": {"diagnostics": []}}),
    );
    let ids = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "source" && a["title"] == "Write ids for all names")
        .expect("the source action")
        .clone();
    let new_text = ids["edit"]["changes"][URI][0]["newText"].as_str().unwrap();
    assert!(new_text.contains("{ id = \"T240\" }"), "{new_text}");
    assert!(!new_text.contains("\"Cloaking Device\""), "{new_text}");

    // Hover on the Quantum Torpedoes: its cost on the U.S.S. Defiant.
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(7, 6)}),
    );
    let value = h["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        value,
        "**Quantum Torpedoes** `W107`: upgrade (weapon)\n\n\
         Factions: Federation\n\n\
         Base cost: 6 SP\n\n\
         On the U.S.S. Defiant: **6 SP**\n\n\
         Sets: U.S.S. Defiant (71268), U.S.S. Defiant (Repaint) (72282), \
         U.S.S. Enterprise-E (71531), U.S.S. Enterprise-E (Repaint) (72271)\n\n\
         Fleet-building rules: none"
    );
    assert_eq!(h["result"]["range"]["start"], pos(7, 2));
    assert_eq!(h["result"]["range"]["end"], pos(7, 17));

    // Completion inside the upgrade string: the penalty-free Cloaking
    // Device T240 among the first items.
    let done = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": URI}, "position": pos(8, 5)}),
    );
    let items = done["result"]["items"].as_array().unwrap();
    let first: Vec<&Value> = items.iter().take(10).collect();
    let cloak = first
        .iter()
        .find(|i| i["label"] == "Cloaking Device (T240)")
        .unwrap_or_else(|| panic!("{first:#?}"));
    assert_eq!(cloak["detail"], "4 SP there", "{first:#?}");
    assert_eq!(cloak["textEdit"]["newText"], "Cloaking Device");

    // An unknown method is an error, not the end.
    let unknown = c.request("fleetcheck/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601);

    let shut = c.request("shutdown", Value::Null);
    assert_eq!(shut["result"], Value::Null);
    c.notify("exit", Value::Null);
    drop(c.stdin);
    assert!(c.child.wait().unwrap().success());
}

#[test]
fn garbage_and_a_large_document_break_nothing() {
    let mut c = Client::start();
    let garbage: String = (0..(1 << 20))
        .map(|i| ['[', '"', '=', '\n', 'é'][i % 5])
        .collect();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "toml", "version": 1, "text": garbage}}),
    );
    let d = c.diagnostics();
    assert!(!d["diagnostics"].as_array().unwrap().is_empty());
    let bad = c.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad["error"]["code"], -32602);
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(3, 999)}),
    );
    assert_eq!(h["result"], Value::Null);
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    drop(c.stdin);
    assert!(c.child.wait().unwrap().success());
}

fn hover_text(c: &mut Client, uri: &str, line: u32, character: u32) -> String {
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    );
    h["result"]["contents"]["value"]
        .as_str()
        .unwrap_or_else(|| panic!("{h:#?}"))
        .to_string()
}

fn open(c: &mut Client, uri: &str, text: &str) -> Value {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "toml", "version": 1, "text": text}}),
    );
    c.diagnostics()
}

#[test]
fn hover_on_a_ship_a_penalised_card_and_the_fleet_name() {
    let mut c = Client::start();
    open(&mut c, URI, &fleet("Cloaking Device"));
    // The ship: its total with its cards and the slots left.
    assert_eq!(
        hover_text(&mut c, URI, 4, 10),
        "**U.S.S. Defiant** `S180`: ship\n\n\
         Factions: Federation\n\n\
         Base cost: 24 SP\n\n\
         Ship 1: **38 SP** with its cards (the ship 24 SP)\n\n\
         Slots: tech 0 of 1 free, weapon 1 of 2 free, crew 2 of 2 free, talent 1 of 1 free\n\n\
         Sets: U.S.S. Defiant (71268), U.S.S. Defiant (Repaint) (72282)\n\n\
         Fleet-building rules: none"
    );
    // The fleet's name: the total against the cap.
    assert_eq!(
        hover_text(&mut c, URI, 0, 3),
        "Fleet total: **38 SP** of 100 SP (62 SP left)"
    );

    // The Defiant's own Cloaking Device on another ship: its ship penalty
    // as `price` names it, and its rule in words.
    let other = "file:///fleets/other.toml";
    let text = "name = \"Other\"\n\n[[ship]]\nship = { id = \"S207\" }\ncaptain = \"Cap639\"\nupgrades = [{ id = \"T240\" }, \"W107\"]\n";
    open(&mut c, other, text);
    assert_eq!(
        hover_text(&mut c, other, 5, 15),
        "**Cloaking Device** `T240`: upgrade (tech)\n\n\
         Factions: Federation\n\n\
         Base cost: 4 SP\n\n\
         On the U.S.S. Enterprise-D: **9 SP**\n\
         - ship-penalty +5: Cloaking Device (T240): +5 SP unless on the U.S.S. Defiant\n\n\
         Sets: U.S.S. Defiant (71268), U.S.S. Defiant (Repaint) (72282)\n\n\
         Fleet-building rules:\n\
         - +5 SP on any ship other than the U.S.S. Defiant"
    );
    c.finish();
}

/// A real editor: Neovim headless (`.ci/run` installs it) opens a fleet
/// with the server set up as docs/lsp.md says and prints the diagnostics it
/// received. Of the browser tier: `cargo test -- --ignored`.
#[test]
#[ignore = "needs Neovim: the browser tier of .ci/run"]
fn nvim_shows_the_diagnostics() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("defiant.toml");
    std::fs::write(&path, fleet("Cloaking Devise")).unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/editor/diagnostics.lua");
    let out = Command::new("nvim")
        .args(["--headless", "--clean", "-n"])
        .arg(&path)
        .args(["-c", &format!("luafile {script}")])
        .current_dir(dir.path())
        .env("FLEETCHECK_BIN", assert_cmd::cargo::cargo_bin("fleetcheck"))
        .env("FLEETCHECK_TODAY", "2026-01-01")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{printed}");
    let unknown: Vec<&str> = printed
        .lines()
        .filter(|l| l.contains("unknown-card"))
        .collect();
    assert_eq!(unknown.len(), 1, "{printed}");
    assert!(
        unknown[0].starts_with("8:2 error unknown-card "),
        "{printed}"
    );
}
