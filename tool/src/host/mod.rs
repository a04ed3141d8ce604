//! A host: many independent sessions keyed by id, with shared settings,
//! parking to snapshots and a memory budget across sessions.
//!
//! - One foreground call per session: a second waits up to
//!   [`HostConfig::busy_wait`], then gets [`CallError::Busy`] (`session
//!   busy`). Checked by `tests/tool_host.rs::a_second_call_waits_then_is_busy`.
//! - At most [`HostConfig::max_live_sessions`] sandboxes are in memory and
//!   their state (variables, in-memory files) stays under
//!   [`HostConfig::live_state_budget`]: past either, the least recently
//!   used idle sessions are parked in the [`SnapshotStore`] and resumed by
//!   their next call, files and shell state intact. A session with
//!   background jobs running is not parked (its jobs would end). Checked
//!   by `tests/tool_host.rs::lru_parks_and_resumes_without_losing_files`.
//! - A session whose shell state outgrows [`HostConfig::session_state_cap`]
//!   has it cleared at once (files kept), and its next call reports the
//!   memory limit instead of running. Checked by
//!   `tests/tool_host.rs::a_session_over_its_cap_gets_the_memory_limit`.

mod auto;
mod jobs;
mod session;
mod store;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

use sandbash_interpreter::shell::STATUS_LIMIT;
use sandbash_interpreter::{Cancel, LimitKind, Stop};

pub use jobs::JobInput;
pub use session::Session;
pub use store::{FileStore, MemoryStore, SnapshotStore, StoreError};

use crate::call::{
    self, CallContext, CallError, CallFacts, CallRequest, CallResult, Normalization, texts,
};
use crate::intercept::Interception;
use crate::jobs::JobTable;
use crate::output::{ArtifactBackend, ArtifactStore, DEFAULT_TAIL_BYTES, LiveFn, artifacts};
use crate::{Sandbox, SandboxOptions};

/// Settings shared by every session of a host.
#[derive(Clone, Debug)]
pub struct HostConfig {
    /// How each session's sandbox is built (workspace, limits, fs limits).
    pub sandbox: SandboxOptions,
    /// Bytes of output the model sees (the tail window).
    pub tail_bytes: usize,
    /// Which command rewrites apply.
    pub normalization: Normalization,
    /// Where overflowing outputs are kept.
    pub artifacts: ArtifactBackend,
    /// Most bytes of artifacts per session.
    pub artifact_session_cap: u64,
    /// Most sandboxes in memory at once.
    pub max_live_sessions: usize,
    /// Most bytes of live state (variables, in-memory files) across all
    /// live sessions.
    pub live_state_budget: u64,
    /// Most bytes of one session's shell state (variables).
    pub session_state_cap: u64,
    /// How long a call waits for the session's running call.
    pub busy_wait: Duration,
    /// Commands refused before they run; none by default.
    pub interception: Option<Arc<Interception>>,
    /// Variables every session starts with on top of the defaults.
    pub base_env: Vec<(String, String)>,
    /// Sessions show only `/workspace` (and `/dev`): no `/tmp`, `/home`.
    pub only_workspace: bool,
    /// Most tool-level background jobs running at once per session.
    pub max_jobs: usize,
    /// A foreground call still running after this long (at most its
    /// timeout less a second) becomes a job; off by default.
    pub auto_background: Option<Duration>,
    /// How long a stopped job's TERM trap may run before the job is
    /// force-stopped (see [`crate::jobs`]).
    pub stop_grace: Duration,
}

impl Default for HostConfig {
    fn default() -> Self {
        Self {
            sandbox: SandboxOptions::default(),
            tail_bytes: DEFAULT_TAIL_BYTES,
            normalization: Normalization::default(),
            artifacts: ArtifactBackend::Memory,
            artifact_session_cap: artifacts::DEFAULT_SESSION_CAP,
            max_live_sessions: 1024,
            live_state_budget: 1 << 30,
            session_state_cap: 32 << 20,
            busy_wait: Duration::from_secs(5),
            interception: None,
            base_env: Vec::new(),
            only_workspace: false,
            max_jobs: crate::jobs::DEFAULT_MAX_JOBS,
            auto_background: None,
            stop_grace: crate::jobs::DEFAULT_STOP_GRACE,
        }
    }
}

/// Per-call options a host passes beside the request.
#[derive(Clone, Default)]
pub struct CallOptions {
    /// Lets the host stop the call (the result is then aborted).
    pub cancel: Option<Cancel>,
    /// Receives output while the call runs.
    pub live: Option<LiveFn>,
    /// Bytes kept from the start of each stream (0: none).
    pub head_bytes: usize,
    /// Handed the call's output sink once the call starts running.
    pub on_sink: Option<crate::call::run::SinkHook>,
}

/// What the host tracks of a session without locking it.
struct Meta {
    session: Arc<Session>,
    live: AtomicBool,
    /// Nanoseconds since the host's epoch at the end of the last call.
    last_used: AtomicU64,
    state_bytes: AtomicU64,
    /// The session's tool-level background jobs.
    jobs: JobTable,
}

/// Many sessions behind one set of settings: a cheap handle, whose clones
/// share the sessions (an auto-backgrounded call keeps one on its thread).
#[derive(Clone)]
pub struct Host {
    core: Arc<HostCore>,
}

impl std::ops::Deref for Host {
    type Target = HostCore;

    fn deref(&self) -> &HostCore {
        &self.core
    }
}

/// What a [`Host`] holds; its methods are the host's operations.
pub struct HostCore {
    config: HostConfig,
    sessions: Mutex<HashMap<String, Arc<Meta>>>,
    store: Arc<dyn SnapshotStore>,
    artifacts: Arc<ArtifactStore>,
    live_count: AtomicUsize,
    live_bytes: AtomicU64,
}

/// Takes `v` from `total`, stopping at zero.
fn sub_saturating(total: &AtomicU64, v: u64) {
    let _ = total.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |t| {
        Some(t.saturating_sub(v))
    });
}

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_nanos() -> u64 {
    u64::try_from(epoch().elapsed().as_nanos()).unwrap_or(u64::MAX)
}

impl Host {
    /// A host parking sessions in memory.
    pub fn new(config: HostConfig) -> Self {
        Self::with_store(config, Arc::new(MemoryStore::new()))
    }

    /// A host parking sessions in `store`.
    pub fn with_store(config: HostConfig, store: Arc<dyn SnapshotStore>) -> Self {
        let artifacts = Arc::new(ArtifactStore::new(
            config.artifacts.clone(),
            config.artifact_session_cap,
        ));
        Self {
            core: Arc::new(HostCore {
                config,
                sessions: Mutex::new(HashMap::new()),
                store,
                artifacts,
                live_count: AtomicUsize::new(0),
                live_bytes: AtomicU64::new(0),
            }),
        }
    }

    /// Runs one call in session `id` (made on first use, resumed from the
    /// store when parked).
    pub fn call(&self, id: &str, req: &CallRequest) -> Result<CallResult, CallError> {
        self.call_with(id, req, CallOptions::default())
    }

    /// [`Host::call`] with a cancel signal and a live-output receiver.
    /// With [`HostConfig::auto_background`] set, a call still running
    /// after that long becomes a job (`host/auto.rs`).
    pub fn call_with(
        &self,
        id: &str,
        req: &CallRequest,
        options: CallOptions,
    ) -> Result<CallResult, CallError> {
        match self.config.auto_background {
            Some(threshold) if req.background != Some(true) => {
                auto::call(&self.core, id, req, options, threshold)
            }
            _ => self.core.call_now(id, req, options),
        }
    }
}

impl HostCore {
    /// The host's settings.
    pub fn config(&self) -> &HostConfig {
        &self.config
    }

    /// The artifacts of all sessions.
    pub fn artifacts(&self) -> &Arc<ArtifactStore> {
        &self.artifacts
    }

    /// Sandboxes in memory now.
    pub fn live_sessions(&self) -> usize {
        self.live_count.load(Ordering::Relaxed)
    }

    /// Bytes of state of the live sessions, as last measured.
    pub fn live_state_bytes(&self) -> u64 {
        self.live_bytes.load(Ordering::Relaxed)
    }

    /// Sessions known to this host, live or parked.
    pub fn session_count(&self) -> usize {
        self.table().len()
    }

    fn table(&self) -> MutexGuard<'_, HashMap<String, Arc<Meta>>> {
        self.sessions.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn meta(&self, id: &str) -> Arc<Meta> {
        let mut table = self.table();
        if let Some(m) = table.get(id) {
            return Arc::clone(m);
        }
        let m = Arc::new(Meta {
            session: Arc::new(Session::new(id, None)),
            live: AtomicBool::new(false),
            last_used: AtomicU64::new(now_nanos()),
            state_bytes: AtomicU64::new(0),
            jobs: JobTable::new(self.config.max_jobs),
        });
        table.insert(id.to_owned(), Arc::clone(&m));
        m
    }

    /// True when session `id` is in memory now (false when parked or unknown).
    pub fn is_live(&self, id: &str) -> bool {
        self.table()
            .get(id)
            .is_some_and(|m| m.live.load(Ordering::Relaxed))
    }

    /// Runs one call in session `id` now, waiting for it to end.
    pub fn call_now(
        &self,
        id: &str,
        req: &CallRequest,
        options: CallOptions,
    ) -> Result<CallResult, CallError> {
        if req.background == Some(true) {
            return self.start_job(id, req, None);
        }
        let started = Instant::now();
        let meta = self.meta(id);
        let result = self.with_live(&meta, |state| {
            let Some(sandbox) = state.sandbox.as_mut() else {
                return Err(CallError::Session("the session is not live".into()));
            };
            let result = match state.over_cap.take() {
                Some(bytes) => Ok(self.over_cap_result(sandbox, bytes, started)),
                None => {
                    let ctx = CallContext {
                        tail_bytes: self.config.tail_bytes,
                        normalization: self.config.normalization,
                        artifacts: Some((Arc::clone(&self.artifacts), id.to_owned())),
                        live: options.live,
                        cancel: options.cancel.unwrap_or_default(),
                        interception: self.config.interception.clone(),
                        head_bytes: options.head_bytes,
                        on_sink: options.on_sink,
                    };
                    call::execute(sandbox, req, &ctx)
                }
            };
            self.account(&meta, state);
            result
        });
        self.enforce(Some(id));
        result
    }

    /// Runs `f` holding session `meta`'s gate (waiting at most
    /// `busy_wait` for it) with its sandbox live.
    fn with_live<R>(
        &self,
        meta: &Meta,
        f: impl FnOnce(&mut session::SessionState) -> Result<R, CallError>,
    ) -> Result<R, CallError> {
        let _gate = meta
            .session
            .gate
            .enter(self.config.busy_wait)
            .ok_or(CallError::Busy)?;
        let mut guard = meta.session.state();
        self.ensure_live(meta, &mut guard)?;
        f(&mut guard)
    }

    /// Brings a parked (or new) session's sandbox into memory.
    fn ensure_live(&self, meta: &Meta, state: &mut session::SessionState) -> Result<(), CallError> {
        if state.sandbox.is_some() {
            return Ok(());
        }
        let id = meta.session.id();
        let parked = self
            .store
            .take(id)
            .map_err(|e| CallError::Session(e.to_string()))?;
        let sandbox = match parked {
            Some(bytes) => match Sandbox::restore(&bytes, self.config.sandbox.clone()) {
                Ok(mut s) => {
                    s.set_base_env(self.config.base_env.clone(), false);
                    s
                }
                Err(e) => {
                    // Keep the bytes: a later host version may read them.
                    let _ = self.store.put(id, bytes);
                    return Err(CallError::Session(e.to_string()));
                }
            },
            None => self.fresh_sandbox()?,
        };
        state.sandbox = Some(sandbox);
        meta.live.store(true, Ordering::Relaxed);
        self.live_count.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// A new session's sandbox, shaped by the host's settings.
    fn fresh_sandbox(&self) -> Result<Sandbox, CallError> {
        let mut sandbox = Sandbox::with_options(self.config.sandbox.clone())
            .map_err(|e| CallError::Session(e.to_string()))?;
        sandbox.set_base_env(self.config.base_env.clone(), true);
        if self.config.only_workspace {
            sandbox.remove_outside_workspace();
        }
        Ok(sandbox)
    }

    /// The result of a call refused because the session's state went over
    /// its cap (and was cleared) after the previous call.
    fn over_cap_result(&self, sandbox: &Sandbox, bytes: u64, started: Instant) -> CallResult {
        let cap = self.config.session_state_cap;
        let stop = Stop::Limit(LimitKind::Memory, cap);
        let stderr = format!("sandbash: {stop}\n");
        CallResult {
            exit_code: STATUS_LIMIT,
            success: false,
            stdout: String::new(),
            stderr: stderr.clone(),
            output: stderr.clone(),
            truncated: false,
            truncation: None,
            wall_time_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            timed_out: false,
            limit: Some(stop.to_string()),
            notices: vec![format!(
                "The session's shell state reached {bytes} bytes, over its cap of {cap} bytes: \
                 variables, functions and options were cleared (files kept); the command did not run"
            )],
            cwd: sandbox.shell().cwd().to_owned(),
            job_id: None,
            message: Some(texts::exited(STATUS_LIMIT)),
            is_error: true,
            aborted: false,
            facts: CallFacts {
                raw_output: stderr,
                ..CallFacts::default()
            },
        }
    }

    /// Measures a session after a call; clears a shell state over its cap.
    fn account(&self, meta: &Meta, state: &mut session::SessionState) {
        let Some(sandbox) = state.sandbox.as_mut() else {
            return;
        };
        let (mut shell, files) = session::measure(sandbox);
        if shell > self.config.session_state_cap {
            sandbox.reset_shell();
            state.over_cap = Some(shell);
            shell = session::measure(sandbox).0;
        }
        let bytes = shell.saturating_add(files);
        let old = meta.state_bytes.swap(bytes, Ordering::Relaxed);
        self.live_bytes.fetch_add(bytes, Ordering::Relaxed);
        sub_saturating(&self.live_bytes, old);
        meta.last_used.store(now_nanos(), Ordering::Relaxed);
    }

    /// Parks least recently used idle sessions (never `keep`) while the
    /// host is over its live-session cap or its state budget.
    fn enforce(&self, keep: Option<&str>) {
        let over = || {
            self.live_count.load(Ordering::Relaxed) > self.config.max_live_sessions
                || self.live_bytes.load(Ordering::Relaxed) > self.config.live_state_budget
        };
        if !over() {
            return;
        }
        let mut candidates: Vec<Arc<Meta>> = self
            .table()
            .values()
            .filter(|m| m.live.load(Ordering::Relaxed) && Some(m.session.id()) != keep)
            .cloned()
            .collect();
        candidates.sort_by_key(|m| m.last_used.load(Ordering::Relaxed));
        for m in candidates {
            if !over() {
                break;
            }
            let _ = self.park_meta(&m);
        }
    }

    /// Parks every live session whose last call ended more than `idle`
    /// ago (busy ones and ones running jobs stay). Returns how many.
    pub fn park_idle(&self, idle: Duration) -> usize {
        let cutoff = now_nanos().saturating_sub(u64::try_from(idle.as_nanos()).unwrap_or(u64::MAX));
        let stale: Vec<Arc<Meta>> = self
            .table()
            .values()
            .filter(|m| {
                m.live.load(Ordering::Relaxed) && m.last_used.load(Ordering::Relaxed) < cutoff
            })
            .cloned()
            .collect();
        stale
            .iter()
            .filter(|m| matches!(self.park_meta(m), Ok(true)))
            .count()
    }

    /// Parks session `id` now if it is live and idle: its snapshot goes to
    /// the store and its sandbox is dropped. False when it was not parked
    /// (unknown, already parked, busy, or running background jobs).
    pub fn park(&self, id: &str) -> Result<bool, StoreError> {
        let Some(meta) = self.table().get(id).cloned() else {
            return Ok(false);
        };
        self.park_meta(&meta)
    }

    fn park_meta(&self, meta: &Meta) -> Result<bool, StoreError> {
        let Some(_gate) = meta.session.gate.try_enter() else {
            return Ok(false);
        };
        let mut state = meta.session.state();
        let Some(sandbox) = state.sandbox.as_ref() else {
            return Ok(false);
        };
        if sandbox.shell().running_jobs() > 0 || meta.jobs.running() > 0 {
            return Ok(false);
        }
        self.store.put(meta.session.id(), sandbox.snapshot())?;
        state.sandbox = None;
        meta.live.store(false, Ordering::Relaxed);
        self.live_count.fetch_sub(1, Ordering::Relaxed);
        sub_saturating(
            &self.live_bytes,
            meta.state_bytes.swap(0, Ordering::Relaxed),
        );
        Ok(true)
    }

    /// Clears session `id`'s shell state (cwd back to `/workspace`,
    /// variables back to the defaults, functions, options, traps, shell
    /// and tool-level jobs gone) and, when `files`, its in-memory files too.
    pub fn reset(&self, id: &str, files: bool) -> Result<(), CallError> {
        let meta = self.meta(id);
        meta.jobs.stop_all(crate::sandbox::JOB_STOP_BOUND);
        self.with_live(&meta, |state| {
            state.over_cap = None;
            if files {
                state.sandbox = Some(self.fresh_sandbox()?);
            } else if let Some(s) = state.sandbox.as_mut() {
                s.reset_shell();
            }
            self.account(&meta, state);
            Ok(())
        })?;
        self.enforce(Some(id));
        Ok(())
    }

    /// Ends session `id`: its sandbox, parked snapshot and artifacts go.
    pub fn close(&self, id: &str) {
        let meta = self.table().remove(id);
        if let Some(meta) = meta {
            meta.jobs.stop_all(crate::sandbox::JOB_STOP_BOUND);
            let mut state = meta.session.state();
            if state.sandbox.take().is_some() {
                self.live_count.fetch_sub(1, Ordering::Relaxed);
            }
            sub_saturating(
                &self.live_bytes,
                meta.state_bytes.swap(0, Ordering::Relaxed),
            );
        }
        let _ = self.store.remove(id);
        self.artifacts.drop_session(id);
    }
}
