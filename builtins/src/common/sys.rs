//! The utility context split into independently borrowable parts, with a
//! buffered standard output and a cancellation ticker.
//!
//! A utility builds a [`Sys`] at the start of `run`, does its work through
//! functions returning [`Res`], and ends with [`Sys::finish`], which flushes
//! the output and maps a failed write to 141 (closed pipe) or 1, a
//! cancellation to [`STATUS_CANCELLED`] and a refused memory charge to 1
//! (the shell then ends the run on its memory limit).

use std::fmt;
use std::io::{self, BufWriter, Read, Write};
use std::sync::Arc;

use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_interpreter::{Cancel, CommandRunner, Limits, STATUS_BROKEN_PIPE, UtilityContext};
use sandbash_vfs::{FileSystem, FsError, FsResult, path};

/// Exit status of a utility stopped by cancellation or timeout (128 + SIGINT).
pub const STATUS_CANCELLED: i32 = 130;

/// Why a utility stops early.
#[derive(Debug)]
pub enum Fail {
    /// Writing standard output failed (a closed pipe, a full disk...).
    Write(io::Error),
    /// The run was cancelled or timed out.
    Cancelled,
    /// The run's memory budget refused what the utility had to hold.
    Memory,
}

/// Result of an operation that may stop the utility early.
pub type Res<T> = Result<T, Fail>;

/// Raises `charge` to `total` bytes (it never shrinks: a buffer keeps the
/// capacity it reached); [`Fail::Memory`] when the budget refuses.
pub fn hold(charge: &mut Charge, total: u64) -> Res<()> {
    let more = total.saturating_sub(charge.bytes());
    if more == 0 || charge.grow(more) {
        Ok(())
    } else {
        Err(Fail::Memory)
    }
}

/// Makes `charge` hold exactly `total` bytes, giving back what a buffer
/// no longer holds; [`Fail::Memory`] when the budget refuses the growth.
pub fn settle(charge: &mut Charge, total: u64) -> Res<()> {
    let held = charge.bytes();
    if total < held {
        charge.shrink(held - total);
        Ok(())
    } else {
        hold(charge, total)
    }
}

/// Buffered standard output whose errors become [`Fail::Write`].
pub struct Out<'c> {
    w: BufWriter<&'c mut dyn Write>,
}

impl<'c> Out<'c> {
    /// Wraps a writer in a 32 KiB buffer.
    pub fn new(w: &'c mut dyn Write) -> Self {
        Self {
            w: BufWriter::with_capacity(32 * 1024, w),
        }
    }

    /// Writes bytes.
    pub fn put(&mut self, b: &[u8]) -> Res<()> {
        self.w.write_all(b).map_err(Fail::Write)
    }

    /// Writes shell text (names, arguments): raw bytes it carries as
    /// stand-ins (`sandbash_interpreter::bytes`) are written as themselves.
    pub fn str(&mut self, s: &str) -> Res<()> {
        self.put(&sandbash_interpreter::bytes::encode(s))
    }

    /// Writes formatted text (use with `format_args!`).
    pub fn fmt(&mut self, args: fmt::Arguments<'_>) -> Res<()> {
        self.w.write_fmt(args).map_err(Fail::Write)
    }

    /// Writes `n` copies of `b` in pieces, never building them whole, and
    /// checks `cancel` between pieces: a huge `nl -w` or `expand -t` pad
    /// costs output (which the output limit bounds), not memory, and stops
    /// when the run does even where the output is discarded.
    pub fn repeat(&mut self, cancel: &Cancel, b: u8, n: u64) -> Res<()> {
        let piece = [b; 4096];
        let mut left = n;
        while left > 0 {
            if cancel.is_stopped() {
                return Err(Fail::Cancelled);
            }
            let k = usize::try_from(left)
                .unwrap_or(piece.len())
                .min(piece.len());
            self.put(piece.get(..k).unwrap_or(&[]))?;
            left -= k as u64;
        }
        Ok(())
    }

    /// Flushes the buffer to the underlying writer.
    pub fn flush(&mut self) -> Res<()> {
        self.w.flush().map_err(Fail::Write)
    }

    /// The buffered writer, for handing to another command.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut self.w
    }
}

/// Standard error with the utility's name, for GNU-style diagnostics.
pub struct Diag<'c> {
    /// The utility name printed before every message.
    pub name: &'static str,
    w: &'c mut dyn Write,
}

impl<'c> Diag<'c> {
    /// Diagnostics for the utility `name`, written to `w`.
    pub fn new(name: &'static str, w: &'c mut dyn Write) -> Self {
        Self { name, w }
    }

    /// Prints `NAME: MESSAGE`.
    pub fn error(&mut self, msg: impl fmt::Display) {
        let _ = writeln!(self.w, "{}: {msg}", self.name);
    }

    /// Prints `NAME: MESSAGE`, failing with [`Fail::Write`] when standard
    /// error refuses it (past the output limit): for a utility that may
    /// warn endlessly (`numfmt --invalid=warn` over an endless stream).
    pub fn try_error(&mut self, msg: impl fmt::Display) -> Res<()> {
        writeln!(self.w, "{}: {msg}", self.name).map_err(Fail::Write)
    }

    /// Prints `NAME: OPERAND: strerror`.
    pub fn fs(&mut self, operand: &str, err: &FsError) {
        self.error(format_args!("{operand}: {}", err.kind));
    }

    /// Prints a usage error followed by the `Try 'NAME --help'` hint.
    pub fn usage(&mut self, msg: impl fmt::Display) {
        self.error(msg);
        self.try_help();
    }

    /// Prints `Try 'NAME --help' for more information.`
    pub fn try_help(&mut self) {
        let _ = writeln!(self.w, "Try '{} --help' for more information.", self.name);
    }

    /// Writes raw text to standard error.
    pub fn raw(&mut self, b: &[u8]) {
        let _ = self.w.write_all(b);
    }

    /// The underlying writer.
    pub fn writer(&mut self) -> &mut dyn Write {
        &mut *self.w
    }
}

/// Checks the cancellation signal every few thousand calls.
pub struct Ticker<'c> {
    /// The run's cancellation signal.
    pub cancel: &'c Cancel,
    n: u32,
}

impl Ticker<'_> {
    /// Counts one unit of work; every 1024 units, fails with
    /// [`Fail::Cancelled`] when the run must stop.
    pub fn tick(&mut self) -> Res<()> {
        self.n = self.n.wrapping_add(1);
        if self.n.is_multiple_of(1024) {
            self.check()
        } else {
            Ok(())
        }
    }

    /// Checks the signal now.
    pub fn check(&self) -> Res<()> {
        if self.cancel.is_stopped() {
            Err(Fail::Cancelled)
        } else {
            Ok(())
        }
    }
}

/// A [`UtilityContext`] split into parts that can be borrowed separately.
pub struct Sys<'c> {
    /// The arguments after the command name.
    pub args: &'c [String],
    /// Standard input.
    pub stdin: &'c mut dyn Read,
    /// The size of standard input when it is a regular file (`< file`).
    pub stdin_file_size: Option<u64>,
    /// Buffered standard output.
    pub out: Out<'c>,
    /// Standard error.
    pub diag: Diag<'c>,
    /// The filesystem.
    pub fs: &'c dyn FileSystem,
    /// The absolute working directory.
    pub cwd: &'c str,
    /// The exported environment.
    pub env: &'c [(String, String)],
    /// The cancellation ticker.
    pub tick: Ticker<'c>,
    /// The run's limits.
    pub limits: &'c Limits,
    /// The run's memory budget, which buffers are charged to.
    pub memory: &'c Arc<MemoryBudget>,
    /// Runs other commands.
    pub runner: &'c mut dyn CommandRunner,
}

impl<'c> Sys<'c> {
    /// Splits `ctx`; `name` is the utility name used in messages.
    pub fn new(name: &'static str, ctx: &'c mut UtilityContext<'_>) -> Self {
        let args = ctx.args.get(1..).unwrap_or(&[]);
        Self {
            args,
            stdin: &mut *ctx.stdin,
            stdin_file_size: ctx.stdin_file_size,
            out: Out::new(&mut *ctx.stdout),
            diag: Diag::new(name, &mut *ctx.stderr),
            fs: ctx.fs,
            cwd: ctx.cwd,
            env: ctx.env,
            tick: Ticker {
                cancel: ctx.cancel,
                n: 0,
            },
            limits: ctx.limits,
            memory: ctx.memory,
            runner: &mut *ctx.runner,
        }
    }

    /// An empty charge against the run's memory budget, to grow with
    /// [`hold`] as a buffer grows.
    pub fn charge(&self) -> Charge {
        Charge::on(self.memory)
    }

    /// Resolves an operand against the working directory.
    pub fn resolve(&self, operand: &str) -> FsResult<String> {
        path::resolve(self.cwd, operand)
    }

    /// Flushes the output and turns the outcome into an exit status.
    pub fn finish(mut self, result: Res<i32>) -> i32 {
        let result = result.and_then(|s| self.out.flush().map(|()| s));
        match result {
            Ok(s) => s,
            Err(Fail::Cancelled) => {
                let _ = self.out.flush();
                STATUS_CANCELLED
            }
            Err(Fail::Memory) => {
                let _ = self.out.flush();
                self.diag.error("memory exhausted");
                1
            }
            Err(Fail::Write(e)) => {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    STATUS_BROKEN_PIPE
                } else {
                    self.diag.error(format_args!("write error: {}", io_msg(&e)));
                    1
                }
            }
        }
    }
}

/// The `strerror`-like text of an I/O error (the VFS message when it wraps one).
pub fn io_msg(e: &io::Error) -> String {
    if let Some(inner) = e.get_ref()
        && let Some(fe) = inner.downcast_ref::<FsError>()
    {
        return fe.kind.to_string();
    }
    match e.kind() {
        io::ErrorKind::BrokenPipe => "Broken pipe".into(),
        io::ErrorKind::NotFound => "No such file or directory".into(),
        io::ErrorKind::PermissionDenied => "Permission denied".into(),
        io::ErrorKind::OutOfMemory => "memory exhausted".into(),
        _ => "Input/output error".into(),
    }
}
