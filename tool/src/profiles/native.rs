//! The native profile: one `bash` tool whose arguments are a
//! [`CallRequest`] and whose result is the [`crate::CallResult`] object,
//! both as the text content (serialized) and as structured content.

use serde_json::{Map, Value, json};

use super::{Profile, ToolCall, ToolReply, ToolSpec};
use crate::call::request::{DEFAULT_TIMEOUT_SECS, MAX_TIMEOUT_SECS, MIN_TIMEOUT_SECS};
use crate::{CallError, CallRequest, HostConfig};

/// See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Native;

/// The JSON schema of the native `bash` tool's arguments.
pub fn bash_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "command": {
                "type": "string",
                "minLength": 1,
                "description": "The bash script to run; must not be empty."
            },
            "env": {
                "type": "object",
                "additionalProperties": {"type": "string"},
                "description": "Extra exported variables for this call; names match ^[A-Za-z_][A-Za-z0-9_]*$, values are passed as data, never as shell text."
            },
            "cwd": {
                "type": "string",
                "description": "Directory to start in, resolved against the session's working directory; the session stays there afterwards, as after cd."
            },
            "timeout": {
                "type": "number",
                "default": DEFAULT_TIMEOUT_SECS,
                "minimum": MIN_TIMEOUT_SECS,
                "maximum": MAX_TIMEOUT_SECS,
                "description": "Seconds before the call is stopped; values outside the bounds are clamped with a notice."
            },
            "stdin": {
                "type": "string",
                "description": "Standard input of the script."
            },
            "background": {
                "type": "boolean",
                "default": false,
                "description": "Start the command as a background job and return its job_id at once; follow it with job_poll, job_read, job_write and job_stop."
            },
            "terminal": {
                "type": "boolean",
                "default": false,
                "description": "With background: run the job as on a terminal ([ -t 0 ] is true, tty prints /dev/pts/0, read -p shows its prompt; COLUMNS/LINES from env, else 80x24; job_resize changes them). Ignored without background."
            }
        },
        "required": ["command"],
        "additionalProperties": false
    })
}

/// The native reply for a call's outcome: the object as text and as
/// structured content; an error when the call failed or ran nothing.
pub fn reply(outcome: Result<crate::CallResult, CallError>) -> ToolReply {
    let (value, is_error) = match outcome {
        Ok(r) => {
            let is_error = r.is_error;
            (serde_json::to_value(&r).unwrap_or(Value::Null), is_error)
        }
        Err(e) => (e.to_json(), true),
    };
    ToolReply::json(value, is_error)
}

/// Parses the arguments of the native `bash` tool.
pub fn request(args: Map<String, Value>) -> Result<CallRequest, CallError> {
    serde_json::from_value(Value::Object(args))
        .map_err(|e| CallError::Invalid(format!("Invalid arguments: {e}")))
}

impl Profile for Native {
    fn name(&self) -> &'static str {
        "native"
    }

    fn tools(&self, config: &HostConfig) -> Vec<ToolSpec> {
        let mut tools = vec![ToolSpec {
            name: "bash",
            description: crate::describe::tool_description(config),
            input_schema: bash_schema(),
        }];
        tools.extend(super::native_jobs::tools());
        tools
    }

    fn call(&self, c: ToolCall<'_>) -> Option<ToolReply> {
        if c.tool != "bash" {
            return super::native_jobs::call(c);
        }
        Some(reply(request(c.args).and_then(|req| {
            c.host.call_with(c.session, &req, c.options)
        })))
    }
}
