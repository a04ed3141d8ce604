//! Arithmetic parse + eval over a small variable table: no panic (integer
//! overflow included), deterministic, `eval_str` agrees with parse + eval.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    sandbash_fuzz::bodies::arith(data);
});
