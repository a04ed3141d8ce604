//! What an agent host talks to.
//!
//! - [`Sandbox`]: one session's files, shell state and utilities; runs
//!   scripts on pooled threads with a large stack.
//! - [`Host`]: many sessions keyed by id, one foreground call per session,
//!   idle sessions parked as snapshots behind a [`SnapshotStore`], a
//!   memory budget across sessions.
//! - [`call`]: the native `bash` tool contract: a [`CallRequest`] in, a
//!   [`CallResult`] out (exit code, both streams and their merge in write
//!   order, the tail window, truncation and artifacts, timeout, notices).
//! - [`output`]: the UTF-8-safe tail window, the artifact store and the
//!   live output feed.
//! - [`jobs`]: tool-level background jobs (`background: true`, or a call
//!   that outlives [`HostConfig::auto_background`]), read with a cursor,
//!   fed keys, stopped.
//! - [`intercept`]: commands another tool does better, refused before
//!   they run, decided on the parsed script.
//! - [`profiles`]: the drop-in contracts (`native`, `coding-agent`, `rye`,
//!   `loaf`, `bashkit-shell`): tool names, fields, defaults, result shapes
//!   and texts mapped onto the native call.
//! - [`serve`]: the front ends (`sandbash serve --mcp | --http ADDR |
//!   --jsonl`) and [`describe`]: the tool description and system prompt.
//!
//! ```
//! use sandbash_tool::{CallRequest, Host, HostConfig};
//!
//! let host = Host::new(HostConfig::default());
//! host.call("s1", &CallRequest::command("cd /tmp && x=42")).unwrap();
//! let r = host.call("s1", &CallRequest::command("echo $x; pwd")).unwrap();
//! assert_eq!(r.output, "42\n/tmp\n");
//! assert!(r.success);
//! // Another session sees nothing of the first.
//! let r = host.call("s2", &CallRequest::command("echo \"[$x]\"")).unwrap();
//! assert_eq!(r.stdout, "[]\n");
//! ```

#![warn(missing_docs)]

pub mod call;
pub mod describe;
pub mod host;
pub mod intercept;
pub mod jobs;
pub mod output;
pub mod profiles;
mod run_threads;
mod sandbox;
#[cfg(feature = "serve")]
pub mod serve;

pub use call::{CallError, CallRequest, CallResult};
pub use host::{CallOptions, Host, HostConfig, MemoryStore, SnapshotStore};
pub use sandbox::{
    HOSTED_WALL_CLOCK, RunOptions, RunOutput, Sandbox, SandboxError, SandboxOptions,
    WorkspaceMount, hosted_limits,
};
