//! Signals inside the sandbox, across runs of a session: traps that fire,
//! pids that `kill` reaches, waits that a signal cuts short. (The bash
//! behaviours themselves are conformance cases: `kill/`, `trap_signal/`.)

use std::time::{Duration, Instant};

use sandbash_tool::{Sandbox, SandboxOptions};

fn out(s: &mut Sandbox, script: &str) -> (String, i32) {
    let o = s.run(script);
    (String::from_utf8_lossy(&o.stdout).into_owned(), o.status)
}

#[test]
fn a_trap_set_in_one_run_fires_in_the_next_and_after_a_restore() {
    let mut s = Sandbox::new();
    assert_eq!(out(&mut s, "trap 'echo got usr1' USR1").1, 0);
    assert_eq!(
        out(&mut s, "kill -USR1 $$; echo on"),
        ("got usr1\non\n".into(), 0)
    );
    let bytes = s.snapshot();
    let mut r = Sandbox::restore(&bytes, SandboxOptions::default()).expect("restores");
    assert_eq!(
        out(&mut r, "kill -USR1 $$; echo on"),
        ("got usr1\non\n".into(), 0)
    );
    // Ignored stays ignored after a restore too.
    assert_eq!(out(&mut r, "trap '' TERM").1, 0);
    let bytes = r.snapshot();
    let mut r = Sandbox::restore(&bytes, SandboxOptions::default()).expect("restores");
    assert_eq!(
        out(&mut r, "kill $$; echo survived"),
        ("survived\n".into(), 0)
    );
}

#[test]
fn a_fatal_signal_ends_the_run_not_the_session() {
    let mut s = Sandbox::new();
    assert_eq!(out(&mut s, "x=1; kill $$; echo not"), (String::new(), 143));
    assert_eq!(out(&mut s, "echo \"$x $?\""), ("1 143\n".into(), 0));
}

#[test]
fn pids_are_the_sandboxs_own_and_kill_reaches_each() {
    let mut s = Sandbox::new();
    let (o, _) = out(
        &mut s,
        "echo $$ $BASHPID; ( echo $$ $BASHPID ); bash -c 'echo $$ $BASHPID $PPID'; \
         sleep 5 & echo $!; kill $!; wait $!; echo $?",
    );
    let n: Vec<Vec<u32>> = o
        .lines()
        .map(|l| l.split(' ').map(|w| w.parse().expect("a pid")).collect())
        .collect();
    let top = n[0][0];
    assert_eq!(n[0], vec![top, top]);
    assert_eq!(n[1][0], top, "a subshell's $$ is its parent's");
    assert_ne!(n[1][1], top, "its BASHPID is its own");
    assert_ne!(n[2][0], top, "a nested bash has a pid of its own");
    assert_eq!(n[2][0], n[2][1]);
    assert_eq!(n[2][2], top, "whose parent is the shell");
    assert!(n[3][0] != top && n[3][0] != n[2][0]);
    assert_eq!(n[4], vec![143]);
    // A job that ended and was waited for is gone.
    let (o, st) = out(&mut s, "sleep 0 & p=$!; wait $p; kill $p 2>&1; echo $?");
    assert_eq!(st, 0);
    assert!(o.ends_with("No such process\n1\n"), "{o}");
}

#[test]
fn a_fatal_signal_ends_a_long_command_at_once() {
    let mut s = Sandbox::new();
    let t0 = Instant::now();
    let (o, st) = out(
        &mut s,
        "( sleep 0.2; kill $$ ) & trap 'echo exit' EXIT; sleep 20; echo not",
    );
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    assert_eq!((o.as_str(), st), ("exit\n", 143));
    // A whole job (its pipeline and loops) ends on `kill %1`.
    let t0 = Instant::now();
    let (o, st) = out(
        &mut s,
        "{ while :; do sleep 1; done | cat; } & sleep 0.1; kill %1; wait %1; echo $?",
    );
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    assert_eq!((o.as_str(), st), ("143\n", 0));
    // `kill -- -PID` signals the group: the job and what it started.
    let t0 = Instant::now();
    let (o, st) = out(
        &mut s,
        "( sleep 20 | cat ) & p=$!; sleep 0.1; kill -- -$p; wait $p; echo $?",
    );
    assert!(t0.elapsed() < Duration::from_secs(3), "{:?}", t0.elapsed());
    assert_eq!((o.as_str(), st), ("143\n", 0));
}
