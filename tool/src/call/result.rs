//! The native call result and errors.

use serde::Serialize;

/// How the output was cut: always the tail is kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Truncation {
    /// Always `"tail"`: the end of the output is shown.
    pub direction: &'static str,
    /// Bytes the call wrote, both streams.
    pub total_bytes: u64,
    /// Lines the call wrote, both streams.
    pub total_lines: u64,
    /// Bytes shown in `output`.
    pub shown_bytes: u64,
    /// Lines shown in `output`.
    pub shown_lines: u64,
    /// Where the whole output is kept (`artifact://ID`), when it could be.
    pub artifact_id: Option<String>,
}

/// What one call did, in the native contract's shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallResult {
    /// The script's exit status (124 when a limit or the timeout stopped it).
    pub exit_code: i32,
    /// Exit code 0 and no stop.
    pub success: bool,
    /// Standard output (its own tail window).
    pub stdout: String,
    /// Standard error (its own tail window).
    pub stderr: String,
    /// Both streams in the order they were written (the tail window),
    /// `(no output)` when there was none, and `Full output: artifact://ID`
    /// on a last line when the whole was kept.
    pub output: String,
    /// True when a window dropped bytes.
    pub truncated: bool,
    /// How, when `truncated`.
    pub truncation: Option<Truncation>,
    /// Milliseconds from the request to the result.
    pub wall_time_ms: u64,
    /// The timeout stopped the run.
    pub timed_out: bool,
    /// What stopped the run, as `sandbash:` names it on stderr (`maximum
    /// loop iterations exceeded (N)`, `wall-clock timeout exceeded`...).
    pub limit: Option<String>,
    /// Lines for the model about what the tool did on its own.
    pub notices: Vec<String>,
    /// The session's working directory after the call.
    pub cwd: String,
    /// The job started by a background call.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job_id: Option<String>,
    /// Why the result is an error, when it is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// A failure: non-zero exit, stop, timeout, cancellation.
    pub is_error: bool,
    /// The host cancelled the call.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// Facts for the profiles, not part of the native object.
    #[serde(skip)]
    pub facts: CallFacts,
}

impl CallResult {
    /// The result of a call that started job `job_id` (or became one):
    /// `output` tells so; the session's cwd is `cwd`.
    pub fn job_started(job_id: String, output: String, cwd: String, wall_time_ms: u64) -> Self {
        Self {
            exit_code: 0,
            success: true,
            stdout: String::new(),
            stderr: String::new(),
            output,
            truncated: false,
            truncation: None,
            wall_time_ms,
            timed_out: false,
            limit: None,
            notices: Vec::new(),
            cwd,
            job_id: Some(job_id),
            message: None,
            is_error: false,
            aborted: false,
            facts: CallFacts::default(),
        }
    }
}

/// What a profile needs beyond the native fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallFacts {
    /// The timeout the call ran with, in seconds.
    pub timeout_secs: u64,
    /// The timeout asked for, when it was clamped.
    pub requested_timeout: Option<String>,
    /// Bytes of the output past the artifact cap, not kept.
    pub artifact_dropped: u64,
    /// Standard output and error as written, counted in bytes.
    pub stdout_bytes: u64,
    /// See `stdout_bytes`.
    pub stderr_bytes: u64,
    /// The shown output before the artifact line and `(no output)`.
    pub raw_output: String,
    /// The first bytes of standard output, when the call asked for heads.
    pub stdout_head: Vec<u8>,
    /// The first bytes of standard error, when the call asked for heads.
    pub stderr_head: Vec<u8>,
}

/// The texts of the native contract.
pub mod texts {
    /// An empty or blank command.
    pub const EMPTY_COMMAND: &str = "Command must not be empty";
    /// Shown instead of an empty output.
    pub const NO_OUTPUT: &str = "(no output)";
    /// A second call while one runs, after the bounded wait.
    pub const SESSION_BUSY: &str = "session busy: another call is running in this session";
    /// `background: true`, which this host cannot do yet.
    pub const NO_BACKGROUND: &str =
        "Background execution is not available on this host: run the command in the foreground";
    /// The host cancelled the call.
    pub const ABORTED: &str = "Command aborted";

    /// `Invalid env name: NAME`.
    pub fn invalid_env(name: &str) -> String {
        format!("Invalid env name: {name}")
    }
    /// `Working directory does not exist: PATH`.
    pub fn no_such_dir(path: &str) -> String {
        format!("Working directory does not exist: {path}")
    }
    /// `Working directory is not a directory: PATH`.
    pub fn not_a_dir(path: &str) -> String {
        format!("Working directory is not a directory: {path}")
    }
    /// `Command exited with code N`.
    pub fn exited(code: i32) -> String {
        format!("Command exited with code {code}")
    }
    /// `Command timed out after N seconds`.
    pub fn timed_out(secs: u64) -> String {
        format!("Command timed out after {secs} seconds")
    }
    /// The line naming the artifact of a truncated output.
    pub fn full_output(id: &str) -> String {
        format!("Full output: artifact://{id}")
    }
}

/// A call that ran nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// The request is not valid (the message is the contract's text).
    #[error("{0}")]
    Invalid(String),
    /// Another call held the session past the bounded wait.
    #[error("{}", texts::SESSION_BUSY)]
    Busy,
    /// The session could not be brought back or made.
    #[error("{0}")]
    Session(String),
    /// An interception rule refused the command.
    #[error("Blocked: {message}\nOriginal command: {command}")]
    Blocked {
        /// The rule's message.
        message: String,
        /// The tool the rule suggests.
        tool: String,
        /// The command as the call gave it.
        command: String,
    },
}

impl CallError {
    /// The native object for this error: `success` false, `is_error`
    /// true and the message.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "success": false,
            "is_error": true,
            "message": self.to_string(),
        })
    }
}
