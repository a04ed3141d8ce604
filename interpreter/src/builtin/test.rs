//! `test` / `[`, and the evaluation of `[[ ]]`.

use std::sync::Arc;

use brush_parser::ast::{BinaryPredicate as B, UnaryPredicate as U};
use sandbash_vfs::FileSystem;

use crate::ast::TestNode;
use crate::pattern::PatternPiece;
use crate::shell::{Exec, Flow, Shell};
use crate::test_expr::{self, TestEnv};
use crate::vars::{Value, Var};

impl TestEnv for Shell {
    fn fs(&self) -> &dyn FileSystem {
        &*self.sys.fs
    }

    fn cwd(&self) -> &str {
        &self.cwd
    }

    fn var_is_set(&self, name: &str) -> bool {
        let base = name.split_once('[').map_or(name, |(n, _)| n);
        let dynamic = self.dynamic_used(base).map(|d| Var {
            value: self.dynamic_peek(d),
            attrs: 0,
        });
        let var = |n: &str| dynamic.as_ref().or_else(|| self.vars.get(n));
        if let Some((n, rest)) = name.split_once('[') {
            let key = rest.trim_end_matches(']');
            return match var(n).map(|v| &v.value) {
                // A negative index counts back from the end.
                Some(Value::Indexed(m)) => key.parse::<i64>().is_ok_and(|i| {
                    let i = if i < 0 {
                        m.keys()
                            .next_back()
                            .map_or(0, |k| k.saturating_add(1))
                            .saturating_add(i)
                    } else {
                        i
                    };
                    m.contains_key(&i)
                }),
                Some(Value::Assoc(m)) => m.contains_key(key),
                Some(Value::Str(_)) => key == "0",
                _ => false,
            };
        }
        var(name).is_some_and(|v| v.is_set())
    }

    fn var_is_nameref(&self, name: &str) -> bool {
        self.vars
            .get_raw(name)
            .is_some_and(|v| v.attrs & crate::vars::NAMEREF != 0 && v.is_set())
    }

    fn is_terminal(&self, fd: i64) -> bool {
        usize::try_from(fd).is_ok_and(|n| self.fd_is_terminal(n))
    }

    fn option_enabled(&self, name: &str) -> Option<bool> {
        super::options::set_option_state(&self.opts, name)
    }
}

pub(crate) fn test(sh: &mut Shell, args: &[String]) -> Exec {
    let name = args.first().map(String::as_str).unwrap_or("test");
    let mut operands = args.get(1..).unwrap_or(&[]);
    if name == "[" {
        match operands.split_last() {
            Some((last, rest)) if last == "]" => operands = rest,
            _ => {
                sh.builtin_error("[", "missing `]'");
                return Ok(2);
            }
        }
    }
    match test_expr::eval_test_args(operands, &*sh) {
        Ok(b) => Ok(i32::from(!b)),
        Err(e) => {
            let e = if name == "[" { e.for_bracket() } else { e };
            sh.builtin_error(name, &e.to_string());
            Ok(2)
        }
    }
}

fn unary_op(p: &U) -> &'static str {
    match p {
        U::FileExists => "-e",
        U::FileExistsAndIsBlockSpecialFile => "-b",
        U::FileExistsAndIsCharSpecialFile => "-c",
        U::FileExistsAndIsDir => "-d",
        U::FileExistsAndIsRegularFile => "-f",
        U::FileExistsAndIsSetgid => "-g",
        U::FileExistsAndIsSymlink => "-L",
        U::FileExistsAndHasStickyBit => "-k",
        U::FileExistsAndIsFifo => "-p",
        U::FileExistsAndIsReadable => "-r",
        U::FileExistsAndIsNotZeroLength => "-s",
        U::FdIsOpenTerminal => "-t",
        U::FileExistsAndIsSetuid => "-u",
        U::FileExistsAndIsWritable => "-w",
        U::FileExistsAndIsExecutable => "-x",
        U::FileExistsAndOwnedByEffectiveGroupId => "-G",
        U::FileExistsAndModifiedSinceLastRead => "-N",
        U::FileExistsAndOwnedByEffectiveUserId => "-O",
        U::FileExistsAndIsSocket => "-S",
        U::ShellOptionEnabled => "-o",
        U::ShellVariableIsSetAndAssigned => "-v",
        U::ShellVariableIsSetAndNameRef => "-R",
        U::StringHasZeroLength => "-z",
        U::StringHasNonZeroLength => "-n",
    }
}

/// Why `[[ ]]` failed: its message (none for a bad regular expression)
/// and status.
pub(crate) struct CondFail {
    message: String,
    status: i32,
}

impl CondFail {
    /// A misused operator or a bad regular expression: status 2.
    fn usage(message: String) -> Self {
        CondFail { message, status: 2 }
    }

    /// An arithmetic operand's error (`[[ 1/0 -eq 1 ]]`): status 1 and
    /// the message named for `[[`, as bash reports it.
    fn arith(message: String) -> Self {
        CondFail {
            message: format!("[[: {message}"),
            status: 1,
        }
    }
}

impl Shell {
    /// Runs `[[ ... ]]`: 0 true, 1 false, 2 on error (1 for an arithmetic
    /// operand's).
    pub(crate) fn eval_test_command(&mut self, t: &TestNode) -> Exec {
        match self.eval_test(t) {
            Ok(Ok(b)) => Ok(i32::from(!b)),
            Ok(Err(CondFail { message, status })) => {
                if !message.is_empty() {
                    self.error(&message);
                }
                Ok(status)
            }
            Err(f) => Err(f),
        }
    }

    fn eval_test(&mut self, t: &TestNode) -> Result<Result<bool, CondFail>, Flow> {
        self.eval_test_as(t, "")
    }

    /// `bang` is `! ` for a test right under `!`, which `set -x` shows
    /// inside the brackets.
    fn eval_test_as(&mut self, t: &TestNode, bang: &str) -> Result<Result<bool, CondFail>, Flow> {
        Ok(Ok(match t {
            TestNode::And(a, b) => {
                match self.eval_test(a)? {
                    Ok(true) => {}
                    other => return Ok(other),
                }
                return self.eval_test(b);
            }
            TestNode::Or(a, b) => {
                match self.eval_test(a)? {
                    Ok(false) => {}
                    other => return Ok(other),
                }
                return self.eval_test(b);
            }
            TestNode::Not(a) => match self.eval_test_as(a, "! ")? {
                Ok(b) => !b,
                e => return Ok(e),
            },
            TestNode::Unary(p, w) => {
                let s = self.expand_string(w)?;
                if self.opts.xtrace {
                    let operand = crate::xtrace::test_operand(&s);
                    self.trace(&format!("[[ {bang}{p} {operand} ]]"));
                }
                test_expr::unary(unary_op(p), &s, &*self).unwrap_or(false)
            }
            TestNode::Binary(p, l, r, written) => {
                let left = self.expand_string(l)?;
                if self.opts.xtrace {
                    self.trace_test_binary(bang, p, written, &left, r)?;
                }
                match p {
                    B::StringExactlyMatchesPattern | B::StringDoesNotExactlyMatchPattern => {
                        let m = self.matches_pattern(
                            r,
                            &left,
                            // `[[ == ]]` reads extended patterns whatever
                            // `extglob` says, as bash does.
                            crate::pattern::PatternOptions {
                                extglob: true,
                                nocase: self.opts.nocasematch,
                            },
                        )?;
                        m == matches!(p, B::StringExactlyMatchesPattern)
                    }
                    B::StringMatchesRegex => return self.regex_match(&left, r),
                    B::StringExactlyMatchesString => left == self.expand_string(r)?,
                    B::StringDoesNotExactlyMatchString => left != self.expand_string(r)?,
                    B::StringContainsSubstring => left.contains(&self.expand_string(r)?),
                    B::LeftSortsBeforeRight => left < self.expand_string(r)?,
                    B::LeftSortsAfterRight => left > self.expand_string(r)?,
                    B::ArithmeticEqualTo
                    | B::ArithmeticNotEqualTo
                    | B::ArithmeticLessThan
                    | B::ArithmeticLessThanOrEqualTo
                    | B::ArithmeticGreaterThan
                    | B::ArithmeticGreaterThanOrEqualTo => {
                        let right = self.expand_string(r)?;
                        let a = match self.arith_eval_text(&left) {
                            Ok(v) => v,
                            Err(m) => return Ok(Err(CondFail::arith(m))),
                        };
                        let b = match self.arith_eval_text(&right) {
                            Ok(v) => v,
                            Err(m) => return Ok(Err(CondFail::arith(m))),
                        };
                        match p {
                            B::ArithmeticEqualTo => a == b,
                            B::ArithmeticNotEqualTo => a != b,
                            B::ArithmeticLessThan => a < b,
                            B::ArithmeticLessThanOrEqualTo => a <= b,
                            B::ArithmeticGreaterThan => a > b,
                            _ => a >= b,
                        }
                    }
                    B::FilesReferToSameDeviceAndInodeNumbers
                    | B::LeftFileIsNewerOrExistsWhenRightDoesNot
                    | B::LeftFileIsOlderOrDoesNotExistWhenRightDoes => {
                        let op = match p {
                            B::FilesReferToSameDeviceAndInodeNumbers => "-ef",
                            B::LeftFileIsNewerOrExistsWhenRightDoesNot => "-nt",
                            _ => "-ot",
                        };
                        let right = self.expand_string(r)?;
                        match test_expr::binary(op, &left, &right, &*self) {
                            Ok(b) => b,
                            Err(e) => return Ok(Err(CondFail::usage(e.to_string()))),
                        }
                    }
                }
            }
        }))
    }

    /// `[[ s =~ re ]]`: quoted parts of `re` match literally; sets BASH_REMATCH.
    fn regex_match(
        &mut self,
        s: &str,
        w: &crate::ast::Word,
    ) -> Result<Result<bool, CondFail>, Flow> {
        let pieces = self.expand_pattern(w)?;
        // The C locale matches bytes (`.` is one byte): the regex and the
        // subject are matched as one character per byte, and the captures
        // turned back into shell text.
        let bytes = !self.vars.utf8_locale();
        let as_text = |t: &str| {
            if bytes {
                crate::bytes::byte_chars(t).into_owned()
            } else {
                t.to_owned()
            }
        };
        let mut src = String::new();
        let mut bracket = Bracket::Out;
        for p in &pieces {
            match p {
                // Inside a bracket expression bash adds no backslashes
                // (one would be a member there): `["a-z"]` is `[a-z]`.
                PatternPiece::Literal(t) if bracket != Bracket::Out => {
                    for c in as_text(t).chars() {
                        if matches!(c, '\\' | '[') {
                            src.push('\\');
                        }
                        src.push(c);
                    }
                    bracket = Bracket::In;
                }
                PatternPiece::Literal(t) => src.push_str(&regex::escape(&as_text(t))),
                PatternPiece::Pattern(t) => {
                    let t = as_text(t);
                    bracket = bracket.after(&t);
                    src.push_str(&t);
                }
            }
        }
        // A stand-in takes four bytes: the subject's copy is charged to
        // the run's memory room.
        if bytes && !s.is_ascii() && s.len().saturating_mul(4) > self.mem_room() {
            return Err(self.run.memory_exceeded());
        }
        let subject = if bytes {
            crate::bytes::byte_chars(s)
        } else {
            std::borrow::Cow::Borrowed(s)
        };
        let re = match regex::RegexBuilder::new(&src)
            .size_limit(1 << 22)
            .case_insensitive(self.opts.nocasematch)
            .build()
        {
            Ok(r) => r,
            // An invalid regex is status 2 in bash, with no message.
            Err(_) => return Ok(Err(CondFail::usage(String::new()))),
        };
        let vars = Arc::make_mut(&mut self.vars);
        match re.captures(&subject) {
            Some(c) => {
                let m = c
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        (
                            i as i64,
                            g.map(|g| {
                                if bytes {
                                    crate::bytes::from_byte_chars(g.as_str())
                                } else {
                                    g.as_str().to_owned()
                                }
                            })
                            .unwrap_or_default(),
                        )
                    })
                    .collect();
                let _ = vars.set_value("BASH_REMATCH", Value::Indexed(m));
                Ok(Ok(true))
            }
            None => {
                let _ = vars.set_value("BASH_REMATCH", Value::Indexed(Default::default()));
                Ok(Ok(false))
            }
        }
    }
}

/// Where the text of a `[[ =~ ]]` regex built so far stands with respect
/// to bracket expressions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bracket {
    Out,
    /// Right after `[` or `[^`, where `]` is a member.
    Opened,
    In,
}

impl Bracket {
    /// The state after the regex text `t`.
    fn after(self, t: &str) -> Self {
        let mut state = self;
        let mut chars = t.chars().peekable();
        while let Some(c) = chars.next() {
            state = match (state, c) {
                (Bracket::Out, '\\') => {
                    chars.next();
                    Bracket::Out
                }
                (Bracket::Out, '[') => {
                    chars.next_if_eq(&'^');
                    Bracket::Opened
                }
                (Bracket::Out, _) => Bracket::Out,
                (Bracket::Opened, ']') => Bracket::In,
                (_, '[') if chars.peek().is_some_and(|n| matches!(n, ':' | '.' | '=')) => {
                    // `[:alpha:]`, `[.x.]`, `[=x=]`: skipped whole.
                    let kind = chars.next().unwrap_or(':');
                    let mut prev = kind;
                    for n in chars.by_ref() {
                        if prev == kind && n == ']' {
                            break;
                        }
                        prev = n;
                    }
                    Bracket::In
                }
                (_, ']') => Bracket::Out,
                _ => Bracket::In,
            };
        }
        state
    }
}
