//! Lists, and-or lists, pipelines, simple commands and functions, with
//! the state bash's printer keeps between them.
//!
//! A list, an and-or list and a pipeline are bash's "connections", whose
//! connector decides the separator and whether the next command is
//! indented, and here-documents met inside a connection wait for the next
//! connector. The state mirrors bash's: `skip` (`skip_this_indent`),
//! `was_heredoc`, the deferred here-documents and the connection depth.

use crate::ast::{
    AndOr, Command, Compound, Connector as AndOrConnector, FuncDef, List, Pipeline, SimpleCommand,
};

/// Spaces per nesting level.
pub(super) const STEP: usize = 4;

/// The separators between commands, as bash's connections have them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Connector {
    Semi,
    Amp,
    Pipe,
    And,
    Or,
}

pub(crate) struct Printer<'a> {
    pub(super) out: String,
    pub(super) indent: usize,
    /// Commands still to print without their indentation (they follow an
    /// operator on the same line).
    pub(super) skip: u32,
    /// A here-document body was just printed: the next `;` is left out.
    pub(super) was_heredoc: bool,
    /// Here-document bodies (with their delimiter lines) waiting for the
    /// next connector.
    deferred: Vec<&'a str>,
    /// Inside a connection (bash's `printing_connection`).
    connections: u32,
    /// Printing a process or command substitution's list, outside a
    /// function definition as bash reads it: `;` is followed by a space,
    /// not a newline (bash's `inside_function_def` is 0), and a newline
    /// between two commands stays one.
    pub(super) outside_function: bool,
    /// How deep `$( )` bodies of the words printed here are printed as
    /// bash prints them (the depth the text was parsed at).
    pub(super) depth: u32,
    /// Shows those words.
    pub(super) word_text: super::WordText,
}

impl<'a> Printer<'a> {
    pub(super) fn new(depth: u32, outside_function: bool, word_text: super::WordText) -> Self {
        Self {
            out: String::new(),
            indent: 0,
            skip: 0,
            was_heredoc: false,
            deferred: Vec::new(),
            connections: 0,
            outside_function,
            depth,
            word_text,
        }
    }

    /// The next command starts where the text is (no indentation).
    pub(super) fn skip_next(&mut self) {
        self.skip += 1;
    }

    /// The text, with the here-documents still waiting.
    pub(super) fn finish(mut self) -> String {
        self.flush_deferred("");
        self.out
    }

    pub(super) fn function(mut self, name: &str, f: &'a FuncDef) -> String {
        if crate::names::is_reserved_word(name) {
            self.out.push_str("function ");
        }
        self.out.push_str(name);
        self.out.push_str(" () \n");
        self.indent = STEP;
        self.out.push_str("{ \n");
        let group = self.function_body(f);
        if !group && !f.redirects.is_empty() {
            self.push(" ");
            self.redirects(&f.redirects);
        }
        self.flush_deferred("");
        self.indent = 0;
        if group && !f.redirects.is_empty() {
            self.newline("} ");
            self.redirects(&f.redirects);
        } else {
            self.newline("}");
        }
        self.out
    }

    pub(super) fn push(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Bash's `indent`, unless the command follows an operator.
    pub(super) fn start(&mut self) {
        if self.skip > 0 {
            self.skip -= 1;
        } else {
            self.pad();
        }
    }

    pub(super) fn pad(&mut self) {
        for _ in 0..self.indent {
            self.out.push(' ');
        }
    }

    /// Bash's `newline`: a line break, the indentation, then `s`.
    pub(super) fn newline(&mut self, s: &str) {
        self.out.push('\n');
        self.pad();
        self.push(s);
    }

    /// Bash's `semicolon`: a `;` unless the text ends a line or in `&`.
    pub(super) fn semicolon(&mut self) {
        if !(self.out.ends_with('\n') || self.out.ends_with('&')) {
            self.out.push(';');
        }
    }

    pub(super) fn list(&mut self, items: &'a List) {
        match items.as_slice() {
            [] => {}
            [one] if !one.background => self.and_or(&one.and_or),
            _ => {
                self.start();
                self.skip += 1;
                self.connections += 1;
                let last = items.len() - 1;
                for (i, item) in items.iter().enumerate() {
                    self.and_or(&item.and_or);
                    if item.background {
                        self.connector(Connector::Amp, i < last);
                    } else if i < last && self.outside_function && item.newline.0 {
                        // Bash keeps a newline between two commands of a
                        // substitution: the next one starts the line,
                        // unindented.
                        self.flush_deferred("");
                        self.push("\n");
                        self.skip += 1;
                    } else if i < last {
                        self.connector(Connector::Semi, true);
                    }
                }
                self.flush_deferred("");
                self.connections -= 1;
            }
        }
    }

    fn and_or(&mut self, a: &'a AndOr) {
        if a.rest.is_empty() {
            return self.pipeline(&a.first);
        }
        self.start();
        self.skip += 1;
        self.connections += 1;
        self.pipeline(&a.first);
        for (c, p) in &a.rest {
            let c = match c {
                AndOrConnector::And => Connector::And,
                AndOrConnector::Or => Connector::Or,
            };
            self.connector(c, true);
            self.pipeline(p);
        }
        self.flush_deferred("");
        self.connections -= 1;
    }

    fn pipeline(&mut self, p: &'a Pipeline) {
        let plain = p.timed.is_none() && !p.bang;
        match p.commands.as_slice() {
            [one] if plain => return self.command(one),
            _ => {}
        }
        self.start();
        match p.timed {
            Some(true) => self.push("time -p "),
            Some(false) => self.push("time "),
            None => {}
        }
        if p.bang {
            self.push("! ");
        }
        self.skip += 1;
        if let [one] = p.commands.as_slice() {
            return self.command(one);
        }
        self.connections += 1;
        let last = p.commands.len().saturating_sub(1);
        for (i, c) in p.commands.iter().enumerate() {
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
    pub(super) fn flush_deferred(&mut self, text: &str) {
        self.push(text);
        if !self.deferred.is_empty() {
            let docs = std::mem::take(&mut self.deferred);
            self.heredoc_bodies(&docs);
            if !text.is_empty() {
                self.push(" ");
            }
        }
    }

    fn heredoc_bodies(&mut self, docs: &[&str]) {
        self.push("\n");
        for doc in docs {
            self.push(doc);
        }
        self.was_heredoc = true;
    }

    /// Here-document bodies of the redirections just printed: after the
    /// line, or after the next connector inside a connection.
    pub(super) fn heredocs(&mut self, docs: Vec<&'a str>) {
        if docs.is_empty() {
            return;
        }
        if self.connections > 0 {
            self.deferred.extend(docs);
        } else {
            self.heredoc_bodies(&docs);
        }
    }

    pub(super) fn command(&mut self, c: &'a Command) {
        self.start();
        match c {
            Command::Simple(s) => {
                let (line, docs) = simple_parts(s);
                self.push(line);
                if !s.redirects.is_empty() {
                    self.was_heredoc = false;
                }
                self.heredocs(if docs.is_empty() { vec![] } else { vec![docs] });
            }
            Command::Compound(cc, r) => {
                self.compound(cc);
                if !r.is_empty() {
                    self.push(" ");
                    self.redirects(r);
                }
            }
            Command::FuncDef(f) => self.inner_function(f),
        }
    }

    /// A function's body inside the braces bash prints: a group's list,
    /// or the compound command itself; whether it was a group.
    fn function_body(&mut self, f: &'a FuncDef) -> bool {
        match &f.body {
            Compound::Brace(list) => {
                self.list(list);
                true
            }
            other => {
                self.start();
                self.compound(other);
                false
            }
        }
    }

    /// A definition inside a function (bash's `print_function_def`):
    /// `function NAME ()`, its body indented one level further.
    fn inner_function(&mut self, f: &'a FuncDef) {
        self.push("function ");
        self.push(&f.name);
        self.push(" () \n");
        self.pad();
        self.push("{ \n");
        self.indent += STEP;
        let group = self.function_body(f);
        self.flush_deferred("");
        self.indent -= STEP;
        match (f.redirects.is_empty(), group) {
            (false, true) => {
                self.newline("} ");
                self.redirects(&f.redirects);
            }
            (false, false) => {
                self.push(" ");
                self.redirects(&f.redirects);
                self.newline("}");
            }
            (true, _) => self.newline("}"),
        }
    }
}

/// A simple command's text: its line, and its here-document bodies
/// (empty when none), each with its delimiter line, which end the text.
fn simple_parts(s: &SimpleCommand) -> (&str, &str) {
    let text = s.text.written();
    let docs: usize = s
        .redirects
        .iter()
        .filter_map(|r| r.shown.0.as_deref()?.doc.as_deref())
        .map(str::len)
        .sum();
    let at = text.len().saturating_sub(docs);
    match (text.get(..at), text.get(at..)) {
        (Some(line), Some(docs)) if !docs.is_empty() => {
            (line.strip_suffix('\n').unwrap_or(line), docs)
        }
        _ => (text, ""),
    }
}
