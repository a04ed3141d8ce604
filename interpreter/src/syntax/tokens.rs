//! Script text to brush-parser's tokens (by sandbash's own lexer,
//! `lexer.rs`, through its adapter), and the grammar's failures to bash's
//! syntax errors.
//!
//! Invariant: a text the lexer refuses is bash's syntax error for it (the
//! same one brush-parser's tokenizer led to), checked by
//! `lexer::tests::the_lexer_builds_brush_parsers_tokens_on_the_corpora`,
//! which compares the two errors.

use brush_parser::Token;

use super::error::SyntaxError;
use super::grammar::{self, Fail};
use super::lexer::{self, LexError};

/// The tokens of `text`, whose first line is line `line_offset + 1`;
/// `$( )` and the like nested deeper than `max_depth` are an error.
pub(crate) fn tokenize(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
) -> Result<Vec<Token>, SyntaxError> {
    let opts = lexer::Options::from(&options.tokenizer_options());
    let lexed = lexer::lex(text, opts, max_depth)
        .map_err(|e| lex_error(&e, text, line_offset, max_depth))?;
    Ok(lexer::to_brush(&lexed, text))
}

/// bash's error for a text the lexer refused: the one [`convert`] gives
/// for brush-parser's tokenizer error on it.
pub(crate) fn lex_error(e: &LexError, text: &str, line_offset: u32, max_depth: u32) -> SyntaxError {
    let eof_line = line_count(text).saturating_add(line_offset);
    let quote = |quote: char, line: u32| SyntaxError::UnterminatedQuote {
        quote,
        line: line.saturating_add(line_offset),
    };
    match *e {
        LexError::SingleQuote(l) | LexError::AnsiCQuote(l) => quote('\'', l),
        LexError::DoubleQuote(l) => quote('"', l),
        LexError::Backquote(l) => quote('`', l),
        LexError::Substitution => quote(')', eof_line.saturating_sub(line_offset)),
        LexError::Arithmetic { line, close } => quote(char::from(close), line),
        LexError::Variable(l) => quote('}', l),
        LexError::Subscript(l) => quote(']', l),
        LexError::TooDeep(l) => SyntaxError::TooDeep {
            limit: max_depth,
            line: l.saturating_add(line_offset),
        },
        LexError::Fault(_) => SyntaxError::ParserFault {
            line: line_offset.saturating_add(1),
        },
        LexError::Escape
        | LexError::Extglob(_)
        | LexError::MissingHereTagForBody
        | LexError::MissingHereTag
        | LexError::UnterminatedHereDocuments => SyntaxError::UnexpectedEof { line: eof_line },
    }
}

/// The program of `tokens`, or bash's error for where the grammar failed.
pub(crate) fn program(
    tokens: &[Token],
    text: &str,
    line_offset: u32,
    max_depth: u32,
) -> Result<brush_parser::ast::Program, SyntaxError> {
    grammar::parse_program(tokens, max_depth).map_err(|fail| match fail {
        Fail::At(i) => near(tokens, i, text, line_offset, max_depth),
        Fail::Cond { open, at } => cond_failure(tokens, open, text, line_offset)
            .unwrap_or_else(|| near(tokens, at, text, line_offset, max_depth)),
        Fail::Deep(i) => {
            let line = tokens.get(i).map_or(line_count(text), |t| {
                u32::try_from(t.location().start.line).unwrap_or(u32::MAX)
            });
            SyntaxError::TooDeep {
                limit: max_depth,
                line: line.saturating_add(line_offset),
            }
        }
    })
}

/// bash's error for a grammar that failed at token `i`.
fn near(tokens: &[Token], i: usize, text: &str, line_offset: u32, max_depth: u32) -> SyntaxError {
    let e = match tokens.get(i) {
        Some(t) => brush_parser::ParseError::ParsingNear((*t.location().start).clone()),
        None => match newline_unexpected(tokens, max_depth) {
            Some(end) => brush_parser::ParseError::ParsingNear(end),
            None => brush_parser::ParseError::ParsingAtEndOfInput,
        },
    };
    convert(e, text, line_offset)
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
    match super::grammar::parse_program(&with_newline, max_depth) {
        Err(super::grammar::Fail::At(i)) if i == tokens.len() => Some((*end).clone()),
        _ => None,
    }
}

pub(crate) fn line_count(text: &str) -> u32 {
    u32::try_from(text.matches('\n').count())
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

/// bash's `near unexpected token` for a grammar that failed at what
/// starts `rest`, on `line` of `text` (counted from 1 in the text).
pub(crate) fn near_token(line: u32, rest: &str, text: &str, line_offset: u32) -> SyntaxError {
    let source_line = text
        .lines()
        .nth((line as usize).saturating_sub(1))
        .unwrap_or("")
        .to_owned();
    let rest: String = rest.chars().take(64).collect();
    SyntaxError::NearToken {
        token: token_at(&rest),
        line: line.saturating_add(line_offset),
        source_line,
    }
}

/// bash's own messages for the `[[` at token `open`, which starts no
/// valid conditional command, if `cond_error.rs` words the failure.
pub(crate) fn cond_failure(
    tokens: &[Token],
    open: usize,
    text: &str,
    line_offset: u32,
) -> Option<SyntaxError> {
    let e = super::cond_error::diagnose(tokens, open, text)?;
    let line = |i: usize| match tokens.get(i) {
        Some(t) => u32::try_from(t.location().start.line).unwrap_or(u32::MAX),
        // The end: bash counts the newline it reads there.
        None => line_count(text).saturating_add(u32::from(!text.ends_with('\n'))),
    };
    Some(SyntaxError::Conditional {
        messages: e
            .messages
            .into_iter()
            .map(|(i, m)| (line(i).saturating_add(line_offset), m))
            .collect(),
        at_end: e.at_end,
    })
}

/// bash's error for brush-parser's error `e` on `text`.
pub(crate) fn convert(e: brush_parser::ParseError, text: &str, line_offset: u32) -> SyntaxError {
    use brush_parser::TokenizerError as T;
    let eof_line = line_count(text).saturating_add(line_offset);
    let at = |p: &brush_parser::SourcePosition| {
        u32::try_from(p.line)
            .unwrap_or(u32::MAX)
            .saturating_add(line_offset)
    };
    match e {
        brush_parser::ParseError::ParsingNear(pos) => {
            let line = u32::try_from(pos.line).unwrap_or(u32::MAX);
            let rest: String = text.chars().skip(pos.index).take(64).collect();
            near_token(line, &rest, text, line_offset)
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
