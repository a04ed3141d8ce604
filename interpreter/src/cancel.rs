//! Cancellation and deadlines shared by a run and everything it starts.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Why a run was stopped from outside the script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The host cancelled the run.
    Cancelled,
    /// The wall-clock limit passed.
    Timeout,
}

/// A cheap, cloneable cancellation signal with an optional deadline. The
/// evaluator checks it at every command and loop iteration; pipes, `read`
/// and `sleep` wait on it in short slices, so a host stops any run within
/// milliseconds.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    /// Signals this one obeys without raising them: a run stops when its
    /// host or its session does, but stopping the run (a limit) leaves the
    /// host's signal and the session's alone.
    parents: Arc<[Arc<AtomicBool>]>,
    deadline: Option<Instant>,
}

/// How long a blocked wait sleeps before it looks at the signal again.
pub const POLL_SLICE: Duration = Duration::from_millis(5);

impl Cancel {
    /// A signal that is never raised and has no deadline.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same signal, with a deadline `timeout` from now (the earlier one
    /// wins when one is already set).
    pub fn with_timeout(&self, timeout: Duration) -> Self {
        let new = Instant::now() + timeout;
        let deadline = match self.deadline {
            Some(d) if d < new => d,
            _ => new,
        };
        Self {
            flag: Arc::clone(&self.flag),
            parents: Arc::clone(&self.parents),
            deadline: Some(deadline),
        }
    }

    /// A signal of its own that is also raised whenever one of `parents`
    /// is, with the earliest of their deadlines; raising it leaves them
    /// alone.
    pub fn child_of(parents: &[&Cancel]) -> Self {
        let mut flags: Vec<Arc<AtomicBool>> = Vec::new();
        let mut deadline: Option<Instant> = None;
        for p in parents {
            flags.push(Arc::clone(&p.flag));
            flags.extend(p.parents.iter().cloned());
            deadline = match (deadline, p.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        Self {
            flag: Arc::default(),
            parents: flags.into(),
            deadline,
        }
    }

    /// Raises the signal: every holder of a clone sees it.
    /// A signal that obeys what this one obeys (the host's and the
    /// session's signals) but neither this one's own flag nor its deadline:
    /// for work that must outlive this run's stop yet still end when the
    /// host says so (the EXIT trap after a limit stopped the run).
    pub fn upstream(&self) -> Self {
        Self {
            flag: Arc::default(),
            parents: Arc::clone(&self.parents),
            deadline: None,
        }
    }

    /// Raises the signal: every holder of this `Cancel` (and of its
    /// children) sees it at its next check.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Lowers this signal's own flag again (a shell's signal wake-up once
    /// the signal is taken); its parents are left alone.
    pub(crate) fn reset(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    /// Why the run must stop, if it must.
    pub fn check(&self) -> Option<StopReason> {
        if self.flag.load(Ordering::Relaxed)
            || self.parents.iter().any(|p| p.load(Ordering::Relaxed))
        {
            return Some(StopReason::Cancelled);
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => Some(StopReason::Timeout),
            _ => None,
        }
    }

    /// True when the run must stop.
    pub fn is_stopped(&self) -> bool {
        self.check().is_some()
    }

    /// Sleeps for `dur`, waking early when the signal is raised; returns the
    /// reason when it woke early.
    pub fn sleep(&self, dur: Duration) -> Option<StopReason> {
        let end = Instant::now() + dur;
        loop {
            if let Some(r) = self.check() {
                return Some(r);
            }
            let now = Instant::now();
            if now >= end {
                return None;
            }
            std::thread::sleep((end - now).min(POLL_SLICE));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_obeys_its_parents_but_does_not_raise_them() {
        let host = Cancel::new();
        let session = Cancel::new();
        let run = Cancel::child_of(&[&host, &session]).with_timeout(Duration::from_secs(60));
        run.cancel();
        assert!(run.is_stopped());
        assert!(!host.is_stopped() && !session.is_stopped());

        let run = Cancel::child_of(&[&host, &session]);
        let nested = Cancel::child_of(&[&run]);
        session.cancel();
        assert_eq!(run.check(), Some(StopReason::Cancelled));
        assert_eq!(nested.check(), Some(StopReason::Cancelled));
        assert!(!host.is_stopped());
    }

    #[test]
    fn upstream_obeys_the_parents_only() {
        let host = Cancel::new();
        let run = Cancel::child_of(&[&host]).with_timeout(Duration::ZERO);
        run.cancel();
        let after = run.upstream();
        assert_eq!(after.check(), None);
        host.cancel();
        assert_eq!(after.check(), Some(StopReason::Cancelled));
    }

    #[test]
    fn a_child_keeps_the_earliest_deadline() {
        let soon = Cancel::new().with_timeout(Duration::ZERO);
        let child = Cancel::child_of(&[&Cancel::new(), &soon]);
        assert_eq!(child.check(), Some(StopReason::Timeout));
    }
}
