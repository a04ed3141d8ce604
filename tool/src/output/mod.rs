//! What the model sees of a call's output: a UTF-8-safe tail window,
//! the whole output kept as an artifact when it overflows, and a live feed.

pub mod artifacts;
pub mod sink;
pub mod window;

pub use artifacts::{ArtifactBackend, ArtifactInfo, ArtifactStore};
pub use sink::{CallSink, LIVE_INTERVAL, LiveFn, SinkSummary, Stream, StreamWriter};
pub use window::TailWindow;

/// The default tail window: 50 KiB.
pub const DEFAULT_TAIL_BYTES: usize = 50 * 1024;
