//! The `rye` profile (rye-bash-execution.md): tool `bash` {command,
//! timeout (seconds, default 120), working_dir (relative to the project
//! root, which is `/workspace`, and inside it)}.
//!
//! Each call starts in `working_dir` or the project root (variables and
//! functions persist). Each stream shows its first 51,200 bytes, then
//! `\n... [output truncated, N bytes total]`; `output` is stdout, then
//! `[stderr]\n` and stderr when stderr is not empty. A timeout is exactly
//! `{"success": false, "error": "Command timed out after N seconds",
//! "timeout": N}`; other errors `{"success": false, "error": "..."}`.
//! Checked by `tests/tool_profiles.rs::rye_*`.

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{Profile, ToolCall, ToolReply, ToolSpec};
use crate::call::run::resolve_dir;
use crate::{CallOptions, CallRequest, Host, HostConfig};

/// The project root of this profile.
pub const PROJECT: &str = "/workspace";
/// The default timeout, in seconds.
pub const DEFAULT_TIMEOUT: u64 = 120;
/// Bytes each stream shows.
pub const STREAM_CAP: usize = 51_200;
/// A `working_dir` outside the project.
pub const OUTSIDE: &str = "Working directory is outside the project workspace";

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rye;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    #[serde(default)]
    command: String,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    working_dir: Option<String>,
}

fn error(message: impl Into<String>) -> ToolReply {
    let v = json!({"success": false, "error": message.into()});
    ToolReply::json(v, true)
}

/// A stream as the profile shows it: its head, and the marker when cut.
fn stream(head: &[u8], total: u64) -> String {
    let mut s = String::from_utf8_lossy(head).into_owned();
    if total > STREAM_CAP as u64 {
        s.push_str(&format!("\n... [output truncated, {total} bytes total]"));
    }
    s
}

fn run(host: &Host, session: &str, args: Map<String, Value>, options: CallOptions) -> ToolReply {
    let args: Args = match serde_json::from_value(Value::Object(args)) {
        Ok(a) => a,
        Err(e) => return error(format!("Invalid arguments: {e}")),
    };
    let dir = resolve_dir(PROJECT, args.working_dir.as_deref().unwrap_or(PROJECT));
    if dir != PROJECT && !dir.starts_with(&format!("{PROJECT}/")) {
        return error(OUTSIDE);
    }
    let timeout = args
        .timeout
        .filter(|t| t.is_finite())
        .map_or(DEFAULT_TIMEOUT, |t| t.ceil().max(1.0) as u64);
    let req = CallRequest {
        command: args.command,
        cwd: Some(dir),
        timeout: Some(timeout as f64),
        ..CallRequest::default()
    };
    let options = CallOptions {
        head_bytes: STREAM_CAP,
        ..options
    };
    let r = match host.call_with(session, &req, options) {
        Ok(r) => r,
        Err(e) => return error(e.to_string()),
    };
    if r.timed_out {
        let v = json!({
            "success": false,
            "error": format!("Command timed out after {timeout} seconds"),
            "timeout": timeout,
        });
        return ToolReply::json(v, true);
    }
    if r.aborted {
        return error(crate::call::texts::ABORTED);
    }
    let stdout = stream(&r.facts.stdout_head, r.facts.stdout_bytes);
    let stderr = stream(&r.facts.stderr_head, r.facts.stderr_bytes);
    let mut output = stdout.clone();
    if !stderr.is_empty() {
        output.push_str("[stderr]\n");
        output.push_str(&stderr);
    }
    let truncated =
        r.facts.stdout_bytes > STREAM_CAP as u64 || r.facts.stderr_bytes > STREAM_CAP as u64;
    let v = json!({
        "success": r.success,
        "output": output,
        "stdout": stdout,
        "stderr": stderr,
        "exit_code": r.exit_code,
        "truncated": truncated,
    });
    ToolReply::json(v, !r.success)
}

impl Profile for Rye {
    fn name(&self) -> &'static str {
        "rye"
    }

    fn tools(&self, _config: &HostConfig) -> Vec<ToolSpec> {
        vec![ToolSpec {
            name: "bash",
            description: "Execute a shell command in the project workspace (a sandboxed bash: \
                          no network, no host programs). Returns success, output (stdout, then \
                          [stderr] and stderr), stdout, stderr, exit_code and truncated; each \
                          stream is cut at 51,200 bytes."
                .into(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "command": {"type": "string", "description": "Shell command to execute"},
                    "timeout": {
                        "type": "integer",
                        "default": DEFAULT_TIMEOUT,
                        "minimum": 1,
                        "description": "Timeout in seconds"
                    },
                    "working_dir": {
                        "type": "string",
                        "description": "Working directory, relative to the project root (must be within the project); default the project root"
                    }
                },
                "required": ["command"],
                "additionalProperties": false
            }),
        }]
    }

    fn call(&self, c: ToolCall<'_>) -> Option<ToolReply> {
        (c.tool == "bash").then(|| run(c.host, c.session, c.args, c.options))
    }
}
