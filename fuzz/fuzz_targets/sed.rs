//! sed's script language: option bits, a script and the text it edits,
//! parsed alone and then run in a sandbox under tight limits. No panic,
//! no run past its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::sed_body::sed(data);
});
