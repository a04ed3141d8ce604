//! brush-parser as the oracle of sandbash's front end: its `parse_tokens`
//! for the grammar (the grammar's tests, `grammar/tests.rs`, and the
//! `grammar_diff` fuzz target) and its tokenizer for the lexer (the
//! lexer's tests, `lexer/tests.rs`, and the `lexer` fuzz target), compared
//! on every text they are given. It never runs on scripts.
//!
//! Where brush-parser would take long (its PEG backtracks exponentially
//! on some nested shapes) or panics, only sandbash's grammar runs.

use brush_parser::Token;

use super::grammar;

fn tokens(text: &str) -> Option<Vec<Token>> {
    if ends_in_heredoc(text) {
        return None;
    }
    let options = brush_parser::ParserOptions::default();
    super::contain::contained(|| {
        brush_parser::uncached_tokenize_str(text, &options.tokenizer_options()).ok()
    })
    .flatten()
}

/// Whether `text` ends inside a here-document body (its delimiter never
/// comes), for brush-parser's tokenizer: it then grows its token without
/// bound (fuzz F30, `fuzz/regressions/grammar_diff/F30_heredoc_at_eof`),
/// where sandbash's reader supplies the delimiter as bash does
/// (`reader.rs`). A substitution opened after a here-document operator
/// counts too: brush-parser reads its tokens as the here-document's, so
/// one left open ends the text there for it (fuzz F33); and so does a
/// here-document operator inside `${ }`, whose body brush-parser reads
/// where bash reads none (fuzz F35); and a subscript read across blanks,
/// after which brush-parser reads commands, and here-documents without
/// end, that the lexer never saw (fuzz F39).
fn ends_in_heredoc(text: &str) -> bool {
    // The lexer follows brush-parser's here-document rules (an empty tag
    // after `trim_ascii_start`, as `<<\r`, included), without its loop.
    let (lexed, deviations) = super::lexer::lex_reporting(text, Default::default(), LEX_DEPTH);
    let unread = super::lexer::Deviation::NestedAfterHereOperator as u32
        | super::lexer::Deviation::HereDocumentInParameter as u32
        | super::lexer::Deviation::SubscriptAcrossBlanks as u32;
    if matches!(
        lexed,
        Err(super::lexer::LexError::UnterminatedHereDocuments)
    ) || deviations & unread != 0
    {
        return true;
    }
    let mut at = 0;
    while at < text.len() {
        match super::chunk::next_chunk(text, at, 500, 0, usize::MAX) {
            Ok(scan) if !scan.eof_heredocs.is_empty() => return true,
            Ok(scan) if scan.end > at => at = scan.end,
            _ => return false,
        }
    }
    false
}

/// Rule levels past which brush-parser's `parse_tokens` may take long:
/// its PEG re-reads nested commands where alternatives start alike (a
/// `case` arm without `;;` doubles the time per level, 18 levels took
/// it 0.7 s; open `(` in arithmetic or a regular expression, and
/// constructs left open at the end, likewise). A level of shell nesting
/// is two rule levels (`compound_list`, `command`), an open `(` in
/// arithmetic one; past 16, `grammar_diff` found both timing out.
const BRUSH_SLOW_DEPTH: u32 = 16;

/// Whether brush-parser would take long on `tokens`, read by ours to
/// `depth` levels: deep nesting (above), or a word starting `NAME[` that
/// brush-parser tries as an assignment, whose subscript nests `$(`/`${`
/// or runs of `(` (its word rules re-read each: fuzz F22, found again by
/// `grammar_diff`, `fuzz/regressions/grammar_diff/F22_subscript`).
fn brush_is_slow(tokens: &[Token], depth: u32) -> bool {
    depth > BRUSH_SLOW_DEPTH
        || open_parens(tokens) > BRUSH_SLOW_OPEN_PARENS
        // Words bash reads otherwise than brush-parser's word grammar
        // (`${!-x}`), which decides whether a `NAME[...]=` word is an
        // assignment: not comparable.
        || tokens
            .iter()
            .any(|t| matches!(t, Token::Word(w, _) if super::word::differs_from_brush_parser(w)))
        || tokens.iter().any(|t| {
            let Token::Word(text, _) = t else {
                return false;
            };
            let name = text
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
                .count();
            let nested = text.matches("$(").count() + text.matches("${").count();
            let parens = text.matches('(').count();
            name > 0
                && text.as_bytes().get(name) == Some(&b'[')
                && (nested > 2
                    || parens > 8
                    || super::word::brush_word_cost(text, false) > super::word::MAX_BRUSH_STEPS)
        })
}

/// Whether the parser reads an `((` … `))` of `text` by its text
/// (`parser::deviation::Deviation::ArithCommandByText`).
fn reads_arith_by_text(text: &str) -> bool {
    use super::parser::deviation::{self, Deviation};
    let options = brush_parser::ParserOptions::default();
    let before = deviation::take();
    let _ = super::parser::parse_text(text, &options, 0, PARSE_DEPTH, None);
    let read = deviation::take();
    deviation::put_back(before);
    read & Deviation::ArithCommandByText as u32 != 0
}

/// Open `(` at once past which brush-parser may take long even where
/// ours stops early at a syntax error (so reports a shallow depth): its
/// arithmetic and subshell rules re-read each other over runs of `(`
/// (`fuzz/regressions/grammar_diff/open_paren_runs_*`: 30 open took it
/// over 12 s).
const BRUSH_SLOW_OPEN_PARENS: usize = 10;

/// The most `(` operators open at once in `tokens`.
fn open_parens(tokens: &[Token]) -> usize {
    let (mut open, mut most) = (0usize, 0usize);
    for t in tokens {
        match t {
            Token::Operator(o, _) if o == "(" => {
                open += 1;
                most = most.max(open);
            }
            Token::Operator(o, _) if o == ")" => open = open.saturating_sub(1),
            _ => {}
        }
    }
    most
}

/// The outcome of comparing the two grammars on a text.
#[derive(Debug, PartialEq, Eq)]
pub enum Compared {
    /// Not tokenized, nested past the depth bound, or brush-parser not
    /// asked (it would be slow) or panicked: only ours ran.
    Skipped,
    /// Both accept it, with the same tree.
    Accepted,
    /// Both reject it.
    Rejected,
}

/// Whether `text` has digits written against `<(` or `>(` anywhere
/// (a wider net than the tokens: a text it catches is only skipped).
fn digits_before_proc_sub(text: &str) -> bool {
    let b = text.as_bytes();
    b.windows(3)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], b'<' | b'>') && w[2] == b'(')
}

/// Compares sandbash's grammar with brush-parser's on `text`: the same
/// outcome, and on success the same tree (its `Debug` text).
///
/// # Panics
///
/// Where the two differ, with both outcomes: that is the finding.
pub fn compare_with_brush_parser(text: &str) -> Compared {
    let Some(tokens) = tokens(text) else {
        return Compared::Skipped;
    };
    // An `((` … `))` bash reads as arithmetic by its text, whatever its
    // tokens (fuzz F41): the grammar and brush-parser each read the
    // tokens their own way, and neither as bash.
    if reads_arith_by_text(text) {
        return Compared::Skipped;
    }
    // Digits against `<(` or `>(` (fuzz F42): brush-parser reads a
    // redirection from the substitution, the grammar refuses, bash reads
    // one word (`parser::deviation::Deviation::DigitsBeforeProcSub`).
    if digits_before_proc_sub(text) {
        return Compared::Skipped;
    }
    // `( (a;;b))` (fuzz F45): brush-parser reads two `(` tokens as an
    // arithmetic command even with a blank between them, and so takes
    // the `;;` in; bash and the grammar read nested subshells and refuse.
    if parens_with_double_semicolon(&tokens) {
        return Compared::Skipped;
    }
    // Ours runs on everything, slow for brush-parser or not.
    let (ours, depth, selects) = grammar::parse_program_reporting(&tokens, 500);
    // brush-parser knows no `select`: it gets `for` where ours read one.
    let mut tokens = tokens;
    for at in selects {
        if let Some(Token::Word(w, _)) = tokens.get_mut(at) {
            *w = "for".to_owned();
        }
    }
    // brush-parser refuses the `;;` its tokenizer makes of `for ((;;))`;
    // ours reads it as two separators, as bash does.
    let tokens = split_arith_for_semicolons(tokens);
    // Past the depth bound ours stops where brush-parser recurses on.
    if brush_is_slow(&tokens, depth) || matches!(ours, Err(grammar::Fail::Deep(_))) {
        return Compared::Skipped;
    }
    let options = brush_parser::ParserOptions::default();
    let Some(theirs) = super::contain::contained(|| brush_parser::parse_tokens(&tokens, &options))
    else {
        return Compared::Skipped;
    };
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => {
            assert_eq!(
                format!("{a:?}"),
                format!("{b:?}"),
                "tree differs on {text:?}"
            );
            Compared::Accepted
        }
        (Err(grammar::Fail::At(_) | grammar::Fail::Cond { .. }), Err(_)) => Compared::Rejected,
        _ => panic!(
            "outcome differs on {text:?}: ours {:?}, brush-parser {:?}",
            ours.as_ref().map(|_| ()),
            theirs.as_ref().map(|_| ())
        ),
    }
}

/// `tokens` with each `;;` operator of an arithmetic `for` header split
/// into two `;`, the tokens bash's reading gives.
/// Whether `tokens` hold two `(` apart (a blank between them, so bash
/// reads two subshells) and a `;;` before the parentheses they open
/// close (a wider net than brush-parser's misreading: a text it catches
/// is only skipped).
fn parens_with_double_semicolon(tokens: &[Token]) -> bool {
    let op = |t: &Token, s: &str| matches!(t, Token::Operator(o, _) if o == s);
    (0..tokens.len()).any(|i| {
        let (Some(Token::Operator(a, sa)), Some(Token::Operator(b, sb))) =
            (tokens.get(i), tokens.get(i + 1))
        else {
            return false;
        };
        if a != "(" || b != "(" || sa.end.index == sb.start.index {
            return false;
        }
        let mut depth = 2usize;
        for t in tokens.get(i + 2..).unwrap_or_default() {
            if op(t, "(") {
                depth += 1;
            } else if op(t, ")") {
                depth -= 1;
                if depth == 0 {
                    return false;
                }
            } else if op(t, ";;") {
                return true;
            }
        }
        false
    })
}

fn split_arith_for_semicolons(tokens: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    // Open parentheses of the arithmetic `for` header being read, if any.
    let mut depth: Option<usize> = None;
    for t in tokens {
        let text = t.to_str();
        let is_op = matches!(t, Token::Operator(..));
        match depth {
            None => {
                let header = is_op
                    && text == "("
                    && matches!(out.as_slice(), [.., Token::Word(w, _), Token::Operator(p, _)] if w == "for" && p == "(");
                if header {
                    depth = Some(2);
                }
            }
            Some(d) if is_op && text == "(" => depth = Some(d + 1),
            Some(d) if is_op && text == ")" => depth = d.checked_sub(1).filter(|d| *d > 0),
            Some(_) => {
                if let Token::Operator(o, span) = &t
                    && o == ";;"
                {
                    out.push(Token::Operator(";".to_owned(), span.clone()));
                    out.push(Token::Operator(";".to_owned(), span.clone()));
                    continue;
                }
            }
        }
        out.push(t);
    }
    out
}

/// The outcome of comparing the lexer with brush-parser's tokenizer.
#[derive(Debug, PartialEq, Eq)]
pub enum TokensCompared {
    /// The same tokens.
    Same,
    /// Both refuse the text, with the same error.
    Refused,
    /// The lexer read deviations (`lexer::Deviation` bits): bash's reading, not
    /// brush-parser's.
    Deviated(u32),
    /// brush-parser's tokenizer panicked (the lexer gave an outcome).
    BrushPanicked,
    /// Nested deeper than [`LEX_DEPTH`]: the lexer refused it, brush-parser
    /// was not asked (its tokenizer's recursion has no bound).
    TooDeep,
    /// The text ends inside a here-document: brush-parser's tokenizer would
    /// grow without bound (see `ends_in_heredoc`), so it was not asked.
    Skipped,
}

/// The nesting bound of the lexer in [`compare_tokens`]: deeper than any
/// script's bound (`max_parse_depth`), shallow enough for brush-parser's
/// tokenizer's recursion on the interpreter's thread stack.
pub const LEX_DEPTH: u32 = 2000;

/// Compares sandbash's lexer (`lexer.rs`, through its adapter) with
/// brush-parser's tokenizer on `text`: the same tokens (`Debug` text), or
/// the same error, unless the lexer read one of the named deviations.
///
/// # Panics
///
/// Where they differ other than by a named [`Deviation`].
pub fn compare_tokens(text: &str) -> TokensCompared {
    compare_tokens_with(text, &brush_parser::TokenizerOptions::default())
}

/// [`compare_tokens`] under `options`.
///
/// # Panics
///
/// As [`compare_tokens`].
pub fn compare_tokens_with(text: &str, options: &brush_parser::TokenizerOptions) -> TokensCompared {
    let (ours, deviations) = super::lexer::lex_reporting(text, options.into(), LEX_DEPTH);
    if matches!(ours, Err(super::lexer::LexError::TooDeep(_))) {
        // brush-parser's tokenizer recurses as deep, with no bound.
        return TokensCompared::TooDeep;
    }
    if ends_in_heredoc(text) {
        return TokensCompared::Skipped;
    }
    if deviations != 0 {
        // bash's reading: brush-parser's is not compared, nor asked for
        // (after a subscript read to the end, brush-parser may be reading
        // a here-document without end: fuzz F39).
        let named = super::lexer::Deviation::ALL
            .iter()
            .fold(0, |bits, (d, _)| bits | *d as u32);
        assert_eq!(deviations & !named, 0, "unnamed deviation on {text:?}");
        return TokensCompared::Deviated(deviations);
    }
    let Some(theirs) =
        crate::syntax::contain::contained(|| brush_parser::uncached_tokenize_str(text, options))
    else {
        return TokensCompared::BrushPanicked;
    };
    match (&ours, theirs) {
        (Ok(l), Ok(t)) => {
            let a = format!("{:?}", super::lexer::to_brush(l, text));
            let b = format!("{t:?}");
            if a != b {
                let ours = super::lexer::to_brush(l, text);
                let first = ours
                    .iter()
                    .zip(&t)
                    .position(|(x, y)| format!("{x:?}") != format!("{y:?}"))
                    .unwrap_or(ours.len().min(t.len()));
                panic!(
                    "tokens differ on {text:?} at token {first}:\n ours   {:?}\n brush  {:?}",
                    ours.get(first),
                    t.get(first)
                );
            }
            TokensCompared::Same
        }
        (Err(e), Err(inner)) => {
            let mine = crate::syntax::parser::errors::lex_error(e, text, 0, LEX_DEPTH);
            let theirs = crate::syntax::tokens::convert(
                brush_parser::ParseError::Tokenizing {
                    inner,
                    position: None,
                },
                text,
                0,
            );
            // brush-parser names the end of the text for every open
            // `${`, `$((` and `$[`, bash (and the lexer) the line where it
            // opened, and `]` for `$[`: the same refusal.
            if matches!(
                e,
                super::lexer::LexError::Variable(_) | super::lexer::LexError::Arithmetic { .. }
            ) {
                assert!(
                    matches!(theirs, super::SyntaxError::UnterminatedQuote { .. }),
                    "errors differ on {text:?}: {mine:?} / {theirs:?}"
                );
            } else {
                assert_eq!(mine, theirs, "errors differ on {text:?}");
            }
            TokensCompared::Refused
        }
        (Ok(_), Err(e)) => panic!("brush-parser refuses {text:?} ({e}), the lexer accepts"),
        (Err(e), Ok(_)) => panic!("the lexer refuses {text:?} ({e:?}), brush-parser accepts"),
    }
}

/// The outcome of comparing the parser with the old path on a text.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed {
    /// Both build the same tree (their `Debug` text).
    Equal,
    /// Both give the same error.
    SameError,
    /// The parser read these `parser::deviation::Deviation`s (bits), bash's
    /// reading where the old path refuses: not compared.
    Deviated(u32),
}

/// How deep nesting may go in [`compare_parsers`].
const PARSE_DEPTH: u32 = 100;

/// Compares the parser (`parser.rs`: the lexer's tokens to `ast.rs`) with
/// the old path (lexer, `to_brush`, `grammar.rs`, `resolve.rs`) on
/// `text`: the same tree, or the same error.
///
/// # Panics
///
/// Where the two differ, with both outcomes: that is the finding.
pub fn compare_parsers(text: &str) -> Parsed {
    compare_parsers_with(text, None)
}

/// [`compare_parsers`] with aliases expanded (`None`: not expanded).
pub(crate) fn compare_parsers_with(text: &str, aliases: Option<&super::alias::Aliases>) -> Parsed {
    let options = brush_parser::ParserOptions::default();
    let old = super::resolve::parse_text(text, &options, 0, PARSE_DEPTH, aliases);
    super::parser::deviation::take();
    let new = super::parser::deviation::with_old_lines(|| {
        super::parser::parse_text(text, &options, 0, PARSE_DEPTH, aliases)
    });
    let deviated = super::parser::deviation::take();
    if deviated != 0 {
        return Parsed::Deviated(deviated);
    }
    match (old, new) {
        (Ok(old), Ok(new)) => {
            let (old, new) = (format!("{old:?}"), format!("{new:?}"));
            assert!(
                old == new,
                "trees differ on {text:?}:\nold {old}\nnew {new}"
            );
            Parsed::Equal
        }
        (Err(old), Err(new)) => {
            assert!(
                old == new && old.to_string() == new.to_string(),
                "errors differ on {text:?}: old {old:?}, new {new:?}"
            );
            Parsed::SameError
        }
        (old, new) => panic!("outcomes differ on {text:?}: old {old:?}, new {new:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_ending_in_a_heredoc_is_not_given_to_brush_parser() {
        // F33: brush-parser reads the open `$((` as the here-document's,
        // with an empty tag, and loops as in F30.
        let f33 = "b<<\x0c;;a&&b\"a$((";
        assert!(ends_in_heredoc(f33));
        assert_eq!(compare_tokens(f33), TokensCompared::Skipped);
        // F30: brush-parser's tokenizer ran out of memory on this.
        let text = "\0\0\0\0;<<\r\r\r $ \u{fffd}; ";
        assert!(ends_in_heredoc(text));
        assert_eq!(compare_with_brush_parser(text), Compared::Skipped);
        assert!(!ends_in_heredoc("cat <<E\nbody\nE\necho after\n"));
        // Found next: a tag of only `\r`, which the chunk scan takes for a
        // word while brush-parser trims it away.
        assert!(ends_in_heredoc("<<\r;; "));
        assert_eq!(compare_with_brush_parser("<<\r;; "), Compared::Skipped);
        // F45: brush-parser takes `( (` … `))` for arithmetic.
        assert_eq!(compare_with_brush_parser("( (;;))"), Compared::Skipped);
        assert_eq!(compare_with_brush_parser("(;;)"), Compared::Rejected);
        // Not an arithmetic `for` header, nor a `;;` after the parentheses.
        assert_eq!(
            compare_with_brush_parser("for ((;;)); do :; done"),
            Compared::Accepted
        );
        assert_eq!(
            compare_with_brush_parser("( (a) ); case x in x) :;; esac"),
            Compared::Accepted
        );
        // The lexer, which follows brush-parser's rules, ends on it.
        let started = std::time::Instant::now();
        let _ = super::super::lexer::lex_reporting(text, Default::default(), LEX_DEPTH);
        assert!(started.elapsed().as_secs() < 2);
        assert_eq!(compare_tokens(text), TokensCompared::Skipped);
    }
}
