//! awk's output: `print` and `printf`, to standard output or through
//! `>`, `>>` and `|` redirections, and `close`/`fflush` of those sinks.

use super::*;

impl Interp<'_, '_, '_> {
    pub(super) fn print(&mut self, args: &[Expr], dest: Option<&(Redir, Expr)>) -> R<()> {
        let mut buf = std::mem::take(&mut self.obuf);
        buf.clear();
        if args.is_empty() {
            buf.extend_from_slice(&self.rec);
        } else {
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    buf.extend_from_slice(&self.ofs);
                }
                let v = self.eval(a)?;
                self.push_out(&mut buf, &v);
            }
        }
        buf.extend_from_slice(&self.ors);
        let r = self.emit(dest, &buf);
        self.obuf = buf;
        if self.obuf.capacity() > 1 << 16 {
            self.obuf = Vec::new();
        }
        r
    }

    pub(super) fn printf(&mut self, args: &[Expr], dest: Option<&(Redir, Expr)>) -> R<()> {
        let out = self.sprintf_args(args)?;
        self.emit(dest, &out)
    }

    /// `sprintf(fmt, args...)` with its arguments unevaluated.
    pub fn sprintf_args(&mut self, args: &[Expr]) -> R<Vec<u8>> {
        let Some((fmt, rest)) = args.split_first() else {
            return Ok(Vec::new());
        };
        let fmt = self.eval_str(fmt)?;
        let mut vals = Vec::with_capacity(rest.len());
        for a in rest {
            vals.push(self.eval(a)?);
        }
        let mut out = Vec::new();
        self.format_into(&mut out, &fmt, &vals)?;
        Ok(out)
    }

    /// `sprintf` into `out`, within the memory left.
    pub fn format_into(&mut self, out: &mut Vec<u8>, fmt: &[u8], vals: &[Value]) -> R<()> {
        let room = self.room();
        match super::super::format::sprintf(out, fmt, vals, &self.convfmt, room) {
            Ok(()) => Ok(()),
            Err(super::super::format::FmtErr::Memory) => {
                self.e.memory.breach();
                Err(Jump::Fail(Fail::Memory))
            }
            Err(super::super::format::FmtErr::NotEnoughArgs) => {
                fatal("not enough arguments to satisfy format string")
            }
        }
    }

    pub(super) fn emit(&mut self, dest: Option<&(Redir, Expr)>, data: &[u8]) -> R<()> {
        let Some((redir, target)) = dest else {
            return Ok(self.e.out.put(data)?);
        };
        let name = self.eval_str(target)?;
        let sink = self.sink(*redir, &name)?;
        let r = match sink {
            Sink::Stdout => return Ok(self.e.out.put(data)?),
            Sink::Stderr => {
                self.e.out.flush()?;
                self.e.diag.raw(data);
                Ok(())
            }
            Sink::File(w) => w.write_all(data),
            Sink::Pipe(buf, charge) => {
                if !charge.grow(data.len() as u64) {
                    return Err(Jump::Fail(Fail::Memory));
                }
                buf.extend_from_slice(data);
                Ok(())
            }
        };
        r.map_err(|e| {
            Jump::Fatal(format!(
                "print to \"{}\" failed ({})",
                String::from_utf8_lossy(&name),
                io_msg(&e)
            ))
        })
    }

    pub(super) fn sink(&mut self, redir: Redir, name: &[u8]) -> R<&mut Sink> {
        if !self.sinks.contains_key(name) {
            let s = match (redir, name) {
                (Redir::Pipe, _) => Sink::Pipe(Vec::new(), Charge::on(&self.e.memory)),
                (_, b"/dev/stdout" | b"-") => Sink::Stdout,
                (_, b"/dev/stderr") => Sink::Stderr,
                _ => {
                    let shown = String::from_utf8_lossy(name).into_owned();
                    let text = sandbash_interpreter::bytes::decode(name);
                    let mode = if redir == Redir::Append {
                        WriteMode::Append
                    } else {
                        WriteMode::Truncate
                    };
                    let w = sandbash_vfs::path::resolve(self.e.cwd, &text)
                        .and_then(|path| self.e.fs.open_write(&path, mode));
                    match w {
                        Ok(w) => Sink::File(std::io::BufWriter::new(w)),
                        Err(e) => {
                            return fatal(format!("can't redirect to `{shown}' ({})", e.kind));
                        }
                    }
                }
            };
            self.sink_seq += 1;
            self.sinks.insert(name.to_vec(), (self.sink_seq, s));
        }
        match self.sinks.get_mut(name) {
            Some((_, s)) => Ok(s),
            None => fatal("internal error: output lost"),
        }
    }

    /// Runs a shell command line through the interpreter (in the
    /// sandbox), with `input` as its standard input; its output goes to
    /// `capture` when given, else to standard output.
    pub fn run_command(
        &mut self,
        cmd: &[u8],
        input: &[u8],
        capture: Option<&mut Vec<u8>>,
    ) -> R<i32> {
        self.e.out.flush()?;
        let argv = vec![
            "eval".to_string(),
            sandbash_interpreter::bytes::decode(cmd).into_owned(),
        ];
        let mut stdin: &[u8] = input;
        let room = self.room();
        let env = self.e.env;
        let r = match capture {
            Some(buf) => {
                let mut w = Capped {
                    data: buf,
                    room,
                    over: false,
                };
                let r =
                    self.e
                        .runner
                        .run_command(&argv, env, &mut stdin, &mut w, self.e.diag.writer());
                if w.over {
                    self.e.memory.breach();
                    return Err(Jump::Fail(Fail::Memory));
                }
                r
            }
            None => self.e.runner.run_command(
                &argv,
                env,
                &mut stdin,
                self.e.out.writer(),
                self.e.diag.writer(),
            ),
        };
        self.e.tick.check()?;
        Ok(match r {
            Ok(s) => s,
            Err(NotRun { status, reason }) => {
                self.e.diag.error(format_args!("{reason}"));
                status
            }
        })
    }

    /// `close(name)`: the status of a closed pipe's command, 0 for a
    /// file, -1 when nothing by that name is open.
    pub fn close(&mut self, name: &[u8]) -> R<i32> {
        let mut status = -1;
        if let Some((_, s)) = self.sinks.remove(name) {
            status = self.close_sink(name, s)?;
        }
        if self.readers.remove(name).is_some() {
            status = 0;
        }
        Ok(status)
    }

    pub(super) fn close_sink(&mut self, name: &[u8], s: Sink) -> R<i32> {
        Ok(match s {
            Sink::Stdout => {
                self.e.out.flush()?;
                0
            }
            Sink::Stderr => 0,
            Sink::File(mut w) => {
                if let Err(e) = w.flush() {
                    self.e.diag.error(format_args!(
                        "warning: close of `{}' failed ({})",
                        String::from_utf8_lossy(name),
                        io_msg(&e)
                    ));
                    1
                } else {
                    0
                }
            }
            Sink::Pipe(data, _charge) => self.run_command(name, &data, None)?,
        })
    }

    /// Flushes standard output and every open file.
    pub fn flush_all(&mut self) -> R<()> {
        self.e.out.flush()?;
        for (_, s) in self.sinks.values_mut() {
            if let Sink::File(w) = s {
                let _ = w.flush();
            }
        }
        Ok(())
    }

    /// Closes every output (running the pipes' commands), in the order
    /// they were opened.
    pub fn close_all(&mut self) -> R<()> {
        let mut all: Vec<(Vec<u8>, (u64, Sink))> = self.sinks.drain().collect();
        all.sort_by_key(|(_, (seq, _))| *seq);
        for (name, (_, s)) in all {
            self.close_sink(&name, s)?;
        }
        self.readers.clear();
        Ok(())
    }
}
