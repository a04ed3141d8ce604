//! A session stays healthy after any stop: the memory budget is whole
//! again for the next run, the stop message survives a full stderr, `$( )`
//! is bounded by memory rather than output, and background jobs belong to
//! the session: `wait` finds them in a later run, and none outlives the
//! `Sandbox`.

use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use sandbash_interpreter::{Cancel, LimitKind, Limits, STATUS_LIMIT, Stop, StopReason};
use sandbash_tool::{RunOptions, RunOutput, Sandbox, SandboxOptions};
use sandbash_vfs::FileSystem;

/// The job tests count this process's job threads: they run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

fn sandbox(limits: Limits) -> Sandbox {
    match Sandbox::with_options(SandboxOptions {
        limits,
        ..SandboxOptions::default()
    }) {
        Ok(s) => s,
        Err(e) => panic!("cannot build a sandbox: {e}"),
    }
}

/// Normal limits with a small memory budget and room to loop.
fn memory_limits(max_memory: u64) -> Limits {
    Limits {
        max_memory,
        max_commands: u64::MAX,
        max_loop_iterations: u64::MAX,
        wall_clock: Some(Duration::from_secs(10)),
        ..Limits::normal()
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

#[track_caller]
fn memory_stop(r: &RunOutput, limit: u64) {
    assert_eq!(r.stop, Some(Stop::Limit(LimitKind::Memory, limit)));
    assert_eq!(r.status, STATUS_LIMIT);
    let msg = format!("sandbash: maximum memory exceeded ({limit})\n");
    assert!(text(&r.stderr).ends_with(&msg), "{}", text(&r.stderr));
}

#[test]
fn an_over_limit_value_is_not_kept() {
    let mut sb = sandbox(memory_limits(512 << 10));
    ok(&sb.run("x=before"), "");
    let r = sb.run("printf -v x '%*s' 1000000 x; echo not reached");
    memory_stop(&r, 512 << 10);
    assert_eq!(text(&r.stdout), "");
    ok(&sb.run("echo \"$x\""), "before\n");
    ok(&sb.run("y=$(echo small); echo $y | cat"), "small\n");
}

#[test]
fn a_session_filled_key_by_key_stays_usable() {
    let limit = 2 << 20;
    let mut sb = sandbox(memory_limits(limit));
    let r = sb.run("declare -A h; i=0; while :; do h[key$i]=$i; ((i++)); done");
    memory_stop(&r, limit);
    assert!(sb.shell().vars().bytes() <= limit);
    // The keys that fitted are kept; small commands run (not those that
    // copy the whole array: there is no room for a copy); freeing works,
    // and then everything does.
    let r = sb.run("echo alive; [[ -v h[key1000] ]] && echo kept");
    ok(&r, "alive\nkept\n");
    ok(&sb.run("unset h; x=$(echo hi | cat); echo $x"), "hi\n");
}

#[test]
fn an_append_loop_stops_below_the_limit() {
    let limit = 4 << 20;
    let mut sb = sandbox(memory_limits(limit));
    let r = sb.run("s=; while :; do printf -v p '%*s' 1000000 ''; s+=$p; done");
    memory_stop(&r, limit);
    assert!(sb.shell().vars().bytes() <= limit);
    ok(&sb.run("echo alive"), "alive\n");
    ok(&sb.run("[[ -v s ]] && echo kept"), "kept\n");
}

#[test]
fn variables_over_a_lowered_limit_can_still_be_freed() {
    let mut sb = sandbox(memory_limits(64 << 20));
    let r = sb.run("printf -v p '%*s' 1000000 x; big=$p$p$p; unset p; echo ${#big}");
    ok(&r, "3000000\n");
    let small = || RunOptions {
        limits: Some(memory_limits(1 << 20)),
        ..RunOptions::default()
    };
    // Over the limit from the start: small commands run, growth does not.
    ok(&sb.run_opts("echo alive", small()), "alive\n");
    let r = sb.run_opts("big+=yyyyyyyy; echo not reached", small());
    memory_stop(&r, 1 << 20);
    ok(&sb.run_opts("[[ -v big ]] && echo kept", small()), "kept\n");
    let r = sb.run_opts("unset big; x=$(echo hi); echo $x", small());
    ok(&r, "hi\n");
}

#[test]
fn the_stop_message_survives_a_full_stderr() {
    let limits = Limits {
        max_output: 64 << 10,
        ..memory_limits(10 << 20)
    };
    for script in [
        "yes >&2",
        "while :; do printf 'err\\n' >&2; done",
        "cat /dev/zero >&2",
    ] {
        let mut sb = sandbox(limits.clone());
        let r = sb.run(script);
        assert_eq!(
            r.stop,
            Some(Stop::Limit(LimitKind::Output, 64 << 10)),
            "{script}"
        );
        let msg = "sandbash: maximum output size exceeded (65536)\n";
        assert!(r.stderr.ends_with(msg.as_bytes()), "{script}");
        assert!(r.stdout.len() + r.stderr.len() <= 64 << 10, "{script}");
        assert!(
            r.stderr.len() > 60 << 10,
            "{script}: output up to the limit is kept"
        );
    }
}

#[test]
fn captures_are_bounded_by_memory_not_output() {
    let limits = Limits {
        max_output: 1 << 20,
        ..Limits::strict()
    };
    let mut sb = sandbox(limits);
    ok(&sb.run("x=$(seq 1000000); echo ${#x}"), "6888895\n");
    let r = sb.run("x=$(cat /dev/zero); echo not reached");
    memory_stop(&r, 10 << 20);
    ok(&sb.run("echo alive"), "alive\n");
}

#[test]
fn an_expansion_error_in_the_last_command_fails_the_run() {
    let mut sb = Sandbox::new();
    for script in [
        "x='x+1'\necho $((x))",
        "x=abc\necho \"${x:1:-9223372036854775807}\"",
    ] {
        let r = sb.run(script);
        assert_eq!((r.status, r.stop), (1, None), "{script}");
    }
    let r = sb.run("x='x+1'\necho $((x))\necho next");
    assert_eq!((r.status, text(&r.stdout).as_str()), (0, "next\n"));
}

#[test]
fn a_limit_does_not_raise_the_hosts_cancel() {
    let mut sb = sandbox(Limits {
        max_loop_iterations: 10,
        ..Limits::strict()
    });
    let cancel = Cancel::new();
    let r = sb.run_opts(
        "while :; do :; done",
        RunOptions {
            cancel: Some(cancel.clone()),
            ..RunOptions::default()
        },
    );
    assert_eq!(r.stop, Some(Stop::Limit(LimitKind::LoopIterations, 10)));
    assert!(!cancel.is_stopped());
}

/// Threads of this process named as the shell names its jobs.
fn job_threads() -> usize {
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter(|t| {
            std::fs::read_to_string(t.path().join("comm"))
                .is_ok_and(|c| c.trim_end() == "sandbash-job")
        })
        .count()
}

/// Waits up to two seconds for `cond`.
fn eventually(mut cond: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + Duration::from_secs(2);
    while Instant::now() < end {
        if cond() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    cond()
}

#[test]
fn wait_finds_a_job_of_an_earlier_run() {
    let _g = serial();
    let mut sb = Sandbox::new();
    let r = sb.run("(sleep 0.2; exit 3) & echo started");
    ok(&r, "started\n");
    assert_eq!(sb.shell().running_jobs(), 1);
    let r = sb.run("wait $!; echo $?");
    ok(&r, "3\n");
    ok(&sb.run("sleep 0.1 & p=$!; echo"), "\n");
    ok(&sb.run("wait $p; echo $?; wait; echo $?"), "0\n0\n");
}

#[test]
fn waiting_for_an_earlier_runs_job_obeys_this_runs_cancel() {
    let _g = serial();
    let mut sb = Sandbox::new();
    ok(&sb.run("sleep 100 &"), "");
    let cancel = Cancel::new();
    let c = cancel.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        c.cancel();
    });
    let started = Instant::now();
    let r = sb.run_opts(
        "wait",
        RunOptions {
            cancel: Some(cancel),
            ..RunOptions::default()
        },
    );
    let _ = t.join();
    assert_eq!(r.stop, Some(Stop::Stopped(StopReason::Cancelled)));
    assert!(started.elapsed() < Duration::from_secs(2));
    // The job is the session's: the cancelled run did not end it.
    assert_eq!(sb.shell().running_jobs(), 1);
}

#[test]
fn dropping_the_sandbox_stops_and_joins_its_jobs() {
    let _g = serial();
    assert!(eventually(|| job_threads() == 0), "leftover job threads");
    let mut sb = Sandbox::new();
    let r = sb.run(
        "while :; do echo x >> /tmp/f; sleep 0.01; done &\n\
         ( sleep 1000 & ) ; yes > /dev/null &\n\
         sleep 0.1",
    );
    ok(&r, "");
    assert!(job_threads() >= 3);
    let fs = sb.fs().clone();
    let size = |fs: &sandbash_vfs::Vfs| fs.read("/tmp/f").map(|b| b.len()).unwrap_or(0);
    assert!(size(&fs) > 0, "the job did not run");
    let dropped = Instant::now();
    drop(sb);
    assert!(dropped.elapsed() < Duration::from_secs(1));
    let after = size(&fs);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        size(&fs),
        after,
        "a job still writes after its sandbox dropped"
    );
    assert!(eventually(|| job_threads() == 0), "job threads left");
}

#[test]
fn the_job_limit_holds_for_the_whole_session() {
    let _g = serial();
    let mut sb = sandbox(Limits::strict());
    let r = sb.run("for i in {1..10}; do sleep 100 & done; ( sleep 100 & ); true");
    let errors = text(&r.stderr)
        .matches("fork: retry: Resource temporarily unavailable")
        .count();
    assert_eq!(errors, 3, "{}", text(&r.stderr));
    assert_eq!(sb.shell().running_jobs(), 8);
    let r = sb.run("sleep 1 &");
    assert_eq!(r.status, 1);
    drop(sb);
    assert!(eventually(|| job_threads() == 0), "job threads left");

    let mut sb = Sandbox::new();
    let r = sb.run("for i in {1..17}; do sleep 100 & done");
    assert_eq!(text(&r.stderr).matches("fork: retry").count(), 1);
    assert_eq!(sb.shell().running_jobs(), 16);
}

/// A hosted sandbox ends a hung command by itself: `normal` limits with
/// the tool layer's 300 s wall clock, by `new` and by default options.
#[test]
fn a_hosted_sandbox_has_a_wall_clock_by_default() {
    let hosted = Limits {
        wall_clock: Some(Duration::from_secs(300)),
        ..Limits::normal()
    };
    assert_eq!(Sandbox::new().limits(), hosted);
    assert_eq!(sandbox(SandboxOptions::default().limits).limits(), hosted);
    assert_eq!(sandbash_tool::hosted_limits(), hosted);
    assert_eq!(Limits::normal().wall_clock, None);
}
