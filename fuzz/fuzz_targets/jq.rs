//! jq's filter language: option bits, a filter and the JSON it reads,
//! compiled alone and then run in a sandbox under tight limits. No panic,
//! no run past its wall clock.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::jq_body::jq(data);
});
