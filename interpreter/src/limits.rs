//! Resource limits of a run.

use std::time::Duration;

/// Bounds one run of a script. Every breach stops the run with a named
/// error; none is a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Simple commands, builtins and function calls per run.
    pub max_commands: u64,
    /// Loop iterations per run, all loops together.
    pub max_loop_iterations: u64,
    /// Function call depth and `source`/`eval` nesting.
    pub max_call_depth: u32,
    /// Largest script accepted, in bytes.
    pub max_script_bytes: usize,
    /// Deepest syntactic nesting the parser accepts.
    pub max_parse_depth: u32,
    /// Memory for variables, expansion results, pipe buffers, captured output.
    pub max_memory: u64,
    /// Output kept per run (stdout and stderr together).
    pub max_output: u64,
    /// Wall clock per run; `None` for no limit.
    pub wall_clock: Option<Duration>,
    /// Background jobs running at once in a session, its subshells' and
    /// earlier runs' jobs included.
    pub max_jobs: usize,
}

impl Limits {
    /// The `normal` profile: ordinary scripts run as they would under bash.
    pub fn normal() -> Self {
        Self {
            max_commands: 1_000_000,
            max_loop_iterations: 1_000_000,
            max_call_depth: 200,
            max_script_bytes: 10_000_000,
            max_parse_depth: 500,
            max_memory: 256 << 20,
            max_output: 64 << 20,
            wall_clock: None,
            max_jobs: 16,
        }
    }

    /// The `strict` profile of a hosted sandbox.
    pub fn strict() -> Self {
        Self {
            max_commands: 1_000,
            max_loop_iterations: 10_000,
            max_call_depth: 100,
            max_script_bytes: 1_000_000,
            max_parse_depth: 200,
            max_memory: 10 << 20,
            max_output: 10 << 20,
            wall_clock: Some(Duration::from_secs(30)),
            max_jobs: 8,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::normal()
    }
}
