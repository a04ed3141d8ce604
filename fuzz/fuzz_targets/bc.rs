//! bc's program language: option bits, then a program read on standard
//! input, parsed alone and then run in a sandbox under tight limits. No
//! panic, no run past its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bc_body::bc(data);
});
