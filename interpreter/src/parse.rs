//! From script text to the resolved tree, with bash's syntax error texts:
//! brush-parser's tokenizer, then the grammar (`syntax/grammar.rs`), then
//! the resolver (`resolve.rs`).
//!
//! Invariant: nesting deeper than the limit is an error, not a stack
//! overflow (the scan measures it first, the grammar bounds its own
//! recursion), checked by `tests::refuses_deep_nesting_without_overflow`;
//! callers parse on threads with a known, generous stack (`shell.rs`).
//! Invariant: a panic of brush-parser's tokenizer is a syntax error, checked
//! by `tests::brush_parser_panics_become_syntax_errors`.

use std::sync::Arc;

use thiserror::Error;

use crate::ast::Script;
use crate::resolve::Resolver;
use crate::syntax::alias::Aliases;

/// A script that cannot be parsed. `Display` gives bash's message without
/// the `NAME: line N: ` prefix; [`SyntaxError::line`] gives the line.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum SyntaxError {
    /// `syntax error near unexpected token `X'`
    #[error("syntax error near unexpected token `{token}'")]
    NearToken {
        /// The offending token.
        token: String,
        /// Its line.
        line: u32,
        /// The text of that line, which bash echoes on a second line.
        source_line: String,
    },
    /// The script ended inside a construct.
    #[error("syntax error: unexpected end of file")]
    UnexpectedEof {
        /// The line after the last.
        line: u32,
    },
    /// A quote was never closed.
    #[error("unexpected EOF while looking for matching `{quote}'")]
    UnterminatedQuote {
        /// The quote character.
        quote: char,
        /// The line where the script ended.
        line: u32,
    },
    /// Nesting deeper than the parser budget allows.
    #[error("maximum nesting depth exceeded ({limit})")]
    TooDeep {
        /// The limit in force.
        limit: u32,
        /// The line where the limit was passed.
        line: u32,
    },
    /// brush-parser failed on the command (it panicked: see
    /// `parse_guard.rs`) where bash may have read it.
    #[error("syntax error: the parser cannot read this command")]
    ParserFault {
        /// The command's first line.
        line: u32,
    },
    /// A word brush-parser could not split into pieces.
    #[error("bad substitution: {0}")]
    BadWord(String),
    /// A construct sandbash does not implement.
    #[error("{0}")]
    Unsupported(String),
}

impl SyntaxError {
    /// Whether the text ended inside a construct (so more text might
    /// have completed it).
    pub fn is_end_of_input(&self) -> bool {
        matches!(
            self,
            Self::UnexpectedEof { .. } | Self::UnterminatedQuote { .. }
        )
    }

    /// The line the error is reported on.
    pub fn line(&self) -> u32 {
        match self {
            Self::NearToken { line, .. }
            | Self::UnexpectedEof { line }
            | Self::UnterminatedQuote { line, .. }
            | Self::TooDeep { line, .. }
            | Self::ParserFault { line } => *line,
            Self::BadWord(_) | Self::Unsupported(_) => 1,
        }
    }

    /// The same error reported `by` lines further down (for `eval`, whose
    /// lines count from the line it runs on).
    pub fn shifted(mut self, by: u32) -> Self {
        match &mut self {
            Self::NearToken { line, .. }
            | Self::UnexpectedEof { line }
            | Self::UnterminatedQuote { line, .. }
            | Self::TooDeep { line, .. }
            | Self::ParserFault { line } => *line = line.saturating_add(by),
            Self::BadWord(_) | Self::Unsupported(_) => {}
        }
        self
    }

    /// The same error reported on line `max` at the latest (for text that
    /// had lines added after its end).
    pub(crate) fn capped(mut self, max: u32) -> Self {
        match &mut self {
            Self::NearToken { line, .. }
            | Self::UnexpectedEof { line }
            | Self::UnterminatedQuote { line, .. }
            | Self::TooDeep { line, .. }
            | Self::ParserFault { line } => *line = (*line).min(max),
            Self::BadWord(_) | Self::Unsupported(_) => {}
        }
        self
    }

    /// The full message bash prints: one or two lines, each prefixed with
    /// `prefix` (e.g. `sandbash: -c: line 1: `... minus the line part, which
    /// this adds).
    pub fn render(&self, prefix: &str) -> String {
        let line = self.line();
        let mut s = format!("{prefix}line {line}: {self}\n");
        if let Self::NearToken { source_line, .. } = self {
            s.push_str(&format!("{prefix}line {line}: `{source_line}'\n"));
        }
        s
    }
}

fn parser_options() -> brush_parser::ParserOptions {
    brush_parser::ParserOptions::default()
}

/// Parses and resolves a whole script, one complete command at a time
/// as a run reads it (`reader.rs`), so the pre-scan's refusals hold here
/// too: brush-parser never sees a text whose parse time would explode.
pub fn parse(text: &str, max_depth: u32) -> Result<Script, SyntaxError> {
    let mut reader = crate::reader::ScriptReader::new(text, max_depth, 0);
    let mut script = Script {
        list: Vec::new(),
        units: Vec::new(),
    };
    while let Some(chunk) = reader.next(u64::MAX, None) {
        match chunk {
            Ok(parsed) => {
                script.list.extend(parsed.script.list);
                script.units.extend(parsed.script.units);
            }
            Err(crate::reader::ReadError::Syntax(e)) => return Err(e),
            // Unlimited room: the reader never refuses for memory here.
            Err(crate::reader::ReadError::Memory) => {
                return Err(SyntaxError::Unsupported("script too large to parse".into()));
            }
        }
    }
    Ok(script)
}

pub(crate) fn parse_nested(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    crate::scan::check_depth(text, max_depth, line_offset)?;
    parse_checked(text, options, line_offset, max_depth, aliases)
}

fn parse_checked(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    let fixed = split_arith_for_semicolons(text);
    let text: &str = &fixed;
    let fault = SyntaxError::ParserFault {
        line: line_offset.saturating_add(1),
    };
    // brush-parser's tokenizer can panic (see `parse_guard.rs`).
    let tokens = crate::parse_guard::contained(|| {
        brush_parser::uncached_tokenize_str(text, &options.tokenizer_options())
    })
    .ok_or(fault)?
    .map_err(|inner| {
        let e = brush_parser::ParseError::Tokenizing {
            inner,
            position: None,
        };
        convert(e, text, line_offset)
    })?;
    let tokens = match aliases {
        Some(a) => crate::syntax::alias::expand(tokens, a, &options.tokenizer_options())
            .map_err(|_| SyntaxError::Unsupported("alias expansion too large".into()))?,
        None => tokens,
    };
    let program = crate::syntax::grammar::parse_program(&tokens, max_depth).map_err(|fail| {
        use crate::syntax::grammar::Fail;
        match fail {
            Fail::At(i) => {
                let e = match tokens.get(i) {
                    Some(t) => brush_parser::ParseError::ParsingNear((*t.location().start).clone()),
                    None => match newline_unexpected(&tokens, max_depth) {
                        Some(end) => brush_parser::ParseError::ParsingNear(end),
                        None => brush_parser::ParseError::ParsingAtEndOfInput,
                    },
                };
                convert(e, text, line_offset)
            }
            Fail::Deep(i) => {
                let line = tokens.get(i).map_or(line_count(text), |t| {
                    u32::try_from(t.location().start.line).unwrap_or(u32::MAX)
                });
                SyntaxError::TooDeep {
                    limit: max_depth,
                    line: line.saturating_add(line_offset),
                }
            }
        }
    })?;
    Resolver {
        options,
        line_offset,
        max_depth,
        text,
        aliases,
    }
    .program(&program)
}

/// For tokens the grammar found ending too soon: where the text ends, if
/// bash, which reads the end of a text not ending in a newline as one,
/// names that newline (`for` alone: near unexpected token `newline'),
/// rather than the end of the file (`if true` alone: the newline is
/// welcome, the end that follows is not). The grammar is asked again
/// with a newline token added.
fn newline_unexpected(
    tokens: &[brush_parser::Token],
    max_depth: u32,
) -> Option<brush_parser::SourcePosition> {
    let last = tokens.last()?;
    if last.to_str() == "\n" {
        return None;
    }
    let end = last.location().end.clone();
    let mut with_newline = tokens.to_vec();
    with_newline.push(brush_parser::Token::Operator(
        "\n".to_owned(),
        brush_parser::SourceSpan {
            start: end.clone(),
            end: end.clone(),
        },
    ));
    match crate::syntax::grammar::parse_program(&with_newline, max_depth) {
        Err(crate::syntax::grammar::Fail::At(i)) if i == tokens.len() => Some((*end).clone()),
        _ => None,
    }
}

/// Parses one chunk of a script (see `reader.rs`), whose nesting the
/// scan has already measured.
pub(crate) fn parse_chunk(
    text: &str,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    parse_checked(text, &parser_options(), line_offset, max_depth, aliases)
}

/// Parses the rest of a script whole, after a chunk the scan ended too
/// early, with the scan's refusals applied to each of its chunks (as to a
/// `$( )` body).
pub(crate) fn parse_rest(
    text: &str,
    line_offset: u32,
    max_depth: u32,
    aliases: Option<&Aliases>,
) -> Result<Script, SyntaxError> {
    parse_nested(text, &parser_options(), line_offset, max_depth, aliases)
}

fn line_count(text: &str) -> u32 {
    u32::try_from(text.matches('\n').count())
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

fn convert(e: brush_parser::ParseError, text: &str, line_offset: u32) -> SyntaxError {
    use brush_parser::TokenizerError as T;
    let eof_line = line_count(text).saturating_add(line_offset);
    let at = |p: &brush_parser::SourcePosition| {
        u32::try_from(p.line)
            .unwrap_or(u32::MAX)
            .saturating_add(line_offset)
    };
    match e {
        brush_parser::ParseError::ParsingNear(pos) => {
            let line = u32::try_from(pos.line)
                .unwrap_or(u32::MAX)
                .saturating_add(line_offset);
            let source_line = text
                .lines()
                .nth(pos.line.saturating_sub(1))
                .unwrap_or("")
                .to_owned();
            let rest: String = text.chars().skip(pos.index).take(64).collect();
            SyntaxError::NearToken {
                token: token_at(&rest),
                line,
                source_line,
            }
        }
        brush_parser::ParseError::ParsingAtEndOfInput => {
            SyntaxError::UnexpectedEof { line: eof_line }
        }
        brush_parser::ParseError::Tokenizing { inner, .. } => match inner {
            T::UnterminatedSingleQuote(p) | T::UnterminatedAnsiCQuote(p) => {
                SyntaxError::UnterminatedQuote {
                    quote: '\'',
                    line: at(&p),
                }
            }
            T::UnterminatedDoubleQuote(p) => SyntaxError::UnterminatedQuote {
                quote: '"',
                line: at(&p),
            },
            T::UnterminatedBackquote(p) => SyntaxError::UnterminatedQuote {
                quote: '`',
                line: at(&p),
            },
            T::UnterminatedCommandSubstitution | T::UnterminatedExpansion => {
                SyntaxError::UnterminatedQuote {
                    quote: ')',
                    line: eof_line,
                }
            }
            T::UnterminatedVariable => SyntaxError::UnterminatedQuote {
                quote: '}',
                line: eof_line,
            },
            _ => SyntaxError::UnexpectedEof { line: eof_line },
        },
    }
}

const OPERATORS: &[&str] = &[
    ";;&", "<<<", "<<-", "&>>", ";;", ";&", "&&", "||", "|&", "<<", ">>", "<>", ">&", "<&", "&>",
    ">|", ";", "&", "|", "<", ">", "(", ")",
];

/// The token bash names in `near unexpected token`.
fn token_at(rest: &str) -> String {
    let rest = rest.trim_start_matches([' ', '\t']);
    if rest.is_empty() || rest.starts_with('\n') {
        return "newline".into();
    }
    if let Some(op) = OPERATORS.iter().find(|op| rest.starts_with(**op)) {
        return (*op).to_owned();
    }
    rest.chars()
        .take_while(|c| !c.is_whitespace() && !";&|<>()".contains(*c))
        .collect()
}

/// brush-parser reads the `;;` of `for ((;;))` as a `case` terminator and
/// rejects the loop; a blank between the semicolons means the same to
/// bash and parses. Only the headers of arithmetic `for` loops change.
fn split_arith_for_semicolons(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(";;") || !text.contains("((") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(pos) = rest.find("for") {
        let (head, tail) = rest.split_at(pos + 3);
        out.push_str(head);
        let trimmed = tail.trim_start_matches([' ', '\t']);
        let before = head.strip_suffix("for").unwrap_or(head);
        let boundary = !before.ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if boundary && trimmed.starts_with("((") {
            let lead = tail.len() - trimmed.len();
            out.push_str(tail.get(..lead).unwrap_or(""));
            match trimmed.find("))") {
                Some(end) => {
                    out.push_str(&trimmed.get(..end).unwrap_or("").replace(";;", "; ;"));
                    rest = trimmed.get(end..).unwrap_or("");
                }
                None => rest = trimmed,
            }
        } else {
            rest = tail;
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Parses the source of one function definition (as kept in
/// [`crate::ast::FuncDef::source`]); `None` unless it is exactly that.
pub fn function_from_source(source: &str, max_depth: u32) -> Option<Arc<crate::ast::FuncDef>> {
    let script = parse(source, max_depth).ok()?;
    let [item] = script.list.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    match item.and_or.first.commands.as_slice() {
        [crate::ast::Command::FuncDef(f)] => Some(f.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brush_parser_panics_become_syntax_errors() {
        // Fuzz F7 (`)` after a here-document line in `$( )`) and F9 (a
        // backslash-newline in a `${` left open in a here-document body):
        // brush-parser's tokenizer panics on each.
        let f9 = "i= <<EOF ${a[i+1]} ${aq\\\" \\` \\x\u{e}line\\\njoined\nEOF\n";
        let e = parse(f9, 100).unwrap_err();
        assert_eq!(e, SyntaxError::ParserFault { line: 1 }, "{f9:?}");
        // F6: digits too large for a descriptor are a word, as in bash.
        assert!(parse("echo hi 9999999999>&2", 100).is_ok());
        assert_eq!(
            parse("$(<<E\n)\nE\n", 100).unwrap_err(),
            SyntaxError::UnterminatedQuote {
                quote: ')',
                line: 4
            }
        );
    }

    #[test]
    fn text_ending_in_many_open_constructs_is_an_eof_error() {
        // Fuzz F2/F4: brush-parser's grammar took exponential time to
        // reject these; the grammar reads each token once.
        for text in [
            "((((((((((((((((((((((((((((ls",
            &"case x in x) ".repeat(30),
        ] {
            assert!(parse(text, 500).unwrap_err().is_end_of_input(), "{text}");
        }
    }

    #[test]
    fn open_cases_behind_a_quote_only_the_scan_sees_are_an_error() {
        // Fuzz F25: bash and the scan read `<<=D "…` as a here-document
        // then an open quote, brush-parser's tokenizer as neither, so the
        // open `case`s reached its grammar (the found input: over 10 s).
        let tail = "cF<<=FFF \"z$((2])ho x <<";
        let script = format!("{}{tail}", "case x in x) ".repeat(40));
        assert!(parse(&script, 500).unwrap_err().is_end_of_input());
        // A `$( )` body is read the same way.
        let body = format!("echo $({}{tail}\n)", "case x in x) ".repeat(40));
        assert!(parse(&body, 500).is_err());
    }

    #[test]
    fn a_quote_left_open_in_open_cases_keeps_bashs_message() {
        let script = format!("{}echo 'abc", "case x in x) ".repeat(40));
        assert_eq!(
            parse(&script, 500).unwrap_err().to_string(),
            "unexpected EOF while looking for matching `''"
        );
    }

    #[test]
    fn reports_unexpected_token() {
        let e = parse("echo )", 100).unwrap_err();
        assert_eq!(e.to_string(), "syntax error near unexpected token `)'");
        assert_eq!(
            e.render("sandbash: -c: "),
            "sandbash: -c: line 1: syntax error near unexpected token `)'\nsandbash: -c: line 1: `echo )'\n"
        );
    }

    #[test]
    fn names_the_newline_bash_reads_at_the_end_of_a_text() {
        // As `bash -c`: where a newline cannot come, bash names it.
        for (text, token) in [("for", "newline"), ("echo (", "newline"), ("echo (a)", "a")] {
            let e = parse(text, 100).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("syntax error near unexpected token `{token}'"),
                "{text:?}"
            );
            assert_eq!(
                e.render("x: "),
                format!("x: line 1: {e}\nx: line 1: `{text}'\n")
            );
        }
        // Where one can, the end of the text is what is unexpected.
        for text in ["if true", "echo a |", "while :; do", "f() "] {
            let e = parse(text, 100).unwrap_err();
            assert_eq!(
                e.to_string(),
                "syntax error: unexpected end of file",
                "{text:?}"
            );
        }
    }

    #[test]
    fn reports_eof_and_quotes() {
        assert!(matches!(
            parse("if true; then echo", 100),
            Err(SyntaxError::UnexpectedEof { .. })
        ));
        assert_eq!(
            parse("echo 'abc", 100).unwrap_err().to_string(),
            "unexpected EOF while looking for matching `''"
        );
    }

    #[test]
    fn refuses_deep_nesting_without_overflow() {
        let deep = "{ ".repeat(100_000);
        assert!(matches!(
            parse(&deep, 500),
            Err(SyntaxError::TooDeep { .. })
        ));
        let subst = "$(".repeat(100_000);
        assert!(matches!(
            parse(&subst, 500),
            Err(SyntaxError::TooDeep { .. })
        ));
        let ifs = "if true; then ".repeat(10_000);
        assert!(matches!(parse(&ifs, 500), Err(SyntaxError::TooDeep { .. })));
    }

    #[test]
    fn quoted_brackets_do_not_count() {
        let text = format!("echo '{}'", "(".repeat(1000));
        assert!(parse(&text, 50).is_ok());
    }
}
