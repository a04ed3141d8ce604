//! Opening input operands (`-` is standard input) and reading lines with a
//! bound on their length.

use std::io::{self, BufRead, Read};

use sandbash_interpreter::UtilityContext;
use sandbash_vfs::{FileReader, FileSystem, FsError, FsErrorKind, FsResult, path};

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
    let p = path::resolve(cwd, operand)?;
    let md = fs.metadata(&p)?;
    if md.is_dir() {
        return Err(FsError::new(FsErrorKind::IsADirectory, p));
    }
    Ok(Input::File(fs.open_read(&p)?))
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

#[cfg(test)]
mod tests {
    use super::*;

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
