//! Utilities' argument languages (grep patterns, sort keys, seq formats,
//! counts): byte 0 picks a utility, NUL-separated arguments follow; run in
//! a sandbox under tight limits. No panic, no run past its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::utils(data);
});
