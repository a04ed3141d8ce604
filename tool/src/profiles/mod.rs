//! Profiles: the tool names, request fields, defaults, result shapes and
//! texts a host's model expects, mapped onto the native call.
//!
//! A front end (MCP over stdio or HTTP, JSON lines) lists a profile's
//! tools and hands each call to it; the profile turns the arguments into
//! a [`crate::CallRequest`] (or another host operation) and the outcome
//! into its reply.

pub mod bashkit;
pub mod coding_agent;
pub mod loaf;
pub mod native;
pub mod native_jobs;
pub mod rye;

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

impl ToolReply {
    /// A reply whose text is `value` serialized and whose structured
    /// content is `value` itself.
    pub fn json(value: Value, is_error: bool) -> Self {
        Self {
            text: value.to_string(),
            structured: Some(value),
            is_error,
        }
    }
}

/// A drop-in contract.
pub trait Profile: Send + Sync {
    /// The name `--profile` selects it by.
    fn name(&self) -> &'static str;
    /// Adjusts the host's settings to the profile's fixed ones (limits,
    /// environment); most profiles have none.
    fn configure(&self, _config: &mut HostConfig) {}
    /// Whether `tool` is callable though not listed (an alias).
    fn is_alias(&self, _tool: &str) -> bool {
        false
    }
    /// The tools it lists.
    fn tools(&self, config: &HostConfig) -> Vec<ToolSpec>;
    /// Runs one tool call; `None` for a tool it does not have.
    fn call(&self, call: ToolCall<'_>) -> Option<ToolReply>;
}

/// One tool call handed to a profile.
pub struct ToolCall<'a> {
    /// The host whose session runs it.
    pub host: &'a Host,
    /// The session.
    pub session: &'a str,
    /// The tool's name as the client called it.
    pub tool: &'a str,
    /// Its arguments.
    pub args: Map<String, Value>,
    /// Cancellation and live output.
    pub options: CallOptions,
}

/// The names of the profiles this build has.
pub const NAMES: &[&str] = &["native", "coding-agent", "rye", "loaf", "bashkit-shell"];

/// Choices a host makes about a profile.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProfileOptions {
    /// Offer background execution where the profile's seed makes it
    /// optional (coding-agent's `async`).
    pub async_enabled: bool,
}

/// The profile named `name`, with the default options.
pub fn by_name(name: &str) -> Option<Box<dyn Profile>> {
    by_name_with(name, ProfileOptions::default())
}

/// The profile named `name`.
pub fn by_name_with(name: &str, options: ProfileOptions) -> Option<Box<dyn Profile>> {
    match name {
        "coding-agent" => Some(Box::new(coding_agent::CodingAgent {
            async_enabled: options.async_enabled,
        })),
        "native" => Some(Box::new(native::Native)),
        "rye" => Some(Box::new(rye::Rye)),
        "loaf" => Some(Box::new(loaf::Loaf::default())),
        "bashkit-shell" => Some(Box::new(bashkit::Bashkit)),
        _ => None,
    }
}
