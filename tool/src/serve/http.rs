//! `sandbash serve --http ADDR`: MCP streamable HTTP for many tenants in
//! one process. Each MCP session (its `Mcp-Session-Id`) is its own sandbox
//! session of one shared [`Host`], so the host's caps hold across tenants:
//! live sessions beyond [`crate::HostConfig::max_live_sessions`] or its
//! state budget are parked as snapshots, sessions idle longer than
//! [`HttpOptions::idle_park`] are parked too, and an MCP session that ends
//! (or that rmcp drops after its keep-alive) ends its sandbox session.
//!
//! Checked with the MCP Python SDK by
//! `tests/tool_mcp.rs::http_sessions_are_isolated`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use super::mcp::McpServer;
use crate::Host;
use crate::profiles::Profile;

/// Settings of the HTTP front end beyond the host's.
#[derive(Clone, Debug)]
pub struct HttpOptions {
    /// Where to listen (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: String,
    /// Sessions idle this long are parked as snapshots.
    pub idle_park: Duration,
}

/// Serves until the process is stopped. `ready` gets the bound address
/// (printed on stderr by the `sandbash` command, which tests read).
pub fn serve(
    host: Arc<Host>,
    profile: Box<dyn Profile>,
    options: HttpOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let profile: Arc<dyn Profile> = Arc::from(profile);
        let next = Arc::new(AtomicU64::new(1));
        let factory = {
            let host = Arc::clone(&host);
            move || {
                let n = next.fetch_add(1, Ordering::Relaxed);
                Ok(McpServer::new(
                    Arc::clone(&host),
                    Arc::clone(&profile),
                    &format!("http-{n}"),
                ))
            }
        };
        let service = StreamableHttpService::new(
            factory,
            Arc::new(LocalSessionManager::default()),
            StreamableHttpServerConfig::default(),
        );
        let listener = tokio::net::TcpListener::bind(&options.addr)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {}: {e}", options.addr))?;
        ready(local);
        let idle = options.idle_park;
        let parker = Arc::clone(&host);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(idle.max(Duration::from_secs(1)) / 2);
            loop {
                tick.tick().await;
                let host = Arc::clone(&parker);
                let _ = tokio::task::spawn_blocking(move || host.park_idle(idle)).await;
            }
        });
        loop {
            let (stream, _) = listener
                .accept()
                .await
                .map_err(|e| format!("accept: {e}"))?;
            let svc = TowerToHyperService::new(service.clone());
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), svc)
                    .await;
            });
        }
    })
}
