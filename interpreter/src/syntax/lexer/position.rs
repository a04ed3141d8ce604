//! Where a token stands in the command being read, as far as the lexer
//! must know it: inside a `case` command's patterns (whose `)` does not
//! close a `$( )`, [`Cases`]), and where bash accepts an assignment word
//! (where `NAME[` reads its subscript whole, blanks, newlines and
//! operators included, [`Position`]), as bash's `read_token_word` does.
//!
//! Invariant: a subscript is read whole only where bash reads one: a
//! word starting `NAME[` where an assignment may stand (a command's
//! start, after assignments and redirections), and a word starting `[`
//! inside a compound assignment's parentheses, checked by
//! `lexer::tests::a_subscript_is_read_whole_where_an_assignment_may_stand`.

use super::Op;

/// Where `case` commands inside one `$( )` body are, so that a pattern's
/// `)` does not close the body.
#[derive(Default)]
pub(super) struct Cases {
    /// Open `case` commands, innermost last.
    stack: Vec<CaseAt>,
    /// The next word is in command position.
    not_command: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CaseAt {
    /// After `case`: the subject next.
    Subject,
    /// After the subject: `in` next.
    In,
    /// Reading patterns, up to `)`.
    Pattern,
    /// Reading an arm's commands.
    Body,
}

impl Cases {
    pub(super) fn word(&mut self, w: &[u8]) {
        // Inside `$( )` a word keeps the blanks before it.
        let w = w.trim_ascii_start();
        let command = !self.not_command;
        self.not_command = true;
        match self.stack.last_mut() {
            Some(at @ CaseAt::Subject) => {
                *at = CaseAt::In;
                return;
            }
            Some(CaseAt::In) => {
                if w == b"in" {
                    if let Some(at) = self.stack.last_mut() {
                        *at = CaseAt::Pattern;
                    }
                } else {
                    self.stack.pop();
                }
                return;
            }
            Some(CaseAt::Pattern) => {
                if w == b"esac" {
                    self.stack.pop();
                }
                return;
            }
            _ => {}
        }
        if !command {
            return;
        }
        match w {
            b"case" => self.stack.push(CaseAt::Subject),
            b"esac" if self.stack.last() == Some(&CaseAt::Body) => {
                self.stack.pop();
            }
            b"if" | b"then" | b"else" | b"elif" | b"do" | b"while" | b"until" | b"!" | b"{"
            | b"}" | b"fi" | b"done" | b"time" => self.not_command = false,
            _ => {}
        }
    }

    /// After operator `op`; whether it is a pattern's optional `(`.
    pub(super) fn op(&mut self, op: Op) -> bool {
        match self.stack.last_mut() {
            Some(CaseAt::Pattern) => return op == Op::LParen,
            Some(CaseAt::Subject | CaseAt::In) if op != Op::Newline => {
                self.stack.pop();
            }
            Some(at @ CaseAt::Body) if matches!(op, Op::DSemi | Op::SemiAnd | Op::DSemiAnd) => {
                *at = CaseAt::Pattern;
                return false;
            }
            _ => {}
        }
        self.not_command = !matches!(
            op,
            Op::Semi
                | Op::Amp
                | Op::AndIf
                | Op::OrIf
                | Op::Pipe
                | Op::PipeAnd
                | Op::Newline
                | Op::LParen
                | Op::RParen
        );
        false
    }

    /// At a `)`: whether it ends a pattern (and now the arm's commands
    /// are read).
    pub(super) fn closes_pattern(&mut self) -> bool {
        match self.stack.last_mut() {
            Some(at @ CaseAt::Pattern) => {
                *at = CaseAt::Body;
                self.not_command = false;
                true
            }
            _ => false,
        }
    }
}

impl Cases {
    /// Whether a command may start at the next word (not a `case`
    /// command's subject, `in` or patterns).
    fn command_position(&self) -> bool {
        !self.not_command
            && !matches!(
                self.stack.last(),
                Some(CaseAt::Subject | CaseAt::In | CaseAt::Pattern)
            )
    }
}

/// Where the tokens of one level (the script, or a `$( )` body) stand:
/// fed every word and operator in the order they are read.
#[derive(Default)]
pub(super) struct Position {
    cases: Cases,
    /// No assignment word can stand at the next word.
    no_assign: bool,
    /// After a redirection operator (its target next): whether an
    /// assignment could stand before it.
    redirect: Option<bool>,
    /// Where the last word ended, if it is `NAME=` or `NAME+=` (a
    /// compound assignment's `(` may follow at once).
    assign_end: Option<usize>,
    /// Inside a compound assignment's parentheses, and whether an
    /// assignment could stand before it.
    array: Option<bool>,
}

impl Position {
    /// After a word ending at byte `end`.
    pub(super) fn word(&mut self, w: &[u8], end: usize) {
        let w = w.trim_ascii_start();
        if self.array.is_some() {
            return;
        }
        let assign_ok = !self.no_assign;
        let redirect = self.redirect.take();
        self.cases.word(w);
        self.no_assign = match redirect {
            Some(ok) => !ok,
            None => !(self.cases.command_position() || assign_ok && is_assignment(w)),
        };
        self.assign_end = (w.ends_with(b"=") && is_assignment(w)).then_some(end);
    }

    /// After operator `op` starting at byte `start`.
    pub(super) fn op(&mut self, op: Op, start: usize) {
        let assign_end = self.assign_end.take();
        if let Some(ok) = self.array {
            if op == Op::RParen {
                self.array = None;
                self.no_assign = !ok;
            }
            return;
        }
        if op == Op::LParen && assign_end == Some(start) {
            self.array = Some(!self.no_assign);
            return;
        }
        let assign_ok = !self.no_assign;
        if op != Op::RParen || !self.cases.closes_pattern() {
            self.cases.op(op);
        }
        if op.is_redirection() {
            self.redirect = Some(assign_ok);
            self.no_assign = true;
        } else {
            self.no_assign = !self.cases.command_position();
        }
    }

    /// Whether a `[` after `text` (the word so far) opens a subscript that
    /// bash reads to its `]`.
    pub(super) fn subscript_opens(&self, text: &[u8]) -> bool {
        let text = text.trim_ascii_start();
        match self.array {
            Some(_) => text.is_empty(),
            None => !self.no_assign && is_name(text),
        }
    }
}

/// A shell name: a letter or `_`, then letters, digits and `_`.
fn is_name(w: &[u8]) -> bool {
    w.first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
        && w.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

/// Whether `w` is an assignment word: `NAME=`, `NAME+=`, `NAME[...]=` or
/// `NAME[...]+=`, then anything.
fn is_assignment(w: &[u8]) -> bool {
    let name = w
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    if !is_name(w.get(..name).unwrap_or(&[])) {
        return false;
    }
    let rest = w.get(name..).unwrap_or(&[]);
    let assigns = |r: &[u8]| r.starts_with(b"=") || r.starts_with(b"+=");
    if rest.starts_with(b"[") {
        // Some `]` of the subscript is followed by the operator.
        return (1..rest.len())
            .any(|i| rest.get(i) == Some(&b']') && assigns(rest.get(i + 1..).unwrap_or(&[])));
    }
    assigns(rest)
}
