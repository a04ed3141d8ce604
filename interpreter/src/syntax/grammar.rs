//! The script grammar: brush-parser's tokens to brush-parser's tree
//! (`brush_parser::ast::Program`), read once, left to right.
//!
//! The rules are brush-parser 0.4's (`parser/peg.rs`), and so is the
//! tree, so that `resolve.rs` reads it unchanged; but where brush-parser's
//! PEG tries one alternative after another, re-reading what the first
//! read, this parser looks at the next token or two and takes the one
//! alternative that can match. The few places where brush-parser's rules
//! really backtrack are read once and remembered: an arithmetic command
//! (`((`) is told from a subshell in a subshell by a scan of its tokens
//! whose outcome per position is kept (`arith_piece`), and so are the
//! pieces of a `[[ =~ ]]` regular expression. So the time is linear in
//! the tokens.
//!
//! The tree is brush-parser's rather than `ast.rs`'s because the resolver
//! already turns the one into the other, word by word; building `ast.rs`
//! here would merge two steps that are each simple into one that is not.
//!
//! Invariant: the tree and the accept/reject outcome are brush-parser's
//! `parse_tokens`' on every input it reads in reasonable time, checked by
//! `tests::the_grammar_builds_brush_parsers_tree` (corpora and generated
//! scripts).
//! Invariant: nesting deeper than `max_depth` levels is an error, not a
//! stack overflow, checked by `tests::deep_nesting_is_an_error`.

use std::collections::HashMap;

use brush_parser::ast::{self, SourceLocation};
use brush_parser::{SourceSpan, Token};

pub(crate) use super::parser::Fail;

type R<T> = Result<T, Fail>;

/// `io_file`'s operators.
const FILE_REDIRECTS: &[&str] = &["<", "<&", ">", ">&", ">>", "<>", ">|"];

/// The operators that start a redirection without a number before them.
const REDIRECT_OPS: &[&str] = &[
    "<", "<&", ">", ">&", ">>", "<>", ">|", "&>", "&>>", "<<<", "<<", "<<-",
];

/// Reads `tokens` as a program. `max_depth` bounds the nesting of
/// compound commands (and of parentheses in arithmetic and tests).
pub(crate) fn parse_program(tokens: &[Token], max_depth: u32) -> Result<ast::Program, Fail> {
    grammar(tokens, max_depth).program()
}

/// [`parse_program`], the deepest nesting of rules it entered, and where
/// the `select` clauses it read start (for the oracle).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn parse_program_reporting(
    tokens: &[Token],
    max_depth: u32,
) -> (Result<ast::Program, Fail>, u32, Vec<usize>) {
    let mut g = grammar(tokens, max_depth);
    let r = g.program();
    (r, g.deepest, g.selects)
}

fn grammar(tokens: &[Token], max_depth: u32) -> Grammar<'_> {
    Grammar {
        toks: tokens,
        pos: 0,
        depth: 0,
        // A level of shell nesting is a few rules deep here.
        max_depth: max_depth.saturating_mul(4).saturating_add(16),
        word_depth: max_depth,
        deepest: 0,
        selects: Vec::new(),
        arith: HashMap::new(),
        regex: HashMap::new(),
    }
}

struct Grammar<'t> {
    toks: &'t [Token],
    pos: usize,
    depth: u32,
    max_depth: u32,
    /// The deepest `depth` reached.
    deepest: u32,
    /// Where `select` clauses start (for the comparison with
    /// brush-parser, which reads them as `for`).
    selects: Vec<usize>,
    /// The depth bound handed to the word reader (assignment subscripts).
    word_depth: u32,
    /// Where `arithmetic_expression_piece` ends, per start.
    arith: HashMap<usize, Option<usize>>,
    /// Where `regex_word_piece` ends, per start.
    regex: HashMap<usize, Option<usize>>,
}

fn span(start: &SourceSpan, end: &SourceSpan) -> SourceSpan {
    SourceSpan {
        start: start.start.clone(),
        end: end.end.clone(),
    }
}

fn maybe_span(start: Option<&SourceSpan>, end: Option<&SourceSpan>) -> Option<SourceSpan> {
    Some(span(start?, end?))
}

use super::parser::is_reserved;

impl<'t> Grammar<'t> {
    // ---- tokens ----

    fn tok(&self, at: usize) -> Option<&'t Token> {
        self.toks.get(at)
    }

    fn op_at(&self, at: usize, op: &str) -> bool {
        matches!(self.tok(at), Some(Token::Operator(o, _)) if o == op)
    }

    fn word_at(&self, at: usize, w: &str) -> bool {
        matches!(self.tok(at), Some(Token::Word(x, _)) if x == w)
    }

    fn is_word(&self, at: usize) -> bool {
        matches!(self.tok(at), Some(Token::Word(..)))
    }

    fn op(&mut self, op: &str) -> bool {
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

    /// The token here, taken.
    fn take(&mut self) -> Option<&'t Token> {
        let t = self.tok(self.pos)?;
        self.pos += 1;
        Some(t)
    }

    /// A word token here, taken.
    fn take_word(&mut self) -> Option<&'t Token> {
        if self.is_word(self.pos) {
            self.take()
        } else {
            None
        }
    }

    fn expect_op(&mut self, op: &str) -> R<&'t Token> {
        if self.op_at(self.pos, op) {
            self.take().ok_or(Fail::At(self.pos))
        } else {
            Err(Fail::At(self.pos))
        }
    }

    fn expect_word(&mut self, w: &str) -> R<&'t Token> {
        if self.word_at(self.pos, w) {
            self.take().ok_or(Fail::At(self.pos))
        } else {
            Err(Fail::At(self.pos))
        }
    }

    fn fail<T>(&self) -> R<T> {
        Err(Fail::At(self.pos))
    }

    /// A list was wanted here: the error is at the first token after the
    /// newlines a list may start with.
    fn fail_past_newlines<T>(&mut self) -> R<T> {
        self.linebreak();
        self.fail()
    }

    fn enter(&mut self) -> R<()> {
        self.depth += 1;
        self.deepest = self.deepest.max(self.depth);
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
        let mut prev_end: Option<usize> = None;
        for t in self.toks.get(from..to).unwrap_or_default() {
            let loc = t.location();
            if prev_end.is_some_and(|end| loc.start.index > end) {
                out.push(' ');
            }
            out.push_str(t.to_str());
            prev_end = Some(loc.end.index);
        }
        out
    }

    fn linebreak(&mut self) {
        while self.op("\n") {}
    }

    fn newline_list(&mut self) -> bool {
        let start = self.pos;
        self.linebreak();
        self.pos > start
    }

    // ---- lists ----

    fn program(&mut self) -> Result<ast::Program, Fail> {
        self.linebreak();
        let mut complete_commands = Vec::new();
        if let Some(first) = self.complete_command()? {
            complete_commands.push(first);
            loop {
                let save = self.pos;
                if self.newline_list() && self.pos < self.toks.len() {
                    match self.complete_command()? {
                        Some(c) => {
                            complete_commands.push(c);
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
        Ok(ast::Program { complete_commands })
    }

    /// `complete_command`: `None` (nothing taken) where none starts.
    fn complete_command(&mut self) -> R<Option<ast::CompoundList>> {
        let mut items = Vec::new();
        let Some(mut current) = self.and_or()? else {
            return Ok(None);
        };
        loop {
            let sep = if self.op_at(self.pos, "&") {
                Some(ast::SeparatorOperator::Async)
            } else if self.op_at(self.pos, ";") {
                Some(ast::SeparatorOperator::Sequence)
            } else {
                None
            };
            let Some(sep) = sep else {
                items.push(ast::CompoundListItem(
                    current,
                    ast::SeparatorOperator::Sequence,
                ));
                break;
            };
            self.pos += 1;
            items.push(ast::CompoundListItem(current, sep));
            match self.and_or()? {
                Some(next) => current = next,
                None => return Ok(Some(ast::CompoundList(items))),
            }
        }
        Ok(Some(ast::CompoundList(items)))
    }

    /// `compound_list`: `None` (nothing taken) where no list starts.
    fn compound_list(&mut self) -> R<Option<ast::CompoundList>> {
        self.enter()?;
        let list = self.compound_list_inner();
        self.leave();
        list
    }

    fn compound_list_inner(&mut self) -> R<Option<ast::CompoundList>> {
        let start = self.pos;
        self.linebreak();
        let Some(mut current) = self.and_or()? else {
            self.pos = start;
            return Ok(None);
        };
        let mut items = Vec::new();
        loop {
            let sep = if self.op_at(self.pos, "&") {
                self.pos += 1;
                self.linebreak();
                Some(ast::SeparatorOperator::Async)
            } else if self.op_at(self.pos, ";") {
                self.pos += 1;
                self.linebreak();
                Some(ast::SeparatorOperator::Sequence)
            } else if self.newline_list() {
                Some(ast::SeparatorOperator::Sequence)
            } else {
                None
            };
            let Some(sep) = sep else {
                items.push(ast::CompoundListItem(
                    current,
                    ast::SeparatorOperator::Sequence,
                ));
                break;
            };
            items.push(ast::CompoundListItem(current, sep));
            match self.and_or()? {
                Some(next) => current = next,
                None => return Ok(Some(ast::CompoundList(items))),
            }
        }
        Ok(Some(ast::CompoundList(items)))
    }

    fn and_or(&mut self) -> R<Option<ast::AndOrList>> {
        let Some(first) = self.pipeline()? else {
            return Ok(None);
        };
        let mut additional = Vec::new();
        loop {
            let and = if self.op("&&") {
                true
            } else if self.op("||") {
                false
            } else {
                break;
            };
            self.linebreak();
            let Some(p) = self.pipeline()? else {
                return self.fail();
            };
            additional.push(if and {
                ast::AndOr::And(p)
            } else {
                ast::AndOr::Or(p)
            });
        }
        Ok(Some(ast::AndOrList { first, additional }))
    }

    fn pipeline(&mut self) -> R<Option<ast::Pipeline>> {
        let mut timed = None;
        if let Some(Token::Word(w, time_loc)) = self.tok(self.pos)
            && w == "time"
        {
            self.pos += 1;
            timed = Some(match self.tok(self.pos) {
                Some(Token::Word(p, p_loc)) if p == "-p" => {
                    self.pos += 1;
                    ast::PipelineTimed::TimedWithPosixOutput(span(time_loc, p_loc))
                }
                _ => ast::PipelineTimed::Timed(time_loc.clone()),
            });
        }
        let mut bangs = 0usize;
        while self.word_is("!") {
            bangs += 1;
        }
        let seq = self.pipe_sequence()?;
        if timed.is_none() && bangs == 0 && seq.is_empty() {
            return Ok(None);
        }
        Ok(Some(ast::Pipeline {
            timed,
            bang: bangs % 2 == 1,
            seq,
        }))
    }

    fn pipe_sequence(&mut self) -> R<Vec<ast::Command>> {
        let mut seq = Vec::new();
        let Some(first) = self.command()? else {
            return Ok(seq);
        };
        seq.push(self.pipe_element(first)?);
        loop {
            if !(self.op("|") || self.op("|&")) {
                break;
            }
            self.linebreak();
            let Some(next) = self.command()? else {
                return self.fail();
            };
            seq.push(self.pipe_element(next)?);
        }
        Ok(seq)
    }

    /// A command of a pipeline: with `2>&1` added when `|&` follows.
    fn pipe_element(&mut self, mut c: ast::Command) -> R<ast::Command> {
        if !self.op_at(self.pos, "|&") {
            return Ok(c);
        }
        let r = ast::IoRedirect::File(
            Some(2),
            ast::IoFileRedirectKind::DuplicateOutput,
            ast::IoFileRedirectTarget::Fd(1),
        );
        fn push(l: &mut Option<ast::RedirectList>, r: ast::IoRedirect) {
            match l {
                Some(l) => l.0.push(r),
                None => *l = Some(ast::RedirectList(vec![r])),
            }
        }
        match &mut c {
            ast::Command::Simple(s) => {
                let r = ast::CommandPrefixOrSuffixItem::IoRedirect(r);
                match &mut s.suffix {
                    Some(l) => l.0.push(r),
                    None => s.suffix = Some(ast::CommandSuffix(vec![r])),
                }
            }
            ast::Command::Compound(_, l) => push(l, r),
            ast::Command::Function(f) => push(&mut f.body.1, r),
            ast::Command::ExtendedTest(..) => return self.fail(),
        }
        Ok(c)
    }

    // ---- commands ----

    /// `command`: `None` (nothing taken) where no command starts.
    fn command(&mut self) -> R<Option<ast::Command>> {
        self.enter()?;
        let c = self.command_inner();
        self.leave();
        c
    }

    fn command_inner(&mut self) -> R<Option<ast::Command>> {
        let Some(tok) = self.tok(self.pos) else {
            return Ok(None);
        };
        if let Token::Word(w, _) = tok {
            if w == "function" {
                return self.function_keyword().map(Some);
            }
            if !is_reserved(w)
                && !w.ends_with('=')
                && self.op_at(self.pos + 1, "(")
                && self.op_at(self.pos + 2, ")")
            {
                let fname = ast::Word::from(tok);
                self.pos += 1;
                let body = self.function_parens_and_body()?;
                return Ok(Some(ast::Command::Function(ast::FunctionDefinition {
                    fname,
                    body,
                })));
            }
            // A word then `(` can only start a function definition, which
            // wants `)` next: the token after the `(` is the error, as
            // bash reports it (`echo (a)`: near `a').
            if !is_reserved(w) && !w.ends_with('=') && self.op_at(self.pos + 1, "(") {
                return Err(Fail::At(self.pos + 2));
            }
        }
        if self.starts_redirect(self.pos)
            || self.assignment_here()
            || matches!(tok, Token::Word(w, _) if !is_reserved(w))
        {
            return self.simple_command().map(|c| Some(ast::Command::Simple(c)));
        }
        if self.word_at(self.pos, "[[") {
            let test = self.extended_test_command()?;
            let redirects = self.redirect_list()?;
            return Ok(Some(ast::Command::ExtendedTest(test, redirects)));
        }
        let Some(c) = self.compound_command()? else {
            return Ok(None);
        };
        let redirects = self.redirect_list()?;
        Ok(Some(ast::Command::Compound(c, redirects)))
    }

    /// `compound_command`: `None` (nothing taken) where none starts.
    fn compound_command(&mut self) -> R<Option<ast::CompoundCommand>> {
        use ast::CompoundCommand as C;
        let Some(tok) = self.tok(self.pos) else {
            return Ok(None);
        };
        let c = match tok {
            Token::Operator(o, _) if o == "(" => {
                if let Some(a) = self.arithmetic_command() {
                    C::Arithmetic(a)
                } else {
                    C::Subshell(self.subshell()?)
                }
            }
            Token::Operator(..) => return Ok(None),
            Token::Word(w, _) => match w.as_str() {
                "coproc" => C::Coprocess(self.coproc_clause()?),
                "{" => C::BraceGroup(self.brace_group()?),
                "for" => {
                    if self.is_word(self.pos + 1) {
                        C::ForClause(self.for_clause()?)
                    } else {
                        C::ArithmeticForClause(self.arithmetic_for_clause()?)
                    }
                }
                // bash's `select`: `for`'s rules, and its node (see
                // `select.rs`).
                "select" => {
                    self.selects.push(self.pos);
                    C::ForClause(self.for_clause()?)
                }
                "case" => C::CaseClause(self.case_clause()?),
                "if" => C::IfClause(self.if_clause()?),
                "while" => {
                    let (c, d, loc) = self.while_until()?;
                    C::WhileClause(ast::WhileOrUntilClauseCommand(c, d, loc))
                }
                "until" => {
                    let (c, d, loc) = self.while_until()?;
                    C::UntilClause(ast::WhileOrUntilClauseCommand(c, d, loc))
                }
                _ => return Ok(None),
            },
        };
        Ok(Some(c))
    }

    /// A compound command that must be here (a function's body).
    fn required_compound(&mut self) -> R<ast::CompoundCommand> {
        self.enter()?;
        let c = self.compound_command();
        self.leave();
        match c? {
            Some(c) => Ok(c),
            None => self.fail(),
        }
    }

    /// `((` … `))`, taken if it matches (else nothing is taken).
    fn arithmetic_command(&mut self) -> Option<ast::ArithmeticCommand> {
        let start = self.pos;
        if !self.op_at(start, "(") || !self.op_at(start + 1, "(") {
            return None;
        }
        let body_end = self.arithmetic_expression(start + 2)?;
        if !self.op_at(body_end, ")") || !self.op_at(body_end + 1, ")") {
            return None;
        }
        let first = self.tok(start)?.location();
        let last = self.tok(body_end + 1)?.location();
        let expr = ast::UnexpandedArithmeticExpr {
            value: self.slice(start + 2, body_end),
        };
        self.pos = body_end + 2;
        Some(ast::ArithmeticCommand {
            expr,
            loc: span(first, last),
        })
    }

    /// `arithmetic_expression_piece*` from `at`: where it ends (`None`
    /// past the depth bound).
    fn arithmetic_expression(&mut self, mut at: usize) -> Option<usize> {
        loop {
            match self.arith_piece(at) {
                Ok(Some(next)) => at = next,
                Ok(None) => return Some(at),
                Err(_) => return None,
            }
        }
    }

    fn arith_piece(&mut self, at: usize) -> R<Option<usize>> {
        if let Some(known) = self.arith.get(&at) {
            return Ok(*known);
        }
        self.enter()?;
        let end = self.arith_piece_inner(at);
        self.leave();
        let end = end?;
        self.arith.insert(at, end);
        Ok(end)
    }

    fn arith_piece_inner(&mut self, at: usize) -> R<Option<usize>> {
        if self.op_at(at, "(") {
            let mut inner = at + 1;
            while !self.op_at(inner, ")") {
                match self.arith_piece(inner)? {
                    Some(next) => inner = next,
                    None => break,
                }
            }
            if self.op_at(inner, ")") {
                return Ok(Some(inner + 1));
            }
        }
        let at_end = (self.op_at(at, ")") && self.op_at(at + 1, ")"))
            || self.op_at(at, ";")
            || self.op_at(at, ";;");
        if at_end || self.op_at(at, ")") || at >= self.toks.len() {
            return Ok(None);
        }
        Ok(Some(at + 1))
    }

    fn subshell(&mut self) -> R<ast::SubshellCommand> {
        let (list, loc) = self.enclosed(|p| p.expect_op("("), |p| p.expect_op(")"))?;
        Ok(ast::SubshellCommand { list, loc })
    }

    fn brace_group(&mut self) -> R<ast::BraceGroupCommand> {
        let (list, loc) = self.enclosed(|p| p.expect_word("{"), |p| p.expect_word("}"))?;
        Ok(ast::BraceGroupCommand { list, loc })
    }

    fn do_group(&mut self) -> R<ast::DoGroupCommand> {
        let (list, loc) = self.enclosed(|p| p.expect_word("do"), |p| p.expect_word("done"))?;
        Ok(ast::DoGroupCommand { list, loc })
    }

    /// A compound list between an opening and a closing token (`( )`,
    /// `{ }`, `do done`), and the span from one to the other.
    fn enclosed(
        &mut self,
        open: impl FnOnce(&mut Self) -> R<&'t Token>,
        close: impl FnOnce(&mut Self) -> R<&'t Token>,
    ) -> R<(ast::CompoundList, SourceSpan)> {
        let start = open(self)?;
        let Some(list) = self.compound_list()? else {
            return self.fail_past_newlines();
        };
        let end = close(self)?;
        Ok((list, span(start.location(), end.location())))
    }

    /// `;` then newlines, or newlines.
    fn sequential_sep(&mut self) -> bool {
        if self.op(";") {
            self.linebreak();
            return true;
        }
        self.newline_list()
    }

    /// `for` or `select` NAME [in WORDS] ; do LIST done.
    fn for_clause(&mut self) -> R<ast::ForClauseCommand> {
        let Some(start) = self.take() else {
            return self.fail();
        };
        let Some(name) = self.take_word() else {
            return self.fail();
        };
        let after_name = self.pos;
        self.linebreak();
        let values = if self.word_is("in") {
            let mut words = Vec::new();
            while let Some(w) = self.take_word() {
                words.push(ast::Word::from(w));
            }
            if !self.sequential_sep() {
                return self.fail();
            }
            (!words.is_empty()).then_some(words)
        } else {
            self.pos = after_name;
            self.sequential_sep();
            None
        };
        let body = self.do_group()?;
        let loc = span(start.location(), &body.loc);
        Ok(ast::ForClauseCommand {
            variable_name: name.to_str().to_owned(),
            values,
            body,
            loc,
        })
    }

    fn arithmetic_for_clause(&mut self) -> R<ast::ArithmeticForClauseCommand> {
        let start = self.expect_word("for")?;
        self.expect_op("(")?;
        self.expect_op("(")?;
        let mut parts = Vec::new();
        // The tokenizer reads `;;` as one operator; in this header it is
        // two separators around an empty expression (`for ((;;))`).
        let mut empty_next = false;
        for slot in 0..3 {
            let end = if empty_next {
                self.pos
            } else {
                self.arithmetic_expression(self.pos)
                    .ok_or(Fail::Deep(self.pos))?
            };
            parts.push(Some(ast::UnexpandedArithmeticExpr {
                value: self.slice(self.pos, end),
            }));
            self.pos = end;
            match slot {
                0 if self.op(";;") => empty_next = true,
                0 => {
                    self.expect_op(";")?;
                }
                1 if empty_next => empty_next = false,
                1 => {
                    self.expect_op(";")?;
                }
                _ => {}
            }
        }
        self.expect_op(")")?;
        self.expect_op(")")?;
        let body = if self.word_at(self.pos, "{") {
            let b = self.brace_group()?;
            ast::DoGroupCommand {
                list: b.list,
                loc: b.loc,
            }
        } else {
            self.sequential_sep();
            self.do_group()?
        };
        let loc = span(start.location(), &body.loc);
        let mut parts = parts.into_iter();
        Ok(ast::ArithmeticForClauseCommand {
            initializer: parts.next().flatten(),
            condition: parts.next().flatten(),
            updater: parts.next().flatten(),
            body,
            loc,
        })
    }

    fn case_clause(&mut self) -> R<ast::CaseClauseCommand> {
        let start = self.expect_word("case")?;
        let Some(value) = self.take_word() else {
            return self.fail();
        };
        self.linebreak();
        self.expect_word("in")?;
        self.linebreak();
        let mut cases = Vec::new();
        while let Some((open, patterns, close)) = self.case_pattern() {
            let first = open
                .map(Token::location)
                .or_else(|| patterns.first().and_then(|w| w.loc.as_ref()));
            let after = self.pos;
            self.linebreak();
            if let Some((post_action, end)) = self.case_post_action() {
                let loc = maybe_span(first, Some(end));
                self.linebreak();
                cases.push(ast::CaseItem {
                    patterns,
                    cmd: None,
                    post_action,
                    loc,
                });
                continue;
            }
            self.pos = after;
            match self.compound_list()? {
                Some(cmd) => {
                    if let Some((post_action, end)) = self.case_post_action() {
                        let loc = maybe_span(first, Some(end));
                        self.linebreak();
                        cases.push(ast::CaseItem {
                            patterns,
                            cmd: Some(cmd),
                            post_action,
                            loc,
                        });
                        continue;
                    }
                    let end = cmd.location();
                    let loc = maybe_span(first, end.as_ref());
                    cases.push(ast::CaseItem {
                        patterns,
                        cmd: Some(cmd),
                        post_action: ast::CaseItemPostAction::ExitCase,
                        loc,
                    });
                }
                None => {
                    let loc = maybe_span(first, Some(close.location()));
                    self.linebreak();
                    cases.push(ast::CaseItem {
                        patterns,
                        cmd: None,
                        post_action: ast::CaseItemPostAction::ExitCase,
                        loc,
                    });
                }
            }
            break;
        }
        let end = self.expect_word("esac")?;
        Ok(ast::CaseClauseCommand {
            value: ast::Word::from(value),
            cases,
            loc: span(start.location(), end.location()),
        })
    }

    /// `(`? pattern (`|` pattern)* `)`, taken if it is all here.
    fn case_pattern(&mut self) -> Option<(Option<&'t Token>, Vec<ast::Word>, &'t Token)> {
        let start = self.pos;
        let open = if self.op_at(start, "(") {
            self.tok(start)
        } else {
            None
        };
        let mut at = start + usize::from(open.is_some());
        let mut patterns = Vec::new();
        loop {
            let Some(w @ Token::Word(..)) = self.tok(at) else {
                return None;
            };
            patterns.push(ast::Word::from(w));
            at += 1;
            if self.op_at(at, "|") {
                at += 1;
                continue;
            }
            break;
        }
        if !self.op_at(at, ")") {
            return None;
        }
        let close = self.tok(at)?;
        self.pos = at + 1;
        Some((open, patterns, close))
    }

    fn case_post_action(&mut self) -> Option<(ast::CaseItemPostAction, &'t SourceSpan)> {
        use ast::CaseItemPostAction as P;
        let Some(Token::Operator(o, loc)) = self.tok(self.pos) else {
            return None;
        };
        let action = match o.as_str() {
            ";;" => P::ExitCase,
            ";;&" => P::ContinueEvaluatingCases,
            ";&" => P::UnconditionallyExecuteNextCaseItem,
            _ => return None,
        };
        self.pos += 1;
        Some((action, loc))
    }

    fn required_list(&mut self) -> R<ast::CompoundList> {
        match self.compound_list()? {
            Some(l) => Ok(l),
            None => self.fail_past_newlines(),
        }
    }

    fn if_clause(&mut self) -> R<ast::IfClauseCommand> {
        let start = self.expect_word("if")?;
        let condition = self.required_list()?;
        self.expect_word("then")?;
        let then = self.required_list()?;
        let mut elses = Vec::new();
        while self.word_is("elif") {
            let condition = self.required_list()?;
            self.expect_word("then")?;
            let body = self.required_list()?;
            elses.push(ast::ElseClause {
                condition: Some(condition),
                body,
            });
        }
        if self.word_is("else") {
            let body = self.required_list()?;
            elses.push(ast::ElseClause {
                condition: None,
                body,
            });
        }
        self.expect_word("fi")?;
        Ok(ast::IfClauseCommand {
            condition,
            then,
            elses: (!elses.is_empty()).then_some(elses),
            // brush-parser's span: the `if` alone.
            loc: span(start.location(), start.location()),
        })
    }

    fn while_until(&mut self) -> R<(ast::CompoundList, ast::DoGroupCommand, SourceSpan)> {
        let Some(start) = self.take() else {
            return self.fail();
        };
        let condition = self.required_list()?;
        let body = self.do_group()?;
        let loc = span(start.location(), &body.loc);
        Ok((condition, body, loc))
    }

    fn coproc_clause(&mut self) -> R<ast::CoprocessCommand> {
        let start = self.expect_word("coproc")?;
        self.linebreak();
        let mut name = None;
        if let Some(w @ Token::Word(text, _)) = self.tok(self.pos)
            && !text.ends_with('=')
        {
            let save = self.pos;
            self.pos += 1;
            self.linebreak();
            if self.word_at(self.pos, "{") || self.op_at(self.pos, "(") {
                name = Some(ast::Word::from(w));
            } else {
                self.pos = save;
            }
        }
        let Some(body) = self.command()? else {
            return self.fail();
        };
        let end = body.location().unwrap_or_else(|| start.location().clone());
        Ok(ast::CoprocessCommand {
            name,
            body: Box::new(body),
            loc: span(start.location(), &end),
        })
    }

    /// `function NAME ( ) body` or `function NAME body`.
    fn function_keyword(&mut self) -> R<ast::Command> {
        self.expect_word("function")?;
        let fname = match self.tok(self.pos) {
            Some(t @ Token::Word(w, _)) if !w.ends_with('=') => ast::Word::from(t),
            _ => return self.fail(),
        };
        self.pos += 1;
        let body = if self.op_at(self.pos, "(") && self.op_at(self.pos + 1, ")") {
            self.function_parens_and_body()?
        } else {
            self.linebreak();
            self.function_body()?
        };
        Ok(ast::Command::Function(ast::FunctionDefinition {
            fname,
            body,
        }))
    }

    fn function_parens_and_body(&mut self) -> R<ast::FunctionBody> {
        self.expect_op("(")?;
        self.expect_op(")")?;
        self.linebreak();
        self.function_body()
    }

    fn function_body(&mut self) -> R<ast::FunctionBody> {
        let c = self.required_compound()?;
        let r = self.redirect_list()?;
        Ok(ast::FunctionBody(c, r))
    }

    // ---- [[ ]] ----

    fn extended_test_command(&mut self) -> R<ast::ExtendedTestExprCommand> {
        let open = self.pos;
        self.extended_test_inner().map_err(|f| match f {
            Fail::At(at) => Fail::Cond { open, at },
            deep => deep,
        })
    }

    fn extended_test_inner(&mut self) -> R<ast::ExtendedTestExprCommand> {
        let start = self.expect_word("[[")?;
        self.linebreak();
        let Some(expr) = self.test_expr(0)? else {
            return self.fail();
        };
        self.linebreak();
        let end = self.expect_word("]]")?;
        Ok(ast::ExtendedTestExprCommand {
            expr,
            loc: span(start.location(), end.location()),
        })
    }

    /// Precedence climbing: level 0 reads `||`, 1 `&&`, 2 only operands.
    /// `None` (nothing taken) where no expression starts.
    fn test_expr(&mut self, level: u8) -> R<Option<ast::ExtendedTestExpr>> {
        self.enter()?;
        let e = self.test_expr_inner(level);
        self.leave();
        e
    }

    fn test_expr_inner(&mut self, level: u8) -> R<Option<ast::ExtendedTestExpr>> {
        let Some(mut left) = self.test_operand()? else {
            return Ok(None);
        };
        'ops: loop {
            for (op, op_level) in [("||", 0u8), ("&&", 1)] {
                if level > op_level {
                    continue;
                }
                let save = self.pos;
                self.linebreak();
                if self.op(op) {
                    self.linebreak();
                    if let Some(right) = self.test_expr(op_level + 1)? {
                        left = if op_level == 0 {
                            ast::ExtendedTestExpr::Or(Box::new(left), Box::new(right))
                        } else {
                            ast::ExtendedTestExpr::And(Box::new(left), Box::new(right))
                        };
                        continue 'ops;
                    }
                }
                self.pos = save;
            }
            return Ok(Some(left));
        }
    }

    fn test_operand(&mut self) -> R<Option<ast::ExtendedTestExpr>> {
        use ast::BinaryPredicate as B;
        use ast::ExtendedTestExpr as E;
        let start = self.pos;
        if self.word_is("!") {
            if let Some(e) = self.test_expr(2)? {
                return Ok(Some(E::Not(Box::new(e))));
            }
            self.pos = start;
        }
        if self.op("(") {
            if let Some(e) = self.test_expr(0)?
                && self.op(")")
            {
                return Ok(Some(E::Parenthesized(Box::new(e))));
            }
            self.pos = start;
        }
        let Some(left @ Token::Word(..)) = self.tok(start) else {
            return Ok(None);
        };
        let left_word = || ast::Word::from(left);
        if let Some(Token::Word(op, _)) = self.tok(start + 1) {
            let pred = super::parser::binary_predicate(op);
            if let Some(pred) = pred
                && let Some(right @ Token::Word(..)) = self.tok(start + 2)
            {
                self.pos = start + 3;
                return Ok(Some(E::BinaryTest(
                    pred,
                    left_word(),
                    ast::Word::from(right),
                )));
            }
            if op == "=~"
                && let Some(end) = self.regex_word(start + 2)?
            {
                let value = self.slice(start + 2, end);
                self.pos = end;
                let pred = if value.starts_with(['\'', '"']) {
                    B::StringContainsSubstring
                } else {
                    B::StringMatchesRegex
                };
                return Ok(Some(E::BinaryTest(
                    pred,
                    left_word(),
                    ast::Word::from(value),
                )));
            }
        }
        for (op, pred) in [
            ("<", B::LeftSortsBeforeRight),
            (">", B::LeftSortsAfterRight),
        ] {
            if self.op_at(start + 1, op)
                && let Some(right @ Token::Word(..)) = self.tok(start + 2)
            {
                self.pos = start + 3;
                return Ok(Some(E::BinaryTest(
                    pred,
                    left_word(),
                    ast::Word::from(right),
                )));
            }
        }
        if let Token::Word(op, _) = left
            && let Some(pred) = unary_predicate(op)
            && let Some(operand @ Token::Word(..)) = self.tok(start + 1)
        {
            self.pos = start + 2;
            return Ok(Some(E::UnaryTest(pred, ast::Word::from(operand))));
        }
        self.pos = start + 1;
        Ok(Some(E::UnaryTest(
            ast::UnaryPredicate::StringHasNonZeroLength,
            left_word(),
        )))
    }

    /// `(!"]]" regex_word_piece)+` from `at`: where it ends.
    fn regex_word(&mut self, mut at: usize) -> R<Option<usize>> {
        let mut end = None;
        while !self.word_at(at, "]]") {
            match self.regex_piece(at)? {
                Some(next) => {
                    at = next;
                    end = Some(next);
                }
                None => break,
            }
        }
        Ok(end)
    }

    fn regex_piece(&mut self, at: usize) -> R<Option<usize>> {
        if let Some(known) = self.regex.get(&at) {
            return Ok(*known);
        }
        self.enter()?;
        let end = self.regex_piece_inner(at);
        self.leave();
        let end = end?;
        self.regex.insert(at, end);
        Ok(end)
    }

    fn regex_piece_inner(&mut self, at: usize) -> R<Option<usize>> {
        if self.is_word(at) || self.op_at(at, "|") {
            return Ok(Some(at + 1));
        }
        if !self.op_at(at, "(") {
            return Ok(None);
        }
        let mut inner = at + 1;
        loop {
            if let Some(next) = self.regex_piece(inner)? {
                inner = next;
                continue;
            }
            if self.op_at(inner, ")") || inner >= self.toks.len() {
                break;
            }
            inner += 1;
        }
        Ok(self.op_at(inner, ")").then_some(inner + 1))
    }

    // ---- simple commands, redirections, assignments ----

    fn simple_command(&mut self) -> R<ast::SimpleCommand> {
        let mut prefix = Vec::new();
        while let Some(item) = self.prefix_item()? {
            prefix.push(item);
        }
        if !prefix.is_empty() {
            let word = match self.tok(self.pos) {
                Some(t @ Token::Word(w, _)) if !is_reserved(w) => {
                    self.pos += 1;
                    Some(ast::Word::from(t))
                }
                _ => None,
            };
            let suffix = if word.is_some() {
                self.cmd_suffix()?
            } else {
                None
            };
            return Ok(ast::SimpleCommand {
                prefix: Some(ast::CommandPrefix(prefix)),
                word_or_name: word,
                suffix,
            });
        }
        let Some(name) = self.take_word() else {
            return self.fail();
        };
        let suffix = self.cmd_suffix()?;
        Ok(ast::SimpleCommand {
            prefix: None,
            word_or_name: Some(ast::Word::from(name)),
            suffix,
        })
    }

    fn prefix_item(&mut self) -> R<Option<ast::CommandPrefixOrSuffixItem>> {
        if self.starts_redirect(self.pos) {
            return self
                .io_redirect()
                .map(|r| Some(ast::CommandPrefixOrSuffixItem::IoRedirect(r)));
        }
        Ok(self
            .assignment_word()
            .map(|(a, w)| ast::CommandPrefixOrSuffixItem::AssignmentWord(a, w)))
    }

    fn cmd_suffix(&mut self) -> R<Option<ast::CommandSuffix>> {
        use ast::CommandPrefixOrSuffixItem as I;
        let mut items = Vec::new();
        loop {
            if (self.op_at(self.pos, "<") || self.op_at(self.pos, ">"))
                && self.op_at(self.pos + 1, "(")
            {
                let (kind, sub) = self.process_substitution()?;
                items.push(I::ProcessSubstitution(kind, sub));
                continue;
            }
            if self.starts_redirect(self.pos) {
                items.push(I::IoRedirect(self.io_redirect()?));
                continue;
            }
            if let Some((a, w)) = self.assignment_word() {
                items.push(I::AssignmentWord(a, w));
                continue;
            }
            match self.take_word() {
                Some(w) => items.push(I::Word(ast::Word::from(w))),
                None => break,
            }
        }
        Ok((!items.is_empty()).then_some(ast::CommandSuffix(items)))
    }

    fn process_substitution(&mut self) -> R<(ast::ProcessSubstitutionKind, ast::SubshellCommand)> {
        let kind = if self.op("<") {
            ast::ProcessSubstitutionKind::Read
        } else if self.op(">") {
            ast::ProcessSubstitutionKind::Write
        } else {
            return self.fail();
        };
        Ok((kind, self.subshell()?))
    }

    /// Whether a redirection starts at `at`: an operator of one, or digits
    /// written against a `<` or `>` operator.
    fn starts_redirect(&self, at: usize) -> bool {
        match self.tok(at) {
            Some(Token::Operator(o, _)) => REDIRECT_OPS.contains(&o.as_str()),
            Some(Token::Word(..)) => self.io_number_at(at).is_some(),
            None => false,
        }
    }

    /// The digits at `at` when written right against a following `<` or
    /// `>` operator, and fitting a descriptor number: digits past that
    /// are a word, as in bash (brush-parser panics on them).
    fn io_number_at(&self, at: usize) -> Option<ast::IoFd> {
        let Some(Token::Word(w, num)) = self.tok(at) else {
            return None;
        };
        if !w.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        match self.tok(at + 1) {
            Some(Token::Operator(o, op))
                if o.starts_with(['<', '>']) && op.start.index == num.end.index =>
            {
                w.parse().ok()
            }
            _ => None,
        }
    }

    fn redirect_list(&mut self) -> R<Option<ast::RedirectList>> {
        let mut list = Vec::new();
        while self.starts_redirect(self.pos) {
            list.push(self.io_redirect()?);
        }
        Ok((!list.is_empty()).then_some(ast::RedirectList(list)))
    }

    fn io_redirect(&mut self) -> R<ast::IoRedirect> {
        use ast::IoFileRedirectKind as K;
        use ast::IoFileRedirectTarget as T;
        let n = self.io_number_at(self.pos);
        if n.is_some() {
            self.pos += 1;
        }
        let Some(Token::Operator(op, _)) = self.tok(self.pos) else {
            return self.fail();
        };
        let op = op.as_str();
        if FILE_REDIRECTS.contains(&op) {
            self.pos += 1;
            let kind = match op {
                "<" => K::Read,
                "<&" => K::DuplicateInput,
                ">" => K::Write,
                ">&" => K::DuplicateOutput,
                ">>" => K::Append,
                "<>" => K::ReadAndWrite,
                _ => K::Clobber,
            };
            let target = if op.ends_with('&') {
                match self.take_word() {
                    Some(w) => T::Duplicate(ast::Word::from(w)),
                    None => return self.fail(),
                }
            } else if (self.op_at(self.pos, "<") || self.op_at(self.pos, ">"))
                && self.op_at(self.pos + 1, "(")
            {
                let (kind, sub) = self.process_substitution()?;
                T::ProcessSubstitution(kind, sub)
            } else {
                match self.take_word() {
                    Some(w) => T::Filename(ast::Word::from(w)),
                    None => return self.fail(),
                }
            };
            return Ok(ast::IoRedirect::File(n, kind, target));
        }
        if n.is_none() && (op == "&>" || op == "&>>") {
            self.pos += 1;
            let Some(w) = self.take_word() else {
                return self.fail();
            };
            return Ok(ast::IoRedirect::OutputAndError(
                ast::Word::from(w),
                op == "&>>",
            ));
        }
        if op == "<<<" {
            self.pos += 1;
            let Some(w) = self.take_word() else {
                return self.fail();
            };
            return Ok(ast::IoRedirect::HereString(n, ast::Word::from(w)));
        }
        if op == "<<" || op == "<<-" {
            self.pos += 1;
            let (Some(tag), Some(doc), Some(_close)) =
                (self.take_word(), self.take(), self.take_word())
            else {
                return self.fail();
            };
            return Ok(ast::IoRedirect::HereDocument(
                n,
                ast::IoHereDocument {
                    remove_tabs: op == "<<-",
                    requires_expansion: !tag.to_str().contains(['\'', '"', '\\']),
                    here_end: ast::Word::from(tag),
                    doc: ast::Word::from(doc),
                },
            ));
        }
        self.fail()
    }

    /// Whether an assignment word starts here (nothing is taken).
    fn assignment_here(&mut self) -> bool {
        let save = self.pos;
        let hit = self.assignment_word().is_some();
        self.pos = save;
        hit
    }

    /// `NAME=(…)` (bash's array form) or `NAME=value`, taken if here.
    fn assignment_word(&mut self) -> Option<(ast::Assignment, ast::Word)> {
        let Some(Token::Word(w, l)) = self.tok(self.pos) else {
            return None;
        };
        let (name, append, value_at) = super::word::assignment_prefix(w, self.word_depth)?;
        if value_at == w.len()
            && self.op_at(self.pos + 1, "(")
            && let Some((elements, close)) = self.array_elements(self.pos + 2)
        {
            let end = self.tok(close)?.location();
            let loc = span(l, end);
            let mut all = format!("{w}(");
            let mut values = Vec::new();
            for (i, e) in elements.iter().enumerate() {
                if i > 0 {
                    all.push(' ');
                }
                all.push_str(e);
                values.push(array_element(e));
            }
            all.push(')');
            self.pos = close + 1;
            let word = ast::Word {
                value: all,
                loc: Some(loc.clone()),
            };
            let assignment = ast::Assignment {
                name,
                value: ast::AssignmentValue::Array(values),
                append,
                loc,
            };
            return Some((assignment, word));
        }
        let value = w.get(value_at..).unwrap_or_default();
        self.pos += 1;
        Some((
            ast::Assignment {
                name,
                value: ast::AssignmentValue::Scalar(ast::Word::from(value.to_owned())),
                append,
                loc: l.clone(),
            },
            ast::Word::from(self.tok(self.pos - 1)?),
        ))
    }

    /// The words of `( … )` from `at` (just past the `(`), newlines
    /// between them skipped, and the index of the `)`.
    fn array_elements(&self, mut at: usize) -> Option<(Vec<&'t str>, usize)> {
        let mut out = Vec::new();
        loop {
            match self.tok(at) {
                Some(Token::Operator(o, _)) if o == "\n" => at += 1,
                Some(Token::Word(w, _)) => {
                    out.push(w.as_str());
                    at += 1;
                }
                Some(Token::Operator(o, _)) if o == ")" => return Some((out, at)),
                _ => return None,
            }
        }
    }
}

/// brush-parser's `literal_array_element`: `[KEY]=VALUE` or a value.
fn array_element(e: &str) -> (Option<ast::Word>, ast::Word) {
    if let Some(rest) = e.strip_prefix('[')
        && let Some(close) = rest.find(']')
        && let Some(value) = rest.get(close + 1..).and_then(|r| r.strip_prefix('='))
    {
        let key = rest.get(..close).unwrap_or_default();
        return (Some(ast::Word::new(key)), ast::Word::new(value));
    }
    (None, ast::Word::new(e))
}

use super::parser::unary_predicate;

#[cfg(test)]
pub(crate) mod tests;
