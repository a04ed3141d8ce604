//! One call on a session's sandbox: validate, normalize, run, shape.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sandbash_interpreter::vars::{EXPORT, Value, Var};
use sandbash_interpreter::{Cancel, Input, Output, Stop, StopReason};
use sandbash_vfs::FileSystem;

use super::normalize::{self, Normalization};
use super::refs;
use super::request::{CallRequest, clamp_timeout, is_env_name};
use super::result::{CallError, CallFacts, CallResult, Truncation, texts};
use crate::Sandbox;
use crate::intercept::Interception;
use crate::output::{ArtifactStore, CallSink, LiveFn, Stream, StreamWriter, sink};

/// Receives a call's output sink and its shell's signals when the call
/// starts running (what a host needs to hand the call over as a job).
pub type SinkHook = Arc<
    dyn Fn(&Arc<std::sync::Mutex<CallSink>>, sandbash_interpreter::signals::Signals) + Send + Sync,
>;

/// What the host gives a call besides the request.
#[derive(Clone)]
pub struct CallContext {
    /// Bytes of the tail window.
    pub tail_bytes: usize,
    /// Which rewrites apply.
    pub normalization: Normalization,
    /// Where overflowing outputs are kept, and the session they belong to.
    pub artifacts: Option<(Arc<ArtifactStore>, String)>,
    /// Receives output while the call runs.
    pub live: Option<LiveFn>,
    /// Lets the host stop the call.
    pub cancel: Cancel,
    /// Commands refused before they run.
    pub interception: Option<Arc<Interception>>,
    /// Bytes kept from the start of each stream (0: none).
    pub head_bytes: usize,
    /// Handed the output sink once the call starts running.
    pub on_sink: Option<SinkHook>,
}

impl Default for CallContext {
    fn default() -> Self {
        Self {
            tail_bytes: crate::output::DEFAULT_TAIL_BYTES,
            normalization: Normalization::default(),
            artifacts: None,
            live: None,
            cancel: Cancel::new(),
            interception: None,
            head_bytes: 0,
            on_sink: None,
        }
    }
}

/// What a call is, once checked.
struct Prepared {
    command: String,
    cwd: Option<String>,
    timeout: u64,
    notices: Vec<String>,
    requested_timeout: Option<String>,
}

/// The checks every call and job start makes before anything runs: a
/// command, shell names in `env`, and no interception rule broken.
pub fn check_request(
    req: &CallRequest,
    interception: Option<&Interception>,
) -> Result<(), CallError> {
    if req.command.trim().is_empty() {
        return Err(CallError::Invalid(texts::EMPTY_COMMAND.into()));
    }
    if let Some(bad) = req
        .env
        .iter()
        .flatten()
        .map(|(k, _)| k)
        .find(|k| !is_env_name(k))
    {
        return Err(CallError::Invalid(texts::invalid_env(bad)));
    }
    if let Some(b) = interception.and_then(|rules| rules.check(&req.command)) {
        return Err(CallError::Blocked {
            message: b.message,
            tool: b.tool,
            command: req.command.clone(),
        });
    }
    Ok(())
}

fn prepare(req: &CallRequest, ctx: &CallContext) -> Result<Prepared, CallError> {
    check_request(req, ctx.interception.as_deref())?;
    if req.background == Some(true) {
        return Err(CallError::Invalid(texts::NO_BACKGROUND.into()));
    }
    let (timeout, clamp) = clamp_timeout(req.timeout);
    let mut notices = Vec::new();
    let requested_timeout = clamp.as_ref().and(req.timeout.map(super::request::number));
    notices.extend(clamp);
    let mut command = req.command.clone();
    let mut cwd = req.cwd.clone();
    let norm = ctx.normalization;
    if cwd.is_none()
        && norm.cd_prefix
        && let Some((dir, rest)) = normalize::split_cd(&command)
    {
        cwd = Some(dir);
        command = rest;
    }
    if let Some(rules) = &ctx.interception
        && command != req.command
    {
        // The cd-stripped command is checked too.
        if let Some(b) = rules.check(&command) {
            return Err(CallError::Blocked {
                message: b.message,
                tool: b.tool,
                command: req.command.clone(),
            });
        }
    }
    if norm.trailing_tail
        && let Some((new, stage)) = normalize::drop_trailing_tail(&command)
    {
        notices.push(format!(
            "Dropped the trailing `{stage}`: the output window already shows the end"
        ));
        command = new;
    }
    if norm.trailing_stderr_merge
        && let Some(new) = normalize::drop_trailing_stderr_merge(&command)
    {
        command = new;
    }
    Ok(Prepared {
        command,
        cwd,
        timeout,
        notices,
        requested_timeout,
    })
}

/// `dir` made absolute against `base` and normalized.
pub fn resolve_dir(base: &str, dir: &str) -> String {
    let joined = if dir.starts_with('/') {
        dir.to_owned()
    } else {
        format!("{base}/{dir}")
    };
    sandbash_vfs::path::normalize(&joined).unwrap_or(joined)
}

/// Checks that `dir` (resolved against the session's cwd) is a directory.
pub fn check_dir(sandbox: &Sandbox, dir: &str) -> Result<String, CallError> {
    let base = sandbox.shell().cwd().to_owned();
    let abs = resolve_dir(&base, dir);
    match sandbox.fs().metadata(&abs) {
        Ok(m) if m.is_dir() => Ok(abs),
        Ok(_) => Err(CallError::Invalid(texts::not_a_dir(&abs))),
        Err(_) => Err(CallError::Invalid(texts::no_such_dir(&abs))),
    }
}

/// Sets `env` as exported variables, giving back what to restore.
fn apply_env(
    sandbox: &Sandbox,
    env: &BTreeMap<String, String>,
    notices: &mut Vec<String>,
) -> Vec<(String, Option<Var>, String)> {
    let mut shell = sandbox.shell();
    let vars = shell.vars_mut();
    let mut saved = Vec::new();
    for (name, value) in env {
        let before = vars.get(name).cloned();
        if vars.set(name, value.clone()).is_err() {
            notices.push(format!("env {name} not set: the variable is read-only"));
            continue;
        }
        vars.add_attrs(name, EXPORT);
        saved.push((name.clone(), before, value.clone()));
    }
    saved
}

/// Puts back what `apply_env` replaced, unless the script changed it.
fn restore_env(sandbox: &Sandbox, saved: Vec<(String, Option<Var>, String)>) {
    let mut shell = sandbox.shell();
    let vars = shell.vars_mut();
    for (name, before, set) in saved {
        let still = matches!(vars.get(&name), Some(v) if v.value == Value::Str(set.clone()));
        if !still {
            continue;
        }
        match before {
            None => {
                let _ = vars.unset(&name);
            }
            Some(v) => {
                let _ = vars.set_value(&name, v.value);
                vars.set_attrs(&name, v.attrs);
            }
        }
    }
}

/// Runs one call in `sandbox` (whose shell state it keeps and changes).
pub fn execute(
    sandbox: &mut Sandbox,
    req: &CallRequest,
    ctx: &CallContext,
) -> Result<CallResult, CallError> {
    let started = Instant::now();
    let Prepared {
        command,
        cwd,
        timeout,
        mut notices,
        requested_timeout,
    } = prepare(req, ctx)?;
    if let Some(dir) = &cwd {
        let abs = check_dir(sandbox, dir)?;
        sandbox.shell_mut().set_cwd(&abs);
    }
    let command = match &ctx.artifacts {
        Some((store, session)) => refs::expand(&command, sandbox.fs(), store, session),
        None => command,
    };
    let env = req.env.as_ref().map(|env| match &ctx.artifacts {
        Some((store, session)) => env
            .iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    refs::expand_value(v, sandbox.fs(), store, session),
                )
            })
            .collect(),
        None => env.clone(),
    });
    let saved_env = env
        .as_ref()
        .map(|env| apply_env(sandbox, env, &mut notices));
    let sink = CallSink::new(
        ctx.tail_bytes,
        ctx.artifacts.clone(),
        ctx.live.clone(),
        ctx.head_bytes,
    );
    if let Some(hook) = &ctx.on_sink {
        let signals = sandbox.shell().signals();
        hook(&sink, signals);
    }
    let stdin = req
        .stdin
        .as_ref()
        .map_or(Input::Null, |s| Input::bytes(s.as_bytes().to_vec()));
    let saved_limits = {
        let mut shell = sandbox.shell_mut();
        let old = shell.limits().clone();
        let mut limits = old.clone();
        let wall = Duration::from_secs(timeout);
        limits.wall_clock = Some(wall);
        shell.set_limits(limits);
        old
    };
    let r = sandbox.run_with(
        &command,
        "-c",
        stdin,
        Output::new(StreamWriter::new(&sink, Stream::Stdout)),
        Output::new(StreamWriter::new(&sink, Stream::Stderr)),
        &ctx.cancel,
    );
    sandbox.shell_mut().set_limits(saved_limits);
    if let Some(saved) = saved_env {
        restore_env(sandbox, saved);
    }
    let summary = sink::lock(&sink).finish();
    let timed_out = matches!(r.stop, Some(Stop::Stopped(StopReason::Timeout)));
    let aborted = matches!(r.stop, Some(Stop::Stopped(StopReason::Cancelled)));
    let success = r.status == 0 && r.stop.is_none();
    let message = if timed_out {
        Some(texts::timed_out(timeout))
    } else if aborted {
        Some(texts::ABORTED.to_owned())
    } else if !success {
        Some(texts::exited(r.status))
    } else {
        None
    };
    let mut output = if summary.output.is_empty() {
        texts::NO_OUTPUT.to_owned()
    } else {
        summary.output.clone()
    };
    let artifact_id = summary.artifact.as_ref().map(|a| a.id.clone());
    if let Some(a) = &summary.artifact {
        if !output.ends_with('\n') {
            output.push('\n');
        }
        output.push_str(&texts::full_output(&a.id));
        if a.dropped > 0 {
            notices.push(format!(
                "The full output was cut at {} bytes (the artifact cap); {} bytes were not kept",
                a.bytes, a.dropped
            ));
        }
    } else if summary.truncated && ctx.artifacts.is_some() {
        notices.push("The full output could not be kept".to_owned());
    }
    let truncation = summary.truncated.then_some(Truncation {
        direction: "tail",
        total_bytes: summary.total_bytes,
        total_lines: summary.total_lines,
        shown_bytes: summary.shown_bytes,
        shown_lines: summary.shown_lines,
        artifact_id,
    });
    let cwd = sandbox.shell().cwd().to_owned();
    Ok(CallResult {
        exit_code: r.status,
        success,
        stdout: summary.stdout,
        stderr: summary.stderr,
        output,
        truncated: summary.truncated,
        truncation,
        wall_time_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        timed_out,
        limit: r.stop.map(|s| s.to_string()),
        notices,
        cwd,
        job_id: None,
        is_error: message.is_some(),
        message,
        aborted,
        facts: CallFacts {
            timeout_secs: timeout,
            requested_timeout,
            artifact_dropped: summary.artifact.as_ref().map_or(0, |a| a.dropped),
            stdout_bytes: summary.stdout_bytes,
            stderr_bytes: summary.stderr_bytes,
            raw_output: summary.output,
            stdout_head: summary.stdout_head,
            stderr_head: summary.stderr_head,
        },
    })
}
