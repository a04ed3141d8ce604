//! `find`'s argument language: NUL-separated arguments run as `find ARGS`
//! over a small prepared tree under tight limits. No panic, no run past
//! its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::find_body::find(data);
});
