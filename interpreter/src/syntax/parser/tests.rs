use super::*;
use crate::syntax::oracle::{Parsed, compare_parsers};

use crate::syntax::test_corpus::{corpus_files, mutated_corpus_texts, on_shell_stack};

/// Tallies of a comparison run.
#[derive(Debug, Default)]
struct Tally {
    texts: usize,
    equal: usize,
    errors: usize,
    deviated: usize,
}

impl Tally {
    fn add(&mut self, text: &str) {
        self.texts += 1;
        match compare_parsers(text) {
            Parsed::Equal => self.equal += 1,
            Parsed::SameError => self.errors += 1,
            Parsed::Deviated(_) => self.deviated += 1,
        }
    }
}

#[test]
fn the_parser_builds_the_resolvers_tree_on_the_corpora() {
    on_shell_stack(|| {
        let mut t = Tally::default();
        for path in corpus_files() {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            t.add(&text);
            for line in text.lines() {
                t.add(line);
            }
        }
        eprintln!("corpora: {t:?}");
        assert!(t.equal > 20_000 && t.errors > 500, "{t:?}");
    });
}

#[test]
fn the_parser_builds_the_resolvers_tree_on_generated_scripts() {
    on_shell_stack(|| {
        let mut t = Tally::default();
        let mut g = crate::syntax::grammar::tests::Gen(22);
        for _ in 0..3000 {
            let depth = 1 + g.next(4) as u32;
            let script = g.list(depth);
            let broken = g.broken(&script);
            t.add(&script);
            t.add(&broken);
        }
        eprintln!("generated: {t:?}");
        assert!(t.equal > 1000 && t.errors > 1000, "{t:?}");
    });
}

#[test]
fn the_parser_builds_the_resolvers_tree_on_the_lexers_generated_texts() {
    on_shell_stack(|| {
        let mut t = Tally::default();
        let mut g = crate::syntax::lexer::tests::Gen(15);
        for _ in 0..30_000 {
            let depth = g.next(4) as u32;
            t.add(&g.seq(depth));
        }
        eprintln!("lexer's generated: {t:?}");
        assert!(t.equal > 5000 && t.errors > 5000, "{t:?}");
    });
}

#[test]
fn the_parser_builds_the_resolvers_tree_on_mutated_corpus_texts() {
    // Corpus texts cut short, with bytes dropped, doubled or replaced by
    // ones the grammar treats specially: mostly errors, compared.
    on_shell_stack(|| {
        let mut t = Tally::default();
        for text in mutated_corpus_texts(7, 12) {
            t.add(&text);
        }
        eprintln!("mutated: {t:?}");
        assert!(t.equal > 1000 && t.errors > 1000, "{t:?}");
    });
}

#[test]
fn the_parser_expands_aliases_as_the_old_path_does() {
    on_shell_stack(|| {
        let aliases: crate::syntax::alias::Aliases = [
            ("echo", "echo X "),
            ("a", "b c"),
            ("b", "for i in 1; do "),
            ("x", "x=1 "),
            ("cat", "cat <<E\nbody\nE\n"),
            ("t", "true &&"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let mut g = crate::syntax::grammar::tests::Gen(5);
        let (mut equal, mut errors) = (0, 0);
        for _ in 0..2000 {
            let depth = 1 + g.next(3) as u32;
            let script = g.list(depth);
            for text in [
                script.clone(),
                g.broken(&script),
                format!("a; t echo; x cat {script}"),
            ] {
                match crate::syntax::oracle::compare_parsers_with(&text, Some(&aliases)) {
                    Parsed::Equal => equal += 1,
                    Parsed::SameError => errors += 1,
                    Parsed::Deviated(_) => {}
                }
            }
        }
        assert!(
            equal > 300 && errors > 500,
            "{equal} equal, {errors} errors"
        );
    });
}

#[test]
fn deep_nesting_is_an_error() {
    on_shell_stack(|| {
        let options = brush_parser::ParserOptions::default();
        for text in [
            "{ ".repeat(5000),
            "( ".repeat(5000),
            "[[ ".to_owned() + &"( ".repeat(5000),
            "((".to_owned() + &"( ".repeat(5000),
        ] {
            let e = parse_text(&text, &options, 0, 100, None).unwrap_err();
            assert!(
                matches!(
                    e,
                    SyntaxError::TooDeep { .. } | SyntaxError::UnexpectedEof { .. }
                ),
                "{e:?}"
            );
        }
    });
}

#[test]
fn bash_readings_the_old_path_refuses_are_named() {
    use super::deviation::Deviation as D;
    for (text, d) in [
        ("{ echo a; } {g}>f", D::NamedFdOnCompound),
        ("while read l; do :; done {fd}<f", D::NamedFdOnCompound),
        ("( : ) {fd}>&- 2>/dev/null", D::NamedFdOnCompound),
        ("for f in <(ls) x<(a)y; do :; done", D::ProcSubInLoopWords),
        ("select f in a <(ls)\ndo :; done", D::ProcSubInLoopWords),
        ("p=<(cmd)", D::ProcSubInAssignment),
        ("p=x<(a)y<(b) cmd", D::ProcSubInAssignment),
        ("FOO=bar for", D::ReservedWordAfterAssignment),
        ("{ a=1 }", D::ReservedWordAfterAssignment),
        ("a= (1 2)", D::ArrayAfterBlank),
        ("(( a;b ))", D::ArithCommandByText),
        ("(( <a;;b ))", D::ArithCommandByText),
        ("[[ -n == ]]", D::UnaryOperatorFirst),
        ("[[ -f = x ]]", D::UnaryOperatorFirst),
        ("[[ -n < x ]]", D::UnaryOperatorFirst),
        ("echo 3<(true)", D::DigitsBeforeProcSub),
        ("cat x 12>(wc)", D::DigitsBeforeProcSub),
        ("a=(<(ls) x)", D::ProcSubInArray),
        ("a=(1; 2)", D::ErrorInArray),
        ("a=(1\n2", D::ErrorInArray),
        ("echo {a,b}<(ls)", D::ProcSubAfterBraces),
        ("for i in a b; { echo $i; }", D::BraceLoopBody),
        ("for ((;;)); { break; }", D::BraceLoopBody),
        ("f() [[ -n $1 ]]", D::TestFunctionBody),
        ("cat <(<a\nb)", D::ProcSubNewlinesKept),
        ("cat <(c | >a\nb)", D::ProcSubNewlinesKept),
    ] {
        assert_eq!(compare_parsers(text), Parsed::Deviated(d as u32), "{text}");
        assert!(D::ALL.iter().any(|(n, _)| *n == d));
    }
    // A simple command's own `{name}` is no deviation, nor an assignment
    // after it (fuzz F43).
    assert_eq!(compare_parsers("exec {fd}>f"), Parsed::Equal);
    assert_eq!(compare_parsers("{d}>u x=5"), Parsed::Equal);
    // Arithmetic the tokens read as such, and subshells bash reads as
    // subshells, are no deviation.
    assert_eq!(compare_parsers("(( x = 1 << 2 ))"), Parsed::Equal);
    assert_eq!(compare_parsers("((echo a); (echo b))"), Parsed::Equal);
    // Nor one in the command name's place (both print `{fd}> out`).
    assert_eq!(compare_parsers("a=1 3<x {fd}>out"), Parsed::Equal);
    assert_eq!(compare_parsers("x=1 {fd}>out"), Parsed::Equal);
    // After multibyte text (brush-parser's positions count characters).
    assert_eq!(compare_parsers("x=\u{e9}\u{e9} {fd}>out"), Parsed::Equal);
    assert_eq!(compare_parsers("{ :; } {fd} >f"), Parsed::SameError);
    // Lines of command text on a later line are bash's outside the
    // comparison, and the old path's inside it.
    let options = brush_parser::ParserOptions::default();
    super::deviation::take();
    let text = "f() {\n  :\n  x=$(echo $LINENO)\n}";
    let script = parse_text(text, &options, 0, 100, None).unwrap();
    assert_eq!(super::deviation::take(), D::LinesOfNestedBodies as u32);
    let old = super::deviation::with_old_lines(|| parse_text(text, &options, 0, 100, None));
    let (new, old) = (format!("{script:?}"), format!("{:?}", old.unwrap()));
    // The body's `echo` is on line 3, not on the function's line 1.
    assert!(new.matches("line: 3").count() > old.matches("line: 3").count());
    assert_eq!(compare_parsers(text), Parsed::Equal);
    // Nor is one in a command's arguments, nor one set apart by a blank.
    assert_eq!(compare_parsers("cat x<(a)y"), Parsed::Equal);
    assert_eq!(compare_parsers("p= <(cmd)"), Parsed::SameError);
    // A body without such a command, or on one line, prints alike (fuzz
    // F44 was the first).
    assert_eq!(compare_parsers("cat <(a >f\nb)"), Parsed::Equal);
    assert_eq!(compare_parsers("cat <(<a;b)"), Parsed::Equal);
}
