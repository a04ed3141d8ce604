//! Running script text (a run's script, `eval`, `source`, a script file)
//! one complete command at a time, as bash does: each chunk is parsed only
//! when the one before it has run (see `syntax/reader.rs`).

use crate::memory::Charge;
use crate::shell::{Exec, Flow, LimitKind, STATUS_LIMIT, Shell, Stop};
use crate::syntax::SyntaxError;
use crate::syntax::reader::{AST_BYTES_PER_TOKEN, Parsed, ReadError, ScriptReader};

/// How a chunk of a top-level script ended.
enum Unit {
    Next(i32),
    /// `exit` or a limit: read no further.
    Done(i32),
}

impl Shell {
    /// Parses and runs a run's whole script. Syntax errors are reported
    /// with `prefix` (`sandbash: -c: `) and give status 2.
    pub(crate) fn run_script_text(&mut self, text: &str, prefix: &str) -> i32 {
        let mut reader = ScriptReader::new(text, self.limits.max_parse_depth, 0);
        let mut status = 0;
        loop {
            if self.run.check().is_err() {
                status = STATUS_LIMIT;
                break;
            }
            let aliases = self.alias_table();
            let utf8 = self.vars.utf8_locale();
            let room = self.mem_room() as u64;
            let next = crate::escapes::parsing_in(utf8, || reader.next(room, aliases.as_deref()));
            let Some(next) = next else {
                break;
            };
            self.print_warnings(&mut reader, prefix);
            self.echo_verbose(&reader);
            let parsed = match next {
                Ok(p) => p,
                Err(ReadError::Syntax(e @ SyntaxError::ReadOn(_))) => {
                    status = self.read_on(&e, prefix);
                    continue;
                }
                Err(e) => {
                    status = self.read_failed(at_end_of_text(e, text), prefix, true);
                    break;
                }
            };
            match self.run_units(&parsed) {
                Unit::Next(s) => status = s,
                Unit::Done(s) => {
                    status = s;
                    break;
                }
            }
        }
        self.last_status = status;
        status
    }

    /// Parses and runs text inside a run (`eval`, `source`, traps):
    /// `break`, `return` and `exit` flow out to the caller.
    pub(crate) fn run_nested_text(&mut self, text: &str, prefix: &str, line_offset: u32) -> Exec {
        if text.len() > self.limits.max_script_bytes {
            let max = self.limits.max_script_bytes as u64;
            return Err(self.run.stop(Stop::Limit(LimitKind::ScriptSize, max)));
        }
        let mut reader = ScriptReader::new(text, self.limits.max_parse_depth, line_offset);
        let mut status = 0;
        loop {
            let aliases = self.alias_table();
            let utf8 = self.vars.utf8_locale();
            let room = self.mem_room() as u64;
            let next = crate::escapes::parsing_in(utf8, || reader.next(room, aliases.as_deref()));
            let Some(next) = next else {
                break;
            };
            self.print_warnings(&mut reader, prefix);
            self.echo_verbose(&reader);
            if let Err(ReadError::Syntax(e @ SyntaxError::ReadOn(_))) = &next {
                status = self.read_on(e, prefix);
                continue;
            }
            let script = next.map_err(|e| self.read_failed(at_end_of_text(e, text), prefix, false));
            match script {
                Ok(_) if self.opts.noexec => {}
                Ok(parsed) => {
                    let _ast = self.charge_ast(&parsed)?;
                    // An assignment error abandons only the complete command
                    // it happened in: bash's `eval` and `source` go on with
                    // the text's next one.
                    for unit in &parsed.script.units {
                        status = match self.exec_list(unit) {
                            // A subscript's error leaves `eval` and
                            // `source` for the top level.
                            Err(Flow::Fatal(s)) if self.discarding => return Err(Flow::Fatal(s)),
                            Err(Flow::Fatal(s)) => {
                                self.last_status = s;
                                s
                            }
                            other => other?,
                        };
                    }
                }
                Err(s) if s == STATUS_LIMIT => return Err(Flow::Abort),
                Err(s) => return Ok(s),
            }
            self.run.check()?;
        }
        Ok(status)
    }

    /// The parsed chunk lives while it runs: it is charged, so a script
    /// cannot hold more than the memory limit in parsed form.
    fn charge_ast(&self, parsed: &Parsed) -> Result<Charge, Flow> {
        let mut charge = Charge::on(&self.run.memory);
        if !charge.grow((parsed.tokens as u64).saturating_mul(AST_BYTES_PER_TOKEN)) {
            return Err(self.run.memory_exceeded());
        }
        Ok(charge)
    }

    /// `set -v`: the text just read, to stderr.
    fn echo_verbose(&self, reader: &ScriptReader<'_>) {
        if self.opts.verbose {
            let text = reader.last_text();
            if text.ends_with('\n') || text.is_empty() {
                self.write_err(text);
            } else {
                self.write_err(&format!("{text}\n"));
            }
        }
    }

    /// Prints what bash warns about while reading: after the script's name
    /// (not `eval`'s or `-c`'s) and the line the text ended on.
    fn print_warnings(&self, reader: &mut ScriptReader<'_>, prefix: &str) {
        for w in reader.take_warnings() {
            let msg = if prefix.ends_with("eval: ") || prefix.ends_with("-c: ") {
                format!("{}: line {}: {w}\n", self.error_name(), w.line())
            } else {
                format!("{prefix}line {}: {w}\n", w.line())
            };
            self.write_err(&msg);
        }
    }

    /// Reports a chunk that could not be read; gives the status. bash
    /// stops reading a run's script at a `[[ ]]` it cannot read as at its
    /// end, so the status is the last command's (`top`), or 2 after a
    /// success when the fault was the text's end; `eval` and `source`
    /// give 2.
    fn read_failed(&mut self, e: ReadError, prefix: &str, top: bool) -> i32 {
        match e {
            ReadError::Syntax(e @ SyntaxError::Conditional { at_end, .. }) if top => {
                self.write_err(&e.render(prefix));
                match self.last_status {
                    0 if at_end => 2,
                    s => s,
                }
            }
            ReadError::Syntax(e) => {
                self.write_err(&e.render(prefix));
                self.last_status = 2;
                2
            }
            ReadError::Memory => {
                let _ = self.run.memory_exceeded();
                STATUS_LIMIT
            }
        }
    }

    /// Reports an error bash reads on after (its DISCARD); gives status 1.
    fn read_on(&mut self, e: &SyntaxError, prefix: &str) -> i32 {
        self.write_err(&e.render(prefix));
        self.last_status = 1;
        1
    }

    /// Runs one chunk's complete commands. An expansion error abandons
    /// only the complete command it happened in, as in bash.
    fn run_units(&mut self, parsed: &Parsed) -> Unit {
        let _ast = match self.charge_ast(parsed) {
            Ok(c) => c,
            Err(_) => return Unit::Done(STATUS_LIMIT),
        };
        // A chunk without commands (a blank or comment-only line) leaves
        // the status as it was: `false` followed by a blank line ends the
        // script with status 1.
        let mut status = self.last_status;
        if self.opts.noexec {
            return Unit::Next(self.last_status);
        }
        for unit in &parsed.script.units {
            self.discarding = false;
            status = match self.exec_list(unit) {
                Ok(s) => s,
                // The unit is abandoned; its status stands as the run's
                // should no later unit run.
                // Under `set -e` the failure ends the shell, as in bash.
                Err(Flow::Fatal(s)) if self.opts.errexit => return Unit::Done(s),
                Err(Flow::Fatal(s))
                    if std::mem::take(&mut self.discarding) && self.command_string =>
                {
                    return Unit::Done(s);
                }
                Err(Flow::Fatal(s)) => {
                    self.last_status = s;
                    s
                }
                Err(Flow::Exit(s)) | Err(Flow::Return(s)) => return Unit::Done(s),
                Err(Flow::Break(..)) | Err(Flow::Continue(_)) => self.last_status,
                Err(Flow::Abort) => return Unit::Done(STATUS_LIMIT),
            };
        }
        Unit::Next(status)
    }
}

/// A run's script that ends without a newline: bash reads its end as one
/// more line, so an error at the end of the text is reported on the line
/// after the last one written (`bash -c 'if true'`: line 2). `eval` text
/// is read as if it ended in a newline, and keeps its line.
fn at_end_of_text(e: ReadError, text: &str) -> ReadError {
    match e {
        ReadError::Syntax(
            s @ (SyntaxError::UnexpectedEof { .. }
            | SyntaxError::UnterminatedQuote { quote: ')', .. }),
        ) if !text.is_empty() && !text.ends_with('\n') => ReadError::Syntax(s.shifted(1)),
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_end_without_a_newline_counts_as_a_line() {
        let line = |text: &str, e: SyntaxError| match at_end_of_text(ReadError::Syntax(e), text) {
            ReadError::Syntax(e) => e.line(),
            ReadError::Memory => 0,
        };
        assert_eq!(line("if true", SyntaxError::UnexpectedEof { line: 1 }), 2);
        assert_eq!(line("if true\n", SyntaxError::UnexpectedEof { line: 2 }), 2);
        let paren = SyntaxError::UnterminatedQuote {
            quote: ')',
            line: 1,
        };
        assert_eq!(line("echo $(", paren), 2);
        let quote = SyntaxError::UnterminatedQuote {
            quote: '\'',
            line: 1,
        };
        assert_eq!(line("echo 'a", quote), 1);
    }
}
