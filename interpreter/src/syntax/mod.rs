//! The front end: script text to the resolved tree of `ast.rs`, one layer
//! that knows nothing of evaluation.
//!
//! Imports point one way, each module using only those above it:
//! - [`error`]: the one error type, [`SyntaxError`];
//! - `contain`: panics of brush-parser's tokenizer and parser, which run
//!   only as oracles (tests, fuzz targets), turned into outcomes;
//! - `chunk`: where each complete command ends, and nesting measured;
//! - `lexer`: sandbash's tokenizer, and the adapter to brush-parser's
//!   tokens;
//! - `cond_error`: bash's own messages for a `[[ ]]` it cannot read;
//! - [`word`]: words into pieces, with `word_guard` for the shapes its
//!   parser refuses, `brace_parse` and `braces` for brace expressions;
//! - `grammar`: the script grammar over those tokens (brush-parser's
//!   tree), with [`oracle`] (tests and fuzz targets only) comparing it
//!   and the lexer with brush-parser's own;
//! - `tokens`: text to tokens, the lexer's and grammar's failures to
//!   errors;
//! - `source`: spans of the text by brush-parser's character positions;
//! - `alias`: alias expansion on a chunk's tokens, before the grammar;
//! - `resolve`: brush-parser's tree to `ast.rs`, parsing nested bodies
//!   with the modules above;
//! - `reader`: a script read one complete command at a time;
//! - [`parse`]: the entry points.

pub(crate) mod alias;
pub(crate) mod brace_parse;
pub(crate) mod braces;
pub(crate) mod chunk;
pub(crate) mod cond_error;
pub(crate) mod contain;
pub mod error;
pub(crate) mod grammar;
pub(crate) mod lexer;
pub mod oracle;
pub mod parse;
pub(crate) mod parser;
pub(crate) mod reader;
pub(crate) mod resolve;
pub(crate) mod source;
#[cfg(test)]
pub(crate) mod test_corpus;
pub(crate) mod tokens;
pub mod word;
pub(crate) mod word_guard;
pub(crate) mod words;

pub use error::SyntaxError;
pub use parse::{function_from_source, parse};
