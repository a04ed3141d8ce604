//! A short text as a word and as a here-document body, through sandbash's
//! word parser and brush-parser's: the same pieces, or both refuse.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::word_body::word(data);
});
