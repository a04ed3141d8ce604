//! The old printer: bash's text of a function or command from
//! brush-parser's tree of its text (`grammar.rs`), kept for the tests and
//! fuzz targets that compare the printer over `ast.rs` with it.

use std::borrow::Cow;

use brush_parser::ast as b;

#[cfg(test)]
use super::listing::{COMMAND_BODIES_BUDGET, FUNCTION_BODIES_BUDGET, with_budget};
use super::listing::{take_budget, word_text_with};
#[cfg(test)]
use crate::ast::FuncDef;
use crate::print::{
    FileOp, FileTarget, file_redirect_text, here_string_text, heredoc_body_text, heredoc_text,
    output_and_error_text,
};

/// Spaces per nesting level.
const STEP: usize = 4;

/// Bash's text of `f` (without a final newline). A source that no longer
/// parses as one function (it always does) is shown as kept.
#[cfg(test)]
pub(crate) fn function_text(f: &FuncDef, max_depth: u32) -> String {
    crate::escapes::parsing_in(f.utf8, || {
        with_budget(FUNCTION_BODIES_BUDGET, || {
            function_text_as_read(f, max_depth)
        })
    })
}

#[cfg(test)]
fn function_text_as_read(f: &FuncDef, max_depth: u32) -> String {
    let Some((program, text)) = super::parse::brush_program(&f.source, max_depth) else {
        return f.source.clone();
    };
    let def = program
        .complete_commands
        .first()
        .and_then(|list| list.0.first())
        .and_then(|item| match item.0.first.seq.as_slice() {
            [b::Command::Function(def)] => Some(def),
            _ => None,
        });
    match def {
        Some(def) => Printer {
            text: &text,
            depth: max_depth,
            ..Printer::default()
        }
        .function(&f.name, &def.body),
        None => f.source.clone(),
    }
}

/// A simple command's text as bash prints it (`$BASH_COMMAND`); `$( )`
/// bodies nested up to `max_depth` deep are printed as bash prints them.
pub(crate) fn simple_command_text(s: &b::SimpleCommand, text: &str, max_depth: u32) -> String {
    let mut p = Printer {
        text,
        depth: max_depth,
        ..Printer::default()
    };
    p.simple(s);
    p.out
}

/// A simple command's text printed with its `$( )` bodies as written (see
/// [`simple_command_text`]) printed again with the bodies nested up to
/// `max_depth` deep as bash prints them; the text itself when it does not
/// read back as one simple command.
#[cfg(test)]
pub(crate) fn normalized_command_text(plain: &str, max_depth: u32) -> String {
    if plain.len() > COMMAND_BODIES_BUDGET {
        return plain.to_owned();
    }
    with_budget(COMMAND_BODIES_BUDGET, || {
        normalized_within_budget(plain, max_depth)
    })
}

#[cfg(test)]
fn normalized_within_budget(plain: &str, max_depth: u32) -> String {
    let Some((program, text)) = super::parse::brush_program(plain, max_depth) else {
        return plain.to_owned();
    };
    let only = program
        .complete_commands
        .first()
        .and_then(|list| list.0.first())
        .and_then(|item| item.0.first.seq.first());
    match only {
        Some(b::Command::Simple(s)) => simple_command_text(s, &text, max_depth),
        _ => plain.to_owned(),
    }
}

/// The separators between commands, as bash's connections have them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Connector {
    Semi,
    Amp,
    Pipe,
    And,
    Or,
}

#[derive(Default)]
struct Printer<'a> {
    /// The text parsed, for what bash shows as written (`(( ))`).
    text: &'a str,
    out: String,
    indent: usize,
    /// Commands still to print without their indentation (they follow an
    /// operator on the same line).
    skip: u32,
    /// A here-document body was just printed: the next `;` is left out.
    was_heredoc: bool,
    /// Here-documents whose bodies wait for the next connector.
    deferred: Vec<&'a b::IoHereDocument>,
    /// Inside a connection (bash's `printing_connection`).
    connections: u32,
    /// Printing a process or command substitution's list, outside a
    /// function definition as bash reads it: `;` is followed by a space,
    /// not a newline (bash's `inside_function_def` is 0), and a newline
    /// between two commands stays one.
    outside_function: bool,
    /// How deep `$( )` bodies in words are still parsed and printed as
    /// bash prints them; 0 keeps words as written.
    depth: u32,
}

impl<'a> Printer<'a> {
    #[cfg(test)]
    fn function(mut self, name: &str, body: &'a b::FunctionBody) -> String {
        if crate::names::is_reserved_word(name) {
            self.out.push_str("function ");
        }
        self.out.push_str(name);
        self.out.push_str(" () \n");
        self.indent = STEP;
        self.out.push_str("{ \n");
        let group = match &body.0 {
            b::CompoundCommand::BraceGroup(g) => {
                self.list(&g.list);
                true
            }
            other => {
                self.start();
                self.compound(other);
                if let Some(r) = &body.1 {
                    self.out.push(' ');
                    self.redirects(r);
                }
                false
            }
        };
        self.flush_deferred("");
        self.indent = 0;
        match (&body.1, group) {
            (Some(r), true) => {
                self.newline("} ");
                self.redirects(r);
            }
            _ => self.newline("}"),
        }
        self.out
    }

    fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Bash's `indent`, unless the command follows an operator.
    fn start(&mut self) {
        if self.skip > 0 {
            self.skip -= 1;
        } else {
            self.pad();
        }
    }

    fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// Bash's `newline`: a line break, the indentation, then `s`.
    fn newline(&mut self, s: &str) {
        self.out.push('\n');
        self.pad();
        self.push(s);
    }

    /// Bash's `semicolon`: a `;` unless the text ends a line or in `&`.
    fn semicolon(&mut self) {
        if !(self.out.ends_with('\n') || self.out.ends_with('&')) {
            self.out.push(';');
        }
    }

    fn list(&mut self, list: &'a b::CompoundList) {
        let items = &list.0;
        match items.as_slice() {
            [] => {}
            [b::CompoundListItem(one, b::SeparatorOperator::Sequence)] => self.and_or(one),
            _ => {
                self.start();
                self.skip += 1;
                self.connections += 1;
                let last = items.len() - 1;
                for (i, b::CompoundListItem(and_or, sep)) in items.iter().enumerate() {
                    self.and_or(and_or);
                    match sep {
                        b::SeparatorOperator::Sequence
                            if i < last
                                && self.outside_function
                                && self.newline_between(and_or, items.get(i + 1)) =>
                        {
                            // Bash keeps a newline between two commands
                            // of a substitution: the next one starts the
                            // line, unindented.
                            self.flush_deferred("");
                            self.push("\n");
                            self.skip += 1;
                        }
                        b::SeparatorOperator::Sequence if i < last => {
                            self.connector(Connector::Semi, true);
                        }
                        b::SeparatorOperator::Sequence => {}
                        b::SeparatorOperator::Async => self.connector(Connector::Amp, i < last),
                    }
                }
                self.flush_deferred("");
                self.connections -= 1;
            }
        }
    }

    /// Whether the text between `a` and the item after it separates them
    /// by a newline (a comment ends at one) rather than by `;`.
    fn newline_between(&self, a: &b::AndOrList, next: Option<&b::CompoundListItem>) -> bool {
        use brush_parser::ast::SourceLocation;
        let (Some(end), Some(start)) = (a.location(), next.and_then(|n| n.0.location())) else {
            return false;
        };
        let between = brush_parser::SourceSpan {
            start: end.end.clone(),
            end: start.start.clone(),
        };
        span_text(self.text, &between)
            .and_then(|t| t.chars().find(|c| matches!(c, ';' | '\n' | '#')))
            .is_some_and(|c| c != ';')
    }

    /// A word as bash keeps it (see [`word_text`]).
    fn word<'w>(&self, w: &'w str) -> Cow<'w, str> {
        word_text(w, self.depth)
    }

    fn and_or(&mut self, a: &'a b::AndOrList) {
        if a.additional.is_empty() {
            return self.pipeline(&a.first);
        }
        self.start();
        self.skip += 1;
        self.connections += 1;
        self.pipeline(&a.first);
        for next in &a.additional {
            let (c, p) = match next {
                b::AndOr::And(p) => (Connector::And, p),
                b::AndOr::Or(p) => (Connector::Or, p),
            };
            self.connector(c, true);
            self.pipeline(p);
        }
        self.flush_deferred("");
        self.connections -= 1;
    }

    fn pipeline(&mut self, p: &'a b::Pipeline) {
        let plain = p.timed.is_none() && !p.bang;
        match p.seq.as_slice() {
            [one] if plain => return self.command(one),
            _ => {}
        }
        self.start();
        match &p.timed {
            Some(t) if t.is_posix_output() => self.push("time -p "),
            Some(_) => self.push("time "),
            None => {}
        }
        if p.bang {
            self.push("! ");
        }
        self.skip += 1;
        if let [one] = p.seq.as_slice() {
            return self.command(one);
        }
        self.connections += 1;
        let last = p.seq.len().saturating_sub(1);
        for (i, c) in p.seq.iter().enumerate() {
            self.command(c);
            if i < last {
                self.connector(Connector::Pipe, true);
            }
        }
        self.flush_deferred("");
        self.connections -= 1;
    }

    /// What bash prints between the two sides of a connection.
    fn connector(&mut self, c: Connector, second: bool) {
        match c {
            Connector::Amp | Connector::Pipe => {
                self.flush_deferred(if c == Connector::Amp { " &" } else { " |" });
                if c != Connector::Amp || second {
                    self.push(" ");
                    self.skip += 1;
                }
            }
            Connector::And | Connector::Or => {
                self.flush_deferred(if c == Connector::And { " && " } else { " || " });
                if second {
                    self.skip += 1;
                }
            }
            Connector::Semi => {
                if !self.deferred.is_empty() {
                    self.flush_deferred("");
                } else if !self.was_heredoc {
                    self.push(";");
                } else {
                    self.was_heredoc = false;
                }
                if self.outside_function {
                    self.push(" ");
                    if second {
                        self.skip += 1;
                    }
                } else {
                    self.push("\n");
                }
            }
        }
    }

    /// Bash's `print_deferred_heredocs`: the connector text, then the
    /// bodies of the here-documents waiting for it.
    fn flush_deferred(&mut self, text: &str) {
        if !text.is_empty() && text != ";" {
            self.push(text);
        }
        if !self.deferred.is_empty() {
            let docs = std::mem::take(&mut self.deferred);
            self.heredoc_bodies(&docs);
            if !text.is_empty() && text != ";" {
                self.push(" ");
            }
        }
    }

    fn heredoc_bodies(&mut self, docs: &[&b::IoHereDocument]) {
        self.push("\n");
        for doc in docs {
            let body = heredoc_body_text(doc.remove_tabs, &doc.doc.value, &doc.here_end.value);
            self.push(&body);
        }
        self.was_heredoc = true;
    }

    fn command(&mut self, c: &'a b::Command) {
        self.start();
        match c {
            b::Command::Simple(s) => self.simple(s),
            b::Command::Compound(cc, r) => {
                self.compound(cc);
                if let Some(r) = r {
                    self.push(" ");
                    self.redirects(r);
                }
            }
            b::Command::Function(f) => self.inner_function(f),
            b::Command::ExtendedTest(t, r) => {
                self.push("[[ ");
                self.test(&t.expr);
                self.push(" ]]");
                if let Some(r) = r {
                    self.push(" ");
                    self.redirects(r);
                }
            }
        }
    }

    /// A definition inside a function (bash's `print_function_def`):
    /// `function NAME ()`, its body indented one level further.
    fn inner_function(&mut self, f: &'a b::FunctionDefinition) {
        self.push("function ");
        self.push(&f.fname.value);
        self.push(" () \n");
        self.pad();
        self.push("{ \n");
        self.indent += STEP;
        let body = &f.body;
        let group = match &body.0 {
            b::CompoundCommand::BraceGroup(g) => {
                self.list(&g.list);
                true
            }
            other => {
                self.start();
                self.compound(other);
                false
            }
        };
        self.flush_deferred("");
        self.indent -= STEP;
        match (&body.1, group) {
            (Some(r), true) => {
                self.newline("} ");
                self.redirects(r);
            }
            (Some(r), false) => {
                self.push(" ");
                self.redirects(r);
                self.newline("}");
            }
            (None, _) => self.newline("}"),
        }
    }

    fn simple(&mut self, s: &'a b::SimpleCommand) {
        let mut redirects: Vec<&'a b::IoRedirect> = Vec::new();
        // The `{name}` written against each redirection, if any.
        let mut names: Vec<Option<&'a str>> = Vec::new();
        let mut name = None;
        let mut any_word = false;
        let items = s
            .prefix
            .iter()
            .flat_map(|p| p.0.iter())
            .map(Some)
            .chain(std::iter::once(None))
            .chain(s.suffix.iter().flat_map(|p| p.0.iter()).map(Some));
        // Where the last word or process substitution ended: one written
        // against it is part of the same word (`--x=<(cmd)`, `<(a)b`),
        // with the same positions the resolver joins them by.
        let (mut word_end, mut proc_sub_end) = (None, None);
        let mut items = items.peekable();
        while let Some(item) = items.next() {
            let (text, joined) = match item {
                Some(b::CommandPrefixOrSuffixItem::IoRedirect(r)) => {
                    redirects.push(r);
                    names.push(name.take());
                    continue;
                }
                // `{var}` written against a redirection names its
                // descriptor, as the resolver reads it (in the command
                // name's place too).
                Some(b::CommandPrefixOrSuffixItem::Word(w))
                    if let Some(var) = self.fd_var(w, items.peek()) =>
                {
                    name = Some(var);
                    continue;
                }
                None if let Some(w) = &s.word_or_name
                    && let Some(var) = self.fd_var(w, items.peek()) =>
                {
                    name = Some(var);
                    continue;
                }
                Some(b::CommandPrefixOrSuffixItem::ProcessSubstitution(k, sub)) => {
                    let joined = word_end.is_some_and(|e: usize| e + 1 == sub.loc.start.index);
                    (word_end, proc_sub_end) = (None, Some(sub.loc.end.index));
                    (
                        Cow::Owned(proc_sub_text(k, sub, self.text, self.depth)),
                        joined,
                    )
                }
                Some(other) => {
                    let loc = match other {
                        b::CommandPrefixOrSuffixItem::Word(w)
                        | b::CommandPrefixOrSuffixItem::AssignmentWord(_, w) => w.loc.as_ref(),
                        _ => None,
                    };
                    let joined =
                        proc_sub_end.is_some() && proc_sub_end == loc.map(|l| l.start.index);
                    (word_end, proc_sub_end) = (loc.map(|l| l.end.index), None);
                    (item_text(other, self.depth), joined)
                }
                // The command name sits between the prefix and the suffix.
                None => match &s.word_or_name {
                    Some(w) => {
                        let joined = proc_sub_end.is_some()
                            && proc_sub_end == w.loc.as_ref().map(|l| l.start.index);
                        (word_end, proc_sub_end) = (w.loc.as_ref().map(|l| l.end.index), None);
                        (word_text(&w.value, self.depth), joined)
                    }
                    None => continue,
                },
            };
            if any_word && !joined {
                self.out.push(' ');
            }
            any_word = true;
            self.out.push_str(&text);
        }
        if !redirects.is_empty() {
            if any_word {
                self.push(" ");
            }
            self.redirect_items(&redirects, &names);
        }
    }

    /// The variable `w` names when it is `{var}` written right against
    /// the redirection `next`.
    fn fd_var(
        &self,
        w: &'a b::Word,
        next: Option<&Option<&b::CommandPrefixOrSuffixItem>>,
    ) -> Option<&'a str> {
        let var = super::words::fd_var_name(&w.value)?;
        // brush-parser's positions count characters, as the resolver's
        // `touches_operator` reads them.
        let touches = w
            .loc
            .as_ref()
            .is_none_or(|l| matches!(self.text.chars().nth(l.end.index), Some('<' | '>')));
        let Some(Some(b::CommandPrefixOrSuffixItem::IoRedirect(r))) = next else {
            return None;
        };
        (touches
            && !matches!(r, b::IoRedirect::OutputAndError(..))
            && super::resolve::redirect_fd(r).is_none())
        .then_some(var)
    }

    fn compound(&mut self, c: &'a b::CompoundCommand) {
        match c {
            b::CompoundCommand::BraceGroup(g) if self.outside_function => {
                // Bash's `print_group_command` outside a function: one line.
                self.push("{ ");
                self.skip += 1;
                self.list(&g.list);
                self.flush_deferred("");
                self.semicolon();
                self.push(" }");
            }
            b::CompoundCommand::BraceGroup(g) => {
                self.push("{ \n");
                self.indent += STEP;
                self.list(&g.list);
                self.flush_deferred("");
                self.push("\n");
                self.indent -= STEP;
                self.pad();
                self.push("}");
            }
            b::CompoundCommand::Subshell(s) => {
                self.push("( ");
                self.skip += 1;
                self.list(&s.list);
                self.flush_deferred("");
                self.push(" )");
            }
            b::CompoundCommand::IfClause(i) => {
                self.if_clause(&i.condition, &i.then, i.elses.as_deref().unwrap_or(&[]));
            }
            b::CompoundCommand::WhileClause(w) => self.while_clause("while ", w),
            b::CompoundCommand::UntilClause(w) => self.while_clause("until ", w),
            b::CompoundCommand::ForClause(f) => {
                // `select` is read by `for`'s rules; its text tells them apart.
                let select = span_text(self.text, &f.loc).is_some_and(super::parser::is_select);
                self.push(if select { "select " } else { "for " });
                self.push(&f.variable_name);
                self.push(" in ");
                match &f.values {
                    Some(words) => {
                        let words: Vec<Cow<'_, str>> =
                            words.iter().map(|w| self.word(&w.value)).collect();
                        self.push(&words.join(" "));
                    }
                    None => self.push("\"$@\""),
                }
                self.push(";");
                self.do_group(&f.body);
            }
            b::CompoundCommand::ArithmeticForClause(f) => {
                // Bash keeps each part as written after its leading blanks.
                let part = |e: &Option<b::UnexpandedArithmeticExpr>| {
                    e.as_ref()
                        .map_or(String::new(), |e| e.value.trim_start().to_owned())
                };
                let head = match span_text(self.text, &f.loc).and_then(arith_for_parts) {
                    Some([a, b, c]) => format!("for (({a}; {b}; {c}))"),
                    None => format!(
                        "for (({}; {}; {}))",
                        part(&f.initializer),
                        part(&f.condition),
                        part(&f.updater)
                    ),
                };
                self.push(&head);
                self.do_group(&f.body);
            }
            b::CompoundCommand::CaseClause(c) => {
                self.push("case ");
                let subject = self.word(&c.value.value);
                self.push(&subject);
                self.push(" in ");
                self.indent += STEP;
                for item in &c.cases {
                    self.newline("");
                    let patterns: Vec<Cow<'_, str>> =
                        item.patterns.iter().map(|w| self.word(&w.value)).collect();
                    self.push(&patterns.join(" | "));
                    self.push(")\n");
                    self.indent += STEP;
                    if let Some(cmd) = &item.cmd {
                        self.list(cmd);
                    }
                    self.indent -= STEP;
                    self.flush_deferred("");
                    self.newline(match item.post_action {
                        b::CaseItemPostAction::ExitCase => ";;",
                        b::CaseItemPostAction::UnconditionallyExecuteNextCaseItem => ";&",
                        b::CaseItemPostAction::ContinueEvaluatingCases => ";;&",
                    });
                }
                self.indent -= STEP;
                self.newline("esac");
            }
            b::CompoundCommand::Arithmetic(a) => match span_text(self.text, &a.loc) {
                Some(written) if written.starts_with("((") && written.ends_with("))") => {
                    self.push(written);
                }
                _ => {
                    self.push("((");
                    self.push(&a.expr.value);
                    self.push("))");
                }
            },
            b::CompoundCommand::Coprocess(c) => {
                self.push("coproc ");
                self.push(c.name.as_ref().map_or("COPROC", |w| w.value.as_str()));
                self.push(" ");
                self.skip += 1;
                self.command(&c.body);
            }
        }
    }

    /// `if`; an `elif` is printed as bash keeps it, an `if` inside `else`.
    fn if_clause(
        &mut self,
        cond: &'a b::CompoundList,
        then: &'a b::CompoundList,
        elses: &'a [b::ElseClause],
    ) {
        self.push("if ");
        self.skip += 1;
        self.list(cond);
        self.semicolon();
        self.push(" then\n");
        self.indent += STEP;
        self.list(then);
        self.flush_deferred("");
        self.indent -= STEP;
        if let Some((first, rest)) = elses.split_first() {
            self.semicolon();
            self.newline("else\n");
            self.indent += STEP;
            match &first.condition {
                Some(c) => {
                    self.start();
                    self.if_clause(c, &first.body, rest);
                }
                None => self.list(&first.body),
            }
            self.flush_deferred("");
            self.indent -= STEP;
        }
        self.semicolon();
        self.newline("fi");
    }

    fn while_clause(&mut self, keyword: &str, w: &'a b::WhileOrUntilClauseCommand) {
        self.push(keyword);
        self.skip += 1;
        self.list(&w.0);
        self.flush_deferred("");
        self.semicolon();
        self.push(" do\n");
        self.indent += STEP;
        self.list(&w.1.list);
        self.flush_deferred("");
        self.indent -= STEP;
        self.semicolon();
        self.newline("done");
    }

    /// `do` on a line of its own, the body, `done` (`for` loops).
    fn do_group(&mut self, d: &'a b::DoGroupCommand) {
        self.newline("do\n");
        self.indent += STEP;
        self.list(&d.list);
        self.flush_deferred("");
        self.semicolon();
        self.indent -= STEP;
        self.newline("done");
    }

    fn test(&mut self, e: &b::ExtendedTestExpr) {
        match e {
            b::ExtendedTestExpr::And(l, r) => {
                self.test(l);
                self.push(" && ");
                self.test(r);
            }
            b::ExtendedTestExpr::Or(l, r) => {
                self.test(l);
                self.push(" || ");
                self.test(r);
            }
            b::ExtendedTestExpr::Not(x) => {
                self.push("! ");
                self.test(x);
            }
            b::ExtendedTestExpr::Parenthesized(x) => {
                self.push("( ");
                self.test(x);
                self.push(" )");
            }
            b::ExtendedTestExpr::UnaryTest(p, w) => {
                let s = format!("{p} {}", self.word(&w.value));
                self.push(&s);
            }
            b::ExtendedTestExpr::BinaryTest(p, l, r) => {
                // The operator as written (`=` and `==` are one predicate
                // to the parser): the text between the two words.
                let written = match (&l.loc, &r.loc) {
                    (Some(a), Some(b)) => span_text(
                        self.text,
                        &brush_parser::SourceSpan {
                            start: a.end.clone(),
                            end: b.start.clone(),
                        },
                    )
                    .map(str::trim)
                    .filter(|op| !op.is_empty() && !op.contains(char::is_whitespace)),
                    _ => None,
                };
                let (l, r) = (self.word(&l.value), self.word(&r.value));
                let s = match written {
                    Some(op) => format!("{l} {op} {r}"),
                    None => format!("{l} {p} {r}"),
                };
                self.push(&s);
            }
        }
    }

    fn redirects(&mut self, list: &'a b::RedirectList) {
        let items: Vec<&'a b::IoRedirect> = list.0.iter().collect();
        self.redirect_items(&items, &[]);
    }

    /// Bash's `print_redirection_list`: here-document bodies after the
    /// line, or after the next connector inside a connection.
    fn redirect_items(&mut self, items: &[&'a b::IoRedirect], names: &[Option<&str>]) {
        self.was_heredoc = false;
        let mut docs = Vec::new();
        for (i, r) in items.iter().enumerate() {
            if i > 0 {
                self.push(" ");
            }
            if let Some(Some(name)) = names.get(i) {
                self.push(&format!("{{{name}}}"));
            }
            match *r {
                b::IoRedirect::HereDocument(fd, doc) => {
                    let s = heredoc_text(*fd, doc.remove_tabs, &doc.here_end.value);
                    self.push(&s);
                    docs.push(doc);
                }
                other => {
                    let s = redirect_text(other, self.text, self.depth);
                    self.push(&s);
                }
            }
        }
        if docs.is_empty() {
            return;
        }
        if self.connections > 0 {
            self.deferred.extend(docs);
        } else {
            self.heredoc_bodies(&docs);
        }
    }
}

/// The text a span covers (brush counts characters, not bytes).
fn span_text<'t>(text: &'t str, span: &brush_parser::SourceSpan) -> Option<&'t str> {
    let start = text.char_indices().nth(span.start.index)?.0;
    let len = span.end.index.checked_sub(span.start.index)?;
    let rest = text.get(start..)?;
    let end = rest
        .char_indices()
        .nth(len)
        .map_or(text.len(), |(i, _)| start + i);
    text.get(start..end)
}

/// The three parts of `for (( a ; b ; c ))` as written, each after its
/// leading blanks (bash keeps the rest), from the loop's text.
fn arith_for_parts(text: &str) -> Option<[&str; 3]> {
    let open = text.find("((")?;
    let inner = text.get(open + 2..)?;
    let mut depth = 0u32;
    let mut cuts = Vec::new();
    let mut end = None;
    let bytes = inner.as_bytes();
    for (i, c) in bytes.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' if depth == 0 => {
                if bytes.get(i + 1) == Some(&b')') {
                    end = Some(i);
                }
                break;
            }
            b')' => depth -= 1,
            b';' if depth == 0 => cuts.push(i),
            _ => {}
        }
    }
    let (end, [x, y]) = (end?, <[usize; 2]>::try_from(cuts).ok()?);
    Some([
        inner.get(..x)?.trim_start(),
        inner.get(x + 1..y)?.trim_start(),
        inner.get(y + 1..end)?.trim_start(),
    ])
}

/// `<(list)` or `>(list)`: bash prints the list as a command at the left
/// margin (a fresh printer), inside the parentheses.
fn proc_sub_text(
    k: &b::ProcessSubstitutionKind,
    sub: &b::SubshellCommand,
    text: &str,
    depth: u32,
) -> String {
    let mut p = Printer {
        text,
        outside_function: true,
        depth: depth.saturating_sub(1),
        ..Printer::default()
    };
    p.skip += 1;
    p.list(&sub.list);
    p.flush_deferred("");
    // `<((...) )` stays as written, as in the parser.
    let written = span_text(text, &sub.loc)
        .and_then(|t| t.strip_prefix('('))
        .and_then(|t| t.strip_suffix(')'))
        .filter(|t| t.starts_with('('));
    if let Some(inner) = written {
        return format!("{k}({inner})");
    }
    let blank = if p.out.starts_with('(') { " " } else { "" };
    format!("{k}({blank}{})", p.out)
}

/// A word or assignment as bash keeps it.
fn item_text(item: &b::CommandPrefixOrSuffixItem, depth: u32) -> Cow<'_, str> {
    match item {
        b::CommandPrefixOrSuffixItem::Word(w) => word_text(&w.value, depth),
        b::CommandPrefixOrSuffixItem::AssignmentWord(_, w) => word_text(&w.value, depth),
        other => Cow::Owned(other.to_string()),
    }
}

/// A word as bash keeps it (see `listing::word_text`).
fn word_text(word: &str, depth: u32) -> Cow<'_, str> {
    word_text_with(word, depth, command_sub_text)
}

/// A `$( )` body as bash prints it: its commands at the left margin, `;`
/// and newlines between them kept; `None` when it does not parse or the
/// running print's budget does not cover it.
fn command_sub_text(body: &str, depth: u32) -> Option<String> {
    if !take_budget(body.len()) {
        return None;
    }
    let (program, text) = super::parse::brush_program(body, depth.max(1))?;
    // The text's complete commands, one list: lines apart, as bash reads
    // a substitution's body.
    let list = b::CompoundList(
        program
            .complete_commands
            .iter()
            .flat_map(|l| l.0.iter().cloned())
            .collect(),
    );
    let mut p = Printer {
        text: &text,
        outside_function: true,
        depth,
        ..Printer::default()
    };
    p.skip += 1;
    p.list(&list);
    p.flush_deferred("");
    Some(p.out)
}

/// One redirection other than a here-document, as bash prints it.
fn redirect_text(r: &b::IoRedirect, text: &str, depth: u32) -> String {
    match r {
        b::IoRedirect::File(fd, kind, target) => {
            let op = match kind {
                b::IoFileRedirectKind::Read => FileOp::Read,
                b::IoFileRedirectKind::Write => FileOp::Write,
                b::IoFileRedirectKind::Append => FileOp::Append,
                b::IoFileRedirectKind::Clobber => FileOp::Clobber,
                b::IoFileRedirectKind::ReadAndWrite => FileOp::ReadWrite,
                b::IoFileRedirectKind::DuplicateInput => FileOp::DupInput,
                b::IoFileRedirectKind::DuplicateOutput => FileOp::DupOutput,
            };
            let dup = matches!(op, FileOp::DupInput | FileOp::DupOutput);
            match target {
                b::IoFileRedirectTarget::Fd(n) => file_redirect_text(*fd, op, &FileTarget::Fd(*n)),
                b::IoFileRedirectTarget::Duplicate(w) if dup => {
                    file_redirect_text(*fd, op, &FileTarget::Dup(&w.value))
                }
                b::IoFileRedirectTarget::Filename(w) | b::IoFileRedirectTarget::Duplicate(w) => {
                    let target = word_text(&w.value, depth);
                    file_redirect_text(*fd, op, &FileTarget::File(&target))
                }
                b::IoFileRedirectTarget::ProcessSubstitution(k, s) => {
                    let sub = proc_sub_text(k, s, text, depth);
                    file_redirect_text(*fd, op, &FileTarget::ProcSub(&sub))
                }
            }
        }
        b::IoRedirect::OutputAndError(w, append) => output_and_error_text(&w.value, *append),
        b::IoRedirect::HereString(fd, w) => here_string_text(*fd, &w.value),
        b::IoRedirect::HereDocument(..) => String::new(),
    }
}

/// A process substitution whose list is the text `body`, as bash prints
/// it (see [`proc_sub_text`]); the text as written where it does not
/// read back.
#[cfg(test)]
pub(crate) fn proc_sub_source_text(write: bool, body: &str) -> String {
    let kind = if write {
        b::ProcessSubstitutionKind::Write
    } else {
        b::ProcessSubstitutionKind::Read
    };
    let Some((program, text)) = super::parse::brush_program(body, 100) else {
        return format!("{kind}({body})");
    };
    if body.starts_with('(') {
        return format!("{kind}({body})");
    }
    let list = b::CompoundList(
        program
            .complete_commands
            .into_iter()
            .flat_map(|c| c.0)
            .collect(),
    );
    let sub = b::SubshellCommand {
        list,
        loc: brush_parser::SourceSpan {
            start: std::sync::Arc::new(brush_parser::SourcePosition::default()),
            end: std::sync::Arc::new(brush_parser::SourcePosition::default()),
        },
    };
    proc_sub_text(&kind, &sub, &text, 0)
}
