//! Byte offsets of a document and the LSP's positions (line, UTF-16 code
//! unit), computed once per document version.

use lsp_types::{Position, Range};

/// The line starts of one version of a document.
#[derive(Debug, Clone)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn of(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The position of byte `offset` (clamped to the text, floored to a
    /// character boundary).
    pub(crate) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    pub(crate) fn range(&self, text: &str, span: &std::ops::Range<usize>) -> Range {
        Range::new(
            self.position(text, span.start),
            self.position(text, span.end),
        )
    }

    /// The byte offset of a position; a position past a line's end is that
    /// line's end, past the last line the text's end.
    pub(crate) fn offset(&self, text: &str, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&e| e.saturating_sub(1));
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            if units >= pos.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_round_trip() {
        let text = "a = \"Ré😀x\"\nb";
        let l = LineIndex::of(text);
        let x = text.find('x').unwrap();
        assert_eq!(l.position(text, x), Position::new(0, 9));
        assert_eq!(l.offset(text, Position::new(0, 9)), x);
        assert_eq!(l.offset(text, Position::new(1, 0)), text.len() - 1);
        assert_eq!(
            l.offset(text, Position::new(0, 99)),
            text.find('\n').unwrap()
        );
        assert_eq!(l.offset(text, Position::new(9, 0)), text.len());
    }
}
