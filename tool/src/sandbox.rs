//! A sandbox: one session's filesystem, shell state and utilities.

use std::path::PathBuf;

use sandbash_interpreter::Limits;

/// Where `/workspace` comes from.
#[derive(Clone, Debug, Default)]
pub enum WorkspaceMount {
    /// An empty in-memory tree (the default).
    #[default]
    Memory,
    /// A host directory, confined with cap-std, read-write.
    Host(PathBuf),
    /// A host directory read-only under an in-memory upper layer.
    Overlay(PathBuf),
}

/// How to build a [`Sandbox`].
#[derive(Clone, Debug, Default)]
pub struct SandboxOptions {
    /// The `/workspace` mount.
    pub workspace: WorkspaceMount,
    /// Limits for each run.
    pub limits: Limits,
}

/// What one run produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunOutput {
    /// Everything written to standard output.
    pub stdout: Vec<u8>,
    /// Everything written to standard error.
    pub stderr: Vec<u8>,
    /// The exit status.
    pub status: i32,
}

/// One session: its files and its shell state live as long as this value.
pub struct Sandbox {
    _options: SandboxOptions,
}

impl Sandbox {
    /// A sandbox with default options.
    pub fn new() -> Self {
        Self::with_options(SandboxOptions::default())
    }

    /// A sandbox with the given options.
    pub fn with_options(options: SandboxOptions) -> Self {
        Self { _options: options }
    }

    /// Runs a script in this session and returns its output.
    pub fn run(&mut self, _script: &str) -> RunOutput {
        RunOutput::default()
    }
}

impl Default for Sandbox {
    fn default() -> Self {
        Self::new()
    }
}
