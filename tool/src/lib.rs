//! What a host talks to: a [`Sandbox`] bundles a VFS, the utilities and one
//! shell session whose state persists between runs.

mod run_threads;
mod sandbox;

pub use sandbox::{RunOptions, RunOutput, Sandbox, SandboxError, SandboxOptions, WorkspaceMount};
