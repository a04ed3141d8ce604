//! A host's job operations: start a call as a job, list, poll, read,
//! write, stop. See [`crate::jobs`] for what a job is.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use sandbash_interpreter::Cancel;
use sandbash_interpreter::terminal::Terminal;
use sandbash_interpreter::vars::EXPORT;

use super::HostCore;
use crate::call::run::{check_dir, check_request};
use crate::call::{CallError, CallRequest, CallResult};
use crate::jobs::keys::{self, Key};
use crate::jobs::output::Which;
use crate::jobs::{JobError, JobInfo};

/// Ids of native jobs: `job-1`, `job-2`... process-wide.
static NEXT_JOB: AtomicU64 = AtomicU64::new(1);

/// The next native job id.
pub(super) fn next_job_id() -> String {
    format!("job-{}", NEXT_JOB.fetch_add(1, Ordering::Relaxed))
}

/// Starts the job in `sandbox`'s session (whose gate the caller holds).
fn start(
    meta: &super::Meta,
    sandbox: &crate::Sandbox,
    req: &CallRequest,
    job_id: Option<String>,
    started: Instant,
) -> Result<CallResult, CallError> {
    let cwd = match &req.cwd {
        Some(dir) => Some(check_dir(sandbox, dir)?),
        None => None,
    };
    let mut shell = sandbox.shell().fork_job();
    if let Some(dir) = &cwd {
        shell.set_cwd(dir);
    }
    for (k, v) in req.env.iter().flatten() {
        let vars = shell.vars_mut();
        if vars.set(k, v.clone()).is_ok() {
            vars.add_attrs(k, EXPORT);
        }
    }
    // The window is as big as `COLUMNS`/`LINES` say (80x24 without them).
    let dim = |k: &str, d: u32| {
        req.env
            .as_ref()
            .and_then(|e| e.get(k))
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(d)
    };
    let tty = req.terminal == Some(true);
    let size = tty.then(|| (dim("COLUMNS", 80), dim("LINES", 24)));
    let window = Terminal::new(tty, size);
    let job_id = job_id.unwrap_or_else(next_job_id);
    let info = meta
        .jobs
        .start(job_id, &req.command, shell, Cancel::new(), window)
        .map_err(|e| CallError::Invalid(e.to_string()))?;
    let session_cwd = sandbox.shell().cwd().to_owned();
    let output = format!("Background job {} started: {}", info.job_id, req.command);
    let wall = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    Ok(CallResult::job_started(
        info.job_id,
        output,
        session_cwd,
        wall,
    ))
}

/// What `job_write` sends.
#[derive(Clone, Debug, Default)]
pub struct JobInput {
    /// Text for stdin.
    pub input: Option<String>,
    /// A key name (`enter`, `up`, `ctrl+c`...), sent after the text.
    pub key: Option<String>,
    /// How many times the key is sent (at least 1).
    pub repeat: usize,
    /// Append a newline to `input` (the default).
    pub append_newline: bool,
}

impl HostCore {
    /// Starts `req` as a background job of session `id` and returns at
    /// once with the job's id (`job_id`), named `job_id` if given.
    pub fn start_job(
        &self,
        id: &str,
        req: &CallRequest,
        job_id: Option<String>,
    ) -> Result<CallResult, CallError> {
        let started = Instant::now();
        check_request(req, self.config.interception.as_deref())?;
        let meta = self.meta(id);
        self.with_live(&meta, |state| {
            let Some(sandbox) = state.sandbox.as_ref() else {
                return Err(CallError::Session("the session is not live".into()));
            };
            start(&meta, sandbox, req, job_id, started)
        })
    }
    fn jobs_of(&self, id: &str) -> Result<std::sync::Arc<super::Meta>, JobError> {
        self.table()
            .get(id)
            .cloned()
            .ok_or_else(|| JobError::Unknown("(no jobs in this session)".into()))
    }

    /// Session `id`'s jobs: running ones, and finished ones too when
    /// `include_finished`.
    pub fn job_list(&self, id: &str, include_finished: bool) -> Vec<JobInfo> {
        self.jobs_of(id)
            .map(|m| m.jobs.list(include_finished))
            .unwrap_or_default()
    }

    /// Waits up to `wait` for job `job` to end.
    pub fn job_poll(&self, id: &str, job: &str, wait: Duration) -> Result<JobInfo, JobError> {
        self.jobs_of(id)?.jobs.poll(job, wait)
    }

    /// Reads job `job`'s output: text, state, bytes dropped unread.
    pub fn job_read(
        &self,
        id: &str,
        job: &str,
        which: Which,
        max_chars: usize,
        peek: bool,
    ) -> Result<(JobInfo, String, u64), JobError> {
        self.jobs_of(id)?.jobs.read(job, which, max_chars, peek)
    }

    /// Writes text and keys to job `job`; the bytes sent.
    pub fn job_write(&self, id: &str, job: &str, input: &JobInput) -> Result<usize, JobError> {
        let meta = self.jobs_of(id)?;
        let key = input.key.as_deref().map(keys::key).transpose()?;
        let mut sent = 0;
        if let Some(text) = &input.input {
            let mut bytes = text.clone().into_bytes();
            if input.append_newline {
                bytes.push(b'\n');
            }
            sent += meta.jobs.write(job, &bytes)?;
        }
        match key {
            Some(Key::Bytes(b)) => {
                for _ in 0..input.repeat.max(1) {
                    sent += meta.jobs.write(job, b)?;
                }
            }
            Some(Key::Interrupt) => {
                meta.jobs.interrupt(job)?;
            }
            Some(Key::EndOfInput) => meta.jobs.close_input(job)?,
            None => {}
        }
        Ok(sent)
    }

    /// Resizes job `job`'s window: it sets `COLUMNS` and `LINES` before
    /// its next command and gets SIGWINCH.
    pub fn job_resize(
        &self,
        id: &str,
        job: &str,
        cols: u32,
        rows: u32,
    ) -> Result<JobInfo, JobError> {
        self.jobs_of(id)?.jobs.resize(job, cols, rows)
    }

    /// Stops job `job`: SIGTERM (its TERM trap runs; without one it ends
    /// with 143), force-stopped with 137 after the host's stop grace
    /// period; at once with 137 when `force`.
    pub fn job_stop(&self, id: &str, job: &str, force: bool) -> Result<JobInfo, JobError> {
        self.jobs_of(id)?
            .jobs
            .terminate(job, force, self.config.stop_grace)
    }
}

impl HostCore {
    /// Sets exported variables in session `id` for good (a profile whose
    /// seed persists `env` across calls). Values are data, never shell
    /// text; a read-only variable is left as it is.
    pub fn set_env(
        &self,
        id: &str,
        env: &std::collections::BTreeMap<String, String>,
    ) -> Result<(), CallError> {
        if let Some(bad) = env.keys().find(|k| !crate::call::request::is_env_name(k)) {
            return Err(CallError::Invalid(crate::call::texts::invalid_env(bad)));
        }
        let meta = self.meta(id);
        self.with_live(&meta, |state| {
            if let Some(sandbox) = state.sandbox.as_ref() {
                let mut shell = sandbox.shell();
                let vars = shell.vars_mut();
                for (k, v) in env {
                    if vars.set(k, v.clone()).is_ok() {
                        vars.add_attrs(k, EXPORT);
                    }
                }
            }
            Ok(())
        })
    }
}
