//! Words: the word-level pieces of the front end that every way of
//! reading a script shares. A word's text, an array subscript, an
//! arithmetic expression, a here-document body, an assignment's value
//! become `ast.rs` nodes here, each parsed once (`word/` for the pieces,
//! `brace_parse.rs` for braces); a `$( )` or backquote body is handed to
//! the [`BodyParser`] of whoever reads the script.
//!
//! Invariant: a word's text alone decides its node (with the options, the
//! line offset, the depth bound and the aliases), so the two readers of a
//! script build equal trees from equal texts, checked by
//! `parser::tests::the_parser_builds_the_resolvers_tree_on_the_corpora`.

use std::sync::Arc;

use brush_parser::word::{self as bw, WordPiece};

use super::alias::Aliases;
use super::error::SyntaxError;
use super::word as word_parse;
use super::word_guard::{
    MAX_QUOTED_DOLLAR_NESTING, Quoting, dollar_nesting, has_unclosed_brace_subst,
    has_unclosed_paren_subst, has_unclosed_subscript,
};
use crate::ast::*;

/// Parses a nested body (`$( )`, backquotes, a subshell read again): the
/// text, the parser options, the line offset, the depth bound, the
/// aliases.
pub(crate) type BodyParser = fn(
    &str,
    &brush_parser::ParserOptions,
    u32,
    u32,
    Option<&Aliases>,
) -> Result<Script, SyntaxError>;

/// What resolving a word needs besides its text.
#[derive(Clone, Copy)]
pub(crate) struct Words<'a> {
    /// The options words are parsed with.
    pub(crate) options: &'a brush_parser::ParserOptions,
    /// Lines before the text read (nested bodies report their outer line).
    pub(crate) line_offset: u32,
    /// The nesting bound.
    pub(crate) max_depth: u32,
    /// The aliases `$( )` bodies are read with (`None`: not expanded).
    pub(crate) aliases: Option<&'a Aliases>,
    /// How nested bodies are read.
    pub(crate) body: BodyParser,
}

type R<T> = Result<T, SyntaxError>;

/// What the guards make of a word's text before the word reader runs.
enum Readable {
    /// The word bash refuses when it expands it.
    Refused(Word),
    /// Readable; the `$( )`s in it to read whole.
    Whole(Vec<(usize, usize)>),
}

/// An assignment's value as written: a word, or the elements of `( )`,
/// each with its `[key]` if written as `[key]=value`.
pub(crate) enum AssignSrc<'s> {
    /// `name=word`
    Scalar(&'s str),
    /// `name=(...)`
    Array(Vec<(Option<&'s str>, &'s str)>),
}

/// `<(list)` or `>(list)` as a word of its own.
pub(crate) fn proc_sub_word(write: bool, list: List) -> Word {
    Word {
        parts: vec![Part::ProcSub {
            write,
            body: Arc::new(list),
        }],
        literal: None,
        braces: None,
        pattern_cache: Default::default(),
    }
}

impl Words<'_> {
    /// `name[index]=value` (or `+=`): the value as bash assigns it.
    pub(crate) fn assign(
        &self,
        name: String,
        index: Option<&str>,
        value: &AssignSrc<'_>,
        append: bool,
    ) -> R<Assign> {
        let index = match index {
            Some(i) => Some(self.subscript(i)?),
            None => None,
        };
        let value_node = match value {
            AssignSrc::Scalar(w) if w.contains(":~") => {
                let mut opts = self.options.clone();
                opts.tilde_expansion_after_colon = true;
                let r = Words {
                    options: &opts,
                    ..*self
                };
                AssignValue::Scalar(r.unbraced_word(w)?)
            }
            AssignSrc::Scalar(w) => AssignValue::Scalar(self.unbraced_word(w)?),
            AssignSrc::Array(items) => AssignValue::Array(
                items
                    .iter()
                    .map(|(k, v)| {
                        // `[k]=v` is an assignment: no brace expansion of v.
                        // The parser leaves `[k]+=v` and a key with brackets
                        // in it (`[a[0]]=v`) as plain words.
                        Ok(match k {
                            Some(k) => (Some(self.subscript(k)?), self.unbraced_word(v)?, false),
                            None => match super::keyed_element::split_keyed_element(v) {
                                Some((k, add, v)) => {
                                    (Some(self.subscript(k)?), self.unbraced_word(v)?, add)
                                }
                                None => (None, self.word(v)?, false),
                            },
                        })
                    })
                    .collect::<R<_>>()?,
            ),
        };
        let raw = match value {
            AssignSrc::Array(items) => {
                let items: Vec<String> = items
                    .iter()
                    .map(|(k, v)| match k {
                        Some(k) => format!("[{k}]={v}"),
                        None => (*v).to_owned(),
                    })
                    .collect();
                let sub = index
                    .as_ref()
                    .map(|s| format!("[{}]", s.raw))
                    .unwrap_or_default();
                let op = if append { "+=" } else { "=" };
                format!("{name}{sub}{op}({})", items.join(" "))
            }
            AssignSrc::Scalar(_) => String::new(),
        };
        Ok(Assign {
            name,
            index,
            value: value_node,
            append,
            raw,
        })
    }

    /// A here-document redirection: its body, tabs stripped for `<<-`,
    /// expanded unless the delimiter was quoted.
    pub(crate) fn heredoc(
        &self,
        fd: Option<i32>,
        remove_tabs: bool,
        expanded: bool,
        body: &str,
    ) -> R<Redirect> {
        let body = if remove_tabs {
            body.split_inclusive('\n')
                .map(|l| l.trim_start_matches('\t'))
                .collect()
        } else {
            body.to_owned()
        };
        let doc = if expanded {
            HereDoc::Expanded(self.heredoc_word(&body)?)
        } else {
            HereDoc::Literal(body)
        };
        Ok(Redirect {
            fd,
            var: None,
            kind: RedirectKind::HereDoc(doc),
            text: String::new(),
            shown: crate::ast::Shown(None),
        })
    }

    pub(crate) fn subscript(&self, raw: &str) -> R<Subscript> {
        // Bash expands no tilde in a subscript: `a[~]` is the key `~`.
        let mut word = self.word(raw)?;
        for p in &mut word.parts {
            if let Part::Tilde(t) = p {
                *p = Part::Text(t.text());
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

    pub(crate) fn opt_arith(&self, a: Option<&str>) -> R<Option<Arith>> {
        match a {
            Some(a) if !a.trim().is_empty() => Ok(Some(self.arith(a)?)),
            _ => Ok(None),
        }
    }

    pub(crate) fn arith(&self, text: &str) -> R<Arith> {
        let unquoted = without_double_quotes(text);
        let expr = if needs_expansion(&unquoted) {
            None
        } else {
            crate::arith::parse(&unquoted).ok().map(Arc::new)
        };
        // Without a parsed expression the text is expanded and parsed when
        // evaluated, which also reports a syntax error at the right time.
        let word = if expr.is_none() {
            self.heredoc_word(&unquoted)?
        } else {
            Word::default()
        };
        Ok(Arith {
            text: text.to_owned(),
            expr,
            word,
            header: HeaderText::default(),
            line: 0,
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
        let whole = match self.readable(text, Quoting::Literal)? {
            Readable::Whole(whole) => whole,
            Readable::Refused(refused) => return Ok(refused),
        };
        let pieces = word_parse::parse_heredoc_in(text, self.options, self.max_depth, whole)
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
    /// or `$`-pieces nested too deep in double quotes); else the `$( )`s
    /// the word reader is to read whole (the lexer's reading, found once).
    fn readable(&self, text: &str, quoting: Quoting) -> R<Readable> {
        if has_unclosed_subscript(text) {
            return Ok(Readable::Refused(bad_subst(text)));
        }
        // An unclosed `${` in a word is found by `quoted_dollar_nesting`
        // with bash's word message; in a body it has its own.
        if quoting == Quoting::Literal && has_unclosed_brace_subst(text) {
            return Ok(Readable::Refused(bad_word_part(format!(
                "bad substitution: no closing `}}' in {text}"
            ))));
        }
        // The `$( )`s bash reads as commands (a here-document in them may
        // hold any quote or parenthesis) are closed, as the lexer found.
        let whole = word_parse::read_whole(text, self.max_depth);
        if has_unclosed_paren_subst(text, &whole) {
            return Ok(Readable::Refused(bad_word_part(format!(
                "bad substitution: no closing `)' in {text}"
            ))));
        }
        Ok(match self.quoted_dollar_nesting(text, quoting, &whole)? {
            Some(refused) => Readable::Refused(refused),
            None => Readable::Whole(whole),
        })
    }

    fn quoted_dollar_nesting(
        &self,
        text: &str,
        quoting: Quoting,
        whole: &[(usize, usize)],
    ) -> R<Option<Word>> {
        let nesting = dollar_nesting(text, quoting, whole);
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
        let whole = match self.readable(text, Quoting::Shell)? {
            Readable::Whole(whole) => whole,
            Readable::Refused(refused) => return Ok(refused),
        };
        let pieces = word_parse::parse_word_in(text, self.options, self.max_depth, whole)
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
        if expand_ahead(text, crate::braces::count(&tree)) {
            let mut words = Vec::new();
            for alt in crate::braces::expand(&tree, MAX_PRE_EXPANDED_BRACES).unwrap_or_default() {
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
            WordPiece::CommandSubstitution(body) => Part::CommandSub(Arc::new((self.body)(
                body,
                self.options,
                self.line_offset,
                self.max_depth,
                self.aliases,
            )?)),
            WordPiece::BackquotedCommandSubstitution(body) => Part::CommandSub(Arc::new((self
                .body)(
                &unescape_backquoted(body),
                self.options,
                self.line_offset,
                self.max_depth,
                self.aliases,
            )?)),
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
        let whole = match self.readable(text, Quoting::Shell)? {
            Readable::Whole(whole) => whole,
            Readable::Refused(refused) => return Ok(refused),
        };
        let pieces = word_parse::parse_word_in(text, self.options, self.max_depth, whole)
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

    /// A command's argument written like an assignment (`echo x=~/a`):
    /// bash expands a tilde after its `=` and after each `:` of the value,
    /// as in an assignment (a brace expression keeps it a plain word).
    pub(crate) fn assignment_arg(&self, text: &str) -> R<Word> {
        let Some((name, value)) = text.split_once('=') else {
            return self.word(text);
        };
        if text.contains('{') || !(value.starts_with('~') || value.contains(":~")) {
            return self.word(text);
        }
        let mut opts = self.options.clone();
        opts.tilde_expansion_after_colon = true;
        let value = Words {
            options: &opts,
            ..*self
        }
        .unbraced_word(value)?;
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

/// Brace expansions with at most this many results are expanded ahead;
/// larger ones (`{1..100000}`) are generated when the word is evaluated.
pub(crate) const MAX_PRE_EXPANDED_BRACES: u64 = 1024;

/// The most text a brace expansion's results may hold to be parsed ahead.
const MAX_PRE_EXPANDED_BYTES: u64 = 64 * 1024;

/// Whether the `count` results of the brace expansion `text` are parsed
/// ahead: few and short, and holding no command text (`$( )`, backquotes,
/// `<( )`), whose parse would be repeated per result and, through braces
/// in the body, per result of those: the work would grow as a power of
/// the nesting.
///
/// Invariant: parsing a word takes time linear in its text per level of
/// nesting, checked by `parse::tests::braces_around_nested_bodies_parse_fast`.
fn expand_ahead(text: &str, count: u64) -> bool {
    count <= MAX_PRE_EXPANDED_BRACES
        && count.saturating_mul(text.len() as u64) <= MAX_PRE_EXPANDED_BYTES
        && !["$(", "`", "<(", ">("].iter().any(|o| text.contains(o))
}

/// Appends the process substitution `ps` (a word of that one part) to `w`.
/// Whether a process substitution written right after `w` can join it:
/// any word but a brace expansion made only when evaluated.
pub(crate) fn joins_proc_sub(w: &Word) -> bool {
    !matches!(w.braces, Some(crate::ast::Braces::Lazy(_)))
}

/// Joins a process substitution to the word written right before it (see
/// [`joins_proc_sub`]): to its end, or to the end of each word of its
/// brace expansion, as bash expands `{a,b}<(cmd)` to two substitutions.
pub(crate) fn join_proc_sub(w: &mut Word, ps: &Word) {
    match &mut w.braces {
        Some(crate::ast::Braces::Ready(words)) => {
            for w in words {
                append_proc_sub(w, ps);
            }
        }
        _ => append_proc_sub(w, ps),
    }
}

pub(crate) fn append_proc_sub(w: &mut Word, ps: &Word) {
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

/// Adds `word` to `words`: on the last one when it was written right
/// after the process substitution that word ends in (`<(a)b`, `joined`),
/// unless either holds a brace expression, which keeps them apart.
pub(crate) fn push_after_proc_sub(words: &mut Vec<Word>, word: Word, joined: bool) {
    match words.last_mut() {
        Some(last) if joined && word.braces.is_none() && last.braces.is_none() => {
            match word.literal {
                Some(text) => last.parts.push(Part::Quoted(text)),
                None => last.parts.extend(word.parts),
            }
        }
        _ => words.push(word),
    }
}

/// Joins `word` to `w`, which ends in a process substitution it was
/// written right after (`x<(a)y` in a value or an array element).
pub(crate) fn append_after_proc_sub(w: &mut Word, word: Word) {
    let mut all = vec![std::mem::take(w)];
    push_after_proc_sub(&mut all, word, true);
    *w = all.pop().unwrap_or_default();
}

/// Whether a `for`/`select` loop's text has an `in` with no words after
/// it (`for x in; do`, `select x in\ndo`).
pub(crate) fn has_empty_in(text: &str) -> bool {
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

/// Inside backquotes a backslash quotes `$`, `` ` `` and `\\`.
pub(crate) fn unescape_backquoted(body: &str) -> String {
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
pub(crate) fn join_continued_lines(text: &str) -> String {
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
pub(crate) fn needs_expansion(text: &str) -> bool {
    text.contains(['$', '`', '\\'])
}

/// True when a word is plain text: no quoting, expansion or pattern
/// character, and no `~` to expand.
pub(crate) fn is_plain(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with('~')
        && !text.contains(['$', '`', '\\', '\'', '"', '{', '*', '?', '[', '(', ')', '~'])
}

/// The three parts of `for ((init; cond; step))` as written in `text`
/// (the loop's source), split at the top-level `;`s.
pub(crate) fn arith_for_parts(text: &str) -> Option<[&str; 3]> {
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
pub(crate) fn is_arith_command(text: &str) -> bool {
    arith_command_end(text) == Some(text.len())
}

/// Where the arithmetic command `text` starts with ends, just past its
/// `))`: `((`, what bash's `parse_matched_pair` reads up to the `)`
/// matching the second `(`, then `)`. `None` when the text is no
/// arithmetic command for bash (`((a) )`, `((echo a); (echo b))`).
pub(crate) fn arith_command_end(text: &str) -> Option<usize> {
    let body = text.strip_prefix("((")?;
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
                    return (b.get(i + 1) == Some(&b')')).then_some(2 + i + 2);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// `${name~~}` and `${name~}` (bash's undocumented case toggles, which
/// the word grammar does not read) at `pieces[i]`: the expansion, and the
/// text after its `}` in the next piece.
pub(crate) fn case_toggle(pieces: &[bw::WordPieceWithSource], i: usize) -> Option<(Part, String)> {
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
    if !crate::names::valid_name(name) {
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
pub(crate) fn unread_brace(pieces: &[bw::WordPieceWithSource], i: usize) -> Option<Part> {
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
pub(crate) fn bad_subst(text: &str) -> Word {
    bad_word_part(format!("{text}: bad substitution"))
}

/// A word whose expansion fails with `message`.
pub(crate) fn bad_word_part(message: String) -> Word {
    Word {
        parts: vec![Part::BadSubst(message)],
        literal: None,
        braces: None,
        pattern_cache: Default::default(),
    }
}

/// `NAME` of a word `{NAME}` (a valid variable name in braces), which
/// names the descriptor of the redirection that follows it.
pub(crate) fn fd_var_name(word: &str) -> Option<&str> {
    let var = word.strip_prefix('{')?.strip_suffix('}')?;
    // A name, or an array element (`{COPROC[1]}>&-`), as bash's
    // `valid_array_reference`.
    let name = match var.split_once('[') {
        Some((name, sub)) if sub.len() > 1 && sub.ends_with(']') => name,
        Some(_) => return None,
        None => var,
    };
    crate::names::valid_name(name).then_some(var)
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

/// An arithmetic expression's text with its double quotes removed, as
/// bash's expansion of it removes them (`$(( "$x" + 1 ))`); single
/// quotes stay (an error to the arithmetic, as in bash), and so does
/// everything inside `$( )`, `${ }` and backquotes, expanded on its own.
pub(crate) fn without_double_quotes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('"') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    // Open `(`/`{` inside the substitution being copied whole.
    let mut nested: Vec<char> = Vec::new();
    let (mut single, mut backquote, mut escaped) = (false, false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if escaped {
            escaped = false;
        } else if single {
            single = c != '\'';
        } else if c == '\\' {
            escaped = true;
        } else if backquote {
            backquote = c != '`';
        } else if c == '`' {
            backquote = true;
        } else if c == '$' && matches!(chars.peek(), Some('(' | '{')) {
            out.push(c);
            if let Some(open) = chars.next() {
                nested.push(open);
                out.push(open);
            }
            continue;
        } else if let Some(&open) = nested.last() {
            match (open, c) {
                ('(', '(') | ('{', '{') => nested.push(c),
                ('(', ')') | ('{', '}') => {
                    nested.pop();
                }
                _ => {}
            }
        } else if c == '\'' {
            single = true;
        } else if c == '"' {
            continue;
        }
        out.push(c);
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::without_double_quotes as strip;

    #[test]
    fn arithmetic_loses_its_double_quotes_only() {
        assert_eq!(strip(r#""$x" + "1""#), "$x + 1");
        assert_eq!(strip(r#"'"' + "2""#), r#"'"' + 2"#);
        assert_eq!(
            strip(r#""$(echo "4")" * ${a["k"]}"#),
            r#"$(echo "4") * ${a["k"]}"#
        );
        assert_eq!(strip(r#"\" + `echo "q"`"#), r#"\" + `echo "q"`"#);
        assert_eq!(strip("1 + 2"), "1 + 2");
    }
}
