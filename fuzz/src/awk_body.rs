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

use std::time::{Duration, Instant};

use sandbash_interpreter::{Limits, STATUS_LIMIT};
use sandbash_tool::{RunOptions, Sandbox, SandboxOptions, WorkspaceMount};

use crate::bodies::{WALL_CLOCK_SLACK, fuzz_fs_limits, fuzz_limits, on_big_stack};

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

fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
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
    let mut sb = Sandbox::with_options(SandboxOptions {
        workspace: WorkspaceMount::Memory,
        limits: limits.clone(),
        fs_limits: fuzz_fs_limits(),
    })
    .expect("harness: cannot build the sandbox");
    let wall = limits.wall_clock.unwrap_or_default();
    let started = Instant::now();
    let out = sb.run_opts(
        &shell,
        RunOptions {
            limits: Some(limits.clone()),
            cancel: None,
            stdin: Some(text.to_vec()),
        },
    );
    let took = started.elapsed();
    assert!(
        took <= wall + WALL_CLOCK_SLACK,
        "run took {took:?}, its wall clock is {wall:?}"
    );
    if out.stop.is_some() {
        assert_eq!(out.status, STATUS_LIMIT, "stopped run: {:?}", out.stop);
    }
    assert!((0..=255).contains(&out.status), "status {}", out.status);
    for s in [&out.stdout, &out.stderr] {
        assert!(s.len() as u64 <= limits.max_output, "output over the limit");
    }
}
