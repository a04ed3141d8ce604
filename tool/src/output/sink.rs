//! Where a call's stdout and stderr go: tail windows, the artifact and the
//! live feed, all fed as the bytes are written.
//!
//! Invariant: a call holds at most three tail windows (merged, stdout,
//! stderr), the pending live chunk (one window at most) and its artifact
//! (the store's per-session cap at most) in memory, whatever it prints;
//! checked by `tests/tool_output.rs::a_huge_output_stays_bounded`.

use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::artifacts::{ArtifactInfo, ArtifactStore, ArtifactWriter};
use super::window::{TailWindow, line_count};

/// The least time between two live chunks.
pub const LIVE_INTERVAL: Duration = Duration::from_millis(50);

/// Which stream a write came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// Receives the output of a running call: text as written (both streams
/// merged), at most once per [`LIVE_INTERVAL`], the rest at the end.
pub type LiveFn = Arc<dyn Fn(&str) + Send + Sync>;

/// What a finished call printed, as the model sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SinkSummary {
    /// Both streams in write order, the tail window of them.
    pub output: String,
    /// Standard output's own tail window.
    pub stdout: String,
    /// Standard error's own tail window.
    pub stderr: String,
    /// True when any window dropped bytes.
    pub truncated: bool,
    /// Bytes and lines of the merged output.
    pub total_bytes: u64,
    /// Lines of the merged output.
    pub total_lines: u64,
    /// Bytes of `output`.
    pub shown_bytes: u64,
    /// Lines of `output`.
    pub shown_lines: u64,
    /// The whole output, when it overflowed and could be kept.
    pub artifact: Option<ArtifactInfo>,
    /// Bytes written to standard output.
    pub stdout_bytes: u64,
    /// Bytes written to standard error.
    pub stderr_bytes: u64,
    /// The first bytes of standard output, when heads were asked for.
    pub stdout_head: Vec<u8>,
    /// The first bytes of standard error, when heads were asked for.
    pub stderr_head: Vec<u8>,
}

struct Live {
    f: LiveFn,
    pending: Vec<u8>,
    last: Option<Instant>,
}

/// The shared state behind a call's two [`StreamWriter`]s.
pub struct CallSink {
    cap: usize,
    merged: TailWindow,
    stdout: TailWindow,
    stderr: TailWindow,
    store: Option<(Arc<ArtifactStore>, String)>,
    artifact: Option<ArtifactWriter>,
    live: Option<Live>,
    head_cap: usize,
    heads: [Vec<u8>; 2],
    /// Where output also goes once the call became a job.
    tee: Option<Arc<Mutex<crate::jobs::output::JobOutput>>>,
    closed: bool,
}

impl CallSink {
    /// A sink showing `cap` bytes per window; `artifacts` keeps the whole
    /// output of `session` when it overflows; `live` receives chunks;
    /// the first `head_cap` bytes of each stream are kept too (for a
    /// profile whose contract shows the start).
    pub fn new(
        cap: usize,
        artifacts: Option<(Arc<ArtifactStore>, String)>,
        live: Option<LiveFn>,
        head_cap: usize,
    ) -> Arc<Mutex<Self>> {
        Arc::new(Mutex::new(Self {
            cap,
            merged: TailWindow::new(cap),
            stdout: TailWindow::new(cap),
            stderr: TailWindow::new(cap),
            store: artifacts,
            artifact: None,
            live: live.map(|f| Live {
                f,
                pending: Vec::new(),
                last: None,
            }),
            head_cap,
            heads: [Vec::new(), Vec::new()],
            tee: None,
            closed: false,
        }))
    }

    fn push(&mut self, stream: Stream, data: &[u8]) {
        if self.closed || data.is_empty() {
            return;
        }
        let over = self.merged.total_bytes() + data.len() as u64 > self.cap as u64;
        if over
            && self.artifact.is_none()
            && let Some((store, session)) = &self.store
        {
            let mut w = store.start(session);
            // Nothing was dropped yet: the window holds all output so far.
            w.write(self.merged.shown());
            self.artifact = Some(w);
        }
        if let Some(a) = &mut self.artifact {
            a.write(data);
        }
        self.merged.push(data);
        match stream {
            Stream::Stdout => self.stdout.push(data),
            Stream::Stderr => self.stderr.push(data),
        }
        if let Some(tee) = &self.tee {
            crate::jobs::output::lock(tee).push(stream == Stream::Stderr, data);
        }
        let head = &mut self.heads[usize::from(stream == Stream::Stderr)];
        let room = self.head_cap.saturating_sub(head.len());
        head.extend_from_slice(&data[..room.min(data.len())]);
        let cap = self.cap;
        if let Some(live) = &mut self.live {
            live.pending.extend_from_slice(data);
            if live.pending.len() > cap {
                let cut = live.pending.len() - cap;
                live.pending.drain(..cut);
            }
            if live.last.is_none_or(|t| t.elapsed() >= LIVE_INTERVAL) {
                emit(live, false);
            }
        }
    }

    /// Sends what the call writes from now on to `out` too (the call
    /// became a job; what it wrote so far was shown in its result).
    pub fn tee_into(&mut self, out: Arc<Mutex<crate::jobs::output::JobOutput>>) {
        self.tee = Some(out);
    }

    /// The merged output so far (the tail window).
    pub fn output_so_far(&self) -> String {
        self.merged.text()
    }

    /// Ends the call: later writes (a job left running) are dropped.
    pub fn finish(&mut self) -> SinkSummary {
        self.closed = true;
        // The feed goes with the call: a host waiting for it to close
        // (the MCP front end) is not held up by a job left running.
        if let Some(mut live) = self.live.take() {
            emit(&mut live, true);
        }
        let artifact = self.artifact.take().and_then(ArtifactWriter::finish);
        let shown = self.merged.shown();
        SinkSummary {
            output: self.merged.text(),
            stdout: self.stdout.text(),
            stderr: self.stderr.text(),
            truncated: self.merged.truncated()
                || self.stdout.truncated()
                || self.stderr.truncated(),
            total_bytes: self.merged.total_bytes(),
            total_lines: self.merged.total_lines(),
            shown_bytes: shown.len() as u64,
            shown_lines: line_count(shown),
            artifact,
            stdout_bytes: self.stdout.total_bytes(),
            stderr_bytes: self.stderr.total_bytes(),
            stdout_head: std::mem::take(&mut self.heads[0]),
            stderr_head: std::mem::take(&mut self.heads[1]),
        }
    }
}

/// Hands the pending bytes to the live callback: whole characters only,
/// unless `all` (the end of the call).
fn emit(live: &mut Live, all: bool) {
    let upto = if all {
        live.pending.len()
    } else {
        match std::str::from_utf8(&live.pending) {
            Ok(_) => live.pending.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => live.pending.len(),
        }
    };
    if upto == 0 {
        return;
    }
    let chunk: Vec<u8> = live.pending.drain(..upto).collect();
    live.last = Some(Instant::now());
    (live.f)(&String::from_utf8_lossy(&chunk));
}

/// One of a call's two streams, written by the script.
pub struct StreamWriter {
    sink: Arc<Mutex<CallSink>>,
    stream: Stream,
}

impl StreamWriter {
    /// The writer of `stream` into `sink`.
    pub fn new(sink: &Arc<Mutex<CallSink>>, stream: Stream) -> Self {
        Self {
            sink: Arc::clone(sink),
            stream,
        }
    }
}

/// Locks a sink; a panic elsewhere leaves it consistent (every push
/// completes its window updates before the next).
pub fn lock(sink: &Mutex<CallSink>) -> MutexGuard<'_, CallSink> {
    sink.lock().unwrap_or_else(|e| e.into_inner())
}

impl Write for StreamWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        lock(&self.sink).push(self.stream, buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
