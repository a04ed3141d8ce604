//! The archive, compression and encoding decoders (gzip, zip, tar, xz,
//! bzip2, base64, xxd -r, patch and diff input): byte 0 picks one, the
//! rest is the raw input, as a file and as stdin, decoded every way in a
//! sandbox under tight limits (one input in four over a host directory).
//! No panic, no run past its wall clock, nothing written outside.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::decoders_body::decoders(data);
});
