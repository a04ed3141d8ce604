//! The body of the `word` fuzz target (its own file, apart from
//! `bodies.rs`; `tool/tests/fuzz_regressions.rs` includes it with
//! `#[path]` as it includes `bodies.rs`).
//!
//! sandbash splits words into pieces with its own reading of
//! brush-parser's word grammar (`interpreter/src/syntax/word/`), which
//! remembers each rule's outcome and so takes linear time where
//! brush-parser's can take exponential time. This target holds the two
//! equal: on the input as a word and as a here-document body, both give
//! the same pieces or both refuse. Inputs are cut to [`MAX_WORD`] bytes,
//! and a text whose reading by brush-parser is predicted to take more than
//! `MAX_BRUSH_STEPS` (`syntax/word/cost.rs`) is not compared: 32 bytes can
//! take it 8 s.

use sandbash_interpreter::syntax::word::{self as word_parse, WordError};

use crate::bodies::on_big_stack;

/// The longest text compared.
pub const MAX_WORD: usize = 32;

/// The input as a word and as a here-document body, through both parsers.
pub fn word(data: &[u8]) {
    let data = data.get(..MAX_WORD).unwrap_or(data);
    let text = String::from_utf8_lossy(data).into_owned();
    if brush_panics_on(&text) || word_parse::differs_from_brush_parser(&text) {
        return;
    }
    on_big_stack(|| {
        let options = brush_parser::ParserOptions::default();
        for heredoc in [false, true] {
            if word_parse::brush_word_cost(&text, heredoc) > word_parse::MAX_BRUSH_STEPS {
                continue;
            }
            let (ours, theirs) = if heredoc {
                (
                    word_parse::parse_heredoc(&text, &options, 500),
                    brush_parser::word::parse_heredoc(&text, &options).map_err(|_| ()),
                )
            } else {
                (
                    word_parse::parse_word(&text, &options, 500),
                    brush_parser::word::parse(&text, &options).map_err(|_| ()),
                )
            };
            let ours = match ours {
                Ok(pieces) => Ok(format!("{pieces:?}")),
                Err(WordError::Unparsed(_)) => Err(()),
                Err(e) => panic!("{text:?} (heredoc: {heredoc}) is short, yet: {e}"),
            };
            let theirs = theirs.map(|pieces| format!("{pieces:?}"));
            assert_eq!(
                ours, theirs,
                "{text:?} (heredoc: {heredoc}) read differently"
            );
        }
    });
}

/// brush-parser panics on a tilde number past usize (`~+99999999999999999999`),
/// where sandbash reads the tilde as text: such input is not compared.
fn brush_panics_on(text: &str) -> bool {
    let digits_after_tilde = |rest: &str| {
        let rest = rest.trim_start_matches(['+', '-']);
        rest.bytes().take_while(u8::is_ascii_digit).count() >= 19
    };
    text.match_indices('~')
        .any(|(i, _)| digits_after_tilde(text.get(i + 1..).unwrap_or_default()))
}
