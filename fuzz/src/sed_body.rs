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
use std::time::{Duration, Instant};

use sandbash_interpreter::memory::MemoryBudget;
use sandbash_interpreter::{Limits, STATUS_LIMIT};
use sandbash_tool::{RunOptions, Sandbox, SandboxOptions, WorkspaceMount};

use crate::bodies::{WALL_CLOCK_SLACK, fuzz_fs_limits, fuzz_limits, on_big_stack};

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

fn quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
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
