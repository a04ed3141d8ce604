//! Words and their plain pieces: quotes, escapes, unquoted text, tildes,
//! and here-document bodies. The `$`-pieces are in `dollar.rs`.

use brush_parser::word::{TildeExpr, WordPiece, WordPieceWithSource};

use super::{Parser, Rule, Stop, with_source};

impl Parser<'_> {
    /// A word: a leading tilde if enabled, then pieces until none matches
    /// (the stop ends only unquoted text).
    pub(super) fn word(&mut self, pos: usize, stop: Stop) -> (Vec<WordPieceWithSource>, usize) {
        let mut pieces = Vec::new();
        let mut at = pos;
        if self.tilde_at_start
            && let Some((piece, end)) = self.tilde_piece(at)
        {
            pieces.push(with_source(piece, at, end));
            at = end;
        }
        while let Some((piece, end)) = self.word_piece(at, stop, false) {
            if end <= at {
                break;
            }
            pieces.push(with_source(piece, at, end));
            at = end;
        }
        (pieces, at)
    }

    /// A here-document body: `$`-pieces, the escapes `\$`, `` \` `` and
    /// `\\`, and everything else (quotes included) as text.
    pub(super) fn heredoc_word(&mut self, pos: usize) -> (Vec<WordPieceWithSource>, usize) {
        let mut pieces = Vec::new();
        let mut at = pos;
        while !self.at_end(at) {
            let Some((piece, end)) = self.heredoc_piece(at) else {
                break;
            };
            if end <= at {
                break;
            }
            pieces.push(with_source(piece, at, end));
            at = end;
        }
        (pieces, at)
    }

    fn heredoc_piece(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if let Some(hit) = self.dollar_piece(pos) {
            return Some(hit);
        }
        if let Some(end) = self.escape(pos, &['$', '`', '\\']) {
            return Some((WordPiece::EscapeSequence(self.slice(pos, end)), end));
        }
        let mut at = pos;
        while let Some(c) = self.ch(at) {
            if c == '`'
                || self.escape(at, &['$', '`', '\\']).is_some()
                || self.dollar_end(at).is_some()
                || !self.charge(1)
            {
                break;
            }
            at += c.len_utf8();
        }
        (at > pos).then(|| (WordPiece::Text(self.slice(pos, at)), at))
    }

    /// One piece of a word, in the grammar's order of tries.
    pub(super) fn word_piece(
        &mut self,
        pos: usize,
        stop: Stop,
        in_command: bool,
    ) -> Option<(WordPiece, usize)> {
        if self.at_end(pos) {
            return None;
        }
        // Not remembered: every caller is, and none asks twice.
        if let Some((seq, end)) = self.double_quoted(pos) {
            return Some((seq, end));
        }
        if let Some(end) = self.single_quoted(pos) {
            let inner = self.slice(pos + 1, end - 1);
            return Some((WordPiece::SingleQuotedText(inner), end));
        }
        if let Some(end) = self.ansi_c_quoted(pos) {
            let inner = self.slice(pos + 2, end - 1);
            return Some((WordPiece::AnsiCQuotedText(inner), end));
        }
        if self.at(pos, "$\"")
            && let Some((WordPiece::DoubleQuotedSequence(seq), end)) = self.double_quoted(pos + 1)
        {
            return Some((WordPiece::GettextDoubleQuotedSequence(seq), end));
        }
        if let Some(hit) = self.dollar_piece(pos) {
            return Some(hit);
        }
        if let Some(end) = self.any_escape(pos) {
            return Some((WordPiece::EscapeSequence(self.slice(pos, end)), end));
        }
        if let Some(hit) = self.tilde_after_colon(pos) {
            return Some(hit);
        }
        let end = self.unquoted_text(pos, stop, in_command)?;
        Some((WordPiece::Text(self.slice(pos, end)), end))
    }

    /// `"..."`: `$`-pieces, the escapes `\$` `` \` `` `\"` `\\`, and text.
    pub(super) fn double_quoted(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if !self.at(pos, "\"") {
            return None;
        }
        self.memo_piece(Rule::DoubleQuoted, pos, |p| {
            let mut pieces = Vec::new();
            let mut at = pos + 1;
            while let Some((piece, end)) = p.double_quoted_piece(at) {
                if end <= at {
                    break;
                }
                pieces.push(with_source(piece, at, end));
                at = end;
            }
            p.at(at, "\"")
                .then(|| (WordPiece::DoubleQuotedSequence(pieces), at + 1))
        })
    }

    fn double_quoted_piece(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        const ESCAPED: &[char] = &['$', '`', '"', '\\'];
        if let Some(hit) = self.backquoted(pos, true) {
            return Some(hit);
        }
        if let Some(hit) = self.dollar_piece(pos) {
            return Some(hit);
        }
        if let Some(end) = self.escape(pos, ESCAPED) {
            return Some((WordPiece::EscapeSequence(self.slice(pos, end)), end));
        }
        let mut at = pos;
        while let Some(c) = self.ch(at) {
            if c == '"'
                || self.escape(at, ESCAPED).is_some()
                || self.dollar_end(at).is_some()
                || !self.charge(1)
            {
                break;
            }
            at += c.len_utf8();
        }
        (at > pos).then(|| (WordPiece::Text(self.slice(pos, at)), at))
    }

    /// `'...'`: where it ends.
    fn single_quoted(&self, pos: usize) -> Option<usize> {
        if !self.at(pos, "'") {
            return None;
        }
        let rest = self.text.get(pos + 1..)?;
        rest.find('\'').map(|close| pos + 1 + close + 1)
    }

    /// `$'...'`, where `\\` and `\'` do not close it: where it ends.
    fn ansi_c_quoted(&self, pos: usize) -> Option<usize> {
        if !self.at(pos, "$'") {
            return None;
        }
        let mut at = pos + 2;
        loop {
            if self.at(at, "\\\\") || self.at(at, "\\'") {
                at += 2;
                continue;
            }
            match self.ch(at)? {
                '\'' => return Some(at + 1),
                c => at += c.len_utf8(),
            }
        }
    }

    /// A backslash and one of `chars`: where it ends.
    pub(super) fn escape(&self, pos: usize, chars: &[char]) -> Option<usize> {
        if !self.at(pos, "\\") {
            return None;
        }
        let c = self.ch(pos + 1)?;
        chars.contains(&c).then(|| pos + 1 + c.len_utf8())
    }

    /// A backslash and any character: where it ends.
    fn any_escape(&self, pos: usize) -> Option<usize> {
        if !self.at(pos, "\\") {
            return None;
        }
        self.ch(pos + 1).map(|c| pos + 1 + c.len_utf8())
    }

    /// Unquoted text: where the longest run of it from `pos` ends. Inside
    /// `$( )`, an extglob group or a `( )` goes whole into the run.
    fn unquoted_text(&mut self, pos: usize, stop: Stop, in_command: bool) -> Option<usize> {
        let mut at = pos;
        loop {
            if in_command {
                if let Some(end) = self.extglob_group(at) {
                    at = end;
                    continue;
                }
                if let Some(end) = self.subshell(at) {
                    at = end;
                    continue;
                }
            }
            let Some(c) = self.ch(at) else {
                break;
            };
            if self.stops(stop, at)
                || self.any_escape(at).is_some()
                || self.tilde_after_colon(at).is_some()
                || matches!(c, '\'' | '"' | '$' | '`')
                || !self.charge(1)
            {
                break;
            }
            at += c.len_utf8();
        }
        (at > pos).then_some(at)
    }

    /// A tilde right after a `:`, where the options expand it there.
    fn tilde_after_colon(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if !self.tilde_after_colon || pos == 0 || !self.at(pos - 1, ":") {
            return None;
        }
        self.tilde_piece(pos)
    }

    /// `~`, `~+`, `~-`, `~+N`, `~-N`, `~N` or `~USER`, followed by the end
    /// of the text or one of `/ : ; }`.
    fn tilde_piece(&mut self, pos: usize) -> Option<(WordPiece, usize)> {
        if !self.at(pos, "~") {
            return None;
        }
        let at = pos + 1;
        let ends =
            |p: &Self, at: usize| p.at_end(at) || matches!(p.ch(at), Some('/' | ':' | ';' | '}'));
        let digits_end = |p: &Self, from: usize| {
            let rest = p.text.get(from..).unwrap_or_default();
            from + rest.bytes().take_while(u8::is_ascii_digit).count()
        };
        let tilde = |expr, end| Some((WordPiece::TildeExpansion(expr), end));
        if ends(self, at) {
            return tilde(TildeExpr::Home, at);
        }
        if self.at(at, "+") && ends(self, at + 1) {
            return tilde(TildeExpr::WorkingDir, at + 1);
        }
        let from = if self.at(at, "+") { at + 1 } else { at };
        let to = digits_end(self, from);
        if ends(self, to) {
            // brush-parser's own reading panics on a number past usize;
            // here that try fails and the next ones are read.
            if let Ok(n) = self.text.get(from..to).unwrap_or_default().parse::<usize>() {
                let plus_used = from > at;
                return tilde(TildeExpr::NthDirFromTopOfDirStack { n, plus_used }, to);
            }
        }
        if self.at(at, "-") {
            if ends(self, at + 1) {
                return tilde(TildeExpr::OldWorkingDir, at + 1);
            }
            let to = digits_end(self, at + 1);
            if ends(self, to)
                && let Ok(n) = self
                    .text
                    .get(at + 1..to)
                    .unwrap_or_default()
                    .parse::<usize>()
            {
                return tilde(TildeExpr::NthDirFromBottomOfDirStack { n }, to);
            }
        }
        let rest = self.text.get(at..).unwrap_or_default();
        let user_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
            .count();
        if ends(self, at + user_len) {
            let user = self.slice(at, at + user_len);
            return tilde(TildeExpr::UserHome(user), at + user_len);
        }
        None
    }
}
