//! The shell: a session's state, and the entry point that runs a script.
//!
//! A [`Shell`] owns everything a script can change (variables, functions,
//! options, positional parameters, the working directory, traps, jobs) and
//! shares what it cannot (the filesystem, the utilities). Copying a shell
//! for a subshell, a pipeline stage or `$( )` is cheap: the big tables sit
//! behind `Arc`s and are copied only when the copy first writes to them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use sandbash_vfs::FileSystem;

use crate::ast::FuncDef;
use crate::cancel::{Cancel, StopReason};
use crate::io::OutputMeter;
use crate::io::{Fds, Input, Output};
use crate::jobs::{Jobs, SessionJobs};
use crate::limits::Limits;
use crate::memory::{Charge, MemoryBudget};
use crate::signals::Signals;
use crate::utility::Registry;
use crate::vars::{EXPORT, Vars};

/// Exit status when a limit or the host stops a run.
pub const STATUS_LIMIT: i32 = 124;

/// The EXIT trap's wall clock after a limit or the run's clock stopped the
/// run: room for cleanup, not for more work.
const TRAP_CLOCK_AFTER_STOP: std::time::Duration = std::time::Duration::from_secs(1);

/// The EXIT trap's wall clock after the host cancelled the run: small, so
/// the run still ends within the 100 ms a cancel promises.
const TRAP_CLOCK_AFTER_CANCEL: std::time::Duration = std::time::Duration::from_millis(40);

/// Which limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// Commands executed.
    Commands,
    /// Loop iterations.
    LoopIterations,
    /// Function call / `eval` / `source` nesting.
    CallDepth,
    /// Script size.
    ScriptSize,
    /// Memory.
    Memory,
    /// Output.
    Output,
}

impl LimitKind {
    /// The words used in the `sandbash: ... exceeded (N)` message.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Commands => "maximum command count",
            Self::LoopIterations => "maximum loop iterations",
            Self::CallDepth => "maximum function call depth",
            Self::ScriptSize => "maximum script size",
            Self::Memory => "maximum memory",
            Self::Output => "maximum output size",
        }
    }
}

/// Why a run ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A limit was exceeded; the number is the limit.
    Limit(LimitKind, u64),
    /// The host cancelled the run or its wall clock ran out.
    Stopped(StopReason),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Limit(k, n) => write!(f, "{} exceeded ({n})", k.describe()),
            Stop::Stopped(StopReason::Cancelled) => f.write_str("run cancelled"),
            Stop::Stopped(StopReason::Timeout) => f.write_str("wall-clock timeout exceeded"),
        }
    }
}

/// What a run ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The exit status.
    pub status: i32,
    /// Set when a limit or the host stopped the run.
    pub stop: Option<Stop>,
}

/// The counters and signal of one run, shared by all its threads.
pub(crate) struct RunCtx {
    pub(crate) cancel: Cancel,
    pub(crate) limits: Limits,
    /// Shared with the scoped contexts made from this one
    /// ([`RunCtx::scoped`]), so a command under `timeout` still counts.
    commands: Arc<AtomicU64>,
    loops: Arc<AtomicU64>,
    stop: Mutex<Option<Stop>>,
    /// Transient memory of the run (see [`crate::memory`]).
    pub(crate) memory: Arc<MemoryBudget>,
    /// Bytes written to the run's stdout and stderr.
    pub(crate) output: Arc<OutputMeter>,
}

impl RunCtx {
    /// The context of a run whose session's state holds `state_bytes`
    /// when it starts (see [`MemoryBudget::for_run`]).
    pub(crate) fn new(cancel: Cancel, limits: Limits, state_bytes: u64) -> Self {
        let cancel = match limits.wall_clock {
            Some(d) => cancel.with_timeout(d),
            None => cancel,
        };
        Self {
            cancel,
            memory: Arc::new(MemoryBudget::for_run(limits.max_memory, state_bytes)),
            output: Arc::new(OutputMeter::new(limits.max_output)),
            limits,
            commands: Arc::new(AtomicU64::new(0)),
            loops: Arc::new(AtomicU64::new(0)),
            stop: Mutex::new(None),
        }
    }

    /// A context for one command that must end by `deadline` (`timeout`):
    /// the same counters, memory budget and output meter, a signal that
    /// obeys this run's and adds the deadline, and a stop of its own, so
    /// the deadline ends that command and nothing else.
    pub(crate) fn scoped(&self, deadline: Instant) -> Self {
        let now = Instant::now();
        Self {
            cancel: Cancel::child_of(&[&self.cancel])
                .with_timeout(deadline.saturating_duration_since(now)),
            limits: self.limits.clone(),
            commands: Arc::clone(&self.commands),
            loops: Arc::clone(&self.loops),
            stop: Mutex::new(None),
            memory: Arc::clone(&self.memory),
            output: Arc::clone(&self.output),
        }
    }

    /// After a scoped command: a limit it hit stops this run too (its
    /// deadline does not).
    pub(crate) fn adopt_stop(&self, scoped: &RunCtx) {
        if let Some(why @ Stop::Limit(..)) = scoped.stop_reason() {
            let _ = self.stop(why);
        }
    }

    /// Records why the run stops and raises the signal for every thread.
    pub(crate) fn stop(&self, why: Stop) -> Flow {
        let mut s = self.stop.lock().unwrap_or_else(|e| e.into_inner());
        if s.is_none() {
            *s = Some(why);
            crate::trace::stopped(&why, &self.limits);
        }
        self.cancel.cancel();
        Flow::Abort
    }

    pub(crate) fn stop_reason(&self) -> Option<Stop> {
        *self.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(crate) fn check(&self) -> Result<(), Flow> {
        if self.memory.breached() {
            return Err(self.memory_exceeded());
        }
        if self.output.breached() {
            return Err(self.stop(Stop::Limit(LimitKind::Output, self.limits.max_output)));
        }
        if let Some(r) = self.cancel.check() {
            return Err(self.stop(Stop::Stopped(r)));
        }
        Ok(())
    }

    /// Stops the run on the memory limit.
    pub(crate) fn memory_exceeded(&self) -> Flow {
        self.memory.breach();
        self.stop(Stop::Limit(LimitKind::Memory, self.limits.max_memory))
    }

    fn tick_command(&self, vars_bytes: u64) -> Result<(), Flow> {
        self.memory.set_base(vars_bytes);
        let n = self.commands.fetch_add(1, Ordering::Relaxed) + 1;
        if n > self.limits.max_commands {
            return Err(self.stop(Stop::Limit(LimitKind::Commands, self.limits.max_commands)));
        }
        self.check()
    }

    fn tick_loop(&self, vars_bytes: u64) -> Result<(), Flow> {
        self.memory.set_base(vars_bytes);
        let n = self.loops.fetch_add(1, Ordering::Relaxed) + 1;
        if n > self.limits.max_loop_iterations {
            return Err(self.stop(Stop::Limit(
                LimitKind::LoopIterations,
                self.limits.max_loop_iterations,
            )));
        }
        self.check()
    }
}

/// Non-local control flow out of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// `break N`: the loops it leaves, and the status the last of them
    /// returns (1 after `break 0`, which leaves them all).
    Break(u32, i32),
    /// `continue N`
    Continue(u32),
    /// `return N`
    Return(i32),
    /// `exit N`, or an error that ends a non-interactive shell.
    Exit(i32),
    /// An expansion or assignment error: bash abandons the current
    /// top-level command (the rest of its line) and goes on with the next.
    Fatal(i32),
    /// The run was stopped (limit or host); the reason is in the [`RunCtx`].
    Abort,
}

/// The result of running a command: its status, or control flow.
pub(crate) type Exec = Result<i32, Flow>;

/// Shell options (`set -o`, `shopt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// `set -e`
    pub errexit: bool,
    /// `set -u`
    pub nounset: bool,
    /// `set -x`
    pub xtrace: bool,
    /// `set -o pipefail`
    pub pipefail: bool,
    /// `set -f`
    pub noglob: bool,
    /// `set -C`
    pub noclobber: bool,
    /// `set -a`
    pub allexport: bool,
    /// `shopt -s nullglob`
    pub nullglob: bool,
    /// `shopt -s failglob`
    pub failglob: bool,
    /// `shopt -s dotglob`
    pub dotglob: bool,
    /// `shopt -s extglob`
    pub extglob: bool,
    /// `shopt -s nocasematch`
    pub nocasematch: bool,
    /// `shopt -s nocaseglob`
    pub nocaseglob: bool,
    /// `shopt -s globstar`
    pub globstar: bool,
    /// `set -E`: functions, `$( )` and subshells inherit the ERR trap.
    pub errtrace: bool,
    /// `shopt -s expand_aliases` (off in a script, as in bash).
    pub expand_aliases: bool,
    /// `set -B` (on by default): brace expansion.
    pub braceexpand: bool,
    /// `set -n`: commands are read, not run.
    pub noexec: bool,
    /// `set -v`: each command's text is echoed to stderr as it is read.
    pub verbose: bool,
    /// `set -k`: assignment words anywhere in a simple command are
    /// assignments for it.
    pub keyword: bool,
    /// `shopt -s inherit_errexit`: `$( )` keeps `set -e`.
    pub inherit_errexit: bool,
    /// `shopt -s lastpipe`: a pipeline's last stage runs in the shell.
    pub lastpipe: bool,
    /// `shopt -s xpg_echo`: `echo` interprets backslash escapes.
    pub xpg_echo: bool,
    /// `set -T`: functions and sourced files inherit the DEBUG and RETURN traps.
    pub functrace: bool,
    /// `set -o posix`: prefix assignments of special builtins stay.
    pub posix: bool,
    /// `shopt -s sourcepath` (on by default): `source NAME` searches `PATH`.
    pub sourcepath: bool,
    /// The options bash has that change nothing here (`set -o vi`,
    /// `shopt -s cdspell`...): bit `i` set where option `i` of
    /// `builtin/options.rs`'s tables differs from its default.
    pub other: u128,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            errexit: false,
            nounset: false,
            xtrace: false,
            pipefail: false,
            noglob: false,
            noclobber: false,
            allexport: false,
            nullglob: false,
            failglob: false,
            dotglob: false,
            extglob: false,
            nocasematch: false,
            nocaseglob: false,
            globstar: false,
            errtrace: false,
            expand_aliases: false,
            braceexpand: true,
            noexec: false,
            verbose: false,
            keyword: false,
            inherit_errexit: false,
            lastpipe: false,
            xpg_echo: false,
            functrace: false,
            posix: false,
            sourcepath: true,
            other: 0,
        }
    }
}

/// One frame of the call stack: a function call or a sourced file (or,
/// at the bottom, the script file a run reads). `FUNCNAME`, `BASH_SOURCE`,
/// `BASH_LINENO` and `caller` all read this one stack, innermost last.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    /// `FUNCNAME`'s entry: the function's name, `source`, or `main`.
    pub(crate) name: Arc<str>,
    /// `BASH_SOURCE`'s entry: the file the function was defined in, or
    /// the file sourced or run.
    pub(crate) file: Arc<str>,
    /// `BASH_LINENO`'s entry: the line the frame was entered from (0 for
    /// the script's own frame).
    pub(crate) line: u32,
    /// A function call (`FUNCNAME` is set only while one runs).
    pub(crate) function: bool,
}

impl Options {
    /// Takes back the `set -o` options (`-e`, `-u`, `-x`, `-o pipefail`...)
    /// of `saved`, keeping the `shopt` ones: what `local -` restores.
    pub(crate) fn restore_set_options(&mut self, saved: &Options) {
        crate::builtin::restore_set_options(self, saved);
    }
}

/// What a new shell is made of.
pub struct ShellConfig {
    /// The sandbox filesystem.
    pub fs: Arc<dyn FileSystem>,
    /// The utilities it can run.
    pub utilities: Arc<Registry>,
    /// Limits for each run.
    pub limits: Limits,
    /// Initial exported variables (`HOME`, `PATH`...). Nothing of the host's
    /// environment is ever added implicitly.
    pub env: Vec<(String, String)>,
    /// Initial working directory.
    pub cwd: String,
    /// `$0`, also the prefix of error messages.
    pub name: String,
    /// The value `$$` shows.
    pub pid: u32,
}

/// What never changes for the life of a shell and is shared by all its copies.
pub(crate) struct System {
    pub(crate) fs: Arc<dyn FileSystem>,
    pub(crate) utilities: Arc<Registry>,
    pub(crate) started: Instant,
    pub(crate) stack_size: usize,
    /// Every background job of the session, and the session's signal.
    pub(crate) jobs: Arc<SessionJobs>,
}

/// Stack size of the threads the shell starts (pipeline stages, jobs):
/// recursion is bounded by explicit depth limits well below it.
pub const THREAD_STACK: usize = 64 << 20;

/// A shell session.
#[derive(Clone)]
pub struct Shell {
    pub(crate) sys: Arc<System>,
    pub(crate) run: Arc<RunCtx>,
    pub(crate) limits: Limits,
    pub(crate) vars: Arc<Vars>,
    pub(crate) funcs: Arc<HashMap<String, Arc<FuncDef>>>,
    pub(crate) positional: Arc<Vec<String>>,
    /// How many times `set` gave new positional parameters: `source`
    /// with arguments gives the caller's back unless it moved while the
    /// file ran (bash's `dollar_vars_changed`; `shift` does not count).
    pub(crate) positional_sets: u64,
    pub(crate) name: Arc<str>,
    pub(crate) cwd: String,
    pub(crate) opts: Options,
    pub(crate) traps: Arc<HashMap<String, String>>,
    pub(crate) jobs: Arc<Jobs>,
    pub(crate) fds: Fds,
    /// A builtin's failed write to stdout, reported when it returns
    /// (`builtin::run`).
    pub(crate) write_error: Option<String>,
    pub(crate) last_status: i32,
    /// Counts the command substitutions run: an assignment-only command
    /// takes the status of its last one, and 0 when it ran none.
    pub(crate) substs_run: u64,
    /// The last compound command failed on its own redirections, before
    /// its body ran: `set -e` and the ERR trap act on that failure.
    pub(crate) compound_redirect_failed: bool,
    /// Tildes expand to themselves (the keys and associative values of
    /// `name=([key]=value)`).
    pub(crate) literal_tilde: bool,
    /// The last arithmetic evaluation failed on an unset variable under
    /// `set -u`: where bash's arithmetic expansion and `(( ))` see that
    /// error, it ends the shell, not only the command.
    pub(crate) arith_unbound: bool,
    /// Subscripts being expanded inside arithmetic (`x='a[$((x))]'`
    /// evaluates itself again): bounded by [`MAX_SUBSCRIPT_NESTING`].
    pub(crate) arith_subscripts: u32,
    /// How such an expansion failed (its error already printed): the
    /// arithmetic that asked for it ends the same way, without a message
    /// of its own.
    pub(crate) arith_subscript_flow: Option<Flow>,
    /// The last arithmetic error was in an array subscript's expression
    /// (see `arith::ArithError::in_subscript`).
    pub(crate) arith_in_subscript: bool,
    /// The [`Flow::Fatal`] going up is bash's `DISCARD` (a subscript's
    /// error): a script file goes on with its next command, a `-c`
    /// string ends there.
    pub(crate) discarding: bool,
    /// The prefix assignments in effect (`x=1 f`), innermost last, with
    /// what they hide: `unset x` inside removes the binding and shows it.
    pub(crate) temp_bindings: Vec<crate::simple::TempBinding>,
    pub(crate) pipestatus: Vec<i32>,
    pub(crate) last_bg: Option<u32>,
    /// Descriptors opened by process substitutions whose commands have
    /// not ended, oldest first (see `procsub.rs`).
    pub(crate) procsub_fds: Vec<usize>,
    /// The descriptors each coprocess name holds (see `procsub.rs`): a
    /// new coprocess of the same name closes its predecessor's.
    pub(crate) coproc_fds: Vec<(String, usize, Option<usize>)>,
    pub(crate) line: u32,
    pub(crate) depth: u32,
    pub(crate) loop_depth: u32,
    pub(crate) func_depth: u32,
    /// Inside the ERR trap's action, which never triggers itself.
    pub(crate) in_err_trap: bool,
    /// Inside the RETURN trap's action, which never triggers itself.
    pub(crate) in_return_trap: bool,
    /// Inside the DEBUG trap's action, which never triggers itself.
    pub(crate) in_debug_trap: bool,
    /// `$BASH_COMMAND`: the simple command running, or about to.
    pub(crate) bash_command: Arc<crate::ast::CommandText>,
    /// In a subshell whose traps were reset, what `trap` lists until the
    /// subshell changes one: the traps of the shell it copies, as bash
    /// shows them (`$(trap -p)`).
    pub(crate) shown_traps: Option<Arc<HashMap<String, String>>>,
    /// Conditions being run, where `set -e` does not act (`if`, `while`,
    /// `&&`, `||`, `!`).
    pub(crate) cond_depth: u32,
    /// The call stack, innermost frame last.
    pub(crate) frames: Arc<Vec<Frame>>,
    /// The file each function was defined in (`BASH_SOURCE` in its calls);
    /// a function missing here was defined outside any file.
    pub(crate) func_files: Arc<HashMap<String, Arc<str>>>,
    /// The options the running function saved with `local -`, restored
    /// when it returns.
    pub(crate) local_opts: Option<Options>,
    /// The builtins `enable -n` disabled: their names run as programs.
    pub(crate) disabled: Arc<std::collections::BTreeSet<String>>,
    /// `hash`'s table: each command found by name, its path and the
    /// times it ran.
    pub(crate) hashed: Arc<std::collections::BTreeMap<String, (String, u32)>>,
    /// `Vars::path_changes` when `hashed` was last checked: a later
    /// `PATH` assignment empties the table (see `Shell::sync_hash`).
    pub(crate) hashed_path_changes: u64,
    /// Whether bash would have made its hash table yet (anything was
    /// hashed once): `hash -d` says nothing before that.
    pub(crate) hash_made: bool,
    /// The functions `export -f` marked (listed as `declare -fx`).
    pub(crate) exported_funcs: Arc<std::collections::BTreeSet<String>>,
    /// The functions `readonly -f` (or `declare -fr`) marked: they cannot
    /// be redefined or unset.
    pub(crate) readonly_funcs: Arc<std::collections::BTreeSet<String>>,
    pub(crate) random: u64,
    /// The last `$RANDOM` given: bash never gives the same one twice in
    /// a row (0 after seeding, so a seed's first 0 is passed over).
    pub(crate) last_random: u32,
    /// `SECONDS=n`: the value assigned and when; `$SECONDS` counts on
    /// from it.
    pub(crate) seconds_set: Option<(i64, Instant)>,
    pub(crate) in_subshell: bool,
    /// The count of `GLOBIGNORE`'s changes to `dotglob` already applied to
    /// [`Shell::opts`] (see `Vars::globignore_dotglob`).
    pub(crate) dotglob_seen: u64,
    /// The same for `POSIXLY_CORRECT` and posix mode.
    pub(crate) posix_seen: u64,
    /// The next command's DEBUG trap already ran (in the shell that
    /// started this pipeline stage).
    pub(crate) skip_debug_once: bool,
    /// A subshell whose ERR trap is its own (not the parent's, which it
    /// does not inherit without `set -E`), so it fires there.
    pub(crate) own_err_trap: bool,
    /// `$_`: the last argument of the previous simple command.
    pub(crate) last_arg: String,
    /// `$BASH_SUBSHELL`.
    pub(crate) subshell_level: u32,
    /// The dynamic variables read or assigned by name so far, one bit
    /// each (see `dynamic_vars.rs`); set through `&self` by `[[ -v ]]`.
    pub(crate) dynamic_seen: std::cell::Cell<u32>,
    /// `getopts` state: the `OPTIND` it last saw and the char within that argument.
    pub(crate) getopts_index: usize,
    pub(crate) getopts_char: usize,
    /// Evaluated values of `declare a=(...)`-style arguments, by argument index.
    pub(crate) decl_values: Vec<Option<crate::assign::DeclValue>>,
    /// The run came from `-c` (the `c` of `$-`).
    pub(crate) command_string: bool,
    /// What this subshell holds against the memory budget: room for its
    /// own copy of the variables, should it write to them.
    pub(crate) fork_charge: Option<Arc<Charge>>,
    /// `umask`: applied to every file and directory created through
    /// [`Shell::fs`]; a subshell or child shell inherits it.
    pub(crate) umask: u32,
    /// `ulimit`'s soft and hard limits (see `builtin/ulimit.rs`); inherited
    /// by subshells and child shells, as a process's are.
    pub(crate) rlimits: crate::builtin::RLimits,
    /// `pushd`/`popd`/`dirs`: the saved directories, most recent first
    /// (the current directory, entry 0, is not stored).
    pub(crate) dirstack: Arc<Vec<String>>,
    /// This shell process's pending signals (see [`crate::signals`]).
    pub(crate) sig: Signals,
    /// `$$`: the pid of the shell (a subshell keeps its parent's; a
    /// nested `bash` has its own).
    pub(crate) pid: u32,
    /// `$BASHPID`: this process's own pid.
    pub(crate) bashpid: u32,
    /// Inside a signal trap's action: further signals wait for its end.
    pub(crate) in_signal_trap: bool,
    /// The EXIT trap is running: `$BASH_COMMAND` stays the command that
    /// ran last before it, as in any trap.
    pub(crate) in_exit_trap: bool,
    /// The signal whose default action ended this shell, if one did, and
    /// `$?` when it arrived (what the EXIT trap sees then).
    pub(crate) signalled: Option<(u32, i32)>,
    /// The signal that ended the last nested shell or script this shell
    /// ran, if one did (`xargs` reports it).
    pub(crate) child_signal: Option<u32>,
    /// Terminal mode for the next runs (see [`crate::terminal`]).
    pub(crate) terminal: Option<Arc<crate::terminal::Terminal>>,
    /// This run's terminal streams, in terminal mode.
    pub(crate) tty: Option<crate::terminal::Tty>,
    /// The terminal's window-size generation this shell last applied.
    pub(crate) window_seen: u64,
    /// In a subshell, the jobs of the shell it copies: `jobs -p` and
    /// `kill %N` there see them until it starts jobs of its own, as in
    /// bash (`kill $(jobs -p)`).
    pub(crate) parent_jobs: Option<Arc<Jobs>>,
    /// The niceness `nice` reports: 0 for a session, raised for the
    /// commands `nice -n N` runs (and their subshells), never scheduled.
    pub(crate) niceness: i32,
    /// `alias`: the aliases, expanded as commands are read when
    /// `expand_aliases` is on (see `syntax/alias.rs`).
    pub(crate) aliases: Arc<crate::syntax::alias::Aliases>,
    /// `set -x`: the `$( )`, `eval` and `source` levels the shell runs
    /// in, each adding one more copy of `PS4`'s first character.
    pub(crate) xtrace_level: u32,
}

/// Memory charged for each subshell beyond its copy of the variables:
/// a pipe buffer and the stack pages a thread touches.
pub(crate) const FORK_OVERHEAD: u64 = 128 << 10;

impl Shell {
    /// A new shell.
    pub fn new(config: ShellConfig) -> Self {
        let mut vars = Vars::new();
        for (k, v) in &config.env {
            let _ = vars.set(k, v.clone());
            vars.add_attrs(k, EXPORT);
        }
        let _ = vars.set("PWD", config.cwd.clone());
        vars.add_attrs("PWD", EXPORT);
        if vars.get("IFS").is_none() {
            let _ = vars.set("IFS", " \t\n".into());
        }
        let _ = vars.set("OPTIND", "1".into());
        vars.add_attrs("OPTIND", crate::vars::INTEGER);
        let _ = vars.set("BASH_VERSION", "5.2.0(1)-release".into());
        let _ = vars.set("HOSTNAME", "sandbash".into());
        let _ = vars.set("SHELL", "/bin/bash".into());
        set_bash_vars(&mut vars, config.pid.saturating_sub(1));
        let limits = config.limits;
        let jobs: Arc<SessionJobs> = Arc::default();
        let sig = Signals::default();
        jobs.procs.start_after(config.pid);
        jobs.procs.register(config.pid, &sig);
        Self {
            sys: Arc::new(System {
                fs: config.fs,
                utilities: config.utilities,
                started: Instant::now(),
                stack_size: THREAD_STACK,
                jobs,
            }),
            run: Arc::new(RunCtx::new(Cancel::new(), limits.clone(), 0)),
            limits,
            vars: Arc::new(vars),
            funcs: Arc::default(),
            positional: Arc::default(),
            positional_sets: 0,
            name: Arc::from(config.name.as_str()),
            cwd: config.cwd,
            opts: Options::default(),
            traps: Arc::default(),
            jobs: Arc::new(Jobs::default()),
            fds: Fds::default(),
            write_error: None,
            last_status: 0,
            niceness: 0,
            substs_run: 0,
            compound_redirect_failed: false,
            literal_tilde: false,
            arith_unbound: false,
            arith_subscripts: 0,
            arith_subscript_flow: None,
            arith_in_subscript: false,
            discarding: false,
            temp_bindings: Vec::new(),
            pipestatus: Vec::new(),
            last_bg: None,
            procsub_fds: Vec::new(),
            coproc_fds: Vec::new(),
            line: 1,
            depth: 0,
            loop_depth: 0,
            func_depth: 0,
            cond_depth: 0,
            frames: Arc::default(),
            func_files: Arc::default(),
            exported_funcs: Arc::default(),
            readonly_funcs: Arc::default(),
            disabled: Arc::default(),
            local_opts: None,
            hashed: Arc::default(),
            hashed_path_changes: 0,
            hash_made: false,
            last_random: 0,
            random: u64::from(config.pid).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
            seconds_set: None,
            in_subshell: false,
            dotglob_seen: 0,
            posix_seen: 0,
            skip_debug_once: false,
            own_err_trap: false,
            subshell_level: 0,
            dynamic_seen: std::cell::Cell::new(0),
            in_err_trap: false,
            in_return_trap: false,
            in_debug_trap: false,
            bash_command: crate::ast::CommandText::new(""),
            shown_traps: None,
            last_arg: String::new(),
            getopts_index: 1,
            getopts_char: 1,
            decl_values: Vec::new(),
            command_string: false,
            fork_charge: None,
            umask: 0o022,
            rlimits: crate::builtin::RLimits::default(),
            dirstack: Arc::default(),
            sig,
            pid: config.pid,
            bashpid: config.pid,
            in_signal_trap: false,
            in_exit_trap: false,
            signalled: None,
            child_signal: None,
            terminal: None,
            tty: None,
            window_seen: 0,
            parent_jobs: None,
            aliases: Arc::default(),
            xtrace_level: 0,
        }
    }

    /// The filesystem as this shell's commands see it: its umask applied
    /// to what they create, its `ulimit -f` to what they write, and
    /// `/dev/fd/N` opening its descriptors.
    pub(crate) fn fs(&self) -> Arc<dyn FileSystem> {
        let process = Arc::new(sandbash_vfs::ProcessFs::new(
            Arc::clone(&self.sys.fs),
            self.umask,
            self.rlimits.file_size_bytes(),
        ));
        Arc::new(crate::procsub::FdFs::new(
            process,
            self.fds.clone(),
            Arc::clone(&self.run.memory),
        ))
    }

    /// Sets `$1`, `$2`...
    pub fn set_positional(&mut self, args: Vec<String>) {
        self.positional = Arc::new(args);
    }

    /// Sets `$0` (also the prefix of error messages).
    pub fn set_name(&mut self, name: &str) {
        self.name = Arc::from(name);
    }

    /// The working directory.
    pub fn cwd(&self) -> &str {
        &self.cwd
    }

    /// The shell's variables.
    pub fn vars(&self) -> &Vars {
        &self.vars
    }

    /// The status of the last command.
    pub fn last_status(&self) -> i32 {
        self.last_status
    }

    /// Replaces the limits used by the next runs.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Counts a command against the limits; checks memory and cancellation.
    pub(crate) fn tick_command(&self) -> Result<(), Flow> {
        self.check_stores()?;
        self.run.tick_command(self.state_bytes())
    }

    /// Counts a loop iteration against the limits.
    pub(crate) fn tick_loop(&self) -> Result<(), Flow> {
        self.check_stores()?;
        self.run.tick_loop(self.state_bytes())
    }

    /// Stops the run when a variable store was refused for memory (by
    /// this shell or any copy of it).
    fn check_stores(&self) -> Result<(), Flow> {
        if self.vars.refused() {
            return Err(self.run.memory_exceeded());
        }
        Ok(())
    }

    /// A fresh context for a run, with the variables bounded by its
    /// memory budget.
    /// Brings the readonly `SHELLOPTS` and `BASHOPTS` in line with the
    /// options (after `set`, `shopt`, a function's `local -`).
    pub(crate) fn sync_option_vars(&mut self) {
        for (name, shopt) in [("SHELLOPTS", false), ("BASHOPTS", true)] {
            let v = crate::builtin::option_list(&self.opts, shopt);
            if self.vars.get_str(name) == Some(v.as_str()) {
                continue;
            }
            let vars = Arc::make_mut(&mut self.vars);
            vars.remove_attrs(name, crate::vars::READONLY);
            let _ = vars.set(name, v);
            vars.add_attrs(name, crate::vars::READONLY);
        }
    }

    fn start_run(&mut self, cancel: &Cancel, limits: Limits) {
        // The run stops when the host or the session does; its own stop (a
        // limit) reaches its threads and jobs, not the host's signal.
        let cancel = Cancel::child_of(&[cancel, &self.sys.jobs.cancel]);
        let run = RunCtx::new(cancel, limits, self.state_bytes());
        self.vars.set_ceiling(
            run.memory
                .vars_ceiling()
                .max(self.vars.bytes())
                .saturating_sub(self.last_arg.capacity() as u64),
        );
        self.run = Arc::new(run);
        self.sync_option_vars();
    }

    /// What the shell's own state holds that counts against the memory
    /// limit: the variables, and `$_` (a copy of the last argument).
    pub(crate) fn state_bytes(&self) -> u64 {
        self.vars
            .bytes()
            .saturating_add(self.last_arg.capacity() as u64)
    }

    /// The aliases the next command is read with: `None` when
    /// `expand_aliases` is off or none is defined.
    pub(crate) fn alias_table(&self) -> Option<Arc<crate::syntax::alias::Aliases>> {
        (self.opts.expand_aliases && !self.aliases.is_empty()).then(|| Arc::clone(&self.aliases))
    }

    /// Bytes one more allocation may take within the memory limit.
    pub(crate) fn mem_room(&self) -> usize {
        self.run.memory.set_base(self.state_bytes());
        usize::try_from(self.run.memory.room()).unwrap_or(usize::MAX)
    }

    /// The limits the next run uses.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Parses and runs `script`. `source_name` is how syntax errors name the
    /// source: `-c` for a command string, else a file name. Output goes to
    /// the given streams; `cancel` stops the run from outside. The EXIT trap
    /// runs when the script ends (or calls `exit`).
    pub fn run(
        &mut self,
        script: &str,
        source_name: &str,
        stdin: Input,
        stdout: Output,
        stderr: Output,
        cancel: &Cancel,
    ) -> RunResult {
        self.start_run(cancel, self.limits.clone());
        // The limit message goes to the real stderr, past the output limit
        // and whatever the script did to its descriptors.
        let raw_stderr = stderr.clone();
        let report = |stop: Stop| {
            let msg = format!("sandbash: {stop}\n");
            let _ = std::io::Write::write_all(&mut &raw_stderr, msg.as_bytes());
        };
        let meter = self.run.output.clone();
        self.fds = Fds::new(stdin, meter.wrap(stdout), meter.wrap(stderr));
        self.tty = self
            .terminal
            .clone()
            .map(|t| crate::terminal::Tty::of(t, &self.fds));
        self.check_window();
        self.command_string = source_name == "-c";
        self.reset_frames((!self.command_string).then_some(source_name));
        let prefix = if source_name == "-c" {
            format!("{}: -c: ", self.name)
        } else {
            format!("{source_name}: ")
        };
        if script.len() > self.limits.max_script_bytes {
            let stop = Stop::Limit(LimitKind::ScriptSize, self.limits.max_script_bytes as u64);
            crate::trace::stopped(&stop, &self.limits);
            report(stop);
            return RunResult {
                status: STATUS_LIMIT,
                stop: Some(stop),
            };
        }
        if crate::bytes::is_binary_script(script.as_bytes()) {
            let what = if self.command_string {
                "-c"
            } else {
                source_name
            };
            let msg = format!("{}: {what}: cannot execute binary file\n", self.name);
            let _ = std::io::Write::write_all(&mut &raw_stderr, msg.as_bytes());
            self.fds = Fds::default();
            return RunResult {
                status: 126,
                stop: None,
            };
        }
        let script = crate::bytes::without_nuls(script);
        let status = self.run_script_text(&script, &prefix);
        // A deadline, cancel or limit that hit while the last command was
        // inside a utility (which just returned early) is recorded here,
        // before the EXIT trap, so the run names it.
        let _ = self.check_stores();
        let _ = self.run.check();
        let status = self.run_exit_trap(status);
        let _ = self.run.check();
        let stop = self.run.stop_reason();
        if let Some(stop) = stop {
            // Named after sandbash itself, whatever `$0` is: the host and
            // the user must see which limit ended the run.
            report(stop);
        }
        self.fds = Fds::default();
        RunResult {
            status: if stop.is_some() { STATUS_LIMIT } else { status },
            stop,
        }
    }

    /// Runs the EXIT trap (once) and gives the final status.
    pub(crate) fn run_exit_trap(&mut self, status: i32) -> i32 {
        let Some(action) = self.traps.get("EXIT").cloned() else {
            return status;
        };
        Arc::make_mut(&mut self.traps).remove("EXIT");
        if let Some(stop) = self.run.stop_reason() {
            // The trap gets a fresh, small budget so cleanup can still run.
            // After a limit it still ends the moment the host cancels; after
            // a host cancel it gets only a sliver, so the run still ends
            // within the cancel bound.
            let (cancel, clock) = if stop == Stop::Stopped(StopReason::Cancelled) {
                (Cancel::new(), TRAP_CLOCK_AFTER_CANCEL)
            } else {
                (self.run.cancel.upstream(), TRAP_CLOCK_AFTER_STOP)
            };
            let mut limits = self.limits.clone();
            limits.max_commands = 1000;
            limits.max_loop_iterations = 1000;
            limits.wall_clock = Some(clock);
            let old = self.run.clone();
            self.start_run(&cancel, limits);
            self.line = 1;
            self.in_exit_trap = true;
            let _ = self.eval_string(&action);
            self.in_exit_trap = false;
            self.run = old;
            return status;
        }
        // A shell a signal ends runs the trap with `$?` still the last
        // command's, as bash's handler of a fatal signal does.
        self.last_status = match self.signalled {
            Some((_, before)) => before,
            None => status,
        };
        // The action's lines count from 1, as in bash.
        self.line = 1;
        self.in_exit_trap = true;
        let status = match self.eval_string(&action) {
            Err(Flow::Exit(s)) => s,
            _ => status,
        };
        self.in_exit_trap = false;
        // The session's next run sees the run's status as `$?`, not the
        // trap's last command's.
        self.last_status = status;
        status
    }

    /// Writes to the shell's stderr, ignoring failures. Raw bytes the
    /// message quotes (a word with `crate::bytes` stand-ins) are written
    /// as themselves, as bash does.
    pub(crate) fn write_err(&self, msg: &str) {
        if let Some(out) = self.fds.output(2) {
            let _ = std::io::Write::write_all(&mut &out, &crate::bytes::encode(msg));
        }
    }

    /// Prints `NAME: line N: MESSAGE`.
    pub(crate) fn error(&self, msg: &str) {
        // `shopt -s gnu_errfmt`: `name:line: msg`, as GNU tools report.
        if crate::builtin::shopt_state(&self.opts, "gnu_errfmt") == Some(true) {
            self.write_err(&format!("{}:{}: {msg}\n", self.error_name(), self.line));
        } else {
            self.error_with_line(msg);
        }
    }

    /// [`Shell::error`] in bash's own form whatever `gnu_errfmt` says
    /// (`name: line N: msg`): a builtin's messages are always so.
    pub(crate) fn error_with_line(&self, msg: &str) {
        self.write_err(&format!(
            "{}: line {}: {msg}\n",
            self.error_name(),
            self.line
        ));
    }

    /// The name bash's messages start with (its `get_name_for_error`):
    /// `${BASH_SOURCE[0]}` when set and not empty (the sourced file, a
    /// function's file, `environment` for a function defined in a command
    /// string), else `$0`.
    pub(crate) fn error_name(&self) -> &str {
        match self.frames.last() {
            Some(f) if !f.file.is_empty() => &f.file,
            _ => &self.name,
        }
    }

    /// Applies the changes assignments to `GLOBIGNORE` made to `dotglob`
    /// and to `POSIXLY_CORRECT` made to posix mode since the last call:
    /// called before a command runs and before a word is globbed.
    pub(crate) fn sync_specials(&mut self) {
        let (count, on) = self.vars.globignore_dotglob();
        if count != self.dotglob_seen {
            self.dotglob_seen = count;
            self.opts.dotglob = on;
        }
        let (count, on) = self.vars.posixly_correct();
        if count != self.posix_seen {
            self.posix_seen = count;
            self.opts.posix = on;
        }
    }

    /// A copy of this shell for a subshell, pipeline stage or `$( )`.
    pub(crate) fn subshell(&self) -> Shell {
        let mut s = self.clone();
        // Copy-on-write makes the copy lazy, but the limit must hold when a
        // subshell does write, so room for it is taken now. A refusal
        // marks the budget breached and the child stops at its first check.
        let mut charge = Charge::on(&self.run.memory);
        charge.grow(self.vars.bytes().saturating_add(FORK_OVERHEAD));
        s.fork_charge = Some(Arc::new(charge));
        s.parent_jobs = if self.jobs.is_empty() {
            self.parent_jobs.clone()
        } else {
            Some(Arc::clone(&self.jobs))
        };
        s.jobs = Arc::new(Jobs::default());
        s.sig = self.sig.child();
        s.bashpid = self.sys.jobs.procs.next_pid();
        s.in_signal_trap = false;
        s.signalled = None;
        s.child_signal = None;
        s.in_subshell = true;
        s.own_err_trap = false;
        s.subshell_level += 1;
        // bash's subshells start outside every loop: a `break` in `( )`,
        // a pipeline stage or a background job does not reach the loop
        // around it (command substitution keeps it: see `command_subst`).
        s.loop_depth = 0;
        // A subshell's EXIT trap is its own; the parent's does not fire in it.
        if s.traps.contains_key("EXIT") {
            if s.shown_traps.is_none() {
                s.shown_traps = Some(Arc::clone(&self.traps));
            }
            Arc::make_mut(&mut s.traps).remove("EXIT");
        }
        s
    }

    /// Starts the call stack of a run: empty for a command string, one
    /// `main` frame for a script file (`file`), as bash has.
    pub(crate) fn reset_frames(&mut self, file: Option<&str>) {
        self.frames = Arc::new(match file {
            Some(f) => vec![Frame {
                name: Arc::from("main"),
                file: Arc::from(f),
                line: 0,
                function: false,
            }],
            None => Vec::new(),
        });
    }

    /// `FUNCNAME`, `BASH_SOURCE` or `BASH_LINENO` as arrays, innermost
    /// first; `FUNCNAME` only while a function runs, as in bash.
    pub(crate) fn stack_array(&self, name: &str) -> Option<Vec<String>> {
        let frames = self.frames.iter().rev();
        Some(match name {
            "FUNCNAME" => {
                if !self.frames.iter().any(|f| f.function) {
                    return Some(Vec::new());
                }
                frames.map(|f| f.name.to_string()).collect()
            }
            "BASH_SOURCE" => frames.map(|f| f.file.to_string()).collect(),
            "BASH_LINENO" => frames.map(|f| f.line.to_string()).collect(),
            _ => return None,
        })
    }

    /// A pseudo-random number for `$RANDOM` (0..32768): bash's own
    /// generator (Park and Miller's minimal standard, its two halves
    /// folded), so `RANDOM=n` gives bash's sequence for `n`. Its state is
    /// the low half of `random`, deterministic per session, never the
    /// host's entropy. Checked by conformance `special/random_bash_sequence`.
    pub(crate) fn next_random(&mut self) -> u32 {
        loop {
            let r = self.random_step();
            if r != self.last_random {
                self.last_random = r;
                return r;
            }
        }
    }

    /// One step of bash's `brand`.
    fn random_step(&mut self) -> u32 {
        let last = self.random as u32;
        let last = if last == 0 { 123_459_876 } else { last as i64 };
        let (h, l) = (last / 127_773, last % 127_773);
        let t = 16_807 * l - 2_836 * h;
        let seed = if t < 0 { t + 0x7fff_ffff } else { t } as u32;
        self.random = (self.random & !0xffff_ffff) | u64::from(seed);
        ((seed >> 16) ^ (seed & 0xffff)) & 0x7fff
    }

    /// `$SRANDOM`: 32 bits from a xorshift generator whose state is the
    /// high half of `random` (bash's are the system's; none is seeded).
    pub(crate) fn next_srandom(&mut self) -> u32 {
        let mut x = (self.random >> 32) as u32;
        if x == 0 {
            x = 0x9e37_79b9;
        }
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.random = (self.random & 0xffff_ffff) | (u64::from(x) << 32);
        x
    }

    /// Seconds since the shell started (`$SECONDS`), or since `SECONDS`
    /// was assigned, counted from the value assigned.
    pub(crate) fn seconds(&self) -> i64 {
        match self.seconds_set {
            Some((base, at)) => base.saturating_add(at.elapsed().as_secs() as i64),
            None => self.sys.started.elapsed().as_secs() as i64,
        }
    }

    /// What `printf '%(fmt)T'` reads: the time now and at the shell's
    /// start, and the zone `TZ` names when exported (bash's `sv_tz`).
    pub(crate) fn printf_clock(&self) -> crate::printf::Clock {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        let tz = self
            .vars
            .get("TZ")
            .filter(|v| v.attrs & crate::vars::EXPORT != 0)
            .and_then(|v| v.scalar())
            .map(str::to_owned);
        crate::printf::Clock {
            now,
            start: now.saturating_sub(self.sys.started.elapsed().as_secs() as i64),
            tz,
        }
    }

    /// `RANDOM=n`: the sequence `$RANDOM` gives restarts from `n`, the
    /// same for the same seed.
    pub(crate) fn seed_random(&mut self, n: i64) {
        // bash's `sbrand`: the seed is the value as 32 bits.
        self.random = (self.random & !0xffff_ffff) | u64::from(n as u32);
        self.last_random = 0;
    }
}

/// The variables bash sets itself on start: `BASH_VERSINFO`, `OSTYPE`,
/// `HOSTTYPE`, `MACHTYPE`, `BASH`, `PS4` and `OPTERR` (unless set),
/// `SHLVL` (one more than the environment's), the readonly integers
/// `UID`, `EUID` and `PPID`, and the dynamic variables
/// (`dynamic_vars.rs`).
pub(crate) fn set_bash_vars(vars: &mut Vars, ppid: u32) {
    use crate::vars::{INTEGER, READONLY, Value};
    let info = ["5", "2", "0", "1", "release", "x86_64-pc-linux-gnu"];
    let m = info
        .iter()
        .enumerate()
        .map(|(i, s)| (i as i64, (*s).to_owned()))
        .collect();
    if !vars
        .get("BASH_VERSINFO")
        .is_some_and(crate::vars::Var::readonly)
    {
        let _ = vars.set_value("BASH_VERSINFO", Value::Indexed(m));
        vars.add_attrs("BASH_VERSINFO", READONLY);
    }
    let _ = vars.set("OSTYPE", "linux-gnu".into());
    let _ = vars.set("HOSTTYPE", "x86_64".into());
    let _ = vars.set("MACHTYPE", "x86_64-pc-linux-gnu".into());
    // Where `command -v bash` finds the shell in the sandbox.
    let _ = vars.set("BASH", "/usr/bin/bash".into());
    for (name, value) in [("PS4", "+ "), ("OPTERR", "1")] {
        if vars.get(name).is_none() {
            let _ = vars.set(name, value.into());
        }
    }
    let level = vars
        .get_str("SHLVL")
        .and_then(|v| v.trim().parse::<i64>().ok())
        .unwrap_or(0);
    let _ = vars.set("SHLVL", level.saturating_add(1).max(1).to_string());
    vars.add_attrs("SHLVL", EXPORT);
    for (name, value) in [("UID", 1000), ("EUID", 1000), ("PPID", ppid)] {
        if !vars.get(name).is_some_and(crate::vars::Var::readonly) {
            let _ = vars.set(name, value.to_string());
            vars.add_attrs(name, INTEGER | READONLY);
        }
    }
    crate::dynamic_vars::install(vars);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scoped_deadline_stops_only_its_command() {
        let run = RunCtx::new(Cancel::new(), Limits::normal(), 0);
        let scoped = run.scoped(Instant::now());
        assert!(scoped.check().is_err());
        assert_eq!(
            scoped.stop_reason(),
            Some(Stop::Stopped(StopReason::Timeout))
        );
        run.adopt_stop(&scoped);
        assert!(run.check().is_ok());
        assert_eq!(run.stop_reason(), None);
    }

    #[test]
    fn a_scoped_command_counts_against_the_run_and_passes_limits_on() {
        let mut limits = Limits::normal();
        limits.max_commands = 3;
        let run = RunCtx::new(Cancel::new(), limits, 0);
        let far = Instant::now() + std::time::Duration::from_secs(60);
        let scoped = run.scoped(far);
        assert!(scoped.tick_command(0).is_ok());
        assert!(scoped.tick_command(0).is_ok());
        assert!(run.tick_command(0).is_ok());
        assert!(scoped.tick_command(0).is_err());
        run.adopt_stop(&scoped);
        assert_eq!(run.stop_reason(), Some(Stop::Limit(LimitKind::Commands, 3)));
        // The run's own stop reaches the scoped command too.
        let run = RunCtx::new(Cancel::new(), Limits::normal(), 0);
        let scoped = run.scoped(far);
        let _ = run.stop(Stop::Stopped(StopReason::Cancelled));
        assert!(scoped.check().is_err());
    }
}
