//! A fence around brush-parser's tokenizer and parser, which run only as
//! oracles: `oracle.rs` (the lexer's and the grammar's tests and the
//! `lexer` and `grammar_diff` fuzz targets) and the grammar's tests. No
//! script reaches brush-parser's code: sandbash's lexer (`lexer.rs`)
//! tokenizes, its grammar (`grammar.rs`) parses.
//!
//! Invariant: a panic of brush-parser's code becomes an outcome of the
//! comparison ("brush-parser panicked"), not a failed test or fuzz
//! finding of ours, and reaches no stderr: every call goes through
//! [`contained`], checked by `tests::a_panic_becomes_none_and_the_thread_goes_on`
//! and `lexer::tests::brush_parser_panics_are_faults` (history:
//! `fuzz/FINDINGS.md` F7, F9).
//!
//! The process's panic hook is shared with the host, so it is wrapped once,
//! not replaced: a panic on a thread that is inside [`contained`] is kept
//! quiet, every other panic still reaches the previous hook.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// How many [`contained`] calls this thread is inside.
    static INSIDE: Cell<u32> = const { Cell::new(0) };
}

static QUIET_HOOK: Once = Once::new();

/// Runs `f` (a brush-parser call, in an oracle); `None` when it panicked.
///
/// brush-parser holds no state across calls that a panic could leave
/// half-written (its caches are filled only after a parse returns), which
/// is why unwinding out of it is sound.
pub(crate) fn contained<T>(f: impl FnOnce() -> T) -> Option<T> {
    QUIET_HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if INSIDE.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
    INSIDE.with(|n| n.set(n.get().saturating_add(1)));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    INSIDE.with(|n| n.set(n.get().saturating_sub(1)));
    r.ok()
}

#[cfg(test)]
mod tests {
    use super::contained;

    #[test]
    fn a_panic_becomes_none_and_the_thread_goes_on() {
        let r: Option<u32> = contained(|| panic!("brush"));
        assert_eq!(r, None);
        assert_eq!(contained(|| 7), Some(7));
    }

    #[test]
    fn nested_calls_keep_the_count() {
        let r = contained(|| contained(|| -> u8 { panic!("inner") }).is_none());
        assert_eq!(r, Some(true));
    }
}
