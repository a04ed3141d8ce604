//! Turns brush-parser's AST into the resolved tree of `ast.rs`: every word,
//! parameter operand, arithmetic expression and `$( )` body is parsed here,
//! once, so the evaluator never parses the same text twice.

use std::sync::Arc;

use brush_parser::ast as b;
use brush_parser::word::{self as bw, WordPiece};

use super::error::SyntaxError;
use super::source::Source;
use super::tokens;
use super::word as word_parse;
use super::word_guard::{
    MAX_QUOTED_DOLLAR_NESTING, Quoting, dollar_nesting, has_unclosed_brace_subst,
    has_unclosed_paren_subst, has_unclosed_subscript,
};
use crate::ast::*;

/// Brace expansions with at most this many results are expanded ahead;
/// larger ones (`{1..100000}`) are generated when the word is evaluated.
const MAX_PRE_EXPANDED_BRACES: u64 = 1024;

/// Appends the process substitution `ps` (a word of that one part) to `w`.
fn append_proc_sub(w: &mut Word, ps: &Word) {
    if let Some(text) = w.literal.take() {
        w.parts = vec![Part::Quoted(text)];
    }
    if let Some(Part::ProcSub { write, body }) = ps.parts.first() {
        w.parts.push(Part::ProcSub {
            write: *write,
            body: Arc::clone(body),
        });
    }
}

/// Whether a `for`/`select` loop's text has an `in` with no words after
/// it (`for x in; do`, `select x in\ndo`).
fn has_empty_in(text: &str) -> bool {
    let rest = text
        .trim_start_matches("for")
        .trim_start_matches("select")
        .trim_start();
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
    let rest = rest.trim_start_matches([' ', '\t', '\n']);
    let Some(after) = rest.strip_prefix("in") else {
        return false;
    };
    let after = after.trim_start_matches([' ', '\t']);
    after.starts_with([';', '\n'])
}

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

/// Resolves brush-parser's trees, carrying the parser options and the line
/// offset of nested sources (`$( )` bodies report their outer line).
pub(crate) struct Resolver<'a> {
    pub(crate) options: &'a brush_parser::ParserOptions,
    pub(crate) line_offset: u32,
    pub(crate) max_depth: u32,
    /// The text the parser read, for keeping function sources verbatim.
    pub(crate) source: &'a Source<'a>,
    /// The aliases `$( )` bodies are read with (`None`: not expanded).
    pub(crate) aliases: Option<&'a super::alias::Aliases>,
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

/// Runs `f` with a resolver for a text outside any script: line 1, no
/// source text.
fn detached<T>(max_depth: u32, f: impl FnOnce(&Resolver<'_>) -> T) -> T {
    let options = brush_parser::ParserOptions::default();
    let source = Source::new("");
    f(&Resolver {
        options: &options,
        line_offset: 0,
        max_depth,
        source: &source,
        aliases: None,
    })
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
    let tokens = tokens::tokenize(text, options, line_offset, max_depth)?;
    let tokens = match aliases {
        Some(a) => super::alias::expand(tokens, a, &options.tokenizer_options(), max_depth)
            .map_err(|_| SyntaxError::Unsupported("alias expansion too large".into()))?,
        None => tokens,
    };
    let program = tokens::program(&tokens, text, line_offset, max_depth)?;
    Resolver {
        options,
        line_offset,
        max_depth,
        source: &Source::new(text),
        aliases,
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
            text: CommandText::new(crate::print_fn::simple_command_text(s, 0)),
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

    /// A command's argument written like an assignment (`echo x=~/a`):
    /// bash expands a tilde after its `=` and after each `:` of the value,
    /// as in an assignment (a brace expression keeps it a plain word).
    fn assignment_arg(&self, text: &str) -> R<Word> {
        let Some((name, value)) = text.split_once('=') else {
            return self.word(text);
        };
        if text.contains('{') || !(value.starts_with('~') || value.contains(":~")) {
            return self.word(text);
        }
        let mut opts = self.options.clone();
        opts.tilde_expansion_after_colon = true;
        let r = Resolver {
            options: &opts,
            line_offset: self.line_offset,
            max_depth: self.max_depth,
            source: self.source,
            aliases: self.aliases,
        };
        let value = r.unbraced_word(value)?;
        let mut parts = vec![Part::Text(format!("{name}="))];
        match value.literal {
            Some(l) => parts.push(Part::Text(l)),
            None => parts.extend(value.parts),
        }
        Ok(Word {
            parts,
            ..Word::default()
        })
    }

    fn assignment(&self, a: &b::Assignment) -> R<Assign> {
        let (name, index) = match &a.name {
            b::AssignmentName::VariableName(n) => (n.clone(), None),
            b::AssignmentName::ArrayElementName(n, i) => (n.clone(), Some(self.subscript(i)?)),
        };
        let value = match &a.value {
            b::AssignmentValue::Scalar(w) if w.value.contains(":~") => {
                let mut opts = self.options.clone();
                opts.tilde_expansion_after_colon = true;
                let r = Resolver {
                    options: &opts,
                    line_offset: self.line_offset,
                    max_depth: self.max_depth,
                    source: self.source,
                    aliases: self.aliases,
                };
                AssignValue::Scalar(r.unbraced_word(&w.value)?)
            }
            b::AssignmentValue::Scalar(w) => AssignValue::Scalar(self.unbraced_word(&w.value)?),
            b::AssignmentValue::Array(items) => AssignValue::Array(
                items
                    .iter()
                    .map(|(k, v)| {
                        // `[k]=v` is an assignment: no brace expansion of v.
                        // The parser leaves `[k]+=v` and a key with brackets
                        // in it (`[a[0]]=v`) as plain words.
                        Ok(match k {
                            Some(k) => (
                                Some(self.subscript(&k.value)?),
                                self.unbraced_word(&v.value)?,
                                false,
                            ),
                            None => match crate::assign::split_keyed_element(&v.value) {
                                Some((k, add, v)) => {
                                    (Some(self.subscript(k)?), self.unbraced_word(v)?, add)
                                }
                                None => (None, self.word(&v.value)?, false),
                            },
                        })
                    })
                    .collect::<R<_>>()?,
            ),
        };
        let raw = match &a.value {
            b::AssignmentValue::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|(k, v)| match k {
                        Some(k) => format!("[{}]={}", k.value, v.value),
                        None => v.value.clone(),
                    })
                    .collect();
                let sub = index
                    .as_ref()
                    .map(|s| format!("[{}]", s.raw))
                    .unwrap_or_default();
                let op = if a.append { "+=" } else { "=" };
                format!("{name}{sub}{op}({})", items.join(" "))
            }
            b::AssignmentValue::Scalar(_) => String::new(),
        };
        Ok(Assign {
            name,
            index,
            value,
            append: a.append,
            raw,
        })
    }

    pub(crate) fn subscript(&self, raw: &str) -> R<Subscript> {
        // Bash expands no tilde in a subscript: `a[~]` is the key `~`.
        let mut word = self.word(raw)?;
        for p in &mut word.parts {
            if let Part::Tilde(t) = p {
                *p = Part::Text(crate::expand::tilde_text(t));
            }
        }
        Ok(Subscript {
            raw: raw.to_owned(),
            word,
            arith: if needs_expansion(raw) {
                None
            } else {
                crate::arith::parse(raw).ok().map(Arc::new)
            },
        })
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
                    let mut arith = self.arith(&a.expr.value)?;
                    // `set -x` shows the text as written between `((` and `))`.
                    if let Some(raw) = self
                        .span_text(&a.loc)
                        .and_then(|t| t.strip_prefix("(("))
                        .and_then(|t| t.strip_suffix("))"))
                    {
                        raw.clone_into(&mut arith.text);
                    }
                    Compound::Arith(arith)
                }
            },
            b::CompoundCommand::ArithmeticForClause(f) => {
                let mut init = self.opt_arith(f.initializer.as_ref())?.map(Box::new);
                let mut cond = self.opt_arith(f.condition.as_ref())?.map(Box::new);
                let mut step = self.opt_arith(f.updater.as_ref())?.map(Box::new);
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
                if self.span_text(&f.loc).is_some_and(crate::select::is_select) =>
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
                line: self.line_of(f.loc.start.line),
                body: self.list(&f.body.list)?,
            },
            b::CompoundCommand::CaseClause(c) => Compound::Case {
                word: self.unbraced_word(&c.value.value)?,
                raw: c.value.value.clone(),
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
                }
            }
            b::IoRedirect::HereDocument(fd, h) => {
                let mut body = h.doc.value.clone();
                if h.remove_tabs {
                    body = body
                        .split_inclusive('\n')
                        .map(|l| l.trim_start_matches('\t'))
                        .collect();
                }
                let doc = if h.requires_expansion {
                    HereDoc::Expanded(self.heredoc_word(&body)?)
                } else {
                    HereDoc::Literal(body)
                };
                Redirect {
                    fd: *fd,
                    var: None,
                    kind: RedirectKind::HereDoc(doc),
                    text: String::new(),
                }
            }
            b::IoRedirect::HereString(fd, w) => Redirect {
                fd: *fd,
                var: None,
                kind: RedirectKind::HereString(self.unbraced_word(&w.value)?),
                text: w.value.clone(),
            },
            b::IoRedirect::OutputAndError(w, append) => Redirect {
                fd: None,
                var: None,
                kind: RedirectKind::OutputAndError(self.word(&w.value)?, *append),
                text: w.value.clone(),
            },
        })
    }

    fn opt_arith(&self, a: Option<&b::UnexpandedArithmeticExpr>) -> R<Option<Arith>> {
        match a {
            Some(a) if !a.value.trim().is_empty() => Ok(Some(self.arith(&a.value)?)),
            _ => Ok(None),
        }
    }

    pub(crate) fn arith(&self, text: &str) -> R<Arith> {
        let expr = if needs_expansion(text) {
            None
        } else {
            crate::arith::parse(text).ok().map(Arc::new)
        };
        // Without a parsed expression the text is expanded and parsed when
        // evaluated, which also reports a syntax error at the right time.
        let word = if expr.is_none() {
            self.heredoc_word(text)?
        } else {
            Word::default()
        };
        Ok(Arith {
            text: text.to_owned(),
            expr,
            word,
        })
    }

    fn heredoc_word(&self, text: &str) -> R<Word> {
        let joined;
        let text = if text.contains("\\\n") {
            joined = join_continued_lines(text);
            joined.as_str()
        } else {
            text
        };
        if !needs_expansion(text) {
            return Ok(Word::quoted(text.to_owned()));
        }
        if let Some(refused) = self.refused_shape(text, Quoting::Literal)? {
            return Ok(refused);
        }
        let pieces = word_parse::parse_heredoc(text, self.options, self.max_depth)
            .map_err(|e| self.word_error(e))?;
        let parts = self.pieces(&pieces, true)?;
        Ok(Word {
            parts: vec![Part::DoubleQuoted(parts)],
            literal: None,
            braces: None,
            pattern_cache: Default::default(),
        })
    }

    /// Keeps from brush-parser a word or body that leaves a `${`, `$(`,
    /// `$[` or backquote open (bash's `bad substitution`, at expansion) or
    /// nests them inside double quotes too deep (a parser-budget error):
    /// brush's time on those doubles per level and more (fuzz F20).
    /// The word bash refuses when it expands it, for a text of a shape
    /// `word_guard.rs` finds (an unclosed subscript, `${` in a body, `$((`,
    /// or `$`-pieces nested too deep in double quotes), else `None`.
    fn refused_shape(&self, text: &str, quoting: Quoting) -> R<Option<Word>> {
        if has_unclosed_subscript(text) {
            return Ok(Some(bad_subst(text)));
        }
        // An unclosed `${` in a word is found by `quoted_dollar_nesting`
        // with bash's word message; in a body it has its own.
        if quoting == Quoting::Literal && has_unclosed_brace_subst(text) {
            return Ok(Some(bad_word_part(format!(
                "bad substitution: no closing `}}' in {text}"
            ))));
        }
        if has_unclosed_paren_subst(text) {
            return Ok(Some(bad_word_part(format!(
                "bad substitution: no closing `)' in {text}"
            ))));
        }
        self.quoted_dollar_nesting(text, quoting)
    }

    fn quoted_dollar_nesting(&self, text: &str, quoting: Quoting) -> R<Option<Word>> {
        let nesting = dollar_nesting(text, quoting);
        if let Some(message) = nesting.unclosed_message(text) {
            return Ok(Some(bad_word_part(message)));
        }
        if nesting.quoted_depth > MAX_QUOTED_DOLLAR_NESTING {
            return Err(SyntaxError::TooDeep {
                limit: MAX_QUOTED_DOLLAR_NESTING as u32,
                line: self.line_offset.saturating_add(1),
            });
        }
        Ok(None)
    }

    /// `<(list)` or `>(list)` as a word of its own.
    fn proc_sub(&self, kind: &b::ProcessSubstitutionKind, sub: &b::SubshellCommand) -> R<Word> {
        Ok(Word {
            parts: vec![Part::ProcSub {
                write: matches!(kind, b::ProcessSubstitutionKind::Write),
                body: Arc::new(self.list(&sub.list)?),
            }],
            literal: None,
            braces: None,
            pattern_cache: Default::default(),
        })
    }

    /// Parses one word's text.
    pub(crate) fn word(&self, text: &str) -> R<Word> {
        if is_plain(text) {
            return Ok(Word::literal(text.to_owned()));
        }
        if text.contains('{')
            && let Some(w) = self.brace_word(text)?
        {
            return Ok(w);
        }
        self.unbraced_word(text)
    }

    /// Parses a word that bash does not brace-expand: an assignment's
    /// value, a `case` word or pattern, a here-string, `[[ ]]` operands.
    pub(crate) fn unbraced_word(&self, text: &str) -> R<Word> {
        if is_plain(text) {
            return Ok(Word::literal(text.to_owned()));
        }
        if let Some(refused) = self.refused_shape(text, Quoting::Shell)? {
            return Ok(refused);
        }
        let pieces = word_parse::parse_word(text, self.options, self.max_depth)
            .map_err(|e| self.word_error(e))?;
        let parts = self.pieces(&pieces, false)?;
        Ok(Word {
            parts,
            literal: None,
            braces: None,
            pattern_cache: Default::default(),
        })
    }

    fn brace_word(&self, text: &str) -> R<Option<Word>> {
        let tree = match super::brace_parse::parse(text, self.max_depth) {
            Ok(Some(tree)) => tree,
            Ok(None) => return Ok(None),
            Err(super::brace_parse::BraceError::TooDeep) => {
                return Err(SyntaxError::TooDeep {
                    limit: self.max_depth,
                    line: self.line_offset + 1,
                });
            }
        };
        // The word unexpanded, for `set +B`.
        let plain = self.unbraced_word(text)?;
        let parts = match plain.literal {
            Some(l) => vec![Part::Text(l)],
            None => plain.parts,
        };
        if super::braces::count(&tree) <= MAX_PRE_EXPANDED_BRACES {
            let mut words = Vec::new();
            for alt in super::braces::expand(&tree, MAX_PRE_EXPANDED_BRACES).unwrap_or_default() {
                words.push(self.unbraced_word(&alt)?);
            }
            Ok(Some(Word {
                parts,
                literal: None,
                braces: Some(Braces::Ready(words)),
                pattern_cache: Default::default(),
            }))
        } else {
            Ok(Some(Word {
                parts,
                literal: None,
                braces: Some(Braces::Lazy(tree)),
                pattern_cache: Default::default(),
            }))
        }
    }

    fn word_error(&self, e: word_parse::WordError) -> SyntaxError {
        match e {
            word_parse::WordError::TooDeep(limit) => SyntaxError::TooDeep {
                limit,
                line: self.line_offset.saturating_add(1),
            },
            e => SyntaxError::BadWord(e.to_string()),
        }
    }

    fn pieces(&self, pieces: &[bw::WordPieceWithSource], in_dq: bool) -> R<Vec<Part>> {
        let mut parts = Vec::with_capacity(pieces.len());
        let mut consumed = false;
        for (i, p) in pieces.iter().enumerate() {
            if std::mem::take(&mut consumed) {
                continue;
            }
            if let Some(toggle) = case_toggle(pieces, i) {
                let (part, rest) = toggle;
                parts.push(part);
                if !rest.is_empty() {
                    parts.push(self.piece(&WordPiece::Text(rest), in_dq)?);
                }
                consumed = true;
                continue;
            }
            if let Some(bad) = unread_brace(pieces, i) {
                parts.push(bad);
                continue;
            }
            parts.push(self.piece(&p.piece, in_dq)?);
        }
        Ok(parts)
    }

    fn piece(&self, piece: &WordPiece, in_dq: bool) -> R<Part> {
        Ok(match piece {
            WordPiece::ParameterExpansion(bw::ParameterExpr::Substring {
                parameter,
                indirect,
                offset,
                length: None,
            }) if offset.value.trim().is_empty() && !offset.value.contains(' ') => {
                // `${x:}`: an offset bash requires.
                let bang = if *indirect { "!" } else { "" };
                let shown = parameter.to_string();
                let name = shown
                    .strip_prefix("${")
                    .and_then(|s| s.strip_suffix('}'))
                    .or_else(|| shown.strip_prefix('$'))
                    .unwrap_or(&shown);
                Part::BadSubst(format!("${{{bang}{name}:}}: bad substitution"))
            }
            WordPiece::Text(t) => {
                if in_dq {
                    Part::Quoted(t.clone())
                } else {
                    Part::Text(t.clone())
                }
            }
            // Only the word of `"${v:-'w'}"` puts single quotes inside
            // double quotes: there they are text, as bash keeps them.
            WordPiece::SingleQuotedText(t) if in_dq => self.dq_single_quoted(t)?,
            WordPiece::SingleQuotedText(t) => Part::Quoted(t.clone()),
            WordPiece::AnsiCQuotedText(t) => Part::Quoted(crate::escapes::ansi_c(t)),
            WordPiece::DoubleQuotedSequence(seq) | WordPiece::GettextDoubleQuotedSequence(seq) => {
                Part::DoubleQuoted(self.pieces(seq, true)?)
            }
            WordPiece::TildeExpansion(t) if in_dq => Part::Quoted(tilde_source(t)),
            WordPiece::TildeExpansion(t) => Part::Tilde(match t {
                bw::TildeExpr::Home => Tilde::Home,
                bw::TildeExpr::UserHome(u) => Tilde::User(u.clone()),
                bw::TildeExpr::WorkingDir => Tilde::Pwd,
                bw::TildeExpr::OldWorkingDir => Tilde::OldPwd,
                bw::TildeExpr::NthDirFromTopOfDirStack { n, plus_used } => {
                    Tilde::User(format!("{}{n}", if *plus_used { "+" } else { "" }))
                }
                bw::TildeExpr::NthDirFromBottomOfDirStack { n } => Tilde::User(format!("-{n}")),
            }),
            WordPiece::ParameterExpansion(pe) => Part::Param(Box::new(self.param_expr(pe, in_dq)?)),
            WordPiece::CommandSubstitution(body) => Part::CommandSub(Arc::new(parse_nested(
                body,
                self.options,
                self.line_offset,
                self.max_depth,
                self.aliases,
            )?)),
            WordPiece::BackquotedCommandSubstitution(body) => {
                Part::CommandSub(Arc::new(parse_nested(
                    &unescape_backquoted(body),
                    self.options,
                    self.line_offset,
                    self.max_depth,
                    self.aliases,
                )?))
            }
            WordPiece::EscapeSequence(s) => {
                let mut chars = s.chars();
                chars.next();
                let rest: String = chars.collect();
                if rest == "\n" {
                    Part::Quoted(String::new())
                } else if in_dq && !matches!(rest.as_str(), "$" | "`" | "\"" | "\\") {
                    Part::Quoted(s.clone())
                } else {
                    Part::Quoted(rest)
                }
            }
            WordPiece::ArithmeticExpression(a) => Part::Arith(Box::new(self.arith(&a.value)?)),
        })
    }

    fn parameter(&self, p: &bw::Parameter) -> R<Param> {
        Ok(match p {
            bw::Parameter::Positional(n) => Param::Positional(*n),
            bw::Parameter::Special(s) => Param::Special(match s {
                bw::SpecialParameter::AllPositionalParameters { concatenate: true } => '*',
                bw::SpecialParameter::AllPositionalParameters { concatenate: false } => '@',
                bw::SpecialParameter::PositionalParameterCount => '#',
                bw::SpecialParameter::LastExitStatus => '?',
                bw::SpecialParameter::CurrentOptionFlags => '-',
                bw::SpecialParameter::ProcessId => '$',
                bw::SpecialParameter::LastBackgroundProcessId => '!',
                bw::SpecialParameter::ShellName => '0',
            }),
            bw::Parameter::Named(n) => Param::Named(n.clone()),
            bw::Parameter::NamedWithIndex { name, index } => {
                Param::Index(name.clone(), self.subscript(index)?)
            }
            bw::Parameter::NamedWithAllIndices { name, concatenate } => {
                Param::All(name.clone(), *concatenate)
            }
        })
    }

    /// The pattern of `${v^^pat}`: `None` when absent or empty (every
    /// character).
    fn case_pattern(&self, w: Option<&String>) -> R<Option<Box<Word>>> {
        match w {
            Some(w) if !w.is_empty() => Ok(Some(Box::new(self.word(w)?))),
            _ => Ok(None),
        }
    }

    fn opt_word(&self, w: Option<&String>) -> R<Word> {
        match w {
            Some(w) => self.word(w),
            None => Ok(Word::default()),
        }
    }

    /// The word of `${v:-w}`, `${v:=w}` or `${v:+w}` (not `${v:?w}`); inside
    /// double quotes (`in_dq`) it is read as double-quoted text (bash's
    /// `Q_DOUBLE_QUOTES` on the word): single quotes stay, no tilde
    /// expansion, a backslash keeps its special meaning only before
    /// `$`, `` ` ``, `"`, `\` and a newline.
    fn value_word(&self, w: Option<&String>, in_dq: bool) -> R<Word> {
        let Some(text) = w.filter(|_| in_dq) else {
            return self.opt_word(w);
        };
        if is_plain(text) {
            return Ok(Word::quoted(text.clone()));
        }
        if let Some(refused) = self.refused_shape(text, Quoting::Shell)? {
            return Ok(refused);
        }
        let pieces = word_parse::parse_word(text, self.options, self.max_depth)
            .map_err(|e| self.word_error(e))?;
        let mut parts = self.pieces(&pieces, true)?;
        // `\}` there is a `}` (the backslash quoted the brace that would
        // end the expansion).
        for p in &mut parts {
            if let Part::Quoted(q) = p
                && q == "\\}"
            {
                *q = "}".to_owned();
            }
        }
        Ok(Word {
            parts,
            ..Word::default()
        })
    }

    /// `'t'` inside the double-quoted word of `"${v:-'t'}"`: the quotes
    /// are text and `t` is expanded as double-quoted text.
    fn dq_single_quoted(&self, t: &str) -> R<Part> {
        let mut parts = vec![Part::Quoted("'".to_owned())];
        let text = format!("\"{}\"", t.replace('"', "\\\""));
        let pieces = t
            .contains(['$', '`', '\\'])
            .then(|| word_parse::parse_word(&text, self.options, self.max_depth).ok())
            .flatten();
        if let Some(pieces) = pieces {
            parts.extend(self.pieces(&pieces, false)?);
        } else {
            parts.push(Part::Quoted(t.to_owned()));
        }
        parts.push(Part::Quoted("'".to_owned()));
        Ok(Part::DoubleQuoted(parts))
    }

    fn param_expr(&self, pe: &bw::ParameterExpr, in_dq: bool) -> R<ParamExpansion> {
        use bw::ParameterExpr as P;
        let test = |t: &bw::ParameterTestType| match t {
            bw::ParameterTestType::UnsetOrNull => NullTest::UnsetOrNull,
            bw::ParameterTestType::Unset => NullTest::Unset,
        };
        let (param, indirect, op) = match pe {
            P::Parameter {
                parameter,
                indirect,
            } => (parameter, *indirect, ParamOp::Value),
            P::UseDefaultValues {
                parameter,
                indirect,
                test_type,
                default_value,
            } => (
                parameter,
                *indirect,
                ParamOp::Default(
                    test(test_type),
                    self.value_word(default_value.as_ref(), in_dq)?,
                ),
            ),
            P::AssignDefaultValues {
                parameter,
                indirect,
                test_type,
                default_value,
            } => (
                parameter,
                *indirect,
                ParamOp::Assign(
                    test(test_type),
                    self.value_word(default_value.as_ref(), in_dq)?,
                ),
            ),
            P::IndicateErrorIfNullOrUnset {
                parameter,
                indirect,
                test_type,
                error_message,
            } => (
                parameter,
                *indirect,
                ParamOp::Error(
                    test(test_type),
                    match error_message {
                        Some(m) => Some(self.word(m)?),
                        None => None,
                    },
                ),
            ),
            P::UseAlternativeValue {
                parameter,
                indirect,
                test_type,
                alternative_value,
            } => (
                parameter,
                *indirect,
                ParamOp::Alternative(
                    test(test_type),
                    self.value_word(alternative_value.as_ref(), in_dq)?,
                ),
            ),
            P::ParameterLength {
                parameter,
                indirect,
            } => (parameter, *indirect, ParamOp::Length),
            P::RemoveSmallestSuffixPattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::RemoveSuffix(self.opt_word(pattern.as_ref())?, false),
            ),
            P::RemoveLargestSuffixPattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::RemoveSuffix(self.opt_word(pattern.as_ref())?, true),
            ),
            P::RemoveSmallestPrefixPattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::RemovePrefix(self.opt_word(pattern.as_ref())?, false),
            ),
            P::RemoveLargestPrefixPattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::RemovePrefix(self.opt_word(pattern.as_ref())?, true),
            ),
            P::Substring {
                parameter,
                indirect,
                offset,
                length,
            } => (
                parameter,
                *indirect,
                ParamOp::Substring(
                    self.arith(&offset.value)?,
                    match length {
                        Some(l) => Some(self.arith(&l.value)?),
                        None => None,
                    },
                ),
            ),
            P::Transform {
                parameter,
                indirect,
                op,
            } => (
                parameter,
                *indirect,
                ParamOp::Transform(match op {
                    bw::ParameterTransformOp::CapitalizeInitial => 'u',
                    bw::ParameterTransformOp::ExpandEscapeSequences => 'E',
                    bw::ParameterTransformOp::PossiblyQuoteWithArraysExpanded {
                        separate_words,
                    } => {
                        if *separate_words {
                            'k'
                        } else {
                            'K'
                        }
                    }
                    bw::ParameterTransformOp::PromptExpand => 'P',
                    bw::ParameterTransformOp::Quoted => 'Q',
                    bw::ParameterTransformOp::ToAssignmentLogic => 'A',
                    bw::ParameterTransformOp::ToAttributeFlags => 'a',
                    bw::ParameterTransformOp::ToLowerCase => 'L',
                    bw::ParameterTransformOp::ToUpperCase => 'U',
                }),
            ),
            P::UppercaseFirstChar {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::Case {
                    upper: true,
                    all: false,
                    pattern: self.case_pattern(pattern.as_ref())?,
                },
            ),
            P::UppercasePattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::Case {
                    upper: true,
                    all: true,
                    pattern: self.case_pattern(pattern.as_ref())?,
                },
            ),
            P::LowercaseFirstChar {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::Case {
                    upper: false,
                    all: false,
                    pattern: self.case_pattern(pattern.as_ref())?,
                },
            ),
            P::LowercasePattern {
                parameter,
                indirect,
                pattern,
            } => (
                parameter,
                *indirect,
                ParamOp::Case {
                    upper: false,
                    all: true,
                    pattern: self.case_pattern(pattern.as_ref())?,
                },
            ),
            P::ReplaceSubstring {
                parameter,
                indirect,
                pattern,
                replacement,
                match_kind,
            } => (
                parameter,
                *indirect,
                ParamOp::Replace {
                    pattern: self.word(pattern)?,
                    replacement: match replacement {
                        Some(r) => Some(self.word(r)?),
                        None => None,
                    },
                    kind: match match_kind {
                        bw::SubstringMatchKind::Prefix => ReplaceKind::Prefix,
                        bw::SubstringMatchKind::Suffix => ReplaceKind::Suffix,
                        bw::SubstringMatchKind::FirstOccurrence => ReplaceKind::First,
                        bw::SubstringMatchKind::Anywhere => ReplaceKind::All,
                    },
                },
            ),
            P::VariableNames {
                prefix,
                concatenate,
            } => {
                return Ok(ParamExpansion {
                    param: Param::Named(prefix.clone()),
                    indirect: false,
                    op: ParamOp::VarNames(prefix.clone(), *concatenate),
                });
            }
            P::MemberKeys {
                variable_name,
                concatenate,
            } => {
                return Ok(ParamExpansion {
                    param: Param::Named(variable_name.clone()),
                    indirect: false,
                    op: ParamOp::Keys(variable_name.clone(), *concatenate),
                });
            }
        };
        Ok(ParamExpansion {
            param: self.parameter(param)?,
            indirect,
            op,
        })
    }
}

/// Inside backquotes a backslash quotes `$`, `` ` `` and `\\`.
fn unescape_backquoted(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&n) = chars.peek()
            && matches!(n, '$' | '\\')
        {
            out.push(n);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}

/// Removes backslash-newline pairs (line continuations) from an unquoted
/// here-document body, leaving escaped backslashes alone.
fn join_continued_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') => {}
                Some(n) => {
                    out.push(c);
                    out.push(n);
                }
                None => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// True when text needs expansion before it can be used as arithmetic or a
/// here-document body.
fn needs_expansion(text: &str) -> bool {
    text.contains(['$', '`', '\\'])
}

/// True when a word is plain text: no quoting, expansion or pattern
/// character, and no `~` to expand.
fn is_plain(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with('~')
        && !text.contains(['$', '`', '\\', '\'', '"', '{', '*', '?', '[', '(', ')', '~'])
}

/// The three parts of `for ((init; cond; step))` as written in `text`
/// (the loop's source), split at the top-level `;`s.
fn arith_for_parts(text: &str) -> Option<[&str; 3]> {
    let start = text.find("((")? + 2;
    let mut depth = 0u32;
    let mut cuts = Vec::new();
    for (i, c) in text.get(start..)?.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => {
                let inner = text.get(start..start + i)?;
                let mut parts = [""; 3];
                let mut from = 0;
                for (n, cut) in cuts.iter().chain(std::iter::once(&i)).enumerate() {
                    *parts.get_mut(n)? = inner.get(from..*cut)?;
                    from = cut + 1;
                }
                return (cuts.len() == 2).then_some(parts);
            }
            ')' => depth -= 1,
            ';' if depth == 0 => cuts.push(i),
            _ => {}
        }
    }
    None
}

/// Whether bash reads `text` (an arithmetic command as brush-parser found
/// it, outer parentheses included) as one: `((`, then what bash's
/// `parse_matched_pair` reads up to the `)` matching the second `(`
/// (quotes and backslashes taken as such), then `)` ending the text.
fn is_arith_command(text: &str) -> bool {
    let Some(body) = text.strip_prefix("((") else {
        return false;
    };
    let b = body.as_bytes();
    let mut depth = 1usize;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 1,
            b'\'' => {
                i += 1;
                while b.get(i).is_some_and(|&q| q != b'\'') {
                    i += 1;
                }
            }
            b'"' | b'`' => {
                i += 1;
                while let Some(&q) = b.get(i) {
                    if q == c {
                        break;
                    }
                    if q == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return body.get(i..) == Some("))");
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// `${name~~}` and `${name~}` (bash's undocumented case toggles, which
/// the word grammar does not read) at `pieces[i]`: the expansion, and the
/// text after its `}` in the next piece.
fn case_toggle(pieces: &[bw::WordPieceWithSource], i: usize) -> Option<(Part, String)> {
    let text_of = |j: usize| match pieces.get(j).map(|p| &p.piece) {
        Some(WordPiece::Text(t)) => Some(t.as_str()),
        _ => None,
    };
    if text_of(i) != Some("$") {
        return None;
    }
    let rest = text_of(i + 1)?.strip_prefix('{')?;
    let name_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let name = rest.get(..name_len)?;
    if !crate::builtin::valid_name(name) {
        return None;
    }
    let after = rest.get(name_len..)?;
    let (op, tail) = if let Some(t) = after.strip_prefix("~~}") {
        ('T', t)
    } else {
        ('t', after.strip_prefix("~}")?)
    };
    let pe = ParamExpansion {
        param: Param::Named(name.to_owned()),
        indirect: false,
        op: ParamOp::Transform(op),
    };
    Some((Part::Param(Box::new(pe)), tail.to_owned()))
}

/// A `${` the word grammar read no form of (a lone `$` before text that
/// starts with `{`), at `pieces[i]`: bash's bad substitution, named by the
/// text around it. An unknown `@` operator (`${v@Z}`) is found only when
/// bash expands it and ends the shell; any other form ends its command.
fn unread_brace(pieces: &[bw::WordPieceWithSource], i: usize) -> Option<Part> {
    let text_of = |j: usize| match pieces.get(j).map(|p| &p.piece) {
        Some(WordPiece::Text(t)) => Some(t.as_str()),
        _ => None,
    };
    if text_of(i) != Some("$") {
        return None;
    }
    let rest = text_of(i + 1)?.strip_prefix('{')?;
    let shown: String = if pieces.iter().all(|p| matches!(p.piece, WordPiece::Text(_))) {
        (0..pieces.len()).filter_map(text_of).collect()
    } else {
        let end = rest.find('}').map_or(rest.len(), |e| e + 1);
        format!("${{{}", rest.get(..end).unwrap_or(rest))
    };
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let message = format!("{shown}: bad substitution");
    Some(if rest.get(name_len..name_len + 1) == Some("@") {
        Part::BadTransform(message)
    } else {
        Part::BadSubst(message)
    })
}

/// A word whose expansion is bash's `bad substitution` error.
fn bad_subst(text: &str) -> Word {
    bad_word_part(format!("{text}: bad substitution"))
}

/// A word whose expansion fails with `message`.
fn bad_word_part(message: String) -> Word {
    Word {
        parts: vec![Part::BadSubst(message)],
        literal: None,
        braces: None,
        pattern_cache: Default::default(),
    }
}

/// `NAME` of a word `{NAME}` (a valid variable name in braces), which
/// names the descriptor of the redirection that follows it.
fn fd_var_name(word: &str) -> Option<&str> {
    let var = word.strip_prefix('{')?.strip_suffix('}')?;
    // A name, or an array element (`{COPROC[1]}>&-`), as bash's
    // `valid_array_reference`.
    let name = match var.split_once('[') {
        Some((name, sub)) if sub.len() > 1 && sub.ends_with(']') => name,
        Some(_) => return None,
        None => var,
    };
    crate::builtin::valid_name(name).then_some(var)
}

/// The descriptor number written before a redirection's operator.
fn redirect_fd(r: &b::IoRedirect) -> Option<i32> {
    match r {
        b::IoRedirect::File(fd, ..)
        | b::IoRedirect::HereDocument(fd, _)
        | b::IoRedirect::HereString(fd, _) => *fd,
        b::IoRedirect::OutputAndError(..) => None,
    }
}

/// A tilde prefix as it was written (`~`, `~user`, `~+2`).
fn tilde_source(t: &bw::TildeExpr) -> String {
    match t {
        bw::TildeExpr::Home => "~".to_owned(),
        bw::TildeExpr::UserHome(u) => format!("~{u}"),
        bw::TildeExpr::WorkingDir => "~+".to_owned(),
        bw::TildeExpr::OldWorkingDir => "~-".to_owned(),
        bw::TildeExpr::NthDirFromTopOfDirStack { n, plus_used } => {
            format!("~{}{n}", if *plus_used { "+" } else { "" })
        }
        bw::TildeExpr::NthDirFromBottomOfDirStack { n } => format!("~-{n}"),
    }
}
