//! The hostile corpus: runs every script under `tests/hostile/<category>/`
//! in its own [`Sandbox`] and checks the outcome its header demands (the
//! limit that stops it, its status, what it prints, how long it takes, that
//! the sandbox stays usable and that nothing of the host shows). The format
//! is described in `tests/hostile/README.md`.
//!
//! Every case runs in a child process (this same test binary, told which
//! case to run by `HOSTILE_CHILD`), a few at a time: a case that aborts
//! its process (a stack overflow, an allocation failure) is reported as
//! CRASHED with its signal instead of taking the whole suite down. Inside
//! the child the case runs on its own thread inside `catch_unwind`, under a
//! watchdog that first cancels a case running past its budget and then
//! abandons it; the parent kills a child that outlives even that.
//!
//! Cases listed in `tests/hostile/PENDING` are expected to fail (the code
//! they test is not done). They still run; one that passes makes the test
//! fail, so that it is taken off the list (unless its reason starts with
//! `flaky:`: a race in the code under test makes it pass now and then).
//!
//! Environment knobs:
//! - `HOSTILE_FILTER=substring` runs only the cases whose name contains it.
//! - `HOSTILE_JOBS=n` is how many cases run at once (default 4).
//! - `HOSTILE_PENDING=skip` does not run the pending cases.
//! - `HOSTILE_VERBOSE=1` lists every case with its time and outcome, with
//!   the full report of pending cases too.
//!
//! `cargo test --release -p sandbash-tool --test hostile -- --nocapture`
//! shows the report as it is printed.

#[path = "../../tests/hostile/case.rs"]
mod case;
#[path = "common/line_diff.rs"]
mod line_diff;

use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use case::{After, Case, HOST_SECRET, StreamExpect, Workspace, find, preview};
use line_diff::{diff, display_lines};
use sandbash_interpreter::{Cancel, Stop};
use sandbash_tool::{RunOptions, RunOutput, Sandbox, SandboxOptions, WorkspaceMount};
use sandbash_vfs::FileSystem as _;

/// Stack size of the thread each case runs on.
const CASE_STACK_BYTES: usize = 16 << 20;
/// Cases run at once unless `HOSTILE_JOBS` says otherwise.
const DEFAULT_JOBS: usize = 4;
/// What the liveness probe run after every case prints.
const ALIVE: &str = "__hostile_alive__";
/// How long the liveness probe may take: a session must not stay slowed
/// down by what the case left behind.
const ALIVE_MAX: Duration = Duration::from_secs(2);
/// How long past its budget a case may run before the watchdog cancels it,
/// and how long after that before it is abandoned (in the child) or killed
/// (by the parent).
const WATCHDOG_GRACE: Duration = Duration::from_secs(5);
const WATCHDOG_ABANDON: Duration = Duration::from_secs(3);
const PARENT_KILL_AFTER: Duration = Duration::from_secs(5);
/// Bytes of a stream shown in a report.
const PREVIEW: usize = 400;
/// Set in a child: the case (`category/name.sh`) it runs.
const CHILD_ENV: &str = "HOSTILE_CHILD";
/// Set in a child: every `env-host` value, newline-separated.
const HOST_VALUES_ENV: &str = "HOSTILE_HOST_VALUES";
/// The lines around a child's report on its stdout.
const REPORT_BEGIN: &str = "@@hostile-report-begin";
const REPORT_END: &str = "@@hostile-report-end";

thread_local! {
    static PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Every panic of the child process, on any thread: a panic inside the
/// sandbox's own threads is caught there (the run ends with status 70), so
/// the hook is the only place it shows.
static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Everything one case produced.
struct Outcome {
    main: RunOutput,
    elapsed: Duration,
    after: Option<RunOutput>,
    alive: RunOutput,
    alive_elapsed: Duration,
    peer_after: Option<RunOutput>,
    /// `Some(false)` when a host file of the fixture changed.
    fixture_intact: Option<bool>,
}

enum Run {
    Finished(Box<Outcome>),
    Error(String),
    Panicked(String),
    Hung,
}

/// The cancel signal of whichever run of a case is going on, so the
/// watchdog can stop it.
type Slot = Arc<Mutex<Option<Cancel>>>;

#[test]
fn hostile_corpus() {
    match std::env::var(CHILD_ENV) {
        Ok(rel_path) => child_main(&rel_path),
        Err(_) => parent_main(),
    }
}

fn parent_main() {
    let root = case::corpus_root();
    let filter = std::env::var("HOSTILE_FILTER").unwrap_or_default();
    let verbose = env_flag("HOSTILE_VERBOSE");
    let skip_pending = std::env::var("HOSTILE_PENDING").is_ok_and(|v| v == "skip");
    let jobs = std::env::var("HOSTILE_JOBS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(DEFAULT_JOBS)
        .max(1);

    let pending = match case::load_pending(&root) {
        Ok(p) => p,
        Err(e) => panic!("tests/hostile/PENDING: {e}"),
    };
    let mut load_errors = Vec::new();
    let mut cases = Vec::new();
    for c in case::load_corpus(&root) {
        match c {
            Ok(c) => cases.push(c),
            Err((name, e)) => load_errors.push(format!("{name}: {e}")),
        }
    }
    let names: Vec<&str> = cases.iter().map(|c| c.rel_path.as_str()).collect();
    for (path, entry) in pending.corpus.iter().chain(&pending.rss) {
        if !names.contains(&path.as_str()) {
            load_errors.push(format!(
                "PENDING line {}: no case {path} under tests/hostile",
                entry.line
            ));
        }
    }

    // Host variables for the snooping cases are set before any thread or
    // child starts; children inherit them.
    let mut host_values: Vec<String> = vec![HOST_SECRET.to_owned()];
    for c in &cases {
        for (k, v) in &c.env_host {
            // SAFETY: no other thread of this test binary exists yet (this
            // is its only test and no case has started), so nothing reads
            // the environment concurrently.
            unsafe { std::env::set_var(k, v) };
            host_values.push(v.clone());
        }
    }

    let total_cases = cases.len();
    let selected: Vec<Case> = cases
        .into_iter()
        .filter(|c| c.name.contains(&filter))
        .filter(|c| !(skip_pending && pending.corpus.contains_key(&c.rel_path)))
        .collect();
    assert!(
        !selected.is_empty() || !load_errors.is_empty(),
        "no hostile case matches HOSTILE_FILTER={filter:?}"
    );

    let started = Instant::now();
    let reports = run_children(&selected, jobs, &host_values.join("\n"));
    let wall = started.elapsed();

    let mut per_category: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    let mut failed = Vec::new();
    let mut xpassed = Vec::new();
    let mut xfailed = 0usize;
    let mut slowest: Vec<(Duration, &str)> = Vec::new();
    for (case, (problems, took)) in selected.iter().zip(reports) {
        slowest.push((took, case.name.as_str()));
        let entry = pending.corpus.get(&case.rel_path);
        let counts = per_category.entry(case.category.as_str()).or_default();
        match (problems.is_empty(), entry) {
            (true, None) => {
                counts[0] += 1;
                if verbose {
                    println!("PASS  {} ({:.2}s)", case.name, took.as_secs_f64());
                }
            }
            (false, None) => {
                counts[1] += 1;
                println!(
                    "FAIL  {} (tests/hostile/{}, {:.2}s)\n{}",
                    case.name,
                    case.rel_path,
                    took.as_secs_f64(),
                    problems.join("")
                );
                failed.push(case.name.clone());
            }
            (false, Some(p)) => {
                counts[2] += 1;
                xfailed += 1;
                if verbose {
                    println!(
                        "XFAIL {} ({:.2}s; pending: {})\n{}",
                        case.name,
                        took.as_secs_f64(),
                        p.reason,
                        problems.join("")
                    );
                } else {
                    let first = problems
                        .first()
                        .map(|s| s.lines().next().unwrap_or("").trim().to_owned())
                        .unwrap_or_default();
                    println!("XFAIL {} [{}] {first}", case.name, p.reason);
                }
            }
            (true, Some(p)) if p.reason.starts_with("flaky:") => {
                counts[3] += 1;
                println!(
                    "XPASS {} passed this time (PENDING line {}: {})",
                    case.name, p.line, p.reason
                );
            }
            (true, Some(p)) => {
                counts[3] += 1;
                println!(
                    "XPASS {} now passes: take it off tests/hostile/PENDING (line {}: {})",
                    case.name, p.line, p.reason
                );
                xpassed.push(case.name.clone());
            }
        }
    }
    for e in &load_errors {
        println!("ERROR {e}");
    }
    slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
    let slow: Vec<String> = slowest
        .iter()
        .take(5)
        .map(|(d, n)| format!("{n} {:.1}s", d.as_secs_f64()))
        .collect();
    println!("hostile: slowest cases: {}", slow.join(", "));
    println!("hostile: per category (pass/fail/pending/now-passing):");
    for (cat, [p, f, x, xp]) in &per_category {
        println!("  {cat:<10} {:>3} cases: {p}/{f}/{x}/{xp}", p + f + x + xp);
    }
    println!(
        "hostile: {} of {total_cases} cases run in {:.1}s with {jobs} jobs: {} passed, {} failed, \
         {xfailed} pending (expected failures), {} pending now passing, {} load errors",
        selected.len(),
        wall.as_secs_f64(),
        selected.len() - failed.len() - xfailed - xpassed.len(),
        failed.len(),
        xpassed.len(),
        load_errors.len()
    );
    assert!(
        failed.is_empty() && xpassed.is_empty() && load_errors.is_empty(),
        "hostile corpus: failed {failed:?}; pending but passing (take them off \
         tests/hostile/PENDING) {xpassed:?}; {} load error(s)",
        load_errors.len()
    );
}

fn env_flag(var: &str) -> bool {
    std::env::var(var).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// A child process running one case, with the threads draining its pipes.
struct ChildRun {
    child: Child,
    started: Instant,
    deadline: Instant,
    stdout: thread::JoinHandle<Vec<u8>>,
    stderr: thread::JoinHandle<Vec<u8>>,
}

fn drain(mut r: impl std::io::Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = r.read_to_end(&mut buf);
        buf
    })
}

/// Runs every case in a child process, at most `jobs` at a time; gives each
/// case its problems (empty when it passed) and how long it took.
fn run_children(cases: &[Case], jobs: usize, host_values: &str) -> Vec<(Vec<String>, Duration)> {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => panic!("cannot find this test binary to run cases in children: {e}"),
    };
    let mut results: Vec<Option<(Vec<String>, Duration)>> = cases.iter().map(|_| None).collect();
    let mut live: Vec<(usize, ChildRun)> = Vec::new();
    let mut next = 0;
    while next < cases.len() || !live.is_empty() {
        while live.len() < jobs && next < cases.len() {
            let index = next;
            next += 1;
            let case = &cases[index];
            let spawned = Command::new(&exe)
                .args([
                    "hostile_corpus",
                    "--exact",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_ENV, &case.rel_path)
                .env(HOST_VALUES_ENV, host_values)
                .env_remove("HOSTILE_FILTER")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn();
            match spawned {
                Ok(mut child) => {
                    let (Some(out), Some(err)) = (child.stdout.take(), child.stderr.take()) else {
                        results[index] = Some((
                            vec!["  harness error: no pipes to the child\n".into()],
                            Duration::ZERO,
                        ));
                        let _ = child.kill();
                        let _ = child.wait();
                        continue;
                    };
                    let now = Instant::now();
                    live.push((
                        index,
                        ChildRun {
                            child,
                            started: now,
                            deadline: now + budget(case) + WATCHDOG_ABANDON + PARENT_KILL_AFTER,
                            stdout: drain(out),
                            stderr: drain(err),
                        },
                    ));
                }
                Err(e) => {
                    results[index] = Some((
                        vec![format!("  harness error: cannot start a child: {e}\n")],
                        Duration::ZERO,
                    ))
                }
            }
        }
        thread::sleep(Duration::from_millis(10));
        let mut i = 0;
        while i < live.len() {
            let run = &mut live[i].1;
            let done = match run.child.try_wait() {
                Ok(Some(status)) => Some(Ok((status, false))),
                Ok(None) if Instant::now() >= run.deadline => {
                    // Our own child, killed through its handle.
                    let _ = run.child.kill();
                    Some(run.child.wait().map(|s| (s, true)))
                }
                Ok(None) => None,
                Err(e) => {
                    let _ = run.child.kill();
                    let _ = run.child.wait();
                    Some(Err(e))
                }
            };
            let Some(done) = done else {
                i += 1;
                continue;
            };
            let (index, run) = live.swap_remove(i);
            let took = run.started.elapsed();
            let stdout = run.stdout.join().unwrap_or_default();
            let stderr = run.stderr.join().unwrap_or_default();
            let problems = match done {
                Ok((status, killed)) => child_problems(status, killed, &stdout, &stderr),
                Err(e) => vec![format!("  harness error: waiting for the child: {e}\n")],
            };
            results[index] = Some((problems, took));
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| (vec!["  harness error: no result\n".into()], Duration::ZERO)))
        .collect()
}

/// The problems a child reported, or why it did not report.
fn child_problems(
    status: std::process::ExitStatus,
    killed: bool,
    stdout: &[u8],
    stderr: &[u8],
) -> Vec<String> {
    let text = String::from_utf8_lossy(stdout);
    if let Some(begin) = text.find(REPORT_BEGIN)
        && let Some(end) = text[begin..].find(REPORT_END)
    {
        let body = &text[begin + REPORT_BEGIN.len()..begin + end];
        let body = body.strip_prefix('\n').unwrap_or(body);
        return body
            .split("\n@@\n")
            .filter(|p| !p.is_empty())
            .map(|p| format!("{p}\n"))
            .collect();
    }
    let how = if killed {
        "HUNG: killed by the parent after it outlived its budget and the in-child watchdog"
            .to_owned()
    } else {
        crash_description(status)
    };
    let tail = String::from_utf8_lossy(&stderr[stderr.len().saturating_sub(600)..]).into_owned();
    vec![format!(
        "  {how}\n  its stderr ends with:\n    {}\n",
        tail.trim_end().replace('\n', "\n    ")
    )]
}

#[cfg(unix)]
fn crash_description(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt as _;
    match status.signal() {
        Some(sig) => format!("CRASHED: the process running the case died of signal {sig}"),
        None => {
            format!("CRASHED: the process running the case exited with {status} without a report")
        }
    }
}

#[cfg(not(unix))]
fn crash_description(status: std::process::ExitStatus) -> String {
    format!("CRASHED: the process running the case exited with {status} without a report")
}

/// In a child: runs one case and prints its problems between the report
/// markers, separated by `@@` lines.
fn child_main(rel_path: &str) {
    let root = case::corpus_root();
    let Some((category, file)) = rel_path.split_once('/') else {
        panic!("{CHILD_ENV}={rel_path:?} is not category/name.sh");
    };
    let name = format!("{category}/{}", file.trim_end_matches(".sh"));
    let case = match case::parse_case(category, &name, &root.join(rel_path)) {
        Ok(c) => c,
        Err(e) => panic!("{rel_path}: {e}"),
    };
    let host_values: Vec<Vec<u8>> = std::env::var(HOST_VALUES_ENV)
        .unwrap_or_default()
        .split('\n')
        .filter(|v| !v.is_empty())
        .map(|v| v.as_bytes().to_vec())
        .collect();
    panic::set_hook(Box::new(|info| {
        let location = info.location().map(|l| l.to_string());
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "non-string payload".into());
        let thread = thread::current().name().unwrap_or("unnamed").to_owned();
        PANICS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(format!(
                "thread {thread:?}: {message} at {}",
                location.as_deref().unwrap_or("?")
            ));
        PANIC_LOCATION.with(|p| *p.borrow_mut() = location);
    }));
    let run = run_in_thread(&case);
    let mut problems = check(&case, run, &host_values);
    for p in PANICS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        problems.push(format!("  PANIC: {p}\n"));
    }
    let mut out = format!("{REPORT_BEGIN}\n");
    for p in problems {
        out.push_str(p.trim_end_matches('\n'));
        out.push_str("\n@@\n");
    }
    out.push_str(REPORT_END);
    println!("{out}");
    // Threads a hung case left behind must not keep the child alive.
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    std::process::exit(0);
}

/// How long a case may take in all before the watchdog steps in.
fn budget(case: &Case) -> Duration {
    let wall = case
        .limits
        .wall_clock
        .unwrap_or(case::DEFAULT_WALL_CLOCK)
        .as_secs_f64();
    let mut secs = case.max_seconds + ALIVE_MAX.as_secs_f64();
    if case.after.is_some() {
        secs += wall + 1.0;
    }
    if case.peer.is_some() {
        secs += wall + 1.0;
    }
    if case.peer_after.is_some() {
        secs += wall + 1.0;
    }
    Duration::from_secs_f64(secs) + WATCHDOG_GRACE
}

/// Runs one case on its own thread under the watchdog: past its budget
/// the case's current run is cancelled, and a while after that abandoned.
fn run_in_thread(case: &Case) -> Run {
    let (tx, rx) = mpsc::channel::<Result<Result<Outcome, String>, String>>();
    let slot: Slot = Arc::new(Mutex::new(None));
    let thread_slot = slot.clone();
    let thread_case = case.clone();
    let spawned = thread::Builder::new()
        .name(case.name.clone())
        .stack_size(CASE_STACK_BYTES)
        .spawn(move || {
            let result =
                panic::catch_unwind(AssertUnwindSafe(|| run_case(&thread_case, &thread_slot)));
            let _ = tx.send(result.map_err(panic_message));
        });
    if let Err(e) = spawned {
        return Run::Error(format!("could not start a thread: {e}"));
    }
    let to_run = |r: Result<Result<Outcome, String>, String>| match r {
        Ok(Ok(outcome)) => Run::Finished(Box::new(outcome)),
        Ok(Err(e)) => Run::Error(e),
        Err(message) => Run::Panicked(message),
    };
    match rx.recv_timeout(budget(case)) {
        Ok(r) => return to_run(r),
        Err(mpsc::RecvTimeoutError::Disconnected) => return Run::Error("no outcome".into()),
        Err(mpsc::RecvTimeoutError::Timeout) => {}
    }
    // First cancel whatever runs, then give it a moment.
    if let Some(c) = slot.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        c.cancel();
    }
    match rx.recv_timeout(WATCHDOG_ABANDON) {
        Ok(r) => {
            let mut run = to_run(r);
            if let Run::Finished(o) = &mut run {
                o.main.stderr.extend_from_slice(
                    b"\n[harness: the watchdog cancelled this case past its budget]\n",
                );
            }
            run
        }
        Err(_) => Run::Hung,
    }
}

fn panic_message(payload: Box<dyn Any + Send>) -> String {
    let message = if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    };
    match PANIC_LOCATION.with(|p| p.borrow_mut().take()) {
        Some(location) => format!("{message} (at {location})"),
        None => message,
    }
}

/// A fresh cancel signal for the next run, registered for the watchdog.
fn arm(slot: &Slot) -> Cancel {
    let c = Cancel::new();
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(c.clone());
    c
}

fn run_script(sb: &mut Sandbox, script: &str, slot: &Slot, stdin: Option<Vec<u8>>) -> RunOutput {
    let cancel = arm(slot);
    sb.run_opts(
        script,
        RunOptions {
            limits: None,
            cancel: Some(cancel),
            stdin,
        },
    )
}

fn run_case(case: &Case, slot: &Slot) -> Result<Outcome, String> {
    let fixture = match case.workspace {
        Workspace::Memory => None,
        Workspace::Host | Workspace::Overlay => Some(case::make_host_fixture(&case.name)?),
    };
    let workspace = match (&fixture, case.workspace) {
        (Some(f), Workspace::Host) => WorkspaceMount::Host(f.workspace.clone()),
        (Some(f), Workspace::Overlay) => WorkspaceMount::Overlay(f.workspace.clone()),
        _ => WorkspaceMount::Memory,
    };
    let options = SandboxOptions {
        workspace,
        limits: case.limits.clone(),
        fs_limits: case.fs_limits,
    };
    let mut sb = Sandbox::with_options(options.clone())
        .map_err(|e| format!("Sandbox::with_options: {e}"))?;
    for (link, target) in &case.symlinks {
        if let Some((parent, _)) = link.rsplit_once('/')
            && !parent.is_empty()
        {
            sb.fs()
                .create_dir(parent, true)
                .map_err(|e| format!("mkdir -p {parent}: {e}"))?;
        }
        sb.fs()
            .symlink(target, link)
            .map_err(|e| format!("symlink {link} -> {target}: {e}"))?;
    }
    let mut peer = match &case.peer {
        Some(script) => {
            let mut p = Sandbox::with_options(SandboxOptions {
                workspace: WorkspaceMount::Memory,
                ..options
            })
            .map_err(|e| format!("peer sandbox: {e}"))?;
            // The peer's own outcome is not checked: it only sets the scene.
            let _ = run_script(&mut p, script, slot, None);
            Some(p)
        }
        None => None,
    };

    let cancel = arm(slot);
    let timer = case.cancel_after.map(|after| {
        let c = cancel.clone();
        thread::spawn(move || {
            thread::sleep(after);
            c.cancel();
        })
    });
    let start = Instant::now();
    let main = sb.run_opts(
        &case.script,
        RunOptions {
            limits: None,
            cancel: Some(cancel),
            stdin: case.stdin.clone(),
        },
    );
    let elapsed = start.elapsed();
    if let Some(t) = timer {
        let _ = t.join();
    }

    let after = case
        .after
        .as_ref()
        .map(|a| run_script(&mut sb, &a.script, slot, None));
    let alive_start = Instant::now();
    let alive = run_script(&mut sb, &format!("echo {ALIVE}"), slot, None);
    let alive_elapsed = alive_start.elapsed();
    let peer_after = match (&case.peer_after, peer.as_mut()) {
        (Some(a), Some(p)) => Some(run_script(p, &a.script, slot, None)),
        (Some(_), None) => return Err("peer-after without a peer".into()),
        _ => None,
    };
    Ok(Outcome {
        main,
        elapsed,
        after,
        alive,
        alive_elapsed,
        peer_after,
        fixture_intact: fixture.as_ref().map(|f| {
            f.outside_intact() && (case.workspace != Workspace::Overlay || f.mount_intact())
        }),
    })
}

/// Every way the outcome differs from the case's expectations, each a
/// readable paragraph; empty when the case passes.
fn check(case: &Case, run: Run, host_values: &[Vec<u8>]) -> Vec<String> {
    let o = match run {
        Run::Finished(o) => o,
        Run::Error(e) => return vec![format!("  harness error: {e}\n")],
        Run::Panicked(m) => return vec![format!("  PANICKED: {m}\n")],
        Run::Hung => {
            return vec![format!(
                "  HUNG: still running {:.0}s past its budget, even after a cancel\n",
                (WATCHDOG_GRACE + WATCHDOG_ABANDON).as_secs_f64()
            )];
        }
    };
    let mut problems = Vec::new();
    let allowed: Vec<Option<Stop>> = case
        .expect_stop
        .iter()
        .map(|e| e.as_stop(&case.limits))
        .collect();
    if !allowed.contains(&o.main.stop) {
        let shown: Vec<String> = allowed.iter().map(|s| show_stop(*s)).collect();
        problems.push(format!(
            "  stop: expected {}, got {}\n",
            shown.join(" or "),
            show_stop(o.main.stop)
        ));
    }
    // The message to look for: the actual stop's when it is allowed.
    let expected_stop = if allowed.contains(&o.main.stop) {
        o.main.stop
    } else {
        allowed.first().copied().flatten()
    };
    if !case.expect_status.matches(o.main.status) {
        problems.push(format!(
            "  status: expected {}, got {}\n",
            case.expect_status, o.main.status
        ));
    }
    if let Some(stop) = expected_stop {
        let message = format!("sandbash: {stop}\n");
        if find(&o.main.stderr, message.as_bytes()).is_none() {
            problems.push(format!(
                "  stderr lacks the stop message {:?}; stderr: {}\n",
                message.trim_end(),
                preview_tail(&o.main.stderr)
            ));
        }
    }
    check_stream(&mut problems, "stdout", &case.stdout, &o.main.stdout);
    check_stream(&mut problems, "stderr", &case.stderr, &o.main.stderr);
    let secs = o.elapsed.as_secs_f64();
    if secs > case.max_seconds {
        problems.push(format!(
            "  took {secs:.3}s, more than the {:.3}s allowed\n",
            case.max_seconds
        ));
    }
    if let Some(min) = case.min_seconds
        && secs < min
    {
        problems.push(format!("  took {secs:.3}s, less than {min:.3}s\n"));
    }
    if let (Some(a), Some(out)) = (&case.after, &o.after) {
        check_after(&mut problems, "after", a, out);
    }
    if let (Some(a), Some(out)) = (&case.peer_after, &o.peer_after) {
        check_after(&mut problems, "peer-after", a, out);
    }
    let alive_ok = o.alive.status == 0
        && o.alive.stop.is_none()
        && o.alive.stdout == format!("{ALIVE}\n").as_bytes();
    if !alive_ok {
        problems.push(format!(
            "  the sandbox is not usable after the case: `echo {ALIVE}` gave status {}, \
             stop {}, stdout {}, stderr {}\n",
            o.alive.status,
            show_stop(o.alive.stop),
            preview(&o.alive.stdout, PREVIEW),
            preview(&o.alive.stderr, PREVIEW)
        ));
    }
    if o.alive_elapsed > ALIVE_MAX {
        problems.push(format!(
            "  the sandbox is slow after the case: `echo {ALIVE}` took {:.3}s\n",
            o.alive_elapsed.as_secs_f64()
        ));
    }
    if o.fixture_intact == Some(false) {
        problems.push(
            "  LEAK: a host file was changed (outside the mount, or under a read-only overlay)\n"
                .into(),
        );
    }
    let mut streams: Vec<(&str, &[u8])> = vec![
        ("stdout", &o.main.stdout),
        ("stderr", &o.main.stderr),
        ("alive stdout", &o.alive.stdout),
        ("alive stderr", &o.alive.stderr),
    ];
    if let Some(a) = &o.after {
        streams.push(("after stdout", &a.stdout));
        streams.push(("after stderr", &a.stderr));
    }
    for value in host_values.iter().chain(&case.forbid) {
        for (what, bytes) in &streams {
            if let Some(at) = find(bytes, value) {
                problems.push(format!(
                    "  LEAK: {what} contains the forbidden text {:?} at byte {at}\n",
                    String::from_utf8_lossy(value)
                ));
            }
        }
    }
    problems
}

fn check_after(problems: &mut Vec<String>, what: &str, a: &After, out: &RunOutput) {
    if !a.status.matches(out.status) || out.stop.is_some() {
        problems.push(format!(
            "  {what} `{}`: expected status {} and no stop, got status {} and stop {}; stderr {}\n",
            a.script,
            a.status,
            out.status,
            show_stop(out.stop),
            preview(&out.stderr, PREVIEW)
        ));
    }
    check_stream(problems, &format!("{what} stdout"), &a.stdout, &out.stdout);
    check_stream(problems, &format!("{what} stderr"), &a.stderr, &out.stderr);
}

fn show_stop(s: Option<Stop>) -> String {
    match s {
        None => "no stop".into(),
        Some(s) => format!("{s:?} ({s})"),
    }
}

fn preview_tail(bytes: &[u8]) -> String {
    if bytes.len() <= PREVIEW {
        return preview(bytes, PREVIEW);
    }
    format!(
        "...{} ({} bytes in all)",
        preview(&bytes[bytes.len() - PREVIEW..], PREVIEW),
        bytes.len()
    )
}

fn check_stream(problems: &mut Vec<String>, what: &str, e: &StreamExpect, actual: &[u8]) {
    if e.is_empty() {
        return;
    }
    if let Some(exact) = &e.exact
        && exact != actual
    {
        let mut s = format!("  {what} differs (-expected +actual):\n");
        if exact.len() < 64 << 10 && actual.len() < 64 << 10 {
            s.push_str(&diff(&display_lines(exact), &display_lines(actual), 80));
        } else {
            let _ = writeln!(s, "    -{}", preview(exact, PREVIEW));
            let _ = writeln!(s, "    +{}", preview(actual, PREVIEW));
        }
        problems.push(s);
    }
    if let Some(prefix) = &e.prefix
        && !actual.starts_with(prefix)
    {
        problems.push(format!(
            "  {what} does not start with {}; it starts with {}\n",
            preview(prefix, PREVIEW),
            preview(actual, PREVIEW.max(prefix.len() + 20))
        ));
    }
    for needle in &e.contains {
        if find(actual, needle).is_none() {
            problems.push(format!(
                "  {what} does not contain {}; {what}: {}\n",
                preview(needle, PREVIEW),
                preview_tail(actual)
            ));
        }
    }
    for needle in &e.not_contains {
        if let Some(at) = find(actual, needle) {
            let from = at.saturating_sub(80);
            problems.push(format!(
                "  {what} contains {} (at byte {at}: ...{})\n",
                preview(needle, PREVIEW),
                preview(&actual[from..], 200)
            ));
        }
    }
    if let Some(range) = e.bytes
        && !range.contains(actual.len() as u64)
    {
        problems.push(format!(
            "  {what} has {} bytes, expected {range}; it starts with {}\n",
            actual.len(),
            preview(actual, 120)
        ));
    }
}
