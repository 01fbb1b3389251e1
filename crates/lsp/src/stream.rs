//! The base protocol on a byte stream (standard input and output): frames
//! of `Content-Length: N` headers, a blank line and N bytes of JSON.
//!
//! `lsp-server`'s own reader ends the connection at the first frame it
//! cannot read; this one answers it and reads on, as JSON-RPC asks: a body
//! that is not JSON is a parse error (-32700, id null), JSON that is not a
//! message an invalid request (-32600, its id when it has one), and a frame
//! whose headers cannot be read is a parse error after which the reader
//! looks for the next `Content-Length` header. Only the end of the stream
//! (or a read failure) ends it.

use lsp_server::{Message, Notification, Request, Response};
use serde_json::Value;
use std::io::{self, BufRead, Read, Write};

/// The longest header line read (a `Content-Length` header is 30 bytes).
const MAX_HEADER_LINE: u64 = 1024;
/// The largest body read: a document of the reader's 1 MiB limit, even
/// all escapes, fits many times; a longer one is skipped unread.
pub(crate) const MAX_BODY: usize = 64 << 20;

const PARSE_ERROR: i32 = -32700;
const INVALID_REQUEST: i32 = -32600;

/// What one frame of the stream held.
#[derive(Debug)]
pub(crate) enum Frame {
    Message(Message),
    /// A frame that is no message: its error response (`id` null when the
    /// frame's id could not be read).
    Bad {
        id: Value,
        code: i32,
        message: String,
    },
}

impl Frame {
    fn parse_error(message: String) -> Frame {
        Frame::Bad {
            id: Value::Null,
            code: PARSE_ERROR,
            message,
        }
    }
}

/// The frames of a stream.
pub(crate) struct Reader<R> {
    input: R,
    /// After a frame with unreadable headers (answered at once): the next
    /// frame starts at the next `Content-Length`.
    skip: bool,
    /// The skip consumed a `Content-Length`, which the headers read then
    /// put back.
    resumed: bool,
}

/// How the headers of a frame ended.
enum Headers {
    /// The body's length.
    Length(usize),
    /// Unreadable: what is wrong; the reader then looks for the next
    /// `Content-Length` header.
    Broken(String),
    /// The stream ended.
    End,
}

impl<R: BufRead> Reader<R> {
    pub(crate) fn new(input: R) -> Reader<R> {
        Reader {
            input,
            skip: false,
            resumed: false,
        }
    }

    /// The next frame; `None` when the stream ends (the client closed it,
    /// in the middle of a frame or not) or cannot be read.
    pub(crate) fn next_frame(&mut self) -> Option<Frame> {
        if std::mem::take(&mut self.skip) {
            self.skip_to_next_header();
        }
        let len = match self.headers() {
            Headers::End => return None,
            Headers::Broken(why) => {
                self.skip = true;
                return Some(Frame::parse_error(why));
            }
            Headers::Length(len) => len,
        };
        if len > MAX_BODY {
            let skipped = io::copy(&mut (&mut self.input).take(len as u64), &mut io::sink());
            if skipped.ok()? < len as u64 {
                return None;
            }
            return Some(Frame::parse_error(format!(
                "a message of {len} bytes: at most {MAX_BODY} bytes (64 MiB) are read; it was skipped"
            )));
        }
        let mut body = Vec::new();
        let read = (&mut self.input)
            .take(len as u64)
            .read_to_end(&mut body)
            .ok()?;
        if read < len {
            return None;
        }
        Some(parse(&body))
    }

    /// Reads the headers of one frame (blank lines before them are
    /// skipped).
    fn headers(&mut self) -> Headers {
        let mut length: Option<Result<usize, String>> = None;
        let mut seen_any = false;
        loop {
            let mut line = Vec::new();
            if std::mem::take(&mut self.resumed) {
                line.extend_from_slice(b"Content-Length");
            }
            let limit = MAX_HEADER_LINE.saturating_sub(line.len() as u64);
            match (&mut self.input).take(limit).read_until(b'\n', &mut line) {
                Ok(0) if line.is_empty() => return Headers::End,
                Ok(_) => {}
                Err(_) => return Headers::End,
            }
            if line.last() != Some(&b'\n') {
                if (line.len() as u64) < MAX_HEADER_LINE {
                    // The stream ended inside the headers.
                    return Headers::End;
                }
                return Headers::Broken(format!(
                    "a header line longer than {MAX_HEADER_LINE} bytes"
                ));
            }
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if line.is_empty() {
                if !seen_any {
                    continue;
                }
                return match length {
                    Some(Ok(n)) => Headers::Length(n),
                    Some(Err(why)) => Headers::Broken(why),
                    None => Headers::Broken("a message without a Content-Length header".into()),
                };
            }
            seen_any = true;
            let Some((name, value)) = header(&line) else {
                return Headers::Broken(format!(
                    "a malformed header line: {:?} (expected `Name: value`, as `Content-Length: 42`)",
                    shown(&line)
                ));
            };
            if name.eq_ignore_ascii_case("content-length") {
                length = Some(value.parse::<usize>().map_err(|_| {
                    format!("a Content-Length that is not a number of bytes: {value:?}")
                }));
            }
        }
    }

    /// Skips to the next `Content-Length` (in any case), anywhere in the
    /// stream, or to its end.
    fn skip_to_next_header(&mut self) {
        const WANTED: &[u8] = b"content-length";
        let mut matched = 0;
        loop {
            let (consumed, found) = {
                let Ok(buf) = self.input.fill_buf() else {
                    return;
                };
                if buf.is_empty() {
                    return;
                }
                let mut found = None;
                for (i, &b) in buf.iter().enumerate() {
                    // No letter of WANTED after its first is a 'c': on a
                    // mismatch the match restarts at this byte.
                    if b.eq_ignore_ascii_case(&WANTED[matched]) {
                        matched += 1;
                    } else {
                        matched = usize::from(b.eq_ignore_ascii_case(&WANTED[0]));
                    }
                    if matched == WANTED.len() {
                        found = Some(i + 1);
                        break;
                    }
                }
                (found.unwrap_or(buf.len()), found.is_some())
            };
            self.input.consume(consumed);
            if found {
                self.resumed = true;
                return;
            }
        }
    }
}

/// A header line's name and value; None if it is not `token: value`.
fn header(line: &[u8]) -> Option<(&str, &str)> {
    let line = std::str::from_utf8(line).ok()?;
    let (name, value) = line.split_once(':')?;
    let token = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    token.then(|| (name, value.trim()))
}

/// At most 60 characters of a line, for a message.
fn shown(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let mut s: String = text.chars().take(60).collect();
    if text.chars().nth(60).is_some() {
        s.push('…');
    }
    s
}

/// A body: a message, or the error that answers it.
fn parse(body: &[u8]) -> Frame {
    let Ok(text) = std::str::from_utf8(body) else {
        let at = std::str::from_utf8(body).unwrap_err().valid_up_to();
        return Frame::parse_error(format!(
            "the message is not UTF-8 (at byte {at} of its body)"
        ));
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Frame::parse_error(format!("the message is not JSON: {e}")),
    };
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    if !value.is_object() {
        let what = match value {
            Value::Array(_) => "a batch (an array); the protocol sends one message a frame",
            _ => "not a JSON object",
        };
        return Frame::Bad {
            id,
            code: INVALID_REQUEST,
            message: format!("the message is {what}"),
        };
    }
    // A method makes a request (with an id) or a notification; no method
    // a response.
    let (kind, parsed) = match (value.get("method"), value.get("id")) {
        (Some(_), Some(i)) if !i.is_null() => ("request", from::<Request>(value)),
        (Some(_), _) => ("notification", from::<Notification>(value)),
        (None, _) => ("response", from::<Response>(value)),
    };
    match parsed {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Bad {
            id,
            code: INVALID_REQUEST,
            message: format!("the message is not a valid {kind}: {e}"),
        },
    }
}

fn from<M: serde::de::DeserializeOwned + Into<Message>>(v: Value) -> serde_json::Result<Message> {
    serde_json::from_value::<M>(v).map(Into::into)
}

/// Writes one frame: `msg` with `"jsonrpc": "2.0"`, serialised straight
/// from the message (no JSON value made of the whole of it), its keys in
/// the order [`write`] gives them (sorted, as a JSON value's).
pub(crate) fn write_message(out: &mut impl Write, msg: &Message) -> io::Result<()> {
    frame(out, &serde_json::to_string(&Framed(msg))?)
}

/// One frame: the header, then `body`.
fn frame(out: &mut impl Write, body: &str) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}

/// A message as a frame's body: its keys and `jsonrpc`, sorted.
struct Framed<'m>(&'m Message);

impl serde::Serialize for Framed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error as _, SerializeMap};
        let mut m = s.serialize_map(None)?;
        match self.0 {
            Message::Request(r) => {
                m.serialize_entry("id", &r.id)?;
                m.serialize_entry("jsonrpc", "2.0")?;
                m.serialize_entry("method", &r.method)?;
                if !r.params.is_null() {
                    m.serialize_entry("params", &r.params)?;
                }
            }
            Message::Response(r) => {
                if let Some(e) = &r.error {
                    // Small and rare: as a JSON value, its keys sorted.
                    let e = serde_json::to_value(e).map_err(S::Error::custom)?;
                    m.serialize_entry("error", &e)?;
                }
                m.serialize_entry("id", &r.id)?;
                m.serialize_entry("jsonrpc", "2.0")?;
                if let Some(v) = &r.result {
                    m.serialize_entry("result", v)?;
                }
            }
            Message::Notification(n) => {
                m.serialize_entry("jsonrpc", "2.0")?;
                m.serialize_entry("method", &n.method)?;
                if !n.params.is_null() {
                    m.serialize_entry("params", &n.params)?;
                }
            }
        }
        m.end()
    }
}

/// Writes one frame: `msg` with `"jsonrpc": "2.0"`.
pub(crate) fn write(out: &mut impl Write, msg: Value) -> io::Result<()> {
    let mut msg = msg;
    if let Value::Object(m) = &mut msg {
        m.insert("jsonrpc".into(), "2.0".into());
    }
    frame(out, &msg.to_string())
}

/// The error response to a frame that is no message.
pub(crate) fn error_response(id: Value, code: i32, message: String) -> Value {
    serde_json::json!({"id": id, "error": {"code": code, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut r = Reader::new(input);
        let mut out = Vec::new();
        while let Some(f) = r.next_frame() {
            out.push(match f {
                Frame::Message(Message::Request(r)) => format!("request {}", r.method),
                Frame::Message(Message::Notification(n)) => format!("notification {}", n.method),
                Frame::Message(Message::Response(r)) => format!("response {}", r.id),
                Frame::Bad { id, code, message } => format!("{code} {id}: {message}"),
            });
        }
        out
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    const EXIT: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;

    /// A message written straight is byte for byte the frame of its JSON
    /// value: the same keys, in the same (sorted) order.
    #[test]
    fn a_message_is_written_as_its_json_value_would_be() {
        let mut error = Response::new_err(7.into(), -32603, "broken".into());
        if let Some(e) = error.error.as_mut() {
            e.data = Some(serde_json::json!({"why": [1, 2], "at": "here"}));
        }
        let messages: Vec<Message> = vec![
            Request::new(
                3.into(),
                "textDocument/hover".into(),
                serde_json::json!({"b": 1, "a": [true]}),
            )
            .into(),
            Request::new("x".to_string().into(), "shutdown".into(), Value::Null).into(),
            Response::new_ok(
                4.into(),
                serde_json::json!({"items": [{"label": "a", "detail": "b"}]}),
            )
            .into(),
            Response::new_ok(5.into(), ()).into(),
            error.into(),
            Notification::new(
                "textDocument/publishDiagnostics".into(),
                serde_json::json!({"uri": "u", "diagnostics": []}),
            )
            .into(),
            Notification::new("exit".into(), Value::Null).into(),
        ];
        for msg in messages {
            let (mut straight, mut valued) = (Vec::new(), Vec::new());
            write_message(&mut straight, &msg).unwrap();
            write(&mut valued, serde_json::to_value(&msg).unwrap()).unwrap();
            assert_eq!(
                String::from_utf8(straight).unwrap(),
                String::from_utf8(valued).unwrap()
            );
        }
    }

    #[test]
    fn good_frames_are_messages() {
        let input = format!(
            "{}\r\n{}",
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#),
            frame(EXIT)
        );
        assert_eq!(
            frames(input.as_bytes()),
            ["request shutdown", "notification exit"]
        );
        // Header names in any case, other headers ignored, bare newlines.
        let input = format!(
            "content-length: {}\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{EXIT}",
            EXIT.len()
        );
        assert_eq!(frames(input.as_bytes()), ["notification exit"]);
    }

    #[test]
    fn bad_bodies_are_answered_and_reading_goes_on() {
        let input = [
            frame("{not json"),
            frame("[1,2]"),
            frame(r#"{"id":7,"method":5}"#),
            frame("\"text\""),
            frame(EXIT),
        ]
        .concat();
        assert_eq!(
            frames(input.as_bytes()),
            [
                "-32700 null: the message is not JSON: key must be a string at line 1 column 2",
                "-32600 null: the message is a batch (an array); the protocol sends one message a frame",
                "-32600 7: the message is not a valid request: invalid type: integer `5`, expected a string",
                "-32600 null: the message is not a JSON object",
                "notification exit",
            ]
        );
        let mut input = b"Content-Length: 3\r\n\r\n\xff\xfe{".to_vec();
        input.extend_from_slice(frame(EXIT).as_bytes());
        assert_eq!(
            frames(&input),
            [
                "-32700 null: the message is not UTF-8 (at byte 0 of its body)",
                "notification exit"
            ]
        );
    }

    #[test]
    fn bad_headers_are_answered_and_the_next_frame_is_read() {
        let long = format!("X-Long: {}\r\n", "a".repeat(2000));
        for (broken, answer) in [
            (
                format!("Content-Length: x12\r\n\r\n{EXIT}"),
                "-32700 null: a Content-Length that is not a number of bytes: \"x12\"",
            ),
            (
                format!("Content-Type: json\r\n\r\n{EXIT}"),
                "-32700 null: a message without a Content-Length header",
            ),
            (
                format!("{EXIT}\r\n"),
                "-32700 null: a malformed header line: \"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"method\\\":\\\"exit\\\"}\" (expected `Name: value`, as `Content-Length: 42`)",
            ),
            (long, "-32700 null: a header line longer than 1024 bytes"),
        ] {
            // The frame after it, glued to it or not, is read.
            for glue in ["", "\r\n", "junk"] {
                let input = format!("{broken}{glue}{}", frame(EXIT));
                assert_eq!(
                    frames(input.as_bytes()),
                    [answer, "notification exit"],
                    "{input:?}"
                );
            }
        }
    }

    #[test]
    fn a_stream_that_ends_anywhere_just_ends() {
        for input in [
            "",
            "\r\n",
            "Content-Len",
            "Content-Length: 40\r\n\r\n{\"jsonrpc\"",
        ] {
            assert_eq!(frames(input.as_bytes()), Vec::<String>::new(), "{input:?}");
        }
        // Headers that cannot be read, and nothing after them.
        assert_eq!(
            frames(b"nonsense\r\n"),
            ["-32700 null: a malformed header line: \"nonsense\" (expected `Name: value`, as `Content-Length: 42`)"]
        );
    }

    #[test]
    fn a_huge_length_is_skipped_unread() {
        let len = MAX_BODY + 1;
        let mut input = format!("Content-Length: {len}\r\n\r\n").into_bytes();
        input.resize(input.len() + len, b' ');
        input.extend_from_slice(frame(EXIT).as_bytes());
        assert_eq!(
            frames(&input),
            [
                "-32700 null: a message of 67108865 bytes: at most 67108864 bytes (64 MiB) are read; it was skipped",
                "notification exit"
            ]
        );
        // Declared but never sent: the stream ends.
        assert_eq!(
            frames(b"Content-Length: 99999999999999\r\n\r\n{}"),
            Vec::<String>::new()
        );
    }
}
