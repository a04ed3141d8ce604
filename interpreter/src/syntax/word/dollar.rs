//! The `$`-pieces that enclose other text: `$(( ))`, `$[ ]`, `$( )` and
//! backquotes, with the arithmetic and command text inside them. Each is
//! remembered per position: this is where the grammar's tries overlap.

use brush_parser::ast::UnexpandedArithmeticExpr;
use brush_parser::word::WordPiece;

use super::{Parser, Rule, Stop};

impl Parser<'_> {
    /// A piece that starts with `$` or a backquote, in the grammar's order
    /// of tries: arithmetic, old arithmetic, command, parameter.
    pub(super) fn dollar_piece(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if !self.at(pos, "$") && !self.at(pos, "`") {
            return None;
        }
        self.memo_piece(Rule::Dollar, pos, |p| p.dollar_tries(pos))
    }

    /// Where the piece [`Parser::dollar_piece`] reads ends: for the
    /// grammar's look-aheads, which need no copy of the piece.
    pub(super) fn dollar_end(&mut self, pos: usize) -> Option<usize> {
        if !self.at(pos, "$") && !self.at(pos, "`") {
            return None;
        }
        self.memo_piece_end(Rule::Dollar, pos, |p| p.dollar_tries(pos))
    }

    fn dollar_tries(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if let Some(hit) = self.arithmetic(pos, "$((", Stop::DOUBLE_RPAREN, "))") {
            return Some(hit);
        }
        if let Some(hit) = self.arithmetic(pos, "$[", Stop::RBRACKET, "]") {
            return Some(hit);
        }
        if let Some(hit) = self.command_substitution(pos) {
            return Some(hit);
        }
        self.parameter_expansion(pos)
    }

    fn arithmetic(
        &mut self,
        pos: usize,
        open: &str,
        stop: Stop,
        close: &str,
    ) -> Option<(WordPiece, usize)> {
        if !self.at(pos, open) {
            return None;
        }
        let from = pos + open.len();
        let to = self.arith_text(from, stop)?;
        if !self.at(to, close) {
            return None;
        }
        let value = self.slice(from, to);
        Some((
            WordPiece::ArithmeticExpression(UnexpandedArithmeticExpr { value }),
            to + close.len(),
        ))
    }

    fn command_substitution(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if self.at(pos, "$(") {
            if let Ok(i) = self
                .read_whole
                .binary_search_by_key(&pos, |(start, _)| *start)
                && let Some(&(_, end)) = self.read_whole.get(i)
            {
                let body = self.slice(pos + 2, end.saturating_sub(1));
                return Some((WordPiece::CommandSubstitution(body), end));
            }
            let to = self.command(pos + 2)?;
            if self.at(to, ")") {
                return Some((
                    WordPiece::CommandSubstitution(self.slice(pos + 2, to)),
                    to + 1,
                ));
            }
            return None;
        }
        self.backquoted(pos, false)
    }

    /// A backquoted command substitution at `pos`, inside double quotes
    /// when `in_double_quotes`. Inside backquotes `\`` stands for a
    /// backquote and `\\` stays as is; inside double quotes too, `\"`
    /// stands for `"` (`"`echo \"a b\"`"` runs `echo "a b"`), as in bash.
    pub(super) fn backquoted(
        &mut self,
        pos: usize,
        in_double_quotes: bool,
    ) -> Option<(WordPiece, usize)> {
        if !self.at(pos, "`") {
            return None;
        }
        let mut body = String::new();
        let mut at = pos + 1;
        loop {
            if self.at(at, "\\`") || in_double_quotes && self.at(at, "\\\"") {
                body.push_str(self.text.get(at + 1..at + 2).unwrap_or_default());
                at += 2;
            } else if self.at(at, "\\\\") {
                body.push_str("\\\\");
                at += 2;
            } else {
                match self.ch(at)? {
                    '`' => break,
                    c => {
                        body.push(c);
                        at += c.len_utf8();
                    }
                }
            }
            if !self.charge(1) {
                return None;
            }
        }
        Some((WordPiece::BackquotedCommandSubstitution(body), at + 1))
    }

    /// The body of a `$( )`: where it ends (before its `)`).
    pub(super) fn command(&mut self, pos: usize) -> Option<usize> {
        self.memo_end(Rule::Command, pos, |p| {
            let mut at = pos;
            loop {
                if let Some((_, end)) = p.word_piece(at, Stop::RPAREN, true) {
                    at = end;
                    continue;
                }
                let rest = p.text.get(at..).unwrap_or_default();
                let blanks = rest
                    .bytes()
                    .take_while(|b| matches!(b, b' ' | b'\t'))
                    .count();
                if blanks > 0 {
                    at += blanks;
                    continue;
                }
                if p.at(at, "'") || p.at(at, "`") {
                    at += 1;
                    continue;
                }
                break;
            }
            Some(at)
        })
    }

    /// Arithmetic text up to `stop`: where it ends. Parentheses pair up,
    /// and `NAME[...]` may hold the stop.
    pub(super) fn arith_text(&mut self, pos: usize, stop: Stop) -> Option<usize> {
        self.memo_end(Rule::Arith(stop), pos, |p| {
            let mut at = pos;
            loop {
                if p.at(at, "(") {
                    match p.arith_text(at + 1, Stop::RPAREN) {
                        Some(end) if p.at(end, ")") => {
                            at = end + 1;
                            continue;
                        }
                        // An unpaired `(` ends the text here.
                        _ => break,
                    }
                }
                if let Some(end) = p.array_element(at) {
                    at = end;
                    continue;
                }
                match p.word_piece(at, stop.or_paren(), false) {
                    Some((_, end)) if end > at => at = end,
                    _ => break,
                }
            }
            if p.failure.is_some() {
                return None;
            }
            Some(at)
        })
    }

    /// `NAME[arithmetic]`: where it ends.
    pub(super) fn array_element(&mut self, pos: usize) -> Option<usize> {
        let name_end = self.assignable_name(pos)?;
        if !self.at(name_end, "[") {
            return None;
        }
        let end = self.arith_text(name_end + 1, Stop::RBRACKET)?;
        self.at(end, "]").then_some(end + 1)
    }

    /// A name that can be assigned: a letter or `_`, then letters, digits, `_`.
    pub(super) fn assignable_name(&self, pos: usize) -> Option<usize> {
        let rest = self.text.get(pos..)?.as_bytes();
        let first = rest.first()?;
        if !(first.is_ascii_alphabetic() || *first == b'_') {
            return None;
        }
        let len = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        Some(pos + len)
    }

    /// `@( )`, `!( )`, `?( )`, `+( )` or `*( )` inside `$( )`: where it ends.
    pub(super) fn extglob_group(&mut self, pos: usize) -> Option<usize> {
        if !matches!(self.ch(pos), Some('@' | '!' | '?' | '+' | '*')) || !self.at(pos + 1, "(") {
            return None;
        }
        self.memo_end(Rule::Extglob, pos, |p| {
            let mut at = pos + 2;
            while let Some((_, end)) = p.word_piece(at, Stop::RPAREN, true) {
                if end <= at {
                    break;
                }
                at = end;
            }
            p.at(at, ")").then_some(at + 1)
        })
    }

    /// `( )` inside `$( )`: where it ends.
    pub(super) fn subshell(&mut self, pos: usize) -> Option<usize> {
        if !self.at(pos, "(") {
            return None;
        }
        self.memo_end(Rule::Subshell, pos, |p| {
            let end = p.command(pos + 1)?;
            p.at(end, ")").then_some(end + 1)
        })
    }
}
