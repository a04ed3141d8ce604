//! What the model sees of a call's output: the tail window, artifacts,
//! `artifact://`, the live feed, bounded memory.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sandbash_tool::{CallOptions, CallRequest, CallResult, Host, HostConfig};

fn run(host: &Host, id: &str, command: &str) -> CallResult {
    host.call(id, &CallRequest::command(command))
        .unwrap_or_else(|e| panic!("{command}: {e}"))
}

#[test]
fn small_output_is_whole() {
    let h = Host::new(HostConfig::default());
    let out = run(&h, "s", "seq 1 1000");
    assert!(!out.truncated && out.truncation.is_none());
    assert!(h.artifacts().ids("s").is_empty());
}

#[test]
fn overflow_shows_the_tail_and_keeps_the_whole() {
    let h = Host::new(HostConfig::default());
    let out = run(&h, "s", "seq 1 100000; echo done >&2");
    assert!(out.truncated);
    let t = out.truncation.clone().expect("truncation");
    assert_eq!(t.direction, "tail");
    assert_eq!(t.total_bytes, 588_895 + 5);
    assert_eq!(t.total_lines, 100_001);
    assert!(t.shown_bytes <= 50 * 1024, "{}", t.shown_bytes);
    assert!(t.shown_bytes > 50 * 1024 - 8);
    let id = t.artifact_id.clone().expect("artifact");
    assert!(out.output.ends_with(&format!(
        "99999\n100000\ndone\nFull output: artifact://{id}"
    )));
    let json = serde_json::to_value(&out).expect("json");
    assert_eq!(json["truncation"]["direction"], "tail");
    assert_eq!(json["truncation"]["artifact_id"], id.as_str());
    for f in ["total_bytes", "total_lines", "shown_bytes", "shown_lines"] {
        assert!(json["truncation"][f].is_u64(), "{f}");
    }
    // The whole output, read back by a later command through artifact://.
    let out = run(
        &h,
        "s",
        &format!("wc -l artifact://{id}; head -n 2 artifact://{id}"),
    );
    assert_eq!(
        out.stdout,
        format!("100001 /tmp/artifacts/{id}.out\n1\n2\n")
    );
    let out = run(&h, "s", &format!("grep -c done artifact://{id}"));
    assert_eq!(out.stdout, "1\n");
    // In an env value it is the path itself (data, not shell text).
    let mut req = CallRequest::command("wc -l < \"$LOG\"; echo \"$LOG\"");
    req.env = Some(std::collections::BTreeMap::from([(
        "LOG".to_owned(),
        format!("artifact://{id}"),
    )]));
    let out = h.call("s", &req).expect("runs");
    assert_eq!(out.stdout, format!("100001\n/tmp/artifacts/{id}.out\n"));
    // Another session cannot reach it.
    let out = run(&h, "other", &format!("cat artifact://{id}"));
    assert_eq!(out.exit_code, 1);
    assert!(
        out.stderr.contains(&format!("artifact://{id}")),
        "{}",
        out.stderr
    );
}

#[test]
fn the_window_cuts_on_a_character_boundary() {
    let h = Host::new(HostConfig {
        tail_bytes: 10,
        ..HostConfig::default()
    });
    // "é" is two bytes: an odd cut would split one.
    let out = run(&h, "s", "printf 'ééééééééééééé'");
    assert!(out.truncated);
    assert!(!out.stdout.contains('\u{FFFD}'), "{:?}", out.stdout);
    assert_eq!(out.stdout, "ééééé");
    let out = run(&h, "s", "printf 'ééééééééééééa'");
    assert_eq!(out.stdout, "ééééa", "9 bytes: the cut half is dropped");
    assert_eq!(out.truncation.expect("t").shown_bytes, 9);
}

#[test]
fn artifacts_per_session_are_capped_oldest_first() {
    let h = Host::new(HostConfig {
        tail_bytes: 100,
        artifact_session_cap: 10_000,
        ..HostConfig::default()
    });
    let mut ids = Vec::new();
    for _ in 0..4 {
        let out = run(&h, "s", "seq 1 800");
        ids.push(
            out.truncation
                .and_then(|t| t.artifact_id)
                .expect("artifact"),
        );
    }
    // 3192 bytes each: three fit in 10 000.
    assert_eq!(h.artifacts().ids("s"), ids[1..].to_vec());
    assert!(h.artifacts().session_bytes("s") <= 10_000);
    // An output over the cap is cut, with a notice.
    let out = run(&h, "s", "seq 1 10000");
    assert!(
        out.notices
            .iter()
            .any(|n| n.starts_with("The full output was cut at 10000 bytes")),
        "{:?}",
        out.notices
    );
}

#[test]
fn a_huge_output_stays_bounded() {
    let h = Host::new(HostConfig {
        artifact_session_cap: 1 << 20,
        ..HostConfig::default()
    });
    // 32 MiB through the sink: the window and a 1 MiB artifact are kept.
    let out = run(
        &h,
        "s",
        "yes 0123456789abcdef0123456789abcdef | head -c 33554432",
    );
    let t = out.truncation.expect("truncated");
    assert_eq!(t.total_bytes, 32 << 20);
    assert!(t.shown_bytes <= 50 * 1024);
    assert_eq!(h.artifacts().session_bytes("s"), 1 << 20);
    assert!(out.output.len() < 51 * 1024);
}

#[test]
fn live_chunks_arrive_throttled_and_whole() {
    let h = Host::new(HostConfig::default());
    let seen: Arc<Mutex<Vec<(Instant, String)>>> = Arc::default();
    let s2 = Arc::clone(&seen);
    let live = Arc::new(move |chunk: &str| {
        s2.lock()
            .expect("lock")
            .push((Instant::now(), chunk.to_owned()));
    });
    let out = h
        .call_with(
            "s",
            &CallRequest::command("for i in $(seq 1 40); do echo line $i; sleep 0.01; done"),
            CallOptions {
                cancel: None,
                live: Some(live),
                ..CallOptions::default()
            },
        )
        .expect("runs");
    let seen = seen.lock().expect("lock");
    let joined: String = seen.iter().map(|(_, c)| c.as_str()).collect();
    assert_eq!(joined, out.output);
    assert!(seen.len() >= 3, "{} chunks", seen.len());
    assert!(seen.len() < 40, "{} chunks: not throttled", seen.len());
    for pair in seen.windows(2).take(seen.len().saturating_sub(2)) {
        assert!(
            pair[1].0.duration_since(pair[0].0) >= Duration::from_millis(45),
            "chunks closer than 50 ms"
        );
    }
}
