//! The native profile's job tools: `job_list` {include_finished},
//! `job_poll` {job_id, wait_seconds}, `job_read` {job_id, stream,
//! max_chars, peek}, `job_write` {job_id, input, key, repeat,
//! append_newline}, `job_stop` {job_id, force}, `job_resize` {job_id,
//! cols, rows}. Each returns a JSON object
//! (as text and as structured content); a failure is `{"success": false,
//! "is_error": true, "message": ...}`.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::{ToolCall, ToolReply, ToolSpec};
use crate::host::JobInput;
use crate::jobs::JobError;
use crate::jobs::output::Which;

/// Default and largest `max_chars` of `job_read`.
pub const READ_DEFAULT: usize = 8_000;
/// See [`READ_DEFAULT`].
pub const READ_MAX: usize = 120_000;
/// Longest `wait_seconds` of `job_poll`.
pub const POLL_MAX_SECS: f64 = 300.0;

fn spec(name: &'static str, description: &str, properties: Value, required: &[&str]) -> ToolSpec {
    ToolSpec {
        name,
        description: description.to_owned(),
        input_schema: json!({
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false
        }),
    }
}

fn job_id() -> Value {
    json!({"type": "string", "description": "The id a background bash call returned."})
}

/// The job tools' specs.
pub fn tools() -> Vec<ToolSpec> {
    vec![
        spec(
            "job_list",
            "List the session's background jobs (running ones; finished ones too with include_finished).",
            json!({"include_finished": {"type": "boolean", "default": false}}),
            &[],
        ),
        spec(
            "job_poll",
            "Wait up to wait_seconds for a background job to end; returns its state.",
            json!({
                "job_id": job_id(),
                "wait_seconds": {"type": "number", "default": 0, "minimum": 0, "maximum": POLL_MAX_SECS}
            }),
            &["job_id"],
        ),
        spec(
            "job_read",
            "Read a background job's output from its cursor (which advances unless peek).",
            json!({
                "job_id": job_id(),
                "stream": {"type": "string", "enum": ["both", "stdout", "stderr"], "default": "both"},
                "max_chars": {"type": "integer", "default": READ_DEFAULT, "minimum": 1, "maximum": READ_MAX},
                "peek": {"type": "boolean", "default": false}
            }),
            &["job_id"],
        ),
        spec(
            "job_write",
            "Write text (a newline appended unless append_newline is false) and/or a key to a background job's stdin. Keys: enter, tab, esc, up, down, left, right, home, end, pgup, pgdown, backspace, delete, ctrl+c (sends SIGINT: the job's INT trap runs, else it ends with 130), ctrl+d (end of input).",
            json!({
                "job_id": job_id(),
                "input": {"type": "string"},
                "key": {"type": "string"},
                "repeat": {"type": "integer", "default": 1, "minimum": 1, "maximum": 1000},
                "append_newline": {"type": "boolean", "default": true}
            }),
            &["job_id"],
        ),
        spec(
            "job_stop",
            "Stop a background job: SIGTERM (its TERM trap runs, else status 143), force-stopped with 137 if still running after 2 s; force: at once with 137.",
            json!({"job_id": job_id(), "force": {"type": "boolean", "default": false}}),
            &["job_id"],
        ),
        spec(
            "job_resize",
            "Resize a background job's window: it sets COLUMNS and LINES before its next command and gets SIGWINCH (ignored unless trapped).",
            json!({
                "job_id": job_id(),
                "cols": {"type": "integer", "minimum": 1, "maximum": 10000},
                "rows": {"type": "integer", "minimum": 1, "maximum": 10000}
            }),
            &["job_id", "cols", "rows"],
        ),
    ]
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct Args {
    job_id: String,
    include_finished: bool,
    wait_seconds: Option<f64>,
    stream: Option<String>,
    max_chars: Option<f64>,
    peek: bool,
    input: Option<String>,
    key: Option<String>,
    repeat: Option<f64>,
    append_newline: Option<bool>,
    force: bool,
    cols: Option<f64>,
    rows: Option<f64>,
}

fn failure(message: impl Into<String>) -> ToolReply {
    ToolReply::json(
        json!({"success": false, "is_error": true, "message": message.into()}),
        true,
    )
}

fn value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn run(c: &ToolCall<'_>, args: Map<String, Value>) -> Result<Value, String> {
    let a: Args = serde_json::from_value(Value::Object(args))
        .map_err(|e| format!("Invalid arguments: {e}"))?;
    let err = |e: JobError| e.to_string();
    let (h, s, id) = (c.host, c.session, a.job_id.as_str());
    Ok(match c.tool {
        "job_list" => json!({"jobs": value(&h.job_list(s, a.include_finished))}),
        "job_poll" => {
            let wait = a
                .wait_seconds
                .filter(|w| w.is_finite())
                .map_or(0.0, |w| w.clamp(0.0, POLL_MAX_SECS));
            value(
                &h.job_poll(s, id, Duration::from_secs_f64(wait))
                    .map_err(err)?,
            )
        }
        "job_read" => {
            let w = a.stream.as_deref().unwrap_or("both");
            let which =
                Which::parse(w).ok_or(format!("Invalid stream: {w} (both, stdout or stderr)"))?;
            let max = a
                .max_chars
                .map_or(READ_DEFAULT, |m| m.clamp(1.0, READ_MAX as f64) as usize);
            let (info, text, dropped) = h.job_read(s, id, which, max, a.peek).map_err(err)?;
            let mut v = value(&info);
            v["stream"] = json!(a.stream.as_deref().unwrap_or("both"));
            v["output"] = json!(text);
            v["dropped_bytes"] = json!(dropped);
            v
        }
        "job_write" => {
            let input = JobInput {
                input: a.input,
                key: a.key,
                repeat: a.repeat.map_or(1, |r| r.clamp(1.0, 1000.0) as usize),
                append_newline: a.append_newline.unwrap_or(true),
            };
            let sent = h.job_write(s, id, &input).map_err(err)?;
            json!({"job_id": id, "bytes_written": sent})
        }
        "job_stop" => value(&h.job_stop(s, id, a.force).map_err(err)?),
        "job_resize" => {
            let dim = |v: Option<f64>, name: &str| {
                v.filter(|v| v.is_finite() && *v >= 1.0 && *v <= 10_000.0)
                    .map(|v| v as u32)
                    .ok_or(format!("Invalid {name}: a number from 1 to 10000"))
            };
            let (cols, rows) = (dim(a.cols, "cols")?, dim(a.rows, "rows")?);
            let mut v = value(&h.job_resize(s, id, cols, rows).map_err(err)?);
            v["cols"] = json!(cols);
            v["rows"] = json!(rows);
            v
        }
        other => return Err(format!("unknown tool: {other}")),
    })
}

/// Runs a job tool; `None` for another tool.
pub fn call(c: ToolCall<'_>) -> Option<ToolReply> {
    if !tools().iter().any(|t| t.name == c.tool) {
        return None;
    }
    let args = c.args.clone();
    Some(match run(&c, args) {
        Ok(v) => ToolReply::json(v, false),
        Err(message) => failure(message),
    })
}
