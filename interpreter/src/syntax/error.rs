//! The front end's one error type: a script that cannot be parsed, with
//! the line and text bash reports.

use thiserror::Error;

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
    /// `contain.rs`) where bash may have read it.
    #[error("syntax error: the parser cannot read this command")]
    ParserFault {
        /// The command's first line.
        line: u32,
    },
    /// A `[[ ]]` bash's conditional parser cannot read, with its own
    /// messages (`cond_error.rs`); bash then stops reading, and the status
    /// is the last command's unless the text ended too soon.
    #[error("{}", messages.first().map_or("", |m| m.1.as_str()))]
    Conditional {
        /// Each message with its line; none for the faults bash is
        /// silent about (`[[ ]]`).
        messages: Vec<(u32, String)>,
        /// The fault was the end of the text.
        at_end: bool,
    },
    /// A word brush-parser could not split into pieces.
    #[error("bad substitution: {0}")]
    BadWord(String),
    /// A construct sandbash does not implement.
    #[error("{0}")]
    Unsupported(String),
    /// An error bash reports and reads on after, at the line after it,
    /// with status 1 (its DISCARD): those inside `name=( … )`.
    #[error("{0}")]
    ReadOn(Box<SyntaxError>),
}

impl SyntaxError {
    /// Whether the text ended inside a construct (so more text might
    /// have completed it).
    pub fn is_end_of_input(&self) -> bool {
        if let Self::ReadOn(e) = self {
            return e.is_end_of_input();
        }
        matches!(
            self,
            Self::UnexpectedEof { .. }
                | Self::UnterminatedQuote { .. }
                | Self::Conditional { at_end: true, .. }
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
            Self::Conditional { messages, .. } => messages.first().map_or(1, |m| m.0),
            Self::BadWord(_) | Self::Unsupported(_) => 1,
            Self::ReadOn(e) => e.line(),
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
            Self::Conditional { messages, .. } => {
                for (line, _) in messages {
                    *line = line.saturating_add(by);
                }
            }
            Self::BadWord(_) | Self::Unsupported(_) => {}
            Self::ReadOn(e) => {
                **e = std::mem::replace(&mut **e, Self::BadWord(String::new())).shifted(by)
            }
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
            Self::Conditional { messages, .. } => {
                for (line, _) in messages {
                    *line = (*line).min(max);
                }
            }
            Self::BadWord(_) | Self::Unsupported(_) => {}
            Self::ReadOn(e) => {
                **e = std::mem::replace(&mut **e, Self::BadWord(String::new())).capped(max)
            }
        }
        self
    }

    /// The full message bash prints: one or two lines, each prefixed with
    /// `prefix` (e.g. `sandbash: -c: line 1: `... minus the line part, which
    /// this adds).
    pub fn render(&self, prefix: &str) -> String {
        if let Self::ReadOn(e) = self {
            return e.render(prefix);
        }
        if let Self::Conditional { messages, .. } = self {
            return messages
                .iter()
                .map(|(line, m)| format!("{prefix}line {line}: {m}\n"))
                .collect();
        }
        let line = self.line();
        let mut s = format!("{prefix}line {line}: {self}\n");
        if let Self::NearToken { source_line, .. } = self {
            s.push_str(&format!("{prefix}line {line}: `{source_line}'\n"));
        }
        s
    }
}
