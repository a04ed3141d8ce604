//! The `bashkit-shell` profile (bashkit-shell-capability.txt): tool
//! `bashkit_shell` (also callable as `virtual_bash`, not listed)
//! {commands, working_dir (default `/workspace`), timeout_ms (default
//! 30000, at most 60000), output (verbosity, default `auto`)}; result
//! {stdout, stderr, exit_code, success}, with `error` on a timeout, which
//! still carries the partial output.
//!
//! Its fixed limits: 1,000 commands, 10,000 loop iterations, depth 100,
//! a 1 MB script, 10 MB of memory, the wall clock `timeout_ms`. Its
//! environment: `HOME=/home/agent`, `SHELL=/bin/bash`,
//! `PATH=/usr/local/bin:/usr/bin:/bin`, `WORKSPACE=/workspace`, user and
//! host `everruns`; only `/workspace` (and `/dev`) exists. The seed's 5 s
//! parser timeout has no counterpart: sandbash's parser refuses scripts
//! whose parse cost it predicts too high instead of timing out.
//! Checked by `tests/tool_profiles.rs::bashkit_*`.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{Profile, ToolCall, ToolReply, ToolSpec};
use crate::call::run::resolve_dir;
use crate::{CallOptions, CallRequest, Host, HostConfig};

/// The tool's name.
pub const TOOL: &str = "bashkit_shell";
/// Its legacy alias, callable but not listed.
pub const ALIAS: &str = "virtual_bash";
/// The default timeout, in milliseconds.
pub const DEFAULT_TIMEOUT_MS: u64 = 30_000;
/// The longest timeout, in milliseconds.
pub const MAX_TIMEOUT_MS: u64 = 60_000;

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bashkit;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Args {
    #[serde(default)]
    commands: String,
    #[serde(default)]
    working_dir: Option<String>,
    #[serde(default)]
    timeout_ms: Option<f64>,
    #[serde(default)]
    #[allow(dead_code)]
    output: Option<String>,
}

fn run(host: &Host, session: &str, args: Map<String, Value>, options: CallOptions) -> ToolReply {
    let args: Args = match serde_json::from_value(Value::Object(args)) {
        Ok(a) => a,
        Err(e) => {
            return ToolReply::json(
                json!({"success": false, "error": format!("Invalid arguments: {e}")}),
                true,
            );
        }
    };
    let timeout_ms = args
        .timeout_ms
        .filter(|t| t.is_finite())
        .map_or(DEFAULT_TIMEOUT_MS, |t| {
            (t.max(1.0) as u64).min(MAX_TIMEOUT_MS)
        });
    let dir = resolve_dir(
        "/workspace",
        args.working_dir.as_deref().unwrap_or("/workspace"),
    );
    let req = CallRequest {
        command: args.commands,
        cwd: Some(dir),
        timeout: Some(timeout_ms.div_ceil(1000) as f64),
        ..CallRequest::default()
    };
    match host.call_with(session, &req, options) {
        Ok(r) => {
            let mut v = json!({
                "stdout": r.stdout,
                "stderr": r.stderr,
                "exit_code": r.exit_code,
                "success": r.success,
            });
            if r.timed_out {
                v["error"] = json!(format!("Command timed out after {timeout_ms} ms"));
            }
            ToolReply::json(v, !r.success)
        }
        Err(e) => ToolReply::json(json!({"success": false, "error": e.to_string()}), true),
    }
}

impl Profile for Bashkit {
    fn name(&self) -> &'static str {
        "bashkit-shell"
    }

    fn configure(&self, config: &mut HostConfig) {
        let limits = &mut config.sandbox.limits;
        limits.max_commands = 1_000;
        limits.max_loop_iterations = 10_000;
        limits.max_call_depth = 100;
        limits.max_script_bytes = 1_000_000;
        limits.max_memory = 10_000_000;
        limits.wall_clock = Some(Duration::from_millis(MAX_TIMEOUT_MS));
        config.base_env = [
            ("HOME", "/home/agent"),
            ("SHELL", "/bin/bash"),
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("WORKSPACE", "/workspace"),
            ("USER", "everruns"),
            ("LOGNAME", "everruns"),
            ("HOSTNAME", "everruns"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        config.only_workspace = true;
    }

    fn is_alias(&self, tool: &str) -> bool {
        tool == ALIAS
    }

    fn tools(&self, _config: &HostConfig) -> Vec<ToolSpec> {
        vec![ToolSpec {
            name: TOOL,
            description: "Execute bash commands in a sandboxed environment with no access to \
                          the host system; the session filesystem is mounted at /workspace. \
                          Fixed limits: 1,000 commands, 10,000 loop iterations, function depth \
                          100, 1 MB script, 10 MB memory. Returns stdout, stderr, exit_code and \
                          success; on timeout the partial output comes back with the error."
                .into(),
            input_schema: json!({
                "type": "object",
                "properties": {
                    "commands": {"type": "string", "description": "Shell command(s) to execute"},
                    "working_dir": {
                        "type": "string",
                        "default": "/workspace",
                        "description": "Working directory (default: /workspace)"
                    },
                    "timeout_ms": {
                        "type": "integer",
                        "default": DEFAULT_TIMEOUT_MS,
                        "minimum": 1,
                        "maximum": MAX_TIMEOUT_MS,
                        "description": "Timeout in milliseconds (default: 30000, max: 60000)"
                    },
                    "output": {
                        "type": "string",
                        "default": "auto",
                        "description": "Output verbosity (auto, normal, ...; default: auto)"
                    }
                },
                "required": ["commands"],
                "additionalProperties": false
            }),
        }]
    }

    fn call(&self, c: ToolCall<'_>) -> Option<ToolReply> {
        (c.tool == TOOL || c.tool == ALIAS).then(|| run(c.host, c.session, c.args, c.options))
    }
}
