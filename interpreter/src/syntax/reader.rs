//! Reading a script one complete command at a time, as bash does.
//!
//! The pre-scan (`chunk.rs`) finds where each complete command ends; each
//! chunk is parsed and resolved only when the previous one has run. So a
//! syntax error on line 9 is reported after lines 1-8 ran (as in bash),
//! the parse's memory is bounded by one chunk rather than the script,
//! and the caller checks the clock, cancel and memory between chunks.

use super::alias::Aliases;
use super::error::SyntaxError;
use super::parser::{parse_again, parse_text};
use crate::ast::Script;

/// A chunk ends after a top-level `;` or `&` once it holds this many
/// words and operators, so one enormous line is parsed a piece at a time.
/// Real lines are far shorter; such a line's later syntax error is then
/// reported after its earlier pieces ran.
const SPLIT_TOKENS: usize = 2048;

/// The parse's peak memory per word or operator, used to refuse a
/// chunk whose parse would not fit the memory left. Measured: ~350 bytes
/// for a command's redirections, ~640 for `echo a b c d e` lines, ~1 KiB
/// for `:;` repeated (a whole command per two tokens, the worst case).
const PARSE_BYTES_PER_TOKEN: u64 = 512;

/// Our resolved tree's size per word or operator (measured: about 160
/// bytes), charged to the run's memory while a chunk runs.
pub(crate) const AST_BYTES_PER_TOKEN: u64 = 192;

/// A chunk, parsed, and its size in words and operators.
pub(crate) struct Parsed {
    /// The chunk's commands.
    pub script: Script,
    /// Words and operators in it.
    pub tokens: usize,
}

/// Why the next chunk could not be read.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// A syntax error: nothing of the chunk runs.
    Syntax(SyntaxError),
    /// Parsing the chunk would need more memory than is left.
    Memory,
}

/// Hands out a script's complete commands, parsed, one chunk at a time.
pub(crate) struct ScriptReader<'a> {
    text: &'a str,
    pos: usize,
    /// Lines before `pos`, plus the offset of the text itself.
    line_offset: u32,
    max_depth: u32,
    /// Bash's warnings about what was read, for the caller to print.
    warnings: Vec<Warning>,
    /// Where the last chunk read starts in `text` (it ends at `pos`).
    last_start: usize,
}

/// Something bash warns about while reading, and reads on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Warning {
    /// A here-document ended by the end of the text, not its delimiter.
    HeredocAtEof {
        /// The line the text ended on.
        eof_line: u32,
        /// The line of the `<<`.
        line: u32,
        /// The delimiter that never came.
        delim: String,
    },
}

impl Warning {
    /// The line bash names before the warning (in a script file).
    pub(crate) fn line(&self) -> u32 {
        match self {
            Self::HeredocAtEof { eof_line, .. } => *eof_line,
        }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::HeredocAtEof { line, delim, .. } => write!(
                f,
                "warning: here-document at line {line} delimited by end-of-file (wanted `{delim}')"
            ),
        }
    }
}

impl<'a> ScriptReader<'a> {
    /// A reader of `text`, whose first line is line `line_offset + 1`.
    pub(crate) fn new(text: &'a str, max_depth: u32, line_offset: u32) -> Self {
        Self {
            text,
            pos: 0,
            line_offset,
            max_depth,
            warnings: Vec::new(),
            last_start: 0,
        }
    }

    /// The warnings of the chunks read so far, to print before running
    /// them (or before the syntax error that stopped the reading).
    pub(crate) fn take_warnings(&mut self) -> Vec<Warning> {
        std::mem::take(&mut self.warnings)
    }

    /// The next chunk, parsed; `None` at the end of the text. `room` is
    /// the memory the parse may use; `aliases`, those in force as it is
    /// read (`None`: not expanded).
    pub(crate) fn next(
        &mut self,
        room: u64,
        aliases: Option<&Aliases>,
    ) -> Option<Result<Parsed, ReadError>> {
        if self.pos >= self.text.len() {
            return None;
        }
        Some(self.read(room, aliases))
    }

    /// The text of the last chunk read (what `set -v` echoes).
    pub(crate) fn last_text(&self) -> &str {
        self.text.get(self.last_start..self.pos).unwrap_or("")
    }

    fn read(&mut self, room: u64, aliases: Option<&Aliases>) -> Result<Parsed, ReadError> {
        self.last_start = self.pos;
        let scan = super::chunk::next_chunk(
            self.text,
            self.pos,
            self.max_depth,
            self.line_offset,
            SPLIT_TOKENS,
        );
        let scan = match scan {
            Ok(s) => s,
            Err(e) => {
                self.pos = self.text.len();
                return Err(ReadError::Syntax(e));
            }
        };
        let mut chunk = std::borrow::Cow::Borrowed(self.text.get(self.pos..scan.end).unwrap_or(""));
        // Past the last line of the text: an error there is reported on the
        // line after it, as bash does, whatever was added to the chunk.
        let mut last_error_line = u32::MAX;
        if !scan.eof_heredocs.is_empty() {
            // Bash takes what the text holds as the bodies: brush-parser
            // gets the missing delimiter lines after it, which moves no
            // line before them.
            let ends_line = chunk.ends_with('\n');
            let eof_line = self
                .line_offset
                .saturating_add(scan.newlines)
                .saturating_add(u32::from(!ends_line));
            let mut text = chunk.into_owned();
            if !ends_line {
                text.push('\n');
            }
            for h in &scan.eof_heredocs {
                text.push_str(&h.delim);
                text.push('\n');
                self.warnings.push(Warning::HeredocAtEof {
                    eof_line,
                    line: h.line,
                    delim: h.delim.clone(),
                });
            }
            chunk = std::borrow::Cow::Owned(text);
            last_error_line = eof_line.saturating_add(1);
        }
        // The text ends inside open constructs, by the scan's count.
        let open_line = self
            .line_offset
            .saturating_add(scan.newlines)
            .saturating_add(1);
        let unclosed_eof = scan
            .unclosed
            .filter(|open| !open.in_quote)
            .map(|open| open.eof_error(open_line));
        if !parse_fits(scan.tokens, room) {
            self.pos = self.text.len();
            return Err(ReadError::Memory);
        }
        match parse_text(
            &chunk,
            &Default::default(),
            self.line_offset,
            self.max_depth,
            aliases,
        ) {
            Ok(script) => {
                self.pos = scan.end;
                self.line_offset = self.line_offset.saturating_add(scan.newlines);
                Ok(Parsed {
                    script,
                    tokens: scan.tokens,
                })
            }
            Err(e) if e.is_end_of_input() && scan.end < self.text.len() => {
                // The scan ended the chunk inside a construct it does not
                // know: parse the rest whole, as one chunk.
                let rest = self.text.get(self.pos..).unwrap_or("");
                let line_offset = self.line_offset;
                self.pos = self.text.len();
                let tokens = super::chunk::count_tokens(rest, self.max_depth, line_offset)
                    .map_err(ReadError::Syntax)?;
                if !parse_fits(tokens, room) {
                    return Err(ReadError::Memory);
                }
                // Through the scan's refusals again, chunk by chunk: text
                // ending inside many open constructs after this chunk must
                // not reach brush-parser whole (fuzz F24).
                let script = parse_again(
                    rest,
                    &Default::default(),
                    line_offset,
                    self.max_depth,
                    aliases,
                )
                .map_err(ReadError::Syntax)?;
                Ok(Parsed { script, tokens })
            }
            Err(e @ SyntaxError::ReadOn(_)) => {
                // At the end of the text nothing is left to read on.
                match e.is_end_of_input() {
                    true => self.pos = self.text.len(),
                    false => self.read_on_after(e.line()),
                }
                Err(ReadError::Syntax(e))
            }
            Err(e) => {
                self.pos = self.text.len();
                // A text that ends inside open constructs gets the error
                // bash gives for them (`looking for matching `)'` for a
                // `(`, `((` or `$(`), also where brush-parser's tokenizer
                // failed on it (fuzz F7).
                Err(ReadError::Syntax(
                    match (e, unclosed_eof) {
                        (
                            SyntaxError::ParserFault { .. } | SyntaxError::UnexpectedEof { .. },
                            Some(eof),
                        ) => eof,
                        (e, _) => e,
                    }
                    .capped(last_error_line),
                ))
            }
        }
    }
}

impl ScriptReader<'_> {
    /// Goes on from the line after `line` (counted as errors count them),
    /// where bash reads on after an error it discards.
    fn read_on_after(&mut self, line: u32) {
        let skip = line.saturating_sub(self.line_offset) as usize;
        let rest = self.text.get(self.pos..).unwrap_or("");
        let past = rest
            .match_indices('\n')
            .nth(skip.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i + 1);
        self.pos = self.pos.saturating_add(past).min(self.text.len());
        self.line_offset = line;
    }
}

/// Whether parsing `tokens` words and operators fits in `room` bytes.
fn parse_fits(tokens: usize, room: u64) -> bool {
    (tokens as u64).saturating_mul(PARSE_BYTES_PER_TOKEN) <= room
}
