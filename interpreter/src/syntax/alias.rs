//! Alias expansion, as bash's reader does it: on the tokens of a chunk,
//! before the grammar reads them.
//!
//! A word is eligible where bash's `command_token_position` holds (after
//! `;`, `&`, `|`, `&&`, `||`, `(`, `)`, a newline, an assignment word, a
//! reserved word that starts a list), outside `case` patterns and `[[ ]]`,
//! or right after an alias whose value ends in a blank. Its value is
//! tokenized and read in its place with the same position state, so its
//! first word is eligible too; an alias is not expanded again inside its
//! own expansion. Aliases are defined by running commands, so a chunk (a
//! complete command, see `reader.rs`) sees the aliases defined before it
//! was read, not those its own commands define.
//!
//! Invariant: expansion ends, whatever the definitions (each alias is
//! expanded at most once on the current path, so nesting is at most the
//! number of aliases, and the tokens made are bounded by
//! [`MAX_EXPANDED_TOKENS`]), checked by `tests::self_and_mutual_references_end`
//! and the hostile cases `parser/alias_blowup` and `parser/alias_loops`.

use std::collections::BTreeMap;

use super::lexer::{Kind, Lexed, Op, Options, Tok};

/// The alias table: name to value.
pub(crate) type Aliases = BTreeMap<String, String>;

/// At most this many tokens made by expansion per chunk: values that
/// expand to several eligible copies of further aliases grow
/// exponentially with the number of definitions.
pub(crate) const MAX_EXPANDED_TOKENS: usize = 10_000;

/// Expansion made more than [`MAX_EXPANDED_TOKENS`] tokens.
#[derive(Debug)]
pub(crate) struct TooLarge;

/// The state bash's reader keeps between tokens that decides whether a
/// word is eligible.
#[derive(Default)]
struct State {
    /// The next token is in command position.
    command: bool,
    /// The previous alias's value ended in a blank.
    expand_next: bool,
    /// Reading `case` patterns (up to their `)`).
    case_pattern: bool,
    /// After `case`: the subject, then `in`.
    case_head: u8,
    /// Inside `[[ ]]`.
    cond: bool,
    /// Tokens still to copy unexamined (a here-document's tag, body and
    /// end).
    skip: usize,
    /// Open parentheses of an arithmetic command (`((` … `))`, `for ((`),
    /// whose text is copied unexamined.
    arith: u32,
    /// After `for`: a `(` next opens `for ((`.
    after_for: bool,
}

/// The tokens of `lexed` (the tokens of `src`) with aliases expanded: a
/// token of an alias's value takes the place of the alias word, its text
/// in the result's `cooked` buffer.
pub(crate) fn expand(
    lexed: &Lexed,
    src: &str,
    aliases: &Aliases,
    options: Options,
    max_depth: u32,
) -> Result<Lexed, TooLarge> {
    let mut out = Lexed {
        toks: Vec::with_capacity(lexed.toks.len()),
        cooked: lexed.cooked.clone(),
        deviations: lexed.deviations,
    };
    let mut st = State {
        command: true,
        ..State::default()
    };
    let mut active = Vec::new();
    let mut made = 0;
    let mut x = Expander {
        aliases,
        options,
        max_depth,
        out: &mut out,
        made: &mut made,
    };
    x.run(
        Text {
            lexed,
            src,
            at: None,
        },
        &mut st,
        &mut active,
    )?;
    Ok(out)
}

struct Expander<'a> {
    aliases: &'a Aliases,
    options: Options,
    max_depth: u32,
    out: &'a mut Lexed,
    made: &'a mut usize,
}

/// Tokens being read: those of the script (`at` is `None`), or of an
/// alias's value read in place of the alias word `at`.
#[derive(Clone, Copy)]
struct Text<'a> {
    lexed: &'a Lexed,
    src: &'a str,
    at: Option<Tok>,
}

impl Expander<'_> {
    /// Reads the tokens of `text` into `out`.
    fn run(
        &mut self,
        text: Text<'_>,
        st: &mut State,
        active: &mut Vec<String>,
    ) -> Result<(), TooLarge> {
        let toks = &text.lexed.toks;
        for (i, raw) in toks.iter().enumerate() {
            let word = text.lexed.text(raw, text.src);
            let t = self.place(raw, word, text.at);
            if st.skip > 0 {
                st.skip -= 1;
                self.out.toks.push(t);
                continue;
            }
            if st.arith > 0 {
                match raw.kind {
                    Kind::Op(Op::LParen) => st.arith = st.arith.saturating_add(1),
                    Kind::Op(Op::RParen) => st.arith -= 1,
                    _ => {}
                }
                self.out.toks.push(t);
                continue;
            }
            let after_for = std::mem::take(&mut st.after_for);
            match raw.kind {
                Kind::Op(op) => {
                    st.expand_next = false;
                    // `((` written together where a command starts, or
                    // after `for`: arithmetic, read as it is.
                    let arith = op == Op::LParen
                        && (st.command || after_for)
                        && matches!(toks.get(i + 1), Some(n)
                            if n.kind == Kind::Op(Op::LParen) && n.start == raw.end);
                    if arith {
                        st.arith = 1;
                        st.command = false;
                    } else {
                        self.operator(op.as_str(), st);
                    }
                }
                _ => {
                    let eligible = (st.command || st.expand_next) && !st.case_pattern && !st.cond;
                    if eligible
                        && !active.iter().any(|a| a == word)
                        && let Some(value) = self.aliases.get(word)
                    {
                        // A value the tokenizer refuses (an unclosed
                        // quote) is left unexpanded.
                        if let Ok(inner) = super::lexer::lex(value, self.options, self.max_depth) {
                            *self.made = self.made.saturating_add(inner.toks.len());
                            if *self.made > MAX_EXPANDED_TOKENS {
                                return Err(TooLarge);
                            }
                            // The value's first word is eligible as the
                            // alias word was.
                            active.push(word.to_owned());
                            let inner_text = Text {
                                lexed: &inner,
                                src: value,
                                at: Some(t),
                            };
                            self.run(inner_text, st, active)?;
                            active.pop();
                            st.expand_next = value.ends_with([' ', '\t']);
                            continue;
                        }
                    }
                    st.expand_next = false;
                    let was_command = st.command || eligible;
                    self.word(word, was_command, st);
                }
            }
            self.out.toks.push(t);
        }
        Ok(())
    }

    /// Token `t` (whose text is `word`) as it goes out: as it is, or, from
    /// an alias's value, placed where the alias word `at` was (its line
    /// the word's, its offsets the word's plus its own in the value, so
    /// the gaps between tokens stay), its text copied to `cooked`.
    fn place(&mut self, t: &Tok, word: &str, at: Option<Tok>) -> Tok {
        let Some(at) = at else {
            return *t;
        };
        let mut placed = Tok {
            line: at.line,
            end_line: at.line,
            start: at.start.saturating_add(t.start),
            end: at.start.saturating_add(t.end),
            ..*t
        };
        if !matches!(t.kind, Kind::Op(_)) {
            placed.cooked = true;
            placed.text = to_u32(self.out.cooked.len());
            self.out.cooked.push_str(word);
            placed.text_end = to_u32(self.out.cooked.len());
        }
        placed
    }

    /// The state after word `w`, read in command position if `command`.
    fn word(&self, w: &str, command: bool, st: &mut State) {
        st.command = false;
        if st.cond {
            if w == "]]" {
                st.cond = false;
            }
            return;
        }
        if st.case_head > 0 {
            // `case WORD in`: the subject, then `in` opens the patterns.
            st.case_head -= 1;
            if st.case_head == 0 && w == "in" {
                st.case_pattern = true;
            }
            return;
        }
        if st.case_pattern {
            if w == "esac" {
                st.case_pattern = false;
                st.command = true;
            }
            return;
        }
        if !command {
            return;
        }
        match w {
            "if" | "then" | "else" | "elif" | "do" | "while" | "until" | "!" | "{" | "}" | "fi"
            | "done" | "esac" | "time" | "coproc" => st.command = true,
            "case" => st.case_head = 2,
            "[[" => st.cond = true,
            "for" => st.after_for = true,
            _ => st.command = is_assignment(w),
        }
    }

    /// The state after operator `o`.
    fn operator(&self, o: &str, st: &mut State) {
        if st.cond {
            return;
        }
        if st.case_pattern {
            if o == ")" {
                st.case_pattern = false;
                st.command = true;
            }
            return;
        }
        match o {
            ";;" | ";&" | ";;&" => {
                st.case_pattern = true;
                st.command = false;
            }
            "<<" | "<<-" => {
                // The tag, the body and the end tag follow.
                st.skip = 3;
                st.command = false;
            }
            ";" | "&" | "&&" | "||" | "|" | "|&" | "\n" | "(" | ")" => st.command = true,
            _ => st.command = false,
        }
    }
}

/// `NAME=...` or `NAME[...]=...` / `+=`: an assignment word.
fn is_assignment(w: &str) -> bool {
    let Some(eq) = w.find('=') else {
        return false;
    };
    let name = w.get(..eq).unwrap_or("");
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = name.split('[').next().unwrap_or("");
    crate::names::valid_name(name)
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, defs: &[(&str, &str)]) -> Result<String, TooLarge> {
        let aliases: Aliases = defs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let lexed = crate::syntax::lexer::lex(text, Options::default(), 100).unwrap();
        let out = expand(&lexed, text, &aliases, Options::default(), 100)?;
        Ok(out
            .toks
            .iter()
            .map(|t| out.text(t, text).replace('\n', "NL"))
            .collect::<Vec<_>>()
            .join(" "))
    }

    #[test]
    fn command_position_only() {
        let d = [("a", "echo A"), ("b", "B")];
        assert_eq!(run("a b; b a", &d).unwrap(), "echo A b ; B a");
        assert_eq!(
            run("x=1 a | a && a", &d).unwrap(),
            "x=1 echo A | echo A && echo A"
        );
        assert_eq!(
            run("if a; then a; fi", &d).unwrap(),
            "if echo A ; then echo A ; fi"
        );
        assert_eq!(run("echo then a", &d).unwrap(), "echo then a");
        assert_eq!(
            run("case a in a) a;; b) b;; esac", &d).unwrap(),
            "case a in a ) echo A ;; b ) B ;; esac"
        );
        assert_eq!(run("[[ a && a ]]", &d).unwrap(), "[[ a && a ]]");
        assert_eq!(run("'a' \\a", &d).unwrap(), "'a' \\a");
        assert_eq!(run("((a)); a", &d).unwrap(), "( ( a ) ) ; echo A");
        assert_eq!(
            run("for ((a;a;)); do a; done", &d).unwrap(),
            "for ( ( a ; a ; ) ) ; do echo A ; done"
        );
        assert_eq!(
            run("cat <<a\na\na\na", &d).unwrap(),
            "cat << a  a NL echo A NL echo A"
        );
    }

    #[test]
    fn trailing_blank_chains() {
        let d = [("run", "echo "), ("x", "X"), ("y", "Y")];
        assert_eq!(run("run x y", &d).unwrap(), "echo X y");
        let d = [("run", "echo"), ("x", "X")];
        assert_eq!(run("run x", &d).unwrap(), "echo x");
    }

    #[test]
    fn self_and_mutual_references_end() {
        assert_eq!(run("ls", &[("ls", "ls -l")]).unwrap(), "ls -l");
        assert_eq!(run("a", &[("a", "b"), ("b", "a")]).unwrap(), "a");
        assert_eq!(run("a", &[("a", "a a ")]).unwrap(), "a a");
        let d = [("a0", "a1 a1 "), ("a1", "a2 a2 "), ("a2", "echo ")];
        assert_eq!(run("a0 x", &d).unwrap(), "echo echo echo echo x");
        // Each level doubles: the bound stops it.
        let defs: Vec<(String, String)> = (0..40)
            .map(|i| (format!("a{i}"), format!("a{} a{} ", i + 1, i + 1)))
            .collect();
        let d: Vec<(&str, &str)> = defs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert!(run("a0", &d).is_err());
    }
}
