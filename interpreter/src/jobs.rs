//! Background jobs: `cmd &` runs on its own thread beside the foreground.
//!
//! Jobs belong to the session, not to the run that started them: a job
//! left running when its run returns goes on (under that run's budgets and
//! deadline), and a later run of the same session can `wait` for it by its
//! `$!`. Every job of a session, its subshells' included, obeys the
//! session's signal, which [`Shell::shutdown`] raises before joining them,
//! so no job outlives its session. [`crate::limits::Limits::max_jobs`]
//! bounds how many run at once across the whole session.

use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::ast::AndOr;
use crate::cancel::{Cancel, POLL_SLICE};
use crate::shell::Shell;

/// Finished jobs whose status a shell remembers for `wait`; older ones
/// are forgotten, as bash forgets statuses past its child limit.
const KEPT_STATUSES: usize = 1024;

struct Job {
    pid: u32,
    handle: Option<JoinHandle<i32>>,
    status: Option<i32>,
}

/// A shell's background jobs: what `wait` and `$!` see.
#[derive(Default)]
pub struct Jobs {
    table: Mutex<Vec<Job>>,
    next: Mutex<u32>,
}

impl Jobs {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Job>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Joins the jobs that have ended (their threads are then released)
    /// and forgets the oldest statuses past [`KEPT_STATUSES`].
    fn reap(&self) {
        let mut t = self.lock();
        for job in t.iter_mut() {
            if job.handle.as_ref().is_some_and(JoinHandle::is_finished) {
                job.status = job.handle.take().map(|h| h.join().unwrap_or(1));
            }
        }
        let finished = t.iter().filter(|j| j.handle.is_none()).count();
        let mut forget = finished.saturating_sub(KEPT_STATUSES);
        t.retain(|j| {
            if forget > 0 && j.handle.is_none() {
                forget -= 1;
                return false;
            }
            true
        });
    }

    /// Waits for one job, giving up when `cancel` is raised (the caller's
    /// run then stops); `None` when `pid` is not a job of this shell.
    pub(crate) fn wait(&self, pid: u32, cancel: &Cancel) -> Option<i32> {
        loop {
            {
                let mut t = self.lock();
                let job = t.iter_mut().find(|j| j.pid == pid)?;
                if let Some(s) = job.status {
                    return Some(s);
                }
                match job.handle.take_if(|h| h.is_finished()) {
                    Some(h) => {
                        let s = h.join().unwrap_or(1);
                        job.status = Some(s);
                        return Some(s);
                    }
                    None if job.handle.is_none() => return Some(0),
                    None => {}
                }
            }
            // The job may belong to an earlier run, whose signal is not
            // this run's: poll, so that this run's cancel still ends `wait`.
            if cancel.sleep(POLL_SLICE).is_some() {
                return Some(crate::shell::STATUS_LIMIT);
            }
        }
    }

    /// Whether `pid` is a job of this shell whose thread has not ended.
    pub(crate) fn is_running(&self, pid: u32) -> bool {
        self.lock()
            .iter()
            .any(|j| j.pid == pid && j.handle.as_ref().is_some_and(|h| !h.is_finished()))
    }

    /// Waits for every job; gives the last one's status.
    pub(crate) fn wait_all(&self, cancel: &Cancel) -> i32 {
        let pids: Vec<u32> = self.lock().iter().map(|j| j.pid).collect();
        let mut last = 0;
        for p in pids {
            last = self.wait(p, cancel).unwrap_or(0);
            if cancel.is_stopped() {
                break;
            }
        }
        last
    }

    /// Joins every job that has ended by `deadline`; the others are let go.
    fn join_all(&self, deadline: Instant) {
        let handles: Vec<JoinHandle<i32>> = self
            .lock()
            .iter_mut()
            .filter_map(|j| j.handle.take())
            .collect();
        for h in handles {
            while !h.is_finished() && Instant::now() < deadline {
                std::thread::sleep(POLL_SLICE);
            }
            if h.is_finished() {
                let _ = h.join();
            }
        }
    }
}

/// The jobs of a whole session, all its shells and subshells together.
pub(crate) struct SessionJobs {
    live: Mutex<usize>,
    ended: Condvar,
    /// Raised when the session ends; every run's signal obeys it.
    pub(crate) cancel: Cancel,
}

impl Default for SessionJobs {
    fn default() -> Self {
        Self {
            live: Mutex::new(0),
            ended: Condvar::new(),
            cancel: Cancel::new(),
        }
    }
}

/// A place taken among a session's running jobs, given back when the job's
/// thread ends (or never starts).
struct Slot(Arc<SessionJobs>);

impl SessionJobs {
    fn live(&self) -> std::sync::MutexGuard<'_, usize> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Takes a place for one more job, if fewer than `max` run.
    fn admit(self: &Arc<Self>, max: usize) -> Option<Slot> {
        let mut n = self.live();
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Slot(self.clone()))
    }

    /// Jobs of the session running now.
    pub(crate) fn running(&self) -> usize {
        *self.live()
    }

    /// Stops every job of the session and waits up to `bound` for their
    /// threads to end; true when they all did.
    pub(crate) fn stop_all(&self, bound: Duration) -> bool {
        self.cancel.cancel();
        let deadline = Instant::now() + bound;
        let mut n = self.live();
        while *n > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            n = match self.ended.wait_timeout(n, left) {
                Ok((g, _)) => g,
                Err(e) => e.into_inner().0,
            };
        }
        true
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut n = self.0.live();
        *n = n.saturating_sub(1);
        self.0.ended.notify_all();
    }
}

impl Shell {
    /// Starts `cmd &`; gives the status of starting it.
    pub(crate) fn spawn_job(&mut self, and_or: Arc<AndOr>) -> i32 {
        self.jobs.reap();
        let Some(slot) = self.sys.jobs.admit(self.limits.max_jobs) else {
            self.error("fork: retry: Resource temporarily unavailable");
            return 1;
        };
        let pid = {
            let mut n = self.jobs.next.lock().unwrap_or_else(|e| e.into_inner());
            if *n == 0 {
                *n = self.sys.pid.wrapping_add(1);
            }
            let p = *n;
            *n = n.wrapping_add(1);
            p
        };
        let mut child = self.subshell();
        child
            .fds
            .set(0, Some(crate::io::Fd::In(crate::io::Input::Null)));
        let spawned = std::thread::Builder::new()
            .name("sandbash-job".into())
            .stack_size(self.sys.stack_size)
            .spawn(crate::trace::Carried::current().wrap(move || {
                let r = child.exec_and_or(&and_or);
                let s = child.finish_subshell(r);
                // Release the job's pipe ends before the thread ends.
                drop(child);
                drop(slot);
                s
            }));
        match spawned {
            Ok(h) => {
                self.jobs.lock().push(Job {
                    pid,
                    handle: Some(h),
                    status: None,
                });
                self.last_bg = Some(pid);
                0
            }
            Err(e) => {
                self.error(&format!("fork: {e}"));
                1
            }
        }
    }

    /// Ends the session's jobs: raises the session's signal, which every
    /// run and job obeys, and waits up to `bound` for all of them (nested
    /// ones too) to end. True when none is left running.
    pub fn shutdown(&self, bound: Duration) -> bool {
        let deadline = Instant::now() + bound;
        let all_ended = self.sys.jobs.stop_all(bound);
        self.jobs.join_all(deadline);
        all_ended
    }

    /// Background jobs of the session running now, nested ones included.
    pub fn running_jobs(&self) -> usize {
        self.sys.jobs.running()
    }
}
