//! Streaming a buffered input to the output while keeping only part of it
//! (`head`'s first lines or bytes, `tail`'s `+NUM` forms), a buffer at a
//! time, so nothing is held however long the input is.

use std::io::BufRead;
use std::ops::Range;

use crate::common::headed::ReadFail;
use crate::common::sys::{Out, Ticker};

/// Streams `r` to `out`. `pick` sees each buffer in turn and returns the
/// part of it to write and whether to stop after it; when stopping, only
/// the bytes up to the end of that part are consumed from `r`.
pub fn copy_picked(
    out: &mut Out<'_>,
    tick: &mut Ticker<'_>,
    r: &mut dyn BufRead,
    mut pick: impl FnMut(&[u8]) -> (Range<usize>, bool),
) -> Result<(), ReadFail> {
    loop {
        tick.check()?;
        let buf = r.fill_buf().map_err(ReadFail::Read)?;
        if buf.is_empty() {
            return Ok(());
        }
        let (part, stop) = pick(buf);
        out.put(buf.get(part.clone()).unwrap_or(&[]))?;
        let used = if stop { part.end } else { buf.len() };
        r.consume(used);
        if stop {
            return Ok(());
        }
    }
}

/// Counts down `n` (at least 1) for each `eol` in `buf`: the offset just
/// past the one that brings it to 0, or `None` when `buf` has too few.
pub fn nth_line_end(buf: &[u8], eol: u8, n: &mut u64) -> Option<usize> {
    for (i, &b) in buf.iter().enumerate() {
        if b == eol {
            *n = n.saturating_sub(1);
            if *n == 0 {
                return Some(i + 1);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::nth_line_end;

    #[test]
    fn counts_across_buffers() {
        let mut n = 3;
        assert_eq!(nth_line_end(b"a\nb\n", b'\n', &mut n), None);
        assert_eq!(n, 1);
        assert_eq!(nth_line_end(b"c\nd\n", b'\n', &mut n), Some(2));
        assert_eq!(n, 0);
    }
}
