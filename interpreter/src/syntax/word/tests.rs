//! The word parser against brush-parser's, on hand-picked words and on
//! generated ones, and its bounds on texts brush-parser takes ages over.

use brush_parser::ParserOptions;

use super::{WordError, differs_from_brush_parser, parse_heredoc, parse_word};

/// Words covering every rule and alternative of the grammar.
const WORDS: &[&str] = &[
    "",
    "plain",
    "a\\ b",
    "\\",
    "'single' \"double $x\"",
    "'unclosed",
    "\"unclosed",
    "$'ansi\\n\\'q'",
    "$\"gettext $x\"",
    "~",
    "~/dir",
    "~+",
    "~-",
    "~+2/x",
    "~-3",
    "~2",
    "~user/x",
    "~-x",
    "~+99999999999999999999999/x",
    "a~b",
    "x:~/a",
    "$",
    "$'",
    "a$",
    "$1$23${10}",
    "$@ $* $# $? $- $$ $! $0",
    "${#} ${#x} ${#x[@]} ${##} ${#-} ${!x} ${!x*} ${!x@} ${!x[@]} ${!x[*]}",
    "${x-a} ${x:-a b} ${x=} ${x:=$y} ${x?m} ${x:?} ${x+\"q\"} ${x:+'s'}",
    "${x%a} ${x%%*.c} ${x#a} ${x##*/} ${x%} ${!x%a}",
    "${x:1} ${x:1:2} ${x: -1} ${x:$((1+1)):(2)} ${x::} ${x:a[1]:b}",
    "${x@U} ${x@u} ${x@L} ${x@Q} ${x@E} ${x@P} ${x@A} ${x@K} ${x@a} ${x@k} ${x@Z}",
    "${x/a/b} ${x//a/b} ${x/#a/b} ${x/%a/b} ${x/a} ${x//} ${x/a/b/c}",
    "${x^} ${x^^} ${x,} ${x,,} ${x^[ab]} ${x,,?}",
    "${a[1]} ${a[i+1]} ${a[$(echo 1)]} ${a[@]} ${a[*]} ${a[} ${a[x]y}",
    "${x",
    "${x}y}",
    "${99999999999999} ${01}",
    "$(echo hi) $(echo \"$(echo nested)\") $( (sub) ) $(echo 'q)') $(",
    "$(case x in x) y;; esac)",
    "$(echo @(a|b) !(c) ?(d) +(e) *(f) @(",
    "`echo hi` `a\\`b\\\\c` `unclosed",
    "\"`x`\" \"\\`\" \"\\$\" \"\\\"\" \"\\\\\" \"\\a\"",
    "$((1+2)) $(( (1+2)*3 )) $((a[1]+b[$x])) $((x)",
    "$(( $(echo 1) + ${x:-2} )) $((\"1\"))",
    "$[1+2] $[a[1]] $[ unclosed",
    "$(((1)))",
    "$(( (1) ) )",
    "\"$((\" \"$(\" \"${\"",
    "héllo ü${ü} $'é' \"ñ$x\"",
    "a\tb\nc",
];

/// Bodies for the here-document reading.
const BODIES: &[&str] = &[
    "plain \"quotes\" and 'single'\n",
    "$x ${y:-z} $(echo hi) `date` $((1+2)) $[3]\n",
    "\\$ \\` \\\\ \\a \\\"\n",
    "unclosed ${ and $( and `\n",
    "a $' b $\" c\n",
];

fn options() -> ParserOptions {
    ParserOptions::default()
}

/// brush-parser's reading, or `None` where it panics (a tilde number
/// past usize).
fn brush(text: &str, heredoc: bool) -> Option<String> {
    let text = text.to_owned();
    std::panic::catch_unwind(move || {
        let parsed = if heredoc {
            brush_parser::word::parse_heredoc(&text, &options())
        } else {
            brush_parser::word::parse(&text, &options())
        };
        match parsed {
            Ok(pieces) => format!("{pieces:?}"),
            Err(_) => "error".to_owned(),
        }
    })
    .ok()
}

fn ours(text: &str, heredoc: bool) -> String {
    let parsed = if heredoc {
        parse_heredoc(text, &options(), 500)
    } else {
        parse_word(text, &options(), 500)
    };
    match parsed {
        Ok(pieces) => format!("{pieces:?}"),
        Err(WordError::Unparsed(_)) => "error".to_owned(),
        Err(e) => format!("bounded: {e}"),
    }
}

fn assert_same(text: &str, heredoc: bool) {
    if differs_from_brush_parser(text) {
        return;
    }
    if let Some(expected) = brush(text, heredoc) {
        assert_eq!(
            ours(text, heredoc),
            expected,
            "reading {text:?} (heredoc: {heredoc})"
        );
    }
}

#[test]
fn reads_every_form_as_brush_parser_does() {
    for word in WORDS {
        assert_same(word, false);
        for part in word.split(' ') {
            assert_same(part, false);
        }
    }
    for body in BODIES.iter().chain(WORDS) {
        assert_same(body, true);
    }
}

#[test]
fn reads_tilde_after_colon_when_enabled() {
    let mut opts = options();
    opts.tilde_expansion_after_colon = true;
    for word in ["a:~/b", "a:~", "a:~x:b", "~:~", "a:b~"] {
        let expected = format!("{:?}", brush_parser::word::parse(word, &opts).ok());
        assert_eq!(
            format!("{:?}", parse_word(word, &opts, 500).ok()),
            expected,
            "{word}"
        );
    }
}

/// Pieces that combine into the shapes the grammar branches on.
const ATOMS: &[&str] = &[
    "a", " ", "$", "${", "}", "$(", "$((", ")", "))", "(", "$[", "]", "[", "\"", "'", "`", "\\",
    ":", "-", "#", "%", "/", "!", "@", "*", "~", "x[", "1", "^", ",", "?", "=", "+",
];

/// A small deterministic generator, so a failure names its input.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % below
    }
}

#[test]
fn reads_generated_words_as_brush_parser_does() {
    let mut rng = Lcg(0x5eed);
    for _ in 0..20_000 {
        let len = 1 + rng.next(10);
        let text: String = (0..len).map(|_| ATOMS[rng.next(ATOMS.len())]).collect();
        assert_same(&text, false);
        assert_same(&text, true);
    }
}

#[test]
fn nested_tries_take_linear_time() {
    // brush-parser takes seconds on a few dozen of these (F12, F16, F21);
    // here each is read once.
    let shapes = [
        "\"$((".repeat(2000),
        "${x/\"$((".repeat(2000),
        "$(( $( \"${x:-".repeat(2000),
        format!("{}{}", "$(".repeat(300), ")".repeat(300)),
    ];
    for text in shapes {
        for heredoc in [false, true] {
            let text = text.clone();
            let read = on_stack(move || {
                if heredoc {
                    parse_heredoc(&text, &options(), 500)
                } else {
                    parse_word(&text, &options(), 500)
                }
            });
            assert!(
                !matches!(read, Some(Err(WordError::TooComplex))),
                "{read:?}"
            );
        }
    }
}

#[test]
fn deep_nesting_is_refused_within_the_bound() {
    let text = format!("{}{}", "$(".repeat(5000), ")".repeat(5000));
    let read = on_stack(move || parse_word(&text, &options(), 500));
    assert!(
        matches!(read, Some(Err(WordError::TooDeep(500)))),
        "{read:?}"
    );
}

/// Runs `f` on a thread with the stack an interpreter thread has.
fn on_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(f)
        .ok()
        .and_then(|h| h.join().ok())
}

const STACK: usize = crate::shell::THREAD_STACK;

#[test]
fn predicts_brush_parsers_time_on_words() {
    // 32 bytes that took brush-parser 7.9 s as a word (the `word` fuzz
    // target's first timeout), against an ordinary word of the same size.
    let slow = "2$(8(((\u{fffd}((((((((\"2$(8(((\u{fffd}((((((($";
    let plain = "\"$HOME/${dir:-x}/$(basename \"$f\")\"";
    assert!(super::brush_word_cost(slow, false) > 50 * super::MAX_BRUSH_STEPS);
    assert!(super::brush_word_cost(plain, false) < 1000);
    assert!(super::brush_word_cost(plain, true) < 1000);
}

#[test]
fn a_case_arm_does_not_end_a_command_substitution() {
    // bash reads a `$( )` body as commands; brush-parser's word grammar
    // ends it at the arm's `)`, so the text is named a difference.
    for text in [
        "$(case a in a) echo x;; esac)",
        "pre\"$(case a in (a) echo x;; esac)\"post",
        "$(echo $(case a in a|b) echo;; esac))",
    ] {
        assert!(differs_from_brush_parser(text), "{text}");
        let pieces = format!("{:?}", parse_word(text, &options(), 50).unwrap());
        assert!(pieces.contains("esac"), "{text}: {pieces}");
        assert!(!pieces.contains("Text(\" echo"), "{text}: {pieces}");
    }
    let pieces = parse_word("$(case a in a) x;; esac)", &options(), 50).unwrap();
    let [p] = pieces.as_slice() else {
        panic!("{pieces:?}");
    };
    assert!(
        matches!(&p.piece, brush_parser::word::WordPiece::CommandSubstitution(body)
            if body == "case a in a) x;; esac"),
        "{p:?}"
    );
    assert_eq!(p.end_index, 24);
    assert!(!differs_from_brush_parser("$(echo case a in a)"));
}

#[test]
fn bashs_readings_of_dollar_hash_and_slices_are_named_differences() {
    // `${##X}` is `$#` with a prefix removed in bash; a slice's offset
    // runs past a `:` answering a `?`. brush-parser reads both otherwise.
    for text in [
        "${##[}",
        "${###}",
        "${##2}",
        "${s: a ? 1 : 2 : 1}",
        "${s:a <= 0:${x[*],} ? 1 : 2}",
    ] {
        assert!(differs_from_brush_parser(text), "{text}");
    }
    for text in ["${##}", "${#x}", "${v:?msg}", "${v:-a?}", "${v:1}?"] {
        assert!(!differs_from_brush_parser(text), "{text}");
    }
}
