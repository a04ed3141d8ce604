//! What brush-parser's own word parser would spend on a word, from the
//! memoized reader's record of each rule at each position (every reuse of a
//! remembered outcome counted at its full price, `Parser::naive`): the
//! differential `word` fuzz target and the grammar's oracle skip the words
//! brush-parser would take too long over.
//!
//! Invariant: never used on the path that runs scripts; only the oracle
//! and the fuzz targets call it.

use brush_parser::ParserOptions;

use super::{Parser, Stop, read_whole};

/// The most steps brush-parser may be predicted to take on one word
/// before a comparison with it skips the word (about 17 ms of its time on
/// this machine: 450 000 predicted steps took 30 ms).
pub const MAX_BRUSH_STEPS: u64 = 1 << 18;

/// What brush-parser's own word parser would spend on `text`, as a word
/// or (with `heredoc`) as a here-document body, in the steps
/// [`MAX_BRUSH_STEPS`] counts: lets a comparison with it (the `word` fuzz
/// target) skip the texts it would take ages over.
pub fn brush_word_cost(text: &str, heredoc: bool) -> u64 {
    let mut parser = Parser::new(text, &ParserOptions::default(), 500, read_whole(text, 500));
    if heredoc {
        parser.heredoc_word(0);
    } else {
        parser.word(0, Stop::END);
    }
    parser.naive.first().copied().unwrap_or(0)
}
