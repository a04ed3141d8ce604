//! From script text to the resolved tree, with bash's syntax error texts:
//! sandbash's lexer (`syntax/lexer.rs`), then the parser
//! (`syntax/parser.rs`), which builds `ast.rs` as it reads.
//!
//! Invariant: nesting deeper than the limit is an error, not a stack
//! overflow (the scan measures it first, the grammar bounds its own
//! recursion), checked by `tests::refuses_deep_nesting_without_overflow`;
//! callers parse on threads with a known, generous stack (`shell.rs`).
//! Invariant: the shapes on which brush-parser's tokenizer panics are a
//! syntax error, checked by `tests::brush_parser_panics_become_syntax_errors`.

use std::sync::Arc;

use super::error::SyntaxError;
use crate::ast::Script;

/// Parses and resolves a whole script, one complete command at a time
/// as a run reads it (`reader.rs`).
pub fn parse(text: &str, max_depth: u32) -> Result<Script, SyntaxError> {
    let mut reader = super::reader::ScriptReader::new(text, max_depth, 0);
    let mut script = Script {
        list: Vec::new(),
        units: Vec::new(),
    };
    while let Some(chunk) = reader.next(u64::MAX, None) {
        match chunk {
            Ok(parsed) => {
                script.list.extend(parsed.script.list);
                script.units.extend(parsed.script.units);
            }
            Err(super::reader::ReadError::Syntax(e)) => return Err(e),
            // Unlimited room: the reader never refuses for memory here.
            Err(super::reader::ReadError::Memory) => {
                return Err(SyntaxError::Unsupported("script too large to parse".into()));
            }
        }
    }
    Ok(script)
}

/// brush-parser's tree of a text sandbash has parsed before (a kept
/// function source), with the text its spans index, for the old printer
/// (`old_print.rs`).
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn brush_program(
    text: &str,
    max_depth: u32,
) -> Option<(brush_parser::ast::Program, String)> {
    super::chunk::check_depth(text, max_depth, 0).ok()?;
    let options = brush_parser::ParserOptions::default();
    let lexed = super::tokens::tokenize(text, &options, 0, max_depth).ok()?;
    let program = super::tokens::program(&lexed, text, 0, max_depth).ok()?;
    Some((program, text.to_owned()))
}

/// Parses the source of one function definition (as kept in
/// [`crate::ast::FuncDef::source`]); `None` unless it is exactly that.
pub fn function_from_source(source: &str, max_depth: u32) -> Option<Arc<crate::ast::FuncDef>> {
    let script = parse(source, max_depth).ok()?;
    let [item] = script.list.as_slice() else {
        return None;
    };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    match item.and_or.first.commands.as_slice() {
        [crate::ast::Command::FuncDef(f)] => Some(f.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brush_parser_panics_become_syntax_errors() {
        // Fuzz F7 (`)` after a here-document line in `$( )`) and F9 (a
        // backslash-newline in a `${` left open before a here-document
        // body): brush-parser's tokenizer panics on each; the second is an
        // open `${` to bash.
        let f9 = "i= <<EOF ${a[i+1]} ${aq\\\" \\` \\x\u{e}line\\\njoined\nEOF\n";
        let e = parse(f9, 100).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unexpected EOF while looking for matching `}'",
            "{f9:?}"
        );
        // F6: digits too large for a descriptor are a word, as in bash.
        assert!(parse("echo hi 9999999999>&2", 100).is_ok());
        assert_eq!(
            parse("$(<<E\n)\nE\n", 100).unwrap_err(),
            SyntaxError::UnterminatedQuote {
                quote: ')',
                line: 4
            }
        );
    }

    #[test]
    fn text_ending_in_many_open_constructs_is_an_eof_error() {
        // Fuzz F2/F4: brush-parser's grammar took exponential time to
        // reject these; the grammar reads each token once.
        for text in [
            "((((((((((((((((((((((((((((ls",
            &"case x in x) ".repeat(30),
        ] {
            assert!(parse(text, 500).unwrap_err().is_end_of_input(), "{text}");
        }
    }

    #[test]
    fn open_cases_behind_a_quote_only_the_scan_sees_are_an_error() {
        // Fuzz F25: bash and the scan read `<<=D "…` as a here-document
        // then an open quote, brush-parser's tokenizer as neither, so the
        // open `case`s reached its grammar (the found input: over 10 s).
        let tail = "cF<<=FFF \"z$((2])ho x <<";
        let script = format!("{}{tail}", "case x in x) ".repeat(40));
        assert!(parse(&script, 500).unwrap_err().is_end_of_input());
        // A `$( )` body is read the same way.
        let body = format!("echo $({}{tail}\n)", "case x in x) ".repeat(40));
        assert!(parse(&body, 500).is_err());
    }

    #[test]
    fn a_quote_left_open_in_open_cases_keeps_bashs_message() {
        let script = format!("{}echo 'abc", "case x in x) ".repeat(40));
        assert_eq!(
            parse(&script, 500).unwrap_err().to_string(),
            "unexpected EOF while looking for matching `''"
        );
    }

    #[test]
    fn reports_unexpected_token() {
        let e = parse("echo )", 100).unwrap_err();
        assert_eq!(e.to_string(), "syntax error near unexpected token `)'");
        assert_eq!(
            e.render("sandbash: -c: "),
            "sandbash: -c: line 1: syntax error near unexpected token `)'\nsandbash: -c: line 1: `echo )'\n"
        );
    }

    #[test]
    fn names_the_newline_bash_reads_at_the_end_of_a_text() {
        // As `bash -c`: where a newline cannot come, bash names it.
        for (text, token) in [("for", "newline"), ("echo (", "newline"), ("echo (a)", "a")] {
            let e = parse(text, 100).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("syntax error near unexpected token `{token}'"),
                "{text:?}"
            );
            assert_eq!(
                e.render("x: "),
                format!("x: line 1: {e}\nx: line 1: `{text}'\n")
            );
        }
        // Where one can, the end of the text is what is unexpected.
        for text in ["if true", "echo a |", "while :; do", "f() "] {
            let e = parse(text, 100).unwrap_err();
            assert_eq!(
                e.to_string(),
                "syntax error: unexpected end of file",
                "{text:?}"
            );
        }
    }

    #[test]
    fn reports_eof_and_quotes() {
        assert!(matches!(
            parse("if true; then echo", 100),
            Err(SyntaxError::UnexpectedEof { .. })
        ));
        assert_eq!(
            parse("echo 'abc", 100).unwrap_err().to_string(),
            "unexpected EOF while looking for matching `''"
        );
    }

    #[test]
    fn refuses_deep_nesting_without_overflow() {
        let deep = "{ ".repeat(100_000);
        assert!(matches!(
            parse(&deep, 500),
            Err(SyntaxError::TooDeep { .. })
        ));
        let subst = "$(".repeat(100_000);
        assert!(matches!(
            parse(&subst, 500),
            Err(SyntaxError::TooDeep { .. })
        ));
        let ifs = "if true; then ".repeat(10_000);
        assert!(matches!(parse(&ifs, 500), Err(SyntaxError::TooDeep { .. })));
    }

    #[test]
    fn braces_around_nested_bodies_parse_fast() {
        use crate::ast::{Braces, Command};
        // Whether each argument of `text`'s first command has its brace
        // expansion ready.
        fn braces_of(text: &str) -> Vec<bool> {
            let script = parse(text, 100).unwrap();
            let Some(Command::Simple(s)) = script
                .list
                .first()
                .and_then(|item| item.and_or.first.commands.first())
            else {
                panic!("{text}: no simple command");
            };
            s.words
                .iter()
                .skip(1)
                .map(|w| matches!(w.braces, Some(Braces::Ready(_))))
                .collect()
        }
        // Plain braces are expanded and parsed ahead; around command text
        // they wait for evaluation, so each body is parsed once per level.
        assert_eq!(braces_of("echo {a,b}c x{1..3}"), [true, true]);
        assert_eq!(
            braces_of("echo {a,b}$(echo {c,d}) {a,b}`x` {a,b}\"${x:-$(y)}\""),
            [false, false, false]
        );
        let long = format!("echo {{a,b}}{}", "x".repeat(40_000));
        assert_eq!(braces_of(&long), [false]);
    }

    #[test]
    fn quoted_brackets_do_not_count() {
        let text = format!("echo '{}'", "(".repeat(1000));
        assert!(parse(&text, 50).is_ok());
    }
}
