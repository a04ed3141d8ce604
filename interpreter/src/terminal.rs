//! Terminal mode: a run whose standard streams stand for a terminal (a
//! host's job started with a terminal), as `[ -t 0 ]`, `tty` and `read -p`
//! see it. Nothing of a real terminal is involved: the streams are the
//! same pipes and buffers; only the answers to "is this a terminal?" and
//! the window size change.
//!
//! Invariants:
//! - A descriptor is a terminal when it holds one of the run's own
//!   standard streams (compared by identity), so `2>&1` keeps it one and
//!   a redirection to a file, a pipe or `$( )` makes it not one, as with
//!   a real terminal.
//! - The window size is shared by every copy of the shell (subshells,
//!   pipeline stages); each copy applies a new size to its own `COLUMNS`
//!   and `LINES` between commands (bash's `checkwinsize`), once per
//!   change, counted by a generation number.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::io::{Fd, Fds, Input, Output};

/// The name `tty` prints for the sandbox's terminal.
pub const TTY_NAME: &str = "/dev/pts/0";

/// A host's handle on a run's window: its size, and whether the run's
/// standard streams are a terminal.
#[derive(Default)]
pub struct Terminal {
    tty: bool,
    size: Mutex<Option<(u32, u32)>>,
    generation: AtomicU64,
}

impl Terminal {
    /// A window of `cols` x `rows` (none: `COLUMNS`/`LINES` are left as
    /// they are until a resize); `tty`: the standard streams are a
    /// terminal (`[ -t 0 ]`, `tty`, `read -p`).
    pub fn new(tty: bool, size: Option<(u32, u32)>) -> Arc<Self> {
        Arc::new(Self {
            tty,
            size: Mutex::new(size),
            generation: AtomicU64::new(u64::from(size.is_some())),
        })
    }

    /// True when the run's standard streams are a terminal.
    pub fn is_tty(&self) -> bool {
        self.tty
    }

    /// Changes the window size; the shell sets `COLUMNS` and `LINES`
    /// before its next command (the host also sends SIGWINCH).
    pub fn resize(&self, cols: u32, rows: u32) {
        *self.size.lock().unwrap_or_else(|e| e.into_inner()) = Some((cols, rows));
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    fn current(&self) -> (u64, Option<(u32, u32)>) {
        let size = *self.size.lock().unwrap_or_else(|e| e.into_inner());
        (self.generation.load(Ordering::SeqCst), size)
    }
}

/// The run's standard streams that stand for the terminal.
#[derive(Clone)]
pub(crate) struct Tty {
    pub(crate) terminal: Arc<Terminal>,
    streams: [Option<usize>; 3],
}

/// The identity of a descriptor's stream.
fn identity(fd: Option<&Fd>) -> Option<usize> {
    match fd? {
        Fd::In(Input::Shared(a)) | Fd::Both(Input::Shared(a), _) => {
            Some(Arc::as_ptr(a) as *const () as usize)
        }
        Fd::Out(Output::Shared(a)) => Some(Arc::as_ptr(a) as *const () as usize),
        _ => None,
    }
}

impl Tty {
    /// Marks `fds` 0-2 (as the run installed them) as the terminal.
    pub(crate) fn of(terminal: Arc<Terminal>, fds: &Fds) -> Self {
        let streams = if terminal.tty {
            [
                identity(fds.get(0)),
                identity(fds.get(1)),
                identity(fds.get(2)),
            ]
        } else {
            [None; 3]
        };
        Self { terminal, streams }
    }

    /// True when descriptor `n` of `fds` is the terminal.
    pub(crate) fn is_terminal(&self, fds: &Fds, n: usize) -> bool {
        if !self.terminal.tty {
            return false;
        }
        match identity(fds.get(n)) {
            Some(id) => self.streams.contains(&Some(id)),
            None => false,
        }
    }
}

impl crate::shell::Shell {
    /// Gives the next runs a window the host can resize, and, when it
    /// says so, standard streams that are a terminal (a host's job
    /// started in terminal mode); `None` turns it off.
    pub fn set_terminal(&mut self, terminal: Option<Arc<Terminal>>) {
        self.terminal = terminal;
    }

    /// True when descriptor `n` is the terminal (`[ -t n ]`).
    pub(crate) fn fd_is_terminal(&self, n: usize) -> bool {
        self.tty
            .as_ref()
            .is_some_and(|t| t.is_terminal(&self.fds, n))
    }

    /// Applies a window size the host set since this shell last looked.
    pub(crate) fn check_window(&mut self) {
        let Some(tty) = &self.tty else {
            return;
        };
        let (generation, size) = tty.terminal.current();
        if generation == self.window_seen {
            return;
        }
        self.window_seen = generation;
        if let Some((cols, rows)) = size {
            let vars = Arc::make_mut(&mut self.vars);
            let _ = vars.set("COLUMNS", cols.to_string());
            let _ = vars.set("LINES", rows.to_string());
        }
    }
}
