//! The listings that parse a text again to print it as bash does:
//! a function's text ([`function_text`]: `declare -f`, `type`,
//! `export -f`), a command's text with its `$( )` bodies printed
//! ([`normalized_command_text`]: `$BASH_COMMAND`) and a word as bash keeps
//! it ([`word_text`]), which a print hands the parser (`shown`) and the
//! printer (`crate::print`) to show words.
//!
//! Invariant: a print ends: `$( )` bodies are printed to a depth and
//! within a byte budget, and each nesting goes through the parser's depth
//! bound, checked by `listing::tests::bodies_past_the_budget_stay_as_written`.
//! Invariant: the texts are those of the old printer over brush-parser's
//! tree (`old_print.rs`, tests and the fuzz targets only), checked by
//! `listing::tests::the_printer_prints_as_the_old_one_on_the_corpora`.

#[cfg(test)]
pub(crate) mod tests;

use std::borrow::Cow;
use std::cell::Cell;

use super::shown::while_printing;
use crate::ast::FuncDef;
use crate::print::{ansi_c_quoted, function_listing, list_text};

/// How much `$( )` body text one `declare -f` listing of a function parses
/// to print the bodies as bash keeps them; past it, bodies show as written.
/// The parse is not interruptible, so it is bounded.
pub(super) const FUNCTION_BODIES_BUDGET: usize = 256 * 1024;

/// The same for one `$BASH_COMMAND` text, worked out for every command of
/// a deeply nested text when a DEBUG trap reads it.
pub(super) const COMMAND_BODIES_BUDGET: usize = 16 * 1024;

thread_local! {
    /// What is left of the budget of the print running on this thread.
    static BODIES_LEFT: Cell<usize> = const { Cell::new(0) };
}

/// Runs a print with `budget` bytes of `$( )` bodies to parse.
pub(super) fn with_budget<T>(budget: usize, print: impl FnOnce() -> T) -> T {
    let old = BODIES_LEFT.with(|c| c.replace(budget));
    let r = print();
    BODIES_LEFT.with(|c| c.set(old));
    r
}

/// Takes `n` bytes from the running print's budget; false (and nothing
/// taken) when fewer are left.
pub(super) fn take_budget(n: usize) -> bool {
    BODIES_LEFT.with(|c| match c.get().checked_sub(n) {
        Some(left) => {
            c.set(left);
            true
        }
        None => false,
    })
}

/// Bash's text of `f` (without a final newline). A source that no longer
/// parses as one function (it always does) is shown as kept.
pub(crate) fn function_text(f: &FuncDef, max_depth: u32) -> String {
    crate::escapes::parsing_in(f.utf8, || {
        with_budget(FUNCTION_BODIES_BUDGET, || {
            let def = while_printing(Some((max_depth, word_text)), || {
                super::function_from_source(&f.source, max_depth)
            });
            match def {
                Some(def) => function_listing(&f.name, &def, max_depth, word_text),
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
        let script = while_printing(Some((max_depth, word_text)), || {
            super::parse(plain, max_depth)
        });
        let first = script.as_ref().ok().and_then(|s| s.list.first());
        match first.and_then(|i| i.and_or.first.commands.first()) {
            Some(crate::ast::Command::Simple(s)) => s.text.written().to_owned(),
            _ => plain.to_owned(),
        }
    })
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
pub(super) fn word_text_with(
    word: &str,
    depth: u32,
    body: fn(&str, u32) -> Option<String>,
) -> Cow<'_, str> {
    if depth == 0 || !word.contains("$(") {
        return ansi_c_quoted(word);
    }
    let options = brush_parser::ParserOptions::default();
    let Ok(pieces) = super::word::parse_word(word, &options, depth) else {
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

/// A background job's command as `jobs` shows it: printed as bash prints
/// commands (`( while :; do` newline `    :;` newline `done )`); the text
/// as written when it does not parse or passes the print budget.
pub(crate) fn job_text(plain: &str, max_depth: u32) -> String {
    if plain.len() > COMMAND_BODIES_BUDGET {
        return plain.to_owned();
    }
    with_budget(COMMAND_BODIES_BUDGET, || command_sub_text(plain, max_depth))
        .unwrap_or_else(|| plain.to_owned())
}

/// A `$( )` body as bash prints it: its commands at the left margin, `;`
/// and newlines between them kept; `None` when it does not parse or the
/// running print's budget does not cover it.
fn command_sub_text(body: &str, depth: u32) -> Option<String> {
    if !take_budget(body.len()) {
        return None;
    }
    let script = while_printing(Some((depth, word_text)), || {
        super::parse(body, depth.max(1))
    })
    .ok()?;
    Some(list_text(&script.list, depth, word_text))
}
