//! Arithmetic in expansions: `$(( ))`, `(( ))` and subscripts evaluated
//! over the shell's variables ([`ShellArith`]).

use std::sync::Arc;

use crate::arith::{self, ArithEnv, ArithError};
use crate::ast::Arith;
use crate::shell::{Flow, Shell};
use crate::vars::Value;

impl Shell {
    /// Evaluates `$(( ))`; an error is fatal, as in a non-interactive bash.
    pub(crate) fn eval_arith(&mut self, a: &Arith) -> Result<i64, Flow> {
        match self.eval_arith_in(None, a)? {
            Some(v) => Ok(v),
            None => Err(Flow::Fatal(1)),
        }
    }

    /// Evaluates an arithmetic node for `command` (`((`, or `None` for
    /// `$(( ))`): its words expanded first when it has any. `None` when
    /// the expression failed and the error was reported (see
    /// [`Self::arith_failed`]).
    pub(crate) fn eval_arith_in(
        &mut self,
        command: Option<&str>,
        a: &Arith,
    ) -> Result<Option<i64>, Flow> {
        let r = if let Some(e) = &a.expr {
            self.arith_eval_expr_in(command, e, &a.text)
        } else {
            let text = self.expand_string(&a.word)?;
            self.arith_eval_text_in(command, &text)
        };
        match r {
            Ok(v) => Ok(Some(v)),
            Err(msg) => self.arith_failed(&msg).map(|()| None),
        }
    }

    /// Reports the message of an expression that failed. A subscript's
    /// error abandons the command as bash's `DISCARD` does
    /// ([`Self::discard`]); an unbound variable under `set -u` ends the
    /// shell (status 127 in `bash -c`); any other error is for the
    /// caller: `$(( ))` abandons the command, a command (`((`, `for ((`,
    /// `let`) fails with status 1.
    pub(crate) fn arith_failed(&mut self, msg: &str) -> Result<(), Flow> {
        // A subscript's error was reported where it happened.
        if let Some(f) = self.arith_subscript_flow.take() {
            return Err(f);
        }
        self.error(msg);
        if std::mem::take(&mut self.arith_in_subscript) {
            return Err(self.discard());
        }
        if std::mem::take(&mut self.arith_unbound) {
            return Err(Flow::Exit(self.expansion_exit_status()));
        }
        Ok(())
    }

    /// Bash's `jump_to_top_level (DISCARD)`: the flow that abandons the
    /// running command (see [`Shell::discarding`]).
    pub(crate) fn discard(&mut self) -> Flow {
        self.discarding = true;
        Flow::Fatal(1)
    }

    pub(crate) fn arith_eval_expr(&mut self, e: &arith::Expr, text: &str) -> Result<i64, String> {
        self.arith_eval_expr_in(None, e, text)
    }

    pub(crate) fn arith_eval_text(&mut self, text: &str) -> Result<i64, String> {
        self.arith_eval_text_in(None, text)
    }

    /// Evaluates a parsed expression; an error's message names `command`
    /// as bash's `evalerror` does (see [`arith::ArithError::message_in`]).
    pub(crate) fn arith_eval_expr_in(
        &mut self,
        command: Option<&str>,
        e: &arith::Expr,
        text: &str,
    ) -> Result<i64, String> {
        self.arith_run(command, text, |env| arith::eval(e, env))
    }

    /// [`Self::arith_eval_expr_in`] on text parsed now.
    pub(crate) fn arith_eval_text_in(
        &mut self,
        command: Option<&str>,
        text: &str,
    ) -> Result<i64, String> {
        self.arith_run(command, text, |env| arith::eval_str(text, env))
    }

    /// Runs `eval` over the shell's variables: the error's message (of
    /// `text`, for `command`), with where it was noted for
    /// [`Self::arith_failed`].
    fn arith_run(
        &mut self,
        command: Option<&str>,
        text: &str,
        eval: impl FnOnce(&mut dyn ArithEnv) -> Result<i64, ArithError>,
    ) -> Result<i64, String> {
        self.arith_unbound = false;
        self.arith_subscript_flow = None;
        let mut env = ShellArith { sh: self };
        let r = eval(&mut env).map_err(|err| {
            env.sh.arith_in_subscript = err.in_subscript;
            err.message_in(command, text)
        });
        self.flush_var_warnings();
        r
    }
}

/// An associative array's key written in arithmetic (`A['x']`,
/// `A["k"]`): bash removes its quotes.
fn arith_key(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => out.extend(chars.by_ref().take_while(|&c| c != '\'')),
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(n @ ('"' | '\\' | '$' | '`')) => out.push(n),
                            Some(n) => {
                                out.push('\\');
                                out.push(n);
                            }
                            None => out.push('\\'),
                        },
                        c => out.push(c),
                    }
                }
            }
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Most subscripts expanded inside one another by arithmetic (each level
/// is an expansion and an evaluation on the stack).
const MAX_SUBSCRIPT_NESTING: u32 = 64;

/// The shell's variables as arithmetic sees them.
struct ShellArith<'a> {
    sh: &'a mut Shell,
}

impl ArithEnv for ShellArith<'_> {
    fn expand_subscript(&mut self, raw: &str) -> Result<Option<String>, ArithError> {
        if self.sh.arith_subscripts >= MAX_SUBSCRIPT_NESTING {
            return Err(ArithError::other(format!(
                "{raw}: expression recursion level exceeded"
            )));
        }
        let word = crate::syntax::parser::word(raw, self.sh.limits.max_parse_depth)
            .map_err(|e| ArithError::other(format!("{raw}: {e}")))?;
        self.sh.arith_subscripts += 1;
        let r = self.sh.expand_string(&word);
        self.sh.arith_subscripts -= 1;
        match r {
            Ok(t) => Ok(Some(t)),
            Err(f) => {
                self.sh.arith_subscript_flow = Some(f);
                Err(ArithError::other(String::new()))
            }
        }
    }

    fn get(&mut self, name: &str, index: Option<&str>) -> Result<Option<String>, ArithError> {
        match index {
            None => {
                let v = self.sh.lookup(name);
                if v.is_none() && self.sh.opts.nounset {
                    self.sh.arith_unbound = true;
                    return Err(ArithError::other(format!("{name}: unbound variable")));
                }
                Ok(v)
            }
            Some(i) => Ok(match self.sh.vars.get(name).map(|v| &v.value) {
                Some(Value::Assoc(m)) => m.get(&arith_key(i)).cloned(),
                Some(Value::Indexed(m)) => {
                    let idx: i64 = i.parse().unwrap_or(0);
                    let idx = if idx < 0 {
                        m.keys()
                            .next_back()
                            .copied()
                            .unwrap_or(-1)
                            .saturating_add(1 + idx)
                    } else {
                        idx
                    };
                    m.get(&idx).cloned()
                }
                Some(Value::Str(s)) if i == "0" => Some(s.clone()),
                _ => None,
            }),
        }
    }

    fn set(&mut self, name: &str, index: Option<&str>, value: i64) -> Result<(), ArithError> {
        let r = match index {
            None => self.sh.set_var(name, value.to_string()),
            Some(i) => {
                let vars = Arc::make_mut(&mut self.sh.vars);
                if matches!(vars.get(name).map(|v| &v.value), Some(Value::Assoc(_))) {
                    vars.set_key(name, arith_key(i), value.to_string())
                } else {
                    // A negative index counts back from the end, as it
                    // does when read; one before the start stores nothing.
                    let idx: i64 = i.parse().unwrap_or(0);
                    let idx = if idx < 0 {
                        let end = match vars.get(name).map(|v| &v.value) {
                            Some(Value::Indexed(m)) => {
                                m.keys().next_back().map_or(0, |k| k.saturating_add(1))
                            }
                            Some(Value::Str(_)) => 1,
                            _ => 0,
                        };
                        end.saturating_add(idx)
                    } else {
                        idx
                    };
                    if idx < 0 {
                        self.sh.error(&format!("{name}[{i}]: bad array subscript"));
                        return Ok(());
                    }
                    vars.set_index(name, idx, value.to_string())
                }
                .map_err(|e| e.to_string())
            }
        };
        r.map_err(ArithError::other)
    }

    fn is_assoc(&self, name: &str) -> bool {
        self.sh.is_assoc(name)
    }
}
