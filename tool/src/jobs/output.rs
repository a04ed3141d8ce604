//! What a tool-level job wrote, kept for reading with a cursor.
//!
//! Invariant: each of the three buffers (merged, stdout, stderr) holds at
//! most [`JOB_BUFFER`] unread bytes; older unread bytes are dropped and
//! counted. Checked by `output::tests::bounded_and_cursored`.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};

/// Unread bytes kept per buffer of a job.
pub const JOB_BUFFER: usize = 256 * 1024;

/// Which stream a read takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Both streams in write order.
    Both,
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

impl Which {
    /// `both`, `stdout` or `stderr`.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "both" => Some(Self::Both),
            "stdout" => Some(Self::Stdout),
            "stderr" => Some(Self::Stderr),
            _ => None,
        }
    }
}

#[derive(Debug, Default)]
struct Unread {
    buf: VecDeque<u8>,
    dropped: u64,
}

impl Unread {
    fn push(&mut self, data: &[u8]) {
        self.buf.extend(data);
        if self.buf.len() > JOB_BUFFER {
            let cut = self.buf.len() - JOB_BUFFER;
            self.buf.drain(..cut);
            self.dropped += cut as u64;
        }
    }

    /// Up to `max_chars` characters from the front; consumed unless `peek`.
    fn read(&mut self, max_chars: usize, peek: bool) -> String {
        let bytes: Vec<u8> = self.buf.iter().copied().collect();
        let mut text = String::new();
        let mut used = 0;
        let mut chars = 0;
        'outer: for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                if chars == max_chars {
                    break 'outer;
                }
                text.push(c);
                used += c.len_utf8();
                chars += 1;
            }
            if !chunk.invalid().is_empty() {
                if chars == max_chars {
                    break;
                }
                text.push('\u{FFFD}');
                used += chunk.invalid().len();
                chars += 1;
            }
        }
        if !peek {
            self.buf.drain(..used);
        }
        text
    }
}

/// A job's output buffers.
#[derive(Debug, Default)]
pub struct JobOutput {
    merged: Unread,
    stdout: Unread,
    stderr: Unread,
}

impl JobOutput {
    fn pick(&mut self, which: Which) -> &mut Unread {
        match which {
            Which::Both => &mut self.merged,
            Which::Stdout => &mut self.stdout,
            Which::Stderr => &mut self.stderr,
        }
    }

    /// Reads up to `max_chars` characters of `which`; the cursor moves
    /// unless `peek`. Also gives the bytes of that buffer dropped unread.
    pub fn read(&mut self, which: Which, max_chars: usize, peek: bool) -> (String, u64) {
        let u = self.pick(which);
        (u.read(max_chars, peek), u.dropped)
    }

    /// Adds bytes written to stdout, or to stderr when `stderr`.
    pub fn push(&mut self, stderr: bool, data: &[u8]) {
        self.merged.push(data);
        if stderr {
            self.stderr.push(data);
        } else {
            self.stdout.push(data);
        }
    }

    /// Unread bytes of `which`.
    pub fn unread(&mut self, which: Which) -> usize {
        self.pick(which).buf.len()
    }
}

/// One of a job's two streams.
pub struct JobWriter {
    out: Arc<Mutex<JobOutput>>,
    stderr: bool,
}

impl JobWriter {
    /// The writer of stdout (`stderr` false) or stderr into `out`.
    pub fn new(out: &Arc<Mutex<JobOutput>>, stderr: bool) -> Self {
        Self {
            out: Arc::clone(out),
            stderr,
        }
    }
}

/// Locks a job's output (consistent after every push).
pub fn lock(out: &Mutex<JobOutput>) -> MutexGuard<'_, JobOutput> {
    out.lock().unwrap_or_else(|e| e.into_inner())
}

impl Write for JobWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        lock(&self.out).push(self.stderr, data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_and_cursored() {
        let out = Arc::new(Mutex::new(JobOutput::default()));
        let mut w = JobWriter::new(&out, false);
        let mut e = JobWriter::new(&out, true);
        w.write_all("héllo ".as_bytes()).ok();
        e.write_all(b"err ").ok();
        w.write_all(b"world").ok();
        let mut o = lock(&out);
        assert_eq!(o.read(Which::Both, 3, true).0, "hél");
        assert_eq!(o.read(Which::Both, 3, false).0, "hél");
        assert_eq!(o.read(Which::Both, 100, false).0, "lo err world");
        assert_eq!(o.read(Which::Both, 100, false).0, "");
        assert_eq!(o.read(Which::Stdout, 100, false).0, "héllo world");
        assert_eq!(o.read(Which::Stderr, 100, false).0, "err ");
        drop(o);
        w.write_all(&vec![b'x'; JOB_BUFFER + 10]).ok();
        let mut o = lock(&out);
        assert_eq!(o.unread(Which::Stdout), JOB_BUFFER);
        assert_eq!(o.read(Which::Stdout, 0, true).1, 10);
    }
}
