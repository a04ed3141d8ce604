//! Replays the fuzzers' kept inputs as ordinary tests.
//!
//! Every file under `fuzz/regressions/<target>/` is an input that once
//! crashed (or that exercises something worth keeping) the cargo-fuzz
//! target of that name; it is run here through the very same target body,
//! `fuzz/src/bodies.rs`, included below with `#[path]` (it depends only on
//! std and the sandbash crates). Inputs of the `grammar` target are kept
//! as the generated script text and replayed like `interpreter` inputs,
//! in both workspace modes (in-memory and host directory).
//!
//! A body signals a bug by panicking, on this thread or on any thread it
//! starts (the sandbox runs scripts on its own thread and would turn a
//! panic there into status 70), so a panic hook counts panics and a replay
//! fails when the count moves. Each replay runs on a thread with an 8 MiB
//! stack, the size libFuzzer's main thread has.
//!
//! Inputs that still crash are kept in `fuzz/regressions-open/` instead
//! and are not replayed (see `fuzz/FINDINGS.md`).

#[path = "../../fuzz/src/awk_body.rs"]
mod awk_body;
#[path = "../../fuzz/src/bc_body.rs"]
mod bc_body;
#[allow(dead_code)]
#[path = "../../fuzz/src/bodies.rs"]
mod bodies;
#[path = "../../fuzz/src/decoders_body.rs"]
mod decoders_body;
#[path = "../../fuzz/src/find_body.rs"]
mod find_body;
#[path = "../../fuzz/src/jq_body.rs"]
mod jq_body;
#[path = "../../fuzz/src/sed_body.rs"]
mod sed_body;
#[path = "../../fuzz/src/word_body.rs"]
mod word_body;

use std::path::{Path, PathBuf};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Panics seen anywhere in this test process, except those the
/// interpreter contains around brush-parser calls: its filter wraps
/// whichever hook is in place at its first parse, and every test here
/// installs this one before it parses anything.
static PANICS: AtomicUsize = AtomicUsize::new(0);

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
}

fn regressions_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target)
}

/// The kept inputs of a target, sorted by name (README files skipped).
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    inputs_in(&regressions_dir(target))
}

/// The files in `dir`, sorted by name (README files skipped).
fn inputs_in(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("README"))
        })
        .map(|p| {
            let name = p
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            let data = std::fs::read(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()));
            (name, data)
        })
        .collect();
    out.sort();
    out
}

/// Runs every kept input of `target` through `body`; fails listing the
/// inputs that panicked.
fn replay(target: &str, body: fn(&[u8])) {
    replay_inputs(&format!("fuzz/regressions/{target}"), &inputs(target), body);
}

/// Runs `cases` (named inputs from `label`) through `body`; fails listing
/// the inputs that panicked.
fn replay_inputs(label: &str, cases: &[(String, Vec<u8>)], body: fn(&[u8])) {
    count_panics();
    let target = label.rsplit('/').next().unwrap_or(label);
    assert!(!cases.is_empty(), "no inputs under {label}/");
    let mut failed = Vec::new();
    for (name, data) in cases {
        let before = PANICS.load(Ordering::SeqCst);
        let data = data.clone();
        let joined = std::thread::Builder::new()
            .name(format!("replay-{target}-{name}"))
            .stack_size(8 << 20)
            .spawn(move || body(&data))
            .expect("spawn replay thread")
            .join();
        if joined.is_err() || PANICS.load(Ordering::SeqCst) != before {
            failed.push(name.clone());
        }
    }
    assert!(
        failed.is_empty(),
        "{label}: {} of {} inputs failed: {failed:?}",
        failed.len(),
        cases.len()
    );
}

/// A script in both workspace modes; prints how each run ended (shown
/// with `-- --nocapture`).
fn script_both_modes(data: &[u8]) {
    let script = String::from_utf8_lossy(data);
    if let Some(id) = bodies::known_open_issue(&script) {
        println!("  skipped: would hit open finding {id}");
        return;
    }
    for host in [false, true] {
        let started = std::time::Instant::now();
        let Some(out) = bodies::run_checked(&script, host) else {
            continue;
        };
        let stderr = String::from_utf8_lossy(&out.stderr);
        println!(
            "  host={host} status={} stop={:?} {:?} stdout={}B stderr: {}",
            out.status,
            out.stop,
            started.elapsed(),
            out.stdout.len(),
            stderr.lines().take(12).collect::<Vec<_>>().join(" | ")
        );
    }
}

#[test]
fn parse() {
    replay("parse", bodies::parse);
}

#[test]
fn interpreter() {
    replay("interpreter", script_both_modes);
}

#[test]
fn grammar() {
    replay("grammar", script_both_modes);
}

#[test]
fn grammar_diff() {
    replay("grammar_diff", bodies::grammar_diff);
}

#[test]
fn lexer() {
    replay("lexer", bodies::lexer);
}

#[test]
fn arith() {
    replay("arith", bodies::arith);
}

#[test]
fn pattern() {
    replay("pattern", bodies::pattern);
}

#[test]
fn vfs_path() {
    replay("vfs_path", bodies::vfs_ops);
}

#[test]
fn utils() {
    replay("utils", bodies::utils);
}

/// Invariant: a seed of the `utils` target named `UTIL_...` starts with
/// UTIL's index in `UTILS` (byte 0 picks the utility), so that the seeds
/// keep exercising the utility they were written for: `UTILS` only grows
/// at its end. Every seed also runs through the body like a regression.
#[test]
fn utils_seeds_name_their_utility() {
    let registry = sandbash_builtins::registry();
    for u in bodies::UTILS {
        assert!(
            registry.get(u).is_some(),
            "UTILS names {u}, which the registry lacks"
        );
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/utils");
    let seeds = inputs_in(&dir);
    for (name, data) in &seeds {
        let util = name.split('_').next().unwrap_or("");
        let picked = data
            .first()
            .and_then(|&b| bodies::UTILS.get(usize::from(b) % bodies::UTILS.len()));
        assert_eq!(
            picked,
            Some(&util),
            "fuzz/seeds/utils/{name} picks {picked:?}"
        );
    }
    replay_inputs("fuzz/seeds/utils", &seeds, bodies::utils);
}

#[test]
fn jq() {
    replay("jq", jq_body::jq);
}

#[test]
fn decoders() {
    replay("decoders", decoders_body::decoders);
}

/// Invariant: a seed of the `decoders` target named `DECODER_...` starts
/// with DECODER's index in `DECODERS` (byte 0 picks the decoder), so that
/// the seeds keep feeding the decoder they were made for: `DECODERS`
/// only grows at its end. Every seed also runs through the body.
#[test]
fn decoders_seeds_name_their_decoder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/decoders");
    let seeds = inputs_in(&dir);
    let names = decoders_body::DECODERS;
    for (name, data) in &seeds {
        let decoder = name.split('_').next().unwrap_or("");
        let picked = data
            .first()
            .and_then(|&b| names.get(usize::from(b) % names.len()));
        assert_eq!(
            picked,
            Some(&decoder),
            "fuzz/seeds/decoders/{name} picks {picked:?}"
        );
    }
    replay_inputs("fuzz/seeds/decoders", &seeds, decoders_body::decoders);
}

#[test]
fn find() {
    replay("find", find_body::find);
}

#[test]
fn awk() {
    replay("awk", awk_body::awk);
}

#[test]
fn sed() {
    replay("sed", sed_body::sed);
}

#[test]
fn bc() {
    replay("bc", bc_body::bc);
}

#[test]
fn word() {
    replay("word", word_body::word);
}

/// The host-directory check itself: a sandbox that really wrote next to
/// its workspace would be caught (here the harness does the writing).
#[test]
fn host_jail_catches_writes_outside() {
    count_panics();
    let jail = bodies::HostJail::new();
    assert_eq!(jail.problems(), Ok(()));
    let root = jail.workspace().parent().expect("jail root").to_path_buf();
    std::fs::write(root.join("outside"), b"changed").expect("write the sentinel");
    assert!(
        jail.problems().is_err(),
        "a changed sentinel went unnoticed"
    );
    std::fs::write(root.join("escaped"), b"x").expect("write next to the workspace");
    assert!(jail.problems().is_err(), "a new file went unnoticed");
}

/// The inputs of open findings (`fuzz/regressions-open/`, not replayed as
/// regressions) are still stepped around by the bodies: script inputs are
/// caught by `known_open_issue`; `vfs_path` ones (none open now) must pass
/// the body. When a finding is fixed and its check removed, this fails
/// until its inputs move to `fuzz/regressions/`.
#[test]
fn open_findings_are_stepped_around() {
    count_panics();
    let open = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions-open");
    for target in ["parse", "interpreter", "grammar"] {
        let Ok(rd) = std::fs::read_dir(open.join(target)) else {
            continue;
        };
        for e in rd {
            let p = e.expect("directory entry").path();
            let data = std::fs::read(&p).expect("read open input");
            assert!(
                bodies::known_open_issue(&String::from_utf8_lossy(&data)).is_some(),
                "{} is no longer caught by known_open_issue: fixed? move it to fuzz/regressions/",
                p.display()
            );
        }
    }
    if let Ok(rd) = std::fs::read_dir(open.join("vfs_path")) {
        for e in rd {
            let data = std::fs::read(e.expect("directory entry").path()).expect("read");
            bodies::vfs_ops(&data);
        }
    }
}
