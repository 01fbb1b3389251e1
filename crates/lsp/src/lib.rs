//! `fleetcheck lsp`: a Language Server Protocol server over stdio for
//! fleet files (every game), event files and (once its reader lands)
//! collection files. One thread, a blocking loop over the messages, no
//! async runtime; the messages are `lsp-server`'s, the framing on a byte
//! stream our own (`stream`: a frame that cannot be read is answered and
//! the server reads on, where `lsp-server`'s reader ends the connection).
//! docs/lsp.md is the user's page.
//!
//! The life of a session (`State`): requests before `initialize` are
//! `ServerNotInitialized`, requests after `shutdown` `InvalidRequest`;
//! `exit` ends it with exit code 0 after `shutdown`, 1 before (as the
//! protocol says), and so does the end of the input. Every request and
//! notification runs under `catch_unwind`: a panic is that request's
//! error (`InternalError`; a notification's: an error logged to the
//! client), it is counted in the [`Session`], and the server goes on. An
//! unknown method is `MethodNotFound`, bad parameters `InvalidParams` (of a
//! notification: logged to the client); unknown notifications are
//! ignored.

mod completion;
mod document;
mod features;
mod lines;
mod stream;

use document::Document;
use fleetcheck_data::Database;
use fleetcheck_input::tree::Open;
use fleetcheck_staw::CheckOptions;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::{self as n, Notification as _};
use lsp_types::request::{self as r, Request as _};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A failure of the connection itself (not of a request): the output
/// cannot be written.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// How a session ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// 0 after `shutdown` then `exit` (or the end of the input), else 1.
    pub exit_code: i32,
    /// The panics caught (each answered as its request's error): each is
    /// a bug, and fails the fuzz target and its corpus' replay.
    pub caught_panics: Vec<String>,
}

/// Serves on standard input and output until the client says `exit` or
/// closes its end. A completion list prices its cards on up to `workers`
/// threads (the caller knows the machine's cores).
pub fn serve_stdio(db: &Database, opts: CheckOptions, workers: usize) -> Result<Session, Error> {
    let stdout = std::io::stdout();
    let mut server = Server::new(db, opts);
    server.workers = workers;
    std::thread::scope(|s| {
        // A completion list reads every card of the database: with a core
        // to spare, they are decoded at the start, beside the session,
        // rather than by the first list a player asks for.
        if workers > 1 {
            s.spawn(|| db.cards.iter().count());
        }
        serve_on(
            server,
            std::io::stdin().lock(),
            std::io::BufWriter::new(stdout.lock()),
        )
    })
}

/// Serves on a byte stream (`Content-Length` frames, as on standard input
/// and output; the fuzz target hands it arbitrary bytes) until `exit` or
/// the end of `input`.
pub fn serve_stream(
    db: &Database,
    opts: CheckOptions,
    input: impl BufRead,
    output: impl Write,
) -> Result<Session, Error> {
    serve_on(Server::new(db, opts), input, output)
}

/// `server` on a byte stream, as [`serve_stream`] says.
fn serve_on(
    mut server: Server<'_>,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<Session, Error> {
    let mut frames = stream::Reader::new(input);
    let mut out = Vec::new();
    while let Some(frame) = frames.next_frame() {
        let exit = match frame {
            stream::Frame::Message(msg) => server.handle(msg, &mut out),
            stream::Frame::Bad { id, code, message } => {
                stream::write(&mut output, stream::error_response(id, code, message))?;
                None
            }
        };
        for msg in out.drain(..) {
            stream::write_message(&mut output, &msg)?;
        }
        if let Some(code) = exit {
            return Ok(server.end(code));
        }
    }
    // The client went away without `exit`: as if it had said it.
    let code = server.exit_code();
    Ok(server.end(code))
}

/// Serves on a connection of messages (`Connection::memory` in tests)
/// until `exit` or the client's end of it is dropped.
pub fn serve(db: &Database, opts: CheckOptions, conn: Connection) -> Result<Session, Error> {
    let mut server = Server::new(db, opts);
    let mut out = Vec::new();
    for msg in &conn.receiver {
        let exit = server.handle(msg, &mut out);
        for msg in out.drain(..) {
            conn.sender.send(msg)?;
        }
        if let Some(code) = exit {
            return Ok(server.end(code));
        }
    }
    // The client went away without `exit`: as if it had said it.
    let code = server.exit_code();
    Ok(server.end(code))
}

/// What the server offers.
fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["\"".into()]),
            ..lsp::CompletionOptions::default()
        }),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![
                    lsp::CodeActionKind::QUICKFIX,
                    lsp::CodeActionKind::SOURCE,
                ]),
                ..lsp::CodeActionOptions::default()
            },
        )),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        inlay_hint_provider: Some(lsp::OneOf::Left(true)),
        ..lsp::ServerCapabilities::default()
    }
}

/// Where a session is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `initialize`.
    Uninitialized,
    Running,
    /// After `shutdown`: only `exit` is expected.
    ShutDown,
}

struct Server<'db> {
    db: &'db Database,
    opts: CheckOptions,
    state: State,
    /// The open documents by URI.
    docs: HashMap<String, Document>,
    caught_panics: Vec<String>,
    /// How many threads a completion list may price its cards on.
    workers: usize,
}

/// A request's parameters, or its `InvalidParams` answer.
fn params<P: DeserializeOwned>(req: &Request) -> Result<P, Response> {
    serde_json::from_value(req.params.clone()).map_err(|e| {
        error(
            req.id.clone(),
            ErrorCode::InvalidParams,
            format!("invalid parameters of {}: {e}", req.method),
        )
    })
}

fn error(id: RequestId, code: ErrorCode, message: String) -> Response {
    Response::new_err(id, code as i32, message)
}

/// The error of a request or notification that panicked.
fn failed(method: &str, panic: &str) -> String {
    format!("fleetcheck failed on {method} (a bug: please report it): {panic}")
}

/// The message of a caught panic.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// The path of a `file:` URI (percent-escapes decoded), else the URI.
fn path_of(uri: &str) -> String {
    let Some(rest) = uri.strip_prefix("file://") else {
        return uri.to_string();
    };
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl<'db> Server<'db> {
    fn new(db: &'db Database, opts: CheckOptions) -> Server<'db> {
        Server {
            db,
            opts,
            state: State::Uninitialized,
            docs: HashMap::new(),
            caught_panics: Vec::new(),
            workers: 1,
        }
    }

    /// The exit code if the session ended now (`exit`, or the end of the
    /// input): 0 after `shutdown`, else 1.
    fn exit_code(&self) -> i32 {
        i32::from(self.state != State::ShutDown)
    }

    fn end(self, exit_code: i32) -> Session {
        Session {
            exit_code,
            caught_panics: self.caught_panics,
        }
    }

    /// One message from the client; what it answers goes to `out`. The
    /// exit code once it is `exit`.
    fn handle(&mut self, msg: Message, out: &mut Vec<Message>) -> Option<i32> {
        match msg {
            Message::Request(req) => out.push(self.request(req).into()),
            Message::Notification(note) if note.method == n::Exit::METHOD => {
                return Some(self.exit_code())
            }
            // Before `initialize` and after `shutdown`, notifications are
            // dropped, as the protocol says.
            Message::Notification(note) if self.state == State::Running => {
                let method = note.method.clone();
                match self.guarded(|s| s.notification(note)) {
                    Ok(msgs) => out.extend(msgs.into_iter().map(Message::from)),
                    Err(why) => out.push(log_error(failed(&method, &why)).into()),
                }
            }
            Message::Notification(_) => {}
            // The server sends no requests: a response answers none.
            Message::Response(_) => {}
        }
        None
    }

    /// Runs `f`; a panic is caught, counted and returned as its message.
    fn guarded<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Result<T, String> {
        catch_unwind(AssertUnwindSafe(|| f(self))).map_err(|payload| {
            let message = panic_message(payload.as_ref());
            self.caught_panics.push(message.clone());
            message
        })
    }

    fn request(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        match (self.state, req.method.as_str()) {
            (State::Uninitialized, r::Initialize::METHOD) => {
                self.state = State::Running;
                let init = lsp::InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(lsp::ServerInfo {
                        name: "fleetcheck".into(),
                        version: Some(env!("CARGO_PKG_VERSION").into()),
                    }),
                };
                Response::new_ok(id, init)
            }
            (State::Uninitialized, m) => error(
                id,
                ErrorCode::ServerNotInitialized,
                format!("{m} before initialize: the server is not initialized yet"),
            ),
            (State::ShutDown, m) => error(
                id,
                ErrorCode::InvalidRequest,
                format!("{m} after shutdown: only exit is expected now"),
            ),
            (State::Running, r::Initialize::METHOD) => error(
                id,
                ErrorCode::InvalidRequest,
                "initialize again: the server is initialized already".into(),
            ),
            (State::Running, r::Shutdown::METHOD) => {
                self.state = State::ShutDown;
                Response::new_ok(id, ())
            }
            (State::Running, _) => match self.guarded(|s| s.answer(&req)) {
                // The answer is a JSON value already: not converted again.
                Ok(Ok(v)) => Response {
                    id,
                    result: Some(v),
                    error: None,
                },
                Ok(Err(resp)) => resp,
                Err(why) => error(id, ErrorCode::InternalError, failed(&req.method, &why)),
            },
        }
    }

    /// A request about one open document: its parameters `P`, the
    /// document they name (`uri`) and the feature that answers; null when
    /// the document is not open.
    fn on_document<P: DeserializeOwned, R: Serialize>(
        &self,
        req: &Request,
        uri: impl FnOnce(&P) -> &lsp::Uri,
        feature: impl FnOnce(&Document, &P) -> R,
    ) -> Result<Value, Response> {
        let p: P = params(req)?;
        let answer = self.docs.get(uri(&p).as_str()).map(|d| feature(d, &p));
        serde_json::to_value(answer).map_err(|e| {
            let why = format!("the answer to {} cannot be written: {e}", req.method);
            error(req.id.clone(), ErrorCode::InternalError, why)
        })
    }

    /// [`Server::on_document`] for a request at a position (`at`); the
    /// feature gets the byte offset of the position.
    fn at_position<P: DeserializeOwned, R: Serialize>(
        &self,
        req: &Request,
        at: impl Fn(&P) -> &lsp::TextDocumentPositionParams,
        feature: impl FnOnce(&Document, usize) -> R,
    ) -> Result<Value, Response> {
        self.on_document(
            req,
            |p| &at(p).text_document.uri,
            |d, p| feature(d, d.lines.offset(d.text(), at(p).position)),
        )
    }

    fn answer(&mut self, req: &Request) -> Result<Value, Response> {
        let (db, opts, workers) = (self.db, &self.opts, self.workers);
        match req.method.as_str() {
            r::HoverRequest::METHOD => self.at_position(
                req,
                |p: &lsp::HoverParams| &p.text_document_position_params,
                |d, offset| features::hover(db, opts, d, offset),
            ),
            r::Completion::METHOD => self.at_position(
                req,
                |p: &lsp::CompletionParams| &p.text_document_position,
                |d, offset| completion::completion(db, opts, workers, d, offset),
            ),
            r::CodeActionRequest::METHOD => self.on_document(
                req,
                |p: &lsp::CodeActionParams| &p.text_document.uri,
                |d, p| features::code_actions(db, opts, d, &p.text_document.uri, p.range),
            ),
            r::DocumentSymbolRequest::METHOD => self.on_document(
                req,
                |p: &lsp::DocumentSymbolParams| &p.text_document.uri,
                |d, _| lsp::DocumentSymbolResponse::Nested(features::symbols(db, opts, d)),
            ),
            r::InlayHintRequest::METHOD => self.on_document(
                req,
                |p: &lsp::InlayHintParams| &p.text_document.uri,
                |d, p| features::inlay_hints(db, opts, d, p.range),
            ),
            m => Err(error(
                req.id.clone(),
                ErrorCode::MethodNotFound,
                format!("unknown method {m}"),
            )),
        }
    }

    /// A notification; the messages to send back (diagnostics, or the
    /// error of its parameters logged).
    fn notification(&mut self, note: Notification) -> Vec<Notification> {
        match note.method.as_str() {
            n::DidOpenTextDocument::METHOD => {
                note_params(&note, |p: lsp::DidOpenTextDocumentParams| {
                    let d = p.text_document;
                    self.update(d.uri, d.version, d.text)
                })
            }
            n::DidChangeTextDocument::METHOD => {
                note_params(&note, |p: lsp::DidChangeTextDocumentParams| {
                    // Full synchronisation: the last change is the whole
                    // text.
                    match p.content_changes.into_iter().last() {
                        Some(change) => {
                            let d = p.text_document;
                            self.update(d.uri, d.version, change.text)
                        }
                        None => Vec::new(),
                    }
                })
            }
            n::DidCloseTextDocument::METHOD => {
                note_params(&note, |p: lsp::DidCloseTextDocumentParams| {
                    let uri = p.text_document.uri;
                    self.docs.remove(uri.as_str());
                    let mut out = vec![publish(uri.clone(), Vec::new(), None)];
                    out.extend(self.recheck_naming(uri.as_str()));
                    out
                })
            }
            // `initialized`, `$/cancelRequest` (every request is answered
            // before the next is read), and what the server does not know.
            _ => Vec::new(),
        }
    }

    fn update(&mut self, uri: lsp::Uri, version: i32, text: String) -> Vec<Notification> {
        let path = path_of(uri.as_str());
        let doc = Document::new(
            self.db,
            &self.opts,
            || self.open(uri.as_str()),
            path,
            version,
            text,
        );
        let mut out = vec![published(uri.clone(), &doc)];
        self.docs.insert(uri.as_str().to_string(), doc);
        out.extend(self.recheck_naming(uri.as_str()));
        out
    }

    /// The open documents but `uri` that may name it, checked again with
    /// its new text or, closed, with the file on disk (an X-Wing file and
    /// the deck file it names); those whose diagnostics changed are
    /// published again.
    fn recheck_naming(&mut self, uri: &str) -> Vec<Notification> {
        let mut out = Vec::new();
        let naming: Vec<String> = self
            .docs
            .iter()
            .filter(|(u, d)| u.as_str() != uri && d.names_others)
            .map(|(u, _)| u.clone())
            .collect();
        for u in naming {
            let Some(old) = self.docs.get(&u) else {
                continue;
            };
            let (path, version, text) =
                (old.source.path.clone(), old.version, old.text().to_string());
            let doc = Document::new(self.db, &self.opts, || self.open(&u), path, version, text);
            let changed = doc.diagnostics != old.diagnostics;
            if let (true, Ok(other)) = (changed, u.parse::<lsp::Uri>()) {
                out.push(published(other, &doc));
            }
            self.docs.insert(u, doc);
        }
        out
    }

    /// The texts of the open documents but `uri`, by path.
    fn open(&self, uri: &str) -> Open {
        Open::new(
            self.docs
                .iter()
                .filter(|(u, _)| u.as_str() != uri)
                .map(|(_, d)| (d.source.path.clone(), d.text().to_string())),
        )
    }
}

/// A notification's parameters handed to `f`; if they do not fit, the
/// error is logged to the client (a notification has no answer).
fn note_params<P: DeserializeOwned>(
    note: &Notification,
    f: impl FnOnce(P) -> Vec<Notification>,
) -> Vec<Notification> {
    match serde_json::from_value(note.params.clone()) {
        Ok(p) => f(p),
        Err(e) => vec![log_error(format!(
            "invalid parameters of {}: {e}",
            note.method
        ))],
    }
}

/// A `window/logMessage` of type error.
fn log_error(message: String) -> Notification {
    Notification::new(
        n::LogMessage::METHOD.into(),
        lsp::LogMessageParams {
            typ: lsp::MessageType::ERROR,
            message: format!("fleetcheck: {message}"),
        },
    )
}

/// The diagnostics of one version of a document, to publish.
fn published(uri: lsp::Uri, doc: &Document) -> Notification {
    let diags = doc
        .diagnostics
        .iter()
        .map(|d| features::diagnostic(doc, d))
        .collect();
    publish(uri, diags, Some(doc.version))
}

fn publish(uri: lsp::Uri, diagnostics: Vec<lsp::Diagnostic>, version: Option<i32>) -> Notification {
    Notification::new(
        n::PublishDiagnostics::METHOD.into(),
        lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
}
