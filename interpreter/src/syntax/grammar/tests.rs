use super::*;
use crate::syntax::oracle::{Compared, compare_with_brush_parser as compare};

use crate::syntax::test_corpus::{corpus_files, on_shell_stack};

fn tokens(text: &str) -> Option<Vec<Token>> {
    let options = brush_parser::ParserOptions::default();
    crate::syntax::contain::contained(|| {
        brush_parser::uncached_tokenize_str(text, &options.tokenizer_options()).ok()
    })
    .flatten()
}

/// Every script of the corpora: conformance cases, hostile cases, fuzz
/// regressions and seeds.
#[test]
fn the_grammar_builds_brush_parsers_tree_on_the_corpora() {
    on_shell_stack(|| {
        let (mut accepted, mut rejected) = (0, 0);
        for path in corpus_files() {
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            match compare(&text) {
                Compared::Accepted => accepted += 1,
                Compared::Rejected => rejected += 1,
                Compared::Skipped => {}
            }
        }
        assert!(
            accepted > 3000 && rejected > 50,
            "{accepted} accepted, {rejected} rejected"
        );
    });
}

/// A small deterministic generator of nested compound commands.
pub(crate) struct Gen(pub(crate) u64);

impl Gen {
    pub(crate) fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }

    fn simple(&mut self) -> String {
        const SIMPLE: &[&str] = &[
            "echo a b",
            "x=1",
            "a=(1 [2]=3\n 4)",
            "y=2 echo $y >out 2>&1",
            "cat <<E\nbody $x\nE\n",
            "cat <(echo a) > >(cat)",
            "exec 3<&0 <in &>/dev/null",
            "a[1+2]=x b+=y",
            "time -p echo",
            "! true",
            "((x = (1 + 2) * 3))",
            "[[ -n $a && ( b == c || ! d =~ ^(x|y)$ ) ]]",
            "[[ a < b ]]",
            "declare -a z=(1 2)",
            "echo x |& cat",
            "f() { :; }",
            "function g { echo; } >/dev/null",
            "coproc cat",
            "coproc N { cat; }",
            "for ((i=0; i<2; i++)) { echo; }",
        ];
        SIMPLE[self.next(SIMPLE.len())].to_owned()
    }

    pub(crate) fn list(&mut self, depth: u32) -> String {
        let n = 1 + self.next(3);
        let mut out = String::new();
        for i in 0..n {
            if i > 0 {
                out.push_str(["; ", "\n", " && ", " || ", " | ", " & "][self.next(6)]);
            }
            out.push_str(&self.command(depth));
        }
        out
    }

    fn command(&mut self, depth: u32) -> String {
        if depth == 0 {
            return self.simple();
        }
        let d = depth - 1;
        match self.next(13) {
            0 => format!("{{ {}; }}", self.list(d)),
            1 => format!("( {} )", self.list(d)),
            2 => format!(
                "if {}; then {}; else {}; fi",
                self.list(d),
                self.list(d),
                self.list(d)
            ),
            3 => format!(
                "if {}\nthen {}\nelif {}; then :\nfi",
                self.list(d),
                self.list(d),
                self.list(d)
            ),
            4 => format!("while {}; do {}; done", self.list(d), self.list(d)),
            5 => format!("for i in a b; do {}; done", self.list(d)),
            6 => format!(
                "case w in a) {};; (b|c) {} ;& *) {}\nesac",
                self.list(d),
                self.list(d),
                self.list(d)
            ),
            // The last arm without `;;`: nested, brush-parser's slow shape.
            7 => format!("case w in a) {} ; esac", self.list(d)),
            8 => format!("f{d}() {{ {}; }} 2>/dev/null", self.list(d)),
            9 => format!("until {}; do {}; done <in", self.list(d), self.list(d)),
            10 => format!("for ((i=0; i<1; i++)); do {}; done", self.list(d)),
            11 => format!("select x in a b\ndo {}; done", self.list(d)),
            _ => self.simple(),
        }
    }

    /// `text` broken in one place: a token dropped, or one added.
    pub(crate) fn broken(&mut self, text: &str) -> String {
        let words: Vec<&str> = text.split(' ').collect();
        let at = self.next(words.len());
        let mut out: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
        const EXTRA: &[&str] = &[
            ";;", "fi", "do", ")", "(", "}", "{", "esac", "|", "then", "<",
        ];
        if self.next(2) == 0 {
            out.remove(at);
        } else {
            out.insert(at, EXTRA[self.next(EXTRA.len())].to_owned());
        }
        out.join(" ")
    }
}

#[test]
fn the_grammar_builds_brush_parsers_tree_on_generated_scripts() {
    on_shell_stack(|| {
        let mut g = Gen(22);
        let (mut accepted, mut rejected) = (0, 0);
        for _ in 0..3000 {
            let depth = 1 + g.next(4) as u32;
            let script = g.list(depth);
            let broken = g.broken(&script);
            for text in [script, broken] {
                match compare(&text) {
                    Compared::Accepted => accepted += 1,
                    Compared::Rejected => rejected += 1,
                    Compared::Skipped => {}
                }
            }
        }
        assert!(
            accepted > 1000 && rejected > 2000,
            "{accepted} accepted, {rejected} rejected"
        );
    });
}

#[test]
fn nested_arms_without_terminators_take_linear_time() {
    on_shell_stack(|| {
        // brush-parser takes 2^n steps on these (0.7 s at 18 levels).
        for broken in [false, true] {
            let inner = if broken { "echo )" } else { "echo" };
            let text = format!(
                "{}{inner}{}\n",
                "case x in x) ".repeat(200),
                "; esac".repeat(200)
            );
            let start = std::time::Instant::now();
            let r = parse_program(&tokens(&text).unwrap(), 500);
            assert_eq!(r.is_ok(), !broken);
            assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
        }
        // Open groups in arithmetic and in a regular expression.
        for text in [
            format!("(( {} 1 ))\n", "( ".repeat(300)),
            format!("[[ x =~ {} ]]\n", "( ".repeat(300)),
        ] {
            let start = std::time::Instant::now();
            let _ = parse_program(&tokens(&text).unwrap(), 500);
            assert!(start.elapsed().as_millis() < 500, "{:?}", start.elapsed());
        }
    });
}

#[test]
fn deep_nesting_is_an_error() {
    on_shell_stack(|| {
        for text in [
            "{ ".repeat(5000),
            "( ".repeat(5000),
            "if true; then ".repeat(3000),
            format!("[[ {} a ]]", "( ".repeat(5000)),
            format!("(( {} ))", "( ".repeat(5000)),
        ] {
            let r = parse_program(&tokens(&text).unwrap(), 100);
            assert!(matches!(r, Err(Fail::Deep(_))), "{r:?}");
        }
    });
}

#[test]
fn digits_past_a_descriptor_number_are_a_word() {
    on_shell_stack(|| {
        // As in bash; brush-parser panics on them.
        let p = parse_program(&tokens("echo hi 9999999999>&2").unwrap(), 100).unwrap();
        let tree = format!("{p:?}");
        assert!(tree.contains("value: \"9999999999\""), "{tree}");
        assert!(tree.contains("File(None, DuplicateOutput"), "{tree}");
        let p = parse_program(&tokens("echo hi 2147483647>&2").unwrap(), 100).unwrap();
        assert!(format!("{p:?}").contains("File(Some(2147483647)"));
    });
}

#[test]
fn a_nested_subscript_is_an_assignment() {
    on_shell_stack(|| {
        let text = "a[${a[${a[${a[1]}]}]}]=x";
        let p = parse_program(&tokens(text).unwrap(), 100).unwrap();
        let tree = format!("{p:?}");
        assert!(
            tree.contains("ArrayElementName(\"a\", \"${a[${a[${a[1]}]}]}\")"),
            "{tree}"
        );
    });
}

#[test]
fn a_double_semicolon_in_an_arithmetic_for_is_two_separators() {
    on_shell_stack(|| {
        for (text, exprs) in [
            ("for ((;;)); do :; done", ["", "", ""]),
            ("for ((i=0;;i++)); do :; done", ["i=0", "", "i++"]),
            ("for ((;i<3;)); do :; done", ["", "i<3", ""]),
        ] {
            let p = parse_program(&tokens(text).unwrap(), 100).unwrap();
            let tree = format!("{p:?}");
            for e in exprs.iter().filter(|e| !e.is_empty()) {
                assert!(tree.contains(&format!("value: \"{e}\"")), "{text}: {tree}");
            }
            assert_eq!(compare(text), Compared::Accepted, "{text}");
        }
        // bash: "syntax error: `;' unexpected" for both.
        for text in ["for ((a;b;;)); do :; done", "for ((;;;)); do :; done"] {
            assert!(
                parse_program(&tokens(text).unwrap(), 100).is_err(),
                "{text}"
            );
        }
    });
}

#[test]
fn words_bash_reads_unlike_brush_parser_are_not_compared() {
    // Found by `grammar_diff` (F29): `${!-[@]}` is `$!` with a default to
    // bash and to sandbash's word reader, so the word is an assignment;
    // brush-parser's word grammar fails on it and keeps a plain word.
    on_shell_stack(|| {
        let text = "while read -r n; do echo | echo\ndone | REPLY[${!-[@]}]=${-/*}\n";
        assert_eq!(compare(text), Compared::Skipped);
        let p = parse_program(&tokens(text).unwrap(), 100).unwrap();
        assert!(format!("{p:?}").contains("ArrayElementName(\"REPLY\", \"${!-[@]}\")"));
    });
}
