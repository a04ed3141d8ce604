//! Script text to brush-parser's tokens (by sandbash's own lexer,
//! `lexer.rs`, through its adapter), and `grammar.rs`'s failures and
//! brush-parser's errors to bash's syntax errors: the old path's, which
//! the oracles compare with ours.

use brush_parser::Token;

use super::error::SyntaxError;
use super::grammar::{self, Fail};
use super::lexer::{self, Lexed};
use super::parser::errors::{cond_failure, lex_error, line_count, near_token};

/// The tokens of `text`, whose first line is line `line_offset + 1`;
/// `$( )` and the like nested deeper than `max_depth` are an error.
pub(crate) fn tokenize(
    text: &str,
    options: &brush_parser::ParserOptions,
    line_offset: u32,
    max_depth: u32,
) -> Result<Lexed, SyntaxError> {
    let opts = lexer::Options::from(&options.tokenizer_options());
    lexer::lex(text, opts, max_depth).map_err(|e| lex_error(&e, text, line_offset, max_depth))
}

/// The program of `lexed`, the tokens of `text`, or bash's error for
/// where the grammar failed.
pub(crate) fn program(
    lexed: &Lexed,
    text: &str,
    line_offset: u32,
    max_depth: u32,
) -> Result<brush_parser::ast::Program, SyntaxError> {
    let tokens = &lexer::to_brush(lexed, text);
    grammar::parse_program(tokens, max_depth).map_err(|fail| match fail {
        // The old grammar reads no array elements, so fails at no `Array`.
        Fail::At(i) | Fail::Array { at: i, .. } => near(tokens, i, text, line_offset, max_depth),
        Fail::Cond { open, at } => {
            cond_failure(&lexed.toks, &lexed.cooked, open, text, line_offset)
                .unwrap_or_else(|| near(tokens, at, text, line_offset, max_depth))
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
