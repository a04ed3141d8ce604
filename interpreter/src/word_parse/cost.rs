//! Predicting brush-parser's own time on the words it still reads itself.
//!
//! sandbash reads every word with this module, but brush-parser's script
//! grammar, before sandbash sees the tree, tries each word that starts
//! `NAME[` as an assignment, and reads the subscript with its own
//! unmemoized word rules: a subscript holding `"$(` and a here-document
//! with `$((((` took 66 s for 43 bytes (fuzz F22). The memoized reader
//! knows what working out each rule at each position cost, and so what an
//! unmemoized reading costs: every use of a remembered outcome counts at
//! its full price (`Parser::naive`). That sum is computed in linear time,
//! before brush-parser runs.

use brush_parser::ParserOptions;

use super::{Parser, Stop};

/// The most steps brush-parser may be predicted to take on one subscript
/// (about 17 ms of its time on this machine: 450 000 predicted steps took 30 ms), unless the subscript is
/// long enough that [`STEPS_PER_BYTE`] allows more.
pub const MAX_BRUSH_STEPS: u64 = 1 << 18;

/// Steps allowed per byte of a subscript's reading: an ordinary reading
/// costs a few per byte, a backtracking one multiplies per nesting level.
const STEPS_PER_BYTE: u64 = 256;

/// The first of `subscripts` (offsets in `text` just past the `[` of a
/// word that starts `NAME[`) that brush-parser's assignment rules would
/// take more than [`MAX_BRUSH_STEPS`] (or [`STEPS_PER_BYTE`] a byte) to
/// read, or whose reading passes this reader's own bounds.
pub fn costly_subscript(text: &str, subscripts: &[usize], max_depth: u32) -> Option<usize> {
    let mut parser = Parser::new(text, &ParserOptions::default(), max_depth);
    subscripts.iter().copied().find(|&at| {
        parser.naive = vec![0];
        let end = parser.arith_text(at, Stop::RBRACKET);
        let cost = parser.naive.first().copied().unwrap_or(0);
        let read = u64::try_from(end.unwrap_or(at).saturating_sub(at)).unwrap_or(u64::MAX);
        parser.failure.is_some() || cost > MAX_BRUSH_STEPS.max(read.saturating_mul(STEPS_PER_BYTE))
    })
}

/// The predicted cost of reading `text` from `at` as a subscript (for
/// calibration and tests).
#[cfg(test)]
pub(super) fn subscript_steps(text: &str, at: usize) -> u64 {
    let mut parser = Parser::new(text, &ParserOptions::default(), 500);
    let _ = parser.arith_text(at, Stop::RBRACKET);
    parser.naive.first().copied().unwrap_or(0)
}

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
