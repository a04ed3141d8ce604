//! The threads runs execute on.
//!
//! A script runs on a thread with a known, large stack
//! ([`THREAD_STACK`]), never on the host's. Spawning and joining such a
//! thread costs about 60-100 µs, more than a whole small run, so finished
//! run threads wait here for the next run instead of exiting: an idle one
//! is reused when there is one, and a new one is spawned when there is
//! none, so runs never queue behind each other. At most [`MAX_IDLE`]
//! threads wait, each for at most [`IDLE_TIMEOUT`].
//!
//! An idle thread keeps the stack pages its last run touched until it
//! exits; a deep recursion's stack is returned to the system only then.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::time::Duration;

use sandbash_interpreter::shell::THREAD_STACK;

/// Most run threads kept waiting for work, process-wide.
pub const MAX_IDLE: usize = 32;

/// How long an idle run thread waits for work before it exits.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(10);

/// A run: does the work and gives back the step that hands its result
/// over, which the thread takes only once it is listed as idle again, so
/// that a caller running scripts one after another finds it waiting.
type Job = Box<dyn FnOnce() -> Deliver + Send + 'static>;
type Deliver = Box<dyn FnOnce() + Send + 'static>;

/// An idle thread: its id and where to hand it a job.
struct Idle {
    id: u64,
    jobs: SyncSender<Job>,
}

static IDLE: Mutex<Vec<Idle>> = Mutex::new(Vec::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

fn idle() -> std::sync::MutexGuard<'static, Vec<Idle>> {
    // The list is consistent after every push and pop, so a poisoned lock
    // holds nothing half-done.
    IDLE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `f` on a run thread and waits for it. `None` when `f` panicked or
/// no thread could be started.
pub(crate) fn run<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
    let (done, result) = mpsc::sync_channel(1);
    let mut job: Job = Box::new(move || {
        let r = panic::catch_unwind(AssertUnwindSafe(f)).ok();
        Box::new(move || {
            let _ = done.send(r);
        })
    });
    loop {
        let waiting = idle().pop();
        match waiting {
            // A thread that timed out meanwhile has dropped its receiver:
            // the job comes back and the next one is tried.
            Some(w) => match w.jobs.send(job) {
                Ok(()) => break,
                Err(mpsc::SendError(j)) => job = j,
            },
            None => {
                let spawned = std::thread::Builder::new()
                    .name("sandbash-run".into())
                    .stack_size(THREAD_STACK)
                    .spawn(move || work(job));
                if spawned.is_err() {
                    return None;
                }
                break;
            }
        }
    }
    // A job dropped unrun (its thread gone) drops `done`: `recv` fails.
    result.recv().ok().flatten()
}

/// A run thread's life: its first job, then whatever it is handed while
/// idle, until it waits [`IDLE_TIMEOUT`] in vain or enough others wait.
fn work(first: Job) {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    let mut job = first;
    loop {
        let deliver = job();
        let (jobs, next): (SyncSender<Job>, Receiver<Job>) = mpsc::sync_channel(1);
        let listed = {
            let mut list = idle();
            let room = list.len() < MAX_IDLE;
            if room {
                list.push(Idle { id, jobs });
            }
            room
        };
        deliver();
        if !listed {
            return;
        }
        job = match next.recv_timeout(IDLE_TIMEOUT) {
            Ok(j) => j,
            Err(RecvTimeoutError::Timeout) => {
                let mut list = idle();
                if let Some(at) = list.iter().position(|w| w.id == id) {
                    list.swap_remove(at);
                    return;
                }
                drop(list);
                // A caller took this thread off the list just now: its job
                // is on the way (the send never blocks: one slot, one sender).
                match next.recv() {
                    Ok(j) => j,
                    Err(_) => return,
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::run;

    #[test]
    fn runs_on_a_big_stack_and_reuses_threads() {
        // Other tests share the pool and may take an idle thread now and
        // then, but twenty runs in a row must not need twenty threads.
        let mut ids: Vec<_> = (0..20)
            .filter_map(|_| run(|| std::thread::current().id()))
            .collect();
        assert_eq!(ids.len(), 20);
        ids.sort_by_key(|id| format!("{id:?}"));
        ids.dedup();
        assert!(ids.len() < 10, "{} threads for 20 runs", ids.len());
        let deep = run(|| {
            fn down(n: u32) -> u32 {
                let pad = std::hint::black_box([0u8; 1024]);
                if n == 0 {
                    u32::from(pad[0])
                } else {
                    down(n - 1) + 1
                }
            }
            down(16 * 1024)
        });
        assert_eq!(deep, Some(16 * 1024));
    }

    #[test]
    fn a_panic_is_none_and_the_pool_goes_on() {
        let r: Option<u8> = run(|| panic!("in a run"));
        assert_eq!(r, None);
        assert_eq!(run(|| 5), Some(5));
    }
}
