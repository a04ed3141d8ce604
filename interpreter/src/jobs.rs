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

use crate::ast::{AndOr, Command, Compound};
use crate::cancel::{Cancel, POLL_SLICE};
use crate::shell::Shell;

/// Finished jobs whose status a shell remembers for `wait`; older ones
/// are forgotten, as bash forgets statuses past its child limit.
const KEPT_STATUSES: usize = 1024;

struct Job {
    pid: u32,
    /// Its job number (`%N`): one past the highest of the jobs still
    /// running when it started, as bash numbers them.
    number: u32,
    handle: Option<JoinHandle<i32>>,
    status: Option<i32>,
    /// `wait` took its status: the process is reaped, `kill` no longer
    /// finds it.
    waited: bool,
    /// The job's shell, for `kill %N`.
    sig: crate::signals::Signals,
    /// A process substitution: `$!` and `wait` see it, `jobs` and job
    /// specifications (`%N`) do not, and it takes no job number.
    procsub: bool,
    /// Its source text, which `jobs` shows.
    text: Option<Arc<str>>,
}

/// One line of `jobs`.
pub(crate) struct JobRow {
    pub(crate) number: u32,
    pub(crate) pid: u32,
    pub(crate) text: Arc<str>,
    /// `+` for the current job, `-` for the previous one, else a space.
    pub(crate) mark: char,
}

/// A shell's background jobs: what `wait` and `$!` see.
#[derive(Default)]
pub struct Jobs {
    table: Mutex<Vec<Job>>,
}

/// What a job specification (`%1`, `%%`, `%+`, `%-`) names.
pub(crate) enum JobRef {
    /// A job: its pid, and its shell's signals when it still runs.
    Job(u32, Option<crate::signals::Signals>),
    /// No such job.
    NoSuch,
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
                    job.waited = true;
                    return Some(s);
                }
                match job.handle.take_if(|h| h.is_finished()) {
                    Some(h) => {
                        let s = h.join().unwrap_or(1);
                        job.status = Some(s);
                        job.waited = true;
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

    /// The job `spec` names (`%N`, `%%`, `%+`, `%-`; the `%` already
    /// removed), among the jobs not yet waited for (`running`: among the
    /// running ones, as `kill` sees them: bash forgets an ended job at
    /// the next command).
    pub(crate) fn find_spec(&self, spec: &str, running: bool) -> JobRef {
        self.reap();
        let t = self.lock();
        let mut live = t
            .iter()
            .filter(|j| !j.procsub && !j.waited && (!running || j.status.is_none()));
        let job = match spec {
            "" | "%" | "+" => live.next_back(),
            "-" => {
                let last = live.next_back();
                live.next_back().or(last)
            }
            n => match n.parse::<u32>() {
                Ok(n) => live.rev().find(|j| j.number == n),
                Err(_) => None,
            },
        };
        match job {
            Some(j) => JobRef::Job(
                j.pid,
                (j.status.is_none() && j.handle.is_some()).then(|| j.sig.clone()),
            ),
            None => JobRef::NoSuch,
        }
    }

    /// What `kill` finds at `pid` among this shell's jobs: `None` when
    /// it is not one; else the job's shell while it runs, and
    /// [`JobRef::NoSuch`] once it ended (bash reaps it at once).
    pub(crate) fn target(&self, pid: u32) -> Option<JobRef> {
        self.reap();
        let t = self.lock();
        let j = t.iter().find(|j| j.pid == pid)?;
        Some(match j.status {
            None => JobRef::Job(pid, Some(j.sig.clone())),
            Some(_) => JobRef::NoSuch,
        })
    }

    /// The jobs `jobs` lists, oldest first: the running ones (process
    /// substitutions are no jobs). A shell without job control forgets
    /// an ended job silently, so bash never lists one as `Done`.
    pub(crate) fn listing(&self) -> Vec<JobRow> {
        self.reap();
        let t = self.lock();
        let shown: Vec<usize> = t
            .iter()
            .enumerate()
            .filter(|(_, j)| !j.procsub && !j.waited && j.status.is_none())
            .map(|(i, _)| i)
            .collect();
        let current = shown.last().copied();
        let previous = shown
            .len()
            .checked_sub(2)
            .and_then(|i| shown.get(i))
            .copied();
        let mut rows = Vec::with_capacity(shown.len());
        for i in shown {
            let Some(j) = t.get(i) else { continue };
            let mark = if Some(i) == current {
                '+'
            } else if Some(i) == previous {
                '-'
            } else {
                ' '
            };
            rows.push(JobRow {
                number: j.number,
                pid: j.pid,
                text: j.text.clone().unwrap_or_else(|| Arc::from("")),
                mark,
            });
        }
        rows
    }

    /// Forgets the job `pid` (`disown`): `jobs`, `wait` and job
    /// specifications no longer see it; its thread goes on.
    pub(crate) fn disown(&self, pid: u32) -> bool {
        let mut t = self.lock();
        let before = t.len();
        t.retain(|j| j.pid != pid || j.procsub);
        t.len() != before
    }

    /// The pids of the jobs `disown -a` (`running`: `-r`) forgets.
    pub(crate) fn job_pids(&self, running: bool) -> Vec<u32> {
        self.reap();
        self.lock()
            .iter()
            .filter(|j| !j.procsub && !j.waited && (!running || j.status.is_none()))
            .map(|j| j.pid)
            .collect()
    }

    /// True when this shell never started a job (or forgot them all).
    pub(crate) fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// Waits for the next job to end (`wait -n`); `None` when none runs.
    /// A job that already ended and was not waited for counts first.
    pub(crate) fn wait_any(&self, only: Option<&[u32]>, cancel: &Cancel) -> Option<(u32, i32)> {
        let wanted = |pid: u32| only.is_none_or(|o| o.contains(&pid));
        loop {
            {
                let mut t = self.lock();
                let idx = t.iter().position(|j| {
                    wanted(j.pid) && j.handle.as_ref().is_some_and(JoinHandle::is_finished)
                });
                if let Some(i) = idx {
                    let job = t.remove(i);
                    let s = job.handle.map(|h| h.join().unwrap_or(1)).unwrap_or(0);
                    return Some((job.pid, s));
                }
                if !t.iter().any(|j| wanted(j.pid) && j.handle.is_some()) {
                    return None;
                }
            }
            if cancel.sleep(POLL_SLICE).is_some() {
                return Some((0, crate::shell::STATUS_LIMIT));
            }
        }
    }

    /// Whether `pid` is a job of this shell (running or not yet waited for).
    pub(crate) fn has(&self, pid: u32) -> bool {
        self.lock().iter().any(|j| j.pid == pid)
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
    /// The session's process ids, and the processes `kill` can reach.
    pub(crate) procs: crate::signals::Procs,
}

impl Default for SessionJobs {
    fn default() -> Self {
        Self {
            live: Mutex::new(0),
            ended: Condvar::new(),
            cancel: Cancel::new(),
            procs: crate::signals::Procs::default(),
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
    pub(crate) fn spawn_job(&mut self, and_or: Arc<AndOr>, text: Option<Arc<str>>) -> i32 {
        let mut child = self.subshell();
        child
            .fds
            .set(0, Some(crate::io::Fd::In(crate::io::Input::Null)));
        // As in a bash without job control, `cmd &` ignores INT and QUIT.
        child.sig.ignore(crate::signals::INT);
        child.sig.ignore(crate::signals::QUIT);
        let body = move |c: &mut Shell| {
            // Bash's child for `( list ) &` runs the list itself: `$!` is
            // the subshell, which `kill $!` reaches.
            if and_or.rest.is_empty()
                && !and_or.first.bang
                && let [Command::Compound(compound, redirects)] = and_or.first.commands.as_slice()
                && let Compound::Subshell(list) = &**compound
            {
                return c.with_redirects(redirects, |c| c.exec_list(list));
            }
            c.exec_and_or(&and_or)
        };
        let text = Some(text.unwrap_or_else(|| Arc::from("")));
        match self.spawn_child(child, text, body) {
            Some(_) => 0,
            None => 1,
        }
    }

    /// Runs `body` in `child` (a subshell of this shell) on a thread of
    /// its own, as a job of this shell counted against `max_jobs`; gives
    /// its pid, or `None` after printing why it could not start. A job
    /// without `text` is a process substitution (see [`Job::procsub`]).
    pub(crate) fn spawn_child(
        &mut self,
        mut child: Shell,
        text: Option<Arc<str>>,
        body: impl FnOnce(&mut Shell) -> crate::shell::Exec + Send + 'static,
    ) -> Option<u32> {
        self.jobs.reap();
        let Some(slot) = self.sys.jobs.admit(self.limits.max_jobs) else {
            self.error("fork: retry: Resource temporarily unavailable");
            return None;
        };
        let pid = child.bashpid;
        let sig = child.sig.clone();
        self.sys.jobs.procs.register(pid, &sig);
        let spawned = std::thread::Builder::new()
            .name("sandbash-job".into())
            .stack_size(self.sys.stack_size)
            .spawn(crate::trace::Carried::current().wrap(move || {
                let r = body(&mut child);
                let s = child.finish_subshell(r);
                // Release the job's pipe ends before the thread ends.
                drop(child);
                drop(slot);
                s
            }));
        match spawned {
            Ok(h) => {
                let procsub = text.is_none();
                let mut t = self.jobs.lock();
                let number = if procsub {
                    0
                } else {
                    t.iter()
                        .filter(|j| {
                            !j.procsub && j.handle.as_ref().is_some_and(|h| !h.is_finished())
                        })
                        .map(|j| j.number)
                        .max()
                        .unwrap_or(0)
                        + 1
                };
                t.push(Job {
                    pid,
                    number,
                    handle: Some(h),
                    status: None,
                    waited: false,
                    sig,
                    procsub,
                    text,
                });
                drop(t);
                self.last_bg = Some(pid);
                Some(pid)
            }
            Err(e) => {
                self.error(&format!("fork: {e}"));
                None
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
