//! The body of the `sed` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes `bodies.rs`).
//!
//! Input: byte 0 holds option bits (`-n`, `-E`, `-z`, `-s`, in place),
//! then the script's bytes up to the first NUL, then the text sed reads.
//! The script first goes straight through sed's parser (which compiles its
//! regexes), which must not panic; then `sed OPTIONS -e SCRIPT` runs in a
//! fresh sandbox under tight limits (a short wall clock, a small memory
//! budget) on the text, from standard input or as a file edited in place
//! next to a file for `r`/`R`. The run must not panic, must end within its
//! wall clock (plus slack), and keep its output bounded.

use std::sync::Arc;
use std::time::Duration;

use sandbash_interpreter::Limits;
use sandbash_interpreter::memory::MemoryBudget;

use crate::bodies::{fuzz_limits, memory_sandbox, on_big_stack, quoted, run_in_sandbox};

/// The limits of a fuzzed sed run: the fuzz limits with a quarter-second
/// wall clock (`:a;ba` scripts are common and each runs to it) and 16 MiB
/// of memory.
pub fn sed_limits() -> Limits {
    Limits {
        wall_clock: Some(Duration::from_millis(250)),
        max_memory: 16 << 20,
        ..fuzz_limits()
    }
}

/// See the module documentation.
pub fn sed(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (script, text) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (
            rest.get(..i).unwrap_or(&[]),
            rest.get(i + 1..).unwrap_or(&[]),
        ),
        None => (rest, &[][..]),
    };
    // The parser alone, in and out of extended mode.
    on_big_stack(|| {
        let budget = Arc::new(MemoryBudget::new(16 << 20));
        for ere in [false, true] {
            let _ = sandbash_builtins::parsers::sed(script, ere, &budget);
        }
        assert_eq!(budget.used(), 0, "the parser's charge outlived it");
    });
    let script = String::from_utf8_lossy(script);
    let mut opts = String::new();
    for (bit, opt) in [(1, " -n"), (2, " -E"), (4, " -z"), (8, " -s")] {
        if flags & bit != 0 {
            opts.push_str(opt);
        }
    }
    let in_place = flags & 16 != 0;
    let shell = if in_place {
        format!(
            "printf 'r1\\nr2\\n' > r; cat > f; sed -i{opts} -e {} f; echo \"rc=$?\"; cat f\n",
            quoted(&script)
        )
    } else {
        format!(
            "printf 'r1\\nr2\\n' > r; sed{opts} -e {} - r\n",
            quoted(&script)
        )
    };
    let limits = sed_limits();
    let mut sb = memory_sandbox(&limits);
    run_in_sandbox(&mut sb, &shell, &limits, text);
}
