//! The tool layer under load: `cargo run --release -p sandbash-benches
//! --bin tool_load [SESSIONS]`.
//!
//! Prints, for one process:
//! - the RSS growth per idle session after SESSIONS sessions (default
//!   1000) each ran a small script, and the calls per second of that;
//! - the p50/p99 latency of `echo hi` through `Host::call` on an existing
//!   session;
//! - the p50/p99 latency of the same call through `sandbash serve --mcp`
//!   (the binary next to this one, built by `cargo build --release -p
//!   sandbash-tool`), a JSON-RPC `tools/call` round trip over its stdio;
//! - the RSS of a host with SESSIONS sessions of which 50 hold ~20 MB of
//!   variables each (under a 32 MiB per-session cap), against its live
//!   state budget (256 MiB) with sessions parked as files (`FileStore`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use std::sync::Arc;

use sandbash_tool::host::FileStore;
use sandbash_tool::{CallRequest, Host, HostConfig};

const SMALL: &str =
    "f() { echo \"$1-$2\"; }; for i in 1 2 3; do x=$(f a $i); done; echo $x | wc -c";

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn percentiles(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort();
    let at = |q: f64| v[((v.len() as f64 - 1.0) * q) as usize];
    (at(0.5), at(0.99))
}

fn main() {
    let sessions: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let host = Host::new(HostConfig::default());
    // Warm the run threads and the allocator.
    for _ in 0..50 {
        let _ = host.call("warm", &CallRequest::command(SMALL));
    }
    host.close("warm");
    let before = rss_kib();
    let t0 = Instant::now();
    for i in 0..sessions {
        let r = host.call(&format!("s{i}"), &CallRequest::command(SMALL));
        assert!(r.is_ok_and(|r| r.stdout == "4\n"));
    }
    let took = t0.elapsed();
    let after = rss_kib();
    println!(
        "{sessions} sessions: {:.0} calls/s (new session + small script each); RSS +{} KiB, {:.1} KiB per idle session",
        sessions as f64 / took.as_secs_f64(),
        after.saturating_sub(before),
        after.saturating_sub(before) as f64 / sessions as f64
    );

    let req = CallRequest::command("echo hi");
    let mut lat = Vec::new();
    for _ in 0..5000 {
        let t = Instant::now();
        let r = host.call("s0", &req);
        lat.push(t.elapsed());
        assert!(r.is_ok_and(|r| r.stdout == "hi\n"));
    }
    let (p50, p99) = percentiles(lat);
    println!("echo hi through Host::call: p50 {p50:?}, p99 {p99:?}");

    budget(sessions);

    let bin = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.join("sandbash")))
        .filter(|p| p.exists());
    let Some(bin) = bin else {
        println!("echo hi through MCP: skipped (build the sandbash binary in the same profile)");
        return;
    };
    let mut child = Command::new(bin)
        .args(["serve", "--mcp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("sandbash serve --mcp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    let mut send = |msg: String, wait: bool, line: &mut String| {
        stdin.write_all(msg.as_bytes()).expect("writes");
        stdin.write_all(b"\n").expect("writes");
        stdin.flush().expect("flushes");
        if wait {
            line.clear();
            stdout.read_line(line).expect("reads");
        }
    };
    send(
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}"#.into(),
        true,
        &mut line,
    );
    send(
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.into(),
        false,
        &mut line,
    );
    let mut lat = Vec::new();
    for id in 1..=3000 {
        let t = Instant::now();
        send(
            format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"bash","arguments":{{"command":"echo hi"}}}}}}"#
            ),
            true,
            &mut line,
        );
        lat.push(t.elapsed());
        assert!(line.contains(r#"\"stdout\":\"hi\\n\""#), "{line}");
    }
    let (p50, p99) = percentiles(lat);
    println!("echo hi through MCP stdio: p50 {p50:?}, p99 {p99:?}");
    drop(stdin);
    let _ = child.wait();
}

/// 50 of `sessions` sessions fill their state near the cap; the live
/// state budget parks the least recently used to files.
fn budget(sessions: usize) {
    let dir = std::env::temp_dir().join(format!("sandbash-load-{}", std::process::id()));
    let store = FileStore::new(&dir).expect("a park directory");
    let budget = 256u64 << 20;
    let host = Host::with_store(
        HostConfig {
            live_state_budget: budget,
            session_state_cap: 32 << 20,
            ..HostConfig::default()
        },
        Arc::new(store),
    );
    let before = rss_kib();
    for i in 0..sessions {
        let _ = host.call(&format!("b{i}"), &CallRequest::command(SMALL));
    }
    let fill = CallRequest::command(
        "x=$(yes 0123456789abcdefghijklmnopqrstu | head -c 20000000); echo ${#x}",
    );
    let t0 = Instant::now();
    for i in 0..50 {
        let r = host.call(&format!("b{i}"), &fill);
        assert!(r.is_ok_and(|r| r.stdout == "19999999\n"));
    }
    let after = rss_kib();
    println!(
        "{sessions} sessions, 50 holding 20 MB each (1000 MB of state), budget {} MiB, parked as files: live state {} MiB in {} live sessions; RSS +{} MiB ({:.1} s)",
        budget >> 20,
        host.live_state_bytes() >> 20,
        host.live_sessions(),
        after.saturating_sub(before) >> 10,
        t0.elapsed().as_secs_f64()
    );
    // One of the parked sessions comes back whole.
    let r = host.call("b0", &CallRequest::command("echo ${#x}"));
    assert!(r.is_ok_and(|r| r.stdout == "19999999\n"));
    drop(host);
    let _ = std::fs::remove_dir_all(&dir);
}
