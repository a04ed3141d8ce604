//! The one interface between the shell and its utilities.
//!
//! A [`Utility`] is a command like `cat` or `grep`: it gets a
//! [`UtilityContext`] (arguments, the three standard streams, the VFS, the
//! working directory, the exported environment, the cancellation signal and
//! the limits) and returns an exit status. Utilities never touch the host:
//! everything they read or write goes through the context.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Instant;

use sandbash_vfs::FileSystem;

use crate::cancel::Cancel;
use crate::limits::Limits;
use crate::memory::MemoryBudget;

/// Exit status of a command whose reader went away (bash's 128 + SIGPIPE).
pub const STATUS_BROKEN_PIPE: i32 = 141;

/// A command implemented in Rust, registered under its name.
pub trait Utility: Send + Sync {
    /// The command name, e.g. `"cat"`.
    fn name(&self) -> &'static str;
    /// Runs the command; `ctx.args[0]` is the name it was called by.
    fn run(&self, ctx: &mut UtilityContext<'_>) -> i32;
}

/// Lets a utility run another command (`env NAME=v cmd`, `xargs`, `find
/// -exec`): the shell resolves `argv[0]` to a utility or an executable
/// script in the VFS, never to a host program.
pub trait CommandRunner {
    /// Runs `argv` with `env` as its whole environment and the given streams;
    /// returns its exit status, or why it could not start it (nothing is
    /// printed then: the caller reports it in its own name).
    fn run_command(
        &mut self,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun>;

    /// [`CommandRunner::run_command`] under a deadline that ends only this
    /// command (`timeout`): at `deadline` the command is stopped as if
    /// killed (its loops, waits and children end at their next check),
    /// while the run that started it goes on. The caller tells a timeout
    /// by the clock. Limits hit inside still stop the whole run. A runner
    /// without deadlines runs the command to its end, which is this
    /// default.
    #[allow(clippy::too_many_arguments)]
    fn run_command_until(
        &mut self,
        deadline: Instant,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let _ = deadline;
        self.run_command(argv, env, stdin, stdout, stderr)
    }

    /// A runner of its own that may move to another thread (`xargs -P`),
    /// sharing this one's sandbox, limits, counters, memory budget,
    /// cancellation and deadline; `None` when this runner cannot be
    /// shared, which is this default (the caller then runs its commands
    /// one after another).
    fn fork(&self) -> Option<Box<dyn CommandRunner + Send>> {
        None
    }

    /// [`CommandRunner::run_command`] with `dir` (an absolute VFS path) as
    /// the command's working directory (`find -execdir`). A runner that
    /// cannot change directories refuses, which is this default.
    fn run_command_in(
        &mut self,
        dir: &str,
        argv: &[String],
        env: &[(String, String)],
        stdin: &mut dyn Read,
        stdout: &mut dyn Write,
        stderr: &mut dyn Write,
    ) -> Result<i32, NotRun> {
        let _ = (dir, argv, env, stdin, stdout, stderr);
        Err(NotRun {
            status: 126,
            reason: "Operation not supported".to_owned(),
        })
    }

    /// The signal that ended the last command this runner ran, when one
    /// did (a nested `sh -c 'kill -9 $$'`): its status is then 128+N, and
    /// `xargs` reports `terminated by signal N`. The default knows none.
    fn signalled(&self) -> Option<i32> {
        None
    }

    /// The terminal descriptor `fd` of the command is connected to
    /// (`/dev/pts/0`), when the run is in terminal mode and it is one
    /// (`tty`); the default knows none.
    fn tty_name(&self, fd: u32) -> Option<String> {
        let _ = fd;
        None
    }

    /// Whether `name` (without a `/`) is a program this runner can start:
    /// a utility, or a builtin that also exists as a program (`true`,
    /// `pwd`, `echo`...). `which` reports such a name as `/usr/bin/NAME`,
    /// as `command -v` does for utilities. The default knows none.
    fn has_program(&self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// Whether `pid` is a background job of this shell still running
    /// (`tail --pid`): the only processes a sandbox has. The default knows
    /// no jobs.
    fn job_running(&self, pid: u32) -> bool {
        let _ = pid;
        false
    }

    /// Whether any background job of the session is running: the only
    /// writers that could make a file grow while a utility waits on it
    /// (`tail -f`). The default knows no jobs.
    fn any_job_running(&self) -> bool {
        false
    }

    /// The niceness of the commands this runner starts (`nice` with no
    /// command prints its caller's). The default is 0.
    fn niceness(&self) -> i32 {
        0
    }

    /// Sets the niceness of the commands this runner starts from now on
    /// (`nice -n N CMD` sets, runs, and sets it back). The default keeps
    /// none.
    fn set_niceness(&mut self, niceness: i32) {
        let _ = niceness;
    }
}

/// A command a [`CommandRunner`] could not start. GNU tools report a failed
/// `execvp` in their own name (`env: 'NAME': REASON`), so the runner leaves
/// the message to its caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotRun {
    /// The status that says so: 127 when nothing has the name, 126 when
    /// what has it cannot be executed.
    pub status: i32,
    /// What `strerror` would say: `No such file or directory`,
    /// `Permission denied`...
    pub reason: String,
}

/// Everything a utility may use while it runs.
pub struct UtilityContext<'a> {
    /// The arguments, the command name first.
    pub args: &'a [String],
    /// Standard input.
    pub stdin: &'a mut dyn Read,
    /// `Some(size)` when standard input is a regular file (`< file`), as
    /// `fstat` tells a utility (`wc` sizes its columns from it); `None`
    /// for pipes, here-documents, `/dev/null` and the host's stdin.
    pub stdin_file_size: Option<u64>,
    /// Standard output. A write error of kind `BrokenPipe` means the reader
    /// is gone: stop and return [`STATUS_BROKEN_PIPE`].
    pub stdout: &'a mut dyn Write,
    /// Standard error.
    pub stderr: &'a mut dyn Write,
    /// The sandbox's filesystem.
    pub fs: &'a dyn FileSystem,
    /// The absolute working directory.
    pub cwd: &'a str,
    /// The exported environment, in the order the shell holds it.
    pub env: &'a [(String, String)],
    /// Raised when the run must stop; long loops check it.
    pub cancel: &'a Cancel,
    /// The run's limits.
    pub limits: &'a Limits,
    /// The run's memory budget: a utility that buffers a script-controlled
    /// amount (`sort`, `tac`...) charges what it holds with
    /// [`UtilityContext::memory_charge`] and stops when refused.
    pub memory: &'a Arc<MemoryBudget>,
    /// Runs other commands.
    pub runner: &'a mut dyn CommandRunner,
}

impl UtilityContext<'_> {
    /// True when `operand` names standard input (`-`, `/dev/stdin`, `/dev/fd/0`).
    pub fn is_stdin(operand: &str) -> bool {
        matches!(operand, "-" | "/dev/stdin" | "/dev/fd/0")
    }
}

/// The utilities a sandbox can run, by name.
#[derive(Clone, Default)]
pub struct Registry {
    map: HashMap<&'static str, Arc<dyn Utility>>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) a utility under its name.
    pub fn register(&mut self, utility: Arc<dyn Utility>) {
        self.map.insert(utility.name(), utility);
    }

    /// Looks a utility up by name.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Utility>> {
        self.map.get(name)
    }

    /// All registered names, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<_> = self.map.keys().copied().collect();
        v.sort_unstable();
        v
    }
}
