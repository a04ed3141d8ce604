//! Streams and the file-descriptor table of a shell.
//!
//! Descriptors are cheap to copy: a stream is shared behind an `Arc`, so
//! `2>&1`, saving fds around a redirection and handing them to a pipeline
//! stage all clone handles, never data. A pipe's write end counts its
//! copies, so a reader sees end-of-file only when every holder (a
//! background job included) has let go.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::memory::Charge;
use crate::pipe::{PipeReader, PipeWriter};

/// Something the shell reads from.
#[derive(Clone, Default)]
pub enum Input {
    /// Always at end-of-file.
    #[default]
    Null,
    /// A shared reader (a file, a pipe, a here-document, the host's stdin).
    Shared(Arc<Mutex<SharedReader>>),
}

/// A reader shared by every descriptor that refers to it. `read` takes
/// a chunk at a time and leaves what follows its line here, where the next
/// reader of the same stream (the next `read`, a `cat`) finds it first:
/// what bash gets by reading pipes one byte at a time, without the cost.
pub struct SharedReader {
    inner: Box<dyn Read + Send>,
    ahead: Vec<u8>,
    pos: usize,
    /// The size of the regular file read (`< file`), as `fstat` would
    /// give it; `None` for pipes, here-documents and the host's stdin.
    file_size: Option<u64>,
}

impl Read for SharedReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(mut rest) = self.ahead.get(self.pos..)
            && !rest.is_empty()
        {
            let n = rest.read(buf)?;
            self.pos += n;
            return Ok(n);
        }
        self.inner.read(buf)
    }
}

/// How [`Input::read_record`] stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordEnd {
    /// The step function ended the record.
    Ended,
    /// End of input came first.
    Eof,
    /// The check between chunks said to stop.
    Stopped,
}

/// Bytes [`Input::read_record`] asks for at a time.
pub const RECORD_CHUNK: usize = 16 * 1024;

impl Input {
    /// Wraps a reader.
    pub fn new(r: impl Read + Send + 'static) -> Self {
        Self::with_size(r, None)
    }

    /// Wraps a reader of a regular file of `size` bytes (`< file`).
    pub fn file(r: impl Read + Send + 'static, size: u64) -> Self {
        Self::with_size(r, Some(size))
    }

    fn with_size(r: impl Read + Send + 'static, file_size: Option<u64>) -> Self {
        Self::Shared(Arc::new(Mutex::new(SharedReader {
            inner: Box::new(r),
            ahead: Vec::new(),
            pos: 0,
            file_size,
        })))
    }

    /// The size of the regular file this input reads, when it reads one
    /// (what `fstat` tells a utility about its standard input).
    pub fn file_size(&self) -> Option<u64> {
        match self {
            Input::Null => None,
            Input::Shared(r) => r.lock().unwrap_or_else(|e| e.into_inner()).file_size,
        }
    }

    /// Shows the input's bytes one by one to `step` until it returns
    /// `true` (that byte is consumed; the bytes after it stay for the next
    /// reader) or the input ends. `between` runs before each chunk is
    /// read and stops the record when it returns `false` (a limit, a
    /// cancel). The stream stays locked throughout.
    pub fn read_record(
        &self,
        mut step: impl FnMut(u8) -> bool,
        mut between: impl FnMut() -> bool,
    ) -> io::Result<RecordEnd> {
        let Input::Shared(r) = self else {
            return Ok(RecordEnd::Eof);
        };
        let mut r = r.lock().unwrap_or_else(|e| e.into_inner());
        let r = &mut *r;
        loop {
            while let Some(&b) = r.ahead.get(r.pos) {
                r.pos += 1;
                if step(b) {
                    return Ok(RecordEnd::Ended);
                }
            }
            if !between() {
                return Ok(RecordEnd::Stopped);
            }
            r.ahead.clear();
            r.ahead.resize(RECORD_CHUNK, 0);
            r.pos = 0;
            let n = match r.inner.read(&mut r.ahead) {
                Ok(n) => n,
                Err(e) => {
                    r.ahead.clear();
                    return Err(e);
                }
            };
            r.ahead.truncate(n);
            if n == 0 {
                return Ok(RecordEnd::Eof);
            }
        }
    }

    /// Reads bytes held in memory (here-documents, here-strings).
    pub fn bytes(data: Vec<u8>) -> Self {
        Self::new(io::Cursor::new(data))
    }

    /// Wraps a pipe's read end.
    pub fn pipe(r: PipeReader) -> Self {
        Self::new(r)
    }
}

impl Read for &Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::Null => Ok(0),
            Input::Shared(r) => r.lock().unwrap_or_else(|e| e.into_inner()).read(buf),
        }
    }
}

/// Something the shell writes to.
#[derive(Clone, Default)]
pub enum Output {
    /// Discards everything (`/dev/null`, a closed descriptor's stand-in).
    #[default]
    Null,
    /// A shared writer (a file, a pipe's write end, a capture buffer, the
    /// host's stdout); the underlying writer closes when the last clone goes.
    Shared(Arc<Mutex<dyn Write + Send>>),
}

impl Output {
    /// Wraps a writer.
    pub fn new(w: impl Write + Send + 'static) -> Self {
        Self::Shared(Arc::new(Mutex::new(w)))
    }

    /// Wraps a pipe's write end.
    pub fn pipe(w: PipeWriter) -> Self {
        Self::new(w)
    }
}

impl Write for &Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Null => Ok(buf.len()),
            Output::Shared(w) => w.lock().unwrap_or_else(|e| e.into_inner()).write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Null => Ok(()),
            Output::Shared(w) => w.lock().unwrap_or_else(|e| e.into_inner()).write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Null => Ok(()),
            Output::Shared(w) => w.lock().unwrap_or_else(|e| e.into_inner()).flush(),
        }
    }
}

/// Bytes of `max_output` kept back for the `sandbash: ... exceeded (N)`
/// line (the longest is under 80 bytes), so that a script that fills the
/// output limit through stderr cannot crowd out the reason it was stopped.
pub const STOP_MESSAGE_ROOM: u64 = 128;

/// The output a run may produce, shared by its stdout and stderr.
#[derive(Debug)]
pub(crate) struct OutputMeter {
    written: AtomicU64,
    /// What the script may write: `max_output` less the room kept for the
    /// stop message (half the limit at most, so tiny limits still let
    /// something through).
    limit: u64,
    breached: AtomicBool,
}

impl OutputMeter {
    /// A meter for a run whose streams together may carry `max_output`
    /// bytes, the stop message included.
    pub(crate) fn new(max_output: u64) -> Self {
        Self {
            written: AtomicU64::new(0),
            limit: max_output - STOP_MESSAGE_ROOM.min(max_output / 2),
            breached: AtomicBool::new(false),
        }
    }

    /// True once a write went past the limit.
    pub(crate) fn breached(&self) -> bool {
        self.breached.load(Ordering::Relaxed)
    }

    /// Wraps one of the run's outputs so that it counts against the limit.
    pub(crate) fn wrap(self: &Arc<Self>, inner: Output) -> Output {
        match inner {
            Output::Null => Output::Null,
            shared => Output::new(Metered {
                inner: shared,
                meter: self.clone(),
            }),
        }
    }
}

/// A run's stdout or stderr: writes until the run's output limit, keeping
/// everything up to it, then fails every write.
struct Metered {
    inner: Output,
    meter: Arc<OutputMeter>,
}

impl Write for Metered {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let m = &self.meter;
        let before = m.written.fetch_add(buf.len() as u64, Ordering::Relaxed);
        let allowed = m.limit.saturating_sub(before);
        if (buf.len() as u64) <= allowed {
            return (&self.inner).write(buf);
        }
        m.breached.store(true, Ordering::Relaxed);
        if allowed > 0 {
            let keep = buf.get(..allowed as usize).unwrap_or(buf);
            let _ = (&self.inner).write_all(keep);
        }
        Err(io::Error::other("output limit exceeded"))
    }

    fn flush(&mut self) -> io::Result<()> {
        (&self.inner).flush()
    }
}

/// One open descriptor.
#[derive(Clone)]
pub enum Fd {
    /// Open for reading.
    In(Input),
    /// Open for writing.
    Out(Output),
}

impl Fd {
    /// True when `a` and `b` are the same stream (or both closed).
    fn same(a: Option<&Fd>, b: Option<&Fd>) -> bool {
        match (a, b) {
            (None, None) => true,
            (Some(Fd::In(Input::Null)), Some(Fd::In(Input::Null)))
            | (Some(Fd::Out(Output::Null)), Some(Fd::Out(Output::Null))) => true,
            (Some(Fd::In(Input::Shared(x))), Some(Fd::In(Input::Shared(y)))) => Arc::ptr_eq(x, y),
            (Some(Fd::Out(Output::Shared(x))), Some(Fd::Out(Output::Shared(y)))) => {
                std::ptr::addr_eq(Arc::as_ptr(x), Arc::as_ptr(y))
            }
            _ => false,
        }
    }
}

/// Descriptors up to this one (the ones bash leaves to scripts) have
/// fixed slots; the others, up to [`MAX_HIGH_FD`], a short list.
pub const MAX_FD: usize = 9;

/// Highest descriptor a redirection may name; process substitutions and
/// coprocesses take the free ones from here down to `MAX_FD + 1`, as bash
/// takes 63 downwards.
pub const MAX_HIGH_FD: usize = 63;

/// The descriptors of a shell: 0-9, which scripts name, and the few above
/// that the shell opens for itself (see [`MAX_HIGH_FD`]).
#[derive(Clone, Default)]
pub struct Fds {
    slots: [Option<Fd>; MAX_FD + 1],
    /// Open descriptors above `MAX_FD`, at most `MAX_HIGH_FD - MAX_FD`.
    high: Vec<(usize, Fd)>,
}

impl Fds {
    /// A table with stdin, stdout and stderr set.
    pub fn new(stdin: Input, stdout: Output, stderr: Output) -> Self {
        let mut f = Self::default();
        f.set(0, Some(Fd::In(stdin)));
        f.set(1, Some(Fd::Out(stdout)));
        f.set(2, Some(Fd::Out(stderr)));
        f
    }

    /// The descriptor `n`, if open.
    pub fn get(&self, n: usize) -> Option<&Fd> {
        if n <= MAX_FD {
            return self.slots.get(n).and_then(Option::as_ref);
        }
        self.high.iter().find(|(k, _)| *k == n).map(|(_, fd)| fd)
    }

    /// Opens or closes descriptor `n` (ignored above [`MAX_HIGH_FD`]).
    pub fn set(&mut self, n: usize, fd: Option<Fd>) {
        if let Some(slot) = self.slots.get_mut(n) {
            *slot = fd;
            return;
        }
        if n > MAX_HIGH_FD {
            return;
        }
        self.high.retain(|(k, _)| *k != n);
        if let Some(fd) = fd {
            self.high.push((n, fd));
        }
    }

    /// The descriptors whose stream differs from `before`'s (opened,
    /// closed or pointed elsewhere), lowest first.
    pub fn changed_from(&self, before: &Fds) -> Vec<usize> {
        (0..=MAX_HIGH_FD)
            .filter(|n| !Fd::same(self.get(*n), before.get(*n)))
            .collect()
    }

    /// The highest free descriptor above [`MAX_FD`], if one is left.
    pub fn free_high(&self) -> Option<usize> {
        (MAX_FD + 1..=MAX_HIGH_FD)
            .rev()
            .find(|n| self.high.iter().all(|(k, _)| k != n))
    }

    /// What reading descriptor `n` reads (end-of-file when closed or
    /// open for writing only).
    pub fn input(&self, n: usize) -> Input {
        match self.get(n) {
            Some(Fd::In(i)) => i.clone(),
            _ => Input::Null,
        }
    }

    /// What writing descriptor `n` writes to; `None` when it is closed.
    pub fn output(&self, n: usize) -> Option<Output> {
        match self.get(n) {
            Some(Fd::Out(o)) => Some(o.clone()),
            _ => None,
        }
    }
}

/// A writer that keeps everything in memory, bounded: `$( )` captures and
/// the host's capture of a run's output.
#[derive(Default)]
pub struct Capture {
    /// What was written.
    pub data: Vec<u8>,
    /// The most it may hold; writes past it fail.
    pub limit: usize,
    /// What the data holds against the run's memory budget, if anything.
    charge: Charge,
    /// Set by [`Capture::close`]: later writes are discarded.
    closed: bool,
    /// A charged capture fills fixed-size chunks instead of growing one
    /// buffer: growing copies, and while it copies both buffers exist, so
    /// a capture could only reach half the budget. These are the full
    /// ones; `data` is the one being filled.
    full: Vec<Vec<u8>>,
    chunked: bool,
}

/// Smallest chunk a charged capture allocates.
const MIN_CHUNK: usize = 64 << 10;

impl Capture {
    /// A capture holding at most `limit` bytes.
    pub fn new(limit: usize) -> Self {
        Self {
            data: Vec::new(),
            limit,
            charge: Charge::none(),
            closed: false,
            full: Vec::new(),
            chunked: false,
        }
    }

    /// A capture whose bytes are also charged to a memory budget (`$( )`):
    /// a write the budget refuses fails and marks the budget breached.
    pub fn charged(limit: usize, charge: Charge) -> Self {
        Self {
            data: Vec::new(),
            limit,
            charge,
            closed: false,
            full: Vec::new(),
            chunked: true,
        }
    }

    /// Takes the captured bytes; their charge is given back, as the caller
    /// accounts for them from now on.
    pub fn take(&mut self) -> Vec<u8> {
        let last = std::mem::take(&mut self.data);
        if self.full.is_empty() {
            self.charge = Charge::none();
            return last;
        }
        let total = self.len();
        let mut out = Vec::with_capacity(total);
        // The pages of `out` are touched as it fills while each chunk is
        // freed after its copy: the charge follows, so the peak is what
        // was held plus one chunk.
        for chunk in std::mem::take(&mut self.full).into_iter().chain([last]) {
            self.charge.grow(chunk.len() as u64);
            out.extend_from_slice(&chunk);
            self.charge.shrink(chunk.capacity() as u64);
        }
        self.charge = Charge::none();
        out
    }

    /// Bytes held.
    fn len(&self) -> usize {
        self.full
            .iter()
            .map(Vec::len)
            .fold(self.data.len(), usize::saturating_add)
    }

    /// Appends to a charged capture, chunk by chunk; how much was taken.
    fn write_chunked(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut done = 0;
        while let Some(rest) = buf.get(done..).filter(|r| !r.is_empty()) {
            let spare = self.data.capacity() - self.data.len();
            if spare == 0 {
                let held = self.len();
                // A quarter of what is held: few chunks, and joining them
                // in `take` needs little more than what is held.
                let size = MIN_CHUNK
                    .max(held / 4)
                    .min(self.limit.saturating_sub(held))
                    .max(1);
                if !self.charge.grow(size as u64) {
                    if done > 0 {
                        return Ok(done);
                    }
                    return Err(io::Error::new(
                        io::ErrorKind::OutOfMemory,
                        "memory limit exceeded",
                    ));
                }
                let old = std::mem::replace(&mut self.data, Vec::with_capacity(size));
                // What the allocator gave beyond the request is held too.
                self.charge.grow((self.data.capacity() - size) as u64);
                if !old.is_empty() {
                    self.full.push(old);
                }
                continue;
            }
            let n = spare.min(rest.len());
            self.data.extend_from_slice(rest.get(..n).unwrap_or(rest));
            done += n;
        }
        Ok(done)
    }
}

impl Capture {
    /// Takes the captured bytes and discards whatever is written later:
    /// a background job may write after its run has returned, and nobody
    /// will read it.
    pub fn close(&mut self) -> Vec<u8> {
        self.closed = true;
        self.take()
    }
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        if self.len().saturating_add(buf.len()) > self.limit {
            return Err(io::Error::new(
                io::ErrorKind::OutOfMemory,
                "output limit exceeded",
            ));
        }
        if self.chunked {
            return self.write_chunked(buf);
        }
        let needed = self.data.len().saturating_add(buf.len());
        if needed > self.data.capacity() {
            // Grow by half rather than double, and charge the capacity,
            // which is what the allocator really holds.
            // While the allocator moves the data both buffers exist, so
            // the new one is charged in full before the old is given back.
            let cap = self.data.capacity();
            let new_cap = needed.max(cap.saturating_add(cap / 2)).min(self.limit);
            if !self.charge.grow(new_cap as u64) {
                return Err(io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    "memory limit exceeded",
                ));
            }
            self.data.reserve_exact(new_cap - self.data.len());
            self.charge.shrink(cap as u64);
        }
        self.data.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metered(max_output: u64) -> (Arc<OutputMeter>, Arc<Mutex<Capture>>, Output) {
        let meter = Arc::new(OutputMeter::new(max_output));
        let cap = Arc::new(Mutex::new(Capture::new(usize::MAX)));
        let out = meter.wrap(Output::Shared(cap.clone()));
        (meter, cap, out)
    }

    #[test]
    fn the_meter_keeps_room_for_the_stop_message() {
        let (meter, cap, out) = metered(1000);
        assert!((&out).write_all(&[b'x'; 2000]).is_err());
        assert!(meter.breached());
        let kept = cap.lock().map(|c| c.data.len()).unwrap_or(0) as u64;
        assert_eq!(kept, 1000 - STOP_MESSAGE_ROOM);
    }

    #[test]
    fn a_charged_capture_can_fill_its_budget() {
        let budget = Arc::new(crate::memory::MemoryBudget::new(1 << 20));
        let mut cap = Capture::charged(usize::MAX, Charge::on(&budget));
        let line = [b'y'; 1000];
        for _ in 0..700 {
            assert!(cap.write_all(&line).is_ok());
        }
        assert!(budget.used() < 1 << 20);
        assert!(budget.used() >= 700_000);
        let data = cap.take();
        assert_eq!(data.len(), 700_000);
        assert!(data.iter().all(|&b| b == b'y'));
        assert_eq!(budget.used(), 0);
        assert!(!budget.breached());

        let mut cap = Capture::charged(usize::MAX, Charge::on(&budget));
        while cap.write_all(&line).is_ok() {}
        assert!(budget.breached());
        assert!(cap.take().len() > 600_000);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn a_tiny_limit_still_lets_half_through() {
        let (meter, cap, out) = metered(10);
        assert!((&out).write_all(b"12345").is_ok());
        assert!(!meter.breached());
        assert!((&out).write_all(b"6").is_err());
        assert_eq!(
            cap.lock().map(|c| c.data.clone()).unwrap_or_default(),
            b"12345"
        );
    }
}
