//! The last lines or bytes of a stream, charged to the run's memory
//! budget: `tail` prints them at the end, `head -n -NUM` prints what falls
//! out.

use std::collections::VecDeque;
use std::collections::vec_deque::Drain;
use std::io::{BufRead, ErrorKind};

use sandbash_interpreter::memory::Charge;

use crate::common::headed::{Part, ReadFail};
use crate::common::input::read_line;
use crate::common::sys::{Fail, Out, Res, hold};

/// Bytes counted for each line kept, beyond its content: its `Vec`.
const LINE_OVERHEAD: u64 = std::mem::size_of::<Vec<u8>>() as u64;

/// The last `keep` lines seen, and how many bytes they hold.
pub struct LineRing {
    lines: VecDeque<Vec<u8>>,
    held: usize,
    keep: u64,
    charge: Charge,
}

impl LineRing {
    /// An empty ring keeping the last `keep` lines, charging what it holds
    /// to `charge`.
    pub fn new(keep: u64, charge: Charge) -> Self {
        Self {
            lines: VecDeque::new(),
            held: 0,
            keep,
            charge,
        }
    }

    /// Adds a line; returns the oldest one when there are now more than
    /// `keep`.
    pub fn push(&mut self, line: Vec<u8>) -> Option<Vec<u8>> {
        self.held += line.len();
        self.lines.push_back(line);
        if self.lines.len() as u64 <= self.keep {
            return None;
        }
        let old = self.lines.pop_front()?;
        self.held -= old.len();
        Some(old)
    }

    /// The bytes the kept lines hold.
    #[cfg(test)]
    pub fn held(&self) -> usize {
        self.held
    }

    /// Reads all of `r`, line by line, into the ring, handing each line
    /// that falls out to `evicted`. Kept lines the budget refuses, or a
    /// line longer than the room it has left, stop the utility.
    pub fn fill(
        &mut self,
        part: &mut Part<'_, '_>,
        r: &mut dyn BufRead,
        eol: u8,
        mut evicted: impl FnMut(&mut Out<'_>, &[u8]) -> Res<()>,
    ) -> Result<(), ReadFail> {
        let mut line = Vec::new();
        loop {
            part.tick.tick()?;
            // The line being read is not charged yet: it may take what the
            // budget has left, no more.
            let room = part.memory.room().min(part.max_mem);
            let max = usize::try_from(room).unwrap_or(usize::MAX);
            match read_line(r, &mut line, eol, max) {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(e) if e.kind() == ErrorKind::OutOfMemory => {
                    part.memory.breach();
                    return Err(ReadFail::Stop(Fail::Memory));
                }
                Err(e) => return Err(ReadFail::Read(e)),
            }
            if let Some(old) = self.push(std::mem::take(&mut line)) {
                evicted(part.out, &old)?;
            }
            let total = self.held as u64 + self.lines.len() as u64 * LINE_OVERHEAD;
            hold(&mut self.charge, total)?;
        }
    }

    /// The kept lines, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &[u8]> {
        self.lines.iter().map(Vec::as_slice)
    }
}

/// The last `keep` bytes seen.
pub struct ByteRing {
    bytes: VecDeque<u8>,
    keep: usize,
    charge: Charge,
}

impl ByteRing {
    /// An empty ring keeping the last `keep` bytes, charging what it holds
    /// to `charge`.
    pub fn new(keep: usize, charge: Charge) -> Self {
        Self {
            bytes: VecDeque::new(),
            keep,
            charge,
        }
    }

    /// Adds `chunk`; yields the oldest bytes that no longer fit (they are
    /// dropped whether or not the caller reads them).
    pub fn push(&mut self, chunk: &[u8]) -> Drain<'_, u8> {
        self.bytes.extend(chunk);
        let excess = self.bytes.len().saturating_sub(self.keep);
        self.bytes.drain(..excess)
    }

    /// Reads all of `r` into the ring, handing the bytes that fall out to
    /// `spilled`; bytes the budget refuses stop the utility.
    pub fn fill(
        &mut self,
        part: &mut Part<'_, '_>,
        r: &mut dyn BufRead,
        mut spilled: impl FnMut(&mut Out<'_>, Drain<'_, u8>) -> Res<()>,
    ) -> Result<(), ReadFail> {
        let mut buf = vec![0u8; 32 * 1024];
        loop {
            part.tick.tick()?;
            let k = r.read(&mut buf).map_err(ReadFail::Read)?;
            if k == 0 {
                return Ok(());
            }
            // Charged before it grows: the ring holds this chunk on top of
            // what it keeps until the oldest bytes are drained.
            hold(&mut self.charge, (self.bytes.len() + k) as u64)?;
            spilled(part.out, self.push(buf.get(..k).unwrap_or(&[])))?;
        }
    }

    /// The kept bytes, oldest first, as the two slices they occupy.
    pub fn as_slices(&self) -> (&[u8], &[u8]) {
        self.bytes.as_slices()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_fall_out_in_order() {
        let mut r = LineRing::new(2, Charge::none());
        assert_eq!(r.push(b"a\n".to_vec()), None);
        assert_eq!(r.push(b"bb\n".to_vec()), None);
        assert_eq!(r.push(b"c\n".to_vec()), Some(b"a\n".to_vec()));
        assert_eq!(r.held(), 5);
        assert_eq!(r.lines().collect::<Vec<_>>(), [&b"bb\n"[..], b"c\n"]);
        let mut none = LineRing::new(0, Charge::none());
        assert_eq!(none.push(b"x\n".to_vec()), Some(b"x\n".to_vec()));
        assert_eq!(none.held(), 0);
    }

    #[test]
    fn bytes_spill() {
        let mut r = ByteRing::new(3, Charge::none());
        assert_eq!(r.push(b"ab").count(), 0);
        assert_eq!(r.push(b"cde").collect::<Vec<_>>(), b"ab");
        let (a, b) = r.as_slices();
        assert_eq!([a, b].concat(), b"cde");
    }
}
