//! `ulimit` and `umask` really bind: a lowered limit stops a later command
//! of the same run, of its subshells and child shells, and of the
//! session's later runs; the umask shapes every file created after it.

use std::time::{Duration, Instant};

use sandbash_interpreter::{LimitKind, Limits, STATUS_LIMIT, Stop, StopReason};
use sandbash_tool::{RunOutput, Sandbox, SandboxOptions};

fn sandbox(limits: Limits) -> Sandbox {
    match Sandbox::with_options(SandboxOptions {
        limits,
        ..SandboxOptions::default()
    }) {
        Ok(s) => s,
        Err(e) => panic!("cannot build a sandbox: {e}"),
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[track_caller]
fn ok(r: &RunOutput, stdout: &str) {
    assert_eq!(
        (r.status, r.stop, text(&r.stdout).as_str()),
        (0, None, stdout),
        "stderr: {}",
        text(&r.stderr)
    );
}

#[test]
fn a_lowered_memory_limit_stops_a_later_command() {
    let mut sb = sandbox(Limits::normal());
    let r = sb.run("ulimit -v 2048; x=$(head -c 5000000 /dev/zero | tr '\\0' a); echo not reached");
    assert!(
        matches!(r.stop, Some(Stop::Limit(LimitKind::Memory, _))),
        "{r:?}"
    );
    assert_eq!(r.status, STATUS_LIMIT);
    assert!(!text(&r.stdout).contains("not reached"));
    // The session keeps the lowered limit, as a process keeps its rlimits;
    // -m and -v are the same sandbox limit.
    ok(&sb.run("ulimit -v; ulimit -m"), "2048\n2048\n");
}

#[test]
fn a_lowered_cpu_time_stops_an_endless_loop() {
    let mut sb = sandbox(Limits {
        max_loop_iterations: u64::MAX,
        max_commands: u64::MAX,
        ..Limits::normal()
    });
    let t = Instant::now();
    let r = sb.run("ulimit -t 1; while :; do :; done");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    assert_eq!(r.stop, Some(Stop::Stopped(StopReason::Timeout)), "{r:?}");
    ok(&sb.run("ulimit -t; bash -c 'ulimit -t'"), "1\n1\n");
}

#[test]
fn a_lowered_file_size_refuses_bigger_files() {
    let mut sb = sandbox(Limits::normal());
    let r = sb.run(
        "ulimit -f 1; head -c 3000 /dev/zero > big; echo $?; stat -c %s big; \
         printf '%2000s' x > p; stat -c %s p; (head -c 5000 /dev/zero > s); stat -c %s s; \
         bash -c 'head -c 1500 /dev/zero > c'; stat -c %s c; \
         head -c 3000 /dev/zero | tee /dev/null | wc -c",
    );
    assert_eq!(
        text(&r.stdout),
        "1\n1024\n1024\n1024\n1024\n3000\n",
        "{}",
        text(&r.stderr)
    );
    assert!(
        text(&r.stderr).contains("File too large"),
        "{}",
        text(&r.stderr)
    );
}

#[test]
fn a_hard_limit_is_never_raised() {
    let mut sb = sandbox(Limits::normal());
    let r =
        sb.run("ulimit -n 100; ulimit -Hn 200; echo $?; ulimit -n unlimited; echo $?; ulimit -Hn");
    assert_eq!(text(&r.stdout), "1\n1\n100\n");
    assert_eq!(
        text(&r.stderr),
        "sandbash: line 1: ulimit: open files: cannot modify limit: Operation not permitted\n\
         sandbash: line 1: ulimit: open files: cannot modify limit: Operation not permitted\n"
    );
    // The sandbox's own limits count as hard ones.
    let r = sb.run(
        "ulimit -u 1000; echo $?; ulimit -v unlimited; echo $?; ulimit -u 2; bash -c 'ulimit -u'",
    );
    assert_eq!(text(&r.stdout), "1\n1\n2\n");
}

#[test]
fn ulimit_a_shows_the_sandbox_limits() {
    let mut sb = sandbox(Limits::strict());
    let r = sb.run("ulimit -a | grep -E -- '-(m|t|u|v|n|f)\\)'");
    ok(
        &r,
        "file size                   (blocks, -f) unlimited\n\
         max memory size             (kbytes, -m) 10240\n\
         open files                          (-n) 1024\n\
         cpu time                   (seconds, -t) 30\n\
         max user processes                  (-u) 8\n\
         virtual memory              (kbytes, -v) 10240\n",
    );
}

#[test]
fn the_umask_and_the_stack_last_for_the_session() {
    let mut sb = sandbox(Limits::normal());
    ok(&sb.run("umask 077; mkdir -p a; pushd a >/dev/null"), "");
    ok(
        &sb.run("echo > f; stat -c %a f; umask; dirs -l"),
        "600\n0077\n/workspace/a /workspace\n",
    );
}

#[test]
fn a_subshell_cpu_limit_ends_only_the_subshell() {
    let mut sb = sandbox(Limits::normal());
    let t = Instant::now();
    let r =
        sb.run("(ulimit -t 1; sleep 5); echo $?; x=$(ulimit -St 1; sleep 5); echo $?; ulimit -t");
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
    ok(&r, "137\n152\nunlimited\n");
    assert_eq!(
        text(&r.stderr),
        "sandbash: line 1: Killed\nsandbash: line 1: CPU time limit exceeded (core dumped)\n"
    );
}

#[test]
fn a_parked_session_keeps_its_umask_stack_and_limits() {
    let opts = || SandboxOptions {
        limits: Limits::normal(),
        ..SandboxOptions::default()
    };
    let mut sb = sandbox(Limits::normal());
    ok(
        &sb.run("umask 027; mkdir a; pushd a >/dev/null; ulimit -Sn 50; ulimit -t 9"),
        "",
    );
    let bytes = sb.snapshot();
    drop(sb);
    let mut back = match Sandbox::restore(&bytes, opts()) {
        Ok(s) => s,
        Err(e) => panic!("restore: {e}"),
    };
    ok(
        &back.run("umask; dirs -l; ulimit -n; ulimit -Hn; ulimit -t; echo > f; stat -c %a f"),
        "0027\n/workspace/a /workspace\n50\n1024\n9\n640\n",
    );
}
