//! Bounded in-memory pipes joining pipeline stages.
//!
//! A writer blocks while the buffer is full and gets `BrokenPipe` once the
//! reader is gone; the reader sees end-of-file once every writer is
//! dropped. Both wait in short slices so that cancellation ends them within
//! milliseconds. Nothing here touches an OS pipe.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use crate::cancel::{Cancel, POLL_SLICE};

/// Bytes a pipe buffers before its writer blocks (Linux's default).
pub const PIPE_CAPACITY: usize = 64 * 1024;

struct State {
    buf: VecDeque<u8>,
    writers: usize,
    reader_open: bool,
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
            buf: VecDeque::new(),
            writers: 1,
            reader_open: true,
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
            if !st.buf.is_empty() {
                let n = out.len().min(st.buf.len());
                for (dst, src) in out.iter_mut().zip(st.buf.drain(..n)) {
                    *dst = src;
                }
                self.shared.writable.notify_all();
                return Ok(n);
            }
            if st.writers == 0 {
                return Ok(0);
            }
            if self.shared.cancel.is_stopped() {
                return Err(cancelled());
            }
            st = self
                .shared
                .readable
                .wait_timeout(st, POLL_SLICE)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }
}

impl Drop for PipeReader {
    fn drop(&mut self) {
        let mut st = self.shared.lock();
        st.reader_open = false;
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
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            let room = PIPE_CAPACITY.saturating_sub(st.buf.len());
            if room > 0 {
                let n = room.min(data.len());
                st.buf.extend(data.iter().take(n));
                self.shared.readable.notify_all();
                return Ok(n);
            }
            if self.shared.cancel.is_stopped() {
                return Err(cancelled());
            }
            st = self
                .shared
                .writable
                .wait_timeout(st, POLL_SLICE)
                .map(|(g, _)| g)
                .unwrap_or_else(|e| e.into_inner().0);
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

    #[test]
    fn writer_gets_broken_pipe_when_reader_leaves() {
        let (r, mut w) = pipe(Cancel::new());
        drop(r);
        assert_eq!(w.write(b"y").unwrap_err().kind(), io::ErrorKind::BrokenPipe);
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
