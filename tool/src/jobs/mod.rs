//! Tool-level background jobs: a call started with `background: true`
//! runs on its own thread in a copy of the session's shell (as `cmd &`
//! does: variables and cwd are copied, files are shared), and the host
//! lists, polls, reads, writes to and stops it.
//!
//! - A job's output is kept in bounded buffers read with a cursor
//!   ([`output`]); its stdin is a pipe fed by `write` (keys are the bytes
//!   a terminal sends; `ctrl+d` closes it).
//! - `ctrl+c` delivers SIGINT to the job's shell and everything it runs
//!   (as a terminal sends it to the foreground process group; see
//!   `sandbash_interpreter::signals`): a running command or a blocked
//!   `read` ends at once, then the shell's INT trap runs and the script
//!   goes on, or without a trap the job ends with 130. `stop` delivers
//!   SIGTERM the same way (the TERM trap runs; without one, 143); a job
//!   still running after the grace period ([`DEFAULT_STOP_GRACE`]) is
//!   then force-stopped with 137. A forced stop ends it at once with 137,
//!   no trap run. An adopted run (a foreground call moved to the
//!   background) gets the same signals through the session shell's
//!   handle, so its traps run too. `ctrl+z` is refused: there is no job
//!   control.
//! - Jobs end with their session: the session's stop signal reaches them,
//!   and [`JobTable::stop_all`] joins them. At most `max_jobs` run at once.
//!
//! Checked by `tests/tool_jobs.rs`.

pub mod keys;
pub mod output;

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sandbash_interpreter::pipe::{PipeWriter, pipe};
use sandbash_interpreter::shell::THREAD_STACK;
use sandbash_interpreter::signals::{self, Signals};
use sandbash_interpreter::terminal::Terminal;
use sandbash_interpreter::{Cancel, Input, Output, Shell};
use serde::Serialize;

use output::{JobOutput, JobWriter, Which};

/// Finished jobs a session keeps listing.
pub const KEEP_FINISHED: usize = 32;

/// How long a stopped job's TERM trap may run before the job is
/// force-stopped.
pub const DEFAULT_STOP_GRACE: Duration = Duration::from_secs(2);

/// Default most jobs running at once in a session.
pub const DEFAULT_MAX_JOBS: usize = 8;

/// Where a job is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    /// Still running.
    Running,
    /// Ended with status 0.
    Completed,
    /// Ended with another status, or was stopped.
    Failed,
}

/// What a host sees of a job.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JobInfo {
    /// Its id.
    pub job_id: String,
    /// The command it runs.
    pub command: String,
    /// Running, completed or failed.
    pub state: JobState,
    /// Its exit status once ended.
    pub exit_code: Option<i32>,
    /// Milliseconds since it started.
    pub elapsed_ms: u64,
}

struct Status {
    exit: Option<i32>,
    /// The status a stop asked for (130, 143, 137), which wins over the
    /// run's own when the run ends stopped.
    forced: Option<i32>,
}

struct Job {
    id: String,
    command: String,
    started: Instant,
    out: Arc<Mutex<JobOutput>>,
    stdin: Mutex<Option<PipeWriter>>,
    cancel: Cancel,
    status: Arc<(Mutex<Status>, Condvar)>,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// The job's shell's signals (for an adopted run, the session shell's).
    signals: Option<Signals>,
    /// The job's window (none for an adopted run).
    window: Option<Arc<Terminal>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Job {
    fn new(
        id: String,
        command: &str,
        cancel: &Cancel,
        stdin: Option<PipeWriter>,
        signals: Option<Signals>,
    ) -> Arc<Self> {
        Arc::new(Self {
            id,
            command: command.to_owned(),
            started: Instant::now(),
            out: Arc::new(Mutex::new(JobOutput::default())),
            stdin: Mutex::new(stdin),
            cancel: cancel.clone(),
            status: Arc::new((
                Mutex::new(Status {
                    exit: None,
                    forced: None,
                }),
                Condvar::new(),
            )),
            thread: Mutex::new(None),
            signals,
            window: None,
        })
    }

    fn exit(&self) -> Option<i32> {
        lock(&self.status.0).exit
    }

    fn info(&self) -> JobInfo {
        let exit = self.exit();
        JobInfo {
            job_id: self.id.clone(),
            command: self.command.clone(),
            state: match exit {
                None => JobState::Running,
                Some(0) => JobState::Completed,
                Some(_) => JobState::Failed,
            },
            exit_code: exit,
            elapsed_ms: u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX),
        }
    }

    fn signal(&self, status: i32) {
        lock(&self.status.0).forced.get_or_insert(status);
        self.cancel.cancel();
    }
}

/// Records the end of an adopted job.
pub struct JobDone {
    status: Arc<(Mutex<Status>, Condvar)>,
    cancel: Cancel,
}

impl JobDone {
    /// The run ended with `status` (a stop's status wins when the job
    /// was stopped).
    pub fn finish(self, status: i32) {
        let (m, cv) = &*self.status;
        let mut st = lock(m);
        st.exit = Some(match st.forced {
            Some(f) if self.cancel.is_stopped() => f,
            _ => status,
        });
        cv.notify_all();
    }
}

/// Why a job operation failed (its text is the error the tool returns).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JobError {
    /// No job with this id in the session.
    #[error("No such job: {0}")]
    Unknown(String),
    /// The session runs `max` jobs already.
    #[error("Too many background jobs running (at most {0})")]
    TooMany(usize),
    /// A key name the tool does not know.
    #[error("Unknown key: {0}")]
    UnknownKey(String),
    /// `ctrl+z`.
    #[error("ctrl+z is not supported: there is no job control in the sandbox")]
    Suspend,
    /// Input to a job whose stdin is closed or that has ended.
    #[error("Job {0} does not accept input (ended, or its input was closed with ctrl+d)")]
    NoInput(String),
    /// A job thread could not be started.
    #[error("cannot start the job: {0}")]
    Spawn(String),
}

/// The jobs of one session.
pub struct JobTable {
    jobs: Mutex<Vec<Arc<Job>>>,
    max_jobs: usize,
}

impl Default for JobTable {
    fn default() -> Self {
        Self::new(DEFAULT_MAX_JOBS)
    }
}

impl JobTable {
    /// A table running at most `max_jobs` at once.
    pub fn new(max_jobs: usize) -> Self {
        Self {
            jobs: Mutex::new(Vec::new()),
            max_jobs,
        }
    }

    fn find(&self, id: &str) -> Result<Arc<Job>, JobError> {
        lock(&self.jobs)
            .iter()
            .find(|j| j.id == id)
            .cloned()
            .ok_or_else(|| JobError::Unknown(id.to_owned()))
    }

    /// Jobs still running.
    pub fn running(&self) -> usize {
        lock(&self.jobs)
            .iter()
            .filter(|j| j.exit().is_none())
            .count()
    }

    /// Starts `command` as job `id` in `shell` (a copy of the session's:
    /// see [`Shell::fork_job`]), with `cancel` (which the session's stop
    /// also raises) and `window` (its size, and whether its streams are a
    /// terminal: [`Terminal`]).
    pub fn start(
        &self,
        id: String,
        command: &str,
        mut shell: Shell,
        cancel: Cancel,
        window: Arc<Terminal>,
    ) -> Result<JobInfo, JobError> {
        if self.running() >= self.max_jobs {
            return Err(JobError::TooMany(self.max_jobs));
        }
        let sig = shell.signals();
        shell.set_terminal(Some(Arc::clone(&window)));
        // A signal that interrupts the job also ends a `read` blocked on
        // its stdin.
        let (reader, writer) = pipe(Cancel::child_of(&[&cancel, &sig.wake_signal()]));
        let mut job = Job::new(id, command, &cancel, Some(writer), Some(sig));
        if let Some(j) = Arc::get_mut(&mut job) {
            j.window = Some(window);
        }
        let (out, status) = (Arc::clone(&job.out), Arc::clone(&job.status));
        let script = command.to_owned();
        let thread = std::thread::Builder::new()
            .name("sandbash-job".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    shell.run(
                        &script,
                        "-c",
                        Input::pipe(reader),
                        Output::new(JobWriter::new(&out, false)),
                        Output::new(JobWriter::new(&out, true)),
                        &cancel,
                    )
                }));
                let (m, cv) = &*status;
                let mut st = lock(m);
                let own = r.map_or(70, |r| r.status);
                st.exit = Some(if cancel.is_stopped() {
                    st.forced.unwrap_or(own)
                } else {
                    own
                });
                cv.notify_all();
            })
            .map_err(|e| JobError::Spawn(e.to_string()))?;
        *lock(&job.thread) = Some(thread);
        let info = job.info();
        let mut jobs = lock(&self.jobs);
        // Finished jobs stay listed, the most recent KEEP_FINISHED of them.
        let finished = jobs.iter().filter(|j| j.exit().is_some()).count();
        let mut extra = finished.saturating_sub(KEEP_FINISHED);
        jobs.retain(|j| {
            let drop_it = extra > 0 && j.exit().is_some();
            extra -= usize::from(drop_it);
            !drop_it
        });
        jobs.push(job);
        Ok(info)
    }

    /// Registers as job `id` a run that is already under way elsewhere
    /// (a foreground call that outlived the auto-background threshold):
    /// its output goes to the returned buffers, `signals` (its shell's)
    /// takes `ctrl+c` and `stop`, `cancel` forces it, and the returned
    /// [`JobDone`] records its end. It takes no input.
    pub fn adopt(
        &self,
        id: String,
        command: &str,
        cancel: Cancel,
        signals: Signals,
    ) -> Result<(Arc<Mutex<JobOutput>>, JobDone), JobError> {
        if self.running() >= self.max_jobs {
            return Err(JobError::TooMany(self.max_jobs));
        }
        let job = Job::new(id, command, &cancel, None, Some(signals));
        let (out, status) = (Arc::clone(&job.out), Arc::clone(&job.status));
        lock(&self.jobs).push(job);
        Ok((out, JobDone { status, cancel }))
    }

    /// The jobs, running ones only unless `include_finished`.
    pub fn list(&self, include_finished: bool) -> Vec<JobInfo> {
        lock(&self.jobs)
            .iter()
            .map(|j| j.info())
            .filter(|i| include_finished || i.state == JobState::Running)
            .collect()
    }

    /// Waits up to `wait` for job `id` to end; its state then.
    pub fn poll(&self, id: &str, wait: Duration) -> Result<JobInfo, JobError> {
        let job = self.find(id)?;
        let (m, cv) = &*job.status;
        let deadline = Instant::now() + wait;
        let mut st = lock(m);
        while st.exit.is_none() {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            st = cv
                .wait_timeout(st, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        drop(st);
        Ok(job.info())
    }

    /// Reads up to `max_chars` of `which`; the cursor moves unless `peek`.
    pub fn read(
        &self,
        id: &str,
        which: Which,
        max_chars: usize,
        peek: bool,
    ) -> Result<(JobInfo, String, u64), JobError> {
        let job = self.find(id)?;
        // The state first: a job seen ended has written all it will.
        let info = job.info();
        let (text, dropped) = output::lock(&job.out).read(which, max_chars, peek);
        Ok((info, text, dropped))
    }

    /// Writes `bytes` to job `id`'s stdin.
    pub fn write(&self, id: &str, bytes: &[u8]) -> Result<usize, JobError> {
        use std::io::Write;
        let job = self.find(id)?;
        let mut stdin = lock(&job.stdin);
        let w = stdin
            .as_mut()
            .filter(|_| job.exit().is_none())
            .ok_or_else(|| JobError::NoInput(id.to_owned()))?;
        w.write_all(bytes)
            .map_err(|_| JobError::NoInput(id.to_owned()))?;
        Ok(bytes.len())
    }

    /// Closes job `id`'s stdin (`ctrl+d`).
    pub fn close_input(&self, id: &str) -> Result<(), JobError> {
        let job = self.find(id)?;
        lock(&job.stdin).take();
        Ok(())
    }

    /// Stops job `id` with `status` (130 for `ctrl+c`, 143, 137) and waits
    /// a little for it to end.
    pub fn stop(&self, id: &str, status: i32) -> Result<JobInfo, JobError> {
        let job = self.find(id)?;
        if job.exit().is_none() {
            job.signal(status);
        }
        self.poll(id, Duration::from_secs(1))
    }

    /// Resizes job `id`'s window: the job's shell sets `COLUMNS` and
    /// `LINES` before its next command, and gets SIGWINCH (ignored unless
    /// trapped).
    pub fn resize(&self, id: &str, cols: u32, rows: u32) -> Result<JobInfo, JobError> {
        let job = self.find(id)?;
        if job.exit().is_none()
            && let (Some(w), Some(s)) = (&job.window, &job.signals)
        {
            w.resize(cols, rows);
            s.raise_group(signals::WINCH);
        }
        Ok(job.info())
    }

    /// `ctrl+c`: delivers SIGINT to job `id` (its INT trap runs; without
    /// one it ends with 130) and waits a little for it to end.
    pub fn interrupt(&self, id: &str) -> Result<JobInfo, JobError> {
        let job = self.find(id)?;
        match &job.signals {
            Some(s) if job.exit().is_none() => {
                s.raise_group(signals::INT);
                self.poll(id, Duration::from_millis(200))
            }
            _ => self.stop(id, 130),
        }
    }

    /// Stops job `id`: SIGTERM (its TERM trap runs; without one it ends
    /// with 143), then a forced stop with 137 when it is still running
    /// after `grace`. `force` ends it at once with 137.
    pub fn terminate(&self, id: &str, force: bool, grace: Duration) -> Result<JobInfo, JobError> {
        let job = self.find(id)?;
        match &job.signals {
            Some(s) if !force && job.exit().is_none() => {
                s.raise_group(signals::TERM);
                let info = self.poll(id, grace)?;
                if info.state != JobState::Running {
                    return Ok(info);
                }
                self.stop(id, 137)
            }
            _ => self.stop(id, if force { 137 } else { 143 }),
        }
    }

    /// Stops every job and joins their threads (at most `bound` each).
    pub fn stop_all(&self, bound: Duration) {
        let jobs: Vec<Arc<Job>> = lock(&self.jobs).drain(..).collect();
        for j in &jobs {
            j.signal(143);
        }
        for j in &jobs {
            let (m, cv) = &*j.status;
            let st = lock(m);
            let _ = cv.wait_timeout_while(st, bound, |s| s.exit.is_none());
            if j.exit().is_some()
                && let Some(t) = lock(&j.thread).take()
            {
                let _ = t.join();
            }
        }
    }
}

impl Drop for JobTable {
    fn drop(&mut self) {
        self.stop_all(Duration::from_secs(1));
    }
}
