//! sandbash's lexer against brush-parser's tokenizer: the same tokens
//! (through the adapter), or the same error, on the input as text, unless
//! the lexer read one of its named deviations (bash's reading); where
//! brush-parser's tokenizer panics, only the lexer's not panicking is
//! checked (see `bodies::lexer`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::lexer(data);
});
