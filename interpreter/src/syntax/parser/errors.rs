//! The lexer's and the grammar's failures to bash's syntax errors: the
//! text and the line bash reports for each.
//!
//! Invariant: a text the lexer refuses is bash's syntax error for it (the
//! same one brush-parser's tokenizer led to), checked by
//! `lexer::tests::the_lexer_builds_brush_parsers_tokens_on_the_corpora`,
//! which compares the two errors.

use crate::syntax::error::SyntaxError;
use crate::syntax::lexer::{LexError, Tok};

/// bash's error for a text the lexer refused.
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

/// The number of lines of `text` (a text not ending in a newline counts
/// its last line).
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

/// bash's own messages for the `[[` at token `open` of `toks` (lexed
/// from `text`, cooked texts in `cooked`), which starts no valid
/// conditional command, if `cond_error.rs` words the failure.
pub(crate) fn cond_failure(
    toks: &[Tok],
    cooked: &str,
    open: usize,
    text: &str,
    line_offset: u32,
) -> Option<SyntaxError> {
    let e = crate::syntax::cond_error::diagnose(toks, cooked, open, text)?;
    let line = |i: usize| match toks.get(i) {
        Some(t) => t.line,
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
