//! Compound commands as bash prints them: `then`/`do` on the condition's
//! line (`for`'s `do` on a line of its own), `elif` as an `if` inside
//! `else`, a group on one line outside a function.

use super::command::{Printer, STEP};
use crate::ast::{Arith, CaseAction, Compound, List};

impl<'a> Printer<'a> {
    pub(super) fn compound(&mut self, c: &'a Compound) {
        match c {
            Compound::Brace(list) if self.outside_function => {
                // Bash's `print_group_command` outside a function: one line.
                self.push("{ ");
                self.skip += 1;
                self.list(list);
                self.flush_deferred("");
                self.semicolon();
                self.push(" }");
            }
            Compound::Brace(list) => {
                self.push("{ \n");
                self.indent += STEP;
                self.list(list);
                self.flush_deferred("");
                self.push("\n");
                self.indent -= STEP;
                self.pad();
                self.push("}");
            }
            Compound::Subshell(list) => {
                self.push("( ");
                self.skip += 1;
                self.list(list);
                self.flush_deferred("");
                self.push(" )");
            }
            Compound::If {
                branches,
                otherwise,
            } => self.if_clause(branches, otherwise.as_ref()),
            Compound::While { until, cond, body } => {
                self.push(if *until { "until " } else { "while " });
                self.skip += 1;
                self.list(cond);
                self.flush_deferred("");
                self.semicolon();
                self.push(" do\n");
                self.indent += STEP;
                self.list(body);
                self.flush_deferred("");
                self.indent -= STEP;
                self.semicolon();
                self.newline("done");
            }
            Compound::For {
                var,
                words,
                raw,
                body,
                ..
            }
            | Compound::Select {
                var,
                words,
                raw,
                body,
                ..
            } => {
                let select = matches!(c, Compound::Select { .. });
                let keyword = if select { "select " } else { "for " };
                self.for_clause(keyword, var, words.is_some(), raw, body);
            }
            Compound::ArithFor {
                init,
                cond,
                step,
                body,
                ..
            } => {
                // Bash keeps each part as written after its leading blanks.
                let head = format!("for (({}; {}; {}))", part(init), part(cond), part(step));
                self.push(&head);
                self.do_group(body);
            }
            Compound::Case { raw, items, .. } => {
                self.push("case ");
                let subject = (self.word_text)(raw, self.depth);
                self.push(&subject);
                self.push(" in ");
                self.indent += STEP;
                for item in items {
                    self.newline("");
                    self.push(&item.shown.0);
                    self.push(")\n");
                    self.indent += STEP;
                    self.list(&item.body);
                    self.indent -= STEP;
                    self.flush_deferred("");
                    self.newline(match item.action {
                        CaseAction::Break => ";;",
                        CaseAction::FallThrough => ";&",
                        CaseAction::Continue => ";;&",
                    });
                }
                self.indent -= STEP;
                self.newline("esac");
            }
            Compound::Arith(a) => {
                self.push("((");
                self.push(&a.text);
                self.push("))");
            }
            Compound::Test(_, _, text) => self.push(text),
            Compound::Coproc { name, body, .. } => {
                self.push("coproc ");
                self.push(name);
                self.push(" ");
                self.skip += 1;
                self.command(body);
            }
        }
    }

    /// `for` or `select`: its words (`"$@"` when none were written).
    fn for_clause(&mut self, keyword: &str, var: &str, listed: bool, raw: &str, body: &'a List) {
        self.push(keyword);
        self.push(var);
        self.push(" in ");
        if listed {
            let words = (self.word_text)(raw, self.depth);
            self.push(&words);
        } else {
            self.push("\"$@\"");
        }
        self.push(";");
        self.do_group(body);
    }

    /// `if`; an `elif` is printed as bash keeps it, an `if` inside `else`.
    fn if_clause(&mut self, branches: &'a [(List, List)], otherwise: Option<&'a List>) {
        let Some(((cond, then), rest)) = branches.split_first() else {
            return;
        };
        self.push("if ");
        self.skip += 1;
        self.list(cond);
        self.semicolon();
        self.push(" then\n");
        self.indent += STEP;
        self.list(then);
        self.flush_deferred("");
        self.indent -= STEP;
        if !rest.is_empty() || otherwise.is_some() {
            self.semicolon();
            self.newline("else\n");
            self.indent += STEP;
            if rest.is_empty() {
                if let Some(list) = otherwise {
                    self.list(list);
                }
            } else {
                self.start();
                self.if_clause(rest, otherwise);
            }
            self.flush_deferred("");
            self.indent -= STEP;
        }
        self.semicolon();
        self.newline("fi");
    }

    /// `do` on a line of its own, the body, `done` (`for` loops).
    fn do_group(&mut self, body: &'a List) {
        self.newline("do\n");
        self.indent += STEP;
        self.list(body);
        self.flush_deferred("");
        self.semicolon();
        self.indent -= STEP;
        self.newline("done");
    }
}

/// A part of `for (( ; ; ))` as bash keeps it: as written after its
/// leading blanks.
fn part(a: &Option<Box<Arith>>) -> &str {
    a.as_ref().map_or("", |a| a.text.trim_start())
}
