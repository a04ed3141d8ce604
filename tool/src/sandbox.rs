//! A sandbox: one session's filesystem, shell state and utilities.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use sandbash_interpreter::io::{Capture, STOP_MESSAGE_ROOM};
use sandbash_interpreter::trace::{self, Carried};
use sandbash_interpreter::{Cancel, Input, Limits, Output, RunResult, Shell, ShellConfig, Stop};
use sandbash_vfs::{FileSystem, FsError, FsLimits, HostFs, MemoryFs, OverlayFs, Vfs};

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

/// The wall clock of a run in a hosted sandbox under the `normal` profile
/// ([`SandboxOptions::default`], [`Sandbox::new`]): an agent's command
/// that hangs (`tail -f`, `sleep 1000`, a busy utility) ends by itself
/// even when its host never cancels it. The `sandbash` command keeps
/// [`Limits::normal`]'s none, as bash has none.
pub const HOSTED_WALL_CLOCK: Duration = Duration::from_secs(300);

/// The `normal` limits of a hosted sandbox: [`Limits::normal`] with
/// [`HOSTED_WALL_CLOCK`].
pub fn hosted_limits() -> Limits {
    Limits {
        wall_clock: Some(HOSTED_WALL_CLOCK),
        ..Limits::normal()
    }
}

/// How to build a [`Sandbox`].
#[derive(Clone, Debug)]
pub struct SandboxOptions {
    /// The `/workspace` mount.
    pub workspace: WorkspaceMount,
    /// Limits for each run.
    pub limits: Limits,
    /// Limits of the in-memory filesystems.
    pub fs_limits: FsLimits,
}

impl Default for SandboxOptions {
    /// An in-memory `/workspace`, [`hosted_limits`] and the default
    /// filesystem limits.
    fn default() -> Self {
        Self {
            workspace: WorkspaceMount::default(),
            limits: hosted_limits(),
            fs_limits: FsLimits::default(),
        }
    }
}

/// What one run produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunOutput {
    /// Everything written to standard output.
    pub stdout: Vec<u8>,
    /// Everything written to standard error.
    pub stderr: Vec<u8>,
    /// The exit status ([`sandbash_interpreter::shell::STATUS_LIMIT`] when
    /// a limit or the host stopped the run).
    pub status: i32,
    /// Which limit (or cancellation) stopped the run, if one did.
    pub stop: Option<Stop>,
}

/// Options for one call of [`Sandbox::run_opts`].
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Limits for this call only; the sandbox's own limits when `None`.
    pub limits: Option<Limits>,
    /// Lets another thread stop the run.
    pub cancel: Option<Cancel>,
    /// Standard input of the script; empty when `None`.
    pub stdin: Option<Vec<u8>>,
}

/// Why a sandbox could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The host directory to mount could not be opened.
    #[error("cannot open {path}: {source}")]
    Mount {
        /// The host path.
        path: String,
        /// What the filesystem said.
        source: FsError,
    },
    /// Snapshot bytes that cannot be restored.
    #[error("cannot restore the session: {0}")]
    Snapshot(String),
}

/// The fake pids sessions show as `$$`: distinct per session, never the host's.
static NEXT_PID: AtomicU32 = AtomicU32::new(1000);

/// Session ids for traces: distinct per sandbox in this process.
static NEXT_SESSION: AtomicU64 = AtomicU64::new(1);

/// One session: its files and its shell state live as long as this value.
pub struct Sandbox {
    /// Shared with the run thread while a run is under way; the caller is
    /// blocked in [`Sandbox::run_with`] meanwhile, so the lock is never
    /// contended.
    shell: Arc<Mutex<Shell>>,
    fs: Arc<Vfs>,
    /// The in-memory trees a snapshot keeps: the root (`/tmp`,
    /// `/home/agent`...) and `/workspace` when it is in memory.
    root: Arc<MemoryFs>,
    workspace: Option<Arc<MemoryFs>>,
    /// Tags every `tracing` event of this session's runs.
    session: u64,
    /// What a new shell of this sandbox adds to the default variables.
    extra_env: Vec<(String, String)>,
}

/// Magic and version of a session snapshot: the number of parts (u8: 2,
/// or 3 with an in-memory workspace), then the shell state and the
/// in-memory trees, each as `len u64 | bytes`. Invariant: an image cut
/// short is refused, even at a part boundary, checked by
/// `tool/tests/snapshot.rs::damaged_snapshots_are_refused`.
const SESSION_MAGIC: &[u8; 8] = b"SBSESSN2";

/// Version 1 (no part count), still restored: its parts run to the end.
const SESSION_MAGIC_V1: &[u8; 8] = b"SBSESSN1";

/// The variables every new session starts with; nothing comes from the host.
fn default_env() -> Vec<(String, String)> {
    [
        ("HOME", "/home/agent"),
        ("PATH", "/usr/local/bin:/usr/bin:/bin"),
        ("USER", "agent"),
        ("LOGNAME", "agent"),
        ("SHELL", "/bin/bash"),
        ("TMPDIR", "/tmp"),
        ("LANG", "C.UTF-8"),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect()
}

/// A new session's shell over `fs`.
fn new_shell(fs: Arc<Vfs>, limits: Limits, extra_env: &[(String, String)]) -> Shell {
    let mut env = default_env();
    for (k, v) in extra_env {
        env.retain(|(name, _)| name != k);
        env.push((k.clone(), v.clone()));
    }
    Shell::new(ShellConfig {
        fs,
        utilities: Arc::new(sandbash_builtins::registry()),
        limits,
        env,
        cwd: "/workspace".into(),
        name: "sandbash".into(),
        pid: NEXT_PID.fetch_add(1, Ordering::Relaxed),
    })
}

impl Sandbox {
    /// A sandbox with an in-memory `/workspace` and the default limits
    /// of a hosted sandbox ([`hosted_limits`]).
    pub fn new() -> Self {
        let workspace = Arc::new(MemoryFs::with_limits(FsLimits::default()));
        let root = Arc::new(MemoryFs::with_limits(FsLimits::default()));
        Self::build(
            root,
            workspace.clone(),
            Some(workspace),
            hosted_limits(),
            Vec::new(),
        )
    }

    /// A sandbox with the given options.
    pub fn with_options(options: SandboxOptions) -> Result<Self, SandboxError> {
        let root = Arc::new(MemoryFs::with_limits(options.fs_limits));
        Self::with_root(options, root, None)
    }

    fn with_root(
        options: SandboxOptions,
        root: Arc<MemoryFs>,
        memory_workspace: Option<Arc<MemoryFs>>,
    ) -> Result<Self, SandboxError> {
        let mount_err = |p: &PathBuf, source| SandboxError::Mount {
            path: p.display().to_string(),
            source,
        };
        let (workspace, kept): (Arc<dyn FileSystem>, _) = match &options.workspace {
            WorkspaceMount::Memory => {
                let ws = memory_workspace
                    .unwrap_or_else(|| Arc::new(MemoryFs::with_limits(options.fs_limits)));
                (ws.clone(), Some(ws))
            }
            WorkspaceMount::Host(p) => (
                Arc::new(
                    HostFs::open_with_limits(p, options.fs_limits).map_err(|e| mount_err(p, e))?,
                ),
                None,
            ),
            WorkspaceMount::Overlay(p) => {
                let lower = HostFs::open_read_only(p).map_err(|e| mount_err(p, e))?;
                (
                    Arc::new(OverlayFs::with_limits(Arc::new(lower), options.fs_limits)),
                    None,
                )
            }
        };
        Ok(Self::build(
            root,
            workspace,
            kept,
            options.limits,
            Vec::new(),
        ))
    }

    fn build(
        root: Arc<MemoryFs>,
        workspace: Arc<dyn FileSystem>,
        kept: Option<Arc<MemoryFs>>,
        limits: Limits,
        extra_env: Vec<(String, String)>,
    ) -> Self {
        let fs = Arc::new(Vfs::sandbox_on(root.clone(), workspace));
        let shell = new_shell(fs.clone(), limits, &extra_env);
        Self {
            shell: Arc::new(Mutex::new(shell)),
            fs,
            root,
            workspace: kept,
            session: NEXT_SESSION.fetch_add(1, Ordering::Relaxed),
            extra_env,
        }
    }

    /// The whole session as bytes: shell state (variables, functions, cwd,
    /// options, traps...) and the in-memory files (`/workspace` when it is
    /// in memory, `/tmp`, `/home/agent`). A host-backed workspace is not
    /// copied: it lives on the host. Running background jobs are not kept.
    pub fn snapshot(&self) -> Vec<u8> {
        let mut out = SESSION_MAGIC.to_vec();
        out.push(if self.workspace.is_some() { 3 } else { 2 });
        let mut part = |bytes: Vec<u8>| {
            out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
            out.extend_from_slice(&bytes);
        };
        part(self.shell().snapshot());
        part(self.root.snapshot());
        if let Some(ws) = &self.workspace {
            part(ws.snapshot());
        }
        out
    }

    /// A sandbox brought back from [`Sandbox::snapshot`] bytes, with the
    /// given options (limits, and where `/workspace` comes from: an
    /// in-memory workspace comes from the snapshot).
    pub fn restore(bytes: &[u8], options: SandboxOptions) -> Result<Self, SandboxError> {
        let corrupt = |what: &str| SandboxError::Snapshot(what.to_owned());
        let (count, rest) = if let Some(rest) = bytes.strip_prefix(SESSION_MAGIC.as_slice()) {
            let (count, rest) = rest.split_first().ok_or_else(|| corrupt("truncated"))?;
            (Some(usize::from(*count)), rest)
        } else if let Some(rest) = bytes.strip_prefix(SESSION_MAGIC_V1.as_slice()) {
            (None, rest)
        } else {
            return Err(corrupt("not a sandbash session snapshot"));
        };
        let mut parts = Vec::new();
        let mut rest = rest;
        while !rest.is_empty() {
            let (len, tail) = rest
                .split_first_chunk::<8>()
                .ok_or_else(|| corrupt("truncated"))?;
            let len = usize::try_from(u64::from_le_bytes(*len)).unwrap_or(usize::MAX);
            if len > tail.len() {
                return Err(corrupt("truncated"));
            }
            let (part, tail) = tail.split_at(len);
            parts.push(part);
            rest = tail;
        }
        if count.is_some_and(|n| n != parts.len()) {
            return Err(corrupt("truncated"));
        }
        let (shell, root, ws) = match parts.as_slice() {
            [shell, root] => (*shell, *root, None),
            [shell, root, ws] => (*shell, *root, Some(*ws)),
            _ => return Err(corrupt("wrong number of parts")),
        };
        let fs_err = |e: FsError| corrupt(&e.to_string());
        let root =
            Arc::new(MemoryFs::restore_with_limits(root, options.fs_limits).map_err(fs_err)?);
        let ws = match ws {
            Some(b) => Some(Arc::new(
                MemoryFs::restore_with_limits(b, options.fs_limits).map_err(fs_err)?,
            )),
            None => None,
        };
        let mut sandbox = Self::with_root(options, root, ws)?;
        sandbox
            .shell_mut()
            .restore(shell)
            .map_err(|e| corrupt(&e.to_string()))?;
        Ok(sandbox)
    }

    /// The id that tags the `tracing` events of this session's runs
    /// (field `session` of the `session` span): unique in this process
    /// unless the host set its own.
    pub fn session_id(&self) -> u64 {
        self.session
    }

    /// Tags this session's traces with the host's own id (its session or
    /// tenant number) instead of the one the sandbox was given.
    pub fn set_session_id(&mut self, id: u64) {
        self.session = id;
    }

    /// The sandbox's filesystem.
    pub fn fs(&self) -> &Arc<Vfs> {
        &self.fs
    }

    /// The session's shell (variables, cwd...).
    pub fn shell(&self) -> MutexGuard<'_, Shell> {
        // A run that panicked leaves the shell as it was at that point;
        // later runs use it as it is (see PAN1 in THREAT_MODEL.md).
        self.shell.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Mutable access to the shell (positional parameters, `$0`, limits).
    pub fn shell_mut(&mut self) -> MutexGuard<'_, Shell> {
        self.shell()
    }

    /// Runs a script as `sandbash -c` would, collecting its output.
    pub fn run(&mut self, script: &str) -> RunOutput {
        self.run_opts(script, RunOptions::default())
    }

    /// Runs a script with per-call options (limits, cancellation, stdin),
    /// collecting its output. The sandbox's own limits are restored after.
    pub fn run_opts(&mut self, script: &str, options: RunOptions) -> RunOutput {
        let saved = options.limits.map(|l| {
            let mut shell = self.shell();
            let old = shell.limits().clone();
            shell.set_limits(l);
            old
        });
        // The run's meter bounds what the script writes; the captures only
        // guard against a bug there, with room for the stop message on top.
        let limit = usize::try_from(
            self.shell()
                .limits()
                .max_output
                .saturating_add(STOP_MESSAGE_ROOM),
        )
        .unwrap_or(usize::MAX);
        let out = Arc::new(Mutex::new(Capture::new(limit)));
        let err = Arc::new(Mutex::new(Capture::new(limit)));
        let stdin = match options.stdin {
            Some(bytes) => Input::bytes(bytes),
            None => Input::Null,
        };
        let cancel = options.cancel.unwrap_or_default();
        let r = self.run_with(
            script,
            "-c",
            stdin,
            Output::Shared(out.clone()),
            Output::Shared(err.clone()),
            &cancel,
        );
        if let Some(limits) = saved {
            self.shell().set_limits(limits);
        }
        // Jobs left running keep these streams: what they write once the
        // run has returned is dropped, not kept in memory unread.
        let take = |c: &Arc<Mutex<Capture>>| c.lock().unwrap_or_else(|e| e.into_inner()).close();
        RunOutput {
            stdout: take(&out),
            stderr: take(&err),
            status: r.status,
            stop: r.stop,
        }
    }

    /// Bytes of the in-memory files (the root tree, and `/workspace` when
    /// it is in memory): what a host's memory budget counts for files.
    pub fn memory_fs_bytes(&self) -> u64 {
        let ws = self.workspace.as_ref().map_or(0, |w| w.usage().bytes);
        self.root.usage().bytes.saturating_add(ws)
    }

    /// Variables this session's shell starts with on top of the defaults
    /// (`HOME`, `PATH`, `USER`...), replacing those of the same name,
    /// exported; kept for [`Sandbox::reset_shell`]. With `apply`, the
    /// current shell gets them now too (a new session; a restored one
    /// keeps what its snapshot holds).
    pub fn set_base_env(&mut self, env: Vec<(String, String)>, apply: bool) {
        if apply {
            let mut shell = self.shell();
            let vars = shell.vars_mut();
            for (k, v) in &env {
                if vars.set(k, v.clone()).is_ok() {
                    vars.add_attrs(k, sandbash_interpreter::vars::EXPORT);
                }
            }
        }
        self.extra_env = env;
    }

    /// Removes `/tmp` and `/home` from the in-memory root, for a host
    /// whose sandbox shows only `/workspace` (and `/dev`).
    pub fn remove_outside_workspace(&self) {
        for dir in ["/tmp", "/home"] {
            // Gone already in a restored snapshot: nothing else can fail.
            let _ = self.fs.remove_dir(dir, true);
        }
    }

    /// Clears the shell state (variables back to the defaults, functions,
    /// aliases, options, traps, jobs, cwd back to `/workspace`); the files
    /// stay. The shell gets a new `$$`; the session keeps its trace id.
    pub fn reset_shell(&mut self) {
        let limits = {
            let shell = self.shell();
            shell.shutdown(JOB_STOP_BOUND);
            shell.limits().clone()
        };
        let fresh = new_shell(self.fs.clone(), limits, &self.extra_env);
        *self.shell() = fresh;
    }

    /// The limits each run of this sandbox uses unless a call overrides them.
    pub fn limits(&self) -> Limits {
        self.shell().limits().clone()
    }

    /// Runs a script with the given streams on a thread with a known,
    /// large stack (reused from run to run: `run_threads.rs`); `cancel`
    /// stops it from another thread.
    pub fn run_with(
        &mut self,
        script: &str,
        source_name: &str,
        stdin: Input,
        stdout: Output,
        stderr: Output,
        cancel: &Cancel,
    ) -> RunResult {
        let shell = self.shell.clone();
        let script = script.to_owned();
        let source_name = source_name.to_owned();
        let cancel = cancel.clone();
        let span = trace::session_span(self.session);
        let _entered = span.enter();
        let run = Carried::current().wrap(move || {
            let started = Instant::now();
            let mut shell = shell.lock().unwrap_or_else(|e| e.into_inner());
            let r = shell.run(&script, &source_name, stdin, stdout, stderr, &cancel);
            trace::run_finished(r.status, r.stop.as_ref(), started.elapsed());
            r
        });
        crate::run_threads::run(run).unwrap_or(RunResult {
            status: 70,
            stop: None,
        })
    }
}

/// How long dropping a sandbox waits for its jobs to end once told to
/// stop (they stop within milliseconds: waits poll the signal every 5 ms).
pub const JOB_STOP_BOUND: Duration = Duration::from_secs(1);

impl Drop for Sandbox {
    /// Stops the session's background jobs and joins them, so none
    /// outlives the sandbox.
    fn drop(&mut self) {
        self.shell().shutdown(JOB_STOP_BOUND);
    }
}

impl Default for Sandbox {
    fn default() -> Self {
        Self::new()
    }
}
