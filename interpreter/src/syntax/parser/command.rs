//! Commands: which kind starts here, simple commands (assignments, words,
//! redirections, process substitutions, and the text bash shows for
//! them), and function definitions.

use std::sync::Arc;

use super::deviation::Deviation;
use super::redirect::Redir;
use super::{Fail, G, Parser, Span, join};
use crate::ast::{Command, FuncDef, SimpleCommand};
use crate::syntax::lexer::{Kind, Op};
use crate::syntax::words::{
    AssignSrc, append_after_proc_sub, append_proc_sub, join_proc_sub, joins_proc_sub,
    proc_sub_word, push_after_proc_sub,
};

/// A command, brush-parser's span of it, and the span its line is taken
/// from (its first word or assignment, for a simple command).
pub(super) struct Cmd {
    pub(super) node: Command,
    pub(super) loc: Option<Span>,
    pub(super) first: Option<Span>,
}

/// Whether `w` is one of bash's reserved words.
pub(crate) fn is_reserved(w: &str) -> bool {
    matches!(
        w,
        "!" | "{"
            | "}"
            | "case"
            | "do"
            | "done"
            | "elif"
            | "else"
            | "esac"
            | "fi"
            | "for"
            | "if"
            | "in"
            | "then"
            | "until"
            | "while"
            | "[["
            | "]]"
            | "function"
            | "select"
            | "coproc"
    )
}

/// An assignment word's shape: the name, its subscript, `+=`, and where
/// its value is.
struct Shape<'t> {
    name: String,
    index: Option<String>,
    append: bool,
    value: Value<'t>,
}

enum Value<'t> {
    /// The text after `=`.
    Scalar(&'t str),
    /// `( … )`: read when the assignment is taken (`array_elements`).
    Array,
}

/// An element of `name=( … )`: its text, and the process substitutions
/// written in it (`<(cmd)`, `x<(a)y`) with the words against them, in
/// order; the text is then the first word's, or empty.
struct Element<'t> {
    text: &'t str,
    /// The element as `declare -f` prints it: its words and process
    /// substitutions, in order.
    shown: std::borrow::Cow<'t, str>,
    subs: Vec<ElementPart>,
}

/// A process substitution in an array element, or a word written right
/// after one.
enum ElementPart {
    Sub(crate::ast::Word),
    Word(crate::ast::Word),
}

/// One item of a simple command, in the order written; small, since a
/// command may have hundreds of thousands (a word's node is kept apart).
enum It<'t> {
    Redir(Box<Redir>),
    /// A word token; its node is the next of the command's resolved words.
    Word(usize),
    /// A word token `{NAME}` written against the redirection after it,
    /// which it names the descriptor of.
    FdVar(usize, String),
    Assign(Box<AssignIt<'t>>),
    ProcSub(Box<ProcSubIt>),
}

/// An assignment: the word as brush-parser keeps it (an array's elements
/// one space apart), its span, the line it ends on, and the assignment
/// resolved (with the word, after the command name).
struct AssignIt<'t> {
    word: std::borrow::Cow<'t, str>,
    span: Span,
    end_line: u32,
    assign: Option<crate::ast::Assign>,
    word_node: Option<crate::ast::Word>,
}

/// A process substitution: its list, the span of its parentheses, and
/// its text as bash prints it.
struct ProcSubIt {
    write: bool,
    list: crate::ast::List,
    span: Span,
    shown: String,
}

/// A simple command's items, and the nodes of its word items in order.
struct Items<'t> {
    items: Vec<It<'t>>,
    words: Vec<crate::ast::Word>,
}

impl<'t> Parser<'t> {
    /// `command`: `None` (nothing taken) where no command starts. In a
    /// pipeline (`piped`), a `|&` after it adds `2>&1` to it.
    pub(super) fn command(&mut self, piped: bool) -> G<Option<Cmd>> {
        self.enter()?;
        let c = self.command_inner(piped);
        self.leave();
        c
    }

    /// Whether `|&` follows a command of a pipeline.
    fn pipe_and(&self, piped: bool) -> bool {
        piped && self.op_at(self.pos, Op::PipeAnd)
    }

    fn command_inner(&mut self, piped: bool) -> G<Option<Cmd>> {
        let Some(tok) = self.tok(self.pos) else {
            return Ok(None);
        };
        let word = (!matches!(tok.kind, Kind::Op(_))).then(|| self.text(tok));
        if let Some(w) = word {
            if w == "function" {
                return self.function_keyword(piped).map(Some);
            }
            if !is_reserved(w) && !w.ends_with('=') && self.op_at(self.pos + 1, Op::LParen) {
                // A word then `(` can only start a function definition,
                // which wants `)` next: the token after the `(` is the
                // error, as bash reports it (`echo (a)`: near `a').
                if !self.op_at(self.pos + 2, Op::RParen) {
                    return Err(Fail::At(self.pos + 2));
                }
                let name = self.pos;
                self.pos += 1;
                self.expect_op(Op::LParen)?;
                self.expect_op(Op::RParen)?;
                self.linebreak();
                return self.function_body(name, piped).map(Some);
            }
        }
        if self.starts_redirect(self.pos)
            || self.assignment_at(self.pos).is_some()
            || word.is_some_and(|w| !is_reserved(w))
        {
            return self.simple_command(piped).map(Some);
        }
        if self.word_at(self.pos, "[[") {
            let (test, line, text, span) = self.extended_test_command()?;
            let redirects = self.redirect_list()?;
            if self.pipe_and(piped) {
                return self.fail();
            }
            let node = crate::ast::Compound::Test(test, line, Arc::from(text));
            return Ok(Some(Cmd {
                node: Command::Compound(Box::new(node), Redir::nodes(redirects)),
                loc: Some(span),
                first: Some(span),
            }));
        }
        let Some((c, span)) = self.compound_command()? else {
            return Ok(None);
        };
        let mut redirects = self.redirect_list()?;
        if self.pipe_and(piped) {
            redirects.push(Redir::stderr_to_stdout());
        }
        Ok(Some(Cmd {
            node: Command::Compound(Box::new(c), Redir::nodes(redirects)),
            loc: Some(span),
            first: Some(span),
        }))
    }

    // ---- functions ----

    /// `function NAME ( ) body` or `function NAME body`.
    fn function_keyword(&mut self, piped: bool) -> G<Cmd> {
        self.expect_word("function")?;
        match self.word_text(self.pos) {
            Some(w) if !w.ends_with('=') => {}
            _ => return self.fail(),
        }
        let name = self.pos;
        self.pos += 1;
        if self.op_at(self.pos, Op::LParen) && self.op_at(self.pos + 1, Op::RParen) {
            self.pos += 2;
        }
        self.linebreak();
        self.function_body(name, piped)
    }

    /// The body of the function named by token `name`, and its
    /// redirections.
    fn function_body(&mut self, name: usize, piped: bool) -> G<Cmd> {
        self.enter()?;
        let c = match self.compound_command() {
            // bash takes any compound command for a body, `[[ ]]` too.
            Ok(None) if self.word_at(self.pos, "[[") => {
                super::deviation::note(Deviation::TestFunctionBody);
                self.extended_test_command()
                    .map(|(test, line, text, span)| {
                        Some((
                            crate::ast::Compound::Test(test, line, Arc::from(text)),
                            span,
                        ))
                    })
            }
            other => other,
        };
        self.leave();
        let Some((body, span)) = c? else {
            return self.fail();
        };
        let mut redirects = self.redirect_list()?;
        if self.pipe_and(piped) {
            redirects.push(Redir::stderr_to_stdout());
        }
        let name_span = self.span(name)?;
        let name = self.word_text(name).unwrap_or_default();
        // The body exactly as written (here-documents and all) after
        // `name() `, then its own redirections as brush-parser writes
        // them.
        let mut source = format!("{name}() {}", self.src_of(span));
        for r in &redirects {
            source.push(' ');
            source.push_str(&r.brush);
        }
        let def = FuncDef {
            name: name.to_owned(),
            body,
            redirects: Redir::nodes(redirects),
            line: self.line_of(span.line),
            utf8: crate::escapes::parsing_utf8(),
            source,
        };
        Ok(Cmd {
            node: Command::FuncDef(Arc::new(def)),
            loc: Some(name_span.to(span)),
            first: Some(name_span),
        })
    }

    // ---- assignments ----

    /// The assignment word at `at`, if one is there (nothing is taken):
    /// its shape and the index past it.
    fn assignment_at(&self, at: usize) -> Option<(Shape<'t>, usize)> {
        let w = self.word_text(at)?;
        let (name, append, value_at) =
            crate::syntax::word::assignment_prefix(w, self.words.max_depth)?;
        let (name, index) = match name {
            brush_parser::ast::AssignmentName::VariableName(n) => (n, None),
            brush_parser::ast::AssignmentName::ArrayElementName(n, i) => (n, Some(i)),
        };
        if value_at == w.len()
            && self.op_at(at + 1, Op::LParen)
            && self.touches_next(at, Deviation::ArrayAfterBlank)
        {
            let shape = Shape {
                name,
                index,
                append,
                value: Value::Array,
            };
            return Some((shape, at + 2));
        }
        let shape = Shape {
            name,
            index,
            append,
            value: Value::Scalar(w.get(value_at..).unwrap_or_default()),
        };
        Some((shape, at + 1))
    }

    /// Whether the token after `at` is written right against it; where
    /// it is not, bash's reading is `d` (brush-parser reads on as if it
    /// were).
    fn touches_next(&self, at: usize, d: Deviation) -> bool {
        let touches = matches!(
            (self.tok(at), self.tok(at + 1)),
            (Some(a), Some(b)) if a.end == b.start
        );
        if !touches {
            super::deviation::note(d);
        }
        touches
    }

    /// The elements of `( … )` from the token after the `(`, newlines
    /// between them skipped; `self.pos` ends past the `)`. As in bash's
    /// `parse_compound_assignment`, any operator but a process
    /// substitution is an error, and so is the end of the text: both
    /// [`Fail::Array`], which bash reports and reads on after.
    fn array_elements(&mut self, open: usize) -> G<(Vec<Element<'t>>, Span)> {
        let mut out: Vec<Element<'t>> = Vec::new();
        let mut prev_end = None;
        loop {
            let at = self.pos;
            let Some(t) = self.tok(at) else {
                return Err(Fail::Array { open, at });
            };
            let joined = prev_end == Some(t.start);
            match t.kind {
                Kind::Op(Op::Newline) => {
                    self.pos += 1;
                    prev_end = None;
                }
                Kind::Op(Op::RParen) => {
                    self.pos += 1;
                    return Ok((out, Span::of(t)));
                }
                Kind::Op(Op::Less | Op::Great) if self.op_at(at + 1, Op::LParen) => {
                    super::deviation::note(Deviation::ProcSubInArray);
                    let (write, list, span, _, shown) = self.process_substitution()?;
                    let part = ElementPart::Sub(proc_sub_word(write, list));
                    match out.last_mut() {
                        Some(e) if joined => {
                            e.subs.push(part);
                            e.shown.to_mut().push_str(&shown);
                        }
                        _ => out.push(Element {
                            text: "",
                            shown: shown.into(),
                            subs: vec![part],
                        }),
                    }
                    prev_end = Some(span.end);
                }
                Kind::Op(_) => return Err(Fail::Array { open, at }),
                _ => {
                    let text = self.text(t);
                    self.pos += 1;
                    match out.last_mut() {
                        Some(e) if joined && !e.subs.is_empty() => {
                            let w = self.word(text);
                            if let Some(e) = out.last_mut() {
                                e.subs.push(ElementPart::Word(w));
                                e.shown.to_mut().push_str(text);
                            }
                        }
                        _ => out.push(Element {
                            text,
                            shown: text.into(),
                            subs: Vec::new(),
                        }),
                    }
                    prev_end = Some(t.end);
                }
            }
        }
    }

    /// The assignment here, taken and resolved (and its word, in a
    /// command's `suffix`).
    fn assignment_item(&mut self, suffix: bool) -> G<Option<It<'t>>> {
        let Some((shape, next)) = self.assignment_at(self.pos) else {
            return Ok(None);
        };
        let at = self.pos;
        self.pos = next;
        let first = self.span(at)?;
        let (word, span, end_line, elements) = match &shape.value {
            Value::Array => {
                let (elements, close) = self.array_elements(at + 1)?;
                let mut all = format!("{}(", self.word_text(at).unwrap_or_default());
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        all.push(' ');
                    }
                    all.push_str(&e.shown);
                }
                all.push(')');
                let end_line = self.tok(self.pos - 1).map_or(close.line, |t| t.end_line);
                let span = first.to(close);
                (std::borrow::Cow::Owned(all), span, end_line, elements)
            }
            Value::Scalar(_) => (
                std::borrow::Cow::Borrowed(self.word_text(at).unwrap_or_default()),
                first,
                self.tok(at).map_or(first.line, |t| t.end_line),
                Vec::new(),
            ),
        };
        let assign = self.assign(&shape, elements);
        let word_node = suffix.then(|| self.assignment_arg(&word));
        Ok(Some(It::Assign(Box::new(AssignIt {
            word,
            span,
            end_line,
            assign,
            word_node,
        }))))
    }

    /// The process substitutions written right after a scalar
    /// assignment's value (`p=<(cmd)`, `p=x<(a)y<(b)`), and the words
    /// written against them, are part of it, as in bash (brush-parser
    /// reads a redirection there).
    fn proc_subs_in_value(&mut self, item: &mut It<'t>) -> G<()> {
        let It::Assign(a) = item else {
            return Ok(());
        };
        let mut after_proc_sub = false;
        loop {
            let Some(t) = self.tok(self.pos).filter(|t| t.start == a.span.end) else {
                return Ok(());
            };
            let proc_sub = (self.op_at(self.pos, Op::Less) || self.op_at(self.pos, Op::Great))
                && self.op_at(self.pos + 1, Op::LParen);
            if !(proc_sub || after_proc_sub && self.is_word(self.pos)) {
                return Ok(());
            }
            let Some(crate::ast::AssignValue::Scalar(value)) =
                a.assign.as_mut().map(|a| &mut a.value)
            else {
                return Ok(());
            };
            super::deviation::note(Deviation::ProcSubInAssignment);
            let (shown, end) = if proc_sub {
                let (write, list, span, _, shown) = self.process_substitution()?;
                append_proc_sub(value, &proc_sub_word(write, list));
                (std::borrow::Cow::Owned(shown), span.end)
            } else {
                let text = self.word_text(self.pos).unwrap_or_default();
                self.pos += 1;
                append_after_proc_sub(value, self.word(text));
                (std::borrow::Cow::Borrowed(text), t.end)
            };
            a.word = std::borrow::Cow::Owned(format!("{}{shown}", a.word));
            a.span.end = end;
            after_proc_sub = proc_sub;
        }
    }

    fn assign(
        &mut self,
        shape: &Shape<'_>,
        elements: Vec<Element<'t>>,
    ) -> Option<crate::ast::Assign> {
        if self.failed() {
            return None;
        }
        let (value, first) = match &shape.value {
            Value::Scalar(v) => (AssignSrc::Scalar(v), *v),
            Value::Array => (
                AssignSrc::Array(elements.iter().map(|e| array_element(e.text)).collect()),
                // Lines counted from the first element holding command text.
                elements
                    .iter()
                    .map(|e| e.text)
                    .find(|e| e.contains("$(") || e.contains('`'))
                    .unwrap_or_default(),
            ),
        };
        let r = self.words_for(first).assign(
            shape.name.clone(),
            shape.index.as_deref(),
            &value,
            shape.append,
        );
        let mut a = self.keep(r)?;
        if let crate::ast::AssignValue::Array(values) = &mut a.value {
            for (e, (_, word, _)) in elements.into_iter().zip(values.iter_mut()) {
                join_element_parts(word, e.text.is_empty(), e.subs);
            }
        }
        Some(a)
    }

    // ---- simple commands ----

    fn simple_command(&mut self, piped: bool) -> G<Cmd> {
        // Room for the words up to the next operator.
        let words = self
            .toks
            .get(self.pos..)
            .unwrap_or_default()
            .iter()
            .take_while(|t| !matches!(t.kind, Kind::Op(_)))
            .count();
        let mut all = Items {
            items: Vec::with_capacity(words),
            words: Vec::with_capacity(words),
        };
        loop {
            if self.starts_redirect(self.pos) {
                all.items.push(It::Redir(Box::new(self.io_redirect()?)));
            } else if let Some(mut a) = self.assignment_item(false)? {
                self.proc_subs_in_value(&mut a)?;
                all.items.push(a);
            } else {
                break;
            }
        }
        let prefix = all.items.len();
        let mut name = None;
        if prefix > 0 {
            // After an assignment no word is reserved (`FOO=bar for` runs
            // a command named `for`), as in bash.
            if let Some(w) = self.word_text(self.pos) {
                if is_reserved(w) {
                    super::deviation::note(Deviation::ReservedWordAfterAssignment);
                }
                name = Some(self.pos);
                self.pos += 1;
                self.word_item(self.pos - 1, &mut all);
            }
        } else {
            let Some(w) = self.take_word() else {
                return self.fail();
            };
            name = Some(w);
            self.word_item(w, &mut all);
        }
        if name.is_some() {
            self.cmd_suffix(&mut all)?;
        }
        if self.pipe_and(piped) {
            all.items
                .push(It::Redir(Box::new(Redir::stderr_to_stdout())));
        }
        let items = &all.items;
        let loc = self.simple_span(items, prefix, name.is_some());
        let after = prefix + usize::from(name.is_some());
        let first = (prefix > 0)
            .then(|| items.first().and_then(|i| self.item_span(i)))
            .flatten()
            .or_else(|| {
                name.is_some()
                    .then(|| items.get(prefix).and_then(|i| self.item_span(i)))
                    .flatten()
            })
            .or_else(|| items.get(after).and_then(|i| self.item_span(i)));
        let node = self.simple_node(all);
        Ok(Cmd {
            node: Command::Simple(node),
            loc,
            first,
        })
    }

    fn cmd_suffix(&mut self, all: &mut Items<'t>) -> G<()> {
        loop {
            if (self.op_at(self.pos, Op::Less) || self.op_at(self.pos, Op::Great))
                && self.op_at(self.pos + 1, Op::LParen)
            {
                let p = self.proc_sub_item()?;
                all.items.push(p);
                continue;
            }
            if self.starts_redirect(self.pos) {
                all.items.push(It::Redir(Box::new(self.io_redirect()?)));
                continue;
            }
            if let Some(a) = self.assignment_item(true)? {
                all.items.push(a);
                continue;
            }
            match self.take_word() {
                Some(w) => self.word_item(w, all),
                None => return Ok(()),
            }
        }
    }

    fn proc_sub_item(&mut self) -> G<It<'t>> {
        let (write, list, span, _, shown) = self.process_substitution()?;
        Ok(It::ProcSub(Box::new(ProcSubIt {
            write,
            list,
            span,
            shown,
        })))
    }

    /// brush-parser's span of an item (none for a redirection).
    fn item_span(&self, i: &It<'_>) -> Option<Span> {
        match i {
            It::Redir(_) => None,
            It::Word(w) | It::FdVar(w, _) => self.span(*w).ok(),
            It::Assign(a) => Some(a.span),
            It::ProcSub(p) => Some(p.span),
        }
    }

    /// brush-parser's span of a simple command: its prefix, name and
    /// suffix, each known only when its first and last items are.
    fn simple_span(&self, items: &[It<'_>], prefix: usize, named: bool) -> Option<Span> {
        let part = |from: usize, to: usize| -> Option<Span> {
            if from >= to {
                return None;
            }
            join(
                items.get(from).and_then(|i| self.item_span(i)),
                items.get(to - 1).and_then(|i| self.item_span(i)),
            )
        };
        let start = part(0, prefix);
        let mid = if named {
            items.get(prefix).and_then(|i| self.item_span(i))
        } else {
            None
        };
        let after = prefix + usize::from(named);
        let end = part(after, items.len());
        match (start, mid, end) {
            (Some(s), _, Some(e)) => Some(s.to(e)),
            (Some(s), Some(m), None) => Some(s.to(m)),
            (Some(s), None, None) => Some(s),
            (None, Some(m), Some(e)) => Some(m.to(e)),
            (None, Some(m), None) => Some(m),
            _ => None,
        }
    }

    /// The command as bash shows it (`$BASH_COMMAND`): words as written
    /// (a word written against a process substitution joined to it),
    /// then the redirections, then here-document bodies.
    fn simple_text(&self, items: &[It<'_>], out: &mut String) {
        out.clear();
        let mut any_word = false;
        let (mut word_end, mut proc_sub_end): (Option<u32>, Option<u32>) = (None, None);
        let mut redirects = Vec::new();
        // The `{name}` written against the next redirection.
        let mut name = None;
        for item in items {
            let (text, joined) = match item {
                It::Redir(r) => {
                    redirects.push((name.take(), &**r));
                    continue;
                }
                It::FdVar(_, var) => {
                    name = Some(var.as_str());
                    continue;
                }
                It::ProcSub(p) => {
                    let joined = word_end.is_some_and(|e| e + 1 == p.span.start);
                    (word_end, proc_sub_end) = (None, Some(p.span.end));
                    (std::borrow::Cow::Borrowed(p.shown.as_str()), joined)
                }
                It::Word(..) | It::Assign(..) => {
                    let (text, span) = match item {
                        It::Assign(a) => (a.word.as_ref(), Some(a.span)),
                        It::Word(w) => (self.word_text(*w).unwrap_or_default(), self.span(*w).ok()),
                        _ => continue,
                    };
                    let joined = proc_sub_end.is_some() && proc_sub_end == span.map(|s| s.start);
                    (word_end, proc_sub_end) = (span.map(|s| s.end), None);
                    (crate::syntax::shown::shown_word(text), joined)
                }
            };
            if any_word && !joined {
                out.push(' ');
            }
            any_word = true;
            out.push_str(&text);
        }
        if !redirects.is_empty() {
            if any_word {
                out.push(' ');
            }
            for (i, (name, r)) in redirects.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                if let Some(name) = name {
                    out.push('{');
                    out.push_str(name);
                    out.push('}');
                }
                out.push_str(&r.shown);
            }
            let docs: Vec<&str> = redirects
                .iter()
                .filter_map(|(_, r)| r.doc.as_deref())
                .collect();
            if !docs.is_empty() {
                out.push('\n');
                for d in docs {
                    out.push_str(d);
                }
            }
        }
    }

    /// The resolved simple command of `items`.
    fn simple_node(&mut self, all: Items<'t>) -> SimpleCommand {
        let Items { items, words } = all;
        // The text is built in a buffer kept from command to command.
        let mut text = std::mem::take(&mut self.text_buf);
        self.simple_text(&items, &mut text);
        // Most commands are words, assignments before them and
        // redirections: their word nodes are the command's words as they
        // are.
        let plain = items.iter().all(|i| match i {
            It::Word(_) | It::Redir(_) | It::FdVar(..) => true,
            It::Assign(a) => a.word_node.is_none(),
            It::ProcSub(_) => false,
        });
        let (words, mut resolved) = if plain {
            (words, Vec::new().into_iter())
        } else {
            (Vec::with_capacity(words.len()), words.into_iter())
        };
        let mut cmd = SimpleCommand {
            line: 0,
            text: crate::ast::CommandText::new(text.as_str()),
            assigns: Vec::new(),
            words,
            redirects: Vec::new(),
            decl_assigns: Vec::new(),
        };
        self.text_buf = text;
        let mut line = None;
        // Bash numbers a simple command when it has read the token after
        // its first word: a second word spanning lines moves the command's
        // `$LINENO` (and an `eval`'s first line) to where that word ends.
        let mut second_end = None;
        let mut elements = 0u32;
        let (mut prev_end, mut after_proc_sub): (Option<u32>, Option<u32>) = (None, None);
        let mut var = None;
        let mut named = false;
        for item in items {
            let (item_end, item_proc_sub) = match item {
                It::Redir(mut r) => {
                    r.node.var = var.take();
                    cmd.redirects.push(r.node);
                    (None, None)
                }
                It::FdVar(w, name) => {
                    var = Some(name);
                    (self.span(w).ok().map(|s| s.end), None)
                }
                It::Word(w) => {
                    named = true;
                    let span = self.span(w).ok();
                    line = line.or_else(|| span.map(|s| self.line_of(s.line)));
                    elements += 1;
                    if elements == 2 {
                        second_end = self.tok(w).map(|t| self.line_of(t.end_line));
                    }
                    if !plain {
                        let word = resolved.next().unwrap_or_default();
                        // Written right after a process substitution
                        // (`<(a)b`), it goes on that word.
                        let joined =
                            after_proc_sub.is_some() && after_proc_sub == span.map(|s| s.start);
                        push_after_proc_sub(&mut cmd.words, word, joined);
                    }
                    (span.map(|s| s.end), None)
                }
                It::Assign(a) => {
                    let AssignIt {
                        span,
                        end_line,
                        assign,
                        word_node,
                        ..
                    } = *a;
                    line = line.or(Some(self.line_of(span.line)));
                    elements += 1;
                    if elements == 2 {
                        second_end = Some(self.line_of(end_line));
                    }
                    match word_node {
                        None => cmd.assigns.extend(assign),
                        // Before any word (`{fd}>f x=5`: brush-parser reads
                        // `{fd}` as the name) it is a prefix assignment, as
                        // bash reads `{fd}>` as a redirection.
                        Some(_) if !named => cmd.assigns.extend(assign),
                        // After the command name an assignment is an
                        // ordinary argument (`declare x=1`); declaration
                        // builtins expand it as an assignment (`simple.rs`).
                        Some(w) => {
                            if let Some(a) = assign {
                                cmd.decl_assigns.push((cmd.words.len(), a));
                            }
                            cmd.words.push(w);
                        }
                    }
                    (Some(span.end), None)
                }
                It::ProcSub(p) => {
                    let ProcSubIt {
                        write, list, span, ..
                    } = *p;
                    let word = proc_sub_word(write, list);
                    // Written against the word before it (`--file=<(cmd)`,
                    // `local f=<(cmd)`), it is part of that word, as in bash.
                    let joined = prev_end.is_some_and(|e| e + 1 == span.start);
                    let at = cmd.words.len().saturating_sub(1);
                    if joined
                        && !named
                        && let Some(crate::ast::AssignValue::Scalar(v)) =
                            cmd.assigns.last_mut().map(|a| &mut a.value)
                    {
                        super::deviation::note(Deviation::ProcSubInAssignment);
                        append_proc_sub(v, &word);
                        (prev_end, after_proc_sub) = (Some(span.end), Some(span.end));
                        continue;
                    }
                    named = true;
                    match cmd.words.last_mut() {
                        Some(last) if joined && last.braces.is_none() => {
                            if let Some((_, a)) =
                                cmd.decl_assigns.last_mut().filter(|(k, _)| *k == at)
                                && let crate::ast::AssignValue::Scalar(v) = &mut a.value
                            {
                                append_proc_sub(v, &word);
                            }
                            append_proc_sub(last, &word);
                        }
                        Some(last) if joined && joins_proc_sub(last) => {
                            super::deviation::note(Deviation::ProcSubAfterBraces);
                            join_proc_sub(last, &word);
                        }
                        _ => cmd.words.push(word),
                    }
                    (Some(span.end), Some(span.end))
                }
            };
            after_proc_sub = item_proc_sub;
            prev_end = item_end;
        }
        cmd.line = second_end.or(line).unwrap_or(self.words.line_offset.max(1));
        cmd
    }

    /// The word token at `at` as an item of a simple command: resolved,
    /// or, written against a redirection, the name of its descriptor.
    fn word_item(&mut self, at: usize, all: &mut Items<'t>) {
        if let Some(var) = self.fd_var_at(at) {
            all.items.push(It::FdVar(at, var.to_owned()));
            return;
        }
        all.items.push(It::Word(at));
        let word = self.word(self.word_text(at).unwrap_or_default());
        all.words.push(word);
    }
}

/// An array element's word with the process substitutions written in it
/// and the words against them (`x<(a)y`); `empty`: nothing came before
/// the first substitution.
fn join_element_parts(word: &mut crate::ast::Word, empty: bool, parts: Vec<ElementPart>) {
    for (i, part) in parts.into_iter().enumerate() {
        match part {
            ElementPart::Sub(sub) if i == 0 && empty => *word = sub,
            ElementPart::Sub(sub) => join_proc_sub(word, &sub),
            ElementPart::Word(w) => append_after_proc_sub(word, w),
        }
    }
}

/// brush-parser's `literal_array_element`: `[KEY]=VALUE` or a value.
fn array_element(e: &str) -> (Option<&str>, &str) {
    if let Some(rest) = e.strip_prefix('[')
        && let Some(close) = rest.find(']')
        && let Some(value) = rest.get(close + 1..).and_then(|r| r.strip_prefix('='))
    {
        return (Some(rest.get(..close).unwrap_or_default()), value);
    }
    (None, e)
}
