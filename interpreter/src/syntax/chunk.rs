//! The lexical pre-scan: one linear pass that finds where a complete
//! command ends and measures nesting, before the text is tokenized.
//!
//! bash reads and runs a script one complete command at a time, so an
//! error on line 9 comes after lines 1-8 have run. The scan finds those
//! ends (a newline outside every construct, quote and here-document) so
//! each chunk is parsed, resolved and run before the next is read: parse
//! memory is bounded by one chunk and the run's clock, cancel and limits
//! are checked between chunks. It also refuses nesting deeper than the
//! parser budget, and tells what a text ending inside open constructs
//! was looking for (bash's `unexpected EOF while looking for matching`).
//!
//! The scan is an approximation of bash's grammar that errs on the side of
//! longer chunks: if it ends a chunk too early, the grammar reports an
//! unexpected end of input and the caller parses the rest whole.
//!
//! Invariant: the lines before a syntax error run, checked by the
//! conformance case `errors/syntax_after_output`.

use super::error::SyntaxError;

/// What the scan learnt about one chunk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ChunkScan {
    /// Byte offset just past the chunk.
    pub end: usize,
    /// Newlines inside the chunk.
    pub newlines: u32,
    /// Words and operators, and the pieces words hold (see
    /// [`piece_weight`]): what brush-parser's memory grows with.
    pub tokens: usize,
    /// Set when the text ended inside constructs (the chunk runs to EOF).
    pub unclosed: Option<Unclosed>,
    /// Here-documents whose delimiter never came: the text ended in their
    /// body (the chunk runs to EOF). Bash warns and takes what there is.
    pub eof_heredocs: Vec<EofHeredoc>,
}

/// A here-document the end of the text cut short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EofHeredoc {
    /// Its delimiter, quotes removed: the line that would have ended it.
    pub delim: String,
    /// The line bash names: the one before its body.
    pub line: u32,
}

/// Constructs still open where the text ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unclosed {
    /// Open subshells, groups, compound commands and `$(`.
    pub constructs: usize,
    /// Whether one of them is a `$(` or `((`, which bash reports as
    /// looking for a matching `)`.
    pub paren: bool,
    /// Whether the text ended inside a quote.
    pub in_quote: bool,
    /// How many of the constructs are `case`.
    pub cases: usize,
}

impl Unclosed {
    /// The error bash gives for a text ending inside these constructs,
    /// on `line` (the line after the text's last).
    pub(crate) fn eof_error(&self, line: u32) -> SyntaxError {
        if self.paren {
            SyntaxError::UnterminatedQuote { quote: ')', line }
        } else {
            SyntaxError::UnexpectedEof { line }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// `(`; `arith` when it began a command-position `((`, `array` when
    /// it follows `=` (`a=(...)`: words, not commands).
    Paren {
        arith: bool,
        array: bool,
    },
    /// `{` starting a group command.
    Group,
    /// `{` inside a word (brace expansion or `${`'s inner braces).
    WordBrace,
    Bracket,
    /// `if`, `while`, `until`, `for`, `select`.
    Keyword,
    Case,
    CmdSub,
    Param,
    DoubleQuote,
    Backquote,
}

impl Frame {
    fn is_construct(self) -> bool {
        matches!(
            self,
            Self::Paren { .. } | Self::Group | Self::Keyword | Self::Case | Self::CmdSub
        )
    }
}

/// Unclosed `$(` in one expanded here-document body that are refused.
const UNCLOSED_IN_HEREDOC: usize = 8;

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

fn is_separator(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>'
    )
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    frames: Vec<Frame>,
    max_depth: u32,
    line: u32,
    line_offset: u32,
    /// Pending here-documents: delimiter, `<<-`, quoted delimiter, and the
    /// line of the operator.
    heredocs: Vec<(Vec<u8>, bool, bool, u32)>,
    eof_heredocs: Vec<EofHeredoc>,
    cmd_pos: bool,
    word: [u8; 8],
    word_len: usize,
    word_clean: bool,
    /// The line so far ends in `|`, `&&` or `||`: the command goes on.
    continues: bool,
    tokens: usize,
    /// Tokens' worth of the pieces words hold (see [`piece_weight`]).
    pieces: usize,
    in_single: bool,
}

/// Scans one chunk of `text` starting at `from` (which must be the start
/// of a command: offset 0 or the end of an earlier chunk). A chunk of
/// `split_long` words and operators or more also ends after a top-level
/// `;` or `&`, so one enormous line is parsed a piece at a time.
pub(crate) fn next_chunk(
    text: &str,
    from: usize,
    max_depth: u32,
    line_offset: u32,
    split_long: usize,
) -> Result<ChunkScan, SyntaxError> {
    let mut s = Scanner {
        b: text.as_bytes(),
        i: from,
        frames: Vec::new(),
        max_depth,
        line: 1,
        line_offset,
        heredocs: Vec::new(),
        eof_heredocs: Vec::new(),
        cmd_pos: true,
        word: [0; 8],
        word_len: 0,
        word_clean: true,
        continues: false,
        tokens: 0,
        pieces: 0,
        in_single: false,
    };
    s.run(split_long)
}

/// What a command separator (`;`, `&`, `|`, `&&`, `||`, a newline) costs
/// the parse beyond a token, in tokens' worth.
const SEPARATOR_WEIGHT: usize = 3;

/// What the piece a byte starts costs, in tokens' worth: an expansion
/// (`$`, a backquote) costs the parse about 650 bytes, two tokens (a
/// here-document body of 450 000 `$x` peaked at 290 MB before pieces were
/// counted); a quote or an escape, one. Only bytes that start a piece
/// where they stand are weighed (`quotes`: whether quotes do there).
fn piece_weight(c: u8, quotes: bool) -> usize {
    match c {
        b'$' | b'`' => 2,
        b'\\' => 1,
        b'\'' | b'"' if quotes => 1,
        _ => 0,
    }
}

/// Refuses `text` when it nests deeper than `max_depth` anywhere.
pub(crate) fn check_depth(text: &str, max_depth: u32, line_offset: u32) -> Result<(), SyntaxError> {
    count_tokens(text, max_depth, line_offset).map(|_| ())
}

/// The words and operators in `text`; refuses nesting deeper than
/// `max_depth`.
pub(crate) fn count_tokens(
    text: &str,
    max_depth: u32,
    line_offset: u32,
) -> Result<usize, SyntaxError> {
    let mut from = 0;
    let mut tokens = 0usize;
    let mut line_offset = line_offset;
    while from < text.len() {
        let scan = next_chunk(text, from, max_depth, line_offset, usize::MAX)?;
        tokens = tokens.saturating_add(scan.tokens);
        line_offset = line_offset.saturating_add(scan.newlines);
        from = scan.end.max(from + 1);
    }
    Ok(tokens)
}

impl Scanner<'_> {
    fn peek(&self, ahead: usize) -> Option<u8> {
        self.b.get(self.i + ahead).copied()
    }

    fn top(&self) -> Option<Frame> {
        self.frames.last().copied()
    }

    fn push(&mut self, f: Frame) -> Result<(), SyntaxError> {
        self.frames.push(f);
        if self.frames.len() > self.max_depth as usize {
            return Err(SyntaxError::TooDeep {
                limit: self.max_depth,
                line: self.line.saturating_add(self.line_offset),
            });
        }
        Ok(())
    }

    fn pop_if(&mut self, want: impl Fn(Frame) -> bool) {
        if self.top().is_some_and(want) {
            self.frames.pop();
        }
    }

    fn newline(&mut self) {
        self.line = self.line.saturating_add(1);
    }

    fn run(&mut self, split_long: usize) -> Result<ChunkScan, SyntaxError> {
        let start_line = self.line;
        let done = |s: &mut Self, end: usize, unclosed: Option<Unclosed>| ChunkScan {
            end,
            newlines: s.line - start_line,
            tokens: s.tokens.saturating_add(s.pieces),
            unclosed,
            eof_heredocs: std::mem::take(&mut s.eof_heredocs),
        };
        while let Some(c) = self.peek(0) {
            if self.in_single {
                self.single_quoted();
                continue;
            }
            match self.top() {
                Some(Frame::DoubleQuote) => {
                    self.pieces = self.pieces.saturating_add(piece_weight(c, false));
                    self.double_quoted(c)?;
                }
                Some(Frame::Backquote) => {
                    self.pieces = self.pieces.saturating_add(piece_weight(c, true));
                    match c {
                        b'\\' => {
                            if self.peek(1) == Some(b'\n') {
                                self.newline();
                            }
                            self.i += 1;
                        }
                        b'`' => {
                            self.frames.pop();
                        }
                        b'\n' => self.newline(),
                        _ => {}
                    }
                    self.i += 1;
                }
                _ => {
                    self.pieces = self.pieces.saturating_add(piece_weight(c, true));
                    if let Some(end) = self.code(c, split_long)? {
                        return Ok(done(self, end, None));
                    }
                }
            }
        }
        let quote = self.in_single
            || self
                .frames
                .iter()
                .any(|f| matches!(f, Frame::DoubleQuote | Frame::Backquote));
        // Operators on the last line, which has no newline: their bodies
        // are empty.
        for (delim, _, _, line) in std::mem::take(&mut self.heredocs) {
            self.eof_heredocs.push(self.eof_heredoc(delim, line));
        }
        let constructs = self.frames.iter().filter(|f| f.is_construct()).count();
        let unclosed = (quote || constructs > 0).then_some(Unclosed {
            constructs,
            paren: self
                .frames
                .iter()
                .any(|f| matches!(f, Frame::CmdSub | Frame::Paren { arith: true, .. })),
            in_quote: quote,
            cases: self.frames.iter().filter(|f| **f == Frame::Case).count(),
        });
        Ok(done(self, self.b.len(), unclosed))
    }

    fn single_quoted(&mut self) {
        while let Some(c) = self.peek(0) {
            self.i += 1;
            match c {
                b'\'' => {
                    self.in_single = false;
                    return;
                }
                b'\n' => self.newline(),
                _ => {}
            }
        }
    }

    fn double_quoted(&mut self, c: u8) -> Result<(), SyntaxError> {
        match c {
            b'\\' => {
                if self.peek(1) == Some(b'\n') {
                    self.newline();
                }
                self.i += 2;
                return Ok(());
            }
            b'"' => {
                self.frames.pop();
            }
            b'`' => self.push(Frame::Backquote)?,
            b'$' if self.peek(1) == Some(b'(') => {
                self.i += 1;
                self.push(Frame::CmdSub)?;
            }
            b'$' if self.peek(1) == Some(b'{') => {
                self.i += 1;
                self.push(Frame::Param)?;
            }
            b'\n' => self.newline(),
            _ => {}
        }
        self.i += 1;
        Ok(())
    }

    /// Ends the current word: reserved words open and close constructs
    /// only where a command starts.
    fn end_word(&mut self) -> Result<(), SyntaxError> {
        if self.word_len == 0 {
            return Ok(());
        }
        let buf = self.word;
        let word = buf.get(..self.word_len).unwrap_or(&[]);
        let clean = self.word_clean;
        // Inside `${ }` nothing is a command: `"${u) case}"` opens no `case`
        // (reading one there let a text end unrefused inside sixteen real
        // ones, which brush-parser took seconds over: fuzz F18).
        let in_param = self.frames.last() == Some(&Frame::Param);
        if self.cmd_pos && clean && !in_param {
            match word {
                b"if" | b"while" | b"until" | b"for" | b"select" => self.push(Frame::Keyword)?,
                b"case" => self.push(Frame::Case)?,
                b"fi" | b"done" => self.pop_if(|f| f == Frame::Keyword),
                b"esac" => self.pop_if(|f| f == Frame::Case),
                _ => {}
            }
        }
        self.cmd_pos = clean
            && matches!(
                word,
                b"then" | b"do" | b"else" | b"elif" | b"if" | b"while" | b"until" | b"time"
            );
        self.word_len = 0;
        self.word_clean = true;
        Ok(())
    }

    /// One byte in code context. Returns the chunk's end when this byte
    /// ends a complete top-level command.
    fn code(&mut self, c: u8, split_long: usize) -> Result<Option<usize>, SyntaxError> {
        // A token starts at an operator byte or at the first byte of a
        // word (quotes, `$` and escapes inside a word do not start one).
        let starts_token = is_separator(c) && !matches!(c, b' ' | b'\t' | b'\n')
            || !is_separator(c)
                && (self.i == 0 || self.b.get(self.i - 1).is_none_or(|&p| is_separator(p)));
        if starts_token {
            self.tokens += 1;
        }
        // A command separator starts a new command (or pipeline) in
        // brush-parser's tree, about 1.6 KB more than a word: an and-or
        // list of 100 000 `&& true` peaked at 215 MB where 200 000 tokens
        // (100 MB) had been counted.
        let repeated = self.i.checked_sub(1).and_then(|p| self.b.get(p)) == Some(&c);
        if matches!(c, b'&' | b'|' | b';' | b'\n') && !repeated {
            self.pieces = self.pieces.saturating_add(SEPARATOR_WEIGHT);
        }
        if is_word_byte(c) {
            if let Some(slot) = self.word.get_mut(self.word_len) {
                *slot = c;
                self.word_len += 1;
            } else {
                self.word_clean = false;
            }
            self.continues = false;
            self.i += 1;
            return Ok(None);
        }
        self.end_word()?;
        // Only a word glued to this byte (`$if`, `:if`) is not a keyword.
        self.word_clean = true;
        let at_cmd = self.cmd_pos;
        // `>|`, `>&` and `<&` are redirections: the word after them is a
        // file or a descriptor, never a keyword (reading the `esac` of
        // `;>|esac` as one let nested `case`s stay open unrefused, which
        // brush-parser took 0.6 s over in 2.5 KB).
        let redirects = matches!(c, b'&' | b'|')
            && self
                .i
                .checked_sub(1)
                .and_then(|p| self.b.get(p))
                .is_some_and(|p| matches!(p, b'>' | b'<'));
        match c {
            b'&' | b'|' if redirects => {
                self.cmd_pos = false;
                self.word_clean = false;
            }
            b';' | b'&' | b'|' | b'(' | b')' | b'{' | b'}' | b'\n' | b'!' => self.cmd_pos = true,
            b' ' | b'\t' => {}
            _ => {
                self.cmd_pos = false;
                self.word_clean = false;
            }
        }
        if !matches!(c, b' ' | b'\t' | b'\n') {
            self.continues = false;
        }
        let top_level = self.frames.is_empty();
        match c {
            b'\n' => {
                self.newline();
                self.i += 1;
                self.skip_heredoc_bodies()?;
                self.cmd_pos = true;
                if top_level && !self.continues {
                    return Ok(Some(self.i));
                }
                return Ok(None);
            }
            b'\\' => {
                if self.peek(1) == Some(b'\n') {
                    self.newline();
                }
                self.i += 2;
                self.cmd_pos = false;
                return Ok(None);
            }
            b'#' if self.i == 0
                || self.b.get(self.i - 1).is_none_or(|&p| {
                    matches!(p, b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b')')
                }) =>
            {
                while let Some(n) = self.peek(0) {
                    if n == b'\n' {
                        break;
                    }
                    self.i += 1;
                }
                return Ok(None);
            }
            b'\'' => {
                self.in_single = true;
                self.i += 1;
                return Ok(None);
            }
            b'$' => {
                match self.peek(1) {
                    Some(b'\'') => {
                        self.i += 2;
                        self.ansi_c();
                    }
                    Some(b'(') => {
                        self.i += 2;
                        self.push(Frame::CmdSub)?;
                        // A command starts the body, so a `case` there opens
                        // one and its arms' `)` do not close the `$(`.
                        self.cmd_pos = self.peek(0) != Some(b'(');
                        self.word_clean = true;
                    }
                    Some(b'{') => {
                        self.i += 2;
                        self.push(Frame::Param)?;
                    }
                    _ => self.i += 1,
                }
                return Ok(None);
            }
            b'"' => self.push(Frame::DoubleQuote)?,
            b'`' => self.push(Frame::Backquote)?,
            b'(' => {
                // `((` where a command starts and `$((` open arithmetic,
                // where `<<` is a shift, not a here-document.
                let after_dollar = self.i >= 2
                    && self.b.get(self.i - 2) == Some(&b'$')
                    && self.b.get(self.i - 1) == Some(&b'(');
                let arith = (at_cmd && self.peek(1) == Some(b'(')) || after_dollar;
                let array = self.i > 0 && self.b.get(self.i - 1) == Some(&b'=');
                self.push(Frame::Paren { arith, array })?;
            }
            b')' => self.pop_if(|f| matches!(f, Frame::Paren { .. } | Frame::CmdSub)),
            b'{' => {
                let group = at_cmd && self.peek(1).is_some_and(|n| n.is_ascii_whitespace());
                self.push(if group {
                    Frame::Group
                } else {
                    Frame::WordBrace
                })?;
            }
            // `}` closes a group only where a command could start.
            b'}' if at_cmd => {
                self.pop_if(|f| matches!(f, Frame::Group | Frame::WordBrace | Frame::Param))
            }
            b'}' => self.pop_if(|f| matches!(f, Frame::WordBrace | Frame::Param)),
            b'[' => self.push(Frame::Bracket)?,
            b']' => self.pop_if(|f| f == Frame::Bracket),
            b'<' if self.peek(1) == Some(b'<') && !self.in_arith() => {
                self.i += 2;
                if self.peek(0) == Some(b'<') {
                    self.i += 1;
                } else {
                    self.heredoc_operator();
                }
                return Ok(None);
            }
            b'|' => {
                self.continues = true;
                if self.peek(1) == Some(b'|') || self.peek(1) == Some(b'&') {
                    self.i += 1;
                }
            }
            b'&' if self.peek(1) == Some(b'&') => {
                self.continues = true;
                self.i += 1;
            }
            b'&' | b'>' | b'<' if matches!(self.peek(1), Some(b'>' | b'&')) => {
                // `&>`, `>&`, `<&`, `>>`: a redirection, not a separator.
                self.i += 1;
            }
            b';' if matches!(self.peek(1), Some(b';' | b'&')) && self.frames.is_empty() => {
                // `;;` and `;&` end case items only: at top level bash stops
                // at once (brush-parser takes a second per million).
                let token = if self.peek(1) == Some(b'&') {
                    ";&"
                } else {
                    ";;"
                };
                return Err(self.near_token(token));
            }
            b';' if matches!(self.peek(1), Some(b';' | b'&')) => {
                self.i += 1;
                if self.peek(1) == Some(b'&') {
                    self.i += 1;
                }
            }
            b';' | b'&' => {
                self.i += 1;
                self.cmd_pos = true;
                if top_level && self.heredocs.is_empty() && self.tokens >= split_long {
                    return Ok(Some(self.i));
                }
                return Ok(None);
            }
            _ => {}
        }
        self.i += 1;
        Ok(None)
    }

    /// bash's error for an operator where none may stand.
    fn near_token(&self, token: &str) -> SyntaxError {
        let start = self
            .b
            .get(..self.i)
            .and_then(|b| b.iter().rposition(|&c| c == b'\n'))
            .map_or(0, |p| p + 1);
        let end = self
            .b
            .get(self.i..)
            .and_then(|b| b.iter().position(|&c| c == b'\n'))
            .map_or(self.b.len(), |p| self.i + p);
        let source_line =
            String::from_utf8_lossy(self.b.get(start..end).unwrap_or(&[])).into_owned();
        SyntaxError::NearToken {
            token: token.to_owned(),
            line: self.line.saturating_add(self.line_offset),
            source_line,
        }
    }

    fn in_arith(&self) -> bool {
        self.frames
            .iter()
            .any(|f| matches!(f, Frame::Paren { arith: true, .. }))
    }

    fn ansi_c(&mut self) {
        while let Some(c) = self.peek(0) {
            self.i += 1;
            match c {
                b'\\' => self.i += 1,
                b'\'' => return,
                b'\n' => self.newline(),
                _ => {}
            }
        }
    }

    /// After `<<` or `<<-`: notes the delimiter so the body is skipped at
    /// the end of the line.
    fn heredoc_operator(&mut self) {
        let strip_tabs = self.peek(0) == Some(b'-');
        if strip_tabs {
            self.i += 1;
        }
        while matches!(self.peek(0), Some(b' ' | b'\t')) {
            self.i += 1;
        }
        let mut delim = Vec::new();
        let mut quoted = false;
        // The delimiter is one word, quote removal applied: a quoted part
        // may hold blanks and operators.
        let mut quote = None;
        while let Some(n) = self.peek(0) {
            match (quote, n) {
                (Some(q), n) if n == q => quote = None,
                (Some(b'"'), b'\\') if matches!(self.peek(1), Some(b'"' | b'\\' | b'$' | b'`')) => {
                    self.i += 1;
                    delim.extend(self.peek(0));
                }
                (Some(_), n) => delim.push(n),
                (None, b'\'' | b'"') => {
                    quoted = true;
                    quote = Some(n);
                }
                (None, b'\\') => {
                    quoted = true;
                    self.i += 1;
                    delim.extend(self.peek(0));
                }
                (None, n)
                    if n.is_ascii_whitespace()
                        || matches!(n, b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')') =>
                {
                    break;
                }
                (None, n) => delim.push(n),
            }
            if n == b'\n' {
                self.newline();
            }
            self.i += 1;
        }
        self.heredocs.push((delim, strip_tabs, quoted, self.line));
    }

    fn eof_heredoc(&self, delim: Vec<u8>, line: u32) -> EofHeredoc {
        EofHeredoc {
            delim: String::from_utf8_lossy(&delim).into_owned(),
            line: line.saturating_add(self.line_offset),
        }
    }

    /// Skips the bodies of the here-documents the line started. An
    /// unquoted body is expanded, and brush-parser's time to reject many
    /// unclosed `$(` in it is exponential: those are refused here.
    fn skip_heredoc_bodies(&mut self) -> Result<(), SyntaxError> {
        for (delim, strip_tabs, quoted, _) in std::mem::take(&mut self.heredocs) {
            let mut open = 0usize;
            // Bash names the line before the body (the operator's, for the
            // first body of a line).
            let line = self.line.saturating_sub(1);
            loop {
                let rest = self.b.get(self.i..).unwrap_or(&[]);
                if rest.is_empty() {
                    self.eof_heredocs.push(self.eof_heredoc(delim, line));
                    break;
                }
                let len = rest.iter().position(|&c| c == b'\n');
                let body_line = rest.get(..len.unwrap_or(rest.len())).unwrap_or(&[]);
                let l = if strip_tabs {
                    let tabs = body_line.iter().take_while(|&&c| c == b'\t').count();
                    body_line.get(tabs..).unwrap_or(&[])
                } else {
                    body_line
                };
                let found = l == delim.as_slice();
                if !found && !quoted {
                    let weight: usize = body_line.iter().map(|&c| piece_weight(c, false)).sum();
                    self.pieces = self.pieces.saturating_add(weight);
                    for w in body_line.windows(2) {
                        if w == b"$(" {
                            open += 1;
                        } else if w.get(1) == Some(&b')') {
                            open = open.saturating_sub(1);
                        }
                    }
                }
                match len {
                    Some(n) => {
                        self.i += n + 1;
                        self.newline();
                    }
                    None => self.i = self.b.len(),
                }
                if found {
                    break;
                }
            }
            if open >= UNCLOSED_IN_HEREDOC {
                return Err(SyntaxError::UnterminatedQuote {
                    quote: ')',
                    line: self.line.saturating_add(self.line_offset),
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut from = 0;
        while from < text.len() {
            let Ok(scan) = next_chunk(text, from, 200, 0, usize::MAX) else {
                panic!("scan failed on {text:?}");
            };
            out.push(text.get(from..scan.end).unwrap_or(""));
            from = scan.end;
        }
        out
    }

    #[test]
    fn a_case_in_a_command_substitution_keeps_it_open() {
        assert_eq!(
            chunks("x=$(case a in a) y;; esac)\nz $((1)) $( (a) )\n"),
            ["x=$(case a in a) y;; esac)\n", "z $((1)) $( (a) )\n"]
        );
    }

    #[test]
    fn splits_at_top_level_newlines_only() {
        assert_eq!(chunks("a\nb\n"), ["a\n", "b\n"]);
        assert_eq!(chunks("if x\nthen y\nfi\nz"), ["if x\nthen y\nfi\n", "z"]);
        assert_eq!(chunks("a &&\nb\nc"), ["a &&\nb\n", "c"]);
        assert_eq!(chunks("a |\nb\n"), ["a |\nb\n"]);
        assert_eq!(chunks("echo 'x\ny'\nz\n"), ["echo 'x\ny'\n", "z\n"]);
        assert_eq!(
            chunks("echo \"$(echo \")\n\")\"\nz\n"),
            ["echo \"$(echo \")\n\")\"\n", "z\n"]
        );
        assert_eq!(chunks("cat <<E\n(\nE\nz\n"), ["cat <<E\n(\nE\n", "z\n"]);
        assert_eq!(
            chunks("f() {\n echo }\n}\nz\n"),
            ["f() {\n echo }\n}\n", "z\n"]
        );
        assert_eq!(
            chunks("case x in\n x) y;;\nesac\nz\n"),
            ["case x in\n x) y;;\nesac\n", "z\n"]
        );
        assert_eq!(chunks("echo a \\\nb\nz"), ["echo a \\\nb\n", "z"]);
        assert_eq!(chunks("# (\nz\n"), ["# (\n", "z\n"]);
        assert_eq!(chunks("echo \"(\"\nz\n"), ["echo \"(\"\n", "z\n"]);
    }

    #[test]
    fn long_lines_split_at_separators() {
        let text = ":;".repeat(10);
        let scan = next_chunk(&text, 0, 200, 0, 6).ok();
        assert_eq!(scan.map(|s| s.end), Some(6));
        // Not inside a here-document's line, nor at `;;` / `&&` / `>&`.
        let scan = next_chunk("cat <<E; :\nx\nE\n", 0, 200, 0, 1).ok();
        assert_eq!(scan.map(|s| s.end), Some(15));
        let scan = next_chunk("a && b >&2 c", 0, 200, 0, 1).ok();
        assert_eq!(scan.map(|s| s.end), Some(12));
    }

    #[test]
    fn reports_what_is_left_open() {
        let scan = next_chunk(&"( ".repeat(30), 0, 200, 0, usize::MAX).ok();
        let unclosed = scan.and_then(|s| s.unclosed);
        assert_eq!(unclosed.map(|u| (u.constructs, u.paren)), Some((30, false)));
        let scan = next_chunk("((((ls", 0, 200, 0, usize::MAX).ok();
        assert_eq!(scan.and_then(|s| s.unclosed).map(|u| u.paren), Some(true));
        let scan = next_chunk("echo {{{{", 0, 200, 0, usize::MAX).ok();
        assert_eq!(scan.and_then(|s| s.unclosed), None);
        let scan = next_chunk("echo \"", 0, 200, 0, usize::MAX).ok();
        assert_eq!(
            scan.and_then(|s| s.unclosed).map(|u| u.in_quote),
            Some(true)
        );
    }

    #[test]
    fn words_after_redirections_are_not_keywords() {
        // `>|esac` writes to a file named `esac`: the `case` stays open
        // (fuzz F23), as after `>&esac` and `<&esac`.
        for op in [">|", ">&", "<&"] {
            let text = format!("case x in x) y {op}esac\n");
            let scan = next_chunk(&text, 0, 200, 0, usize::MAX).ok();
            let cases = scan.and_then(|s| s.unclosed).map(|u| u.cases);
            assert_eq!(cases, Some(1), "{text:?}");
        }
        let scan = next_chunk("case x in x) y | esac\n", 0, 200, 0, usize::MAX).ok();
        assert_eq!(scan.and_then(|s| s.unclosed), None);
    }

    #[test]
    fn double_semicolon_outside_case_is_an_error() {
        let err = next_chunk("echo a\necho b;;;\n", 7, 200, 0, usize::MAX);
        assert!(
            matches!(err, Err(SyntaxError::NearToken { ref token, line: 1, ref source_line }) if token == ";;" && source_line == "echo b;;;")
        );
        assert!(next_chunk("case x in x) a;; y) b;& esac", 0, 200, 0, usize::MAX).is_ok());
        assert!(next_chunk("for ((;;)); do break; done", 0, 200, 0, usize::MAX).is_ok());
    }

    #[test]
    fn heredoc_with_many_unclosed_substitutions_is_refused() {
        let text = format!("cat <<E\n{}\nE\n", "$(".repeat(100));
        assert!(matches!(
            next_chunk(&text, 0, 200, 0, usize::MAX),
            Err(SyntaxError::UnterminatedQuote { quote: ')', .. })
        ));
        let quoted = format!("cat <<'E'\n{}\nE\n", "$(".repeat(100));
        assert!(next_chunk(&quoted, 0, 200, 0, usize::MAX).is_ok());
        let balanced = format!("cat <<E\n{}x{}\nE\n", "$(".repeat(20), ")".repeat(20));
        assert!(next_chunk(&balanced, 0, 200, 0, usize::MAX).is_ok());
    }

    #[test]
    fn reserved_words_inside_a_parameter_open_nothing() {
        let text = format!(
            "{}x \"${{u) case}}\" ${{v;if}}\n",
            "case x in x) ".repeat(16)
        );
        let scan = next_chunk(&text, 0, 500, 0, usize::MAX).unwrap();
        let open = scan.unclosed.unwrap();
        assert_eq!((open.constructs, open.in_quote), (16, false));
    }

    #[test]
    fn refuses_deep_nesting() {
        let deep = "$(".repeat(300);
        assert!(matches!(
            next_chunk(&deep, 0, 200, 0, usize::MAX),
            Err(SyntaxError::TooDeep { limit: 200, .. })
        ));
    }
}
