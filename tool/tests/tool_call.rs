//! The native call contract through a `Host`: fields, defaults, clamps,
//! rewrites, error texts.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sandbash_interpreter::Cancel;
use sandbash_tool::call::Normalization;
use sandbash_tool::{CallError, CallOptions, CallRequest, CallResult, Host, HostConfig};

fn host() -> Host {
    Host::new(HostConfig::default())
}

fn run(host: &Host, command: &str) -> CallResult {
    host.call("s", &CallRequest::command(command))
        .unwrap_or_else(|e| panic!("{command}: {e}"))
}

fn req(command: &str) -> CallRequest {
    CallRequest::command(command)
}

#[test]
fn a_plain_call() {
    let h = host();
    let r = run(&h, "echo hi");
    assert_eq!(r.exit_code, 0);
    assert!(r.success && !r.is_error);
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("hi\n", ""));
    assert_eq!(r.output, "hi\n");
    assert!(!r.truncated && r.truncation.is_none());
    assert!(!r.timed_out);
    assert_eq!(r.limit, None);
    assert!(r.notices.is_empty());
    assert_eq!(r.cwd, "/workspace");
    assert_eq!(r.message, None);
    assert_eq!(r.facts.timeout_secs, 300, "the default timeout");
    let json = serde_json::to_value(&r).expect("serializes");
    for field in [
        "exit_code",
        "success",
        "stdout",
        "stderr",
        "output",
        "truncated",
        "truncation",
        "wall_time_ms",
        "timed_out",
        "limit",
        "notices",
        "cwd",
        "is_error",
    ] {
        assert!(json.get(field).is_some(), "{field} missing in {json}");
    }
    assert!(json.get("message").is_none() && json.get("job_id").is_none());
}

#[test]
fn merged_output_keeps_write_order() {
    let h = host();
    let r = run(&h, "echo 1; echo 2 >&2; echo 3; echo 4 >&2");
    assert_eq!(r.output, "1\n2\n3\n4\n");
    assert_eq!(r.stdout, "1\n3\n");
    assert_eq!(r.stderr, "2\n4\n");
}

#[test]
fn no_output_reads_so() {
    let h = host();
    let r = run(&h, "true");
    assert_eq!(r.output, "(no output)");
    assert_eq!(r.stdout, "");
}

#[test]
fn validation_errors_run_nothing() {
    let h = host();
    for blank in ["", "   ", "\n\t"] {
        assert_eq!(
            h.call("s", &req(blank)),
            Err(CallError::Invalid("Command must not be empty".into()))
        );
    }
    for bad in ["1A", "A-B", "", "A B"] {
        let mut r = req("touch ran");
        r.env = Some(BTreeMap::from([(bad.to_owned(), "v".to_owned())]));
        assert_eq!(
            h.call("s", &r),
            Err(CallError::Invalid(format!("Invalid env name: {bad}")))
        );
    }
    let mut r = req("touch ran");
    r.cwd = Some("nowhere".into());
    assert_eq!(
        h.call("s", &r),
        Err(CallError::Invalid(
            "Working directory does not exist: /workspace/nowhere".into()
        ))
    );
    run(&h, "rm -f ran; echo x > file");
    let mut r = req("touch ran");
    r.cwd = Some("file".into());
    assert_eq!(
        h.call("s", &r),
        Err(CallError::Invalid(
            "Working directory is not a directory: /workspace/file".into()
        ))
    );
    assert_eq!(run(&h, "ls").stdout, "file\n", "nothing ran");
    let json = CallError::Invalid("Command must not be empty".into()).to_json();
    assert_eq!(
        json,
        serde_json::json!({"success": false, "is_error": true, "message": "Command must not be empty"})
    );
}

#[test]
fn timeout_default_and_clamps() {
    let h = host();
    let mut r = req("echo ok");
    r.timeout = Some(0.0);
    let out = h.call("s", &r).expect("runs");
    assert_eq!(
        out.notices,
        vec!["Timeout clamped to 1 seconds (requested 0)"]
    );
    assert_eq!(out.facts.timeout_secs, 1);
    r.timeout = Some(99999.0);
    let out = h.call("s", &r).expect("runs");
    assert_eq!(
        out.notices,
        vec!["Timeout clamped to 3600 seconds (requested 99999)"]
    );
    assert_eq!(out.facts.timeout_secs, 3600);
    r.timeout = Some(20.0);
    let out = h.call("s", &r).expect("runs");
    assert!(out.notices.is_empty());
    assert_eq!(out.facts.timeout_secs, 20);
}

#[test]
fn a_timeout_is_an_error_with_the_partial_output() {
    let h = host();
    let mut r = req("echo started; sleep 10; echo never");
    r.timeout = Some(1.0);
    let t0 = Instant::now();
    let out = h.call("s", &r).expect("a result");
    assert!(t0.elapsed() < Duration::from_secs(5));
    assert!(out.timed_out && out.is_error && !out.success);
    assert_eq!(
        out.message.as_deref(),
        Some("Command timed out after 1 seconds")
    );
    assert!(out.output.starts_with("started\n"), "{}", out.output);
    assert!(!out.output.contains("never"));
    assert_eq!(out.limit.as_deref(), Some("wall-clock timeout exceeded"));
    assert_eq!(out.exit_code, 124);
}

#[test]
fn a_non_zero_exit_is_an_error_result() {
    let h = host();
    let out = run(&h, "echo partial; exit 3");
    assert_eq!(out.exit_code, 3);
    assert!(out.is_error && !out.success);
    assert_eq!(out.message.as_deref(), Some("Command exited with code 3"));
    assert_eq!(out.output, "partial\n");
}

#[test]
fn a_limit_is_named() {
    let h = host();
    let out = run(&h, "while :; do :; done");
    assert_eq!(out.exit_code, 124);
    assert_eq!(
        out.limit.as_deref(),
        Some("maximum command count exceeded (1000000)")
    );
    assert!(!out.timed_out);
    assert_eq!(out.message.as_deref(), Some("Command exited with code 124"));
}

#[test]
fn host_cancellation_aborts() {
    let h = host();
    let cancel = Cancel::new();
    let c2 = cancel.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        c2.cancel();
    });
    let out = h
        .call_with(
            "s",
            &req("echo before; sleep 30"),
            CallOptions {
                cancel: Some(cancel),
                live: None,
                ..CallOptions::default()
            },
        )
        .expect("a result");
    let _ = stopper.join();
    assert!(out.aborted && out.is_error);
    assert_eq!(out.message.as_deref(), Some("Command aborted"));
    assert_eq!(out.output, "before\nsandbash: run cancelled\n");
    assert_eq!(serde_json::to_value(&out).expect("json")["aborted"], true);
}

#[test]
fn state_persists_between_calls() {
    let h = host();
    run(
        &h,
        "cd /tmp; x=1; export Y=2; f() { echo fn$1; }; \
         set -o pipefail; trap 'echo int' INT; echo data > /workspace/kept",
    );
    let out = run(
        &h,
        "echo $x $Y; f 1; [[ -o pipefail ]] && echo pf; pwd; cat /workspace/kept; trap -p INT",
    );
    assert_eq!(
        out.stdout,
        "1 2\nfn1\npf\n/tmp\ndata\ntrap -- 'echo int' SIGINT\n"
    );
    assert_eq!(out.cwd, "/tmp");
}

#[test]
fn cwd_is_resolved_and_sticks() {
    let h = host();
    run(&h, "mkdir -p a/b");
    let mut r = req("pwd");
    r.cwd = Some("a".into());
    assert_eq!(h.call("s", &r).expect("runs").stdout, "/workspace/a\n");
    // Relative to the session's cwd, which is now /workspace/a.
    r.cwd = Some("b/..//b".into());
    let out = h.call("s", &r).expect("runs");
    assert_eq!(out.stdout, "/workspace/a/b\n");
    assert_eq!(out.cwd, "/workspace/a/b");
    assert_eq!(
        run(&h, "pwd; cd /; echo $OLDPWD").stdout,
        "/workspace/a/b\n/workspace/a/b\n"
    );
    assert_eq!(run(&h, "pwd").cwd, "/");
}

#[test]
fn cd_prefix_becomes_cwd() {
    let h = host();
    run(&h, "mkdir -p src");
    let out = run(&h, "cd src && pwd");
    assert_eq!(out.stdout, "/workspace/src\n");
    assert_eq!(out.cwd, "/workspace/src");
    // A missing directory is the tool's error, before anything runs.
    assert_eq!(
        h.call("s", &req("cd /nope && touch /workspace/ran")),
        Err(CallError::Invalid(
            "Working directory does not exist: /nope".into()
        ))
    );
    assert_eq!(run(&h, "ls /workspace").stdout, "src\n");
    // With an explicit cwd the command runs as written.
    let mut r = req("cd /nope && echo x");
    r.cwd = Some("/tmp".into());
    let out = h.call("s", &r).expect("runs");
    assert_eq!(out.exit_code, 1);
    assert!(out.stderr.contains("cd: /nope"), "{}", out.stderr);
}

#[test]
fn rewrites_can_be_switched_off() {
    let h = Host::new(HostConfig {
        normalization: Normalization {
            cd_prefix: false,
            trailing_tail: false,
            trailing_stderr_merge: false,
        },
        ..HostConfig::default()
    });
    let out = run(&h, "cd /nope && echo x");
    assert_eq!(out.exit_code, 1);
    let out = run(&h, "seq 10 | tail -n 2");
    assert_eq!(out.stdout, "9\n10\n");
    assert!(out.notices.is_empty());
    let out = run(&h, "{ echo err >&2; } 2>&1");
    assert_eq!(out.stdout, "err\n");
}

#[test]
fn trailing_tail_is_dropped_keeping_the_status() {
    let h = host();
    let out = run(&h, "seq 10 | tail -n 2");
    assert_eq!(out.stdout, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
    assert_eq!(
        out.notices,
        vec!["Dropped the trailing `| tail -n 2`: the output window already shows the end"]
    );
    // `false | tail` exits 0 in bash (no pipefail): so does the rewrite.
    assert_eq!(run(&h, "false | tail -3").exit_code, 0);
    // A stage's assignment stays in its subshell either way.
    assert_eq!(run(&h, "x=5 | tail -1; echo \"[$x]\"").stdout, "[]\n");
    // head is never dropped.
    assert_eq!(run(&h, "seq 10 | head -n 2").stdout, "1\n2\n");
    assert_eq!(run(&h, "yes | head -n 1").stdout, "y\n");
}

#[test]
fn trailing_stderr_merge_is_dropped() {
    let h = host();
    let out = run(&h, "echo out; { echo err >&2; } 2>&1");
    // Without the rewrite both lines would be stdout.
    assert_eq!(out.stdout, "out\n");
    assert_eq!(out.stderr, "err\n");
    assert_eq!(out.output, "out\nerr\n");
    let out = run(&h, "{ echo a; echo b >&2; } > f 2>&1; cat f");
    assert_eq!(out.stdout, "a\nb\n");
}

#[test]
fn env_is_data_for_one_call() {
    let h = host();
    run(&h, "rm -f /tmp/pwned");
    let mut r = req("echo \"$GREETING\"; env | grep ^GREETING=");
    r.env = Some(BTreeMap::from([(
        "GREETING".to_owned(),
        "$(touch /tmp/pwned) hi".to_owned(),
    )]));
    let out = h.call("s", &r).expect("runs");
    assert_eq!(
        out.stdout,
        "$(touch /tmp/pwned) hi\nGREETING=$(touch /tmp/pwned) hi\n"
    );
    let out = run(&h, "echo \"[$GREETING]\"; ls /tmp/pwned 2>&1 | wc -l");
    assert_eq!(out.stdout, "[]\n1\n", "not kept, never run");
    // A variable the session had comes back after the call.
    run(&h, "GREETING=old");
    h.call("s", &r).expect("runs");
    assert_eq!(run(&h, "echo $GREETING").stdout, "old\n");
    // One the script changes itself is the script's.
    let mut r = req("GREETING=mine");
    r.env = Some(BTreeMap::from([(
        "GREETING".to_owned(),
        "given".to_owned(),
    )]));
    h.call("s", &r).expect("runs");
    assert_eq!(run(&h, "echo $GREETING").stdout, "mine\n");
}

#[test]
fn stdin_is_the_scripts_input() {
    let h = host();
    let mut r = req("while read -r l; do echo \"<$l>\"; done");
    r.stdin = Some("hello\nworld\n".into());
    assert_eq!(h.call("s", &r).expect("runs").stdout, "<hello>\n<world>\n");
    assert_eq!(run(&h, "cat").stdout, "", "no stdin: empty input");
}
