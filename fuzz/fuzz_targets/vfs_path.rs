//! A sequence of VFS operations on a small MemoryFs and the lexical path
//! functions: no panic, bounds respected, failed operations change nothing,
//! snapshots round-trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::vfs_ops(data);
});
