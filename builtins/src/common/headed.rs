//! What `head` and `tail` share around their copying: the count and
//! header options, and the per-operand loop
//! with `==> NAME <==` headers and GNU's wording for an operand that
//! cannot be opened or read, which tells how far each file was read (where
//! `tail -f` starts following).

use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;

use sandbash_interpreter::memory::MemoryBudget;

use crate::common::count_opt::{Count, CountOpts, Shared};
use crate::common::display_name;
use crate::common::input::{Input, open_input, or_stdin};
use crate::common::sys::{Fail, Out, Res, Sys, Ticker, io_msg};

/// A failure while copying one operand: reading it, or stopping the
/// utility (a closed output, a cancelled run).
pub enum ReadFail {
    /// Reading the input failed; the next operand is still processed.
    Read(io::Error),
    /// The utility must stop.
    Stop(Fail),
}

impl From<Fail> for ReadFail {
    fn from(f: Fail) -> Self {
        Self::Stop(f)
    }
}

/// What the copy of one operand may use.
pub struct Part<'s, 'c> {
    /// Standard output.
    pub out: &'s mut Out<'c>,
    /// The cancellation ticker.
    pub tick: &'s mut Ticker<'c>,
    /// The memory a copy may hold, in bytes.
    pub max_mem: u64,
    /// The run's memory budget, which what a copy holds is charged to.
    pub memory: &'s Arc<MemoryBudget>,
}

/// The whole of `head` or `tail` but the copy itself: reads the shared
/// options from `opts` (a bad count gives status 1), then
/// [`for_each_operand`] with `copy`, which gets the count and the line
/// delimiter.
pub fn run_counted<'a>(
    sys: &mut Sys<'_>,
    opts: impl Iterator<Item = (Shared, &'a str)>,
    operands: Vec<String>,
    mut copy: impl FnMut(&mut Part<'_, '_>, &mut dyn BufRead, Count, u8) -> Result<(), ReadFail>,
) -> Res<i32> {
    let Some(o) = CountOpts::from_opts(&mut sys.diag, opts) else {
        return Ok(1);
    };
    let report = for_each_operand(sys, operands, o.verbose, |part, r| {
        copy(part, r, o.count, o.eol)
    })?;
    Ok(report.status)
}

/// One file operand copied to its end.
pub struct Copied {
    /// The operand as given.
    pub operand: String,
    /// Its absolute path.
    pub path: String,
    /// How many bytes were read from it.
    pub end: u64,
}

/// What [`for_each_operand`] did.
pub struct Report {
    /// The exit status: 1 when an operand could not be opened or read.
    pub status: i32,
    /// The file operands (not standard input) opened and read without error.
    pub copied: Vec<Copied>,
}

/// Counts the bytes read through it.
struct Counting<R> {
    inner: R,
    n: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.n = self.n.saturating_add(k as u64);
        Ok(k)
    }
}

/// Copies every operand (standard input when there is none) with `copy`,
/// preceded by a `==> NAME <==` header when `verbose` asks for one (by
/// default: with several operands). An operand that cannot be opened or
/// read is reported and makes the status 1; the others are still copied.
pub fn for_each_operand(
    sys: &mut Sys<'_>,
    operands: Vec<String>,
    verbose: Option<bool>,
    mut copy: impl FnMut(&mut Part<'_, '_>, &mut dyn BufRead) -> Result<(), ReadFail>,
) -> Res<Report> {
    let operands = or_stdin(operands);
    let headers = verbose.unwrap_or(operands.len() > 1);
    let mut report = Report {
        status: 0,
        copied: Vec::new(),
    };
    let mut first = true;
    for op in operands {
        let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, &op) {
            Ok(i) => i,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot open '{op}' for reading: {}", e.kind));
                report.status = 1;
                continue;
            }
        };
        let is_file = matches!(input, Input::File(_));
        if headers {
            let sep = if first { "" } else { "\n" };
            sys.out
                .fmt(format_args!("{sep}==> {} <==\n", display_name(&op)))?;
        }
        first = false;
        let mut r = BufReader::with_capacity(32 * 1024, Counting { inner: input, n: 0 });
        let mut part = Part {
            out: &mut sys.out,
            tick: &mut sys.tick,
            max_mem: sys.limits.max_memory,
            memory: sys.memory,
        };
        match copy(&mut part, &mut r) {
            Ok(()) => {
                let end = r.get_ref().n;
                if is_file && let Ok(path) = sys.resolve(&op) {
                    report.copied.push(Copied {
                        operand: op,
                        path,
                        end,
                    });
                }
            }
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                sys.diag
                    .error(format_args!("error reading '{op}': {}", io_msg(&e)));
                report.status = 1;
            }
        }
    }
    Ok(report)
}
