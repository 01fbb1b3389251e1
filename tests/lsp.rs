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
    /// The server started, not initialized.
    fn spawn() -> Client {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
            .arg("lsp")
            .env("FLEETCHECK_TODAY", "2026-01-01")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Client {
            child,
            stdin,
            stdout,
            next: 0,
        }
    }

    /// The server started and initialized.
    fn start() -> Client {
        let mut c = Client::spawn();
        let init = c.request("initialize", json!({"capabilities": {}}));
        assert_eq!(init["result"]["serverInfo"]["name"], "fleetcheck");
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: Value) {
        let body = v.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// Bytes as they are, framed or not.
    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Closes stdin (after `exit`, or a client going away) and waits: the
    /// exit code, and stderr, which shows no panic.
    fn finish(self) -> i32 {
        drop(self.stdin);
        let out = self.child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{stderr}");
        out.status.code().expect("an exit, not a signal")
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
    assert!(
        value.starts_with("**Quantum Torpedoes** `W107`: upgrade (weapon)"),
        "{value}"
    );
    assert!(value.contains("On the U.S.S. Defiant: **"), "{value}");

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
    assert_eq!(c.finish(), 0);
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
    assert_eq!(c.finish(), 0);
}

/// An error response as the server writes it.
fn error(id: Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

#[test]
fn frames_that_are_no_message_are_answered_and_the_server_goes_on() {
    let mut c = Client::start();
    // Not JSON, not UTF-8: a parse error, id null.
    c.send_raw(frame("{not json").as_bytes());
    assert_eq!(
        c.read(),
        error(
            Value::Null,
            -32700,
            "the message is not JSON: key must be a string at line 1 column 2"
        )
    );
    c.send_raw(b"Content-Length: 2\r\n\r\n\xff{");
    assert_eq!(
        c.read(),
        error(
            Value::Null,
            -32700,
            "the message is not UTF-8 (at byte 0 of its body)"
        )
    );
    // JSON, but no message: an invalid request, with its id if it has one.
    c.send_raw(frame("[1,2]").as_bytes());
    assert_eq!(
        c.read(),
        error(
            Value::Null,
            -32600,
            "the message is a batch (an array); the protocol sends one message a frame"
        )
    );
    c.send_raw(frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#).as_bytes());
    assert_eq!(
        c.read(),
        error(
            json!(7),
            -32600,
            "the message is not a valid request: invalid type: integer `5`, expected a string"
        )
    );
    // Headers that cannot be read: answered at once; the next frame is
    // the next `Content-Length`, wherever it starts (here glued to the
    // body of unknown length).
    let hover = |c: &mut Client| {
        c.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": pos(0, 0)}),
        )
    };
    c.send_raw(b"Content-Length: twelve\r\n\r\n{\"jsonrpc\":\"2.0\"}");
    assert_eq!(
        c.read(),
        error(
            Value::Null,
            -32700,
            "a Content-Length that is not a number of bytes: \"twelve\""
        )
    );
    assert_eq!(
        hover(&mut c),
        json!({"jsonrpc": "2.0", "id": 2, "result": null})
    );
    c.send_raw(b"Content-Type: application/json\r\n\r\n{}");
    assert_eq!(
        c.read(),
        error(
            Value::Null,
            -32700,
            "a message without a Content-Length header"
        )
    );
    assert_eq!(
        hover(&mut c),
        json!({"jsonrpc": "2.0", "id": 3, "result": null})
    );
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 0);
}

#[test]
fn wrong_parameters_and_unknown_methods_are_answered() {
    let mut c = Client::start();
    let bad = c.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(
        bad,
        error(
            json!(2),
            -32602,
            "invalid parameters of textDocument/hover: missing field `textDocument`"
        )
    );
    let unknown = c.request("fleetcheck/nothing", json!({}));
    assert_eq!(
        unknown,
        error(json!(3), -32601, "unknown method fleetcheck/nothing")
    );
    let again = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(
        again,
        error(
            json!(4),
            -32600,
            "initialize again: the server is initialized already"
        )
    );
    // A notification has no answer: wrong parameters are logged to the
    // client, an unknown one is ignored.
    c.notify("textDocument/didOpen", json!({"textDocument": 5}));
    assert_eq!(
        c.read(),
        json!({"jsonrpc": "2.0", "method": "window/logMessage", "params": {
            "type": 1,
            "message": "fleetcheck: invalid parameters of textDocument/didOpen: invalid type: integer `5`, expected struct TextDocumentItem"
        }})
    );
    c.notify("fleetcheck/nothing", json!({}));
    c.notify("$/cancelRequest", json!({"id": 1}));
    // The next message is the answer to shutdown: nothing came between.
    c.send(json!({"jsonrpc": "2.0", "id": 100, "method": "shutdown"}));
    assert_eq!(
        c.read(),
        json!({"jsonrpc": "2.0", "id": 100, "result": null})
    );
    // After shutdown: requests are invalid, exit is 0.
    let late = c.request("textDocument/hover", json!({}));
    assert_eq!(
        late,
        error(
            json!(5),
            -32600,
            "textDocument/hover after shutdown: only exit is expected now"
        )
    );
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 0);
}

#[test]
fn before_initialize_requests_are_refused_and_notifications_dropped() {
    let mut c = Client::spawn();
    let early = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(0, 0)}),
    );
    assert_eq!(
        early,
        error(
            json!(1),
            -32002,
            "textDocument/hover before initialize: the server is not initialized yet"
        )
    );
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "toml", "version": 1, "text": fleet("Cloaking Devise")}}),
    );
    let init = c.request("initialize", json!({"capabilities": {}}));
    assert_eq!(init["id"], 2, "{init}");
    // The dropped didOpen: nothing is open, nothing was published.
    c.send(
        json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": URI}, "position": pos(7, 6)}}),
    );
    assert_eq!(c.read(), json!({"jsonrpc": "2.0", "id": 3, "result": null}));
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 1, "exit before shutdown");
}

#[test]
fn exit_without_shutdown_is_exit_code_1() {
    let mut c = Client::start();
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 1);
    // Before initialize too.
    let mut c = Client::spawn();
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 1);
}

#[test]
fn a_client_that_goes_away_ends_the_server() {
    // Closed stdin, at a frame's boundary or inside one: the server ends,
    // 1 as if it had been told `exit` before `shutdown`.
    let mut c = Client::start();
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "toml", "version": 1, "text": fleet("Cloaking Devise")}}),
    );
    c.diagnostics();
    assert_eq!(c.finish(), 1);
    let mut c = Client::start();
    c.send_raw(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"");
    assert_eq!(c.finish(), 1);
    // After shutdown: 0.
    let mut c = Client::start();
    c.request("shutdown", Value::Null);
    assert_eq!(c.finish(), 0);
}

#[test]
fn a_document_of_1_mib_is_checked_like_a_small_one() {
    let mut c = Client::start();
    let small = fleet("Cloaking Devise");
    let mut big = small.clone();
    while big.len() < 1 << 20 {
        big.push_str("# a comment line to make the file 1 MiB long\n");
    }
    for (v, text) in [(1, &small), (2, &big)] {
        c.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": v}, "contentChanges": [{"text": text}]}),
        );
    }
    // didChange of a document never opened: it is opened.
    let d1 = c.diagnostics();
    let d2 = c.diagnostics();
    assert_eq!(d2["version"], 2);
    assert_eq!(d1["diagnostics"], d2["diagnostics"]);
    assert_eq!(d2["diagnostics"][0]["code"], "unknown-card", "{d2:#}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert_eq!(c.finish(), 0);
}

/// The same server on a connection in memory (`fleetcheck_lsp::serve`):
/// the session's states and its end.
#[test]
fn a_session_in_memory_ends_as_the_protocol_says() {
    use lsp_server::{Connection, Message, Notification, Request, RequestId};
    let db = fleetcheck_data::Database::embedded().unwrap();
    let opts = fleetcheck_staw::CheckOptions {
        today: "2026-01-01".to_string(),
        ..Default::default()
    };
    let run = |msgs: Vec<Message>| {
        let (server, client) = Connection::memory();
        for m in msgs {
            client.sender.send(m).unwrap();
        }
        drop(client.sender);
        let session = fleetcheck_lsp::serve(&db, opts.clone(), server).unwrap();
        let answers: Vec<Value> = client
            .receiver
            .try_iter()
            .map(|m| serde_json::to_value(m).unwrap())
            .collect();
        (session.exit_code, session.caught_panics, answers)
    };
    let req = |id: i32, method: &str| {
        Message::from(Request::new(
            RequestId::from(id),
            method.into(),
            json!({"capabilities": {}}),
        ))
    };
    let exit = || Message::from(Notification::new("exit".into(), Value::Null));
    let (code, panics, answers) = run(vec![req(1, "initialize"), req(2, "shutdown"), exit()]);
    assert_eq!((code, panics), (0, vec![]));
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[1], json!({"id": 2, "result": null}));
    let (code, _, answers) = run(vec![req(1, "shutdown"), req(2, "initialize"), exit()]);
    assert_eq!(code, 1);
    assert_eq!(answers[0]["error"]["code"], -32002);
    assert_eq!(answers[1]["result"]["serverInfo"]["name"], "fleetcheck");
    // The client's end dropped without exit.
    let (code, _, _) = run(vec![req(1, "initialize")]);
    assert_eq!(code, 1);
    let (code, _, _) = run(vec![req(1, "initialize"), req(2, "shutdown")]);
    assert_eq!(code, 0);
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
