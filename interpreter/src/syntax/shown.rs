//! How the parser shows what it reads in the texts it records for the
//! printer (`$BASH_COMMAND`, a process substitution's text, `[[ ]]`'s):
//! as written outside a print; while a print parses a text again
//! (`listing`), each word as bash keeps it, its `$( )` bodies printed by
//! the [`WordText`] the print installed.
//!
//! Parsing and printing call each other: a print parses a function's
//! source, the parse shows each word by printing its `$( )` bodies, and
//! those parse again. This leaf holds only the state of the running
//! print, so the parser calls down into it and `listing`, above the
//! parser, holds the recursion.

use std::borrow::Cow;
use std::cell::Cell;

use crate::ast::List;
use crate::print::{WordText, ansi_c_quoted, list_text};

thread_local! {
    /// While a print parses its text on this thread: how deep the `$( )`
    /// bodies of the words the parser reads are printed, and what prints
    /// them; `None` outside a print.
    static PRINTING: Cell<Option<(u32, WordText)>> = const { Cell::new(None) };
}

/// Runs `f` (a parse) with the words' `$( )` bodies printed `depth` deep
/// by `word` (`None`: not for a print).
pub(crate) fn while_printing<T>(printing: Option<(u32, WordText)>, f: impl FnOnce() -> T) -> T {
    let old = PRINTING.with(|c| c.replace(printing));
    let r = f();
    PRINTING.with(|c| c.set(old));
    r
}

/// Whether the parse running on this thread is a print's.
pub(crate) fn printing() -> bool {
    PRINTING.with(Cell::get).is_some()
}

/// Runs `f`, the parse of a process substitution's list, one `$( )`
/// level further in (bash prints the list as a command of its own).
pub(crate) fn one_level_in<T>(f: impl FnOnce() -> T) -> T {
    let printing = PRINTING.with(Cell::get);
    while_printing(printing.map(|(d, w)| (d.saturating_sub(1), w)), f)
}

/// A word as written with its `$'...'` parts decoded: how a word shows
/// outside a print, and at depth 0 inside one.
pub(crate) fn plain_word(word: &str, _depth: u32) -> Cow<'_, str> {
    ansi_c_quoted(word)
}

/// A word the parser reads, as the command's text shows it: as bash
/// keeps it while a print parses, else as written with its `$'...'`
/// parts decoded.
pub(crate) fn shown_word(word: &str) -> Cow<'_, str> {
    match PRINTING.with(Cell::get) {
        Some((depth, show)) => show(word, depth),
        None => plain_word(word, 0),
    }
}

/// An operand of `[[ ]]` as its text shows it: as bash keeps it while a
/// print parses, else as written.
pub(crate) fn shown_operand(word: &str) -> Cow<'_, str> {
    match PRINTING.with(Cell::get) {
        Some((depth, show)) => show(word, depth),
        None => Cow::Borrowed(word),
    }
}

/// `<(list)` or `>(list)` as bash prints it: the list as a command at
/// the left margin (a fresh printer), inside the parentheses.
pub(crate) fn proc_sub_text(write: bool, list: &List) -> String {
    let (depth, show) = PRINTING.with(Cell::get).unwrap_or((0, plain_word));
    let body = list_text(list, depth, show);
    // `<( (list))`, as `$( (list))`: bash keeps a blank before a `(`.
    let blank = if body.starts_with('(') { " " } else { "" };
    format!("{}({blank}{body})", if write { '>' } else { '<' })
}

#[cfg(test)]
thread_local! {
    /// Process substitutions the parser printed, while a test records.
    static PROC_SUBS: std::cell::RefCell<Option<Vec<(bool, String, String)>>> =
        const { std::cell::RefCell::new(None) };
}

/// Keeps a process substitution's text (its body as written, and as the
/// parser printed it) when the running test records them.
#[cfg(test)]
pub(crate) fn record_proc_sub(write: bool, body: &str, shown: &str) {
    PROC_SUBS.with(|r| {
        if let Some(v) = r.borrow_mut().as_mut() {
            v.push((write, body.to_owned(), shown.to_owned()));
        }
    });
}

/// Runs `f` (a parse) and returns with it the process substitutions it
/// printed: whether each writes, its body as written and its text.
#[cfg(test)]
pub(crate) fn recording_proc_subs<T>(f: impl FnOnce() -> T) -> (T, Vec<(bool, String, String)>) {
    PROC_SUBS.with(|r| *r.borrow_mut() = Some(Vec::new()));
    let out = f();
    let subs = PROC_SUBS
        .with(|r| r.borrow_mut().take())
        .unwrap_or_default();
    (out, subs)
}
