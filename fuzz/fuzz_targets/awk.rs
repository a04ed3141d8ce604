//! awk's language: option bits, a program and the text it reads, parsed
//! alone and then run in a sandbox under tight limits. No panic, no run
//! past its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::awk_body::awk(data);
});
