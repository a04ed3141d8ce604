//! The `coding-agent` profile (coding-agent-bash-tool.txt and
//! coding-agent-bash-runtime.txt): tool `bash` {command, env, timeout,
//! cwd, pty, async} and, when async is enabled, tool `job` {list, poll}.
//!
//! - The text content is the output, or `(no output)`; then, each after a
//!   blank line: `Full: artifact://ID` when the output was cut, the
//!   timeout-clamp notice, and `Command exited with code N` on a non-zero
//!   exit (an error result). The structured content is the seed's
//!   details: `timeoutSeconds`, `requestedTimeoutSeconds` (when clamped),
//!   `wallTimeMs`, `exitCode` (when non-zero), `meta.truncation` (with
//!   `artifactId`), `async` {state, jobId, type} for a background start.
//! - Errors are error results whose text is the seed's: `Invalid bash env
//!   name: K`, `Working directory does not exist: …`, `Async bash
//!   execution is disabled…`, `Blocked: …`, `Command timed out after N
//!   seconds` (after the partial output).
//! - `pty` with `async` runs the job as on a terminal (`[ -t 0 ]` true,
//!   `tty` prints `/dev/pts/0`, `read -p` shows its prompt); a foreground
//!   call runs without one (the seed's non-PTY fallback), as there is no
//!   terminal UI to show.
//! - Without async the `async` field is absent from the schema, and a
//!   call that sends it anyway gets the disabled error and runs nothing.
//!
//! Checked by `tests/tool_profiles.rs::coding_agent_*`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Profile, ToolCall, ToolReply, ToolSpec};
use crate::call::request::{DEFAULT_TIMEOUT_SECS, MAX_TIMEOUT_SECS, MIN_TIMEOUT_SECS, is_env_name};
use crate::jobs::output::Which;
use crate::{CallRequest, HostConfig};

/// The error of an `async` call while async is disabled.
pub const ASYNC_DISABLED: &str =
    "Async bash execution is disabled for this session: run the command without async";
/// How long `job` {poll} waits for the jobs to end.
pub const POLL_WAIT: Duration = Duration::from_secs(30);

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct CodingAgent {
    /// Whether `async` (and the `job` tool) is offered.
    pub async_enabled: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BashArgs {
    #[serde(default)]
    command: String,
    #[serde(default)]
    env: Option<BTreeMap<String, String>>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    cwd: Option<String>,
    #[serde(default)]
    pty: Option<bool>,
    #[serde(default, rename = "async")]
    background: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JobArgs {
    #[serde(default)]
    list: Option<bool>,
    #[serde(default)]
    poll: Option<Vec<String>>,
}

fn failure(text: impl Into<String>) -> ToolReply {
    ToolReply {
        text: text.into(),
        structured: None,
        is_error: true,
    }
}

/// The output text and the details of a finished call.
fn finished(r: &crate::CallResult, requested: Option<f64>) -> ToolReply {
    let mut parts = vec![if r.facts.raw_output.is_empty() {
        crate::call::texts::NO_OUTPUT.to_owned()
    } else {
        r.facts.raw_output.trim_end_matches('\n').to_owned()
    }];
    let mut details = json!({
        "timeoutSeconds": r.facts.timeout_secs,
        "wallTimeMs": r.wall_time_ms,
    });
    if let Some(t) = &r.truncation {
        if let Some(id) = &t.artifact_id {
            parts.push(format!("Full: artifact://{id}"));
        }
        details["meta"] = json!({"truncation": {
            "direction": "tail",
            "truncatedBy": "bytes",
            "totalLines": t.total_lines,
            "totalBytes": t.total_bytes,
            "outputLines": t.shown_lines,
            "outputBytes": t.shown_bytes,
            "shownRange": {
                "startLine": t.total_lines.saturating_sub(t.shown_lines) + 1,
                "endLine": t.total_lines,
            },
            "artifactId": t.artifact_id,
        }});
    }
    if r.facts.requested_timeout.is_some() {
        details["requestedTimeoutSeconds"] = json!(requested);
        parts.extend(
            r.notices
                .iter()
                .filter(|n| n.starts_with("Timeout clamped"))
                .cloned(),
        );
    }
    let failed = !r.success;
    if r.timed_out {
        parts.push(crate::call::texts::timed_out(r.facts.timeout_secs));
    } else if r.aborted {
        parts.push(crate::call::texts::ABORTED.to_owned());
    } else if failed {
        details["exitCode"] = json!(r.exit_code);
        parts.push(crate::call::texts::exited(r.exit_code));
    }
    ToolReply {
        text: parts.join("\n\n"),
        structured: Some(details),
        is_error: failed,
    }
}

impl CodingAgent {
    fn bash(&self, c: ToolCall<'_>) -> ToolReply {
        let args: BashArgs = match serde_json::from_value(Value::Object(c.args)) {
            Ok(a) => a,
            Err(e) => return failure(format!("Invalid arguments: {e}")),
        };
        if let Some(bad) = args
            .env
            .iter()
            .flatten()
            .map(|(k, _)| k)
            .find(|k| !is_env_name(k))
        {
            return failure(format!("Invalid bash env name: {bad}"));
        }
        let background = args.background.unwrap_or(false);
        if background && !self.async_enabled {
            return failure(ASYNC_DISABLED);
        }
        let req = CallRequest {
            command: args.command.clone(),
            env: args.env,
            cwd: args.cwd,
            timeout: args.timeout,
            terminal: args.pty.filter(|_| background),
            ..CallRequest::default()
        };
        if background {
            let started = Instant::now();
            return match c.host.start_job(c.session, &req, None) {
                Ok(r) => {
                    let id = r.job_id.unwrap_or_default();
                    let label = args.command.lines().next().unwrap_or("").chars().take(80);
                    ToolReply {
                        text: format!(
                            "Background job {id} started: {}\nUse the job tool: list: true for a snapshot, poll: [\"{id}\"] to wait for it.",
                            label.collect::<String>()
                        ),
                        structured: Some(json!({
                            "async": {"state": "running", "jobId": id, "type": "bash"},
                            "wallTimeMs": u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                        })),
                        is_error: false,
                    }
                }
                Err(e) => failure(e.to_string()),
            };
        }
        match c.host.call_with(c.session, &req, c.options) {
            Ok(r) => finished(&r, args.timeout),
            Err(e) => failure(e.to_string()),
        }
    }

    fn job(&self, c: ToolCall<'_>) -> ToolReply {
        let args: JobArgs = match serde_json::from_value(Value::Object(c.args)) {
            Ok(a) => a,
            Err(e) => return failure(format!("Invalid arguments: {e}")),
        };
        if let Some(ids) = args.poll.filter(|ids| !ids.is_empty()) {
            let deadline = Instant::now() + POLL_WAIT;
            let mut text = Vec::new();
            let mut jobs = Vec::new();
            for id in &ids {
                let wait = deadline.saturating_duration_since(Instant::now());
                let polled = c
                    .host
                    .job_poll(c.session, id, wait)
                    .and_then(|_| c.host.job_read(c.session, id, Which::Both, 8_000, false));
                match polled {
                    Ok((info, output, _)) => {
                        let state = serde_json::to_value(info.state).unwrap_or(Value::Null);
                        let exit = info
                            .exit_code
                            .map_or(String::new(), |e| format!(" (exit {e})"));
                        text.push(format!(
                            "Job {id}: {}{exit}\n{}",
                            state.as_str().unwrap_or(""),
                            if output.is_empty() {
                                "(no output)"
                            } else {
                                output.trim_end()
                            }
                        ));
                        jobs.push(json!({"jobId": id, "state": state, "exitCode": info.exit_code}));
                    }
                    Err(e) => return failure(e.to_string()),
                }
            }
            return ToolReply {
                text: text.join("\n\n"),
                structured: Some(json!({"jobs": jobs})),
                is_error: false,
            };
        }
        if args.list == Some(true) {
            let jobs = c.host.job_list(c.session, true);
            let text = if jobs.is_empty() {
                "No background jobs".to_owned()
            } else {
                jobs.iter()
                    .map(|j| {
                        let state = serde_json::to_value(j.state).unwrap_or(Value::Null);
                        format!(
                            "{} {} {}",
                            j.job_id,
                            state.as_str().unwrap_or(""),
                            j.command
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let list: Vec<Value> = jobs
                .iter()
                .map(|j| json!({"jobId": j.job_id, "state": j.state, "exitCode": j.exit_code, "command": j.command}))
                .collect();
            return ToolReply {
                text,
                structured: Some(json!({"jobs": list})),
                is_error: false,
            };
        }
        failure("Pass list: true for a snapshot of the jobs, or poll: [job ids] to wait for them")
    }
}

impl Profile for CodingAgent {
    fn name(&self) -> &'static str {
        "coding-agent"
    }

    fn tools(&self, _config: &HostConfig) -> Vec<ToolSpec> {
        let mut properties = json!({
            "command": {"type": "string", "description": "Shell command text to execute. A leading `cd <path> && ...` runs in that directory when cwd is omitted."},
            "env": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "Extra environment variables; keys must match ^[A-Za-z_][A-Za-z0-9_]*$; values are passed as values, not shell text."
            },
            "timeout": {
                "type": "number",
                "default": DEFAULT_TIMEOUT_SECS,
                "minimum": MIN_TIMEOUT_SECS,
                "maximum": MAX_TIMEOUT_SECS,
                "description": "Timeout in seconds (default 300, clamped to 1..3600)."
            },
            "cwd": {"type": "string", "description": "Working directory, resolved against the session's; must exist and be a directory."},
            "pty": {"type": "boolean", "default": false, "description": "Request PTY mode: an async job runs as on a terminal ([ -t 0 ], tty, read -p); a foreground command runs without one."}
        });
        if self.async_enabled {
            properties["async"] = json!({"type": "boolean", "default": false, "description": "Run in the background and return a job id at once; follow it with the job tool."});
        }
        let mut tools = vec![ToolSpec {
            name: "bash",
            description: "Execute a shell command in the session workspace (a sandboxed bash: no network, no host programs). Stdout and stderr are merged; the last 50 KB are shown and a longer output is kept as artifact://ID.".into(),
            input_schema: json!({
                "type": "object",
                "properties": properties,
                "required": ["command"],
                "additionalProperties": false
            }),
        }];
        if self.async_enabled {
            tools.push(ToolSpec {
                name: "job",
                description: "Background bash jobs: list: true for a snapshot, poll: [ids] to wait for them (up to 30 s) and read their output.".into(),
                input_schema: json!({
                    "type": "object",
                    "properties": {
                        "list": {"type": "boolean", "description": "List the jobs."},
                        "poll": {"type": "array", "items": {"type": "string"}, "description": "Job ids to wait for."}
                    },
                    "additionalProperties": false
                }),
            });
        }
        tools
    }

    fn call(&self, c: ToolCall<'_>) -> Option<ToolReply> {
        match c.tool {
            "bash" => Some(self.bash(c)),
            "job" if self.async_enabled => Some(self.job(c)),
            _ => None,
        }
    }
}
