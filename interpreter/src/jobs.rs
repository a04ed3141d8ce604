//! Background jobs: `cmd &` runs on its own thread beside the foreground.

use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::ast::AndOr;
use crate::shell::Shell;

/// Most background jobs one shell runs at once.
pub const MAX_JOBS: usize = 16;

struct Job {
    pid: u32,
    handle: Option<JoinHandle<i32>>,
    status: Option<i32>,
}

/// A shell's background jobs.
#[derive(Default)]
pub struct Jobs {
    table: Mutex<Vec<Job>>,
    next: Mutex<u32>,
}

impl Jobs {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Job>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn running(&self) -> usize {
        self.lock()
            .iter()
            .filter(|j| j.handle.as_ref().is_some_and(|h| !h.is_finished()))
            .count()
    }

    /// Waits for one job; `None` when `pid` is not a job of this shell.
    pub(crate) fn wait(&self, pid: u32) -> Option<i32> {
        let handle = {
            let mut t = self.lock();
            let job = t.iter_mut().find(|j| j.pid == pid)?;
            if let Some(s) = job.status {
                return Some(s);
            }
            job.handle.take()
        };
        let status = handle.map(|h| h.join().unwrap_or(1)).unwrap_or(0);
        if let Some(job) = self.lock().iter_mut().find(|j| j.pid == pid) {
            job.status = Some(status);
        }
        Some(status)
    }

    /// Waits for every job; gives the last one's status.
    pub(crate) fn wait_all(&self) -> i32 {
        let pids: Vec<u32> = self.lock().iter().map(|j| j.pid).collect();
        let mut last = 0;
        for p in pids {
            last = self.wait(p).unwrap_or(0);
        }
        last
    }
}

impl Shell {
    /// Starts `cmd &`; gives the status of starting it.
    pub(crate) fn spawn_job(&mut self, and_or: Arc<AndOr>) -> i32 {
        if self.jobs.running() >= MAX_JOBS {
            self.error("fork: retry: Resource temporarily unavailable");
            return 1;
        }
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
}
