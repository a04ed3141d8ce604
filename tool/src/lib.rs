//! What a host talks to: a [`Sandbox`] bundles a VFS, the utilities and one
//! shell session whose state persists between runs.

mod run_threads;
mod sandbox;

pub use sandbox::{
    HOSTED_WALL_CLOCK, RunOptions, RunOutput, Sandbox, SandboxError, SandboxOptions,
    WorkspaceMount, hosted_limits,
};
