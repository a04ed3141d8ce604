//! Turns brush-parser's AST into the resolved tree of `ast.rs`: every word,
//! parameter operand, arithmetic expression and `$( )` body is parsed here,
//! once, so the evaluator never parses the same text twice.

use std::sync::Arc;

use brush_parser::ast as b;

use super::error::SyntaxError;
use super::source::Source;
use super::tokens;
use super::words::{
    AssignSrc, Words, append_proc_sub, arith_for_parts, fd_var_name, has_empty_in,
    is_arith_command, proc_sub_word,
};
use crate::ast::*;

/// A `for`/`select` loop's words as bash prints them: as written, one
/// space apart; `"$@"` when the loop has no `in`.
fn for_raw(f: &b::ForClauseCommand, text: Option<&str>) -> String {
    match &f.values {
        None if text.is_some_and(has_empty_in) => String::new(),
        Some(ws) => ws
            .iter()
            .map(|w| w.value.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        None => "\"$@\"".to_owned(),
    }
}

/// `[[ ]]` as bash prints it (`$BASH_COMMAND`): a lone word is `-n word`,
/// `!` and parentheses are spaced out, operands are as written and so is a
/// binary operator (`=` stays `=`) when `source` holds the text.
fn cond_text(t: &b::ExtendedTestExpr, source: &Source<'_>, out: &mut String) {
    match t {
        b::ExtendedTestExpr::And(l, r) | b::ExtendedTestExpr::Or(l, r) => {
            cond_text(l, source, out);
            out.push_str(if matches!(t, b::ExtendedTestExpr::And(..)) {
                " && "
            } else {
                " || "
            });
            cond_text(r, source, out);
        }
        b::ExtendedTestExpr::Not(e) => {
            out.push_str("! ");
            cond_text(e, source, out);
        }
        b::ExtendedTestExpr::Parenthesized(e) => {
            out.push_str("( ");
            cond_text(e, source, out);
            out.push_str(" )");
        }
        b::ExtendedTestExpr::UnaryTest(p, w) => out.push_str(&format!("{p} {}", w.value)),
        b::ExtendedTestExpr::BinaryTest(p, l, r) => {
            let op = written_op(p, l, r, source);
            out.push_str(&format!("{} {op} {}", l.value, r.value));
        }
    }
}

/// A `[[ ]]` binary operator as written between its operands when
/// `source` holds them (`=` stays `=`), else as the parser names it.
fn written_op(p: &b::BinaryPredicate, l: &b::Word, r: &b::Word, source: &Source<'_>) -> String {
    let written = match (&l.loc, &r.loc) {
        (Some(a), Some(b)) => source
            .span(a.end.index, b.start.index)
            .map(str::trim)
            .filter(|op| !op.is_empty() && !op.contains(char::is_whitespace)),
        _ => None,
    };
    written.map_or_else(|| p.to_string(), str::to_owned)
}

/// Resolves brush-parser's trees: the word-level context, and the text
/// the parser read, for keeping function sources verbatim.
pub(crate) struct Resolver<'a> {
    pub(crate) words: Words<'a>,
    pub(crate) source: &'a Source<'a>,
}

impl<'a> std::ops::Deref for Resolver<'a> {
    type Target = Words<'a>;
    fn deref(&self) -> &Words<'a> {
        &self.words
    }
}

type R<T> = Result<T, SyntaxError>;

/// Parses `text` (whose first line is line `line_offset + 1`) after
/// measuring its nesting: the way every nested body (`$( )`, backquotes,
/// a `$( )` read again) and a rest of script read whole are parsed.
pub(crate) fn parse_nested(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&super::alias::Aliases>,
) -> Result<Script, SyntaxError> {
    super::chunk::check_depth(text, max_depth, line_offset)?;
    parse_text(text, options, line_offset, max_depth, aliases)
}

/// The line a pipeline starts on: that of its `time` or of its first
/// command's first token (brush-parser's `location()` would build the span
/// of every command for it).
fn start_line(p: &b::Pipeline) -> Option<usize> {
    use brush_parser::ast::SourceLocation;
    if let Some(t) = &p.timed {
        return t.location().map(|s| s.start.line);
    }
    let span = match p.seq.first()? {
        b::Command::Simple(s) => s
            .prefix
            .as_ref()
            .and_then(|x| x.0.first())
            .and_then(SourceLocation::location)
            .or_else(|| s.word_or_name.as_ref().and_then(SourceLocation::location))
            .or_else(|| {
                s.suffix
                    .as_ref()
                    .and_then(|x| x.0.first())
                    .and_then(SourceLocation::location)
            }),
        other => other.location(),
    };
    span.map(|s| s.start.line)
}

/// Tokens, grammar, resolution: one text to its resolved tree.
pub(crate) fn parse_text(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&super::alias::Aliases>,
) -> Result<Script, SyntaxError> {
    let lexed = tokens::tokenize(text, options, line_offset, max_depth)?;
    let lexed = match aliases {
        Some(a) => {
            let opts = super::lexer::Options::from(&options.tokenizer_options());
            super::alias::expand(&lexed, text, a, opts, max_depth)
                .map_err(|_| SyntaxError::Unsupported("alias expansion too large".into()))?
        }
        None => lexed,
    };
    let program = tokens::program(&lexed, text, line_offset, max_depth)?;
    Resolver {
        words: Words {
            options,
            line_offset,
            max_depth,
            aliases,
            body: parse_nested,
        },
        source: &Source::new(text),
    }
    .program(&program)
}

impl Resolver<'_> {
    /// A function's definition as text that parses back to it: the body
    /// exactly as written (here-documents and all) after `name() `.
    fn function_source(&self, f: &b::FunctionDefinition) -> String {
        use brush_parser::ast::SourceLocation;
        let body = f.body.0.location().and_then(|span| self.span_text(&span));
        let Some(body) = body else {
            return f.to_string();
        };
        // brush-parser's redirections carry no span: the body's own
        // redirections (`f() { ...; } >log`) are written out after it.
        let redirects: Vec<String> = f
            .body
            .1
            .iter()
            .flat_map(|list| list.0.iter())
            .map(ToString::to_string)
            .collect();
        if redirects.is_empty() {
            format!("{}() {body}", f.fname.value)
        } else {
            format!("{}() {body} {}", f.fname.value, redirects.join(" "))
        }
    }
    /// The text a span of the parsed source covers (brush counts
    /// characters, not bytes).
    fn span_text(&self, span: &brush_parser::SourceSpan) -> Option<&str> {
        self.source.span(span.start.index, span.end.index)
    }

    /// brush-parser takes any `(` `(` ... `)` `)` tokens for an arithmetic
    /// command, spaces or not. Bash takes one only where `((` is written
    /// together and the text up to its matching `)` is followed at once by
    /// the closing `)`; anything else is a subshell in a subshell (`( (echo
    /// a) )`, `((echo a) )`), whose body this parses again from the text.
    fn nested_subshells(&self, a: &b::ArithmeticCommand) -> R<Option<List>> {
        let Some(span) = self.span_text(&a.loc) else {
            return Ok(None);
        };
        if is_arith_command(span) {
            return Ok(None);
        }
        let Some(inner) = span.get(1..span.len().saturating_sub(1)) else {
            return Ok(None);
        };
        let first_line = a.loc.start.line.saturating_sub(1);
        let offset = self.line_of(first_line);
        let script = parse_nested(inner, self.options, offset, self.max_depth, self.aliases)
            .map_err(|e| {
                // Bash quotes the whole line the error is on, not the part of
                // it inside the parentheses.
                match e {
                    SyntaxError::NearToken { token, line, .. } => SyntaxError::NearToken {
                        token,
                        line,
                        source_line: line
                            .checked_sub(self.line_offset.saturating_add(1))
                            .and_then(|n| self.source.text().lines().nth(n as usize))
                            .unwrap_or("")
                            .to_owned(),
                    },
                    other => other,
                }
            })?;
        Ok(Some(script.list))
    }

    pub(crate) fn program(&self, p: &b::Program) -> R<Script> {
        let mut units = Vec::with_capacity(p.complete_commands.len());
        for cc in &p.complete_commands {
            units.push(self.list(cc)?);
        }
        // The flat list shares the and-or nodes with the units.
        let list = units
            .iter()
            .flatten()
            .map(|i| Item {
                and_or: Arc::clone(&i.and_or),
                background: i.background,
                newline: i.newline,
                text: i.text.clone(),
            })
            .collect();
        Ok(Script { list, units })
    }

    fn list(&self, l: &b::CompoundList) -> R<List> {
        l.0.iter()
            .map(|item| {
                let background = matches!(item.1, b::SeparatorOperator::Async);
                let text = if background {
                    use brush_parser::ast::SourceLocation;
                    item.0
                        .location()
                        .and_then(|span| self.span_text(&span))
                        .map(|t| Arc::from(t.trim_end()))
                } else {
                    None
                };
                Ok(Item {
                    and_or: Arc::new(self.and_or(&item.0)?),
                    background,
                    newline: Shown::default(),
                    text,
                })
            })
            .collect()
    }

    fn and_or(&self, a: &b::AndOrList) -> R<AndOr> {
        let first = self.pipeline(&a.first)?;
        let rest = a
            .additional
            .iter()
            .map(|x| match x {
                b::AndOr::And(p) => Ok((Connector::And, self.pipeline(p)?)),
                b::AndOr::Or(p) => Ok((Connector::Or, self.pipeline(p)?)),
            })
            .collect::<R<Vec<_>>>()?;
        Ok(AndOr { first, rest })
    }

    fn pipeline(&self, p: &b::Pipeline) -> R<Pipeline> {
        Ok(Pipeline {
            bang: p.bang,
            line: start_line(p).map_or(0, |line| self.line_of(line)),
            commands: p.seq.iter().map(|c| self.command(c)).collect::<R<_>>()?,
            timed: p.timed.as_ref().map(b::PipelineTimed::is_posix_output),
        })
    }

    fn command(&self, c: &b::Command) -> R<Command> {
        Ok(match c {
            b::Command::Simple(s) => Command::Simple(self.simple(s)?),
            b::Command::Compound(cc, redirs) => Command::Compound(
                Box::new(self.compound(cc)?),
                self.redirect_list(redirs.as_ref())?,
            ),
            b::Command::Function(f) => Command::FuncDef(Arc::new(FuncDef {
                name: f.fname.value.clone(),
                body: self.compound(&f.body.0)?,
                redirects: self.redirect_list(f.body.1.as_ref())?,
                line: {
                    use brush_parser::ast::SourceLocation;
                    f.body
                        .0
                        .location()
                        .map_or(self.line_offset.max(1), |l| self.line_of(l.start.line))
                },
                utf8: crate::escapes::parsing_utf8(),
                source: self.function_source(f),
            })),
            b::Command::ExtendedTest(t, redirs) => {
                let line = self.line_of(t.loc.start.line);
                let mut text = String::from("[[ ");
                cond_text(&t.expr, self.source, &mut text);
                text.push_str(" ]]");
                Command::Compound(
                    Box::new(Compound::Test(self.test(&t.expr)?, line, Arc::from(text))),
                    self.redirect_list(redirs.as_ref())?,
                )
            }
        })
    }

    fn line_of(&self, line: usize) -> u32 {
        u32::try_from(line)
            .unwrap_or(u32::MAX)
            .saturating_add(self.line_offset)
    }

    fn word_line(&self, w: &b::Word) -> Option<u32> {
        w.loc.as_ref().map(|l| self.line_of(l.start.line))
    }

    fn simple(&self, s: &b::SimpleCommand) -> R<SimpleCommand> {
        let mut cmd = SimpleCommand {
            line: 0,
            text: CommandText::new(super::old_print::simple_command_text(
                s,
                self.source.text(),
                0,
            )),
            assigns: Vec::new(),
            words: Vec::new(),
            redirects: Vec::new(),
            decl_assigns: Vec::new(),
        };
        let mut line = None;
        // Bash numbers a simple command when it has read the token after
        // its first word: a second word spanning lines moves the command's
        // `$LINENO` (and an `eval`'s first line) to where that word ends.
        let mut second_end = None;
        let mut elements = 0u32;
        let mut note = |w: &b::Word| {
            elements += 1;
            if elements == 2 {
                second_end = w.loc.as_ref().map(|l| self.line_of(l.end.line));
            }
        };
        let mut items: Vec<&b::CommandPrefixOrSuffixItem> = Vec::new();
        if let Some(p) = &s.prefix {
            items.extend(p.0.iter());
        }
        let name_item;
        if let Some(w) = &s.word_or_name {
            name_item = b::CommandPrefixOrSuffixItem::Word(w.clone());
            items.push(&name_item);
        }
        if let Some(sfx) = &s.suffix {
            items.extend(sfx.0.iter());
        }
        let (mut prev_end, mut after_proc_sub) = (None, None);
        let mut items = items.into_iter().peekable();
        while let Some(item) = items.next() {
            match item {
                b::CommandPrefixOrSuffixItem::IoRedirect(r) => {
                    cmd.redirects.push(self.redirect(r)?);
                }
                // `{var}` before a redirection names its descriptor.
                b::CommandPrefixOrSuffixItem::Word(w)
                    if let Some(var) = fd_var_name(&w.value)
                        && self.touches_operator(w)
                        && let Some(b::CommandPrefixOrSuffixItem::IoRedirect(r)) = items.peek()
                        && !matches!(r, b::IoRedirect::OutputAndError(..))
                        && redirect_fd(r).is_none() =>
                {
                    let mut redirect = self.redirect(r)?;
                    redirect.var = Some(var.to_owned());
                    cmd.redirects.push(redirect);
                    items.next();
                }
                b::CommandPrefixOrSuffixItem::Word(w) => {
                    line = line.or_else(|| self.word_line(w));
                    note(w);
                    let word = self.word(&w.value)?;
                    // Written right after a process substitution (`<(a)b`),
                    // it goes on that word.
                    let joined = after_proc_sub.is_some()
                        && after_proc_sub == w.loc.as_ref().map(|l| l.start.index);
                    match cmd.words.last_mut() {
                        Some(last) if joined && word.braces.is_none() => match word.literal {
                            Some(text) => last.parts.push(Part::Quoted(text)),
                            None => last.parts.extend(word.parts),
                        },
                        _ => cmd.words.push(word),
                    }
                }
                b::CommandPrefixOrSuffixItem::AssignmentWord(a, w) => {
                    line = line.or_else(|| self.word_line(w));
                    note(w);
                    if cmd.words.is_empty() {
                        cmd.assigns.push(self.assignment(a)?);
                    } else {
                        // After the command name an assignment is an ordinary
                        // argument (`declare x=1`, `export a=b`); declaration
                        // builtins expand it as an assignment (`simple.rs`).
                        cmd.decl_assigns
                            .push((cmd.words.len(), self.assignment(a)?));
                        cmd.words.push(self.assignment_arg(&w.value)?);
                    }
                }
                b::CommandPrefixOrSuffixItem::ProcessSubstitution(kind, sub) => {
                    let word = self.proc_sub(kind, sub)?;
                    // Written against the word before it (`--file=<(cmd)`,
                    // `local f=<(cmd)`), it is part of that word, as in bash.
                    let joined = prev_end.is_some_and(|e| e + 1 == sub.loc.start.index);
                    let at = cmd.words.len().saturating_sub(1);
                    match cmd.words.last_mut() {
                        Some(last) if joined && last.braces.is_none() => {
                            if let Some((_, a)) =
                                cmd.decl_assigns.last_mut().filter(|(k, _)| *k == at)
                                && let AssignValue::Scalar(v) = &mut a.value
                            {
                                append_proc_sub(v, &word);
                            }
                            append_proc_sub(last, &word);
                        }
                        _ => cmd.words.push(word),
                    }
                }
            }
            after_proc_sub = match item {
                b::CommandPrefixOrSuffixItem::ProcessSubstitution(_, sub) => {
                    Some(sub.loc.end.index)
                }
                _ => None,
            };
            prev_end = match item {
                b::CommandPrefixOrSuffixItem::Word(w)
                | b::CommandPrefixOrSuffixItem::AssignmentWord(_, w) => {
                    w.loc.as_ref().map(|l| l.end.index)
                }
                // `<(a)<(b)` is one word, as `<(a)x` is.
                b::CommandPrefixOrSuffixItem::ProcessSubstitution(_, sub) => {
                    Some(sub.loc.end.index)
                }
                _ => None,
            };
        }
        cmd.line = second_end.or(line).unwrap_or(self.line_offset.max(1));
        Ok(cmd)
    }

    fn assignment(&self, a: &b::Assignment) -> R<Assign> {
        let (name, index) = match &a.name {
            b::AssignmentName::VariableName(n) => (n.clone(), None),
            b::AssignmentName::ArrayElementName(n, i) => (n.clone(), Some(i.as_str())),
        };
        let value = match &a.value {
            b::AssignmentValue::Scalar(w) => AssignSrc::Scalar(&w.value),
            b::AssignmentValue::Array(items) => AssignSrc::Array(
                items
                    .iter()
                    .map(|(k, v)| (k.as_ref().map(|k| k.value.as_str()), v.value.as_str()))
                    .collect(),
            ),
        };
        self.words.assign(name, index, &value, a.append)
    }

    /// The words of a `for` (or `select`) clause; `None` without `in`.
    fn for_words(&self, f: &b::ForClauseCommand) -> R<Option<Vec<Word>>> {
        if f.values.is_none() && self.span_text(&f.loc).is_some_and(has_empty_in) {
            // `for x in; do`: no words at all, not `"$@"`.
            return Ok(Some(Vec::new()));
        }
        f.values
            .as_ref()
            .map(|ws| ws.iter().map(|w| self.word(&w.value)).collect())
            .transpose()
    }

    fn compound(&self, c: &b::CompoundCommand) -> R<Compound> {
        Ok(match c {
            b::CompoundCommand::Arithmetic(a) => match self.nested_subshells(a)? {
                Some(list) => Compound::Subshell(list),
                None => {
                    // The text as written between `((` and `))`, as the
                    // parser takes it.
                    let raw = self
                        .span_text(&a.loc)
                        .and_then(|t| t.strip_prefix("(("))
                        .and_then(|t| t.strip_suffix("))"));
                    let mut arith = self.arith(raw.unwrap_or(&a.expr.value))?;
                    arith.line = self.line_of(a.loc.end.line);
                    Compound::Arith(arith)
                }
            },
            b::CompoundCommand::ArithmeticForClause(f) => {
                let mut init = self
                    .opt_arith(f.initializer.as_ref().map(|a| a.value.as_str()))?
                    .map(Box::new);
                let mut cond = self
                    .opt_arith(f.condition.as_ref().map(|a| a.value.as_str()))?
                    .map(Box::new);
                let mut step = self
                    .opt_arith(f.updater.as_ref().map(|a| a.value.as_str()))?
                    .map(Box::new);
                // `set -x` shows each part as written, less leading blanks.
                if let Some(parts) = self.span_text(&f.loc).and_then(arith_for_parts) {
                    for (a, raw) in [&mut init, &mut cond, &mut step].into_iter().zip(parts) {
                        if let Some(a) = a {
                            raw.trim_start().clone_into(&mut a.text);
                            // Expanded, the text keeps its trailing blanks
                            // (`set -x` shows `(( j = 1  ))`).
                            if a.expr.is_none() {
                                a.word = self.word(&a.text)?;
                            }
                        }
                    }
                }
                Compound::ArithFor {
                    init,
                    cond,
                    step,
                    line: self.line_of(f.loc.start.line),
                    body: self.list(&f.body.list)?,
                }
            }
            b::CompoundCommand::BraceGroup(g) => Compound::Brace(self.list(&g.list)?),
            b::CompoundCommand::Subshell(s) => Compound::Subshell(self.list(&s.list)?),
            b::CompoundCommand::ForClause(f)
                if self.span_text(&f.loc).is_some_and(super::parser::is_select) =>
            {
                Compound::Select {
                    var: f.variable_name.clone(),
                    words: self.for_words(f)?,
                    raw: for_raw(f, self.span_text(&f.loc)),
                    line: self.line_of(f.loc.start.line),
                    body: self.list(&f.body.list)?,
                }
            }
            b::CompoundCommand::ForClause(f) => Compound::For {
                var: f.variable_name.clone(),
                words: self.for_words(f)?,
                raw: for_raw(f, self.span_text(&f.loc)),
                header: HeaderText::default(),
                line: self.line_of(f.loc.start.line),
                body: self.list(&f.body.list)?,
            },
            b::CompoundCommand::CaseClause(c) => Compound::Case {
                word: self.unbraced_word(&c.value.value)?,
                raw: c.value.value.clone(),
                header: HeaderText::default(),
                line: self.line_of(c.loc.start.line),
                items: c
                    .cases
                    .iter()
                    .map(|item| {
                        Ok(CaseItem {
                            patterns: item
                                .patterns
                                .iter()
                                .map(|p| self.unbraced_word(&p.value))
                                .collect::<R<_>>()?,
                            body: match &item.cmd {
                                Some(l) => self.list(l)?,
                                None => Vec::new(),
                            },
                            shown: Shown::default(),
                            action: match item.post_action {
                                b::CaseItemPostAction::ExitCase => CaseAction::Break,
                                b::CaseItemPostAction::UnconditionallyExecuteNextCaseItem => {
                                    CaseAction::FallThrough
                                }
                                b::CaseItemPostAction::ContinueEvaluatingCases => {
                                    CaseAction::Continue
                                }
                            },
                        })
                    })
                    .collect::<R<_>>()?,
            },
            b::CompoundCommand::IfClause(i) => {
                let mut branches = vec![(self.list(&i.condition)?, self.list(&i.then)?)];
                let mut otherwise = None;
                for e in i.elses.iter().flatten() {
                    match &e.condition {
                        Some(c) => branches.push((self.list(c)?, self.list(&e.body)?)),
                        None => otherwise = Some(self.list(&e.body)?),
                    }
                }
                Compound::If {
                    branches,
                    otherwise,
                }
            }
            b::CompoundCommand::WhileClause(w) => Compound::While {
                until: false,
                cond: self.list(&w.0)?,
                body: self.list(&w.1.list)?,
            },
            b::CompoundCommand::UntilClause(w) => Compound::While {
                until: true,
                cond: self.list(&w.0)?,
                body: self.list(&w.1.list)?,
            },
            b::CompoundCommand::Coprocess(c) => {
                use brush_parser::ast::SourceLocation;
                Compound::Coproc {
                    name: c
                        .name
                        .as_ref()
                        .map_or_else(|| "COPROC".to_owned(), |w| w.value.clone()),
                    body: Arc::new(self.command(&c.body)?),
                    text: Arc::from(
                        c.location()
                            .and_then(|span| self.span_text(&span))
                            .unwrap_or("coproc")
                            .trim_end(),
                    ),
                }
            }
        })
    }

    fn test(&self, t: &b::ExtendedTestExpr) -> R<TestNode> {
        Ok(match t {
            b::ExtendedTestExpr::And(l, r) => {
                TestNode::And(Box::new(self.test(l)?), Box::new(self.test(r)?))
            }
            b::ExtendedTestExpr::Or(l, r) => {
                TestNode::Or(Box::new(self.test(l)?), Box::new(self.test(r)?))
            }
            b::ExtendedTestExpr::Not(e) => TestNode::Not(Box::new(self.test(e)?)),
            b::ExtendedTestExpr::Parenthesized(e) => self.test(e)?,
            b::ExtendedTestExpr::UnaryTest(op, w) => {
                TestNode::Unary(op.clone(), self.unbraced_word(&w.value)?)
            }
            b::ExtendedTestExpr::BinaryTest(op, l, r) => {
                let right = if matches!(op, b::BinaryPredicate::StringMatchesRegex) {
                    self.regex_word(&r.value)?
                } else {
                    self.unbraced_word(&r.value)?
                };
                TestNode::Binary(
                    op.clone(),
                    self.unbraced_word(&l.value)?,
                    right,
                    written_op(op, l, r, self.source).into(),
                )
            }
        })
    }

    /// The right side of `=~`: unquoted parentheses and `|` belong to the
    /// regex, so brush hands the text over whole; quoted parts stay literal.
    fn regex_word(&self, text: &str) -> R<Word> {
        self.unbraced_word(text)
    }

    /// Whether `w` is written against the redirection operator after it
    /// (`{fd}>f`, not `{fd} >f`, which passes `{fd}` as a word).
    fn touches_operator(&self, w: &b::Word) -> bool {
        let Some(loc) = &w.loc else {
            return true;
        };
        matches!(self.source.char_at(loc.end.index), Some('<' | '>'))
    }

    fn redirect_list(&self, r: Option<&b::RedirectList>) -> R<Vec<Redirect>> {
        match r {
            Some(l) => l.0.iter().map(|r| self.redirect(r)).collect(),
            None => Ok(Vec::new()),
        }
    }

    fn redirect(&self, r: &b::IoRedirect) -> R<Redirect> {
        Ok(match r {
            b::IoRedirect::File(fd, kind, target) => {
                let (target_word, text) = match target {
                    b::IoFileRedirectTarget::Filename(w)
                    | b::IoFileRedirectTarget::Duplicate(w) => {
                        (self.word(&w.value)?, w.value.clone())
                    }
                    b::IoFileRedirectTarget::Fd(n) => (Word::literal(n.to_string()), n.to_string()),
                    b::IoFileRedirectTarget::ProcessSubstitution(kind, sub) => {
                        let text = if matches!(kind, b::ProcessSubstitutionKind::Read) {
                            "<(...)"
                        } else {
                            ">(...)"
                        };
                        (self.proc_sub(kind, sub)?, text.to_owned())
                    }
                };
                let kind = match kind {
                    b::IoFileRedirectKind::Read => RedirectKind::Read(target_word),
                    b::IoFileRedirectKind::Write => RedirectKind::Write(target_word),
                    b::IoFileRedirectKind::Append => RedirectKind::Append(target_word),
                    b::IoFileRedirectKind::ReadAndWrite => RedirectKind::ReadWrite(target_word),
                    b::IoFileRedirectKind::Clobber => RedirectKind::Clobber(target_word),
                    b::IoFileRedirectKind::DuplicateInput => RedirectKind::DupInput(target_word),
                    b::IoFileRedirectKind::DuplicateOutput => RedirectKind::DupOutput(target_word),
                };
                Redirect {
                    fd: *fd,
                    var: None,
                    kind,
                    text,
                    shown: Shown::default(),
                }
            }
            b::IoRedirect::HereDocument(fd, h) => {
                self.heredoc(*fd, h.remove_tabs, h.requires_expansion, &h.doc.value)?
            }
            b::IoRedirect::HereString(fd, w) => Redirect {
                fd: *fd,
                var: None,
                kind: RedirectKind::HereString(self.unbraced_word(&w.value)?),
                text: w.value.clone(),
                shown: Shown::default(),
            },
            b::IoRedirect::OutputAndError(w, append) => Redirect {
                fd: None,
                var: None,
                kind: RedirectKind::OutputAndError(self.word(&w.value)?, *append),
                text: w.value.clone(),
                shown: Shown::default(),
            },
        })
    }

    /// `<(list)` or `>(list)` as a word of its own.
    fn proc_sub(&self, kind: &b::ProcessSubstitutionKind, sub: &b::SubshellCommand) -> R<Word> {
        Ok(proc_sub_word(
            matches!(kind, b::ProcessSubstitutionKind::Write),
            self.list(&sub.list)?,
        ))
    }
}

/// The descriptor number written before a redirection's operator.
pub(crate) fn redirect_fd(r: &b::IoRedirect) -> Option<i32> {
    match r {
        b::IoRedirect::File(fd, ..)
        | b::IoRedirect::HereDocument(fd, _)
        | b::IoRedirect::HereString(fd, _) => *fd,
        b::IoRedirect::OutputAndError(..) => None,
    }
}
