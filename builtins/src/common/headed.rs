//! What `head` and `tail` share around their copying: the obsolete
//! `-NUM` argument, the count and header options, and the per-operand loop
//! with `==> NAME <==` headers and GNU's wording for an operand that
//! cannot be opened or read.

use std::io::{self, BufRead, BufReader};
use std::sync::Arc;

use sandbash_interpreter::memory::MemoryBudget;

use crate::common::count_opt::{Count, CountOpts, rewrite_obsolete};
use crate::common::display_name;
use crate::common::input::{open_input, or_stdin};
use crate::common::opts::{self, Parse, Spec};
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

/// The whole of `head` or `tail` but the copy itself: rewrites an obsolete
/// first argument (see [`rewrite_obsolete`] for `plus` and `suffix`),
/// parses the options with `spec`, then copies each operand with `copy`,
/// which gets the count and the line delimiter.
pub fn run_counted(
    sys: &mut Sys<'_>,
    spec: &Spec,
    plus: bool,
    suffix: impl Fn(&str) -> Option<(&'static str, &'static str)>,
    mut copy: impl FnMut(&mut Part<'_, '_>, &mut dyn BufRead, Count, u8) -> Result<(), ReadFail>,
) -> Res<i32> {
    let args = rewrite_obsolete(sys.args, plus, suffix);
    let p = match opts::parse(sys, spec, &args)? {
        Parse::Run(p) => p,
        Parse::Exit(s) => return Ok(s),
    };
    let Some(o) = CountOpts::from_opts(&mut sys.diag, &p.opts) else {
        return Ok(1);
    };
    for_each_operand(sys, p.operands, o.verbose, |part, r| {
        copy(part, r, o.count, o.eol)
    })
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
) -> Res<i32> {
    let operands = or_stdin(operands);
    let headers = verbose.unwrap_or(operands.len() > 1);
    let mut status = 0;
    let mut first = true;
    for op in &operands {
        let input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
            Ok(i) => i,
            Err(e) => {
                sys.diag
                    .error(format_args!("cannot open '{op}' for reading: {}", e.kind));
                status = 1;
                continue;
            }
        };
        if headers {
            let sep = if first { "" } else { "\n" };
            sys.out
                .fmt(format_args!("{sep}==> {} <==\n", display_name(op)))?;
        }
        first = false;
        let mut r = BufReader::with_capacity(32 * 1024, input);
        let mut part = Part {
            out: &mut sys.out,
            tick: &mut sys.tick,
            max_mem: sys.limits.max_memory,
            memory: sys.memory,
        };
        match copy(&mut part, &mut r) {
            Ok(()) => {}
            Err(ReadFail::Stop(f)) => return Err(f),
            Err(ReadFail::Read(e)) => {
                sys.diag
                    .error(format_args!("error reading '{op}': {}", io_msg(&e)));
                status = 1;
            }
        }
    }
    Ok(status)
}
