//! bash's own messages for a `[[ ]]` it cannot read.
//!
//! bash parses a conditional command with a recursive-descent parser of its
//! own (`parse.y`: `cond_expr`, `cond_or`, `cond_and`, `cond_term`), whose
//! errors are not `syntax error near unexpected token`: `conditional binary
//! operator expected`, `unexpected argument `X' to conditional unary
//! operator`, `unexpected token `X', expected `)'`, and so on, and some are
//! silent (`[[ ]]`). After one, bash stops reading as at the end of the
//! input, so the status is the last command's, unless the fault was the end
//! of the text itself.
//!
//! The grammar (`parser.rs`) decides whether a `[[ ]]` is valid; when it
//! is not, [`diagnose`] reads the lexer's tokens as bash's conditional
//! parser does to find bash's words for it.
//!
//! Invariant: the messages, lines and statuses are bash 5.2's, checked by
//! the conformance cases `tests/conformance/cases/errors/cond_*` and
//! `tests::messages_are_bashs`.

use super::lexer::{Kind, Op, Tok, tok_text};

/// bash's report of a `[[ ]]` it could not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CondError {
    /// The messages bash prints, in order, each with the index of the token
    /// whose line it names (the tokens' length: the end of the text).
    pub messages: Vec<(usize, String)>,
    /// Whether the fault was the end of the text (bash then exits with
    /// status 2, as for any text that ends too soon).
    pub at_end: bool,
}

/// A token as bash's lexer hands it to the conditional parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tk<'t> {
    Word(&'t str),
    Op(&'t str),
    /// `]]`.
    End,
    Newline,
    Eof,
    /// The state after an error (`COND_ERROR`).
    Error,
}

impl Tk<'_> {
    /// The token as bash names it in a message (`error_token_from_token`),
    /// `None` for a plain word.
    fn name(self) -> Option<&'static str> {
        Some(match self {
            Tk::Op(op) => OPERATOR_NAMES.iter().find(|n| **n == op)?,
            Tk::End => "]]",
            Tk::Newline => "newline",
            Tk::Eof => "EOF",
            Tk::Word(_) | Tk::Error => return None,
        })
    }
}

const OPERATOR_NAMES: &[&str] = &[
    "&&", "||", ">>", "<<", "<&", ">&", ";;", ";&", ";;&", "<<-", "<<<", "&>", "&>>", "<>", ">|",
    "|&", ">", "<", ";", "(", ")", "|", "&",
];

/// bash's `test_unop`: the one-letter unary operators.
fn is_unary(w: &str) -> bool {
    matches!(w.as_bytes(), [b'-', c] if b"abcdefghknoprstuvwxzGLNORS".contains(c))
}

/// bash's `test_binop`, words only (`<` and `>` are operators).
fn is_binary(w: &str) -> bool {
    matches!(
        w,
        "=" | "==" | "!=" | "-nt" | "-ot" | "-ef" | "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"
    )
}

/// How deep `(` and `!` may nest here: the grammar has failed, so this
/// only words its message; past the bound the plain message is given.
const MAX_DEPTH: u32 = 200;

struct Reader<'t> {
    toks: &'t [Tok],
    /// The texts of the cooked tokens, and the text lexed.
    cooked: &'t str,
    src: &'t str,
    pos: usize,
    /// The text does not end in a newline: bash reads one there.
    virtual_newline: bool,
    /// The last token read and its index (`cond_token`).
    cond: Tk<'t>,
    at: usize,
    messages: Vec<(usize, String)>,
    at_end: bool,
    depth: u32,
    open: usize,
}

/// bash's messages for the `[[` at `open` in `toks`, the tokens of `text`
/// (cooked texts in `cooked`); `None` where bash's conditional parser
/// reads it (the grammar failed elsewhere).
pub(crate) fn diagnose(toks: &[Tok], cooked: &str, open: usize, text: &str) -> Option<CondError> {
    let mut r = Reader {
        toks,
        cooked,
        src: text,
        pos: open.checked_add(1)?,
        virtual_newline: !text.ends_with('\n'),
        cond: Tk::Error,
        at: open,
        messages: Vec::new(),
        at_end: false,
        depth: 0,
        open,
    };
    r.expr();
    match r.cond {
        Tk::End => return None,
        Tk::Error => {}
        Tk::Eof => {
            r.at_end = true;
            r.messages
                .push((open, "unexpected EOF while looking for `]]'".into()));
        }
        other => {
            let m = match other.name() {
                Some(n) => {
                    format!("syntax error in conditional expression: unexpected token `{n}'")
                }
                None => "syntax error in conditional expression".into(),
            };
            r.messages.push((open, m));
        }
    }
    Some(CondError {
        messages: r.messages,
        at_end: r.at_end,
    })
}

impl<'t> Reader<'t> {
    /// The token at `i` as the conditional parser sees it, `None` at the
    /// end.
    fn tk(&self, i: usize) -> Option<Tk<'t>> {
        let t = self.toks.get(i)?;
        Some(match t.kind {
            Kind::Op(Op::Newline) => Tk::Newline,
            Kind::Op(op) => Tk::Op(op.as_str()),
            Kind::Word | Kind::HereBody | Kind::HereEnd => {
                match tok_text(t, self.cooked, self.src) {
                    "]]" => Tk::End,
                    w => Tk::Word(w),
                }
            }
        })
    }

    fn read(&mut self) -> Tk<'t> {
        self.at = self.pos;
        let tk = match self.tk(self.pos) {
            Some(tk) => tk,
            None if self.virtual_newline => {
                self.virtual_newline = false;
                return Tk::Newline;
            }
            None => Tk::Eof,
        };
        self.pos = self.pos.saturating_add(1);
        tk
    }

    fn skip_newlines(&mut self) -> Tk<'t> {
        loop {
            let t = self.read();
            if t != Tk::Newline {
                self.cond = t;
                return t;
            }
        }
    }

    /// Whether the token just read is the text's last (the end, or the
    /// newline ending the text).
    fn is_last(&self, t: Tk<'_>) -> bool {
        match t {
            Tk::Eof => true,
            Tk::Newline => self.toks.get(self.at.saturating_add(1)).is_none(),
            _ => false,
        }
    }

    fn fail(&mut self, t: Tk<'_>, message: String) {
        if self.is_last(t) {
            self.at_end = true;
        }
        self.messages.push((self.at, message));
        self.cond = Tk::Error;
    }

    fn expr(&mut self) {
        self.or();
    }

    /// bash's right recursion `cond_or`, as a loop: chains of `||` (and
    /// `&&`) as long as the text cost no stack.
    fn or(&mut self) {
        self.and();
        while self.cond == Tk::Op("||") {
            self.and();
        }
    }

    fn and(&mut self) {
        self.term();
        while self.cond == Tk::Op("&&") {
            self.term();
        }
    }

    fn term(&mut self) {
        if self.depth >= MAX_DEPTH {
            self.cond = Tk::Error;
            return;
        }
        self.depth += 1;
        self.term_inner();
        self.depth -= 1;
    }

    fn term_inner(&mut self) {
        let tok = self.skip_newlines();
        match tok {
            Tk::End => self.cond = Tk::Error,
            Tk::Op("(") => {
                self.expr();
                if self.cond != Tk::Op(")") {
                    let m = match self.cond.name() {
                        Some(n) => format!("unexpected token `{n}', expected `)'"),
                        None => "expected `)'".into(),
                    };
                    // bash names the line of the `[[` here (`lineno`).
                    self.messages.push((self.open, m));
                    self.cond = Tk::Error;
                    return;
                }
                self.skip_newlines();
            }
            Tk::Word("!") => self.term(),
            Tk::Word(w) if is_unary(w) => {
                let t = self.read();
                if !matches!(t, Tk::Word(_)) {
                    self.bad_argument(t, "unary");
                    return;
                }
                self.skip_newlines();
            }
            Tk::Word(_) => self.binary(),
            other => {
                let n = other.name().unwrap_or("EOF");
                self.fail(
                    other,
                    format!("unexpected token `{n}' in conditional command"),
                );
            }
        }
    }

    /// After a left operand: the operator and the right operand.
    fn binary(&mut self) {
        let op = self.read();
        let regex = match op {
            Tk::Word("=~") => true,
            Tk::Word(w) if is_binary(w) => false,
            Tk::Op("<" | ">") => false,
            // `[[ x ]]` is `[[ -n x ]]`.
            Tk::End | Tk::Op("&&" | "||" | ")") => {
                self.cond = op;
                return;
            }
            _ => {
                let m = match op.name() {
                    Some(n) => {
                        format!("unexpected token `{n}', conditional binary operator expected")
                    }
                    None => "conditional binary operator expected".into(),
                };
                self.fail(op, m);
                return;
            }
        };
        let ok = if regex {
            self.regex_operand()
        } else {
            let t = self.read();
            if !matches!(t, Tk::Word(_)) {
                self.bad_argument(t, "binary");
            }
            matches!(t, Tk::Word(_))
        };
        if ok {
            self.skip_newlines();
        }
    }

    /// A `kind` (unary or binary) operator's operand is `t`, not a word.
    fn bad_argument(&mut self, t: Tk<'_>, kind: &str) {
        let m = match t.name() {
            Some(n) => format!("unexpected argument `{n}' to conditional {kind} operator"),
            None => format!("unexpected argument to conditional {kind} operator"),
        };
        self.fail(t, m);
    }

    /// The right side of `=~`, which bash reads as one word with its
    /// parentheses balanced: words, `|`, and balanced `( )`.
    fn regex_operand(&mut self) -> bool {
        let mut open = 0u32;
        let mut taken = false;
        loop {
            let next = match self.tk(self.pos) {
                Some(Tk::Word(_)) => true,
                Some(Tk::End) => open > 0,
                Some(Tk::Op("|")) => true,
                Some(Tk::Op("(")) => {
                    open = open.saturating_add(1);
                    true
                }
                Some(Tk::Op(")")) if open > 0 => {
                    open -= 1;
                    true
                }
                _ => false,
            };
            if !next {
                break;
            }
            self.pos = self.pos.saturating_add(1);
            taken = true;
        }
        if !taken {
            let t = self.read();
            self.bad_argument(t, "binary");
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(text: &str) -> Option<(Vec<String>, bool)> {
        let lexed = crate::syntax::lexer::lex(text, Default::default(), 100).ok()?;
        let open = lexed
            .toks
            .iter()
            .position(|t| lexed.text(t, text) == "[[")?;
        let e = diagnose(&lexed.toks, &lexed.cooked, open, text)?;
        Some((e.messages.into_iter().map(|(_, m)| m).collect(), e.at_end))
    }

    #[test]
    fn messages_are_bashs() {
        // Recorded from bash 5.2 (`bash -c TEXT`).
        for (text, want, at_end) in [
            ("[[ a b ]]", "conditional binary operator expected", false),
            (
                "[[ -f ]]",
                "unexpected argument `]]' to conditional unary operator",
                false,
            ),
            ("[[ ( a ]]", "unexpected token `]]', expected `)'", false),
            (
                "[[ a == b c ]]",
                "syntax error in conditional expression",
                false,
            ),
            ("[[ a == b", "unexpected EOF while looking for `]]'", true),
            (
                "[[ -f",
                "unexpected argument `newline' to conditional unary operator",
                true,
            ),
            (
                "[[ a ; ]]",
                "unexpected token `;', conditional binary operator expected",
                false,
            ),
            (
                "[[ a ) ]]",
                "syntax error in conditional expression: unexpected token `)'",
                false,
            ),
            (
                "[[ a < ]]",
                "unexpected argument `]]' to conditional binary operator",
                false,
            ),
            (
                "[[ a &&",
                "unexpected token `EOF' in conditional command",
                true,
            ),
            (
                "[[ a\nb ]]",
                "unexpected token `newline', conditional binary operator expected",
                false,
            ),
        ] {
            let (got, end) = messages(text).unwrap_or_else(|| panic!("{text:?} read"));
            assert_eq!(got.first().map(String::as_str), Some(want), "{text:?}");
            assert_eq!(end, at_end, "{text:?}");
        }
        assert_eq!(
            messages("[[ (").map(|m| m.0),
            Some(vec![
                "unexpected token `EOF' in conditional command".to_owned(),
                "expected `)'".to_owned()
            ])
        );
        for silent in ["[[ ]]", "[[ ! ]]", "[[ a && ]]"] {
            assert_eq!(messages(silent), Some((vec![], false)), "{silent:?}");
        }
        assert_eq!(messages("[[ a == b ]]"), None);
        // Long chains and deep nesting cost no stack.
        let chain = format!("[[ {}a b ]]", "a || b && ".repeat(50_000));
        assert_eq!(
            messages(&chain).map(|m| m.0),
            Some(vec!["conditional binary operator expected".to_owned()])
        );
        let deep = format!("[[ {}", "( ! ".repeat(50_000));
        assert!(messages(&deep).is_some());
        assert_eq!(messages("[[ a =~ (x|y) ]]"), None);
    }
}
