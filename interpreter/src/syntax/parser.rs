//! The script grammar over the lexer's tokens, building `ast.rs` directly:
//! each word, subscript, arithmetic expression and nested body is resolved
//! (`words.rs`) as the rule that holds it completes, so no intermediate
//! tree and no owned token is made.
//!
//! The rules are `grammar.rs`'s (brush-parser 0.4's, read predictively
//! with the two backtracking places remembered per position), and so are
//! the failures ([`Fail`]), so a text is accepted, rejected and reported
//! alike. Where a rule reads ahead and may give up (`[[ ]]` operands, an
//! assignment's shape), it first reads token indices only and resolves
//! once the rule holds, so no word is resolved for a reading that is
//! dropped. A resolution error is kept and the grammar reads on: an error
//! of the grammar anywhere in the text is the one reported, as when the
//! whole text was first read and then resolved.
//!
//! Invariant: the tree and the error are those of the old path (lexer,
//! `to_brush`, `grammar.rs`, `resolve.rs`) on every text, checked by
//! `parser::tests::the_parser_builds_the_resolvers_tree_on_the_corpora`,
//! `..._on_generated_scripts` and the `grammar_diff` fuzz target.
//! Invariant: nesting deeper than `max_depth` is an error, not a stack
//! overflow (every recursive rule passes `enter`), checked by
//! `parser::tests::deep_nesting_is_an_error`.

mod command;
mod compound;
pub(crate) mod deviation;
pub(crate) mod errors;
mod redirect;
mod test_expr;
#[cfg(test)]
mod tests;

// The old path's grammar reads the same words and predicates.
#[cfg(any(test, feature = "oracle"))]
pub(crate) use command::is_reserved;
#[cfg(any(test, feature = "oracle"))]
pub(crate) use compound::is_select;
#[cfg(any(test, feature = "oracle"))]
pub(crate) use test_expr::{binary_predicate, unary_predicate};

use std::collections::HashMap;

use super::alias::Aliases;
use super::error::SyntaxError;
use super::lexer::{self, Kind, Op, Tok};
use super::words::Words;
use crate::ast::{AndOr, Connector, Item, List, Pipeline, Script, Subscript, Word};

/// Why the tokens are not a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fail {
    /// The token at this index (or the end, at the tokens' length) cannot
    /// continue the program.
    At(usize),
    /// Constructs nest deeper than the bound, at this token.
    Deep(usize),
    /// The `[[` at token `open` starts no valid conditional command (bash
    /// words this failure itself: `cond_error.rs`); the grammar stopped
    /// at token `at`.
    Cond {
        /// Where the `[[` is.
        open: usize,
        /// Where the grammar failed.
        at: usize,
    },
    /// Inside the `name=( … )` whose `(` is token `open`, token `at` (or
    /// the end) is no element: bash's error that it reads on after.
    Array {
        /// Where the `(` is.
        open: usize,
        /// The token that is no element.
        at: usize,
    },
}

type G<T> = Result<T, Fail>;

/// Where a node is in the text: brush-parser's span of it (byte offsets)
/// and the line it starts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
    line: u32,
}

impl Span {
    fn of(t: &Tok) -> Self {
        Self {
            start: t.start,
            end: t.end,
            line: t.line,
        }
    }

    /// From the start of `self` to the end of `to`.
    fn to(self, to: Self) -> Self {
        Self {
            end: to.end,
            ..self
        }
    }
}

/// `a` to `b` when both are known (brush-parser's `maybe_location`).
fn join(a: Option<Span>, b: Option<Span>) -> Option<Span> {
    Some(a?.to(b?))
}

/// Tokens, grammar and resolution: one text to its resolved tree, whose
/// first line is line `line_offset + 1`.
pub(crate) fn parse_text(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    let opts = lexer::Options::from(&options.tokenizer_options());
    let lexed = lexer::lex(text, opts, max_depth)
        .map_err(|e| errors::lex_error(&e, text, line_offset, max_depth))?;
    let words = Words {
        options,
        line_offset,
        max_depth,
        aliases,
        body: parse_nested,
    };
    match aliases {
        Some(a) if !a.is_empty() => {
            let expanded = super::alias::expand(&lexed, text, a, opts, max_depth)
                .map_err(|_| SyntaxError::Unsupported("alias expansion too large".into()))?;
            parse_lexed(&expanded.toks, &expanded.cooked, text, words)
        }
        _ => parse_lexed(&lexed.toks, &lexed.cooked, text, words),
    }
}

/// [`parse_text`] after measuring the text's nesting: how a body nested
/// in a word (`$( )`, backquotes) is parsed.
pub(crate) fn parse_nested(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    if super::shown::printing() {
        // A print shows a word's `$( )` bodies from the word's text
        // (`shown::shown_word`), within its budget: the bodies are not
        // parsed with the text.
        return Ok(Script {
            list: Vec::new(),
            units: Vec::new(),
        });
    }
    parse_again(text, options, line_offset, max_depth, aliases)
}

/// [`parse_text`] after measuring the text's nesting, for a print as for
/// a run: a text read again (a subshell in a subshell, the rest of a
/// script).
pub(crate) fn parse_again(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    super::chunk::check_depth(text, max_depth, line_offset)?;
    parse_text(text, options, line_offset, max_depth, aliases)
}

/// Resolves one word's text on its own (a brace expansion's result, read
/// as a word again).
pub(crate) fn word(text: &str, max_depth: u32) -> Result<Word, SyntaxError> {
    detached(max_depth, |r| r.word(text))
}

/// Resolves an array subscript's text on its own (`${!ref}` naming
/// `a[i]`).
pub(crate) fn subscript(text: &str, max_depth: u32) -> Result<Subscript, SyntaxError> {
    detached(max_depth, |r| r.subscript(text))
}

/// Runs `f` with the word context of a text outside any script: line 1.
fn detached<T>(max_depth: u32, f: impl FnOnce(&Words<'_>) -> T) -> T {
    let options = brush_parser::ParserOptions::default();
    f(&Words {
        options: &options,
        line_offset: 0,
        max_depth,
        aliases: None,
        body: parse_nested,
    })
}

fn parse_lexed(
    toks: &[Tok],
    cooked: &str,
    src: &str,
    words: Words<'_>,
) -> Result<Script, SyntaxError> {
    let mut p = Parser::new(toks, cooked, src, words);
    match p.program() {
        Ok(script) => match p.bad.take() {
            Some(e) => Err(e),
            None => Ok(script),
        },
        Err(fail) => Err(p.error(fail)),
    }
}

pub(crate) struct Parser<'t> {
    toks: &'t [Tok],
    cooked: &'t str,
    src: &'t str,
    pos: usize,
    depth: u32,
    /// The bound of `depth`: a level of shell nesting is a few rules deep.
    max_depth: u32,
    words: Words<'t>,
    /// The first resolution error met.
    bad: Option<SyntaxError>,
    /// Where `arithmetic_expression_piece` ends, per start.
    arith: HashMap<usize, Option<usize>>,
    /// Where `regex_word_piece` ends, per start.
    regex: HashMap<usize, Option<usize>>,
    /// A buffer for simple commands' texts, reused.
    text_buf: String,
    /// Where each line of `src` starts, found when first needed.
    line_starts: std::cell::OnceCell<Vec<u32>>,
}

impl<'t> Parser<'t> {
    fn new(toks: &'t [Tok], cooked: &'t str, src: &'t str, words: Words<'t>) -> Self {
        Self {
            toks,
            cooked,
            src,
            pos: 0,
            depth: 0,
            max_depth: words.max_depth.saturating_mul(4).saturating_add(16),
            words,
            bad: None,
            arith: HashMap::new(),
            regex: HashMap::new(),
            text_buf: String::new(),
            line_starts: std::cell::OnceCell::new(),
        }
    }

    // ---- tokens ----

    fn tok(&self, at: usize) -> Option<&'t Tok> {
        self.toks.get(at)
    }

    /// The text of `t`.
    fn text(&self, t: &Tok) -> &'t str {
        lexer::tok_text(t, self.cooked, self.src)
    }

    /// The text of the word token at `at`, if it is one.
    fn word_text(&self, at: usize) -> Option<&'t str> {
        let t = self.tok(at)?;
        (!matches!(t.kind, Kind::Op(_))).then(|| self.text(t))
    }

    fn op_at(&self, at: usize, op: Op) -> bool {
        matches!(self.tok(at), Some(t) if t.kind == Kind::Op(op))
    }

    fn word_at(&self, at: usize, w: &str) -> bool {
        self.word_text(at) == Some(w)
    }

    fn is_word(&self, at: usize) -> bool {
        matches!(self.tok(at), Some(t) if !matches!(t.kind, Kind::Op(_)))
    }

    fn op(&mut self, op: Op) -> bool {
        let hit = self.op_at(self.pos, op);
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn word_is(&mut self, w: &str) -> bool {
        let hit = self.word_at(self.pos, w);
        if hit {
            self.pos += 1;
        }
        hit
    }

    /// The word token here, taken: its index.
    fn take_word(&mut self) -> Option<usize> {
        if self.is_word(self.pos) {
            self.pos += 1;
            Some(self.pos - 1)
        } else {
            None
        }
    }

    fn span(&self, at: usize) -> G<Span> {
        self.tok(at).map(Span::of).ok_or(Fail::At(at))
    }

    fn expect_op(&mut self, op: Op) -> G<Span> {
        if self.op_at(self.pos, op) {
            self.pos += 1;
            self.span(self.pos - 1)
        } else {
            self.fail()
        }
    }

    fn expect_word(&mut self, w: &str) -> G<Span> {
        if self.word_at(self.pos, w) {
            self.pos += 1;
            self.span(self.pos - 1)
        } else {
            self.fail()
        }
    }

    fn fail<T>(&self) -> G<T> {
        Err(Fail::At(self.pos))
    }

    /// A list was wanted here: the error is at the first token after the
    /// newlines a list may start with.
    fn fail_past_newlines<T>(&mut self) -> G<T> {
        self.linebreak();
        self.fail()
    }

    fn enter(&mut self) -> G<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(Fail::Deep(self.pos));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The text of tokens `from..to`, a space where the source had a gap
    /// (brush-parser's `ParseSlice`).
    fn slice(&self, from: usize, to: usize) -> String {
        let mut out = String::new();
        let mut prev_end: Option<u32> = None;
        for t in self.toks.get(from..to).unwrap_or_default() {
            if prev_end.is_some_and(|end| t.start > end) {
                out.push(' ');
            }
            out.push_str(self.text(t));
            prev_end = Some(t.end);
        }
        out
    }

    /// The source a span covers.
    fn src_of(&self, s: Span) -> &'t str {
        let len = self.src.len();
        let from = (s.start as usize).min(len);
        let to = (s.end as usize).min(len).max(from);
        self.src.get(from..to).unwrap_or("")
    }

    fn linebreak(&mut self) {
        while self.op(Op::Newline) {}
    }

    fn newline_list(&mut self) -> bool {
        let start = self.pos;
        self.linebreak();
        self.pos > start
    }

    fn line_of(&self, line: u32) -> u32 {
        line.saturating_add(self.words.line_offset)
    }

    // ---- resolution ----

    /// `r`'s value; its error kept (the first one) when it failed.
    fn keep<T>(&mut self, r: Result<T, SyntaxError>) -> Option<T> {
        match r {
            Ok(v) => Some(v),
            Err(e) => {
                self.bad.get_or_insert(e);
                None
            }
        }
    }

    /// Whether a resolution failed: the rest is read for the grammar only.
    fn failed(&self) -> bool {
        self.bad.is_some()
    }

    /// The word context for `text`, a slice of the source: command text
    /// in it (`$( )`, backquotes) counts its lines from the line the word
    /// is on, as bash's do, not from the start of the text read (a whole
    /// function's, say). Texts that are no slice of the source (joined
    /// continuation lines) keep the text's start.
    fn words_for(&self, text: &str) -> Words<'t> {
        if !(text.contains("$(") || text.contains('`')) || deviation::old_lines() {
            return self.words;
        }
        let (base, at) = (self.src.as_ptr() as usize, text.as_ptr() as usize);
        let Some(offset) = at.checked_sub(base).filter(|o| *o < self.src.len()) else {
            return self.words;
        };
        let starts = self.line_starts.get_or_init(|| {
            let newlines = self.src.bytes().enumerate().filter(|(_, b)| *b == b'\n');
            newlines.map(|(i, _)| i as u32).collect()
        });
        let before = starts.partition_point(|&nl| (nl as usize) < offset) as u32;
        if before > 0 {
            deviation::note(deviation::Deviation::LinesOfNestedBodies);
        }
        Words {
            line_offset: self.words.line_offset.saturating_add(before),
            ..self.words
        }
    }

    fn word(&mut self, text: &str) -> crate::ast::Word {
        if self.failed() {
            return crate::ast::Word::default();
        }
        let r = self.words_for(text).word(text);
        self.keep(r).unwrap_or_default()
    }

    /// A command's argument written as an assignment (see
    /// [`Words::assignment_arg`]).
    fn assignment_arg(&mut self, text: &str) -> crate::ast::Word {
        if self.failed() {
            return crate::ast::Word::default();
        }
        let r = self.words_for(text).assignment_arg(text);
        self.keep(r).unwrap_or_default()
    }

    fn unbraced(&mut self, text: &str) -> crate::ast::Word {
        if self.failed() {
            return crate::ast::Word::default();
        }
        let r = self.words_for(text).unbraced_word(text);
        self.keep(r).unwrap_or_default()
    }

    // ---- lists ----

    fn program(&mut self) -> G<Script> {
        self.linebreak();
        let mut units = Vec::new();
        if let Some(first) = self.complete_command()? {
            units.push(first);
            loop {
                let save = self.pos;
                if self.newline_list() && self.pos < self.toks.len() {
                    match self.complete_command()? {
                        Some(c) => {
                            units.push(c);
                            continue;
                        }
                        None => return self.fail(),
                    }
                }
                self.pos = save;
                break;
            }
        }
        self.linebreak();
        if self.pos < self.toks.len() {
            return self.fail();
        }
        // The flat list shares the and-or nodes with the units.
        let list = units
            .iter()
            .flatten()
            .map(|i| Item {
                and_or: std::sync::Arc::clone(&i.and_or),
                background: i.background,
                newline: i.newline,
                text: i.text.clone(),
            })
            .collect();
        Ok(Script { list, units })
    }

    /// An item of a list, ended by `&` (`background`), by a newline or by
    /// the list's end (`newline`) or else by `;`.
    fn item(&self, (and_or, loc): (AndOr, Option<Span>), background: bool, newline: bool) -> Item {
        let text = if background {
            loc.map(|s| std::sync::Arc::from(self.src_of(s).trim_end()))
        } else {
            None
        };
        Item {
            and_or: std::sync::Arc::new(and_or),
            background,
            newline: crate::ast::Shown(newline),
            text,
        }
    }

    /// `complete_command`: `None` (nothing taken) where none starts.
    fn complete_command(&mut self) -> G<Option<List>> {
        let mut items = Vec::new();
        let Some(mut current) = self.and_or()? else {
            return Ok(None);
        };
        loop {
            let background = if self.op_at(self.pos, Op::Amp) {
                true
            } else if self.op_at(self.pos, Op::Semi) {
                false
            } else {
                // A complete command ends at a newline or the text's end.
                items.push(self.item(current, false, true));
                break;
            };
            self.pos += 1;
            items.push(self.item(current, background, false));
            match self.and_or()? {
                Some(next) => current = next,
                None => return Ok(Some(items)),
            }
        }
        Ok(Some(items))
    }

    /// `compound_list`: `None` (nothing taken) where no list starts.
    fn compound_list(&mut self) -> G<Option<List>> {
        self.enter()?;
        let list = self.compound_list_inner();
        self.leave();
        list
    }

    fn compound_list_inner(&mut self) -> G<Option<List>> {
        let start = self.pos;
        self.linebreak();
        let Some(mut current) = self.and_or()? else {
            self.pos = start;
            return Ok(None);
        };
        let mut items = Vec::new();
        loop {
            let (background, newline) = if self.op(Op::Amp) {
                self.linebreak();
                (true, false)
            } else if self.op(Op::Semi) {
                self.linebreak();
                (false, false)
            } else if self.newline_list() {
                (false, true)
            } else {
                items.push(self.item(current, false, false));
                break;
            };
            items.push(self.item(current, background, newline));
            match self.and_or()? {
                Some(next) => current = next,
                None => return Ok(Some(items)),
            }
        }
        Ok(Some(items))
    }

    /// A list that must be here.
    fn required_list(&mut self) -> G<List> {
        match self.compound_list()? {
            Some(l) => Ok(l),
            None => self.fail_past_newlines(),
        }
    }

    /// An and-or list and brush-parser's span of it.
    fn and_or(&mut self) -> G<Option<(AndOr, Option<Span>)>> {
        let Some((first, first_loc)) = self.pipeline()? else {
            return Ok(None);
        };
        let mut rest = Vec::new();
        let mut last_loc = None;
        loop {
            let connector = if self.op(Op::AndIf) {
                Connector::And
            } else if self.op(Op::OrIf) {
                Connector::Or
            } else {
                break;
            };
            self.linebreak();
            let Some((p, loc)) = self.pipeline()? else {
                return self.fail();
            };
            last_loc = Some(loc);
            rest.push((connector, p));
        }
        let loc = match (first_loc, last_loc.flatten()) {
            (Some(s), Some(e)) => Some(s.to(e)),
            (s, _) => s,
        };
        Ok(Some((AndOr { first, rest }, loc)))
    }

    /// A pipeline and brush-parser's span of it.
    fn pipeline(&mut self) -> G<Option<(Pipeline, Option<Span>)>> {
        let mut timed = None;
        if self.word_at(self.pos, "time") {
            let time = self.span(self.pos)?;
            self.pos += 1;
            timed = Some(if self.word_at(self.pos, "-p") {
                let p = self.span(self.pos)?;
                self.pos += 1;
                (true, time.to(p))
            } else {
                (false, time)
            });
        }
        let mut bangs = 0usize;
        while self.word_is("!") {
            bangs += 1;
        }
        let mut commands = Vec::new();
        let (mut first_line, mut first_loc, mut last_loc) = (None, None, None);
        if let Some(c) = self.command(true)? {
            first_line = c.first.map(|s| s.line);
            first_loc = c.loc;
            last_loc = c.loc;
            commands.push(c.node);
            while self.op(Op::Pipe) || self.op(Op::PipeAnd) {
                self.linebreak();
                let Some(next) = self.command(true)? else {
                    return self.fail();
                };
                last_loc = next.loc;
                commands.push(next.node);
            }
        }
        if timed.is_none() && bangs == 0 && commands.is_empty() {
            return Ok(None);
        }
        let start = match timed {
            Some((_, s)) => Some(s),
            None => first_loc,
        };
        let line = match timed {
            Some((_, s)) => Some(s.line),
            None => first_line,
        };
        Ok(Some((
            Pipeline {
                bang: bangs % 2 == 1,
                line: line.map_or(0, |l| self.line_of(l)),
                commands,
                timed: timed.map(|(posix, _)| posix),
            },
            join(start, last_loc),
        )))
    }

    // ---- errors ----

    /// bash's error for the grammar's failure `fail`.
    fn error(&self, fail: Fail) -> SyntaxError {
        let (line_offset, max_depth) = (self.words.line_offset, self.words.max_depth);
        match fail {
            Fail::At(i) => self.near(i),
            Fail::Cond { open, at } => {
                errors::cond_failure(self.toks, self.cooked, open, self.src, line_offset)
                    .unwrap_or_else(|| self.near(at))
            }
            Fail::Array { open, at } => {
                deviation::note(deviation::Deviation::ErrorInArray);
                let e = match self.tok(at) {
                    Some(t) => {
                        errors::near_token(t.line, self.rest(t.start), self.src, line_offset)
                    }
                    // bash names the line the `(` is on.
                    None => SyntaxError::UnterminatedQuote {
                        quote: ')',
                        line: self
                            .tok(open)
                            .map_or(1, |t| t.line)
                            .saturating_add(line_offset),
                    },
                };
                SyntaxError::ReadOn(Box::new(e))
            }
            Fail::Deep(i) => {
                let line = self
                    .tok(i)
                    .map_or_else(|| errors::line_count(self.src), |t| t.line);
                SyntaxError::TooDeep {
                    limit: max_depth,
                    line: line.saturating_add(line_offset),
                }
            }
        }
    }

    /// bash's error for a grammar that failed at token `i`.
    fn near(&self, i: usize) -> SyntaxError {
        let (text, line_offset) = (self.src, self.words.line_offset);
        match self.tok(i) {
            Some(t) => errors::near_token(t.line, self.rest(t.start), text, line_offset),
            None => match self.newline_unexpected() {
                Some(last) => {
                    errors::near_token(last.end_line, self.rest(last.end), text, line_offset)
                }
                None => SyntaxError::UnexpectedEof {
                    line: errors::line_count(text).saturating_add(line_offset),
                },
            },
        }
    }

    /// The text from byte `at` on.
    fn rest(&self, at: u32) -> &'t str {
        self.src.get(at as usize..).unwrap_or("")
    }

    /// For tokens the grammar found ending too soon: the last token, if
    /// bash, which reads the end of a text not ending in a newline as one,
    /// names that newline (`for` alone: near unexpected token `newline'),
    /// rather than the end of the file (`if true` alone). The grammar is
    /// asked again with a newline token added.
    fn newline_unexpected(&self) -> Option<&'t Tok> {
        let last = self.toks.last()?;
        if last.kind == Kind::Op(Op::Newline) {
            return None;
        }
        let mut with_newline = self.toks.to_vec();
        with_newline.push(Tok {
            kind: Kind::Op(Op::Newline),
            cooked: false,
            line: last.end_line,
            end_line: last.end_line,
            start: last.end,
            end: last.end,
            text: last.end,
            text_end: last.end,
        });
        let mut p = Parser::new(&with_newline, self.cooked, self.src, self.words);
        // Only the grammar's outcome is asked for.
        p.bad = Some(SyntaxError::UnexpectedEof { line: 0 });
        match p.program() {
            Err(Fail::At(i)) if i == self.toks.len() => Some(last),
            _ => None,
        }
    }
}
