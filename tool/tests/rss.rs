//! The memory bound, measured from outside: every `memory`, `output` and
//! `parser` case of the hostile corpus runs through the release `sandbash` binary
//! under `/usr/bin/time -v`, and its peak resident set size must stay
//! under the case's `max_memory` plus [`RSS_OVERHEAD`].
//!
//! `sandbash --profile strict -c true` peaks at about 4.5 MB (x86-64
//! Linux, release); the overhead also covers what `max_memory` leaves out
//! by design: pipe buffers (64 KiB each), the thread stacks pipeline
//! stages and jobs actually touch, utilities' I/O buffers, the parsed
//! script and allocator slack. See `tests/hostile/README.md`.
//!
//! Skipped without `/usr/bin/time`. Cases the command cannot reproduce
//! (a host fixture, a peer, a cancel, symlinks, `env-host`, or a limit it
//! has no flag for) are skipped and listed. Each run's wall clock is capped
//! at [`MAX_WALL_CLOCK`]: floods and balloons reach their peak long
//! before, and the suite stays fast.
//!
//! Known failures are `rss category/name.sh # reason` lines of
//! `tests/hostile/PENDING`; one that passes fails the test, as in the
//! corpus. Knobs: `RSS_FILTER=substring`, `RSS_JOBS=n` (default 4),
//! `RSS_VERBOSE=1` (every case with its peak).

#[path = "../../tests/hostile/case.rs"]
mod case;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use case::{Case, Workspace};

/// What the host may use beyond the configured `max_memory`.
const RSS_OVERHEAD: u64 = 40 << 20;
/// The longest wall clock a run gets here.
const MAX_WALL_CLOCK: Duration = Duration::from_secs(2);
/// How long past its wall clock a run may go before it is killed.
const KILL_GRACE: Duration = Duration::from_secs(10);
const TIME: &str = "/usr/bin/time";
const DEFAULT_JOBS: usize = 4;

struct Measure {
    /// Peak RSS in bytes, if `/usr/bin/time` reported it.
    peak: Option<u64>,
    exit: String,
    stderr_tail: String,
    took: Duration,
    killed: bool,
}

/// Why a case cannot be reproduced with the `sandbash` command.
fn unsupported(c: &Case) -> Option<String> {
    let mut why = c.cli_unsupported.clone();
    if c.workspace != Workspace::Memory {
        why.push("host fixture".into());
    }
    if c.peer.is_some() {
        why.push("peer".into());
    }
    if c.cancel_after.is_some() {
        why.push("cancel-after".into());
    }
    if !c.symlinks.is_empty() {
        why.push("symlinks".into());
    }
    if !c.env_host.is_empty() {
        why.push("env-host".into());
    }
    (!why.is_empty()).then(|| why.join(", "))
}

fn temp_dir() -> PathBuf {
    std::env::temp_dir().join(format!("sandbash-rss-{}", std::process::id()))
}

/// Starts `sandbash` on the case under `/usr/bin/time -v`.
fn start(c: &Case, dir: &Path) -> Result<Child, String> {
    let stem = c.name.replace('/', "-");
    let script = dir.join(format!("{stem}.sh"));
    std::fs::write(&script, c.script.as_bytes())
        .map_err(|e| format!("writing {}: {e}", script.display()))?;
    let stdin = match &c.stdin {
        Some(bytes) => {
            let p = dir.join(format!("{stem}.stdin"));
            std::fs::write(&p, bytes).map_err(|e| format!("writing {}: {e}", p.display()))?;
            Stdio::from(std::fs::File::open(&p).map_err(|e| format!("{}: {e}", p.display()))?)
        }
        None => Stdio::null(),
    };
    let mut flags = c.cli_flags();
    let wall = c
        .limits
        .wall_clock
        .unwrap_or(MAX_WALL_CLOCK)
        .min(MAX_WALL_CLOCK);
    if let Some(i) = flags.iter().position(|f| f == "--timeout") {
        flags[i + 1] = format!("{}", wall.as_secs_f64());
    } else {
        flags.push("--timeout".into());
        flags.push(format!("{}", wall.as_secs_f64()));
    }
    Command::new(TIME)
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_sandbash"))
        .args(&flags)
        .arg(&script)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("starting {TIME}: {e}"))
}

/// Reads a child's pipe to the end on a thread, keeping only the tail.
fn drain_tail(
    mut r: impl std::io::Read + Send + 'static,
    keep: usize,
) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut tail = Vec::new();
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match r.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    tail.extend_from_slice(&buf[..n]);
                    if tail.len() > 2 * keep {
                        tail.drain(..tail.len() - keep);
                    }
                }
            }
        }
        tail
    })
}

/// `Maximum resident set size (kbytes): N` from `time -v`, in bytes.
fn parse_peak(stderr: &str) -> Option<u64> {
    stderr
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix("Maximum resident set size (kbytes):"))
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(|kb| kb * 1024)
}

/// Runs every case (at most `jobs` at once) and measures it.
fn measure_all(cases: &[&Case], jobs: usize, dir: &Path) -> Vec<Result<Measure, String>> {
    struct Live {
        index: usize,
        child: Child,
        started: Instant,
        deadline: Instant,
        stdout: thread::JoinHandle<Vec<u8>>,
        stderr: thread::JoinHandle<Vec<u8>>,
    }
    let mut results: Vec<Option<Result<Measure, String>>> = cases.iter().map(|_| None).collect();
    let mut live: Vec<Live> = Vec::new();
    let mut next = 0;
    while next < cases.len() || !live.is_empty() {
        while live.len() < jobs && next < cases.len() {
            let index = next;
            next += 1;
            match start(cases[index], dir) {
                Ok(mut child) => {
                    let (Some(out), Some(err)) = (child.stdout.take(), child.stderr.take()) else {
                        let _ = child.kill();
                        let _ = child.wait();
                        results[index] = Some(Err("no pipes to the child".into()));
                        continue;
                    };
                    let now = Instant::now();
                    live.push(Live {
                        index,
                        child,
                        started: now,
                        deadline: now + MAX_WALL_CLOCK + KILL_GRACE,
                        stdout: drain_tail(out, 256),
                        stderr: drain_tail(err, 16 << 10),
                    });
                }
                Err(e) => results[index] = Some(Err(e)),
            }
        }
        thread::sleep(Duration::from_millis(10));
        let mut i = 0;
        while i < live.len() {
            let l = &mut live[i];
            let done = match l.child.try_wait() {
                Ok(Some(status)) => Some(Ok((status, false))),
                Ok(None) if Instant::now() >= l.deadline => {
                    // Our own child (`time`), killed through its handle; its
                    // own child then sees its pipes close.
                    let _ = l.child.kill();
                    Some(l.child.wait().map(|s| (s, true)))
                }
                Ok(None) => None,
                Err(e) => Some(Err(e)),
            };
            let Some(done) = done else {
                i += 1;
                continue;
            };
            let l = live.swap_remove(i);
            let took = l.started.elapsed();
            let _ = l.stdout.join();
            let stderr = String::from_utf8_lossy(&l.stderr.join().unwrap_or_default()).into_owned();
            results[l.index] = Some(match done {
                Ok((status, killed)) => Ok(Measure {
                    peak: parse_peak(&stderr),
                    exit: status.to_string(),
                    stderr_tail: stderr
                        .lines()
                        .filter(|l| !l.starts_with('\t'))
                        .take(6)
                        .collect::<Vec<_>>()
                        .join(" | "),
                    took,
                    killed,
                }),
                Err(e) => Err(format!("waiting for {TIME}: {e}")),
            });
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err("no result".into())))
        .collect()
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
}

#[test]
fn peak_rss_stays_under_max_memory_plus_overhead() {
    if !Path::new(TIME).exists() {
        println!("rss: {TIME} not found; skipped");
        return;
    }
    let root = case::corpus_root();
    let pending = match case::load_pending(&root) {
        Ok(p) => p.rss,
        Err(e) => panic!("tests/hostile/PENDING: {e}"),
    };
    let filter = std::env::var("RSS_FILTER").unwrap_or_default();
    let verbose = std::env::var("RSS_VERBOSE").is_ok_and(|v| !v.is_empty() && v != "0");
    let jobs = std::env::var("RSS_JOBS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(DEFAULT_JOBS)
        .max(1);
    let mut errors = Vec::new();
    let mut all = Vec::new();
    for c in case::load_corpus(&root) {
        match c {
            Ok(c) => all.push(c),
            Err((name, e)) => errors.push(format!("{name}: {e}")),
        }
    }
    let mut cases = Vec::new();
    for c in &all {
        if !matches!(c.category.as_str(), "memory" | "output" | "parser")
            || !c.name.contains(&filter)
        {
            continue;
        }
        match unsupported(c) {
            Some(why) => println!("SKIP  {} (the command cannot reproduce: {why})", c.name),
            None => cases.push(c),
        }
    }
    let dir = temp_dir();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        panic!("creating {}: {e}", dir.display());
    }

    // The baseline: an empty run of the same binary.
    let baseline_case = match all.iter().find(|c| c.name == "memory/array_index_2_62") {
        Some(c) => Case {
            script: "true\n".into(),
            ..c.clone()
        },
        None => panic!("the corpus lacks memory/array_index_2_62, used for the baseline run"),
    };
    let baseline = measure_all(&[&baseline_case], 1, &dir);
    let baseline_peak = match baseline.first() {
        Some(Ok(Measure { peak: Some(p), .. })) => *p,
        other => panic!(
            "the baseline run `sandbash --profile strict true` gave no peak RSS: {}",
            match other {
                Some(Ok(m)) => format!("exit {}, stderr {}", m.exit, m.stderr_tail),
                Some(Err(e)) => e.clone(),
                None => "no result".into(),
            }
        ),
    };
    println!(
        "rss: baseline (`sandbash --profile strict` running `true`): {}; bound = max_memory + {}",
        mib(baseline_peak),
        mib(RSS_OVERHEAD)
    );
    assert!(
        baseline_peak < RSS_OVERHEAD / 2,
        "the baseline RSS {} leaves too little of the {} overhead",
        mib(baseline_peak),
        mib(RSS_OVERHEAD)
    );

    let started = Instant::now();
    let measures = measure_all(&cases, jobs, &dir);
    let _ = std::fs::remove_dir_all(&dir);

    let (mut passed, mut xfailed) = (0usize, 0usize);
    let mut failed = Vec::new();
    let mut xpassed = Vec::new();
    let mut worst: Vec<(u64, &str)> = Vec::new();
    for (c, m) in cases.iter().zip(measures) {
        let bound = c.limits.max_memory.saturating_add(RSS_OVERHEAD);
        let problem = match &m {
            Err(e) => Some(format!("harness error: {e}")),
            Ok(m) if m.peak.is_none() => Some(format!(
                "no peak RSS reported ({}{}); stderr: {}",
                m.exit,
                if m.killed { ", killed" } else { "" },
                m.stderr_tail
            )),
            Ok(Measure {
                peak: Some(p),
                exit,
                ..
            }) if *p > bound => Some(format!(
                "peak RSS {} > {} (max_memory {} + {}); {exit}",
                mib(*p),
                mib(bound),
                mib(c.limits.max_memory),
                mib(RSS_OVERHEAD)
            )),
            Ok(_) => None,
        };
        if let Ok(Measure { peak: Some(p), .. }) = &m {
            worst.push((*p, c.name.as_str()));
        }
        let took = m.as_ref().map(|m| m.took).unwrap_or_default();
        let peak = match &m {
            Ok(Measure { peak: Some(p), .. }) => mib(*p),
            _ => "?".into(),
        };
        match (problem, pending.get(&c.rel_path)) {
            (None, None) => {
                passed += 1;
                if verbose {
                    println!("PASS  {} peak {peak} ({:.1}s)", c.name, took.as_secs_f64());
                }
            }
            (Some(p), None) => {
                println!("FAIL  {}: {p}", c.name);
                failed.push(c.name.clone());
            }
            (Some(p), Some(e)) => {
                xfailed += 1;
                println!("XFAIL {} [{}] {p}", c.name, e.reason);
            }
            (None, Some(e)) if e.reason.starts_with("flaky:") => {
                passed += 1;
                println!(
                    "XPASS {} peak {peak} (PENDING line {}: {})",
                    c.name, e.line, e.reason
                );
            }
            (None, Some(e)) => {
                println!(
                    "XPASS {} peak {peak} is within the bound now: take `rss {}` off \
                     tests/hostile/PENDING (line {})",
                    c.name, c.rel_path, e.line
                );
                xpassed.push(c.name.clone());
            }
        }
    }
    for (path, e) in &pending {
        if !all.iter().any(|c| &c.rel_path == path) {
            errors.push(format!("PENDING line {}: no case {path}", e.line));
        }
    }
    worst.sort_by_key(|w| std::cmp::Reverse(w.0));
    let top: Vec<String> = worst
        .iter()
        .take(5)
        .map(|(p, n)| format!("{n} {}", mib(*p)))
        .collect();
    println!("rss: highest peaks: {}", top.join(", "));
    for e in &errors {
        println!("ERROR {e}");
    }
    println!(
        "rss: {} cases in {:.1}s with {jobs} jobs: {passed} within the bound, {} over, \
         {xfailed} pending, {} pending now within",
        cases.len(),
        started.elapsed().as_secs_f64(),
        failed.len(),
        xpassed.len()
    );
    assert!(
        failed.is_empty() && xpassed.is_empty() && errors.is_empty(),
        "rss: over the bound {failed:?}; pending but within (take them off PENDING) {xpassed:?}; \
         errors {errors:?}"
    );
}
