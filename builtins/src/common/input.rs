//! Opening input operands (`-` is standard input) and reading lines with a
//! bound on their length.

use std::io::{self, BufRead, Read};

use sandbash_interpreter::UtilityContext;
use sandbash_interpreter::memory::{Charge, MemoryBudget};
use sandbash_vfs::{FileReader, FileSystem, FsError, FsErrorKind, FsResult, path};

use crate::common::headed::ReadFail;
use crate::common::sys::{Fail, Res, Ticker, settle};

/// An input stream: standard input or a file of the VFS.
pub enum Input<'a> {
    /// Standard input (`-`, `/dev/stdin`).
    Stdin(&'a mut dyn Read),
    /// A file opened for reading.
    File(FileReader),
}

impl Read for Input<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Self::Stdin(r) => r.read(buf),
            Self::File(r) => r.read(buf),
        }
    }
}

/// Opens `operand` for reading: standard input for `-` and `/dev/stdin`,
/// else the file it names (an `Is a directory` error for a directory).
pub fn open_input<'a>(
    stdin: &'a mut dyn Read,
    fs: &dyn FileSystem,
    cwd: &str,
    operand: &str,
) -> FsResult<Input<'a>> {
    if UtilityContext::is_stdin(operand) {
        return Ok(Input::Stdin(stdin));
    }
    Ok(Input::File(open_file(fs, cwd, operand)?))
}

/// Opens `operand` as a file of the VFS, even when it is `-` (for tools
/// that hand standard input out themselves, as `paste - -` shares it);
/// a directory is an `Is a directory` error.
pub fn open_file(fs: &dyn FileSystem, cwd: &str, operand: &str) -> FsResult<FileReader> {
    let p = path::resolve(cwd, operand)?;
    let md = fs.metadata(&p)?;
    if md.is_dir() {
        return Err(FsError::new(FsErrorKind::IsADirectory, p));
    }
    fs.open_read(&p)
}

/// Opens the two operands of a tool that reads two inputs side by side
/// (`comm`, `join`); either may be standard input. When both are, the
/// second reads nothing (GNU reads the one stream for both and fails on
/// closing it twice). The error names the operand that failed.
pub fn open_two<'a>(
    stdin: &'a mut dyn Read,
    fs: &dyn FileSystem,
    cwd: &str,
    ops: [&str; 2],
) -> Result<[Input<'a>; 2], (String, FsError)> {
    let [a, b] = ops;
    fn fail(op: &str) -> impl FnOnce(FsError) -> (String, FsError) + '_ {
        move |e| (op.to_string(), e)
    }
    if UtilityContext::is_stdin(a) {
        let second = if UtilityContext::is_stdin(b) {
            // `Empty` has no size, so leaking it allocates nothing.
            Input::Stdin(Box::leak(Box::new(io::empty())))
        } else {
            Input::File(open_file(fs, cwd, b).map_err(fail(b))?)
        };
        Ok([Input::Stdin(stdin), second])
    } else {
        let first = Input::File(open_file(fs, cwd, a).map_err(fail(a))?);
        Ok([first, open_input(stdin, fs, cwd, b).map_err(fail(b))?])
    }
}

/// The operands to read: `operands`, or `-` (standard input) when there
/// are none.
pub fn or_stdin(mut operands: Vec<String>) -> Vec<String> {
    if operands.is_empty() {
        operands.push("-".into());
    }
    operands
}

/// The error a too-long line produces.
pub fn too_long() -> io::Error {
    io::Error::new(io::ErrorKind::OutOfMemory, "memory exhausted")
}

/// Reads one line ending in `eol` (kept) into `buf` (cleared first), at most
/// `max` bytes; `Ok(false)` at end of input. A longer line is an
/// `OutOfMemory` error.
pub fn read_line<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    eol: u8,
    max: usize,
) -> io::Result<bool> {
    buf.clear();
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(!buf.is_empty());
        }
        let (chunk, done) = match avail.iter().position(|&b| b == eol) {
            Some(i) => (avail.get(..=i).unwrap_or(avail), true),
            None => (avail, false),
        };
        if buf.len() + chunk.len() > max {
            return Err(too_long());
        }
        buf.extend_from_slice(chunk);
        let n = chunk.len();
        r.consume(n);
        if done {
            return Ok(true);
        }
    }
}

/// Reads one line into `buf` like [`read_line`], within the run's memory
/// budget: the line may take what the budget has left plus what `charge`
/// already holds for `buf`, whose capacity `charge` then holds. A longer
/// line marks the budget breached and stops the utility, so that the
/// shell ends the run on its memory limit.
pub fn read_line_within<R: BufRead + ?Sized>(
    r: &mut R,
    buf: &mut Vec<u8>,
    eol: u8,
    charge: &mut Charge,
    budget: &MemoryBudget,
) -> Result<bool, ReadFail> {
    let room = budget.room().saturating_add(charge.bytes());
    let max = usize::try_from(room).unwrap_or(usize::MAX);
    match read_line(r, buf, eol, max) {
        Ok(more) => {
            settle(charge, buf.capacity() as u64)?;
            Ok(more)
        }
        Err(e) if e.kind() == io::ErrorKind::OutOfMemory => {
            budget.breach();
            Err(ReadFail::Stop(Fail::Memory))
        }
        Err(e) => Err(ReadFail::Read(e)),
    }
}

/// Reads all of `r` into `buf` (appended), within the run's memory
/// budget: `charge` grows with `buf`'s capacity, and the read stops with
/// [`Fail::Memory`] (marking the budget breached) when the budget refuses.
/// For the tools that must hold their whole input (`tac`, `shuf`).
/// Cancellation is checked before every read.
pub fn read_all_within(
    r: &mut dyn Read,
    buf: &mut Vec<u8>,
    charge: &mut Charge,
    budget: &MemoryBudget,
    cancel: &sandbash_interpreter::Cancel,
) -> Result<(), ReadFail> {
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        if cancel.is_stopped() {
            return Err(ReadFail::Stop(Fail::Cancelled));
        }
        let n = match r.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadFail::Read(e)),
        };
        let want = (buf.len() + n) as u64;
        if want > budget.room().saturating_add(charge.bytes()) {
            budget.breach();
            return Err(ReadFail::Stop(Fail::Memory));
        }
        buf.extend_from_slice(chunk.get(..n).unwrap_or(&[]));
        settle(charge, buf.capacity() as u64).map_err(ReadFail::Stop)?;
    }
}

/// GNU `yesno`: reads one answer line from `stdin` (a byte at a time, so
/// the rest stays for the next question; bounded, the run's cancel
/// checked); yes when it starts with `y` or `Y`. End of input is no.
pub fn yesno(stdin: &mut dyn Read, tick: &mut Ticker<'_>) -> Res<bool> {
    let mut first = None;
    let mut byte = [0u8; 1];
    for _ in 0..(1 << 16) {
        tick.tick()?;
        match stdin.read(&mut byte) {
            Ok(1) => {
                if byte[0] == b'\n' {
                    break;
                }
                first.get_or_insert(byte[0]);
            }
            _ => break,
        }
    }
    Ok(matches!(first, Some(b'y' | b'Y')))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_within_the_budget() {
        let budget = MemoryBudget::new(100);
        let budget = std::sync::Arc::new(budget);
        let mut charge = Charge::on(&budget);
        let mut buf = Vec::new();
        let mut r: &[u8] = b"ab\n";
        assert!(matches!(
            read_line_within(&mut r, &mut buf, b'\n', &mut charge, &budget),
            Ok(true)
        ));
        assert_eq!(budget.used(), buf.capacity() as u64);
        buf = Vec::new();
        let mut r: &[u8] = b"";
        assert!(matches!(
            read_line_within(&mut r, &mut buf, b'\n', &mut charge, &budget),
            Ok(false)
        ));
        assert_eq!(budget.used(), 0);
        let long = [b'x'; 200];
        let mut r: &[u8] = &long;
        assert!(matches!(
            read_line_within(&mut r, &mut buf, b'\n', &mut charge, &budget),
            Err(ReadFail::Stop(Fail::Memory))
        ));
        assert!(budget.breached());
    }

    #[test]
    fn lines_and_bounds() {
        let mut r: &[u8] = b"ab\ncd";
        let mut buf = Vec::new();
        assert!(read_line(&mut r, &mut buf, b'\n', 100).unwrap());
        assert_eq!(buf, b"ab\n");
        assert!(read_line(&mut r, &mut buf, b'\n', 100).unwrap());
        assert_eq!(buf, b"cd");
        assert!(!read_line(&mut r, &mut buf, b'\n', 100).unwrap());
        let mut r: &[u8] = b"abcdef\n";
        assert!(read_line(&mut r, &mut buf, b'\n', 3).is_err());
    }
}
