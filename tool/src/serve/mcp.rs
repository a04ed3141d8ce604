//! `sandbash serve --mcp`: the profile's tools over MCP on stdio, through
//! the official Rust SDK (`rmcp`). The connection is one session.
//!
//! Each tool call runs on a blocking thread (a run may take minutes); a
//! client's `notifications/cancelled` stops it through the call's
//! [`Cancel`], and the reply is then the aborted result.
//!
//! Checked with the MCP Python SDK as the client by
//! `tests/tool_mcp.rs` (tool listing, state kept across calls, errors).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use sandbash_interpreter::Cancel;
use serde_json::Value;

use crate::profiles::{Profile, ToolCall, ToolReply};
use crate::{CallOptions, Host};

/// One MCP connection's server: a profile over one session of a host.
#[derive(Clone)]
pub struct McpServer {
    host: Arc<Host>,
    profile: Arc<dyn Profile>,
    session: String,
    tools: Arc<Vec<Tool>>,
    instructions: Arc<str>,
    _ends: Arc<SessionEnd>,
}

/// Ends the host session when the MCP session's last server clone goes
/// (the client closed it, or the transport dropped it).
struct SessionEnd {
    host: Arc<Host>,
    session: String,
}

impl Drop for SessionEnd {
    fn drop(&mut self) {
        self.host.close(&self.session);
    }
}

impl McpServer {
    /// A server for `session` of `host`, with `profile`'s tools.
    pub fn new(host: Arc<Host>, profile: Arc<dyn Profile>, session: &str) -> Self {
        let config = host.config().clone();
        let tools = profile
            .tools(&config)
            .into_iter()
            .map(|spec| {
                let schema = match spec.input_schema {
                    Value::Object(m) => m,
                    _ => serde_json::Map::new(),
                };
                Tool::new(spec.name, spec.description, Arc::new(schema))
            })
            .collect();
        Self {
            _ends: Arc::new(SessionEnd {
                host: Arc::clone(&host),
                session: session.to_owned(),
            }),
            host,
            profile,
            session: session.to_owned(),
            tools: Arc::new(tools),
            instructions: crate::describe::system_prompt(&config).into(),
        }
    }
}

fn to_result(reply: ToolReply) -> CallToolResult {
    let content = vec![ContentBlock::text(reply.text)];
    let mut result = if reply.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    result.structured_content = reply.structured;
    result
}

impl ServerHandler for McpServer {
    fn get_info(&self) -> ServerConfig {
        InitializeResult::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("sandbash", env!("CARGO_PKG_VERSION")))
            .with_instructions(self.instructions.to_string())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools.to_vec()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if !self.tools.iter().any(|t| t.name == name) && !self.profile.is_alias(&name) {
            return Err(McpError::invalid_params(
                format!("unknown tool: {name}"),
                None,
            ));
        }
        let cancel = Cancel::new();
        let watcher = {
            let cancel = cancel.clone();
            let ct = context.ct.clone();
            tokio::spawn(async move {
                ct.cancelled().await;
                cancel.cancel();
            })
        };
        let this = self.clone();
        let args = request.arguments.unwrap_or_default();
        let reply = tokio::task::spawn_blocking(move || {
            this.profile.call(ToolCall {
                host: &this.host,
                session: &this.session,
                tool: &name,
                args,
                options: CallOptions {
                    cancel: Some(cancel),
                    live: None,
                    ..CallOptions::default()
                },
            })
        })
        .await;
        watcher.abort();
        match reply {
            Ok(Some(reply)) => Ok(to_result(reply).into()),
            Ok(None) => Err(McpError::invalid_params("unknown tool", None)),
            Err(e) => Err(McpError::internal_error(
                format!("the call failed: {e}"),
                None,
            )),
        }
    }
}

/// Serves MCP on stdin/stdout until the client goes away.
pub fn serve_stdio(host: Arc<Host>, profile: Box<dyn Profile>) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let server = McpServer::new(host, Arc::from(profile), "stdio");
        let running = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| format!("MCP start: {e}"))?;
        running.waiting().await.map_err(|e| format!("MCP: {e}"))?;
        Ok(())
    })
}
