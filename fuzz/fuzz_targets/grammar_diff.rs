//! sandbash's script grammar against brush-parser's `parse_tokens`, and the
//! parser against the old path through brush-parser's tree: the
//! same outcome and tree on the input as text and on the script the
//! `grammar` generator makes of it (see `bodies::grammar_diff`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::grammar_diff(data);
    let script = sandbash_fuzz::grammar::generate(data);
    sandbash_fuzz::bodies::grammar_diff(script.as_bytes());
});
