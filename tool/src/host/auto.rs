//! Auto-backgrounding: with [`super::HostConfig::auto_background`] set, a
//! foreground call runs on a thread of its own and the caller waits at
//! most that long (and at most the call's timeout less a second). A call
//! that ends in time returns as usual; one still running becomes a job:
//! the caller gets its id with the output so far, and what the call
//! writes from then on goes to the job's buffers (`job_read`), `job_stop`
//! stops it and `job_poll` sees its end. The call keeps running in the
//! session's own shell, so what it changes (cwd, variables) sticks as for
//! any call, and the session stays busy until it ends (the result's
//! `cwd` is empty: the shell is still busy with the call).
//!
//! Checked by `tests/tool_jobs.rs::a_long_call_becomes_a_job`.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sandbash_interpreter::signals::Signals;

use super::{CallOptions, HostCore};
use crate::call::request::clamp_timeout;
use crate::call::{CallError, CallRequest, CallResult};
use crate::output::{CallSink, sink};

type Slot = Arc<Mutex<Option<(Arc<Mutex<CallSink>>, Signals)>>>;

/// Runs `req` in session `id`, backgrounding it after `threshold`.
pub(super) fn call(
    core: &Arc<HostCore>,
    id: &str,
    req: &CallRequest,
    options: CallOptions,
    threshold: Duration,
) -> Result<CallResult, CallError> {
    let started = Instant::now();
    let (timeout, _) = clamp_timeout(req.timeout);
    let wait = threshold.min(Duration::from_secs(timeout).saturating_sub(Duration::from_secs(1)));
    let slot: Slot = Arc::default();
    let cancel = options.cancel.clone().unwrap_or_default();
    let hook_slot = Arc::clone(&slot);
    let earlier = options.on_sink.clone();
    let options = CallOptions {
        cancel: Some(cancel.clone()),
        on_sink: Some(Arc::new(move |s: &Arc<Mutex<CallSink>>, sig: Signals| {
            *hook_slot.lock().unwrap_or_else(|e| e.into_inner()) =
                Some((Arc::clone(s), sig.clone()));
            if let Some(h) = &earlier {
                h(s, sig);
            }
        })),
        ..options
    };
    let (tx, rx) = mpsc::sync_channel(1);
    let (core2, id2, req2) = (Arc::clone(core), id.to_owned(), req.clone());
    std::thread::Builder::new()
        .name("sandbash-call".into())
        .spawn(move || {
            let _ = tx.send(core2.call_now(&id2, &req2, options));
        })
        .map_err(|e| CallError::Session(format!("cannot start the call: {e}")))?;
    let ended = |r: Result<Result<CallResult, CallError>, mpsc::RecvError>| {
        r.unwrap_or_else(|_| Err(CallError::Session("the call ended without a result".into())))
    };
    match rx.recv_timeout(wait) {
        Ok(r) => r,
        Err(RecvTimeoutError::Disconnected) => ended(Err(mpsc::RecvError)),
        Err(RecvTimeoutError::Timeout) => {
            let sink = slot.lock().unwrap_or_else(|e| e.into_inner()).clone();
            // Not started yet (waiting for the session): nothing to hand over.
            let Some((sink, signals)) = sink else {
                return ended(rx.recv());
            };
            let job_id = super::jobs::next_job_id();
            let meta = core.meta(id);
            let Ok((out, done)) = meta
                .jobs
                .adopt(job_id.clone(), &req.command, cancel, signals)
            else {
                // The session's job slots are full: the call stays in front.
                return ended(rx.recv());
            };
            let so_far = {
                let mut s = sink::lock(&sink);
                s.tee_into(out);
                s.output_so_far()
            };
            std::thread::spawn(move || {
                let status = match rx.recv() {
                    Ok(Ok(r)) => r.exit_code,
                    _ => 1,
                };
                done.finish(status);
            });
            let note = format!(
                "Background job {job_id} started: {} (still running after {} s; follow it with job_poll and job_read)",
                req.command,
                wait.as_secs()
            );
            let output = if so_far.is_empty() {
                note
            } else {
                format!("{}\n\n{note}", so_far.trim_end_matches('\n'))
            };
            let wall = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            let mut r = CallResult::job_started(job_id, output, String::new(), wall);
            r.facts.timeout_secs = timeout;
            r.facts.raw_output = so_far;
            Ok(r)
        }
    }
}
