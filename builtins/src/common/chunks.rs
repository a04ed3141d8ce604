//! Reading one input operand chunk by chunk, as `cat` and `wc` do:
//! `-` is standard input, and a failure to open or read it is reported as
//! `NAME: OPERAND: error` without stopping the utility.

use std::io::{ErrorKind, Read};

use crate::common::input::{open_input, or_stdin};
use crate::common::sys::{Out, Res, Sys, io_msg};

/// How reading an operand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChunksEnd {
    /// Every chunk was read.
    Done,
    /// The operand could not be opened (reported); nothing was read.
    OpenFailed,
    /// Reading failed part way (reported); the chunks before were handed on.
    ReadFailed,
}

impl ChunksEnd {
    /// Whether reading failed at all.
    pub fn failed(self) -> bool {
        self != Self::Done
    }
}

/// Opens `op` and hands each chunk read into `buf` to `each`, with the
/// output to write to, checking for cancellation before every read.
pub fn read_chunks<'c>(
    sys: &mut Sys<'c>,
    op: &str,
    buf: &mut [u8],
    mut each: impl FnMut(&mut Out<'c>, &[u8]) -> Res<()>,
) -> Res<ChunksEnd> {
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, op) {
        Ok(i) => i,
        Err(e) => {
            // GNU's error() flushes standard output first, so that `2>&1`
            // interleaves as GNU does.
            sys.out.flush()?;
            sys.diag.fs(op, &e);
            return Ok(ChunksEnd::OpenFailed);
        }
    };
    loop {
        sys.tick.check()?;
        match input.read(buf) {
            Ok(0) => return Ok(ChunksEnd::Done),
            Ok(n) => each(&mut sys.out, buf.get(..n).unwrap_or(&[]))?,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                sys.out.flush()?;
                sys.diag.error(format_args!("{op}: {}", io_msg(&e)));
                return Ok(ChunksEnd::ReadFailed);
            }
        }
    }
}

/// Reads every operand in turn (standard input for `-`, or when there are
/// none) chunk by chunk, as one stream: `each` gets every chunk, then
/// `None` at the end of each operand (`fold` ends its line there). Gives
/// 1 when an operand could not be opened or read (reported), else 0.
pub fn for_each_chunk<'c>(
    sys: &mut Sys<'c>,
    operands: Vec<String>,
    mut each: impl FnMut(&mut Out<'c>, Option<&[u8]>) -> Res<()>,
) -> Res<i32> {
    let mut status = 0;
    let mut buf = vec![0u8; 32 * 1024];
    for op in or_stdin(operands) {
        if read_chunks(sys, &op, &mut buf, |out, chunk| each(out, Some(chunk)))?.failed() {
            status = 1;
        }
        each(&mut sys.out, None)?;
    }
    Ok(status)
}
