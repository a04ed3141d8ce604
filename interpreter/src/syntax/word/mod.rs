//! A word's text split into pieces (quotes, escapes, `$`-expansions,
//! tildes), in time linear in the text.
//!
//! This module reads brush-parser's word grammar, alternative for
//! alternative, so its output is brush-parser's own [`WordPiece`] tree, but
//! it remembers the outcome of every rule at every position (packrat
//! parsing): each is worked out once. Two explicit bounds make the worst
//! case a clear error instead of a long stall: a nesting depth, and a
//! budget of steps and copied bytes proportional to the text's length.
//!
//! - `pieces.rs`: words, quotes, escapes, literal text, tildes, here-document bodies;
//! - `dollar.rs`: `$(( ))`, `$[ ]`, `$( )`, backquotes, and the nested
//!   arithmetic, command and extglob text they enclose;
//! - `param.rs`: `${ }` and `$NAME`;
//! - `cost.rs`: what brush-parser's unmemoized reading would cost.
//!
//! Invariant: the pieces are brush-parser's `word::parse` output, checked
//! by `tests.rs` on a corpus of words and generated ones and by the `word`
//! fuzz target. Invariant: time linear in the text, checked by
//! `tests::nested_tries_take_linear_time` (history: `fuzz/FINDINGS.md`
//! F10-F21).

use std::collections::HashMap;

use brush_parser::ParserOptions;
use brush_parser::word::{WordPiece, WordPieceWithSource};

pub use cost::{MAX_BRUSH_STEPS, brush_word_cost};

mod cost;
mod dollar;
mod param;
mod pieces;
#[cfg(test)]
mod tests;

/// Why a word's text could not be split into pieces.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// The grammar does not read the whole text (an unclosed quote, a
    /// stray backquote). Worded as brush-parser words it.
    #[error("failed to parse word '{0}'")]
    Unparsed(String),
    /// Constructs nest deeper than the parser's depth bound.
    #[error("word nested deeper than {0} levels")]
    TooDeep(u32),
    /// Reading the text would take more than its step budget.
    #[error("word too complex to parse")]
    TooComplex,
}

/// The nesting bound of [`differs_from_brush_parser`]'s look at the text.
const DIFFERS_DEPTH: u32 = 500;

/// Whether bash reads `text` otherwise than brush-parser's word grammar,
/// which this module follows everywhere else: `${!` then `}` or a test
/// operator is the parameter `$!` (`${!-none}`), not an indirection;
/// `${##` then anything but `}` is `$#` with a prefix removed (`${##2}`),
/// not a length; a slice's offset or length runs past a `:` answering a
/// `?` (`${s: a ? 1 : 2 : 1}`); a case arm's `)` or a here-document's
/// body inside `$( )` does not end it; `\"` in backquotes inside double
/// quotes stands for `"`; `${#-}` and `${#?}` are lengths. The differential tests and the `word` fuzz target skip such
/// text.
pub fn differs_from_brush_parser(text: &str) -> bool {
    let after = |i: usize, n: usize| text.as_bytes().get(i + n).copied();
    !read_whole(text, DIFFERS_DEPTH).is_empty()
        || text
            .match_indices("${!")
            .any(|(i, _)| matches!(after(i, 3), Some(b'}' | b'-' | b'=' | b'?' | b'+' | b':')))
        || text
            .match_indices("${##")
            .any(|(i, _)| after(i, 4) != Some(b'}'))
        || slice_before_question_mark(text)
        || text.contains("${#-}")
        || text.contains("${#?}")
        || text.contains('`') && text.contains("\\\"")
}

/// Whether a `:` that is no test operator (`:-`, `:=`, `:?`, `:+`) comes
/// inside a `${` before a `?` in it or in a `${ }` nested in it: in one
/// pass, so whole scripts' words can be asked.
fn slice_before_question_mark(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Per open `${`: whether a slice's `:` came in it.
    let mut open: Vec<bool> = Vec::new();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        match c {
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                open.push(false);
                i += 1;
            }
            b':' if !open.is_empty()
                && !matches!(bytes.get(i + 1), Some(b'-' | b'=' | b'?' | b'+')) =>
            {
                if let Some(top) = open.last_mut() {
                    *top = true;
                }
            }
            b'?' if open.contains(&true) => return true,
            b'}' => {
                open.pop();
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// Splits a word (as the tokenizer cut it from a command) into pieces,
/// as `brush_parser::word::parse` does. `max_depth` bounds the nesting
/// of the constructs inside it.
pub fn parse_word(
    text: &str,
    options: &ParserOptions,
    max_depth: u32,
) -> Result<Vec<WordPieceWithSource>, WordError> {
    parse_word_in(text, options, max_depth, read_whole(text, max_depth))
}

/// [`parse_word`] with the `$( )`s read whole already found
/// ([`read_whole`]'s answer for `text`).
pub(crate) fn parse_word_in(
    text: &str,
    options: &ParserOptions,
    max_depth: u32,
    whole: Vec<(usize, usize)>,
) -> Result<Vec<WordPieceWithSource>, WordError> {
    let mut parser = Parser::new(text, options, max_depth, whole);
    let (pieces, end) = parser.word(0, Stop::END);
    parser.finish(pieces, end)
}

/// Splits a here-document body into pieces, as
/// `brush_parser::word::parse_heredoc` does: quotes are plain characters.
pub fn parse_heredoc(
    text: &str,
    options: &ParserOptions,
    max_depth: u32,
) -> Result<Vec<WordPieceWithSource>, WordError> {
    parse_heredoc_in(text, options, max_depth, read_whole(text, max_depth))
}

/// [`parse_heredoc`] with the `$( )`s read whole already found.
pub(crate) fn parse_heredoc_in(
    text: &str,
    options: &ParserOptions,
    max_depth: u32,
    whole: Vec<(usize, usize)>,
) -> Result<Vec<WordPieceWithSource>, WordError> {
    let mut parser = Parser::new(text, options, max_depth, whole);
    let (pieces, end) = parser.heredoc_word(0);
    parser.finish(pieces, end)
}

/// brush-parser's `name_equals` on the start of `word` (`NAME=`,
/// `NAME+=`, `NAME[SUBSCRIPT]=`, `NAME[SUBSCRIPT]+=`, the subscript read
/// as arithmetic text up to its `]`): the name, whether it appends, and
/// where the value starts. `None` when the word is no assignment, or its
/// subscript passes the reader's bounds.
pub(crate) fn assignment_prefix(
    word: &str,
    max_depth: u32,
) -> Option<(brush_parser::ast::AssignmentName, bool, usize)> {
    use brush_parser::ast::AssignmentName;
    // No `=`, or no name to start with: not an assignment (most words),
    // without building a parser.
    let starts_name = word
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    if !starts_name || !word.contains('=') {
        return None;
    }
    let whole = read_whole(word, max_depth);
    let mut parser = Parser::new(word, &ParserOptions::default(), max_depth, whole);
    let name_end = parser.assignable_name(0)?;
    let name = word.get(..name_end)?.to_owned();
    let (name, at) = match parser.array_element(0) {
        Some(end) if parser.failure.is_none() => {
            let index = word.get(name_end + 1..end - 1)?.to_owned();
            (AssignmentName::ArrayElementName(name, index), end)
        }
        _ if parser.failure.is_some() => return None,
        _ => (AssignmentName::VariableName(name), name_end),
    };
    let rest = word.get(at..)?;
    if rest.starts_with("+=") {
        Some((name, true, at + 2))
    } else if rest.starts_with('=') {
        Some((name, false, at + 1))
    } else {
        None
    }
}

/// Work allowed per byte of text, on top of [`BASE_BUDGET`]: a word whose
/// `$( )` nest a few levels deep copies each inner text once per level.
const BUDGET_PER_BYTE: u64 = 64;
/// Work allowed for any word, however short.
const BASE_BUDGET: u64 = 1 << 20;
/// Rule entries per level of the nesting that `max_depth` counts (a
/// quoted `$( )` level enters a piece, a quote, a `$`-piece and a command).
const ENTRIES_PER_LEVEL: u32 = 8;

/// Where a run of unquoted text stops, besides the characters that
/// always end it (the grammar's `stop_condition` argument).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Stop {
    kind: StopKind,
    /// Also stop before `(` (inside arithmetic, which pairs parentheses).
    or_paren: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum StopKind {
    /// Only at the end of the text.
    End,
    /// At `)`.
    RParen,
    /// At `))`.
    DoubleRParen,
    /// At `]`.
    RBracket,
    /// At `}`.
    RBrace,
    /// At `}` or `/` (a `${x/pattern/...}` pattern).
    RBraceOrSlash,
    /// At `:` or `}` (a `${x:offset:length}` number).
    ColonOrRBrace,
}

impl Stop {
    pub(super) const END: Stop = Stop::new(StopKind::End);
    pub(super) const RPAREN: Stop = Stop::new(StopKind::RParen);
    pub(super) const DOUBLE_RPAREN: Stop = Stop::new(StopKind::DoubleRParen);
    pub(super) const RBRACKET: Stop = Stop::new(StopKind::RBracket);
    pub(super) const RBRACE: Stop = Stop::new(StopKind::RBrace);
    pub(super) const RBRACE_OR_SLASH: Stop = Stop::new(StopKind::RBraceOrSlash);
    pub(super) const COLON_OR_RBRACE: Stop = Stop::new(StopKind::ColonOrRBrace);

    const fn new(kind: StopKind) -> Self {
        Stop {
            kind,
            or_paren: false,
        }
    }

    pub(super) fn or_paren(self) -> Self {
        Stop {
            or_paren: true,
            ..self
        }
    }
}

/// The rules remembered per position: those that the grammar's tries
/// re-read (a `$`-piece inside every reading of the text around it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// A `$`-piece or a backquoted command (its piece).
    Dollar,
    /// A double-quoted sequence (its piece).
    DoubleQuoted,
    /// Arithmetic text up to its stop (where it ends).
    Arith(Stop),
    /// The body of a `$( )` (where it ends).
    Command,
    /// A word inside `${ }`, up to its stop (where it ends).
    Word(Stop),
    /// `@( )` and friends inside `$( )` (where it ends).
    Extglob,
    /// `( )` inside `$( )` (where it ends).
    Subshell,
}

impl Rule {
    /// The rule and the position as one number: six bits of rule, the
    /// position above them.
    fn key(self, pos: usize) -> u64 {
        let stop_code = |s: Stop| (s.kind as u64) * 2 + u64::from(s.or_paren);
        let code = match self {
            Rule::Dollar => 0,
            Rule::DoubleQuoted => 1,
            Rule::Command => 2,
            Rule::Extglob => 3,
            Rule::Subshell => 4,
            Rule::Arith(s) => 8 + stop_code(s),
            Rule::Word(s) => 32 + stop_code(s),
        };
        (u64::try_from(pos).unwrap_or(u64::MAX) << 6) | code
    }
}

/// Hashes a [`Rule::key`] with one multiplication: keys are distinct
/// numbers, not text, and SipHash made a third of the parse time.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64((self.0 << 8) | u64::from(*b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        let x = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 29);
    }
}

pub(crate) type Memo<V> = HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;

type Hit = Option<(WordPiece, usize)>;

/// The grammar's state over one text: the options it reads, what each
/// rule made of each position, and the bounds.
pub(super) struct Parser<'a> {
    text: &'a str,
    sh_mode: bool,
    tilde_at_start: bool,
    tilde_after_colon: bool,
    pieces: Memo<(Hit, u64)>,
    ends: Memo<(Option<usize>, u64)>,
    /// Per rule being worked out, the steps an unmemoized reading (brush-
    /// parser's) would have taken so far: a remembered outcome counts at
    /// its full price each time it is used (see `cost.rs`).
    naive: Vec<u64>,
    depth: u32,
    max_depth: u32,
    steps: u64,
    budget: u64,
    failure: Option<WordError>,
    /// Where the `$( )`s holding a case arm or a here-document start and
    /// end, sorted: bash reads their bodies as commands, so neither the
    /// arm's `)` nor the body's text ends them.
    read_whole: Vec<(usize, usize)>,
}

/// The `$( )`s of `text` bash reads as commands to find their end: see
/// [`super::lexer::command_substitutions_read_whole`].
pub(crate) fn read_whole(text: &str, max_depth: u32) -> Vec<(usize, usize)> {
    if !(text.contains("$(") && (text.contains("case") || text.contains("<<"))) {
        return Vec::new();
    }
    let mut whole = super::lexer::command_substitutions_read_whole(text, max_depth);
    whole.sort_unstable();
    whole
}

impl<'a> Parser<'a> {
    fn new(
        text: &'a str,
        options: &ParserOptions,
        max_depth: u32,
        read_whole: Vec<(usize, usize)>,
    ) -> Self {
        let len = u64::try_from(text.len()).unwrap_or(u64::MAX);
        Parser {
            text,
            sh_mode: options.sh_mode,
            tilde_at_start: options.tilde_expansion_at_word_start,
            tilde_after_colon: options.tilde_expansion_after_colon,
            pieces: Memo::default(),
            ends: Memo::default(),
            naive: vec![0],
            depth: 0,
            max_depth: max_depth.saturating_mul(ENTRIES_PER_LEVEL).max(64),
            steps: 0,
            budget: BASE_BUDGET.saturating_add(len.saturating_mul(BUDGET_PER_BYTE)),
            failure: None,
            read_whole,
        }
    }

    fn finish(
        self,
        pieces: Vec<WordPieceWithSource>,
        end: usize,
    ) -> Result<Vec<WordPieceWithSource>, WordError> {
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        if end != self.text.len() {
            return Err(WordError::Unparsed(self.text.to_owned()));
        }
        Ok(pieces)
    }

    /// The character at `pos`, if any.
    fn ch(&self, pos: usize) -> Option<char> {
        self.text.get(pos..).and_then(|rest| rest.chars().next())
    }

    fn at(&self, pos: usize, literal: &str) -> bool {
        self.text
            .get(pos..)
            .is_some_and(|rest| rest.starts_with(literal))
    }

    fn at_end(&self, pos: usize) -> bool {
        pos >= self.text.len()
    }

    /// The grammar's `non_posix_extensions_enabled`: bash mode, and (as
    /// its `&[_]` asks) some text left.
    fn non_posix(&self, pos: usize) -> bool {
        !self.sh_mode && !self.at_end(pos)
    }

    fn slice(&mut self, from: usize, to: usize) -> String {
        let text = self.text.get(from..to).unwrap_or_default();
        self.charge(text.len());
        text.to_owned()
    }

    /// Counts `n` steps of work against the budget; false once it is spent.
    fn charge(&mut self, n: usize) -> bool {
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        self.steps = self.steps.saturating_add(n);
        self.add_naive(n);
        if self.steps > self.budget && self.failure.is_none() {
            self.failure = Some(WordError::TooComplex);
        }
        self.failure.is_none()
    }

    fn stops(&self, stop: Stop, pos: usize) -> bool {
        let hit = match stop.kind {
            StopKind::End => self.at_end(pos),
            StopKind::RParen => self.at(pos, ")"),
            StopKind::DoubleRParen => self.at(pos, "))"),
            StopKind::RBracket => self.at(pos, "]"),
            StopKind::RBrace => self.at(pos, "}"),
            StopKind::RBraceOrSlash => self.at(pos, "}") || self.at(pos, "/"),
            StopKind::ColonOrRBrace => self.at(pos, ":") || self.at(pos, "}"),
        };
        hit || (stop.or_paren && self.at(pos, "("))
    }

    /// Enters a rule: counts a step and a level; false (and the run
    /// fails) past either bound.
    fn enter(&mut self) -> bool {
        if !self.charge(1) {
            return false;
        }
        self.depth += 1;
        if self.depth > self.max_depth && self.failure.is_none() {
            self.failure = Some(WordError::TooDeep(self.max_depth / ENTRIES_PER_LEVEL));
        }
        if self.failure.is_some() {
            self.depth -= 1;
            return false;
        }
        self.naive.push(0);
        true
    }

    /// Leaves the rule [`Parser::enter`] entered: what it cost an
    /// unmemoized reading, which also counts towards its caller's.
    fn leave(&mut self) -> u64 {
        self.depth -= 1;
        let cost = self.naive.pop().unwrap_or(0);
        self.add_naive(cost);
        cost
    }

    fn add_naive(&mut self, n: u64) {
        if let Some(top) = self.naive.last_mut() {
            *top = top.saturating_add(n);
        }
    }

    /// Where the piece `rule` reads at `pos` ends, worked out once (the
    /// piece is kept for [`Parser::memo_piece`]).
    fn memo_piece_end(
        &mut self,
        rule: Rule,
        pos: usize,
        work: impl FnOnce(&mut Self) -> Hit,
    ) -> Option<usize> {
        let key = rule.key(pos);
        let known = self.pieces.get(&key);
        if let Some((end, cost)) =
            known.map(|(hit, cost)| (hit.as_ref().map(|(_, end)| *end), *cost))
        {
            self.add_naive(cost);
            return end;
        }
        if !self.enter() {
            return None;
        }
        let hit = work(self);
        let cost = self.leave();
        let end = hit.as_ref().map(|(_, end)| *end);
        if self.failure.is_none() {
            self.pieces.insert(key, (hit, cost));
        }
        end
    }

    /// The piece `rule` reads at `pos`, worked out once.
    fn memo_piece(&mut self, rule: Rule, pos: usize, work: impl FnOnce(&mut Self) -> Hit) -> Hit {
        if self.depth == 0 && !self.pieces.contains_key(&rule.key(pos)) {
            // A top-level piece is read once (no try around it re-reads
            // it): keeping a copy would only cost a clone.
            if !self.enter() {
                return None;
            }
            let hit = work(self);
            self.leave();
            return hit;
        }
        let end = self.memo_piece_end(rule, pos, work)?;
        // A piece's text is a slice of its source: copying it costs about
        // as much as the source it spans.
        if !self.charge(end.saturating_sub(pos)) {
            return None;
        }
        self.pieces
            .get(&rule.key(pos))
            .and_then(|(hit, _)| hit.clone())
    }

    /// Where `rule` at `pos` ends, worked out once.
    fn memo_end(
        &mut self,
        rule: Rule,
        pos: usize,
        work: impl FnOnce(&mut Self) -> Option<usize>,
    ) -> Option<usize> {
        let key = rule.key(pos);
        if let Some(&(end, cost)) = self.ends.get(&key) {
            self.add_naive(cost);
            return end;
        }
        if !self.enter() {
            return None;
        }
        let end = work(self);
        let cost = self.leave();
        if self.failure.is_none() {
            self.ends.insert(key, (end, cost));
        }
        end
    }
}

fn with_source(piece: WordPiece, start_index: usize, end_index: usize) -> WordPieceWithSource {
    WordPieceWithSource {
        piece,
        start_index,
        end_index,
    }
}
