//! One session of a [`super::Host`]: a sandbox that is live or parked,
//! and the gate that lets one foreground call in at a time.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::Sandbox;

/// Lets one holder in at a time; others wait, bounded.
#[derive(Debug, Default)]
pub(crate) struct Gate {
    busy: Mutex<bool>,
    freed: Condvar,
}

/// Holding the gate; dropping it lets the next caller in.
pub(crate) struct GateGuard<'a> {
    gate: &'a Gate,
}

impl Gate {
    fn flag(&self) -> MutexGuard<'_, bool> {
        self.busy.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Enters, waiting at most `wait` for the current holder to leave.
    pub(crate) fn enter(&self, wait: Duration) -> Option<GateGuard<'_>> {
        let deadline = Instant::now() + wait;
        let mut busy = self.flag();
        while *busy {
            let left = deadline.checked_duration_since(Instant::now())?;
            busy = self
                .freed
                .wait_timeout(busy, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *busy = true;
        Some(GateGuard { gate: self })
    }

    /// Enters only if nobody holds the gate.
    pub(crate) fn try_enter(&self) -> Option<GateGuard<'_>> {
        self.enter(Duration::ZERO)
    }
}

impl Drop for GateGuard<'_> {
    fn drop(&mut self) {
        *self.gate.flag() = false;
        self.gate.freed.notify_one();
    }
}

/// A session's sandbox and what the host knows of it.
pub(crate) struct SessionState {
    /// The live sandbox; `None` while parked in the snapshot store.
    pub(crate) sandbox: Option<Sandbox>,
    /// Set when the shell state outgrew its cap and was cleared: the next
    /// call reports the memory limit instead of running.
    pub(crate) over_cap: Option<u64>,
}

/// One session: independent of every other, one foreground call at a time.
pub struct Session {
    id: String,
    pub(crate) gate: Gate,
    state: Mutex<SessionState>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Session {
    pub(crate) fn new(id: &str, sandbox: Option<Sandbox>) -> Self {
        Self {
            id: id.to_owned(),
            gate: Gate::default(),
            state: Mutex::new(SessionState {
                sandbox,
                over_cap: None,
            }),
        }
    }

    /// The session's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The session's state. Only a holder of the gate keeps it locked for
    /// long (a call); others lock it briefly.
    pub(crate) fn state(&self) -> MutexGuard<'_, SessionState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// True while the sandbox is in memory (not parked).
    pub fn is_live(&self) -> bool {
        self.state().sandbox.is_some()
    }
}

/// Bytes of a sandbox's state that count against the host's budget: the
/// shell's variables and the in-memory files.
pub(crate) fn measure(sandbox: &Sandbox) -> (u64, u64) {
    let shell = sandbox.shell().state_size();
    (shell, sandbox.memory_fs_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn gate_waits_bounded() {
        let gate = Arc::new(Gate::default());
        let held = gate.enter(Duration::ZERO).expect("free");
        let t0 = Instant::now();
        assert!(gate.enter(Duration::from_millis(50)).is_none());
        assert!(t0.elapsed() >= Duration::from_millis(50));
        let g2 = Arc::clone(&gate);
        let waiter = std::thread::spawn(move || g2.enter(Duration::from_secs(5)).is_some());
        std::thread::sleep(Duration::from_millis(20));
        drop(held);
        assert!(waiter.join().unwrap_or(false));
    }
}
