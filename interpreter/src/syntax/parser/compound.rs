//! Compound commands: groups, subshells, loops, `if`, `case`, `coproc`,
//! arithmetic commands, each resolved as its rule completes.

use std::sync::Arc;

use super::deviation::{self, Deviation};
use super::{G, Parser, Span};
use crate::ast::{Arith, CaseAction, CaseItem, Compound, HeaderText, List, Shown, Word};
use crate::syntax::error::SyntaxError;
use crate::syntax::lexer::{Kind, Op};
use crate::syntax::words::{
    arith_command_end, arith_for_parts, has_empty_in, is_arith_command, join_proc_sub,
    joins_proc_sub, proc_sub_word, push_after_proc_sub,
};

impl<'t> Parser<'t> {
    /// `compound_command` and brush-parser's span of it: `None` (nothing
    /// taken) where none starts.
    pub(super) fn compound_command(&mut self) -> G<Option<(Compound, Span)>> {
        let Some(tok) = self.tok(self.pos) else {
            return Ok(None);
        };
        let w = match tok.kind {
            Kind::Op(Op::LParen) => {
                return match self.arithmetic_command()? {
                    Some(c) => Ok(Some(c)),
                    None => {
                        let (list, span, _) = self.subshell()?;
                        Ok(Some((Compound::Subshell(list), span)))
                    }
                };
            }
            Kind::Op(_) => return Ok(None),
            _ => self.text(tok),
        };
        Ok(Some(match w {
            "coproc" => self.coproc_clause()?,
            "{" => {
                let (list, span) = self.enclosed_words("{", "}")?;
                (Compound::Brace(list), span)
            }
            "for" if self.is_word(self.pos + 1) => self.for_clause()?,
            "for" => self.arithmetic_for_clause()?,
            // bash's `select`: `for`'s rules, and its node (`select.rs`).
            "select" => self.for_clause()?,
            "case" => self.case_clause()?,
            "if" => self.if_clause()?,
            "while" | "until" => {
                let until = w == "until";
                let start = self.span(self.pos)?;
                self.pos += 1;
                let cond = self.required_list()?;
                let (body, end) = self.enclosed_words("do", "done")?;
                (Compound::While { until, cond, body }, start.to(end))
            }
            _ => return Ok(None),
        }))
    }

    /// A `for` or `select` loop's body: `do list done`, or, as bash also
    /// reads it, `{ list }`.
    fn loop_body(&mut self) -> G<(List, Span)> {
        if self.word_at(self.pos, "{") {
            deviation::note(Deviation::BraceLoopBody);
            return self.enclosed_words("{", "}");
        }
        self.enclosed_words("do", "done")
    }

    /// `( list )`: the list, the span of the parentheses, the text
    /// between them.
    pub(super) fn subshell(&mut self) -> G<(List, Span, &'t str)> {
        let open = self.expect_op(Op::LParen)?;
        let Some(list) = self.compound_list()? else {
            return self.fail_past_newlines();
        };
        let close = self.expect_op(Op::RParen)?;
        let inner = self
            .src
            .get(open.end as usize..close.start as usize)
            .unwrap_or("");
        Ok((list, open.to(close), inner))
    }

    /// A list between reserved words (`{ }`, `do done`).
    fn enclosed_words(&mut self, open: &str, close: &str) -> G<(List, Span)> {
        let start = self.expect_word(open)?;
        let Some(list) = self.compound_list()? else {
            return self.fail_past_newlines();
        };
        let end = self.expect_word(close)?;
        Ok((list, start.to(end)))
    }

    /// `;` then newlines, or newlines.
    fn sequential_sep(&mut self) -> bool {
        if self.op(Op::Semi) {
            self.linebreak();
            return true;
        }
        self.newline_list()
    }

    /// A `for` or `select` loop's words after `in`, and their text as
    /// written. A process substitution among them is a word of its own or
    /// part of the words written against it (`x<(a)y`), as in bash.
    fn loop_words(&mut self) -> G<(Vec<Word>, String)> {
        let mut words: Vec<Word> = Vec::new();
        let mut raw = String::new();
        // Where the last word or process substitution ended, and whether
        // it was a process substitution.
        let mut prev: Option<(u32, bool)> = None;
        loop {
            let start = self.tok(self.pos).map_or(0, |t| t.start);
            let (text, end, proc_sub, joined) = if (self.op_at(self.pos, Op::Less)
                || self.op_at(self.pos, Op::Great))
                && self.op_at(self.pos + 1, Op::LParen)
            {
                deviation::note(Deviation::ProcSubInLoopWords);
                let (write, list, span, ..) = self.process_substitution()?;
                let word = proc_sub_word(write, list);
                let joined = prev.is_some_and(|(end, _)| end == start);
                match words.last_mut() {
                    Some(last) if joined && joins_proc_sub(last) => {
                        if last.braces.is_some() {
                            deviation::note(Deviation::ProcSubAfterBraces);
                        }
                        join_proc_sub(last, &word);
                    }
                    _ => words.push(word),
                }
                let text = self.src.get(start as usize..span.end as usize);
                (text.unwrap_or_default(), span.end, true, joined)
            } else if let Some(at) = self.take_word() {
                let end = self.tok(at).map_or(start, |t| t.end);
                let text = self.word_text(at).unwrap_or_default();
                let joined = prev == Some((start, true));
                push_after_proc_sub(&mut words, self.word(text), joined);
                (text, end, false, joined)
            } else {
                return Ok((words, raw));
            };
            if !raw.is_empty() && !joined {
                raw.push(' ');
            }
            raw.push_str(text);
            prev = Some((end, proc_sub));
        }
    }

    /// `for` or `select` NAME [in WORDS] ; do LIST done.
    fn for_clause(&mut self) -> G<(Compound, Span)> {
        let start = self.span(self.pos)?;
        self.pos += 1;
        let Some(name) = self.take_word() else {
            return self.fail();
        };
        let after_name = self.pos;
        self.linebreak();
        let (words, raw) = if self.word_is("in") {
            let (words, raw) = self.loop_words()?;
            if !self.sequential_sep() {
                return self.fail();
            }
            (Some(words).filter(|w| !w.is_empty()), raw)
        } else {
            self.pos = after_name;
            self.sequential_sep();
            (None, String::new())
        };
        let (body, end) = self.loop_body()?;
        let span = start.to(end);
        let text = self.src_of(span);
        let (words, raw) = match words {
            Some(w) => (Some(w), raw),
            // `for x in; do`: no words at all, not `"$@"`.
            None if has_empty_in(text) => (Some(Vec::new()), String::new()),
            None => (None, "\"$@\"".to_owned()),
        };
        let var = self.word_text(name).unwrap_or_default().to_owned();
        let line = self.line_of(start.line);
        let node = if is_select(text) {
            Compound::Select {
                var,
                words,
                raw,
                line,
                body,
            }
        } else {
            Compound::For {
                var,
                words,
                raw,
                header: HeaderText::default(),
                line,
                body,
            }
        };
        Ok((node, span))
    }

    fn arithmetic_for_clause(&mut self) -> G<(Compound, Span)> {
        let start = self.expect_word("for")?;
        self.expect_op(Op::LParen)?;
        self.expect_op(Op::LParen)?;
        let mut parts: [Option<Box<Arith>>; 3] = [None, None, None];
        // The tokenizer reads `;;` as one operator; in this header it is
        // two separators around an empty expression (`for ((;;))`).
        let mut empty_next = false;
        for (slot, part) in parts.iter_mut().enumerate() {
            let end = if empty_next {
                self.pos
            } else {
                self.arithmetic_expression(self.pos)
                    .ok_or(super::Fail::Deep(self.pos))?
            };
            let text = self.slice(self.pos, end);
            *part = self.opt_arith(&text).map(Box::new);
            self.pos = end;
            match slot {
                0 if self.op(Op::DSemi) => empty_next = true,
                0 => {
                    self.expect_op(Op::Semi)?;
                }
                1 if empty_next => empty_next = false,
                1 => {
                    self.expect_op(Op::Semi)?;
                }
                _ => {}
            }
        }
        self.expect_op(Op::RParen)?;
        let header_end = self.expect_op(Op::RParen)?;
        // `set -x` shows each part as written, less leading blanks.
        if let Some(texts) = arith_for_parts(self.src_of(start.to(header_end))) {
            for (a, raw) in parts.iter_mut().zip(texts) {
                if let Some(a) = a {
                    raw.trim_start().clone_into(&mut a.text);
                    // Expanded, the text keeps its trailing blanks
                    // (`set -x` shows `(( j = 1  ))`).
                    if a.expr.is_none() {
                        a.word = self.word(&a.text);
                    }
                }
            }
        }
        let (body, end) = if self.word_at(self.pos, "{") {
            self.enclosed_words("{", "}")?
        } else {
            self.sequential_sep();
            self.loop_body()?
        };
        let [init, cond, step] = parts;
        Ok((
            Compound::ArithFor {
                init,
                cond,
                step,
                line: self.line_of(start.line),
                body,
            },
            start.to(end),
        ))
    }

    fn opt_arith(&mut self, text: &str) -> Option<Arith> {
        if self.failed() {
            return None;
        }
        let r = self.words.opt_arith(Some(text));
        self.keep(r).flatten()
    }

    fn case_clause(&mut self) -> G<(Compound, Span)> {
        let start = self.expect_word("case")?;
        let Some(value) = self.take_word() else {
            return self.fail();
        };
        let raw = self.word_text(value).unwrap_or_default();
        let word = self.unbraced(raw);
        self.linebreak();
        self.expect_word("in")?;
        self.linebreak();
        let mut items = Vec::new();
        while let Some((from, to)) = self.case_pattern() {
            let mut patterns = Vec::new();
            let mut shown = String::new();
            let mut at = from;
            while at < to {
                let p = self.word_text(at).unwrap_or_default();
                if at > from {
                    shown.push_str(" | ");
                }
                shown.push_str(&crate::syntax::shown::shown_word(p));
                patterns.push(self.unbraced(p));
                at += 2;
            }
            let shown = Shown(shown.into_boxed_str());
            let after = self.pos;
            self.linebreak();
            if let Some(action) = self.case_post_action() {
                self.linebreak();
                items.push(CaseItem {
                    patterns,
                    body: Vec::new(),
                    action,
                    shown,
                });
                continue;
            }
            self.pos = after;
            match self.compound_list()? {
                Some(body) => {
                    if let Some(action) = self.case_post_action() {
                        self.linebreak();
                        items.push(CaseItem {
                            patterns,
                            body,
                            action,
                            shown,
                        });
                        continue;
                    }
                    items.push(CaseItem {
                        patterns,
                        body,
                        action: CaseAction::Break,
                        shown,
                    });
                }
                None => {
                    self.linebreak();
                    items.push(CaseItem {
                        patterns,
                        body: Vec::new(),
                        action: CaseAction::Break,
                        shown,
                    });
                }
            }
            break;
        }
        let end = self.expect_word("esac")?;
        Ok((
            Compound::Case {
                word,
                raw: raw.to_owned(),
                header: HeaderText::default(),
                line: self.line_of(start.line),
                items,
            },
            start.to(end),
        ))
    }

    /// `(`? pattern (`|` pattern)* `)`, taken if it is all here: the
    /// token range of the patterns (every other token).
    fn case_pattern(&mut self) -> Option<(usize, usize)> {
        let start = self.pos;
        let mut at = start + usize::from(self.op_at(start, Op::LParen));
        let from = at;
        loop {
            if !self.is_word(at) {
                return None;
            }
            at += 1;
            if self.op_at(at, Op::Pipe) {
                at += 1;
                continue;
            }
            break;
        }
        if !self.op_at(at, Op::RParen) {
            return None;
        }
        self.pos = at + 1;
        Some((from, at))
    }

    fn case_post_action(&mut self) -> Option<CaseAction> {
        let action = match self.tok(self.pos)?.kind {
            Kind::Op(Op::DSemi) => CaseAction::Break,
            Kind::Op(Op::DSemiAnd) => CaseAction::Continue,
            Kind::Op(Op::SemiAnd) => CaseAction::FallThrough,
            _ => return None,
        };
        self.pos += 1;
        Some(action)
    }

    fn if_clause(&mut self) -> G<(Compound, Span)> {
        let start = self.expect_word("if")?;
        let condition = self.required_list()?;
        self.expect_word("then")?;
        let then = self.required_list()?;
        let mut branches = vec![(condition, then)];
        let mut otherwise = None;
        while self.word_is("elif") {
            let condition = self.required_list()?;
            self.expect_word("then")?;
            let body = self.required_list()?;
            branches.push((condition, body));
        }
        if self.word_is("else") {
            otherwise = Some(self.required_list()?);
        }
        self.expect_word("fi")?;
        // brush-parser's span: the `if` alone.
        Ok((
            Compound::If {
                branches,
                otherwise,
            },
            start,
        ))
    }

    fn coproc_clause(&mut self) -> G<(Compound, Span)> {
        let start = self.expect_word("coproc")?;
        self.linebreak();
        let mut name = None;
        if let Some(w) = self.word_text(self.pos)
            && !w.ends_with('=')
        {
            let save = self.pos;
            self.pos += 1;
            self.linebreak();
            if self.word_at(self.pos, "{") || self.op_at(self.pos, Op::LParen) {
                name = Some(w);
            } else {
                self.pos = save;
            }
        }
        let Some(body) = self.command(false)? else {
            return self.fail();
        };
        let span = start.to(body.loc.unwrap_or(start));
        let text = self.src_of(span).trim_end();
        Ok((
            Compound::Coproc {
                name: name.unwrap_or("COPROC").to_owned(),
                body: Arc::new(body.node),
                text: Arc::from(text),
            },
            span,
        ))
    }

    // ---- (( )) ----

    /// Where the arithmetic command whose `((` is token `start` ends by
    /// bash's reading of the text ([`arith_command_end`]): the token of
    /// the first `)` of its `))`, and the text between, when the tokens
    /// end there too.
    fn arith_text_end(&self, start: usize) -> Option<(usize, &'t str)> {
        let open = self.tok(start)?.start as usize;
        let end = open + arith_command_end(self.src.get(open..)?)?;
        let last = (start + 2..self.toks.len())
            .find(|&i| self.tok(i).is_some_and(|t| t.end as usize >= end))?;
        let close = last.checked_sub(1)?;
        let ends_there = self.tok(last).is_some_and(|t| t.end as usize == end)
            && self.op_at(last, Op::RParen)
            && self.op_at(close, Op::RParen);
        let body = self.src.get(open + 2..end - 2)?;
        ends_there.then_some((close, body))
    }

    /// `((` … `))`, taken if it matches (else nothing is taken): an
    /// arithmetic command, or, where bash reads the text otherwise, a
    /// subshell in a subshell, its body read again from the text.
    fn arithmetic_command(&mut self) -> G<Option<(Compound, Span)>> {
        let start = self.pos;
        if !self.op_at(start, Op::LParen) || !self.op_at(start + 1, Op::LParen) {
            return Ok(None);
        }
        let by_rule = self
            .arithmetic_expression(start + 2)
            .filter(|&e| self.op_at(e, Op::RParen) && self.op_at(e + 1, Op::RParen));
        let (body_end, expr) = match by_rule {
            Some(e) => (e, self.slice(start + 2, e)),
            // bash reads the text to the matching `))` as arithmetic
            // whatever it holds (`(( a;b ))` is an arithmetic error when
            // it runs); brush-parser's rule reads tokens.
            None => match self.arith_text_end(start) {
                Some((e, text)) => {
                    deviation::note(Deviation::ArithCommandByText);
                    (e, text.to_owned())
                }
                None => return Ok(None),
            },
        };
        let span = self.span(start)?.to(self.span(body_end + 1)?);
        self.pos = body_end + 2;
        let text = self.src_of(span);
        if self.failed() {
            return Ok(Some((Compound::Subshell(Vec::new()), span)));
        }
        if is_arith_command(text) {
            // The text as written between `((` and `))`: `set -x` shows it,
            // and an error shows it less its leading blanks, with the
            // trailing ones (`((: 1 + : syntax error`).
            let raw = text.strip_prefix("((").and_then(|t| t.strip_suffix("))"));
            let r = self.words.arith(raw.unwrap_or(&expr));
            let close = self.tok(body_end + 1).map_or(span.line, |t| t.line);
            let node = match self.keep(r) {
                Some(mut arith) => {
                    arith.line = self.line_of(close);
                    Compound::Arith(arith)
                }
                None => Compound::Subshell(Vec::new()),
            };
            return Ok(Some((node, span)));
        }
        // brush-parser takes any `(` `(` ... `)` `)` tokens for an
        // arithmetic command; bash reads `( (echo a) )` as subshells.
        let inner = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
        let offset = self.line_of(span.line.saturating_sub(1));
        let w = self.words;
        let r = super::parse_again(inner, w.options, offset, w.max_depth, w.aliases).map_err(|e| {
            // Bash quotes the whole line the error is on, not the part of
            // it inside the parentheses.
            match e {
                SyntaxError::NearToken { token, line, .. } => SyntaxError::NearToken {
                    token,
                    line,
                    source_line: line
                        .checked_sub(w.line_offset.saturating_add(1))
                        .and_then(|n| self.src.lines().nth(n as usize))
                        .unwrap_or("")
                        .to_owned(),
                },
                other => other,
            }
        });
        let list = self.keep(r).map(|s| s.list).unwrap_or_default();
        Ok(Some((Compound::Subshell(list), span)))
    }

    /// `arithmetic_expression_piece*` from `at`: where it ends (`None`
    /// past the depth bound).
    pub(super) fn arithmetic_expression(&mut self, mut at: usize) -> Option<usize> {
        loop {
            match self.arith_piece(at) {
                Ok(Some(next)) => at = next,
                Ok(None) => return Some(at),
                Err(_) => return None,
            }
        }
    }

    fn arith_piece(&mut self, at: usize) -> G<Option<usize>> {
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

    fn arith_piece_inner(&mut self, at: usize) -> G<Option<usize>> {
        if self.op_at(at, Op::LParen) {
            let mut inner = at + 1;
            while !self.op_at(inner, Op::RParen) {
                match self.arith_piece(inner)? {
                    Some(next) => inner = next,
                    None => break,
                }
            }
            if self.op_at(inner, Op::RParen) {
                return Ok(Some(inner + 1));
            }
        }
        let at_end = (self.op_at(at, Op::RParen) && self.op_at(at + 1, Op::RParen))
            || self.op_at(at, Op::Semi)
            || self.op_at(at, Op::DSemi);
        if at_end || self.op_at(at, Op::RParen) || at >= self.toks.len() {
            return Ok(None);
        }
        Ok(Some(at + 1))
    }
}

/// True when a `for` clause's source text is a `select` command.
pub(crate) fn is_select(source: &str) -> bool {
    source.starts_with("select")
}
