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

    /// `shutdown`, `exit`, and the server's end (exit code 0).
    fn shut_down(mut self) {
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
    // The file names most cards by id: the id, with the name in a comment
    // (as `fix` writes it), in place of the string and its comma.
    assert_eq!(
        cloak["textEdit"]["newText"],
        "{ id = \"T240\" },  # Cloaking Device (U.S.S. Defiant)"
    );
    assert_eq!(cloak["textEdit"]["range"]["start"], pos(8, 2));
    assert_eq!(cloak["textEdit"]["range"]["end"], pos(8, 20));

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
fn a_document_of_1_mib_is_checked_like_a_small_one_and_a_larger_refused_as_check_refuses_it() {
    let mut c = Client::start();
    let small = fleet("Cloaking Devise");
    let mut big = small.clone();
    let line = "# a comment line to make the file 1 MiB long\n";
    while big.len() + line.len() <= 1 << 20 {
        big.push_str(line);
    }
    big.push_str(&"#".repeat((1 << 20) - 1 - big.len()));
    big.push('\n');
    assert_eq!(big.len(), 1 << 20);
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
    // One byte more: what `check` says of that file, and nothing else.
    big.push('\n');
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3}, "contentChanges": [{"text": big}]}),
    );
    let d3 = c.diagnostics();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.toml");
    std::fs::write(&file, &big).unwrap();
    let checked = Command::new(assert_cmd::cargo::cargo_bin("fleetcheck"))
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(checked.status.code(), Some(2));
    let shown =
        String::from_utf8(checked.stdout).unwrap() + &String::from_utf8(checked.stderr).unwrap();
    assert!(
        shown.contains("is 1048577 bytes; files are limited to 1048576 bytes (1 MiB)"),
        "{shown}"
    );
    let d = d3["diagnostics"].as_array().unwrap();
    assert_eq!(d.len(), 1, "{d3:#}");
    assert_eq!(d[0]["code"], "too-large");
    let message = d[0]["message"].as_str().unwrap();
    assert!(
        message.ends_with(" is 1048577 bytes; files are limited to 1048576 bytes (1 MiB)"),
        "{message}"
    );
    let h = c.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": pos(0, 2)}),
    );
    assert_eq!(h["result"], Value::Null);
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
    c.shut_down();
}

/// The first `n` items of a completion at (line, character) of `text`
/// (opened as `uri`): label, detail, the text inserted.
fn complete(
    c: &mut Client,
    uri: &str,
    text: &str,
    line: u32,
    character: u32,
    n: usize,
) -> Vec<[String; 3]> {
    open(c, uri, text);
    let done = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": pos(line, character)}),
    );
    let s = |v: &Value| v.as_str().unwrap_or("").to_string();
    done["result"]["items"]
        .as_array()
        .unwrap_or_else(|| panic!("{done:#?}"))
        .iter()
        .take(n)
        .map(|i| {
            [
                s(&i["label"]),
                s(&i["detail"]),
                s(&i["textEdit"]["newText"]),
            ]
        })
        .collect()
}

fn items(v: &[[&str; 3]]) -> Vec<[String; 3]> {
    v.iter().map(|i| i.map(str::to_string)).collect()
}

#[test]
fn completion_offers_the_cards_of_each_place_in_the_files_form() {
    let mut c = Client::start();
    let uri = "file:///fleets/names.toml";
    // A file that names its cards: names are inserted.
    let names = "name = \"Names\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\nupgrades = [\"Cloaking Device\", \"\"]\n";
    assert_eq!(
        complete(&mut c, uri, names, 4, 32, 3),
        items(&[
            [
                "Borg Support Vehicle Token (Q008)",
                "-10 SP there",
                "Borg Support Vehicle Token"
            ],
            ["Tuesday (Crew) (C483)", "0 SP there", "Tuesday (Crew)"],
            ["Tuesday (Weapon) (W251)", "0 SP there", "Tuesday (Weapon)"],
        ])
    );
    // What is typed narrows the list; a penalty is said.
    let quantum = "name = \"Names\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\nupgrades = [\"Cloaking Device\", \"Quantum\"]\n";
    assert_eq!(
        complete(&mut c, uri, quantum, 4, 39, 5),
        items(&[
            // The name names five cards: the id, the card in a comment.
            [
                "Quantum Torpedoes (W226)",
                "3 SP there",
                "{ id = \"W226\" }]  # Quantum Torpedoes (Ships of the Line)"
            ],
            [
                "Quantum Torpedoes (W008)",
                "6 SP there",
                "{ id = \"W008\" }]  # Quantum Torpedoes (U.S.S. Thunderchild)"
            ],
            [
                "Quantum Torpedoes (W161)",
                "4 SP there, with a penalty",
                "{ id = \"W161\" }]  # Quantum Torpedoes (Dreadnought)"
            ],
            [
                "Quantum Torpedoes (W069)",
                "7 SP there, with a penalty",
                "{ id = \"W069\" }]  # Quantum Torpedoes (Assimilation Target Prime)"
            ],
            [
                "Quantum Torpedoes (W132)",
                "7 SP there, with a penalty",
                "{ id = \"W132\" }]  # Quantum Torpedoes (Dreadnought)"
            ],
        ])
    );
    // A card that would break a rule there comes after those that fit.
    let voyager =
        "name = \"Names\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\nupgrades = [\"Ablative\"]\n";
    assert_eq!(
        complete(&mut c, uri, voyager, 4, 21, 3),
        items(&[
            ["Ablative Armor (T271)", "2 SP there", "Ablative Armor"],
            [
                "Ablative Hull Armor (T277)",
                "6 SP there, breaks a rule there",
                "{ id = \"T277\" }]  # Ablative Hull Armor (Ships of the Line)"
            ],
            [
                "Ablative Hull Armor (T047)",
                "7 SP there, breaks a rule there",
                "{ id = \"T047\" }]  # Ablative Hull Armor (USS Prometheus)"
            ],
        ])
    );
    // Inside `id = "…"`: the cards whose id starts with what is typed,
    // the id written with the name in a comment.
    let by_id = "[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = { id = \"Cap63\" }\n";
    assert_eq!(
        complete(&mut c, uri, by_id, 2, 23, 3),
        items(&[
            [
                "Benjamin Sisko (Cap639)",
                "4 SP there",
                "Cap639\" }  # Benjamin Sisko (U.S.S. Defiant)"
            ],
            [
                "Hikaru Sulu (Cap636)",
                "4 SP there",
                "Cap636\" }  # Hikaru Sulu (U.S.S. Excelsior)"
            ],
            [
                "Mr. Spock (Cap631)",
                "4 SP there",
                "Cap631\" }  # Mr. Spock (U.S.S. Enterprise (Refit))"
            ],
        ])
    );
    // A ship's captain.
    let captain = "[[ship]]\nship = \"U.S.S. Defiant\"\ncaptain = \"\"\n";
    assert_eq!(
        complete(&mut c, uri, captain, 2, 11, 3),
        items(&[
            ["Bajoran (Cap112)", "0 SP there", "Bajoran"],
            ["Dominion (Cap106)", "0 SP there", "Dominion"],
            ["Drone (Cap107)", "0 SP there", "Drone"],
        ])
    );
    // The ship card: by printed cost, what is typed narrowing the list.
    let ship = "[[ship]]\nship = \"U.S.S. Def\"\n";
    assert_eq!(
        complete(&mut c, uri, ship, 1, 18, 3),
        items(&[
            [
                "U.S.S. Defiant NCC-1764 (S258)",
                "22 SP there",
                "U.S.S. Defiant NCC-1764"
            ],
            ["U.S.S. Defiant (S180)", "24 SP there", "U.S.S. Defiant"],
        ])
    );
    // The fleet's resource, priced in the fleet.
    let resource = "resource = \"\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\n";
    assert_eq!(
        complete(&mut c, uri, resource, 0, 12, 3),
        items(&[
            ["Officer Cards (R011)", "0 SP there", "Officer Cards"],
            [
                "Officer Exchange Program (R015)",
                "0 SP there",
                "Officer Exchange Program"
            ],
            ["Senior Staff (R036)", "0 SP there", "Senior Staff"],
        ])
    );
    // A resource retired at the fleet's date breaks a rule there.
    let retired = "format = \"tournament-2016\"\nas_of = 2016-06-30\nresource = \"Reinf\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\n";
    assert_eq!(
        complete(&mut c, uri, retired, 2, 17, 3),
        items(&[[
            "Reinforcements Sideboard (R003)",
            "10 SP there, breaks a rule there",
            "Reinforcements Sideboard",
        ]])
    );
    // A sideboard section.
    let sideboard = "resource = \"Reinforcements Sideboard\"\n\n[[ship]]\nship = \"U.S.S. Defiant\"\n\n[sideboard]\ntech = \"\"\n";
    assert_eq!(
        complete(&mut c, uri, sideboard, 6, 8, 3),
        items(&[
            ["Tuesday (Tech) (T312)", "0 SP there", "Tuesday (Tech)"],
            ["Cargo Hold (T013)", "1 SP there", "Cargo Hold"],
            [
                "Escape Pod (T045)",
                "1 SP there",
                "{ id = \"T045\" }  # Escape Pod (Azati Prime)"
            ],
        ])
    );
    // The values of `format` and of a reference's `faction`.
    let format = "format = \"tour\"\n";
    assert_eq!(
        complete(&mut c, uri, format, 0, 14, 3),
        items(&[
            [
                "tournament-2016",
                "WizKids tournament format (revised 2016-05-31) (130 SP)",
                "tournament-2016"
            ],
            [
                "tournament-2014",
                "WizKids tournament format (2014 FAQ era) (120 SP)",
                "tournament-2014"
            ],
        ])
    );
    let faction = "[[ship]]\nship = \"U.S.S. Defiant\"\nupgrades = [{ name = \"Cloaking Device\", faction = \"dom\" }]\n";
    assert_eq!(
        complete(&mut c, uri, faction, 2, 54, 3),
        items(&[["dominion", "Dominion", "dominion"]])
    );
    // The keys of a [[ship]] that it does not have yet.
    let keys = "[[ship]]\nship = \"U.S.S. Defiant\"\na\n";
    assert_eq!(
        complete(&mut c, uri, keys, 2, 1, 3),
        items(&[
            ["admiral", "a key of a [[ship]]", "admiral = "],
            ["ambassador", "a key of a [[ship]]", "ambassador = "],
        ])
    );
    c.shut_down();
}

#[test]
fn a_collection_file_gets_the_problems_of_its_reader() {
    let mut c = Client::start();
    let uri = "file:///fleets/my.collection.toml";
    let d = open(
        &mut c,
        uri,
        "[sets]\n\"Starter Sett\" = 1\n\n[cards]\nW122 = 0\n",
    );
    let got: Vec<(String, String, Value, String)> = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |v: &Value| v.as_str().unwrap().to_string();
            (
                s(&d["code"]),
                s(&d["message"]),
                d["range"]["start"].clone(),
                d["severity"].to_string(),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "unknown-set".to_string(),
                "`sets`: no expansion has the id or name \"Starter Sett\"\n\
                 did you mean \"Starter Set\" (71120)?"
                    .to_string(),
                pos(1, 0),
                "1".to_string()
            ),
            (
                "shape".to_string(),
                "`cards`: the copies of \"W122\" must be a whole number from 1 to 1000, found 0\n\
                 write how many you own, e.g. 1 (leave out what you do not own)"
                    .to_string(),
                pos(4, 7),
                "1".to_string()
            ),
        ]
    );
    // Fixed, it has none.
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "[sets]\n\"Starter Set\" = 1\n"}]}),
    );
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.shut_down();
}

/// An X-Wing file naming its deck file (`deck = { file = "…" }`, the one
/// reference of a file to another in the formats) is checked with it, as
/// `check` checks it: the deck file's problem is shown where the file names
/// it, and its place in the deck file is the related information.
#[test]
fn a_file_naming_a_deck_file_is_checked_with_it() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fleets/xwing");
    let path = format!("{dir}/invalid-shape--deck-file.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut c = Client::start();
    let uri = format!("file://{path}");
    let d = open(&mut c, &uri, &text);
    let diags = d["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{diags:#?}");
    let d = &diags[0];
    assert_eq!(d["code"], "shape");
    assert_eq!(
        d["message"],
        format!(
            "{dir}/decks/size-mismatch.toml: `size` is 34, but the copies of the 14 cards add up to 33\n\
             `size` is the number of cards in the deck: the sum of every card's `copies`\n\
             the deck file is named at {path}:7:17"
        )
    );
    assert_eq!(d["range"], json!({"start": pos(6, 16), "end": pos(6, 42)}));
    let there = &d["relatedInformation"][0]["location"];
    assert_eq!(
        there["uri"],
        format!("file://{dir}/decks/size-mismatch.toml")
    );
    assert_eq!(
        there["range"],
        json!({"start": pos(8, 7), "end": pos(8, 9)})
    );
    // The deck file opened in the editor and fixed there (not on disk):
    // the file naming it is checked with the editor's text and published
    // again: read without an input error, its rules are checked (its
    // inventory holds none of the deck's 12 cards); closed, the file on
    // disk counts again.
    let deck_uri = format!("file://{dir}/decks/size-mismatch.toml");
    let deck = std::fs::read_to_string(format!("{dir}/decks/size-mismatch.toml")).unwrap();
    let fixed = deck.replace("size = 34", "size = 33");
    assert_ne!(fixed, deck);
    let opened = open(&mut c, &deck_uri, &deck);
    assert_eq!(opened["uri"], deck_uri);
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": deck_uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    let deck_now = c.diagnostics();
    assert_eq!(deck_now["uri"], deck_uri);
    assert_eq!(deck_now["diagnostics"], json!([]));
    let naming = c.diagnostics();
    assert_eq!(naming["uri"], uri);
    let found = naming["diagnostics"].as_array().unwrap();
    assert_eq!(found.len(), 12, "{naming:#}");
    assert!(
        found.iter().all(|d| d["code"] == "missing-card"),
        "{naming:#}"
    );
    assert_eq!(
        found[0]["message"],
        "card 1 Panicked Pilot: 0 of 2 copies in the inventory, 2 missing"
    );
    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": deck_uri}}),
    );
    assert_eq!(c.diagnostics()["uri"], deck_uri);
    let again = c.diagnostics();
    assert_eq!(again["uri"], uri);
    assert_eq!(
        again["diagnostics"].as_array().unwrap().len(),
        1,
        "{again:#}"
    );
    assert_eq!(again["diagnostics"][0]["message"], d["message"]);
    c.shut_down();
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
