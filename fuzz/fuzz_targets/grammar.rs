//! Structure-aware: bytes drive a bash grammar (see `src/grammar.rs`) and
//! the generated script runs like in the `interpreter` target. Set
//! `SANDBASH_FUZZ_PRINT=1` to print each generated script to stderr (to
//! turn a crash artifact into a script for `fuzz/regressions/grammar/`).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sandbash_fuzz::{bodies, grammar};

fn print() -> bool {
    static PRINT: OnceLock<bool> = OnceLock::new();
    *PRINT.get_or_init(|| std::env::var_os("SANDBASH_FUZZ_PRINT").is_some())
}

fuzz_target!(|data: &[u8]| {
    let script = grammar::generate(data);
    if print() {
        eprintln!("----- generated script -----\n{script}----- end -----");
    }
    bodies::run_checked(&script, bodies::host_mode_for(script.as_bytes()));
});
