//! The front end: script text to the resolved tree of `ast.rs`, one layer
//! that knows nothing of evaluation.
//!
//! Imports point one way, each module using only those above it:
//! - [`error`]: the one error type, [`SyntaxError`];
//! - `chunk`: where each complete command ends, and nesting measured;
//! - `lexer`: sandbash's tokenizer (small `Copy` tokens, text as slices);
//! - `cond_error`: bash's own messages for a `[[ ]]` it cannot read, from
//!   the lexer's tokens;
//! - `alias`: alias expansion on a chunk's tokens, before the grammar;
//! - [`word`]: words into pieces, with `word_guard` for the shapes its
//!   parser refuses, and `brace_parse` for brace expressions (expanded by
//!   `crate::braces`, here or when the word runs);
//! - `keyed_element`: `[key]=value` in an array's words;
//! - `words`: a word, subscript, arithmetic expression, here-document
//!   body or assignment value to its `ast.rs` node, nested bodies read
//!   by the caller's parser;
//! - `shown`: how the parser shows the words it records for the printer,
//!   as the running print (if any) asks: the one place parsing reaches the
//!   printer (`crate::print`, which walks `ast.rs` and imports nothing of
//!   this layer), which `listing` closes into a recursion from above;
//! - `parser`: the script grammar over the lexer's tokens, building
//!   `ast.rs` directly, and (`parser::errors`) the lexer's and grammar's
//!   failures to bash's errors;
//! - `reader`: a script read one complete command at a time;
//! - [`parse`]: the entry points;
//! - `listing`: the prints that parse a text again (`declare -f`,
//!   `$BASH_COMMAND` with its `$( )` bodies printed as bash keeps them);
//! - the old path, built for the tests and the fuzz targets only (feature
//!   `oracle`), compared with ours: `grammar` and `tokens` (brush-parser's
//!   tree of `lexer::to_brush`'s tokens, and its errors), `resolve` and
//!   `source` (that tree to `ast.rs`), `contain` and [`oracle`]
//!   (brush-parser itself); `old_print` prints that tree.
//!
//! Invariant: runs parse with `parser` alone, and its tree and errors are
//! the old path's, checked by
//! `parser::tests::the_parser_builds_the_resolvers_tree_on_the_corpora`.
//! Invariant: the grammar's accept/reject outcome and tree are
//! brush-parser's, checked by
//! `grammar::tests::the_grammar_builds_brush_parsers_tree_on_the_corpora`.
//! Invariant: the lexer's tokens are brush-parser's tokenizer's, checked
//! by `lexer::tests::the_lexer_builds_brush_parsers_tokens_on_the_corpora`.
//! Invariant: nesting past the bound is an error, not a stack overflow,
//! checked by `parse::tests::refuses_deep_nesting_without_overflow`.
//! Invariant: runs build no brush-parser grammar, token or tree (the old
//! path builds with `cfg(any(test, feature = "oracle"))` only), checked by
//! `cargo build -p sandbash-tool` warning of no dead code.

pub(crate) mod alias;
pub(crate) mod brace_parse;
pub(crate) mod chunk;
pub(crate) mod cond_error;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod contain;
pub mod error;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod grammar;
pub(crate) mod keyed_element;
pub(crate) mod lexer;
pub(crate) mod listing;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod old_print;
#[cfg(any(test, feature = "oracle"))]
pub mod oracle;
pub mod parse;
pub(crate) mod parser;
pub(crate) mod reader;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod resolve;
pub(crate) mod shown;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod source;
#[cfg(test)]
pub(crate) mod test_corpus;
#[cfg(any(test, feature = "oracle"))]
pub(crate) mod tokens;
pub mod word;
pub(crate) mod word_guard;
pub(crate) mod words;

pub use error::SyntaxError;
pub(crate) use listing::{function_text, job_text, normalized_command_text};
pub use parse::{function_from_source, parse};
