//! The native call request and its validation.

use std::collections::BTreeMap;

use serde::Deserialize;

/// Default timeout of a call, in seconds.
pub const DEFAULT_TIMEOUT_SECS: u64 = 300;
/// Shortest timeout a call may ask for, in seconds.
pub const MIN_TIMEOUT_SECS: u64 = 1;
/// Longest timeout a call may ask for, in seconds.
pub const MAX_TIMEOUT_SECS: u64 = 3600;

/// One call of the native `bash` tool, as a host or a model sends it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CallRequest {
    /// The script to run; must not be empty after trimming.
    #[serde(default)]
    pub command: String,
    /// Extra exported variables for this call: names must be shell names;
    /// values are data, never shell text.
    #[serde(default)]
    pub env: Option<BTreeMap<String, String>>,
    /// Directory to start in, resolved against the session's cwd.
    #[serde(default)]
    pub cwd: Option<String>,
    /// Seconds before the call is stopped: default 300, clamped to [1, 3600].
    #[serde(default)]
    pub timeout: Option<f64>,
    /// Start the call as a job and return at once.
    #[serde(default)]
    pub background: Option<bool>,
    /// Standard input of the script.
    #[serde(default)]
    pub stdin: Option<String>,
    /// Run a background job as on a terminal: `[ -t 0 ]` is true, `tty`
    /// prints `/dev/pts/0`, `read -p` shows its prompt, and `job_resize`
    /// sets `COLUMNS`/`LINES`. Only with `background: true`.
    #[serde(default)]
    pub terminal: Option<bool>,
}

impl CallRequest {
    /// A request running `command` with every other field left default.
    pub fn command(command: impl Into<String>) -> Self {
        Self {
            command: command.into(),
            ..Self::default()
        }
    }
}

/// `^[A-Za-z_][A-Za-z0-9_]*$`, the names an `env` entry may have.
pub fn is_env_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The effective timeout and the notice a clamp produces.
///
/// Invariant: the effective timeout is in [`MIN_TIMEOUT_SECS`,
/// `MAX_TIMEOUT_SECS`]; a request outside gets the notice
/// `Timeout clamped to N seconds (requested M)`. Checked by
/// `request::tests::timeouts_clamp_with_a_notice`.
pub fn clamp_timeout(requested: Option<f64>) -> (u64, Option<String>) {
    let Some(req) = requested else {
        return (DEFAULT_TIMEOUT_SECS, None);
    };
    let clamped = if req.is_nan() {
        DEFAULT_TIMEOUT_SECS
    } else if req < MIN_TIMEOUT_SECS as f64 {
        MIN_TIMEOUT_SECS
    } else if req > MAX_TIMEOUT_SECS as f64 {
        MAX_TIMEOUT_SECS
    } else {
        req.ceil() as u64
    };
    if req.is_nan() || clamped as f64 != req.ceil() || req < MIN_TIMEOUT_SECS as f64 {
        (
            clamped,
            Some(format!(
                "Timeout clamped to {clamped} seconds (requested {})",
                number(req)
            )),
        )
    } else {
        (clamped, None)
    }
}

/// A number as a person writes it: `5`, not `5.0`.
pub fn number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_names() {
        for ok in ["A", "_", "a_1", "PATH", "_x9"] {
            assert!(is_env_name(ok), "{ok}");
        }
        for bad in ["", "1A", "A-B", "A B", "é", "A=B", "$A"] {
            assert!(!is_env_name(bad), "{bad}");
        }
    }

    #[test]
    fn timeouts_clamp_with_a_notice() {
        assert_eq!(clamp_timeout(None), (300, None));
        assert_eq!(clamp_timeout(Some(20.0)), (20, None));
        assert_eq!(clamp_timeout(Some(1.0)), (1, None));
        assert_eq!(clamp_timeout(Some(3600.0)), (3600, None));
        assert_eq!(
            clamp_timeout(Some(0.0)),
            (1, Some("Timeout clamped to 1 seconds (requested 0)".into()))
        );
        assert_eq!(
            clamp_timeout(Some(0.5)),
            (
                1,
                Some("Timeout clamped to 1 seconds (requested 0.5)".into())
            )
        );
        assert_eq!(
            clamp_timeout(Some(7200.0)),
            (
                3600,
                Some("Timeout clamped to 3600 seconds (requested 7200)".into())
            )
        );
        assert_eq!(
            clamp_timeout(Some(-3.0)),
            (
                1,
                Some("Timeout clamped to 1 seconds (requested -3)".into())
            )
        );
    }

    #[test]
    fn unknown_fields_are_refused() {
        let r: Result<CallRequest, _> = serde_json::from_str(r#"{"command":"ls","bogus":1}"#);
        assert!(r.is_err());
        let r: CallRequest =
            serde_json::from_str(r#"{"command":"ls","timeout":5,"env":{"A":"b"}}"#).expect("valid");
        assert_eq!(r.timeout, Some(5.0));
    }
}
