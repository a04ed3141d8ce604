//! The front end's script grammar, and its oracle.
//!
//! - `grammar.rs`: the script grammar over brush-parser's tokens;
//! - [`oracle`]: the comparison of that grammar with brush-parser's own
//!   (tests and the `grammar_diff` fuzz target).

pub(crate) mod alias;
pub(crate) mod grammar;
pub mod oracle;
