//! The `sandbash` command: every limit flag the containment contract
//! names takes effect, a stop exits with status 124 and names the limit
//! on stderr, and options apply in order.

use std::process::{Command, Output};

fn sandbash(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sandbash"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run sandbash: {e}"))
}

#[track_caller]
fn stopped(args: &[&str], message: &str) {
    let out = sandbash(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(124), "{args:?}: stderr {err}");
    assert!(
        err.contains(message),
        "{args:?}: stderr {err:?} lacks {message:?}"
    );
}

#[test]
fn each_limit_flag_stops_a_run_by_name() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--max-commands", "50", "-c", "while :; do true; done"],
            "sandbash: maximum command count exceeded (50)",
        ),
        (
            &["--max-loop-iterations", "7", "-c", "while :; do :; done"],
            "sandbash: maximum loop iterations exceeded (7)",
        ),
        (
            &["--max-depth", "20", "-c", "f() { f; }; f"],
            "exceeded (20)",
        ),
        (
            &[
                "--max-memory",
                "1000000",
                "-c",
                "a=x; while :; do a=$a$a; done",
            ],
            "sandbash: maximum memory exceeded (1000000)",
        ),
        (
            &["--max-output", "1000", "-c", "yes"],
            "sandbash: maximum output size exceeded (1000)",
        ),
        (
            &["--timeout", "0.2", "-c", "sleep 5"],
            "sandbash: wall-clock timeout exceeded",
        ),
    ];
    for (args, message) in cases {
        stopped(args, message);
    }
}

#[test]
fn max_fs_bytes_bounds_the_virtual_filesystem() {
    let script = "head -c 5000 /dev/zero > /tmp/a && echo wrote; head -c 5000 /dev/zero > /tmp/b || echo refused";
    let out = sandbash(&["--max-fs-bytes", "8000", "-c", script]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "wrote\nrefused\n");
    let out = sandbash(&["-c", script]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "wrote\n");
}

#[test]
fn strict_profile_and_option_order() {
    // strict: 1000 commands.
    stopped(
        &["--profile", "strict", "-c", "while :; do :; done"],
        "maximum command count exceeded (1000)",
    );
    // A flag after the profile overrides it; a profile after a flag resets it.
    stopped(
        &[
            "--profile",
            "strict",
            "--max-loop-iterations",
            "5",
            "-c",
            "while :; do :; done",
        ],
        "maximum loop iterations exceeded (5)",
    );
    stopped(
        &[
            "--max-loop-iterations",
            "5",
            "--profile",
            "strict",
            "-c",
            "while :; do :; done",
        ],
        "maximum command count exceeded (1000)",
    );
}

#[test]
fn bad_options_exit_2() {
    for args in [
        &["--max-commands", "x"][..],
        &["--nope"],
        &["--profile", "lax"],
    ] {
        let out = sandbash(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
