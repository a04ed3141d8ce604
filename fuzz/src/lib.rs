//! Shared code of the sandbash fuzz targets.
//!
//! - [`bodies`]: what each target does with an input (also compiled into
//!   `tool/tests/fuzz_regressions.rs`, which replays the kept regressions);
//! - [`grammar`]: the structure-aware script generator of the `grammar`
//!   target, driven by the `arbitrary` crate.

#![warn(missing_docs)]

pub mod awk_body;
pub mod bc_body;
pub mod bodies;
pub mod decoders_body;
pub mod find_body;
pub mod grammar;
pub mod jq_body;
pub mod sed_body;
pub mod word_body;
