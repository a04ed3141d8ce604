//! Sessions side by side in one process, and cancellation from the host:
//! what the hostile corpus (`tests/hostile/isolation`, `tests/hostile/time`)
//! cannot express as one script.
//!
//! - Two sessions running at the same time on two threads never see each
//!   other's files, variables, functions, working directory or jobs, even
//!   with guessed job ids.
//! - A session hammering its limits does not slow another one down by more
//!   than [`SLOWDOWN_FACTOR`] times its time alone plus [`SLOWDOWN_SLACK`]
//!   (generous on purpose: the machine running the tests is shared).
//! - `Cancel::cancel` from another thread ends a run blocked in `sleep`,
//!   `read` on a silent pipe, a busy loop, `wait` on a job that never ends,
//!   a busy utility, an EXIT trap... with the run reporting
//!   `Stop::Stopped(Cancelled)`, status 124 and `sandbash: run cancelled`.
//!   The goal is 100 ms: the median over those runs must meet it
//!   ([`CANCEL_GOAL`]) and every one must return within [`CANCEL_BOUND`]
//!   (room for one slow run on a loaded CI machine). A host cancel also
//!   ends an EXIT trap still running after a limit stopped the run.
//!
//! Checks known to fail are listed in `tests/hostile/PENDING` as
//! `rust <key> # reason`; like the corpus, a listed check that passes fails
//! the test so it is taken off the list (unless its reason starts with
//! `flaky:`).

#[path = "../../tests/hostile/case.rs"]
mod case;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

use sandbash_interpreter::{Cancel, Limits, STATUS_LIMIT, Stop, StopReason};
use sandbash_tool::{RunOptions, RunOutput, Sandbox, SandboxOptions};

/// How long after `cancel()` every run must have returned.
const CANCEL_BOUND: Duration = Duration::from_millis(500);
/// How long after `cancel()` the median run must have returned.
const CANCEL_GOAL: Duration = Duration::from_millis(100);
/// When the host cancels, after the run started.
const CANCEL_AFTER: Duration = Duration::from_millis(300);
/// A victim session may take at most this many times its time alone,
/// plus [`SLOWDOWN_SLACK`], while another session hammers its limits.
const SLOWDOWN_FACTOR: f64 = 4.0;
const SLOWDOWN_SLACK: Duration = Duration::from_millis(500);

/// Limits that never stop a run by themselves: only the host does.
fn no_limits() -> Limits {
    let mut l = Limits::normal();
    l.max_commands = u64::MAX;
    l.max_loop_iterations = u64::MAX;
    l.wall_clock = None;
    l
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

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Named checks, compared at the end with the `rust` lines of PENDING.
#[derive(Default)]
struct Checks {
    results: Vec<(String, Vec<String>)>,
}

impl Checks {
    fn record(&mut self, key: &str, problems: Vec<String>) {
        self.results.push((key.to_owned(), problems));
    }

    /// Fails the test on an unexpected failure or on a pending check that
    /// now passes; prints every result.
    fn finish(self, test: &str) {
        let pending = match case::load_pending(&case::corpus_root()) {
            Ok(p) => p.rust,
            Err(e) => panic!("tests/hostile/PENDING: {e}"),
        };
        let mut bad = Vec::new();
        for (key, problems) in &self.results {
            let entry = pending.get(key);
            match (problems.is_empty(), entry) {
                (true, None) => println!("PASS  {key}"),
                (false, None) => {
                    println!("FAIL  {key}\n  {}", problems.join("\n  "));
                    bad.push(format!("{key} failed"));
                }
                (false, Some(p)) => println!("XFAIL {key} [{}] {}", p.reason, problems[0]),
                (true, Some(p)) if p.reason.starts_with("flaky:") => {
                    println!(
                        "XPASS {key} passed this time (PENDING line {}: {})",
                        p.line, p.reason
                    )
                }
                (true, Some(p)) => {
                    println!(
                        "XPASS {key} now passes: take `rust {key}` off tests/hostile/PENDING (line {})",
                        p.line
                    );
                    bad.push(format!("{key} passes but is listed in PENDING"));
                }
            }
        }
        assert!(bad.is_empty(), "{test}: {}", bad.join("; "));
    }
}

/// What one session does in [`concurrent_sessions_do_not_see_each_other`].
fn setup_script(me: &str) -> String {
    format!(
        "echo file-secret-{me} > /workspace/{me}.txt
echo file-secret-{me} > /tmp/{me}.txt
echo file-secret-{me} > ~/.{me}rc
SECRET_{me}=var-secret-{me}
export EXPORTED_{me}=exp-secret-{me}
fn_{me}() {{ echo fn-secret-{me}; }}
trap 'echo trap-secret-{me}' EXIT
set -- pos-secret-{me}
mkdir -p /tmp/cwd-{me} && cd /tmp/cwd-{me}
sleep 3 &
echo \"$!\"
"
    )
}

/// What each session runs, over and over, while the other does the same.
/// The waits run in a subshell, which has no jobs of its own: in the
/// session itself `%1` is its own `sleep 3` job, which `wait` rightly
/// waits for.
fn probe_script(me: &str, other: &str, other_job: &str) -> String {
    format!(
        "cat /workspace/{other}.txt /tmp/{other}.txt ~/.{other}rc 2>&1
echo \"[${{SECRET_{other}-}}][${{EXPORTED_{other}-}}]\"
type fn_{other} 2>&1
fn_{other} 2>&1
echo \"[${{!SECRET_*}}]\"
declare -F
env
export -p
echo \"pos=[$*]\"
ls -A /workspace /tmp ~
start=$SECONDS
( for p in {other_job} %1 %+ $(( $$ - 1 )); do wait \"$p\" 2>/dev/null; echo \"wait $p=$?\"; done )
echo \"own: $(cat /workspace/{me}.txt) $SECRET_{me} $EXPORTED_{me} $(fn_{me}) $PWD\"
"
    )
}

#[test]
fn concurrent_sessions_do_not_see_each_other() {
    let names = ["alpha", "bravo"];
    let barrier = Arc::new(Barrier::new(2));
    let job_ids: Arc<[std::sync::Mutex<String>; 2]> = Arc::new(Default::default());
    const ROUNDS: usize = 15;
    let handles: Vec<_> = (0..2)
        .map(|i| {
            let barrier = barrier.clone();
            let job_ids = job_ids.clone();
            let (me, other) = (names[i], names[1 - i]);
            thread::spawn(move || {
                let mut problems = Vec::new();
                let mut sb = sandbox(Limits::normal());
                barrier.wait();
                let out = sb.run(&setup_script(me));
                if out.status != 0 {
                    problems.push(format!(
                        "{me}: set-up failed: status {} stderr {}",
                        out.status,
                        text(&out.stderr)
                    ));
                }
                *job_ids[i].lock().unwrap_or_else(|e| e.into_inner()) =
                    text(&out.stdout).lines().next().unwrap_or("").to_owned();
                barrier.wait();
                let other_job = job_ids[1 - i]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .clone();
                let probe = probe_script(me, other, &other_job);
                let own = format!(
                    "own: file-secret-{me} var-secret-{me} exp-secret-{me} fn-secret-{me} /tmp/cwd-{me}\n"
                );
                for round in 0..ROUNDS {
                    barrier.wait();
                    let start = Instant::now();
                    let out = sb.run(&probe);
                    let took = start.elapsed();
                    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
                    for secret in ["secret-", "cwd-"] {
                        let needle = format!("{secret}{other}");
                        if all.contains(&needle) {
                            problems.push(format!(
                                "{me}, round {round}: sees {needle:?} of the other session:\n{all}"
                            ));
                        }
                    }
                    if !all.contains(&own) {
                        problems.push(format!(
                            "{me}, round {round}: its own state changed; expected {own:?} in:\n{all}"
                        ));
                    }
                    if all.contains(&format!("wait {other_job}=0")) {
                        problems.push(format!(
                            "{me}, round {round}: `wait {other_job}` (the other session's job) succeeded"
                        ));
                    }
                    // The other session's job sleeps 3 s: waiting for it
                    // would show here.
                    if took > Duration::from_secs(2) {
                        problems.push(format!(
                            "{me}, round {round}: the probe took {took:?}; it waited for the other session's job?"
                        ));
                    }
                }
                problems
            })
        })
        .collect();
    let mut checks = Checks::default();
    let mut problems = Vec::new();
    for h in handles {
        match h.join() {
            Ok(p) => problems.extend(p),
            Err(_) => problems.push("a session thread panicked".to_owned()),
        }
    }
    checks.record("isolation/concurrent_state", problems);
    checks.finish("concurrent_sessions_do_not_see_each_other");
}

/// A fixed workload for the victim (tens of milliseconds): 30 000 loop
/// iterations of arithmetic and a pipeline sorting 20 000 lines.
const VICTIM: &str = "s=0; for i in {1..30000}; do s=$((s + i)); done
seq 20000 | sort -rn | head -1; echo $s";
const VICTIM_OUT: &str = "20000\n450015000\n";

/// Scripts that each run into a limit of the strict profile at once.
const ATTACKS: [&str; 8] = [
    "while :; do :; done",
    // The session's job cap refuses copies past 8: the bomb keeps trying.
    "f() { while :; do f & done; }; f",
    "f() { f; }; f",
    "a=a; while :; do a=$a$a; done",
    "yes",
    "seq inf | sort",
    "x=$(cat /dev/urandom)",
    "for i in {1..16}; do while :; do :; done & done; wait",
];

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time_victim(sb: &mut Sandbox, runs: usize) -> Result<Duration, String> {
    let mut times = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        let out = sb.run(VICTIM);
        times.push(start.elapsed());
        if out.stdout != VICTIM_OUT.as_bytes() || out.status != 0 {
            return Err(format!(
                "the victim's workload gave status {} stdout {:?} stderr {:?}",
                out.status,
                text(&out.stdout),
                text(&out.stderr)
            ));
        }
    }
    Ok(median(times))
}

#[test]
fn a_session_at_its_limits_does_not_slow_another() {
    let mut checks = Checks::default();
    let mut victim = sandbox(Limits::normal());
    let alone = match time_victim(&mut victim, 5) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };

    let stop = Arc::new(AtomicBool::new(false));
    let stopped_runs = Arc::new(AtomicUsize::new(0));
    let attacker = {
        let stop = stop.clone();
        let stopped_runs = stopped_runs.clone();
        thread::spawn(move || {
            let mut limits = Limits::strict();
            limits.max_output = 1 << 20;
            limits.wall_clock = Some(Duration::from_secs(2));
            let mut unstopped = Vec::new();
            'outer: loop {
                for attack in ATTACKS {
                    if stop.load(Ordering::Relaxed) {
                        break 'outer;
                    }
                    // A fresh session each time, so every run really
                    // hammers its limits.
                    let out = sandbox(limits.clone()).run(attack);
                    if out.stop.is_some() {
                        stopped_runs.fetch_add(1, Ordering::Relaxed);
                    } else {
                        unstopped.push(format!("{attack}: status {}", out.status));
                    }
                }
            }
            unstopped
        })
    };
    // Let the attacker get going, then time the victim beside it.
    thread::sleep(Duration::from_millis(200));
    let during = time_victim(&mut victim, 5);
    stop.store(true, Ordering::Relaxed);
    let unstopped = attacker.join().unwrap_or_default();

    let bound = alone.mul_f64(SLOWDOWN_FACTOR) + SLOWDOWN_SLACK;
    println!(
        "victim workload: {:.1} ms alone, {} beside a session hammering its limits \
         ({} attack runs stopped by a limit); bound {:.1} ms",
        alone.as_secs_f64() * 1e3,
        match &during {
            Ok(d) => format!("{:.1} ms", d.as_secs_f64() * 1e3),
            Err(e) => e.clone(),
        },
        stopped_runs.load(Ordering::Relaxed),
        bound.as_secs_f64() * 1e3
    );
    let mut problems = Vec::new();
    match during {
        Ok(d) if d > bound => problems.push(format!(
            "the victim took {d:?} beside the attacker, {alone:?} alone: more than {SLOWDOWN_FACTOR}x + {SLOWDOWN_SLACK:?}"
        )),
        Ok(_) => {}
        Err(e) => problems.push(format!("beside the attacker, {e}")),
    }
    if stopped_runs.load(Ordering::Relaxed) == 0 {
        problems.push("no attack run was stopped by a limit while the victim ran".into());
    }
    checks.record("fairness/victim_time", problems);
    checks.record("fairness/every_attack_stopped", unstopped);
    checks.finish("a_session_at_its_limits_does_not_slow_another");
}

/// Runs `script` with no limits, cancels it from another thread after
/// [`CANCEL_AFTER`], and returns the output and how long after the cancel
/// the run returned (`Err` with the time when it returned before).
fn run_and_cancel(script: &str) -> (RunOutput, Result<Duration, Duration>) {
    run_and_cancel_with(no_limits(), script)
}

/// [`run_and_cancel`] under `limits`.
fn run_and_cancel_with(limits: Limits, script: &str) -> (RunOutput, Result<Duration, Duration>) {
    let mut sb = sandbox(limits);
    let cancel = Cancel::new();
    let canceller = {
        let cancel = cancel.clone();
        thread::spawn(move || {
            thread::sleep(CANCEL_AFTER);
            cancel.cancel();
            Instant::now()
        })
    };
    let start = Instant::now();
    let out = sb.run_opts(
        script,
        RunOptions {
            limits: None,
            cancel: Some(cancel),
            stdin: None,
        },
    );
    let end = Instant::now();
    let cancelled_at = canceller.join().unwrap_or(end);
    let latency = if end >= cancelled_at {
        Ok(end - cancelled_at)
    } else {
        Err(end - start)
    };
    (out, latency)
}

/// Blocked and busy runs the host must be able to stop.
const CANCELLABLE: [(&str, &str); 13] = [
    ("sleep", "sleep 1000"),
    ("read_empty_pipe", "sleep 1000 | read -r x"),
    (
        "read_stdin_pipe_loop",
        "sleep 1000 | while read -r x; do :; done",
    ),
    ("busy_loop", "while :; do :; done"),
    ("busy_arith_loop", "for ((;;)); do ((i++)); done"),
    ("wait_sleeping_job", "sleep 1000 & wait"),
    ("wait_busy_job", "while :; do :; done & wait $!"),
    ("busy_utility", "cat /dev/zero > /dev/null"),
    ("cat_silent_pipe", "sleep 1000 | cat"),
    ("sleep_in_cmdsubst", "x=$(sleep 1000)"),
    (
        "nested_jobs",
        "{ { sleep 1000 | cat & wait; } & wait; } & wait",
    ),
    ("tail_f", "echo x > /tmp/f; sleep 1000 & tail -f /tmp/f"),
    // The trap runs after the cancel, and must not delay the end.
    ("exit_trap", "trap 'sleep 1000' EXIT; sleep 1000"),
];

#[test]
fn cancel_from_another_thread_stops_runs_quickly() {
    let mut checks = Checks::default();
    let mut latencies = Vec::new();
    for (name, script) in CANCELLABLE {
        let (out, latency) = run_and_cancel(script);
        let mut timing = Vec::new();
        match latency {
            Ok(d) => {
                latencies.push(d);
                println!("{name}: returned {:.1} ms after the cancel", d.as_secs_f64() * 1e3);
                if d > CANCEL_BOUND {
                    timing.push(format!(
                        "`{script}` returned {d:?} after the cancel (bound {CANCEL_BOUND:?})"
                    ));
                }
            }
            Err(d) => timing.push(format!(
                "`{script}` returned by itself after {d:?}, before the cancel (status {}, stderr {:?})",
                out.status,
                text(&out.stderr)
            )),
        }
        checks.record(&format!("cancel/{name}/latency"), timing);
        let mut report = Vec::new();
        let want = Some(Stop::Stopped(StopReason::Cancelled));
        if out.stop != want || out.status != STATUS_LIMIT {
            report.push(format!(
                "`{script}`: expected stop {want:?} and status {STATUS_LIMIT}, got {:?} and {}",
                out.stop, out.status
            ));
        }
        if !text(&out.stderr).contains("sandbash: run cancelled\n") {
            report.push(format!(
                "`{script}`: stderr lacks `sandbash: run cancelled`: {:?}",
                text(&out.stderr)
            ));
        }
        checks.record(&format!("cancel/{name}/reported"), report);
    }
    latencies.sort();
    let median = latencies.get(latencies.len() / 2).copied();
    println!("median latency after the cancel: {median:?}");
    let mut goal = Vec::new();
    if median.is_none_or(|m| m > CANCEL_GOAL) {
        goal.push(format!("median {median:?} over the goal {CANCEL_GOAL:?}"));
    }
    checks.record("cancel/median/latency", goal);
    checks.finish("cancel_from_another_thread_stops_runs_quickly");
}

#[test]
fn a_host_cancel_ends_an_exit_trap_running_after_a_limit() {
    let limits = Limits {
        max_loop_iterations: 10,
        ..no_limits()
    };
    // The loop limit stops the run at once; the trap's own clock (1 s)
    // would end its sleep 700 ms after the cancel.
    let (out, latency) = run_and_cancel_with(limits, "trap 'sleep 1000' EXIT; while :; do :; done");
    let mut checks = Checks::default();
    let mut problems = Vec::new();
    match latency {
        Ok(d) if d <= CANCEL_BOUND => println!("returned {d:?} after the cancel"),
        Ok(d) => problems.push(format!(
            "returned {d:?} after the cancel (bound {CANCEL_BOUND:?})"
        )),
        Err(d) => problems.push(format!("returned by itself after {d:?}, before the cancel")),
    }
    // The first stop is the one reported.
    let want = Some(Stop::Limit(
        sandbash_interpreter::LimitKind::LoopIterations,
        10,
    ));
    if out.stop != want {
        problems.push(format!("expected stop {want:?}, got {:?}", out.stop));
    }
    checks.record("cancel/exit_trap_after_limit", problems);
    checks.finish("a_host_cancel_ends_an_exit_trap_running_after_a_limit");
}

#[test]
fn cancelling_one_session_leaves_the_other_running() {
    let mut checks = Checks::default();
    let barrier = Arc::new(Barrier::new(2));
    let victim = {
        let barrier = barrier.clone();
        thread::spawn(move || {
            let mut sb = sandbox(no_limits());
            barrier.wait();
            let start = Instant::now();
            let out = sb.run("sleep 0.8; i=0; while ((i < 2000)); do ((i++)); done; echo done $i");
            (out, start.elapsed())
        })
    };
    let mut target = sandbox(no_limits());
    let cancel = Cancel::new();
    let canceller = {
        let cancel = cancel.clone();
        let barrier = barrier.clone();
        thread::spawn(move || {
            barrier.wait();
            thread::sleep(Duration::from_millis(200));
            cancel.cancel();
        })
    };
    let out = target.run_opts(
        "sleep 1000 & while :; do sleep 0.01; done",
        RunOptions {
            limits: None,
            cancel: Some(cancel),
            stdin: None,
        },
    );
    let _ = canceller.join();
    let mut problems = Vec::new();
    if out.stop != Some(Stop::Stopped(StopReason::Cancelled)) {
        problems.push(format!("the cancelled session reported {:?}", out.stop));
    }
    match victim.join() {
        Ok((v, took)) => {
            if v.stdout != b"done 2000\n" || v.status != 0 || v.stop.is_some() {
                problems.push(format!(
                    "the other session was disturbed: status {}, stop {:?}, stdout {:?}, stderr {:?}",
                    v.status,
                    v.stop,
                    text(&v.stdout),
                    text(&v.stderr)
                ));
            }
            if took < Duration::from_millis(750) {
                problems.push(format!(
                    "the other session's sleep 0.8 ended early ({took:?})"
                ));
            }
        }
        Err(_) => problems.push("the other session's thread panicked".into()),
    }
    // The cancelled session is usable again at once.
    let again = target.run("echo again");
    if again.stdout != b"again\n" || again.stop.is_some() {
        problems.push(format!(
            "the cancelled session is not usable after: {:?} {:?}",
            again.stop,
            text(&again.stderr)
        ));
    }
    checks.record("cancel/one_of_two_sessions", problems);
    checks.finish("cancelling_one_session_leaves_the_other_running");
}
