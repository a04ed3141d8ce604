//! The whole interpreter on a raw script under tight limits: no panic, no
//! run longer than its wall clock, nothing written outside the sandbox.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::interpreter(data);
});
