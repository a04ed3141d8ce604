//! Pattern compile + every match function, and pathname expansion over a
//! small in-memory tree: no panic, results consistent and in range.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::pattern(data);
});
