//! Signals inside the sandbox: no host signal is ever sent or caught.
//!
//! Every shell process of the sandbox (a session's shell, a subshell, a
//! `cmd &` job, a nested `bash -c`) has a [`Signals`] handle: an atomic
//! set of pending signals that anyone holding the handle may raise (`kill`,
//! the job table, the host's `ctrl+c` and job stop). The shell takes
//! pending signals where it already checks for cancellation between
//! commands (`Shell::deliver_signals`, before and after each simple
//! command, so a trap runs after the current simple command, as bash runs
//! it): a trap set for the signal runs and the script goes on; `trap ''`
//! ignores it; otherwise the default action ends the shell with 128+N
//! (running its EXIT trap, as bash does for a fatal signal), except KILL,
//! which cannot be trapped or ignored and ends it at once without the
//! EXIT trap. CHLD, CONT, URG and WINCH are ignored by default, and so are
//! the stop signals (STOP, TSTP, TTIN, TTOU): there is no job control.
//! A shell proper ignores QUIT (its subshells do not), and `cmd &` jobs
//! ignore INT and QUIT, as in a bash without job control.
//!
//! Invariants:
//! - A handle's *wake* signal is raised when a pending signal must cut a
//!   blocking wait short (a fatal default action, KILL, or a signal sent
//!   to a whole process group, as a terminal's `ctrl+c` is). Utilities,
//!   `read` and pipes wait on a [`Cancel`] that obeys it, so a `sleep`
//!   ends within a poll slice. A trapped signal sent to the shell alone
//!   does not wake them: as in bash, the trap waits for the foreground
//!   command; only `wait` is interrupted (it also obeys *any*).
//! - Subshells get a handle of their own, registered as a child of their
//!   parent's, so a group signal reaches the whole tree. Traps do not
//!   carry into a subshell (its trapped set starts empty), ignored
//!   signals do, as in bash.
//! - Process ids are the sandbox's own: the session's shell has the pid
//!   its config gives, each subshell, job and nested shell the next one of
//!   a session-wide counter. A [`Procs`] table maps the pids that a script
//!   can name (`$$` of each shell, `$!`, `$BASHPID` once expanded) to
//!   their handles, weakly: a process that ended is "No such process".

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use crate::cancel::Cancel;

/// SIGHUP.
pub const HUP: u32 = 1;
/// SIGINT.
pub const INT: u32 = 2;
/// SIGQUIT.
pub const QUIT: u32 = 3;
/// SIGKILL.
pub const KILL: u32 = 9;
/// SIGTERM.
pub const TERM: u32 = 15;
/// SIGSTOP.
pub const STOP: u32 = 19;
/// SIGWINCH.
pub const WINCH: u32 = 28;

/// The signals of this machine (Linux x86-64), as bash's `kill -l`
/// lists them: number and name without `SIG`. 32 and 33 are glibc's own.
const NAMED: [(u32, &str); 31] = [
    (1, "HUP"),
    (2, "INT"),
    (3, "QUIT"),
    (4, "ILL"),
    (5, "TRAP"),
    (6, "ABRT"),
    (7, "BUS"),
    (8, "FPE"),
    (9, "KILL"),
    (10, "USR1"),
    (11, "SEGV"),
    (12, "USR2"),
    (13, "PIPE"),
    (14, "ALRM"),
    (15, "TERM"),
    (16, "STKFLT"),
    (17, "CHLD"),
    (18, "CONT"),
    (19, "STOP"),
    (20, "TSTP"),
    (21, "TTIN"),
    (22, "TTOU"),
    (23, "URG"),
    (24, "XCPU"),
    (25, "XFSZ"),
    (26, "VTALRM"),
    (27, "PROF"),
    (28, "WINCH"),
    (29, "IO"),
    (30, "PWR"),
    (31, "SYS"),
];

/// The first and last real-time signals.
const RTMIN: u32 = 34;
const RTMAX: u32 = 64;

/// Every signal number there is, in order.
pub fn all() -> impl Iterator<Item = u32> {
    (1..=31).chain(RTMIN..=RTMAX)
}

/// The name of signal `n` without `SIG` (`INT`, `RTMIN+3`, `RTMAX-2`).
pub fn name(n: u32) -> Option<String> {
    if let Some((_, s)) = NAMED.iter().find(|(k, _)| *k == n) {
        return Some((*s).to_owned());
    }
    // As bash names them: the lower half from RTMIN, the upper from RTMAX.
    match n {
        RTMIN => Some("RTMIN".to_owned()),
        RTMAX => Some("RTMAX".to_owned()),
        35..=49 => Some(format!("RTMIN+{}", n - RTMIN)),
        50..=63 => Some(format!("RTMAX-{}", RTMAX - n)),
        _ => None,
    }
}

/// The number of a signal given by name (`INT`, `SIGINT`, `int`,
/// `RTMIN+1`) or number; `None` when there is none (bash's `invalid
/// signal specification`). 0 is not a signal here.
pub fn number(spec: &str) -> Option<u32> {
    if let Ok(n) = spec.parse::<u32>() {
        return name(n).map(|_| n);
    }
    let up = spec.to_ascii_uppercase();
    let bare = up.strip_prefix("SIG").unwrap_or(&up);
    // bash also reads `RTMIN+N` past the names it lists.
    if let Some(k) = bare
        .strip_prefix("RTMIN+")
        .and_then(|k| k.parse::<u32>().ok())
        && RTMIN + k <= RTMAX
    {
        return Some(RTMIN + k);
    }
    all().find(|&n| name(n).as_deref() == Some(bare))
}

/// True for a signal whose default action does nothing in the sandbox.
pub fn ignored_by_default(n: u32) -> bool {
    // CHLD, CONT, STOP, TSTP, TTIN, TTOU, URG, WINCH.
    matches!(n, 17..=23 | WINCH)
}

fn bit(n: u32) -> u64 {
    match n {
        1..=64 => 1u64 << (n - 1),
        _ => 0,
    }
}

struct Inner {
    pending: AtomicU64,
    /// Signals the shell has a trap for (its own, not inherited ones).
    trapped: AtomicU64,
    /// Signals `trap ''` ignores.
    ignored: AtomicU64,
    /// Raised when a pending signal must end a blocking wait.
    wake: Cancel,
    /// Raised when any signal is pending (ends `wait`).
    any: Cancel,
    /// The handles of subshells, for signals sent to the whole group.
    children: Mutex<Vec<Weak<Inner>>>,
}

/// One shell process's pending signals; clones share them.
#[derive(Clone)]
pub struct Signals(Arc<Inner>);

impl Default for Signals {
    fn default() -> Self {
        Self::with_ignored(0)
    }
}

impl std::fmt::Debug for Signals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Signals({:#x})", self.0.pending.load(Ordering::Relaxed))
    }
}

/// Live children past which a registration prunes the dead ones.
const PRUNE_AT: usize = 16;

impl Signals {
    fn with_ignored(ignored: u64) -> Self {
        Self(Arc::new(Inner {
            pending: AtomicU64::new(0),
            trapped: AtomicU64::new(0),
            ignored: AtomicU64::new(ignored),
            wake: Cancel::new(),
            any: Cancel::new(),
            children: Mutex::new(Vec::new()),
        }))
    }

    /// A handle for a subshell of this shell: nothing pending, no traps,
    /// the same signals ignored, reached by signals sent to this group.
    pub(crate) fn child(&self) -> Signals {
        let c = Self::with_ignored(self.0.ignored.load(Ordering::Relaxed));
        let mut kids = self.0.children.lock().unwrap_or_else(|e| e.into_inner());
        if kids.len() >= PRUNE_AT {
            kids.retain(|w| w.strong_count() > 0);
        }
        kids.push(Arc::downgrade(&c.0));
        c
    }

    /// Sends signal `n` to this process. KILL always gets through; an
    /// ignored signal is dropped.
    pub fn raise(&self, n: u32) {
        self.raise_as(n, false);
    }

    /// Sends signal `n` to this process and every subshell it started, as
    /// a terminal's `ctrl+c` reaches the whole foreground process group:
    /// blocking waits end at once, traps run after them.
    pub fn raise_group(&self, n: u32) {
        self.raise_as(n, true);
        let kids: Vec<Signals> = self
            .0
            .children
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .filter_map(Weak::upgrade)
            .map(Signals)
            .collect();
        for k in kids {
            k.raise_group(n);
        }
    }

    fn raise_as(&self, n: u32, group: bool) {
        let b = bit(n);
        if b == 0 || (n != KILL && self.0.ignored.load(Ordering::Relaxed) & b != 0) {
            return;
        }
        let trapped = self.0.trapped.load(Ordering::Relaxed) & b != 0;
        if !trapped && n != KILL && ignored_by_default(n) {
            return;
        }
        self.0.pending.fetch_or(b, Ordering::SeqCst);
        self.0.any.cancel();
        if group || n == KILL || !trapped {
            self.0.wake.cancel();
        }
    }

    /// Lowers the wake-ups once nothing is pending (raising them again
    /// for a signal that came in meanwhile).
    fn settle(&self) {
        self.0.wake.reset();
        self.0.any.reset();
        if self.0.pending.load(Ordering::SeqCst) != 0 {
            self.0.any.cancel();
            self.0.wake.cancel();
        }
    }

    /// Takes the lowest pending signal (KILL first). Taking the last one
    /// lowers the wake-ups, so a shell that a signal ended leaves none
    /// raised for its next run.
    pub(crate) fn take(&self) -> Option<u32> {
        let mut cur = self.0.pending.load(Ordering::SeqCst);
        loop {
            if cur == 0 {
                self.settle();
                return None;
            }
            let n = if cur & bit(KILL) != 0 {
                KILL
            } else {
                cur.trailing_zeros() + 1
            };
            match self.0.pending.compare_exchange(
                cur,
                cur & !bit(n),
                Ordering::SeqCst,
                Ordering::SeqCst,
            ) {
                Ok(_) => {
                    if cur & !bit(n) == 0 {
                        self.settle();
                    }
                    return Some(n);
                }
                Err(now) => cur = now,
            }
        }
    }

    /// The lowest pending signal, left pending.
    pub(crate) fn peek(&self) -> Option<u32> {
        let cur = self.0.pending.load(Ordering::SeqCst);
        (cur != 0).then(|| cur.trailing_zeros() + 1)
    }

    /// True when a signal is pending.
    pub fn is_pending(&self) -> bool {
        self.0.pending.load(Ordering::Relaxed) != 0
    }

    /// Notes what `trap` set for signal `n`: an action, `''` (ignore) or
    /// nothing (the default).
    pub(crate) fn set_disposition(&self, n: u32, action: Option<&str>) {
        let b = bit(n);
        let (trap, ignore) = match action {
            Some("") => (false, true),
            Some(_) => (true, false),
            None => (false, false),
        };
        let set = |a: &AtomicU64, on: bool| {
            if on {
                a.fetch_or(b, Ordering::Relaxed);
            } else {
                a.fetch_and(!b, Ordering::Relaxed);
            }
        };
        set(&self.0.trapped, trap);
        set(&self.0.ignored, ignore);
    }

    /// Ignores signal `n` from the start (INT and QUIT of `cmd &` jobs).
    pub(crate) fn ignore(&self, n: u32) {
        self.0.ignored.fetch_or(bit(n), Ordering::Relaxed);
    }

    /// True when this shell has a trap of its own for signal `n`.
    pub(crate) fn is_trapped(&self, n: u32) -> bool {
        self.0.trapped.load(Ordering::Relaxed) & bit(n) != 0
    }

    /// Raised when a pending signal must end a blocking wait.
    pub(crate) fn wake(&self) -> &Cancel {
        &self.0.wake
    }

    /// A signal raised whenever a pending signal must end a blocking
    /// wait, for a host's own waits on this shell (a job's stdin pipe).
    pub fn wake_signal(&self) -> Cancel {
        self.0.wake.clone()
    }

    /// Raised when any signal is pending.
    pub(crate) fn any(&self) -> &Cancel {
        &self.0.any
    }

    fn weak(&self) -> Weak<Inner> {
        Arc::downgrade(&self.0)
    }
}

/// A session's process ids and the handles of the processes a script can
/// name.
#[derive(Default)]
pub(crate) struct Procs {
    next: AtomicU32,
    table: Mutex<HashMap<u32, Weak<Inner>>>,
}

/// Entries past which a registration prunes ended processes.
const PROCS_PRUNE_AT: usize = 256;

impl Procs {
    /// Makes the next pid handed out follow `pid` (the session shell's).
    pub(crate) fn start_after(&self, pid: u32) {
        let _ = self.next.compare_exchange(
            0,
            pid.wrapping_add(1).max(2),
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    /// A fresh process id.
    pub(crate) fn next_pid(&self) -> u32 {
        let mut p = self.next.fetch_add(1, Ordering::Relaxed);
        if p < 2 {
            // Never 0 (every process) or 1 (init).
            p = self.next.fetch_add(2, Ordering::Relaxed).max(2);
        }
        p
    }

    /// Lets `kill` reach `sig` as `pid`.
    pub(crate) fn register(&self, pid: u32, sig: &Signals) {
        let mut t = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if t.len() >= PROCS_PRUNE_AT {
            t.retain(|_, w| w.strong_count() > 0);
        }
        t.insert(pid, sig.weak());
    }

    /// The live process `pid`, if it is one.
    pub(crate) fn find(&self, pid: u32) -> Option<Signals> {
        let t = self.table.lock().unwrap_or_else(|e| e.into_inner());
        t.get(&pid).and_then(Weak::upgrade).map(Signals)
    }
}

impl crate::shell::Shell {
    /// Acts on the signals pending for this shell: runs each one's trap
    /// (with `$?` kept), drops ignored ones, and ends the shell for one
    /// whose default action is to terminate it (128+N, after which the
    /// EXIT trap runs; KILL skips it). Called between commands.
    pub(crate) fn deliver_signals(&mut self) -> Result<(), crate::shell::Flow> {
        if self.tty.is_some() {
            self.check_window();
        }
        if self.in_signal_trap || !self.sig.is_pending() {
            return Ok(());
        }
        while let Some(n) = self.sig.take() {
            self.act_on(n)?;
        }
        Ok(())
    }

    fn act_on(&mut self, n: u32) -> Result<(), crate::shell::Flow> {
        use crate::shell::Flow;
        let status = 128 + n as i32;
        let action = name(n).and_then(|k| self.traps.get(&k).cloned());
        match action {
            // STOP cannot be caught; without job control it does nothing.
            _ if n == STOP => Ok(()),
            _ if n == KILL => {
                if self.traps.contains_key("EXIT") {
                    Arc::make_mut(&mut self.traps).remove("EXIT");
                }
                self.signalled = Some((n, self.last_status));
                Err(Flow::Exit(status))
            }
            Some(a) if self.sig.is_trapped(n) => {
                let saved = self.last_status;
                self.in_signal_trap = true;
                let prefix = format!("{}: ", self.error_name());
                // The action's lines count from 1, as in bash.
                let line = self.line;
                let r = self.enter_depth().and_then(|()| {
                    let r = self.run_nested_text(&a, &prefix, 0);
                    self.leave_depth();
                    r
                });
                self.in_signal_trap = false;
                self.last_status = saved;
                self.line = line;
                match r {
                    Err(Flow::Exit(s)) => Err(Flow::Exit(s)),
                    Err(Flow::Abort) => Err(Flow::Abort),
                    _ => Ok(()),
                }
            }
            Some(a) if a.is_empty() => Ok(()),
            _ if ignored_by_default(n) => Ok(()),
            // bash itself ignores QUIT; its subshells do not.
            _ if n == QUIT && self.pid == self.bashpid => Ok(()),
            _ => {
                self.signalled = Some((n, self.last_status));
                Err(Flow::Exit(status))
            }
        }
    }

    /// The signal a blocking wait obeys: the run's, and this shell's
    /// signal wake-up (see [`Signals`]).
    pub(crate) fn wait_cancel(&self) -> Cancel {
        Cancel::child_of(&[&self.run.cancel, self.sig.wake()])
    }

    /// What `wait` obeys: any pending signal ends it too.
    pub(crate) fn wait_any_cancel(&self) -> Cancel {
        Cancel::child_of(&[&self.run.cancel, self.sig.wake(), self.sig.any()])
    }

    /// The handle the host raises signals on for this shell (a job's
    /// `ctrl+c` and stop).
    pub fn signals(&self) -> Signals {
        self.sig.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_follow_bash() {
        assert_eq!(number("INT"), Some(2));
        assert_eq!(number("sigterm"), Some(15));
        assert_eq!(number("9"), Some(9));
        assert_eq!(number("RTMIN+1"), Some(35));
        assert_eq!(number("RTMAX-14"), Some(50));
        assert_eq!(number("32"), None);
        assert_eq!(number("0"), None);
        assert_eq!(number("FOO"), None);
        assert_eq!(name(64).as_deref(), Some("RTMAX"));
        assert_eq!(all().count(), 62);
    }

    #[test]
    fn trapped_signals_wake_only_group_waits() {
        let s = Signals::default();
        s.set_disposition(10, Some("echo"));
        s.raise(10);
        assert!(s.any().is_stopped() && !s.wake().is_stopped());
        assert_eq!(s.take(), Some(10));
        assert_eq!(s.take(), None);
        assert!(!s.any().is_stopped());
        s.raise(TERM);
        assert!(s.wake().is_stopped());
        assert_eq!(s.take(), Some(TERM));
        // Taking the last pending signal lowers the wake-up.
        assert!(!s.wake().is_stopped() && !s.any().is_stopped());
        assert_eq!(s.take(), None);
    }

    #[test]
    fn ignored_signals_are_dropped_but_kill_is_not() {
        let s = Signals::default();
        s.set_disposition(TERM, Some(""));
        s.set_disposition(KILL, Some(""));
        s.raise(TERM);
        s.raise(WINCH);
        assert_eq!(s.peek(), None);
        s.raise(KILL);
        assert_eq!(s.take(), Some(KILL));
        // A child inherits what is ignored, not what is trapped.
        s.set_disposition(INT, Some("echo"));
        let c = s.child();
        assert!(!c.is_trapped(INT));
        c.raise(TERM);
        assert_eq!(c.peek(), None);
    }

    #[test]
    fn a_group_signal_reaches_subshells() {
        let s = Signals::default();
        let c = s.child();
        let g = c.child();
        s.raise_group(INT);
        assert_eq!(g.take(), Some(INT));
        assert_eq!(c.take(), Some(INT));
        assert_eq!(s.take(), Some(INT));
    }

    #[test]
    fn procs_find_live_processes_only() {
        let p = Procs::default();
        p.start_after(1000);
        let a = p.next_pid();
        assert_eq!(a, 1001);
        let s = Signals::default();
        p.register(a, &s);
        assert!(p.find(a).is_some());
        drop(s);
        assert!(p.find(a).is_none());
    }
}
