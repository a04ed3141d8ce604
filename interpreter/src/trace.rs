//! Observability: the `tracing` spans and events a run emits.
//!
//! This module is the one place that decides what leaves a sandbox through
//! `tracing`: the name and kind of each command invoked, how long it ran,
//! its status, and which limit stopped a run. Arguments, variable values,
//! here-documents and output never do: a script's data often holds the
//! secrets an agent handles (tokens passed as arguments, keys in `export`),
//! and host logs are not a place for them.
//!
//! The library installs no subscriber; the host does. Every event goes to
//! target [`TARGET`]. Invocations are `DEBUG` events, limit breaches `WARN`,
//! a host cancellation and the end of a run `INFO`. With no subscriber
//! interested, a command pays for one level check (an atomic load): the
//! clock is read only when an invocation event would be recorded.
//!
//! Runs of a `Sandbox` happen inside a [`session_span`]; spans do not cross
//! threads by themselves, so every thread a run starts (pipeline stages,
//! background jobs) takes a [`Carried`] context with it.

use std::time::{Duration, Instant};

use tracing::level_filters::LevelFilter;
use tracing::span::{Attributes, Id, Record};
use tracing::subscriber::{Interest, NoSubscriber, Subscriber};
use tracing::{Dispatch, Event, Level, Metadata, Span};
use tracing_core::span::Current;

use crate::StopReason;
use crate::limits::Limits;
use crate::shell::{Exec, Flow, LimitKind, STATUS_LIMIT, Stop};

/// The target of every span and event sandbash emits, for host filters
/// (`RUST_LOG=sandbash=debug`).
pub const TARGET: &str = "sandbash";

/// What kind of command an invocation event names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A shell builtin (`cd`, `read`, `printf`...).
    Builtin,
    /// A registered utility (`cat`, `grep`...).
    Utility,
    /// A shell function defined by the script.
    Function,
    /// A bash script stored in the VFS, run by its path.
    Script,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Builtin => "builtin",
            Self::Utility => "utility",
            Self::Function => "function",
            Self::Script => "script",
        }
    }
}

/// The span every run of one session happens in. Its level is `WARN`, the
/// level of limit breaches, so that any filter that keeps a breach also
/// keeps the session it belongs to.
pub fn session_span(session: u64) -> Span {
    tracing::span!(target: TARGET, Level::WARN, "session", session)
}

/// Whether invocation events are wanted; checked before reading the clock.
#[inline]
fn invocations_enabled() -> bool {
    tracing::enabled!(target: TARGET, Level::DEBUG)
}

/// Runs a command that gives a status, recording its invocation.
#[inline]
pub(crate) fn status(kind: Kind, name: &str, f: impl FnOnce() -> i32) -> i32 {
    let start = invocations_enabled().then(Instant::now);
    let status = f();
    if let Some(start) = start {
        invoked(kind, name, status, start.elapsed());
    }
    status
}

/// Runs a command that may also end in control flow, recording its
/// invocation with the status that flow stands for.
#[inline]
pub(crate) fn exec(kind: Kind, name: &str, f: impl FnOnce() -> Exec) -> Exec {
    let start = invocations_enabled().then(Instant::now);
    let r = f();
    if let Some(start) = start {
        invoked(kind, name, flow_status(&r), start.elapsed());
    }
    r
}

/// The status a command's result shows as `$?`.
fn flow_status(r: &Exec) -> i32 {
    match r {
        Ok(s) | Err(Flow::Exit(s) | Flow::Return(s) | Flow::Fatal(s) | Flow::Break(_, s)) => *s,
        Err(Flow::Continue(_)) => 0,
        Err(Flow::Abort) => STATUS_LIMIT,
    }
}

#[cold]
fn invoked(kind: Kind, name: &str, status: i32, took: Duration) {
    let duration_us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
    tracing::debug!(
        target: TARGET,
        kind = kind.as_str(),
        name,
        status,
        duration_us,
        "command"
    );
}

/// The name of a limit in events: the `Limits` field a host sets.
fn limit_name(kind: LimitKind) -> &'static str {
    match kind {
        LimitKind::Commands => "max_commands",
        LimitKind::LoopIterations => "max_loop_iterations",
        LimitKind::CallDepth => "max_call_depth",
        LimitKind::ScriptSize => "max_script_bytes",
        LimitKind::Memory => "max_memory",
        LimitKind::Output => "max_output",
    }
}

/// Records why a run stops: a limit breach (`WARN`, with the limit's name
/// and value; the wall clock in milliseconds) or a host cancellation.
#[cold]
pub(crate) fn stopped(why: &Stop, limits: &Limits) {
    let (limit, value) = match *why {
        Stop::Limit(kind, n) => (limit_name(kind), n),
        Stop::Stopped(StopReason::Timeout) => {
            let ms = limits.wall_clock.map_or(0, |d| d.as_millis());
            ("wall_clock", u64::try_from(ms).unwrap_or(u64::MAX))
        }
        Stop::Stopped(StopReason::Cancelled) => {
            tracing::info!(target: TARGET, "run cancelled");
            return;
        }
    };
    tracing::warn!(target: TARGET, limit, value, "limit exceeded");
}

/// Records the end of a run: its status, how long it took, and the limit
/// that stopped it, if one did.
pub fn run_finished(status: i32, stop: Option<&Stop>, took: Duration) {
    let duration_us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
    let stopped = stop.is_some();
    tracing::info!(target: TARGET, status, duration_us, stopped, "run finished");
}

/// The tracing context of the thread that starts another: its subscriber
/// and current span, so that events on the new thread are tagged with the
/// same session and reach the same subscriber (also one installed only for
/// the starting thread with `tracing::subscriber::with_default`).
///
/// The subscriber is carried behind [`OnlyOurs`], so that on the threads
/// of a run only sandbash's own events reach it.
#[must_use]
pub struct Carried {
    /// `None` when no subscriber listens: setting a thread's default
    /// dispatcher makes every later lookup on every thread a little slower.
    dispatch: Option<Dispatch>,
    span: Span,
}

impl Carried {
    /// Captures the calling thread's context.
    pub fn current() -> Self {
        let dispatch = tracing::dispatcher::get_default(Dispatch::clone);
        let dispatch = if dispatch.is::<NoSubscriber>() {
            None
        } else if dispatch.is::<OnlyOurs>() {
            Some(dispatch)
        } else {
            Some(Dispatch::new(OnlyOurs {
                hint: LevelFilter::current(),
                inner: dispatch,
            }))
        };
        Self {
            dispatch,
            span: Span::current(),
        }
    }

    /// `f` as a closure that runs inside the captured context: what a new
    /// thread is given to run.
    pub fn wrap<T>(self, f: impl FnOnce() -> T) -> impl FnOnce() -> T {
        move || self.run(f)
    }

    /// Runs `f` (on the new thread) inside the captured context.
    pub fn run<T>(self, f: impl FnOnce() -> T) -> T {
        match &self.dispatch {
            Some(d) => tracing::dispatcher::with_default(d, || self.span.in_scope(f)),
            None => f(),
        }
    }
}

/// Whether a callsite is sandbash's own.
fn ours(meta: &Metadata<'_>) -> bool {
    meta.target().starts_with(TARGET)
}

/// The host's subscriber as the threads of a run see it: everything but
/// sandbash's own spans and events is dropped. brush-parser logs the text
/// it parses at `DEBUG` (targets `tokenize`, `parse`, `expansion`,
/// `arithmetic`), and that text is the script's, secrets included.
struct OnlyOurs {
    inner: Dispatch,
    /// The host's most verbose level when the run started: the inner
    /// dispatcher's own hint is not public.
    hint: LevelFilter,
}

impl Subscriber for OnlyOurs {
    fn register_callsite(&self, meta: &'static Metadata<'static>) -> Interest {
        if ours(meta) {
            self.inner.register_callsite(meta)
        } else {
            Interest::never()
        }
    }

    fn enabled(&self, meta: &Metadata<'_>) -> bool {
        ours(meta) && self.inner.enabled(meta)
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(self.hint)
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        self.inner.new_span(span)
    }

    fn record(&self, span: &Id, values: &Record<'_>) {
        self.inner.record(span, values);
    }

    fn record_follows_from(&self, span: &Id, follows: &Id) {
        self.inner.record_follows_from(span, follows);
    }

    fn event(&self, event: &Event<'_>) {
        if ours(event.metadata()) {
            self.inner.event(event);
        }
    }

    fn enter(&self, span: &Id) {
        self.inner.enter(span);
    }

    fn exit(&self, span: &Id) {
        self.inner.exit(span);
    }

    fn clone_span(&self, id: &Id) -> Id {
        self.inner.clone_span(id)
    }

    fn try_close(&self, id: Id) -> bool {
        self.inner.try_close(id)
    }

    fn current_span(&self) -> Current {
        self.inner.current_span()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_shows_as_its_status() {
        assert_eq!(flow_status(&Ok(3)), 3);
        assert_eq!(flow_status(&Err(Flow::Exit(4))), 4);
        assert_eq!(flow_status(&Err(Flow::Return(5))), 5);
        assert_eq!(flow_status(&Err(Flow::Fatal(1))), 1);
        assert_eq!(flow_status(&Err(Flow::Break(1, 0))), 0);
        assert_eq!(flow_status(&Err(Flow::Break(2, 1))), 1);
        assert_eq!(flow_status(&Err(Flow::Abort)), STATUS_LIMIT);
    }

    #[test]
    fn limits_are_named_after_their_field() {
        assert_eq!(limit_name(LimitKind::Commands), "max_commands");
        assert_eq!(limit_name(LimitKind::Memory), "max_memory");
    }

    #[test]
    fn without_a_subscriber_the_command_still_runs() {
        assert_eq!(status(Kind::Utility, "true", || 7), 7);
        assert_eq!(
            exec(Kind::Builtin, ":", || Err(Flow::Exit(2))),
            Err(Flow::Exit(2))
        );
    }
}
