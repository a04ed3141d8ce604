//! Script text addressed by brush-parser's positions, which count
//! characters, not bytes.
//!
//! Invariant: finding a span's text costs O(1) after one O(n) pass at most
//! (ASCII text needs none), so resolving a command with many spans stays
//! linear, checked by `tests/hostile/parser/many_arith_commands_in_function.sh`.

use std::cell::OnceCell;

/// One text the parser read.
pub(crate) struct Source<'a> {
    text: &'a str,
    ascii: bool,
    /// Byte offset of each character, then the text's length; built on
    /// first use, only for text that is not ASCII.
    offsets: OnceCell<Vec<usize>>,
}

impl<'a> Source<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Self {
            text,
            ascii: text.is_ascii(),
            offsets: OnceCell::new(),
        }
    }

    /// The whole text.
    pub(crate) fn text(&self) -> &'a str {
        self.text
    }

    /// The byte offset of character `index` (the text's length just past
    /// its last character).
    fn byte(&self, index: usize) -> Option<usize> {
        if self.ascii {
            return (index <= self.text.len()).then_some(index);
        }
        let offsets = self.offsets.get_or_init(|| {
            self.text
                .char_indices()
                .map(|(i, _)| i)
                .chain(std::iter::once(self.text.len()))
                .collect()
        });
        offsets.get(index).copied()
    }

    /// The character at a character position.
    pub(crate) fn char_at(&self, index: usize) -> Option<char> {
        self.text.get(self.byte(index)?..)?.chars().next()
    }

    /// The text between two character positions; the end is clamped to
    /// the text's end.
    pub(crate) fn span(&self, start: usize, end: usize) -> Option<&'a str> {
        let from = self.byte(start)?;
        let to = self.byte(end).unwrap_or(self.text.len());
        self.text.get(from..to.max(from))
    }
}

#[cfg(test)]
mod tests {
    use super::Source;

    #[test]
    fn spans_count_characters() {
        let s = Source::new("é=1; echo ü");
        assert_eq!(s.span(5, 9), Some("echo"));
        assert_eq!(s.span(10, 99), Some("ü"));
        let a = Source::new("echo hi");
        assert_eq!(a.span(5, 7), Some("hi"));
        assert_eq!(a.span(8, 9), None);
        assert_eq!(s.char_at(10), Some('ü'));
        assert_eq!(s.char_at(11), None);
    }
}
