//! Feeding one operand to a checksum, a chunk at a time.

use sandbash_vfs::FsError;

use crate::common::input::open_input;
use crate::common::sys::{Res, Sys};

/// Why an operand could not be read.
pub enum ReadError {
    /// It could not be opened (missing, a directory...).
    Open(FsError),
    /// Reading it failed part way.
    Read(std::io::Error),
}

impl ReadError {
    /// Whether the operand does not exist (`--ignore-missing`).
    pub fn missing(&self) -> bool {
        matches!(self, ReadError::Open(e) if e.kind == sandbash_vfs::FsErrorKind::NotFound)
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Open(e) => write!(f, "{}", e.kind),
            ReadError::Read(e) => f.write_str(&crate::common::sys::io_msg(e)),
        }
    }
}

/// Reads `operand` (`-` is standard input) through `feed`, 64 KiB at a
/// time, checking cancellation per chunk.
pub fn feed(
    sys: &mut Sys<'_>,
    operand: &str,
    mut feed: impl FnMut(&[u8]),
) -> Res<Result<(), ReadError>> {
    let mut input = match open_input(&mut *sys.stdin, sys.fs, sys.cwd, operand) {
        Ok(i) => i,
        Err(e) => return Ok(Err(ReadError::Open(e))),
    };
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        sys.tick.check()?;
        match std::io::Read::read(&mut input, &mut buf) {
            Ok(0) => return Ok(Ok(())),
            Ok(n) => feed(buf.get(..n).unwrap_or(&[])),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Ok(Err(ReadError::Read(e))),
        }
    }
}
