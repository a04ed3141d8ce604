//! `[[ ]]`: the expression read as token indices (its rules read ahead
//! and may give up), then resolved, with the text bash shows for it.

use brush_parser::ast::{BinaryPredicate as B, UnaryPredicate as U};

use super::deviation::{self, Deviation};
use super::{Fail, G, Parser, Span};
use crate::ast::TestNode;
use crate::syntax::lexer::Op;

/// An expression of `[[ ]]` as read: operands are token indices.
enum T {
    And(Box<T>, Box<T>),
    Or(Box<T>, Box<T>),
    Not(Box<T>),
    Paren(Box<T>),
    Unary(U, usize),
    /// The operator, the left operand, the right one.
    Binary(B, usize, Right),
}

/// The right operand of a binary test.
enum Right {
    Word(usize),
    /// A `=~` regular expression's tokens, joined.
    Regex(String),
}

/// The predicate of a binary operator written as a word.
pub(crate) fn binary_predicate(op: &str) -> Option<B> {
    Some(match op {
        "-eq" => B::ArithmeticEqualTo,
        "-ne" => B::ArithmeticNotEqualTo,
        "-lt" => B::ArithmeticLessThan,
        "-le" => B::ArithmeticLessThanOrEqualTo,
        "-gt" => B::ArithmeticGreaterThan,
        "-ge" => B::ArithmeticGreaterThanOrEqualTo,
        "-ef" => B::FilesReferToSameDeviceAndInodeNumbers,
        "-nt" => B::LeftFileIsNewerOrExistsWhenRightDoesNot,
        "-ot" => B::LeftFileIsOlderOrDoesNotExistWhenRightDoes,
        "==" | "=" => B::StringExactlyMatchesPattern,
        "!=" => B::StringDoesNotExactlyMatchPattern,
        _ => return None,
    })
}

/// The predicate of a unary operator.
pub(crate) fn unary_predicate(op: &str) -> Option<U> {
    Some(match op {
        "-a" | "-e" => U::FileExists,
        "-b" => U::FileExistsAndIsBlockSpecialFile,
        "-c" => U::FileExistsAndIsCharSpecialFile,
        "-d" => U::FileExistsAndIsDir,
        "-f" => U::FileExistsAndIsRegularFile,
        "-g" => U::FileExistsAndIsSetgid,
        "-h" | "-L" => U::FileExistsAndIsSymlink,
        "-k" => U::FileExistsAndHasStickyBit,
        "-n" => U::StringHasNonZeroLength,
        "-o" => U::ShellOptionEnabled,
        "-p" => U::FileExistsAndIsFifo,
        "-r" => U::FileExistsAndIsReadable,
        "-s" => U::FileExistsAndIsNotZeroLength,
        "-t" => U::FdIsOpenTerminal,
        "-u" => U::FileExistsAndIsSetuid,
        "-v" => U::ShellVariableIsSetAndAssigned,
        "-w" => U::FileExistsAndIsWritable,
        "-x" => U::FileExistsAndIsExecutable,
        "-z" => U::StringHasZeroLength,
        "-G" => U::FileExistsAndOwnedByEffectiveGroupId,
        "-N" => U::FileExistsAndModifiedSinceLastRead,
        "-O" => U::FileExistsAndOwnedByEffectiveUserId,
        "-R" => U::ShellVariableIsSetAndNameRef,
        "-S" => U::FileExistsAndIsSocket,
        _ => return None,
    })
}

impl Parser<'_> {
    /// `[[ … ]]`: the expression, its line, its text as bash shows it
    /// (`$BASH_COMMAND`), its span.
    pub(super) fn extended_test_command(&mut self) -> G<(TestNode, u32, String, Span)> {
        let open = self.pos;
        let (t, span) = self.extended_test_inner().map_err(|f| match f {
            Fail::At(at) => Fail::Cond { open, at },
            deep => deep,
        })?;
        let mut text = String::from("[[ ");
        let node = self.resolve_test(&t, &mut text);
        text.push_str(" ]]");
        Ok((node, self.line_of(span.line), text, span))
    }

    fn extended_test_inner(&mut self) -> G<(T, Span)> {
        let start = self.expect_word("[[")?;
        self.linebreak();
        let Some(expr) = self.test_expr(0)? else {
            return self.fail();
        };
        self.linebreak();
        let end = self.expect_word("]]")?;
        Ok((expr, start.to(end)))
    }

    /// Precedence climbing: level 0 reads `||`, 1 `&&`, 2 only operands.
    /// `None` (nothing taken) where no expression starts.
    fn test_expr(&mut self, level: u8) -> G<Option<T>> {
        self.enter()?;
        let e = self.test_expr_inner(level);
        self.leave();
        e
    }

    fn test_expr_inner(&mut self, level: u8) -> G<Option<T>> {
        let Some(mut left) = self.test_operand()? else {
            return Ok(None);
        };
        'ops: loop {
            for (op, op_level) in [(Op::OrIf, 0u8), (Op::AndIf, 1)] {
                if level > op_level {
                    continue;
                }
                let save = self.pos;
                self.linebreak();
                if self.op(op) {
                    self.linebreak();
                    if let Some(right) = self.test_expr(op_level + 1)? {
                        left = if op_level == 0 {
                            T::Or(Box::new(left), Box::new(right))
                        } else {
                            T::And(Box::new(left), Box::new(right))
                        };
                        continue 'ops;
                    }
                }
                self.pos = save;
            }
            return Ok(Some(left));
        }
    }

    fn test_operand(&mut self) -> G<Option<T>> {
        let start = self.pos;
        if self.word_is("!") {
            if let Some(e) = self.test_expr(2)? {
                return Ok(Some(T::Not(Box::new(e))));
            }
            self.pos = start;
        }
        if self.op(Op::LParen) {
            if let Some(e) = self.test_expr(0)?
                && self.op(Op::RParen)
            {
                return Ok(Some(T::Paren(Box::new(e))));
            }
            self.pos = start;
        }
        let Some(left) = self.word_text(start) else {
            return Ok(None);
        };
        // Bash's `cond_term`: a unary operator takes the next word,
        // whatever it is (`[[ -n == ]]` tests `==`, `[[ -n == x ]]` is an
        // error); brush-parser's rule tries a binary test first.
        if let Some(pred) = unary_predicate(left) {
            let binary_next = |op: &str| binary_predicate(op).is_some() || op == "=~";
            if self.is_word(start + 1) {
                if self.word_text(start + 1).is_some_and(binary_next) {
                    deviation::note(Deviation::UnaryOperatorFirst);
                }
                self.pos = start + 2;
                return Ok(Some(T::Unary(pred, start + 1)));
            }
            if self.op_at(start + 1, Op::Less) || self.op_at(start + 1, Op::Great) {
                deviation::note(Deviation::UnaryOperatorFirst);
                return Ok(None);
            }
        }
        if let Some(op) = self.word_text(start + 1) {
            if let Some(pred) = binary_predicate(op)
                && self.is_word(start + 2)
            {
                self.pos = start + 3;
                return Ok(Some(T::Binary(pred, start, Right::Word(start + 2))));
            }
            if op == "=~"
                && let Some(end) = self.regex_word(start + 2)?
            {
                let value = self.slice(start + 2, end);
                self.pos = end;
                let pred = if value.starts_with(['\'', '"']) {
                    B::StringContainsSubstring
                } else {
                    B::StringMatchesRegex
                };
                return Ok(Some(T::Binary(pred, start, Right::Regex(value))));
            }
        }
        for (op, pred) in [
            (Op::Less, B::LeftSortsBeforeRight),
            (Op::Great, B::LeftSortsAfterRight),
        ] {
            if self.op_at(start + 1, op) && self.is_word(start + 2) {
                self.pos = start + 3;
                return Ok(Some(T::Binary(pred, start, Right::Word(start + 2))));
            }
        }
        self.pos = start + 1;
        Ok(Some(T::Unary(U::StringHasNonZeroLength, start)))
    }

    /// `(!"]]" regex_word_piece)+` from `at`: where it ends.
    fn regex_word(&mut self, mut at: usize) -> G<Option<usize>> {
        let mut end = None;
        while !self.word_at(at, "]]") {
            match self.regex_piece(at)? {
                Some(next) => {
                    at = next;
                    end = Some(next);
                }
                None => break,
            }
        }
        Ok(end)
    }

    fn regex_piece(&mut self, at: usize) -> G<Option<usize>> {
        if let Some(known) = self.regex.get(&at) {
            return Ok(*known);
        }
        self.enter()?;
        let end = self.regex_piece_inner(at);
        self.leave();
        let end = end?;
        self.regex.insert(at, end);
        Ok(end)
    }

    fn regex_piece_inner(&mut self, at: usize) -> G<Option<usize>> {
        if self.is_word(at) || self.op_at(at, Op::Pipe) {
            return Ok(Some(at + 1));
        }
        if !self.op_at(at, Op::LParen) {
            return Ok(None);
        }
        let mut inner = at + 1;
        loop {
            if let Some(next) = self.regex_piece(inner)? {
                inner = next;
                continue;
            }
            if self.op_at(inner, Op::RParen) || inner >= self.toks.len() {
                break;
            }
            inner += 1;
        }
        Ok(self.op_at(inner, Op::RParen).then_some(inner + 1))
    }

    /// The node of `t`, its text as bash shows it appended to `out`: a
    /// lone word is `-n word`, `!` and parentheses are spaced out,
    /// operands are as written and so is a binary operator (`=` stays
    /// `=`).
    fn resolve_test(&mut self, t: &T, out: &mut String) -> TestNode {
        match t {
            T::And(l, r) | T::Or(l, r) => {
                let l = self.resolve_test(l, out);
                out.push_str(if matches!(t, T::And(..)) {
                    " && "
                } else {
                    " || "
                });
                let r = self.resolve_test(r, out);
                if matches!(t, T::And(..)) {
                    TestNode::And(Box::new(l), Box::new(r))
                } else {
                    TestNode::Or(Box::new(l), Box::new(r))
                }
            }
            T::Not(e) => {
                out.push_str("! ");
                TestNode::Not(Box::new(self.resolve_test(e, out)))
            }
            T::Paren(e) => {
                out.push_str("( ");
                let e = self.resolve_test(e, out);
                out.push_str(" )");
                e
            }
            T::Unary(p, w) => {
                let text = self.word_text(*w).unwrap_or_default();
                out.push_str(&format!(
                    "{p} {}",
                    crate::syntax::shown::shown_operand(text)
                ));
                TestNode::Unary(p.clone(), self.unbraced(text))
            }
            T::Binary(p, l, r) => {
                let left = self.word_text(*l).unwrap_or_default();
                let (right, written) = match r {
                    Right::Word(r) => {
                        let between = match (self.tok(*l), self.tok(*r)) {
                            (Some(a), Some(b)) => self
                                .src
                                .get(a.end as usize..(b.start as usize).max(a.end as usize))
                                .map(str::trim)
                                .filter(|op| !op.is_empty() && !op.contains(char::is_whitespace)),
                            _ => None,
                        };
                        (self.word_text(*r).unwrap_or_default(), between)
                    }
                    Right::Regex(v) => (v.as_str(), None),
                };
                let op = written.map_or_else(|| p.to_string(), str::to_owned);
                let shown = crate::syntax::shown::shown_operand;
                out.push_str(&format!("{} {op} {}", shown(left), shown(right)));
                // The right operand is resolved first, as the resolver did.
                let right = self.unbraced(right);
                TestNode::Binary(p.clone(), self.unbraced(left), right, op.into())
            }
        }
    }
}
