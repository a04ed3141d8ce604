//! The body of the `awk` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes `bodies.rs`).
//!
//! Input: byte 0 holds option bits (`-F:`, `-v x=1`, paragraph mode
//! `-v RS=`, the text also read as a file, a `print | "cat"` pipe), then
//! the program's bytes up to the first NUL, then the text awk reads. The
//! program first goes straight through awk's parser (which compiles its
//! regexes), which must not panic; then `awk OPTIONS -- PROGRAM` runs in
//! a fresh sandbox under tight limits (a short wall clock, a small memory
//! budget) on the text. The run must not panic, must end within its wall
//! clock (plus slack), and keep its output bounded.

use std::time::Duration;

use sandbash_interpreter::Limits;

use crate::bodies::{fuzz_limits, memory_sandbox, on_big_stack, quoted, run_in_sandbox};

/// The limits of a fuzzed awk run: the fuzz limits with a quarter-second
/// wall clock (endless loops are common and each runs to it) and 16 MiB
/// of memory.
pub fn awk_limits() -> Limits {
    Limits {
        wall_clock: Some(Duration::from_millis(250)),
        max_memory: 16 << 20,
        ..fuzz_limits()
    }
}

/// See the module documentation.
pub fn awk(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (program, text) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (
            rest.get(..i).unwrap_or(&[]),
            rest.get(i + 1..).unwrap_or(&[]),
        ),
        None => (rest, &[][..]),
    };
    // The parser alone, at the strict and normal depth bounds.
    on_big_stack(|| {
        for depth in [200, 500] {
            let _ = sandbash_builtins::parsers::awk(program, depth);
        }
    });
    let program = String::from_utf8_lossy(program);
    let mut opts = String::new();
    for (bit, opt) in [(1, " -F:"), (2, " -v x=1"), (4, " -v RS=")] {
        if flags & bit != 0 {
            opts.push_str(opt);
        }
    }
    let files = if flags & 8 != 0 { " - f" } else { "" };
    let tail = if flags & 16 != 0 { " | cat" } else { "" };
    let shell = format!(
        "printf 'r1 a\\nr2 b\\n' > f; awk{opts} -- {}{files}{tail}; echo \"rc=$?\"\n",
        quoted(&program)
    );
    let limits = awk_limits();
    let mut sb = memory_sandbox(&limits);
    run_in_sandbox(&mut sb, &shell, &limits, text);
}
