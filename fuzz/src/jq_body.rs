//! The body of the `jq` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes `bodies.rs`).
//!
//! Input: byte 0 holds option bits (`-c`, `-r`, `-s`, `-n`, `-R`, `-S`,
//! `-a`, `--tab`), then the filter's bytes up to the first NUL, then the
//! JSON text jq reads. The filter first goes through sandbash's compile
//! step alone (text checks, jaq's parser and compiler, the rewriting),
//! which must not panic; then `jq OPTIONS -- FILTER` runs in a fresh
//! sandbox under tight limits (a short wall clock, a small memory budget)
//! on the text from standard input. The run must not panic, must end
//! within its wall clock (plus slack), and keep its output bounded.

use std::time::Duration;

use sandbash_interpreter::Limits;

use crate::bodies::{fuzz_limits, memory_sandbox, on_big_stack, quoted, run_in_sandbox};

/// The limits of a fuzzed jq run: the fuzz limits with a half-second
/// wall clock (`repeat`, `range(1e9)` and recursive definitions are
/// common and each runs to a limit) and 16 MiB of memory.
pub fn jq_limits() -> Limits {
    Limits {
        wall_clock: Some(Duration::from_millis(500)),
        max_memory: 16 << 20,
        ..fuzz_limits()
    }
}

/// See the module documentation.
pub fn jq(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (filter, text) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (
            rest.get(..i).unwrap_or(&[]),
            rest.get(i + 1..).unwrap_or(&[]),
        ),
        None => (rest, &[][..]),
    };
    let filter = String::from_utf8_lossy(filter).into_owned();
    // The compile step alone, on a thread with the stack jq's evaluation
    // thread would give it at the least.
    let f = filter.clone();
    on_big_stack(move || {
        let _ = sandbash_builtins::parsers::jq(&f);
    });
    let mut opts = String::new();
    for (bit, opt) in [
        (1, " -c"),
        (2, " -r"),
        (4, " -s"),
        (8, " -n"),
        (16, " -R"),
        (32, " -S"),
        (64, " -a"),
        (128, " --tab"),
    ] {
        if flags & bit != 0 {
            opts.push_str(opt);
        }
    }
    let shell = format!("jq{opts} -- {}\n", quoted(&filter));
    let limits = jq_limits();
    let mut sb = memory_sandbox(&limits);
    run_in_sandbox(&mut sb, &shell, &limits, text);
}
