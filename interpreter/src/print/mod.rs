//! Commands as bash prints them: a function's text (`declare -f`, `type`,
//! `command -V`, `export -f`), a command's text (`$BASH_COMMAND`) and a
//! process substitution's, following bash's `print_cmd.c`.
//!
//! The printer walks the tree of `ast.rs`. What it shows that running
//! does not need is recorded by the parser as it reads ([`crate::ast::Shown`],
//! [`crate::ast::CommandText`]): a simple command's and a `[[ ]]`'s text,
//! case patterns, redirections of compound commands, whether a list item
//! ended at a newline. Bash keeps each `$( )` body of a word as it prints
//! a command (it parses the body when it reads the word), so a print
//! parses its text again with the words' `$( )` bodies printed
//! ([`shown_word`]), to a depth and within a budget.
//!
//! - `command`: lists, pipelines, simple commands and functions;
//! - `compound`: compound commands;
//! - `redirect`: redirections' texts.
//!
//! Invariant: the texts are those of the old printer over brush-parser's
//! tree (`old.rs`, tests and the fuzz targets only), checked by
//! `print::tests::the_printer_prints_as_the_old_one_on_the_corpora`.
//! Invariant: a print ends: `$( )` bodies are printed to a depth and
//! within a byte budget, and each nesting goes through the parser's depth
//! bound, checked by `print::tests::bodies_past_the_budget_stay_as_written`.

mod command;
mod compound;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod old;
mod redirect;
#[cfg(test)]
pub(crate) mod tests;

use std::borrow::Cow;
use std::cell::Cell;

pub(crate) use redirect::{
    FileOp, FileTarget, file_redirect_text, here_string_text, heredoc_body_text, heredoc_text,
    output_and_error_text,
};

use crate::ast::{FuncDef, List};
use command::Printer;

/// How much `$( )` body text one `declare -f` listing of a function parses
/// to print the bodies as bash keeps them; past it, bodies show as written.
/// The parse is not interruptible, so it is bounded.
const FUNCTION_BODIES_BUDGET: usize = 256 * 1024;

/// The same for one `$BASH_COMMAND` text, worked out for every command of
/// a deeply nested text when a DEBUG trap reads it.
const COMMAND_BODIES_BUDGET: usize = 16 * 1024;

thread_local! {
    /// What is left of the budget of the print running on this thread.
    static BODIES_LEFT: Cell<usize> = const { Cell::new(0) };
    /// How deep the `$( )` bodies of the words the parser reads on this
    /// thread are printed as bash prints them while a print parses its
    /// text; `None` outside a print.
    static WORD_DEPTH: Cell<Option<u32>> = const { Cell::new(None) };
}

/// Runs a print with `budget` bytes of `$( )` bodies to parse.
fn with_budget<T>(budget: usize, print: impl FnOnce() -> T) -> T {
    let old = BODIES_LEFT.with(|c| c.replace(budget));
    let r = print();
    BODIES_LEFT.with(|c| c.set(old));
    r
}

/// Takes `n` bytes from the running print's budget; false (and nothing
/// taken) when fewer are left.
fn take_budget(n: usize) -> bool {
    BODIES_LEFT.with(|c| match c.get().checked_sub(n) {
        Some(left) => {
            c.set(left);
            true
        }
        None => false,
    })
}

/// Runs `f` (a parse) with the words' `$( )` bodies printed `depth` deep
/// (`None`: not for a print).
fn with_word_depth<T>(depth: Option<u32>, f: impl FnOnce() -> T) -> T {
    let old = WORD_DEPTH.with(|c| c.replace(depth));
    let r = f();
    WORD_DEPTH.with(|c| c.set(old));
    r
}

/// Whether the parse running on this thread is a print's.
pub(crate) fn printing() -> bool {
    WORD_DEPTH.with(Cell::get).is_some()
}

/// Runs `f`, the parse of a process substitution's list, one `$( )`
/// level further in (bash prints the list as a command of its own).
pub(crate) fn one_level_in<T>(f: impl FnOnce() -> T) -> T {
    let depth = WORD_DEPTH.with(Cell::get);
    with_word_depth(depth.map(|d| d.saturating_sub(1)), f)
}

/// A word the parser reads, as the command's text shows it: as bash
/// keeps it (see [`word_text`]) while a print parses, else as written
/// with its `$'...'` parts decoded.
pub(crate) fn shown_word(word: &str) -> Cow<'_, str> {
    word_text(word, WORD_DEPTH.with(Cell::get).unwrap_or(0))
}

/// An operand of `[[ ]]` as its text shows it: as bash keeps it while a
/// print parses (see [`word_text`]), else as written.
pub(crate) fn shown_operand(word: &str) -> Cow<'_, str> {
    match WORD_DEPTH.with(Cell::get) {
        Some(depth) => word_text(word, depth),
        None => Cow::Borrowed(word),
    }
}

/// Bash's text of `f` (without a final newline). A source that no longer
/// parses as one function (it always does) is shown as kept.
pub(crate) fn function_text(f: &FuncDef, max_depth: u32) -> String {
    crate::escapes::parsing_in(f.utf8, || {
        with_budget(FUNCTION_BODIES_BUDGET, || {
            let def = with_word_depth(Some(max_depth), || {
                crate::syntax::function_from_source(&f.source, max_depth)
            });
            match def {
                Some(def) => Printer::new(max_depth, false).function(&f.name, &def),
                None => f.source.clone(),
            }
        })
    })
}

/// A simple command's text printed with its `$( )` bodies as written
/// printed again with the bodies nested up to `max_depth` deep as bash
/// prints them; the text itself when it does not read back as a simple
/// command.
pub(crate) fn normalized_command_text(plain: &str, max_depth: u32) -> String {
    if plain.len() > COMMAND_BODIES_BUDGET {
        return plain.to_owned();
    }
    with_budget(COMMAND_BODIES_BUDGET, || {
        let script = with_word_depth(Some(max_depth), || crate::syntax::parse(plain, max_depth));
        let first = script.as_ref().ok().and_then(|s| s.list.first());
        match first.and_then(|i| i.and_or.first.commands.first()) {
            Some(crate::ast::Command::Simple(s)) => s.text.written().to_owned(),
            _ => plain.to_owned(),
        }
    })
}

/// `<(list)` or `>(list)` as bash prints it: the list as a command at
/// the left margin (a fresh printer), inside the parentheses.
pub(crate) fn proc_sub_text(write: bool, list: &List) -> String {
    let mut p = Printer::new(WORD_DEPTH.with(Cell::get).unwrap_or(0), true);
    p.skip_next();
    p.list(list);
    let body = p.finish();
    format!("{}({body})", if write { '>' } else { '<' })
}

/// A word as bash keeps it after reading it: each `$( )` (outside single
/// quotes, here-document bodies and backquotes) holds its command as
/// bash prints one, since bash 5.2 parses the body when it reads the word
/// and keeps that text; `$'...'` parts are decoded (see [`ansi_c_quoted`]).
/// Bodies nested deeper than `depth` stay as written.
fn word_text(word: &str, depth: u32) -> Cow<'_, str> {
    word_text_with(word, depth, command_sub_text)
}

/// [`word_text`] with `body` printing a `$( )` body to a depth.
fn word_text_with(word: &str, depth: u32, body: fn(&str, u32) -> Option<String>) -> Cow<'_, str> {
    if depth == 0 || !word.contains("$(") {
        return ansi_c_quoted(word);
    }
    let options = brush_parser::ParserOptions::default();
    let Ok(pieces) = crate::syntax::word::parse_word(word, &options, depth) else {
        return Cow::Borrowed(word);
    };
    let mut subs = Vec::new();
    command_subs(&pieces, &mut subs);
    if subs.is_empty() {
        return ansi_c_quoted(word);
    }
    let mut out = String::with_capacity(word.len());
    let mut at = 0;
    for (start, end, sub) in subs {
        let (Some(before), Some(written)) = (word.get(at..start), word.get(start..end)) else {
            return Cow::Borrowed(word);
        };
        out.push_str(before);
        at = end;
        if sub.is_none() && !written.contains("$(") {
            out.push_str(written);
            continue;
        }
        let inner = written
            .strip_prefix("${")
            .and_then(|t| t.strip_suffix('}'))
            .filter(|_| sub.is_none());
        if let Some(inner) = inner {
            // `${x:-$( cmd )}`: the operand's substitutions too.
            out.push_str("${");
            out.push_str(&word_text_with(inner, depth - 1, body));
            out.push('}');
            continue;
        }
        match sub.and_then(|sub| body(sub, depth - 1)) {
            Some(text) => {
                out.push_str("$(");
                // `$( (list) )`, not the arithmetic `$((`.
                if text.starts_with('(') {
                    out.push(' ');
                }
                out.push_str(&text);
                out.push(')');
            }
            None => out.push_str(written),
        }
    }
    out.push_str(word.get(at..).unwrap_or(""));
    Cow::Owned(out)
}

/// The `$( )` pieces of a word (with their bodies), outermost only (their
/// bodies print their own), at the top or inside double quotes, and the
/// `${ }` pieces holding one (without a body), with where each is written.
fn command_subs<'p>(
    pieces: &'p [brush_parser::word::WordPieceWithSource],
    out: &mut Vec<(usize, usize, Option<&'p str>)>,
) {
    use brush_parser::word::WordPiece as P;
    for p in pieces {
        match &p.piece {
            P::CommandSubstitution(body) => out.push((p.start_index, p.end_index, Some(body))),
            P::ParameterExpansion(_) => out.push((p.start_index, p.end_index, None)),
            P::DoubleQuotedSequence(inner) | P::GettextDoubleQuotedSequence(inner) => {
                command_subs(inner, out);
            }
            _ => {}
        }
    }
}

/// A `$( )` body as bash prints it: its commands at the left margin, `;`
/// and newlines between them kept; `None` when it does not parse or the
/// running print's budget does not cover it.
fn command_sub_text(body: &str, depth: u32) -> Option<String> {
    if !take_budget(body.len()) {
        return None;
    }
    let script = with_word_depth(Some(depth), || crate::syntax::parse(body, depth.max(1))).ok()?;
    let mut p = Printer::new(depth, true);
    p.skip_next();
    p.list(&script.list);
    Some(p.finish())
}

/// A word with its `$'...'` parts as bash keeps them after reading: the
/// escapes decoded, in single quotes (`$'a\tb'` is `'a<TAB>b'`). A word
/// with a command substitution is left as written.
pub(crate) fn ansi_c_quoted(word: &str) -> Cow<'_, str> {
    if !word.contains("$'") || word.contains("$(") || word.contains('`') {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len());
    let mut chars = word.chars().peekable();
    let mut double = false;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                out.extend(chars.next());
            }
            '"' => {
                double = !double;
                out.push(c);
            }
            '\'' if !double => {
                out.push(c);
                for q in chars.by_ref() {
                    out.push(q);
                    if q == '\'' {
                        break;
                    }
                }
            }
            '$' if !double && chars.peek() == Some(&'\'') => {
                chars.next();
                let mut body = String::new();
                while let Some(q) = chars.next() {
                    match q {
                        '\\' => {
                            body.push(q);
                            body.extend(chars.next());
                        }
                        '\'' => break,
                        q => body.push(q),
                    }
                }
                let text = crate::escapes::ansi_c(&body);
                out.push('\'');
                out.push_str(&text.replace('\'', "'\\''"));
                out.push('\'');
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}
