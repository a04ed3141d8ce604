//! Streams and the file-descriptor table of a shell.
//!
//! Descriptors are cheap to copy: a stream is shared behind an `Arc`, so
//! `2>&1`, saving fds around a redirection and handing them to a pipeline
//! stage all clone handles, never data. A pipe's write end counts its
//! copies, so a reader sees end-of-file only when every holder (a
//! background job included) has let go.

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use sandbash_vfs::FileSystem;

use crate::memory::{Charge, MemoryBudget};
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
    /// For a pipe: whether a read would not wait (`read -t 0`). Other
    /// inputs (files, here-documents, the host's stdin) count as ready,
    /// as `select` reports a regular file.
    ready: Option<Box<dyn Fn() -> bool + Send>>,
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
            ready: None,
        })))
    }

    /// True when reading would not wait for a writer (`read -t 0`):
    /// bytes are waiting, the input is at end-of-file, or it is not a pipe.
    pub fn ready(&self) -> bool {
        let Input::Shared(r) = self else {
            return true;
        };
        let r = r.lock().unwrap_or_else(|e| e.into_inner());
        r.pos < r.ahead.len() || r.ready.as_ref().is_none_or(|f| f())
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
        let probe = r.ready_probe();
        let input = Self::new(r);
        if let Input::Shared(s) = &input {
            s.lock().unwrap_or_else(|e| e.into_inner()).ready = Some(Box::new(probe));
        }
        input
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
    /// Open for reading and writing (`<>`): both sides move one offset.
    Both(Input, Output),
}

impl Fd {
    /// A file opened with `<>`: reads start at the offset, and a write
    /// lands where the reads stopped (the bytes read ahead but not
    /// consumed are given back first, as bash seeks back a regular file).
    /// A write rewrites the file in place (the VFS has no positioned
    /// write): the copy it holds is charged to `budget`, the run's memory.
    pub fn read_write(fs: Arc<dyn FileSystem>, path: String, budget: Arc<MemoryBudget>) -> Self {
        let at = Arc::new(Mutex::new(0u64));
        let input = Input::new(RwReader {
            fs: fs.clone(),
            path: path.clone(),
            at: at.clone(),
        });
        let output = Output::new(RwWriter {
            fs,
            path,
            at,
            input: input.clone(),
            budget,
        });
        Fd::Both(input, output)
    }
}

/// The read side of a `<>` descriptor.
struct RwReader {
    fs: Arc<dyn FileSystem>,
    path: String,
    at: Arc<Mutex<u64>>,
}

fn fs_error(e: sandbash_vfs::FsError) -> io::Error {
    io::Error::other(e.kind.to_string())
}

impl Read for RwReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        let mut r = self.fs.open_read(&self.path).map_err(fs_error)?;
        // The VFS streams have no seek: skip to the offset.
        let skipped = io::copy(&mut (&mut r).take(*at), &mut io::sink())?;
        if skipped < *at {
            return Ok(0);
        }
        let n = r.read(buf)?;
        *at += n as u64;
        Ok(n)
    }
}

/// The write side of a `<>` descriptor.
struct RwWriter {
    fs: Arc<dyn FileSystem>,
    path: String,
    at: Arc<Mutex<u64>>,
    /// The read side, whose read-ahead is given back before a write.
    input: Input,
    budget: Arc<MemoryBudget>,
}

impl Write for RwWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let unread = match &self.input {
            Input::Shared(r) => {
                let mut r = r.lock().unwrap_or_else(|e| e.into_inner());
                let unread = r.ahead.len().saturating_sub(r.pos);
                r.ahead.clear();
                r.pos = 0;
                unread
            }
            Input::Null => 0,
        };
        let mut at = self.at.lock().unwrap_or_else(|e| e.into_inner());
        *at = at.saturating_sub(unread as u64);
        // Written in place: the bytes before the offset, these, then what
        // they do not cover (a file shorter than the offset is padded with
        // NULs, as a seek past the end would).
        let size = self.fs.metadata(&self.path).map_err(fs_error)?.size;
        if *at == size {
            // At the end (a new file, or all of it read): an append.
            self.fs.append(&self.path, buf).map_err(fs_error)?;
            *at += buf.len() as u64;
            return Ok(buf.len());
        }
        let mut charge = Charge::on(&self.budget);
        if !charge.grow(size.saturating_add(buf.len() as u64)) {
            // The budget is marked breached: the run stops on memory.
            return Err(io::Error::other("memory limit exceeded"));
        }
        let mut data = self.fs.read(&self.path).map_err(fs_error)?;
        let start = usize::try_from(*at).map_err(io::Error::other)?;
        let end = start.saturating_add(buf.len());
        if data.len() < end {
            data.resize(end, 0);
        }
        if let Some(dst) = data.get_mut(start..end) {
            dst.copy_from_slice(buf);
        }
        self.fs.write(&self.path, &data).map_err(fs_error)?;
        *at += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// True when both are closed or both refer to the same streams.
fn same_fd(a: Option<&Fd>, b: Option<&Fd>) -> bool {
    fn same_in(a: &Input, b: &Input) -> bool {
        match (a, b) {
            (Input::Null, Input::Null) => true,
            (Input::Shared(x), Input::Shared(y)) => Arc::ptr_eq(x, y),
            _ => false,
        }
    }
    fn same_out(a: &Output, b: &Output) -> bool {
        match (a, b) {
            (Output::Null, Output::Null) => true,
            (Output::Shared(x), Output::Shared(y)) => Arc::ptr_eq(x, y),
            _ => false,
        }
    }
    match (a, b) {
        (None, None) => true,
        (Some(Fd::In(x)), Some(Fd::In(y))) => same_in(x, y),
        (Some(Fd::Out(x)), Some(Fd::Out(y))) => same_out(x, y),
        (Some(Fd::Both(x, o)), Some(Fd::Both(y, p))) => same_in(x, y) && same_out(o, p),
        _ => false,
    }
}

/// Highest descriptor number scripts may use (bash's default `ulimit -n`
/// is 1024).
pub const MAX_FD: usize = 1023;

/// The first descriptor `{var}>file` allocates, as bash.
pub const FIRST_NAMED_FD: usize = 10;

/// The first descriptor process substitutions and coprocesses take, going
/// down from it, as bash's pipes land on 63 downwards.
pub const HIGH_FD: usize = 63;

/// Descriptors kept in the fixed slots; higher ones, rare, in a map.
const LOW_FDS: usize = 10;

/// The descriptors of a shell: 0-9 in fixed slots (copied with every
/// redirection), the ones above in a map that is empty, and free to
/// copy, until a script opens one.
#[derive(Clone, Default)]
pub struct Fds {
    slots: [Option<Fd>; LOW_FDS],
    high: BTreeMap<usize, Fd>,
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
        match self.slots.get(n) {
            Some(slot) => slot.as_ref(),
            None => self.high.get(&n),
        }
    }

    /// Opens or closes descriptor `n` (ignored above [`MAX_FD`]).
    pub fn set(&mut self, n: usize, fd: Option<Fd>) {
        if let Some(slot) = self.slots.get_mut(n) {
            *slot = fd;
        } else if n <= MAX_FD {
            match fd {
                Some(fd) => {
                    self.high.insert(n, fd);
                }
                None => {
                    self.high.remove(&n);
                }
            }
        }
    }

    /// The descriptors that differ from `before` (opened, closed or
    /// pointing at another stream): what a command's redirections changed.
    pub fn changed_from(&self, before: &Fds) -> Vec<usize> {
        let high = self.high.keys().chain(before.high.keys()).copied();
        let mut changed: Vec<usize> = (0..LOW_FDS)
            .chain(high)
            .filter(|n| !same_fd(self.get(*n), before.get(*n)))
            .collect();
        changed.dedup();
        changed
    }

    /// The lowest closed descriptor from `from` up, below `cap` (what
    /// `{var}>file` takes).
    pub fn first_free(&self, from: usize, cap: usize) -> Option<usize> {
        (from..=MAX_FD.min(cap.saturating_sub(1))).find(|n| self.get(*n).is_none())
    }

    /// The highest closed descriptor from [`HIGH_FD`] down to
    /// [`FIRST_NAMED_FD`] (what a process substitution or a coprocess
    /// takes). Both allocators search the one table, so `{var}` descriptors
    /// (from 10 up) and these (from 63 down) never share a number.
    pub fn free_high(&self) -> Option<usize> {
        (FIRST_NAMED_FD..=HIGH_FD)
            .rev()
            .find(|n| self.get(*n).is_none())
    }

    /// What reading descriptor `n` reads (end-of-file when closed or
    /// open for writing only).
    pub fn input(&self, n: usize) -> Input {
        match self.get(n) {
            Some(Fd::In(i) | Fd::Both(i, _)) => i.clone(),
            _ => Input::Null,
        }
    }

    /// What reading descriptor `n` reads, `None` when it is closed (bash's
    /// `invalid file descriptor`); one open for writing only reads as
    /// end-of-file.
    pub fn readable(&self, n: usize) -> Option<Input> {
        match self.get(n)? {
            Fd::In(i) | Fd::Both(i, _) => Some(i.clone()),
            Fd::Out(_) => Some(Input::Null),
        }
    }

    /// What writing descriptor `n` writes to; `None` when it is closed.
    pub fn output(&self, n: usize) -> Option<Output> {
        match self.get(n) {
            Some(Fd::Out(o) | Fd::Both(_, o)) => Some(o.clone()),
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

    #[test]
    fn descriptors_above_nine_and_what_redirections_changed() {
        let before = Fds::new(Input::Null, Output::Null, Output::Null);
        let mut fds = before.clone();
        assert_eq!(fds.first_free(FIRST_NAMED_FD, usize::MAX), Some(10));
        fds.set(10, Some(Fd::Out(Output::Null)));
        fds.set(MAX_FD, Some(Fd::Out(Output::Null)));
        fds.set(MAX_FD + 1, Some(Fd::Out(Output::Null)));
        assert!(fds.get(MAX_FD + 1).is_none(), "past the table: ignored");
        assert_eq!(fds.first_free(FIRST_NAMED_FD, usize::MAX), Some(11));
        // `ulimit -n 11` leaves nothing from 11 up.
        assert_eq!(fds.first_free(11, 11), None);
        fds.set(1, Some(Fd::Out(Output::new(Vec::new()))));
        assert_eq!(fds.changed_from(&before), vec![1, 10, MAX_FD]);
        fds.set(10, None);
        fds.set(MAX_FD, None);
        fds.set(1, before.get(1).cloned());
        assert!(fds.changed_from(&before).is_empty());
    }

    #[test]
    fn read_write_descriptor_writes_where_reading_stopped() {
        let fs: Arc<dyn FileSystem> = Arc::new(sandbash_vfs::MemoryFs::new());
        fs.write("/f", b"hello\nrest\n").unwrap();
        let budget = Arc::new(MemoryBudget::new(1 << 20));
        let Fd::Both(input, output) = Fd::read_write(fs.clone(), "/f".into(), budget) else {
            panic!("not a read-write descriptor");
        };
        let mut line = Vec::new();
        input
            .read_record(
                |b| {
                    line.push(b);
                    b == b'\n'
                },
                || true,
            )
            .unwrap();
        assert_eq!(line, b"hello\n");
        (&output).write_all(b"REST").unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"hello\nREST\n");
        let mut tail = Vec::new();
        (&input).read_to_end(&mut tail).unwrap();
        assert_eq!(tail, b"\n");
        // At the end of the file the write extends it.
        (&output).write_all(b"!").unwrap();
        assert_eq!(fs.read("/f").unwrap(), b"hello\nREST\n!");
    }

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
