//! The `loaf` profile (loaf-bash-tool.txt): tool `bash` {command,
//! timeout_seconds (default 120, max 1200), cwd (also the session's cwd
//! afterwards), env (kept in the session), reset_session,
//! run_in_background, session_name, reuse_session, full_terminal,
//! terminal_cols (40..400, default 120), terminal_rows (10..200, default
//! 36)} and the background tools `read_background_bash`,
//! `write_background_bash`, `stop_background_bash`,
//! `resize_background_bash`, `list_background_bash`. Background ids look
//! like `bg-bash-<millis>-<8 hex>`.
//!
//! The text content is the merged output; `structuredContent` carries
//! `exit_code` and `cwd`; `isError` on a non-zero exit and on a timeout.
//! Values past a field's bounds are clamped with a notice, never an error.
//! `ctrl+z` is refused (no job control in the sandbox). A background job
//! sees `COLUMNS` and `LINES` from its terminal size; with `full_terminal`
//! (the default) its standard streams are a terminal (`[ -t 0 ]` true,
//! `tty` prints `/dev/pts/0`, `read -p` shows its prompt), though no PTY
//! or screen emulation is involved. `resize_background_bash` sets a
//! running job's `COLUMNS` and `LINES` (before its next command) and
//! sends it SIGWINCH. `ctrl+c` sends SIGINT and `stop_background_bash`
//! SIGTERM: the job's traps run.
//!
//! Checked by `tests/tool_profiles.rs::loaf_*`.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Profile, ToolCall, ToolReply, ToolSpec};
use crate::host::JobInput;
use crate::jobs::JobState;
use crate::jobs::output::Which;
use crate::{CallRequest, HostConfig};

/// Default and largest `timeout_seconds`.
pub const TIMEOUT_DEFAULT: f64 = 120.0;
/// See [`TIMEOUT_DEFAULT`].
pub const TIMEOUT_MAX: f64 = 1200.0;

/// A named background session: its job id and the cwd it started in.
type Named = HashMap<(String, String), (String, String)>;

/// See the module documentation.
#[derive(Debug, Default)]
pub struct Loaf {
    named: Mutex<Named>,
}

/// A number clamped to `[lo, hi]`, with a notice when it had to be.
fn bounded(
    field: &str,
    v: Option<f64>,
    default: f64,
    lo: f64,
    hi: f64,
    notices: &mut Vec<String>,
) -> f64 {
    let Some(v) = v.filter(|v| v.is_finite()) else {
        return default;
    };
    let c = v.clamp(lo, hi);
    if c != v {
        notices.push(format!(
            "{field} clamped to {} (requested {})",
            crate::call::request::number(c),
            crate::call::request::number(v)
        ));
    }
    c
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BashArgs {
    #[serde(default)]
    command: String,
    #[serde(default)]
    timeout_seconds: Option<f64>,
    #[serde(default)]
    cwd: Option<String>,
    #[serde(default)]
    env: Option<BTreeMap<String, String>>,
    #[serde(default)]
    reset_session: bool,
    #[serde(default)]
    run_in_background: bool,
    #[serde(default)]
    session_name: Option<String>,
    #[serde(default)]
    reuse_session: Option<bool>,
    #[serde(default)]
    full_terminal: Option<bool>,
    #[serde(default)]
    terminal_cols: Option<f64>,
    #[serde(default)]
    terminal_rows: Option<f64>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct BgArgs {
    session_id: String,
    max_chars: Option<f64>,
    stream: Option<String>,
    peek: bool,
    input: Option<String>,
    key: Option<String>,
    repeat: Option<f64>,
    append_newline: Option<bool>,
    force: bool,
    cols: Option<f64>,
    rows: Option<f64>,
    include_exited: bool,
}

fn failure(text: impl Into<String>) -> ToolReply {
    ToolReply {
        text: text.into(),
        structured: None,
        is_error: true,
    }
}

fn with_notices(mut text: String, notices: &[String]) -> String {
    if !notices.is_empty() {
        text.truncate(text.trim_end_matches('\n').len());
    }
    for n in notices {
        text.push_str("\n\n");
        text.push_str(n);
    }
    text
}

/// `bg-bash-<millis>-<8 hex>`.
fn background_id() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let millis = now.as_millis();
    // Eight hex digits from a process-wide counter mixed with the clock:
    // distinct ids, no randomness needed.
    static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mix = (now.subsec_nanos() ^ n.wrapping_mul(0x9E37_79B9)).rotate_left(n % 32);
    format!("bg-bash-{millis}-{mix:08x}")
}

impl Loaf {
    fn bash(&self, mut c: ToolCall<'_>) -> ToolReply {
        let args: BashArgs =
            match serde_json::from_value(Value::Object(std::mem::take(&mut c.args))) {
                Ok(a) => a,
                Err(e) => return failure(format!("Invalid arguments: {e}")),
            };
        let mut notices = Vec::new();
        let timeout = bounded(
            "timeout_seconds",
            args.timeout_seconds,
            TIMEOUT_DEFAULT,
            1.0,
            TIMEOUT_MAX,
            &mut notices,
        );
        if args.reset_session
            && let Err(e) = c.host.reset(c.session, false)
        {
            return failure(e.to_string());
        }
        if let Some(env) = &args.env
            && let Err(e) = c.host.set_env(c.session, env)
        {
            return failure(e.to_string());
        }
        let req = CallRequest {
            command: args.command.clone(),
            cwd: args.cwd.clone(),
            timeout: Some(timeout),
            ..CallRequest::default()
        };
        if args.run_in_background {
            return self.background(&c, req, &args, notices);
        }
        match c.host.call_with(c.session, &req, c.options) {
            Ok(r) => {
                let mut text = with_notices(r.output.clone(), &notices);
                if r.timed_out {
                    text.push_str("\n\n");
                    text.push_str(&crate::call::texts::timed_out(r.facts.timeout_secs));
                }
                ToolReply {
                    text,
                    structured: Some(json!({"exit_code": r.exit_code, "cwd": r.cwd})),
                    is_error: !r.success,
                }
            }
            Err(e) => failure(e.to_string()),
        }
    }

    fn background(
        &self,
        c: &ToolCall<'_>,
        mut req: CallRequest,
        args: &BashArgs,
        mut notices: Vec<String>,
    ) -> ToolReply {
        let cols = bounded(
            "terminal_cols",
            args.terminal_cols,
            120.0,
            40.0,
            400.0,
            &mut notices,
        );
        let rows = bounded(
            "terminal_rows",
            args.terminal_rows,
            36.0,
            10.0,
            200.0,
            &mut notices,
        );
        let key = args
            .session_name
            .as_ref()
            .map(|n| (c.session.to_owned(), n.clone()));
        let cwd = req.cwd.clone().unwrap_or_default();
        if let Some(key) = &key
            && args.reuse_session.unwrap_or(true)
        {
            let named = self.named.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((id, at)) = named.get(key)
                && *at == cwd
                && c.host
                    .job_poll(c.session, id, Duration::ZERO)
                    .is_ok_and(|i| i.state == JobState::Running)
            {
                return ToolReply {
                    text: with_notices(format!("Reusing background session {id}"), &notices),
                    structured: Some(json!({"session_id": id, "reused": true})),
                    is_error: false,
                };
            }
        }
        req.env = Some(BTreeMap::from([
            ("COLUMNS".to_owned(), crate::call::request::number(cols)),
            ("LINES".to_owned(), crate::call::request::number(rows)),
        ]));
        req.terminal = Some(args.full_terminal.unwrap_or(true));
        let id = background_id();
        match c.host.start_job(c.session, &req, Some(id.clone())) {
            Ok(_) => {
                if let Some(key) = key {
                    self.named
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .insert(key, (id.clone(), cwd));
                }
                ToolReply {
                    text: with_notices(format!("Started background session {id}"), &notices),
                    structured: Some(json!({"session_id": id, "reused": false})),
                    is_error: false,
                }
            }
            Err(e) => failure(e.to_string()),
        }
    }

    fn background_tool(&self, c: ToolCall<'_>) -> ToolReply {
        let a: BgArgs = match serde_json::from_value(Value::Object(c.args)) {
            Ok(a) => a,
            Err(e) => return failure(format!("Invalid arguments: {e}")),
        };
        let mut notices = Vec::new();
        let (h, s, id) = (c.host, c.session, a.session_id.as_str());
        let reply = |v: Value, text: String| ToolReply {
            text,
            structured: Some(v),
            is_error: false,
        };
        match c.tool {
            "read_background_bash" => {
                let max = bounded(
                    "max_chars",
                    a.max_chars,
                    8000.0,
                    1.0,
                    120_000.0,
                    &mut notices,
                ) as usize;
                let stream = a.stream.as_deref().unwrap_or("both");
                let Some(which) = Which::parse(stream) else {
                    return failure(format!("Invalid stream: {stream} (both, stdout or stderr)"));
                };
                match h.job_read(s, id, which, max, a.peek) {
                    Ok((info, text, _)) => reply(
                        json!({"session_id": id, "state": info.state, "exit_code": info.exit_code}),
                        with_notices(text, &notices),
                    ),
                    Err(e) => failure(e.to_string()),
                }
            }
            "write_background_bash" => {
                let repeat = bounded("repeat", a.repeat, 1.0, 1.0, 1000.0, &mut notices) as usize;
                let input = JobInput {
                    input: a.input,
                    key: a.key,
                    repeat,
                    append_newline: a.append_newline.unwrap_or(true),
                };
                match h.job_write(s, id, &input) {
                    Ok(n) => reply(
                        json!({"session_id": id, "bytes_written": n}),
                        with_notices(format!("Wrote {n} bytes to {id}"), &notices),
                    ),
                    Err(e) => failure(e.to_string()),
                }
            }
            "stop_background_bash" => match h.job_stop(s, id, a.force) {
                Ok(info) => reply(
                    json!({"session_id": id, "state": info.state, "exit_code": info.exit_code}),
                    format!("Stopped {id} (exit {})", info.exit_code.unwrap_or(-1)),
                ),
                Err(e) => failure(e.to_string()),
            },
            "resize_background_bash" => {
                let cols = bounded("cols", a.cols, 120.0, 40.0, 400.0, &mut notices);
                let rows = bounded("rows", a.rows, 36.0, 10.0, 200.0, &mut notices);
                match h.job_resize(s, id, cols as u32, rows as u32) {
                    Ok(info) if info.state == JobState::Running => reply(
                        json!({"session_id": id, "cols": cols as u32, "rows": rows as u32}),
                        with_notices(
                            format!("Resized {id} to {}x{}", cols as u32, rows as u32),
                            &notices,
                        ),
                    ),
                    Ok(_) => failure(format!("Background session {id} has exited")),
                    Err(e) => failure(e.to_string()),
                }
            }
            "list_background_bash" => {
                let jobs = h.job_list(s, a.include_exited);
                let text = if jobs.is_empty() {
                    "No background sessions".to_owned()
                } else {
                    jobs.iter()
                        .map(|j| {
                            let state = if j.state == JobState::Running {
                                "running"
                            } else {
                                "exited"
                            };
                            format!("{} {state} {}", j.job_id, j.command)
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                };
                reply(json!({"sessions": jobs}), text)
            }
            other => failure(format!("unknown tool: {other}")),
        }
    }
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

fn session_id() -> Value {
    json!({"type": "string", "description": "Session ID returned by bash with run_in_background=true."})
}

impl Profile for Loaf {
    fn name(&self) -> &'static str {
        "loaf"
    }

    fn tools(&self, _config: &HostConfig) -> Vec<ToolSpec> {
        let spec = |name, description: &str, schema| ToolSpec {
            name,
            description: description.to_owned(),
            input_schema: schema,
        };
        vec![
            spec(
                "bash",
                "Execute a shell command (a sandboxed bash: no network, no host programs); cwd and environment persist across calls.",
                object(
                    json!({
                        "command": {"type": "string", "description": "Shell command text to execute."},
                        "timeout_seconds": {"type": "number", "default": TIMEOUT_DEFAULT, "minimum": 1, "maximum": TIMEOUT_MAX},
                        "cwd": {"type": "string", "description": "Starting working directory; also the session's working directory afterwards."},
                        "env": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Environment variables, persisted in the session."},
                        "reset_session": {"type": "boolean", "default": false, "description": "Reset the persisted cwd and env before running."},
                        "run_in_background": {"type": "boolean", "default": false},
                        "session_name": {"type": "string", "description": "Friendly name for a background session."},
                        "reuse_session": {"type": "boolean", "default": true, "description": "With run_in_background, reuse a running session with the same session_name and cwd."},
                        "full_terminal": {"type": "boolean", "default": true, "description": "The job's standard streams are a terminal ([ -t 0 ], tty, read -p); no PTY or screen emulation is involved."},
                        "terminal_cols": {"type": "number", "default": 120, "minimum": 40, "maximum": 400},
                        "terminal_rows": {"type": "number", "default": 36, "minimum": 10, "maximum": 200}
                    }),
                    &["command"],
                ),
            ),
            spec(
                "read_background_bash",
                "Read buffered output of a background bash session.",
                object(
                    json!({
                        "session_id": session_id(),
                        "max_chars": {"type": "number", "default": 8000, "minimum": 1, "maximum": 120000},
                        "stream": {"type": "string", "enum": ["both", "stdout", "stderr"], "default": "both"},
                        "peek": {"type": "boolean", "default": false}
                    }),
                    &["session_id"],
                ),
            ),
            spec(
                "write_background_bash",
                "Write text or a key (enter, tab, esc, up, down, left, right, home, end, pgup, pgdown, backspace, delete, ctrl+c, ctrl+d) to a background bash session.",
                object(
                    json!({
                        "session_id": session_id(),
                        "input": {"type": "string"},
                        "key": {"type": "string"},
                        "repeat": {"type": "number", "default": 1, "minimum": 1},
                        "append_newline": {"type": "boolean", "default": true}
                    }),
                    &["session_id"],
                ),
            ),
            spec(
                "stop_background_bash",
                "Stop a background bash session (force: as SIGKILL, exit 137; else SIGTERM: its TERM trap runs, else exit 143; still running after 2 s: 137).",
                object(
                    json!({"session_id": session_id(), "force": {"type": "boolean", "default": false}}),
                    &["session_id"],
                ),
            ),
            spec(
                "resize_background_bash",
                "Resize a background bash session's terminal: it sets COLUMNS and LINES before its next command and gets SIGWINCH.",
                object(
                    json!({
                        "session_id": session_id(),
                        "cols": {"type": "number", "minimum": 40, "maximum": 400},
                        "rows": {"type": "number", "minimum": 10, "maximum": 200}
                    }),
                    &["session_id", "cols", "rows"],
                ),
            ),
            spec(
                "list_background_bash",
                "List background bash sessions.",
                object(
                    json!({"include_exited": {"type": "boolean", "default": false}}),
                    &[],
                ),
            ),
        ]
    }

    fn call(&self, c: ToolCall<'_>) -> Option<ToolReply> {
        match c.tool {
            "bash" => Some(self.bash(c)),
            "read_background_bash"
            | "write_background_bash"
            | "stop_background_bash"
            | "resize_background_bash"
            | "list_background_bash" => Some(self.background_tool(c)),
            _ => None,
        }
    }
}
