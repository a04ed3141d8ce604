//! `sandbash serve --mcp`: the profile's tools over MCP on stdio, through
//! the official Rust SDK (`rmcp`). The connection is one session.
//!
//! Each tool call runs on a blocking thread (a run may take minutes); a
//! client's `notifications/cancelled` stops it through the call's
//! [`Cancel`], and the reply is then the aborted result.
//!
//! A client that sends a `progressToken` receives the output while the
//! call runs, as progress notifications whose message is the chunk.
//!
//! Checked with the MCP Python SDK as the client by
//! `tests/tool_mcp.rs` (tool listing, state kept across calls, errors,
//! jobs, live output).

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use sandbash_interpreter::Cancel;
use serde_json::Value;

use crate::output::LiveFn;
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

/// When the client asked for progress (a `progressToken`), the call's
/// live output goes to it as progress notifications, one per chunk (at
/// most one per 50 ms), the chunk as the message. One task sends them in
/// order; it ends when the call drops the feed, and the reply waits for
/// it, so every notification comes before the result.
fn live_feed(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<(LiveFn, tokio::task::JoinHandle<()>)> {
    let token = context
        .meta
        .get_progress_token()
        .or_else(|| request.meta.as_ref().and_then(|m| m.get_progress_token()))?;
    let peer = context.peer.clone();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let sender = tokio::spawn(async move {
        let mut n = 0u64;
        while let Some(chunk) = rx.recv().await {
            n += 1;
            let param = ProgressNotificationParam::new(token.clone(), n as f64).with_message(chunk);
            let _ = peer.notify_progress(param).await;
        }
    });
    let feed: LiveFn = Arc::new(move |chunk: &str| {
        let _ = tx.send(chunk.to_owned());
    });
    Some((feed, sender))
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
        let (live, sender) = live_feed(&request, &context).unzip();
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
                    live,
                    ..CallOptions::default()
                },
            })
        })
        .await;
        watcher.abort();
        if let Some(sender) = sender {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), sender).await;
        }
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
