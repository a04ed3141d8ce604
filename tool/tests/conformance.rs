//! Bash conformance: runs every case under `tests/conformance/cases` in a
//! fresh [`Sandbox`] and compares the result with what GNU bash produced
//! (recorded by `tests/conformance/record.sh`; the format is described in
//! `tests/conformance/README.md`).
//!
//! Each case runs on its own thread with a large stack, inside
//! `catch_unwind`, and is abandoned after a timeout, so one panicking or
//! hanging case cannot take the others down. Every mismatch is reported
//! with a line diff; the run ends with the line
//! `conformance: N passed, M failed` and fails if M > 0.
//!
//! Environment knobs:
//! - `CONFORMANCE_FILTER=substring` runs only the cases whose name
//!   (`group/name`) contains the substring.
//! - `CONFORMANCE_TIMEOUT=seconds` is the per-case timeout (default 10).
//! - `CONFORMANCE_JOBS=n` is how many cases run at once (default: the
//!   available parallelism).
//! - `CONFORMANCE_VERBOSE=1` also lists the cases that pass and keeps
//!   Rust's default panic output (with backtraces) for panicking cases;
//!   otherwise a panic is reported in one line with its location.
//!
//! Run with `cargo test -p sandbash-tool --test conformance -- --nocapture`
//! to see the report as it is printed.

#[path = "common/line_diff.rs"]
mod line_diff;

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use line_diff::{diff, display_lines};
use sandbash_tool::{RunOutput, Sandbox};

/// What `tests/conformance/record.sh` sets on top of bash's own
/// variables (`env -i HOME=/home/agent PATH=/usr/bin:/bin LC_ALL=C
/// TERM=dumb`) and the sandbox's defaults lack: every case runs in the
/// locale it was recorded in (`LC_ALL=C` outranks the sandbox's
/// `LANG=C.UTF-8`), while agents keep the sandbox's default.
fn recording_env() -> Vec<(String, String)> {
    [("LC_ALL", "C"), ("TERM", "dumb")]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// Stack size of the thread each case runs on.
const CASE_STACK_BYTES: usize = 64 << 20;
/// Default per-case timeout in seconds.
const DEFAULT_TIMEOUT_SECS: u64 = 10;
/// First-line marker of a case whose stderr is compared.
const CHECK_STDERR: &str = "# check-stderr";
/// Most diff lines printed per stream of a failing case.
const MAX_DIFF_LINES: usize = 200;

/// One recorded case.
struct Case {
    /// `group/name`, the path under the cases directory without `.sh`.
    name: String,
    /// The script file relative to the workspace root, for the report.
    path: PathBuf,
    /// The script text, run as is.
    script: String,
    /// The expected stdout, or why it could not be read.
    stdout: Result<Vec<u8>, String>,
    /// The expected status, or why it could not be read.
    status: Result<i32, String>,
    /// The expected stderr when the case checks it.
    stderr: Option<Result<Vec<u8>, String>>,
}

thread_local! {
    /// Where the last panic on this thread happened, recorded by the quiet
    /// panic hook.
    static PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// How running one case ended.
enum Run {
    Finished(RunOutput),
    Panicked(String),
    Hung,
    NotStarted(String),
}

#[test]
fn conformance() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance/cases");
    let filter = std::env::var("CONFORMANCE_FILTER").unwrap_or_default();
    let verbose = std::env::var("CONFORMANCE_VERBOSE").is_ok_and(|v| !v.is_empty() && v != "0");
    let timeout =
        Duration::from_secs(env_number("CONFORMANCE_TIMEOUT").unwrap_or(DEFAULT_TIMEOUT_SECS));
    let jobs = env_number("CONFORMANCE_JOBS")
        .map(|n| n as usize)
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);

    let mut scripts = Vec::new();
    collect_scripts(&root, &mut scripts);
    scripts.sort();
    let cases: Vec<Case> = scripts
        .iter()
        .map(|path| load_case(&root, path))
        .filter(|case| case.name.contains(&filter))
        .collect();
    assert!(
        !cases.is_empty(),
        "no conformance case under {} matches CONFORMANCE_FILTER={filter:?}",
        root.display()
    );

    if !verbose {
        panic::set_hook(Box::new(|info| {
            let location = info.location().map(|l| l.to_string());
            PANIC_LOCATION.with(|p| *p.borrow_mut() = location);
        }));
    }
    let runs = run_all(&cases, jobs, timeout);
    if !verbose {
        // Back to the default hook for the final verdict (and any panic of
        // an abandoned case from now on).
        drop(panic::take_hook());
    }

    let (mut passed, mut failed) = (0usize, 0usize);
    for (case, run) in cases.iter().zip(runs) {
        match check(case, run) {
            None => {
                passed += 1;
                if verbose {
                    println!("PASS {}", case.name);
                }
            }
            Some(report) => {
                failed += 1;
                println!("FAIL {} ({})\n{report}", case.name, case.path.display());
            }
        }
    }
    println!("conformance: {passed} passed, {failed} failed");
    assert!(failed == 0, "conformance: {failed} case(s) failed");
}

/// Reads a non-negative number from an environment variable.
fn env_number(var: &str) -> Option<u64> {
    let value = std::env::var(var).ok()?;
    match value.trim().parse() {
        Ok(n) => Some(n),
        Err(_) => panic!("{var} must be a non-negative integer, got {value:?}"),
    }
}

/// Every `*.sh` file below `dir`.
fn collect_scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("reading a directory entry").path();
        if path.is_dir() {
            collect_scripts(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "sh") {
            out.push(path);
        }
    }
}

/// Reads a case script and its expectations. A missing or malformed
/// expectation is kept as an error and reported as a failure of the case.
fn load_case(root: &Path, path: &Path) -> Case {
    let rel = path.strip_prefix(root).unwrap_or(path).with_extension("");
    let name = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let script =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let read = |ext: &str| {
        let file = path.with_extension(ext);
        fs::read(&file)
            .map_err(|e| format!("{}: {e} (run tests/conformance/record.sh)", file.display()))
    };
    let status = read("status").and_then(|bytes| {
        let text = String::from_utf8_lossy(&bytes);
        text.trim().parse().map_err(|_| {
            format!(
                "{}: not a status: {text:?}",
                path.with_extension("status").display()
            )
        })
    });
    let checks_stderr = script
        .lines()
        .next()
        .is_some_and(|l| l.trim_end() == CHECK_STDERR);
    Case {
        path: PathBuf::from(format!("tests/conformance/cases/{name}.sh")),
        name,
        stdout: read("out"),
        status,
        stderr: checks_stderr.then(|| read("err")),
        script,
    }
}

/// Runs every case, at most `jobs` at a time, each in a fresh sandbox on
/// its own thread. A case still running after `timeout` is reported as
/// hung; its thread is left behind (it cannot be stopped from outside).
fn run_all(cases: &[Case], jobs: usize, timeout: Duration) -> Vec<Run> {
    let (tx, rx) = mpsc::channel::<(usize, Result<RunOutput, String>)>();
    let mut runs: Vec<Option<Run>> = cases.iter().map(|_| None).collect();
    let mut deadlines: HashMap<usize, Instant> = HashMap::new();
    let mut next = 0;
    loop {
        while deadlines.len() < jobs && next < cases.len() {
            let index = next;
            next += 1;
            let script = cases[index].script.clone();
            let tx = tx.clone();
            let spawned = thread::Builder::new()
                .name(cases[index].name.clone())
                .stack_size(CASE_STACK_BYTES)
                .spawn(move || {
                    let result = panic::catch_unwind(AssertUnwindSafe(|| {
                        let mut sandbox = Sandbox::new();
                        sandbox.set_base_env(recording_env(), true);
                        sandbox.run(&script)
                    }));
                    // The receiver is gone only if the case was abandoned.
                    let _ = tx.send((index, result.map_err(panic_message)));
                });
            match spawned {
                Ok(_) => {
                    deadlines.insert(index, Instant::now() + timeout);
                }
                Err(e) => runs[index] = Some(Run::NotStarted(e.to_string())),
            }
        }
        let Some(&earliest) = deadlines.values().min() else {
            break;
        };
        match rx.recv_timeout(earliest.saturating_duration_since(Instant::now())) {
            Ok((index, result)) => {
                if deadlines.remove(&index).is_some() {
                    runs[index] = Some(match result {
                        Ok(output) => Run::Finished(output),
                        Err(message) => Run::Panicked(message),
                    });
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let now = Instant::now();
                deadlines.retain(|&index, deadline| {
                    let expired = *deadline <= now;
                    if expired {
                        runs[index] = Some(Run::Hung);
                    }
                    !expired
                });
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => unreachable!("the sender is held here"),
        }
    }
    runs.into_iter()
        .map(|run| run.expect("every case has an outcome"))
        .collect()
}

/// The text of a panic payload, with the panic's location when the quiet
/// hook recorded it on this thread.
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

/// Compares a run with the case's expectations: `None` if it matches, else
/// a readable report.
fn check(case: &Case, run: Run) -> Option<String> {
    let output = match run {
        Run::Finished(output) => output,
        Run::Panicked(message) => return Some(format!("  panicked: {message}\n")),
        Run::Hung => return Some("  hung: no result before the timeout\n".to_string()),
        Run::NotStarted(error) => return Some(format!("  could not start a thread: {error}\n")),
    };
    let mut report = String::new();
    match &case.status {
        Ok(expected) if *expected == output.status => {}
        Ok(expected) => {
            let _ = writeln!(
                report,
                "  status: expected {expected}, got {}",
                output.status
            );
        }
        Err(e) => {
            let _ = writeln!(report, "  missing expectation: {e}");
        }
    }
    compare_stream(&mut report, "stdout", &case.stdout, &output.stdout);
    if let Some(expected) = &case.stderr {
        compare_stream(&mut report, "stderr", expected, &output.stderr);
    }
    (!report.is_empty()).then_some(report)
}

/// Appends a diff of one output stream to `report` if it differs.
fn compare_stream(
    report: &mut String,
    what: &str,
    expected: &Result<Vec<u8>, String>,
    actual: &[u8],
) {
    match expected {
        Ok(expected) if expected == actual => {}
        Ok(expected) => {
            let _ = writeln!(report, "  {what} differs (-expected +actual):");
            report.push_str(&diff(
                &display_lines(expected),
                &display_lines(actual),
                MAX_DIFF_LINES,
            ));
        }
        Err(e) => {
            let _ = writeln!(report, "  missing expectation: {e}");
        }
    }
}
