//! Profiles: the tool names, request fields, defaults, result shapes and
//! texts a host's model expects, mapped onto the native call.
//!
//! A front end (MCP over stdio or HTTP, JSON lines) lists a profile's
//! tools and hands each call to it; the profile turns the arguments into
//! a [`crate::CallRequest`] (or another host operation) and the outcome
//! into its reply.

pub mod native;

use serde_json::{Map, Value};

use crate::{CallOptions, Host, HostConfig};

/// One tool as a client lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolSpec {
    /// The tool's name.
    pub name: &'static str,
    /// What the model reads about it.
    pub description: String,
    /// JSON schema of its arguments (an object schema).
    pub input_schema: Value,
}

/// What a tool call gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolReply {
    /// The text content.
    pub text: String,
    /// The structured content, when the profile has one.
    pub structured: Option<Value>,
    /// True exactly when the tool reports a failure.
    pub is_error: bool,
}

/// A drop-in contract.
pub trait Profile: Send + Sync {
    /// The name `--profile` selects it by.
    fn name(&self) -> &'static str;
    /// The tools it lists.
    fn tools(&self, config: &HostConfig) -> Vec<ToolSpec>;
    /// Runs tool `tool` with `args` in `session`; `None` for a tool it
    /// does not have.
    fn call(
        &self,
        host: &Host,
        session: &str,
        tool: &str,
        args: Map<String, Value>,
        options: CallOptions,
    ) -> Option<ToolReply>;
}

/// The names of the profiles this build has.
pub const NAMES: &[&str] = &["native"];

/// The profile named `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Profile>> {
    match name {
        "native" => Some(Box::new(native::Native)),
        _ => None,
    }
}
