//! Bounded in-memory pipes joining pipeline stages.
//!
//! A writer blocks while the buffer is full and gets `BrokenPipe` once the
//! reader is gone; the reader sees end-of-file once every writer is
//! dropped. A reader that leaves without taking a byte (`echo hi | true`)
//! leaves the buffer's room to its writers: what fits is taken (and
//! dropped) before `BrokenPipe`, as when bash's writer, started first,
//! fills the OS pipe before the reader exits (`PIPESTATUS` is `0 0`, not
//! `141 0`; `yes | true` still ends with 141). Invariant checked by
//! `pipe::tests::a_reader_that_never_read_leaves_the_room`. Both wait in short slices so that cancellation ends them within
//! milliseconds. Nothing here touches an OS pipe.

use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::cancel::{Cancel, POLL_SLICE};

/// Bytes a pipe buffers before its writer blocks (Linux's default).
pub const PIPE_CAPACITY: usize = 64 * 1024;

/// A fixed ring of [`PIPE_CAPACITY`] bytes, copied in and out with
/// `memcpy`.
struct Ring {
    data: Box<[u8]>,
    /// Where the oldest byte is.
    head: usize,
    /// How many bytes are held.
    len: usize,
}

impl Ring {
    fn new() -> Self {
        Self {
            data: Vec::new().into_boxed_slice(),
            head: 0,
            len: 0,
        }
    }

    fn room(&self) -> usize {
        PIPE_CAPACITY - self.len
    }

    /// Appends as much of `src` as fits; returns how much did.
    fn push(&mut self, src: &[u8]) -> usize {
        if self.data.is_empty() {
            // Allocated on first use: a pipe nobody writes to costs nothing.
            self.data = vec![0; PIPE_CAPACITY].into_boxed_slice();
        }
        let n = src.len().min(self.room());
        let tail = (self.head + self.len) % PIPE_CAPACITY;
        let first = n.min(PIPE_CAPACITY - tail);
        if let (Some(dst), Some(s)) = (self.data.get_mut(tail..tail + first), src.get(..first)) {
            dst.copy_from_slice(s);
        }
        if let (Some(dst), Some(s)) = (self.data.get_mut(..n - first), src.get(first..n)) {
            dst.copy_from_slice(s);
        }
        self.len += n;
        n
    }

    /// Moves as many bytes as fit into `out`; returns how many did.
    fn pop(&mut self, out: &mut [u8]) -> usize {
        let n = out.len().min(self.len);
        let first = n.min(PIPE_CAPACITY - self.head);
        if let (Some(d), Some(s)) = (
            out.get_mut(..first),
            self.data.get(self.head..self.head + first),
        ) {
            d.copy_from_slice(s);
        }
        if let (Some(d), Some(s)) = (out.get_mut(first..n), self.data.get(..n - first)) {
            d.copy_from_slice(s);
        }
        self.head = (self.head + n) % PIPE_CAPACITY;
        self.len -= n;
        if self.len == 0 {
            self.head = 0;
        }
        n
    }

    fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
    }
}

struct State {
    buf: Ring,
    writers: usize,
    reader_open: bool,
    /// A reader waits on `readable` (writers notify only then).
    reader_waiting: bool,
    /// Writers wait on `writable` (the reader notifies only then).
    writers_waiting: usize,
    /// The reader has taken bytes.
    taken: bool,
    /// Bytes taken and dropped since a reader that never took any left.
    dropped: usize,
}

struct Shared {
    state: Mutex<State>,
    readable: Condvar,
    writable: Condvar,
    cancel: Cancel,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn cancelled() -> io::Error {
    io::Error::new(io::ErrorKind::Interrupted, "run stopped")
}

/// Creates a pipe whose waits end when `cancel` is raised.
pub fn pipe(cancel: Cancel) -> (PipeReader, PipeWriter) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            buf: Ring::new(),
            writers: 1,
            reader_open: true,
            reader_waiting: false,
            writers_waiting: 0,
            taken: false,
            dropped: 0,
        }),
        readable: Condvar::new(),
        writable: Condvar::new(),
        cancel,
    });
    (
        PipeReader {
            shared: Arc::clone(&shared),
        },
        PipeWriter { shared },
    )
}

/// The read end of a pipe.
pub struct PipeReader {
    shared: Arc<Shared>,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        let mut st = self.shared.lock();
        loop {
            if st.buf.len > 0 {
                st.taken = true;
                let n = st.buf.pop(out);
                if st.writers_waiting > 0 {
                    self.shared.writable.notify_all();
                }
                return Ok(n);
            }
            if st.writers == 0 {
                return Ok(0);
            }
            if self.shared.cancel.is_stopped() {
                return Err(cancelled());
            }
            st.reader_waiting = true;
            st = self
                .shared
                .readable
                .wait_timeout(st, POLL_SLICE)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
            st.reader_waiting = false;
        }
    }
}

impl PipeReader {
    /// A function telling whether a read would not wait: bytes are
    /// buffered, or every writer is gone (end-of-file is ready too, as
    /// `select` says). It holds the pipe's state but is neither reader
    /// nor writer, so the pipe closes as before.
    pub fn ready_probe(&self) -> impl Fn() -> bool + Send + 'static {
        let shared = Arc::clone(&self.shared);
        move || {
            let st = shared.lock();
            st.buf.len > 0 || st.writers == 0
        }
    }
}

impl Drop for PipeReader {
    fn drop(&mut self) {
        let mut st = self.shared.lock();
        st.reader_open = false;
        st.dropped = st.buf.len;
        st.buf.clear();
        self.shared.writable.notify_all();
    }
}

/// The write end of a pipe; clones are further writers of the same pipe.
pub struct PipeWriter {
    shared: Arc<Shared>,
}

impl Clone for PipeWriter {
    fn clone(&self) -> Self {
        self.shared.lock().writers += 1;
        Self {
            shared: Arc::clone(&self.shared),
        }
    }
}

impl Drop for PipeWriter {
    fn drop(&mut self) {
        let mut st = self.shared.lock();
        st.writers = st.writers.saturating_sub(1);
        self.shared.readable.notify_all();
    }
}

impl Write for PipeWriter {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if data.is_empty() {
            return Ok(0);
        }
        let mut st = self.shared.lock();
        loop {
            if !st.reader_open {
                let room = if st.taken {
                    0
                } else {
                    PIPE_CAPACITY - st.dropped
                };
                if room == 0 {
                    return Err(io::Error::from(io::ErrorKind::BrokenPipe));
                }
                let n = data.len().min(room);
                st.dropped += n;
                return Ok(n);
            }
            if st.buf.room() > 0 {
                let n = st.buf.push(data);
                if st.reader_waiting {
                    self.shared.readable.notify_all();
                }
                return Ok(n);
            }
            if self.shared.cancel.is_stopped() {
                return Err(cancelled());
            }
            st.writers_waiting += 1;
            st = self
                .shared
                .writable
                .wait_timeout(st, POLL_SLICE)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
            st.writers_waiting -= 1;
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_and_ends_with_eof() {
        let (mut r, mut w) = pipe(Cancel::new());
        let t = std::thread::spawn(move || {
            for _ in 0..100 {
                w.write_all(&[b'x'; 10_000]).unwrap();
            }
        });
        let mut total = 0;
        let mut buf = [0u8; 4096];
        loop {
            let n = r.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            total += n;
        }
        t.join().unwrap();
        assert_eq!(total, 1_000_000);
    }

    /// Invariant: bytes come out in the order they went in, whatever the
    /// sizes of the writes and reads and wherever the ring wraps.
    #[test]
    fn the_ring_keeps_order_across_wraps() {
        let (mut r, mut w) = pipe(Cancel::new());
        let data: Vec<u8> = (0..3_000_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let expect = data.clone();
        let t = std::thread::spawn(move || {
            let mut at = 0;
            let mut size = 1;
            while at < data.len() {
                let end = (at + size).min(data.len());
                w.write_all(&data[at..end]).unwrap();
                at = end;
                size = size * 3 % 70_001 + 1;
            }
        });
        let mut got = Vec::new();
        let mut buf = vec![0u8; 50_000];
        let mut size = 5;
        loop {
            let n = r.read(&mut buf[..size]).unwrap();
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
            size = size * 5 % 49_999 + 1;
        }
        t.join().unwrap();
        assert!(got == expect, "bytes differ");
    }

    #[test]
    fn writer_gets_broken_pipe_when_reader_leaves() {
        let (mut r, mut w) = pipe(Cancel::new());
        w.write_all(b"xy").unwrap();
        let mut one = [0u8; 1];
        assert_eq!(r.read(&mut one).unwrap(), 1);
        drop(r);
        assert_eq!(w.write(b"y").unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    }

    #[test]
    fn a_reader_that_never_read_leaves_the_room() {
        let (r, mut w) = pipe(Cancel::new());
        w.write_all(&[1; 1000]).unwrap();
        drop(r);
        // The room left: PIPE_CAPACITY less what was buffered.
        let mut taken = 1000;
        loop {
            match w.write(&[2; 4096]) {
                Ok(n) => taken += n,
                Err(e) => {
                    assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
                    break;
                }
            }
        }
        assert_eq!(taken, PIPE_CAPACITY);
    }

    #[test]
    fn cancellation_wakes_a_blocked_reader() {
        let cancel = Cancel::new();
        let (mut r, _w) = pipe(cancel.clone());
        let c2 = cancel.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(20));
            c2.cancel();
        });
        let mut buf = [0u8; 1];
        assert!(r.read(&mut buf).is_err());
    }
}
