//! The body of the `bc` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes `bodies.rs`).
//!
//! Input: byte 0 holds option bits (1: `-l`, 2: `BC_LINE_LENGTH=0`), the
//! rest is a bc program. The program first goes through bc's parser alone,
//! item by item as bc reads it, which must not panic; then `bc` runs in a
//! fresh sandbox under the fuzz limits with the program on standard input.
//! The run must not panic, must end within its wall clock (plus slack) and
//! keep its output bounded (`run_checked_stdin`).

use crate::bodies::{on_big_stack, run_checked_stdin};

/// See the module documentation.
pub fn bc(data: &[u8]) {
    let Some((&flags, program)) = data.split_first() else {
        return;
    };
    on_big_stack(|| {
        // At most a few hundred items: enough for any input the fuzzer
        // keeps, bounded whatever it finds.
        let _ = sandbash_builtins::parsers::bc(program, 512);
    });
    let mut script = String::new();
    if flags & 2 != 0 {
        script.push_str("BC_LINE_LENGTH=0 ");
    }
    script.push_str("bc");
    if flags & 1 != 0 {
        script.push_str(" -l");
    }
    script.push_str("; echo \"rc=$?\"\n");
    run_checked_stdin(&script, false, program);
}

#[cfg(test)]
mod tests {
    /// The body on a few seeds: programs that loop, recurse, error out and
    /// print huge numbers all end cleanly.
    #[test]
    fn seeds() {
        for seed in [
            &b"\x00scale=5; 1/3; 2^100; obase=16; 255\n"[..],
            b"\x01s(1); c(1); a(1); l(2); e(1); j(0,1)\n",
            b"\x00define f(n) { return f(n+1); }\nf(1)\n",
            b"\x02while (1) 2^1000\n",
            b"\x00x=(1\n1/0\nsqrt(-1)\n\"unterminated",
            b"\x00for (i=0; i<10; i++) { if (i == 5) break; a[i] = i }\n{{{{",
            b"\x00",
            b"",
        ] {
            super::bc(seed);
        }
    }
}
