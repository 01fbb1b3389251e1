//! `fleetcheck lsp`: a Language Server Protocol server over stdio for
//! fleet files (every game), event files and (once its reader lands)
//! collection files. The protocol is `lsp-server`'s, as rust-analyzer
//! speaks it: one thread, a blocking loop over the messages, no async
//! runtime. docs/lsp.md is the user's page.
//!
//! Every request runs under `catch_unwind`: a panic is that request's
//! error (`InternalError`), and the server goes on. An unknown method is
//! `MethodNotFound`, bad parameters `InvalidParams`.

mod completion;
mod document;
mod features;
mod lines;

use document::Document;
use fleetcheck_data::Database;
use fleetcheck_staw::CheckOptions;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::{self as n, Notification as _};
use lsp_types::request::{self as r, Request as _};
use serde_json::Value;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A failure of the connection itself (not of a request).
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Serves on standard input and output until the client says `exit` (or
/// goes away).
pub fn serve_stdio(db: &Database, opts: CheckOptions) -> Result<(), Error> {
    let (conn, io) = Connection::stdio();
    let served = serve(db, opts, conn);
    // The reader thread ends when stdin closes; after `exit` it may still
    // wait on a client that keeps stdin open, so it is not joined then.
    if served.is_err() {
        io.join()?;
    }
    served
}

/// Serves on a connection (standard streams, or `Connection::memory` in
/// the fuzz target): the initialize handshake, then every message until
/// `exit`.
pub fn serve(db: &Database, opts: CheckOptions, conn: Connection) -> Result<(), Error> {
    let (id, _params) = conn.initialize_start()?;
    let init = lsp::InitializeResult {
        capabilities: capabilities(),
        server_info: Some(lsp::ServerInfo {
            name: "fleetcheck".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    conn.initialize_finish(id, serde_json::to_value(init)?)?;
    let mut server = Server {
        db,
        opts,
        docs: HashMap::new(),
    };
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req)? {
                    return Ok(());
                }
                let id = req.id.clone();
                let resp =
                    catch_unwind(AssertUnwindSafe(|| server.request(req))).unwrap_or_else(|_| {
                        Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            "fleetcheck failed on this request (a bug: please report it)".into(),
                        )
                    });
                conn.sender.send(resp.into())?;
            }
            Message::Notification(note) => {
                if note.method == n::Exit::METHOD {
                    return Ok(());
                }
                let out = catch_unwind(AssertUnwindSafe(|| server.notification(note)))
                    .unwrap_or_default();
                for m in out {
                    conn.sender.send(m.into())?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
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

struct Server<'db> {
    db: &'db Database,
    opts: CheckOptions,
    /// The open documents by URI.
    docs: HashMap<String, Document>,
}

/// A request's parameters, or its `InvalidParams` answer.
fn params<P: serde::de::DeserializeOwned>(req: &Request) -> Result<P, Response> {
    serde_json::from_value(req.params.clone()).map_err(|e| {
        Response::new_err(
            req.id.clone(),
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters of {}: {e}", req.method),
        )
    })
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

impl Server<'_> {
    fn request(&mut self, req: Request) -> Response {
        match self.answer(&req) {
            Ok(v) => Response::new_ok(req.id, v),
            Err(resp) => resp,
        }
    }

    fn doc(&self, uri: &lsp::Uri) -> Option<&Document> {
        self.docs.get(uri.as_str())
    }

    fn answer(&mut self, req: &Request) -> Result<Value, Response> {
        let (db, opts) = (self.db, &self.opts);
        let json = |v: Result<Value, serde_json::Error>| v.unwrap_or(Value::Null);
        Ok(match req.method.as_str() {
            r::HoverRequest::METHOD => {
                let p: lsp::HoverParams = params(req)?;
                let at = p.text_document_position_params;
                let hover = self.doc(&at.text_document.uri).and_then(|d| {
                    let offset = d.lines.offset(d.text(), at.position);
                    features::hover(db, opts, d, offset)
                });
                json(serde_json::to_value(hover))
            }
            r::Completion::METHOD => {
                let p: lsp::CompletionParams = params(req)?;
                let at = p.text_document_position;
                let list = self.doc(&at.text_document.uri).and_then(|d| {
                    let offset = d.lines.offset(d.text(), at.position);
                    completion::completion(db, opts, d, offset)
                });
                json(serde_json::to_value(list))
            }
            r::CodeActionRequest::METHOD => {
                let p: lsp::CodeActionParams = params(req)?;
                let uri = p.text_document.uri;
                let actions = self
                    .doc(&uri)
                    .map(|d| features::code_actions(db, opts, d, &uri, p.range));
                json(serde_json::to_value(actions))
            }
            r::DocumentSymbolRequest::METHOD => {
                let p: lsp::DocumentSymbolParams = params(req)?;
                let symbols = self
                    .doc(&p.text_document.uri)
                    .map(|d| lsp::DocumentSymbolResponse::Nested(features::symbols(db, opts, d)));
                json(serde_json::to_value(symbols))
            }
            r::InlayHintRequest::METHOD => {
                let p: lsp::InlayHintParams = params(req)?;
                let hints = self
                    .doc(&p.text_document.uri)
                    .map(|d| features::inlay_hints(db, opts, d, p.range));
                json(serde_json::to_value(hints))
            }
            _ => {
                return Err(Response::new_err(
                    req.id.clone(),
                    ErrorCode::MethodNotFound as i32,
                    format!("unknown method {}", req.method),
                ))
            }
        })
    }

    /// A notification; the messages to send back (diagnostics).
    fn notification(&mut self, note: Notification) -> Vec<Notification> {
        let params = note.params;
        match note.method.as_str() {
            n::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(params) else {
                    return Vec::new();
                };
                let d = p.text_document;
                self.update(d.uri, d.version, d.text)
            }
            n::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(params)
                else {
                    return Vec::new();
                };
                // Full synchronisation: the last change is the whole text.
                let Some(change) = p.content_changes.into_iter().last() else {
                    return Vec::new();
                };
                let d = p.text_document;
                self.update(d.uri, d.version, change.text)
            }
            n::DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(params)
                else {
                    return Vec::new();
                };
                let uri = p.text_document.uri;
                self.docs.remove(uri.as_str());
                vec![publish(uri, Vec::new(), None)]
            }
            _ => Vec::new(),
        }
    }

    fn update(&mut self, uri: lsp::Uri, version: i32, text: String) -> Vec<Notification> {
        let path = path_of(uri.as_str());
        let doc = Document::new(self.db, &self.opts, path, version, text);
        let diags = doc
            .diagnostics
            .iter()
            .map(|d| features::diagnostic(&doc, d))
            .collect();
        let version = doc.version;
        self.docs.insert(uri.as_str().to_string(), doc);
        vec![publish(uri, diags, Some(version))]
    }
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
