//! What an edited file keeps of its bytes beyond its text: a UTF-8 byte
//! order mark and CRLF line ends. The reader drops the mark and an edit
//! (`toml_edit`) writes `\n`; [`Form`] notes both when the file is read
//! (in its [`super::Original`]) and puts them back in what is written.

use std::borrow::Cow;

/// The form of a text file's bytes: whether it starts with a UTF-8 byte
/// order mark, and whether its lines end with CRLF (every line: a file
/// that mixes `\r\n` and `\n` is left as the edit writes it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Form {
    pub bom: bool,
    pub crlf: bool,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Form {
    /// The form of these bytes (a file as read).
    pub fn of(bytes: &[u8]) -> Form {
        let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
        let crlf = newlines > 0 && bytes.windows(2).filter(|w| w == b"\r\n").count() == newlines;
        Form {
            bom: bytes.starts_with(BOM),
            crlf,
        }
    }

    /// The text to edit: CRLF line ends as `\n` (the reader has dropped
    /// the byte order mark already).
    pub fn to_edit<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if self.crlf {
            Cow::Owned(text.replace("\r\n", "\n"))
        } else {
            Cow::Borrowed(text)
        }
    }

    /// The bytes to write for an edited text: its line ends as CRLF and
    /// the byte order mark in front, as the file had them.
    pub fn to_write(&self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() + text.len() / 16 + 3);
        if self.bom {
            out.extend_from_slice(BOM);
        }
        if self.crlf {
            // `\r\n` already there (none, after `to_edit`) stays one line end.
            let mut prev = 0u8;
            for &b in text.as_bytes() {
                if b == b'\n' && prev != b'\r' {
                    out.push(b'\r');
                }
                out.push(b);
                prev = b;
            }
        } else {
            out.extend_from_slice(text.as_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_of_bytes() {
        assert_eq!(Form::of(b"a\nb\n"), Form::default());
        let crlf = Form::of(b"a\r\nb\r\n");
        assert_eq!((crlf.bom, crlf.crlf), (false, true));
        // Mixed line ends are no CRLF file.
        assert!(!Form::of(b"a\r\nb\n").crlf);
        assert!(!Form::of(b"a").crlf);
        let bom = Form::of(b"\xEF\xBB\xBFa\r\n");
        assert_eq!((bom.bom, bom.crlf), (true, true));
    }

    #[test]
    fn an_edit_round_trips_the_form() {
        let form = Form::of(b"\xEF\xBB\xBFa\r\nb\r\n");
        let text = "a\r\nb\r\n"; // as read: the mark dropped
        assert_eq!(form.to_edit(text), "a\nb\n");
        let edited = format!("{}c\n", form.to_edit(text));
        assert_eq!(form.to_write(&edited), b"\xEF\xBB\xBFa\r\nb\r\nc\r\n");
        let plain = Form::default();
        assert_eq!(plain.to_edit("a\nb"), "a\nb");
        assert_eq!(plain.to_write("a\nb"), b"a\nb");
    }
}
