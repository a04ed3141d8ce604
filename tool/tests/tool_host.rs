//! Sessions of a `Host`: isolation, one call at a time, reset, parking,
//! the memory budget.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sandbash_tool::{
    CallError, CallRequest, CallResult, Host, HostConfig, MemoryStore, SnapshotStore,
};

fn run(host: &Host, id: &str, command: &str) -> CallResult {
    host.call(id, &CallRequest::command(command))
        .unwrap_or_else(|e| panic!("{command}: {e}"))
}

#[test]
fn sessions_are_isolated() {
    let h = Host::new(HostConfig::default());
    run(
        &h,
        "a",
        "x=secret; echo a-file > /workspace/f; echo t > /tmp/t; cd /tmp",
    );
    let out = run(&h, "b", "echo \"[$x]\"; ls /workspace; ls /tmp; pwd");
    assert_eq!(out.stdout, "[]\n/workspace\n");
    assert_eq!(
        run(&h, "a", "echo $x; cat /workspace/f").stdout,
        "secret\na-file\n"
    );
}

#[test]
fn a_second_call_waits_then_is_busy() {
    let h = Arc::new(Host::new(HostConfig {
        busy_wait: Duration::from_millis(200),
        ..HostConfig::default()
    }));
    let h2 = Arc::clone(&h);
    let long = std::thread::spawn(move || run(&h2, "s", "sleep 1.5; echo done").stdout);
    std::thread::sleep(Duration::from_millis(300));
    let t0 = Instant::now();
    assert_eq!(
        h.call("s", &CallRequest::command("echo second")),
        Err(CallError::Busy)
    );
    assert!(t0.elapsed() >= Duration::from_millis(200));
    assert!(CallError::Busy.to_string().starts_with("session busy"));
    // Another session is not held up.
    assert_eq!(run(&h, "other", "echo free").stdout, "free\n");
    assert_eq!(long.join().ok().as_deref(), Some("done\n"));
    // A call that waits less than the bound gets in.
    let h3 = Arc::clone(&h);
    let short = std::thread::spawn(move || run(&h3, "s", "sleep 0.1; echo first").stdout);
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(run(&h, "s", "echo next").stdout, "next\n");
    assert_eq!(short.join().ok().as_deref(), Some("first\n"));
}

#[test]
fn reset_clears_shell_state_and_optionally_files() {
    let h = Host::new(HostConfig::default());
    run(
        &h,
        "s",
        "cd /tmp; x=1; export HOME=/elsewhere; f() { :; }; set -o pipefail; echo k > /workspace/k",
    );
    h.reset("s", false).expect("reset");
    let out = run(
        &h,
        "s",
        "pwd; echo \"[$x] $HOME\"; type f 2>&1 | wc -l; [[ -o pipefail ]] || echo nopf; cat /workspace/k",
    );
    assert_eq!(out.stdout, "/workspace\n[] /home/agent\n1\nnopf\nk\n");
    h.reset("s", true).expect("reset with files");
    let out = run(&h, "s", "ls /workspace | wc -l; pwd");
    assert_eq!(out.stdout, "0\n/workspace\n");
}

#[test]
fn lru_parks_and_resumes_without_losing_files() {
    let store = Arc::new(MemoryStore::new());
    let h = Host::with_store(
        HostConfig {
            max_live_sessions: 2,
            ..HostConfig::default()
        },
        store.clone(),
    );
    for id in ["s1", "s2", "s3"] {
        run(
            &h,
            id,
            &format!("cd /tmp; v={id}; f() {{ echo fn-{id}; }}; echo {id} > /workspace/{id}.txt"),
        );
    }
    assert_eq!(h.live_sessions(), 2);
    assert!(!h.is_live("s1"), "the least recently used is parked");
    assert!(h.is_live("s2") && h.is_live("s3"));
    assert_eq!(store.ids(), vec!["s1".to_owned()]);
    let out = run(
        &h,
        "s1",
        "echo $v; f; pwd; cat /workspace/s1.txt; ls /workspace",
    );
    assert_eq!(out.stdout, "s1\nfn-s1\n/tmp\ns1\ns1.txt\n");
    assert!(h.is_live("s1") && !h.is_live("s2"));
    assert_eq!(h.live_sessions(), 2);
    // Explicit parking, and resuming by the next call.
    assert!(h.park("s3").expect("parks"));
    assert!(!h.is_live("s3"));
    assert_eq!(run(&h, "s3", "cat /workspace/s3.txt").stdout, "s3\n");
}

#[test]
fn a_session_with_jobs_running_is_not_parked() {
    let h = Host::new(HostConfig::default());
    run(&h, "s", "sleep 2 &");
    assert!(!h.park("s").expect("no store error"));
    assert!(h.is_live("s"));
}

#[test]
fn any_host_sharing_the_store_resumes_a_session() {
    let store: Arc<dyn SnapshotStore> = Arc::new(MemoryStore::new());
    let a = Host::with_store(HostConfig::default(), Arc::clone(&store));
    run(&a, "s", "x=from-a; echo f > /workspace/f");
    assert!(a.park("s").expect("parks"));
    let b = Host::with_store(HostConfig::default(), Arc::clone(&store));
    assert_eq!(
        run(&b, "s", "echo $x; cat /workspace/f").stdout,
        "from-a\nf\n"
    );
}

#[test]
fn the_budget_parks_the_least_recently_used() {
    let h = Host::new(HostConfig {
        live_state_budget: 3 << 20,
        ..HostConfig::default()
    });
    // Each session holds about 1 MiB in a variable.
    for id in ["a", "b", "c", "d"] {
        run(&h, id, "x=$(seq 1 150000)");
    }
    assert!(h.live_state_bytes() <= 3 << 20, "{}", h.live_state_bytes());
    assert!(!h.is_live("a"));
    assert!(h.is_live("d"));
    assert_eq!(run(&h, "a", "echo ${#x}").stdout, "938894\n");
}

#[test]
fn a_session_over_its_cap_gets_the_memory_limit() {
    let h = Host::new(HostConfig {
        session_state_cap: 1 << 20,
        ..HostConfig::default()
    });
    run(&h, "s", "echo keep > /workspace/f; x=$(seq 1 300000)");
    let out = run(&h, "s", "echo should-not-run");
    assert_eq!(out.exit_code, 124);
    assert_eq!(
        out.limit.as_deref(),
        Some("maximum memory exceeded (1048576)")
    );
    assert!(!out.output.contains("should-not-run"));
    assert!(
        out.notices[0].contains("over its cap of 1048576 bytes"),
        "{:?}",
        out.notices
    );
    assert!(h.live_state_bytes() < 1 << 20);
    // The session goes on, its files intact.
    assert_eq!(
        run(&h, "s", "echo \"[$x]\"; cat /workspace/f").stdout,
        "[]\nkeep\n"
    );
}

#[test]
fn close_forgets_everything() {
    let h = Host::new(HostConfig::default());
    run(&h, "s", "x=1; seq 1 100000");
    assert_eq!(h.artifacts().ids("s").len(), 1);
    h.close("s");
    assert_eq!(h.session_count(), 0);
    assert!(h.artifacts().ids("s").is_empty());
    assert_eq!(run(&h, "s", "echo \"[$x]\"").stdout, "[]\n");
}

#[test]
fn idle_sessions_are_parked() {
    let h = Host::new(HostConfig::default());
    run(&h, "old", "x=1");
    std::thread::sleep(Duration::from_millis(80));
    run(&h, "new", "y=2");
    assert_eq!(h.park_idle(Duration::from_millis(40)), 1);
    assert!(!h.is_live("old") && h.is_live("new"));
    assert_eq!(run(&h, "old", "echo $x").stdout, "1\n");
}

#[test]
fn sessions_park_in_a_host_directory() {
    let dir = std::env::temp_dir().join(format!("sandbash-park-{}", std::process::id()));
    let store = Arc::new(sandbash_tool::host::FileStore::new(&dir).expect("store"));
    let h = Host::with_store(
        HostConfig {
            max_live_sessions: 1,
            ..HostConfig::default()
        },
        store,
    );
    run(&h, "a", "x=1; echo f > /workspace/f");
    run(&h, "b", "y=2");
    assert!(!h.is_live("a"));
    assert_eq!(std::fs::read_dir(&dir).map(Iterator::count).ok(), Some(1));
    assert_eq!(run(&h, "a", "echo $x; cat /workspace/f").stdout, "1\nf\n");
    let _ = std::fs::remove_dir_all(&dir);
}
