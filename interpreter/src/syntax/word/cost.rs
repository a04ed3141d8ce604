//! Predicting brush-parser's own time on a word, for the differential
//! `word` fuzz target, which compares this reader with brush-parser's
//! word parser and must skip the words brush-parser would take ages over
//! (its rules re-read each nested `$(`/`${` without memoization: fuzz
//! F10-F22). brush-parser's word parser no longer runs on scripts. The
//! memoized reader knows what working out each rule at each position
//! cost, and so what an unmemoized reading costs: every use of a
//! remembered outcome counts at its full price (`Parser::naive`).

use brush_parser::ParserOptions;

use super::{Parser, Stop};

/// The most steps brush-parser may be predicted to take on one word
/// before a comparison with it skips the word (about 17 ms of its time on
/// this machine: 450 000 predicted steps took 30 ms).
pub const MAX_BRUSH_STEPS: u64 = 1 << 18;

/// What brush-parser's own word parser would spend on `text`, as a word
/// or (with `heredoc`) as a here-document body, in the steps
/// [`MAX_BRUSH_STEPS`] counts: lets a comparison with it (the `word` fuzz
/// target) skip the texts it would take ages over.
pub fn brush_word_cost(text: &str, heredoc: bool) -> u64 {
    let mut parser = Parser::new(text, &ParserOptions::default(), 500);
    if heredoc {
        parser.heredoc_word(0);
    } else {
        parser.word(0, Stop::END);
    }
    parser.naive.first().copied().unwrap_or(0)
}
